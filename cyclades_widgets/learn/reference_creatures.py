"""The creatures part of the rules reference: each of the 17 Mythological Creatures with its
picture, its cost, what it does, how to choose its target on the board, and its choices
as notation.

>>> rows = creature_rows("en")
>>> len(rows), rows[7].name, rows[7].forms
(17, 'Harpy', ['harpy [isle]'])
>>> rows[12].cost
'2 to 4 GP, then 1 GP for each move'
"""

from __future__ import annotations

import html
import re
from typing import NamedTuple

from ..i18n import resolve, text
from ..narrate import creature_info
from ..rules.state import CREATURE_PRICES
from ..view.creature_icons import creature_icon
from .reference_content import CREATURE_FORMS

__all__ = ["HEAD", "CreatureRow", "creature_rows", "icon_svg", "to_html", "to_markdown"]

HEAD = tuple(f"learn.ref.creatures.head.{k}" for k in ("creature", "cost", "effect", "target"))
"""The table's column titles."""

ICON_COLOUR = "#3b2a4f"
"""The pictures' colour (the board's figurine colour)."""


class CreatureRow(NamedTuple):
    """One creature as the reference shows it, in one language."""

    id: str
    name: str
    icon: str
    """The picture, as a small inline SVG."""
    cost: str
    effect: str
    target: str
    """How to choose the target on the board."""
    forms: list[str]
    """The choices as notation, with ``[word]`` for what the player fills in."""


def icon_svg(creature: str, size: int = 28) -> str:
    """A creature's picture as an inline SVG (one line, no script), with no text: the
    creature's name stands beside it."""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" '
        f'viewBox="-1.15 -1.15 2.3 2.3" aria-hidden="true" focusable="false">'
        f'<path d="{creature_icon(creature)}" fill="{ICON_COLOUR}" fill-rule="evenodd"/></svg>'
    )


def creature_rows(lang: str | None = None) -> list[CreatureRow]:
    """The 17 creatures in the order of their cards, in ``lang``."""
    lang = resolve(lang)
    info = creature_info(lang)
    low, high = min(CREATURE_PRICES), max(CREATURE_PRICES)
    rows = []
    for cid, card in info.items():
        key = "learn.ref.creatures.cost.kraken" if cid == "kraken" else "learn.ref.creatures.cost"
        forms = [_form(f, lang) for f in CREATURE_FORMS[cid]]
        rows.append(
            CreatureRow(
                cid,
                card["name"],
                icon_svg(cid),
                text(key, lang, low=low, high=high),
                card["effect"],
                text(f"learn.ref.creatures.{cid}.target", lang),
                forms,
            )
        )
    return rows


def _form(form: str, lang: str) -> str:
    return re.sub(
        r"\{(\w+)\}", lambda m: f"[{text(f'learn.ref.notation.arg.{m.group(1)}', lang)}]", form
    )


def to_html(lang: str | None = None) -> str:
    """The creatures' table as HTML (every text escaped)."""
    head = "".join(f"<th>{html.escape(text(k, resolve(lang)))}</th>" for k in HEAD)
    rows = "".join(
        f'<tr><td class="cw-ref-creature">{r.icon} <strong>{html.escape(r.name)}</strong></td>'
        f"<td>{html.escape(r.cost)}</td><td>{html.escape(r.effect)}</td>"
        f"<td>{html.escape(r.target)}"
        + "".join(f"<br><code>{html.escape(f)}</code>" for f in r.forms)
        + "</td></tr>"
        for r in creature_rows(lang)
    )
    return f"<table><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>"


def to_markdown(lang: str | None = None) -> list[str]:
    """The creatures' table as Markdown lines (the pictures as inline SVG)."""
    lang = resolve(lang)
    head = [text(k, lang) for k in HEAD]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for r in creature_rows(lang):
        forms = "".join(f" `{f}`" for f in r.forms)
        cells = [f"{r.icon} **{r.name}**", r.cost, r.effect, r.target + forms]
        lines.append("| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |")
    return [*lines, ""]
