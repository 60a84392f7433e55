"""What-if on Dask (issue 17): continuations per second on a ``LocalCluster`` of 1 and of 2
worker processes (one thread each), against the serial run in this process, in one run.

The figures are ratios of one run on one machine: ``dask_2w_speedup`` is the throughput on
2 workers divided by that on 1 worker (about 2 means the work splits cleanly; the scheduler
and the shipping of each task's position cost the rest).
"""

from __future__ import annotations

from common import Figure, timed

import cyclades_widgets as cw
from cyclades_widgets.bots import RandomBot

MAX_CYCLES = 12


def _position() -> cw.Game:
    game = cw.Game.new(players=3, seed=11)
    game.advance(to="cycle", bots={name: RandomBot(seed=i) for i, name in enumerate(game.players)})
    return game


def _rate(game: cw.Game, n: int, executor: object | None) -> float:
    seconds, _ = timed(
        lambda: cw.whatif(
            game, n=n, seed=1, max_cycles=MAX_CYCLES, executor=executor, progress=False
        )
    )
    return n / seconds


def run(quick: bool) -> list[Figure]:
    """Throughput serial, on 1 worker and on 2 workers; the 2-worker speed-up."""
    from distributed import Client, LocalCluster

    n = 16 if quick else 160
    game = _position()
    serial = _rate(game, n, None)
    rates: dict[int, float] = {}
    for workers in (1, 2):
        with (
            LocalCluster(
                n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None
            ) as cluster,
            Client(cluster) as client,
        ):
            executor = client.get_executor()
            _rate(game, workers * 2, executor)  # warm up: workers import the package
            rates[workers] = _rate(game, n, executor)
    return [
        Figure("whatif_serial_per_s", round(serial, 1), "games/s", "what-if, serial"),
        Figure("whatif_dask_1w_per_s", round(rates[1], 1), "games/s", "what-if, Dask 1 worker"),
        Figure("whatif_dask_2w_per_s", round(rates[2], 1), "games/s", "what-if, Dask 2 workers"),
        Figure(
            "dask_2w_speedup",
            round(rates[2] / rates[1], 2),
            "×",
            "Dask 2 workers / 1 worker",
            note=f"{n} continuations of a 3-player game, up to {MAX_CYCLES} cycles each",
        ),
    ]
