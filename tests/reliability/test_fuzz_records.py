"""Fuzzing record files (issue 8): a mutated record gives only ``RecordError`` with a path.

Real records from bot games (one with annotations and a variation) are mutated as JSON
data (a key deleted, a value replaced by random JSON, a move's notation mutated, steps
dropped, doubled or swapped, unknown keys added) and as text (cut short, bytes changed).
Loading must either succeed, and then save and load again to the same record, or raise
``RecordError`` whose path starts with ``$``; never another exception, and never the
"this is a bug" wrapper that ``GameRecord`` puts around an unexpected crash. Saved games
(``Game.from_json``) get the same treatment (docs/architecture.md: errors, strict loading).
"""

from __future__ import annotations

import copy
import json
from functools import cache
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from reliability_support import FUZZ_EXAMPLES, make_bots

from cyclades_widgets import Game
from cyclades_widgets.game import GameRecord
from cyclades_widgets.rules.errors import RecordError

FUZZ = settings(
    max_examples=FUZZ_EXAMPLES,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
BUG = "this is a bug in cyclades_widgets"


@cache
def base_records() -> tuple[str, ...]:
    """Four record files: 2, 4 and 5 players, a cycle or two of bot play (the second has
    annotations, one in three languages, and a variation), and the first written as a
    version 1 file. Those of version 2 carry their moves' checksum, so mutations that keep
    the moves go through the fast path, and the others fall back to the checked one."""
    texts = []
    for players, seed, cycles in ((2, 31, 2), (4, 32, 1), (5, 33, 1)):
        game = Game.new(players=players, seed=seed)
        bots = make_bots(game, seed)
        for _ in range(cycles):
            game.advance(to="cycle", bots=bots)
        record = game.record
        if players == 4:
            isle = sorted(game.state.isles)[0]
            record.annotate(3, before="What would you bid?", tag="key move", isles=[isle])
            record.annotate(
                6, after="A <b>bold</b> move", arrows=[(isle, sorted(game.state.isles)[1])]
            )
            record.add_variation(5, record.moves()[5:7], comment="the same, again")
            record.annotate(8, before={"en": "Why?", "zh": "为什么?", "fr": "Pourquoi ?"})
        texts.append(record.dumps())
    old = json.loads(texts[0])  # the same game written as a version 1 file
    old.update(format="cyclades-record/1")
    old.pop("checksum")
    texts.append(json.dumps(old))
    return tuple(texts)


def _load(text: str | bytes) -> None:
    """Load a record: success (and a stable round trip) or a RecordError with a path."""
    try:
        record = GameRecord.loads(text)
    except RecordError as exc:
        assert BUG not in str(exc), f"an unexpected crash inside GameRecord: {exc}"
        assert exc.path.startswith("$"), f"RecordError without a JSON path: {exc}"
        assert exc.reason, "RecordError without a reason"
        return
    again = GameRecord.loads(record.dumps())
    assert again == record and again.dumps() == record.dumps()


# --------------------------------------------------------------------------- JSON mutations

_JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**12), 10**12)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=6,
)


def _paths(value: Any, prefix: tuple = ()) -> list[tuple]:
    """Every path into a JSON value (keys and indexes)."""
    out = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, (*prefix, i))
    return out


def _parent(data: Any, path: tuple) -> Any:
    for key in path[:-1]:
        data = data[key]
    return data


def _mutate(data: Any, draw: st.DataObject) -> Any:
    data = copy.deepcopy(data)
    paths = [p for p in _paths(data) if p]
    path = draw.draw(st.sampled_from(paths), label="path")
    parent, key = _parent(data, path), path[-1]
    op = draw.draw(st.sampled_from(["delete", "replace", "notation", "steps", "extra"]), label="op")
    if op == "delete":
        del parent[key]
    elif op == "replace":
        parent[key] = draw.draw(_JSON, label="value")
    elif op == "notation" and isinstance(parent[key], str):
        words = parent[key].split()
        i = draw.draw(st.integers(0, len(words)), label="at")
        words.insert(i, draw.draw(st.sampled_from(["9", "0", "-1", "naxos", "ares", "x", ">"])))
        parent[key] = " ".join(words)
    elif op == "steps":
        steps = data["steps"]
        i = draw.draw(st.integers(0, len(steps) - 1), label="step")
        j = draw.draw(st.integers(0, len(steps) - 1), label="other")
        how = draw.draw(st.sampled_from(["drop", "double", "swap"]), label="how")
        if how == "drop":
            del steps[i]
        elif how == "double":
            steps.insert(i, steps[i])
        else:
            steps[i], steps[j] = steps[j], steps[i]
    elif isinstance(parent, dict):
        parent[draw.draw(st.text(min_size=1, max_size=8), label="key")] = draw.draw(_JSON)
    return data


@FUZZ
@given(which=st.integers(0, 3), data=st.data())
def test_mutated_record_data_loads_or_gives_a_record_error(which, data):
    """Loading is strict; every problem is a RecordError with its JSON path."""
    original = json.loads(base_records()[which])
    mutated = _mutate(original, data)
    _load(json.dumps(mutated, ensure_ascii=False))


@FUZZ
@given(which=st.integers(0, 3), data=st.data())
def test_mutated_record_text_loads_or_gives_a_record_error(which, data):
    """The file itself damaged: cut short, bytes replaced, junk inserted."""
    raw = bytearray(base_records()[which].encode())
    how = data.draw(st.sampled_from(["cut", "bytes", "insert"]), label="how")
    at = data.draw(st.integers(0, len(raw) - 1), label="at")
    if how == "cut":
        raw = raw[:at]
    elif how == "bytes":
        junk = data.draw(st.binary(min_size=1, max_size=4), label="junk")
        raw[at : at + len(junk)] = junk
    else:
        raw[at:at] = data.draw(st.binary(min_size=1, max_size=6), label="junk")
    _load(bytes(raw))


@FUZZ
@given(value=_JSON)
def test_any_json_value_is_not_a_record(value):
    """Arbitrary JSON (not an object of the right shape) is refused with a RecordError."""
    _load(json.dumps(value))


def test_the_base_records_load_and_mutations_can_fail():
    """The unmutated files load; a known-bad edit is refused with the right path."""
    for text in base_records():
        GameRecord.loads(text)
    data = json.loads(base_records()[1])
    data["steps"][4] = "bid ares 999"
    try:
        GameRecord.loads(json.dumps(data))
    except RecordError as exc:
        assert exc.path.startswith("$.steps[4]"), exc
    else:
        raise AssertionError("an illegal move in a record was accepted")


@FUZZ
@given(which=st.integers(0, 3), data=st.data())
def test_mutated_saved_games_give_a_record_error(which, data):
    """``Game.from_json`` (the saved-game format) is just as strict."""
    record = GameRecord.loads(base_records()[which])
    saved = json.loads(record.replay().to_json())
    mutated = _mutate(saved, data)
    try:
        Game.from_json(json.dumps(mutated))
    except RecordError as exc:
        assert BUG not in str(exc), f"an unexpected crash inside GameRecord: {exc}"
        assert exc.path.startswith("$"), exc
