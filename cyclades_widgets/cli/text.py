"""The command line's words: every line it prints comes from the ``cli.*`` entries of the
catalogs (``data/messages/<lang>/cli.json``), in the learner's language.

The language is the one asked for with ``--lang`` when it has a catalog, else the session's
(:func:`cyclades_widgets.i18n.get_language`: the last ``set_language``, else the locale).

Each line is :func:`cyclades_widgets.i18n.text`, the catalog's one lookup; :func:`show`
prints one, with every text value (a path, a file name, a command) shown as it is:

>>> import sys
>>> show(sys.stdout, "cli.tutorials.none", "en", lang_name=name_of("zh", "en"),
...      available=["English"])
No Chinese tutorials are installed yet. Installed: English.
>>> show(sys.stdout, "cli.tutorials.added", "zh", n=3)
复制了 3 个新文件。
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, TextIO

from ..i18n import LanguageError, catalog, get_language, resolve, text

__all__ = [
    "EscapedOutput",
    "asked_language",
    "escape_controls",
    "message_language",
    "name_of",
    "show",
]

_BIDI = "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
"""Marks that reorder the text shown around them (a comment could make a line read
differently from what it holds)."""


_CONTROL = re.compile(f"[\\x00-\\x08\\x0b-\\x1f\\x7f-\\x9f\\u2028\\u2029{_BIDI}]")
"""Control characters (all but line end and tab), line and paragraph separators, and the
marks that reorder text."""


def _escape(match: re.Match[str]) -> str:
    return match.group().encode("unicode_escape").decode("ascii")


def escape_controls(text: str) -> str:
    r"""``text`` with every control character written as an escape (``\x1b``, ``\r``,
    ``\u202e``), line ends and tabs kept: a record's comment or a file name cannot clear
    the screen, ring the bell, move the cursor or forge a line of output.

    >>> escape_controls("ok\x1b[2J\rdone\x07\n")
    'ok\\x1b[2J\\rdone\\x07\n'
    """
    return _CONTROL.sub(_escape, text)


class EscapedOutput:
    """A text stream that writes through :func:`escape_controls` to ``stream``: the
    command line prints everything (its messages, the record's texts, argparse's errors)
    through it."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        """The stream written to."""

    def write(self, text: str) -> int:
        """Write ``text``, its control characters escaped; returns ``len(text)``."""
        self.stream.write(escape_controls(text))
        return len(text)

    def flush(self) -> None:
        """Flush the stream."""
        self.stream.flush()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)


def show(stream: TextIO, key: str, lang: str, **params: Any) -> None:
    """Print the catalog entry ``key`` in ``lang`` on ``stream``. Text values (paths, file
    names, commands), alone or in lists, are shown as they are, never translated; a whole
    number ``n`` picks ``key.one`` or ``key.other`` ("1 file", "2 files")."""
    print(text(key, lang, *params.values(), **params), file=stream)


def name_of(code: str, lang: str) -> str:
    """A language's name, in ``lang``: ``name_of("zh", "en")`` is ``"Chinese"``; its code
    when the catalog does not name it yet (a language just added).

    >>> name_of("zh", "fr"), name_of("de", "en")
    ('chinois', 'de')
    """
    if catalog(lang).get(f"cli.language.{code}") is None:
        return code
    return text(f"cli.language.{code}", lang)


def message_language(requested: str | None = None) -> str:
    """The language of the messages: ``requested`` when it has a catalog, else the
    session's language."""
    if requested is not None:
        try:
            return resolve(requested)
        except LanguageError:
            pass
    return get_language()


def asked_language(argv: Sequence[str]) -> str | None:
    """The value of ``--lang`` in a command line not parsed yet (for the help texts).

    >>> asked_language(["tutorials", "--lang", "zh"]), asked_language(["demo", "--lang=fr"])
    ('zh', 'fr')
    """
    for i, arg in enumerate(argv):
        if arg == "--lang" and i + 1 < len(argv):
            return argv[i + 1]
        if arg.startswith("--lang="):
            return arg.split("=", 1)[1]
    return None
