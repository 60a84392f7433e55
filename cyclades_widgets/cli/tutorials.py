"""``tutorials``: copy the tutorial notebooks into a folder of the learner's.

The wheel carries the tutorials as package data, ``cyclades_widgets/data/tutorials/<lang>/``
(built from ``notebooks/<lang>/`` of the repository); in a checkout they are read from
``notebooks/`` itself. Everything in a language's folder is copied (the numbered notebooks,
its README, and any lessons added beside them later). A copy the learner has changed is
never overwritten unless ``--force`` is given.

The tutorials' languages are those of the catalogs (:data:`cyclades_widgets.i18n.LANGS`)
that have a tutorial folder: a new language is a catalog folder and a tutorial folder, and
no code (``docs/translating.md``).
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass, field
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any, TextIO

from .. import i18n
from ..i18n import text
from .text import message_language, name_of, show

__all__ = [
    "DEFAULT_FOLDER",
    "FIRST_TUTORIAL",
    "Copied",
    "NoTutorialsError",
    "add",
    "copy_tutorials",
    "installed_languages",
    "run",
    "tutorial_language",
    "tutorials_root",
]

FIRST_TUTORIAL = "01-first-look.ipynb"
"""The notebook a learner starts with (``demo`` opens it)."""
DEFAULT_FOLDER = "cyclades-tutorials"
"""Where ``tutorials`` and ``demo`` put the copies when no folder is given."""
_SKIPPED = {".ipynb_checkpoints", "__pycache__"}


class NoTutorialsError(LookupError):
    """No tutorials are installed in the language asked for."""

    def __init__(self, lang: str, installed: tuple[str, ...]) -> None:
        super().__init__(f"no {lang} tutorials are installed (installed: {installed})")
        self.lang = lang
        self.installed = installed


def add(commands: Any, lang: str) -> None:
    """Declare ``tutorials`` on the parser's sub-commands, its help in ``lang``."""
    parser = commands.add_parser("tutorials", help=text("cli.help.tutorials", lang))
    parser.add_argument(
        "folder",
        nargs="?",
        default=DEFAULT_FOLDER,
        metavar="DIR",
        help=text("cli.help.tutorials_dir", lang, DEFAULT_FOLDER, folder=DEFAULT_FOLDER),
    )
    add_language(parser, lang)
    parser.add_argument("--force", action="store_true", help=text("cli.help.force", lang))


def add_language(parser: argparse.ArgumentParser, lang: str) -> None:
    """The ``--lang`` option of the commands that copy tutorials."""
    parser.add_argument(
        "--lang", choices=i18n.LANGS, default=None, help=text("cli.help.tutorials_lang", lang)
    )


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Copy the tutorials; returns the exit status."""
    lang = message_language(args.lang)
    chosen = choose_language(args.lang, lang, out, err)
    if chosen is None:
        return 1
    copied = copy_tutorials(Path(args.folder), chosen, force=args.force)
    report(copied, lang, out)
    show(out, "cli.tutorials.next", lang, command=f"python -m cyclades_widgets demo {args.folder}")
    return 0


# --------------------------------------------------------------------------- where they are


def tutorials_root() -> Traversable | None:
    """The folder of the tutorials' language folders: the package data of an installed
    wheel, else ``notebooks/`` of the checkout this package is imported from."""
    installed = resources.files("cyclades_widgets") / "data" / "tutorials"
    if installed.is_dir():
        return installed
    checkout = Path(__file__).resolve().parents[2] / "notebooks"
    return checkout if checkout.is_dir() else None


def installed_languages() -> tuple[str, ...]:
    """The languages whose tutorials are installed: every language of the catalogs
    (:data:`cyclades_widgets.i18n.LANGS`, English first) with a tutorial folder that holds
    the first tutorial."""
    root = tutorials_root()
    if root is None:
        return ()
    return tuple(code for code in i18n.LANGS if (root / code / FIRST_TUTORIAL).is_file())


def tutorial_language(
    requested: str | None, session: str, installed: tuple[str, ...] | None = None
) -> str:
    """The language to use: ``requested`` (raises :class:`NoTutorialsError` when it is not
    ``installed``), else the session's language when it is installed, else English.
    ``installed`` defaults to the tutorials' languages."""
    installed = installed_languages() if installed is None else installed
    if requested is not None:
        if requested not in installed:
            raise NoTutorialsError(requested, installed)
        return requested
    if session in installed:
        return session
    if "en" not in installed:
        raise NoTutorialsError("en", installed)
    return "en"


def choose_language(
    requested: str | None,
    lang: str,
    out: TextIO,
    err: TextIO,
    installed: tuple[str, ...] | None = None,
) -> str | None:
    """:func:`tutorial_language`, saying why when it falls back to English or when there
    is nothing in the language asked for (then None)."""
    try:
        chosen = tutorial_language(requested, lang, installed)
    except NoTutorialsError as exc:
        if not exc.installed:
            show(err, "cli.tutorials.missing", lang)
            return None
        names = [name_of(code, lang) for code in exc.installed]
        flags = " ".join(f"--lang {code}" for code in exc.installed)
        show(err, "cli.tutorials.none", lang, lang_name=name_of(exc.lang, lang), available=names)
        show(err, "cli.tutorials.try", lang, flags=flags)
        return None
    if requested is None and chosen != lang and lang in i18n.LANGS:
        show(out, "cli.tutorials.fallback", lang, lang_name=name_of(lang, lang))
    return chosen


# --------------------------------------------------------------------------- copying


@dataclass
class Copied:
    """What :func:`copy_tutorials` did, file by file (paths relative to ``folder``)."""

    folder: Path
    lang: str
    added: list[str] = field(default_factory=list)
    """New copies."""
    same: list[str] = field(default_factory=list)
    """Already there, identical to the original."""
    kept: list[str] = field(default_factory=list)
    """Already there and changed by the learner: left alone."""
    replaced: list[str] = field(default_factory=list)
    """Changed by the learner and replaced by the original (``force``)."""


def tutorial_files(lang: str) -> list[tuple[str, Traversable]]:
    """Every file of one language's tutorials: (path relative to its folder, the file)."""
    root = tutorials_root()
    if root is None or not (root / lang).is_dir():
        raise NoTutorialsError(lang, installed_languages())
    found: list[tuple[str, Traversable]] = []

    def walk(folder: Traversable, prefix: str) -> None:
        for entry in sorted(folder.iterdir(), key=lambda e: e.name):
            if entry.name in _SKIPPED or entry.name.startswith("."):
                continue
            if entry.is_dir():
                walk(entry, f"{prefix}{entry.name}/")
            else:
                found.append((prefix + entry.name, entry))

    walk(root / lang, "")
    return found


def copy_tutorials(folder: Path, lang: str = "en", *, force: bool = False) -> Copied:
    """Copy the tutorials of ``lang`` into ``folder`` (made if missing). A file already
    there is kept when it differs from the original (the learner's edits), unless
    ``force``; the result says what happened to each file.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     first = copy_tutorials(Path(tmp))
    ...     again = copy_tutorials(Path(tmp))
    >>> FIRST_TUTORIAL in first.added, again.added, FIRST_TUTORIAL in again.same
    (True, [], True)
    """
    files = tutorial_files(lang)
    copied = Copied(folder, lang)
    for name, source in files:
        data = source.read_bytes()
        target = folder.joinpath(*name.split("/"))
        if not target.exists():
            copied.added.append(name)
        elif target.read_bytes() == data:
            copied.same.append(name)
            continue
        elif force:
            copied.replaced.append(name)
        else:
            copied.kept.append(name)
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    return copied


def report(copied: Copied, lang: str, out: TextIO) -> None:
    """Say what :func:`copy_tutorials` did, in ``lang``."""
    folder = str(copied.folder)
    show(out, "cli.tutorials.where", lang, lang_name=name_of(copied.lang, lang), folder=folder)
    if copied.added:
        show(out, "cli.tutorials.added", lang, n=len(copied.added))
    if copied.same:
        show(out, "cli.tutorials.same", lang, n=len(copied.same))
    if copied.replaced:
        show(out, "cli.tutorials.replaced", lang, n=len(copied.replaced), files=copied.replaced)
    if copied.kept:
        show(out, "cli.tutorials.kept", lang, n=len(copied.kept), files=copied.kept)
