"""The map layers of the static SVG board: seas, isles (merged outlines, owners), names,
lit targets, a teacher's marks (highlights, arrows, labels) and the last step's trails.

Everything is placed in Python (the static payload's geometry and the view model); the
widget's ``js/src/map.js`` paints the same layers.
"""

from __future__ import annotations

from typing import Any

from .draw import COLOURS as C
from .draw import Markup, el, group, icon, path_d, points, text_width, titled

__all__ = [
    "arrow",
    "isles_layer",
    "lit_layer",
    "marks_layer",
    "names_layer",
    "outline",
    "seas_layer",
    "trails_layer",
]


def outline(loops: list[list[list[float]]]) -> str:
    """Path data of an isle's outline loops (the first the outer one, then any holes)."""
    return path_d(loops)


def _place_path(stat: dict[str, Any], place: str) -> str:
    geo = stat["map"]
    if place in geo["isles"]:
        return outline(geo["isles"][place]["outline"])
    return path_d([geo["seas"][place]["points"]])


def seas_layer(stat: dict[str, Any]) -> Markup:
    """The sea hexes with their ids; prosperity seas are shaded and carry the symbol."""
    geo = stat["map"]
    font = stat["sizes"]["sea_id"]
    hexes = [
        el(
            "path",
            {
                "d": path_d([s["points"]]),
                "data-id": sid,
                "fill": C["sea_prosperity"] if s["prosperity"] else None,
            },
        )
        for sid, s in geo["seas"].items()
    ]
    ids = [
        el("text", {"x": s["id_at"][0], "y": s["id_at"][1]}, sid) for sid, s in geo["seas"].items()
    ]
    symbols = [
        icon(
            stat["icons"]["cornucopia"],
            s["symbol"][0],
            s["symbol"][1],
            stat["sizes"]["prosperity"],
            fill=C["star"],
            stroke=C["star_line"],
            width=0.8,
        )  # fmt: skip
        for s in geo["seas"].values()
        if s["prosperity"]
    ]
    return el(
        "g",
        {"class": "cws-seas", "aria-hidden": "true"},
        el("g", {"fill": C["sea"], "stroke": C["sea_line"]}, hexes),
        el("g", {"font-size": font, "fill": C["sea_id"], "text-anchor": "middle"}, ids),
        group(None, symbols),
    )


def _isle(stat: dict[str, Any], iid: str, owner: dict[str, Any] | None) -> Markup:
    """One isle: a soft shadow, the sand outlined in its owner's colour, the building
    slots and the printed prosperity symbols."""
    isle = stat["map"]["isles"][iid]
    d = outline(isle["outline"])
    r = stat["sizes"]["slot"]
    slots = [
        el("rect", {"x": x - r, "y": y - r, "width": 2 * r, "height": 2 * r, "rx": 2})
        for x, y in isle["slots"]
    ]
    px, py = isle["prosperity_anchor"]
    n, step = isle["prosperity"], stat["prosperity_step"]
    symbols = [
        icon(
            stat["icons"]["cornucopia"],
            px + (i - (n - 1) / 2) * step,
            py,
            stat["sizes"]["prosperity"],
            fill=C["star"],
            stroke=C["star_line"],
            width=0.8,
        )  # fmt: skip
        for i in range(n)
    ]
    sand = {"d": d, "fill": C["sand"], "fill-rule": "evenodd", "stroke-linejoin": "round"}
    edge = (
        {"stroke": owner["colour"], "stroke-width": 3.5}
        if owner
        else {"stroke": C["sand_line"], "stroke-width": 2}
    )
    return titled(
        stat["places"][iid]["label"],
        {"class": "cws-isle", "data-id": iid},
        el("path", {"d": d, "fill": "#000", "fill-opacity": 0.16, "transform": "translate(0,1.5)"}),
        el("path", {**sand, **edge}),
        el("g", {"fill": C["slot"], "stroke": C["slot_line"]}, slots),
        group(None, symbols),
    )


def isles_layer(stat: dict[str, Any], view: dict[str, Any]) -> Markup:
    """Every isle, each an image named by its label; owned ones outlined in the owner's
    colour."""
    seats = stat["seats"]
    out = []
    for iid in stat["map"]["isles"]:
        seat = view["owners"].get(iid)
        out.append(_isle(stat, iid, seats[seat % len(seats)] if seat is not None else None))
    return el("g", {"class": "cws-isles"}, out)


def names_layer(stat: dict[str, Any]) -> Markup:
    """Isle names, above the pieces so that a fleet never hides them."""
    texts = [
        el("text", {"x": isle["label"][0], "y": isle["label"][1]}, stat["places"][iid]["name"])
        for iid, isle in stat["map"]["isles"].items()
    ]
    return el(
        "g",
        {
            "class": "cws-names",
            "aria-hidden": "true",
            "font-size": stat["sizes"]["isle_name"],
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


def lit_layer(stat: dict[str, Any], view: dict[str, Any]) -> Markup:
    """The places a legal action touches, outlined in dashed amber."""
    attrs = {"fill": C["lit"], "fill-opacity": 0.13, "stroke": C["lit"], "stroke-width": 3,
             "stroke-dasharray": "6 3", "fill-rule": "evenodd", "stroke-linejoin": "round"}  # fmt: skip
    out = [
        el(
            "path",
            {"d": _place_path(stat, place), "class": "cws-lit", "data-target": place, **attrs},
        )
        for place in view["lit"]
    ]
    return group({"class": "cws-lit-layer", "aria-hidden": "true"}, out)


def arrow(line: list[float], colour: str, *, dashed: bool, attrs: dict[str, Any]) -> Markup:
    """An arrow along ``line`` ([x1, y1, x2, y2]) on a white halo; dashed for a trail."""
    x1, y1, x2, y2 = line
    length = max(1e-6, ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5)
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    shaft = {"x1": x1, "y1": y1, "x2": x2 - ux * 8, "y2": y2 - uy * 8}
    bx, by = x2 - ux * 11, y2 - uy * 11
    head = points([(x2, y2), (bx - uy * 6, by + ux * 6), (bx + uy * 6, by - ux * 6)])
    return el(
        "g",
        attrs,
        el(
            "line",
            {
                **shaft,
                "stroke": "#fff",
                "stroke-opacity": 0.7,
                "stroke-width": 6,
                "stroke-linecap": "round",
            },
        ),  # fmt: skip
        el(
            "line",
            {
                **shaft,
                "stroke": colour,
                "stroke-width": 1.8 if dashed else 3,
                "stroke-dasharray": "5 3" if dashed else None,
            },
        ),  # fmt: skip
        el("polygon", {"points": head, "fill": colour, "stroke": "#fff", "stroke-width": 1}),
    )


def trails_layer(view: dict[str, Any]) -> Markup:
    """The last step's moves as dashed dark arrows."""
    out = [
        arrow(
            t["line"],
            C["ink"],
            dashed=True,
            attrs={"class": "cws-trail", "data-from": t["from"], "data-to": t["to"]},
        )  # fmt: skip
        for t in view["trails"]
    ]
    return group({"class": "cws-trails", "aria-hidden": "true"}, out)


def _pill(x: float, y: float, text: str) -> Markup:
    w = text_width(text, 11, bold=True) + 12
    box = {"x": x - w / 2, "y": y - 9, "width": w, "height": 18, "rx": 9}
    return group(
        {"class": "cws-label"},
        el(
            "rect",
            {
                **box,
                "fill": "#fff",
                "fill-opacity": 0.92,
                "stroke": C["highlight"],
                "stroke-width": 1.5,
            },
        ),  # fmt: skip
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
        ),  # fmt: skip
    )


def marks_layer(stat: dict[str, Any], view: dict[str, Any]) -> Markup:
    """A teacher's highlights (tinted outlines), arrows and their labels."""
    hl = {"fill": C["highlight"], "fill-opacity": 0.14, "stroke": C["highlight"],
          "stroke-width": 3.5, "stroke-linejoin": "round", "fill-rule": "evenodd"}  # fmt: skip
    marks = view["marks"]
    places = [
        el(
            "path",
            {"d": _place_path(stat, m["id"]), "class": "cws-highlight", "data-id": m["id"], **hl},
        )
        for m in marks["places"]
    ]
    arrows = [
        arrow(
            a["line"],
            C["highlight"],
            dashed=False,
            attrs={"class": "cws-arrow", "data-from": a["from"], "data-to": a["to"]},
        )  # fmt: skip
        for a in marks["arrows"]
        if a["line"]
    ]
    labelled = [m for m in (*marks["places"], *marks["arrows"]) if m.get("label")]
    labels = [_pill(m["label_at"][0], m["label_at"][1], m["label"]) for m in labelled]
    return Markup(
        group({"class": "cws-highlights"}, places)
        + group({"class": "cws-arrows"}, arrows)
        + group({"class": "cws-labels"}, labels)
    )
