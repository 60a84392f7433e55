"""The actions phase: each god's player in turn, Apollo last (seed 000 'Actions').

Recruiting, building and the special actions may be interleaved in any order until
``end`` (seed 002 '神祇行动'). Special actions and creatures are added by other modules
through :data:`.registry.TURN_ACTIONS`.
"""

from __future__ import annotations

from typing import Literal

from . import ledger, metropolis
from .actions import Action
from .board import MapSpec
from .events import Event, ev
from .registry import PENDING, TURN_ACTIONS, TURN_START, PendingKind, explainer, handler
from .state import (
    APOLLO,
    BUILDINGS,
    GOD_BUILDING,
    MAX_FLEETS,
    MAX_TROOPS,
    GameState,
    Pending,
    Phase,
    Turn,
)

TROOP_COSTS = (0, 2, 3, 4)
"""Ares: the first troop is free, then 2, 3, 4 GP (seed 000 'The Four Main Gods')."""
FLEET_COSTS = (0, 1, 2, 3)
"""Poseidon: the first fleet is free, then 1, 2, 3 GP."""
CARD_COST = 4
"""Zeus / Athena: one more Priest or Philosopher for 4 GP, at most once per turn."""
BUILD_COST = 2

_PLURALS = {"fortress": "fortresses", "university": "universities", "nothing": "nothing"}


def plural(word: str) -> str:
    """The plural of a building or unit name, for messages ("fortresses", "troops")."""
    return _PLURALS.get(word, word + "s")


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
    a prosperity marker (seed 002 FAQ 'Apollo 也要竞价吗')."""
    isles = state.isles_of(player)
    income = 4 if len(isles) <= 1 else 1
    ledger.gain(state, player, income)
    name = state.names[player]
    events = [ev("apollo_income", player=name, gold=income, isles=len(isles))]
    apollo_left = sum(1 for god, _ in state.queue if god == APOLLO)
    first = apollo_left == len(state.apollo) - 1  # this is the first Apollo turn
    if first and isles and state.prosperity_supply > 0:
        state.pending.append(Pending("prosperity", player, {}))
    else:
        state.returned.append(player)
    return events


def legal_prosperity(state: GameState, pending: Pending) -> list[Action]:
    """The first Apollo player puts the marker on one of their isles."""
    assert pending.player is not None
    return [Action("prosperity", (i,)) for i in state.isles_of(pending.player)]


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


PENDING["prosperity"] = PendingKind(
    "decision", legal=legal_prosperity, label="place Apollo's prosperity marker"
)


def _take_card(state: GameState, player: int, card: str, *, free: bool) -> list[Event]:
    p = state.players[player]
    name = state.names[player]
    supply_attr = f"{card}_supply"
    if getattr(state, supply_attr) <= 0:
        return [ev("supply_empty", player=name, card=card)]
    setattr(state, supply_attr, getattr(state, supply_attr) - 1)
    if card == "priest":
        p.priests += 1
    else:
        p.philosophers += 1
    cost = 0 if free else CARD_COST
    if cost:
        ledger.pay(state, player, cost)
    events = [ev("recruit", player=name, unit=card, where=None, cost=cost)]
    if card == "philosopher":
        events += metropolis.check(state, player)
    return events


# --------------------------------------------------------------------------- legal actions


def legal_turn_actions(state: GameState) -> list[Action]:
    """Everything the acting player may do now: recruit, build, specials, creatures, end."""
    turn = state.turn
    assert turn is not None
    actions = _recruits(state, turn) + _builds(state, turn)
    for generator in TURN_ACTIONS:
        actions += generator(state, turn)
    actions.append(Action("end"))
    return actions


def recruit_cost(turn: Turn) -> int | None:
    """The price of the next troop or fleet this turn, or None once 4 were recruited."""
    costs = TROOP_COSTS if turn.god == "ares" else FLEET_COSTS
    return costs[turn.recruited] if turn.recruited < len(costs) else None


def fleet_spawn_seas(state: GameState, player: int) -> list[str]:
    """Seas next to the player's isles that are empty or hold the player's fleets
    (seed 002 '招募数量与成本'), and are not blocked by the Kraken."""
    spec = MapSpec.load(state.map_id)
    seas: set[str] = set()
    for isle in state.isles_of(player):
        seas |= spec.isle_seas[isle]
    return sorted(
        s
        for s in seas
        if (s not in state.fleets or state.fleets[s][0] == player) and s != state.kraken
    )


def _recruits(state: GameState, turn: Turn) -> list[Action]:
    player = turn.player
    gold = state.players[player].gold
    if turn.god in ("zeus", "athena"):
        card = "priest" if turn.god == "zeus" else "philosopher"
        supply = state.priest_supply if card == "priest" else state.philosopher_supply
        if turn.extra_cards < 1 and gold >= CARD_COST and supply > 0:
            return [Action("recruit", (card,))]
        return []
    cost = recruit_cost(turn)
    if cost is None or cost > gold:
        return []
    if turn.god == "ares":
        if state.troops_on_board(player) >= MAX_TROOPS:
            return []
        return [Action("recruit", ("troop", i)) for i in state.isles_of(player)]
    if state.fleets_on_board(player) >= MAX_FLEETS:
        return []
    return [Action("recruit", ("fleet", s)) for s in fleet_spawn_seas(state, player)]


def _builds(state: GameState, turn: Turn) -> list[Action]:
    kind = GOD_BUILDING.get(turn.god)
    if kind is None or state.building_supply[kind] <= 0:
        return []
    if state.players[turn.player].gold < BUILD_COST:
        return []
    return [
        Action("build", (kind, i))
        for i in state.isles_of(turn.player)
        if metropolis.free_slots(state, i) > 0
    ]


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
def explain_recruit(state: GameState, action: Action) -> str | None:
    """Name the recruiting rule an attempt breaks."""
    turn = state.turn
    if state.pending:
        return step_under_way(state)
    if turn is None:
        return "recruiting happens during your god's action"
    name = state.names[turn.player]
    unit = action.args[0]
    wanted = {"troop": "ares", "fleet": "poseidon", "priest": "zeus", "philosopher": "athena"}
    if unit not in wanted:
        return f"{unit!r} cannot be recruited; units are troop, fleet, priest, philosopher"
    if wanted[unit] != turn.god:
        return f"{turn.god.title()} does not recruit {unit}s ({wanted[unit].title()} does)"
    cards = unit in ("priest", "philosopher")
    if cards and len(action.args) > 1:
        return (
            f"a {unit} card goes in front of your screen, not on the board: write 'recruit {unit}'"
        )
    if not cards and len(action.args) < 2:
        place = "isle" if unit == "troop" else "sea"
        return f"say where the new {unit} goes: 'recruit {unit} <{place}>'"
    gold = state.players[turn.player].gold
    if cards:
        if turn.extra_cards >= 1:
            return f"only one extra {unit} may be bought per turn (seed 000 'Actions')"
        if gold < CARD_COST:
            return f"{name} has {gold} GP; an extra {unit} costs {CARD_COST} GP"
        return f"no {unit} cards are left in the supply"
    cost = recruit_cost(turn)
    if cost is None:
        return f"at most 4 {unit}s may be recruited in one turn (the free one, then 3 paid)"
    if cost > gold:
        return f"{name} has {gold} GP; the next {unit} costs {cost} GP"
    cap = state.troops_on_board if unit == "troop" else state.fleets_on_board
    if cap(turn.player) >= 8:
        return f"{name} already has 8 {unit}s on the board (the limit is 8)"
    where = action.args[1] if len(action.args) > 1 else None
    if unit == "troop":
        return f"new troops go on your own isles; {where} is not {name}'s"
    return (
        f"new fleets go in a sea next to one of your isles that is empty or holds your "
        f"fleets; {where} is not such a sea"
    )


@explainer("build")
def explain_build(state: GameState, action: Action) -> str | None:
    """Name the building rule an attempt breaks."""
    turn = state.turn
    if state.pending:
        return step_under_way(state)
    if turn is None:
        return "building happens during your god's action"
    kind, isle_id = action.args
    own = GOD_BUILDING.get(turn.god)
    if kind not in BUILDINGS:
        return f"{kind!r} is not a building; the buildings are {', '.join(BUILDINGS)}"
    if kind != own:
        return f"{turn.god.title()} builds {plural(own or 'nothing')}, not {plural(kind)}"
    if state.players[turn.player].gold < BUILD_COST:
        return f"a building costs {BUILD_COST} GP; {state.names[turn.player]} has less"
    isle = state.isles.get(isle_id)
    if isle is None or isle.owner != turn.player:
        return f"buildings go on your own isles; {isle_id} is not yours"
    if metropolis.free_slots(state, isle_id) <= 0:
        return f"{isle_id} has no free building space"
    return f"no {plural(kind)} are left in the supply"


@explainer("end")
def explain_end(state: GameState, action: Action) -> str | None:
    """Why 'end' is not available."""
    if state.pending:
        return step_under_way(state)
    return "there is no god action to end now"


def step_under_way(state: GameState) -> str:
    """The message for an action tried while a pending step must be settled first."""
    top = state.pending[-1]
    label = PENDING[top.kind].label or top.kind
    who = state.names[top.player] if top.player is not None else "the game"
    return f"first the step under way must be finished: {who} must {label}"


@explainer("prosperity")
def explain_prosperity(state: GameState, action: Action) -> str | None:
    """Why Apollo's prosperity marker cannot go there (or cannot be placed now)."""
    top = state.pending[-1] if state.pending else None
    if top is None or top.kind != "prosperity":
        return (
            "only the first player on Apollo places a prosperity marker, right after "
            "Apollo's income (seed 000 'Apollo')"
        )
    assert top.player is not None
    return (
        f"the prosperity marker goes on one of your own isles; {action.args[0]} is not "
        f"{state.names[top.player]}'s"
    )
