"""The panels of the static SVG board: header and prompt, god track, turn order, creature
track, battle and the log of the turn (the widget's ``js/src/panels.js``); the players'
panels are in :mod:`.players`.

Every function takes the static payload ``fixed``, the view model ``view``, a position and
a width, and returns the markup and the height it used, so the board can stack them. All
words come from the view model and every colour from the payload's ``palette``; nothing
here composes text or picks a colour.
"""

from __future__ import annotations

from typing import Any

from .draw import Markup, el, group, icon, text_width, titled, wrap

__all__ = [
    "Drawn",
    "chip",
    "chip_width",
    "clip",
    "creature_track",
    "god_track",
    "header",
    "log_panel",
    "panel",
    "seat_icon",
    "text",
    "turn_track",
]

PANEL_GAP = 8
ROW = 24
HEAD = 20

Drawn = tuple[Markup, float]


def text(x: float, y: float, words: str, size: float = 12, **attrs: Any) -> Markup:
    """A ``<text>`` at (x, y) in font ``size``."""
    return el("text", {"x": x, "y": y, "font-size": size, **attrs}, words)


def panel(
    fixed: dict[str, Any], box: tuple[float, float, float, float], title: str, *body: Any,
    cls: str = "",
) -> Markup:  # fmt: skip
    """A panel card (``box``: x, y, width, height) with its heading."""
    x, y, w, h = box
    colours = fixed["palette"]
    card = {"x": x, "y": y, "width": w, "height": h, "rx": 8}
    return el(
        "g",
        {"aria-label": title, "role": "group", "class": cls or None},
        el("rect", {**card, "fill": colours["panel"], "stroke": colours["panel_line"]}),
        text(x + 8, y + 14, title, 11, **{"font-weight": 700, "fill": colours["heading"]}),
        *body,
    )


def seat_icon(fixed: dict[str, Any], seat: int, x: float, y: float, r: float) -> Markup:
    """A seat's shape in its colour (outlined), centred on (x, y)."""
    s = fixed["seats"][seat % len(fixed["seats"])]
    outline = fixed["palette"]["outline"]
    return icon(fixed["shapes"][s["shape"]], x, y, r, fill=s["colour"], stroke=outline, width=1.1)


def clip(words: str, width: float, size: float) -> str:
    """``words`` cut with an ellipsis so that it fits ``width`` (bold, at ``size``): at the
    end of a word when one ends near the cut, else inside the word.

    >>> clip("Sparta", 200, 13), clip("Alexandros of Macedon", 120, 13)
    ('Sparta', 'Alexandros…')
    >>> clip("Alexandros", 60, 13), clip("亚历山大大帝的马其顿", 60, 13)
    ('Alexa…', '亚历山…')
    """
    if text_width(words, size, bold=True) <= width:
        return words
    cut = words
    while cut and text_width(cut + "…", size, bold=True) > width:
        cut = cut[:-1]
    space = cut.rfind(" ")
    if space >= 0.6 * len(cut):
        cut = cut[:space]
    return cut.rstrip() + "…"


def chip_width(words: str) -> float:
    """Width of a :func:`chip` with ``words``."""
    return 19 + (text_width(words, 11, bold=True) + 6 if words else 0)


def chip(fixed: dict[str, Any], seat: int, x: float, y: float, words: str, label: str) -> Markup:
    """A player's pill (colour, shape, text) with its top-left corner at (x, y)."""
    s = fixed["seats"][seat % len(fixed["seats"])]
    w = chip_width(words)
    return titled(
        label,
        {"class": "cws-chip"},
        el("rect", {"x": x, "y": y, "width": w, "height": 18, "rx": 9, "fill": s["colour"]}),
        el("circle", {"cx": x + 9.5, "cy": y + 9, "r": 7, "fill": fixed["palette"]["paper"]}),
        seat_icon(fixed, seat, x + 9.5, y + 9, 4.2),
        text(x + 19, y + 13, words, 11, **{"font-weight": 700, "fill": s["ink"]})
        if words
        else None,
    )


# --------------------------------------------------------------------------- header


def _pill(x: float, y: float, words: str, fill: str, ink: str, weight: int) -> tuple[Markup, float]:
    w = text_width(words, 12, bold=True) + 20
    return Markup(
        el("rect", {"x": x, "y": y, "width": w, "height": 22, "rx": 11, "fill": fill})
        + text(
            x + w / 2,
            y + 15.5,
            words,
            12,
            **{"font-weight": weight, "fill": ink, "text-anchor": "middle"},
        )
    ), w


def header(fixed: dict[str, Any], view: dict[str, Any], x: float, y: float, w: float) -> Drawn:
    """Cycle and phase pills and whose screen this is; under them, the prompt."""
    head, colours = view["header"], fixed["palette"]
    cycle, cw_ = _pill(x, y, head["cycle"], colours["ink"], colours["paper"], 700)
    phase, _ = _pill(x + cw_ + 8, y, head["phase"], colours["phase"], colours["heading"], 600)
    out = [
        cycle,
        phase,
        text(x + w, y + 15, head["viewer"], 12, **{"fill": colours["muted"], "text-anchor": "end"}),
    ]
    prompt = view["prompt"]
    px = x
    if prompt["seat"] is not None:
        out.append(seat_icon(fixed, prompt["seat"], x + 7, y + 40, 6))
        px += 19
    lines = wrap(prompt["text"], w - (px - x), 15, bold=True)
    texts = [
        text(px, y + 45 + 20 * i, line, 15, **{"font-weight": 700, "fill": colours["ink"]})
        for i, line in enumerate(lines)
    ]
    out.append(el("g", {"class": "cws-prompt", "role": "status"}, texts))
    h = 30 + 20 * len(lines) + 8
    rule = {"x1": x, "y1": y + h, "x2": x + w, "y2": y + h, "stroke": colours["panel_line"]}
    out.append(el("line", rule))
    return el("g", {"class": "cws-header"}, out), h + 6


# --------------------------------------------------------------------------- god track


def _god_box(
    fixed: dict[str, Any], god: dict[str, Any], lit: bool, box: tuple[float, float, float]
) -> list[Markup]:
    """The row's card (lit, acting or face down) and its god's colour bar."""
    x, y, w = box
    colours = fixed["palette"]
    acting = god.get("acting")
    seats = fixed["seats"]
    stroke = seats[acting % len(seats)]["colour"] if acting is not None else colours["panel_line"]
    card = {"x": x, "y": y, "width": w, "height": ROW - 2, "rx": 5,
            "fill": colours["paper"] if god["up"] else colours["face_down"],
            "stroke": colours["lit"] if lit else stroke,
            "stroke-width": 2.5 if acting is not None or lit else 1,
            "stroke-dasharray": "5 2" if lit else None}  # fmt: skip
    bar = {"x": x, "y": y, "width": 6, "height": ROW - 2, "rx": 2,
           "fill": colours.get(f"god_{god['id']}", colours["neutral"])}  # fmt: skip
    return [el("rect", card), el("rect", bar)]


def _god_row(
    fixed: dict[str, Any], god: dict[str, Any], lit: bool, x: float, y: float, w: float
) -> Markup:
    name = fixed["text"]["gods"][god["id"]]
    colours = fixed["palette"]
    ink = colours["ink"] if god["up"] else colours["face_down_ink"]
    body = [
        *_god_box(fixed, god, lit, (x, y, w)),
        text(x + 14, y + 15.5, name, 12, **{"font-weight": 700, "fill": ink}),
    ]
    right = x + w - 4
    if god["id"] == "apollo":
        for seat in reversed(god["seats"]):
            right -= chip_width("") + 3
            body.append(chip(fixed, seat, right, y + 2, "", name))
    elif not god["up"]:
        body.append(text(x + w - 8, y + 15, fixed["text"]["god.face_down.short"], 11,
                         **{"fill": ink, "text-anchor": "end", "font-style": "italic"}))  # fmt: skip
    elif god.get("bid"):
        bid = god["bid"]
        left = right - chip_width(bid["text"])
        body.append(chip(fixed, bid["seat"], left, y + 2, bid["text"], god["label"]))
    else:
        body.append(text(x + w - 8, y + 15, fixed["text"]["god.no_bid"], 11,
                         **{"fill": colours["muted"], "text-anchor": "end"}))  # fmt: skip
    cls = "cws-god cws-lit-item" if lit else "cws-god"
    return titled(god["label"], {"class": cls, "data-track": god["id"]}, body)


def god_track(fixed: dict[str, Any], view: dict[str, Any], x: float, y: float, w: float) -> Drawn:
    """This cycle's gods top to bottom (face-down ones greyed), bids as chips, Apollo last."""
    lit = set(view["lit_track"])
    rows = [
        _god_row(fixed, g, g["id"] in lit, x + 6, y + HEAD + i * ROW, w - 12)
        for i, g in enumerate(view["gods"])
    ]
    h = HEAD + len(rows) * ROW + 4
    return panel(fixed, (x, y, w, h), fixed["text"]["gods.title"], rows), h


# --------------------------------------------------------------------------- turn order


def turn_track(fixed: dict[str, Any], view: dict[str, Any], x: float, y: float, w: float) -> Drawn:
    """The offering tokens in bidding order; the next bidder ringed, those who bid ticked."""
    colours = fixed["palette"]
    chips, cx, cy = [], x + 8, y + HEAD
    for item in view["turns"]:
        words = clip(item["text"], w - 16 - chip_width("") - 6 - 12, 11)  # a long name is cut
        cw_ = chip_width(words)
        if cx + cw_ > x + w - 6 and cx > x + 8:
            cx, cy = x + 8, cy + 22
        one = chip(fixed, item["seat"], cx, cy, words, item["label"])
        if item.get("mark") == "next":
            ring = {"x": cx - 2, "y": cy - 2, "width": cw_ + 4, "height": 22, "rx": 11,
                    "fill": "none", "stroke": colours["lit"], "stroke-width": 2.5}  # fmt: skip
            one = Markup(el("rect", ring) + one)
        elif item.get("mark") == "done":  # a check mark, as on the widget (not faded: contrast)
            tick = text(
                cx + cw_ - 4, cy + 13, "✓", 11, **{"font-weight": 700, "fill": colours["ink"]}
            )
            one = Markup(one + tick)
            cw_ += 8
        chips.append(one)
        cx += cw_ + 5
    h = cy - y + 26
    return panel(fixed, (x, y, w, h), fixed["text"]["turns.title"], chips), h


# --------------------------------------------------------------------------- creatures


def _creature_slot(
    fixed: dict[str, Any], slot: dict[str, Any], lit: bool, box: tuple[float, float, float]
) -> Markup:
    """One slot of the creature track: its price, and its creature (or a dash)."""
    bx, by, bw = box
    colours = fixed["palette"]
    cid = slot.get("id")
    pw = text_width(slot["price"], 10, bold=True) + 10
    card = {"x": bx, "y": by, "width": bw, "height": 38, "rx": 6, "fill": colours["paper"],
            "stroke": colours["lit"] if lit else colours["panel_line"],
            "stroke-width": 2.5 if lit else 1, "stroke-dasharray": "5 2" if lit else None}  # fmt: skip
    price = {"x": bx + bw / 2 - pw / 2, "y": by + 3, "width": pw, "height": 14, "rx": 7,
             "fill": colours["price"]}  # fmt: skip
    middle = {"text-anchor": "middle"}
    body = [
        el("rect", card),
        el("rect", price),
        text(
            bx + bw / 2,
            by + 13.5,
            slot["price"],
            10,
            **{"font-weight": 800, "fill": colours["heading"], **middle},
        ),
        text(
            bx + bw / 2,
            by + 32,
            fixed["text"]["creatures"][cid] if cid else "—",
            11.5,
            **{"fill": colours["ink"] if cid else colours["muted"], **middle},
        ),
    ]
    if not cid:
        return group({"aria-hidden": "true"}, body)
    cls = "cws-creature cws-lit-item" if lit else "cws-creature"
    return titled(slot["label"], {"class": cls, "data-track": cid}, body)


def creature_track(
    fixed: dict[str, Any], view: dict[str, Any], x: float, y: float, w: float
) -> Drawn:
    """The three creature slots with their prices, and the draw pile."""
    track = view["creatures"]
    lit = set(view["lit_track"])
    n = max(1, len(track["slots"]))
    bw = (w - 16 - 4 * (n - 1)) / n
    boxes = [
        _creature_slot(fixed, slot, slot.get("id") in lit, (x + 8 + i * (bw + 4), y + HEAD, bw))
        for i, slot in enumerate(track["slots"])
    ]
    title = f"{fixed['text']['creatures.title']} · {track['deck']}"
    h = HEAD + 44
    return panel(fixed, (x, y, w, h), title, boxes), h


# --------------------------------------------------------------------------- battle


def _battle_side(
    fixed: dict[str, Any], side: dict[str, Any], x: float, y: float, w: float
) -> Markup:
    colours = fixed["palette"]
    seat = side.get("seat")
    hx = x + 10 + (15 if seat is not None else 0)
    losses = {"fill": colours["loss"], "font-weight": 700, "text-anchor": "end"}
    return group(
        None,
        seat_icon(fixed, seat, x + 16, y - 4, 5) if seat is not None else None,
        text(hx, y, side["head"], 11.5, **{"font-weight": 700, "fill": colours["ink"]}),
        text(x + 10, y + 15, side["line"], 11, fill=colours["ink"]) if side.get("line") else None,
        text(x + w - 10, y + 15, side["losses"], 11, **losses) if side.get("losses") else None,
    )


def battle_panel(
    fixed: dict[str, Any], view: dict[str, Any], x: float, y: float, w: float
) -> Drawn:
    """The battle under way or just fought: both sides' dice, totals and losses."""
    battle = view.get("battle")
    if not battle:
        return Markup(""), 0
    rows: list[Markup] = []
    cy = y + HEAD + 12
    for side in battle["sides"]:
        rows.append(_battle_side(fixed, side, x, cy, w))
        cy += 36
    if battle.get("result"):
        bold = {"font-weight": 700, "fill": fixed["palette"]["ink"]}
        rows.append(text(x + 10, cy, battle["result"], 11.5, **bold))
        cy += 14
    h = cy - y
    title = battle["title"] + (f" · {battle['round']}" if battle.get("round") else "")
    return panel(fixed, (x, y, w, h), title, rows, cls="cws-battle"), h


# --------------------------------------------------------------------------- log


def log_panel(fixed: dict[str, Any], view: dict[str, Any], x: float, y: float, w: float) -> Drawn:
    """The turn's log (the caption area): groups by phase and player, newest step bold."""
    log = view.get("log")
    if log is None:
        return Markup(""), 0
    colours = fixed["palette"]
    rows: list[Markup] = []
    cy = y + HEAD + 14
    if log.get("earlier"):
        rows.append(text(x + 10, cy, log["earlier"], 11, fill=colours["muted"]))
        cy += 16
    for group_ in log["groups"]:
        seat = group_.get("seat")
        if seat is not None:
            rows.append(seat_icon(fixed, seat, x + 15, cy - 4, 5))
        rows.append(text(x + (24 if seat is not None else 10), cy, group_["head"], 11.5,
                         **{"font-weight": 700, "fill": colours["heading"]}))  # fmt: skip
        cy += 16
        for step in group_["steps"]:
            weight = 700 if step == log["newest"] else None
            for line in log["lines"][str(step)]:
                for part in wrap(line, w - 34, 12):
                    rows.append(
                        text(x + 22, cy, part, 12, fill=colours["ink"], **{"font-weight": weight})
                    )
                    cy += 16
        cy += 4
    if not log["groups"]:
        rows.append(text(x + 10, cy, fixed["text"]["log.empty"], 12, fill=colours["muted"]))
        cy += 16
    h = cy - y - 4
    return panel(fixed, (x, y, w, h), fixed["text"]["log.title"], rows, cls="cws-log"), h
