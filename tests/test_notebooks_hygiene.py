"""The tutorial notebooks as committed, in ``notebooks/<lang>/`` (one folder per language,
each checked the same way): every track's series is complete and in order, every notebook
has a numbered title and ends with a "Try it yourself" cell (in the track's language),
nothing is committed with outputs, each track's README lists its series, and each notebook
is exactly what its source in ``tools/notebooks/<lang>/`` generates
(``tools/make_notebooks.py``).

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
from notebook_run import HEADINGS

REPO = Path(__file__).resolve().parents[1]
ROOT = REPO / "notebooks"
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
LANGS = tuple(sorted(p.name for p in ROOT.iterdir() if p.is_dir()))
"""The language folders of notebooks/ (en; zh and fr when their tracks are written)."""
EVERY = [(lang, p.stem) for lang in LANGS for p in sorted((ROOT / lang).glob("[0-9][0-9]-*.ipynb"))]
"""(language, stem) of every numbered notebook of every language."""


def _generator() -> ModuleType:
    path = REPO / "tools" / "make_notebooks.py"
    spec = importlib.util.spec_from_file_location("make_notebooks", path)
    assert spec is not None and spec.loader is not None, f"cannot load {path}"
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _read(stem: str, lang: str = "en") -> nbformat.NotebookNode:
    return nbformat.read(ROOT / lang / f"{stem}.ipynb", as_version=4)


@pytest.mark.parametrize("lang", LANGS)
def test_the_series_is_complete_and_nothing_else_is_numbered(lang: str) -> None:
    """Exactly the eight tutorials, numbered 01 to 08, in every language folder."""
    found = tuple(sorted(p.stem for p in (ROOT / lang).glob("*.ipynb")))
    assert found == SERIES, f"notebooks/{lang}/"


def test_notebooks_live_in_language_folders() -> None:
    """``notebooks/<lang>/NN-name.ipynb``: nothing numbered at the top, every folder is a
    language with a catalog (i18n), and a translated track uses the English file names, so
    a learner finds the same notebook under each language."""
    from cyclades_widgets.i18n import LANGS as CATALOGS

    assert not list(ROOT.glob("*.ipynb")), "notebooks belong in notebooks/<lang>/"
    assert "en" in LANGS
    for lang in LANGS:
        assert lang in (*CATALOGS, "fr"), f"notebooks/{lang}/ is not a language code"
        stems = {p.stem for p in (ROOT / lang).glob("*.ipynb")}
        assert stems <= set(SERIES), f"notebooks/{lang}/ has names outside the series: {stems}"


@pytest.mark.parametrize(("lang", "stem"), EVERY)
def test_notebook_is_valid_and_has_no_outputs(lang: str, stem: str) -> None:
    """Committed without outputs, execution counts or saved widget state."""
    nb = _read(stem, lang)
    nbformat.validate(nb)
    for index, cell in enumerate(nb.cells):
        if cell.cell_type == "code":
            assert cell.outputs == [], f"{stem} cell {index + 1} has outputs"
            assert cell.execution_count is None, f"{stem} cell {index + 1} has an execution count"
    assert "widgets" not in nb.metadata, f"{stem} carries saved widget state"


@pytest.mark.parametrize(("lang", "stem"), EVERY)
def test_notebook_has_a_numbered_title(lang: str, stem: str) -> None:
    """The first cell is a markdown title '# <n>. ...' matching the file's number."""
    first = _read(stem, lang).cells[0]
    assert first.cell_type == "markdown"
    title = first.source.splitlines()[0]
    number = int(stem[:2])
    assert re.match(rf"# {number}\. \S", title), f"{stem}: title {title!r}"


@pytest.mark.parametrize(("lang", "stem"), EVERY)
def test_notebook_ends_with_try_it_yourself(lang: str, stem: str) -> None:
    """The last section is 'Try it yourself' (in the track's language: notebook_run.HEADINGS),
    ending with a code cell to change and run."""
    try_it = HEADINGS[lang]["try"]
    cells = _read(stem, lang).cells
    markdown = [i for i, c in enumerate(cells) if c.cell_type == "markdown"]
    last_md = markdown[-1]
    assert cells[last_md].source.splitlines()[0].strip() == try_it, (
        f"{lang}/{stem}: the last markdown cell is not a '{try_it}' section"
    )
    tail = cells[last_md + 1 :]
    assert tail and all(c.cell_type == "code" for c in tail), f"{stem}: no code to try"
    assert any(line.strip() for line in tail[-1].source.splitlines())


@pytest.mark.parametrize(("lang", "stem"), EVERY)
def test_notebook_imports_the_package_as_cw(lang: str, stem: str) -> None:
    """Every tutorial starts from the public API, ``import cyclades_widgets as cw``."""
    code = "\n".join(c.source for c in _read(stem, lang).cells if c.cell_type == "code")
    assert "import cyclades_widgets as cw" in code
    assert "cyclades_widgets.rules" not in code, f"{stem} reaches into the rules core"


@pytest.mark.parametrize(("lang", "stem"), EVERY)
def test_notebook_sets_its_own_language_first(lang: str, stem: str) -> None:
    """A track speaks its own language whatever the reader's locale: its first code cell
    sets it (an English notebook under a French locale would otherwise show French tables
    to English code, and the column names in its code would not be found)."""
    first = next(c.source for c in _read(stem, lang).cells if c.cell_type == "code")
    assert f'cw.set_language("{lang}")' in first


@pytest.mark.parametrize("lang", LANGS)
def test_readme_lists_the_series_in_order(lang: str) -> None:
    """notebooks/<lang>/README.md links every tutorial, in series order; notebooks/README.md
    links every language folder."""
    index = (ROOT / "README.md").read_text(encoding="utf-8")
    assert f"({lang}/README.md)" in index, f"notebooks/README.md does not link {lang}/"
    assert (ROOT / lang / "README.md").is_file(), f"notebooks/{lang}/ has no README.md"
    text = (ROOT / lang / "README.md").read_text(encoding="utf-8")
    positions = [text.find(f"({stem}.ipynb)") for stem in SERIES]
    assert all(p >= 0 for p in positions), f"{lang} README links: {dict(zip(SERIES, positions))}"
    assert positions == sorted(positions)


@pytest.mark.parametrize(("lang", "stem"), EVERY)
def test_notebook_is_fresh_from_its_source(lang: str, stem: str) -> None:
    """The committed notebook is exactly what tools/make_notebooks.py generates from
    tools/notebooks/<lang>/<stem>.md (edit the source, then run the generator)."""
    generator = _generator()
    source = generator.SOURCES / lang / f"{stem}.md"
    assert source.exists(), f"{source.relative_to(REPO)} is missing"
    committed = (ROOT / lang / f"{stem}.ipynb").read_text(encoding="utf-8")
    assert committed == generator.render(source), (
        f"notebooks/{lang}/{stem}.ipynb is stale: run .venv/bin/python tools/make_notebooks.py"
    )


def test_every_source_has_its_notebook_and_every_notebook_its_source() -> None:
    """The generator's own check over every language: nothing stale, missing or orphaned."""
    generator = _generator()
    assert "en" in generator.languages()
    assert set(generator.languages()) == set(LANGS), "a language folder without sources"
    assert generator.stale() == []
    for lang in generator.languages():
        made = [generator.target(s).relative_to(ROOT).as_posix() for s in generator.sources(lang)]
        assert made == [f"{lang}/{stem}.ipynb" for stem in SERIES]


def test_generator_handles_every_language_folder(tmp_path: Path, monkeypatch) -> None:
    """A new language is a new source folder: the generator writes notebooks/<lang>/ for
    it, and reports a notebook whose source is gone."""
    generator = _generator()
    sources, notebooks = tmp_path / "tools" / "notebooks", tmp_path / "notebooks"
    for lang, title in (("en", "# 1. First"), ("zh", "# 1. 第一")):
        (sources / lang).mkdir(parents=True)
        (sources / lang / "01-first.md").write_text(
            f"{title}\n```{{code-cell}}\nimport cyclades_widgets as cw\n```\n", encoding="utf-8"
        )
    monkeypatch.setattr(generator, "ROOT", tmp_path)
    monkeypatch.setattr(generator, "SOURCES", sources)
    monkeypatch.setattr(generator, "NOTEBOOKS", notebooks)
    assert generator.languages() == ["en", "zh"]
    assert generator.main(["--check"]) == 1  # nothing generated yet
    assert generator.main([]) == 0
    assert generator.main(["--check"]) == 0
    zh = json.loads((notebooks / "zh" / "01-first.ipynb").read_text(encoding="utf-8"))
    assert "".join(zh["cells"][0]["source"]) == "# 1. 第一"
    (sources / "zh" / "01-first.md").unlink()
    assert generator.orphans() == [notebooks / "zh" / "01-first.ipynb"]
    assert generator.main(["--check"]) == 1


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


def test_make_test_runs_every_language_folder() -> None:
    """``make test`` gives nbmake the whole notebooks/ folder, so every language's tutorials
    run in a kernel, not only the English ones."""
    makefile = (REPO / "Makefile").read_text(encoding="utf-8")
    nb_dir = re.search(r"^NB_DIR\s*:=\s*(.+)$", makefile, re.M)
    assert nb_dir and nb_dir.group(1).strip() == "$(if $(wildcard notebooks/*/*.ipynb),notebooks,)"
    assert re.search(r"\$\(BIN\)/pytest tests \$\(NB_DIR\) --nbmake\b", makefile)
    assert len(LANGS) >= 2 and all(list((ROOT / lang).glob("*.ipynb")) for lang in LANGS)
