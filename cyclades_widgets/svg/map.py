"""The map layers of the static SVG board: seas, isles (merged outlines), names, and the
overlays a teacher adds (highlights, arrows, labels) or the last step left (move trails).

Positions come from :func:`cyclades_widgets.geometry.map_geometry` through the static
payload, as for the widget (``js/src/map.js`` and the overlays of ``js/src/pieces.js``).
"""

from __future__ import annotations

import math
from typing import Any

from .draw import COLOURS as C
from .draw import Markup, el, group, path_d, points, star, text_width, titled

__all__ = [
    "arrow",
    "centre",
    "isles_layer",
    "labels_layer",
    "moves",
    "names_layer",
    "outline",
    "overlay",
    "seas_layer",
    "trails",
]


def seas_layer(stat: dict[str, Any], size: float) -> Markup:
    """The sea hexes with their ids; prosperity seas are shaded and carry a star."""
    seas = stat["map"]["seas"]
    hexes = [
        el(
            "path",
            {
                "d": path_d([s["points"]]),
                "data-id": sid,
                "fill": C["sea_prosperity"] if s["prosperity"] else None,
            },
        )
        for sid, s in seas.items()
    ]
    ids = [
        el("text", {"x": s["center"][0], "y": s["center"][1] - size * 0.62}, sid)
        for sid, s in seas.items()
    ]
    stars = [
        star(s["center"][0], s["center"][1] + size * 0.6, size * 0.2)
        for s in seas.values()
        if s["prosperity"]
    ]
    return el(
        "g",
        {"class": "cws-seas", "aria-hidden": "true"},
        el("g", {"fill": C["sea"], "stroke": C["sea_line"]}, hexes),
        el("g", {"font-size": 7, "fill": C["sea_id"], "text-anchor": "middle"}, ids),
        group({"fill": C["star"], "stroke": C["star_line"], "stroke-width": 0.8}, stars),
    )


def _isle(stat: dict[str, Any], iid: str, player: dict[str, Any] | None, size: float) -> Markup:
    """One isle: a soft shadow, the sand outlined in its owner's colour, the building
    slots and the printed prosperity stars."""
    isle = stat["map"]["isles"][iid]
    ui = stat["labels"]["ui"]
    label = (
        f"{stat['isle_names'][iid]}: {len(isle['slots'])} {ui['slot']}, "
        f"{isle['prosperity']} {ui['prosperity']}"
    )
    if player is not None:
        label += f" · {player['name']}"
    d = outline(isle["outline"])
    s = size * 0.42
    slots = [
        el("rect", {"x": x - s / 2, "y": y - s / 2, "width": s, "height": s, "rx": 2})
        for x, y in isle["slots"]
    ]
    px, py = isle["prosperity_anchor"]
    n = isle["prosperity"]
    stars = [star(px + (i - (n - 1) / 2) * size * 0.42, py, size * 0.18) for i in range(n)]
    sand = {"d": d, "fill": C["sand"], "fill-rule": "evenodd", "stroke-linejoin": "round"}
    edge = (
        {"stroke": player["colour"], "stroke-width": 3.5}
        if player
        else {"stroke": C["sand_line"], "stroke-width": 2}
    )
    return titled(
        label,
        {"class": "cws-isle", "data-id": iid},
        el("path", {"d": d, "fill": "#000", "fill-opacity": 0.16, "transform": "translate(0,1.5)"}),
        el("path", {**sand, **edge}),
        el("g", {"fill": C["slot"], "stroke": C["slot_line"]}, slots),
        group({"fill": C["star"], "stroke": C["star_line"], "stroke-width": 0.8}, stars),
    )


def isles_layer(stat: dict[str, Any], snap: dict[str, Any], size: float) -> Markup:
    """Every isle of the map, each an image named by its title ("Naxos: 2 building slot,
    1 prosperity · Athens"); an owned isle is outlined in its owner's colour."""
    out = []
    for iid in stat["map"]["isles"]:
        owner = snap["isles"].get(iid, {}).get("owner")
        out.append(_isle(stat, iid, snap["players"][owner] if owner is not None else None, size))
    return el("g", {"class": "cws-isles"}, out)


def outline(loops: list[list[list[float]]]) -> str:
    """Path data of an isle's outline loops (the first the outer one, then any holes)."""
    return path_d(loops)


def names_layer(stat: dict[str, Any]) -> Markup:
    """Isle names, above the pieces so that a fleet never hides them."""
    texts = [
        el("text", {"x": isle["label"][0], "y": isle["label"][1]}, stat["isle_names"][iid])
        for iid, isle in stat["map"]["isles"].items()
    ]
    return el(
        "g",
        {
            "class": "cws-names",
            "aria-hidden": "true",
            "font-size": 11,
            "font-weight": 700,
            "fill": "#4a3b22",
            "text-anchor": "middle",
            "dominant-baseline": "hanging",
            "paint-order": "stroke",
            "stroke": "#fff",
            "stroke-opacity": 0.75,
            "stroke-width": 3,
        },
        texts,
    )


# --------------------------------------------------------------------------- overlays


def centre(stat: dict[str, Any], place: str) -> tuple[float, float]:
    """Where an isle or a sea is drawn (its centre), in map pixels."""
    geo = stat["map"]
    x, y = (geo["isles"][place] if place in geo["isles"] else geo["seas"][place])["center"]
    return x, y


def overlay(stat: dict[str, Any], place: str) -> Markup:
    """A highlight: the isle's outline or the sea's hex, tinted and outlined in purple."""
    attrs = {
        "fill": C["highlight"],
        "fill-opacity": 0.14,
        "stroke": C["highlight"],
        "stroke-width": 3.5,
        "stroke-linejoin": "round",
        "class": "cws-highlight",
        "data-id": place,
    }
    geo = stat["map"]
    if place in geo["isles"]:
        return el(
            "path", {"d": outline(geo["isles"][place]["outline"]), "fill-rule": "evenodd", **attrs}
        )
    return el("path", {"d": path_d([geo["seas"][place]["points"]]), **attrs})


def _segment(stat: dict[str, Any], a: str, b: str) -> tuple[float, ...] | None:
    """The arrow's line from ``a`` to ``b``, shortened at both ends; None if a == b."""
    (x1, y1), (x2, y2) = centre(stat, a), centre(stat, b)
    length = math.hypot(x2 - x1, y2 - y1)
    size = stat["map"]["hex_size"]
    if length < size * 0.9:
        return None
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    s, e = size * 0.3, size * 0.4
    return x1 + ux * s, y1 + uy * s, x2 - ux * e, y2 - uy * e, ux, uy


def _head(x: float, y: float, ux: float, uy: float, length: float, half: float) -> str:
    """Points of an arrowhead with its tip at (x, y), pointing along (ux, uy)."""
    bx, by = x - ux * length, y - uy * length
    return points([(x, y), (bx - uy * half, by + ux * half), (bx + uy * half, by - ux * half)])


def arrow(
    stat: dict[str, Any], a: str, b: str, colour: str = C["highlight"], dashed: bool = False
) -> Markup:
    """An arrow from place ``a`` to place ``b`` on a white halo (a teacher's arrow), or
    dashed (a move of the last step). Nothing when both ends are the same place."""
    seg = _segment(stat, a, b)
    if seg is None:
        return Markup("")
    x1, y1, x2, y2, ux, uy = seg
    line = {"x1": x1, "y1": y1, "x2": x2 - ux * 8, "y2": y2 - uy * 8}
    return el(
        "g",
        {"class": "cws-trail" if dashed else "cws-arrow", "data-from": a, "data-to": b},
        el(
            "line",
            {
                **line,
                "stroke": "#fff",
                "stroke-opacity": 0.7,
                "stroke-width": 6,
                "stroke-linecap": "round",
            },
        ),
        el(
            "line",
            {
                **line,
                "stroke": colour,
                "stroke-width": 1.8 if dashed else 3,
                "stroke-dasharray": "5 3" if dashed else None,
            },
        ),
        el(
            "polygon",
            {
                "points": _head(x2, y2, ux, uy, 11, 6),
                "fill": colour,
                "stroke": "#fff",
                "stroke-width": 1,
            },
        ),
    )


_MOVE_KEYS = (("origin", "target"), ("from", "to"), ("src", "dst"))
"""Keys under which events name where a move starts and ends (the rules' movement events
use ``origin``/``target``)."""


def _on_map(geo: dict[str, Any], place: str) -> bool:
    return place in geo["isles"] or place in geo["seas"]


def moves(stat: dict[str, Any], events: list[dict[str, Any]]) -> list[tuple[str, str]]:
    """The distinct moves in ``events``: (start, end) pairs of map ids, in order."""
    geo = stat["map"]
    out: list[tuple[str, str]] = []
    for event in events:
        for start, end in _MOVE_KEYS:
            a, b = event.get(start), event.get(end)
            if isinstance(a, str) and isinstance(b, str) and _on_map(geo, a) and _on_map(geo, b):
                if (a, b) not in out:
                    out.append((a, b))
                break
    return out


def trails(stat: dict[str, Any], snap: dict[str, Any]) -> Markup:
    """The last step's moves (troops, fleets, retreats) as dashed dark arrows."""
    out = [arrow(stat, a, b, C["ink"], dashed=True) for a, b in moves(stat, snap["events"])]
    return group({"class": "cws-trails", "aria-hidden": "true"}, out)


def _pill(x: float, y: float, text: str) -> Markup:
    w = text_width(text, 11, bold=True) + 12
    return group(
        {"class": "cws-label"},
        el(
            "rect",
            {
                "x": x - w / 2,
                "y": y - 9,
                "width": w,
                "height": 18,
                "rx": 9,
                "fill": "#fff",
                "fill-opacity": 0.92,
                "stroke": C["highlight"],
                "stroke-width": 1.5,
            },
        ),
        el(
            "text",
            {
                "x": x,
                "y": y + 4,
                "font-size": 11,
                "font-weight": 700,
                "text-anchor": "middle",
                "fill": C["highlight"],
            },
            text,
        ),
    )


def labels_layer(
    stat: dict[str, Any],
    marks: list[tuple[str, str | None]],
    lines: list[tuple[str, str, str | None]],
    size: float,
) -> Markup:
    """The labels of highlights (above the place) and arrows (at the middle)."""
    out = []
    for place, label in marks:
        if label:
            x, y = centre(stat, place)
            out.append(_pill(x, y - size * 0.95, label))
    for a, b, label in lines:
        if label:
            (x1, y1), (x2, y2) = centre(stat, a), centre(stat, b)
            out.append(_pill((x1 + x2) / 2, (y1 + y2) / 2, label))
    return group({"class": "cws-labels"}, out)
