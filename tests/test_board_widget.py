"""The Board widget and GameView without a browser: traits, intents, navigation.

The front end only sends intents; these tests send the same messages directly through
``Board.handle_intent`` (what the comm handler calls) and check the game and the traits.
"""

from __future__ import annotations

import json
import pathlib

import pytest

import cyclades_widgets as cw
from cyclades_widgets.records.page import game_frames, replay_page
from cyclades_widgets.view import model as serialize
from cyclades_widgets.widgets import Board, GameView
from cyclades_widgets.widgets.timeline import Timeline


def fresh(players: int = 3, seed: int = 1) -> cw.Game:
    return cw.Game.new(players=players, seed=seed)


def frozen(game: cw.Game) -> tuple[dict, int, bool]:
    """Everything an intent could change: the state, the history length, redo."""
    return game.state.to_dict(), len(game.history), game.can_redo()


# --------------------------------------------------------------------------- traits


def test_traits_hold_the_serializers_output():
    game = fresh()
    board = Board(game, viewer="Sparta", lang="zh")
    events = game.history[-1].events
    assert board.snapshot == serialize.snapshot(game.state, "Sparta", "zh", events=events)
    assert board.static == serialize.static_payload(game.state.map_id, "zh")
    assert board.timeline == {"index": len(game.history), "length": len(game.history)}
    assert board.error == ""


def test_esm_and_css_are_files_for_hot_reload():
    """anywidget reloads _esm/_css from disk with ANYWIDGET_HMR=1 when they are Paths
    (it wraps a Path in a FileContents that remembers the file)."""
    static = pathlib.Path(cw.__file__).parent / "static"
    assert pathlib.Path(Board._esm._path) == static / "board.js"
    assert pathlib.Path(Board._css._path) == static / "board.css"
    assert "export" in str(Board._esm) and ".cw-root" in str(Board._css)


def test_traits_sync_to_the_front_end():
    board = Board(fresh())
    state = board.get_state()
    for name in ("static", "snapshot", "legal", "highlights", "annotation", "timeline"):
        assert name in state, name
    assert state["viewer"] is None and state["lang"] == "en"
    json.dumps(state["snapshot"], allow_nan=False)


def test_legal_actions_are_offered_only_to_the_viewer_who_decides():
    game = fresh()
    to_act = game.to_act
    other = next(p for p in game.players if p != to_act)
    assert Board(game, viewer=to_act).legal == serialize.legal_payload(game)
    assert Board(game, viewer=other).legal == []
    assert Board(game).legal == serialize.legal_payload(game)  # teacher's view


def test_bad_viewer_or_language_is_refused():
    with pytest.raises(ValueError, match="not a player"):
        Board(fresh(), viewer="Rhodes")
    with pytest.raises(ValueError, match="en, fr, zh"):
        Board(fresh(), lang="xx")
    board = Board(fresh())
    with pytest.raises(ValueError, match="not a player"):
        board.viewer = "Rhodes"
    assert board.viewer is None


def test_changing_the_viewer_hides_the_others_gold():
    """seed 000 'Setup' 1: gold is kept behind each player's screen."""
    board = Board(fresh())
    assert all(p["gold"] is not None for p in board.snapshot["players"])
    board.viewer = "Athens"
    gold = [p["gold"] for p in board.snapshot["players"]]
    assert gold[0] is not None and gold[1] is None and gold[2] is None


def test_changing_the_language_resends_the_labels():
    board = Board(fresh())
    board.lang = "zh"
    assert board.static["labels"]["gods"]["ares"] == "阿瑞斯"
    assert board.snapshot["lang"] == "zh"


# --------------------------------------------------------------------------- intents


def test_a_valid_play_intent_by_id_applies_the_action():
    game = fresh()
    board = Board(game)
    action = board.legal[2]
    before = len(game.history)
    assert board.handle_intent({"type": "play", "id": action["id"], "notation": action["notation"]})
    assert game.history[-1].notation == action["notation"] and len(game.history) == before + 1
    assert board.error == ""
    assert board.snapshot["step"] == game.state.step


def test_a_valid_play_intent_by_notation_applies_the_action():
    """seed 000 'Offerings': Apollo needs no offering."""
    game = fresh()
    board = Board(game)
    who = game.to_act
    assert board.handle_intent({"type": "play", "notation": "bid apollo"})
    assert game.state.apollo == [game.state.seat(who)]


MALFORMED = [
    "garbage",
    None,
    42,
    ["play", 0],
    {},
    {"type": "explode"},
    {"type": 3},
    {"type": "play"},
    {"type": "play", "id": "0"},
    {"type": "play", "id": True},
    {"type": "play", "id": 9999},
    {"type": "play", "id": -1},
    {"type": "play", "notation": 5},
    {"type": "play", "notation": "fly to the moon"},
    {"type": "play", "notation": "bid ares 99"},
    {"type": "play", "notation": "recruit troop naxos"},
    {"type": "play", "id": 0, "notation": "bid apollo"},
    {"type": "nav", "to": "sideways"},
    {"type": "nav", "to": "back", "by": "decade"},
    {"type": "goto", "index": 10_000},
    {"type": "goto", "index": "3"},
    {"type": "redo"},
    {"type": "rendered", "step": "x", "ms": 1},
]


@pytest.mark.parametrize("msg", MALFORMED, ids=[repr(m)[:40] for m in MALFORMED])
def test_malformed_or_illegal_intents_are_rejected_and_change_nothing(msg):
    game = fresh()
    board = Board(game)
    before = frozen(game)
    snap, legal = board.snapshot, board.legal
    assert board.handle_intent(msg) is False
    assert board.error, "a rejected intent must say why"
    assert frozen(game) == before
    assert board.snapshot == snap and board.legal == legal


def test_an_illegal_bid_explains_the_rule():
    """seed 000 'Offerings': it is forbidden to bid more than you can afford."""
    game = fresh()
    board = Board(game)
    god = game.state.god_order[0]
    assert not board.handle_intent({"type": "play", "notation": f"bid {god} 99"})
    assert "cannot bid 99" in board.error and game.to_act in board.error


def test_the_error_clears_after_the_next_good_intent():
    board = Board(fresh())
    board.handle_intent({"type": "play", "id": 9999})
    assert board.error
    board.handle_intent({"type": "play", "id": 0})
    assert board.error == ""


def test_a_viewer_cannot_play_for_another_player():
    game = fresh()
    other = next(p for p in game.players if p != game.to_act)
    board = Board(game, viewer=other)
    before = frozen(game)
    assert not board.handle_intent({"type": "play", "notation": "bid apollo"})
    assert f"it is {game.to_act}'s decision" in board.error
    assert frozen(game) == before


def test_a_stale_id_with_another_notation_is_rejected():
    game = fresh()
    board = Board(game)
    wrong = board.legal[1]["notation"]
    assert not board.handle_intent({"type": "play", "id": 0, "notation": wrong})
    assert "out of date" in board.error


def test_continue_runs_to_the_next_decision():
    game = cw.Game.new(players=3, seed=1, start="setup")
    board = Board(game)
    assert board.legal == [] and game.node == "chance"
    assert board.handle_intent({"type": "continue"})
    assert game.node == "decision" and board.legal


def test_continue_is_refused_while_a_player_must_decide():
    game = fresh()
    board = Board(game)
    before = frozen(game)
    assert not board.handle_intent({"type": "continue"})
    assert f"{game.to_act} must decide" in board.error and frozen(game) == before


def test_continue_lets_bots_play_their_seats():
    game = fresh()
    bots = {name: cw.RandomBot(seed=1) for name in game.players if name != "Athens"}
    board = Board(game, bots=bots)
    while game.to_act != "Athens":
        assert board.handle_intent({"type": "continue"})
    assert game.to_act == "Athens"


def test_a_full_cycle_can_be_played_through_intents_alone():
    """Issue 6 'done when': a whole cycle of a 3-player game, by clicks (intents) only."""
    game = fresh(seed=2)
    board = Board(game)
    start = game.cycle
    for _ in range(400):
        if game.cycle != start:
            break
        if board.legal:
            ends = [a for a in board.legal if a["kind"] == "end"]
            choice = ends[0] if ends else board.legal[-1]
            assert board.handle_intent({"type": "play", "id": choice["id"]}), board.error
        else:
            assert board.handle_intent({"type": "continue"}), board.error
    assert game.cycle == start + 1


# --------------------------------------------------------------------------- navigation


def played(n: int) -> tuple[cw.Game, Board]:
    game = fresh(seed=3)
    board = Board(game)
    for _ in range(n):
        board.handle_intent({"type": "play", "id": 0})
    return game, board


def test_arrow_keys_step_back_and_forward_through_the_history():
    game, board = played(2)
    end = len(game.history)
    assert board.handle_intent({"type": "nav", "to": "back", "by": "step"})
    assert len(game.history) == end - 1 and board.timeline == {"index": end - 1, "length": end}
    assert board.handle_intent({"type": "nav", "to": "forward", "by": "step"})
    assert len(game.history) == end


def test_home_and_end_jump_to_the_ends_of_the_history():
    game, board = played(2)
    end = len(game.history)
    board.handle_intent({"type": "nav", "to": "start"})
    assert len(game.history) == 0 and game.cycle == 0
    board.handle_intent({"type": "nav", "to": "end"})
    assert len(game.history) == end


def test_shift_arrows_step_by_phase():
    game, board = played(2)
    assert game.phase.value == "offerings"
    board.handle_intent({"type": "nav", "to": "back", "by": "phase"})
    assert game.phase.value == "offerings" and game.state.bids == {}  # start of offerings
    board.handle_intent({"type": "nav", "to": "back", "by": "phase"})
    assert game.phase.value == "revenue"
    board.handle_intent({"type": "nav", "to": "forward", "by": "phase"})
    assert game.phase.value == "offerings" and game.state.bids == {}


def test_goto_and_undo_redo():
    game, board = played(3)
    end = len(game.history)
    assert board.handle_intent({"type": "goto", "index": 2})
    assert len(game.history) == 2
    assert board.handle_intent({"type": "redo"}) and len(game.history) == 3
    assert board.handle_intent({"type": "undo"}) and len(game.history) == 2
    assert board.timeline["length"] == end


def test_timeline_targets_stay_inside_the_history():
    game, _ = played(1)
    timeline = Timeline(game)
    assert timeline.target("start") == 0 and timeline.target("end") == timeline.length
    assert timeline.target("forward") == timeline.length  # nothing to redo
    for to in Timeline.TO:
        for by in Timeline.BY:
            assert 0 <= timeline.target(to, by) <= timeline.length


def test_render_reports_are_recorded_with_the_round_trip():
    board = Board(fresh())
    step = board.snapshot["step"]
    assert board.handle_intent({"type": "rendered", "step": step, "ms": 3.5})
    assert board.render_stats[-1]["step"] == step and board.render_stats[-1]["ms"] == 3.5
    assert board.render_stats[-1]["roundtrip_ms"] is not None


def test_board_needs_a_game():
    with pytest.raises(TypeError, match="cw.Game"):
        Board("not a game")


# --------------------------------------------------------------------------- GameView


def test_gameview_controls_drive_the_board():
    game = fresh(seed=4)
    view = GameView(game)
    assert view.board.game is game
    assert view.slider.max == len(game.history) == view.slider.value
    assert [o[1] for o in view.picker.options] == [a["notation"] for a in view.board.legal]
    view.picker.value = "bid apollo"
    view.play_button.click()
    assert game.history[-1].notation == "bid apollo"
    assert view.slider.value == len(game.history)
    back = next(b for b in view.nav.children if b.tooltip == "Back one step (←)")
    back.click()
    assert game.history[-1].notation != "bid apollo" and game.can_redo()
    assert not view.redo_button.disabled
    view.slider.value = view.slider.max
    assert game.history[-1].notation == "bid apollo"


def test_gameview_typed_notation_and_errors():
    game = fresh(seed=4)
    view = GameView(game)
    view.notation.value = "bid ares 99"
    view._play_typed()
    assert "bid" in view.message.value and view.notation.value == "bid ares 99"
    view.notation.value = "bid apollo"
    view._play_typed()
    assert view.message.value == "" and view.notation.value == ""


def test_gameview_tables_are_the_pandas_tables():
    """Issue 6: a tables tab of players, isles, seas, gods, creatures and the log."""
    game = fresh()
    view = GameView(game, viewer="Athens")
    players = view.table("players")
    assert list(players.index) == list(game.players)
    assert players.loc["Sparta", "Gold"] is cw.tables.pd.NA  # hidden from Athens
    for name in ("isles", "seas", "gods", "creatures", "log"):
        assert hasattr(view.table(name), "columns"), name
    with pytest.raises(ValueError, match="players, isles"):
        view.table("dice")


# --------------------------------------------------------------------------- static page


def test_static_page_holds_every_position_and_escapes_user_text():
    game = cw.Game.new(players=["Ann", "Bob", "Cyd"], seed=1)
    note = {"annotation": {"before": "<img src=x onerror=alert(1)></script>"}}
    frames = game_frames(game, notes={1: note})
    assert len(frames) == len(game.history) + 1
    page = replay_page(frames, map_id=game.state.map_id)
    assert "<img src=x" not in page and "</script>" in page
    data = page.split('id="cw-data">', 1)[1].split("</script>", 1)[0]
    assert json.loads(data)["frames"][1]["annotation"]["before"].startswith("<img src=x")


def test_an_internal_error_shows_beside_the_board(monkeypatch):
    """STYLE: errors from callbacks show under the widget instead of vanishing."""
    board = Board(fresh())

    def broken(msg):
        raise RuntimeError("boom")

    monkeypatch.setattr(board, "handle_intent", broken)
    with pytest.raises(RuntimeError):
        board._on_msg(board, {"type": "continue"}, [])
    assert "internal error (RuntimeError): boom" in board.error
