"""``review FILE [--level strong] [--workers N] [--seed S] [--out OUT] [--lang L]``: review
every decision of a game record with the search (a progress bar on the error stream),
print its mistakes and blunders, and write the result when asked:

- ``OUT.json``: the record with each mistake's note and better move (``annotate_review``);
- ``OUT.html``: the replay page with the win-chance graph under the board;
- ``OUT.svg``: the win-chance graph; ``OUT.csv``: the table, one row per decision.
"""

from __future__ import annotations

import argparse
from concurrent.futures import Executor, ProcessPoolExecutor
from pathlib import Path
from typing import Any, TextIO

from ..bots.levels import LEVELS
from ..i18n import LANGS, text
from ..rules.errors import RecordError
from .records import read_record
from .text import message_language, show

__all__ = ["OUTPUTS", "add", "run"]

OUTPUTS = (".json", ".html", ".svg", ".csv")
"""The kinds of file ``--out`` writes, by extension."""


def add(commands: Any, lang: str) -> None:
    """Declare ``review`` on the parser's sub-commands, its help in ``lang``."""
    review = commands.add_parser("review", help=text("cli.help.review", lang))
    review.add_argument("file", metavar="FILE", help=text("cli.help.file", lang))
    review.add_argument(
        "--level", choices=LEVELS, default="strong", help=text("cli.help.review_level", lang)
    )
    review.add_argument(
        "--workers", type=int, default=0, metavar="N", help=text("cli.help.workers", lang)
    )
    review.add_argument("--seed", type=int, default=0, help=text("cli.help.review_seed", lang))
    review.add_argument(
        "--out", metavar="OUT", default=None, help=text("cli.help.review_out", lang)
    )
    review.add_argument(
        "--lang", choices=LANGS, default=None, help=text("cli.help.replay_lang", lang)
    )


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Review the record; print the mistakes; write ``--out``. Returns the exit status."""
    from ..game import GameRecord

    lang = message_language(args.lang)
    target = Path(args.out) if args.out else None
    if target is not None and target.suffix.lower() not in OUTPUTS:
        show(err, "cli.review.bad_out", lang, file=str(target), kinds=", ".join(OUTPUTS))
        return 2
    try:
        record = GameRecord.loads(read_record(args.file))
    except RecordError as exc:
        show(err, "cli.validate.invalid", lang, file=args.file, error=exc.message(lang))
        return 1
    review = _review(record, args, lang, err)
    _print(review, lang, out)
    if target is not None:
        _write(record, review, target, lang)
        show(out, "cli.review.wrote", lang, file=str(target))
    return 0


def _review(record: Any, args: argparse.Namespace, lang: str, err: TextIO) -> Any:
    """The review, with a progress bar on the error stream (the bar's own carriage
    returns go to the terminal as they are: its words come from the catalog)."""
    from tqdm import tqdm

    raw = getattr(err, "stream", err)
    bar = tqdm(total=0, desc=text("review.progress", lang), unit="", file=raw, leave=False)

    def tick(done: int, total: int) -> None:
        bar.total = total
        bar.update(done - bar.n)

    pool: Executor | None = ProcessPoolExecutor(args.workers) if args.workers > 1 else None
    try:
        return record.review(args.level, pool, args.seed, tick)
    finally:
        bar.close()
        if pool is not None:
            pool.shutdown()


def _print(review: Any, lang: str, out: TextIO) -> None:
    from ..review.plot import mark_title

    mistakes = review.mistakes("mistake")
    show(out, "cli.review.summary", lang, decisions=len(review.decisions), mistakes=len(mistakes))
    for e in mistakes:
        print(f"  {mark_title(review, e, lang)}", file=out)


def _write(record: Any, review: Any, target: Path, lang: str) -> None:
    kind = target.suffix.lower()
    if kind == ".json":
        record.annotate_review(review)
        record.save(target)
    elif kind == ".html":
        record.to_html(target, lang=lang, review=review)
    elif kind == ".svg":
        review.plot(lang).save(target)
    else:
        review.table(lang).to_csv(target)
