"""Command line: ``python -m cyclades_widgets`` (also installed as ``cyclades-widgets``).

- ``validate FILE...``: check game records; a clear error and a non-zero exit on a bad one.
- ``replay FILE [--lang zh]``: print the narrated game with its annotations.
- ``tutorials [DIR] [--lang en|zh|fr] [--force]``: copy the tutorial notebooks into a folder.
- ``demo [DIR]``: copy the tutorials if needed and open JupyterLab on the first one.
- ``classroom DIR``: write a class pack for nbgrader (assignments with tests to grade).
- ``review FILE [--level strong] [--workers N] [--out OUT]``: review every decision of a
  record with the search (a progress bar), print the mistakes, write the result.

Each command is a module of this package with ``add(commands, lang)``, which declares its
arguments (their help in ``lang``), and ``run(args, out, err)``, which returns the exit
status. Every line printed comes from the ``cli.*`` catalog entries (:mod:`.text`), and
goes out with its control characters escaped (:func:`.text.escape_controls`). When the
reader of the output goes away (``replay FILE | head -1``), the command stops quietly with
status 141 (128 + SIGPIPE), as Unix tools do.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Iterator, Sequence
from typing import TextIO, cast

from .. import i18n
from . import classroom, demo, records, review, tutorials
from .text import EscapedOutput, asked_language, message_language

__all__ = ["build_parser", "main"]

COMMANDS = {
    "validate": records,
    "replay": records,
    "tutorials": tutorials,
    "demo": demo,
    "classroom": classroom,
    "review": review,
}
"""Command name → the module that runs it."""


def build_parser(lang: str | None = None) -> argparse.ArgumentParser:
    """The argument parser with every command, its help in ``lang`` (None: the session's
    language)."""
    lang = message_language(lang)
    parser = argparse.ArgumentParser(
        prog="cyclades-widgets", description=i18n.text("cli.help.main", lang)
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for module in dict.fromkeys(COMMANDS.values()):
        module.add(commands, lang)
    return parser


BROKEN_PIPE = 141
"""The exit status when the output's reader has gone (128 + SIGPIPE, as the shell shows a
Unix tool stopped by it)."""


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    arguments = list(sys.argv[1:] if argv is None else argv)
    _make_output_safe(sys.stdout)
    _make_output_safe(sys.stderr)
    try:
        with _escaped_output():
            try:
                args = build_parser(asked_language(arguments)).parse_args(arguments)
                status: int = COMMANDS[args.command].run(args, sys.stdout, sys.stderr)
            finally:  # also after --help: a closed pipe shows here, not at exit
                sys.stdout.flush()
    except BrokenPipeError:
        _silence_stdout()
        return BROKEN_PIPE
    return status


@contextlib.contextmanager
def _escaped_output() -> Iterator[None]:
    """sys.stdout and sys.stderr escape control characters while the command runs
    (argparse writes its errors there too)."""
    saved = sys.stdout, sys.stderr
    sys.stdout = cast(TextIO, EscapedOutput(saved[0]))
    sys.stderr = cast(TextIO, EscapedOutput(saved[1]))
    try:
        yield
    finally:
        sys.stdout, sys.stderr = saved


def _silence_stdout() -> None:
    # Nobody reads any more: later writes (the flush at exit) go to /dev/null, so Python
    # prints no "Exception ignored ... BrokenPipeError" either.
    try:
        fd = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):
        return  # not a real file (a test's capture)
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, fd)
    os.close(devnull)


def _make_output_safe(stream: TextIO) -> None:
    # A terminal without UTF-8 still shows the Chinese texts as escapes, not a crash.
    reconfigure = getattr(stream, "reconfigure", None)
    if reconfigure is not None:
        reconfigure(errors="backslashreplace")
