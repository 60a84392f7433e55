"""``validate`` and ``replay``: check game records, print one as a narrated game.

A record is read from a regular file of at most :data:`MAX_FILE_BYTES`: a named pipe, a
device (``/dev/zero``) or a larger file is refused with a message and exit status 1 before
anything is read, so the command neither waits for a writer nor fills the memory.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any, TextIO

from ..i18n import LANGS, text
from ..records.files import read_record_file
from ..records.shape import MAX_BYTES
from ..rules.errors import RecordError
from .text import message_language, show

__all__ = ["MAX_FILE_BYTES", "UnreadableFile", "add", "read_record", "run"]

MAX_FILE_BYTES = MAX_BYTES
"""The largest record file the command line reads, in bytes (the records' own limit)."""


class UnreadableFile(RecordError):
    """A record file that cannot be read (missing, a folder, a pipe or device, too large):
    the message names the file, with no JSON path (nothing was read)."""

    def message(self, lang: str | None = None) -> str:
        """The reason, in ``lang``."""
        return super(RecordError, self).message(lang)


def add(commands: Any, lang: str) -> None:
    """Declare ``validate`` and ``replay`` on the parser's sub-commands, their help in
    ``lang``."""
    validate = commands.add_parser("validate", help=text("cli.help.validate", lang))
    validate.add_argument("files", nargs="+", metavar="FILE", help=text("cli.help.files", lang))
    replay = commands.add_parser("replay", help=text("cli.help.replay", lang))
    replay.add_argument("file", metavar="FILE", help=text("cli.help.file", lang))
    replay.add_argument(
        "--lang", choices=LANGS, default=None, help=text("cli.help.replay_lang", lang)
    )
    replay.add_argument(
        "--no-variations", action="store_true", help=text("cli.help.no_variations", lang)
    )


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Run ``validate`` or ``replay``; returns the exit status."""
    lang = message_language(getattr(args, "lang", None))
    if args.command == "validate":
        return _validate(args.files, lang, out, err)
    return _replay(args.file, lang, not args.no_variations, out, err)


def _validate(files: Sequence[str], lang: str, out: TextIO, err: TextIO) -> int:
    from ..game import GameRecord

    bad = 0
    for name in files:
        try:
            record = GameRecord.loads(read_record(name))
        except RecordError as exc:
            bad += 1
            show(err, "cli.validate.invalid", lang, file=name, error=_error_text(exc, lang))
            continue
        variations = _count(record.variations)
        show(out, "cli.validate.ok", lang, file=name, steps=len(record), variations=variations)
    if bad:
        show(err, "cli.validate.summary", lang, bad=bad, total=len(files))
    return 1 if bad else 0


def read_record(name: str) -> bytes:
    """The bytes of the record file ``name`` (:func:`~cyclades_widgets.records.files.read_record_file`);
    an unreadable file is an :class:`UnreadableFile` whose message names the file."""
    try:
        return read_record_file(name)
    except RecordError as exc:
        raise UnreadableFile(exc.msg) from exc.__cause__


def _error_text(exc: RecordError, lang: str) -> str:
    return exc.message(lang)


def _count(variations: Sequence[object]) -> int:
    return sum(1 + _count(getattr(v, "variations", [])) for v in variations)


def _replay(name: str, lang: str, variations: bool, out: TextIO, err: TextIO) -> int:
    from ..game import GameRecord
    from .record_text import record_text

    try:
        record = GameRecord.loads(read_record(name))
    except RecordError as exc:
        show(err, "cli.validate.invalid", lang, file=name, error=_error_text(exc, lang))
        return 1
    for line in record_text(record, lang, variations=variations):
        print(line, file=out)
    return 0
