"""The actions phase: each god's player in turn, Apollo last.

Recruiting, building and the special actions may be interleaved in any order until
``end``. Special actions and creatures are added by other modules
through :data:`.registry.TURN_ACTIONS`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import ClassVar, Literal

from . import ledger, metropolis
from .actions import Action, made
from .board import MapSpec
from .events import Event, ev
from .messages import Why, plural, quoted, why
from .registry import PENDING, TURN_ACTIONS, TURN_START, explainer, handler, register_pending
from .state import (
    APOLLO,
    BUILDINGS,
    GOD_BUILDING,
    GOD_UNIT,
    MAX_FLEETS,
    MAX_TROOPS,
    GameState,
    Pending,
    Phase,
    Turn,
)

TROOP_COSTS = (0, 2, 3, 4)
"""Ares: the first troop is free, then 2, 3, 4 GP."""
FLEET_COSTS = (0, 1, 2, 3)
"""Poseidon: the first fleet is free, then 1, 2, 3 GP."""
CARD_COST = 4
"""Zeus / Athena: one more Priest or Philosopher for 4 GP, at most once per turn."""
EXTRA_CARDS = 1
"""Priests or Philosophers that may be bought beyond the free one, per turn."""
BUILD_COST = 2
UNIT_CAP = {"troop": MAX_TROOPS, "fleet": MAX_FLEETS}
"""At most 8 troops and 8 fleets of a player on the board."""
UNIT_GOD = {unit: god for god, unit in GOD_UNIT.items()}
"""Which god recruits each unit: troop → Ares, fleet → Poseidon, priest → Zeus..."""


@dataclass(slots=True, kw_only=True)
class ProsperityMarker(Pending):
    """The first player on Apollo places a prosperity marker on one of their isles."""

    kind: ClassVar[str] = "prosperity"


def node(state: GameState) -> tuple[Literal["decision", "auto"], int | None]:
    """The player whose god action is under way, or the automatic step between turns."""
    if state.turn is not None:
        return "decision", state.turn.player
    return "auto", None


def actions_auto(state: GameState) -> list[Event]:
    """Start the next god's action, or move to the end of the cycle."""
    if not state.queue:
        state.phase = Phase.END
        return [ev("phase", phase="end")]
    god, player = state.queue.pop(0)
    if god == APOLLO:
        return _apollo(state, player)
    state.turn = Turn(player, god)
    events = [ev("turn_start", player=state.names[player], god=god)]
    for hook in TURN_START:
        events += hook(state, player, god)
    if god == "zeus":
        events += _take_card(state, player, "priest", free=True)
    elif god == "athena":
        events += _take_card(state, player, "philosopher", free=True)
    return events


def _apollo(state: GameState, player: int) -> list[Event]:
    """Apollo: 1 GP, or 4 GP with a single isle; the first player on Apollo also places
    a prosperity marker."""
    isles = state.isles_of(player)
    income = 4 if len(isles) <= 1 else 1
    ledger.gain(state, player, income)
    name = state.names[player]
    events = [ev("apollo_income", player=name, gold=income, isles=len(isles))]
    apollo_left = sum(1 for god, _ in state.queue if god == APOLLO)
    first = apollo_left == len(state.apollo) - 1  # this is the first Apollo turn
    if first and isles and state.prosperity_supply > 0:
        state.pending.append(ProsperityMarker(player=player))
    else:
        state.returned.append(player)
    return events


def legal_prosperity(state: GameState, pending: ProsperityMarker) -> list[Action]:
    """The first Apollo player puts the marker on one of their isles."""
    assert pending.player is not None
    return list(made("prosperity", (), tuple(state.isles_of(pending.player))))


@handler("prosperity")
def apply_prosperity(state: GameState, action: Action) -> list[Event]:
    """Place Apollo's prosperity marker: +1 revenue for that isle from now on."""
    pending = state.pending.pop()
    player = pending.player
    assert player is not None
    isle = action.args[0]
    state.isles[isle].markers += 1
    state.prosperity_supply -= 1
    state.returned.append(player)
    return [ev("prosperity_placed", player=state.names[player], isle=isle)]


register_pending(ProsperityMarker, "decision", legal=legal_prosperity)


def _take_card(state: GameState, player: int, card: str, *, free: bool) -> list[Event]:
    p = state.players[player]
    name = state.names[player]
    if card == "priest":
        if state.priest_supply <= 0:
            return [ev("supply_empty", player=name, card=card)]
        state.priest_supply -= 1
        p.priests += 1
    else:
        if state.philosopher_supply <= 0:
            return [ev("supply_empty", player=name, card=card)]
        state.philosopher_supply -= 1
        p.philosophers += 1
    cost = 0 if free else CARD_COST
    if cost:
        ledger.pay(state, player, cost)
    events = [ev("recruit", player=name, unit=card, where=None, cost=cost)]
    if card == "philosopher":
        events += metropolis.check(state, player)
    return events


# --------------------------------------------------------------------------- the rules


def turn_problem(state: GameState, idle: Why) -> Why | None:
    """Why no god action can be taken now, or None: a god's action must be under way
    (else ``idle`` says what the action needs), with no other step (a battle, a
    Metropolis to place...) to settle first."""
    if state.pending:
        return step_under_way(state)
    if state.turn is None:
        return idle
    return None


def step_under_way(state: GameState) -> Why:
    """The message for an action tried while a pending step must be settled first."""
    top = state.pending[-1]
    spec = PENDING[top.kind]
    if top.player is None:
        return why("gods.step_under_way_game", step=spec.describe())
    return why("gods.step_under_way", state, player=state.names[top.player], step=spec.describe())


def recruit_cost(turn: Turn) -> int | None:
    """The price of the next troop or fleet this turn, or None once 4 were recruited."""
    costs = TROOP_COSTS if turn.god == "ares" else FLEET_COSTS
    return costs[turn.recruited] if turn.recruited < len(costs) else None


def card_problem(state: GameState, turn: Turn, card: str) -> Why | None:
    """Why one more Priest or Philosopher cannot be bought now, or None: one extra card
    per turn, for 4 GP, while the supply lasts."""
    gold = state.players[turn.player].gold
    if turn.extra_cards >= EXTRA_CARDS:
        return why("gods.extra_card_once", unit=card)
    if gold < CARD_COST:
        return why(
            "gods.card_too_poor",
            state,
            player=state.names[turn.player],
            gold=gold,
            unit=card,
            cost=CARD_COST,
        )
    supply = state.priest_supply if card == "priest" else state.philosopher_supply
    if supply <= 0:
        return why("gods.card_supply", unit=card)
    return None


def unit_problem(state: GameState, turn: Turn, unit: str) -> Why | None:
    """Why one more troop or fleet cannot be recruited now, or None: 4 per turn at
    rising prices, and at most 8 of them on the board."""
    cost = recruit_cost(turn)
    if cost is None:
        return why("gods.recruit_four", units=plural(unit), n=len(TROOP_COSTS))
    player = turn.player
    gold = state.players[player].gold
    if cost > gold:
        name = state.names[player]
        return why("gods.recruit_too_poor", state, player=name, gold=gold, unit=unit, cost=cost)
    if unit == "troop":
        on_board = state.troops_on_board(player)
    else:
        on_board = state.fleets_on_board(player)
    if on_board >= UNIT_CAP[unit]:
        return why(f"gods.unit_cap_{unit}", state, player=state.names[player], cap=UNIT_CAP[unit])
    return None


def recruit_places(
    state: GameState, player: int, unit: str, owned: list[str] | None = None
) -> list[str]:
    """Where a new troop (the player's isles) or fleet (:func:`fleet_spawn_seas`) may go.
    ``owned``: the player's isles (:meth:`.GameState.isles_of`), when already listed."""
    if owned is None:
        owned = state.isles_of(player)
    if unit == "troop":
        return owned
    return fleet_spawn_seas(state, player, owned)


def fleet_spawn_seas(state: GameState, player: int, owned: list[str] | None = None) -> list[str]:
    """Seas next to the player's isles that are empty or hold the player's fleets
    and are not blocked by the Kraken. ``owned``: the player's isles, when already
    listed."""
    if owned is None:
        owned = state.isles_of(player)
    fleets, kraken = state.fleets, state.kraken
    seas = []
    for sea in _seas_next_to(state.map_id, tuple(owned)):
        if sea != kraken and (sea not in fleets or fleets[sea][0] == player):
            seas.append(sea)
    return seas


@lru_cache(maxsize=512)
def _seas_next_to(map_id: str, isles: tuple[str, ...]) -> tuple[str, ...]:
    """The seas touching any of ``isles``, sorted (once per map and set of isles)."""
    spec = MapSpec.load(map_id)
    seas: set[str] = set()
    for isle_id in isles:
        seas |= spec.isle_seas[isle_id]
    return tuple(sorted(seas))


def build_problem(state: GameState, turn: Turn, kind: str) -> Why | None:
    """Why a ``kind`` building cannot be built this turn, or None: each god builds its own
    building, for 2 GP, while the supply lasts."""
    own = GOD_BUILDING.get(turn.god)
    if kind not in BUILDINGS:
        return why("gods.not_a_building", keep=[quoted(kind)], word=quoted(kind), all=BUILDINGS)
    if kind != own:
        if own is None:
            return why("gods.builds_nothing", god=turn.god, buildings=plural(kind))
        return why("gods.wrong_building", god=turn.god, own=plural(own), buildings=plural(kind))
    if state.players[turn.player].gold < BUILD_COST:
        return why("gods.build_too_poor", state, player=state.names[turn.player], cost=BUILD_COST)
    if state.building_supply[kind] <= 0:
        return why("gods.building_supply", buildings=plural(kind))
    return None


def site_problem(state: GameState, player: int, isle_id: str) -> Why | None:
    """Why a building cannot go on ``isle_id``, or None: on the player's own isles, on a
    free building space."""
    isle = state.isles.get(isle_id)
    if isle is None or isle.owner != player:
        return why("gods.build_own_isle", keep=[isle_id], isle=isle_id)
    if metropolis.free_slots(state, isle_id) <= 0:
        return why("gods.no_free_space", isle=isle_id)
    return None


# --------------------------------------------------------------------------- legal actions


def legal_turn_actions(state: GameState) -> list[Action]:
    """Everything the acting player may do now: recruit, build, specials, creatures, end."""
    turn = state.turn
    assert turn is not None
    owned = state.isles_of(turn.player)  # listed once for the recruits and the builds
    actions = [*_recruits(state, turn, owned), *_builds(state, turn, owned)]
    for generator in TURN_ACTIONS:
        actions += generator(state, turn)
    actions.append(_END)
    return actions


_END = Action("end")


def _recruits(state: GameState, turn: Turn, owned: list[str]) -> tuple[Action, ...]:
    unit = GOD_UNIT.get(turn.god)
    if unit is None:
        return ()
    if unit in _CARDS:
        return _CARDS[unit] if card_problem(state, turn, unit) is None else ()
    if unit_problem(state, turn, unit) is not None:
        return ()
    return made("recruit", (unit,), tuple(recruit_places(state, turn.player, unit, owned)))


_CARDS = {card: (Action("recruit", (card,)),) for card in ("priest", "philosopher")}
"""Zeus's and Athena's one extra card, bought with ``recruit priest|philosopher``."""


def _builds(state: GameState, turn: Turn, owned: list[str]) -> tuple[Action, ...]:
    kind = GOD_BUILDING.get(turn.god)
    if kind is None or build_problem(state, turn, kind) is not None:
        return ()
    player = turn.player
    sites = []
    for isle_id in owned:
        if site_problem(state, player, isle_id) is None:
            sites.append(isle_id)
    return made("build", (kind,), tuple(sites))


# --------------------------------------------------------------------------- handlers


@handler("recruit")
def apply_recruit(state: GameState, action: Action) -> list[Event]:
    """Recruit a troop, a fleet, or one extra Priest or Philosopher."""
    turn = state.turn
    assert turn is not None
    unit = action.args[0]
    if unit in ("priest", "philosopher"):
        turn.extra_cards += 1
        return _take_card(state, turn.player, unit, free=False)
    cost = recruit_cost(turn)
    assert cost is not None
    where = action.args[1]
    turn.recruited += 1
    ledger.pay(state, turn.player, cost)
    if unit == "troop":
        isle = state.isles[where]
        isle.troops += 1
        isle.territory = False
    else:
        count = state.fleets.get(where, (turn.player, 0))[1]
        state.fleets[where] = (turn.player, count + 1)
    return [ev("recruit", player=state.names[turn.player], unit=unit, where=where, cost=cost)]


@handler("build")
def apply_build(state: GameState, action: Action) -> list[Event]:
    """Build the god's building for 2 GP on a free slot of an own isle."""
    turn = state.turn
    assert turn is not None
    kind, isle_id = action.args
    ledger.pay(state, turn.player, BUILD_COST)
    state.isles[isle_id].buildings.append(kind)
    state.building_supply[kind] -= 1
    events = [ev("build", player=state.names[turn.player], building=kind, isle=isle_id, cost=2)]
    return events + metropolis.check(state, turn.player)


@handler("end")
def apply_end(state: GameState, action: Action) -> list[Event]:
    """End the god action; the offering token goes to the highest free turn-track space."""
    turn = state.turn
    assert turn is not None
    state.turn = None
    state.returned.append(turn.player)
    return [ev("turn_end", player=state.names[turn.player], god=turn.god)]


# --------------------------------------------------------------------------- explanations


@explainer("recruit")
def explain_recruit(state: GameState, action: Action) -> Why | None:
    """Name the recruiting rule an attempt breaks (None if it breaks none)."""
    problem = turn_problem(state, why("gods.no_turn_recruit"))
    if problem is not None:
        return problem
    turn = state.turn
    assert turn is not None
    unit = action.args[0]
    if unit not in UNIT_GOD:
        return why("gods.not_a_unit", keep=[quoted(unit)], word=quoted(unit))
    if UNIT_GOD[unit] != turn.god:
        return why("gods.wrong_unit", god=turn.god, units=plural(unit), other=UNIT_GOD[unit])
    if unit in ("priest", "philosopher"):
        if len(action.args) > 1:
            return why(
                "gods.card_off_board",
                keep=[f"recruit {unit}"],
                unit=unit,
                example=f"recruit {unit}",
            )
        return card_problem(state, turn, unit)
    if len(action.args) < 2:
        return why(f"gods.recruit_where_{unit}")
    problem = unit_problem(state, turn, unit)
    if problem is not None:
        return problem
    where = action.args[1]
    if where in recruit_places(state, turn.player, unit):
        return None
    name = state.names[turn.player]
    key = "gods.troop_place" if unit == "troop" else "gods.fleet_place"
    return why(key, state, keep=[where], player=name, place=where)


@explainer("build")
def explain_build(state: GameState, action: Action) -> Why | None:
    """Name the building rule an attempt breaks (None if it breaks none)."""
    problem = turn_problem(state, why("gods.no_turn_build"))
    if problem is not None:
        return problem
    turn = state.turn
    assert turn is not None
    kind, isle_id = action.args
    return build_problem(state, turn, kind) or site_problem(state, turn.player, isle_id)


@explainer("end")
def explain_end(state: GameState, action: Action) -> Why | None:
    """Why 'end' is not available (None during a god's action)."""
    return turn_problem(state, why("gods.nothing_to_end"))


@explainer("prosperity")
def explain_prosperity(state: GameState, action: Action) -> Why | None:
    """Why Apollo's prosperity marker cannot go there (or cannot be placed now)."""
    top = state.pending[-1] if state.pending else None
    if not isinstance(top, ProsperityMarker):
        return why("gods.prosperity_not_now")
    assert top.player is not None
    if action.args[0] in state.isles_of(top.player):
        return None
    return why(
        "gods.prosperity_own_isle",
        state,
        keep=[action.args[0]],
        isle=action.args[0],
        player=state.names[top.player],
    )
