"""Hostile records (issue 18 "Records"): property tests over whole records.

Each class of defect the adversarial pass found has a hypothesis property here, drawn over
whole records rather than a list of cases:

- a ``start`` position with any one value replaced (huge or negative numbers, fractions,
  unknown isles, seas, creatures, gods, seats, a winner mid-game) either loads a position
  that keeps every invariant and every cap, or raises RecordError at ``$.start...``;
- edits (``annotate``, ``add_variation``) either raise RecordError and leave the record as
  it was, or give a record that saves and loads back equal;
- header numbers and strings (``2.0`` for an integer, names with a line break, dates,
  control characters) load only when they are what they claim to be;
- the limits (moves, variations, depth, size) are refused before any replay.

On the main branch before this work each property fails (``"at": 2.0`` crashed, a 41-char
tag saved an unloadable file, gold 10**9 in ``start`` loaded). The examples stay few:
these tests run in CI.
"""

from __future__ import annotations

import copy
import json
import re
from datetime import datetime
from functools import cache
from typing import Any
from xml.etree import ElementTree

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cyclades_widgets as cw
from cyclades_widgets import svg
from cyclades_widgets.game import GameRecord
from cyclades_widgets.invariants import check_invariants
from cyclades_widgets.records import shape
from cyclades_widgets.rules.errors import RecordError
from cyclades_widgets.rules.state import MAX_FLEETS, MAX_TROOPS

FEW = settings(
    max_examples=40,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
BUG = "bug in cyclades_widgets"
FILLER = "roll 9 9"
"""A move in notation that is never legal (no die has a 9)."""
CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029]")


@cache
def base_text() -> str:
    """A short annotated record with a variation (3 players, cycle 1 under way)."""
    game = cw.Game.new(players=3, seed=5)
    for _ in range(8):
        game.advance(to="decision")
        game.play(game.legal_actions()[0])
    record = game.record
    record.annotate(3, before="Why here?", tag="key move", isles=["naxos"])
    record.add_variation(4, record.moves()[4:6], comment="the same, again")
    return record.dumps()


@cache
def setup_start() -> dict[str, Any]:
    """A staged start: the standard setup of a 3-player game, one cycle in."""
    game = cw.Game.new(players=3, seed=5)
    return game.state.to_dict()


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix] if prefix else []
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, (*prefix, i))
    return out


def _set(data: Any, path: tuple[Any, ...], value: Any) -> None:
    for key in path[:-1]:
        data = data[key]
    data[path[-1]] = value


def _refused(exc: RecordError, prefix: str = "$") -> None:
    assert BUG not in str(exc), f"an unexpected crash: {exc}"
    assert exc.path.startswith(prefix), exc


HOSTILE = st.one_of(
    st.integers(-(10**12), 10**12),
    st.sampled_from([10**9, -1, 99, 9, 5, 2.0, 7.5, True, None, "", "atlantis", "zz9",
                     "hades", "unicorn", "casino", "over", [], {}]),
    st.text(max_size=6),
)  # fmt: skip


# --------------------------------------------------------------------------- start


@FEW
@given(data=st.data())
def test_a_start_position_with_any_value_changed_keeps_every_invariant_or_is_refused(data):
    """Issue 18: no public call does work proportional to a number in the input, the caps
    the game implies hold, and a bad ``start`` is a RecordError at its JSON path."""
    start = copy.deepcopy(setup_start())
    path = data.draw(st.sampled_from(_paths(start)), label="path")
    _set(start, path, data.draw(HOSTILE, label="value"))
    record = json.loads(base_text())
    record.update(start=start, steps=[], variations=[])
    record.pop("checksum", None)
    try:
        loaded = GameRecord.loads(json.dumps(record))
    except RecordError as exc:
        _refused(exc, "$.start")
        return
    state = loaded.replay().state
    assert check_invariants(loaded.initial_state()) == []
    gold = state.options.gold_supply
    assert all(0 <= p.gold <= gold for p in state.players)
    assert all(0 <= isle.troops <= MAX_TROOPS for isle in state.isles.values())
    assert all(1 <= count <= MAX_FLEETS for _, count in state.fleets.values())
    assert len(loaded.replay().legal_actions()) < 10_000
    ElementTree.fromstring(svg.board(state))  # the picture draws, as well-formed XML


# --------------------------------------------------------------------------- edits

TEXTS = st.one_of(
    st.text(max_size=45),
    st.text(alphabet=st.characters(min_codepoint=0, max_codepoint=0x3000), max_size=8),
    st.sampled_from(["x" * 41, "x" * 20_001, "\ud800", "ok\n", "a\x1b[2J", "\u2028"]),
    st.integers(),
    st.dictionaries(st.sampled_from(["en", "zh", "fr", "EN", "x y", ""]), st.text(max_size=8),
                    max_size=3),
)  # fmt: skip


@FEW
@given(
    key=st.sampled_from(["before", "after", "tag", "comment"]),
    value=TEXTS,
    step=st.integers(0, 7),
)
def test_edits_are_checked_at_once_as_loading_checks_them(key, value, step):
    """Issue 18: an edit either raises RecordError and changes nothing, or the record
    saves and loads back equal (never a file that ``load`` refuses)."""
    record = GameRecord.loads(base_text())
    before = record.dumps()
    try:
        if key == "comment":
            record.add_variation(step, [record.moves()[step]], comment=value)
        else:
            record.annotate(step, **{key: value})
    except RecordError as exc:
        _refused(exc)
        assert record.dumps() == before
        return
    again = GameRecord.loads(record.dumps())
    assert again == record


PLACE = st.one_of(
    st.sampled_from(["naxos", "paros", "c2", "atlantis", "", "naxos\n", "n\ufffe", "x" * 41]),
    st.text(max_size=4),
    st.integers(),
    st.none(),
)
ARROW = st.one_of(
    st.tuples(PLACE, PLACE),
    st.lists(PLACE, max_size=4).map(tuple),
    st.fixed_dictionaries({"from": PLACE, "to": PLACE}),
    st.dictionaries(st.sampled_from(["from", "to", "via", "label"]), PLACE, max_size=3),
    st.tuples(st.just("naxos"), st.just("paros"), st.text(max_size=3)),
    PLACE,
)


@FEW
@given(
    isles=st.lists(PLACE, max_size=3),
    seas=st.lists(PLACE, max_size=3),
    arrows=st.lists(ARROW, max_size=3),
    step=st.integers(0, 7),
)
def test_highlight_edits_are_checked_at_once_as_loading_checks_them(isles, seas, arrows, step):
    """Issue 24: ``annotate`` with any isles, seas and arrows (any shape, the file's own
    form included) either raises RecordError at the step's path, never a bare TypeError,
    and changes nothing; or the record saves and loads back equal."""
    record = GameRecord.loads(base_text())
    before = record.dumps()
    try:
        record.annotate(step, isles=isles, seas=seas, arrows=arrows)
    except RecordError as exc:
        _refused(exc, f"$.steps[{step}]")
        assert record.dumps() == before
        return
    again = GameRecord.loads(record.dumps())
    assert again == record


# --------------------------------------------------------------------------- header values


@FEW
@given(
    where=st.sampled_from(["seed", "at", "name", "date", "title", "tag"]),
    value=st.one_of(
        HOSTILE,
        st.text(max_size=12).map(lambda s: "Athens" + s),
        st.from_regex(r"\A[0-9]{4}-[0-9]{2}-[0-9]{2}([T ][0-9]{2}:[0-9]{2})?\Z"),
    ),
)
def test_header_values_load_only_when_they_are_what_they_claim(where, value):
    """Issue 18: ``2.0`` is not an integer, ``$`` does not match before a final newline,
    ``2024-02-30`` is not a date, and no control character reaches a loaded text."""
    data = json.loads(base_text())
    target = {
        "seed": (data, "seed"),
        "at": (data["variations"][0], "at"),
        "name": (data["players"], 0),
        "date": (data, "date"),
        "title": (data, "title"),
        "tag": (data["steps"][3], "tag"),
    }[where]
    target[0][target[1]] = value
    try:
        record = GameRecord.loads(json.dumps(data))
    except RecordError as exc:
        _refused(exc)
        return
    assert type(record.seed) is int
    assert all(type(v.at) is int for v in record.variations)
    assert all(re.fullmatch(r"[A-Za-z][A-Za-z0-9_\-]{0,23}", name) for name in record.players)
    if record.date is not None:
        datetime.fromisoformat(record.date.replace("Z", "+00:00"))
    texts = [record.title, *(s.tag for s in record.steps), *(s.before for s in record.steps)]
    assert not any(isinstance(t, str) and CONTROL.search(t) for t in texts)


# --------------------------------------------------------------------------- limits


@settings(max_examples=12, derandomize=True, deadline=None)
@given(
    count=st.integers(0, 2 * shape.MAX_VARIATIONS),
    depth=st.integers(1, 2 * shape.MAX_DEPTH),
    moves=st.integers(0, 2 * shape.MAX_MOVES),
)
def test_records_beyond_the_limits_are_refused_before_any_replay(count, depth, moves):
    """Issue 18: the limits (docs/records.md) are checked in the one pass over the shape,
    before a move is replayed; a refused record says which limit."""
    data = json.loads(base_text())
    data.pop("checksum")
    data["steps"] = data["steps"] + [FILLER] * moves
    node: dict[str, Any] = {"at": 0, "steps": [FILLER]}
    for _ in range(depth - 1):
        node = {"at": 0, "steps": [FILLER], "variations": [node]}
    data["variations"] = [copy.deepcopy(node) for _ in range(count)]
    beyond = (
        len(data["steps"]) + count * depth > shape.MAX_MOVES
        or count * depth > shape.MAX_VARIATIONS
        or (count and depth > shape.MAX_DEPTH)
    )
    if not (beyond or moves or count):
        assert len(GameRecord.loads(json.dumps(data))) == len(data["steps"])
        return
    with pytest.raises(RecordError) as info:
        GameRecord.loads(json.dumps(data))
    limits = {"record.too_many_moves", "record.too_many_variations",
              "record.variations_too_deep_at", "record.max_items"}  # fmt: skip
    if beyond:
        assert info.value.msg.key in limits, info.value
    else:  # within the limits: the first impossible roll is what is refused
        assert info.value.msg.key == "record.illegal_move", info.value


def test_a_file_over_the_size_limit_is_refused_before_parsing():
    """Issue 18: the size limit holds for text and bytes, before ``json.loads``."""
    for text in (" " * (shape.MAX_BYTES + 1), b"[" * (shape.MAX_BYTES + 1)):
        with pytest.raises(RecordError) as info:
            GameRecord.loads(text)
        assert info.value.msg.key == "record.too_large"
