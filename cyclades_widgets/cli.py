"""Command line: ``python -m cyclades_widgets`` (also installed as ``cyclades-widgets``).

- ``validate FILE...``: check game records; a clear error and a non-zero exit on a bad one.
- ``replay FILE [--lang zh]``: print the narrated game with its annotations.
- ``demo``: start JupyterLab on the first tutorial notebook (as ``make demo`` does).
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from .rules.errors import RecordError

__all__ = ["DEMO_NOTEBOOKS", "build_parser", "find_demo_notebook", "main"]

DEMO_NOTEBOOKS = ("01-first-look.ipynb", "00-quick-look.ipynb")
"""The first tutorial, in order of preference (the same choice as ``make demo``)."""


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with its three commands."""
    parser = argparse.ArgumentParser(
        prog="cyclades-widgets",
        description="Learn and teach the board game Cyclades: check and replay game records, "
        "or open the tutorials in JupyterLab.",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    validate = commands.add_parser(
        "validate", help="check game records (exit status 1 if any is bad)"
    )
    validate.add_argument("files", nargs="+", metavar="FILE", help="record files (.json)")
    replay = commands.add_parser("replay", help="print a record as a narrated game")
    replay.add_argument("file", metavar="FILE", help="a record file (.json)")
    replay.add_argument("--lang", choices=("en", "zh"), default="en", help="language (en, zh)")
    replay.add_argument("--no-variations", action="store_true", help="print the main line only")
    demo = commands.add_parser("demo", help="start JupyterLab on the first tutorial notebook")
    demo.add_argument(
        "--dry-run", action="store_true", help="print the command instead of running it"
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    args = build_parser().parse_args(argv)
    _make_output_safe(sys.stdout)
    if args.command == "validate":
        return _validate(args.files, sys.stdout, sys.stderr)
    if args.command == "replay":
        return _replay(args.file, args.lang, not args.no_variations, sys.stdout, sys.stderr)
    return _demo(args.dry_run, sys.stdout, sys.stderr)


def _make_output_safe(stream: TextIO) -> None:
    # A terminal without UTF-8 still shows the Chinese narration as escapes, not a crash.
    reconfigure = getattr(stream, "reconfigure", None)
    if reconfigure is not None:
        reconfigure(errors="backslashreplace")


# --------------------------------------------------------------------------- validate


def _validate(files: Sequence[str], out: TextIO, err: TextIO) -> int:
    from .game import GameRecord

    bad = 0
    for name in files:
        try:
            record = GameRecord.load(name)
        except RecordError as exc:
            bad += 1
            print(f"{name}: invalid record: {exc}", file=err)
            continue
        variations = _count(record.variations)
        print(f"{name}: ok ({len(record)} steps, {variations} variations)", file=out)
    if bad:
        print(f"{bad} of {len(files)} record(s) invalid", file=err)
    return 1 if bad else 0


def _count(variations: Sequence[object]) -> int:
    return sum(1 + _count(getattr(v, "variations", [])) for v in variations)


# --------------------------------------------------------------------------- replay


def _replay(name: str, lang: str, variations: bool, out: TextIO, err: TextIO) -> int:
    from .game import GameRecord
    from .records.text import record_text

    try:
        record = GameRecord.load(name)
    except RecordError as exc:
        print(f"{name}: invalid record: {exc}", file=err)
        return 1
    for line in record_text(record, lang, variations=variations):
        print(line, file=out)
    return 0


# --------------------------------------------------------------------------- demo


def find_demo_notebook(start: Path | None = None) -> Path | None:
    """The first tutorial notebook: in ``notebooks/`` of the current folder, of the
    checkout the package lives in, or of a parent folder."""
    package_root = Path(__file__).resolve().parent.parent
    places = [Path.cwd() if start is None else start, package_root]
    for place in places:
        for folder in (place, *place.parents):
            for name in DEMO_NOTEBOOKS:
                candidate = folder / "notebooks" / name
                if candidate.is_file():
                    return candidate
    return None


def _demo(dry_run: bool, out: TextIO, err: TextIO) -> int:
    notebook = find_demo_notebook()
    if notebook is None:
        print(
            "cannot find the first tutorial (notebooks/01-first-look.ipynb or "
            "notebooks/00-quick-look.ipynb); run this command from the cyclades_widgets "
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
