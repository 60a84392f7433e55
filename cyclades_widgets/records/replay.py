"""Replaying a record's moves on a game, checked, with the JSON path of each move.

Each line of a record is replayed once into a :class:`LineReplay`: the game at the end of
the line and where every move sits in its history. The history rebuilds the state before
any step from its nearest checkpoint (a copy kept every 64 steps, ``history.py``), so
seeking rebuilds one state and slices the history, whatever the step.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Generic, TypeVar

from ..history import BaseGame
from ..i18n import Message
from ..rules.errors import IllegalActionError, NotationError, RecordError
from .schema import parse_move

__all__ = [
    "LineReplay",
    "TrustError",
    "no_gc",
    "play_checked",
    "play_trusted",
    "run_autos",
]

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
        raise RecordError(_bug(exc), path()) from exc


def play_checked(game: BaseGame, move: str, path: PathOf) -> int:
    """Run pending automatic steps, then play ``move`` checked. Returns the history
    index of the move; an illegal move raises :class:`RecordError` at ``path()``."""
    run_autos(game, path)
    position = len(game.history)
    try:
        game.play(move)
    except (IllegalActionError, NotationError) as exc:
        quoted = repr(move)
        params = {"move": quoted, "cycle": game.cycle, "phase": game.phase.value, "reason": exc.msg}
        message = Message("record.illegal_move", params, frozenset({quoted, *game.players}))
        raise RecordError(message, path()) from None
    except Exception as exc:
        raise RecordError(_bug(exc, move), path()) from exc
    return position


def play_trusted(game: BaseGame, moves: Sequence[str]) -> list[int]:
    """Replay ``moves`` on ``game`` without listing the legal actions at each step: the
    fast path for a record whose checksum shows its moves were found legal when it was
    written. Returns the history index of each move and of the end of the line.

    Any failure raises :class:`TrustError`; the caller then replays the line checked.
    """
    positions: list[int] = []
    try:
        for move in moves:
            while game.node == "auto":
                game._apply(None)
            action = parse_move(move)
            if game.node not in ("decision", "chance"):
                raise TrustError(move)
            positions.append(len(game.history))
            game._apply(action)
        while game.node == "auto":
            game._apply(None)
    except TrustError:
        raise
    except Exception as exc:
        raise TrustError(str(exc)) from exc
    positions.append(len(game.history))
    return positions


@contextmanager
def no_gc() -> Iterator[None]:
    """Pause the cyclic garbage collector while a record is replayed: replaying makes
    many objects and no cycles to collect, and collections during it cost more than the
    replay itself on a busy machine. The collector's previous state comes back after."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


class TrustError(Exception):
    """A trusted replay went wrong: replay the line checked instead."""


def _bug(exc: Exception, move: str | None = None) -> Message:
    """The message of an engine failure: a bug to report, with its details as they are."""
    detail = f"{type(exc).__name__}: {exc}"
    if move is not None:
        detail = f"{move!r}: {detail}"
    return Message("record.bug", {"detail": detail}, frozenset({detail}))
