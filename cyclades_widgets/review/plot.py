"""The win-chance graph of a review, as a static SVG that shows itself in a notebook."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .entries import ReviewData as Review

__all__ = ["Plot"]


class Plot:
    """The win-chance graph of a review (placeholder until the painter lands)."""

    def __init__(self, review: Review, *, lang: str | None = None, index: int | None = None):
        self.review = review
        self.lang = lang
        self.index = index
