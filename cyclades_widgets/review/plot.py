"""The win-chance graph of a review: one line per player, the cycles marked, and the
inaccuracies, mistakes and blunders as dots in the player's colour and shape.

:func:`graph_payload` makes the view model (:mod:`cyclades_widgets.view.graph`) that both
painters draw; :class:`Plot` is the static picture (SVG, no matplotlib), which a notebook
shows and nbconvert keeps.

>>> import cyclades_widgets as cw
>>> game = cw.Game.new(players=3, seed=2)
>>> _ = game.play("bid zeus 1")
>>> plot = game.review(level="easy").plot("fr")
>>> plot._repr_svg_().startswith("<svg"), "Chance de gagner" in plot._repr_html_()
(True, True)
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..i18n import percent, text
from ..svg.graph import graph_svg
from ..view.graph import GraphMark, graph_model
from .table import words_for

if TYPE_CHECKING:
    from .entries import Entry
    from .entries import ReviewData as Review

__all__ = ["Plot", "graph_payload", "mark_title"]


def mark_title(review: Review, e: Entry, lang: str | None) -> str:
    """A marked decision in one line: the move, who, the label, the better move, the
    chances ("Move 12 · Athens · mistake: ... (better: ...), 41% → 29%")."""
    assert e.label is not None and e.before is not None and e.after is not None
    values = {
        "move": (e.move or 0) + 1,
        "player": e.player,
        "label": text(f"review.label.{e.label}", lang),
        "played": words_for(review, e.played, e.kind, lang),
        "best": words_for(review, e.best, e.kind, lang),
        "before": percent(e.before, 0, lang),
        "after": percent(e.after, 0, lang),
    }
    return text("review.graph.mark", lang, *review.players, **values)


def graph_payload(
    review: Review, lang: str | None = None, index: int | None = None
) -> dict[str, Any]:
    """The view model of ``review``'s graph, in ``lang``; ``index``: the position shown now."""
    points = [(e.position, e.chances) for e in review.decisions]
    cycles: list[tuple[int, int]] = []
    for e in review.entries:
        if e.cycle >= 1 and (not cycles or cycles[-1][1] != e.cycle):
            cycles.append((e.position, e.cycle))
    marks = [
        GraphMark(
            e.position,
            review.players.index(e.player or ""),
            e.label or "",
            mark_title(review, e, lang),
        )
        for e in review.mistakes("inaccuracy")
    ]
    return graph_model(
        review.players, len(review.entries), points, cycles, marks, lang=lang, index=index
    )


class Plot:
    """The win-chance graph of a review as a picture: shows itself in a notebook
    (``_repr_svg_``, ``_repr_html_``), and :meth:`save` writes it to a file."""

    def __init__(
        self, review: Review, *, lang: str | None = None, index: int | None = None
    ) -> None:
        self.review = review
        self.lang = lang
        self.payload = graph_payload(review, lang, index)
        """The view model painted (:func:`~cyclades_widgets.view.graph.graph_model`)."""

    @property
    def svg(self) -> str:
        """The graph as SVG markup."""
        return graph_svg(self.payload, label=text("review.graph.label", self.lang))

    def _repr_svg_(self) -> str:
        return self.svg

    def _repr_html_(self) -> str:
        return (
            f'<div class="cw-graph-figure" style="max-width:100%;overflow-x:auto">{self.svg}</div>'
        )

    def save(self, path: str | Path) -> Path:
        """Write the graph as an SVG file; returns its path."""
        target = Path(path)
        target.write_text(self.svg, encoding="utf-8")
        return target
