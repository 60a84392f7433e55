"""``Replay``: a :class:`GameView` over a :class:`~cyclades_widgets.record.GameRecord`.

The board steps through the record's moves (and the automatic steps between them) with
the same controls and keys as a game. It adds:

- the annotation panel: the comment *before* the next move and *after* the last one,
  and the last move's tag, shown as text;
- the highlights and arrows of the annotations, drawn on the board;
- the variations, listed; one can be entered (the board then replays it) and left;
- with a ``review`` (``record.review()``), its win-chance graph under the board, where a
  click on a point goes to that step (shown on the main line).

A Replay never changes its record: its board only steps through the moves (Continue and
Step are refused, and the prompt says → shows the next move). To play on from a position,
:meth:`Replay.fork` gives a :class:`GameView` over a copy of the game there.

Where notes show: at position ``p`` (``p`` history steps applied), ``k`` moves have been
played. The panel shows step ``k``'s *before* comment (the question before the next move)
and step ``k − 1``'s *after* comment and tag. Highlights are those of step ``k − 1``, or,
when it has none, those of step ``k`` (a teacher's "look here before you decide").
"""

from __future__ import annotations

from typing import Any

import ipywidgets as w

from ..game import GameRecord
from ..records.notes import Line, iter_lines, move_positions, notes_at
from ..review import Review
from ..review.plot import graph_payload
from .board import Board
from .gameview import GameView


class Replay(GameView):
    """``cw.Replay(record)``: step through an annotated record; enter its variations."""

    def __init__(
        self,
        record: GameRecord,
        *,
        line: Line = (),
        lang: str | None = None,
        viewer: str | None = None,
        mode: str = "normal",
        review: Review | None = None,
    ) -> None:
        if not hasattr(record, "replay") or not hasattr(record, "step"):
            raise TypeError(f"Replay needs a cw.GameRecord, not {type(record).__name__}")
        self.record = record
        """The record replayed."""
        self.line: Line = tuple(line)
        """The line shown: () is the main line, (0,) the first variation, ..."""
        game = record.replay(self.line)
        board = Board(game, viewer=viewer, lang=lang, mode=mode, interactive=False)
        self._positions = move_positions(game)
        t = board.text
        self.lines = w.Dropdown(
            options=self._line_options(t, board.lang),
            value=self.line,
            description=t("board.replay.line"),
            tooltip=t("board.replay.line"),  # else ipywidgets writes "null" in its title
        )
        self.enter_button = w.Button(description=t("board.replay.enter"), icon="code-branch")
        self.leave_button = w.Button(description=t("board.replay.leave"), icon="level-up")
        self.read_only = w.Label(t("board.replay.read_only"), tooltip="")
        """Says that the replay never changes its record, and how to play on (a fork)."""
        self.enter_button.on_click(lambda _: self.enter(self.lines.value))
        self.leave_button.on_click(lambda _: self.leave())
        super().__init__(game, board=board)
        self.children: tuple[Any, ...] = (
            *self.children,
            w.HBox([self.lines, self.enter_button, self.leave_button]),
            self.read_only,
        )
        self.review: Review | None = None
        """The review whose win-chance graph shows under the board (:meth:`show_review`)."""
        if review is not None:
            self.show_review(review)
        board.send_intent("nav", to="start")

    def show_review(self, review: Review | None) -> None:
        """Show ``review``'s win-chance graph under the board (None: hide it); clicking a
        point goes to that step of the main line. The review must be of this record's main
        line (:meth:`GameRecord.review`): else a ``ValueError``, and nothing changes."""
        if review is not None:
            main = self.record.replay()
            played = [str(s.action) if s.action is not None else None for s in main.history]
            if [e.played for e in review.entries] != played:
                raise ValueError("the review is not of this record's main line")
        self.review = review
        self._show_graph()

    def _show_graph(self) -> None:
        shown = self.review if not self.line else None
        self.board.graph = {} if shown is None else graph_payload(shown, self.board.lang)

    @property
    def positions(self) -> list[int]:
        """History index of each move of the line shown (where move k is played)."""
        return list(self._positions)

    def _line_options(self, t: Any, lang: str | None) -> list[tuple[str, Line]]:
        options: list[tuple[str, Line]] = [(t("board.replay.main"), ())]
        for path, at, comment in iter_lines(self.record, lang):
            name = ".".join(str(i + 1) for i in path)
            if comment:
                label = t("board.replay.variation_comment", path=name, move=at + 1, comment=comment)
            else:
                label = t("board.replay.variation", path=name, move=at + 1)
            options.append((label, path))
        return options

    def fork(self) -> GameView:
        """A :class:`GameView` over a copy of the game at the position shown, to play on
        from there (the record stays as it is)."""
        return GameView(self.game.fork(), viewer=self.board.viewer, lang=self.board.lang)

    def refresh(self) -> None:
        """Update the controls and show the notes of the current position."""
        super().refresh()
        if not hasattr(self, "_positions"):
            return
        notes = notes_at(
            self.record, self.line, self._positions, len(self.game.history), self.board.lang
        )
        self.board.annotation = notes["annotation"]
        self.board.highlights = notes["highlights"]
        self.leave_button.disabled = not self.line

    def enter(self, line: Line) -> None:
        """Show the variation ``line``, at the position where it branches off.

        Raises ``IndexError`` when the record has no such variation.
        """
        line = tuple(line)
        if line and line not in {path for path, _, _ in iter_lines(self.record)}:
            raise IndexError(f"the record has no variation {line!r}; see Replay.lines")
        if line != self.line:
            self._show(line, self._branch(line) if line else 0)

    def leave(self) -> None:
        """Go back to the line this variation branches from, at the branch point."""
        if self.line:
            self._show(self.line[:-1], self._branch(self.line))

    def _branch(self, line: Line) -> int:
        """The absolute move index where variation ``line`` leaves its parent."""
        return {path: at for path, at, _ in iter_lines(self.record)}[line]

    def _show(self, line: Line, move: int) -> None:
        """Show ``line`` at the position before its move ``move``, in one change: the game
        is placed there before the board gets it, so the board, the browser and every
        listener see that position only (never the line's end first, then the jump)."""
        game = self.record.replay(line)  # raises IndexError for an unknown line
        positions = move_positions(game)
        game.goto(positions[move] if move < len(positions) else len(game.history))
        self.line = line
        self._positions = positions
        self.lines.value = line
        self.board.error = ""  # as after any move through the history
        self.board.game = game
        if hasattr(self, "review"):
            self._show_graph()
