"""``Board``: the interactive anywidget board over a :class:`~cyclades_widgets.game.Game`.

Python sends the map once (:func:`~cyclades_widgets.serialize.static_payload`), then a
small snapshot and the legal actions after every change. The front end
(``static/board.js``, built from ``js/src``) draws them, lights the targets and sends back
*intents*; :meth:`Board.handle_intent` checks every intent before anything changes:

- ``{"type": "play", "id": n, "notation": "..."}``: one of the legal actions;
- ``{"type": "continue"}``: run the automatic and chance steps up to the next decision;
- ``{"type": "nav", "to": "back"|"forward"|"start"|"end", "by": "step"|"phase"|"cycle"}``;
- ``{"type": "goto", "index": k}``, ``{"type": "undo"}``, ``{"type": "redo"}``;
- ``{"type": "rendered", "step": n, "ms": t}``: the front end's report of a redraw.

A rejected intent sets :attr:`Board.error` (shown next to the board) and leaves the game
exactly as it was.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from typing import Any

import anywidget
import traitlets

from ..game import Bot, Game
from ..view import STATIC
from ..view import model as serialize
from .timeline import Timeline

INTENT_TYPES = ("play", "continue", "nav", "goto", "undo", "redo", "rendered")
"""The kinds of message the front end may send."""


class IntentError(ValueError):
    """A message from the front end that cannot be carried out (the message says why)."""


class Board(anywidget.AnyWidget):
    """The Cyclades board as a Jupyter widget: ``cw.Board(game, viewer=None, lang="en")``.

    Click a lit isle, sea or god to see the actions that touch it, and click one to play it;
    ←/→ step through the history (Shift: by phase, Ctrl: by cycle; Home/End).
    """

    _esm = STATIC / "board.js"
    _css = STATIC / "board.css"

    static = traitlets.Dict().tag(sync=True)
    """The map geometry, names and screen labels (:func:`serialize.static_payload`); sent once."""
    snapshot = traitlets.Dict().tag(sync=True)
    """The dynamic state, small (:func:`serialize.snapshot`)."""
    legal: traitlets.List[dict[str, Any]] = traitlets.List().tag(sync=True)
    """The legal decisions ``[{id, notation, kind, label, targets, track}]``."""
    highlights = traitlets.Dict().tag(sync=True)
    """Places and arrows drawn over the board: ``{"places": [ids], "arrows": [[a, b]]}``."""
    annotation = traitlets.Dict().tag(sync=True)
    """Comments of the current step (Replay): ``{"before", "after", "tag"}``; shown as text."""
    timeline = traitlets.Dict().tag(sync=True)
    """Where we are in the history: ``{"index": k, "length": n}``."""
    viewer = traitlets.Unicode(None, allow_none=True).tag(sync=True)
    """Whose screen we look from: other players' gold is hidden. None: the teacher's view."""
    lang = traitlets.Unicode("en").tag(sync=True)
    """Language of the labels: "en" or "zh"."""
    error = traitlets.Unicode("").tag(sync=True)
    """The last rejected intent's message (empty when the last intent was carried out)."""
    animate = traitlets.Bool(True).tag(sync=True)
    """Short animations of pieces; also off when the browser asks for reduced motion."""
    interactive = traitlets.Bool(True).tag(sync=True)
    """Whether the legal actions are offered (False for a read-only view)."""

    def __init__(
        self,
        game: Game,
        *,
        viewer: str | None = None,
        lang: str = "en",
        bots: Mapping[str, Bot] | None = None,
        animate: bool = True,
        interactive: bool = True,
        **kwargs: Any,
    ) -> None:
        if not isinstance(game, Game):
            raise TypeError(f"Board needs a cw.Game, not {type(game).__name__}")
        serialize.labels(lang)  # raises on an unknown language
        if viewer is not None:
            serialize.snapshot(game.state, viewer=viewer)  # raises on an unknown player
        self._game = game
        self.bots: dict[str, Bot] = dict(bots or {})
        """Players the Continue button lets a bot play for."""
        self.render_stats: list[dict[str, Any]] = []
        """The front end's redraw reports: ``{step, ms (JS redraw), roundtrip_ms}``."""
        self._sent_at: dict[int, float] = {}
        self._listeners: list[Callable[[Board], None]] = []
        super().__init__(
            viewer=viewer, lang=lang, animate=animate, interactive=interactive, **kwargs
        )
        self.static = serialize.static_payload(game.state.map_id, lang)
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
            self.static = serialize.static_payload(game.state.map_id, self.lang)
        self.refresh()

    def on_change(self, callback: Callable[[Board], None]) -> None:
        """Call ``callback(board)`` after every change of the game through the board."""
        self._listeners.append(callback)

    def refresh(self) -> None:
        """Recompute the snapshot, the legal actions and the timeline from the game."""
        game = self._game
        events = game.history[-1].events if game.history else []
        snap = serialize.snapshot(game.state, viewer=self.viewer, lang=self.lang, events=events)
        legal = serialize.legal_payload(game, self.lang) if self._may_act() else []
        self.timeline = Timeline(game).info()
        self.legal = legal
        self._sent_at[snap["step"]] = time.perf_counter()
        self.snapshot = snap
        for callback in list(self._listeners):
            callback(self)

    def _may_act(self) -> bool:
        to_act = self._game.to_act
        if not self.interactive or to_act is None:
            return False
        return self.viewer is None or self.viewer == to_act

    @traitlets.observe("viewer", "interactive")
    def _viewer_changed(self, change: dict[str, Any]) -> None:
        if hasattr(self, "_game"):
            self.refresh()

    @traitlets.validate("viewer")
    def _check_viewer(self, proposal: dict[str, Any]) -> str | None:
        value = proposal["value"]
        if hasattr(self, "_game") and value is not None:
            serialize.snapshot(self._game.state, viewer=value)  # raises ValueError if unknown
        return value or None

    @traitlets.validate("lang")
    def _check_lang(self, proposal: dict[str, Any]) -> str:
        lang: str = proposal["value"]
        serialize.labels(lang)
        return lang

    @traitlets.observe("lang")
    def _lang_changed(self, change: dict[str, Any]) -> None:
        if hasattr(self, "_game"):
            self.static = serialize.static_payload(self._game.state.map_id, change["new"])
            self.refresh()

    # ------------------------------------------------------------------ intents
    def play(self, action: str) -> None:
        """Play an action given as notation, as a click would (errors go to :attr:`error`)."""
        self.handle_intent({"type": "play", "notation": action})

    def handle_intent(self, msg: Any) -> bool:
        """Check and carry out one intent from the front end; True if it was carried out.

        Anything malformed or illegal is rejected: :attr:`error` says why and the game is
        exactly as before.
        """
        try:
            kind = _intent_type(msg)
            if kind == "rendered":
                self._record_render(msg)
                return True
            self._dispatch(kind, msg)
        except ValueError as exc:  # NotationError, IllegalActionError, IntentError
            self.error = str(exc)
            return False
        self.error = ""
        self.refresh()
        return True

    def _dispatch(self, kind: str, msg: Mapping[str, Any]) -> None:
        game = self._game
        if kind == "play":
            game.play(self._chosen_action(msg))
        elif kind == "continue":
            self._continue()
        elif kind in ("undo", "redo"):
            if (game.undo() if kind == "undo" else game.redo()) is None:
                raise IntentError(f"nothing to {kind}")
        else:
            timeline = Timeline(game)
            if kind == "goto":
                index = msg.get("index")
                if not isinstance(index, int) or isinstance(index, bool):
                    index = -1
                if not 0 <= index <= timeline.length:
                    raise IntentError(
                        f"goto needs an index from 0 to {timeline.length}, not {index!r}"
                    )
            else:
                index = timeline.target(
                    _word(msg, "to", Timeline.TO), _word(msg, "by", Timeline.BY)
                )
            game.goto(index)

    def _chosen_action(self, msg: Mapping[str, Any]) -> str:
        """The notation of the action an intent names, checked against the legal list."""
        if not self.interactive:
            raise IntentError("this board is read-only (a replay): step through it instead")
        if not self._may_act():
            who = self._game.to_act
            if who is None:
                raise IntentError("no decision is due now; press Continue to run the next steps")
            raise IntentError(f"it is {who}'s decision; this board shows {self.viewer}'s screen")
        ident, notation = msg.get("id"), msg.get("notation")
        if ident is None and notation is None:
            raise IntentError("a play intent needs the action's id or notation")
        if notation is not None and not isinstance(notation, str):
            raise IntentError(f"notation must be text, not {type(notation).__name__}")
        if ident is None:
            assert notation is not None
            return notation  # game.play parses and checks it
        legal = [str(a) for a in self._game.legal_actions()]
        if not _is_int(ident) or not 0 <= ident < len(legal):
            raise IntentError(
                f"unknown action id {ident!r}; there are {len(legal)} legal actions (ids 0 to "
                f"{len(legal) - 1})"
            )
        if notation is not None and " ".join(notation.lower().split()) != legal[ident]:
            raise IntentError(
                f"action {ident} is {legal[ident]!r}, not {notation!r}: the board is out of date"
            )
        chosen: str = legal[ident]
        return chosen

    def _continue(self) -> None:
        game = self._game
        if game.is_over:
            raise IntentError(f"the game is over: {game.winner} won")
        if game.node == "decision" and game.to_act not in self.bots:
            raise IntentError(f"{game.to_act} must decide now; pick one of the lit actions")
        game.advance(to="decision", bots=self.bots)

    def _record_render(self, msg: Mapping[str, Any]) -> None:
        step, ms = msg.get("step"), msg.get("ms")
        if not isinstance(step, int) or isinstance(step, bool):
            raise IntentError("a rendered report needs a step number and ms")
        if not isinstance(ms, int | float) or isinstance(ms, bool):
            raise IntentError("a rendered report needs a step number and ms")
        sent = self._sent_at.pop(step, None)
        roundtrip = None if sent is None else round((time.perf_counter() - sent) * 1000, 2)
        self.render_stats.append({"step": step, "ms": float(ms), "roundtrip_ms": roundtrip})
        del self.render_stats[:-200]

    def _on_msg(self, widget: Any, content: Any, buffers: Any) -> None:
        try:
            self.handle_intent(content)
        except Exception as exc:  # a bug, not a bad intent: show it beside the board too
            self.error = f"internal error ({type(exc).__name__}): {exc}; please report it"
            raise


def _intent_type(msg: Any) -> str:
    if not isinstance(msg, Mapping):
        raise IntentError(f"an intent is an object with a 'type', not {type(msg).__name__}")
    kind = msg.get("type")
    if kind not in INTENT_TYPES:
        raise IntentError(f"unknown intent type {kind!r}; known: {', '.join(INTENT_TYPES)}")
    return str(kind)


def _word(msg: Mapping[str, Any], key: str, allowed: tuple[str, ...]) -> str:
    value = msg.get(key, allowed[0] if key == "by" else None)
    if value not in allowed:
        raise IntentError(f"{key} must be one of {', '.join(allowed)}, not {value!r}")
    return str(value)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
