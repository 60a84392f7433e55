"""Fuzzing the board's intents (issues 8 and 18): malformed, stale or hostile messages from
the front end are rejected, with a short message in ``Board.error``, and the game exactly as
it was; a read-only Replay never changes its record; GameView's controls stay in step.

The front end never implements a rule: it sends intents (docs/architecture.md) that
``Board.handle_intent`` checks. Here random messages (any JSON, intents of every type with
random fields, play intents with wrong ids, stale or mutated notations) are sent at
positions of every kind. A refused intent must leave the state and the history unchanged
and say why; an accepted one must have been legal, and leave a state that keeps every
invariant.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from reliability_support import FUZZ_EXAMPLES, fuzz_positions

from cyclades_widgets import Game
from cyclades_widgets.invariants import check_invariants
from cyclades_widgets.rules import flow
from cyclades_widgets.rules.actions import Action

board_module = pytest.importorskip("cyclades_widgets.widgets.board", reason="widgets extra")
Board = board_module.Board
intents_module = pytest.importorskip("cyclades_widgets.widgets.intents", reason="widgets extra")
INTENT_TYPES = intents_module.INTENT_TYPES

POSITIONS = [(label, s) for label, s in fuzz_positions() if not label.startswith("auto/")]
FUZZ = settings(
    max_examples=FUZZ_EXAMPLES,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

_SCALAR = (
    st.none()
    | st.booleans()
    | st.integers(-(2**40), 2**40)
    | st.floats(allow_nan=True)
    | st.text(max_size=20)
)
_JSON = st.recursive(
    _SCALAR,
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=8,
)
_FIELDS = {
    "id": st.one_of(st.integers(-3, 40), st.integers(-3, 400), _SCALAR),
    "notation": st.one_of(st.text(max_size=30), _SCALAR),
    "to": st.one_of(st.sampled_from(["back", "forward", "start", "end", "later"]), _SCALAR),
    "by": st.one_of(st.sampled_from(["step", "phase", "cycle", "turn"]), _SCALAR),
    "index": st.one_of(st.integers(-2, 8), st.integers(-5, 5000), _SCALAR),
    "step": st.one_of(st.integers(-5, 5000), _SCALAR),
    "ms": st.one_of(st.floats(allow_nan=True), st.integers(-(10**400), 10**400), _SCALAR),
}


@st.composite
def intents(draw: st.DrawFn) -> Any:
    """An intent-shaped message: a known or unknown type and random fields."""
    kind = draw(st.sampled_from(INTENT_TYPES)) if draw(st.integers(0, 5)) else draw(_SCALAR)
    msg: dict[str, Any] = {"type": kind}
    for key in draw(st.lists(st.sampled_from(sorted(_FIELDS)), unique=True, max_size=4)):
        msg[key] = draw(_FIELDS[key])
    if kind == "goto" and draw(st.integers(0, 3)):
        msg["index"] = draw(st.integers(-1, 8))
    if draw(st.integers(0, 3)):
        msg["step"] = _CURRENT  # made at the step shown: the usual case
    return msg


_CURRENT = object()
"""Stands for "the step shown now" (filled in when the message is sent)."""


_BOARDS: dict[str, Any] = {}


def _board_at(state, history: int = 0) -> tuple[Any, Game]:  # noqa: ANN001
    """One Board per map (creating widgets is slow), showing a game at ``state`` after
    ``history`` more steps (so back, forward, goto, undo and redo have work to do)."""
    game = Game(state.copy(), seed=3)
    for i in range(history):
        if game.is_over:
            break
        if game.node == "decision":
            legal = game.legal_actions()
            game.play(legal[i % len(legal)])
        else:
            game.step()
    if history:
        game.goto(len(game.history) // 2)  # something to redo as well
    board = _BOARDS.get(state.map_id)
    if board is None:
        board = _BOARDS[state.map_id] = Board(game)
    else:
        board.game = game
    return board, game


def _send(state, msg: Any, history: int = 0) -> None:  # noqa: ANN001
    board, game = _board_at(state, history)
    if isinstance(msg, dict) and msg.get("step") is _CURRENT:
        msg = {**msg, "step": game.state.step}
    before, steps = game.state.copy(), len(game.history)
    legal = [str(a) for a in flow.legal_actions(game.state)]
    done = board.handle_intent(msg)
    if not done:
        assert board.error, f"{msg!r} was refused without a message"
        assert len(board.error) <= intents_module.MAX_ERROR
        assert game.state == before, f"{msg!r} was refused but the state changed"
        assert len(game.history) == steps, f"{msg!r} was refused but a step was recorded"
        return
    kind = msg.get("type") if isinstance(msg, dict) else None
    if kind != "rendered":  # a redraw report leaves the last message on screen
        assert board.error == "", f"{msg!r} was carried out but an error is shown"
    else:
        assert game.state == before and len(game.history) == steps
    if kind == "play":
        played = game.history[steps].action if len(game.history) > steps else None
        assert played is not None and str(played) in legal, f"{msg!r} played {played}"
    assert check_invariants(game.state) == []


positions = st.sampled_from(POSITIONS)


@FUZZ
@given(position=positions, msg=_JSON)
def test_any_json_message_is_handled(position, msg):
    """Any JSON at all: refused with a message and no change, or a valid intent."""
    _send(position[1], msg)


@settings(FUZZ, max_examples=FUZZ_EXAMPLES * 3)
@given(position=positions, msg=intents(), history=st.integers(0, 6))
def test_intents_with_random_fields_are_checked(position, msg, history):
    """Intents of every type with random ids, notations, targets and indexes, on games
    with some history to step through."""
    _send(position[1], msg, history)


@FUZZ
@given(position=positions, data=st.data())
def test_play_intents_with_a_stale_or_wrong_notation(position, data):
    """A legal id sent with another action's notation (a stale board), or a legal
    notation with a wrong id: refused unless id and notation agree."""
    state = position[1]
    legal = [str(a) for a in flow.legal_actions(state)] or ["end"]
    ident = data.draw(st.integers(-1, len(legal)), label="id")
    notation = data.draw(st.one_of(st.sampled_from(legal), st.just("bid ares 99")), label="n")
    _send(state, {"type": "play", "id": ident, "notation": notation, "step": _CURRENT})


def test_a_legal_click_is_accepted_and_a_refusal_names_the_reason():
    """The checks above can tell the difference: a legal play intent changes the game, a
    wrong id is refused with a message naming the legal ids."""
    state = next(s for label, s in POSITIONS if label == "decision/offerings/-")
    board, game = _board_at(state)
    first = str(flow.legal_actions(game.state)[0])
    step = game.state.step
    assert board.handle_intent({"type": "play", "id": 0, "notation": first, "step": step})
    assert len(game.history) == 1 and str(game.history[0].action) == first
    assert not board.handle_intent({"type": "play", "id": 0, "notation": first, "step": step})
    assert "moved on" in board.error and len(game.history) == 1  # a double click
    board, game = _board_at(state)
    assert not board.handle_intent({"type": "play", "id": 10_000, "step": game.state.step})
    assert "legal actions" in board.error and not game.history
    assert Action.parse(first) in flow.legal_actions(state)


def test_navigation_intents_move_through_the_history():
    """goto, back and redo are carried out when valid; out-of-range ones are refused."""
    state = next(s for label, s in POSITIONS if label == "decision/offerings/-")
    board, game = _board_at(state, history=4)
    assert board.send_intent("goto", index=1) and len(game.history) == 1
    assert board.send_intent("redo") and len(game.history) == 2
    before = game.state.copy()
    assert not board.send_intent("goto", index=99)
    assert "step number from 0 to" in board.error and game.state == before


# --------------------------------------------------------------------------- Replay, GameView


def _record() -> Any:
    game = Game.new(players=3, seed=7)
    for move in ("bid ares 1", "bid poseidon 1", "bid apollo"):
        game.play(move)
    record = game.record
    record.add_variation(5, ["bid ares 2"], comment="another bid")
    return record


_REPLAY: dict[str, Any] = {}


@FUZZ
@given(msgs=st.lists(intents(), min_size=1, max_size=6))
def test_a_replay_never_changes_its_record_whatever_it_is_sent(msgs):
    """Issue 18: a Replay steps through its record; it never plays, continues or steps."""
    replay_module = pytest.importorskip("cyclades_widgets.widgets.replay")
    if "replay" not in _REPLAY:
        _REPLAY["record"] = _record()
        _REPLAY["replay"] = replay_module.Replay(_REPLAY["record"])
    record, replay = _REPLAY["record"], _REPLAY["replay"]
    moves = record.moves()
    for msg in msgs:
        if isinstance(msg, dict) and msg.get("step") is _CURRENT:
            msg = {**msg, "step": replay.game.state.step}
        replay.board.handle_intent(msg)
        assert replay.game.moves() == moves[: len(replay.game.moves())]
        assert len(replay.board.error) <= intents_module.MAX_ERROR
    replay.board.send_intent("nav", to="end")
    assert replay.game.moves() == record.moves() == moves


_VIEWS: dict[str, Any] = {}


@FUZZ
@given(msgs=st.lists(intents(), min_size=1, max_size=6))
def test_gameview_controls_follow_the_board_whatever_it_is_sent(msgs):
    """GameView's slider, picker and buttons always show the board's game."""
    gameview = pytest.importorskip("cyclades_widgets.widgets.gameview")
    if "view" not in _VIEWS:
        _VIEWS["view"] = gameview.GameView(Game.new(players=3, seed=2))
    view = _VIEWS["view"]
    for msg in msgs:
        if isinstance(msg, dict) and msg.get("step") is _CURRENT:
            msg = {**msg, "step": view.game.state.step}
        view.board.handle_intent(msg)
        timeline = view.board.timeline
        assert view.slider.value == timeline["index"] and view.slider.max == timeline["length"]
        assert [o[1] for o in view.picker.options] == [a["notation"] for a in view.board.legal]
        assert check_invariants(view.game.state) == []
