"""Exact battle odds: ``battle_odds`` for 8 attackers against 8 defenders with bonuses.

The first call solves the battle exactly (fractions over every reachable position); the
second returns the cached result. The caches are cleared before each first call.
"""

from __future__ import annotations

import statistics
import time

from common import Figure

from cyclades_widgets import odds

ARGS = {"attackers": 8, "defenders": 8, "attacker_bonus": 1, "defender_bonus": 2}
"""8 v 8; the defender has a Fortress and a Metropolis (+2), the attacker +1."""


def _first_call() -> float:
    odds._solve.cache_clear()
    odds.round_odds.cache_clear()
    t0 = time.perf_counter()
    odds.battle_odds(**ARGS)
    return time.perf_counter() - t0


def _cached_call() -> float:
    t0 = time.perf_counter()
    odds.battle_odds(**ARGS)
    return time.perf_counter() - t0


def run(quick: bool) -> list[Figure]:
    """First-call and cached times (median of several tries)."""
    tries = 5 if quick else 20
    first = statistics.median(_first_call() for _ in range(tries))
    cached = statistics.median(_cached_call() for _ in range(tries * 50))
    result = odds.battle_odds(**ARGS)
    return [
        Figure(
            "odds_8v8_ms",
            round(first * 1000, 3),
            "ms",
            "battle_odds 8 v 8 (+1 / +2), first call",
            f"attacker wins {result.attacker_wins:.3f}",
        ),
        Figure(
            "odds_8v8_cached_ms",
            round(cached * 1000, 4),
            "ms",
            "battle_odds 8 v 8, cached",
        ),
    ]
