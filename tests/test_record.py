"""Game records (issue 5 'GAME RECORDS', docs/architecture.md 'GameRecord and the record format'): format, round trip, seeking,
annotations, variations and strict loading.

Example records are made by playing seeded games with random legal choices; nothing large
is committed.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cyclades_widgets import Game, RecordError, RuleOptions
from cyclades_widgets.game import GameRecord
from cyclades_widgets.records.schema import load_schema
from cyclades_widgets.records.tree import EDITION, FORMAT, Arrow
from cyclades_widgets.rules.board import MapSpec
from cyclades_widgets.rules.setup import new_state


def random_game(players: int = 3, seed: int = 0, moves: int = 60, **options: str) -> Game:
    """A seeded game with ``moves`` decisions chosen at random among the legal actions,
    stopped after the automatic steps that follow the last one (where a replay stops)."""
    game = Game.new(players=players, seed=seed, options=RuleOptions(**options))
    rng = random.Random(seed)
    for _ in range(moves):
        game.advance(to="decision")
        if game.is_over:
            break
        game.play(rng.choice(game.legal_actions()))
    while game.node == "auto":
        game.step()
    return game


def sea_by_naxos(map_id: str) -> str:
    """A sea next to Naxos (an isle of every map), for highlights and arrows."""
    return sorted(MapSpec.load(map_id).isle_seas["naxos"])[0]


def move_positions(game: Game) -> list[int]:
    """History index of each move (decision or chance outcome) of a game."""
    return [i for i, step in enumerate(game.history) if step.notation is not None]


@pytest.fixture(scope="module")
def game() -> Game:
    return random_game(players=3, seed=4, moves=80)


@pytest.fixture(scope="module")
def record_text(game: Game) -> str:
    record = game.record
    record.title = "Lesson 1"
    record.annotate(5, before="What would you bid here?", tag="key move")
    sea = sea_by_naxos(record.map)
    record.annotate(9, after="Ares was cheap this cycle.", isles=["naxos"], seas=[sea])
    return record.dumps()


def data_of(text: str) -> dict:
    return json.loads(text)


def loads_data(data: dict) -> GameRecord:
    return GameRecord.loads(json.dumps(data, ensure_ascii=False))


# --------------------------------------------------------------------------- format


def test_record_header_holds_edition_options_players_seed_map(game: Game):
    """Issue 5: header = format, edition ("matagot-2009"), rule options, players, seed, map."""
    data = game.record.to_dict()
    assert data["format"] == FORMAT == "cyclades-record/2"
    assert data["edition"] == EDITION == "matagot-2009"
    assert data["players"] == list(game.players)
    assert data["seed"] == game.seed
    assert data["map"] == game.state.map_id
    assert data["options"] == RuleOptions().to_dict()
    assert data["steps"] == game.moves()


def test_record_stores_chance_outcomes_so_replay_needs_no_seed(game: Game):
    """docs/architecture.md 'Game': the record stores outcomes (rolls, draws, god orders), not only the
    seed, so a record replays exactly whatever its seed says."""
    data = game.record.to_dict()
    assert any(m.startswith(("gods ", "draw ", "order ")) for m in data["steps"])
    data["seed"] = 999
    again = loads_data(data)
    assert again.replay().state == game.state


def test_every_written_record_matches_the_shipped_schema(game: Game, record_text: str):
    """The JSON Schema ships in the package (data/schema) and validates what we write."""
    from jsonschema import Draft202012Validator

    schema = load_schema()
    Draft202012Validator.check_schema(schema)
    validator = Draft202012Validator(schema)
    assert list(validator.iter_errors(json.loads(record_text))) == []
    bad = json.loads(record_text)
    bad["steps"][0] = 7
    assert list(validator.iter_errors(bad))


def test_the_example_in_docs_records_md_loads_and_replays(repo_root: Path):
    """The annotated example in docs/records.md is a valid record."""
    text = (repo_root / "docs" / "records.md").read_text(encoding="utf-8")
    example = text.split("```json\n", 1)[1].split("```", 1)[0]
    record = GameRecord.loads(example)
    assert record.steps[5].before == "What would you bid here?"
    assert record.moves((0,))[-1] == "bid apollo"
    assert record.replay().to_act == "Athens"


def test_rule_options_are_stored_and_restored():
    """docs/architecture.md 'The rule options': the rule options are stored in every record."""
    game = random_game(2, seed=3, moves=20, two_player_priest_discount="total", tie_break="gold")
    again = GameRecord.loads(game.record.dumps())
    assert again.options == game.state.options
    assert again.replay().state.options.two_player_priest_discount == "total"


# --------------------------------------------------------------------------- round trip


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3), (5, 4)])
def test_save_load_save_is_byte_identical(tmp_path: Path, players: int, seed: int):
    """Issue 5: save → load → save is byte-identical (canonical JSON)."""
    game = random_game(players, seed=seed, moves=70)
    game.meta.update(title="Partie", date="2024-05-01", description="Ελληνικά · 中文 · emoji 🏛")
    record = GameRecord.from_game(game)
    sea = sea_by_naxos(record.map)
    record.annotate(
        3, before="¿Qué harías?", after="好棋!", tag="rule point", arrows=[("naxos", sea)]
    )
    record.add_variation(
        len(record) - 1, [game.history[move_positions(game)[-1]].notation or "end"]
    )
    first = tmp_path / "a.json"
    record.save(first)
    second = tmp_path / "b.json"
    GameRecord.load(first).save(second)
    assert first.read_bytes() == second.read_bytes()
    assert first.read_bytes().endswith(b"\n")
    assert GameRecord.load(second) == record


def test_replay_reaches_the_same_state_and_history(game: Game):
    """record.replay() is the Game at the end: same state, moves and number of steps."""
    replayed = GameRecord.loads(game.record.dumps()).replay()
    assert replayed.state == game.state
    assert replayed.moves() == game.moves()
    assert len(replayed.history) == len(game.history)


def test_game_to_json_uses_the_record_format(game: Game):
    """Game.to_json / Game.from_json read and write cyclades-record/1."""
    text = game.to_json()
    assert json.loads(text)["format"] == FORMAT
    assert text == game.record.dumps()
    assert Game.from_json(text).state == game.state
    with pytest.raises(RecordError):
        Game.from_json('{"format": "cyclades-game/1"}')


# --------------------------------------------------------------------------- seeking


def test_game_at_every_step_equals_the_played_position(game: Game):
    """game_at(k): the game after k moves, automatic steps run up to the next decision or
    chance step; at k = 0 the starting position."""
    record = GameRecord.loads(game.record.dumps())
    positions = move_positions(game)
    for k, pos in enumerate(positions):
        at = record.game_at(k)
        assert at.state == game.history[pos].before, k
        assert at.moves() == game.moves()[:k]
    assert record.game_at(len(positions)).state == game.state
    with pytest.raises(IndexError):
        record.game_at(len(positions) + 1)
    with pytest.raises(IndexError):
        record.game_at(-1)


def test_game_at_has_full_history_and_is_independent(game: Game):
    """The sought game can be undone back to the start, and playing on it does not
    change the record."""
    record = GameRecord.loads(game.record.dumps())
    k = 30
    at = record.game_at(k)
    while at.undo() is not None:
        pass
    assert at.state == record.initial_state()
    again = record.game_at(k)
    again.advance(to="decision")
    again.play(again.legal_actions()[0])
    assert record.game_at(k).moves() == game.moves()[:k]
    assert record.replay().state == game.state


def test_seeking_any_step_of_a_600_step_record_gives_that_position():
    """Issue 5: seeking copies the state kept before a step (no replay from the start);
    its cost is a benchmark (``benchmarks/bench_records.py``, ``seek_600_ms``), never a
    timed test. Here: every 37th of 601 seeks gives the position a fresh replay reaches."""
    games = (random_game(players=2, seed=seed, moves=1200) for seed in range(20))
    long_game = next(g for g in games if len(g.moves()) >= 600)
    moves = long_game.moves()
    record = GameRecord(long_game.players, map=long_game.state.map_id, steps=moves[:600])
    record.validate()
    for k in range(0, 601, 37):
        again = GameRecord(long_game.players, map=long_game.state.map_id, steps=moves[:k])
        assert record.game_at(k).state == again.replay().state


# --------------------------------------------------------------------------- annotations


def test_annotations_round_trip_with_highlights_and_arrows(record_text: str):
    """Issue 5: per-step comment before and after, a tag, highlighted isles and seas,
    arrows."""
    record = GameRecord.loads(record_text)
    assert record.steps[5].before == "What would you bid here?"
    assert record.steps[5].tag == "key move"
    assert record.steps[9].after == "Ares was cheap this cycle."
    sea = sea_by_naxos(record.map)
    assert record.steps[9].isles == ["naxos"] and record.steps[9].seas == [sea]
    data = json.loads(record_text)
    assert data["steps"][5] == {
        "move": record.steps[5].move,
        "before": "What would you bid here?",
        "tag": "key move",
    }
    assert isinstance(data["steps"][4], str), "a step without annotations stays a bare move"
    other = sorted(MapSpec.load(record.map).sea_neighbours[sea])[0]
    record.annotate(2, arrows=[("naxos", sea), Arrow(sea, other)])
    assert GameRecord.loads(record.dumps()).steps[2].arrows == [
        Arrow("naxos", sea),
        Arrow(sea, other),
    ]


def test_annotating_an_unknown_isle_is_a_record_error(game: Game):
    """Annotation targets must be isles or seas of the record's map."""
    record = game.record
    before = record.dumps()
    with pytest.raises(RecordError) as info:
        record.annotate(2, isles=["atlantis"])
    assert info.value.path == "$.steps[2].highlights.isles[0]"
    assert "atlantis" in str(info.value) and "isles:" in str(info.value)
    assert record.dumps() == before
    with pytest.raises(IndexError):
        record.annotate(len(record), tag="x")


# --------------------------------------------------------------------------- variations


def test_variation_replaces_a_step_and_replays_its_own_line(game: Game):
    """A variation at step k is played from the position before step k."""
    record = game.record
    k = next(i for i, m in enumerate(game.moves()) if m.startswith("bid "))
    base = record.game_at(k)
    alternative = next(str(a) for a in base.legal_actions() if str(a) != game.moves()[k])
    line = record.add_variation(k, [alternative], comment="or this?")
    assert line == (0,)
    assert record.moves(line) == [*game.moves()[:k], alternative]
    again = GameRecord.loads(record.dumps())
    assert again.variations[0].comment == "or this?"
    assert again.replay(line).moves() == [*game.moves()[:k], alternative]
    assert again.game_at(k, line).state == base.state


def test_variations_nest_to_any_depth(game: Game):
    """Issue 5: alternative lines branch at any step, to any depth: here each variation
    replaces the only step of the one before it with yet another bid."""
    record = game.record
    k = next(i for i, m in enumerate(game.moves()) if m.startswith("bid "))
    legal = [str(a) for a in record.game_at(k).legal_actions() if str(a) != game.moves()[k]]
    line: tuple[int, ...] = ()
    for depth in range(5):
        line = record.add_variation(k, [legal[depth]], line=line, comment=f"depth {depth}")
    assert line == (0, 0, 0, 0, 0)
    again = GameRecord.loads(record.dumps())
    assert again.moves(line) == [*game.moves()[:k], legal[4]]
    assert again.variation(line).comment == "depth 4"
    assert again.replay(line).moves() == again.moves(line)


def test_illegal_variation_is_rejected_and_the_record_unchanged(game: Game):
    """Every step of a variation is checked; an illegal one leaves the record as before."""
    record = game.record
    before = record.dumps()
    with pytest.raises(RecordError) as info:
        record.add_variation(4, ["bid ares 99"])
    assert info.value.path == "$.variations[0].steps[0]"
    assert record.dumps() == before and record.variations == []


def test_undone_steps_and_forks_become_variations():
    """Issue 5: game.record keeps undo/redo and forks as variations where asked."""
    game = random_game(3, seed=9, moves=40)
    full = game.moves()
    fork = game.fork()
    fork.advance(to="decision")
    fork.play(fork.legal_actions()[-1])
    for _ in range(6):
        game.undo()
    main = game.moves()
    plain = GameRecord.from_game(game)
    assert plain.variations == [] and plain.moves() == main
    record = GameRecord.from_game(game, variations=True, forks=[fork])
    assert record.moves() == main
    assert record.moves((0,)) == full
    assert record.variations[0].comment == "undone line"
    assert record.add_line(fork.moves()) != () and record.moves((0, 0)) == fork.moves()
    assert record.add_line(full[:-2]) == (0,), "a prefix of a recorded line adds nothing"
    GameRecord.loads(record.dumps()).validate()


def test_game_from_a_staged_position_keeps_its_start():
    """A game that did not start from the standard setup stores its starting position."""
    state = new_state(3)
    state.players[0].gold = 9
    state.bank -= 4
    game = Game(state, seed=5)
    game.advance(to="decision")
    game.play(game.legal_actions()[0])
    record = game.record
    assert "start" in record.to_dict()
    again = GameRecord.loads(record.dumps())
    assert again.replay().state == game.state
    data = record.to_dict()
    data["start"]["names"] = ["A", "B", "C"]
    with pytest.raises(RecordError) as info:
        loads_data(data)
    assert info.value.path == "$.start"


# --------------------------------------------------------------------------- strict loading


def _mutate(text: str, path: list, value) -> dict:
    data = json.loads(text)
    node = data
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return data


@pytest.mark.parametrize(
    ("change", "path", "expected"),
    [
        (
            lambda d: d.update(format="cyclades-record/3"),
            "$.format",
            "expected 'cyclades-record/2'",
        ),
        (lambda d: d.update(edition="legendary"), "$.edition", "matagot-2009"),
        (lambda d: d.pop("players"), "$", "missing required key 'players'"),
        (lambda d: d.update(seed="7"), "$.seed", "expected a whole number, got a string"),
        (lambda d: d.update(seed=True), "$.seed", "expected a whole number"),
        (lambda d: d.update(extra=1), "$", "unknown key 'extra'"),
        (lambda d: d.update(map="map-9"), "$.map", "unknown map 'map-9'"),
        (lambda d: d.update(map="map-5"), "$.map", "no start positions for 3 players"),
        (lambda d: d.update(players=["A", "A", "B"]), "$.players", "must differ"),
        (lambda d: d.update(players=["Athens"]), "$.players", "at least 2"),
        (lambda d: d["options"].update(tie_break="coin"), "$.options.tie_break", "expected one of"),
        (lambda d: d["options"].update(house=1), "$.options.house", "unknown rule option"),
        (lambda d: d.update(date="May 2024"), "$.date", "ISO 8601"),
        (lambda d: d["steps"].__setitem__(3, 12), "$.steps[3]", "expected a move in notation"),
        (
            lambda d: d["steps"].__setitem__(3, {"mvoe": "end"}),
            "$.steps[3]",
            "missing required key 'move'",
        ),
        (lambda d: d["steps"].__setitem__(3, {"move": 3}), "$.steps[3].move", "expected a string"),
        (lambda d: d["steps"][5].update(tag=""), "$.steps[5].tag", "non-empty"),
        (
            lambda d: d["steps"][9]["highlights"].update(isles=[7]),
            "$.steps[9].highlights.isles[0]",
            "expected a string, got a whole number",
        ),
        (
            lambda d: d["steps"][9]["highlights"].update(isles=["atlantis"]),
            "$.steps[9].highlights.isles[0]",
            "no isle 'atlantis'",
        ),
        (
            lambda d: d["steps"][9]["highlights"].update(seas=["naxos"]),
            "$.steps[9].highlights.seas[0]",
            "no sea 'naxos'",
        ),
        (
            lambda d: d["steps"][9].update(arrows=[{"from": "naxos", "to": "zz9"}]),
            "$.steps[9].arrows[0].to",
            "'zz9' is not an isle or sea of map-2-3; isles are delos",
        ),
        (
            lambda d: d["steps"].__setitem__(12, "fly to the moon"),
            "$.steps[12]",
            "unknown notation",
        ),
        (lambda d: d["steps"][5].update(move="bid ares"), "$.steps[5].move", "illegal move"),
        (lambda d: d["steps"].__setitem__(0, "end"), "$.steps[0]", "illegal move 'end'"),
        (
            lambda d: d.update(variations=[{"at": 999, "steps": ["end"]}]),
            "$.variations[0].at",
            "expected 0 to",
        ),
        (
            lambda d: d.update(variations=[{"at": -1, "steps": ["end"]}]),
            "$.variations[0].at",
            "≥ 0",
        ),
        (
            lambda d: d.update(variations=[{"at": 3, "steps": []}]),
            "$.variations[0].steps",
            "at least 1",
        ),
        (
            lambda d: d.update(variations=[{"at": 3, "steps": ["roll 9 9"]}]),
            "$.variations[0].steps[0]",
            "illegal move",
        ),
        (lambda d: d.update(start={"names": []}), "$.start", ""),
    ],
)
def test_malformed_record_raises_record_error_with_json_path(record_text, change, path, expected):
    """Issue 5: loading is strict; a RecordError names the JSON path and what was expected."""
    data = json.loads(record_text)
    change(data)
    with pytest.raises(RecordError) as info:
        loads_data(data)
    assert info.value.path == path, str(info.value)
    assert expected in str(info.value)
    assert str(info.value).startswith(path + ": ")


def test_illegal_bid_names_the_offering_rule(game: Game):
    """seed 000 'Offerings': 'It is forbidden to bid more than you can afford'; the record
    error says so at the step's path."""
    data = game.record.to_dict()
    k = next(i for i, m in enumerate(data["steps"]) if m.startswith("bid ") and m != "bid apollo")
    god = data["steps"][k].split()[1]
    data["steps"][k] = f"bid {god} 60"
    with pytest.raises(RecordError) as info:
        loads_data(data)
    assert info.value.path == f"$.steps[{k}]"
    assert "cannot bid 60" in str(info.value)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", "not valid JSON"),
        ("{", "not valid JSON"),
        ("[1, 2]", "expected a record object, got a list"),
        ('"record"', "expected a record object"),
        ('{"format": "cyclades-record/1", "format": "x"}', "duplicate key 'format'"),
        ('{"seed": NaN}', "NaN is not allowed"),
        ('{"seed": Infinity}', "Infinity is not allowed"),
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
        ('{"title": "\\ud800"}', "lone surrogate"),
        ('{"seed": 1' + "0" * 5000 + "}", "not valid JSON"),
    ],
)
def test_malformed_json_raises_record_error(text: str, expected: str):
    """Issue 5: a malformed file raises RecordError, never another exception."""
    with pytest.raises(RecordError) as info:
        GameRecord.loads(text)
    assert expected in str(info.value)
    assert info.value.path == "$"


def test_non_utf8_bytes_and_missing_files_are_record_errors(tmp_path: Path):
    with pytest.raises(RecordError, match="not UTF-8"):
        GameRecord.loads(b'{"title": "\xff"}')
    with pytest.raises(RecordError, match="cannot read"):
        GameRecord.load(tmp_path / "missing.json")


def test_notation_is_normalized_on_load(record_text: str):
    """Moves are stored in canonical notation (docs/notation.md), whatever the spacing."""
    data = json.loads(record_text)
    data["steps"][3] = "  " + data["steps"][3].upper().replace(" ", "   ") + " "
    record = loads_data(data)
    assert record.steps[3].move == json.loads(record_text)["steps"][3]


# --------------------------------------------------------------------------- fuzzing


@pytest.fixture(scope="module")
def short_record() -> str:
    record = random_game(3, seed=11, moves=15).record
    record.annotate(4, before="?", isles=["naxos"], arrows=[("naxos", sea_by_naxos(record.map))])
    record.add_variation(6, [record.moves()[6]])
    return record.dumps()


@pytest.mark.reliability
@given(data=st.data())
def test_fuzz_mutated_text_gives_only_record_errors(short_record: str, data):
    """Issue 5: mutated record text raises RecordError and nothing else (100 examples in
    ``make test``; 2000 in ``make reliability``, CYCLADES_LONG=1, see tests/conftest.py)."""
    text = short_record
    for _ in range(data.draw(st.integers(1, 4))):
        i = data.draw(st.integers(0, len(text)))
        j = data.draw(st.integers(i, min(len(text), i + 8)))
        text = text[:i] + data.draw(st.text(max_size=6)) + text[j:]
    try:
        record = GameRecord.loads(text)
    except RecordError as exc:
        assert exc.path.startswith("$")
    else:
        assert GameRecord.loads(record.dumps()).dumps() == record.dumps()


_json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 10**6) | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=6,
)


def _paths(node, prefix=()):
    yield prefix
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _paths(v, (*prefix, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _paths(v, (*prefix, i))


@given(data=st.data())
def test_fuzz_replaced_values_give_only_record_errors(short_record: str, data):
    """Any value anywhere in a record replaced by other JSON: RecordError or a record."""
    doc = json.loads(short_record)
    paths = [p for p in _paths(doc) if p]
    path = data.draw(st.sampled_from(paths))
    node = doc
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = data.draw(_json_values)
    try:
        GameRecord.loads(json.dumps(doc))
    except RecordError as exc:
        assert exc.path.startswith("$")


def test_annotate_refuses_a_malformed_arrow_naming_it_and_changes_nothing():
    """Issue 24: a one-ended arrow raised a bare TypeError."""
    record = Game.new(players=3, seed=2).record
    before = record.dumps()
    for bad in ([("naxos",)], [3], [("naxos", "paros", "milos")], [{"from": "naxos"}]):
        with pytest.raises(RecordError) as err:
            record.annotate(2, arrows=bad)
        assert err.value.path.startswith("$.steps[2].arrows[0]")
        assert record.dumps() == before
    assert "arrow" in str(pytest.raises(RecordError, record.annotate, 2, arrows=[3]).value)


def test_annotate_takes_arrows_in_the_files_own_form():
    """Issue 24: {"from": ..., "to": ...}, as a record file writes an arrow, is taken."""
    record = Game.new(players=3, seed=2).record
    record.annotate(2, arrows=[{"from": "naxos", "to": "paros"}, ("paros", "milos")])
    assert [(a.source, a.target) for a in record.step(2).arrows] == [
        ("naxos", "paros"),
        ("paros", "milos"),
    ]
    again = GameRecord.loads(record.dumps())
    assert again.step(2).arrows == record.step(2).arrows
