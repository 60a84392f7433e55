"""The static board: one SVG picture of a position, for notebooks, exports and docs.

:func:`board` draws what the widget draws (the same serializer and the same geometry:
:func:`cyclades_widgets.serialize.snapshot` and :func:`~cyclades_widgets.serialize.static_payload`),
as one self-contained SVG string with no script, no stylesheet and no ids, so it survives
``jupyter nbconvert``, nbviewer and GitHub, and several boards can share a page.
``Game`` and ``GameState`` show it in notebooks through ``_repr_svg_``.

>>> import cyclades_widgets as cw
>>> game = cw.Game.new(players=3, seed=1)
>>> picture = board(game.state, viewer="Athens", highlights=["naxos"], arrows=[("kea", "naxos")])
>>> picture.startswith("<svg"), "Naxos" in picture
(True, True)

All text is escaped (names, comments, labels); pieces and isles carry ``role="img"`` and a
``<title>`` (read by screen readers, shown on hover).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Any

from ..rules.events import Event
from ..rules.state import GameState
from ..view import model as serialize
from .draw import COLOURS as C
from .draw import FONT, Markup, el, group, num, wrap
from .map import arrow, isles_layer, labels_layer, names_layer, overlay, seas_layer, trails
from .panels import header, side_panels
from .pieces import BUILDING_LETTERS, fleet_pieces, isle_pieces

__all__ = ["BUILDING_LETTERS", "BoardSVG", "Place", "board"]

_MARGIN = 12
_SIDE_WIDTH = 330
_GAP = 12


class BoardSVG(str):
    """The SVG text of a board (a ``str``) that notebooks show as the picture."""

    __slots__ = ()

    def _repr_svg_(self) -> str:
        """The picture, for Jupyter's rich display."""
        return str(self)


Place = str | tuple[str, str]
"""A highlight: a place id, or ``(id, label)``."""


def board(
    state: GameState,
    *,
    viewer: str | int | None = None,
    highlights: Iterable[Place] = (),
    arrows: Iterable[Sequence[str] | Any] = (),
    lang: str = "en",
    caption: str | None = None,
    events: Sequence[Event] | None = None,
) -> BoardSVG:
    """The board of ``state`` as an SVG string (pure: the same input gives the same text).

    - ``viewer``: a player name or seat; the other players' gold is then hidden (seed 000
      'Setup': gold is kept behind a screen). ``None`` is the teacher's view.
    - ``highlights``: isle or sea ids to outline, each optionally ``(id, label)``.
    - ``arrows``: ``(from, to)`` or ``(from, to, label)`` pairs of isle/sea ids, or a
      record's :class:`~cyclades_widgets.record.Arrow`.
    - ``lang``: ``"en"`` or ``"zh"`` for every label.
    - ``caption``: a comment shown under the board (a record's annotation).
    - ``events``: the last step's events: moves are drawn as dashed trails and a battle's
      dice in the battle panel.

    Returns a :class:`BoardSVG`, a ``str`` that a notebook shows as the picture. Raises
    ``ValueError`` (nothing else) for an unknown viewer, language or place id.
    """
    snap = serialize.snapshot(state, viewer=viewer, lang=lang, events=list(events or []))
    stat = _static(state.map_id, lang)
    marks = _places(stat, highlights)
    lines = _arrows(stat, arrows)
    geo = stat["map"]
    top = _MARGIN + 34
    side_x = _MARGIN + geo["width"] + _GAP
    side, side_h = side_panels(stat, snap, side_x, top, _SIDE_WIDTH)
    body_h = max(geo["height"], side_h)
    width = side_x + _SIDE_WIDTH + _MARGIN
    note, note_h = _caption(caption, _MARGIN, top + body_h + _GAP, width - 2 * _MARGIN)
    height = top + body_h + (note_h + _GAP if note_h else 0) + _MARGIN
    head, _ = header(stat, snap, _MARGIN, _MARGIN, width - 2 * _MARGIN)
    card = {"x": 0.5, "y": 0.5, "width": width - 1, "height": height - 1, "rx": 10}
    return BoardSVG(
        el(
            "svg",
            _root_attrs(stat, snap, width, height),
            el("title", None, _summary(stat, snap)),
            el("rect", {**card, "fill": C["card"], "stroke": C["panel_line"]}),
            head,
            el("g", {"transform": f"translate({_MARGIN},{top})"}, _map(stat, snap, marks, lines)),
            side,
            note,
        )
    )


@lru_cache(maxsize=8)
def _static(map_id: str, lang: str) -> dict[str, Any]:
    """The static payload, computed once per map and language (never changed here)."""
    return serialize.static_payload(map_id, lang)


@lru_cache(maxsize=8)
def _seas(map_id: str, lang: str) -> Markup:
    """The sea layer depends only on the map: drawn once."""
    stat = _static(map_id, lang)
    return seas_layer(stat, stat["map"]["hex_size"])


def _root_attrs(
    stat: dict[str, Any], snap: dict[str, Any], width: float, height: float
) -> dict[str, Any]:
    """The ``<svg>`` element: its size, its name, the language and the font.

    Its role is ``group``, not ``img``: an ``img`` hides its children from screen readers,
    and the isles and pieces inside are the ``img``s, each with its own title.
    """
    return {
        "xmlns": "http://www.w3.org/2000/svg",
        "viewBox": f"0 0 {num(width)} {num(height)}",
        "width": num(width),
        "height": num(height),
        "role": "group",
        "aria-label": _summary(stat, snap),
        "lang": stat["lang"],
        "font-family": FONT,
        "class": "cws-board",
    }


def _summary(stat: dict[str, Any], snap: dict[str, Any]) -> str:
    """The picture's name: "Cyclades board · Cycle 2 · Actions · Sparta to act"."""
    L = stat["labels"]
    phase = L["phases"].get(snap["phase"], snap["phase"])
    return f"{L['ui']['board']} · {L['ui']['cycle']} {snap['cycle']} · {phase} · {snap['status']}"


# --------------------------------------------------------------------------- inputs


def _known(stat: dict[str, Any], place: Any, what: str) -> str:
    geo = stat["map"]
    if isinstance(place, str) and (place in geo["isles"] or place in geo["seas"]):
        return place
    isles = ", ".join(sorted(geo["isles"]))
    raise ValueError(
        f"{what}: {place!r} is not an isle or sea of {geo['id']}; isles are {isles}, "
        f"seas are grid ids such as {', '.join(sorted(geo['seas'])[:3])}"
    )


def _places(stat: dict[str, Any], places: Iterable[Place]) -> list[tuple[str, str | None]]:
    """Highlights as ``(id, label or None)``, checked against the map."""
    out: list[tuple[str, str | None]] = []
    for item in places:
        if isinstance(item, str):
            out.append((_known(stat, item, "highlight"), None))
        elif isinstance(item, tuple | list) and len(item) == 2:
            out.append((_known(stat, item[0], "highlight"), str(item[1])))
        else:
            raise ValueError(f"a highlight is an isle or sea id, or (id, label); not {item!r}")
    return out


def _arrows(stat: dict[str, Any], arrows: Iterable[Any]) -> list[tuple[str, str, str | None]]:
    """Arrows as ``(from, to, label or None)``, checked against the map."""
    out = []
    for item in arrows:
        if hasattr(item, "source") and hasattr(item, "target"):
            item = (item.source, item.target)
        if not isinstance(item, tuple | list) or len(item) not in (2, 3):
            raise ValueError(f"an arrow is (from, to) or (from, to, label); not {item!r}")
        label = str(item[2]) if len(item) == 3 else None
        start, end = _known(stat, item[0], "arrow"), _known(stat, item[1], "arrow")
        if start == end:
            raise ValueError(f"an arrow joins two different places; not {start!r} to itself")
        out.append((start, end, label))
    return out


# --------------------------------------------------------------------------- the map


def _map(
    stat: dict[str, Any],
    snap: dict[str, Any],
    marks: list[tuple[str, str | None]],
    lines: list[tuple[str, str, str | None]],
) -> Markup:
    geo = stat["map"]
    size = geo["hex_size"]
    pieces = [isle_pieces(stat, snap, iid, isle, size) for iid, isle in snap["isles"].items()]
    return group(
        {"class": "cws-map"},
        el("rect", {"width": geo["width"], "height": geo["height"], "rx": 8, "fill": C["sea"]}),
        _seas(geo["id"], stat["lang"]),
        isles_layer(stat, snap, size),
        group({"class": "cws-highlights"}, [overlay(stat, pid) for pid, _ in marks]),
        group(
            {"class": "cws-pieces", "font-size": 11, "font-weight": 800, "text-anchor": "middle"},
            pieces,
            fleet_pieces(stat, snap, size),
        ),
        trails(stat, snap),
        group({"class": "cws-arrows"}, [arrow(stat, a, b) for a, b, _ in lines]),
        names_layer(stat),
        labels_layer(stat, marks, lines, size),
    )


def _caption(text: str | None, x: float, y: float, w: float) -> tuple[Markup, float]:
    """A comment under the board, wrapped to its width (shown as text, never markup)."""
    if not text:
        return Markup(""), 0
    lines = wrap(str(text), w - 24, 13)
    h = 14 + 18 * len(lines)
    texts = [el("text", {"x": x + 12, "y": y + 22 + 18 * i}, line) for i, line in enumerate(lines)]
    return el(
        "g",
        {"class": "cws-caption"},
        el(
            "rect",
            {
                "x": x,
                "y": y,
                "width": w,
                "height": h,
                "rx": 8,
                "fill": C["note"],
                "stroke": C["note_line"],
            },
        ),
        el("g", {"font-size": 13, "fill": C["ink"]}, texts),
    ), h
