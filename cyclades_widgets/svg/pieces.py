"""The pieces of the static SVG board: buildings, Metropolises, troops, territory and
prosperity markers, figurines, fleets and the Kraken (the widget's ``js/src/pieces.js``).

Each piece is a ``<g role="img">`` with a ``<title>`` saying what it is, whose it is and
where ("2 troops · Sparta (square) · Naxos"). Pieces are drawn inside a group that sets
``font-size="11" font-weight="800" text-anchor="middle"`` (see :func:`cyclades_widgets.svg.board`),
so their counts and letters only give what differs.
"""

from __future__ import annotations

from typing import Any

from .draw import COLOURS as C
from .draw import Markup, el, fmt, hull, path_d, shape, star, titled

__all__ = ["BUILDING_LETTERS", "fleet_pieces", "isle_pieces"]

BUILDING_LETTERS: dict[str, str] = {"fortress": "F", "port": "P", "temple": "T", "university": "U"}
"""The letter drawn on each building (as in the widget)."""

_BUILDING_FILL = {
    "fortress": "#a23b2a",
    "port": "#1d5f99",
    "temple": "#f7f4ea",
    "university": "#5f4b8b",
}
_METROPOLIS = ((-0.7, 0.6), (-0.7, -0.35), (-0.35, -0.35), (-0.35, -0.7), (0.35, -0.7),
               (0.35, -0.35), (0.7, -0.35), (0.7, 0.6))  # fmt: skip
"""The Metropolis outline (a keep with a tower), in building sizes from its centre."""


def _inked(player: dict[str, Any], *shapes: Markup) -> Markup:
    """Shapes filled with a player's colour and outlined in black."""
    attrs = {"fill": player["colour"], "stroke": C["dark"], "stroke-width": 1.2}
    return el("g", attrs, *shapes)


def _count(x: float, y: float, n: int, ink: str) -> Markup:
    return el("text", {"x": x, "y": y, "fill": ink}, str(n))


# --------------------------------------------------------------------------- buildings


def _metropolis(stat: dict[str, Any], iid: str, size: float) -> Markup:
    """A Metropolis on the isle's first slot, linked to the second one it also covers."""
    slots = stat["map"]["isles"][iid]["slots"]
    x, y = slots[0]
    s = size * 0.46
    link = None
    if len(slots) > 1:
        x2, y2 = slots[1]
        link = el("line", {"x1": x, "y1": y, "x2": x2, "y2": y2, "stroke": "#e9b92f",
                           "stroke-width": 5, "stroke-linecap": "round"})  # fmt: skip
    keep = path_d([[(x + a * s, y + b * s) for a, b in _METROPOLIS]])
    name = f"{stat['labels']['buildings']['metropolis']} ({stat['isle_names'][iid]})"
    return titled(
        name,
        {"class": "cws-metropolis"},
        link,
        el("path", {"d": keep, "fill": "#e9b92f", "stroke": "#6d4c00", "stroke-width": 1.2}),
        el("text", {"x": x, "y": y + s * 0.38, "font-size": 9, "fill": "#3d2a00"}, "M"),
    )


def _building(stat: dict[str, Any], iid: str, kind: str, at: list[float], size: float) -> Markup:
    x, y = at
    s = size * 0.46
    name = f"{stat['labels']['buildings'].get(kind, kind)} ({stat['isle_names'][iid]})"
    box = {"x": x - s / 2, "y": y - s / 2, "width": s, "height": s, "rx": 2}
    return titled(
        name,
        {"class": "cws-building", "data-kind": kind},
        el("rect", {**box, "fill": _BUILDING_FILL.get(kind, "#777"), "stroke": C["dark"]}),
        el(
            "text",
            {
                "x": x,
                "y": y + s * 0.24,
                "font-size": 9,
                "fill": "#222" if kind == "temple" else "#fff",
            },
            BUILDING_LETTERS.get(kind, "?"),
        ),
    )


def _buildings(stat: dict[str, Any], iid: str, isle: dict[str, Any], size: float) -> list[Markup]:
    """The Metropolis (first, on two slots when the isle has two) and the buildings."""
    slots = stat["map"]["isles"][iid]["slots"]
    out, used = [], 0
    if isle.get("metropolis"):
        out.append(_metropolis(stat, iid, size))
        used = 2 if len(slots) > 1 else 1
    for kind in isle.get("buildings", []):
        out.append(_building(stat, iid, kind, slots[min(used, len(slots) - 1)], size))
        used += 1
    return out


# --------------------------------------------------------------------------- isle pieces


def _troops(stat: dict[str, Any], owner: dict[str, Any], iid: str, n: int, size: float) -> Markup:
    L = stat["labels"]
    x, y = stat["map"]["isles"][iid]["troops"]
    r = size * 0.36
    unit = L["units"]["troop" if n == 1 else "troops"]
    tip = (
        f"{n} {unit} · {owner['name']} ({L['shapes'][owner['shape']]}) · {stat['isle_names'][iid]}"
    )
    return titled(
        tip,
        {"class": "cws-troops", "data-id": iid},
        _inked(owner, shape(owner["shape"], x, y, r)),
        _count(x, y + r * 0.36, n, owner["ink"]),
    )


def _territory(stat: dict[str, Any], owner: dict[str, Any], iid: str, size: float) -> Markup:
    """A territory marker: a flag of the owner's shape (the isle is held without troops)."""
    x, y = stat["map"]["isles"][iid]["marker"]
    pole = x - size * 0.12
    tip = f"{stat['labels']['ui']['territory']} · {owner['name']} · {stat['isle_names'][iid]}"
    return titled(
        tip,
        {"class": "cws-territory"},
        el(
            "line",
            {
                "x1": pole,
                "y1": y + size * 0.3,
                "x2": pole,
                "y2": y - size * 0.3,
                "stroke": "#3a3a3a",
                "stroke-width": 1.4,
            },
        ),  # fmt: skip
        _inked(owner, shape(owner["shape"], x + size * 0.06, y - size * 0.14, size * 0.17)),
    )


def _markers(stat: dict[str, Any], iid: str, n: int, size: float) -> Markup:
    """Prosperity markers placed on an isle, to the right of its printed stars."""
    geo = stat["map"]["isles"][iid]
    x, y = geo["prosperity_anchor"]
    start = x + (geo["prosperity"] / 2 + 0.1) * size * 0.42
    tip = f"{n} {stat['labels']['ui']['markers']} · {stat['isle_names'][iid]}"
    attrs = {
        "class": "cws-marker",
        "fill": C["marker"],
        "stroke": C["marker_line"],
        "stroke-width": 1.4,
    }
    return titled(tip, attrs, [star(start + i * size * 0.42, y, size * 0.2) for i in range(n)])


def _token_figure(x: float, y: float, r: float, fill: str, text: str) -> list[Markup]:
    """A figurine's round token with the first two letters of its name."""
    return [
        el(
            "circle",
            {"cx": x, "cy": y, "r": r, "fill": fill, "stroke": "#fff", "stroke-width": 1.5},
        ),
        el(
            "text",
            {"x": x, "y": y + r * 0.4, "font-size": 8, "font-weight": 700, "fill": "#fff"},
            text[:2],
        ),
    ]


def _figurine(
    stat: dict[str, Any], snap: dict[str, Any], iid: str, isle: dict[str, Any], size: float
) -> Markup:
    x, y = stat["map"]["isles"][iid]["figurine"]
    fig = stat["labels"]["creatures"].get(isle["figurine"], isle["figurine"])
    seat = isle.get("figurine_owner")
    who = f" · {snap['players'][seat]['name']}" if isinstance(seat, int) else ""
    return titled(
        f"{fig}{who} · {stat['isle_names'][iid]}",
        {"class": "cws-figurine", "data-kind": isle["figurine"]},
        _token_figure(x, y, size * 0.3, "#3b2a4f", fig),
    )


def isle_pieces(
    stat: dict[str, Any], snap: dict[str, Any], iid: str, isle: dict[str, Any], size: float
) -> list[Markup]:
    """Everything on one isle: buildings, troops, territory marker, prosperity markers and
    a figurine. ``isle`` is the snapshot's entry for it."""
    if iid not in stat["map"]["isles"]:
        return []
    owner = snap["players"][isle["owner"]] if "owner" in isle else None
    out = _buildings(stat, iid, isle, size)
    if owner and isle.get("troops"):
        out.append(_troops(stat, owner, iid, isle["troops"], size))
    if owner and isle.get("territory"):
        out.append(_territory(stat, owner, iid, size))
    if isle.get("markers"):
        out.append(_markers(stat, iid, isle["markers"], size))
    if isle.get("figurine"):
        out.append(_figurine(stat, snap, iid, isle, size))
    return out


# --------------------------------------------------------------------------- seas


def _fleet(stat: dict[str, Any], p: dict[str, Any], sea: str, count: int, size: float) -> Markup:
    L = stat["labels"]
    x, y = stat["map"]["seas"][sea]["center"]
    r = size * 0.3
    unit = L["units"]["fleet" if count == 1 else "fleets"]
    tip = (
        f"{count} {unit} · {p['name']} ({L['shapes'][p['shape']]}) · {fmt(L['ui']['sea'], id=sea)}"
    )
    return titled(
        tip,
        {"class": "cws-fleet", "data-id": sea},
        _inked(p, hull(x, y + r * 0.2, r), shape(p["shape"], x, y - r * 0.85, r * 0.55)),
        _count(x, y + r * 0.72, count, p["ink"]),
    )


def fleet_pieces(stat: dict[str, Any], snap: dict[str, Any], size: float) -> list[Markup]:
    """The fleets on the seas (a hull in the owner's colour, their shape as a flag, the
    count) and the Kraken figurine."""
    seas = stat["map"]["seas"]
    out = [
        _fleet(stat, snap["players"][seat], sea, count, size)
        for sea, (seat, count) in snap["fleets"].items()
        if sea in seas
    ]
    kraken = snap.get("kraken")
    if kraken in seas:
        x, y = seas[kraken]["center"]
        name = stat["labels"]["creatures"]["kraken"]
        out.append(titled(
            f"{name} · {fmt(stat['labels']['ui']['sea'], id=kraken)}",
            {"class": "cws-figurine", "data-kind": "kraken"},
            _token_figure(x + size * 0.5, y - size * 0.2, size * 0.28, "#0d4d4d", name),
        ))  # fmt: skip
    return out
