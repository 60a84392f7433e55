"""The pieces of the static SVG board, painted from the view model's ``pieces`` (placed and
named in Python: :mod:`cyclades_widgets.view.pieces`), with the icons of the static payload.
The widget's ``js/src/pieces.js`` paints the same pieces the same way.

Each piece is a ``<g role="img">`` with a ``<title>`` (its label), ``data-key`` and
``data-target``.
"""

from __future__ import annotations

from typing import Any

from .draw import COLOURS as C
from .draw import Markup, el, icon, titled

__all__ = ["piece", "pieces_layer"]


def _seat(stat: dict[str, Any], seat: int) -> dict[str, str]:
    seats: list[dict[str, str]] = stat["seats"]
    return seats[seat % len(seats)]


def _count(x: float, y: float, n: int, ink: str, size: float) -> Markup:
    return el(
        "text",
        {
            "x": x,
            "y": y,
            "fill": ink,
            "font-size": size,
            "font-weight": 800,
            "text-anchor": "middle",
        },
        str(n),
    )


def _troops(stat: dict[str, Any], p: dict[str, Any]) -> list[Markup]:
    x, y = p["at"]
    r = stat["sizes"]["troops"]
    seat = _seat(stat, p["seat"])
    return [
        icon(stat["shapes"][seat["shape"]], x, y, r, fill=seat["colour"], stroke=C["dark"]),
        _count(x, y + stat["sizes"]["count"] * 0.36, p["n"], seat["ink"], stat["sizes"]["count"]),
    ]


def _fleet(stat: dict[str, Any], p: dict[str, Any]) -> list[Markup]:
    x, y = p["at"]
    r = stat["sizes"]["fleet"]
    seat = _seat(stat, p["seat"])
    return [
        el("circle", {"cx": x, "cy": y, "r": r * 1.6, "fill": "transparent"}),
        icon(stat["icons"]["hull"], x, y + r * 0.2, r, fill=seat["colour"], stroke=C["dark"]),
        icon(
            stat["shapes"][seat["shape"]],
            x,
            y - r * 0.85,
            r * 0.55,
            fill=seat["colour"],
            stroke=C["dark"],
        ),
        _count(x, y + r * 0.72, p["n"], seat["ink"], stat["sizes"]["count"] * 0.9),
    ]


def _building(stat: dict[str, Any], p: dict[str, Any]) -> list[Markup]:
    x, y = p["at"]
    r = stat["sizes"]["building"]
    tile, ink = stat["buildings"][p["building"]]
    box = {"x": x - r, "y": y - r, "width": 2 * r, "height": 2 * r, "rx": r * 0.24}
    return [
        el("rect", {**box, "fill": tile, "stroke": C["dark"], "stroke-width": 1}),
        icon(stat["icons"][p["building"]], x, y, r * 0.8, fill=ink),
    ]


def _metropolis(stat: dict[str, Any], p: dict[str, Any]) -> list[Markup]:
    x, y = p["at"]
    r = stat["sizes"]["building"]
    tile, ink = stat["buildings"]["metropolis"]
    out = []
    if p.get("link"):  # the second slot it covers
        x2, y2 = p["link"]
        out.append(
            el("circle", {"cx": x2, "cy": y2, "r": r * 0.8, "fill": tile, "stroke": C["dark"]})
        )
    out += [
        el("circle", {"cx": x, "cy": y, "r": r * 0.95, "fill": tile, "stroke": C["dark"]}),
        icon(stat["icons"]["metropolis"], x, y, r * 0.8, fill=ink),
    ]
    return out


def _territory(stat: dict[str, Any], p: dict[str, Any]) -> list[Markup]:
    x, y = p["at"]
    r = stat["sizes"]["territory"]
    seat = _seat(stat, p["seat"])
    pole = x - r * 0.7
    return [
        el(
            "line",
            {
                "x1": pole,
                "y1": y + r * 1.8,
                "x2": pole,
                "y2": y - r * 1.8,
                "stroke": "#3a3a3a",
                "stroke-width": 1.4,
            },
        ),  # fmt: skip
        icon(
            stat["shapes"][seat["shape"]],
            x + r * 0.35,
            y - r * 0.8,
            r,
            fill=seat["colour"],
            stroke=C["dark"],
        ),
    ]


def _markers(stat: dict[str, Any], p: dict[str, Any]) -> list[Markup]:
    r = stat["sizes"]["marker"]
    return [
        icon(stat["icons"]["cornucopia"], x, y, r, fill=C["marker"], stroke=C["marker_line"])
        for x, y in p["points"]
    ]


def _figurine(stat: dict[str, Any], p: dict[str, Any]) -> list[Markup]:
    x, y = p["at"]
    kind = p["creature"]
    r = stat["sizes"]["kraken" if kind == "kraken" else "figurine"]
    token = stat["figurines"].get(kind, stat["figurines"]["token"])
    picture = stat["icons"].get(kind, stat["icons"]["figurine"])
    return [
        el(
            "circle",
            {"cx": x, "cy": y, "r": r, "fill": token, "stroke": "#fff", "stroke-width": 1.5},
        ),
        icon(picture, x, y, r * 0.7, fill="#fff"),
    ]


_PAINT = {
    "troops": _troops,
    "fleet": _fleet,
    "building": _building,
    "metropolis": _metropolis,
    "territory": _territory,
    "markers": _markers,
    "figurine": _figurine,
}


def piece(stat: dict[str, Any], key: str, p: dict[str, Any]) -> Markup:
    """One piece of the view model, named by its label."""
    attrs = {"class": f"cws-piece cws-{p['kind']}", "data-key": key, "data-target": p["target"]}
    return titled(p["label"], attrs, _PAINT[p["kind"]](stat, p))


def pieces_layer(stat: dict[str, Any], view: dict[str, Any]) -> Markup:
    """Every piece: buildings first, then the units and markers over them."""
    order = ("metropolis", "building", "markers", "territory", "troops", "figurine", "fleet")
    ranked = sorted(view["pieces"].items(), key=lambda kv: order.index(kv[1]["kind"]))
    return el("g", {"class": "cws-pieces"}, [piece(stat, k, p) for k, p in ranked])
