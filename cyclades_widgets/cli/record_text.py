"""A record as narrated text: its header, each move with its comments and tag, and the
narration of every step; variations follow the move they replace, indented. The command
line's ``replay`` prints it. Every fixed word comes from the catalogs (``record.text.*``).
"""

from __future__ import annotations

from typing import Any

from ..game import GameRecord
from ..house_rules import describe
from ..i18n import Message, render, resolve
from ..narrate import Narrator
from ..records.shape import local_text
from ..rules.setup import setup_events

__all__ = ["record_text"]


def record_text(
    record: GameRecord, lang: str | None = None, *, variations: bool = True
) -> list[str]:
    """A record as narrated text lines in ``lang`` (None: the session's language): the
    header, then each move with its comments, tag and narration; variations (to any depth)
    follow the move they replace, indented.

    The record's own texts (title, description, notes) are shown as they were written."""
    lang = resolve(lang)
    narrator = Narrator(lang, record.initial_state())
    ui = _UiText(lang, frozenset(record.players))
    lines = [f"# {local_text(record.title, lang)}"] if record.title else []
    map_title = Message(f"map.{record.map}")
    lines.append(ui("header", players=list(record.players), map=map_title, seed=record.seed))
    if record.date:
        lines.append(ui("date", date=record.date))
    if record.description:
        lines.append(str(local_text(record.description, lang)))
    for rule in describe(record.options, lang):
        lines.append(ui("house_rule", title=rule.title, rule=rule.rule))
    lines += [narrator(e) for e in setup_events(record.initial_state())]
    _line_text(record, (), narrator, ui, variations, "", lines)
    return lines


class _UiText:
    """The few fixed words of the text replay (``record.text.*``); the record's own texts
    and the players' names are kept as they are."""

    def __init__(self, lang: str, players: frozenset[str]) -> None:
        self.lang = lang
        self.players = players

    def __call__(self, key: str, **values: Any) -> str:
        kept = self.players | {v for v in values.values() if isinstance(v, str)}
        return render(f"record.text.{key}", values, self.lang, proper=kept)


def _line_text(
    record: GameRecord,
    line: tuple[int, ...],
    narrator: Narrator,
    ui: _UiText,
    variations: bool,
    indent: str,
    out: list[str],
) -> None:
    """Append the own moves of one line to ``out``: for each, the comment before, the
    move, the narration of it and of the automatic steps after it, the comment after,
    then the variations that replace it."""
    own = record.steps if not line else record.variation(line).steps
    holder = record.variations if not line else record.variation(line).variations
    offset = len(record.moves(line)) - len(own)

    def finish(index: int) -> None:  # index: relative to ``own``
        if 0 <= index < len(own) and own[index].after:
            out.append(f"{indent}  {ui('after', text=local_text(own[index].after, ui.lang))}")
        for j, var in enumerate(holder if variations else ()):
            if var.at == index:
                comment = f": {local_text(var.comment, ui.lang)}" if var.comment else ""
                out.append(f"{indent}  {ui('variation', move=offset + index + 1)}{comment}")
                _line_text(record, (*line, j), narrator, ui, variations, indent + "    ", out)
                out.append(f"{indent}  {ui('variation_end')}")

    move = -1
    for step in record.replay(line).history:
        if step.notation is not None:
            move += 1
            if move > offset:
                finish(move - 1 - offset)
            if move >= offset:
                _move_header(step, move, own[move - offset], ui, indent, out)
        if move >= offset or not line:
            out += [f"{indent}    {narrator(e)}" for e in step.events]
    if own:
        finish(len(own) - 1)
    finish(len(own))


def _move_header(step: Any, move: int, rec: Any, ui: _UiText, indent: str, out: list[str]) -> None:
    if rec.before:
        out.append(f"{indent}  {ui('before', text=local_text(rec.before, ui.lang))}")
    if step.kind == "decision" and step.player:
        who = ui("move", player=step.player, move=step.notation)
    else:
        who = ui("chance", move=step.notation)
    tag = f"  [{local_text(rec.tag, ui.lang)}]" if rec.tag else ""
    out.append(f"{indent}[{move + 1}] {who}{tag}")
