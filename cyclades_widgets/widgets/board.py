"""``Board``: the interactive anywidget board over a :class:`~cyclades_widgets.game.Game`.

A board **follows its game**: whatever changes the game (a notebook cell, another view of
the same game, a bot, a click on this board) the board redraws, once per cell or per click
(:mod:`.follow`). Python sends the static payload once
(:func:`~cyclades_widgets.view.model.static_payload`), then, after every change, the view
model of the position as a base and a small patch (:mod:`cyclades_widgets.view.diff`), and
the legal actions. The front end (``static/board.js``, built from ``js/src``) paints them
and sends back *intents* (:mod:`.intents`), which Python checks before anything changes.

The board is made of three parts: its synced fields and redraws (this module), its
intent protocol (:class:`~.intents.Intents`) and its seats with the coach
(:class:`~.seats.Seats`); :mod:`.host` is the contract between them.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Mapping
from typing import Any

import anywidget
import traitlets

from ..game import Bot, Game
from ..i18n import text
from ..records.highlight import Highlight
from ..rules.actions import Action
from ..view import STATIC
from ..view import model as view_model
from ..view.diff import diff
from ..view.log import StepLines
from .coach import HINT_PLAYOUTS, CoachNote
from .follow import REDRAWS
from .intents import IntentError, Intents, quote
from .seats import Seats
from .timeline import Timeline

__all__ = ["MODES", "REBASE", "Board", "IntentError", "quote"]

MODES = tuple(view_model.MODES)
"""Board sizes: ``"normal"``, or ``"projector"`` (larger text for a classroom)."""

REBASE = 0.35
"""A new base view is sent when the patch would be larger than this part of the view."""


class Board(Intents, Seats, anywidget.AnyWidget):
    """The Cyclades board as a Jupyter widget: ``cw.Board(game, viewer=None, lang=None,
    mode="normal")`` (``lang=None``: the session's language, ``cw.set_language``).

    Click a highlighted isle, sea or god (or Tab to it and press Enter) to see the actions
    that touch it, and choose one to play it; ←/→ step through the history (Shift: by
    phase, Ctrl: by cycle; Home/End); → at the end of the history takes the next automatic
    or chance step.
    """

    _esm = STATIC / "board.js"
    _css = STATIC / "board.css"

    static = traitlets.Dict().tag(sync=True)
    """The map geometry, text sizes, icons and fixed words (``static_payload``); sent once."""
    view = traitlets.Dict().tag(sync=True)
    """A recent view model of the position (``board_view``): the base of :attr:`view_patch`."""
    view_patch = traitlets.Dict().tag(sync=True)
    """The patch from :attr:`view` to the position shown now (``view.diff``): a step sends
    only what changed."""
    legal: traitlets.List[dict[str, Any]] = traitlets.List().tag(sync=True)
    """The legal decisions the viewer may take now: ``[{id, notation, kind, label,
    targets, track}]``."""
    highlights = traitlets.Union(
        [traitlets.Instance(Highlight), traitlets.Dict()], default_value={}
    )
    """Places and arrows drawn over the board: a :class:`~cyclades_widgets.Highlight`, or
    ``{"places": [ids], "arrows": [[a, b]]}``; checked against the map when set (a bad one
    raises and the board stays as it was), placed in Python and sent within the view."""
    annotation = traitlets.Dict().tag(sync=True)
    """The note of the current step, shown as text: a record's comments (Replay),
    ``{"before", "after", "tag"}``, or a coach's note, ``{"title", "text"}``."""
    timeline = traitlets.Dict().tag(sync=True)
    """Where we are in the history: ``{"index": k, "length": n, "text": "Step k of n"}``."""
    viewer = traitlets.Unicode(None, allow_none=True).tag(sync=True)
    """Whose screen we look from: other players' gold is hidden. None: the teacher's view."""
    lang = traitlets.Unicode("en").tag(sync=True)
    """Language of every word on the board ("en", "zh", ...)."""
    mode = traitlets.Unicode("normal").tag(sync=True)
    """``"normal"``, or ``"projector"``: larger text on the map, for the back of a room."""
    notice = traitlets.Unicode("").tag(sync=True)
    """Why nothing can be done where the person just clicked (a place, god or creature not
    lit), in one sentence; empty after the next move (see the ``why`` intent)."""
    error = traitlets.Unicode("").tag(sync=True)
    """The last rejected intent's message (empty when the last intent was carried out)."""
    animate = traitlets.Bool(True).tag(sync=True)
    """Short animations of pieces; also off when the browser asks for reduced motion."""
    interactive = traitlets.Bool(True).tag(sync=True)
    """Whether the game may change here (False for a read-only replay: only navigation)."""
    graph = traitlets.Dict().tag(sync=True)
    """A win-chance graph shown under the board (a Replay given a review: the payload of
    :func:`cyclades_widgets.view.graph.graph_model`), or ``{}``; a click on a point is a
    ``goto`` intent."""

    def __init__(
        self,
        game: Game,
        *,
        viewer: str | None = None,
        lang: str | None = None,
        mode: str = "normal",
        bots: Mapping[str, Bot] | None = None,
        animate: bool = True,
        interactive: bool = True,
        **kwargs: Any,
    ) -> None:
        if not isinstance(game, Game):
            raise TypeError(f"Board needs a cw.Game, not {type(game).__name__}")
        lang = view_model.check_lang(lang)
        _check_mode(mode)
        if viewer is not None:
            view_model.viewer_seat(game.state, viewer)  # raises on an unknown player
        self._game = game
        self.bots: dict[str, Bot] = dict(bots or {})
        """Players the Continue button lets a bot play for (the seat picker sets them)."""
        self.own_bots: dict[str, Bot] = dict(self.bots)
        """The bots given in ``bots=`` (the seat picker can choose them back)."""
        self.hint_playouts = HINT_PLAYOUTS
        """Playouts of the search behind a hint (:meth:`hint`)."""
        self.explain_bots = True
        """Whether each move of a strong bot leaves its reason in :attr:`coach_notes` and
        on the board's note panel."""
        self.coach_notes: list[CoachNote] = []
        """The hints asked for and the strong bots' reasons, oldest first."""
        self.render_stats: list[dict[str, Any]] = []
        """The front end's redraw reports: ``{step, ms (JS redraw), roundtrip_ms}``."""
        self._init_private()
        super().__init__(
            viewer=viewer, lang=lang, mode=mode, animate=animate, interactive=interactive, **kwargs
        )
        self.static = view_model.static_payload(game.state.map_id, lang, mode=mode)
        self._ready = True
        game.observe(self._game_changed)
        self.refresh()
        self.on_msg(self._on_msg)

    def _init_private(self) -> None:
        self._coached = False
        self._shown_note: CoachNote | None = None
        self._sent_at: dict[int, float] = {}
        self._listeners: list[Callable[[Board], None]] = []
        self._actions: list[Action] = []
        self._lines = StepLines()
        self._current: dict[str, Any] = {}
        self._ready = False
        self._clear_error = False

    # ------------------------------------------------------------------ the game
    @property
    def game(self) -> Game:
        """The game shown and played; the board follows it (see the module)."""
        return self._game

    @game.setter
    def game(self, game: Game) -> None:
        if not isinstance(game, Game):
            raise TypeError(f"Board.game must be a cw.Game, not {type(game).__name__}")
        self._game.unobserve(self._game_changed)
        self._game = game
        game.observe(self._game_changed)
        if self.static.get("map", {}).get("id") != game.state.map_id:
            self.static = view_model.static_payload(game.state.map_id, self.lang, mode=self.mode)
            self._current = {}
        self.refresh()

    def close(self) -> None:
        """Close the board: its game forgets it, and nothing else keeps it alive."""
        game = self.__dict__.get("_game")  # absent when the constructor refused its arguments
        if game is not None:
            game.unobserve(self._game_changed)
        _forget_file_watchers(self)
        super().close()

    def _game_changed(self, game: Any) -> None:
        """The game moved (a cell, another view, a bot): redraw when the cell or click ends."""
        REDRAWS.request(self)

    def redraw(self) -> None:
        """Bring the board up to date with its game (what :mod:`.follow` calls)."""
        self.refresh()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """Shown in a notebook: up to date first, even in the middle of a cell."""
        if REDRAWS.waits(self):
            self.refresh()
        return super()._repr_mimebundle_(**kwargs)

    @property
    def current_view(self) -> dict[str, Any]:
        """The view model shown now (:attr:`view` with :attr:`view_patch` applied)."""
        return self._current

    @property
    def snapshot(self) -> dict[str, Any]:
        """The view model shown now (the same as :attr:`current_view`; an older name)."""
        return self._current

    def on_change(self, callback: Callable[[Board], None]) -> None:
        """Call ``callback(board)`` after every redraw of the board (the controls around it
        follow it this way)."""
        self._listeners.append(callback)

    def text(self, key: str, /, **params: Any) -> str:
        """A catalog entry in the board's language (the controls around it use this)."""
        return text(key, self.lang, **params)

    # ------------------------------------------------------------------ redrawing
    def refresh(self) -> None:
        """Recompute the view, the legal actions and the timeline from the game, and send
        them now. A board redraws by itself whenever its game changes; call this after
        changing the game's state by hand (a position set up without ``Scenario``)."""
        if not self._ready:
            return
        REDRAWS.done(self)
        game = self._game
        self._actions = list(game.legal_actions()) if self.may_act() else []
        legal = view_model.legal_for(game.state, self._actions, self.lang)
        current = view_model.board_view(
            game.state,
            viewer=self.viewer,
            lang=self.lang,
            events=game.history[-1].events if game.history else [],
            history=game.history,
            legal=legal,
            live=self.interactive,
            highlights=self.highlights,
            lines_of=self._lines,
            bots=self.bot_levels(),
        )
        timeline = Timeline(game).info()
        timeline["text"] = self.text("board.timeline", **timeline)
        with self.hold_sync():
            if self._clear_error:
                self.error, self._clear_error = "", False
            self.timeline = timeline
            self.legal = legal
            self._show(current)
        self._sent_at[current["step"]] = time.perf_counter()
        for callback in list(self._listeners):
            callback(self)

    def _show(self, current: dict[str, Any]) -> None:
        """Send ``current`` as a patch of the base view, or as the new base."""
        self._current = current
        base = self.view
        if not base or base.get("map") != current["map"]:
            self.view, self.view_patch = current, {}
            return
        patch = diff(base, current)
        if _size(patch) > REBASE * _size(current):
            self.view, self.view_patch = current, {}
        else:
            self.view_patch = patch

    def may_act(self) -> bool:
        """Whether the person at this screen may decide now (not a bot's decision, not
        another player's on a player's screen, not a read-only replay)."""
        to_act = self._game.to_act
        if not self.interactive or to_act is None or to_act in self.bots:
            return False  # a bot's decision is played by Continue, not by clicks
        return self.viewer is None or self.viewer == to_act

    @traitlets.observe("viewer", "interactive", "highlights")
    def _inputs_changed(self, change: dict[str, Any]) -> None:
        self.refresh()

    @traitlets.validate("viewer")
    def _check_viewer(self, proposal: dict[str, Any]) -> str | None:
        value = proposal["value"]
        if hasattr(self, "_game") and value is not None:
            view_model.viewer_seat(self._game.state, value)  # raises ValueError if unknown
        return value or None

    @traitlets.validate("highlights")
    def _check_highlights(self, proposal: dict[str, Any]) -> dict[str, Any]:
        checked = Highlight.of(proposal["value"])
        if hasattr(self, "_game"):
            checked = checked.check(self._game.state.map_id)
        return checked.to_board() if checked else {}

    @traitlets.validate("lang")
    def _check_lang(self, proposal: dict[str, Any]) -> str:
        return view_model.check_lang(proposal["value"])

    @traitlets.validate("mode")
    def _validate_mode(self, proposal: dict[str, Any]) -> str:
        return _check_mode(proposal["value"])

    @traitlets.observe("lang", "mode")
    def _static_changed(self, change: dict[str, Any]) -> None:
        if self._ready:
            self.static = view_model.static_payload(
                self._game.state.map_id, self.lang, mode=self.mode
            )
            self.view = {}
            if self._coached and self._shown_note is not None:  # the note in the new language
                self.annotation = self._shown_note.annotation(self.lang)
            self.refresh()


def _check_mode(mode: Any) -> str:
    if mode not in MODES:
        raise ValueError(f"mode must be one of {', '.join(MODES)}, not {quote(mode)}")
    return str(mode)


def _forget_file_watchers(widget: Any) -> None:
    """anywidget ties every widget whose ``_esm``/``_css`` is a file to that file's
    ``changed`` signal (hot reload) with a lambda held strongly by the class: a closed board
    would live for ever. Its own lambdas are disconnected here (a private corner of psygnal:
    if that changes, nothing worse than before happens)."""
    files = [k.__dict__.get(key) for k in type(widget).__mro__ for key in ("_esm", "_css")]
    for signal in {id(s): s for s in (getattr(f, "changed", None) for f in files) if s}.values():
        for slot in list(getattr(signal, "_slots", ())):
            try:
                callback = slot.dereference()
            except Exception:  # noqa: BLE001 - not ours to understand
                continue
            cells = getattr(callback, "__closure__", None) or ()
            if any(cell.cell_contents is widget for cell in cells):
                signal.disconnect(callback)


def _size(value: Any) -> int:
    return len(json.dumps(value, ensure_ascii=False, separators=(",", ":")))
