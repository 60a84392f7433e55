"""The pieces of the static SVG board, painted from the view model's ``pieces`` (placed and
named in Python: :mod:`cyclades_widgets.view.pieces`) by the recipes of the static payload
(:mod:`cyclades_widgets.view.recipe`). The widget's ``js/src/pieces.js`` follows the same
recipes.

Each piece is a ``<g role="img">`` with a ``<title>`` (its label), ``data-key`` and
``data-target``.
"""

from __future__ import annotations

from typing import Any

from .draw import Markup, el, icon, titled

__all__ = ["part", "path_of", "piece", "pieces_layer", "recipe_of"]


def path_of(fixed: dict[str, Any], name: str) -> str:
    """The path data of an icon (``shape:<name>``: one of the seats' shapes)."""
    if name.startswith("shape:"):
        return str(fixed["shapes"][name[6:]])
    return str(fixed["icons"][name])


def recipe_of(fixed: dict[str, Any], p: dict[str, Any]) -> list[dict[str, Any]]:
    """The recipe of piece ``p``: its variant's (its building or creature), else its kind's."""
    recipes: dict[str, list[dict[str, Any]]] = fixed["recipes"]
    variant = p.get("building") or p.get("creature")
    return recipes.get(f"{p['kind']}:{variant}") or recipes[p["kind"]]


def _value(value: Any, seat: dict[str, str] | None) -> Any:
    """A recipe's value, with ``$seat``, ``$ink`` and ``$shape`` read from the owner."""
    if isinstance(value, str) and value.startswith("$") and seat is not None:
        return seat[{"$seat": "colour", "$ink": "ink", "$shape": "shape"}[value]]
    return value


def part(
    fixed: dict[str, Any], q: dict[str, Any], at: list[float], seat: dict[str, str] | None, n: Any
) -> Markup:
    """One part of a recipe drawn around ``at`` (see :mod:`cyclades_widgets.view.recipe`)."""
    v = {k: _value(value, seat) for k, value in q.items()}
    x, y = at[0] + v.get("dx", 0), at[1] + v.get("dy", 0)
    paint = {"fill": v.get("fill"), "stroke": v.get("stroke")}
    width = v.get("width") if v.get("stroke") else None
    draw = v["draw"]
    if draw == "icon":
        name = v["icon"] if q["icon"] != "$shape" else f"shape:{v['icon']}"
        return icon(path_of(fixed, name), x, y, v["r"], width=v.get("width", 1.2), **paint)
    if draw == "circle":
        return el("circle", {"cx": x, "cy": y, "r": v["r"], **paint, "stroke-width": width})
    if draw == "square":
        r = v["r"]
        box = {"x": x - r, "y": y - r, "width": 2 * r, "height": 2 * r, "rx": v["rx"]}
        return el("rect", {**box, **paint, "stroke-width": width})
    if draw == "line":
        ends = {"x1": at[0] + v["dx1"], "y1": at[1] + v["dy1"], "x2": at[0] + v["dx2"],
                "y2": at[1] + v["dy2"]}  # fmt: skip
        return el("line", {**ends, "stroke": v["stroke"], "stroke-width": v["width"]})
    text = {"x": x, "y": y, "fill": v["fill"], "font-size": v["size"], "font-weight": 800,
            "text-anchor": "middle"}  # fmt: skip
    return el("text", text, str(n))


def piece(fixed: dict[str, Any], key: str, p: dict[str, Any]) -> Markup:
    """One piece of the view model, drawn by its recipe and named by its label."""
    seats = fixed["seats"]
    seat = seats[p["seat"] % len(seats)] if p.get("seat") is not None else None
    recipe = recipe_of(fixed, p)
    drawn = []
    for at in p.get("points") or [p["at"]]:
        for q in recipe:
            where = p.get("link") if q.get("at") == "link" else at
            if where:
                drawn.append(part(fixed, q, where, seat, p.get("n")))
    attrs = {"class": f"cws-piece cws-{p['kind']}", "data-key": key, "data-target": p["target"]}
    return titled(p["label"], attrs, drawn)


def pieces_layer(fixed: dict[str, Any], view: dict[str, Any]) -> Markup:
    """Every piece, in the payload's order of kinds (buildings first, units over them)."""
    order = fixed["piece_order"]
    ranked = sorted(view["pieces"].items(), key=lambda kv: order.index(kv[1]["kind"]))
    return el("g", {"class": "cws-pieces"}, [piece(fixed, k, p) for k, p in ranked])
