"""``cw.Editor``: the board editor. The editing model (:class:`~.model.EditorModel`) with
the views it opens: "Play from here" gives a :class:`~cyclades_widgets.widgets.GameView`
with bots in the seats chosen.

>>> import cyclades_widgets as cw
>>> editor = cw.Editor(players=3)
>>> _ = editor.set("gold", 9, player="Athens")
>>> view = editor.play(bots={"Sparta": "easy", "Corinth": "easy"})
>>> view.board.game.state.players[0].gold
9
"""

from __future__ import annotations

from collections.abc import Mapping

from ..history import Bot
from ..widgets import GameView
from .model import EditorModel

__all__ = ["Editor"]


class Editor(EditorModel):
    """The board editor: ``cw.Editor(players=4)``, ``cw.Editor(scenario)``,
    ``cw.Editor(game)`` or ``cw.Editor(record)``.

    ``editor.scenario`` is the position as a :class:`~cyclades_widgets.scenario.Scenario`,
    ``editor.code()`` the chain that rebuilds it, ``editor.game(seed=...)`` a game from
    it, :meth:`play` a game view with bots, :meth:`whatif` win rates from it. Edits are
    methods (``place``, ``remove``, ``toggle``, ``clear``, ``empty``, ``set``, ``undo``,
    ``redo``) and intents (``editor.apply({...})``), checked as they come.
    """

    def play(
        self,
        bots: Mapping[str, str | Bot | None] | None = None,
        *,
        seed: int = 0,
        viewer: str | None = None,
        lang: str | None = None,
    ) -> GameView:
        """The "Play from here" button: a :class:`~cyclades_widgets.widgets.GameView` of a new game
        from the position, with bots in the seats named (``{"Sparta": "medium"}``: a
        level, or a bot) and the other seats played by hand."""
        game = self.game(seed)
        return GameView(game, bots=self.bots(bots or {}, seed), viewer=viewer,
                        lang=lang if lang is not None else self.lang)  # fmt: skip
