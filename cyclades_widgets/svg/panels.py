"""The panels of the static SVG board: header and prompt, god track, turn order, creature
track, battle, players and the log of the turn (the widget's ``js/src/panels.js``).

Every function takes the static payload ``stat``, the view model ``view``, a position and
a width, and returns the markup and the height it used, so the board can stack them. All
words come from the view model; nothing here composes text.
"""

from __future__ import annotations

from typing import Any

from .draw import COLOURS as C
from .draw import Markup, el, group, icon, text_width, titled, wrap

__all__ = ["GOD_COLOURS", "header", "log_panel", "side_panels"]

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


def _panel(x: float, y: float, w: float, h: float, title: str, *body: Any, cls: str = "") -> Markup:
    """A panel card with its heading."""
    return el(
        "g",
        {"aria-label": title, "role": "group", "class": cls or None},
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
        ),  # fmt: skip
        _text(x + 8, y + 14, title, 11, **{"font-weight": 700, "fill": C["heading"]}),
        *body,
    )


def seat_icon(stat: dict[str, Any], seat: int, x: float, y: float, r: float) -> Markup:
    """A seat's shape in its colour (outlined), centred on (x, y)."""
    s = stat["seats"][seat % len(stat["seats"])]
    return icon(stat["shapes"][s["shape"]], x, y, r, fill=s["colour"], stroke=C["dark"], width=1.1)


def chip_width(text: str) -> float:
    """Width of a :func:`chip` with ``text``."""
    return 19 + (text_width(text, 11, bold=True) + 6 if text else 0)


def chip(stat: dict[str, Any], seat: int, x: float, y: float, text: str, label: str) -> Markup:
    """A player's pill (colour, shape, text) with its top-left corner at (x, y)."""
    s = stat["seats"][seat % len(stat["seats"])]
    w = chip_width(text)
    return titled(
        label,
        {"class": "cws-chip"},
        el("rect", {"x": x, "y": y, "width": w, "height": 18, "rx": 9, "fill": s["colour"]}),
        el("circle", {"cx": x + 9.5, "cy": y + 9, "r": 7, "fill": "#fff"}),
        seat_icon(stat, seat, x + 9.5, y + 9, 4.2),
        _text(x + 19, y + 13, text, 11, **{"font-weight": 700, "fill": s["ink"]}) if text else None,
    )


# --------------------------------------------------------------------------- header


def header(stat: dict[str, Any], view: dict[str, Any], x: float, y: float, w: float) -> Drawn:
    """Cycle and phase pills and whose screen this is; under them, the prompt."""
    head = view["header"]
    cw_ = text_width(head["cycle"], 12, bold=True) + 20
    pw = text_width(head["phase"], 12, bold=True) + 20
    out = [
        el("rect", {"x": x, "y": y, "width": cw_, "height": 22, "rx": 11, "fill": C["ink"]}),
        _text(
            x + cw_ / 2,
            y + 15.5,
            head["cycle"],
            12,
            **{"font-weight": 700, "fill": "#fff", "text-anchor": "middle"},
        ),  # fmt: skip
        el(
            "rect",
            {"x": x + cw_ + 8, "y": y, "width": pw, "height": 22, "rx": 11, "fill": C["phase"]},
        ),
        _text(
            x + cw_ + 8 + pw / 2,
            y + 15.5,
            head["phase"],
            12,
            **{"font-weight": 600, "fill": C["heading"], "text-anchor": "middle"},
        ),  # fmt: skip
        _text(x + w, y + 15, head["viewer"], 12, **{"fill": C["muted"], "text-anchor": "end"}),
    ]
    prompt = view["prompt"]
    px = x
    if prompt["seat"] is not None:
        out.append(seat_icon(stat, prompt["seat"], x + 7, y + 40, 6))
        px += 19
    lines = wrap(prompt["text"], w - (px - x), 15, bold=True)
    texts = [
        _text(px, y + 45 + 20 * i, line, 15, **{"font-weight": 700, "fill": C["ink"]})
        for i, line in enumerate(lines)
    ]
    out.append(el("g", {"class": "cws-prompt", "role": "status"}, texts))
    h = 30 + 20 * len(lines) + 8
    out.append(
        el("line", {"x1": x, "y1": y + h, "x2": x + w, "y2": y + h, "stroke": C["panel_line"]})
    )
    return el("g", {"class": "cws-header"}, out), h + 6


# --------------------------------------------------------------------------- god track


def _god_row(
    stat: dict[str, Any], god: dict[str, Any], lit: bool, x: float, y: float, w: float
) -> Markup:
    name = stat["text"]["gods"][god["id"]]
    acting = god.get("acting")
    fill = "#fff" if god["up"] else C["face_down"]
    ink = C["ink"] if god["up"] else C["face_down_ink"]
    stroke = stat["seats"][acting % 5]["colour"] if acting is not None else C["panel_line"]
    if lit:
        stroke = C["lit"]
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
                "stroke-width": 2.5 if acting is not None or lit else 1,
                "stroke-dasharray": "5 2" if lit else None,
            },
        ),  # fmt: skip
        el(
            "rect",
            {
                "x": x,
                "y": y,
                "width": 6,
                "height": ROW - 2,
                "rx": 2,
                "fill": GOD_COLOURS.get(god["id"], "#999"),
            },
        ),  # fmt: skip
        _text(x + 14, y + 15.5, name, 12, **{"font-weight": 700, "fill": ink}),
    ]
    right = x + w - 4
    if god["id"] == "apollo":
        for seat in reversed(god["seats"]):
            right -= chip_width("") + 3
            body.append(chip(stat, seat, right, y + 2, "", name))
    elif not god["up"]:
        body.append(_text(x + w - 8, y + 15, stat["text"]["god.face_down.short"], 11,
                          **{"fill": ink, "text-anchor": "end", "font-style": "italic"}))  # fmt: skip
    elif god.get("bid"):
        bid = god["bid"]
        body.append(
            chip(
                stat, bid["seat"], right - chip_width(bid["text"]), y + 2, bid["text"], god["label"]
            )
        )
    else:
        body.append(_text(x + w - 8, y + 15, stat["text"]["god.no_bid"], 11,
                          **{"fill": C["muted"], "text-anchor": "end"}))  # fmt: skip
    cls = "cws-god cws-lit-item" if lit else "cws-god"
    return titled(god["label"], {"class": cls, "data-track": god["id"]}, body)


def god_track(stat: dict[str, Any], view: dict[str, Any], x: float, y: float, w: float) -> Drawn:
    """This cycle's gods top to bottom (face-down ones greyed), bids as chips, Apollo last."""
    lit = set(view["lit_track"])
    rows = [
        _god_row(stat, g, g["id"] in lit, x + 6, y + HEAD + i * ROW, w - 12)
        for i, g in enumerate(view["gods"])
    ]
    h = HEAD + len(rows) * ROW + 4
    return _panel(x, y, w, h, stat["text"]["gods.title"], rows), h


# --------------------------------------------------------------------------- turn order


def turn_track(stat: dict[str, Any], view: dict[str, Any], x: float, y: float, w: float) -> Drawn:
    """The offering tokens in bidding order; the next bidder ringed, those who bid faded."""
    chips, cx, cy = [], x + 8, y + HEAD
    for item in view["turns"]:
        cw_ = chip_width(item["text"])
        if cx + cw_ > x + w - 6 and cx > x + 8:
            cx, cy = x + 8, cy + 22
        one = chip(stat, item["seat"], cx, cy, item["text"], item["label"])
        if item.get("mark") == "next":
            ring = {"x": cx - 2, "y": cy - 2, "width": cw_ + 4, "height": 22, "rx": 11,
                    "fill": "none", "stroke": C["lit"], "stroke-width": 2.5}  # fmt: skip
            one = Markup(el("rect", ring) + one)
        elif item.get("mark") == "done":  # a check mark, as on the widget (not faded: contrast)
            tick = _text(cx + cw_ - 4, cy + 13, "✓", 11, **{"font-weight": 700, "fill": C["ink"]})
            one = Markup(one + tick)
            cw_ += 8
        chips.append(one)
        cx += cw_ + 5
    h = cy - y + 26
    return _panel(x, y, w, h, stat["text"]["turns.title"], chips), h


# --------------------------------------------------------------------------- creatures


def creature_track(
    stat: dict[str, Any], view: dict[str, Any], x: float, y: float, w: float
) -> Drawn:
    """The three creature slots with their prices, and the draw pile."""
    track = view["creatures"]
    lit = set(view["lit_track"])
    n = max(1, len(track["slots"]))
    bw = (w - 16 - 4 * (n - 1)) / n
    boxes = []
    for i, slot in enumerate(track["slots"]):
        bx, by = x + 8 + i * (bw + 4), y + HEAD
        cid = slot.get("id")
        name = stat["text"]["creatures"][cid] if cid else "—"
        pw = text_width(slot["price"], 10, bold=True) + 10
        is_lit = cid in lit
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
                    "stroke": C["lit"] if is_lit else C["panel_line"],
                    "stroke-width": 2.5 if is_lit else 1,
                    "stroke-dasharray": "5 2" if is_lit else None,
                },
            ),  # fmt: skip
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
            ),  # fmt: skip
            _text(
                bx + bw / 2,
                by + 13.5,
                slot["price"],
                10,
                **{"font-weight": 800, "fill": C["gold_ink"], "text-anchor": "middle"},
            ),  # fmt: skip
            _text(
                bx + bw / 2,
                by + 32,
                name,
                11.5,
                **{"fill": C["ink"] if cid else C["muted"], "text-anchor": "middle"},
            ),  # fmt: skip
        ]
        if cid:
            cls = "cws-creature cws-lit-item" if is_lit else "cws-creature"
            boxes.append(titled(slot["label"], {"class": cls, "data-track": cid}, box))
        else:
            boxes.append(group({"aria-hidden": "true"}, box))
    title = f"{stat['text']['creatures.title']} · {track['deck']}"
    h = HEAD + 44
    return _panel(x, y, w, h, title, boxes), h


# --------------------------------------------------------------------------- battle


def battle_panel(stat: dict[str, Any], view: dict[str, Any], x: float, y: float, w: float) -> Drawn:
    """The battle under way or just fought: both sides' dice, totals and losses."""
    battle = view.get("battle")
    if not battle:
        return Markup(""), 0
    rows: list[Markup] = []
    cy = y + HEAD + 12
    for side in battle["sides"]:
        seat = side.get("seat")
        hx = x + 10 + (15 if seat is not None else 0)
        rows.append(
            group(
                None,
                seat_icon(stat, seat, x + 16, cy - 4, 5) if seat is not None else None,
                _text(hx, cy, side["head"], 11.5, **{"font-weight": 700, "fill": C["ink"]}),
                _text(x + 10, cy + 15, side["line"], 11, fill=C["ink"])
                if side.get("line")
                else None,
                _text(
                    x + w - 10,
                    cy + 15,
                    side["losses"],
                    11,
                    **{"fill": C["loss"], "font-weight": 700, "text-anchor": "end"},
                )
                if side.get("losses")
                else None,
            )  # fmt: skip
        )
        cy += 36
    if battle.get("result"):
        rows.append(
            _text(x + 10, cy, battle["result"], 11.5, **{"font-weight": 700, "fill": C["ink"]})
        )
        cy += 14
    h = cy - y
    title = battle["title"] + (f" · {battle['round']}" if battle.get("round") else "")
    return _panel(x, y, w, h, title, rows, cls="cws-battle"), h


# --------------------------------------------------------------------------- players


def _clip(text: str, width: float, size: float) -> str:
    """``text`` cut with an ellipsis so it fits ``width`` (bold, at ``size``)."""
    if text_width(text, size, bold=True) <= width:
        return text
    while text and text_width(text + "…", size, bold=True) > width:
        text = text[:-1]
    return text + "…"


def player_panel(stat: dict[str, Any], p: dict[str, Any], x: float, y: float, w: float) -> Markup:
    """One player: colour and shape, name, gold (or hidden), and the numbers."""
    hidden = p.get("hidden", False)
    gw = text_width(p["gold"], 11, bold=True) + 12
    left = (w - 20) * 0.38
    names, values = [], []
    for i, (label, value) in enumerate(zip(stat["text"]["stats"], p["stats"], strict=True)):
        cx, cy = x + (12 if i % 2 == 0 else 20 + left), y + 37 + (i // 2) * 13
        end = x + 12 + left if i % 2 == 0 else x + w - 8
        names.append(el("text", {"x": cx, "y": cy}, label))
        values.append(el("text", {"x": end, "y": cy}, str(value)))
    cells = el(
        "g",
        {"font-size": 10},
        el("g", {"fill": C["muted"]}, names),
        el("g", {"font-weight": 700, "fill": C["ink"], "text-anchor": "end"}, values),
    )
    acting = p.get("acting", False)
    return titled(
        p["label"],
        {
            "class": "cws-player",
            "data-seat": p["seat"],
            "opacity": 0.5 if p.get("eliminated") else None,
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
        ),  # fmt: skip
        el("rect", {"x": x, "y": y, "width": 6, "height": 74, "rx": 3, "fill": p["colour"]}),
        seat_icon(stat, p["seat"], x + 17, y + 13, 5.5),
        _text(
            x + 27,
            y + 17.5,
            _clip(p["name"], w - 40 - gw, 13),
            13,
            **{"font-weight": 800, "fill": C["ink"]},
        ),  # fmt: skip
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
        ),  # fmt: skip
        _text(
            x + w - 6 - gw / 2,
            y + 16.5,
            p["gold"],
            11,
            **{
                "font-weight": 800,
                "fill": C["muted"] if hidden else C["gold_ink"],
                "text-anchor": "middle",
                "class": "cws-gold",
            },
        ),  # fmt: skip
        cells,
    )


def players(stat: dict[str, Any], view: dict[str, Any], x: float, y: float, w: float) -> Drawn:
    """The player panels, two per row."""
    pw = (w - 6) / 2
    out = [
        player_panel(stat, p, x + (i % 2) * (pw + 6), y + (i // 2) * 80, pw)
        for i, p in enumerate(view["players"])
    ]
    rows = (len(out) + 1) // 2
    return el(
        "g", {"aria-label": stat["text"]["players.title"], "role": "group"}, out
    ), rows * 80 - 6


def side_panels(stat: dict[str, Any], view: dict[str, Any], x: float, y: float, w: float) -> Drawn:
    """Every panel beside the map, stacked: gods, turn order, creatures, battle, players."""
    out, cy = [], y
    for part in (god_track, turn_track, creature_track, battle_panel, players):
        markup, h = part(stat, view, x, cy, w)
        if h:
            out.append(markup)
            cy += h + PANEL_GAP
    return Markup("".join(out)), cy - y - PANEL_GAP


# --------------------------------------------------------------------------- log


def log_panel(stat: dict[str, Any], view: dict[str, Any], x: float, y: float, w: float) -> Drawn:
    """The turn's log (the caption area): groups by phase and player, newest step bold."""
    log = view.get("log")
    if log is None:
        return Markup(""), 0
    rows: list[Markup] = []
    cy = y + HEAD + 14
    if log.get("earlier"):
        rows.append(_text(x + 10, cy, log["earlier"], 11, fill=C["muted"]))
        cy += 16
    for group_ in log["groups"]:
        if group_.get("seat") is not None:
            rows.append(seat_icon(stat, group_["seat"], x + 15, cy - 4, 5))
        rows.append(_text(x + (24 if group_.get("seat") is not None else 10), cy, group_["head"], 11.5,
                          **{"font-weight": 700, "fill": C["heading"]}))  # fmt: skip
        cy += 16
        for step in group_["steps"]:
            newest = step == log["newest"]
            for line in log["lines"][str(step)]:
                for part in wrap(line, w - 34, 12):
                    attrs = {"fill": C["ink"], "font-weight": 700 if newest else None}
                    rows.append(_text(x + 22, cy, part, 12, **attrs))
                    cy += 16
        cy += 4
    if not log["groups"]:
        rows.append(_text(x + 10, cy, stat["text"]["log.empty"], 12, fill=C["muted"]))
        cy += 16
    h = cy - y - 4
    return _panel(x, y, w, h, stat["text"]["log.title"], rows, cls="cws-log"), h
