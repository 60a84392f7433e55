"""Rules of thumb shared by the bots: what a god is worth to a player this cycle, which
bid to place, and a fast action policy that needs no look-ahead.

The fast policy (:func:`quick_action`) decides from the action's kind and the position
alone, without copying the state, so the search bot can play hundreds of cut-off
playouts a second with it; the easy bot plays it with more noise.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..rules import flow
from ..rules.actions import Action
from ..rules.board import MapSpec
from ..rules.gods import BUILD_COST, CARD_COST, recruit_cost
from ..rules.metropolis import free_slots
from ..rules.offerings import payment
from ..rules.state import APOLLO, GOD_BUILDING, MAX_FLEETS, MAX_TROOPS, GameState
from .evaluate import BUILDING_TYPE, METROPOLIS, PHILOSOPHER, battle_odds_for, building_types

__all__ = [
    "GP_POINTS",
    "bid_choice",
    "completes_metropolis",
    "god_gain",
    "god_usable",
    "pending_choice",
    "quick_action",
]

GP_POINTS = 2.5
"""Points a GP buys on a good day (a building: 2 GP toward a 16-point type, with the god
to pay for too): the rate at which a bid pays for what the god brings."""


def _type_gain(state: GameState, seat: int, building: str) -> float:
    """Points a first building of this type brings (the fourth type: a Metropolis)."""
    if state.buildings_of(seat, building) > 0:
        return 0.0
    if not any(free_slots(state, i) > 0 for i in state.isles_of(seat)):
        return 0.0
    types = building_types(state, seat)
    if types >= 3:
        return METROPOLIS - BUILDING_TYPE[3]
    return BUILDING_TYPE[types + 1] - BUILDING_TYPE[types]


def _philosopher_gain(philosophers: int) -> float:
    if philosophers >= 3:
        return METROPOLIS - PHILOSOPHER[3]
    return PHILOSOPHER[philosophers + 1] - PHILOSOPHER[philosophers]


def best_attack(state: GameState, seat: int) -> tuple[float, int, int, str] | None:
    """The most promising land attack ``seat`` could make with Ares now: (attacker's win
    chance, attackers, defenders + bonus, isle), using the exact battle odds; None if no
    enemy isle is in reach of 2 or more troops."""
    from ..odds import battle_odds

    spec = MapSpec.load(state.map_id)
    own_seas = [s for s, (o, _) in state.fleets.items() if o == seat]
    best: tuple[float, int, int, str] | None = None
    for origin in state.isles_of(seat):
        troops = state.isles[origin].troops
        if troops < 1:
            continue
        for target in spec.fleet_chain_reachable(origin, own_seas):
            isle = state.isles[target]
            if isle.owner in (None, seat) or target == origin:
                continue
            bonus = isle.buildings.count("fortress") + int(isle.metropolis)
            if isle.troops == 0:
                odds = 1.0
            else:
                odds = float(
                    battle_odds(min(troops, 60), isle.troops, defender_bonus=bonus).attacker_wins
                )
            if best is None or odds > best[0]:
                best = (odds, troops, isle.troops + bonus, target)
    return best


def god_gain(state: GameState, seat: int, god: str, after_gold: int) -> float:
    """Points ``seat`` can expect from ``god``'s action this cycle with ``after_gold`` GP
    left once the offering is paid."""
    p = state.players[seat]
    if god == APOLLO:
        income = 4 if len(state.isles_of(seat)) <= 1 else 1
        return 2.0 * income + (3.0 if not state.apollo else 0.0)
    gain = 0.0
    if after_gold >= BUILD_COST:
        gain += _type_gain(state, seat, GOD_BUILDING[god])
    if god == "athena":
        gain += _philosopher_gain(p.philosophers)
        if after_gold >= CARD_COST and p.philosophers < 3:
            gain += 0.8 * _philosopher_gain(p.philosophers + 1)
    elif god == "zeus":
        gain += 4.0 if p.priests < 3 else 1.0
    elif god == "ares":
        gain += 2.0 if state.troops_on_board(seat) < MAX_TROOPS else 0.0
        attack = best_attack(state, seat)
        if attack is not None and after_gold >= 1:
            odds, _, _, target = attack
            if odds >= 0.5:
                gain += odds * (8.0 + 10.0 * len(state.isles[target].buildings))
                if state.isles[target].metropolis:
                    gain += odds * METROPOLIS
    elif god == "poseidon":
        few = state.fleets_on_board(seat) < 3
        gain += (4.0 if few else 1.5) if state.fleets_on_board(seat) < MAX_FLEETS else 0.0
    return gain


def completes_metropolis(state: GameState, seat: int, god: str, after_gold: int) -> bool:
    """True if ``god``'s action can give ``seat`` a Metropolis this cycle with ``after_gold``
    GP left once the offering is paid: the fourth building type (with a free slot to build
    it), or with Athena the fourth Philosopher (free with three, bought with two)."""
    if god == APOLLO:
        return False
    p = state.players[seat]
    if god == "athena" and state.philosopher_supply > 0:
        if p.philosophers >= 3:
            return True
        if p.philosophers == 2 and after_gold >= CARD_COST and state.philosopher_supply > 1:
            return True
    if after_gold < BUILD_COST or building_types(state, seat) < 3:
        return False
    return _type_gain(state, seat, GOD_BUILDING[god]) > 0


def god_usable(state: GameState, seat: int, god: str, after_gold: int) -> bool:
    """True if ``seat`` can do something with ``god`` once the offering is paid: its free
    unit or card, or a building it can afford (Apollo always pays)."""
    if god == APOLLO:
        return True
    if god == "ares":
        if state.troops_on_board(seat) < MAX_TROOPS and state.isles_of(seat):
            return True
    elif god == "poseidon":
        from ..rules.gods import fleet_spawn_seas

        if state.fleets_on_board(seat) < MAX_FLEETS and fleet_spawn_seas(state, seat):
            return True
    elif god == "zeus":
        return state.priest_supply > 0 or after_gold >= BUILD_COST
    elif god == "athena":
        return state.philosopher_supply > 0 or after_gold >= BUILD_COST
    return after_gold >= BUILD_COST and any(free_slots(state, i) > 0 for i in state.isles_of(seat))


def _other_bids(state: GameState, seat: int, skip: str) -> list[int]:
    return [amt for god, (p, amt) in state.bids.items() if p == seat and god != skip]


def bid_choice(
    state: GameState,
    seat: int,
    legal: Sequence[Action],
    rng: random.Random,
    *,
    noise: float = 1.0,
    greed: float = 1.0,
    secure: float = 0.0,
) -> Action:
    """The bid a sensible player places: the god whose expected gain most exceeds what it
    costs (:data:`GP_POINTS` points per GP), at the lowest amount that takes it, never a god
    it cannot use. ``greed`` scales how much it is willing to pay. With ``secure`` > 0 the
    bid is raised above the lowest, so that a rival must pay more to take the god: by up to
    ``secure`` times the GP its gain is worth, never beyond what a rival could offer, and
    keeping the gold the god's action needs."""
    gold = state.players[seat].gold
    cheapest: dict[str, Action] = {}
    for action in legal:
        god = action.args[0]
        if god not in cheapest or (len(action.args) > 1 and action.args[1] < cheapest[god].args[1]):
            cheapest[god] = action
    best: tuple[float, Action] | None = None
    gains: dict[str, float] = {}
    for god, action in cheapest.items():
        amount = action.args[1] if len(action.args) > 1 else 0
        paid = payment(state, seat, [*_other_bids(state, seat, god), amount]) if amount else 0
        after = gold - paid
        if not god_usable(state, seat, god, after):
            continue
        cost = 0 if god == APOLLO else max(1, amount - state.players[seat].priests)
        gains[god] = god_gain(state, seat, god, after)
        value = gains[god] - cost * GP_POINTS / greed
        value += rng.random() * noise
        if best is None or value > best[0]:
            best = (value, action)
    if best is None:
        apollo = cheapest.get(APOLLO)
        return apollo if apollo is not None else cheapest[min(cheapest)]
    if secure > 0 and best[1].args[0] != APOLLO:
        return _secured(state, seat, legal, best[1], gains[best[1].args[0]] * secure / GP_POINTS)
    return best[1]


def _secured(
    state: GameState, seat: int, legal: Sequence[Action], low: Action, worth: float
) -> Action:
    """``low`` raised by up to ``worth`` GP, to no more than 1 GP above what the richest
    rival could offer, keeping :data:`BUILD_COST` GP (:data:`CARD_COST` for Athena) to use
    the god."""
    god, amount = low.args[0], low.args[1]
    gold = state.players[seat].gold
    rivals = [
        p.gold + p.priests for i, p in enumerate(state.players) if i != seat and not p.eliminated
    ]
    keep = CARD_COST if god == "athena" and state.philosopher_supply > 0 else BUILD_COST
    others = _other_bids(state, seat, god)
    target = min(amount + int(worth), max(rivals, default=0) + 1)
    best = low
    for action in legal:
        if action.args[0] != god or len(action.args) < 2:
            continue
        bid = action.args[1]
        if best.args[1] < bid <= target and gold - payment(state, seat, [*others, bid]) >= keep:
            best = action
    return best


def pending_choice(
    state: GameState, seat: int, legal: Sequence[Action], rng: random.Random
) -> Action:
    """A choice at a pending step (a retreat, a fleet move, a Metropolis to place, a
    creature's effect): fight on at fair odds, stop a fleet move, else any choice."""
    kinds = {a.kind for a in legal}
    if "fight" in kinds:
        odds = battle_odds_for(state, seat)
        retreats = [a for a in legal if a.kind == "retreat"]
        if odds is None or odds >= 0.3 or not retreats:
            return Action("fight")
        return retreats[0]
    if "stop" in kinds:
        return Action("stop")
    if "prosperity" in kinds or "metropolis" in kinds:
        return legal[0]
    return rng.choice(list(legal))


def quick_action(
    state: GameState,
    seat: int,
    legal: Sequence[Action],
    rng: random.Random,
    *,
    cautious: bool = False,
) -> Action:
    """The fast policy's choice in a god's turn: build a missing type, buy a Philosopher,
    take an isle at good odds, recruit while gold allows, else end the turn. ``cautious``
    (the easy bot): no extra Philosopher or Priest, and only isles without defenders."""
    turn = state.turn
    if state.pending or turn is None:
        return pending_choice(state, seat, legal, rng)
    gold = state.players[seat].gold
    builds = [a for a in legal if a.kind == "build"]
    if builds and state.buildings_of(seat, builds[0].args[0]) == 0:
        return max(builds, key=lambda a: (len(state.isles[a.args[1]].buildings), rng.random()))
    recruits = [a for a in legal if a.kind == "recruit"]
    for a in [] if cautious else recruits:
        if a.args[0] == "philosopher":
            return a
        if a.args[0] == "priest" and gold >= CARD_COST + 4 and state.players[seat].priests < 3:
            return a
    if turn.god == "ares":
        move = _attack_move(state, seat, legal, cautious)
        if move is not None:
            return move
    unit_recruits = [a for a in recruits if len(a.args) > 1]
    if unit_recruits:
        cost = recruit_cost(turn)
        reserve = 1 if turn.god == "ares" else 2
        if cost is not None and (cost == 0 or cost + reserve <= gold):
            return _recruit_place(state, seat, unit_recruits, rng)
    spare = builds and gold >= 6 and builds[0].args[0] in ("temple", "fortress", "port")
    if spare and rng.random() < 0.3:
        return rng.choice(builds)
    return Action("end")


def _recruit_place(
    state: GameState, seat: int, recruits: list[Action], rng: random.Random
) -> Action:
    if recruits[0].args[0] == "troop":
        # Reinforce the isle with most troops: it is the one that attacks.
        return max(recruits, key=lambda a: (state.isles[a.args[1]].troops, rng.random()))
    return rng.choice(recruits)


def _attack_move(
    state: GameState, seat: int, legal: Sequence[Action], cautious: bool = False
) -> Action | None:
    from ..odds import battle_odds

    best: tuple[float, Action] | None = None
    for a in legal:
        if a.kind != "move" or a.args[0] != "troops":
            continue
        _, origin, target, n = a.args
        isle = state.isles[target]
        if isle.owner == seat:
            continue
        if isle.owner is None or isle.troops == 0:
            if n != 1 or state.isles[origin].troops < 2:
                continue
            value = 4.0 + 3.0 * len(isle.buildings)
        else:
            if cautious or n != state.isles[origin].troops:
                continue
            bonus = (
                isle.buildings.count("fortress")
                + int(isle.metropolis)
                + (2 if isle.figurine == "minotaur" else 0)
            )
            odds = float(battle_odds(min(n, 60), isle.troops, defender_bonus=bonus).attacker_wins)
            if odds < 0.6:
                continue
            value = odds * (8.0 + 10.0 * len(isle.buildings) + 60.0 * int(isle.metropolis))
        if best is None or value > best[0]:
            best = (value, a)
    return None if best is None else best[1]


def seat_to_act(state: GameState) -> int:
    """The seat whose decision is due (asserts that one is)."""
    _, seat = flow.node(state)
    assert seat is not None
    return seat
