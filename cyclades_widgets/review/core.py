"""A game review: every step of a game, each decision judged by the search.

:func:`review` walks a game's history. Each decision with a choice is judged
(:func:`.search.judge`, on an executor when one is given); a forced move, a chance step
(dice, draws, the gods' order) and an automatic step are listed, not judged.

>>> import cyclades_widgets as cw
>>> game = cw.Game.new(players=3, seed=2)
>>> _ = game.play("bid zeus 1")
>>> r = review(game, level="easy", seed=1)
>>> [e.kind for e in r.entries][-1], r.entries[-1].played
('decision', 'bid zeus 1')
>>> r.entries[-1].label in LABELS
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from concurrent.futures import Executor, Future
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from ..bots.levels import check_level
from ..history import BaseGame
from ..rules import flow
from .labels import BUDGETS, LABELS, Label, label_for
from .search import Judgement, judge

if TYPE_CHECKING:
    import pandas as pd

    from .plot import Plot

__all__ = ["Entry", "Progress", "Review", "review"]

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
class Review:
    """A reviewed game: :attr:`entries`, one per step of its history."""

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

    def counts(self) -> dict[str, dict[Label, int]]:
        """Each player's number of decisions of each label."""
        out: dict[str, dict[Label, int]] = {p: dict.fromkeys(LABELS, 0) for p in self.players}
        for e in self.decisions:
            assert e.player is not None and e.label is not None
            out[e.player][e.label] += 1
        return out

    def table(self, lang: str | None = None, *, steps: bool = False) -> pd.DataFrame:
        """A pandas table, one row per decision (``steps=True``: every step), its headers
        and words in ``lang`` (:func:`.table.review_table`)."""
        from .table import review_table

        return review_table(self, lang, steps=steps)

    def plot(self, lang: str | None = None, *, index: int | None = None) -> Plot:
        """The win-chance graph (static SVG; shows itself in a notebook)."""
        from .plot import Plot

        return Plot(self, lang=lang, index=index)

    def __repr__(self) -> str:
        mistakes = len(self.mistakes("mistake"))
        return (f"<Review {len(self.decisions)} decisions, {mistakes} mistakes or blunders, "
                f"level={self.level!r}, seed={self.seed}>")  # fmt: skip


def _jobs(game: BaseGame) -> Iterator[tuple[int, int | None, Any]]:
    """(history index, record move index, step) for each step of the history."""
    move = 0
    for i, step in enumerate(game.history):
        yield i, (move if step.action is not None else None), step
        if step.action is not None:
            move += 1


def review(
    game: BaseGame,
    level: str = "strong",
    executor: Executor | None = None,
    seed: int = 0,
    progress: Progress | bool | None = None,
) -> Review:
    """Review every decision of ``game`` (see the module). ``level`` sets the search's
    budget (:data:`.labels.BUDGETS`); ``executor`` (a process pool, a Dask client's
    executor) judges decisions in parallel; the same ``seed`` gives the same review.
    ``progress``: True for a progress bar, or a function called as ``(done, total)``."""
    budget = BUDGETS[check_level(level)]
    rows: list[tuple[int, int | None, Any, Kind]] = []
    for i, move, step in _jobs(game):
        kind: Kind = step.kind
        if kind == "decision" and len(flow.legal_actions(step.before)) == 1:
            kind = "forced"
        rows.append((i, move, step, kind))
    todo = [(i, step) for i, _, step, kind in rows if kind == "decision"]
    args = [(step.before.to_dict(), str(step.action), seed * 7919 + i, budget) for i, step in todo]
    done = _run(args, executor, _progress(progress, len(args)))
    judged = dict(zip((i for i, _ in todo), done, strict=True))
    entries = tuple(
        _entry(game, i, move, step, kind, judged.get(i)) for i, move, step, kind in rows
    )
    return Review(game.players, entries, level, seed, game.state.map_id)


def _run(args: list[tuple[Any, ...]], executor: Executor | None, tick: Progress) -> list[Judgement]:
    out: list[Judgement] = []
    if executor is None:
        for a in args:
            out.append(judge(*a))
            tick(len(out), len(args))
        return out
    futures: list[Future[Judgement]] = [executor.submit(judge, *a) for a in args]
    for future in futures:
        out.append(future.result())
        tick(len(out), len(args))
    return out


def _entry(
    game: BaseGame, i: int, move: int | None, step: Any, kind: Kind, j: Judgement | None
) -> Entry:
    played = None if step.action is None else str(step.action)
    base = dict(position=i, move=move, kind=kind, cycle=step.cycle, phase=step.phase.value,
                player=step.player, played=played)  # fmt: skip
    if j is None:
        return Entry(**base)
    seat = game.players.index(step.player)
    before, after = j.before[seat], j.after[seat]
    return Entry(**base, best=j.best, before=before, after=after, chances=j.after,
                 label=label_for(max(0.0, before - after)), playouts=j.playouts)  # fmt: skip


def _progress(progress: Progress | bool | None, total: int) -> Progress:
    if callable(progress):
        return progress
    if not progress:
        return lambda done, total: None
    from tqdm.auto import tqdm

    from ..i18n import render

    bar = tqdm(total=total, desc=render("review.progress", None, None), unit="", leave=False)

    def tick(done: int, total: int) -> None:
        bar.update(done - bar.n)
        if done >= total:
            bar.close()

    return tick
