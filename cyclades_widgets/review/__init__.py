"""Game review: every decision of a game judged by the search, like a chess site's analysis.

- :func:`review` (and ``game.review()``, ``record.review()``): a :class:`Review`, one
  :class:`Entry` per step; each decision has the mover's win chance with the best move
  found and after the move played, the loss between them and a label (:mod:`.labels`).
- :meth:`Review.table` (a pandas table) and :meth:`Review.plot` (the win-chance graph,
  static SVG; :mod:`.plot`), and the notes that ``record.annotate_review()`` writes
  (:mod:`.notes`).

The thresholds and how they were measured are in ``docs/review.md``.
"""

from __future__ import annotations

from .core import Entry, Review, review
from .labels import BUDGETS, LABELS, THRESHOLDS, Budget, Label, label_for

__all__ = ["BUDGETS", "LABELS", "THRESHOLDS", "Budget", "Entry", "Label", "Review",
           "label_for", "review"]  # fmt: skip
