"""Review the four example games with the strong search and keep their clearest mistakes
in ``tools/example_reviews.json``, which ``tools/make_example_games.py`` writes into the
games (each mistake's note and its better move, in English, Chinese and French).

The review is slow (about half a minute per game on 2 workers), so it is kept in a file:
making the games stays fast and byte-for-byte repeatable. Run this again when the games or
the search change:

    .venv/bin/python tools/review_example_games.py [--workers 2]
"""

from __future__ import annotations

import argparse
import json
import sys
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
for folder in (ROOT, ROOT / "tools"):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

from cyclades_widgets.review.entries import Entry, ReviewData  # noqa: E402

REVIEWS = ROOT / "tools" / "example_reviews.json"
KEEP = 4
"""Mistakes kept per game: the largest losses among the mistakes and blunders."""
SEED = 0


def kept(review: ReviewData, taken: set[int]) -> list[Entry]:
    """The largest ``KEEP`` mistakes or blunders at moves the story leaves free, in order."""
    free = [e for e in review.mistakes("mistake") if e.move is not None and e.move not in taken]
    return sorted(sorted(free, key=lambda e: -e.loss)[:KEEP], key=lambda e: e.position)


def load() -> dict[str, list[Entry]]:
    """The stored mistakes of each example game, by file name."""
    data = json.loads(REVIEWS.read_text(encoding="utf-8"))
    return {name: [Entry(**{**e, "chances": tuple(e["chances"])}) for e in entries]
            for name, entries in data["games"].items()}  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    """Review the games and write :data:`REVIEWS`."""
    from example_story import Story, moves_of
    from make_example_games import SPECS, play

    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    games: dict[str, list[dict[str, object]]] = {}
    with ProcessPoolExecutor(args.workers) as pool:
        for spec in SPECS:
            game, director = play(spec)
            story = Story(moves_of(game), director, game.state).write()
            review = game.review(seed=SEED, executor=pool)
            games[spec.file] = [asdict(e) for e in kept(review, set(story.notes))]
            print(spec.file, len(games[spec.file]), "mistakes kept", flush=True)
    text = json.dumps({"level": "strong", "seed": SEED, "games": games}, indent=1,
                      ensure_ascii=False)  # fmt: skip
    REVIEWS.write_text(text + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
