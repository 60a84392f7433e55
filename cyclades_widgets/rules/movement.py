"""Movement: the special actions of Ares and Poseidon, 1 GP each.

Notation (``docs/rules-notes.md``, "Movement and battles"):

- ``move troops naxos>paros 2``: Ares. Some or all troops of one isle go to one other isle
  joined to it by a chain of adjacent seas each holding the player's fleets. Moving
  through the player's own isles does not count as a chain.
- ``move fleets c4>c5 2``: Poseidon. A group of 2 fleets leaves c4 for the adjacent c5;
  the move may go on for up to 3 spaces in all, as a pending ``fleet_move`` decision:

  - ``sail c6``: on to the next adjacent sea (while spaces remain);
  - ``pickup 1``: own fleets waiting in the current sea join the group;
  - ``drop 1``: fleets stay behind here (at least one keeps sailing);
  - ``stop``: the move ends here.

  At most one pick-up or drop-off per space (doing both would only swap identical
  fleets). Entering a sea with enemy fleets stops the group and starts a sea battle.
  The Kraken's sea cannot be entered.

While a fleet move is under way the group stays on the board in its current sea, mixed
with any other own fleets there; :attr:`FleetMove.group` says how many of them are sailing.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any, ClassVar

from . import ledger
from .actions import Action, made, register_notation
from .battle import arrive_fleets, arrive_troops, is_last_isle_protected
from .board import MapSpec, chain_isles
from .control import last_isles, wins_by_capture
from .events import Event, ev
from .gods import turn_problem
from .messages import Why, why
from .registry import explainer, handler, register_pending, turn_actions
from .retreat import legal_retreats  # noqa: F401  (registers the retreat decision)
from .state import MAX_FLEETS, GameState, Pending, Turn

MOVE_COST = 1
"""Each Ares or Poseidon move costs 1 GP."""
FLEET_RANGE = 3
"""A Poseidon move covers up to 3 sea spaces."""
MOVERS = {"troops": "ares", "fleets": "poseidon"}
"""Ares moves troops, Poseidon fleets."""

register_notation("move", "{w} {w}>{w} {i}")
register_notation("sail", "{w}")
register_notation("pickup", "{i}")
register_notation("drop", "{i}")
register_notation("stop", "")


@dataclass(slots=True, kw_only=True)
class FleetMove(Pending):
    """A Poseidon fleet move under way: the group may sail on, change or stop."""

    kind: ClassVar[str] = "fleet_move"
    sea: str
    """Where the group is now."""
    group: int
    """How many of the player's fleets in :attr:`sea` are sailing."""
    left: int
    """Sea spaces the group may still cover."""
    changed: bool
    """True once fleets were picked up or dropped off in this sea (once per space)."""


# --------------------------------------------------------------------------- queries


def own_seas(state: GameState, player: int) -> list[str]:
    """Seas holding the player's fleets (the links of a fleet chain)."""
    seas = []  # a loop: cheaper than a comprehension (a call of its own) on Python 3.11
    for sea, (owner, _) in state.fleets.items():
        if owner == player:
            seas.append(sea)
    return seas


def troop_targets(state: GameState, player: int, isle_id: str) -> list[str]:
    """Isles the troops of ``isle_id`` may move to: joined by a chain of the player's
    fleets, and not another player's last isle protected by the last-isle rule."""
    seas = frozenset(own_seas(state, player))
    spec = MapSpec.load(state.map_id)
    return list(_targets(state, spec, player, isle_id, seas, last_isles(state, player)))


def _targets(
    state: GameState,
    spec: MapSpec,
    player: int,
    isle_id: str,
    seas: frozenset[str],
    lone: tuple[str, ...],
) -> tuple[str, ...]:
    """:func:`troop_targets`, given the map, the player's fleets' seas and the other
    players' last isles (:func:`.control.last_isles`): one of them is a target only if
    taking it wins at once (the last-isle rule, :func:`.control.is_last_isle_protected`)."""
    chained = chain_isles(spec, isle_id, seas)
    if not lone or not chained:
        return chained
    return tuple([i for i in chained if i not in lone or wins_by_capture(state, player, i)])


def is_frozen(state: GameState, isle_id: str) -> bool:
    """True when Medusa stands on the isle: its troops cannot move away."""
    return state.isles[isle_id].figurine == "medusa"


def fleet_entries(state: GameState, sea_id: str) -> list[str]:
    """Seas a fleet in ``sea_id`` may enter next: every adjacent sea but the Kraken's."""
    return list(_entries(state, sea_id))


def _entries(state: GameState, sea_id: str) -> tuple[str, ...]:
    """:func:`fleet_entries` as a tuple (shared while the Kraken is not next to ``sea_id``)."""
    seas, kraken = _sorted_neighbours(state.map_id, sea_id), state.kraken
    return seas if kraken not in seas else tuple(s for s in seas if s != kraken)


@cache
def _sorted_neighbours(map_id: str, sea_id: str) -> tuple[str, ...]:
    """The seas next to ``sea_id``, sorted (once per map and sea)."""
    return tuple(sorted(MapSpec.load(map_id).sea_neighbours[sea_id]))


# --------------------------------------------------------------------------- the rules


def mover_problem(state: GameState, turn: Turn, unit: str) -> Why | None:
    """Why ``unit`` ("troops" or "fleets") cannot be moved this turn, or None: only
    their god moves them, for 1 GP a move."""
    god = MOVERS[unit]
    name = state.names[turn.player]
    if turn.god != god:
        return why("movement.wrong_god", state, god=god, unit=unit, player=name, acting=turn.god)
    gold = state.players[turn.player].gold
    if gold < MOVE_COST:
        return why("movement.too_poor", state, cost=MOVE_COST, player=name, gold=gold)
    return None


def troop_origin_problem(state: GameState, player: int, origin: str) -> Why | None:
    """Why troops cannot leave ``origin``, or None: one of the player's isles with troops,
    and no Medusa there."""
    isle = state.isles.get(origin)
    if isle is None or isle.owner != player or isle.troops == 0:
        return why(
            "movement.troop_origin", state, keep=[origin], player=state.names[player], isle=origin
        )
    if is_frozen(state, origin):
        return why("movement.medusa", isle=origin)
    return None


def count_problem(
    state: GameState, player: int, unit: str, present: int, count: int, where: str
) -> Why | None:
    """Why ``count`` of the ``present`` troops or fleets there cannot move, or None: from 1
    to all of them."""
    if 1 <= count <= present:
        return None
    return why(f"movement.count_{unit}", state, place=where, n=present, player=state.names[player])


def troop_target_problem(state: GameState, player: int, origin: str, target: str) -> Why | None:
    """Why troops of ``origin`` cannot move to ``target``, or None: another isle, joined
    by a chain of the player's fleets, and not a last isle the last-isle rule protects."""
    if target not in state.isles or target == origin:
        return why("movement.troop_target", keep=[target], place=target)
    spec = MapSpec.load(state.map_id)
    name = state.names[player]
    if target not in chain_isles(spec, origin, frozenset(own_seas(state, player))):
        return why("movement.no_chain", state, origin=origin, target=target, player=name)
    if is_last_isle_protected(state, player, target):
        owner = state.isles[target].owner
        assert owner is not None
        return why(
            "movement.last_isle",
            state,
            isle=target,
            owner=state.names[owner],
            player=name,
            n=state.metropolises_to_win,
        )
    return None


def fleet_target_problem(state: GameState, origin: str, target: str) -> Why | None:
    """Why fleets in ``origin`` cannot enter ``target``, or None: an adjacent sea, not
    the Kraken's."""
    if target not in MapSpec.load(state.map_id).sea_neighbours.get(origin, ()):
        return why("movement.not_adjacent", keep=[target], origin=origin, place=target)
    if target == state.kraken:
        return why("movement.kraken", sea=target)
    return None


# --------------------------------------------------------------------------- legal actions


@turn_actions
def troop_moves(state: GameState, turn: Turn) -> list[Action]:
    """Ares: every (from, to, count) troop move the player can pay for."""
    player = turn.player
    if turn.god != _ARES or mover_problem(state, turn, "troops") is not None:
        return []
    actions: list[Action] = []
    seas = frozenset(own_seas(state, player))
    spec, isles = MapSpec.load(state.map_id), state.isles
    lone = last_isles(state, player)  # once for every origin
    for isle_id in state.isles_of(player):
        if troop_origin_problem(state, player, isle_id) is not None:
            continue
        targets = _targets(state, spec, player, isle_id, seas, lone)
        actions += _move_group("troops", isle_id, targets, isles[isle_id].troops)
    return actions


@turn_actions
def fleet_moves(state: GameState, turn: Turn) -> list[Action]:
    """Poseidon: every first step (from, to, group size) the player can pay for."""
    player = turn.player
    if turn.god != _POSEIDON or mover_problem(state, turn, "fleets") is not None:
        return []
    actions: list[Action] = []
    fleets = state.fleets
    for sea in sorted(own_seas(state, player)):
        actions += _move_group("fleets", sea, _entries(state, sea), fleets[sea][1])
    return actions


_ARES, _POSEIDON = MOVERS["troops"], MOVERS["fleets"]


@lru_cache(maxsize=1024)
def _move_group(unit: str, origin: str, targets: tuple[str, ...], most: int) -> tuple[Action, ...]:
    """``move unit origin>target n`` for each target in order, n from 1 to ``most``: made
    once and shared (actions are immutable)."""
    return tuple(
        Action("move", (unit, origin, target, n)) for target in targets for n in range(1, most + 1)
    )


def legal_fleet_steps(state: GameState, pending: FleetMove) -> list[Action]:
    """The choices while a fleet move is under way: sail on, pick up, drop off, stop."""
    actions: list[Action] = []
    if pending.left > 0:
        actions += made("sail", (), _entries(state, pending.sea))
    if not pending.changed:
        actions += made("pickup", (), _COUNTS[: max(0, _spare(state, pending))])
        actions += made("drop", (), _COUNTS[: max(0, pending.group - 1)])
    actions.append(_STOP)
    return actions


_COUNTS = tuple(range(1, 2 * MAX_FLEETS + 1))
"""1, 2, ... as many fleets as a group could hold (sliced for pick-ups and drop-offs)."""
_STOP = Action("stop")


def _spare(state: GameState, pending: FleetMove) -> int:
    """Own fleets waiting in the group's sea, not sailing."""
    return state.fleets[pending.sea][1] - pending.group


# --------------------------------------------------------------------------- handlers


@handler("move")
def apply_move(state: GameState, action: Action) -> list[Event]:
    """Pay 1 GP and start an Ares troop move or a Poseidon fleet move."""
    turn = state.turn
    assert turn is not None
    unit, origin, target, count = action.args
    player = turn.player
    ledger.pay(state, player, MOVE_COST)
    name = state.names[player]
    if unit == "troops":
        event = ev(
            "move_troops", player=name, origin=origin, target=target, count=count, cost=MOVE_COST
        )
        return [event, *arrive_troops(state, player, count, target, origin=origin)]
    _take_fleets(state, origin, count)
    event = ev(
        "move_fleets", player=name, origin=origin, target=target, count=count, cost=MOVE_COST
    )
    return [event, *_enter(state, player, count, target, FLEET_RANGE - 1)]


def _take_fleets(state: GameState, sea: str, count: int) -> None:
    owner, present = state.fleets[sea]
    if present > count:
        state.fleets[sea] = (owner, present - count)
    else:
        del state.fleets[sea]


def _enter(state: GameState, player: int, group: int, sea: str, left: int) -> list[Event]:
    """The group enters ``sea``: a battle stops it; otherwise it may go on if spaces remain."""
    enemy = state.fleets.get(sea, (player, 0))[0] != player
    events = arrive_fleets(state, player, group, sea)
    if enemy:  # the sea battle has started and the move is over
        return events
    if left <= 0:
        return [_end_event(state, player, sea, group, "range")]
    state.pending.append(FleetMove(player=player, sea=sea, group=group, left=left, changed=False))
    return []


def _end_event(state: GameState, player: int, sea: str, group: int, variant: str) -> Event:
    return ev("fleet_move_end", variant=variant, player=state.names[player], sea=sea, count=group)


def _moving(state: GameState) -> FleetMove:
    top = state.pending[-1]
    assert isinstance(top, FleetMove) and top.player is not None
    return top


@handler("sail")
def apply_sail(state: GameState, action: Action) -> list[Event]:
    """Sail the group into the next adjacent sea."""
    pending = _moving(state)
    state.pending.pop()
    player = pending.player
    assert player is not None
    target = action.args[0]
    _take_fleets(state, pending.sea, pending.group)
    left = pending.left - 1
    event = ev(
        "sail",
        player=state.names[player],
        origin=pending.sea,
        target=target,
        count=pending.group,
        left=left,
    )
    return [event, *_enter(state, player, pending.group, target, left)]


@handler("pickup")
def apply_pickup(state: GameState, action: Action) -> list[Event]:
    """Own fleets waiting in the current sea join the group."""
    pending = _moving(state)
    pending.group += action.args[0]
    pending.changed = True
    return [ev("pickup", **_transfer(state, pending, action.args[0]))]


@handler("drop")
def apply_drop(state: GameState, action: Action) -> list[Event]:
    """Some fleets of the group stay in the current sea."""
    pending = _moving(state)
    pending.group -= action.args[0]
    pending.changed = True
    return [ev("drop", **_transfer(state, pending, action.args[0]))]


def _transfer(state: GameState, pending: FleetMove, count: int) -> dict[str, Any]:
    """The fields of a ``pickup`` or ``drop`` event."""
    assert pending.player is not None
    return {
        "player": state.names[pending.player],
        "sea": pending.sea,
        "count": count,
        "group": pending.group,
        "left": pending.left,
    }


@handler("stop")
def apply_stop(state: GameState, action: Action) -> list[Event]:
    """End the fleet move where the group is."""
    pending = _moving(state)
    state.pending.pop()
    assert pending.player is not None
    return [_end_event(state, pending.player, pending.sea, pending.group, "stopped")]


# --------------------------------------------------------------------------- explanations


@explainer("move")
def explain_move(state: GameState, action: Action) -> Why | None:
    """Name the movement rule an attempted move breaks (None if it breaks none)."""
    problem = turn_problem(state, why("movement.no_turn"))
    if problem is not None:
        return problem
    turn = state.turn
    assert turn is not None
    unit, origin, target, count = action.args
    if unit not in MOVERS:
        return why("movement.form")
    problem = mover_problem(state, turn, unit)
    if problem is not None:
        return problem
    if unit == "troops":
        return (
            troop_origin_problem(state, turn.player, origin)
            or count_problem(state, turn.player, unit, state.isles[origin].troops, count, origin)
            or troop_target_problem(state, turn.player, origin, target)
        )
    owner, present = state.fleets.get(origin, (None, 0))
    if owner != turn.player:
        return why(
            "movement.fleet_origin",
            state,
            keep=[origin],
            player=state.names[turn.player],
            sea=origin,
        )
    return count_problem(state, turn.player, unit, present, count, origin) or fleet_target_problem(
        state, origin, target
    )


def _fleet_move(state: GameState) -> FleetMove | None:
    top = state.pending[-1] if state.pending else None
    return top if isinstance(top, FleetMove) else None


def _not_moving(word: str) -> Why:
    return why("movement.not_moving", keep=[word], word=word)


@explainer("sail")
def explain_sail(state: GameState, action: Action) -> Why | None:
    """Why the group cannot sail there (None if it can)."""
    pending = _fleet_move(state)
    if pending is None:
        return _not_moving("sail")
    if pending.left <= 0:
        return why("movement.range", n=FLEET_RANGE)
    return fleet_target_problem(state, pending.sea, action.args[0])


def _change_problem(state: GameState, pending: FleetMove | None, word: str) -> Why | None:
    if pending is None:
        return _not_moving(word)
    if pending.changed:
        return why("movement.changed", sea=pending.sea)
    return None


@explainer("pickup")
def explain_pickup(state: GameState, action: Action) -> Why | None:
    """Why those fleets cannot join (None if they can)."""
    pending = _fleet_move(state)
    problem = _change_problem(state, pending, "pickup")
    if problem is not None or pending is None:
        return problem
    spare = _spare(state, pending)
    if 1 <= action.args[0] <= spare:
        return None
    return why("movement.pickup", sea=pending.sea, n=spare)


@explainer("drop")
def explain_drop(state: GameState, action: Action) -> Why | None:
    """Why those fleets cannot stay behind (None if they can)."""
    pending = _fleet_move(state)
    problem = _change_problem(state, pending, "drop")
    if problem is not None or pending is None:
        return problem
    if 1 <= action.args[0] < pending.group:
        return None
    return why("movement.drop", most=pending.group - 1, n=pending.group)


@explainer("stop")
def explain_stop(state: GameState, action: Action) -> Why | None:
    """'stop' ends a fleet move only."""
    return None if _fleet_move(state) is not None else _not_moving("stop")


register_pending(FleetMove, "decision", legal=legal_fleet_steps)
