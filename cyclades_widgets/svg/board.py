"""The static board: one SVG picture of a position, for notebooks, exports and docs.

:func:`board` paints the view model (:func:`cyclades_widgets.view.model.board_view` and
:func:`~cyclades_widgets.view.model.static_payload`), the one the widget paints, as one
self-contained SVG string with no script, no stylesheet and no ids, so it survives
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
from typing import Any

from ..history import BaseGame
from ..records.highlight import ArrowLike, Highlight, PlaceLike
from ..rules.events import Event
from ..rules.state import GameState
from ..view import model
from .draw import Markup, el, num, wrap
from .map import (
    isles_layer,
    lit_layer,
    marks_layer,
    names_layer,
    seas_layer,
    trails_layer,
)
from .panels import header, log_panel
from .pieces import pieces_layer
from .players import side_panels

__all__ = ["BoardSVG", "Place", "board", "paint"]

_MARGIN = 12
_SIDE_WIDTH = 330
_GAP = 12


class BoardSVG(str):
    """The SVG text of a board (a ``str``) that notebooks show as the picture."""

    __slots__ = ()

    def _repr_svg_(self) -> str:
        """The picture, for Jupyter's rich display."""
        return str(self)


Place = PlaceLike
"""A highlight: a place id, or ``(id, label)`` (the forms :class:`~cyclades_widgets.Highlight` reads)."""


def board(
    position: GameState | BaseGame,
    *,
    viewer: str | int | None = None,
    highlights: Highlight | Iterable[Place] = (),
    arrows: Iterable[ArrowLike] = (),
    lang: str | None = None,
    caption: str | None = None,
    events: Sequence[Event] | None = None,
    mode: str = "normal",
) -> BoardSVG:
    """The board of a position as an SVG string (pure: the same input gives the same text).

    - ``position``: a ``GameState``, or a game (then its last step's events draw the move
      trails and the battle, and the log of the turn fills the caption area).
    - ``viewer``: a player name or seat; the other players' gold is then hidden (gold is
      kept behind a screen). ``None`` is the teacher's view.
    - ``highlights``: a :class:`~cyclades_widgets.Highlight`, or isle or sea ids to
      outline, each optionally ``(id, label)``.
    - ``arrows``: ``(from, to)`` or ``(from, to, label)`` pairs of isle/sea ids, or a
      record's arrows.
    - ``lang``: the language of every word (None: the session's, ``cw.set_language``);
      ``mode``: ``"normal"`` or ``"projector"``.
    - ``caption``: a comment shown under the board (a record's annotation).
    - ``events``: the last step's events, for a ``GameState``.

    The targets of the legal actions (for the player to act, or the ``viewer``) are lit,
    as on the widget; the prompt names the decision without asking to click, since a
    picture cannot be clicked. Raises ``ValueError`` (nothing else) for an unknown viewer,
    language, mode or place id.
    """
    history: Sequence[Any] | None = None
    if isinstance(position, BaseGame):
        state = position.state
        history = position.history
        events = events if events is not None else (history[-1].events if history else [])
    else:
        state = position
    seat = model.viewer_seat(state, viewer)
    lang = model.check_lang(lang)  # None: the session's language
    fixed = model.shared_static(state.map_id, lang, mode=mode)
    view = model.board_view(
        state,
        viewer=seat,
        lang=lang,
        events=list(events or []),
        history=history,
        legal=model.state_legal(state, lang, seat),
        still=True,
        highlights=_marks(highlights, arrows),
    )
    return paint(fixed, view, caption=caption)


_SEAS: dict[tuple[str, str, str], tuple[dict[str, Any], Markup]] = {}
"""The seas painted for each static payload (map, language and mode), with the payload
they were painted from: they change only with it."""


def _seas(fixed: dict[str, Any]) -> Markup:
    """The seas of ``fixed``, painted once per static payload."""
    key = (fixed["map"]["id"], fixed["lang"], fixed["mode"])
    hit = _SEAS.get(key)
    if hit is None or hit[0] is not fixed:
        hit = (fixed, seas_layer(fixed))
        _SEAS[key] = hit
    return hit[1]


def paint(fixed: dict[str, Any], view: dict[str, Any], *, caption: str | None = None) -> BoardSVG:
    """Paint a view model (with its static payload ``fixed``) as one SVG picture."""
    geo = fixed["map"]
    width = _MARGIN + geo["width"] + _GAP + _SIDE_WIDTH + _MARGIN
    head, head_h = header(fixed, view, _MARGIN, _MARGIN, width - 2 * _MARGIN)
    top = _MARGIN + head_h
    side_x = _MARGIN + geo["width"] + _GAP
    side, side_h = side_panels(fixed, view, side_x, top, _SIDE_WIDTH)
    body_h = max(geo["height"], side_h)
    y = top + body_h + _GAP
    note, note_h = _caption(fixed, caption, _MARGIN, y, width - 2 * _MARGIN)
    y += note_h + (_GAP if note_h else 0)
    log, log_h = log_panel(fixed, view, _MARGIN, y, width - 2 * _MARGIN)
    y += log_h + (_GAP if log_h else 0)
    height = y - (_GAP if note_h or log_h else 0) + _MARGIN
    colours = fixed["palette"]
    card = {"x": 0.5, "y": 0.5, "width": width - 1, "height": height - 1, "rx": 10}
    summary = (
        fixed["text"]["title"]
        + " · "
        + " · ".join((view["header"]["cycle"], view["header"]["phase"], view["prompt"]["text"]))
    )
    return BoardSVG(
        el(
            "svg",
            {
                "xmlns": "http://www.w3.org/2000/svg",
                "viewBox": f"0 0 {num(width)} {num(height)}",
                "width": num(width),
                "height": num(height),
                "role": "group",
                "aria-label": summary,
                "lang": fixed["lang"],
                "font-family": fixed["font"],
                "class": "cws-board",
            },
            el("title", None, summary),
            el("rect", {**card, "fill": colours["card"], "stroke": colours["panel_line"]}),
            head,
            el("g", {"transform": f"translate({_MARGIN},{top})"}, _map(fixed, view)),
            side,
            note,
            log,
        )
    )


def _map(fixed: dict[str, Any], view: dict[str, Any]) -> Markup:
    geo = fixed["map"]
    return el(
        "g",
        {"class": "cws-map"},
        el(
            "rect",
            {"width": geo["width"], "height": geo["height"], "rx": 8, **fixed["styles"]["map"]},
        ),
        _seas(fixed),
        isles_layer(fixed, view),
        lit_layer(fixed, view),
        pieces_layer(fixed, view),
        trails_layer(fixed, view),
        names_layer(fixed),
        marks_layer(fixed, view),
    )


def _caption(
    fixed: dict[str, Any], text: str | None, x: float, y: float, w: float
) -> tuple[Markup, float]:
    """A comment under the board, wrapped to its width (shown as text, never markup)."""
    if not text:
        return Markup(""), 0
    lines = wrap(str(text), w - 24, 13)
    h = 14 + 18 * len(lines)
    texts = [el("text", {"x": x + 12, "y": y + 22 + 18 * i}, line) for i, line in enumerate(lines)]
    box = {"x": x, "y": y, "width": w, "height": h, "rx": 8}
    colours = fixed["palette"]
    return el(
        "g",
        {"class": "cws-caption"},
        el("rect", {**box, "fill": colours["note"], "stroke": colours["note_line"]}),
        el("g", {"font-size": 13, "fill": colours["ink"]}, texts),
    ), h


def _marks(highlights: Highlight | Iterable[Place], arrows: Iterable[ArrowLike]) -> Highlight:
    """One :class:`Highlight` from the two arguments (a highlight's own arrows first)."""
    given = highlights if isinstance(highlights, Highlight) else Highlight(highlights)
    return Highlight(given.places, [*given.arrows, *arrows])
