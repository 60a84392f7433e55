"""The view model of a win-chance graph: one line per player over the steps of a game, the
cycles marked, and the marked decisions (a review's mistakes) as dots in the player's
colour and shape.

Both painters paint this payload and nothing else: the static SVG
(:func:`cyclades_widgets.svg.graph.graph_svg`) and the board's graph under a Replay
(``js/src/graph.js``). Every position is worked out here, in pixels; colours and shapes
come from :mod:`.palette` and :mod:`.icons`.

>>> g = graph_model(("Athens", "Sparta"), 10, [(2, (0.6, 0.4)), (6, (0.3, 0.7))],
...                 [(0, 1), (5, 2)], [GraphMark(6, 0, "mistake", "Move 4")], lang="en")
>>> [line["player"] for line in g["lines"]], len(g["marks"]), g["marks"][0]["position"]
(['Athens', 'Sparta'], 1, 6)
>>> [c["text"] for c in g["cycles"]], g["hits"][1]["position"]
(['1', '2'], 6)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..i18n import percent, text
from . import icons, palette
from .metrics import text_width

__all__ = ["GRAPH_VERSION", "GraphMark", "graph_model"]

GRAPH_VERSION = 1
"""The version of this payload (``js/src/graph.js`` paints this one)."""

WIDTH, HEIGHT = 900.0, 196.0
"""The graph's size in pixels (it scales to its container)."""
BOX = {"x": 46.0, "y": 32.0, "w": 840.0, "h": 118.0}
"""Where the plot area sits inside the graph."""
MARK_R = {"inaccuracy": 3.5, "mistake": 5.0, "blunder": 6.5}
"""The radius of a marked decision's dot, by label (worse: larger)."""
GRID = (0.0, 0.25, 0.5, 0.75, 1.0)
"""Win chances with a grid line."""


@dataclass(frozen=True)
class GraphMark:
    """A decision to mark: at history ``position``, by seat ``seat``, labelled ``label``
    (``"inaccuracy"``, ``"mistake"``, ``"blunder"``), with ``title`` as its tooltip."""

    position: int
    seat: int
    label: str
    title: str


def _x(position: float, length: int) -> float:
    return round(BOX["x"] + BOX["w"] * position / max(1, length), 1)


def _y(chance: float) -> float:
    return round(BOX["y"] + BOX["h"] * (1.0 - min(1.0, max(0.0, chance))), 1)


def _lines(
    players: Sequence[str], length: int, points: Sequence[tuple[int, Sequence[float]]]
) -> list[dict[str, Any]]:
    lines = []
    for seat, name in enumerate(players):
        d = "".join(
            f"{'L' if k else 'M'}{_x(pos, length)},{_y(chances[seat])}"
            for k, (pos, chances) in enumerate(points)
        )
        lines.append({"player": name, "colour": palette.seat_colour(seat), "d": d})
    return lines


def _hits(
    length: int, points: Sequence[tuple[int, Sequence[float]]], lang: str | None
) -> list[dict[str, Any]]:
    """A band around each point: clicking it goes to that step."""
    xs = [_x(pos, length) for pos, _ in points]
    hits = []
    for k, (pos, _) in enumerate(points):
        left = BOX["x"] if k == 0 else (xs[k - 1] + xs[k]) / 2
        right = BOX["x"] + BOX["w"] if k == len(xs) - 1 else (xs[k] + xs[k + 1]) / 2
        title = text("review.graph.goto", lang, step=pos)
        hits.append({"x": round(left, 1), "w": round(max(1.0, right - left), 1),
                     "position": pos, "title": title})  # fmt: skip
    return hits


FONT = 11.0
"""The graph's text size in pixels."""


def _shape(seat: int) -> str:
    return icons.SHAPES[palette.PLAYER_SHAPES[seat % len(palette.PLAYER_SHAPES)]]


def _legend(players: Sequence[str]) -> list[dict[str, Any]]:
    """Each player's shape and name along the top right, placed right to left."""
    items: list[dict[str, Any]] = []
    right = BOX["x"] + BOX["w"]
    for seat in reversed(range(len(players))):
        name = players[seat]
        width = text_width(name, FONT)
        x = round(right - width - 2 * FONT, 1)
        items.append({"player": name, "colour": palette.seat_colour(seat), "shape": _shape(seat),
                      "x": x, "y": 16.0, "r": 4.5, "tx": round(x + 9, 1)})  # fmt: skip
        right = x - FONT
    return items[::-1]


def graph_model(
    players: Sequence[str],
    length: int,
    points: Sequence[tuple[int, Sequence[float]]],
    cycles: Sequence[tuple[int, int]],
    marks: Sequence[GraphMark],
    *,
    lang: str | None = None,
    index: int | None = None,
) -> dict[str, Any]:
    """The graph's payload. ``length``: the history's number of steps; ``points``: (history
    position, every seat's win chance there), in order; ``cycles``: (position where a cycle
    starts, its number); ``index``: the position shown now (a cursor), or None."""
    at = {pos: chances for pos, chances in points}
    colours = palette.COLOURS
    return {
        "v": GRAPH_VERSION,
        "width": WIDTH,
        "font": FONT,
        "height": HEIGHT,
        "box": dict(BOX),
        "title": text("review.graph.title", lang),
        "axis": text("review.graph.axis", lang),
        "colours": {k: colours[k] for k in ("paper", "ink", "muted", "rule", "highlight")},
        "grid": [{"y": _y(p), "text": percent(p, 0, lang)} for p in GRID],
        "cycles": [{"x": _x(pos, length), "text": str(n)} for pos, n in cycles],
        "lines": _lines(players, length, points),
        "marks": [
            {
                "x": _x(m.position, length),
                "y": _y(at[m.position][m.seat]) if m.position in at else _y(0.5),
                "r": MARK_R.get(m.label, 4.0),
                "colour": palette.seat_colour(m.seat),
                "shape": _shape(m.seat),
                "label": m.label,
                "position": m.position,
                "title": m.title,
            }
            for m in marks
        ],  # fmt: skip
        "hits": _hits(length, points, lang),
        "hit": {"fill": colours["paper"], "opacity": 0},
        "legend": _legend(players),
        "cursor": None if index is None else _x(index, length),
        "length": length,
    }
