"""The seat picker, the Hint button and the strong bots' reasons on the board and in
GameView (issue 15, "Done when": the levels can be chosen in the board and GameView; a
hint from a button). No browser: the controls' callbacks and the board's intents are
called as the front end would, and the traits read back.
"""

from __future__ import annotations

import pytest
from pseudo import unwrapped
from test_bots_positions import conquest_position

import cyclades_widgets as cw
from cyclades_widgets.bots import EasyBot, MediumBot, RandomBot, StrongBot
from cyclades_widgets.i18n import PSEUDO, render
from cyclades_widgets.widgets import Board, GameView
from cyclades_widgets.widgets.coach import OWN, YOU, hint_marks

NAMES = {"Athens", "Sparta", "Corinth"}
PLAYOUTS = 120


def frozen(game: cw.Game) -> tuple[dict, int, bool]:
    """Everything a hint could change: the state, the history length, redo."""
    return game.state.to_dict(), len(game.history), game.can_redo()


def decided(game: cw.Game) -> cw.Game:
    """``game`` advanced to its first decision."""
    game.advance(to="decision")
    assert game.node == "decision"
    return game


# --------------------------------------------------------------------------- the seat picker


def test_the_picker_names_every_choice_in_the_learners_language():
    for lang in ("en", "fr", "zh"):
        view = GameView(cw.Game.new(players=3, seed=1), lang=lang)
        assert set(view.seats) == NAMES
        menu = view.seats["Athens"]
        assert [value for _, value in menu.options] == [YOU, "easy", "medium", "strong"]
        labels = [label for label, _ in menu.options]
        assert labels[0] == render("board.seat.you", None, lang)
        assert labels[3] == render(
            "board.seat.bot", {"level": render("bots.level.strong", None, lang)}, lang
        )
        assert menu.value == YOU and view.board.bots == {}


def test_the_picker_sets_bots_of_the_chosen_levels_and_continue_plays_them():
    game = cw.Game.new(players=3, seed=4)
    view = GameView(game, lang="en")
    view.seats["Sparta"].value = "easy"  # as a click in the menu
    view.seats["Corinth"].value = "medium"
    view.set_seat("Athens", "strong")
    bots = view.board.bots
    assert isinstance(bots["Sparta"], EasyBot) and isinstance(bots["Corinth"], MediumBot)
    assert isinstance(bots["Athens"], StrongBot)
    bots["Athens"].playouts = 30  # keep the test short
    start = game.cycle
    while game.cycle == start and not game.is_over:
        assert view.board.send_intent("continue"), view.board.error
    assert game.cycle > start  # a whole cycle played by the three levels
    view.set_seat("Athens", YOU)
    assert "Athens" not in view.board.bots and view.seats["Athens"].value == YOU


def _to_bot_decision(view: GameView, person: str) -> cw.Game:
    """Play ``person``'s decisions (the first legal action) and Continue elsewhere, until
    a bot's decision is due right after a person's move."""
    game = view.board.game
    for _ in range(200):
        if game.node == "decision" and game.to_act in view.board.bots:
            return game
        if game.node == "decision" and game.to_act == person:
            assert view.board.send_intent("play", id=0), view.board.error
        else:
            assert view.board.send_intent("continue"), view.board.error
    raise AssertionError("no bot decision reached")


@pytest.mark.parametrize("lang", ["en", "fr", "zh"])
def test_at_a_bots_decision_the_board_says_to_press_continue(lang):
    """Playing against bots on the board: when a bot must decide right after a person's
    move, the prompt says who plays it and how to let it play, Continue is offered, and
    nothing is lit for a person to click; Continue plays the bot up to the person's next
    decision."""
    game = cw.Game.new(players=3, seed=21)
    bots = {"Sparta": cw.bots.level("medium", seed=1), "Corinth": cw.bots.level("easy", seed=2)}
    view = GameView(game, lang=lang, bots=bots)
    _to_bot_decision(view, "Athens")
    board = view.board
    bot = game.to_act
    prompt = board.current_view["prompt"]
    level = render(f"bots.level.{'medium' if bot == 'Sparta' else 'easy'}", None, lang)
    assert prompt["bot"] is True and prompt["kind"] == "decision"
    assert prompt["text"] == render("board.prompt.bot", {"player": bot, "level": level}, lang)
    assert board.legal == [] and not board.current_view["lit"]
    before = len(game.history)
    assert board.send_intent("continue"), board.error
    assert len(game.history) > before
    assert game.node == "decision" and game.to_act == "Athens"
    assert board.current_view["prompt"]["bot"] is False


def test_a_bot_of_no_level_is_named_as_a_bot():
    game = cw.Game.new(players=3, seed=21)
    view = GameView(game, lang="en", bots={"Sparta": RandomBot(1), "Corinth": RandomBot(2)})
    _to_bot_decision(view, "Athens")
    text = view.board.current_view["prompt"]["text"]
    assert text == render("board.prompt.bot_own", {"player": view.board.game.to_act}, "en")


def test_the_same_seats_give_the_same_game():
    def play() -> list[str]:
        game = cw.Game.new(players=3, seed=2)
        view = GameView(game)
        for name in game.players:
            view.set_seat(name, "medium")
        view.board.send_intent("continue")
        return game.record.moves()

    assert play() == play()


def test_the_bots_argument_still_works_and_is_offered_back():
    own = RandomBot(seed=3)
    view = GameView(cw.Game.new(players=3, seed=1), bots={"Sparta": own})
    assert view.board.bots == {"Sparta": own}
    assert view.seats["Sparta"].value == OWN
    assert view.seats["Athens"].value == YOU and OWN not in [
        v for _, v in view.seats["Athens"].options
    ]
    view.set_seat("Sparta", "easy")
    assert isinstance(view.board.bots["Sparta"], EasyBot)
    view.set_seat("Sparta", OWN)
    assert view.board.bots["Sparta"] is own
    with pytest.raises(ValueError, match="one of easy, medium, strong"):
        view.set_seat("Sparta", "grandmaster")
    with pytest.raises(ValueError, match="no player"):
        view.set_seat("Thebes", "easy")
    # a level given in bots= shows as that level
    view = GameView(cw.Game.new(players=3, seed=1), bots={"Athens": cw.bots.level("medium")})
    assert view.seats["Athens"].value == "medium"


# --------------------------------------------------------------------------- the hint


@pytest.mark.parametrize("lang", ["en", "fr", "zh"])
def test_a_hint_highlights_its_target_and_says_why(lang):
    game = conquest_position()
    view = GameView(game, lang=lang)
    board = view.board
    board.hint_playouts = PLAYOUTS
    before = frozen(game)
    view.hint_button.click()
    assert board.error == ""
    assert frozen(game) == before  # the game does not change
    hint = game.hint(playouts=PLAYOUTS)  # the same seed and position: the same hint
    assert hint.target == "naxos" and hint.target_kind == "isle"
    marks = board.current_view["marks"]
    assert [p["id"] for p in marks["places"]] == ["naxos"]
    assert [(a["from"], a["to"]) for a in marks["arrows"]] == [("ios", "naxos")]
    assert board.annotation["text"] == hint.reason(lang)
    assert board.annotation["title"] == render("board.hint.tag", {"player": "Athens"}, lang)
    assert set(board.annotation) == {"title", "text"}  # a coach's note: no tag, no "before"
    assert hint.reason(lang) in view.coach_log.value
    assert "ios" in str(hint.action) and "naxos" in str(hint.action)
    # the next change of the game takes the hint off the board
    assert board.play(hint.action)
    assert board.highlights == {} and board.annotation == {}
    assert board.current_view["marks"] == {"places": [], "arrows": []}
    assert len(board.coach_notes) == 1  # the log keeps it


def test_a_hint_on_a_god_names_it_without_a_highlight():
    game = decided(cw.Game.new(players=3, seed=1))
    board = Board(game, lang="fr")
    board.hint_playouts = PLAYOUTS
    before = frozen(game)
    assert board.hint()
    assert frozen(game) == before
    hint = board.coach_notes[-1].hint
    assert hint.target_kind == "god" and hint_marks(hint) == {}
    assert board.annotation["text"] == hint.reason("fr")
    assert board.current_view["marks"] == {"places": [], "arrows": []}


@pytest.mark.parametrize("lang", ["en", "fr", "zh"])
def test_a_hint_says_why_not_at_a_bots_turn_or_with_no_decision(lang):
    game = decided(cw.Game.new(players=3, seed=1))
    who = game.to_act
    board = Board(game, lang=lang, bots={who: cw.bots.level("easy")})
    before = frozen(game)
    assert not board.hint()
    level = render("bots.level.easy", None, lang)
    assert board.error == render("board.hint.bot_turn", {"player": who, "level": level}, lang)
    assert frozen(game) == before and board.annotation == {} and board.coach_notes == []
    # another player's screen
    other = next(n for n in game.players if n != who)
    board = Board(game, lang=lang, viewer=other)
    assert not board.hint()
    assert board.error == render("board.hint.not_yours", {"player": who, "viewer": other}, lang)
    # no decision due: a chance or automatic step comes next
    game = cw.Game.new(players=3, seed=1)
    while game.node == "decision":
        game.play(game.legal_actions()[0])
    board = Board(game, lang=lang)
    before = frozen(game)
    assert not board.hint()
    assert board.error == render("board.hint.no_decision", None, lang)
    assert frozen(game) == before


def test_a_replay_refuses_a_hint_and_keeps_its_notes():
    game = decided(cw.Game.new(players=3, seed=1))
    game.play(game.legal_actions()[0])
    replay = cw.widgets.Replay(game.record)
    notes = dict(replay.board.annotation)
    assert not replay.board.hint()
    assert replay.board.error == render("board.error.read_only", None, "en")
    assert replay.board.annotation == notes


def test_the_hint_follows_the_boards_language():
    game = conquest_position()
    board = Board(game, lang="en")
    board.hint_playouts = PLAYOUTS
    assert board.hint()
    hint = board.coach_notes[-1].hint
    board.lang = "zh"
    assert board.annotation["text"] == hint.reason("zh")


# --------------------------------------------------------------------------- bots' reasons


def test_a_strong_bots_moves_leave_their_reasons_in_the_log():
    game = cw.Game.new(players=3, seed=5)
    view = GameView(game, lang="fr")
    for name in game.players:
        view.set_seat(name, "strong" if name == "Sparta" else "easy")
    view.board.bots["Sparta"].playouts = 20
    assert view.board.send_intent("continue")
    notes = view.board.coach_notes
    assert notes and all(n.player == "Sparta" and n.bot_level == "strong" for n in notes)
    assert notes[-1].text("fr") in view.coach_log.value
    assert view.board.annotation["text"] == notes[-1].hint.reason("fr")
    assert isinstance(view.board.bots["Sparta"], StrongBot)  # the seat keeps its own bot


def test_the_reasons_can_be_turned_off_and_the_moves_stay_the_same():
    def play(explain: bool) -> tuple[list[str], int]:
        game = cw.Game.new(players=3, seed=5)
        view = GameView(game)
        view.explain_bots.value = explain
        for name in game.players:
            view.set_seat(name, "strong" if name == "Sparta" else "easy")
        view.board.bots["Sparta"].playouts = 20
        view.board.send_intent("continue")
        return game.record.moves(), len(view.board.coach_notes)

    (moves_on, notes_on), (moves_off, notes_off) = play(True), play(False)
    assert moves_on == moves_off
    assert notes_on > 0 and notes_off == 0


# --------------------------------------------------------------------------- the pseudo-locale


def test_the_coach_and_the_seats_speak_only_the_catalog():
    game = conquest_position()
    view = GameView(game, lang=PSEUDO, bots={"Corinth": RandomBot(seed=1)})
    view.board.hint_playouts = PLAYOUTS
    texts = [
        view.hint_button.description,
        view.hint_button.tooltip,
        view.explain_bots.description,
        view.tabs.get_title(3),
        *(label for menu in view.seats.values() for label, _ in menu.options),
        *(menu.tooltip for menu in view.seats.values()),
    ]
    view.hint_button.click()
    texts += [view.board.annotation["title"], view.board.annotation["text"], view.coach_log.value]
    view.set_seat("Athens", "easy")
    view.hint_button.click()  # Athens is a bot now
    texts.append(view.board.error)
    bad = [(t, w) for t in texts if (w := unwrapped(t, NAMES))]
    assert bad == [], bad
    assert all(texts)


def test_the_board_alone_sets_its_seats_too():
    game = cw.Game.new(players=3, seed=3)
    own = RandomBot(seed=1)
    board = Board(game, bots={"Corinth": own})
    board.set_seat("Athens", "medium")
    board.set_seat("Corinth", "easy")
    assert isinstance(board.bots["Athens"], MediumBot)
    assert isinstance(board.bots["Corinth"], EasyBot)
    board.set_seat("Corinth", OWN)
    assert board.bots["Corinth"] is own
    with pytest.raises(ValueError, match="no player"):
        board.set_seat("Thebes", "easy")
    assert set(board.bots) == {"Athens", "Corinth"}


def test_a_refused_intent_leaves_the_hint_on_the_board():
    game = conquest_position()
    board = Board(game)
    board.hint_playouts = PLAYOUTS
    assert board.hint()
    shown = (dict(board.annotation), dict(board.highlights))
    before = frozen(game)
    assert not board.play("bid ares 9")  # not a legal action now
    assert board.error
    assert (board.annotation, board.highlights) == shown and frozen(game) == before
