"""The rules reference: a one-page summary, a glossary, the creatures, a board legend, the
house rules, the boards and the notation card, with pictures of the static board, in the
learner's language.

>>> ref = rules_reference(lang="en")
>>> ref.titles()[:4]
['Cyclades in one page', 'Glossary', 'Mythological Creatures', 'Board legend']
>>> "<svg" in ref._repr_html_()
True

In a notebook ``cw.rules_reference()`` shows it (HTML with the pictures inline, which
survives ``jupyter nbconvert``); :meth:`RulesReference.save` writes a page to print, and
:meth:`RulesReference.to_markdown` the text of ``docs/rules-reference.md``.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterable
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, NamedTuple

from ..house_rules import describe
from ..i18n import resolve, text
from ..svg import board
from ..view.palette import COLOURS, css_variables
from .reference_content import NOTATION, PARTS, PICTURES, Block, NotationRow, Picture
from .reference_creatures import to_html as creatures_html
from .reference_creatures import to_markdown as creatures_markdown
from .staging import stage
from .texts import LessonError

__all__ = [
    "PART_IDS",
    "HouseRuleRow",
    "RulesReference",
    "board_status",
    "house_rules",
    "option_code",
    "picture",
    "rules_reference",
]

PART_IDS: tuple[str, ...] = tuple(PARTS)
"""``summary``, ``glossary``, ``creatures``, ``legend``, ``house-rules``, ``boards``,
``notation``."""

_BOLD = re.compile(r"\*\*(.+?)\*\*")


# --------------------------------------------------------------------------- data


@cache
def _maps() -> tuple[dict[str, Any], ...]:
    folder = resources.files("cyclades_widgets") / "data" / "maps"
    files = sorted((p for p in folder.iterdir() if p.name.endswith(".json")), key=lambda p: p.name)
    return tuple(json.loads(p.read_text(encoding="utf-8")) for p in files)


def board_status() -> list[tuple[list[int], bool]]:
    """For each board: the player counts it serves, and whether it is a reconstruction.

    This is the one place that decides which boards the reference calls reconstructions:
    a map file whose ``title`` says "reconstruction" (``data/maps/*.json``). When a board
    is rebuilt from the printed game and its title changes, the reference follows.
    """
    return [
        (list(m["players"]), "reconstruction" in str(m.get("title", "")).lower()) for m in _maps()
    ]


def option_code(name: str, value: str) -> str:
    """The Python that switches a house rule on: the option's name and reading, never
    part of a translated text.

    >>> option_code("tie_break", "metropolises_then_gold")
    'cw.RuleOptions(tie_break="metropolises_then_gold")'
    """
    return f'cw.RuleOptions({name}="{value}")'


class HouseRuleRow(NamedTuple):
    """One house rule as the reference shows it: a rule option's other reading, next to
    the table rule it replaces."""

    title: str
    """What the option is about (``option.<name>``)."""
    table: str
    """The table rule: the default reading, taught everywhere (``option.<name>.<default>``)."""
    house: str
    """The other reading (``option.<name>.<value>``)."""
    code: str
    """The code that switches it on (:func:`option_code`)."""


def house_rules(lang: str | None = None) -> list[HouseRuleRow]:
    """Every other reading of every rule option, in ``lang``: the one place the reference
    presents the house rules. The words come from
    :func:`cyclades_widgets.house_rules.describe`; the table rule is the option's default.

    >>> rows = house_rules("en")
    >>> rows[0].code
    'cw.RuleOptions(two_player_priest_discount="total")'
    """
    readings = describe(lang=lang, every=True)
    table = {r.name: r.rule for r in readings if r.default}
    return [
        HouseRuleRow(
            r.title, _sentence(table[r.name]), _sentence(r.rule), option_code(r.name, r.value)
        )
        for r in readings
        if not r.default
    ]


def _sentence(text: str) -> str:
    """A reading as a table cell: its first letter capitalised (a no-op in Chinese)."""
    return text[:1].upper() + text[1:]


# --------------------------------------------------------------------------- pictures


def picture(picture_id: str, lang: str | None = None) -> str:
    """The SVG of one of the reference's pictures (see
    :data:`~cyclades_widgets.learn.reference_content.PICTURES`)."""
    return _picture(picture_id, resolve(lang))


@cache
def _picture(picture_id: str, lang: str) -> str:
    spec: Picture = PICTURES[picture_id]
    game = stage(spec.start, where=f"picture {picture_id}")
    labels = [(place, text(key, lang)) for place, key in spec.labels]
    return str(
        board(
            game.state,
            viewer=spec.viewer,
            highlights=labels,
            arrows=list(spec.arrows),
            lang=lang,
            events=game.events if spec.events else None,
        )
    )


# --------------------------------------------------------------------------- the reference


class RulesReference:
    """The rules reference in one language. A notebook shows it as HTML; ``str()`` is its
    Markdown text."""

    def __init__(self, lang: str | None = None, parts: Iterable[str] | None = None) -> None:
        self.lang = resolve(lang)
        self.parts = tuple(parts) if parts is not None else PART_IDS
        unknown = [p for p in self.parts if p not in PARTS]
        if unknown:
            raise LessonError("part", where=", ".join(unknown), code=PART_IDS, parts=list(PART_IDS))

    def title(self, part: str) -> str:
        """The title of a part."""
        return text(f"learn.ref.{part}.title", self.lang)

    def titles(self) -> list[str]:
        """The titles of the parts shown."""
        return [self.title(p) for p in self.parts]

    def text(self, key: str) -> str:
        """A catalog entry in the reference's language."""
        return text(key, self.lang)

    # ------------------------------------------------------------------ HTML
    def _repr_html_(self) -> str:
        """The reference as an HTML fragment with its own styles (notebooks, nbconvert)."""
        body = "".join(self._html_part(p) for p in self.parts)
        return f'<div class="cw-ref" lang="{self.lang}"><style>{_CSS}</style>{body}</div>'

    def to_html(self) -> str:
        """A standalone HTML page (no script, no network), laid out for printing: the
        summary on one page, each other part starting on a new page."""
        title = html.escape(text("learn.ref.title", self.lang))
        return (
            f'<!DOCTYPE html>\n<html lang="{self.lang}"><head><meta charset="utf-8">'
            f"<title>{title}</title></head><body>{self._repr_html_()}</body></html>\n"
        )

    def save(self, path: str | Path) -> Path:
        """Write :meth:`to_html` to ``path`` (open it in a browser and print)."""
        target = Path(path)
        target.write_text(self.to_html(), encoding="utf-8")
        return target

    def _html_part(self, part: str) -> str:
        blocks = "".join(self._html_block(b) for b in PARTS[part])
        title = html.escape(self.title(part))
        return f'<section class="cw-ref-part cw-ref-{part}"><h2>{title}</h2>{blocks}</section>'

    def _html_block(self, block: Block) -> str:
        kind = block[0]
        if kind == "p":
            return f"<p>{self._inline(block[1])}</p>"
        if kind == "h":
            return f"<h3>{self._inline(block[1])}</h3>"
        if kind in ("ul", "ol"):
            items = "".join(f"<li>{self._inline(k)}</li>" for k in block[1])
            return f"<{kind}>{items}</{kind}>"
        if kind == "dl":
            entries = "".join(
                f"<dt>{self._inline(t)}</dt><dd>{self._inline(d)}</dd>" for t, d in block[1]
            )
            return f"<dl>{entries}</dl>"
        if kind == "table":
            head = "".join(f"<th>{self._inline(k)}</th>" for k in block[1])
            rows = "".join(
                "<tr>" + "".join(f"<td>{self._inline(k)}</td>" for k in row) + "</tr>"
                for row in block[2]
            )
            return f"<table><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>"
        if kind == "pic":
            caption = html.escape(self.text(PICTURES[block[1]].caption))
            svg = _picture(block[1], self.lang)
            return f'<figure class="cw-ref-pic">{svg}<figcaption>{caption}</figcaption></figure>'
        if kind == "code":
            return f"<pre><code>{html.escape(block[1])}</code></pre>"
        if kind == "house":
            head = "".join(f"<th>{self._inline(k)}</th>" for k in _HOUSE_HEAD)
            rows = "".join(
                f"<tr><td>{html.escape(r.title)}</td><td>{html.escape(r.table)}</td>"
                f"<td>{html.escape(r.house)}</td><td><code>{html.escape(r.code)}</code></td></tr>"
                for r in house_rules(self.lang)
            )
            return f"<table><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>"
        if kind == "house_example":
            return f"<pre><code>{html.escape(_house_example())}</code></pre>"
        if kind == "creatures":
            return creatures_html(self.lang)
        if kind == "notation":
            head = "".join(f"<th>{self._inline(k)}</th>" for k in _NOTATION_HEAD)
            rows = "".join(
                "<tr><td>"
                + "<br>".join(f"<code>{html.escape(f)}</code>" for f in self.forms(row))
                + f"</td><td>{self._inline(row.meaning)}</td>"
                f"<td><code>{html.escape(row.example)}</code></td></tr>"
                for row in NOTATION
            )
            return f"<table><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>"
        return "".join(f"<p>{html.escape(s)}</p>" for s in self._boards())

    def forms(self, row: NotationRow) -> list[str]:
        """A notation row's forms with ``[word]`` for each part the player fills in, in
        the reference's language: ``bid [god] [GP]``."""
        return [
            re.sub(r"\{(\w+)\}", lambda m: f"[{self.text(_N_ARG + m.group(1))}]", form)
            for form in row.forms
        ]

    def _inline(self, key: str) -> str:
        return _BOLD.sub(r"<strong>\1</strong>", html.escape(self.text(key)))

    def _boards(self) -> list[str]:
        sentences = []
        for players, rebuilt in board_status():
            counts = text("learn.ref.boards.players", self.lang, players=[str(p) for p in players])
            key = "learn.ref.boards.reconstruction" if rebuilt else "learn.ref.boards.printed"
            sentences.append(text(key, self.lang, board=counts))
        return sentences

    # ------------------------------------------------------------------ Markdown
    def to_markdown(self, *, images: str | None = None) -> str:
        """The reference as Markdown. With ``images`` (a folder, relative to the page),
        each picture is an ``<img>`` of ``<images>/<picture id>.svg``; without, pictures
        are left out."""
        out = [f"# {text('learn.ref.title', self.lang)}", ""]
        for part in self.parts:
            out += [f"## {self.title(part)}", ""]
            for block in PARTS[part]:
                out += self._md_block(block, images)
        return "\n".join(out).rstrip() + "\n"

    def _md_block(self, block: Block, images: str | None) -> list[str]:
        kind = block[0]
        if kind == "p":
            return [self.text(block[1]), ""]
        if kind == "h":
            return [f"### {self.text(block[1])}", ""]
        if kind == "ul":
            return [*(f"- {self.text(k)}" for k in block[1]), ""]
        if kind == "ol":
            return [*(f"{n}. {self.text(k)}" for n, k in enumerate(block[1], 1)), ""]
        if kind == "dl":
            return [*(f"- **{self.text(t)}**: {self.text(d)}" for t, d in block[1]), ""]
        if kind == "table":
            cells = [[self.text(k).replace("|", "\\|") for k in row] for row in block[2]]
            head = [self.text(k) for k in block[1]]
            lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
            return [*lines, *("| " + " | ".join(r) + " |" for r in cells), ""]
        if kind == "pic":
            if images is None:
                return []
            caption = self.text(PICTURES[block[1]].caption)
            src = f"{images}/{block[1]}.svg"
            return [
                f'<img src="{src}" width="560" alt="{html.escape(caption)}">',
                "",
                f"*{caption}*",
                "",
            ]
        if kind == "code":
            return ["```python", block[1], "```", ""]
        if kind == "house":
            head = [self.text(k) for k in _HOUSE_HEAD]
            lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
            for r in house_rules(self.lang):
                words = [c.replace("|", "\\|") for c in (r.title, r.table, r.house)]
                lines.append("| " + " | ".join([*words, f"`{r.code}`"]) + " |")
            return [*lines, ""]
        if kind == "house_example":
            return ["```python", _house_example(), "```", ""]
        if kind == "creatures":
            return creatures_markdown(self.lang)
        if kind == "notation":
            head = [self.text(k) for k in _NOTATION_HEAD]
            lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
            for row in NOTATION:
                forms = ", ".join(f"`{f}`" for f in self.forms(row))
                meaning = self.text(row.meaning).replace("|", "\\|")
                lines.append(f"| {forms} | {meaning} | `{row.example}` |")
            return [*lines, ""]
        return [*self._boards(), ""]

    def __str__(self) -> str:
        return self.to_markdown()

    def __repr__(self) -> str:
        return f"<RulesReference {self.lang}: {', '.join(self.parts)}>"


_N_ARG = "learn.ref.notation.arg."
_NOTATION_HEAD = tuple(f"learn.ref.notation.head.{k}" for k in ("move", "meaning", "example"))
"""The notation card's column titles."""
_HOUSE_HEAD = tuple(f"learn.ref.house.head.{k}" for k in ("rule", "table", "house", "code"))
"""The house-rules table's column titles."""


def _house_example() -> str:
    """A game created with the first house rule: how a house rule is set."""
    return f"cw.Game.new(players=2, options={house_rules('en')[0].code})"


def rules_reference(
    lang: str | None = None, part: str | Iterable[str] | None = None
) -> RulesReference:
    """The rules reference in ``lang`` (default: the session's language): in a notebook it
    shows a one-page summary, a glossary, the creatures (each with its cost, effect,
    picture and how to choose its target), the board legend, the house rules, the boards
    and the notation card, with pictures. ``part`` picks one part or several
    (``"summary"``, ``"glossary"``, ``"creatures"``, ``"legend"``, ``"house-rules"``,
    ``"boards"``, ``"notation"``)."""
    parts = [part] if isinstance(part, str) else part
    return RulesReference(lang, parts)


_CSS = """
.cw-ref{font-family:system-ui,-apple-system,'Segoe UI','Noto Sans','Noto Sans CJK SC','Source Han Sans SC','PingFang SC','Microsoft YaHei',sans-serif;line-height:1.4;max-width:60em;color:var(--cw-ink)}
.cw-ref h2{border-bottom:2px solid var(--cw-rule);padding-bottom:.2em;margin-top:1.2em}
.cw-ref h3{margin:.8em 0 .2em}
.cw-ref p,.cw-ref li,.cw-ref dd{margin:.25em 0}
.cw-ref dt{font-weight:700;margin-top:.5em}
.cw-ref dd{margin-left:1.2em}
.cw-ref table{border-collapse:collapse;margin:.4em 0;font-size:.95em}
.cw-ref th,.cw-ref td{border:1px solid var(--cw-rule);padding:.2em .5em;text-align:left;vertical-align:top}
.cw-ref th{background:var(--cw-table-head)}
.cw-ref-summary td:first-child{white-space:nowrap}
.cw-ref-creature{white-space:nowrap}
.cw-ref-creature svg{vertical-align:middle}
.cw-ref figure{margin:.6em 0;max-width:34em}
.cw-ref figure svg{width:100%;height:auto}
.cw-ref figcaption{font-size:.9em;color:var(--cw-muted)}
.cw-ref pre{background:var(--cw-code);padding:.4em .6em;overflow-x:auto}
.cw-ref-summary figure{float:right;width:45%;margin:0 0 .4em 1em}
.cw-ref-summary::after{content:"";display:block;clear:both}
@media print{
 .cw-ref{max-width:none;font-size:8.5pt;line-height:1.3}
 .cw-ref h2{margin-top:0}
 .cw-ref h3{margin:.5em 0 .1em}
 .cw-ref-part{break-before:page}
 .cw-ref-part:first-child{break-before:auto}
 .cw-ref-summary{columns:2;column-gap:1.2em}
 .cw-ref-summary h2{column-span:all}
 .cw-ref-summary figure{float:none;width:85%;margin:0 auto .3em}
 .cw-ref-summary table{font-size:.9em}
 .cw-ref figure,.cw-ref table,.cw-ref li,.cw-ref dd{break-inside:avoid}
 @page{size:A4;margin:10mm}
}
"""
_CSS += f".cw-ref{{{css_variables({k: COLOURS[k] for k in ('ink', 'rule', 'table_head', 'muted', 'code')})}}}\n"
