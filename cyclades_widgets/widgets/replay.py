"""``Replay``: a :class:`GameView` over a :class:`~cyclades_widgets.record.GameRecord`.

The board steps through the record's moves (and the automatic steps between them) with
the same controls and keys as a game. It adds:

- the annotation panel: the comment *before* the next move and *after* the last one,
  and the last move's tag, shown as text;
- the highlights and arrows of the annotations, drawn on the board;
- the variations, listed; one can be entered (the board then replays it) and left.

Where notes show: at position ``p`` (``p`` history steps applied), ``k`` moves have been
played. The panel shows step ``k``'s *before* comment (the question before the next move)
and step ``k − 1``'s *after* comment and tag. Highlights are those of step ``k − 1``, or,
when it has none, those of step ``k`` (a teacher's "look here before you decide").
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import ipywidgets as w

from ..game import Game
from .board import Board
from .gameview import GameView

if TYPE_CHECKING:
    from ..record import GameRecord, RecordStep

Line = tuple[int, ...]


def move_positions(game: Game) -> list[int]:
    """History index of each move (decision or chance outcome) of a replayed game."""
    return [i for i, step in enumerate(game.history) if step.action is not None]


def _highlights(step: RecordStep | None) -> dict[str, Any]:
    if step is None:
        return {}
    places = [*step.isles, *step.seas]
    arrows = [[a.source, a.target] for a in step.arrows]
    return {"places": places, "arrows": arrows} if places or arrows else {}


def notes_at(record: GameRecord, line: Line, positions: list[int], index: int) -> dict[str, Any]:
    """The annotation and highlights to show at history position ``index`` of ``line``."""
    played = sum(1 for p in positions if p < index)
    moves = len(positions)
    upcoming = record.step(played, line) if played < moves else None
    last = record.step(played - 1, line) if played > 0 else None
    annotation = {
        "before": upcoming.before if upcoming else None,
        "after": last.after if last else None,
        "tag": last.tag if last else None,
        "move": played,
    }
    annotation = {k: v for k, v in annotation.items() if v is not None}
    return {"annotation": annotation, "highlights": _highlights(last) or _highlights(upcoming)}


def iter_lines(record: GameRecord) -> Iterator[tuple[Line, int, str | None]]:
    """Every variation of ``record`` (depth first): (line path, absolute move index where
    it branches, comment)."""

    def walk(line: Line, holder: list[Any], offset: int) -> Iterator[tuple[Line, int, str | None]]:
        for j, var in enumerate(holder):
            path = (*line, j)
            at = offset + var.at
            yield path, at, var.comment
            yield from walk(path, var.variations, at)

    yield from walk((), record.variations, 0)


class Replay(GameView):
    """``cw.Replay(record)``: step through an annotated record; enter its variations."""

    def __init__(
        self,
        record: GameRecord,
        *,
        line: Line = (),
        lang: str = "en",
        viewer: str | None = None,
    ) -> None:
        if not hasattr(record, "replay") or not hasattr(record, "step"):
            raise TypeError(f"Replay needs a cw.GameRecord, not {type(record).__name__}")
        self.record = record
        """The record replayed."""
        self.line: Line = tuple(line)
        """The line shown: () is the main line, (0,) the first variation, ..."""
        game = record.replay(self.line)
        board = Board(game, viewer=viewer, lang=lang, interactive=False)
        self._positions = move_positions(game)
        self.lines = w.Dropdown(options=self._line_options(), value=self.line, description="Line")
        self.enter_button = w.Button(description="Enter variation", icon="code-branch")
        self.leave_button = w.Button(description="Leave variation", icon="level-up")
        self.enter_button.on_click(lambda _: self.enter(self.lines.value))
        self.leave_button.on_click(lambda _: self.leave())
        super().__init__(game, board=board)
        self.children = (
            *self.children,
            w.HBox([self.lines, self.enter_button, self.leave_button]),
        )
        board.handle_intent({"type": "nav", "to": "start"})

    @property
    def positions(self) -> list[int]:
        """History index of each move of the line shown (where move k is played)."""
        return list(self._positions)

    def _line_options(self) -> list[tuple[str, Line]]:
        options: list[tuple[str, Line]] = [("Main line", ())]
        for path, at, comment in iter_lines(self.record):
            label = f"Variation {'.'.join(str(i + 1) for i in path)} at move {at + 1}"
            options.append((f"{label}: {comment}" if comment else label, path))
        return options

    def refresh(self) -> None:
        """Update the controls and show the notes of the current position."""
        super().refresh()
        if not hasattr(self, "_positions"):
            return
        notes = notes_at(self.record, self.line, self._positions, len(self.game.history))
        self.board.annotation = notes["annotation"]
        self.board.highlights = notes["highlights"]
        self.leave_button.disabled = not self.line

    def enter(self, line: Line) -> None:
        """Show the variation ``line``, at the position where it branches off."""
        line = tuple(line)
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
        game = self.record.replay(line)  # raises IndexError for an unknown line
        positions = move_positions(game)
        self.line = line
        self._positions = positions
        self.lines.value = line
        self.board.game = game
        index = positions[move] if move < len(positions) else len(game.history)
        self.board.handle_intent({"type": "goto", "index": index})
