"""Command line: ``python -m cyclades_widgets`` (also installed as ``cyclades-widgets``).

- ``validate FILE...``: check game records; a clear error and a non-zero exit on a bad one.
- ``replay FILE [--lang zh]``: print the narrated game with its annotations.
- ``tutorials [DIR] [--lang en|zh|fr] [--force]``: copy the tutorial notebooks into a folder.
- ``demo [DIR]``: copy the tutorials if needed and open JupyterLab on the first one.
- ``classroom DIR``: write a class pack for nbgrader (assignments with tests to grade).

Each command is a module of this package with ``add(commands, lang)``, which declares its
arguments (their help in ``lang``), and ``run(args, out, err)``, which returns the exit
status. Every line printed comes from the ``cli.*`` catalog entries (:mod:`.text`).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import TextIO

from . import classroom, demo, records, tutorials
from .text import asked_language, message_language, say

__all__ = ["build_parser", "main"]

COMMANDS = {
    "validate": records,
    "replay": records,
    "tutorials": tutorials,
    "demo": demo,
    "classroom": classroom,
}
"""Command name → the module that runs it."""


def build_parser(lang: str | None = None) -> argparse.ArgumentParser:
    """The argument parser with every command, its help in ``lang`` (None: the session's
    language)."""
    lang = message_language(lang)
    parser = argparse.ArgumentParser(prog="cyclades-widgets", description=say("help.main", lang))
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for module in dict.fromkeys(COMMANDS.values()):
        module.add(commands, lang)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    arguments = list(sys.argv[1:] if argv is None else argv)
    args = build_parser(asked_language(arguments)).parse_args(arguments)
    _make_output_safe(sys.stdout)
    _make_output_safe(sys.stderr)
    status: int = COMMANDS[args.command].run(args, sys.stdout, sys.stderr)
    return status


def _make_output_safe(stream: TextIO) -> None:
    # A terminal without UTF-8 still shows the Chinese texts as escapes, not a crash.
    reconfigure = getattr(stream, "reconfigure", None)
    if reconfigure is not None:
        reconfigure(errors="backslashreplace")
