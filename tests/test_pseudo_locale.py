"""The pseudo-locale walk (issue 11 item 2, issue 14): in the test-only language ``pseudo``
every word of the catalogs comes wrapped as ``⟦…⟧`` (values stand outside the wrappers), so
any user-visible word that does not come from the catalogs shows up here.

With ``set_language("pseudo")``: full games of 2 to 5 players played by bots (creatures,
battles) with every step's narration, the record's text and every table (headers and every
text cell) at every phase; the battle odds summary; the Battle Lab's controls, status lines
and everything it draws; and the error of every kind that Scenario, the records, the tables,
the odds and the Battle Lab raise. Allowed outside the wrappers: player names, numbers,
notation (moves, isle, sea and creature ids) and the caller's own words echoed in an error.
The board's view model and the rules' errors are walked by their own tests.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import pandas as pd
import pytest
from pseudo import unwrapped

import cyclades_widgets as cw
from cyclades_widgets.bots import GreedyBot, RandomBot
from cyclades_widgets.cli.record_text import record_text
from cyclades_widgets.game import Bot, GameRecord
from cyclades_widgets.house_rules import describe
from cyclades_widgets.i18n import PSEUDO, catalog, language
from cyclades_widgets.narrate import game_log
from cyclades_widgets.odds import OddsError, battle_odds
from cyclades_widgets.records import tree
from cyclades_widgets.rules.battle import Battle
from cyclades_widgets.rules.board import MapSpec, available_maps
from cyclades_widgets.rules.errors import CycladesError, RecordError
from cyclades_widgets.rules.state import BUILDINGS, CREATURES, Displaced, GameState, Phase
from cyclades_widgets.scenario import ScenarioError
from cyclades_widgets.tables import TableError, Tables
from cyclades_widgets.widgets import battlelab
from cyclades_widgets.widgets.battlelab import BattleLab, LabError

ISLES = {i for m in available_maps() for i in MapSpec.load(m).isles}
NOTATION_IDS = ISLES | set(CREATURES)


@pytest.fixture(autouse=True)
def pseudo_session():
    """Every test here runs with the session language set to the pseudo language."""
    with language(PSEUDO):
        yield


def check(text: str, allowed: Iterable[str] = ()) -> None:
    """``text`` shows no word outside the wrappers but the ``allowed`` ones."""
    words = unwrapped(text, allowed)
    assert words == [], f"words not from the catalogs: {words} in {text!r}"


# --------------------------------------------------------------------------- full games


GAMES = ((2, 41), (3, 42), (4, 43), (5, 44))


def play(players: int, seed: int) -> tuple[cw.Game, list[pd.DataFrame], list[str]]:
    """A bot game (first seat greedy, the others random) walked phase by phase to its end;
    at every phase, every table and the last step's narration in the session's language,
    and at the end the log of every event."""
    game = cw.Game.new(players=players, seed=seed)
    bots: dict[str, Bot] = {
        name: GreedyBot(seed=seed) if i == 0 else RandomBot(seed + i)
        for i, name in enumerate(game.players)
    }
    frames: list[pd.DataFrame] = []
    captions: list[str] = []
    while not game.is_over and game.cycle <= 40:
        game.advance(to="phase", bots=bots)
        tables = Tables(game, viewer=game.players[0])
        frames += [tables.players(), tables.isles(), tables.seas(include_empty=True)]
        frames += [tables.gods(), tables.creatures()]
        for styled in (tables.players(styled=True), tables.gods(styled=True)):
            captions.append(str(styled.caption))
        captions.append(game.explain())
    frames.append(Tables(game).log())  # every event of the game
    return game, frames, captions


@pytest.fixture(scope="module")
def walked() -> list[tuple[cw.Game, list[pd.DataFrame], list[str]]]:
    with language(PSEUDO):
        return [play(players, seed) for players, seed in GAMES]


def allowed_in(game: cw.Game) -> set[str]:
    """Player names and notation: the game's moves, isle, sea and creature ids."""
    moves = {step.notation for step in game.history if step.notation}
    return set(game.players) | moves | NOTATION_IDS


def test_the_walk_covers_creatures_battles_and_every_player_count(walked):
    kinds = {e.kind for game, _, _ in walked for step in game.history for e in step.events}
    assert {"creature_bought", "battle_round", "battle_end", "build", "recruit"} <= kinds
    assert [game.state.n_players for game, _, _ in walked] == [2, 3, 4, 5]
    assert all(game.is_over for game, _, _ in walked)  # full games, to the winner


def test_every_line_of_narration_comes_from_the_catalogs(walked):
    for game, _, captions in walked:
        lines = game_log(game, strict=True)
        assert len(lines) > 100
        for line in lines:
            check(line.text, game.players)
        for text in captions:
            check(text, game.players)


def test_every_table_header_and_text_cell_comes_from_the_catalogs(walked):
    for game, frames, _ in walked:
        allowed = allowed_in(game)
        for df in frames:
            for header in [*map(str, df.columns), str(df.index.name or "")]:
                check(header)
            for value in df.to_numpy().ravel():
                if isinstance(value, str):
                    check(value, allowed)
            for value in df.index:
                if isinstance(value, str):
                    check(value, allowed)


def test_the_record_text_comes_from_the_catalogs(walked):
    game = walked[1][0]
    record = game.record
    record.add_variation(3, [record.steps[3].move])
    lines = record_text(record)
    assert len(lines) > 100
    for line in lines:
        check(line, allowed_in(game))
    options = cw.RuleOptions(tie_break="metropolises_then_gold", kraken_moves="none")
    other = GameRecord(["Athens", "Sparta"], map="map-2-3", options=options)
    for line in record_text(other):
        check(line, {"Athens", "Sparta"})
    for rule in describe(every=True):
        check(rule.title)
        check(rule.rule)


# --------------------------------------------------------------------------- odds and lab


def test_the_battle_odds_summary_comes_from_the_catalogs():
    for kwargs in ({}, {"defender_bonus": 2}, {"retreat": "both-at-1"}, {"attacker_bonus": 1}):
        for attackers, defenders in ((1, 1), (3, 2), (8, 1), (1, 8)):
            check(battle_odds(attackers, defenders, **kwargs).summary())


@pytest.fixture
def drawn(monkeypatch) -> list[str]:
    """Every text the Battle Lab draws on its canvas."""
    texts: list[str] = []
    draw = battlelab._text

    def record(c: Any, text: str, *args: Any, **kwargs: Any) -> None:
        texts.append(text)
        draw(c, text, *args, **kwargs)

    monkeypatch.setattr(battlelab, "_text", record)
    return texts


def test_the_battle_lab_speaks_only_the_catalogs_words(drawn):
    lab = BattleLab(delay=0, fortresses=1, retreat="defender-at-1")
    controls = [lab.fortresses, lab.metropolis, lab.attacker_bonus, lab.retreat, lab.seed]
    shown = [c.description for c in controls] + [label for label, _ in lab.retreat.options]
    shown += [lab.rerun.description, lab.rerun.tooltip, lab.status.value]
    lab.rerun.click()  # no battle yet
    shown.append(lab.status.value)
    lab.select(3, 2)
    shown.append(lab.status.value)
    for seed in range(6):
        trace = lab.play(4, 3, seed=seed)
        call = f"lab.play(4, 3, seed={seed})"
        check(lab.status.value, {call})
        shown += [frame["text"] for frame in lab.frames if "text" in frame]
        shown.append(lab.frames[0]["note"])
    assert trace.rounds and len(drawn) > 100
    for text in [*shown, *drawn]:
        check(text)


# --------------------------------------------------------------------------- errors


def raised(action: Callable[[], object], kind: type[CycladesError]) -> CycladesError:
    with pytest.raises(kind) as info:
        action()
    return info.value


def sc(players: int = 3) -> cw.Scenario:
    return cw.Scenario(players=players)


def _fill_with(kind: str) -> Callable[[], object]:
    """Put ``kind`` (a building, or "metropolis") on every isle of the 5-player map until
    the supply runs out."""

    def fill() -> None:
        s = cw.Scenario(players=5).empty()
        for i, isle in enumerate(MapSpec.load("map-5").isles):
            s.troops(isle, s.state().names[i % 5], 1)
            for _ in range(s.state().isles[isle].troops and 2):
                if kind == "metropolis":
                    s.metropolis(isle)
                    break
                s.build(isle, kind)

    return fill


def _staged(change: Callable[[GameState], object]) -> GameState:
    """A game's position, changed so that a scenario cannot set it up."""
    state = cw.Game.new(players=3, seed=1).state
    change(state)
    return state


STAGED: list[tuple[Callable[[GameState], object], set[str]]] = [
    (lambda s: setattr(s, "phase", Phase.OVER), set()),
    (lambda s: setattr(s, "phase", Phase.CREATURES), set()),
    (
        lambda s: s.pending.append(
            Battle(
                player=None,
                terrain="land",
                space="naxos",
                attacker=1,
                defender=0,
                attackers=1,
                round=1,
                origin=None,
            )
        ),
        set(),
    ),
    (lambda s: setattr(s, "displaced", Displaced(1, "ares")), {"Sparta"}),
    (lambda s: setattr(s.isles["naxos"], "figurine", "minotaur"), set()),
    (lambda s: setattr(s.players[2], "eliminated", True), {"Corinth"}),
    (lambda s: s.temples_used.update({0: 1}), set()),
    (lambda s: s.returned.append(0), {"returned"}),
]
"""Positions a scenario refuses to read back, and the names their refusals show."""


SCENARIO_CASES: list[tuple[Callable[[], object], set[str]]] = [
    (lambda: sc().build("delos", "port"), set()),
    (lambda: sc().build("kea", "fortress", "port"), set()),
    (_fill_with("fortress"), set()),
    (lambda: sc().empty().troops("paros", "Athens", 1).troops("milos", "Athens", 1)
     .build("paros", "fortress", "port").build("milos", "temple", "university"), {"Athens"}),
    (lambda: sc().metropolis("delos"), set()),
    (lambda: sc().metropolis("kea").metropolis("kea"), set()),
    (lambda: sc().troops("naxos", "Athens", 1).build("naxos", "fortress", "port", "temple")
     .metropolis("naxos"), set()),
    (_fill_with("metropolis"), set()),
    (lambda: sc().prosperity("kea", 16).prosperity("naxos", 1), set()),
    (lambda: sc().philosophers("Athens", 4), {"Athens"}),
    (lambda: sc().priests("Athens", 100), set()),
    (lambda: sc().gods("apollo"), set()),
    (lambda: sc().gods("hermes"), {"'hermes'", "ares", "poseidon", "zeus", "athena"}),
    (lambda: sc().gods("ares", "ares"), set()),
    (lambda: sc().order("Athens", "Sparta"), {"Athens", "Sparta"}),
    (lambda: sc().creatures("siren", "pegasus", "giant", "sphinx"), set()),
    (lambda: sc().creatures("hydra"), {"'hydra'", *CREATURES}),
    (lambda: sc().creatures("pegasus", "pegasus"), set()),
    (lambda: sc().offering("apollo", "Athens", 2), set()),
    (lambda: sc().offering("hermes", "Athens"), {"'hermes'", "ares", "poseidon", "zeus",
                                                 "athena", "apollo"}),
    (lambda: sc().phase("battle"), {"'battle'", "revenue", "offerings", "actions", "end"}),
    (lambda: sc().phase("offerings", god="ares"), set()),
    (lambda: sc().dice("4 0"), {"'4 0'"}),
    (lambda: sc().creatures("pegasus", "giant").state(), set()),
    (lambda: sc().offering("ares", "Athens").phase("revenue").state(), set()),
    (lambda: sc().offering("ares", "Athens", 6).state(), {"Athens"}),
    (lambda: sc().offering("ares", "Corinth", 1).state(), {"Athens", "Sparta", "Corinth"}),
    (lambda: sc().phase("actions", god="ares").state(), set()),
    (lambda: sc().offering("ares", "Sparta").phase("actions", god="ares", player="Athens")
     .state(), {"Athens", "Sparta"}),
    (lambda: sc(4).gods("zeus", "ares", "poseidon", "athena").offering("athena", "Athens")
     .state(), set()),
    (lambda: sc(2).offering("ares", "Athens").offering("zeus", "Athens")
     .offering("apollo", "Athens").state(), {"Athens"}),
    (lambda: sc().empty().territory("kea", "Athens").territory("syros", "Athens")
     .territory("delos", "Athens").territory("paros", "Athens"), {"Athens"}),
    (lambda: sc().troops("naxos", 7, 1), {"'Athens'", "7"}),  # type: ignore[arg-type]
    (lambda: sc().troops("naxos", "Rome", 1), {"'Rome'", "Athens", "Sparta", "Corinth"}),
    (lambda: sc().troops("c2", "Athens", 1), set()),
    (lambda: sc().troops("atlantis", "Athens", 1), {"'atlantis'", *ISLES}),
    (lambda: sc().fleets("naxos", "Athens", 1), set()),
    (lambda: sc().fleets("z9", "Athens", 1), {"'z9'"}),
    (lambda: sc().build("naxos", "palace"), {"'palace'", "fortress", "port", "temple",
                                              "university"}),
    (lambda: sc().empty().troops("naxos", "Athens", 5).troops("kea", "Athens", 4), {"Athens"}),
    (lambda: sc().fleets("a2", "Athens", 7), {"Athens"}),
    (lambda: sc().gold("Athens", -1), {"-1"}),
    (lambda: sc().gold("Athens", 60).gold("Sparta", 60), {"Sparta"}),
    (lambda: _unsupplied().state(), {"supply: 0 ports on the board + 11 in the supply ≠ 10"}),
    (lambda: sc().troops(5, "Athens", 1), {"5"}),  # type: ignore[arg-type]
    (lambda: sc().remove("naxos", "dragon"), {"'dragon'", "troop", "fleet", "territory",
                                               "metropolis", "prosperity", *BUILDINGS}),
    (lambda: sc().remove("delos", "troops"), set()),
    (lambda: sc().remove("delos", "territory"), set()),
    (lambda: sc().remove("naxos", "troops", 2), set()),
    (lambda: sc().remove_offering("ares"), set()),
    (lambda: sc().discard("siren").state(), set()),
    (lambda: sc(4).gods(shuffled=False), {"False"}),
    *[(lambda change=change: cw.Scenario.from_state(_staged(change)), names)
      for change, names in STAGED],
]  # fmt: skip


def _unsupplied() -> cw.Scenario:
    """A scenario whose supply no call could break: the last check, every invariant, says
    so (the breach is shown as the checker wrote it, without its sources)."""
    scenario = sc()
    scenario._base.building_supply["port"] = 11  # noqa: SLF001
    return scenario


def test_every_kind_of_scenario_error_comes_from_the_catalogs():
    keys = set()
    for action, allowed in SCENARIO_CASES:
        err = raised(action, ScenarioError)
        assert isinstance(err.msg, cw.i18n.Message)
        keys.add(err.msg.key)
        check(str(err), allowed)
    nested = {
        "scenario.gp_list",
        *(
            k
            for k in catalog().entries
            if k.startswith("scenario.stage.")
            and k not in ("scenario.stage.refused", "scenario.stage.fields")
        ),
    }
    own = {k for k in catalog().entries if k.startswith("scenario.") and ".what." not in k}
    assert own - nested - keys == set(), "scenario errors no case raises"


def record_data() -> dict[str, Any]:
    game = cw.Game.new(players=3, seed=7)
    for _ in range(12):
        game.advance(to="decision")
        game.play(game.legal_actions()[0])
    record = game.record
    record.annotate(4, after="Note.", isles=["naxos"])
    return record.to_dict()


def edit(change: Callable[[dict[str, Any]], object]) -> Callable[[], object]:
    def load() -> object:
        data = record_data()
        change(data)
        return GameRecord.loads(json.dumps(data))

    return load


def _deep_variations() -> object:
    data = record_data()
    node: dict[str, Any] = {"at": 0, "steps": ["end"]}
    data["variations"] = [node]
    for _ in range(3000):
        node["variations"] = [{"at": 0, "steps": ["end"]}]
        node = node["variations"][0]
    return GameRecord.from_dict(data)


def start(change: Callable[[dict[str, Any]], object]) -> Callable[[], object]:
    """A record whose start position is the standard setup, changed."""

    def change_start(d: dict[str, Any]) -> None:
        names = d["players"]
        state = cw.Game.new(players=names, seed=1, start="setup").state.to_dict()
        change(state)
        d.update(start=state)

    return edit(change_start)


def _many_variations(count: int, depth: int) -> Callable[[], object]:
    """``count`` variations, each nested ``depth`` deep."""

    def change(d: dict[str, Any]) -> None:
        nodes = []
        for _ in range(count):
            node: dict[str, Any] = {"at": 0, "steps": ["end"]}
            for _ in range(depth):
                node = {"at": 0, "steps": ["end"], "variations": [node]}
            nodes.append(node)
        d["variations"] = nodes

    return edit(change)


RECORD_CASES: list[tuple[Callable[[], object], set[str]]] = [
    (lambda: GameRecord.loads('{"a": 1, "a": 2}'), {"'a'"}),
    (lambda: GameRecord.loads('{"seed": NaN}'), {"NaN"}),
    (lambda: GameRecord.loads(b"\xff\xfe\xfa"), set()),
    (lambda: GameRecord.loads(7), {"int"}),  # type: ignore[arg-type]
    (lambda: GameRecord.loads("{"), set()),
    (lambda: GameRecord.loads("[" * 100_000 + "]" * 100_000), set()),
    (lambda: GameRecord.loads('{"seed": 1' + "0" * 5000 + "}"), set()),
    (lambda: GameRecord.loads('{"title": "\\ud800"}'), set()),
    (lambda: GameRecord.loads("[1]"), set()),
    (edit(lambda d: d["steps"].__setitem__(3, 12)), set()),
    (edit(lambda d: d.update(seed="7")), set()),
    (edit(lambda d: d.pop("players")), {"'players'"}),
    (edit(lambda d: d.update(extra=1)), {"'extra'", "format", "edition", "title", "date", "checksum",
                                         "description", "players", "map", "seed", "options",
                                         "start", "steps", "variations"}),
    (edit(lambda d: d.update(format="cyclades-record/3")), {"'cyclades-record/3'",
                                                            "'cyclades-record/2'"}),
    (edit(lambda d: d.update(date="May 2024")), {"'May 2024'"}),
    (edit(lambda d: d.update(checksum="md5:1")), {"'md5:1'"}),
    (edit(lambda d: d.update(variations=[{"at": 3, "steps": []}])), set()),
    (edit(lambda d: d.update(players=["A", "B", "C", "D", "E", "F"])), set()),
    (edit(lambda d: d["steps"][4].update(tag="")), set()),
    (edit(lambda d: d["steps"][4].update(tag="x" * 41)), set()),
    (edit(lambda d: d.update(variations=[{"at": -1, "steps": ["end"]}])), set()),
    (lambda: GameRecord.loads(" " * 2_000_001), set()),
    (edit(lambda d: d.update(seed=2**70)), set()),
    (edit(lambda d: d.update(title="a\x1b[2J")), {"U+001B"}),
    (edit(lambda d: d.update(date="2024-02-30")), {"'2024-02-30'"}),
    (edit(lambda d: d.update(title={"EN!": "x"})), {"'EN!'"}),
    (edit(lambda d: d["players"].__setitem__(0, "Athens\n")), {"U+000A"}),
    (edit(lambda d: d["players"].__setitem__(0, "Athens!")), {"'Athens!'"}),
    (edit(lambda d: d.update(steps=["end"] * 4001)), set()),
    (edit(lambda d: d.update(steps=["end"] * 3000,
                             variations=[{"at": 0, "steps": ["end"] * 1001}])), set()),
    (_many_variations(201, 0), set()),
    (_many_variations(101, 1), set()),
    (start(lambda s: s.update(phase="nap")), None),
    (_many_variations(1, 20), set()),
    (start(lambda s: s["fleets"].update(g5=[7, 1])), {"7"}),
    (start(lambda s: s["isles"].update(atlantis=s["isles"]["naxos"])), {"'atlantis'", *ISLES}),
    (start(lambda s: s["fleets"].update(zz9=[0, 1])), {"'zz9'"}),
    (start(lambda s: s.update(god_order=["hades"])), {"'hades'", "ares", "poseidon", "zeus",
                                                       "athena"}),
    (start(lambda s: s.update(creature_deck=["unicorn"])), {"'unicorn'", *CREATURES}),
    (start(lambda s: s["isles"]["naxos"][2].append("casino")), {"'casino'", "fortress",
                                                                 "port", "temple", "university"}),
    (start(lambda s: s.update(winner=0)), {"setup"}),
    (start(lambda s: s.update(bank=s["bank"] - 1)), None),
    (edit(lambda d: d["options"].update(house=1)), {"'house'", "card_supply", "kraken_moves",
                                                    "metropolis_without_room", "tie_break",
                                                    "two_player_priest_discount"}),
    (edit(lambda d: d["options"].update(tie_break="coin")), {"'coin'", "tie_break", "gold",
                                                             "metropolises_then_gold"}),
    (edit(lambda d: d.update(start=cw.Game.new(players=3, seed=1, start="setup").state
                             .to_dict() | {"names": ["X", "Y", "Z"]})), set()),
    (edit(lambda d: d["steps"].__setitem__(2, "fly to the moon")), None),
    (edit(lambda d: d.update(start=cw.Game.new(players=3, seed=1, start="setup").state
                             .to_dict() | {"phase": "nowhere"})),
     {"nowhere' is not a valid Phase"}),  # record.invalid: the detail is the engine's own
    (edit(lambda d: d["steps"][4]["highlights"].update(isles=["atlantis"])),
     {"'atlantis'", *ISLES}),
    (edit(lambda d: d["steps"][4]["highlights"].update(seas=["naxos"])), {"'naxos'"}),
    (edit(lambda d: d["steps"][4].update(arrows=[{"from": "naxos", "to": "zz9"}])),
     {"'zz9'", "map-2-3", *ISLES}),
    (edit(lambda d: d["steps"][4].update(after="a\ufffeb")), {"U+FFFE"}),
    (edit(lambda d: d.update(map="map-9")), {"'map-9'", *available_maps()}),
    (edit(lambda d: d.update(variations=[{"at": 999, "steps": ["end"]}])), set()),
    (edit(lambda d: d["steps"].__setitem__(0, "end")), None),
    (edit(lambda d: d.update(players=["A", "A", "B"])), None),
    (_deep_variations, set()),
    (lambda: GameRecord.from_dict(record_data()).annotate(0, tag=""), {"tag"}),
    (lambda: GameRecord.from_dict(record_data()).annotate(0, arrows=[("naxos",)]),
     {"('naxos',)", '"from"', '"to"', "from", "to", "id"}),
]  # fmt: skip
"""(action, words allowed); None: the reason comes from another part's message (the
notation, the rules), which its own tests walk: only our framing is checked."""


def _proper_words(message: cw.i18n.Message) -> set[str]:
    """The words a message keeps as they are (names, notation), its nested messages' too:
    a reason from another part (the rules, the notation) is walked by that part's tests."""
    words = set(message.proper)
    for value in message.params.values():
        if isinstance(value, cw.i18n.Message):
            words |= _proper_words(value)
        elif isinstance(value, list | tuple):
            words |= {w for w in value if isinstance(w, str)}
    return words


def test_every_kind_of_record_error_comes_from_the_catalogs(tmp_path: Path, monkeypatch):
    keys = set()
    cases = list(RECORD_CASES)
    cases += [
        (lambda: GameRecord.load(tmp_path / "none.json"), {str(tmp_path / "none.json")}),
        (lambda: GameRecord.load(tmp_path), {str(tmp_path)}),
    ]
    for action, allowed in cases:
        err = raised(action, RecordError)
        assert isinstance(err.msg, cw.i18n.Message), err
        keys.add(err.msg.key)
        text = str(err).split(": ", 1)[1]  # the JSON path is notation
        if allowed is None:
            nested = {v.render() if isinstance(v, cw.i18n.Message) else str(v)
                      for v in err.msg.params.values()}  # fmt: skip
            allowed = {*nested, *_proper_words(err.msg)}
        check(text, allowed)
    keys |= _file_and_bug_errors(tmp_path, monkeypatch)
    nested = {"record.either"}
    own = {
        k
        for k in catalog().entries
        if k.startswith("record.") and not k.startswith(("record.text.", "record.type."))
    }
    assert own - nested - keys == set(), "record errors no case raises"


def _file_and_bug_errors(tmp_path: Path, monkeypatch) -> set[str]:
    """The errors of an unreadable file and of an engine bug, forced."""
    keys = set()
    target = tmp_path / "game.json"
    target.write_text("{}", encoding="utf-8")
    for exc, key in ((PermissionError(13, "denied"), "forbidden"), (OSError(5, "io"), "other")):
        with monkeypatch.context() as m:
            m.setattr(os, "open", lambda *args, exc=exc: (_ for _ in ()).throw(exc))
            err = raised(lambda: GameRecord.load(target), RecordError)
        assert err.msg.key == f"record.cannot_read.{key}"
        check(str(err).split(": ", 1)[1], {str(target)})
        keys.add(err.msg.key)
    huge = tmp_path / "huge.json"
    with open(huge, "wb") as sparse:  # large on paper, nothing written
        sparse.truncate(10**7)
    for name, key in (("/dev/null", "not_a_file"), (str(huge), "too_large")):
        err = raised(lambda name=name: GameRecord.load(name), RecordError)
        assert err.msg.key == f"record.cannot_read.{key}"
        check(str(err).split(": ", 1)[1], {name})
        keys.add(err.msg.key)
    # Without the checksum, so every move goes through the checked Game.play.
    data = json.dumps({k: v for k, v in record_data().items() if k != "checksum"})
    with monkeypatch.context() as m:
        m.setattr(cw.Game, "play", lambda self, move: 1 / 0)
        err = raised(lambda: GameRecord.loads(data), RecordError)
    with monkeypatch.context() as m:
        m.setattr(tree, "validate_shape", lambda data: [][1])
        err_bug = raised(lambda: GameRecord.loads(data), RecordError)
    for bug in (err, err_bug):
        assert bug.msg.key == "record.bug"
        check(str(bug).split(": ", 1)[1], bug.msg.proper)
        keys.add(bug.msg.key)
    return keys


def test_table_odds_and_lab_errors_come_from_the_catalogs():
    game = cw.Game.new(players=3, seed=1)
    errors: list[tuple[CycladesError, set[str]]] = [
        (raised(lambda: Tables(game.state).log(), TableError), set()),
        (raised(lambda: Tables(game, viewer="Rome"), TableError),
         {"'Rome'", "Athens", "Sparta", "Corinth"}),
        (raised(lambda: battle_odds(0, 1), OddsError), {"attackers", "0"}),
        (raised(lambda: battle_odds(99, 1), OddsError), {"attackers", "99"}),
        (raised(lambda: battle_odds(2, 1, retreat="flee"), OddsError), {"'flee'"}),
        (raised(lambda: cw.odds.RetreatPolicy(defender_at=-1), OddsError),
         {"defender_at", "-1"}),
        (raised(lambda: BattleLab(delay=0, retreat="defender-at-5"), LabError),
         {"'defender-at-5'", "none", "defender-at-1", "defender-at-2", "attacker-at-1",
          "attacker-at-2", "both-at-1"}),
        (raised(lambda: BattleLab(delay=0).select(9, 1), LabError), {"attackers", "9"}),
        (raised(lambda: BattleLab(delay=0).play(), LabError), set()),
        (raised(lambda: BattleLab(delay=0).play(2, 2, seed="x"), LabError), {"'x'"}),  # type: ignore[arg-type]
    ]  # fmt: skip
    for err, allowed in errors:
        assert isinstance(err.msg, cw.i18n.Message)
        check(str(err), allowed)
    keys = {err.msg.key for err, _ in errors}
    own = {
        k for k in catalog().entries if k.startswith(("table.error.", "odds.error.", "lab.error."))
    }
    assert own == keys
