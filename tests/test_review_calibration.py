"""The review's labels stand above the noise of its search (issue 26, ``docs/review.md``).

The long check (marked slow) reviews the 4-player example twice with different seeds, on
2 workers: each review's mistakes and blunders are mistakes or blunders in the other at
least 90% of the time. The short check (in ``make test``) judges a few decisions of that
game, clear and close, with three seeds: the clear ones keep their label.
"""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest

import cyclades_widgets as cw
from cyclades_widgets.review import BUDGETS, label_for
from cyclades_widgets.review.search import judge

GAME = Path(__file__).resolve().parents[1] / "cyclades_widgets" / "data" / "games"


@pytest.mark.slow
def test_two_reviews_with_different_seeds_agree_on_nine_tenths_of_their_mistakes():
    game = cw.GameRecord.load(GAME / "example-4p.json").replay()
    with ProcessPoolExecutor(2) as pool:
        first = game.review(seed=0, executor=pool)
        second = game.review(seed=1, executor=pool)
    assert len(first.mistakes("mistake")) >= 10
    assert first.agreement(second) >= 0.9
    assert second.agreement(first) >= 0.9


CLEAR = {
    562: ("Corinth", "bid athena 2", "blunder"),
    552: ("Athens", "end", "blunder"),
    457: ("Thebes", "end", "blunder"),
}
"""History positions of the 4-player example whose move played throws away a win the
search sees at once (the Philosopher that completes a Metropolis, a winning conquest)."""


@pytest.mark.parametrize("position", sorted(CLEAR))
def test_a_clear_blunder_keeps_its_label_whatever_the_seed(position: int):
    game = cw.GameRecord.load(GAME / "example-4p.json").replay()
    step = game.history[position]
    player, played, label = CLEAR[position]
    assert (step.player, str(step.action)) == (player, played)
    seat = game.players.index(player)
    for seed in (0, 101, 202):
        j = judge(step.before.to_dict(), played, seed, BUDGETS["strong"])
        assert label_for(j.before[seat] - j.after[seat]) == label, seed
