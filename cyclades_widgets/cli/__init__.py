"""Command line: ``python -m cyclades_widgets`` (also installed as ``cyclades-widgets``).

- ``validate FILE...``: check game records; a clear error and a non-zero exit on a bad one.
- ``replay FILE [--lang zh]``: print the narrated game with its annotations.
- ``demo``: start JupyterLab on the first tutorial notebook (as ``make demo`` does).

Each command is a module of this package with ``add(commands)``, which declares its
arguments, and ``run(args, out, err)``, which returns the exit status.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import TextIO

from . import demo, records
from .demo import DEMO_NOTEBOOKS, find_demo_notebook

__all__ = ["DEMO_NOTEBOOKS", "build_parser", "find_demo_notebook", "main"]

COMMANDS = {"validate": records, "replay": records, "demo": demo}
"""Command name → the module that runs it."""


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every command."""
    parser = argparse.ArgumentParser(
        prog="cyclades-widgets",
        description="Learn and teach the board game Cyclades: check and replay game records, "
        "or open the tutorials in JupyterLab.",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for module in dict.fromkeys(COMMANDS.values()):
        module.add(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    args = build_parser().parse_args(argv)
    _make_output_safe(sys.stdout)
    status: int = COMMANDS[args.command].run(args, sys.stdout, sys.stderr)
    return status


def _make_output_safe(stream: TextIO) -> None:
    # A terminal without UTF-8 still shows the Chinese narration as escapes, not a crash.
    reconfigure = getattr(stream, "reconfigure", None)
    if reconfigure is not None:
        reconfigure(errors="backslashreplace")
