"""Learner texts, public docstrings and the repository never point at sources outside it.

Source citations and confidence levels live in docs/rules-notes.md (and in the tests, which
keep citing seed 000, seed 002 and RULES-NOTES in their docstrings). The architecture is
explained by docs/architecture.md, inside the repository. This scan reads:

- what a learner reads, in every language (issue 13): the narration of 200 random games (2
  to 5 players, the first cycles); every catalog entry (errors, narration, board, tables,
  lessons and the rest all come from the catalogs); the notes, titles and descriptions of
  the example games; the markdown of every tutorial, in every language's track;
- every public docstring of the package (issue 28): module, class, function, method and
  attribute docstrings of public names, which the API pages and Jupyter's help show;
- every file of the repository (issue 28): no mention of the design file kept outside it.

and fails on "seed" (as a source), "RULES-NOTES", "FAQ", "§", a confidence tag or "种子";
the last scan fails on the design file's name.
"""

from __future__ import annotations

import ast
import json
import re
import subprocess
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
    r"(?i:\bseeds?(?:['’]s?)?\s+(?:0\d\d|reading|ruling|say|says|rule|count)s?\b"
    r"|\bthe seeds\b|\bseeds['’])|(?<!随机)种子"
    r"|\bFAQ\b|RULES-NOTES|§|\b(?:LOW|MED-LOW|MED|HIGH|UNCONFIRMED)\b|(?i:\bconfidence\b)"
)
"""A source, a confidence level. The seed of a game (``seed 7``, "the seed is shown") is not
a source, nor is a link to ``docs/rules-notes.md``."""

DESIGN_FILE = re.compile(r"\bDESIGN\b|(?i:\bdesign\.md\b)")
"""The design file kept outside the repository, by its name: the word in capitals (as in
a section reference), or the file name in any case."""


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
        "the seeds' reading",
        "seeds 000/002",
        "The seed rules that the isle never turns neutral",
        "(UNCONFIRMED)",
    ):
        assert CITATION.search(text), text
    for text in (
        "A game with seed 7, replayed.",
        "随机种子 7",  # a game's random seed, in Chinese
        "The seed is shown, so the same battle can be played again.",
        "See docs/rules-notes.md for the choice and its reason.",
        "A LOWER bound; the hand is HIGHLIGHTED.",
    ):
        assert not CITATION.search(text), text


def test_the_design_scan_can_fail():
    """The name is spelt in pieces here, so that this file does not mention it."""
    name = "DES" + "IGN"
    for text in (f"See ``{name}.md`` §3.", f"({name} §2)", f"the {name.lower()}.md file"):
        assert DESIGN_FILE.search(text), text
    for text in ("The board's design is colour-blind safe.", "designed", "DESIGNER"):
        assert not DESIGN_FILE.search(text), text


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


# --------------------------------------------------------------------------- public docstrings

PACKAGE = ROOT / "cyclades_widgets"


def _is_public(name: str) -> bool:
    return not name.startswith("_") or (name.startswith("__") and name.endswith("__"))


def _attribute_docstrings(body: list[ast.stmt]) -> Iterator[tuple[str, int, str]]:
    """(name, line, text) of each public name assigned with a string right after it: a
    module's or class's ``NAME = ...``, or ``self.name = ...`` in ``__init__`` (Sphinx
    documents both)."""
    for node, following in zip(body, body[1:], strict=False):
        if not (
            isinstance(node, ast.Assign | ast.AnnAssign)
            and isinstance(following, ast.Expr)
            and isinstance(following.value, ast.Constant)
            and isinstance(following.value.value, str)
        ):
            continue
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        for target in targets:
            if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name):
                name = target.attr if target.value.id == "self" else "_"
            else:
                name = target.id if isinstance(target, ast.Name) else "_"
            if _is_public(name):
                yield name, following.lineno, following.value.value


def _docstrings(node: ast.Module | ast.ClassDef, prefix: str) -> Iterator[tuple[str, int, str]]:
    """(qualified name, line, text) of the docstrings of ``node`` and of its public names:
    classes (recursively), functions and methods, attributes."""
    text = ast.get_docstring(node, clean=False)
    if text:
        yield prefix, node.body[0].lineno, text
    for child in node.body:
        if isinstance(child, ast.ClassDef) and _is_public(child.name):
            yield from _docstrings(child, f"{prefix}.{child.name}")
        elif isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef) and _is_public(child.name):
            text = ast.get_docstring(child, clean=False)
            if text:
                yield f"{prefix}.{child.name}", child.body[0].lineno, text
            if child.name == "__init__" and isinstance(node, ast.ClassDef):
                for name, line, text in _attribute_docstrings(child.body):
                    yield f"{prefix}.{name}", line, text
    for name, line, text in _attribute_docstrings(node.body):
        yield f"{prefix}.{name}", line, text


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def public_docstrings() -> Iterator[tuple[str, str]]:
    """("path:line name", text) for every public docstring of the package's modules."""
    for path in sorted(PACKAGE.rglob("*.py")):
        if not all(_is_public(part.removesuffix(".py")) for part in path.relative_to(ROOT).parts):
            continue  # a private module
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        where = path.relative_to(ROOT)
        for name, line, text in _docstrings(tree, _module_name(path)):
            yield f"{where}:{line} {name}", text


def test_the_docstring_walk_reads_every_kind_of_public_docstring():
    """Modules, classes, methods, functions, attributes and the instance attributes set in
    ``__init__``; private names are left out."""
    tree = ast.parse(
        '"""module"""\n'
        'class A:\n    """class"""\n    x = 1\n    """attribute"""\n'
        '    def __init__(self):\n        self.v = 1\n        """instance attribute"""\n'
        '        self._w = 2\n        """private instance attribute"""\n'
        '    def f(self):\n        """method"""\n'
        '    def _g(self):\n        """private"""\n'
        'def h():\n    """function"""\n'
        'Y: int = 2\n"""constant"""\n'
        '_z = 3\n"""private constant"""\n'
    )
    found = {name: text for name, _, text in _docstrings(tree, "m")}
    assert found == {
        "m": "module",
        "m.A": "class",
        "m.A.x": "attribute",
        "m.A.v": "instance attribute",
        "m.A.f": "method",
        "m.h": "function",
        "m.Y": "constant",
    }


def test_no_public_docstring_cites_a_source():
    """What the API pages and Jupyter's Shift-Tab help show says what a thing does; the
    rule points and their sources are in docs/rules-notes.md."""
    texts = list(public_docstrings())
    assert len(texts) > 1000
    cited = [
        f"{where}: {match.group(0)!r}" for where, text in texts for match in CITATION.finditer(text)
    ]
    assert cited == []


# --------------------------------------------------------------------------- the repository


def _repository_files() -> list[Path]:
    """The files of the repository: tracked, or new and not ignored."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        check=True,
    ).stdout.decode("utf-8")
    return [ROOT / name for name in listed.split("\0") if name and (ROOT / name).is_file()]


def test_no_file_of_the_repository_mentions_the_design_file():
    """Code, docs, notebooks and tests explain the architecture with docs/architecture.md,
    never with a file kept outside the repository."""
    files = _repository_files()
    assert len(files) > 300
    found = []
    for path in files:
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:  # pictures and other binary files
            continue
        for number, line in enumerate(text.splitlines(), start=1):
            if DESIGN_FILE.search(line):
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()[:100]}")
    assert found == []
