"""The notes a review writes into a record: for each mistake, a note in every language
saying what was played, what was better and what it cost, and the better move as a
variation (``GameRecord.annotate_review``).

>>> import cyclades_widgets as cw
>>> from cyclades_widgets.review.entries import Entry, ReviewData
>>> e = Entry(position=5, move=3, kind="decision", cycle=1, phase="offerings",
...           player="Athens", played="bid ares 1", best="bid zeus 2", before=0.41,
...           after=0.22, chances=(0.22, 0.4, 0.38), label="blunder")
>>> r = ReviewData(("Athens", "Sparta", "Corinth"), (e,), "strong", 0, "map-2-3")
>>> note = review_notes(r)[0]
>>> note.move, note.best, note.tag["fr"]
(3, 'bid zeus 2', 'gaffe')
>>> print(note.after["en"])
Blunder by Athens: “Bid 1 GP on Ares” left a 22% chance to win, where “Bid 2 GP on Zeus” kept 41% (19 points lost).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..i18n import LANGS, percent, text
from .entries import Entry, ReviewData
from .labels import Label
from .table import words_for

__all__ = ["ReviewNote", "review_notes"]


@dataclass(frozen=True)
class ReviewNote:
    """What a review writes at one move of the main line."""

    move: int
    """The move's index in the record."""
    played: str
    best: str
    after: dict[str, str]
    """The note shown after the move, per language."""
    tag: dict[str, str]
    """The label, per language."""
    comment: dict[str, str]
    """The comment of the variation that plays the better move, per language."""


def _values(review: ReviewData, e: Entry, lang: str) -> dict[str, object]:
    assert e.before is not None and e.after is not None
    return {
        "player": e.player,
        "played": words_for(review, e.played, e.kind, lang),
        "best": words_for(review, e.best, e.kind, lang),
        "before": percent(e.before, 0, lang),
        "after": percent(e.after, 0, lang),
        "loss": round(100 * e.loss),
    }


def review_notes(review: ReviewData, least: Label = "mistake") -> list[ReviewNote]:
    """The notes of every decision labelled ``least`` or worse that has a move number, in
    every language of the catalogs."""
    notes = []
    proper = frozenset(review.players)
    for e in review.mistakes(least):
        if e.move is None or e.best is None or e.played is None or e.best == e.played:
            continue
        after, tag, comment = {}, {}, {}
        for lang in LANGS:
            values = _values(review, e, lang)
            after[lang] = text(f"review.note.{e.label}", lang, *proper, **values)
            tag[lang] = text(f"review.label.{e.label}", lang)
            comment[lang] = text("review.note.better", lang, *proper, **values)
        notes.append(ReviewNote(e.move, e.played, e.best, after, tag, comment))
    return notes
