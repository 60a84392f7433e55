"""The board's intent protocol: what the front end may ask, checked before anything changes.

The front end (``static/board.js``, built from ``js/src``) sends *intents*, each naming the
step it was made at; :meth:`Intents.handle_intent` checks every one:

- ``{"type": "play", "id": n, "notation": "...", "step": k}``: legal action ``n`` of step
  ``k`` (the :class:`~cyclades_widgets.rules.actions.Action` the board listed is played);
- ``{"type": "continue", "step": k}``: the automatic and chance steps up to the next decision;
- ``{"type": "step", "step": k}``: the next automatic or chance step;
- ``{"type": "nav", "to": "back"|"forward"|"start"|"end", "by": "step"|"phase"|"cycle", "step": k}``;
- ``{"type": "goto", "index": i, "step": k}``, ``{"type": "undo", "step": k}``, ``{"type": "redo", "step": k}``;
- ``{"type": "rendered", "step": k, "ms": t}``: the front end's report of a redraw;
- ``{"type": "hint", "step": k}``: the coach's suggestion for the person to act;
- ``{"type": "why", "target": id, "step": k}``: a click on a place, god or creature that is
  not lit: the board's ``notice`` says in one sentence why nothing can be done there now
  (the game does not change).

A rejected intent sets the board's ``error`` (shown next to the board, in the board's
language) and leaves the game exactly as it was. An intent made at another position than
the one the game is at (a second browser tab, a click made just before a cell moved the
game) plays nothing: the board redraws at the game's position and says so.
"""

from __future__ import annotations

import math
import reprlib
import time
from collections.abc import Mapping
from typing import Any, TypeGuard

from ..i18n import text
from ..rules.actions import Action
from ..rules.errors import CycladesError
from ..view.whynot import why_not
from .follow import REDRAWS
from .host import BoardHost
from .timeline import Timeline

__all__ = ["INTENT_TYPES", "IntentError", "Intents", "StaleIntent", "quote"]

INTENT_TYPES = (
    "play", "continue", "step", "nav", "goto", "undo", "redo", "rendered", "hint", "why",
)  # fmt: skip
"""The kinds of message the front end may send."""

MAX_TEXT = 200
"""The longest notation an intent may carry; errors quote at most this much of any input."""

MAX_ERROR = 600
"""The longest error message shown (and synced to the browser)."""

MAX_MS = 3_600_000.0
"""The largest redraw time a ``rendered`` report may give, in milliseconds."""


class IntentError(ValueError):
    """A message from the front end that cannot be carried out (the message says why)."""


class StaleIntent(IntentError):
    """An intent made at a position the game has left: nothing is played, the board redraws
    at the game's position (the message says which)."""


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


class Intents:
    """The intent protocol of :class:`~.board.Board` (a mixin: see :mod:`.host`)."""

    def play(self: BoardHost, action: str | Action) -> bool:
        """Play an action (notation or ``Action``) as a click would; errors go to
        ``error``. True if it was played."""
        notation = str(action) if isinstance(action, Action) else action
        return self.handle_intent(
            {"type": "play", "notation": notation, "step": self.game.state.step}
        )

    def send_intent(self: BoardHost, kind: str, **fields: Any) -> bool:
        """Carry out an intent of the board's own controls, made at the step shown now."""
        return self.handle_intent({"type": kind, **fields, "step": self.game.state.step})

    def handle_intent(self: BoardHost, msg: Any) -> bool:
        """Check and carry out one intent from the front end; True if it was carried out.

        Anything malformed, stale or illegal is refused: ``error`` says why and the game is
        exactly as before (a stale intent also redraws the board at the game's position).
        """
        with REDRAWS.batch():  # the other views of the game redraw once, after this
            try:
                kind = _intent_type(msg, self.lang)
                if kind == "rendered":
                    _record_render(self, msg)
                    return True
                if kind == "why":
                    self.notice = _why(self, msg)
                    return True
                made_at = _check_step(self, kind, msg)
                if kind == "hint":
                    self._hint()
                else:
                    _dispatch_uncoached(self, kind, msg, made_at)
            except ValueError as exc:  # NotationError, IllegalActionError, IntentError
                said = exc.message(self.lang) if isinstance(exc, CycladesError) else str(exc)
                self.error = _short(said)  # a rules error in the board's language
                if isinstance(exc, StaleIntent):
                    self.refresh()
                return False
            self.notice = ""
            self._clear_error = True  # cleared in the same message as the new view
            self.refresh()
            return True

    def _dispatch(self: BoardHost, kind: str, msg: Mapping[str, Any], made_at: int) -> None:
        game = self.game
        if kind == "play":
            game.play(_chosen_action(self, msg))
        elif kind == "continue":
            _continue(self)
        elif kind == "step":
            _step(self)
        elif kind in ("undo", "redo"):
            if not self._undo_own(kind):
                what = self.text(f"board.error.{kind}")
                raise IntentError(self.text("board.error.nothing_to", what=what))
        elif kind == "goto":
            game.goto(_goto_index(self, msg))
        else:
            _navigate(self, msg, made_at)

    def _on_msg(self: BoardHost, widget: Any, content: Any, buffers: Any) -> None:
        """A message from the front end: every view of the game redraws once, after it."""
        try:
            self.handle_intent(content)
        except Exception as exc:  # a bug, not a bad intent: show it beside the board too
            self.error = _short(
                self.text("board.error.internal", what=f"{type(exc).__name__}: {exc}")
            )
            raise


def _check_step(board: BoardHost, kind: str, msg: Mapping[str, Any]) -> int:
    """The history position the intent was made at. An intent made at another step is
    refused (:class:`StaleIntent`), except a move through the history (``nav``, ``goto``):
    it is read from the position it was made at, so a key held down or pressed twice
    before the board redrew moves once, and never plays anything."""
    game = board.game
    step, now = msg.get("step"), game.state.step
    here = len(game.history)
    if not _is_int(step):
        raise IntentError(board.text("board.error.unstamped", now=now))
    made_at = here - (now - step)
    if step == now:
        return here
    if kind in ("nav", "goto") and 0 <= made_at <= Timeline(game).length:
        return made_at
    timeline = Timeline(game)
    raise StaleIntent(board.text("board.error.stale", index=timeline.index, length=timeline.length))


def _why(board: BoardHost, msg: Mapping[str, Any]) -> str:
    """The sentence for a click where nothing is lit (empty when the target is lit after
    all: the click then opens its menu)."""
    target = msg.get("target")
    if not isinstance(target, str) or len(target) > MAX_TEXT:
        raise IntentError(board.text("board.error.bad_intent", what=quote(target)))
    state = board.game.state
    viewer = None if board.viewer is None else state.names.index(board.viewer)
    return why_not(state, target, board.lang, viewer=viewer) or ""


def _goto_index(board: BoardHost, msg: Mapping[str, Any]) -> int:
    length = Timeline(board.game).length
    index = msg.get("index")
    if not _is_int(index) or not 0 <= index <= length:
        raise IntentError(board.text("board.error.goto", length=length, index=quote(index)))
    return index


def _navigate(board: BoardHost, msg: Mapping[str, Any], made_at: int) -> None:
    """A ``nav`` intent: back or forward by step, phase or cycle, or to the start or end;
    → at the very end of the history takes the next automatic or chance step."""
    timeline = Timeline(board.game)
    to = _word(board, msg, "to", Timeline.TO)
    by = _word(board, msg, "by", Timeline.BY)
    if made_at != timeline.index:  # made before the last move: from there
        timeline.index = made_at
    at_end = timeline.index == timeline.length
    if (to, by) == ("forward", "step") and at_end and _may_step(board):
        _step(board)
        return
    board.game.goto(timeline.target(to, by))


def _may_step(board: BoardHost) -> bool:
    return board.interactive and board.game.node in ("chance", "auto")


def _word(board: BoardHost, msg: Mapping[str, Any], key: str, allowed: tuple[str, ...]) -> str:
    value = msg.get(key, allowed[0] if key == "by" else None)
    if value not in allowed:
        raise IntentError(
            board.text(
                "board.error.word", field=key, allowed=", ".join(allowed), value=quote(value)
            )
        )
    return str(value)


def read_only(board: BoardHost) -> IntentError:
    """The refusal of a change on a read-only board (a replay)."""
    return IntentError(board.text("board.error.read_only"))


def _chosen_action(board: BoardHost, msg: Mapping[str, Any]) -> Action | str:
    """The action an intent names: the listed :class:`Action` for an id (checked against
    the notation the board showed), else the notation to parse and check."""
    if not board.interactive:
        raise read_only(board)
    if not board.may_act():
        who = board.game.to_act
        if who is None:
            raise IntentError(board.text("board.error.no_decision"))
        raise IntentError(board.text("board.error.not_yours", player=who, viewer=board.viewer))
    ident, notation = msg.get("id"), msg.get("notation")
    if ident is None and notation is None:
        raise IntentError(board.text("board.error.no_action"))
    if notation is not None:
        if not isinstance(notation, str):
            raise IntentError(board.text("board.error.text", what=type(notation).__name__))
        if len(notation) > MAX_TEXT:
            raise IntentError(board.text("board.error.bad_intent", what=quote(notation)))
    if ident is None:
        assert notation is not None
        return notation  # game.play parses and checks it
    actions = board._actions
    if not _is_int(ident) or not 0 <= ident < len(actions):
        raise IntentError(board.text("board.error.unknown_id", id=quote(ident), n=len(actions)))
    chosen = actions[ident]
    if notation is not None and " ".join(notation.lower().split()) != str(chosen):
        raise IntentError(
            board.text(
                "board.error.mismatch", id=ident, legal=str(chosen), notation=quote(notation)
            )
        )
    return chosen


def _continue(board: BoardHost) -> None:
    game = board.game
    if not board.interactive:
        raise IntentError(board.text("board.error.continue_replay"))
    if game.is_over:
        raise IntentError(board.text("board.error.over", player=game.winner))
    if game.node == "decision" and game.to_act not in board.bots:
        raise IntentError(board.text("board.error.must_decide", player=game.to_act))
    board._let_bots_play()


def _step(board: BoardHost) -> None:
    game = board.game
    if not board.interactive:
        raise IntentError(board.text("board.error.continue_replay"))
    if game.is_over:
        raise IntentError(board.text("board.error.over", player=game.winner))
    if game.node == "decision":
        raise IntentError(board.text("board.error.no_step", player=game.to_act))
    game.step()


def _dispatch_uncoached(board: BoardHost, kind: str, msg: Mapping[str, Any], made_at: int) -> None:
    """Carry out an intent; once done, the last hint or bot reason leaves the board (unless
    Continue showed a new one). A refused intent leaves it there."""
    coached, board._coached = board._coached, False
    try:
        board._dispatch(kind, msg, made_at)
    except ValueError:
        board._coached = coached
        raise
    if coached and not board._coached:
        board.annotation, board.highlights = {}, {}


def _record_render(board: BoardHost, msg: Mapping[str, Any]) -> None:
    step, ms = msg.get("step"), _bounded(msg.get("ms"))
    if not _is_int(step) or ms is None:
        raise IntentError(board.text("board.error.bad_intent", what="rendered"))
    sent = board._sent_at.pop(step, None)
    roundtrip = None if sent is None else round((time.perf_counter() - sent) * 1000, 2)
    board.render_stats.append({"step": step, "ms": ms, "roundtrip_ms": roundtrip})
    del board.render_stats[:-200]
    if len(board._sent_at) > 400:
        board._sent_at.clear()


def _intent_type(msg: Any, lang: str) -> str:
    if not isinstance(msg, Mapping):
        raise IntentError(text("board.error.bad_intent", lang, what=type(msg).__name__))
    kind = msg.get("type")
    if kind not in INTENT_TYPES:
        raise IntentError(text("board.error.bad_intent", lang, what=quote(kind)))
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


def _is_int(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)
