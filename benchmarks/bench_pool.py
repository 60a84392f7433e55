"""What-if on a process pool: ``cw.whatif`` on ``ProcessPoolExecutor`` of 2 workers
against 1 worker, in one run (issue 16).

Each pool is warmed up first (its workers import the package), then runs the same ``n``
continuations of a 3-player position. ``whatif_pool_2w_speedup`` is the 2-worker rate over
the 1-worker rate: 2 means the continuations split perfectly over two cores; on a machine
whose cores other work shares, less. As a control, the same pools run a plain CPU-bound
loop (``pool_control_2w_speedup``): what two workers can get on this machine at all, so
``whatif_pool_2w_speedup`` can be read against it.
"""

from __future__ import annotations

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


def run(quick: bool) -> list[Figure]:
    """Throughput on 1 and 2 worker processes, and the speed-up; the control's speed-up."""
    n = 12 if quick else 60
    game = _position()
    rates: dict[int, float] = {}
    control: dict[int, float] = {}
    for workers in (1, 2):
        with ProcessPoolExecutor(max_workers=workers) as pool:
            _rate(game, workers * 2, pool)  # warm up: the workers import the package
            rates[workers] = _rate(game, n, pool)
            control[workers] = _control(pool, 20 if quick else 60)
    return [
        Figure(
            "whatif_pool_2w_speedup",
            round(rates[2] / rates[1], 2),
            "×",
            "what-if, process pool: 2 workers / 1",
            f"{n} continuations, 3 players; {rates[1]:.1f} → {rates[2]:.1f} games/s",
            extra={"per_s_1w": round(rates[1], 2), "per_s_2w": round(rates[2], 2)},
        ),
        Figure(
            "pool_control_2w_speedup",
            round(control[2] / control[1], 2),
            "×",
            "control: a CPU-bound loop, 2 workers / 1",
            "what two worker processes get on this machine now",
        ),
    ]
