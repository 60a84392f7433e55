"""Metropolises: from 4 different buildings, from 4 Philosophers, or by conquest.

A Metropolis takes 2 building slots, or the only slot of a 1-slot isle. When no own isle
has room: destroy buildings to make room (the default), or with
``metropolis_without_room="lost"`` the Metropolis is lost (:class:`.options.RuleOptions`).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import combinations
from typing import ClassVar

from .actions import Action
from .board import MapSpec
from .events import Event, ev
from .messages import Why, why
from .registry import explainer, handler, register_pending
from .state import BUILDINGS, GameState, Isle, Pending


@dataclass(slots=True, kw_only=True)
class Placement(Pending):
    """A new Metropolis waits for its owner to choose the isle it goes on."""

    kind: ClassVar[str] = "metropolis"
    cause: str
    """``"philosophers"`` (4 Philosophers) or ``"buildings"`` (4 different buildings)."""


def footprint(slots: int) -> int:
    """Building slots a Metropolis fills: 1 on a 1-slot isle, otherwise 2."""
    return 1 if slots == 1 else 2


def free_slots(state: GameState, isle_id: str) -> int:
    """Free building slots on an isle."""
    isle = state.isles[isle_id]
    slots = MapSpec.load(state.map_id).isle_slots[isle_id]
    used = len(isle.buildings) + (footprint(slots) if isle.metropolis else 0)
    return slots - used


_ALL_BUILDINGS = frozenset(BUILDINGS)


def has_all_buildings(state: GameState, player: int) -> bool:
    """True when the player's isles hold a Port, a Fortress, a Temple and a University
    (Metropolises do not count toward the set)."""
    kinds: set[str] = set()
    for isle in state.isles.values():
        if isle.owner == player and isle.buildings:
            kinds.update(isle.buildings)
    return kinds >= _ALL_BUILDINGS


def check(state: GameState, player: int) -> list[Event]:
    """Swap a complete set at once: 4 Philosophers, or 4 different buildings.

    Both swaps are compulsory and immediate.
    Placement is a decision of the player (a pending ``metropolis`` step).
    """
    for step in state.pending:
        if isinstance(step, Placement):
            return []  # one placement at a time; placing re-checks
    p = state.players[player]
    philosophers = p.philosophers >= 4
    if not philosophers and not has_all_buildings(state, player):
        return []
    events: list[Event] = []
    name = state.names[player]
    if philosophers:
        p.philosophers -= 4
        state.philosopher_supply += 4
        events.append(ev("philosophers_discarded", player=name, count=4))
        events += _start_placement(state, player, "philosophers")
    else:  # all four buildings
        removed = []
        for kind in BUILDINGS:
            for isle_id, isle in state.isles.items():
                if isle.owner == player and kind in isle.buildings:
                    isle.buildings.remove(kind)
                    state.building_supply[kind] += 1
                    removed.append([kind, isle_id])
                    break
        events.append(ev("buildings_discarded", player=name, buildings=removed))
        events += _start_placement(state, player, "buildings")
    return events


def _candidates(state: GameState, player: int) -> list[str]:
    return [i for i in state.isles_of(player) if not state.isles[i].metropolis]


def _start_placement(state: GameState, player: int, cause: str) -> list[Event]:
    name = state.names[player]
    candidates = _candidates(state, player)
    if not candidates:
        # Every isle of the player already has a Metropolis: the new one only "replaces"
        # the old; no Metropolis is added (docs/rules-notes.md, "Metropolises").
        return [ev("metropolis_not_added", player=name, cause=cause, reason="no_isle")]
    if state.metropolis_supply <= 0:
        return [ev("metropolis_not_added", player=name, cause=cause, reason="supply")]
    roomy = [i for i in candidates if free_slots(state, i) >= _need(state, i)]
    if not roomy and state.options.metropolis_without_room == "lost":
        return [ev("metropolis_not_added", player=name, cause=cause, reason="no_room")]
    state.pending.append(Placement(player=player, cause=cause))
    return [ev("metropolis_due", player=name, cause=cause)]


def _need(state: GameState, isle_id: str) -> int:
    return footprint(MapSpec.load(state.map_id).isle_slots[isle_id])


def roomy_isles(state: GameState, player: int) -> list[str]:
    """The player's isles without a Metropolis that have room for one."""
    return [i for i in _candidates(state, player) if free_slots(state, i) >= _need(state, i)]


def to_destroy(state: GameState, isle_id: str) -> int:
    """How many buildings must go from ``isle_id`` to make room for a Metropolis."""
    return _need(state, isle_id) - free_slots(state, isle_id)


def legal_placements(state: GameState, pending: Placement) -> list[Action]:
    """Where the new Metropolis may go, and which buildings make room if none is free."""
    player = pending.player
    assert player is not None
    roomy = roomy_isles(state, player)
    if roomy:
        return [Action("metropolis", (i,)) for i in roomy]
    actions = []
    for isle_id in _candidates(state, player):
        isle = state.isles[isle_id]
        for combo in sorted(set(combinations(sorted(isle.buildings), to_destroy(state, isle_id)))):
            actions.append(Action("metropolis", (isle_id, tuple(combo))))
    return actions


@handler("metropolis")
def apply_metropolis(state: GameState, action: Action) -> list[Event]:
    """Place the Metropolis, destroying the named buildings first if needed."""
    pending = state.pending.pop()
    assert isinstance(pending, Placement)
    player = pending.player
    assert player is not None
    isle_id = action.args[0]
    isle: Isle = state.isles[isle_id]
    events: list[Event] = []
    destroyed = list(action.args[1]) if len(action.args) > 1 else []
    for kind in destroyed:
        isle.buildings.remove(kind)
        state.building_supply[kind] += 1
    if destroyed:
        events.append(ev("buildings_destroyed", isle=isle_id, buildings=destroyed, reason="room"))
    isle.metropolis = True
    state.metropolis_supply -= 1
    events.append(
        ev(
            "metropolis_built",
            player=state.names[player],
            isle=isle_id,
            cause=pending.cause,
            total=state.metropolises(player),
        )
    )
    return events + check(state, player)


@explainer("metropolis")
def explain_metropolis(state: GameState, action: Action) -> Why | None:
    """Why a Metropolis cannot go there (None if it can)."""
    top = state.pending[-1] if state.pending else None
    if not isinstance(top, Placement):
        return why("metropolis.none_waiting")
    player = top.player
    assert player is not None
    isle_id = action.args[0]
    isle = state.isles.get(isle_id)
    if isle is None:
        return why("metropolis.not_an_isle", keep=[isle_id], isle=isle_id)
    if isle.owner != player:
        return why("metropolis.own_isle", keep=[isle_id], isle=isle_id)
    if isle.metropolis:
        return why("metropolis.one_per_isle", isle=isle_id)
    destroy = tuple(action.args[1]) if len(action.args) > 1 else ()
    roomy = roomy_isles(state, player)
    if roomy:
        if destroy or isle_id not in roomy:
            return why("metropolis.free_space", roomy=roomy)
        return None
    return _destroy_problem(state, isle_id, isle, destroy)


def _destroy_problem(
    state: GameState, isle_id: str, isle: Isle, destroy: tuple[str, ...]
) -> Why | None:
    """No isle has room: exactly the buildings to make room are named, in alphabetical
    order."""
    missing = to_destroy(state, isle_id)
    owned = sorted(isle.buildings)
    fits = len(destroy) == missing and not Counter(destroy) - Counter(owned)
    if fits and list(destroy) == sorted(destroy):
        return None
    example = (
        f"metropolis {isle_id} destroy {','.join(sorted(destroy) if fits else owned[:missing])}"
    )
    return why(
        "metropolis.destroy",
        keep=[example],
        isle=isle_id,
        n=missing,
        buildings=owned,
        example=example,
    )


register_pending(Placement, "decision", legal=legal_placements)
