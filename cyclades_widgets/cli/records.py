"""``validate`` and ``replay``: check game records, print one as a narrated game."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any, TextIO

from ..rules.errors import RecordError

__all__ = ["add", "run"]


def add(commands: Any) -> None:
    """Declare ``validate`` and ``replay`` on the parser's sub-commands."""
    validate = commands.add_parser(
        "validate", help="check game records (exit status 1 if any is bad)"
    )
    validate.add_argument("files", nargs="+", metavar="FILE", help="record files (.json)")
    replay = commands.add_parser("replay", help="print a record as a narrated game")
    replay.add_argument("file", metavar="FILE", help="a record file (.json)")
    replay.add_argument("--lang", choices=("en", "zh"), default="en", help="language (en, zh)")
    replay.add_argument("--no-variations", action="store_true", help="print the main line only")


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Run ``validate`` or ``replay``; returns the exit status."""
    if args.command == "validate":
        return _validate(args.files, out, err)
    return _replay(args.file, args.lang, not args.no_variations, out, err)


def _validate(files: Sequence[str], out: TextIO, err: TextIO) -> int:
    from ..game import GameRecord

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


def _replay(name: str, lang: str, variations: bool, out: TextIO, err: TextIO) -> int:
    from ..game import GameRecord
    from ..records.text import record_text

    try:
        record = GameRecord.load(name)
    except RecordError as exc:
        print(f"{name}: invalid record: {exc}", file=err)
        return 1
    for line in record_text(record, lang, variations=variations):
        print(line, file=out)
    return 0
