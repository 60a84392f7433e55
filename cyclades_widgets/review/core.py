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
>>> r.entries[-1].label in ("good", "inaccuracy", "mistake", "blunder")
True
"""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import Executor, Future
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..bots.levels import check_level
from ..history import BaseGame
from ..rules import flow
from .entries import Entry, Kind, Progress, ReviewData
from .labels import BUDGETS, label_for
from .search import Judgement, judge

if TYPE_CHECKING:
    import pandas as pd

    from .plot import Plot

__all__ = ["Entry", "Progress", "Review", "review"]


@dataclass(frozen=True)
class Review(ReviewData):
    """A reviewed game: :attr:`entries`, one per step of its history, with its
    :meth:`table` and its :meth:`plot`."""

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

    from ..i18n import text

    bar = tqdm(total=total, desc=text("review.progress", None), unit="", leave=False)

    def tick(done: int, total: int) -> None:
        bar.update(done - bar.n)
        if done >= total:
            bar.close()

    return tick
