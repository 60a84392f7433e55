"""The view model: what the board shows, computed once in Python for both painters.

Two payloads, JSON-safe and versioned (:data:`VIEW_VERSION`):

- :func:`static_payload` ``(map_id, lang, mode)``: what does not change during a game (the
  map's geometry, the text sizes of the mode, the palette, the icons, the recipes of the
  pieces and the styles of the map, the fixed words); sent once.
- :func:`board_view` ``(state, ...)``: one position as the board shows it: header and
  prompt, the pieces placed and named, owners, lit targets, move trails, marks (a teacher's
  highlights and arrows), the god, turn and creature tracks, the players, the battle and
  the log of the turn.

The static SVG (:mod:`cyclades_widgets.svg`) and the JS board (``js/src``) paint these and
nothing else: no layout, no colours, no shapes, no words of their own (the look is
defined in :mod:`.palette`, :mod:`.icons` and :mod:`.recipe`). The legal actions travel with
their sentences and targets (:func:`~.actions.legal_view`); the board sends back an
intent naming one, which Python checks.

>>> import cyclades_widgets as cw
>>> game = cw.Game.new(players=3, seed=1)
>>> view = board_view(game.state, viewer="Athens")
>>> view["players"][0]["gold"], view["players"][1]["gold"]
('7 GP', 'gold hidden')
>>> view["prompt"]["text"]
'Waiting for Corinth to decide'
"""

from __future__ import annotations

import copy
import math
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from ..i18n import LANGS, LanguageError, resolve
from ..records.highlight import Highlight
from ..rules import flow
from ..rules.events import Event
from ..rules.state import APOLLO, CREATURE_PRICES, CREATURES, GODS, GameState
from . import icons, palette, recipe
from .actions import legal_view, lit, menu_titles
from .events import battle, trails
from .geometry import map_geometry, shared_geometry
from .log import StepLines, turn_log
from .metrics import text_width
from .panels import STATS, battle_panel, creatures, gods, header, players, turns
from .pieces import pieces
from .prompt import prompt
from .recipe import HEX_SIZE, MODES
from .text import Words, creature_effects

__all__ = [
    "FONT",
    "LANGS",
    "MODES",
    "VIEW_VERSION",
    "board_view",
    "check_lang",
    "clear_static_cache",
    "json_safe",
    "legal_for",
    "legal_view",
    "marks",
    "segment",
    "shared_static",
    "snapshot",
    "state_legal",
    "static_payload",
    "viewer_seat",
]

VIEW_VERSION = 3
"""Raised when the view model's shape changes in a way the painters must know about. Both
payloads carry it as ``v``; the JS board is built for one version (``js/src/board.js``)
and says so on the board when Python sends another (a test keeps the two equal)."""

FONT = (
    'system-ui, -apple-system, "Segoe UI", "Noto Sans", "Noto Sans CJK SC", '
    '"Source Han Sans SC", "PingFang SC", "Microsoft YaHei", "WenQuanYi Micro Hei", sans-serif'
)
"""The board's font stack, with CJK fonts for Linux, macOS and Windows (the CSS names the
same stack: ``static/board.css``)."""


def check_lang(lang: Any) -> str:
    """The catalog language for ``lang``; raises ``ValueError`` naming the languages."""
    try:
        return resolve(lang)
    except LanguageError as exc:
        raise ValueError(str(exc)) from None


def viewer_seat(state: GameState, viewer: str | int | None) -> int | None:
    """The viewer's seat, or None for the teacher's view (everything shown)."""
    if viewer is None or viewer == "":
        return None
    if isinstance(viewer, bool) or not isinstance(viewer, int | str):
        raise ValueError(f"viewer must be a player name, a seat number or None, not {viewer!r}")
    if isinstance(viewer, int):
        if 0 <= viewer < state.n_players:
            return viewer
        raise ValueError(f"viewer seat {viewer} does not exist; seats are 0..{state.n_players - 1}")
    if viewer in state.names:
        return state.names.index(viewer)
    raise ValueError(
        f"viewer {viewer[:40]!r} is not a player; players: {', '.join(state.names)} "
        "(or None for the teacher's view)"
    )


def json_safe(value: Any, *, depth: int = 0) -> Any:
    """A JSON-safe copy of ``value``: tuples become lists, dict keys strings, non-finite
    floats and unknown objects their ``str``."""
    if depth > 12:
        return str(value)
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else str(value)
    if isinstance(value, dict):
        return {str(k): json_safe(v, depth=depth + 1) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        items = sorted(value, key=str) if isinstance(value, set | frozenset) else value
        return [json_safe(v, depth=depth + 1) for v in items]
    if hasattr(value, "to_dict"):
        return json_safe(value.to_dict(), depth=depth + 1)
    return str(value)


# --------------------------------------------------------------------------- static payload


def _places(geometry: dict[str, Any], words: Words) -> dict[str, dict[str, str]]:
    """Every isle and sea: its name, and its label for screen readers (unowned)."""
    out: dict[str, dict[str, str]] = {}
    for iid, isle in geometry["isles"].items():
        out[iid] = {
            "name": words.isles[iid],
            "label": words(
                "board.isle.label",
                isle=words.isles[iid],
                slots=words.plural("board.slots", len(isle["slots"])),
                prosperity=words.plural("board.prosperity", isle["prosperity"]),
            ),
        }
    for sid, sea in geometry["seas"].items():
        key = "board.sea.prosperity" if sea["prosperity"] else "board.sea"
        out[sid] = {"name": sid, "label": words(key, sea=sid)}
    return out


def _fixed_words(words: Words) -> dict[str, Any]:
    """The words that never change during a game: titles, buttons, names, the legend."""
    keys = (
        "title", "button.continue", "button.continue_hint", "button.step", "button.step_hint",
        "button.close", "button.legend", "keys", "actions", "rejected", "gods.title",
        "turns.title", "creatures.title", "players.title", "log.title", "log.empty",
        "legend.title", "note.before", "note.after", "note.tag", "notes.title",
        "god.face_down.short", "god.no_bid", "player.acting", "page.slider", "page.controls",
    )  # fmt: skip
    out: dict[str, Any] = {k: words(f"board.{k}") for k in keys}
    out["stats"] = [words(f"board.stat.{s}") for s in STATS]
    out["gods"] = {g: words.word(g) for g in (*GODS, APOLLO)}
    out["creatures"] = dict(words.creatures)
    out["effects"] = dict(creature_effects(words.lang))
    out["shapes"] = {s: words(f"board.shape.{s}") for s in palette.PLAYER_SHAPES}
    legend = ("temple", "fortress", "port", "university", "metropolis", "prosperity",
              "marker", "territory", "troops", "fleets", "figurine", "lit", "trail")  # fmt: skip
    out["legend"] = [[item, words(f"board.legend.{item}")] for item in legend]
    out["version"] = words("board.version", py=VIEW_VERSION)
    return out


def _look(mode: str) -> dict[str, Any]:
    """The palette, the pictures and the recipes: how everything is drawn (read from
    :mod:`.palette`, :mod:`.icons` and :mod:`.recipe` when the payload is made)."""
    sizes = recipe.sizes(mode)
    return {
        "sizes": sizes,
        "palette": palette.palette(),
        "seats": [
            {"colour": c, "ink": palette.text_colour_on(c), "shape": s}
            for c, s in zip(palette.PLAYER_COLOURS, palette.PLAYER_SHAPES, strict=True)
        ],
        "icons": {**icons.ICONS},
        "shapes": {**icons.SHAPES},
        "recipes": recipe.recipes(sizes),
        "piece_order": list(recipe.PIECE_ORDER),
        "styles": recipe.styles(),
        "legend": recipe.legend(),
    }


@cache
def _static(map_id: str, lang: str, mode: str) -> dict[str, Any]:
    words = Words(lang, map_id)
    geometry = map_geometry(map_id, HEX_SIZE)
    return {
        "v": VIEW_VERSION,
        "lang": lang,
        "mode": mode,
        "font": FONT,
        "map": geometry,
        **_look(mode),
        "places": _places(geometry, words),
        "text": _fixed_words(words),
        "creature_prices": list(CREATURE_PRICES),
    }


def _checked_mode(lang: Any, mode: Any) -> tuple[str, str]:
    lang = check_lang(lang)
    if mode not in MODES:
        raise ValueError(f"mode must be one of {', '.join(MODES)}, not {mode!r}")
    return lang, mode


def static_payload(map_id: str, lang: str = "en", *, mode: str = "normal") -> dict[str, Any]:
    """Everything that does not change during a game on map ``map_id`` (see the module
    docstring); computed once per map, language and mode, and a fresh copy each call.

    ``mode`` is ``"normal"`` or ``"projector"`` (larger text on the map, for a classroom).
    """
    return copy.deepcopy(shared_static(map_id, lang, mode=mode))


def shared_static(map_id: str, lang: str = "en", *, mode: str = "normal") -> dict[str, Any]:
    """The cached :func:`static_payload` itself, not a copy: for painters, which only
    read it."""
    return _static(map_id, *_checked_mode(lang, mode))


def clear_static_cache() -> None:
    """Forget the static payloads made so far: after the palette, an icon or a recipe was
    changed while the program runs, the next payload shows the change."""
    _static.cache_clear()


# --------------------------------------------------------------------------- marks


def _centre(geometry: dict[str, Any], place: str) -> list[float]:
    isles, seas = geometry["isles"], geometry["seas"]
    centre: list[float] = (isles[place] if place in isles else seas[place])["center"]
    return centre


def segment(geometry: dict[str, Any], a: str, b: str) -> list[float] | None:
    """The line of an arrow or trail from place ``a`` to ``b``, shortened at both ends so
    it does not cover the pieces there; None when the places are too close."""
    (x1, y1), (x2, y2) = _centre(geometry, a), _centre(geometry, b)
    length = math.hypot(x2 - x1, y2 - y1)
    size = geometry["hex_size"]
    if length < size * 0.9:
        return None
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    s, e = size * 0.3, size * 0.4
    return [round(v, 1) for v in (x1 + ux * s, y1 + uy * s, x2 - ux * e, y2 - uy * e)]


LABEL_SIZE = 11
"""Font size of a mark's label, in map pixels (bold, on a pill)."""


def _labelled(mark: dict[str, Any], label: Any, x: float, y: float) -> dict[str, Any]:
    """``mark`` with its label on a pill centred on (x, y): ``label_box`` [x, y, width,
    height] and ``label_at``, the text's anchor (centred, on its baseline)."""
    text = str(label)
    width = round(text_width(text, LABEL_SIZE, bold=True) + 12, 1)
    mark["label"] = text
    mark["label_box"] = [round(x - width / 2, 1), round(y - 9, 1), width, 18]
    mark["label_at"] = [round(x, 1), round(y + 4, 1)]
    return mark


def _arrow(start: str, end: str, line: list[float] | None, **more: Any) -> dict[str, Any]:
    """An arrow or trail from ``start`` to ``end``: its line, and the shaft and head drawn
    along it (:func:`.recipe.arrow`)."""
    shape = recipe.arrow(line) if line is not None else {}
    return {**more, "from": start, "to": end, "line": line, **shape}


def marks(
    geometry: dict[str, Any], highlight: Highlight | Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """A teacher's highlight (:class:`~cyclades_widgets.records.highlight.Highlight`, or
    any form :meth:`Highlight.of <cyclades_widgets.records.highlight.Highlight.of>` reads),
    checked against the map and placed. Raises
    :class:`~cyclades_widgets.records.highlight.HighlightError` (a ``ValueError``) naming the
    isles there are for an unknown place. An arrow carries its ``shaft`` and ``head``; a
    label its pill (``label_box``) and where its text goes (``label_at``)."""
    checked = Highlight.of(highlight).check(geometry["id"])
    places: list[dict[str, Any]] = []
    for place in checked.places:
        item: dict[str, Any] = {"id": place.id}
        if place.label is not None:
            x, y = _centre(geometry, place.id)
            _labelled(item, place.label, x, y - geometry["hex_size"] * 0.95)
        places.append(item)
    arrows: list[dict[str, Any]] = []
    for arrow in checked.arrows:
        start, end = arrow.source, arrow.target
        drawn = _arrow(start, end, segment(geometry, start, end))
        if arrow.label is not None:
            (x1, y1), (x2, y2) = _centre(geometry, start), _centre(geometry, end)
            _labelled(drawn, arrow.label, (x1 + x2) / 2, (y1 + y2) / 2)
        arrows.append(drawn)
    return {"places": places, "arrows": arrows}


# --------------------------------------------------------------------------- one position


def board_view(
    state: GameState,
    *,
    viewer: str | int | None = None,
    lang: str = "en",
    events: Sequence[Event] = (),
    history: Sequence[Any] | None = None,
    legal: Sequence[Mapping[str, Any]] | None = None,
    live: bool = True,
    still: bool = False,
    highlights: Highlight | Mapping[str, Any] | None = None,
    lines_of: StepLines | None = None,
    bots: Mapping[str, str] | None = None,
) -> dict[str, Any]:
    """One position as the board shows it (see the module docstring).

    - ``viewer``: a player name or seat: the others' gold is hidden (gold
      is kept behind a screen); None is the teacher's view.
    - ``events``: the last step's (move trails, the battle just fought).
    - ``history``: the game's steps up to this position (the log); None: no log.
    - ``legal``: the legal actions the viewer may take now (:func:`legal_view`), which
      light their targets; None: nothing is lit.
    - ``live``: False for a read-only replay (the prompt then says → shows the next move).
    - ``still``: True for a picture, where nothing can be clicked or pressed: the prompt
      names the decision without telling anyone to click.
    - ``highlights``: a ``Highlight`` or ``{"places": [...], "arrows": [...]}`` (:func:`marks`).
    - ``bots``: the players a bot plays, with their level's name ("" for a bot of no
      level): the prompt tells the learner to press Continue at their decisions.
    """
    lang = check_lang(lang)
    seat = viewer_seat(state, viewer)
    words = Words(lang, state.map_id, state.names)
    geometry = shared_geometry(state.map_id, HEX_SIZE)
    places, track = lit(legal or [])
    view: dict[str, Any] = {
        "v": VIEW_VERSION,
        "map": state.map_id,
        "step": state.step,
        "cycle": state.cycle,
        "phase": state.phase.value,
        "header": header(state, words, seat),
        "prompt": prompt(state, words, viewer=seat, live=live, still=still, bots=bots),
        "owners": {iid: i.owner for iid, i in state.isles.items() if i.owner is not None},
        "pieces": {p.pop("key"): p for p in pieces(state, words, size=HEX_SIZE)},
        "trails": _trails(geometry, events, state.map_id),
        "lit": places,
        "lit_track": track,
        "menus": menu_titles(places, track, words),
        "marks": marks(geometry, highlights),
        **_panels(state, words, seat, events),
    }
    if history is not None:
        view["log"] = turn_log(history, state, words, lines_of=lines_of)
    return view


def _trails(geometry: dict[str, Any], events: Sequence[Event], map_id: str) -> list[Any]:
    """The last step's moves, each an arrow (:func:`_arrow`) with its kind."""
    return [
        _arrow(t.start, t.end, line, kind=t.kind)
        for t in trails(events, map_id)
        if (line := segment(geometry, t.start, t.end)) is not None
    ]


def _panels(
    state: GameState, words: Words, seat: int | None, events: Sequence[Event]
) -> dict[str, Any]:
    """The panels beside the map: gods, turn order, creatures, players and the battle."""
    return {
        "gods": gods(state, words),
        "turns": turns(state, words),
        "creatures": creatures(state, words),
        "players": players(state, words, seat),
        "battle": battle_panel(state, words, battle(state, events)),
    }


def snapshot(
    state: GameState,
    viewer: str | int | None = None,
    lang: str = "en",
    *,
    events: Sequence[Event] = (),
) -> dict[str, Any]:
    """One position's view model without its log and lit targets (an older name of
    :func:`board_view`, kept for the callers that used it)."""
    return board_view(state, viewer=viewer, lang=lang, events=events)


def legal_for(state: GameState, actions: Sequence[Any], lang: str = "en") -> list[dict[str, Any]]:
    """:func:`legal_view` of ``actions`` on ``state``'s map, in ``lang``.

    A creature's choice names the creature as its track item, to be clicked on the
    creature track. A creature just bought has left the track, so its choices that touch
    no place (the Satyr's or the Griffon's victim, the Chimera's god...) go to the action
    bar beside the map instead: every legal action stays one click away.
    """
    legal = legal_view(actions, Words(check_lang(lang), state.map_id, state.names))
    on_track = {card for card in state.creature_track if card is not None}
    for entry in legal:
        track = entry.get("track")
        if track and any(t in CREATURES and t not in on_track for t in track):
            kept = [t for t in track if t not in CREATURES or t in on_track]
            if kept:
                entry["track"] = kept
            else:
                del entry["track"]
    return legal


def state_legal(
    state: GameState, lang: str = "en", viewer: int | None = None
) -> list[dict[str, Any]]:
    """The legal actions of ``state`` for the board, or [] when no decision is due or
    when it is not ``viewer``'s."""
    kind, seat = flow.node(state)
    if kind != "decision" or (viewer is not None and viewer != seat):
        return []
    return legal_for(state, flow.legal_actions(state), lang)
