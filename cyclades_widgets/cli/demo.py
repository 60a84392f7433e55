"""``demo``: open JupyterLab on the first tutorial, from a checkout or an installed wheel.

The tutorials are copied into a working folder first if they are not there yet (the
learner's changed copies are kept), and JupyterLab starts in that folder on
``01-first-look.ipynb``. The folder is the one given, else the current folder when it
already holds the first tutorial, else ``cyclades-tutorials`` in the current folder.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import subprocess
import sys
from pathlib import Path
from typing import Any, TextIO

from ..i18n import text
from .text import message_language, show
from .tutorials import (
    DEFAULT_FOLDER,
    FIRST_TUTORIAL,
    add_language,
    choose_language,
    copy_tutorials,
    report,
)

__all__ = ["add", "jupyterlab_command", "run", "working_folder"]


def add(commands: Any, lang: str) -> None:
    """Declare ``demo`` on the parser's sub-commands, its help in ``lang``."""
    demo = commands.add_parser("demo", help=text("cli.help.demo", lang))
    demo.add_argument(
        "folder",
        nargs="?",
        default=None,
        metavar="DIR",
        help=text("cli.help.demo_dir", lang, DEFAULT_FOLDER, folder=DEFAULT_FOLDER),
    )
    add_language(demo, lang)
    demo.add_argument("--dry-run", action="store_true", help=text("cli.help.dry_run", lang))


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Copy the tutorials if needed, then start JupyterLab (or print the command)."""
    lang = message_language(args.lang)
    if importlib.util.find_spec("jupyterlab") is None:
        show(err, "cli.demo.no_jupyterlab", lang, command="pip install 'cyclades_widgets[widgets]'")
        return 1
    chosen = choose_language(args.lang, lang, out, err)
    if chosen is None:
        return 1
    folder = working_folder(args.folder)
    copied = copy_tutorials(folder, chosen)
    if copied.added or copied.replaced:
        report(copied, lang, out)
    command = jupyterlab_command(folder)
    if args.dry_run:
        print(" ".join(command), file=out)
        return 0
    show(out, "cli.demo.starting", lang, notebook=FIRST_TUTORIAL, folder=str(folder))
    try:
        return subprocess.call(command, cwd=folder)
    except KeyboardInterrupt:
        return 0


def working_folder(given: str | None, cwd: Path | None = None) -> Path:
    """Where the demo runs: ``given``, else the current folder when it holds the first
    tutorial, else :data:`DEFAULT_FOLDER` inside it."""
    here = Path.cwd() if cwd is None else cwd
    if given is not None:
        return Path(given)
    if (here / FIRST_TUTORIAL).is_file():
        return here
    return here / DEFAULT_FOLDER


def jupyterlab_command(folder: Path) -> list[str]:
    """The command that starts JupyterLab serving ``folder`` on the first tutorial
    (local connections only; as root it needs ``--allow-root``)."""
    command = [sys.executable, "-m", "jupyterlab", "--ServerApp.ip=127.0.0.1"]
    command.append(f"--ServerApp.root_dir={folder.resolve()}")
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        command.append("--allow-root")
    command.append(FIRST_TUTORIAL)
    return command
