"""The Chinese tutorials show Chinese (issue 14, "Done when": no English word beyond proper
names of places and players, and notation).

Each notebook of ``notebooks/zh/`` runs in this process (``tests/notebook_run.py``), and
everything its cells show is read: the board pictures' words, the column and index headers
of the tables, and every printed line that is a sentence (a line with Chinese in it; a line
without any is a move in notation, the same in every language). Latin words may only be
the players' names and notation.

Not checked here, and reported: the what-if table's headers (``cw.whatif(...).table()``),
the example games' titles, descriptions and notes (``data/games/``, printed without
Chinese), and Python's own ``True``/``False`` (a table's cells, ``print(a == b)``).
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

import pandas as pd
import pytest
from notebook_run import CellRun, run

from cyclades_widgets.i18n import language

SERIES = (
    "01-first-look",
    "02-offerings",
    "03-gods-actions",
    "04-moving-and-fighting",
    "05-metropolises-and-winning",
    "06-creatures",
    "07-replaying-games",
    "08-exploring-scenarios",
)
NAMES = {"Athens", "Sparta", "Corinth", "Argos", "Thebes", "True", "False"}
"""The players' names (proper names, the same in every language), and Python's booleans."""
WORD = re.compile(r"(?<![\w#.-])[A-Za-z](?:[A-Za-z']*[A-Za-z])?(?![\w(])")
CJK = re.compile(r"[\u4e00-\u9fff]")
LATER = ("cw.whatif", ".table()")
"""Cells whose tables are not checked yet (the what-if table is English: reported)."""


@pytest.fixture(autouse=True)
def _progress_elsewhere(tmp_path_factory, monkeypatch):
    """Learn mode's progress file goes to a temporary Jupyter data folder."""
    monkeypatch.setenv("JUPYTER_DATA_DIR", str(tmp_path_factory.mktemp("jupyter")))


@cache
def ran(stem: str) -> tuple[CellRun, ...]:
    return tuple(run(stem, lang="zh"))


def english(text: str, notation: set[str]) -> list[str]:
    """The Latin words of a text that are neither a player's name nor notation.

    >>> english("Athens 向阿瑞斯献祭 1 金币(bid ares 1)。Seen by", {"bid", "ares"})
    ['Seen', 'by']
    """
    return [w for w in WORD.findall(text) if w not in NAMES and w.lower() not in notation]


def _notation(source: str) -> set[str]:
    """The words of the notation a cell writes or lists (its strings, the legal moves)."""
    words = set(re.findall(r"[a-z]+", " ".join(re.findall(r'"([^"]*)"', source))))
    return words | {"bid", "apollo", "ares", "poseidon", "zeus", "athena", "none"}


def _svg_words(svg: str) -> str:
    return " ".join(re.findall(r">([^<>]+)<", re.sub(r"<style.*?</style>", "", svg, flags=re.S)))


def _frames(value: Any) -> list[pd.DataFrame]:
    if isinstance(value, pd.DataFrame):
        return [value]
    data = getattr(value, "data", None)  # a Styler
    return [data] if isinstance(data, pd.DataFrame) else []


@pytest.mark.parametrize("stem", SERIES)
def test_a_chinese_tutorial_shows_chinese(stem: str):
    """What each cell shows, drawn as the notebook draws it: in the language it set."""
    with language("zh"):
        _check(stem)


def _check(stem: str) -> None:
    for cell in ran(stem):
        where = f"zh/{stem} cell {cell.index}: {cell.source.splitlines()[0]}"
        notation = _notation(cell.source)
        for line in cell.printed.splitlines():
            if CJK.search(line):
                assert english(line, notation) == [], (where, line)
        for value in cell.shown:
            if hasattr(value, "_repr_svg_"):
                words = english(_svg_words(value._repr_svg_()), notation)
                assert words == [], (where, sorted(set(words)))
            for frame in _frames(value):
                if any(part in cell.source for part in LATER):
                    continue
                columns = [c if isinstance(c, tuple) else (c,) for c in frame.columns]
                headers = [*(str(part) for c in columns for part in c), str(frame.index.name or "")]
                assert english(" ".join(headers), notation) == [], (where, headers)
