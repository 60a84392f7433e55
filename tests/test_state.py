"""``GameState`` declares its fields once (issue 11 'Typed rules internals').

Each field carries its codec (``rules/codec.py``); ``copy``, ``to_dict`` and ``from_dict`` are
derived from the field list. The JSON shape is the one records have always stored (their
``start`` positions), so existing records still load; pending steps are dataclasses of their
own kind, stored as ``{"kind", "player", "data"}`` as before.
"""

from __future__ import annotations

import json
from dataclasses import MISSING, fields

import pytest
from creature_positions import ATHENS, SPARTA, turn_position

from cyclades_widgets.rules.battle import Battle, Retreat
from cyclades_widgets.rules.creatures.effects import CreatureStep
from cyclades_widgets.rules.movement import FleetMove
from cyclades_widgets.rules.state import (
    PENDING_TYPES,
    Bid,
    Displaced,
    GameState,
    GodAction,
    Isle,
    Pending,
    Player,
    Turn,
)


def test_every_mutable_field_declares_its_codec():
    """A field without a codec holds an immutable value (shared by copies): a number, a
    string or None. Lists, dicts and objects declare how they are copied and stored."""
    for f in fields(GameState):
        if "codec" in f.metadata:
            continue
        assert f.default_factory is MISSING, f.name  # type: ignore[misc]
        assert f.default is MISSING or isinstance(f.default, int | str | type(None)), f.name


def _busy_state() -> GameState:
    state = turn_position(3, "ares", gold={ATHENS: 7})
    state.bids = {"ares": Bid(ATHENS, 3)}
    state.queue = [GodAction("zeus", SPARTA), GodAction("apollo", 2)]
    state.displaced = Displaced(SPARTA, "zeus")
    state.temples_used = {ATHENS: 1}
    state.isles["naxos"].buildings = ["port"]
    state.pending = [
        Battle(
            player=None,
            terrain="land",
            space="delos",
            attacker=ATHENS,
            defender=SPARTA,
            attackers=2,
            round=1,
            origin="naxos",
        ),
        Retreat(player=SPARTA, side="defender"),
    ]
    return state


def test_the_json_shape_is_the_one_records_store():
    """Positional lists for players, isles, the turn, bids, the queue; the battle's
    terrain under its old name ``kind``; seats as string keys."""
    d = _busy_state().to_dict()
    assert d["players"][0] == [7, 0, 0, False]
    assert d["isles"]["naxos"] == [ATHENS, 1, ["port"], False, 0, False, None, None]
    assert d["fleets"]["g5"] == [ATHENS, 1]
    assert d["bids"] == {"ares": [ATHENS, 3]}
    assert d["queue"] == [["zeus", SPARTA], ["apollo", 2]]
    assert d["displaced"] == [SPARTA, "zeus"]
    assert d["turn"] == [ATHENS, "ares", 0, 0]
    assert d["temples_used"] == {"0": 1}
    assert d["phase"] == "actions" and d["names"] == ["Athens", "Sparta", "Corinth"]
    assert d["pending"] == [
        {
            "kind": "battle",
            "player": None,
            "data": {
                "kind": "land",
                "space": "delos",
                "attacker": ATHENS,
                "defender": SPARTA,
                "attackers": 2,
                "round": 1,
                "origin": "naxos",
            },
        },
        {"kind": "retreat", "player": SPARTA, "data": {"side": "defender"}},
    ]
    assert list(d) == [f.name for f in fields(GameState)]
    json.dumps(d)


def test_round_trip_and_independent_copies():
    state = _busy_state()
    assert GameState.from_dict(json.loads(json.dumps(state.to_dict()))) == state
    twin = state.copy()
    assert twin == state
    twin.isles["naxos"].buildings.append("temple")
    twin.pending[0].attackers = 9  # type: ignore[attr-defined]
    twin.players[0].gold = 0
    twin.temples_used[ATHENS] = 5
    assert state.isles["naxos"].buildings == ["port"]
    assert state.pending[0].attackers == 2  # type: ignore[attr-defined]
    assert state.players[0].gold == 7 and state.temples_used == {ATHENS: 1}


def test_older_dicts_still_load():
    """A field added later takes its default; a creature step stores only the fields
    it uses (the Sylph's ``moves_left``...), as before the fields were typed."""
    d = _busy_state().to_dict()
    del d["held_since"]
    d["pending"] = [
        {"kind": "creature", "player": 0, "data": {"creature": "sylph", "card": "sylph"}},
        {
            "kind": "fleet_move",
            "player": 0,
            "data": {"sea": "g5", "group": 1, "left": 2, "changed": False},
        },  # fmt: skip
    ]
    state = GameState.from_dict(d)
    assert state.held_since == {}
    step, move = state.pending
    assert isinstance(step, CreatureStep) and step.moves_left is None and step.stage is None
    assert isinstance(move, FleetMove) and move.group == 1
    assert state.to_dict()["pending"] == d["pending"]


def test_an_unknown_pending_kind_is_refused():
    d = _busy_state().to_dict()
    d["pending"] = [{"kind": "earthquake", "player": None, "data": {}}]
    with pytest.raises(KeyError, match="earthquake"):
        GameState.from_dict(d)


@pytest.mark.parametrize(
    ("cls", "changed"),
    [
        (
            Isle,
            dict(
                owner=1,
                troops=3,
                buildings=["port"],
                metropolis=True,
                markers=2,
                territory=True,
                figurine="medusa",
                figurine_owner=1,
            ),
        ),  # fmt: skip
        (Player, dict(gold=9, priests=2, philosophers=3, eliminated=True)),
        (Turn, dict(player=2, god="zeus", recruited=2, extra_cards=1)),
    ],
)
def test_small_parts_copy_every_field(cls: type, changed: dict[str, object]):
    """``Isle``, ``Player`` and ``Turn`` copy all their fields, and an isle's buildings
    are the copy's own."""
    assert set(changed) == {f.name for f in fields(cls)}
    original = cls(**changed)
    twin = original.copy()
    assert twin == original and twin is not original
    if cls is Isle:
        twin.buildings.append("temple")
        assert original.buildings == ["port"]


def test_every_pending_kind_is_a_dataclass_of_its_own():
    """Each kind registered with the flow has its class, with immutable fields only."""
    assert set(PENDING_TYPES) == {
        "prosperity",
        "fleet_move",
        "battle",
        "retreat",
        "metropolis",
        "creature",
        "creature_draw",
        "creature_reshuffle",
    }
    for kind, cls in PENDING_TYPES.items():
        assert issubclass(cls, Pending) and cls.kind == kind
        for f in fields(cls):
            assert str(f.type).replace(" ", "") in {
                "int", "str", "bool", "int|None", "str|None"
            }, (kind, f.name, f.type)  # fmt: skip
