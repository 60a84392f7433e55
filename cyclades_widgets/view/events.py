"""What the board draws from the rules' events: move trails and the battle panel.

This is the one place where the view reads events (the narration reads them for its
sentences). The painters never see an event: they get :func:`trails` and :func:`battle`.

- A **trail** is a move of the last step: troops and fleets moving (``origin``/``target``),
  a retreat, Pegasus (``source``/``target``), the Sylph, the Kraken, Polyphemus's push.
- The **battle** is the one under way (the ``battle`` pending entry, read from the state)
  or the one just fought (``battle_start``/``battle_round``/``battle_end`` of the last step).

>>> from cyclades_widgets.rules.events import ev
>>> [t.kind for t in trails([ev("pegasus_flies", source="naxos", target="paros")], "map-2-3")]
['pegasus_flies']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, fields, is_dataclass
from typing import Any

from ..rules.board import MapSpec
from ..rules.events import Event
from ..rules.state import GameState

__all__ = [
    "MOVE_EVENTS",
    "BattleSide",
    "BattleView",
    "Trail",
    "battle",
    "pending_data",
    "pending_of",
    "trails",
]

MOVE_EVENTS: dict[str, tuple[str, str]] = {
    "move_troops": ("origin", "target"),
    "move_fleets": ("origin", "target"),
    "sail": ("origin", "target"),
    "retreat": ("origin", "target"),
    "pegasus_flies": ("source", "target"),
    "sylph_moves": ("source", "target"),
    "kraken_moves": ("source", "target"),
    "polyphemus_pushes": ("source", "target"),
    "siren_takes": ("source", "sea"),
}
"""Event kinds that move something across the map, and the fields naming where it starts
and where it ends (as the rules write them)."""


@dataclass(frozen=True, slots=True)
class Trail:
    """One move of the last step, from one map space to another."""

    kind: str
    """The event kind (``move_troops``, ``pegasus_flies``, ...)."""
    start: str
    end: str


def trails(events: Iterable[Event], map_id: str) -> list[Trail]:
    """The distinct moves among ``events``, in order, between spaces of map ``map_id``."""
    spec = MapSpec.load(map_id)
    out: list[Trail] = []
    seen: set[tuple[str, str]] = set()
    for event in events:
        keys = MOVE_EVENTS.get(event.kind)
        if keys is None:
            continue
        start, end = event.data.get(keys[0]), event.data.get(keys[1])
        if not (isinstance(start, str) and isinstance(end, str)) or start == end:
            continue
        if not (_on_map(spec, start) and _on_map(spec, end)) or (start, end) in seen:
            continue
        seen.add((start, end))
        out.append(Trail(event.kind, start, end))
    return out


def _on_map(spec: MapSpec, space: str) -> bool:
    return spec.is_isle(space) or spec.is_sea(space)


# --------------------------------------------------------------------------- battles


@dataclass(frozen=True, slots=True)
class BattleSide:
    """One side of a battle: its player, and the last round's numbers when a round was
    rolled (die + units + bonus = total, and the losses)."""

    seat: int | None
    units: int | None = None
    die: int | None = None
    bonus: int | None = None
    total: int | None = None
    losses: int | None = None


@dataclass(frozen=True, slots=True)
class BattleView:
    """The battle under way or just fought."""

    space: str
    terrain: str
    """``"land"`` or ``"sea"``."""
    round: int
    under_way: bool
    attacker: BattleSide
    defender: BattleSide
    winner: int | None = None
    outcome: str | None = None
    """How it ended (``attacker_wins``, ``defender_holds``, ``mutual``, a retreat)."""


def _seat(state: GameState, name: Any) -> int | None:
    if isinstance(name, int) and not isinstance(name, bool):
        return name if 0 <= name < state.n_players else None
    return state.names.index(name) if name in state.names else None


def pending_data(pending: Any) -> dict[str, Any]:
    """A pending step's data as a dict (whether the rules keep it as a dict or a dataclass)."""
    data = pending.data
    if isinstance(data, dict):
        return data
    if is_dataclass(data) and not isinstance(data, type):
        return {f.name: getattr(data, f.name) for f in fields(data)}
    return {}


def pending_of(state: GameState, kind: str) -> dict[str, Any] | None:
    """The data of the topmost pending step of ``kind``, or None."""
    for pending in reversed(state.pending):
        if pending.kind == kind:
            return pending_data(pending)
    return None


def _pending_battle(state: GameState) -> dict[str, Any] | None:
    return pending_of(state, "battle")


def _defenders_now(state: GameState, space: str) -> int | None:
    if space in state.isles:
        return state.isles[space].troops
    return state.fleets[space][1] if space in state.fleets else None


def _rolled(state: GameState, event: Event, side: str) -> BattleSide:
    d = event.data
    return BattleSide(
        seat=_seat(state, d[side]),
        units=d[f"{side}s"],
        die=d[f"{side}_die"],
        bonus=d["bonus"] if side == "defender" else 0,
        total=d[f"{side}_total"],
        losses=d[f"{side}_loss"],
    )


def battle(state: GameState, events: Sequence[Event]) -> BattleView | None:
    """The battle to show: under way in ``state``, or fought in ``events`` (the last
    step's); None when there is none."""
    data = _pending_battle(state)
    by_kind = {e.kind: e for e in events}
    rolled, start = by_kind.get("battle_round"), by_kind.get("battle_start")
    end = by_kind.get("battle_end")
    if data is None and rolled is None and end is None:
        return None
    if rolled is not None:
        attacker, defender = _rolled(state, rolled, "attacker"), _rolled(state, rolled, "defender")
    elif data is not None:
        attacker = BattleSide(seat=data["attacker"], units=data["attackers"])
        defender = BattleSide(seat=data["defender"], units=_defenders_now(state, data["space"]))
    else:
        assert end is not None
        attacker = BattleSide(seat=_seat(state, end.data["attacker"]))
        defender = BattleSide(seat=_seat(state, end.data["defender"]))
    source = (rolled or start or end or Event("none")).data
    space = data["space"] if data is not None else source["space"]
    return BattleView(
        space=space,
        terrain=data["kind"] if data is not None else source["terrain"],
        round=data["round"] if data is not None else source.get("round", source.get("rounds", 0)),
        under_way=data is not None,
        attacker=attacker,
        defender=defender,
        winner=_seat(state, end.data["winner"]) if end is not None else None,
        outcome=end.data.get("variant") if end is not None else None,
    )
