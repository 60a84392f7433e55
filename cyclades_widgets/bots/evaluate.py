"""How good a position looks: the yardstick of the medium bot and of the search's cut-off
playouts.

:func:`score` rates one seat's position in points (a Metropolis is worth 100); the
win estimates of :func:`win_estimates` turn the scores of all seats into shares of 1.

>>> from cyclades_widgets.rules.setup import new_state
>>> s = new_state(3)
>>> [round(p, 2) for p in win_estimates(s)]
[0.33, 0.33, 0.33]
>>> s.isles[s.isles_of(0)[0]].metropolis = True
>>> win_estimates(s)[0] > 0.75
True
"""

from __future__ import annotations

import math

from ..rules.battle import current_battle, defender_bonus, defending_units
from ..rules.ledger import revenue_of
from ..rules.state import BUILDINGS, GameState, Phase

__all__ = [
    "GOLD_CAP",
    "GOLD_VALUE",
    "TEMPERATURE",
    "battle_odds_for",
    "building_types",
    "score",
    "win_estimates",
]

METROPOLIS = 100.0
"""A Metropolis: half of the game (2 to win; 3 with two players)."""
BUILDING_TYPE = (0.0, 16.0, 34.0, 56.0)
"""Distinct ordinary building types held (0 to 3): each brings the four-building
Metropolis closer, and the third is worth more than the first."""
PHILOSOPHER = (0.0, 16.0, 36.0, 62.0)
"""Philosophers held (0 to 3): the fourth is a Metropolis at once."""
GOLD_VALUE = 0.8
"""What 1 GP is worth, up to :data:`GOLD_CAP` GP; beyond it, a quarter of that: gold
only counts for what it can still buy, so the bots spend it."""
GOLD_CAP = 10
TEMPERATURE = 50.0
"""Points for a factor e in the win estimates: 100 points (a Metropolis) is about 7:1."""


def building_types(state: GameState, seat: int) -> int:
    """Distinct ordinary building types on ``seat``'s isles (Metropolises not counted)."""
    have = set()
    for isle in state.isles.values():
        if isle.owner == seat:
            have.update(isle.buildings)
    return sum(1 for b in BUILDINGS if b in have)


def score(state: GameState, seat: int) -> float:
    """``seat``'s position in points: Metropolises, buildings toward a set, Philosophers,
    revenue, isles, units (a first fleet counts more: without one, troops cannot cross the
    sea), Priests and gold (see the constants above)."""
    p = state.players[seat]
    if p.eliminated:
        return -1000.0
    types = min(building_types(state, seat), 3)
    phil = min(p.philosophers, 3)
    revenue = revenue_of(state, seat)[0]
    isles = len(state.isles_of(seat))
    gold = p.gold
    fleets = state.fleets_on_board(seat)
    return (
        METROPOLIS * state.metropolises(seat)
        + BUILDING_TYPE[types]
        + PHILOSOPHER[phil]
        + 3.0 * revenue
        + 4.0 * isles
        + 2.0 * state.troops_on_board(seat)
        + 1.2 * fleets
        + (5.0 if fleets else 0.0)
        + 3.0 * min(p.priests, 3)
        + GOLD_VALUE * min(gold, GOLD_CAP)
        + 0.25 * GOLD_VALUE * max(0, gold - GOLD_CAP)
    )


def win_estimates(state: GameState) -> list[float]:
    """Each seat's estimated chance to win, summing to 1: exact once the game is over,
    else a softmax of :func:`score` (a battle under way counts at its exact odds)."""
    n = state.n_players
    if state.phase is Phase.OVER and state.winner is not None:
        return [1.0 if i == state.winner else 0.0 for i in range(n)]
    scores = [score(state, i) for i in range(n)]
    battle = current_battle(state)
    if battle is not None:
        odds = battle_odds_for(state, battle.attacker)
        if odds is not None:
            swing = 12.0 * (odds - 0.5)
            scores[battle.attacker] += swing
            scores[battle.defender] -= swing
    top = max(scores)
    weights = [math.exp((s - top) / TEMPERATURE) for s in scores]
    total = sum(weights)
    return [w / total for w in weights]


def battle_odds_for(state: GameState, seat: int) -> float | None:
    """The exact chance that ``seat`` wins the battle under way (from :mod:`..odds`), or
    None if no battle is under way."""
    from ..odds import battle_odds

    pending = current_battle(state)
    if pending is None:
        return None
    a_units = pending.attackers
    d_units = defending_units(state, pending)
    if a_units <= 0 or d_units <= 0:
        attacker_wins = 1.0 if d_units <= 0 < a_units else 0.0
    else:
        bonus = defender_bonus(state, pending)[0]
        odds = battle_odds(min(a_units, 60), min(d_units, 60), defender_bonus=min(bonus, 60))
        attacker_wins = float(odds.attacker_wins)
    return attacker_wins if seat == pending.attacker else 1.0 - attacker_wins
