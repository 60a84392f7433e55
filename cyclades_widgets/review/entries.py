"""The data of a review: one :class:`Entry` per step of the game, and the whole
(:class:`ReviewData`), which the table, the graph and the notes read."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from .labels import LABELS, Label

__all__ = ["Entry", "Kind", "Progress", "ReviewData"]

Kind = Literal["decision", "forced", "chance", "auto"]
Progress = Callable[[int, int], None]
"""Called as ``progress(done, total)`` after each decision judged."""


@dataclass(frozen=True)
class Entry:
    """One step of the reviewed game."""

    position: int
    """The step's index in the game's history (the position before it)."""
    move: int | None
    """The move's index in the record (decisions and chance steps), None for an automatic
    step."""
    kind: Kind
    """``"decision"`` (judged), ``"forced"`` (one legal move), ``"chance"``, ``"auto"``."""
    cycle: int
    phase: str
    player: str | None
    """The player to act (None at a chance or automatic step)."""
    played: str | None
    """The move played or the chance outcome, as notation (None: an automatic step)."""
    best: str | None = None
    """The best move the search found (the move played when it is the best)."""
    before: float | None = None
    """The mover's win chance with the best move."""
    after: float | None = None
    """The mover's win chance after the move played."""
    chances: tuple[float, ...] = ()
    """Every player's win chance after the move played, in seat order."""
    label: Label | None = None
    """good, inaccuracy, mistake or blunder (None when not judged)."""
    playouts: int = 0

    @property
    def loss(self) -> float:
        """How much the move played lost against the best one (0 when not judged)."""
        if self.before is None or self.after is None:
            return 0.0
        return max(0.0, self.before - self.after)

    @property
    def judged(self) -> bool:
        """Whether the search judged this step (a decision with a choice)."""
        return self.label is not None


@dataclass(frozen=True)
class ReviewData:
    """A reviewed game's data: :attr:`entries`, one per step of its history (the public
    :class:`~.core.Review` adds its table and its graph)."""

    players: tuple[str, ...]
    entries: tuple[Entry, ...]
    level: str
    seed: int
    map_id: str

    @property
    def decisions(self) -> list[Entry]:
        """The judged decisions."""
        return [e for e in self.entries if e.judged]

    def mistakes(self, least: Label = "inaccuracy", player: str | None = None) -> list[Entry]:
        """The decisions labelled ``least`` or worse (of one player, or all)."""
        rank = LABELS.index(least)
        return [
            e for e in self.decisions
            if e.label is not None and LABELS.index(e.label) >= rank
            and (player is None or e.player == player)
        ]  # fmt: skip

    def agreement(self, other: ReviewData, least: Label = "mistake") -> float:
        """The share of this review's decisions labelled ``least`` or worse that ``other``
        (a review of the same game, say with another seed) labels ``least`` or worse too
        (1.0 when this review has none): how far its verdicts stand above the noise."""
        mine = {e.position for e in self.mistakes(least)}
        theirs = {e.position for e in other.mistakes(least)}
        return len(mine & theirs) / len(mine) if mine else 1.0

    def counts(self) -> dict[str, dict[Label, int]]:
        """Each player's number of decisions of each label."""
        out: dict[str, dict[Label, int]] = {p: dict.fromkeys(LABELS, 0) for p in self.players}
        for e in self.decisions:
            assert e.player is not None and e.label is not None
            out[e.player][e.label] += 1
        return out
