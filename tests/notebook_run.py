"""Run a tutorial notebook's code cells in this process, as a reader would, keeping what
each cell printed and the value it showed (its last expression).

The tests of the tutorials (``tests/test_tutorials.py``) read the notebooks as a learner
sees them and check the engine's answers on the very positions the notebooks show, without
a kernel: nbmake runs the notebooks again in a real kernel (``make test``). Every language
track (``notebooks/<lang>/``) is read and run the same way; a track sets its language in
its first cell (``cw.set_language("zh")``), and :func:`run` gives the session its language
back when the notebook is done.

>>> cells = run_source("x = 2\\nx + 1")
>>> cells[0].value
3
"""

from __future__ import annotations

import ast
import contextlib
import io
import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cyclades_widgets.i18n import get_language, language

REPO = Path(__file__).resolve().parents[1]
NOTEBOOKS = REPO / "notebooks"
TUTORIALS = NOTEBOOKS / "en"
LANGS = tuple(sorted(p.parent.name for p in NOTEBOOKS.glob("*/01-*.ipynb")))
"""The languages whose tutorial track is written (``notebooks/<lang>/``): en, zh, fr..."""
HEADINGS: dict[str, dict[str, str]] = {
    "en": {
        "learn": "**What you will learn**",
        "remember": "> **What to remember**",
        "try": "## Try it yourself",
    },
    "zh": {"learn": "**你将学到**", "remember": "> **要点回顾**", "try": "## 动手试试"},
    "fr": {
        "learn": "**Ce que vous allez apprendre**",
        "remember": "> **À retenir**",
        "try": "## À vous de jouer",
    },
}
"""The parts every tutorial has, as each track writes them: what you will learn (first cell),
the "What to remember" box, and the exercise's section (last). A new track adds its own."""


@dataclass
class CellRun:
    """One code cell as run: its source, what it printed and the value it showed."""

    index: int
    """The cell's position in the notebook (markdown cells counted)."""
    source: str
    printed: str = ""
    value: Any = None
    """The value of the cell's last expression (None when it ends with a statement)."""
    shown: list[Any] = field(default_factory=list)
    """Everything the cell showed: ``display(...)`` calls and its value."""


def cells(stem: str, lang: str = "en") -> list[dict[str, Any]]:
    """The cells of ``notebooks/<lang>/<stem>.ipynb``: ``{"cell_type", "source"}``."""
    data = json.loads((NOTEBOOKS / lang / f"{stem}.ipynb").read_text(encoding="utf-8"))
    return [{"cell_type": c["cell_type"], "source": "".join(c["source"])} for c in data["cells"]]


def run_source(source: str, namespace: dict[str, Any] | None = None) -> list[CellRun]:
    """Run one piece of code as a cell (for the doctest)."""
    return [_run(0, source, {} if namespace is None else namespace)]


def run(
    stem: str,
    after: Callable[[CellRun, dict[str, Any]], None] | None = None,
    lang: str = "en",
) -> list[CellRun]:
    """Run every code cell of a tutorial of the ``lang`` track in order in one namespace;
    ``after(cell, namespace)`` is called after each one (a test's checks on the position it
    shows). The session's language is the same after the run as before it."""
    namespace: dict[str, Any] = {"__name__": "__tutorial__"}
    runs = []
    with language(get_language()), _quick_reviews():
        for index, cell in enumerate(cells(stem, lang)):
            if cell["cell_type"] != "code":
                continue
            done = _run(index, cell["source"], namespace)
            runs.append(done)
            if after is not None:
                after(done, namespace)
    return runs


@contextlib.contextmanager
def _quick_reviews() -> Iterator[None]:
    """A review in a tutorial searches with a small budget while these tests run it: they
    read what its cells show, not how good the review is (``tests/test_review*.py`` test
    that; nbmake runs the tutorials with the real budget). Tutorial 07's review is most of
    its time, and the tests run it several times."""
    from cyclades_widgets.review.labels import BUDGETS, Budget

    easy = BUDGETS["easy"]
    BUDGETS["easy"] = Budget(search=12, check=8, second=12)
    try:
        yield
    finally:
        BUDGETS["easy"] = easy


def _run(index: int, source: str, namespace: dict[str, Any]) -> CellRun:
    import IPython.display

    done = CellRun(index, source)
    tree = ast.parse(source)
    last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
    shown: list[Any] = done.shown
    original = IPython.display.display

    def display(*objs: Any, **_: Any) -> None:
        shown.extend(objs)

    namespace["display"] = display
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        IPython.display.display = display  # type: ignore[assignment]
        try:
            exec(compile(tree, f"<cell {index}>", "exec"), namespace)
            if last is not None:
                expr = ast.Expression(last.value)
                done.value = eval(compile(expr, f"<cell {index}>", "eval"), namespace)
                if done.value is not None:
                    shown.append(done.value)
        finally:
            IPython.display.display = original
    done.printed = out.getvalue()
    return done
