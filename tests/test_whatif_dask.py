"""What-if on Dask (issue 17, part 5): ``cw.whatif(game, n, executor=client.get_executor())``
with a ``dask.distributed`` client gives exactly the serial run's results for the same
seeds, the continuations running in two worker processes of a ``LocalCluster``.
(The throughput on 1 and 2 workers: ``benchmarks/bench_dask.py``.)"""

from __future__ import annotations

import pytest
from ci_gate import skip_or_fail

import cyclades_widgets as cw
from cyclades_widgets.bots import RandomBot

try:
    from distributed import Client, LocalCluster, get_task_stream
except ImportError:  # the [dask] extra (the [test] extra includes it)
    Client = None


@pytest.fixture(scope="module")
def client():
    """A client of a local cluster of 2 worker processes, 1 thread each."""
    if Client is None:
        skip_or_fail("dask.distributed is not installed: pip install 'cyclades_widgets[dask]'")
    with (
        LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        Client(cluster) as client,
    ):
        yield client


@pytest.fixture(scope="module")
def midgame() -> cw.Game:
    """A position some way into a 3-player game."""
    game = cw.Game.new(players=3, seed=11)
    game.advance(to="cycle", bots={name: RandomBot(seed=i) for i, name in enumerate(game.players)})
    return game


def test_whatif_on_a_dask_cluster_equals_the_serial_run(client, midgame):
    """Same seeds, same bots, same numbers; the work ran on both worker processes."""
    serial = cw.whatif(midgame, n=8, seed=21, max_cycles=8, progress=False)
    with get_task_stream(client) as stream:
        remote = cw.whatif(
            midgame, n=8, seed=21, max_cycles=8, executor=client.get_executor(), progress=False
        )
    assert remote == serial
    assert sum(remote.wins.values()) + remote.unfinished == 8
    workers = {task["worker"] for task in stream.data}
    assert len(workers) == 2, f"the continuations ran on {workers}"
    assert len(client.scheduler_info()["workers"]) == 2


def test_whatif_on_dask_with_chosen_bots(client, midgame):
    """Bots chosen by the caller travel to the workers too (pickled), seat by seat."""
    bots = {midgame.players[0]: RandomBot(seed=3)}
    serial = cw.whatif(midgame, n=4, bots=bots, seed=2, max_cycles=6, progress=False)
    executor = client.get_executor()
    remote = cw.whatif(
        midgame, n=4, bots=bots, seed=2, max_cycles=6, executor=executor, progress=False
    )
    assert remote == serial
