"""A review as a pandas table: one row per decision (or per step), in the learner's words.

>>> import cyclades_widgets as cw
>>> game = cw.Game.new(players=3, seed=2)
>>> _ = game.play("bid zeus 1")
>>> table = game.review(level="easy").table("en")
>>> list(table.columns)
['Move', 'Cycle', 'Phase', 'Player', 'Move played', 'Best move', 'Win chance before', 'Win chance after', 'Loss', 'Label']
>>> table["Move played"].tolist()
['Bid 1 GP on Zeus']
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pandas as pd

from ..bots.coach import describe_action
from ..i18n import text
from ..rules.actions import Action

if TYPE_CHECKING:
    from .entries import Entry
    from .entries import ReviewData as Review

__all__ = ["COLUMNS", "column", "review_table", "words_for"]

COLUMNS = ("move", "cycle", "phase", "player", "played", "best", "before", "after", "loss",
           "label")  # fmt: skip
"""The table's columns, as ids (their names: catalog ``review.column.<id>``)."""


def column(name: str, lang: str | None = None) -> str:
    """A column's name in ``lang``: ``column("loss", "fr")`` is ``"Perte"``."""
    return text(f"review.column.{name}", lang)


def words_for(review: Review, notation: str | None, kind: str, lang: str | None) -> str:
    """A move in words (a decision, as the board's menu names it); a chance outcome or an
    automatic step as its kind (with the outcome's notation)."""
    if notation is None:
        return text("review.kind.auto", lang)
    if kind == "chance":
        return f"{text('review.kind.chance', lang)}: {notation}"
    return describe_action(Action.parse(notation), lang, map_id=review.map_id,
                           players=review.players)  # fmt: skip


def _row(review: Review, e: Entry, lang: str | None) -> dict[str, Any]:
    label = text(f"review.label.{e.label}", lang) if e.label else text(
        f"review.kind.{e.kind}", lang)  # fmt: skip
    best = words_for(review, e.best, e.kind, lang) if e.best else None
    values: dict[str, Any] = {
        "move": None if e.move is None else e.move + 1,
        "cycle": e.cycle,
        "phase": text(f"phase.{e.phase}", lang),
        "player": e.player,
        "played": words_for(review, e.played, e.kind, lang),
        "best": best,
        "before": e.before,
        "after": e.after,
        "loss": e.loss if e.judged else None,
        "label": label,
    }
    return {column(k, lang): values[k] for k in COLUMNS}


def review_table(review: Review, lang: str | None = None, *, steps: bool = False) -> pd.DataFrame:
    """One row per decision (forced moves included), or per step with ``steps=True``;
    win chances and the loss are numbers from 0 to 1, indexed by the step's position in
    the game's history."""
    shown = [e for e in review.entries if steps or e.kind in ("decision", "forced")]
    frame = pd.DataFrame([_row(review, e, lang) for e in shown],
                         index=pd.Index([e.position for e in shown], name=column("step", lang)),
                         columns=[column(k, lang) for k in COLUMNS])  # fmt: skip
    return frame
