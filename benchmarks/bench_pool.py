"""What-if on a process pool: ``cw.whatif`` on ``ProcessPoolExecutor`` of 2 workers
against 1 worker, in one run (issue 16).

Each pool is warmed up first (its workers import the package), then both run the same ``n``
continuations of a 3-player position, one after the other, in several rounds; the figure
is the median of the rounds' ratios. ``whatif_pool_2w_speedup`` is the 2-worker rate over
the 1-worker rate: 2 means the continuations split perfectly over two cores; on a machine
whose cores other work shares, less. As a control, the same pools run a plain CPU-bound
loop (``pool_control_2w_speedup``): what two workers can get on this machine at all, so
``whatif_pool_2w_speedup`` can be read against it.
"""

from __future__ import annotations

import statistics
from concurrent.futures import ProcessPoolExecutor

from common import Figure, timed

import cyclades_widgets as cw
from cyclades_widgets.bots import RandomBot

MAX_CYCLES = 12


def _position() -> cw.Game:
    game = cw.Game.new(players=3, seed=11)
    game.advance(to="cycle", bots={name: RandomBot(seed=i) for i, name in enumerate(game.players)})
    return game


def _rate(game: cw.Game, n: int, pool: ProcessPoolExecutor) -> float:
    seconds, _ = timed(
        lambda: cw.whatif(game, n=n, seed=1, max_cycles=MAX_CYCLES, executor=pool, progress=False)
    )
    return n / seconds


def spin(n: int) -> int:
    """A plain CPU-bound loop (the control)."""
    total = 0
    for i in range(n):
        total += i * i
    return total


def _control(pool: ProcessPoolExecutor, jobs: int) -> float:
    seconds, _ = timed(lambda: list(pool.map(spin, [200_000] * jobs)))
    return jobs / seconds


ROUNDS = (3, 5)
"""Rounds of the measurement (quick, full): each round times both pools, one after the
other, and the figure is the median of the rounds' ratios, as for the engine ratio (one
round of 60 continuations lasts about a second and moved by ±0.1 between runs)."""


def run(quick: bool) -> list[Figure]:
    """Throughput on 1 and 2 worker processes, and the speed-up; the control's speed-up."""
    n = 12 if quick else 60
    game = _position()
    ratios: list[float] = []
    controls: list[float] = []
    rates: dict[int, list[float]] = {1: [], 2: []}
    with ProcessPoolExecutor(max_workers=1) as one, ProcessPoolExecutor(max_workers=2) as two:
        pools = {1: one, 2: two}
        for workers, pool in pools.items():
            _rate(game, workers * 2, pool)  # warm up: the workers import the package
        for _ in range(ROUNDS[0] if quick else ROUNDS[1]):
            rate = {w: _rate(game, n, pool) for w, pool in pools.items()}
            control = {w: _control(pool, 20 if quick else 60) for w, pool in pools.items()}
            for w in pools:
                rates[w].append(rate[w])
            ratios.append(rate[2] / rate[1])
            controls.append(control[2] / control[1])
    one_rate, two_rate = statistics.median(rates[1]), statistics.median(rates[2])
    return [
        Figure(
            "whatif_pool_2w_speedup",
            round(statistics.median(ratios), 2),
            "×",
            "what-if, process pool: 2 workers / 1",
            f"{n} continuations, 3 players, median of {len(ratios)} rounds "
            f"({min(ratios):.2f}–{max(ratios):.2f}); {one_rate:.1f} → {two_rate:.1f} games/s",
            extra={
                "per_s_1w": round(one_rate, 2),
                "per_s_2w": round(two_rate, 2),
                "rounds": [round(r, 3) for r in ratios],
            },
        ),
        Figure(
            "pool_control_2w_speedup",
            round(statistics.median(controls), 2),
            "×",
            "control: a CPU-bound loop, 2 workers / 1",
            "what two worker processes get on this machine now (median of the same rounds)",
        ),
    ]
