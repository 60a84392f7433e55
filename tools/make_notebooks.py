"""Build the tutorial notebooks in ``notebooks/<lang>/`` from their sources in
``tools/notebooks/<lang>/``, for every language folder there is (``en``, later ``zh``, ``fr``).

The notebooks are generated, not hand-edited: edit the source, then run

    .venv/bin/python tools/make_notebooks.py          # rewrite notebooks/<lang>/*.ipynb
    .venv/bin/python tools/make_notebooks.py --check  # exit 1 if any notebook is stale

``tests/test_notebooks_hygiene.py`` fails when a committed notebook differs from what its
source generates, so the two never drift apart. A numbered notebook without a source is
reported too (a source was renamed or removed): delete it.

A new language is a new folder ``tools/notebooks/<lang>/`` with sources named like the
English ones (``01-first-look.md``...); the generator writes ``notebooks/<lang>/``.

Source format (one ``.md`` file per notebook, same stem as the notebook):

- Markdown text becomes markdown cells. A line holding only ``+++`` ends one markdown
  cell and starts the next (one idea per cell).
- A fenced block opened by a line ```` ```{code-cell} ```` and closed by ```` ``` ````
  becomes one code cell. Any other fence (```` ```python ````, ```` ```text ````) stays
  inside the markdown, as an example to read rather than to run.

The output has no outputs and no execution counts, and stable cell ids
(``<stem>-<index>``), so generating twice gives the same bytes.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ROOT / "tools" / "notebooks"
NOTEBOOKS = ROOT / "notebooks"

CODE_OPEN = "```{code-cell}"
FENCE = "```"
BREAK = "+++"

KERNELSPEC = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
LANGUAGE_INFO = {"name": "python", "pygments_lexer": "ipython3"}


class SourceError(ValueError):
    """A notebook source that does not follow the format above (the message says where)."""


def parse(text: str, name: str = "<source>") -> list[tuple[str, str]]:
    """Split a source into ``(kind, text)`` cells, kind ``"markdown"`` or ``"code"``.

    >>> parse("# Title\\n+++\\nMore\\n```{code-cell}\\nx = 1\\n```\\n")
    [('markdown', '# Title'), ('markdown', 'More'), ('code', 'x = 1')]
    """
    cells: list[tuple[str, str]] = []
    lines: list[str] = []
    in_code = in_other_fence = False
    opened_at = 0

    def flush(kind: str) -> None:
        body = "\n".join(lines).strip("\n")
        if kind == "code" or body.strip():
            cells.append((kind, body))
        lines.clear()

    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if in_code:
            if stripped == FENCE:
                flush("code")
                in_code = False
            else:
                lines.append(line)
        elif in_other_fence:
            lines.append(line)
            if stripped == FENCE:
                in_other_fence = False
        elif stripped.startswith(CODE_OPEN):
            flush("markdown")
            in_code, opened_at = True, number
        elif stripped.startswith(FENCE):
            lines.append(line)
            in_other_fence, opened_at = True, number
        elif stripped == BREAK:
            flush("markdown")
        else:
            lines.append(line)
    if in_code or in_other_fence:
        raise SourceError(f"{name}: the fence opened on line {opened_at} is never closed")
    flush("markdown")
    for kind, body in cells:
        if kind == "code" and not body.strip():
            raise SourceError(f"{name}: an empty code cell")
    return cells


def build(source: Path) -> nbformat.NotebookNode:
    """The notebook generated from one source file."""
    cells = parse(source.read_text(encoding="utf-8"), source.name)
    nb = nbformat.v4.new_notebook()
    nb.metadata = {"kernelspec": dict(KERNELSPEC), "language_info": dict(LANGUAGE_INFO)}
    for index, (kind, body) in enumerate(cells):
        cell_id = f"{source.stem}-{index:02d}"
        if kind == "code":
            nb.cells.append(nbformat.v4.new_code_cell(body, id=cell_id))
        else:
            nb.cells.append(nbformat.v4.new_markdown_cell(body, id=cell_id))
    nbformat.validate(nb)
    return nb


def render(source: Path) -> str:
    """The exact text of the generated notebook (what is committed)."""
    return nbformat.writes(build(source)) + "\n"


NUMBERED = "[0-9][0-9]-*"
"""The names of the series' notebooks and sources (``01-first-look``)."""


def languages() -> list[str]:
    """The language folders that have notebook sources (``["en"]``, later ``zh``, ``fr``)."""
    folders = (p for p in SOURCES.iterdir() if p.is_dir())
    return sorted(p.name for p in folders if any(p.glob(NUMBERED + ".md")))


def sources(lang: str | None = None) -> list[Path]:
    """The notebook sources of one language (None: every language), in series order."""
    langs = languages() if lang is None else [lang]
    return [s for code in langs for s in sorted((SOURCES / code).glob(NUMBERED + ".md"))]


def target(source: Path) -> Path:
    """The notebook a source generates: ``tools/notebooks/en/01-x.md`` gives
    ``notebooks/en/01-x.ipynb``."""
    return NOTEBOOKS / source.parent.name / f"{source.stem}.ipynb"


def orphans() -> list[Path]:
    """Numbered notebooks that no source generates."""
    made = {target(s) for s in sources()}
    found = sorted(NOTEBOOKS.glob(f"*/{NUMBERED}.ipynb"))
    return [path for path in found if path not in made]


def stale() -> list[Path]:
    """Notebooks that are missing or differ from what their source generates, and
    notebooks that no source generates."""
    changed = [
        target(s)
        for s in sources()
        if not target(s).exists() or target(s).read_text(encoding="utf-8") != render(s)
    ]
    return changed + orphans()


def main(argv: list[str] | None = None) -> int:
    """Write the notebooks, or with ``--check`` report the stale ones."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="only report stale notebooks")
    args = parser.parse_args(argv)
    if args.check:
        old = stale()
        for path in old:
            print(f"stale: {path.relative_to(ROOT)} (run tools/make_notebooks.py)")
        return 1 if old else 0
    for source in sources():
        target(source).parent.mkdir(parents=True, exist_ok=True)
        target(source).write_text(render(source), encoding="utf-8")
        print(f"wrote {target(source).relative_to(ROOT)}")
    for path in orphans():
        print(f"no source for {path.relative_to(ROOT)}: delete it or restore its source")
    return 1 if orphans() else 0


if __name__ == "__main__":
    sys.exit(main())
