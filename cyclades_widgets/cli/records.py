"""``validate`` and ``replay``: check game records, print one as a narrated game."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any, TextIO

from ..i18n import LANGS
from ..rules.errors import RecordError
from .text import message_language, say, show

__all__ = ["add", "run"]


def add(commands: Any, lang: str) -> None:
    """Declare ``validate`` and ``replay`` on the parser's sub-commands, their help in
    ``lang``."""
    validate = commands.add_parser("validate", help=say("help.validate", lang))
    validate.add_argument("files", nargs="+", metavar="FILE", help=say("help.files", lang))
    replay = commands.add_parser("replay", help=say("help.replay", lang))
    replay.add_argument("file", metavar="FILE", help=say("help.file", lang))
    replay.add_argument("--lang", choices=LANGS, default=None, help=say("help.replay_lang", lang))
    replay.add_argument(
        "--no-variations", action="store_true", help=say("help.no_variations", lang)
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
            record = GameRecord.load(name)
        except RecordError as exc:
            bad += 1
            show(err, "validate.invalid", lang, file=name, error=_error_text(exc, lang))
            continue
        variations = _count(record.variations)
        show(out, "validate.ok", lang, file=name, steps=len(record), variations=variations)
    if bad:
        show(err, "validate.summary", lang, bad=bad, total=len(files))
    return 1 if bad else 0


def _error_text(exc: RecordError, lang: str) -> str:
    return exc.message(lang)


def _count(variations: Sequence[object]) -> int:
    return sum(1 + _count(getattr(v, "variations", [])) for v in variations)


def _replay(name: str, lang: str, variations: bool, out: TextIO, err: TextIO) -> int:
    from ..game import GameRecord
    from ..records.text import record_text

    try:
        record = GameRecord.load(name)
    except RecordError as exc:
        show(err, "validate.invalid", lang, file=name, error=_error_text(exc, lang))
        return 1
    for line in record_text(record, lang, variations=variations):
        print(line, file=out)
    return 0
