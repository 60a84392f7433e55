"""Hostile intents (issue 18): whatever the front end sends, ``Board.handle_intent``
refuses it with a short message in the board's language, or carries it out; numbers and
sizes are bounded; a read-only Replay never changes its record and says so.

These tests fail on the main branch before issue 18: a huge number in any field
(``10**5000``) came back as Python's "Exceeds the limit (4300 digits)" in English, and a
refused notation on a Chinese board was explained in English.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from reliability_support import FUZZ_EXAMPLES

from cyclades_widgets import Game
from cyclades_widgets.invariants import check_invariants

board_module = pytest.importorskip("cyclades_widgets.widgets.board", reason="widgets extra")
replay_module = pytest.importorskip("cyclades_widgets.widgets.replay", reason="widgets extra")
Board = board_module.Board
intents_module = pytest.importorskip("cyclades_widgets.widgets.intents", reason="widgets extra")
MAX_ERROR = intents_module.MAX_ERROR

FUZZ = settings(
    max_examples=FUZZ_EXAMPLES * 2,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
CJK = re.compile(r"[\u4e00-\u9fff]")

_HUGE = st.one_of(
    st.tuples(st.sampled_from([1, -1]), st.sampled_from([20, 400, 4_400, 9_000])).map(
        lambda t: t[0] * 10 ** t[1]  # more than 4,300 digits: str() refuses to write it
    ),
    st.sampled_from([2**64, float("inf"), float("nan"), -0.0, 1e308]),
)
_LONG = st.builds(lambda unit, n: unit * n, st.text(min_size=1, max_size=5), st.integers(1, 50_000))
_DEEP = st.recursive(
    st.one_of(_HUGE, st.text(max_size=5), st.none()),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner),
    max_leaves=6,
)
VALUE = st.one_of(_HUGE, _LONG, _DEEP)
"""A hostile value: an enormous or non-finite number, a long string, a nested structure."""

FIELDS = ("type", "id", "notation", "to", "by", "index", "step", "ms")
KINDS = st.sampled_from(intents_module.INTENT_TYPES)


@st.composite
def hostile_intents(draw: st.DrawFn) -> tuple[dict[str, Any], bool]:
    """An intent of a known type made at the step shown (or not), with 1–3 fields set to
    hostile values; and whether its step is the current one."""
    msg: dict[str, Any] = {"type": draw(KINDS)}
    current = draw(st.booleans())
    for key in draw(st.lists(st.sampled_from(FIELDS), min_size=1, max_size=3, unique=True)):
        msg[key] = draw(VALUE)
    return msg, current


_BOARDS: dict[str, Any] = {}


def _board(lang: str) -> tuple[Any, Game]:
    """A board in ``lang`` over a fresh game with a little history (one widget per
    language: creating widgets is slow)."""
    game = Game.new(players=3, seed=5)
    for _ in range(2):
        game.play(game.legal_actions()[0])
    board = _BOARDS.get(lang)
    if board is None:
        board = _BOARDS[lang] = Board(game, lang=lang)
    else:
        board.game = game
    return board, game


def _strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in (*_strings(k), *_strings(v))]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return []


@FUZZ
@given(intent=hostile_intents(), lang=st.sampled_from(["en", "zh"]))
def test_hostile_values_are_refused_briefly_in_the_boards_language(intent, lang):
    """Any intent with enormous numbers, long strings or nested values in its fields: no
    exception escapes, the game is unchanged unless the intent was valid, and a refusal is
    short, quotes no long stretch of the input, and is in the board's language."""
    msg, current = intent
    board, game = _board(lang)
    if current and "step" not in msg:
        msg["step"] = game.state.step
    before, steps = game.state.copy(), len(game.history)
    done = board.handle_intent(msg)
    if done:
        assert board.error == "" or msg["type"] == "rendered"
        assert check_invariants(game.state) == []
        return
    error = board.error
    assert error and len(error) <= MAX_ERROR, f"{len(error)}-character error"
    assert game.state == before and len(game.history) == steps
    for text in _strings(msg):
        if len(text) > 100:
            assert text[:100] not in error, "the error quotes the whole input"
    if lang == "zh":
        assert CJK.search(error), f"a refusal on a Chinese board in another language: {error}"


@FUZZ
@given(
    notation=st.one_of(
        _LONG,
        st.text(max_size=30),
        st.sampled_from(["bid ares ３", "bid ares ٣", "bid\xa0ares 1", "bid ares\x1c1", "zz"]),
    ),
    lang=st.sampled_from(["en", "zh"]),
)
def test_a_refused_notation_is_explained_in_the_boards_language(notation, lang):
    """A typed notation that is not legal: the rules' explanation, in the board's language,
    short."""
    board, game = _board(lang)
    before = game.state.copy()
    msg = {"type": "play", "notation": notation, "step": game.state.step}
    if board.handle_intent(msg):
        return
    assert len(board.error) <= MAX_ERROR and game.state == before
    if lang == "zh":
        assert CJK.search(board.error), board.error


# --------------------------------------------------------------------------- Replay

_REPLAYS: dict[str, Any] = {}


def _replay() -> Any:
    if "replay" not in _REPLAYS:
        game = Game.new(players=3, seed=7)
        for move in ("bid ares 1", "bid poseidon 1", "bid apollo"):
            game.play(move)
        record = game.record
        record.add_variation(5, ["bid ares 2"], comment="another bid")
        _REPLAYS["replay"] = replay_module.Replay(record)
    return _REPLAYS["replay"]


@FUZZ
@given(
    kind=st.sampled_from(["continue", "step", "play"]),
    extra=st.dictionaries(st.sampled_from(["id", "notation"]), VALUE, max_size=2),
    at=st.integers(0, 12),
)
def test_a_replay_refuses_to_play_and_says_how_to_play_on(kind, extra, at):
    """Continue, Step and plays on a Replay, at any position: refused with a message that
    names the fork; the record and the line shown are unchanged."""
    replay = _replay()
    moves = replay.record.moves()
    replay.board.send_intent("goto", index=min(at, len(replay.game.history)))
    shown = replay.game.moves()
    msg = {"type": kind, **extra, "step": replay.game.state.step}
    assert not replay.board.handle_intent(msg)
    assert "fork" in replay.board.error.lower(), replay.board.error
    assert replay.record.moves() == moves and replay.game.moves() == shown


def test_a_fork_of_a_replay_plays_on():
    """The way out the message names: a fork accepts Continue, the record is untouched."""
    replay = _replay()
    moves = replay.record.moves()
    view = replay.fork()
    assert view.board.handle_intent({"type": "continue", "step": view.game.state.step})
    assert replay.record.moves() == moves


@FUZZ
@given(line=st.lists(st.one_of(st.integers(-3, 8), st.integers(-(2**64), 2**64)), max_size=4))
def test_entering_a_missing_variation_raises_index_error(line):
    """``Replay.enter`` raises IndexError (as documented) for a line the record lacks."""
    replay = _replay()
    try:
        replay.enter(tuple(line))
    except IndexError as exc:
        assert "variation" in str(exc)
    else:
        assert tuple(line) in {(), (0,)}
    replay.enter(())


# --------------------------------------------------------------------------- Battle Lab

_LABS: dict[str, Any] = {}
_COORD = st.one_of(
    st.floats(allow_nan=True, allow_infinity=True),
    st.integers(-(2**70), 2**70),
    _HUGE,
    st.none(),
    st.text(max_size=3),
    st.booleans(),
)


@FUZZ
@given(x=_COORD, y=_COORD)
def test_a_battle_lab_click_anywhere_is_a_cell_or_nothing(x, y):
    """Canvas clicks come from the front end: any coordinates (NaN, infinite, huge, not a
    number) select a cell and play a battle, or do nothing; nothing raises."""
    battlelab = pytest.importorskip("cyclades_widgets.widgets.battlelab")
    if "lab" not in _LABS:
        _LABS["lab"] = battlelab.BattleLab()
    lab = _LABS["lab"]
    cell = lab.cell_at(x, y)
    trace = lab.click(x, y)
    assert (trace is None) == (cell is None)
    if cell is not None:
        assert lab.selected == cell
