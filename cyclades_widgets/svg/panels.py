"""The panels of the static SVG board: status bar, god track, turn order, creature track,
battle and player panels (the widget's ``js/src/panels.js``, drawn in SVG).

Every function takes the static payload ``stat`` and the snapshot ``snap`` of
:mod:`cyclades_widgets.serialize`, a position and a width, and returns the markup and the
height it used, so :func:`side_panels` can stack them.
"""

from __future__ import annotations

from typing import Any

from .draw import COLOURS as C
from .draw import Markup, el, fmt, group, shape, text_width, titled

__all__ = ["GOD_COLOURS", "header", "side_panels"]

GOD_COLOURS: dict[str, str] = {
    "ares": "#b3261e",
    "poseidon": "#0b6e99",
    "zeus": "#d8c23a",
    "athena": "#7d8a96",
    "apollo": "#f29f05",
}
"""The colour bar of each god's row (as in the widget)."""

PANEL_GAP = 8
ROW = 24
HEAD = 20

Drawn = tuple[Markup, float]


def _text(x: float, y: float, text: str, size: float = 12, **attrs: Any) -> Markup:
    return el("text", {"x": x, "y": y, "font-size": size, **attrs}, text)


def _panel(x: float, y: float, w: float, h: float, title: str, *body: Any) -> Markup:
    """A panel card with its heading (upper case in English, as the widget's CSS)."""
    return el(
        "g",
        {"aria-label": title, "role": "group"},
        el(
            "rect",
            {
                "x": x,
                "y": y,
                "width": w,
                "height": h,
                "rx": 8,
                "fill": C["panel"],
                "stroke": C["panel_line"],
            },
        ),
        _text(
            x + 8,
            y + 14,
            title.upper(),
            11,
            **{"font-weight": 700, "fill": C["heading"], "letter-spacing": 0.5},
        ),
        *body,
    )


def shape_icon(player: dict[str, Any], x: float, y: float, r: float) -> Markup:
    """A seat's shape in its colour (outlined), centred on (x, y)."""
    attrs = {"fill": player["colour"], "stroke": C["dark"], "stroke-width": 1.1}
    return shape(player["shape"], x, y, r, attrs)


def chip_width(text: str) -> float:
    """Width of a :func:`chip` with ``text``."""
    return 19 + (text_width(text, 11, bold=True) + 6 if text else 0)


def chip(player: dict[str, Any], x: float, y: float, text: str, label: str) -> Markup:
    """A player's pill (colour, shape, text) with its top-left corner at (x, y)."""
    w = chip_width(text)
    return titled(
        label,
        {"class": "cws-chip"},
        el("rect", {"x": x, "y": y, "width": w, "height": 18, "rx": 9, "fill": player["colour"]}),
        el("circle", {"cx": x + 9.5, "cy": y + 9, "r": 7, "fill": "#fff"}),
        shape_icon(player, x + 9.5, y + 9, 4.2),
        _text(x + 19, y + 13, text, 11, **{"font-weight": 700, "fill": player["ink"]})
        if text
        else None,
    )


# --------------------------------------------------------------------------- status bar


def header(stat: dict[str, Any], snap: dict[str, Any], x: float, y: float, w: float) -> Drawn:
    """Cycle, phase, what happens next and whose screen this is, in one line."""
    L = stat["labels"]
    cycle = f"{L['ui']['cycle']} {snap['cycle']}"
    phase = L["phases"].get(snap["phase"], snap["phase"])
    cw_, pw = text_width(cycle, 12, bold=True) + 20, text_width(phase, 12, bold=True) + 20
    out = [
        el("rect", {"x": x, "y": y, "width": cw_, "height": 22, "rx": 11, "fill": C["ink"]}),
        _text(
            x + cw_ / 2,
            y + 15.5,
            cycle,
            12,
            **{"font-weight": 700, "fill": "#fff", "text-anchor": "middle"},
        ),
        el(
            "rect",
            {"x": x + cw_ + 8, "y": y, "width": pw, "height": 22, "rx": 11, "fill": C["phase"]},
        ),
        _text(
            x + cw_ + 8 + pw / 2,
            y + 15.5,
            phase,
            12,
            **{"font-weight": 600, "fill": C["heading"], "text-anchor": "middle"},
        ),
    ]
    sx = x + cw_ + pw + 22
    node = snap["node"]
    if node["kind"] == "decision" and node["player"] is not None:
        out.append(shape_icon(snap["players"][node["player"]], sx + 6, y + 11, 5.5))
        sx += 17
    out.append(
        _text(
            sx,
            y + 16,
            snap["status"],
            14,
            **{"font-weight": 600, "fill": C["ink"], "class": "cws-status"},
        )
    )
    seat = snap["viewer"]
    viewer = (
        L["ui"]["teacher"]
        if seat is None
        else fmt(L["ui"]["viewer"], player=snap["players"][seat]["name"])
    )
    out.append(_text(x + w, y + 15, viewer, 12, **{"fill": C["muted"], "text-anchor": "end"}))
    out.append(
        el("line", {"x1": x, "y1": y + 30, "x2": x + w, "y2": y + 30, "stroke": C["panel_line"]})
    )
    return el("g", {"role": "status"}, out), 34


# --------------------------------------------------------------------------- god track


def _god_row(
    stat: dict[str, Any], snap: dict[str, Any], god: dict[str, Any], x: float, y: float, w: float
) -> Markup:
    L = stat["labels"]
    name = L["gods"].get(god["god"], god["god"])
    turn = snap.get("turn") or {}
    acting = turn.get("god") == god["god"]
    fill = "#fff" if god["up"] else C["face_down"]
    ink = C["ink"] if god["up"] else C["face_down_ink"]
    stroke = snap["players"][turn["player"]]["colour"] if acting else C["panel_line"]
    body = [
        el(
            "rect",
            {
                "x": x,
                "y": y,
                "width": w,
                "height": ROW - 2,
                "rx": 5,
                "fill": fill,
                "stroke": stroke,
                "stroke-width": 2.5 if acting else 1,
            },
        ),
        el(
            "rect",
            {
                "x": x,
                "y": y,
                "width": 6,
                "height": ROW - 2,
                "rx": 2,
                "fill": GOD_COLOURS.get(god["god"], "#999"),
            },
        ),
        _text(x + 14, y + 15.5, name, 12, **{"font-weight": 700, "fill": ink}),
    ]
    if not god["up"]:
        label = f"{name}: {L['ui']['face_down']}"
        body.append(
            _text(
                x + w - 8,
                y + 15,
                L["ui"]["face_down"],
                11,
                **{"fill": ink, "text-anchor": "end", "font-style": "italic"},
            )
        )
    elif god["bid"]:
        player = snap["players"][god["bid"][0]]
        amount = fmt(L["ui"]["bid"], amount=god["bid"][1])
        label = f"{name}: {player['name']} {amount}"
        text = f"{god['bid'][1]} {L['ui']['gold']}"
        body.append(chip(player, x + w - 4 - chip_width(text), y + 2, text, label))
    else:
        label = f"{name}: {L['ui']['no_bid']}"
        body.append(
            _text(
                x + w - 8,
                y + 15,
                L["ui"]["no_bid"],
                11,
                **{"fill": C["muted"], "text-anchor": "end"},
            )
        )
    return titled(label, {"class": "cws-god", "data-id": god["god"]}, body)


def _apollo_row(stat: dict[str, Any], snap: dict[str, Any], x: float, y: float, w: float) -> Markup:
    L = stat["labels"]
    names = [snap["players"][s]["name"] for s in snap["apollo"]]
    label = f"{L['gods']['apollo']}: {', '.join(names)}" if names else L["gods"]["apollo"]
    chips, cx = [], x + w - 4
    for seat in reversed(snap["apollo"]):
        cx -= chip_width("") + 3
        player = snap["players"][seat]
        chips.append(chip(player, cx, y + 2, "", f"{player['name']} {L['ui']['on_apollo']}"))
    return titled(
        label,
        {"class": "cws-god", "data-id": "apollo"},
        el(
            "rect",
            {
                "x": x,
                "y": y,
                "width": w,
                "height": ROW - 2,
                "rx": 5,
                "fill": "#fff",
                "stroke": C["panel_line"],
            },
        ),
        el(
            "rect",
            {"x": x, "y": y, "width": 6, "height": ROW - 2, "rx": 2, "fill": GOD_COLOURS["apollo"]},
        ),
        _text(x + 14, y + 15.5, L["gods"]["apollo"], 12, **{"font-weight": 700, "fill": C["ink"]}),
        chips,
    )


def god_track(stat: dict[str, Any], snap: dict[str, Any], x: float, y: float, w: float) -> Drawn:
    """This cycle's gods top to bottom (face-down ones shown so), bids as chips, Apollo last."""
    rows = [
        _god_row(stat, snap, g, x + 6, y + HEAD + i * ROW, w - 12)
        for i, g in enumerate(snap["gods"])
    ]
    rows.append(_apollo_row(stat, snap, x + 6, y + HEAD + len(rows) * ROW, w - 12))
    h = HEAD + len(rows) * ROW + 4
    return _panel(x, y, w, h, stat["labels"]["ui"]["god_track"], rows), h


# --------------------------------------------------------------------------- turn order


def turn_track(stat: dict[str, Any], snap: dict[str, Any], x: float, y: float, w: float) -> Drawn:
    """The offering tokens in bidding order; during the offerings the next bidder's chip
    is ringed and the tokens already placed are faded."""
    L = stat["labels"]
    bidding = snap["phase"] == "offerings"
    chips, cx, cy = [], x + 8, y + HEAD
    for i, seat in enumerate(snap["turn_order"]):
        player = snap["players"][seat]
        text = f"{i + 1}. {player['name']}"
        cw_ = chip_width(text)
        if cx + cw_ > x + w - 6 and cx > x + 8:
            cx, cy = x + 8, cy + 22
        one = chip(player, cx, cy, text, f"{text} ({L['shapes'][player['shape']]})")
        if bidding and i == snap["bid_cursor"]:
            ring = {
                "x": cx - 2,
                "y": cy - 2,
                "width": cw_ + 4,
                "height": 22,
                "rx": 11,
                "fill": "none",
                "stroke": C["lit"],
                "stroke-width": 2.5,
            }
            one = Markup(el("rect", ring) + one)
        elif bidding and i < snap["bid_cursor"]:
            one = el("g", {"opacity": 0.55}, one)
        chips.append(one)
        cx += cw_ + 5
    h = cy - y + 26
    return _panel(x, y, w, h, L["ui"]["turn_track"], chips), h


# --------------------------------------------------------------------------- creatures


def creature_track(
    stat: dict[str, Any], snap: dict[str, Any], x: float, y: float, w: float
) -> Drawn:
    """The three creature slots with their current prices, and the deck's size."""
    L = stat["labels"]
    track = snap["creatures"]["track"]
    n = max(1, len(track))
    bw = (w - 16 - 4 * (n - 1)) / n
    boxes = []
    for i, slot in enumerate(track):
        bx, by = x + 8 + i * (bw + 4), y + HEAD
        price = slot["price"] if slot else stat["creature_prices"][i]
        name = L["creatures"].get(slot["creature"], slot["creature"]) if slot else "—"
        pw = text_width(f"{price} GP", 10, bold=True) + 10
        box = [
            el(
                "rect",
                {
                    "x": bx,
                    "y": by,
                    "width": bw,
                    "height": 38,
                    "rx": 6,
                    "fill": "#fff",
                    "stroke": C["panel_line"],
                },
            ),
            el(
                "rect",
                {
                    "x": bx + bw / 2 - pw / 2,
                    "y": by + 3,
                    "width": pw,
                    "height": 14,
                    "rx": 7,
                    "fill": C["price"],
                },
            ),
            _text(
                bx + bw / 2,
                by + 13.5,
                f"{price} {L['ui']['gold']}",
                10,
                **{"font-weight": 800, "fill": C["gold_ink"], "text-anchor": "middle"},
            ),
            _text(
                bx + bw / 2,
                by + 32,
                name,
                11.5,
                **{"fill": C["ink"] if slot else C["muted"], "text-anchor": "middle"},
            ),
        ]
        if slot:
            label = f"{name}: {price} {L['ui']['gold']}"
            boxes.append(titled(label, {"class": "cws-creature", "data-id": slot["creature"]}, box))
        else:
            boxes.append(group({"aria-hidden": "true"}, box))
    title = f"{L['ui']['creature_track']} · {fmt(L['ui']['deck'], n=snap['creatures']['deck'])}"
    h = HEAD + 44
    return _panel(x, y, w, h, title, boxes), h


# --------------------------------------------------------------------------- battle


def _battle_side(
    stat: dict[str, Any], snap: dict[str, Any], info: dict[str, Any], role: str, x: float, y: float
) -> Markup:
    ui = stat["labels"]["ui"]
    seat = info.get("player")
    player = snap["players"][seat] if isinstance(seat, int) else None
    head = ui[role] + (f" · {player['name']}" if player else "")
    parts = [f"{ui[k]} {info[k]}" for k in ("die", "units", "bonus") if k in info]
    line = " + ".join(parts) + (f" = {info['total']}" if "total" in info else "")
    if "losses" in info:
        line += f" · {ui['losses']}: {info['losses']}"
    return group(
        None,
        shape_icon(player, x + 6, y - 4, 5) if player else None,
        _text(x + (15 if player else 0), y, head, 11.5, **{"font-weight": 700, "fill": C["ink"]}),
        _text(x, y + 15, line, 11, fill=C["ink"]) if line else None,
    )


def battle_panel(stat: dict[str, Any], snap: dict[str, Any], x: float, y: float, w: float) -> Drawn:
    """The battle under way or just fought: both sides' dice, totals and losses."""
    battle = snap.get("battle")
    if not battle:
        return Markup(""), 0
    ui = stat["labels"]["ui"]
    where = battle.get("where") or ""
    place = stat["isle_names"].get(where) or (fmt(ui["sea"], id=where) if where else "")
    title = f"{ui['battle']} · {place}" if place else ui["battle"]
    sides = [
        _battle_side(stat, snap, battle.get("attacker") or {}, "attacker", x + 10, y + HEAD + 12),
        _battle_side(stat, snap, battle.get("defender") or {}, "defender", x + 10, y + HEAD + 48),
    ]
    h = HEAD + 74
    return el("g", {"class": "cws-battle"}, _panel(x, y, w, h, title, sides)), h


# --------------------------------------------------------------------------- players


def _clip(text: str, width: float, size: float) -> str:
    """``text`` cut with an ellipsis so it fits ``width`` (bold, at ``size``)."""
    if text_width(text, size, bold=True) <= width:
        return text
    while text and text_width(text + "…", size, bold=True) > width:
        text = text[:-1]
    return text + "…"


_STATS = ("isles", "metropolises", "priests", "philosophers", "troops", "fleets")


def player_panel(
    stat: dict[str, Any], snap: dict[str, Any], p: dict[str, Any], x: float, y: float, w: float
) -> Markup:
    """One player: colour and shape, name, gold (or hidden), isles, Metropolises, Priests,
    Philosophers, troops and fleets."""
    ui = stat["labels"]["ui"]
    hidden = p["gold"] is None
    gold = ui["gold_hidden"] if hidden else f"{p['gold']} {ui['gold']}"
    acting = snap["node"]["kind"] == "decision" and snap["node"]["player"] == p["seat"]
    gw = text_width(gold, 11, bold=True) + 12
    # Left column: isles, Priests, troops; the right one is wider for the long words.
    left = (w - 20) * 0.38
    names, values = [], []
    for i, key in enumerate(_STATS):
        cx, cy = x + (12 if i % 2 == 0 else 20 + left), y + 37 + (i // 2) * 13
        end = x + 12 + left if i % 2 == 0 else x + w - 8
        names.append(el("text", {"x": cx, "y": cy}, ui[key]))
        values.append(el("text", {"x": end, "y": cy}, str(p[key])))
    cells = el(
        "g",
        {"font-size": 10},
        el("g", {"fill": C["muted"]}, names),
        el("g", {"font-weight": 700, "fill": C["ink"], "text-anchor": "end"}, values),
    )
    label = f"{p['name']}, {stat['labels']['shapes'][p['shape']]}, {gold}"
    return titled(
        label,
        {
            "class": "cws-player",
            "data-seat": p["seat"],
            "opacity": 0.5 if p["eliminated"] else None,
        },
        el(
            "rect",
            {
                "x": x,
                "y": y,
                "width": w,
                "height": 74,
                "rx": 7,
                "fill": "#fff",
                "stroke": p["colour"] if acting else C["panel_line"],
                "stroke-width": 2.5 if acting else 1,
            },
        ),
        el("rect", {"x": x, "y": y, "width": 6, "height": 74, "rx": 3, "fill": p["colour"]}),
        shape_icon(p, x + 17, y + 13, 5.5),
        _text(
            x + 27,
            y + 17.5,
            _clip(p["name"], w - 40 - gw, 13),
            13,
            **{"font-weight": 800, "fill": C["ink"]},
        ),
        el(
            "rect",
            {
                "x": x + w - gw - 6,
                "y": y + 5,
                "width": gw,
                "height": 16,
                "rx": 8,
                "fill": C["face_down"] if hidden else C["gold"],
            },
        ),
        _text(
            x + w - 6 - gw / 2,
            y + 16.5,
            gold,
            11,
            **{
                "font-weight": 800,
                "fill": C["muted"] if hidden else C["gold_ink"],
                "text-anchor": "middle",
                "class": "cws-gold",
            },
        ),
        cells,
    )


def players(stat: dict[str, Any], snap: dict[str, Any], x: float, y: float, w: float) -> Drawn:
    """The player panels, two per row."""
    pw = (w - 6) / 2
    out = [
        player_panel(stat, snap, p, x + (i % 2) * (pw + 6), y + (i // 2) * 80, pw)
        for i, p in enumerate(snap["players"])
    ]
    rows = (len(out) + 1) // 2
    return el("g", {"aria-label": "players", "role": "group"}, out), rows * 80 - 6


def side_panels(stat: dict[str, Any], snap: dict[str, Any], x: float, y: float, w: float) -> Drawn:
    """Every panel beside the map, stacked: gods, turn order, creatures, battle, players."""
    out, cy = [], y
    for part in (god_track, turn_track, creature_track, battle_panel, players):
        markup, h = part(stat, snap, x, cy, w)
        if h:
            out.append(markup)
            cy += h + PANEL_GAP
    return Markup("".join(out)), cy - y - PANEL_GAP
