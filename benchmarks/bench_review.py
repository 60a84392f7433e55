"""Game review (issue 26): decisions reviewed per second, serial and on 2 worker processes,
the whole 4-player example at the default level on 2 workers, and the calibration (the
same game reviewed with two seeds: the noise of a loss, and how far the labels agree).

``review_decisions_per_s`` is measured on the first moves of the 4-player example (serial,
then a pool of 2, in one run); ``review_4p_2w_s`` reviews the whole game (584 steps) on 2
workers, whose goal is 120 s; the calibration reviews it once more with another seed
(full run only).
"""

from __future__ import annotations

import statistics
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from common import Figure, timed

import cyclades_widgets as cw
from cyclades_widgets.review import Review

GAME = Path(cw.__file__).parent / "data" / "games" / "example-4p.json"
SLICE = (60, 120)
"""Moves of the 4-player example reviewed for the rates (quick, full)."""


def _rates(quick: bool, pool: ProcessPoolExecutor) -> Figure:
    game = cw.GameRecord.load(GAME).game_at(SLICE[0] if quick else SLICE[1])
    serial_s, review = timed(lambda: game.review(seed=0))
    pooled_s, _ = timed(lambda: game.review(seed=0, executor=pool))
    n = len(review.decisions)
    return Figure(
        "review_decisions_per_s",
        {"serial": round(n / serial_s, 2), "2 workers": round(n / pooled_s, 2)},
        "/s",
        "review: decisions judged per second (strong)",
        f"the first {len(review.entries)} steps of the 4-player example, {n} decisions; "
        f"2 workers / serial = {serial_s / pooled_s:.2f}×",
    )


def noise(a: Review, b: Review) -> dict[str, float]:
    """The calibration figures of two reviews of one game with different seeds."""
    da = {e.position: e for e in a.decisions}
    db = {e.position: e for e in b.decisions}
    same = [k for k in da if da[k].best == db[k].best != da[k].played]
    sd = statistics.pstdev([da[k].loss - db[k].loss for k in same]) / 2**0.5 if same else 0.0
    return {
        "loss_sd": round(sd, 4),
        "same_best_pct": round(100 * sum(da[k].best == db[k].best for k in da) / len(da), 1),
        "agree_a_pct": round(100 * a.agreement(b), 1),
        "agree_b_pct": round(100 * b.agreement(a), 1),
        "mistakes_a": len(a.mistakes("mistake")),
        "mistakes_b": len(b.mistakes("mistake")),
    }


def run(quick: bool) -> list[Figure]:
    """The rates, then (full run) the whole 4-player game on 2 workers and the calibration."""
    with ProcessPoolExecutor(max_workers=2) as pool:
        list(pool.map(abs, [1, 2]))  # warm up: the workers import the package
        figures = [_rates(quick, pool)]
        if quick:
            return figures
        game = cw.GameRecord.load(GAME).replay()
        seconds, first = timed(lambda: game.review(seed=0, executor=pool))
        second = game.review(seed=1, executor=pool)
    figures.append(
        Figure(
            "review_4p_2w_s",
            round(seconds, 1),
            "s",
            "review: the 584-step 4-player example, strong, 2 workers",
            f"{len(first.decisions)} decisions; goal ≤ 120 s",
        )  # fmt: skip
    )
    figures.append(
        Figure(
            "review_calibration",
            noise(first, second),
            "",
            "review: two seeds (loss noise, same best %, agreement %)",
            "docs/review.md reads these",
        )  # fmt: skip
    )
    return figures
