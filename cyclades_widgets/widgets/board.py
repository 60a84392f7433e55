"""``Board``: the interactive anywidget board over a :class:`~cyclades_widgets.game.Game`.

Python sends the static payload once (:func:`~cyclades_widgets.view.model.static_payload`),
then, after every change, the view model of the position (:func:`board_view`) as a base
and a small patch (:mod:`cyclades_widgets.view.diff`), and the legal actions. The front end
(``static/board.js``, built from ``js/src``) paints them and sends back *intents*, each
naming the step it was made at; :meth:`Board.handle_intent` checks every one before
anything changes:

- ``{"type": "play", "id": n, "notation": "...", "step": k}``: legal action ``n`` of step
  ``k`` (the :class:`~cyclades_widgets.rules.actions.Action` the board listed is played);
- ``{"type": "continue", "step": k}``: the automatic and chance steps up to the next decision;
- ``{"type": "step", "step": k}``: the next automatic or chance step;
- ``{"type": "nav", "to": "back"|"forward"|"start"|"end", "by": "step"|"phase"|"cycle", "step": k}``;
- ``{"type": "goto", "index": i, "step": k}``, ``{"type": "undo", "step": k}``, ``{"type": "redo", "step": k}``;
- ``{"type": "rendered", "step": k, "ms": t}``: the front end's report of a redraw;
- ``{"type": "hint", "step": k}``: the coach's suggestion for the person to act
  (:meth:`Board.hint`); the game does not change.

A rejected intent sets :attr:`Board.error` (shown next to the board, in the board's
language) and leaves the game exactly as it was. An intent made at another step than the
one shown now (a double click, a stale board) is refused the same way.
"""

from __future__ import annotations

import json
import math
import reprlib
import time
from collections.abc import Callable, Mapping
from typing import Any, TypeGuard

import anywidget
import traitlets

from ..bots import LEVELS, level_name
from ..game import Bot, Game
from ..i18n import render
from ..rules.actions import Action
from ..rules.errors import CycladesError
from ..view import STATIC
from ..view import model as view_model
from ..view.diff import diff
from ..view.log import StepLines
from .coach import (
    HINT_LEVEL,
    HINT_PLAYOUTS,
    OWN,
    CoachNote,
    Explaining,
    hint_marks,
    seat_bots,
    seat_choice,
    seat_label,
)
from .timeline import Timeline

INTENT_TYPES = ("play", "continue", "step", "nav", "goto", "undo", "redo", "rendered", "hint")
"""The kinds of message the front end may send."""

MODES = tuple(view_model.MODES)
"""Board sizes: ``"normal"``, or ``"projector"`` (larger text for a classroom)."""

REBASE = 0.35
"""A new base view is sent when the patch would be larger than this part of the view."""

MAX_TEXT = 200
"""The longest notation an intent may carry; errors quote at most this much of any input."""

MAX_ERROR = 600
"""The longest error message shown (and synced to the browser)."""

MAX_MS = 3_600_000.0
"""The largest redraw time a ``rendered`` report may give, in milliseconds."""


class IntentError(ValueError):
    """A message from the front end that cannot be carried out (the message says why)."""


def _text(key: str, lang: str, **params: Any) -> str:
    return render(key, params, lang)


_QUOTE = reprlib.Repr()
_QUOTE.maxlevel, _QUOTE.maxlist, _QUOTE.maxdict = 2, 4, 4
_QUOTE.maxstring = _QUOTE.maxlong = _QUOTE.maxother = 40


def quote(value: Any, limit: int = 40) -> str:
    """A short, safe quotation of any input for an error message: work and length bounded
    whatever the value (a huge number or a deep list is cut, never converted whole).

    >>> quote("x" * 1000)[:8], len(quote("x" * 1000)), quote(10**5000)
    ("'xxxxxxx", 43, '~10^5000')
    """
    if isinstance(value, str):
        text = repr(value[: limit + 1])
    elif isinstance(value, int) and value.bit_length() > 4 * limit:  # too long to write out
        digits = round(value.bit_length() * math.log10(2))
        text = f"{'-' if value < 0 else ''}~10^{digits}"
    else:
        try:
            text = _QUOTE.repr(value)
        except ValueError:  # a huge number inside a list
            text = type(value).__name__
    return text if len(text) <= limit + 4 else text[:limit] + "…'"


class Board(anywidget.AnyWidget):
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
    highlights = traitlets.Dict()
    """Places and arrows drawn over the board: ``{"places": [ids], "arrows": [[a, b]]}``
    (placed in Python and sent within the view)."""
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
    error = traitlets.Unicode("").tag(sync=True)
    """The last rejected intent's message (empty when the last intent was carried out)."""
    animate = traitlets.Bool(True).tag(sync=True)
    """Short animations of pieces; also off when the browser asks for reduced motion."""
    interactive = traitlets.Bool(True).tag(sync=True)
    """Whether the game may change here (False for a read-only replay: only navigation)."""

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
        self._coached = False
        self._shown_note: CoachNote | None = None
        self.render_stats: list[dict[str, Any]] = []
        """The front end's redraw reports: ``{step, ms (JS redraw), roundtrip_ms}``."""
        self._sent_at: dict[int, float] = {}
        self._listeners: list[Callable[[Board], None]] = []
        self._actions: list[Action] = []
        self._lines = StepLines()
        self._current: dict[str, Any] = {}
        self._ready = False
        self._clear_error = False
        super().__init__(
            viewer=viewer, lang=lang, mode=mode, animate=animate, interactive=interactive, **kwargs
        )
        self.static = view_model.static_payload(game.state.map_id, lang, mode=mode)
        self._ready = True
        self.refresh()
        self.on_msg(self._on_msg)

    # ------------------------------------------------------------------ model side
    @property
    def game(self) -> Game:
        """The game shown and played."""
        return self._game

    @game.setter
    def game(self, game: Game) -> None:
        if not isinstance(game, Game):
            raise TypeError(f"Board.game must be a cw.Game, not {type(game).__name__}")
        self._game = game
        if self.static.get("map", {}).get("id") != game.state.map_id:
            self.static = view_model.static_payload(game.state.map_id, self.lang, mode=self.mode)
            self._current = {}
        self.refresh()

    @property
    def current_view(self) -> dict[str, Any]:
        """The view model shown now (:attr:`view` with :attr:`view_patch` applied)."""
        return self._current

    @property
    def snapshot(self) -> dict[str, Any]:
        """The view model shown now (the same as :attr:`current_view`; an older name)."""
        return self._current

    def on_change(self, callback: Callable[[Board], None]) -> None:
        """Call ``callback(board)`` after every change of the game through the board."""
        self._listeners.append(callback)

    def text(self, key: str, /, **params: Any) -> str:
        """A catalog entry in the board's language (the controls around it use this)."""
        return _text(key, self.lang, **params)

    def refresh(self) -> None:
        """Recompute the view, the legal actions and the timeline from the game."""
        if not self._ready:
            return
        game = self._game
        self._actions = list(game.legal_actions()) if self._may_act() else []
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
            bots=self._bot_levels(),
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

    def _may_act(self) -> bool:
        to_act = self._game.to_act
        if not self.interactive or to_act is None or to_act in self.bots:
            return False  # a bot's decision is played by Continue, not by clicks
        return self.viewer is None or self.viewer == to_act

    def _bot_levels(self) -> dict[str, str]:
        """The players a bot plays, each with its level's name ("" for another bot)."""
        levels: dict[str, str] = {}
        for name, bot in self.bots.items():
            choice = seat_choice(bot)
            levels[name] = level_name(choice, self.lang) if choice in LEVELS else ""
        return levels

    @traitlets.observe("viewer", "interactive", "highlights")
    def _inputs_changed(self, change: dict[str, Any]) -> None:
        self.refresh()

    @traitlets.validate("viewer")
    def _check_viewer(self, proposal: dict[str, Any]) -> str | None:
        value = proposal["value"]
        if hasattr(self, "_game") and value is not None:
            view_model.viewer_seat(self._game.state, value)  # raises ValueError if unknown
        return value or None

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

    # ------------------------------------------------------------------ intents
    def play(self, action: str | Action) -> bool:
        """Play an action (notation or ``Action``) as a click would; errors go to
        :attr:`error`. True if it was played."""
        notation = str(action) if isinstance(action, Action) else action
        return self.handle_intent(
            {"type": "play", "notation": notation, "step": self._game.state.step}
        )

    def send_intent(self, kind: str, **fields: Any) -> bool:
        """Carry out an intent of the board's own controls, made at the step shown now."""
        return self.handle_intent({"type": kind, **fields, "step": self._game.state.step})

    def handle_intent(self, msg: Any) -> bool:
        """Check and carry out one intent from the front end; True if it was carried out.

        Anything malformed, stale or illegal is refused: :attr:`error` says why and the
        game is exactly as before.
        """
        try:
            kind = _intent_type(msg, self.lang)
            if kind == "rendered":
                self._record_render(msg)
                return True
            made_at = self._check_step(kind, msg)
            if kind == "hint":
                self._hint()
            else:
                self._dispatch_uncoached(kind, msg, made_at)
        except ValueError as exc:  # NotationError, IllegalActionError, IntentError
            said = exc.message(self.lang) if isinstance(exc, CycladesError) else str(exc)
            self.error = _short(said)  # a rules error in the board's language
            return False
        self._clear_error = True  # cleared in the same message as the new view
        self.refresh()
        return True

    def _check_step(self, kind: str, msg: Mapping[str, Any]) -> int:
        """The history position the intent was made at. An intent made at another step is
        refused, except a move through the history (``nav``, ``goto``): it is read from the
        position it was made at, so a key held down or pressed twice before the board
        redrew moves once, and never plays anything."""
        step, now = msg.get("step"), self._game.state.step
        here = len(self._game.history)
        if not _is_int(step):
            raise IntentError(self.text("board.error.unstamped", now=now))
        made_at = here - (now - step)
        if step == now:
            return here
        if kind in ("nav", "goto") and 0 <= made_at <= Timeline(self._game).length:
            return made_at
        raise IntentError(self.text("board.error.stale", sent=quote(step), now=now))

    def _dispatch(self, kind: str, msg: Mapping[str, Any], made_at: int) -> None:
        game = self._game
        if kind == "play":
            game.play(self._chosen_action(msg))
        elif kind == "continue":
            self._continue()
        elif kind == "step":
            self._step()
        elif kind in ("undo", "redo"):
            if (game.undo() if kind == "undo" else game.redo()) is None:
                what = self.text(f"board.error.{kind}")
                raise IntentError(self.text("board.error.nothing_to", what=what))
        else:
            timeline = Timeline(game)
            if kind == "goto":
                index = msg.get("index")
                if not _is_int(index) or not 0 <= index <= timeline.length:
                    raise IntentError(
                        self.text("board.error.goto", length=timeline.length, index=quote(index))
                    )
            else:
                to = self._word(msg, "to", Timeline.TO)
                by = self._word(msg, "by", Timeline.BY)
                if made_at != timeline.index:  # made before the last move: from there
                    timeline.index = made_at
                at_end = timeline.index == timeline.length
                if (to, by) == ("forward", "step") and at_end and self._may_step():
                    self._step()  # → at the end of the history: the next step
                    return
                index = timeline.target(to, by)
            game.goto(index)

    def _may_step(self) -> bool:
        return self.interactive and self._game.node in ("chance", "auto")

    def _word(self, msg: Mapping[str, Any], key: str, allowed: tuple[str, ...]) -> str:
        value = msg.get(key, allowed[0] if key == "by" else None)
        if value not in allowed:
            raise IntentError(
                self.text(
                    "board.error.word", field=key, allowed=", ".join(allowed), value=quote(value)
                )
            )
        return str(value)

    def _read_only(self) -> IntentError:
        return IntentError(self.text("board.error.read_only"))

    def _chosen_action(self, msg: Mapping[str, Any]) -> Action | str:
        """The action an intent names: the listed :class:`Action` for an id (checked
        against the notation the board showed), else the notation to parse and check."""
        if not self.interactive:
            raise self._read_only()
        if not self._may_act():
            who = self._game.to_act
            if who is None:
                raise IntentError(self.text("board.error.no_decision"))
            raise IntentError(self.text("board.error.not_yours", player=who, viewer=self.viewer))
        ident, notation = msg.get("id"), msg.get("notation")
        if ident is None and notation is None:
            raise IntentError(self.text("board.error.no_action"))
        if notation is not None:
            if not isinstance(notation, str):
                raise IntentError(self.text("board.error.text", what=type(notation).__name__))
            if len(notation) > MAX_TEXT:
                raise IntentError(self.text("board.error.bad_intent", what=quote(notation)))
        if ident is None:
            assert notation is not None
            return notation  # game.play parses and checks it
        actions = self._actions
        if not _is_int(ident) or not 0 <= ident < len(actions):
            raise IntentError(self.text("board.error.unknown_id", id=quote(ident), n=len(actions)))
        chosen = actions[ident]
        if notation is not None and " ".join(notation.lower().split()) != str(chosen):
            raise IntentError(
                self.text(
                    "board.error.mismatch", id=ident, legal=str(chosen), notation=quote(notation)
                )
            )
        return chosen

    def _continue(self) -> None:
        game = self._game
        if not self.interactive:
            raise IntentError(self.text("board.error.continue_replay"))
        if game.is_over:
            raise IntentError(self.text("board.error.over", player=game.winner))
        if game.node == "decision" and game.to_act not in self.bots:
            raise IntentError(self.text("board.error.must_decide", player=game.to_act))
        bots: dict[str, Bot] = dict(self.bots)
        if self.explain_bots:
            for name, bot in bots.items():
                if seat_choice(bot) == "strong":
                    bots[name] = Explaining(bot, name)  # type: ignore[arg-type]
        try:
            game.advance(to="decision", bots=bots)
        finally:
            notes = [n for b in bots.values() if isinstance(b, Explaining) for n in b.notes]
            if notes:
                self.coach_notes.extend(notes)
                self._note(notes[-1])

    # ------------------------------------------------------------------ the coach
    def set_seat(self, player: str, choice: str) -> None:
        """Who plays ``player``: ``"you"`` (a person), a bot level (``"easy"``, ``"medium"``,
        ``"strong"``) or ``"own"`` (the bot given in ``bots=``); Continue plays the bots."""
        seat_bots(self.bots, self.own_bots, self._game.state.names, self._game.seed, player, choice)
        self.refresh()

    def hint(self) -> bool:
        """Ask the coach (:meth:`Game.hint <cyclades_widgets.game.Game.hint>`, strong, with
        :attr:`hint_playouts` playouts) for the move of the person to act, as the Hint
        button does: its reason goes to the note panel and :attr:`coach_notes`, its target
        is highlighted. The game does not change. False (and :attr:`error` says why) at a
        bot's turn, where no decision is due, or on another player's screen."""
        return self.send_intent("hint")

    def _hint(self) -> None:
        game = self._game
        if not self.interactive:
            raise self._read_only()
        if game.is_over:
            raise IntentError(self.text("board.error.over", player=game.winner))
        who = game.to_act
        if game.node != "decision" or who is None:
            raise IntentError(self.text("board.hint.no_decision"))
        if who in self.bots:
            choice = seat_choice(self.bots[who])
            shown = (
                seat_label(choice, self.lang) if choice == OWN else level_name(choice, self.lang)
            )
            raise IntentError(self.text("board.hint.bot_turn", player=who, level=shown))
        if self.viewer is not None and self.viewer != who:
            raise IntentError(self.text("board.hint.not_yours", player=who, viewer=self.viewer))
        hint = game.hint(HINT_LEVEL, playouts=self.hint_playouts)
        note = CoachNote(who, hint)
        self.coach_notes.append(note)
        self._note(note, marks=hint_marks(hint))

    def _note(self, note: CoachNote, marks: Mapping[str, Any] | None = None) -> None:
        """Show a coach's note on the board (a hint with its highlights)."""
        self._shown_note = note
        with self.hold_trait_notifications():
            self.annotation = note.annotation(self.lang)
            self.highlights = dict(marks or {})
        self._coached = True

    def _dispatch_uncoached(self, kind: str, msg: Mapping[str, Any], made_at: int) -> None:
        """Carry out an intent; once done, the last hint or bot reason leaves the board
        (unless Continue showed a new one). A refused intent leaves it there."""
        coached, self._coached = self._coached, False
        try:
            self._dispatch(kind, msg, made_at)
        except ValueError:
            self._coached = coached
            raise
        if coached and not self._coached:
            self.annotation, self.highlights = {}, {}

    def _step(self) -> None:
        game = self._game
        if not self.interactive:
            raise IntentError(self.text("board.error.continue_replay"))
        if game.is_over:
            raise IntentError(self.text("board.error.over", player=game.winner))
        if game.node == "decision":
            raise IntentError(self.text("board.error.no_step", player=game.to_act))
        game.step()

    def _record_render(self, msg: Mapping[str, Any]) -> None:
        step, ms = msg.get("step"), _bounded(msg.get("ms"))
        if not _is_int(step) or ms is None:
            raise IntentError(self.text("board.error.bad_intent", what="rendered"))
        sent = self._sent_at.pop(step, None)
        roundtrip = None if sent is None else round((time.perf_counter() - sent) * 1000, 2)
        self.render_stats.append({"step": step, "ms": ms, "roundtrip_ms": roundtrip})
        del self.render_stats[:-200]
        if len(self._sent_at) > 400:
            self._sent_at.clear()

    def _on_msg(self, widget: Any, content: Any, buffers: Any) -> None:
        try:
            self.handle_intent(content)
        except Exception as exc:  # a bug, not a bad intent: show it beside the board too
            self.error = _short(
                self.text("board.error.internal", what=f"{type(exc).__name__}: {exc}")
            )
            raise


def _check_mode(mode: Any) -> str:
    if mode not in MODES:
        raise ValueError(f"mode must be one of {', '.join(MODES)}, not {quote(mode)}")
    return str(mode)


def _intent_type(msg: Any, lang: str) -> str:
    if not isinstance(msg, Mapping):
        raise IntentError(_text("board.error.bad_intent", lang, what=type(msg).__name__))
    kind = msg.get("type")
    if kind not in INTENT_TYPES:
        raise IntentError(_text("board.error.bad_intent", lang, what=quote(kind)))
    return str(kind)


def _bounded(value: Any) -> float | None:
    """A redraw time from the front end as a float in [0, MAX_MS], or None (never raises:
    ``10**400`` is refused, not an OverflowError)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    if isinstance(value, int) and not 0 <= value <= MAX_MS:
        return None
    number = float(value)
    return number if math.isfinite(number) and 0 <= number <= MAX_MS else None


def _short(message: str) -> str:
    return message if len(message) <= MAX_ERROR else message[: MAX_ERROR - 1] + "…"


def _size(value: Any) -> int:
    return len(json.dumps(value, ensure_ascii=False, separators=(",", ":")))


def _is_int(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)
