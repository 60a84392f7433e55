"""The labels of a reviewed decision, their thresholds, and the search budget of each level.

A decision's *loss* is how much the mover's estimated chance to win drops between the best
move the search found and the move played, in points of probability (0.08 = 8 points).
The thresholds sit well above the noise of the estimates, measured by reviewing one game
twice with different seeds (``docs/review.md``):

>>> label_for(0.05), label_for(0.12), label_for(0.2), label_for(0.4)
('good', 'inaccuracy', 'mistake', 'blunder')
>>> BUDGETS["strong"].search, BUDGETS["strong"].check
(300, 200)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

__all__ = [
    "BUDGETS",
    "LABELS",
    "THRESHOLDS",
    "Budget",
    "Label",
    "label_for",
]

Label = Literal["good", "inaccuracy", "mistake", "blunder"]
LABELS: tuple[Label, ...] = ("good", "inaccuracy", "mistake", "blunder")
"""The labels, mildest first (their names: catalog ``review.label.<label>``)."""

THRESHOLDS: dict[Label, float] = {"inaccuracy": 0.10, "mistake": 0.15, "blunder": 0.30}
"""The least loss (in points of win chance) of each label; below the first, ``good``."""


@dataclass(frozen=True)
class Budget:
    """Playouts one decision costs: ``search`` to find the best move among all,
    ``check`` for each of the move played and the best move on their own (the same budget
    for both, so that their chances compare fairly), and ``second`` for a second look at
    both when the loss falls close to a threshold."""

    search: int
    check: int
    second: int


BUDGETS: dict[str, Budget] = {
    "easy": Budget(search=60, check=40, second=80),
    "medium": Budget(search=150, check=100, second=200),
    "strong": Budget(search=300, check=200, second=400),
}
"""The budget of each level (``docs/review.md`` gives what each costs and how noisy it
is)."""

NEAR = 0.3
"""A loss within this share of a threshold (above or below it) earns a second look."""


def label_for(loss: float) -> Label:
    """The label of a decision that lost ``loss`` points of win chance."""
    label: Label = "good"
    for name, least in THRESHOLDS.items():
        if loss >= least:
            label = name
    return label


def near_threshold(loss: float) -> bool:
    """Whether ``loss`` is close enough to a threshold that noise could flip its label.

    >>> near_threshold(0.14), near_threshold(0.5), near_threshold(0.01)
    (True, False, False)
    """
    return any(abs(loss - least) <= NEAR * least for least in THRESHOLDS.values())
