"""Where the time of the hot path goes: node, legal actions, apply, copy, undo.

A random playout through the rules core, timed by category with ``perf_counter`` around
each call (a profiler would distort calls this short): at every step the node is found,
the legal actions (or chance outcomes) are listed, an undo snapshot is copied, and the
step applied; every 10th step is undone (the snapshot restored) and applied again, as a
learner stepping back and forth does. ``--profile`` also prints cProfile's top functions.
"""

from __future__ import annotations

import cProfile
import io
import pstats
import random
import time
from collections import Counter

from common import Figure

from cyclades_widgets.rules import flow
from cyclades_widgets.rules.setup import new_state
from cyclades_widgets.rules.state import Phase

MAX_CYCLES = 30
CATEGORIES = ("node", "legal", "copy", "apply", "undo", "bot")


def _playout(players: int, rng: random.Random, spent: Counter[str]) -> int:
    clock = time.perf_counter
    state = new_state(players)
    steps = 0
    while state.phase is not Phase.OVER and state.cycle <= MAX_CYCLES:
        t0 = clock()
        kind, _ = flow.node(state)
        t1 = clock()
        if kind == "decision":
            options = flow.legal_actions(state)
        elif kind == "chance":
            options = [a for a, _ in flow.chance_outcomes(state)]
        else:
            options = []
        t2 = clock()
        action = rng.choice(options) if options else None
        t3 = clock()
        before = state.copy()
        t4 = clock()
        _step(state, action)
        t5 = clock()
        spent["node"] += t1 - t0
        spent["legal"] += t2 - t1
        spent["bot"] += t3 - t2
        spent["copy"] += t4 - t3
        spent["apply"] += t5 - t4
        steps += 1
        if steps % 10 == 0:
            t6 = clock()
            state = before.copy()  # what Game.undo does
            _step(state, action)  # and redo
            spent["undo"] += clock() - t6
    return steps


def _step(state, action) -> None:  # noqa: ANN001
    if action is None:
        flow.auto_step(state)
    else:
        flow.apply(state, action)


def shares(seconds: float) -> tuple[dict[str, float], int, float]:
    """(share of time per category in %, steps, µs per step) over about ``seconds``."""
    spent: Counter[str] = Counter()
    steps = 0
    t0 = time.perf_counter()
    seed = 0
    while time.perf_counter() - t0 < seconds:
        steps += _playout(2 + seed % 4, random.Random(seed), spent)
        seed += 1
    total = sum(spent.values())
    return (
        {c: round(100 * spent[c] / total, 1) for c in CATEGORIES},
        steps,
        total / steps * 1e6,
    )


def top_functions(seconds: float, limit: int = 15) -> str:
    """cProfile's busiest functions (by own time) over random playouts."""
    profiler = cProfile.Profile()
    t0 = time.perf_counter()
    seed = 0
    spent: Counter[str] = Counter()
    profiler.enable()
    while time.perf_counter() - t0 < seconds:
        _playout(2 + seed % 4, random.Random(seed), spent)
        seed += 1
    profiler.disable()
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(limit)
    return out.getvalue()


def run(quick: bool) -> list[Figure]:
    """The time shares of the hot path."""
    split, steps, per_step = shares(2.0 if quick else 8.0)
    return [
        Figure(
            "hot_path_share_pct",
            split,
            "%",
            "hot path: share of time per step",
            extra={"steps": steps},
        ),
        Figure("hot_path_us_per_step", round(per_step, 1), "µs", "hot path: time per step"),
    ]
