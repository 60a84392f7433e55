"""``EditBoard``: the anywidget board in edit mode, over a board editor's model.

The same front end as :class:`~.board.Board` (``static/board.js``) paints the position
the editor holds, with an edit bar above the map: the palette of pieces (their pictures
and names from the view model, :mod:`cyclades_widgets.view.editing`), how many, Undo,
Redo and Empty. The places that accept the chosen piece are lit. The page sends:

- ``{"type": "tool", "piece": ..., "player": ..., "count": n}``: choose the piece (and
  how many) that a click places;
- an edit intent (:mod:`cyclades_widgets.editor.intents`) as it is: ``toggle`` for a
  click on an isle, a sea or a god, ``remove`` for a right click or Delete, ``empty``,
  ``undo``, ``redo``;
- ``{"type": "rendered", ...}``: the front end's report of a redraw (ignored here).

Every edit is checked by the editor's model: a refused one sets :attr:`error` (the rule,
in the board's language) and the position stays exactly as it was.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import anywidget
import traitlets

from ..editor import EditorModel
from ..editor.panels import places_for
from ..i18n import message, text
from ..rules.errors import CycladesError
from ..scenario import ScenarioError
from ..view import STATIC
from ..view import model as view_model
from ..view.editing import edit_view, edit_words, tools
from .board import MODES
from .intents import quote

__all__ = ["EditBoard"]

MAX_ERROR = 600
"""The longest error message shown."""


class EditBoard(anywidget.AnyWidget):
    """The board in edit mode over ``editor`` (an :class:`~cyclades_widgets.editor.EditorModel`):
    ``EditBoard(editor, lang=None, mode="normal")``. It redraws after every change of the
    editor, whatever made it (a click here, a side panel, a notebook cell)."""

    _esm = STATIC / "board.js"
    _css = STATIC / "board.css"

    static = traitlets.Dict().tag(sync=True)
    """The map geometry, text sizes, icons and fixed words; sent once."""
    view = traitlets.Dict().tag(sync=True)
    """The view model of the position being edited (the chosen piece's places lit)."""
    view_patch = traitlets.Dict().tag(sync=True)
    """Always empty here: each edit sends the whole view."""
    legal: traitlets.List[dict[str, Any]] = traitlets.List().tag(sync=True)
    """Always empty: nothing is played on an editor's board."""
    edit = traitlets.Dict().tag(sync=True)
    """The edit bar: ``{"tools", "tool", "count", "can_undo", "can_redo", "words"}``."""
    annotation = traitlets.Dict().tag(sync=True)
    """A note beside the map (the What if? results): ``{"title", "text"}``."""
    timeline = traitlets.Dict().tag(sync=True)
    """Unused in edit mode (the front end reads it)."""
    lang = traitlets.Unicode("en").tag(sync=True)
    """Language of every word on the board."""
    mode = traitlets.Unicode("normal").tag(sync=True)
    """``"normal"``, or ``"projector"``: larger text on the map."""
    error = traitlets.Unicode("").tag(sync=True)
    """Why the last edit was refused (empty when it was made)."""
    animate = traitlets.Bool(True).tag(sync=True)
    """Short animations of pieces."""
    interactive = traitlets.Bool(True).tag(sync=True)
    """Always True: the lit places take clicks."""

    def __init__(
        self, editor: EditorModel, *, lang: str | None = None, mode: str = "normal"
    ) -> None:
        lang = view_model.check_lang(lang if lang is not None else editor.lang)
        if mode not in MODES:
            raise ValueError(f"mode must be one of {', '.join(MODES)}, not {quote(mode)}")
        self.editor = editor
        """The editing model shown and changed."""
        self._tool: dict[str, Any] = {}
        self._ready = False
        super().__init__(lang=lang, mode=mode)
        self._ready = True
        first = editor.palette()[0]
        self.choose(first["piece"], first.get("player"))
        editor.subscribe(lambda _: self.refresh())
        self.on_msg(self._on_msg)

    # ------------------------------------------------------------------ the tool
    @property
    def tool(self) -> dict[str, Any]:
        """The piece a click places now: ``{"piece", "player", "count"}``."""
        return dict(self._tool)

    def choose(self, piece: str, player: str | None = None, count: int | None = None) -> None:
        """Choose the piece (``player``'s, ``count`` of them) a click places; refused with
        :class:`~cyclades_widgets.scenario.ScenarioError` if the palette has no such piece
        or the count is out of its range."""
        entry = self._entry(piece, player)
        if count is None:
            count = self._tool.get("count") if self._tool.get("id") == entry["id"] else None
        if count is not None and entry.get("least") is not None:
            if isinstance(count, bool) or not isinstance(count, int):
                got = quote(count)
                raise ScenarioError(message("editor.ui.bad_count", got, least=entry["least"],
                                            most=entry["most"], got=got))  # fmt: skip
            if not entry["least"] <= count <= entry["most"]:
                raise ScenarioError(message("editor.ui.bad_count", least=entry["least"],
                                            most=entry["most"], got=count))  # fmt: skip
        elif entry.get("least") is None:
            count = None
        self._tool = {"id": entry["id"], "piece": piece, "player": entry["player"],
                      "count": count if count is not None else entry.get("least")}  # fmt: skip
        self.refresh()

    def _entry(self, piece: Any, player: Any) -> dict[str, Any]:
        for entry in tools(self.editor.palette(), self.editor.state, self.lang, self.mode):
            if entry["piece"] == piece and entry["player"] == player:
                return entry
        piece, player = quote(piece), quote(player)
        raise ScenarioError(message("editor.ui.no_tool", piece, player, piece=piece, player=player))

    def _intent(self, kind: str, place: str) -> dict[str, Any]:
        """The edit a click (``toggle``) or a right click (``remove``) on ``place`` makes
        with the chosen piece."""
        tool = self._tool
        intent: dict[str, Any] = {"type": kind, "piece": tool["piece"], "place": place}
        if tool.get("player") is not None:
            intent["player"] = tool["player"]
        if kind != "remove" and tool.get("count") is not None:
            intent["count"] = tool["count"]
        return intent

    def click(self, place: str) -> bool:
        """A click on ``place`` with the chosen piece (as the page sends it); True if the
        edit was made, else :attr:`error` says why."""
        return self.handle_intent(self._intent("toggle", place))

    # ------------------------------------------------------------------ messages
    def handle_intent(self, msg: Any) -> bool:
        """Carry out one message of the page (see the module); True if it was carried
        out. A refused one sets :attr:`error` and changes nothing."""
        try:
            if isinstance(msg, Mapping) and msg.get("type") == "rendered":
                return True
            if isinstance(msg, Mapping) and msg.get("type") == "tool":
                self.choose(str(msg.get("piece")), msg.get("player"), msg.get("count"))
            else:
                if not isinstance(msg, Mapping):
                    msg = {"type": None}
                self.editor.apply(msg)
        except ValueError as exc:
            said = exc.message(self.lang) if isinstance(exc, CycladesError) else str(exc)
            self.error = said if len(said) <= MAX_ERROR else said[: MAX_ERROR - 1] + "…"
            return False
        self.error = ""
        return True

    def _on_msg(self, widget: Any, content: Any, buffers: Any) -> None:
        self.handle_intent(content)

    # ------------------------------------------------------------------ drawing
    def refresh(self) -> None:
        """Recompute what the board shows from the editor and send it."""
        if not self._ready or not self._tool:
            return
        editor, tool = self.editor, self._tool
        state = editor.state
        palette = tools(editor.palette(), state, self.lang, self.mode)
        chosen = next((t for t in palette if t["id"] == tool["id"]), None)
        lit = self._lit(state)
        is_god = chosen is not None and chosen["on"] == "god"
        view = edit_view(state, lang=self.lang, tool=chosen, lit=[] if is_god else lit,
                         lit_track=lit if is_god else [])  # fmt: skip
        static = view_model.static_payload(state.map_id, self.lang, mode=self.mode)
        static["text"]["rejected"] = text("editor.ui.refused", self.lang)
        with self.hold_sync():
            if self.static != static:
                self.static = static
            self.edit = {"tools": palette, "tool": tool, "can_undo": editor.can_undo,
                         "can_redo": editor.can_redo,
                         "words": edit_words(self.lang, state.map_id)}  # fmt: skip
            self.view = view

    def _lit(self, state: Any) -> list[str]:
        """The places where the chosen piece would be accepted, and those where it stands
        (a click there takes it away)."""
        tool = self._tool
        piece, player = tool["piece"], tool.get("player")
        accepted = self.editor.targets(piece, player, tool.get("count"))
        scenario = self.editor.scenario
        here = [p for p in places_for(scenario, piece) if _stands(scenario, piece, p, player)]
        return [*accepted, *(p for p in here if p not in accepted)]

    @traitlets.validate("lang")
    def _check_lang(self, proposal: dict[str, Any]) -> str:
        return view_model.check_lang(proposal["value"])

    @traitlets.observe("lang", "mode")
    def _words_changed(self, change: dict[str, Any]) -> None:
        self.refresh()


def _stands(scenario: Any, piece: str, place: str, player: str | None) -> bool:
    try:
        return bool(scenario.here(piece, place, player))
    except ScenarioError:
        return False
