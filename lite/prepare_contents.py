"""Make the JupyterLite copies of the tutorial notebooks.

    python lite/prepare_contents.py notebooks build/lite/contents

The tutorials in ``notebooks/<lang>/`` are written for a normal Jupyter kernel, where
``cyclades_widgets`` is already installed. In JupyterLite every browser tab starts with a bare
Pyodide kernel, so each Lite copy gets one extra code cell after its title cell: it installs the
package, the widget libraries and pandas from the Lite site itself (``%pip`` is ``piplite``
there). The copies also name the kernel Lite actually has (``python``, "Python (Pyodide)")
instead of ``python3``; Lite would fall back to it by language anyway, but this way a
notebook saved from Lite says what ran it.

The folder is copied whole, its language folders included (``en/01-first-look.ipynb``...);
everything else in it (the READMEs, data files) is copied unchanged. The sources in
``notebooks/`` are never modified. Standard library only, so any Python can run it.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
from pathlib import Path

#: What the install cell installs. The wheels of the first three come with the Lite site
#: (``lite/wheels.txt`` and the locally built ``cyclades_widgets`` wheel); pandas and the
#: package's own dependencies (jsonschema, tqdm) come from the Pyodide distribution.
LITE_PACKAGES = ("cyclades_widgets", "anywidget", "ipycanvas", "pandas")

INSTALL_CELL_ID = "lite-install"
INSTALL_SOURCE = (
    "# JupyterLite only: install cyclades_widgets into this browser tab (a few seconds).\n"
    f"%pip install -q {' '.join(LITE_PACKAGES)}"
)

#: The kernel the JupyterLite Pyodide kernel registers (its name is ``python``).
LITE_KERNELSPEC = {"display_name": "Python (Pyodide)", "language": "python", "name": "python"}

SKIPPED = {".ipynb_checkpoints", "__pycache__"}


def install_cell() -> dict:
    """The code cell that installs the package in the Pyodide kernel."""
    return {
        "cell_type": "code",
        "execution_count": None,
        "id": INSTALL_CELL_ID,
        "metadata": {"tags": ["jupyterlite"]},
        "outputs": [],
        "source": INSTALL_SOURCE.splitlines(keepends=True),
    }


def has_install_cell(notebook: dict) -> bool:
    """True if the notebook already installs cyclades_widgets (then it is left as it is)."""
    for cell in notebook.get("cells", []):
        text = "".join(cell.get("source", []))
        installs = "%pip install" in text or "piplite.install" in text
        if cell.get("id") == INSTALL_CELL_ID or (installs and "cyclades_widgets" in text):
            return True
    return False


def lite_notebook(notebook: dict) -> dict:
    """A copy of ``notebook`` for JupyterLite: the install cell after the title, Pyodide kernel."""
    result = json.loads(json.dumps(notebook))
    cells = result.setdefault("cells", [])
    if not has_install_cell(result):
        at = 1 if cells and cells[0].get("cell_type") == "markdown" else 0
        cells.insert(at, install_cell())
    result.setdefault("metadata", {})["kernelspec"] = dict(LITE_KERNELSPEC)
    return result


def prepare(source: Path, target: Path) -> list[Path]:
    """Copy ``source`` into a fresh ``target``, notebooks (in any sub-folder) through
    :func:`lite_notebook`.

    Returns the notebooks written. Raises ``FileNotFoundError`` if ``source`` has none.
    """
    found = sorted(source.rglob("*.ipynb"))
    notebooks = [p for p in found if not SKIPPED & set(p.relative_to(source).parts)]
    if not notebooks:
        raise FileNotFoundError(f"no notebooks in {source}: nothing to put in the Lite site")
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(source, target, ignore=shutil.ignore_patterns(*SKIPPED))
    written = []
    for path in notebooks:
        notebook = json.loads(path.read_text("utf-8"))
        out = target / path.relative_to(source)
        out.write_text(json.dumps(lite_notebook(notebook), indent=1, ensure_ascii=False) + "\n")
        written.append(out)
    return written


def main(argv: list[str] | None = None) -> int:
    """Command line: ``prepare_contents.py SOURCE TARGET``."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("source", type=Path, help="the tutorial folder (notebooks/)")
    parser.add_argument("target", type=Path, help="where the Lite copies go (replaced)")
    args = parser.parse_args(argv)
    try:
        written = prepare(args.source, args.target)
    except FileNotFoundError as err:
        print(f"prepare_contents: {err}", file=sys.stderr)
        return 1
    print(f"prepare_contents: {len(written)} notebooks for JupyterLite in {args.target}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
