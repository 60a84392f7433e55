"""The map layers of the static SVG board: seas, isles (outlined in their owners'
colours), names, lit targets, a teacher's marks (highlights, arrows, labels) and the last
step's trails.

Everything is placed and styled in Python (the static payload's geometry, ``styles`` and
``icons``, and the view model); the widget's ``js/src/map.js`` paints the same layers with
the same styles.
"""

from __future__ import annotations

from typing import Any

from .draw import Markup, el, group, icon, path_d, points, titled

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


def _place_path(fixed: dict[str, Any], place: str) -> str:
    geo = fixed["map"]
    if place in geo["isles"]:
        return outline(geo["isles"][place]["outline"])
    return path_d([geo["seas"][place]["points"]])


def _symbol(fixed: dict[str, Any], at: list[float]) -> Markup:
    """A printed prosperity symbol."""
    style = fixed["styles"]["symbol"]
    return icon(
        fixed["icons"]["cornucopia"],
        at[0],
        at[1],
        fixed["sizes"]["prosperity"],
        fill=style["fill"],
        stroke=style["stroke"],
        width=style["width"],
    )


def seas_layer(fixed: dict[str, Any]) -> Markup:
    """The sea hexes with their ids; prosperity seas are shaded and carry the symbol."""
    geo, styles = fixed["map"], fixed["styles"]
    shaded = styles["sea_prosperity"]["fill"]
    hexes = [
        el(
            "path",
            {
                "d": path_d([s["points"]]),
                "data-id": sid,
                "fill": shaded if s["prosperity"] else None,
            },
        )
        for sid, s in geo["seas"].items()
    ]
    ids = [
        el("text", {"x": s["id_at"][0], "y": s["id_at"][1]}, sid) for sid, s in geo["seas"].items()
    ]
    symbols = [_symbol(fixed, s["symbol"]) for s in geo["seas"].values() if s["prosperity"]]
    return el(
        "g",
        {"class": "cws-seas", "aria-hidden": "true"},
        el("g", styles["sea"], hexes),
        el("g", {"font-size": fixed["sizes"]["sea_id"], **styles["sea_id"]}, ids),
        group(None, symbols),
    )


def _isle(fixed: dict[str, Any], iid: str, owner: dict[str, Any] | None) -> Markup:
    """One isle: a soft shadow, the sand outlined in its owner's colour, the building slots
    and the printed prosperity symbols."""
    isle, styles = fixed["map"]["isles"][iid], fixed["styles"]
    edge = {**styles["owned"], "stroke": owner["colour"]} if owner else {}
    d = outline(isle["outline"])
    r = fixed["sizes"]["slot"]
    slots = [
        el("rect", {"x": x - r, "y": y - r, "width": 2 * r, "height": 2 * r, "rx": 2})
        for x, y in isle["slots"]
    ]
    return titled(
        fixed["places"][iid]["label"],
        {"class": "cws-isle", "data-id": iid},
        el("path", {"d": d, **styles["isle_shadow"]}),
        el("path", {"d": d, **styles["isle"], **edge, "fill-rule": "evenodd"}),
        el("g", styles["slot"], slots),
        group(None, [_symbol(fixed, at) for at in isle["symbols"]]),
    )


def isles_layer(fixed: dict[str, Any], view: dict[str, Any]) -> Markup:
    """Every isle, each an image named by its label; an owned one outlined in its owner's
    colour (the style ``owned``, which the widget draws over the isle)."""
    seats = fixed["seats"]
    out = []
    for iid in fixed["map"]["isles"]:
        seat = view["owners"].get(iid)
        out.append(_isle(fixed, iid, seats[seat % len(seats)] if seat is not None else None))
    return el("g", {"class": "cws-isles"}, out)


def names_layer(fixed: dict[str, Any]) -> Markup:
    """Isle names, above the pieces so that a fleet never hides them."""
    texts = [
        el("text", {"x": isle["label"][0], "y": isle["label"][1]}, fixed["places"][iid]["name"])
        for iid, isle in fixed["map"]["isles"].items()
    ]
    attrs = {"class": "cws-names", "aria-hidden": "true", "font-size": fixed["sizes"]["isle_name"]}
    return el("g", {**attrs, **fixed["styles"]["isle_name"]}, texts)


def lit_layer(fixed: dict[str, Any], view: dict[str, Any]) -> Markup:
    """The places a legal action touches, outlined in dashed amber."""
    style = fixed["styles"]["lit"]
    out = [
        el(
            "path",
            {
                "d": _place_path(fixed, place),
                "class": "cws-lit",
                "data-target": place,
                **style,
                "fill-rule": "evenodd",
            },
        )
        for place in view["lit"]
    ]
    return group({"class": "cws-lit-layer", "aria-hidden": "true"}, out)


def arrow(fixed: dict[str, Any], a: dict[str, Any], kind: str, attrs: dict[str, Any]) -> Markup:
    """An arrow of the view model (its ``shaft`` and ``head``) on a white halo, in the
    styles ``kind`` and ``<kind>_head`` (``arrow`` or ``trail``)."""
    styles = fixed["styles"]
    x1, y1, x2, y2 = a["shaft"]
    shaft = {"x1": x1, "y1": y1, "x2": x2, "y2": y2}
    return el(
        "g",
        attrs,
        el("line", {**shaft, **styles["halo"]}),
        el("line", {**shaft, **styles[kind]}),
        el("polygon", {"points": points(a["head"]), **styles[f"{kind}_head"]}),
    )


def trails_layer(fixed: dict[str, Any], view: dict[str, Any]) -> Markup:
    """The last step's moves as dashed dark arrows."""
    out = [
        arrow(fixed, t, "trail", {"class": "cws-trail", "data-from": t["from"], "data-to": t["to"]})
        for t in view["trails"]
    ]
    return group({"class": "cws-trails", "aria-hidden": "true"}, out)


def _pill(fixed: dict[str, Any], mark: dict[str, Any]) -> Markup:
    """A mark's label on its pill (placed in Python: ``label_box``, ``label_at``)."""
    x, y, w, h = mark["label_box"]
    styles = fixed["styles"]
    return group(
        {"class": "cws-label"},
        el("rect", {"x": x, "y": y, "width": w, "height": h, "rx": h / 2, **styles["label"]}),
        el(
            "text",
            {"x": mark["label_at"][0], "y": mark["label_at"][1], **styles["label_text"]},
            mark["label"],
        ),
    )


def marks_layer(fixed: dict[str, Any], view: dict[str, Any]) -> Markup:
    """A teacher's highlights (tinted outlines), arrows and their labels."""
    style = fixed["styles"]["highlight"]
    marks = view["marks"]
    places = [
        el(
            "path",
            {
                "d": _place_path(fixed, m["id"]),
                "class": "cws-highlight",
                "data-id": m["id"],
                **style,
                "fill-rule": "evenodd",
            },
        )
        for m in marks["places"]
    ]
    arrows = [
        arrow(fixed, a, "arrow", {"class": "cws-arrow", "data-from": a["from"], "data-to": a["to"]})
        for a in marks["arrows"]
        if a["line"]
    ]
    labelled = [m for m in (*marks["places"], *marks["arrows"]) if m.get("label")]
    return Markup(
        group({"class": "cws-highlights"}, places)
        + group({"class": "cws-arrows"}, arrows)
        + group({"class": "cws-labels"}, [_pill(fixed, m) for m in labelled])
    )
