"""A record as narrated text: its header, each move with its comments and tag, and the
narration of every step; variations follow the move they replace, indented. The command
line's ``replay`` prints it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..narrate import Catalog, MissingMessageError, _Context, _narrate, _normalize_lang, catalog
from ..rules.setup import setup_events

if TYPE_CHECKING:
    from ..game import GameRecord

__all__ = ["record_text"]


def record_text(record: GameRecord, lang: str = "en", *, variations: bool = True) -> list[str]:
    """A record as narrated text lines: the header, then each move with its comments,
    tag and narration; variations (to any depth) follow the move they replace, indented."""
    cat = catalog(_normalize_lang(lang))
    ui = _UiText(cat)
    lines = [f"# {record.title}"] if record.title else []
    lines.append(
        ui("ui.header", players=", ".join(record.players), map=record.map, seed=record.seed)
    )
    if record.date:
        lines.append(ui("ui.date", date=record.date))
    if record.description:
        lines.append(record.description)
    changed = record.options.differences()
    if changed:
        lines.append(ui("ui.options", options=", ".join(f"{k}={v}" for k, v in changed.items())))
    ctx = _Context(cat, record.initial_state())
    lines += [_narrate(e, ctx, False) for e in setup_events(record.initial_state())]
    _line_text(record, (), ctx, ui, variations, "", lines)
    return lines


class _UiText:
    """The few fixed words of the text replay (``ui.*`` keys of the vocab)."""

    def __init__(self, cat: Catalog) -> None:
        self.cat = cat

    def __call__(self, key: str, **values: Any) -> str:
        template = self.cat.vocab.get(key)
        if template is None:
            raise MissingMessageError(f"no {self.cat.lang} vocab entry {key!r}")
        for name, value in values.items():
            template = template.replace("{" + name + "}", str(value))
        return template


def _line_text(
    record: GameRecord,
    line: tuple[int, ...],
    ctx: _Context,
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
            out.append(f"{indent}  {ui('ui.after', text=own[index].after)}")
        for j, var in enumerate(holder if variations else ()):
            if var.at == index:
                comment = f": {var.comment}" if var.comment else ""
                out.append(f"{indent}  {ui('ui.variation', move=offset + index + 1)}{comment}")
                _line_text(record, (*line, j), ctx, ui, variations, indent + "    ", out)
                out.append(f"{indent}  {ui('ui.variation_end')}")

    move = -1
    for step in record.replay(line).history:
        if step.notation is not None:
            move += 1
            if move > offset:
                finish(move - 1 - offset)
            if move >= offset:
                _move_header(step, move, own[move - offset], ui, indent, out)
        if move >= offset or not line:
            out += [f"{indent}    {_narrate(e, ctx, False)}" for e in step.events]
    if own:
        finish(len(own) - 1)
    finish(len(own))


def _move_header(step: Any, move: int, rec: Any, ui: _UiText, indent: str, out: list[str]) -> None:
    if rec.before:
        out.append(f"{indent}  {ui('ui.before', text=rec.before)}")
    who = step.player if step.kind == "decision" and step.player else ui("ui.chance")
    tag = f"  [{rec.tag}]" if rec.tag else ""
    out.append(f"{indent}[{move + 1}] {ui('ui.move', player=who, move=step.notation)}{tag}")
