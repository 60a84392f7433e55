"""How the map is drawn, once for both painters: the pieces' recipes, the styles of the
map's layers, the arrows and the legend's pictures.

The static payload carries what this module computes (``recipes``, ``piece_order``,
``styles``, ``legend``); the static SVG (:mod:`cyclades_widgets.svg`) and the JS board
(``js/src``) follow it and add nothing of their own. The colours are the roles of
:mod:`.palette`, resolved here; the pictures are the path data of :mod:`.icons`.

**A recipe** is a list of parts, drawn in order around a piece's anchor ``at``:

- ``{"draw": "icon", "icon", "dx", "dy", "r", "fill", "stroke", "width"}``: a picture of
  the payload's ``icons`` (or ``shape:<name>``, one of its ``shapes``) centred at the
  anchor moved by (dx, dy), at radius ``r``; ``width`` is the stroke width in pixels
  whatever ``r`` is;
- ``{"draw": "circle", "dx", "dy", "r", "fill", "stroke", "width"}``; with
  ``"hit": true`` it is an unpainted area that catches the pointer on the live board;
- ``{"draw": "square", "dx", "dy", "r", "rx", "fill", "stroke", "width"}`` (half side r);
- ``{"draw": "line", "dx1", "dy1", "dx2", "dy2", "stroke", "width"}``;
- ``{"draw": "count", "dx", "dy", "size", "fill"}``: the piece's number ``n``, centred,
  in bold.

Lengths are map pixels. Three values stand for what the piece says: ``"$seat"`` and
``"$ink"`` (its owner's colour, and the text colour on it) and ``"$shape"`` (its owner's
shape). A part with ``"at": "link"`` is drawn at the piece's ``link`` (the second slot
of a Metropolis), and not at all when it has none. A piece with ``points`` (Apollo's
prosperity markers) is drawn at each of them.

A piece of kind ``k`` follows ``recipes["k:<variant>"]`` when there is one (the variant
is its ``building`` or ``creature``), else ``recipes["k"]``.

>>> r = recipes(sizes("normal"))
>>> [part["draw"] for part in r["troops"]]
['icon', 'count']
>>> r["building:temple"][0]["fill"] == BUILDING_COLOURS["temple"][0]
True
>>> arrow([0, 0, 100, 0])
{'shaft': [0, 0, 92, 0], 'head': [[100, 0], [89, 6], [89, -6]]}
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from ..rules.state import CREATURES
from .icons import ICONS
from .palette import BUILDING_COLOURS, COLOURS, FIGURINE_COLOURS, seat_colour

__all__ = [
    "ARROW",
    "HEX_SIZE",
    "MODES",
    "PIECE_ORDER",
    "PIECE_SIZES",
    "arrow",
    "legend",
    "recipes",
    "sizes",
    "styles",
]

HEX_SIZE = 30
"""Hex circumradius of the geometry, in the map's own pixels (the picture scales)."""

MODES: dict[str, dict[str, float]] = {
    "normal": {"isle_name": 11, "sea_id": 7.5, "count": 11, "glyph": 9, "label": 11},
    "projector": {"isle_name": 15.5, "sea_id": 10.5, "count": 13, "glyph": 10, "label": 13},
}
"""Text sizes on the map, in map pixels (hexes of :data:`HEX_SIZE`), for each mode.
``projector`` keeps isle names at 16 px and sea ids at 11 px or more on screen when the
map is drawn at least 1.04 times its own size (as at 1280×800)."""

PIECE_SIZES: dict[str, float] = {
    "troops": 0.3,
    "fleet": 0.3,
    "building": 0.22,
    "slot": 0.2,
    "figurine": 0.25,
    "kraken": 0.26,
    "marker": 0.15,
    "prosperity": 0.15,
    "territory": 0.15,
}
"""Radii (half widths) of the pieces, in hex sizes: small enough that pieces on anchors
:data:`~.geometry.ANCHOR_RING` apart never overlap."""

PIECE_ORDER: tuple[str, ...] = (
    "metropolis",
    "building",
    "markers",
    "territory",
    "troops",
    "figurine",
    "fleet",
)
"""The order the kinds of pieces are drawn in: buildings first, units over them."""

ARROW: dict[str, float] = {"gap": 8, "head": 11, "half_width": 6}
"""An arrowhead, in pixels: the shaft stops ``gap`` before the tip, the head is ``head``
long and ``2 * half_width`` wide."""

Part = dict[str, Any]

_OUTLINE = 1.2
"""Stroke width of a piece's outline, in pixels."""


def sizes(mode: str) -> dict[str, float]:
    """The text sizes of ``mode`` and the pieces' radii, in map pixels."""
    radii = {k: round(v * HEX_SIZE, 2) for k, v in PIECE_SIZES.items()}
    return {**MODES[mode], **radii}


def _n(value: float) -> float:
    return round(value, 2)


def _icon(icon: str, r: float, fill: str, *, dx: float = 0, dy: float = 0, **more: Any) -> Part:
    return {"draw": "icon", "icon": icon, "dx": _n(dx), "dy": _n(dy), "r": _n(r), "fill": fill,
            **more}  # fmt: skip


def _outlined(icon: str, r: float, fill: str, **at: float) -> Part:
    return _icon(icon, r, fill, stroke=COLOURS["outline"], width=_OUTLINE, **at)


def _circle(r: float, fill: str, **more: Any) -> Part:
    return {"draw": "circle", "dx": 0, "dy": 0, "r": _n(r), "fill": fill, **more}


def _count(dy: float, size: float) -> Part:
    return {"draw": "count", "dx": 0, "dy": _n(dy), "size": _n(size), "fill": "$ink"}


def _units(s: dict[str, float]) -> dict[str, list[Part]]:
    """Troops (the owner's shape with the number) and a fleet (hull, flag, number)."""
    r, count = s["troops"], s["count"]
    f = s["fleet"]
    return {
        "troops": [_outlined("$shape", r, "$seat"), _count(count * 0.36, count)],
        "fleet": [
            _circle(f * 1.6, "none", hit=True),
            _outlined("hull", f, "$seat", dy=f * 0.2),
            _outlined("$shape", f * 0.55, "$seat", dy=-f * 0.85),
            _count(f * 0.72, count * 0.9),
        ],
    }


def _buildings(s: dict[str, float]) -> dict[str, list[Part]]:
    """Each building on its tile, and the Metropolis (over its second slot too)."""
    r = s["building"]
    out: dict[str, list[Part]] = {}
    for building, (tile, ink) in BUILDING_COLOURS.items():
        if building == "metropolis":
            continue
        square = {"draw": "square", "dx": 0, "dy": 0, "r": _n(r), "rx": _n(r * 0.24),
                  "fill": tile, "stroke": COLOURS["outline"], "width": 1}  # fmt: skip
        out[f"building:{building}"] = [square, _icon(building, r * 0.8, ink)]
    tile, ink = BUILDING_COLOURS["metropolis"]
    disc = {"stroke": COLOURS["outline"], "width": 1}
    out["metropolis"] = [
        _circle(r * 0.8, tile, at="link", **disc),
        _circle(r * 0.95, tile, **disc),
        _icon("metropolis", r * 0.8, ink),
    ]
    return out


def _figurines(s: dict[str, float]) -> dict[str, list[Part]]:
    """A creature's picture on its token (the Kraken larger, on a token of its own); a
    creature without a picture of its own follows ``figurine``."""
    out: dict[str, list[Part]] = {}
    for creature in ("figurine", *(c for c in CREATURES if c in ICONS)):
        r = s["kraken" if creature == "kraken" else "figurine"]
        token = FIGURINE_COLOURS.get(creature, COLOURS["figurine"])
        key = "figurine" if creature == "figurine" else f"figurine:{creature}"
        out[key] = [
            _circle(r, token, stroke=COLOURS["figure"], width=1.5),
            _icon(creature, r * 0.7, COLOURS["figure"]),
        ]
    return out


def _markers(s: dict[str, float]) -> dict[str, list[Part]]:
    """A territory marker (a flag of the owner's shape on its pole) and Apollo's markers."""
    t, m = s["territory"], s["marker"]
    pole = {"draw": "line", "dx1": _n(-t * 0.7), "dy1": _n(t * 1.8), "dx2": _n(-t * 0.7),
            "dy2": _n(-t * 1.8), "stroke": COLOURS["pole"], "width": 1.4}  # fmt: skip
    return {
        "territory": [pole, _outlined("$shape", t, "$seat", dx=t * 0.35, dy=-t * 0.8)],
        "markers": [
            _icon("cornucopia", m, COLOURS["marker"], stroke=COLOURS["marker_line"], width=1.2)
        ],
    }


def recipes(s: dict[str, float]) -> dict[str, list[Part]]:
    """Every piece's recipe (see the module docstring), for the sizes ``s`` of a mode
    (:func:`sizes`); colours resolved from the palette as it is now."""
    return {**_units(s), **_buildings(s), **_figurines(s), **_markers(s)}


_STYLES: dict[str, dict[str, Any]] = {
    "map": {"fill": "sea"},
    "sea": {"fill": "sea", "stroke": "sea_line"},
    "sea_prosperity": {"fill": "sea_prosperity"},
    "sea_id": {"fill": "sea_id", "text-anchor": "middle"},
    "symbol": {"fill": "star", "stroke": "star_line", "width": 0.8},
    "isle": {"fill": "sand", "stroke": "sand_line", "stroke-width": 2, "stroke-linejoin": "round"},
    "isle_shadow": {"fill": "shadow", "fill-opacity": 0.16, "transform": "translate(0,1.5)"},
    "owned": {"stroke-width": 3.5, "stroke-linejoin": "round"},
    "slot": {"fill": "slot", "stroke": "slot_line"},
    "isle_name": {
        "font-weight": 700,
        "fill": "isle_name",
        "text-anchor": "middle",
        "dominant-baseline": "hanging",
        "paint-order": "stroke",
        "stroke": "paper",
        "stroke-opacity": 0.75,
        "stroke-width": 3,
    },
    "lit": {
        "fill": "lit",
        "fill-opacity": 0.13,
        "stroke": "lit",
        "stroke-width": 3,
        "stroke-dasharray": "6 3",
        "stroke-linejoin": "round",
    },
    "highlight": {
        "fill": "highlight",
        "fill-opacity": 0.14,
        "stroke": "highlight",
        "stroke-width": 3.5,
        "stroke-linejoin": "round",
    },
    "halo": {
        "stroke": "paper",
        "stroke-opacity": 0.7,
        "stroke-width": 6,
        "stroke-linecap": "round",
    },
    "arrow": {"stroke": "highlight", "stroke-width": 3},
    "arrow_head": {"fill": "highlight", "stroke": "paper", "stroke-width": 1},
    "trail": {"stroke": "ink", "stroke-width": 1.8, "stroke-dasharray": "5 3"},
    "trail_head": {"fill": "ink", "stroke": "paper", "stroke-width": 1},
    "label": {"fill": "paper", "fill-opacity": 0.92, "stroke": "highlight", "stroke-width": 1.5},
    "label_text": {
        "font-size": 11,
        "font-weight": 700,
        "text-anchor": "middle",
        "fill": "highlight",
    },
}
_COLOUR_KEYS = ("fill", "stroke")


def styles() -> dict[str, dict[str, Any]]:
    """The presentation attributes of each layer of the map, colours resolved from the
    palette: ``map`` (its background), ``sea``, ``sea_prosperity``, ``sea_id``,
    ``symbol`` (a printed prosperity symbol, an icon part), ``isle``, ``isle_shadow``,
    ``owned`` (an owned isle's outline, stroked in the owner's colour over ``isle``), ``slot``,
    ``isle_name``, ``lit``, ``highlight``, ``halo`` (under every arrow), ``arrow`` and
    ``arrow_head`` (a teacher's), ``trail`` and ``trail_head`` (the last moves), ``label``
    and ``label_text`` (a mark's label on its pill)."""
    return {
        name: {k: COLOURS.get(v, v) if k in _COLOUR_KEYS else v for k, v in attrs.items()}
        for name, attrs in _STYLES.items()
    }


def legend() -> dict[str, Part]:
    """The picture of each item of the legend (an icon part in a box of radius 1.4)."""
    colours = COLOURS
    outline: dict[str, Any] = {"stroke": colours["outline"], "width": 0.1}
    pictures = {
        **{
            b: _icon(b, 1, BUILDING_COLOURS[b][0], **outline)
            for b in ("fortress", "port", "university")
        },
        "temple": _icon("temple", 1, BUILDING_COLOURS["temple"][1]),
        "metropolis": _icon("metropolis", 1, BUILDING_COLOURS["metropolis"][0], **outline),
        "prosperity": _icon(
            "cornucopia", 1, colours["star"], stroke=colours["star_line"], width=0.1
        ),
        "marker": _icon(
            "cornucopia", 1, colours["marker"], stroke=colours["marker_line"], width=0.1
        ),
        "territory": _icon("shape:triangle", 1, colours["pole"]),
        "troops": _icon("shape:circle", 1, seat_colour(0), **outline),
        "fleets": _icon("hull", 0.8, seat_colour(0), **outline),
        "figurine": _icon("minotaur", 1, colours["figurine"]),
        "lit": _icon("shape:square", 1, colours["lit"], stroke=colours["lit_line"], width=0.16),
        "trail": _icon("hull", 0.8, colours["ink"]),
    }
    return pictures


def arrow(line: Sequence[float]) -> dict[str, Any]:
    """The shaft and the head of an arrow along ``line`` ([x1, y1, x2, y2]): the shaft
    stops short of the tip, under the head (see :data:`ARROW`)."""
    x1, y1, x2, y2 = line
    length = max(1e-6, math.hypot(x2 - x1, y2 - y1))
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    gap, head, half = ARROW["gap"], ARROW["head"], ARROW["half_width"]
    bx, by = x2 - ux * head, y2 - uy * head

    def r(v: float) -> float:
        out = round(v, 1)
        return int(out) if out == int(out) else out

    return {
        "shaft": [r(x1), r(y1), r(x2 - ux * gap), r(y2 - uy * gap)],
        "head": [
            [r(x2), r(y2)],
            [r(bx - uy * half), r(by + ux * half)],
            [r(bx + uy * half), r(by - ux * half)],
        ],
    }
