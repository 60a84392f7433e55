"""The five creatures with a figurine: the Kraken at sea, and the four island figurines
Minotaur, Medusa, Polyphemus and Chiron.

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

from functools import lru_cache

from .. import ledger
from ..actions import Action, made
from ..board import MapSpec
from ..events import Event, ev
from ..messages import Why, quoted, why
from ..registry import cycle_start, turn_start
from ..state import GameState
from .cards import named
from .effects import CreatureStep, Effect, finish, register_effect

ISLE_FIGURINES: tuple[str, ...] = ("minotaur", "medusa", "polyphemus", "chiron")
"""The four island figurines."""
KRAKEN_MOVE_COST = 1
"""GP per extra sea space the Kraken moves (``RuleOptions.kraken_moves="paid"``)."""


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


@turn_start
def expire_at_turn(state: GameState, seat: int, god: str) -> list[Event]:
    """TURN_START hook: the figurines a player summoned in an earlier cycle end as their
    next god action begins."""
    if not state.held_creatures:
        return []
    events: list[Event] = []
    for creature, holder in sorted(state.held_creatures.items()):
        stale = holder == seat and state.held_since.get(creature, 0) < state.cycle
        if stale or state.players[holder].eliminated:
            events += expire(state, creature)
    return events


@cycle_start
def expire_unclaimed(state: GameState) -> list[Event]:
    """CYCLE_START hook: a holder who had no god action with a turn start last cycle
    (they chose Apollo, or were eliminated) loses the figurine now, which is after their
    Apollo turn and before anything else can happen."""
    if not state.held_creatures:
        return []
    events: list[Event] = []
    for creature, holder in sorted(state.held_creatures.items()):
        stale = state.held_since.get(creature, 0) < state.cycle - 1
        if stale or state.players[holder].eliminated:
            events += expire(state, creature)
    return events


# --------------------------------------------------------------------------- island figurines


def _seat(step: CreatureStep) -> int:
    assert step.player is not None
    return step.player


def _isle_legal(state: GameState, step: CreatureStep) -> list[Action]:
    if step.stage == "push":
        return _push_legal(state, step)
    return list(made(step.creature, (), tuple(state.isles)))


def _isle_apply(state: GameState, step: CreatureStep, action: Action) -> list[Event]:
    if step.stage == "push":
        return _push_apply(state, step, action)
    creature, card = step.creature, step.card
    player = _seat(step)
    isle_id = action.args[0]
    isle = state.isles[isle_id]
    if isle.figurine is not None:
        return _clash(state, step, isle_id) + finish(state, step)
    isle.figurine, isle.figurine_owner = creature, player
    _hold(state, player, creature, card)
    events = [ev("figurine_placed", player=state.names[player], creature=creature, isle=isle_id)]
    if creature != "polyphemus":
        return events + finish(state, step)
    step.stage = "push"
    step.isle = isle_id
    return events + _settle_pushes(state, step)


def _clash(state: GameState, step: CreatureStep, isle_id: str) -> list[Event]:
    """Two figurines on one isle destroy each other."""
    isle = state.isles[isle_id]
    other, other_owner = isle.figurine, isle.figurine_owner
    assert other is not None and other_owner is not None
    isle.figurine = isle.figurine_owner = None
    state.held_creatures.pop(other, None)
    state.held_since.pop(other, None)
    state.creature_discard.append(other)
    return [
        ev(
            "figurines_clash",
            player=state.names[_seat(step)],
            creature=step.creature,
            other=other,
            other_player=state.names[other_owner],
            isle=isle_id,
        )
    ]


def _isle_explain(state: GameState, step: CreatureStep, action: Action) -> Why | None:
    if step.stage == "push":
        return _push_explain(state, step, action)
    if len(action.args) == 1 and action.args[0] in state.isles:
        return None
    word = quoted(" ".join(action.args) if len(action.args) > 1 else action.args[0])
    return why("creatures.figurine_isle", keep=[word], creature=named(step.creature), word=word)


for _creature in ISLE_FIGURINES:
    register_effect(
        _creature,
        Effect(_isle_legal, _isle_apply, explain=_isle_explain),
        *(("{w}", "{w}>{w}") if _creature == "polyphemus" else ("{w}",)),
    )


# --------------------------------------------------------------------------- Polyphemus


def _ring(state: GameState, isle_id: str | None) -> frozenset[str]:
    assert isle_id is not None
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


def _next_push(state: GameState, step: CreatureStep) -> str | None:
    """The first sea (by id) touching Polyphemus's isle that still holds fleets, or the
    Kraken if it has not been pushed yet."""
    for sea in sorted(_ring(state, step.isle)):
        if sea in state.fleets:
            return sea
        if sea == state.kraken and not step.kraken_pushed:
            return sea
    return None


def _settle_pushes(state: GameState, step: CreatureStep) -> list[Event]:
    """Destroy the groups that cannot move; stop at the first that has somewhere to go,
    or finish when every sea around the isle is clear."""
    ring = _ring(state, step.isle)
    events: list[Event] = []
    while (sea := _next_push(state, step)) is not None:
        if _push_targets(state, ring, sea):
            return events
        if sea == state.kraken:
            step.kraken_pushed = True  # the Kraken cannot be destroyed
            events.append(ev("kraken_stays", sea=sea))
            continue
        owner, count = state.fleets.pop(sea)
        events.append(ev("polyphemus_destroys", owner=state.names[owner], sea=sea, fleets=count))
    return events + finish(state, step)


def _push_legal(state: GameState, step: CreatureStep) -> list[Action]:
    sea = _next_push(state, step)
    if sea is None:
        return []
    ring = _ring(state, step.isle)
    return [Action("polyphemus", (sea, n)) for n in _push_targets(state, ring, sea)]


def _push_apply(state: GameState, step: CreatureStep, action: Action) -> list[Event]:
    sea, target = action.args
    name = state.names[_seat(step)]
    if sea == state.kraken:
        step.kraken_pushed = True
        events = [ev("polyphemus_pushes", variant="kraken", player=name, source=sea, target=target)]
        return events + _kraken_enters(state, target) + _settle_pushes(state, step)
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
    return [event, *_settle_pushes(state, step)]


def _push_explain(state: GameState, step: CreatureStep, action: Action) -> Why | None:
    sea = _next_push(state, step)
    if sea is None:
        return why("creatures.push_done")
    if len(action.args) != 2:
        return why("creatures.push_where", sea=sea)
    if action.args[0] != sea:
        return why("creatures.push_order", isle=step.isle, sea=sea)
    if action.args[1] in _push_targets(state, _ring(state, step.isle), sea):
        return None
    target = action.args[1]
    return why("creatures.push_target", keep=[target], target=target, sea=sea, isle=step.isle)


# --------------------------------------------------------------------------- Kraken


def _kraken_enters(state: GameState, sea: str) -> list[Event]:
    """The Kraken moves to ``sea``; every fleet there is destroyed."""
    state.kraken = sea
    if sea not in state.fleets:
        return []
    owner, count = state.fleets.pop(sea)
    return [ev("kraken_destroys", owner=state.names[owner], sea=sea, fleets=count)]


def kraken_move_problem(state: GameState, step: CreatureStep, target: str) -> Why | None:
    """Why the placed Kraken cannot move on to ``target``, or None: one adjacent sea at a
    time, for 1 GP each (rule option ``kraken_moves``)."""
    player = _seat(step)
    if state.players[player].gold < KRAKEN_MOVE_COST:
        return why(
            "creatures.kraken_poor", state, cost=KRAKEN_MOVE_COST, player=state.names[player]
        )
    assert state.kraken is not None
    if target not in MapSpec.load(state.map_id).sea_neighbours[state.kraken]:
        return why("creatures.kraken_adjacent", keep=[target], target=target, sea=state.kraken)
    return None


def _kraken_legal(state: GameState, step: CreatureStep) -> list[Action]:
    if step.stage != "move":
        return list(made("kraken", (), MapSpec.load(state.map_id).seas))
    assert state.kraken is not None
    # kraken_move_problem's conditions: 1 GP at hand, to an adjacent sea
    if state.players[_seat(step)].gold < KRAKEN_MOVE_COST:
        return [_KRAKEN_DONE]
    return [*_kraken_moves(state.map_id, state.kraken), _KRAKEN_DONE]


_KRAKEN_DONE = Action("kraken", ("done",))


@lru_cache(maxsize=256)
def _kraken_moves(map_id: str, sea: str) -> tuple[Action, ...]:
    """``kraken move <sea>`` for each sea next to ``sea``, by id."""
    return made("kraken", ("move",), tuple(sorted(MapSpec.load(map_id).sea_neighbours[sea])))


def _kraken_apply(state: GameState, step: CreatureStep, action: Action) -> list[Event]:
    player = _seat(step)
    name = state.names[player]
    if action.args == ("done",):
        return finish(state, step)
    if action.args[0] == "move":
        source, target = state.kraken, action.args[1]
        ledger.pay(state, player, KRAKEN_MOVE_COST)
        event = ev("kraken_moves", player=name, source=source, target=target, cost=KRAKEN_MOVE_COST)
        return [event, *_kraken_enters(state, target)]
    sea = action.args[0]
    previous = state.kraken
    _hold(state, player, "kraken", step.card)
    variant = "first" if previous is None else "again"
    events = [ev("kraken_placed", variant=variant, player=name, sea=sea, previous=previous)]
    events += _kraken_enters(state, sea)
    if state.options.kraken_moves == "none":
        return events + finish(state, step)
    step.stage = "move"
    return events


def _kraken_explain(state: GameState, step: CreatureStep, action: Action) -> Why | None:
    args = action.args
    if step.stage != "move":
        if len(args) == 1 and args[0] in MapSpec.load(state.map_id).seas:
            return None
        if args[0] in ("move", "done"):
            return why("creatures.kraken_place_first")
        word = quoted(" ".join(args))
        return why("creatures.kraken_sea", keep=[word], word=word)
    if args == ("done",):
        return None
    if args[0] != "move" or len(args) != 2:
        return why("creatures.kraken_placed", cost=KRAKEN_MOVE_COST)
    return kraken_move_problem(state, step, args[1])


register_effect(
    "kraken", Effect(_kraken_legal, _kraken_apply, explain=_kraken_explain), "{w}", "{w} {w}"
)
