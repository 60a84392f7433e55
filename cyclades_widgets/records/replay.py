"""Replaying a record's moves on a game, checked, with the JSON path of each move.

Each line of a record is replayed once into a :class:`LineReplay`: the game at the end of
the line and where every move sits in its history. Every history step keeps the state
before it (the undo snapshot), so each of them is a checkpoint: seeking copies one state
and slices the history, whatever the step.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

from ..history import BaseGame
from ..rules.errors import IllegalActionError, NotationError, RecordError

__all__ = ["LineReplay", "play_checked", "run_autos"]

G = TypeVar("G", bound=BaseGame)

PathOf = Callable[[], str]
"""Gives the JSON path of the move being replayed (computed only when an error needs it)."""


class LineReplay(Generic[G]):
    """The replay of one line: the full game and where each move sits in its history."""

    __slots__ = ("game", "moves", "positions")

    def __init__(self, game: G, moves: tuple[str, ...], positions: list[int]) -> None:
        self.game = game
        """The game at the end of the line."""
        self.moves = moves
        """The line's moves from the start of the game."""
        self.positions = positions
        """positions[k]: history index of move k; the last entry is the end of the line."""

    def game_at(self, k: int) -> G:
        """An independent game after ``k`` moves (with the automatic steps that follow)."""
        game = self.game
        history = game.history
        pos = self.positions[k]
        state = history[pos].before if pos < len(history) else game.state
        return type(game)(state.copy(), seed=game.seed, history=history[:pos], meta=game.meta)


def run_autos(game: BaseGame, path: PathOf) -> None:
    """Run the automatic steps due now; an engine failure becomes a :class:`RecordError`."""
    try:
        while game.node == "auto":
            game.step()
    except Exception as exc:
        raise RecordError(
            f"the rules engine failed on an automatic step ({type(exc).__name__}: {exc}); "
            "this is a bug in cyclades_widgets, please report it",
            path(),
        ) from exc


def play_checked(game: BaseGame, move: str, path: PathOf) -> int:
    """Run pending automatic steps, then play ``move`` checked. Returns the history
    index of the move; an illegal move raises :class:`RecordError` at ``path()``."""
    run_autos(game, path)
    position = len(game.history)
    try:
        game.play(move)
    except (IllegalActionError, NotationError) as exc:
        where = f"cycle {game.cycle}, {game.phase.value}"
        raise RecordError(f"illegal move {move!r} ({where}): {exc}", path()) from None
    except Exception as exc:
        raise RecordError(
            f"the rules engine failed on {move!r} ({type(exc).__name__}: {exc}); "
            "this is a bug in cyclades_widgets, please report it",
            path(),
        ) from exc
    return position
