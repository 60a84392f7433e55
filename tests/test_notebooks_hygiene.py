"""The tutorial notebooks as committed: the series is complete and in order, every notebook
has a title and ends with a "Try it yourself" cell, nothing is committed with outputs, the
README lists the series, and each notebook is exactly what its source in
``tools/notebooks/`` generates (``tools/make_notebooks.py``).

Running the notebooks is nbmake's job (``pytest tests notebooks --nbmake``, the README's
test command).
"""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path
from types import ModuleType

import nbformat
import pytest

REPO = Path(__file__).resolve().parents[1]
NOTEBOOKS = REPO / "notebooks"
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
"""The tutorial series, in order (issue 7)."""
TRY_IT = "## Try it yourself"


def _generator() -> ModuleType:
    path = REPO / "tools" / "make_notebooks.py"
    spec = importlib.util.spec_from_file_location("make_notebooks", path)
    assert spec is not None and spec.loader is not None, f"cannot load {path}"
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _read(stem: str) -> nbformat.NotebookNode:
    return nbformat.read(NOTEBOOKS / f"{stem}.ipynb", as_version=4)


def test_the_series_is_complete_and_nothing_else_is_numbered() -> None:
    """Exactly the eight tutorials, numbered 01 to 08."""
    found = tuple(sorted(p.stem for p in NOTEBOOKS.glob("*.ipynb")))
    assert found == SERIES


@pytest.mark.parametrize("stem", SERIES)
def test_notebook_is_valid_and_has_no_outputs(stem: str) -> None:
    """Committed without outputs, execution counts or saved widget state."""
    nb = _read(stem)
    nbformat.validate(nb)
    for index, cell in enumerate(nb.cells):
        if cell.cell_type == "code":
            assert cell.outputs == [], f"{stem} cell {index + 1} has outputs"
            assert cell.execution_count is None, f"{stem} cell {index + 1} has an execution count"
    assert "widgets" not in nb.metadata, f"{stem} carries saved widget state"


@pytest.mark.parametrize("stem", SERIES)
def test_notebook_has_a_numbered_title(stem: str) -> None:
    """The first cell is a markdown title '# <n>. ...' matching the file's number."""
    first = _read(stem).cells[0]
    assert first.cell_type == "markdown"
    title = first.source.splitlines()[0]
    number = int(stem[:2])
    assert re.match(rf"# {number}\. \S", title), f"{stem}: title {title!r}"


@pytest.mark.parametrize("stem", SERIES)
def test_notebook_ends_with_try_it_yourself(stem: str) -> None:
    """The last section is 'Try it yourself', ending with a code cell to change and run."""
    cells = _read(stem).cells
    markdown = [i for i, c in enumerate(cells) if c.cell_type == "markdown"]
    last_md = markdown[-1]
    assert cells[last_md].source.splitlines()[0].strip() == TRY_IT, (
        f"{stem}: the last markdown cell is not a '{TRY_IT}' section"
    )
    tail = cells[last_md + 1 :]
    assert tail and all(c.cell_type == "code" for c in tail), f"{stem}: no code to try"
    assert any(line.strip() for line in tail[-1].source.splitlines())


@pytest.mark.parametrize("stem", SERIES)
def test_notebook_imports_the_package_as_cw(stem: str) -> None:
    """Every tutorial starts from the public API, ``import cyclades_widgets as cw``."""
    code = "\n".join(c.source for c in _read(stem).cells if c.cell_type == "code")
    assert "import cyclades_widgets as cw" in code
    assert "cyclades_widgets.rules" not in code, f"{stem} reaches into the rules core"


def test_readme_lists_the_series_in_order() -> None:
    """notebooks/README.md links every tutorial, in series order."""
    text = (NOTEBOOKS / "README.md").read_text(encoding="utf-8")
    positions = [text.find(f"({stem}.ipynb)") for stem in SERIES]
    assert all(p >= 0 for p in positions), f"README links: {dict(zip(SERIES, positions))}"
    assert positions == sorted(positions)


@pytest.mark.parametrize("stem", SERIES)
def test_notebook_is_fresh_from_its_source(stem: str) -> None:
    """The committed notebook is exactly what tools/make_notebooks.py generates from
    tools/notebooks/<stem>.md (edit the source, then run the generator)."""
    generator = _generator()
    source = generator.SOURCES / f"{stem}.md"
    assert source.exists(), f"{source.relative_to(REPO)} is missing"
    committed = (NOTEBOOKS / f"{stem}.ipynb").read_text(encoding="utf-8")
    assert committed == generator.render(source), (
        f"notebooks/{stem}.ipynb is stale: run .venv/bin/python tools/make_notebooks.py"
    )


def test_generator_parses_cells_and_fences() -> None:
    """The source format: '+++' splits markdown, ```{code-cell} makes code, other fences
    stay in the markdown."""
    generator = _generator()
    text = (
        "# 1. Title\n\nIntro\n+++\nMore\n```python\nshown = 1\n```\n"
        "```{code-cell}\nx = 1\n\ny = 2\n```\n## Try it yourself\n```{code-cell}\nx\n```\n"
    )
    assert generator.parse(text) == [
        ("markdown", "# 1. Title\n\nIntro"),
        ("markdown", "More\n```python\nshown = 1\n```"),
        ("code", "x = 1\n\ny = 2"),
        ("markdown", "## Try it yourself"),
        ("code", "x"),
    ]
    with pytest.raises(generator.SourceError, match="never closed"):
        generator.parse("```{code-cell}\nx = 1\n")


def test_generated_notebook_has_stable_ids_and_no_outputs(tmp_path: Path) -> None:
    """Generating twice gives the same bytes; ids are '<stem>-<index>'."""
    generator = _generator()
    source = tmp_path / "09-example.md"
    source.write_text("# 9. Example\n```{code-cell}\nprint(1)\n```\n", encoding="utf-8")
    text = generator.render(source)
    assert text == generator.render(source)
    data = json.loads(text)
    assert [c["id"] for c in data["cells"]] == ["09-example-00", "09-example-01"]
    assert data["cells"][1]["outputs"] == [] and data["cells"][1]["execution_count"] is None
