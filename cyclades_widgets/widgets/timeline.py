"""Positions in a game's history, for stepping back and forward by step, phase or cycle.

Position ``k`` is the state after ``k`` steps (0 = before any step). The steps that were
undone and can be redone count too, so stepping back and forward again is lossless.
"""

from __future__ import annotations

from typing import Any

from ..history import BaseGame, Step


class Timeline:
    """The history of ``game`` as positions ``0..length``; ``index`` is where we are."""

    TO = ("back", "forward", "start", "end")
    """Directions of a ``nav`` intent."""
    BY = ("step", "phase", "cycle")
    """Units of a ``nav`` intent."""

    def __init__(self, game: BaseGame) -> None:
        self._steps: list[Step] = [*game.history, *game.undone()]
        self._game = game
        self.index = len(game.history)
        """The current position."""
        self.length = len(self._steps)
        """The last position (every step applied, redo included)."""

    @property
    def steps(self) -> list[Step]:
        """Every step of the history, the undone ones that can be redone included: step
        ``k`` leads from position ``k`` to position ``k + 1``."""
        return self._steps

    def info(self) -> dict[str, Any]:
        """``{"index", "length"}`` for the board's timeline trait."""
        return {"index": self.index, "length": self.length}

    def key(self, k: int, by: str) -> Any:
        """The cycle (``by="cycle"``) or (cycle, phase) of the state at position ``k``."""
        if k < self.length:
            step = self._steps[k]
            cycle, phase = step.cycle, step.phase
        elif self.length == self.index:
            cycle, phase = self._game.cycle, self._game.phase
        else:  # the very end of a redo line: the last step's own phase is close enough
            step = self._steps[-1]
            cycle, phase = step.cycle, step.phase
        return cycle if by == "cycle" else (cycle, phase)

    def target(self, to: str, by: str = "step") -> int:
        """The position a ``nav`` intent leads to.

        Back by phase goes to the start of the current phase, or, when already there, to the
        start of the previous one; forward by phase goes to the start of the next phase.
        """
        if to == "start":
            return 0
        if to == "end":
            return self.length
        step = -1 if to == "back" else 1
        if by == "step":
            return min(self.length, max(0, self.index + step))
        i = self.index
        here = self.key(i, by)
        while 0 <= i + step <= self.length and self.key(i + step, by) == here:
            i += step
        if step < 0 and i != self.index:
            return i
        i += step
        if not 0 <= i <= self.length:
            return self.index
        if step < 0:
            k = self.key(i, by)
            while i - 1 >= 0 and self.key(i - 1, by) == k:
                i -= 1
        return i
