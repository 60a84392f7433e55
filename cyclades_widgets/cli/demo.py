"""``demo``: start JupyterLab on the first tutorial notebook (as ``make demo`` does)."""

from __future__ import annotations

import argparse
import importlib.util
import os
import subprocess
import sys
from pathlib import Path
from typing import Any, TextIO

__all__ = ["DEMO_NOTEBOOKS", "add", "find_demo_notebook", "run"]

DEMO_NOTEBOOKS = ("01-first-look.ipynb", "00-quick-look.ipynb")
"""The first tutorial, in order of preference (the same choice as ``make demo``)."""


def add(commands: Any) -> None:
    """Declare ``demo`` on the parser's sub-commands."""
    demo = commands.add_parser("demo", help="start JupyterLab on the first tutorial notebook")
    demo.add_argument(
        "--dry-run", action="store_true", help="print the command instead of running it"
    )


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Start JupyterLab (or print the command); returns the exit status."""
    return _demo(args.dry_run, out, err)


def find_demo_notebook(start: Path | None = None) -> Path | None:
    """The first tutorial notebook: in ``notebooks/`` of the current folder, of the
    checkout the package lives in, or of a parent folder."""
    package_root = Path(__file__).resolve().parents[2]
    places = [Path.cwd() if start is None else start, package_root]
    for place in places:
        for folder in (place, *place.parents):
            for name in DEMO_NOTEBOOKS:
                candidate = folder / "notebooks" / "en" / name
                if candidate.is_file():
                    return candidate
    return None


def _demo(dry_run: bool, out: TextIO, err: TextIO) -> int:
    notebook = find_demo_notebook()
    if notebook is None:
        print(
            "cannot find the first tutorial (notebooks/en/01-first-look.ipynb or "
            "notebooks/en/00-quick-look.ipynb); run this command from the cyclades_widgets "
            "checkout",
            file=err,
        )
        return 1
    if importlib.util.find_spec("jupyterlab") is None:
        print(
            "JupyterLab is not installed. Install it with the widgets extra:\n"
            "    pip install 'cyclades_widgets[widgets]'\n"
            "or run 'make demo' in the checkout.",
            file=err,
        )
        return 1
    command = [sys.executable, "-m", "jupyterlab", "--ServerApp.ip=127.0.0.1"]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        command.append("--allow-root")  # JupyterLab refuses root unless told
    command.append(str(notebook))
    if dry_run:
        print(" ".join(command), file=out)
        return 0
    print(f"Starting JupyterLab on {notebook} (Ctrl+C to stop)", file=out)
    try:
        return subprocess.call(command)
    except KeyboardInterrupt:
        return 0
