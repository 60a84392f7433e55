"""Issue 24: one game, every view in step. A game announces its changes; every view bound to
it (Board, GameView, Replay, Learn's board) redraws, once per cell or per click, whatever
changed it; views are held weakly.

The cell is simulated with the schedule's own IPython hooks (``_cell_starts`` /
``_cell_ends``, what ``pre_run_cell`` and ``post_run_cell`` call); the real thing runs in
``tests/browser/test_follow_lab.py``.
"""

from __future__ import annotations

import contextlib
import gc
import io
import pickle
import weakref

import pytest

import cyclades_widgets as cw
from cyclades_widgets.widgets.follow import REDRAWS


@contextlib.contextmanager
def cell():
    """Code run as if in a notebook cell: redraws wait for its end."""
    REDRAWS._cell_starts()
    try:
        yield
    finally:
        REDRAWS._cell_ends()


def counted(board: cw.Board) -> list[int]:
    """The step at each redraw of ``board``."""
    seen: list[int] = []
    board.on_change(lambda b: seen.append(len(b.game.history)))
    return seen


def test_a_game_tells_its_listeners_once_per_change():
    game = cw.Game.new(players=3, seed=7)
    heard: list[int] = []

    def listen(g):
        heard.append(len(g.history))

    game.observe(listen)
    game.observe(listen)  # twice: still called once
    game.play(game.legal_actions()[0])
    game.undo()
    game.redo()
    game.goto(0)
    game.goto(0)  # no move: no announcement
    game.advance(to="decision")  # many steps: once
    assert heard == [6, 5, 6, 0, 5]
    game.unobserve(listen)
    game.undo()
    assert heard == [6, 5, 6, 0, 5]


def test_a_refused_move_announces_nothing():
    game = cw.Game.new(players=3, seed=7)
    heard: list[int] = []

    def listen(g):
        heard.append(1)

    game.observe(listen)
    with pytest.raises(cw.NotationError):
        game.play("bid Ares 2 GP")
    with pytest.raises(cw.IllegalActionError):
        game.play("bid ares 99")
    assert heard == []


def test_a_listener_is_held_weakly():
    game = cw.Game.new(players=3, seed=7)

    class View:
        def __init__(self):
            self.seen = 0

        def changed(self, g):
            self.seen += 1

    view = View()
    game.observe(view.changed)
    game.play(game.legal_actions()[0])
    assert view.seen == 1
    ref = weakref.ref(view)
    del view
    gc.collect()
    assert ref() is None
    game.undo()  # the dead listener is forgotten, not called
    assert game.observers == []


def test_a_copied_or_pickled_game_has_no_listeners():
    game = cw.Game.new(players=3, seed=7)
    board = cw.Board(game)
    assert game.observers
    assert pickle.loads(pickle.dumps(game)).observers == []
    assert game.fork().observers == []
    board.close()


def test_a_cell_that_moves_the_game_redraws_every_board_once_at_its_end():
    game = cw.Game.new(players=4, seed=7)
    board = cw.Board(game, mode="projector")
    second = cw.Board(game)
    first_seen, second_seen = counted(board), counted(second)
    with cell():
        game.play("bid ares 2")
        game.advance(to="decision")
        assert first_seen == [] and second_seen == []  # nothing sent while the cell runs
    assert first_seen == second_seen == [len(game.history)]
    assert board.current_view["step"] == second.current_view["step"] == game.state.step
    assert "Step 6 of 6" in board.timeline["text"]


def test_a_whole_game_of_bots_from_one_cell_redraws_once():
    game = cw.Game.new(players=3, seed=3)
    view = cw.GameView(game)
    seen = counted(view.board)
    bots = {name: cw.bots.level("easy", seed=k) for k, name in enumerate(game.players)}
    with cell():
        game.advance(to="end", bots=bots)
    assert game.is_over and seen == [len(game.history)]
    assert view.slider.max == len(game.history) == view.slider.value


def test_a_click_on_one_view_redraws_the_other_view_of_the_same_game():
    game = cw.Game.new(players=3, seed=7)
    clicked, other = cw.Board(game), cw.GameView(game)
    seen = counted(other.board)
    action = clicked.legal[0]
    clicked._on_msg(clicked, {"type": "play", "id": action["id"], "notation": action["notation"],
                              "step": game.state.step}, [])  # fmt: skip
    assert seen == [len(game.history)]
    assert other.board.current_view["step"] == game.state.step
    assert other.slider.value == len(game.history)


def test_cells_then_a_click_play_with_no_refresh():
    """The GameView of the issue: after game.play in a cell, a click on the view plays."""
    game = cw.Game.new(players=3, seed=7)
    view = cw.GameView(game)
    with cell():
        game.play(game.legal_actions()[0])
    action = view.board.legal[0]
    assert view.board.send_intent("play", id=action["id"], notation=action["notation"])
    assert view.board.error == ""


def test_undo_and_goto_from_cells_redraw_the_board():
    game = cw.Game.new(players=3, seed=7)
    board = cw.Board(game)
    with cell():
        game.play(game.legal_actions()[0])
    with cell():
        game.undo()
    assert board.current_view["step"] == game.state.step
    with cell():
        game.goto(2)
    assert board.timeline["index"] == 2


def test_a_stale_click_redraws_the_board_and_says_so():
    game = cw.Game.new(players=3, seed=7)
    board = cw.Board(game)
    made_at = game.state.step
    game.play(game.legal_actions()[0])
    assert not board.handle_intent({"type": "play", "id": 0, "step": made_at})
    assert "moved on" in board.error and "played nothing" in board.error
    assert board.current_view["step"] == game.state.step


def test_a_board_shown_in_the_middle_of_a_cell_is_up_to_date():
    game = cw.Game.new(players=3, seed=7)
    board = cw.Board(game)
    with cell():
        game.play(game.legal_actions()[0])
        assert REDRAWS.waits(board)
        board._repr_mimebundle_()
        assert not REDRAWS.waits(board)
        assert board.current_view["step"] == game.state.step


def test_a_discarded_board_is_freed_and_forgotten_by_its_game():
    game = cw.Game.new(players=3, seed=7)
    board = cw.Board(game)
    board.close()
    ref = weakref.ref(board)
    del board
    gc.collect()
    assert ref() is None
    game.play(game.legal_actions()[0])
    assert game.observers == []


def test_a_board_given_another_game_follows_the_new_one_only():
    old, new = cw.Game.new(players=3, seed=7), cw.Game.new(players=3, seed=8)
    board = cw.Board(old)
    board.game = new
    seen = counted(board)
    old.play(old.legal_actions()[0])
    assert seen == []
    new.play(new.legal_actions()[0])
    assert seen == [len(new.history)]


def test_learn_takes_in_a_move_played_from_a_cell(tmp_path):
    learn = cw.Learn(lesson="take-ios", progress=tmp_path / "p.json", lang="en")
    with cell():
        learn.course.run.game.play("move troops naxos>ios 1")
    assert learn.course.view().status == "success"
    assert "Ios is yours" in learn.feedback.value


def test_against_bots_undo_goes_back_to_the_persons_own_last_decision():
    game = cw.Game.new(players=3, seed=21)
    bots = {"Sparta": cw.bots.level("easy", seed=1), "Corinth": cw.bots.level("easy", seed=2)}
    board = cw.Board(game, bots=bots)
    decided = 0
    while decided < 3 or game.to_act != "Athens":  # Athens decides, Continue plays the bots
        if game.to_act == "Athens":
            mine, decided = len(game.history), decided + 1
            assert board.send_intent("play", id=0, notation=board.legal[0]["notation"])
        else:
            assert board.send_intent("continue")
    assert len(game.history) > mine + 1  # the bots played since Athens's last decision
    end = len(game.history)
    assert board.send_intent("undo")
    assert len(game.history) == mine and game.to_act == "Athens"
    assert board.send_intent("redo")
    assert len(game.history) == end and game.to_act == "Athens"
    assert not board.send_intent("redo") and "Nothing to redo" in board.error


def test_a_learners_mistake_in_a_cell_is_one_line_in_their_language():
    from IPython.core.interactiveshell import InteractiveShell

    shell = InteractiveShell.instance()
    try:
        shell.run_cell("import cyclades_widgets as cw; g = cw.Game.new(players=3, seed=1)")
        shell.run_cell("cw.set_language('fr')")
        out = io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
            shell.run_cell("g.play('bid Ares 2 GP')")
        shown = out.getvalue()
        assert "Traceback" not in shown and "history.py" not in shown
        assert len(shown.strip().splitlines()) == 1 and "bid" in shown
        assert "Cannot" not in shown and "cannot" not in shown  # French, not English
        shell.run_line_magic("xmode", "Verbose")
        out = io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
            shell.run_cell("g.play('bid Ares 2 GP')")
        assert "NotationError" in out.getvalue() and len(out.getvalue().splitlines()) > 5
    finally:
        shell.run_cell("cw.set_language('en')")
        shell.run_line_magic("xmode", "Context")
        InteractiveShell.clear_instance()


def test_a_view_that_fails_to_redraw_does_not_keep_the_others_from_redrawing():
    class Broken:
        def redraw(self):
            raise RuntimeError("broken view")

    game = cw.Game.new(players=3, seed=7)
    board = cw.Board(game)
    seen = counted(board)
    broken = Broken()
    with pytest.raises(RuntimeError, match="broken view"), REDRAWS.batch():
        REDRAWS.request(broken)
        game.play(game.legal_actions()[0])
    assert seen == [len(game.history)]


def test_the_log_keeps_whole_steps_so_a_step_reads_the_same_in_every_position():
    """The HTML page stores each step's lines once: a step cut in one position would
    overwrite them."""
    from cyclades_widgets.view.log import MAX_LINES, turn_log
    from cyclades_widgets.view.text import Words

    game = cw.Game.new(players=5, seed=3)
    bots = {name: cw.bots.level("easy", seed=k) for k, name in enumerate(game.players)}
    game.advance(to="cycle", bots=bots)
    game.advance(to="phase", bots=bots)
    history, seen = game.history, {}
    for end in range(len(history) - 40, len(history) + 1):
        state = history[end].before if end < len(history) else game.state
        words = Words("en", state.map_id, state.names)
        log = turn_log(history[:end], state, words)
        assert sum(map(len, log["lines"].values())) <= MAX_LINES or len(log["lines"]) == 1
        for step, lines in log["lines"].items():
            assert seen.setdefault(step, lines) == lines, step
