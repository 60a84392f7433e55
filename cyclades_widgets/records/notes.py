"""The notes of each position of a record line: the annotation panel and the highlights.

Where notes show: at position ``p`` (``p`` history steps applied), ``k`` moves have been
played. The panel shows step ``k``'s *before* comment (the question before the next move)
and step ``k − 1``'s *after* comment and tag. Highlights are those of step ``k − 1``, or,
when it has none, those of step ``k`` (a teacher's "look here before you decide").
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..history import BaseGame
from ..i18n import resolve
from .shape import local_text
from .tree import LinePath, RecordStep, RecordTree

__all__ = ["iter_lines", "move_positions", "notes_at"]

Line = LinePath


def move_positions(game: BaseGame) -> list[int]:
    """History index of each move (decision or chance outcome) of a replayed game."""
    return [i for i, step in enumerate(game.history) if step.action is not None]


def _highlights(step: RecordStep | None) -> dict[str, Any]:
    """The step's highlight as ``Board.highlights`` takes it, or ``{}``."""
    if step is None or not step.highlight:
        return {}
    return step.highlight.to_board()


def notes_at(
    record: RecordTree, line: Line, positions: list[int], index: int, lang: str | None = None
) -> dict[str, Any]:
    """The annotation and highlights to show at history position ``index`` of ``line``,
    the notes in ``lang`` (None: the session's language).

    ``"move"`` is the number of the move shown, counted from 1 as everywhere a learner
    reads it (the text replay, the variations' labels): the last move played, or 0
    before the first."""
    lang = resolve(lang)
    played = sum(1 for p in positions if p < index)
    moves = len(positions)
    upcoming = record.step(played, line) if played < moves else None
    last = record.step(played - 1, line) if played > 0 else None
    annotation = {
        "before": local_text(upcoming.before, lang) if upcoming else None,
        "after": local_text(last.after, lang) if last else None,
        "tag": local_text(last.tag, lang) if last else None,
        "move": played,
    }
    annotation = {k: v for k, v in annotation.items() if v is not None}
    return {"annotation": annotation, "highlights": _highlights(last) or _highlights(upcoming)}


def iter_lines(
    record: RecordTree, lang: str | None = None
) -> Iterator[tuple[Line, int, str | None]]:
    """Every variation of ``record`` (depth first): (line path, absolute move index where
    it branches, comment in ``lang``, None: the session's language)."""
    lang = resolve(lang)

    def walk(line: Line, holder: list[Any], offset: int) -> Iterator[tuple[Line, int, str | None]]:
        for j, var in enumerate(holder):
            path = (*line, j)
            at = offset + var.at
            yield path, at, local_text(var.comment, lang)
            yield from walk(path, var.variations, at)

    yield from walk((), record.variations, 0)
