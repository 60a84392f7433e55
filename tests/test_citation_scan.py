"""Issue 13 'A learner-facing rules layer': learner texts never cite a source.

Source citations and confidence levels live in docs/rules-notes.md (and in the tests, which
keep citing seed 000, seed 002 and RULES-NOTES). This scan reads what a learner reads, in
every language:

- the narration of 200 random games (2 to 5 players, the first cycles);
- the error message of every rule (every catalog entry: errors, narration, board, tables,
  lessons and the rest all come from the catalogs);
- the notes, titles and descriptions of the example games;
- the markdown of every tutorial, in every language's track.

and fails on "seed" (as a source), "RULES-NOTES", "FAQ", "§", a confidence tag or "种子".
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from importlib import resources
from pathlib import Path

import pytest

import cyclades_widgets as cw
from cyclades_widgets.bots import RandomBot
from cyclades_widgets.i18n import LANGS, catalog
from cyclades_widgets.narrate import narrate

ROOT = Path(__file__).resolve().parents[1]

CITATION = re.compile(
    r"(?i)\bseeds?\s+(?:0\d\d|reading|ruling|say|says|rule)\b|\bthe seeds?\b|(?<!随机)种子"
    r"|\bFAQ\b|RULES-NOTES|§|\b(?-i:LOW|MED-LOW|MED|HIGH)\b|\bconfidence\b"
)
"""A source, a confidence level. (The seed of a game, ``seed 7``, is not a source.)"""


def _found(texts: Iterator[tuple[str, str]]) -> list[str]:
    return [f"{where}: {text[:160]!r}" for where, text in texts if CITATION.search(text)]


def test_the_scan_can_fail():
    """The pattern finds each kind of citation the learner texts used to carry."""
    for text in (
        "(Seed reading: the richest player wins a tie; FAQ 1.8.)",
        "(RULES-NOTES §1 #4)",
        "(MED-LOW.)",
        "(LOW: a single implementation's reading)",
        "(seed 000 'Actions')",
        "种子 002",
        "the seeds say",
    ):
        assert CITATION.search(text), text
    assert not CITATION.search("A game with seed 7, replayed.")
    assert not CITATION.search("随机种子 7")  # a game's random seed, in Chinese


def _random_game_events(count: int = 200, cycles: int = 3) -> Iterator[tuple[str, object]]:
    seen: set[str] = set()
    for index in range(count):
        game = cw.Game.new(players=2 + index % 4, seed=5000 + index)
        bots = {p: RandomBot(seed=index * 10 + k) for k, p in enumerate(game.players)}
        while not game.is_over and game.cycle <= cycles:
            game.advance(to="cycle", bots=bots)
        for step in game.history:
            for event in step.events:
                key = json.dumps(event.to_dict(), sort_keys=True)
                if key not in seen:  # the same event narrates the same way
                    seen.add(key)
                    yield f"game {index}", event


@pytest.mark.parametrize("lang", LANGS)
def test_the_narration_of_200_random_games_cites_nothing(lang: str):
    events = list(_random_game_events())
    assert len(events) > 1000  # the games did play
    texts = ((where, narrate(event, lang)) for where, event in events)  # type: ignore[arg-type]
    assert _found(texts) == []


@pytest.mark.parametrize("lang", LANGS)
def test_no_catalog_entry_cites_a_source(lang: str):
    """Every error of every rule, every sentence of the narration and every word on the
    board comes from these entries."""
    entries = catalog(lang).entries
    assert len(entries) > 1000
    assert _found(iter(entries.items())) == []


def _strings(value: object, path: str) -> Iterator[tuple[str, str]]:
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, dict):
        for key, item in value.items():
            if key not in ("move", "moves", "steps") or not isinstance(item, str):
                yield from _strings(item, f"{path}.{key}")
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _strings(item, f"{path}[{i}]")


def test_the_example_games_cite_nothing():
    """Titles, descriptions, notes and tags of every example game, in every language."""
    games = resources.files("cyclades_widgets") / "data" / "games"
    texts: list[tuple[str, str]] = []
    for entry in games.iterdir():
        if entry.name.endswith(".json"):
            data = json.loads(entry.read_text(encoding="utf-8"))
            texts += _strings(data, entry.name)
    assert len(texts) > 100
    assert _found(iter(texts)) == []


def test_the_tutorials_cite_nothing():
    """The markdown of every tutorial, in every language's track."""
    texts: list[tuple[str, str]] = []
    for notebook in sorted((ROOT / "notebooks").glob("*/*.ipynb")):
        cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
        for i, cell in enumerate(cells):
            if cell["cell_type"] == "markdown":
                texts.append(
                    (f"{notebook.parent.name}/{notebook.name}#{i}", "".join(cell["source"]))
                )
    assert len(texts) > 50
    assert _found(iter(texts)) == []


# Issue 28: the house explains itself. No file of the repository points at a design
# document outside it, and no public docstring of the package cites a rule source: Jupyter's
# Shift-Tab help and the API pages show docstrings to learners.

import ast  # noqa: E402
import subprocess  # noqa: E402

DOC_CITATION = re.compile(r"seed 00\d|RULES-NOTES|§|\bFAQ\b|\bseeds'|\bthe seeds\b")
"""A source in a docstring (a game's ``seed=7`` is not one)."""


def _tracked_files() -> list[Path]:
    out = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True)
    if out.returncode != 0:  # an unpacked sdist: every file under the root
        return [p for p in ROOT.rglob("*") if p.is_file() and ".venv" not in p.parts]
    return [ROOT / line for line in out.stdout.splitlines()]


def test_no_file_mentions_a_design_document_outside_the_repository():
    needle = "DESIGN" + ".md"  # written in two parts so this file does not match itself
    found = []
    for path in _tracked_files():
        if path.suffix in (".png", ".whl", ".gz") or not path.is_file():
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        if needle in text or re.search(r"\bDESIGN §", text):
            found.append(str(path.relative_to(ROOT)))
    assert found == []


def _public_docstrings(tree: ast.Module) -> Iterator[tuple[int, str]]:
    """(line, text) of the module's docstring and of every public class, function, method
    and attribute docstring (a string right after an assignment)."""
    if ast.get_docstring(tree):
        yield 1, ast.get_docstring(tree) or ""

    def walk(body: list[ast.stmt], public: bool) -> Iterator[tuple[int, str]]:
        for i, node in enumerate(body):
            if isinstance(node, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
                mine = public and not node.name.startswith("_")
                doc = ast.get_docstring(node)
                if mine and doc:
                    yield node.lineno, doc
                if isinstance(node, ast.ClassDef):
                    yield from walk(node.body, mine)
            elif isinstance(node, ast.Assign | ast.AnnAssign) and public and i + 1 < len(body):
                target = node.targets[0] if isinstance(node, ast.Assign) else node.target
                name = getattr(target, "id", getattr(target, "attr", "_"))
                after = body[i + 1]
                is_doc = isinstance(after, ast.Expr) and isinstance(after.value, ast.Constant)
                if is_doc and isinstance(after.value.value, str) and not name.startswith("_"):
                    yield after.lineno, after.value.value

    yield from walk(tree.body, True)


def test_no_public_docstring_cites_a_source():
    package = ROOT / "cyclades_widgets"
    found = []
    for path in sorted(package.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for line, doc in _public_docstrings(tree):
            if DOC_CITATION.search(doc):
                found.append(f"{path.relative_to(ROOT)}:{line}: {doc[:100]!r}")
    assert found == []


def test_the_docstring_scan_can_fail():
    tree = ast.parse(
        'class A:\n    """Bids (seed 000 \'Offerings\')."""\n    x = 1\n    """(RULES-NOTES §2)"""\n'
    )
    assert len([d for _, d in _public_docstrings(tree) if DOC_CITATION.search(d)]) == 2
