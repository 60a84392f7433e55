"""``cw.Editor``: the board editor. The editing model (:class:`~..model.EditorModel`) as a
widget: the board in edit mode (:class:`~cyclades_widgets.widgets.editboard.EditBoard`:
the palette, clicks on the map, Undo/Redo), the side panels edited in place
(:mod:`.panels`), "Play from here" (a :class:`~cyclades_widgets.widgets.GameView` below,
with bots in the seats chosen) and "What if?" (win rates beside the map).

>>> import cyclades_widgets as cw
>>> editor = cw.Editor(players=3)
>>> _ = editor.set("gold", 9, player="Athens")
>>> editor.panel.rows["Athens"]["gold"].value
9
>>> view = editor.play(bots={"Sparta": "easy", "Corinth": "easy"})
>>> view.board.game.state.players[0].gold
9
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import ipywidgets as w

from ...bots import LEVELS
from ...history import Bot
from ...i18n import text
from ...widgets import GameView
from ...widgets.coach import YOU, seat_label
from ...widgets.editboard import EditBoard
from ..model import EditorModel, Source
from .panels import SidePanels

__all__ = ["WHATIF_GAMES", "Editor"]

WHATIF_GAMES = 100
"""How many games the What if? button plays on from the position (a few seconds)."""


class Editor(EditorModel, w.VBox):
    """The board editor: ``cw.Editor(players=4)``, ``cw.Editor(scenario)``,
    ``cw.Editor(game)`` or ``cw.Editor(record)``; ``lang`` (None: the session's language)
    and ``mode`` (``"projector"``: larger text) as for a board.

    Shown in a notebook, it is the board in edit mode with its side panels, "Play from
    here" and "What if?". ``editor.scenario`` is the position as a
    :class:`~cyclades_widgets.scenario.Scenario`, ``editor.code()`` the chain that
    rebuilds it, ``editor.game(seed=...)`` a game from it, :meth:`play` a game view with
    bots, :meth:`whatif` win rates from it. Edits are methods (``place``, ``remove``,
    ``toggle``, ``clear``, ``empty``, ``set``, ``undo``, ``redo``) and intents
    (``editor.apply({...})``), checked as they come; the board follows each.
    """

    def __init__(
        self,
        source: Source = None,
        *,
        players: Any = None,
        lang: str | None = None,
        mode: str = "normal",
        **options: Any,
    ) -> None:
        EditorModel.__init__(self, source, players=players, lang=lang, **options)
        self.board = EditBoard(self, lang=lang, mode=mode)
        """The board in edit mode (its :attr:`~EditBoard.error` says why an edit was refused)."""
        blang = self.board.lang
        self.panel = SidePanels(self.players, self.state.map_id, blang, self._edit)
        """The side panels (:mod:`.panels`)."""
        self.seats = {name: self._seat_menu(name, blang) for name in self.players}
        """For "Play from here": what plays each seat ("you" or a bot level)."""
        self.play_button = _button(text("editor.ui.play", blang),
                                   text("editor.ui.play_hint", blang), "play")  # fmt: skip
        self.whatif_button = _button(text("editor.ui.whatif", blang),
                                     text("editor.ui.whatif_hint", blang, n=WHATIF_GAMES),
                                     "question")  # fmt: skip
        self.view: GameView | None = None
        """The game opened by "Play from here" (None before)."""
        self.below = w.VBox([])
        w.VBox.__init__(self, [self.board, self.panel, self._play_row(blang), self.below],
                        layout=w.Layout(width="100%"))  # fmt: skip
        self.add_class("cw-editor")
        self.play_button.on_click(lambda _: self._play_clicked())
        self.whatif_button.on_click(lambda _: self._whatif_clicked())
        self.subscribe(lambda _: self._show_panels())
        self._show_panels()

    # ------------------------------------------------------------------ the parts
    def _edit(self, intent: dict[str, Any]) -> bool:
        return self.board.handle_intent(intent)

    def _show_panels(self) -> None:
        self.panel.show(self.panels(), self.code())

    def _seat_menu(self, name: str, lang: str) -> w.Dropdown:
        options = [(seat_label(c, lang), c) for c in (YOU, *LEVELS)]
        menu = w.Dropdown(options=options, value=YOU if name == self.players[0] else LEVELS[0],
                          description=name, tooltip=name,
                          layout=w.Layout(width="220px"))  # fmt: skip
        return menu

    def _play_row(self, lang: str) -> w.Widget:
        return w.VBox([w.HBox(list(self.seats.values()), layout=w.Layout(flex_flow="row wrap")),
                       w.HBox([self.play_button, self.whatif_button])])  # fmt: skip

    # ------------------------------------------------------------------ the buttons
    def _play_clicked(self) -> None:
        chosen = {name: (None if menu.value == YOU else menu.value)
                  for name, menu in self.seats.items()}  # fmt: skip
        self.play(chosen)

    def _whatif_clicked(self) -> None:
        lang = self.board.lang
        self.whatif_button.disabled = True
        self.board.annotation = {
            "title": text("editor.ui.whatif_running", lang, n=WHATIF_GAMES),
            "text": "",
        }
        try:
            result = self.whatif(WHATIF_GAMES)
        finally:
            self.whatif_button.disabled = False
        lines = [
            text("editor.ui.whatif_line", lang, p, player=p, rate=round(100 * result.rate(p)))
            for p in self.players
        ]
        if result.unfinished:
            lines.append(text("editor.ui.whatif_unfinished", lang, n=result.unfinished))
        self.board.annotation = {
            "title": text("editor.ui.whatif_title", lang, n=result.n),
            "text": " · ".join(lines),
        }

    def play(
        self,
        bots: Mapping[str, str | Bot | None] | None = None,
        *,
        seed: int = 0,
        viewer: str | None = None,
        lang: str | None = None,
    ) -> GameView:
        """ "Play from here": a :class:`~cyclades_widgets.widgets.GameView` of a new game
        from the position, with bots in the seats named (``{"Sparta": "medium"}``: a
        level, or a bot) and the other seats played by hand. It opens below the editor
        (the one opened before closes) and is returned."""
        game = self.game(seed)
        view = GameView(game, bots=self.bots(bots or {}, seed), viewer=viewer,
                        lang=lang if lang is not None else self.board.lang)  # fmt: skip
        if self.view is not None:
            self.view.board.close()
        self.view = view
        self.below.children = [view]
        return view


def _button(label: str, hint: str, glyph: str) -> w.Button:
    """A button named by its visible text, its hint as the tooltip."""
    return w.Button(description=label, icon=glyph, tooltip=hint, layout=w.Layout(width="auto"))
