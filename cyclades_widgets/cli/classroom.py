"""``classroom DIR``: write an nbgrader course folder with the Cyclades assignments.

The assignments are written from sources in ``data/classroom/<lang>/NN-name.md``, in the
tutorials' source format (``tools/make_notebooks.py``: markdown, a ``+++`` line between
markdown cells, a ```` ```{code-cell} ```` fence for code) with three more fences that
carry nbgrader's cell metadata:

- ```` ```{solution} ID ```` : a code cell the student completes; the part between
  ``### BEGIN SOLUTION`` and ``### END SOLUTION`` is the teacher's answer, which
  ``nbgrader generate_assignment`` replaces by a stub;
- ```` ```{tests} ID POINTS ```` : an autograded test cell (locked), worth ``POINTS``;
- ```` ```{answer} ID POINTS ```` : a manually graded markdown answer; its text is the model
  answer, which the student's copy replaces by "YOUR ANSWER HERE".

Every other cell is read-only, so ``nbgrader autograde`` restores it if a student changed
it. The course folder gets ``nbgrader_config.py``, ``source/<assignment>/<assignment>.ipynb``
and a ``README.md`` for the teacher (``docs/classroom.md`` has the whole walk-through).
Standard library only: nbgrader is needed to grade, not to write the pack.
"""

from __future__ import annotations

import argparse
import json
import re
from dataclasses import dataclass
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any, TextIO

from ..i18n import text
from .text import message_language, show
from .tutorials import add_language, choose_language

__all__ = ["Cell", "add", "assignments", "notebook", "parse", "run", "write_pack"]

COURSE_ID = "cyclades"
_FENCE = "```"
_BREAK = "+++"
_OPEN = re.compile(r"^```\{(code-cell|solution|tests|answer)\}\s*(\S*)\s*(\d*)\s*$")
_KERNELSPEC = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}

CONFIG = """\
# nbgrader's configuration for the Cyclades class pack (python -m cyclades_widgets classroom).
c = get_config()  # noqa: F821 (nbgrader defines it)
c.CourseDirectory.course_id = "{course}"
# Each check plays a few cycles of the game: allow a slow classroom server some time.
c.ExecutePreprocessor.timeout = 300
"""


@dataclass(frozen=True)
class Cell:
    """One cell of an assignment source: ``kind`` is ``markdown``, ``code``, ``solution``,
    ``tests`` or ``answer``; graded cells have an ``id`` and ``points``."""

    kind: str
    source: str
    id: str = ""
    points: int = 0


def add(commands: Any, lang: str) -> None:
    """Declare ``classroom`` on the parser's sub-commands, its help in ``lang``."""
    parser = commands.add_parser("classroom", help=text("cli.help.classroom", lang))
    parser.add_argument("folder", metavar="DIR", help=text("cli.help.classroom_dir", lang))
    add_language(parser, lang)
    parser.add_argument("--force", action="store_true", help=text("cli.help.classroom_force", lang))


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Write the class pack; returns the exit status."""
    lang = message_language(args.lang)
    chosen = choose_language(args.lang, lang, out, err, installed=pack_languages())
    if chosen is None:
        return 1
    folder = Path(args.folder)
    written, kept = write_pack(folder, chosen, force=args.force)
    names = [name for name, _ in assignments(chosen)]
    show(out, "cli.classroom.done", lang, folder=str(folder), n=len(names), assignments=names)
    if kept:
        show(out, "cli.classroom.kept", lang, n=len(kept), files=kept)
    show(
        out,
        "cli.classroom.next",
        lang,
        command=f"cd {folder} && nbgrader generate_assignment {names[0]}",
    )
    return 0


def _sources() -> Traversable:
    return resources.files("cyclades_widgets") / "data" / "classroom"


def pack_languages() -> tuple[str, ...]:
    """The languages the class pack is written in."""
    return tuple(sorted(p.name for p in _sources().iterdir() if p.is_dir()))


def assignments(lang: str = "en") -> list[tuple[str, Traversable]]:
    """(assignment name, source) in order: ``01-offerings``, ``02-battle-odds``..."""
    found = [p for p in (_sources() / lang).iterdir() if p.name.endswith(".md")]
    return [(p.name[: -len(".md")], p) for p in sorted(found, key=lambda p: p.name)]


def parse(text: str) -> list[Cell]:
    """The cells of an assignment source.

    >>> [c.kind for c in parse("# T\\n```{solution} f\\nx = 1\\n```\\n```{tests} t 2\\nassert x\\n```\\n")]
    ['markdown', 'solution', 'tests']
    """
    cells: list[Cell] = []
    lines: list[str] = []
    fence: tuple[str, str, int] | None = None  # (kind, id, points) of an open cell fence
    in_other = False
    for line in text.splitlines():
        stripped = line.strip()
        opened = _OPEN.match(stripped) if fence is None and not in_other else None
        if fence is not None and stripped == _FENCE:
            kind, ident, points = fence
            cells.append(Cell(kind, "\n".join(lines).strip("\n"), ident, points))
            lines, fence = [], None
        elif opened:
            _flush(cells, lines)
            kind = "code" if opened[1] == "code-cell" else opened[1]
            fence = (kind, opened[2], int(opened[3] or 0))
            if kind in ("tests", "answer") and not fence[2]:
                raise ValueError(f"the {kind} cell {opened[2]!r} has no points")
        elif fence is None and not in_other and stripped == _BREAK:
            _flush(cells, lines)
        else:
            if fence is None and stripped.startswith(_FENCE):
                in_other = not in_other
            lines.append(line)
    if fence is not None or in_other:
        raise ValueError("a fence is never closed")
    _flush(cells, lines)
    return cells


def _flush(cells: list[Cell], lines: list[str]) -> None:
    body = "\n".join(lines).strip("\n")
    if body.strip():
        cells.append(Cell("markdown", body))
    lines.clear()


def notebook(cells: list[Cell]) -> dict[str, Any]:
    """The nbgrader source notebook (nbformat 4.5) of an assignment's cells."""
    out = []
    for index, cell in enumerate(cells):
        grade_id = cell.id or f"cell-{index:02d}"
        meta: dict[str, Any] = {
            "grade": cell.kind in ("tests", "answer"),
            "grade_id": grade_id,
            "locked": cell.kind not in ("solution", "answer"),
            "schema_version": 3,
            "solution": cell.kind in ("solution", "answer"),
            "task": False,
        }
        if meta["grade"]:
            meta["points"] = cell.points
        kind = "markdown" if cell.kind in ("markdown", "answer") else "code"
        entry: dict[str, Any] = {
            "cell_type": kind,
            "id": grade_id,
            "metadata": {"nbgrader": meta},
            "source": cell.source,
        }
        if kind == "code":
            entry.update(execution_count=None, outputs=[])
        out.append(entry)
    return {
        "cells": out,
        "metadata": {"kernelspec": dict(_KERNELSPEC), "language_info": {"name": "python"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }


def write_pack(
    folder: Path, lang: str = "en", *, force: bool = False
) -> tuple[list[str], list[str]]:
    """Write the course folder; returns (files written, files kept because the teacher
    changed them and ``force`` is off), as paths relative to ``folder``."""
    files: dict[str, str] = {
        "nbgrader_config.py": CONFIG.format(course=COURSE_ID),
        "README.md": text("cli.classroom.readme", lang),
    }
    for name, source in assignments(lang):
        nb = notebook(parse(source.read_text(encoding="utf-8")))
        files[f"source/{name}/{name}.ipynb"] = json.dumps(nb, indent=1, ensure_ascii=False) + "\n"
    written, kept = [], []
    for relative, body in files.items():
        target = folder.joinpath(*relative.split("/"))
        if target.exists() and target.read_text(encoding="utf-8") != body and not force:
            kept.append(relative)
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(body, encoding="utf-8")
        written.append(relative)
    return written, kept
