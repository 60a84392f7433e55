"""The players' panels of the static SVG board, and the column of panels beside the map
(the widget's ``playerPanels`` in ``js/src/panels.js``).

A panel shows the player's colour and shape, their whole name, their gold (or that it is
hidden) and their numbers. The name gets the panel's width: the gold goes beside it when
both fit, else on a line of its own in every panel; a name too long even for a line of its
own is cut with an ellipsis.
"""

from __future__ import annotations

from typing import Any

from .draw import Markup, el, text_width, titled
from .panels import (
    PANEL_GAP,
    Drawn,
    battle_panel,
    clip,
    creature_track,
    god_track,
    seat_icon,
    text,
    turn_track,
)

__all__ = ["player_panel", "players", "side_panels"]

NAME_SIZE = 13
"""Font size of a player's name (bold)."""

_NAME_X = 27
"""Where a name starts, from the panel's left edge (after the colour bar and the shape)."""

_STATS_H = 44
"""Height of the numbers under the name: three rows of two."""


def _gold_width(p: dict[str, Any]) -> float:
    return text_width(p["gold"], 11, bold=True) + 12


def _name_fits_beside_gold(p: dict[str, Any], w: float) -> bool:
    room = w - _NAME_X - 10 - _gold_width(p)
    return text_width(p["name"], NAME_SIZE, bold=True) <= room


def _gold(fixed: dict[str, Any], p: dict[str, Any], x: float, y: float) -> Markup:
    """The gold pill, its left edge at ``x`` and its top at ``y``."""
    colours = fixed["palette"]
    hidden = p.get("hidden", False)
    gw = _gold_width(p)
    pill = {"x": x, "y": y, "width": gw, "height": 16, "rx": 8,
            "fill": colours["face_down"] if hidden else colours["gold"]}  # fmt: skip
    words = {"font-weight": 800, "fill": colours["muted"] if hidden else colours["heading"],
             "text-anchor": "middle", "class": "cws-gold"}  # fmt: skip
    return Markup(el("rect", pill) + text(x + gw / 2, y + 11.5, p["gold"], 11, **words))


def _stats(fixed: dict[str, Any], p: dict[str, Any], x: float, y: float, w: float) -> Markup:
    """The numbers, two per row: name left, value right-aligned."""
    colours = fixed["palette"]
    left = (w - 20) * 0.38
    names, values = [], []
    for i, (label, value) in enumerate(zip(fixed["text"]["stats"], p["stats"], strict=True)):
        cx, cy = x + (12 if i % 2 == 0 else 20 + left), y + (i // 2) * 13
        end = x + 12 + left if i % 2 == 0 else x + w - 8
        names.append(el("text", {"x": cx, "y": cy}, label))
        values.append(el("text", {"x": end, "y": cy}, str(value)))
    return el(
        "g",
        {"font-size": 10},
        el("g", {"fill": colours["muted"]}, names),
        el("g", {"font-weight": 700, "fill": colours["ink"], "text-anchor": "end"}, values),
    )


def player_panel(
    fixed: dict[str, Any], p: dict[str, Any], x: float, y: float, w: float, *, wide: bool = True
) -> Markup:
    """One player: colour and shape, name, gold (or hidden), and the numbers. ``wide``:
    the gold beside the name; else under it, and the name takes the whole width."""
    colours = fixed["palette"]
    acting = p.get("acting", False)
    h = panel_height(wide)
    room = w - _NAME_X - 8 - (_gold_width(p) + 4 if wide else 0)
    card = {"x": x, "y": y, "width": w, "height": h, "rx": 7, "fill": colours["paper"],
            "stroke": p["colour"] if acting else colours["panel_line"],
            "stroke-width": 2.5 if acting else 1}  # fmt: skip
    bold = {"font-weight": 800, "fill": colours["ink"]}
    gold_at = (x + w - _gold_width(p) - 6, y + 5) if wide else (x + _NAME_X - 2, y + 24)
    attrs = {"class": "cws-player", "data-seat": p["seat"],
             "opacity": 0.5 if p.get("eliminated") else None}  # fmt: skip
    return titled(
        p["label"],
        attrs,
        el("rect", card),
        el("rect", {"x": x, "y": y, "width": 6, "height": h, "rx": 3, "fill": p["colour"]}),
        seat_icon(fixed, p["seat"], x + 17, y + 13, 5.5),
        text(x + _NAME_X, y + 17.5, clip(p["name"], room, NAME_SIZE), NAME_SIZE, **bold),
        _gold(fixed, p, *gold_at),
        _stats(fixed, p, x, y + h - _STATS_H + 7, w),
    )


def panel_height(wide: bool) -> float:
    """Height of a player's panel: the name and the gold on one line or on two."""
    return 74 if wide else 92


def players(fixed: dict[str, Any], view: dict[str, Any], x: float, y: float, w: float) -> Drawn:
    """The player panels, two per row, all laid out alike (see the module docstring)."""
    pw = (w - 6) / 2
    wide = all(_name_fits_beside_gold(p, pw) for p in view["players"])
    step = panel_height(wide) + 6
    out = [
        player_panel(fixed, p, x + (i % 2) * (pw + 6), y + (i // 2) * step, pw, wide=wide)
        for i, p in enumerate(view["players"])
    ]
    rows = (len(out) + 1) // 2
    group_ = el("g", {"aria-label": fixed["text"]["players.title"], "role": "group"}, out)
    return group_, rows * step - 6


def side_panels(fixed: dict[str, Any], view: dict[str, Any], x: float, y: float, w: float) -> Drawn:
    """Every panel beside the map, stacked: gods, turn order, creatures, battle, players."""
    out, cy = [], y
    for part in (god_track, turn_track, creature_track, battle_panel, players):
        markup, h = part(fixed, view, x, cy, w)
        if h:
            out.append(markup)
            cy += h + PANEL_GAP
    return Markup("".join(out)), cy - y - PANEL_GAP
