"""Judging one decision: the best move the search finds, and the move played, each rated.

:func:`judge` runs in a worker (a process pool or a Dask client's executor), so it takes
and returns plain data: the position as a dict, the move played as notation, the seed and
the budget. It uses the strong bot's search (:class:`~cyclades_widgets.bots.mcts.StrongBot`)
three ways: over every candidate to find the best move, then on the move played alone and
on the best move alone with the same budget, so that the two chances compare fairly (the
first search's figure for its own choice is biased upward: it is the largest of several
noisy means). A loss close to a threshold gets a second look with a larger budget.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..bots.mcts import MoveStats, StrongBot
from ..rules import flow
from ..rules.actions import Action
from ..rules.state import GameState
from .labels import Budget, near_threshold

__all__ = ["Judgement", "judge"]


@dataclass(frozen=True)
class Judgement:
    """What the search saw at one decision (plain data, sent back from a worker)."""

    best: str
    """The best move found, as notation (the move played when it is the best)."""
    before: tuple[float, ...]
    """Every seat's win chance after the best move (the position's value with best play)."""
    after: tuple[float, ...]
    """Every seat's win chance after the move played."""
    playouts: int
    """Playouts spent on this decision."""


def _rate(state: GameState, action: Action, seed: int, playouts: int) -> MoveStats:
    """The statistics of ``action`` alone, searched with ``playouts``."""
    return StrongBot(seed=seed, playouts=playouts).search(state, [action]).best


def judge(state_dict: dict[str, Any], played: str, seed: int, budget: Budget) -> Judgement:
    """Judge the decision ``played`` in the position ``state_dict`` (see the module)."""
    state = GameState.from_dict(state_dict)
    seat = flow.node(state)[1]
    assert seat is not None
    legal = flow.legal_actions(state)
    move = next(a for a in legal if str(a) == played)
    found = StrongBot(seed=seed, playouts=budget.search).search(state, legal).best.action
    spent = budget.search + budget.check
    after = _rate(state, move, seed + 1, budget.check)
    if found == move:
        return Judgement(played, after.chances, after.chances, spent)
    best = _rate(state, found, seed + 1, budget.check)
    spent += budget.check
    if near_threshold(best.win_rate - after.win_rate):
        after = _rate(state, move, seed + 2, budget.second)
        best = _rate(state, found, seed + 2, budget.second)
        spent += 2 * budget.second
    if best.win_rate < after.win_rate:  # the move played is at least as good
        return Judgement(played, after.chances, after.chances, spent)
    return Judgement(str(found), best.chances, after.chances, spent)
