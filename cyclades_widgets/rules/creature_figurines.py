"""The five creatures with a figurine: the Kraken at sea, and the four island figurines
Minotaur, Medusa, Polyphemus and Chiron (RULES-NOTES §1.1, 'Rules shared by the four
island figurines').

- An island figurine goes on the isle of the buyer's choice. Its card is *held* by the
  buyer (``state.held_creatures``) and the figurine acts until the beginning of the
  holder's first god action in a later cycle; then the card is discarded and the
  figurine leaves the board.
- Two island figurines on one isle destroy each other: both leave, both cards are
  discarded.
- The Minotaur (+2 land defence) and Medusa (troops cannot move away) act through the
  battle and movement rules, which read ``isle.figurine``; Chiron is checked by Pegasus,
  the Giant and the Harpy. Polyphemus acts when placed: every fleet in a sea touching
  its isle, and the Kraken, is pushed one space away, or destroyed if it cannot move.
- The Kraken destroys every fleet in the sea where it is placed, then (rule option
  ``kraken_moves="paid"``) may move on for 1 GP a space, destroying fleets. Its figurine
  stays on the board, blocking fleets, until the Kraken is called again; its card is
  held and discarded on the same timetable as the island figurines.
"""

from __future__ import annotations

from . import ledger
from .actions import Action
from .board import MapSpec
from .creature_effects import Effect, creature_name, finish, register_effect
from .events import Event, ev
from .registry import CYCLE_START, TURN_START
from .state import GameState, Pending

ISLE_FIGURINES: tuple[str, ...] = ("minotaur", "medusa", "polyphemus", "chiron")
"""The four island figurines (RULES-NOTES §1.1)."""
KRAKEN_MOVE_COST = 1
"""GP per extra sea space the Kraken moves (RULES-NOTES §1.1 #13, LOW)."""


# --------------------------------------------------------------------------- holding cards


def _hold(state: GameState, player: int, creature: str, card: str) -> None:
    """The figurine's card is held by its summoner; borrowed through the Chimera, the
    figurine's own card leaves the discard pile so that it cannot be drawn meanwhile."""
    if card != creature:
        state.creature_discard.remove(creature)
    state.held_creatures[creature] = player
    state.held_since[creature] = state.cycle


def expire(state: GameState, creature: str) -> list[Event]:
    """The holder's card goes to the discard pile; an island figurine leaves its isle,
    the Kraken stays where it is."""
    holder = state.held_creatures.pop(creature)
    state.held_since.pop(creature, None)
    state.creature_discard.append(creature)
    name = state.names[holder]
    if creature == "kraken":
        return [
            ev(
                "figurine_expired",
                variant="kraken",
                player=name,
                creature=creature,
                space=state.kraken,
            )
        ]
    isle_id = _isle_of(state, creature)
    if isle_id is not None:
        isle = state.isles[isle_id]
        isle.figurine = isle.figurine_owner = None
    return [ev("figurine_expired", variant="isle", player=name, creature=creature, space=isle_id)]


def _isle_of(state: GameState, creature: str) -> str | None:
    for isle_id, isle in state.isles.items():
        if isle.figurine == creature:
            return isle_id
    return None


def expire_at_turn(state: GameState, seat: int, god: str) -> list[Event]:
    """TURN_START hook: the figurines a player summoned in an earlier cycle end as their
    next god action begins (summary sheet, RULES-NOTES §1.1)."""
    events: list[Event] = []
    for creature, holder in sorted(state.held_creatures.items()):
        stale = holder == seat and state.held_since.get(creature, 0) < state.cycle
        if stale or state.players[holder].eliminated:
            events += expire(state, creature)
    return events


def expire_unclaimed(state: GameState) -> list[Event]:
    """CYCLE_START hook: a holder who had no god action with a turn start last cycle
    (they chose Apollo, or were eliminated) loses the figurine now, which is after their
    Apollo turn and before anything else can happen."""
    events: list[Event] = []
    for creature, holder in sorted(state.held_creatures.items()):
        stale = state.held_since.get(creature, 0) < state.cycle - 1
        if stale or state.players[holder].eliminated:
            events += expire(state, creature)
    return events


TURN_START.append(expire_at_turn)
CYCLE_START.append(expire_unclaimed)


# --------------------------------------------------------------------------- island figurines


def _isle_legal(state: GameState, pending: Pending) -> list[Action]:
    creature = pending.data["creature"]
    if pending.data.get("stage") == "push":
        return _push_legal(state, pending)
    return [Action(creature, (isle_id,)) for isle_id in state.isles]


def _isle_apply(state: GameState, pending: Pending, action: Action) -> list[Event]:
    if pending.data.get("stage") == "push":
        return _push_apply(state, pending, action)
    creature, card = pending.data["creature"], pending.data["card"]
    player = pending.player
    assert player is not None
    isle_id = action.args[0]
    isle = state.isles[isle_id]
    if isle.figurine is not None:
        return _clash(state, pending, isle_id) + finish(state, pending)
    isle.figurine, isle.figurine_owner = creature, player
    _hold(state, player, creature, card)
    events = [ev("figurine_placed", player=state.names[player], creature=creature, isle=isle_id)]
    if creature != "polyphemus":
        return events + finish(state, pending)
    pending.data["stage"] = "push"
    pending.data["isle"] = isle_id
    return events + _settle_pushes(state, pending)


def _clash(state: GameState, pending: Pending, isle_id: str) -> list[Event]:
    """Two figurines on one isle destroy each other (RULES-NOTES §1.1)."""
    isle = state.isles[isle_id]
    other, other_owner = isle.figurine, isle.figurine_owner
    assert other is not None and other_owner is not None and pending.player is not None
    isle.figurine = isle.figurine_owner = None
    state.held_creatures.pop(other, None)
    state.held_since.pop(other, None)
    state.creature_discard.append(other)
    return [
        ev(
            "figurines_clash",
            player=state.names[pending.player],
            creature=pending.data["creature"],
            other=other,
            other_player=state.names[other_owner],
            isle=isle_id,
        )
    ]


def _isle_explain(state: GameState, pending: Pending, action: Action) -> str | None:
    if pending.data.get("stage") == "push":
        return _push_explain(state, pending, action)
    name = creature_name(pending.data["creature"])
    return f"{name} goes on an isle; {action.args[0]!r} is not an isle of this map"


for _creature in ISLE_FIGURINES:
    register_effect(
        _creature,
        Effect(_isle_legal, _isle_apply, explain=_isle_explain),
        *(("{w}", "{w}>{w}") if _creature == "polyphemus" else ("{w}",)),
    )


# --------------------------------------------------------------------------- Polyphemus


def _ring(state: GameState, isle_id: str) -> frozenset[str]:
    return MapSpec.load(state.map_id).isle_seas[isle_id]


def _push_targets(state: GameState, ring: frozenset[str], sea: str) -> list[str]:
    """Where the fleets (or the Kraken) in ``sea`` may be pushed: an adjacent sea not
    touching the isle; fleets only to an empty sea or one of their owner's, never onto
    the Kraken."""
    neighbours = MapSpec.load(state.map_id).sea_neighbours[sea]
    out = []
    for n in sorted(neighbours - ring):
        if state.kraken == sea:
            out.append(n)
        elif (
            n != state.kraken and state.fleets.get(n, state.fleets[sea])[0] == state.fleets[sea][0]
        ):
            out.append(n)
    return out


def _next_push(state: GameState, pending: Pending) -> str | None:
    """The first sea (by id) touching Polyphemus's isle that still holds fleets, or the
    Kraken if it has not been pushed yet."""
    ring = _ring(state, pending.data["isle"])
    for sea in sorted(ring):
        if sea in state.fleets:
            return sea
        if sea == state.kraken and not pending.data.get("kraken_pushed"):
            return sea
    return None


def _settle_pushes(state: GameState, pending: Pending) -> list[Event]:
    """Destroy the groups that cannot move; stop at the first that has somewhere to go,
    or finish when every sea around the isle is clear."""
    ring = _ring(state, pending.data["isle"])
    events: list[Event] = []
    while (sea := _next_push(state, pending)) is not None:
        if _push_targets(state, ring, sea):
            return events
        if sea == state.kraken:
            pending.data["kraken_pushed"] = True  # the Kraken cannot be destroyed
            events.append(ev("kraken_stays", sea=sea))
            continue
        owner, count = state.fleets.pop(sea)
        events.append(ev("polyphemus_destroys", owner=state.names[owner], sea=sea, fleets=count))
    return events + finish(state, pending)


def _push_legal(state: GameState, pending: Pending) -> list[Action]:
    sea = _next_push(state, pending)
    if sea is None:
        return []
    ring = _ring(state, pending.data["isle"])
    return [Action("polyphemus", (sea, n)) for n in _push_targets(state, ring, sea)]


def _push_apply(state: GameState, pending: Pending, action: Action) -> list[Event]:
    sea, target = action.args
    assert pending.player is not None
    name = state.names[pending.player]
    if sea == state.kraken:
        pending.data["kraken_pushed"] = True
        events = [ev("polyphemus_pushes", variant="kraken", player=name, source=sea, target=target)]
        return events + _kraken_enters(state, target) + _settle_pushes(state, pending)
    owner, count = state.fleets.pop(sea)
    _, present = state.fleets.get(target, (owner, 0))
    state.fleets[target] = (owner, present + count)
    event = ev(
        "polyphemus_pushes",
        variant="fleets",
        player=name,
        owner=state.names[owner],
        source=sea,
        target=target,
        fleets=count,
    )
    return [event, *_settle_pushes(state, pending)]


def _push_explain(state: GameState, pending: Pending, action: Action) -> str | None:
    sea = _next_push(state, pending)
    if len(action.args) != 2:
        return f"Polyphemus is pushing the fleets away; say where those in {sea} go"
    if action.args[0] != sea:
        return (
            f"Polyphemus pushes the seas around {pending.data['isle']} in order; {sea} comes next"
        )
    return (
        f"{action.args[1]} is not a sea next to {sea} away from {pending.data['isle']} "
        "that is empty or holds the same player's fleets"
    )


# --------------------------------------------------------------------------- Kraken


def _kraken_enters(state: GameState, sea: str) -> list[Event]:
    """The Kraken moves to ``sea``; every fleet there is destroyed."""
    state.kraken = sea
    if sea not in state.fleets:
        return []
    owner, count = state.fleets.pop(sea)
    return [ev("kraken_destroys", owner=state.names[owner], sea=sea, fleets=count)]


def _kraken_legal(state: GameState, pending: Pending) -> list[Action]:
    if pending.data.get("stage") != "move":
        return [Action("kraken", (sea,)) for sea in MapSpec.load(state.map_id).seas]
    assert pending.player is not None and state.kraken is not None
    actions = []
    if state.players[pending.player].gold >= KRAKEN_MOVE_COST:
        neighbours = MapSpec.load(state.map_id).sea_neighbours[state.kraken]
        actions = [Action("kraken", ("move", sea)) for sea in sorted(neighbours)]
    return [*actions, Action("kraken", ("done",))]


def _kraken_apply(state: GameState, pending: Pending, action: Action) -> list[Event]:
    player = pending.player
    assert player is not None
    name = state.names[player]
    if action.args == ("done",):
        return finish(state, pending)
    if action.args[0] == "move":
        source, target = state.kraken, action.args[1]
        ledger.pay(state, player, KRAKEN_MOVE_COST)
        event = ev("kraken_moves", player=name, source=source, target=target, cost=KRAKEN_MOVE_COST)
        return [event, *_kraken_enters(state, target)]
    sea = action.args[0]
    previous = state.kraken
    _hold(state, player, "kraken", pending.data["card"])
    variant = "first" if previous is None else "again"
    events = [ev("kraken_placed", variant=variant, player=name, sea=sea, previous=previous)]
    events += _kraken_enters(state, sea)
    if state.options.kraken_moves == "none":
        return events + finish(state, pending)
    pending.data["stage"] = "move"
    return events


def _kraken_explain(state: GameState, pending: Pending, action: Action) -> str | None:
    if pending.data.get("stage") != "move":
        if action.args[0] in ("move", "done"):
            return "place the Kraken on a sea first ('kraken <sea>')"
        return f"the Kraken goes on a sea; {action.args[0]!r} is not a sea of this map"
    if action.args[0] != "move":
        return (
            "the Kraken is placed; move it on ('kraken move <sea>', 1 GP) or stop ('kraken done')"
        )
    assert pending.player is not None
    if state.players[pending.player].gold < KRAKEN_MOVE_COST:
        return f"moving the Kraken costs {KRAKEN_MOVE_COST} GP a space; {state.names[pending.player]} has none"
    return f"the Kraken moves one space at a time; {action.args[1]} is not next to {state.kraken}"


register_effect(
    "kraken", Effect(_kraken_legal, _kraken_apply, explain=_kraken_explain), "{w}", "{w} {w}"
)
