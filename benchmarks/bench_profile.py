"""Where the time of a ``Game`` step goes: node, legal actions, apply, copies, history; and undo.

A random playout through the public API (``game.legal_actions()``, a random pick,
``game.play(a)``; ``game.step()`` at chance and automatic steps), with the rules calls
timed by category with ``perf_counter`` (a profiler would distort calls this short):

- ``node``: finding the node (``flow.node``), ``legal``: listing the legal actions or the
  chance outcomes, ``apply``: applying the step (``flow.apply``, ``flow.auto_step``);
- ``copy``: ``GameState.copy`` (a checkpoint every ``CHECKPOINT_EVERY`` steps);
- ``history``: what ``Game`` adds around them (recording the step, the legality look-up,
  the seeded draw of a chance outcome, the playout loop itself).

The shares are of the playout's own steps. Undo is not part of a playout: every 10th step
is undone and redone, as a learner stepping back and forth, and timed apart
(``undo_redo_us``: rebuilding the state before the step replays up to 63 steps from the
nearest checkpoint, then redo applies the step again). A rules call made inside another
counts for the outer one. ``--profile`` also prints cProfile's top functions of the
rules-core playout.
"""

from __future__ import annotations

import cProfile
import io
import pstats
import random
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

from common import Figure

from cyclades_widgets.game import Game
from cyclades_widgets.rules import flow
from cyclades_widgets.rules.state import GameState

MAX_CYCLES = 30
CATEGORIES = ("node", "legal", "apply", "copy", "history")
_CLOCK = time.perf_counter


class _Timers:
    """Wraps the rules calls; the time of the outermost one goes to its category."""

    def __init__(self) -> None:
        self.spent: Counter[str] = Counter()
        self.depth = 0
        self.saved: list[tuple[Any, str, Any]] = []

    def wrap(self, owner: Any, name: str, category: str) -> None:
        real = getattr(owner, name)

        def timed(*args: Any, **kwargs: Any) -> Any:
            if self.depth:
                return real(*args, **kwargs)
            self.depth += 1
            t0 = _CLOCK()
            try:
                return real(*args, **kwargs)
            finally:
                self.spent[category] += _CLOCK() - t0
                self.depth -= 1

        self.saved.append((owner, name, real))
        setattr(owner, name, timed)

    def __enter__(self) -> _Timers:
        self.wrap(flow, "node", "node")
        self.wrap(flow, "legal_actions", "legal")
        self.wrap(flow, "chance_outcomes", "legal")
        self.wrap(flow, "apply", "apply")
        self.wrap(flow, "auto_step", "apply")
        self.wrap(GameState, "copy", "copy")
        return self

    def __exit__(self, *exc: object) -> None:
        for owner, name, real in reversed(self.saved):
            setattr(owner, name, real)


def _playout(players: int, rng: random.Random, timers: _Timers) -> tuple[int, float, int, float]:
    """(steps, their time, undo+redo pairs, their time) of one playout."""
    game = Game.new(players=players, seed=rng.randrange(10**6), start="setup")
    steps, total, undos, undo_time = 0, 0.0, 0, 0.0
    while not game.is_over and game.cycle <= MAX_CYCLES:
        t0 = _CLOCK()
        legal = game.legal_actions()
        if legal:
            game.play(rng.choice(legal))
        else:
            game.step()
        t1 = _CLOCK()
        total += t1 - t0
        steps += 1
        if steps % 10 == 0:
            timers.depth += 1  # the rules calls of undo and redo are not the playout's
            game.undo()
            game.redo()
            timers.depth -= 1
            undos, undo_time = undos + 1, undo_time + _CLOCK() - t1
    return steps, total, undos, undo_time


def shares(seconds: float) -> tuple[dict[str, float], int, float, float]:
    """(share of a playout step's time per category in %, steps, µs per step, µs per
    undo and redo) over about ``seconds``."""
    steps, total, undos, undo_time, seed = 0, 0.0, 0, 0.0, 0
    with _Timers() as timers:
        t0 = _CLOCK()
        while _CLOCK() - t0 < seconds:
            n, spent, u, u_spent = _playout(2 + seed % 4, random.Random(seed), timers)
            steps, total, seed = steps + n, total + spent, seed + 1
            undos, undo_time = undos + u, undo_time + u_spent
        timers.spent["history"] = max(0.0, total - sum(timers.spent.values()))
    split = {c: round(100 * timers.spent[c] / total, 1) for c in CATEGORIES}
    return split, steps, total / steps * 1e6, undo_time / max(undos, 1) * 1e6


def top_functions(seconds: float, limit: int = 15) -> str:
    """cProfile's busiest functions (by own time) over rules-core random playouts."""
    from bench_engine import cyclades_playout

    playouts: list[Callable[[random.Random], int]] = [cyclades_playout(n) for n in (2, 3, 4, 5)]
    profiler = cProfile.Profile()
    t0 = _CLOCK()
    seed = 0
    profiler.enable()
    while _CLOCK() - t0 < seconds:
        playouts[seed % 4](random.Random(seed))
        seed += 1
    profiler.disable()
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(limit)
    return out.getvalue()


def run(quick: bool) -> list[Figure]:
    """The time shares of a Game step, and the time of an undo and redo."""
    split, steps, per_step, per_undo = shares(2.0 if quick else 8.0)
    return [
        Figure(
            "hot_path_share_pct",
            split,
            "%",
            "Game step: share of time",
            "public API playout, no undo",
            extra={"steps": steps},
        ),
        Figure("hot_path_us_per_step", round(per_step, 1), "µs", "Game step: time per step"),
        Figure(
            "undo_redo_us",
            round(per_undo, 1),
            "µs",
            "undo + redo of one step",
            "every 10th step of the same playouts",
        ),
    ]
