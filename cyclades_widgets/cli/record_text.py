"""A record as narrated text: its header, each move with its comments and tag, and the
narration of every step; variations follow the move they replace, indented. The command
line's ``replay`` prints it. Every fixed word comes from the catalogs (``record.text.*``).
"""

from __future__ import annotations

from typing import Any

from ..game import GameRecord
from ..house_rules import describe
from ..i18n import Message, resolve, text
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
    lines = [f"# {local_text(record.title, lang)}"] if record.title else []
    map_title = Message(f"map.{record.map}")
    lines.append(text("record.text.header", lang, *record.players, players=list(record.players), map=map_title, seed=record.seed))  # fmt: skip
    if record.date:
        lines.append(text("record.text.date", lang, record.date, date=record.date))
    if record.description:
        lines.append(str(local_text(record.description, lang)))
    for rule in describe(record.options, lang):
        lines.append(text("record.text.house_rule", lang, rule.title, rule.rule, title=rule.title, rule=rule.rule))  # fmt: skip
    lines += [narrator(e) for e in setup_events(record.initial_state())]
    _line_text(record, (), narrator, lang, variations, "", lines)
    return lines


def _line_text(
    record: GameRecord,
    line: tuple[int, ...],
    narrator: Narrator,
    lang: str,
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
            after = local_text(own[index].after, lang)
            out.append(f"{indent}  {text('record.text.after', lang, after, text=after)}")
        for j, var in enumerate(holder if variations else ()):
            if var.at == index:
                comment = f": {local_text(var.comment, lang)}" if var.comment else ""
                out.append(
                    f"{indent}  {text('record.text.variation', lang, move=offset + index + 1)}{comment}"
                )
                _line_text(record, (*line, j), narrator, lang, variations, indent + "    ", out)
                out.append(f"{indent}  {text('record.text.variation_end', lang)}")

    move = -1
    for step in record.replay(line).history:
        if step.notation is not None:
            move += 1
            if move > offset:
                finish(move - 1 - offset)
            if move >= offset:
                _move_header(step, move, own[move - offset], lang, indent, out)
        if move >= offset or not line:
            out += [f"{indent}    {narrator(e)}" for e in step.events]
    if own:
        finish(len(own) - 1)
    finish(len(own))


def _move_header(step: Any, move: int, rec: Any, lang: str, indent: str, out: list[str]) -> None:
    if rec.before:
        before = local_text(rec.before, lang)
        out.append(f"{indent}  {text('record.text.before', lang, before, text=before)}")
    if step.kind == "decision" and step.player:
        who = text("record.text.move", lang, step.player, step.notation, player=step.player, move=step.notation)  # fmt: skip
    else:
        who = text("record.text.chance", lang, step.notation, move=step.notation)
    tag = f"  [{local_text(rec.tag, lang)}]" if rec.tag else ""
    out.append(f"{indent}[{move + 1}] {who}{tag}")
