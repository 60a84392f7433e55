"""Records: the first load in a new process, load and replay of a 600-step record (fast
and checked paths), seeking, and a record at the documented limits (issues 16 and 18).

The 600-step record holds the first 600 moves (decisions and chance outcomes) of a seeded
game between RandomBots, saved by the package: it carries the checksum of its moves, so
loading replays them without listing the legal actions at each move (the fast path). The
same file without its checksum is replayed checked. ``replay_600_fast_ratio`` is checked
time over fast time, in one run. Seek: ``game_at(k)`` for random steps k of a loaded record.

``record_first_load_ms``: a new Python process imports the package, then loads the
600-step file; only the load is timed (the import is ``record_import_ms``). Loading no
longer imports ``jsonschema`` (the shape is checked by ``records/shape.py``).

``record_limits_load_ms``: a record at the limits of ``docs/records.md`` (moves,
variations, depth), loaded checked (no checksum), the worst case.
"""

from __future__ import annotations

import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from common import Figure

from cyclades_widgets import Game
from cyclades_widgets.bots import RandomBot
from cyclades_widgets.game import GameRecord
from cyclades_widgets.records import shape

STEPS = 600


def long_game(steps: int = STEPS) -> Game:
    """The first seeded RandomBot game (2–5 players) lasting at least ``steps`` moves."""
    for seed in range(600, 700):
        game = Game.new(players=2 + seed % 4, seed=seed)
        bots = {name: RandomBot(seed=i) for i, name in enumerate(game.players)}
        while len(game.moves()) < steps and not game.is_over:
            game.advance(to="cycle", bots=bots)
        if len(game.moves()) >= steps:
            return game
    raise RuntimeError(f"no seeded game lasted {steps} moves")


def record_text(steps: int = STEPS) -> str:
    """A record file with exactly ``steps`` moves and their checksum."""
    game = long_game(steps)
    s = game.initial_state
    record = GameRecord(
        s.names, map=s.map_id, seed=game.seed, options=s.options, steps=game.moves()[:steps]
    )
    record.validate()
    return record.dumps()


def limits_text() -> str:
    """A record at the limits: :data:`.shape.MAX_VARIATIONS` variations, one chain of them
    :data:`.shape.MAX_DEPTH` deep, :data:`.shape.MAX_MOVES` moves in all (each variation
    replays a stretch of the main line again). No checksum: every move is checked."""
    game = long_game(STEPS)
    main = game.moves()
    s = game.initial_state
    record = GameRecord(s.names, map=s.map_id, seed=game.seed, options=s.options, steps=main)
    length = (shape.MAX_MOVES - len(main)) // shape.MAX_VARIATIONS
    line: tuple[int, ...] = ()
    at = 10
    for _ in range(shape.MAX_DEPTH):  # a chain, each one inside the one before
        line = record.add_variation(at, main[at : at + length], line=line)
        at += 1
    rng = random.Random(3)
    while sum(1 for _ in _all(record.variations)) < shape.MAX_VARIATIONS:
        k = rng.randrange(len(main) - length)
        record.add_variation(k, main[k : k + length])
    data = record.to_dict()
    data.pop("checksum", None)
    return json.dumps(data)


def _all(variations):  # type: ignore[no-untyped-def]
    for v in variations:
        yield v
        yield from _all(v.variations)


def _timed_load(text: str) -> float:
    t0 = time.perf_counter()
    GameRecord.loads(text).replay()
    return time.perf_counter() - t0


def _first_load(path: Path) -> tuple[float, float]:
    """(import ms, first load ms) in a new process."""
    code = (
        "import time; t0 = time.perf_counter()\n"
        "from cyclades_widgets.game import GameRecord\n"
        "t1 = time.perf_counter()\n"
        f"GameRecord.load({str(path)!r})\n"
        "t2 = time.perf_counter()\n"
        "print((t1 - t0) * 1000, (t2 - t1) * 1000)\n"
    )
    runs = [
        subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, check=True
        ).stdout.split()
        for _ in range(3)
    ]
    return (
        statistics.median(float(r[0]) for r in runs),
        statistics.median(float(r[1]) for r in runs),
    )


def _seeks(text: str, count: int) -> list[float]:
    record = GameRecord.loads(text)
    rng = random.Random(1)
    times = []
    for _ in range(count):
        k = rng.randrange(STEPS + 1)
        t0 = time.perf_counter()
        record.game_at(k)
        times.append(time.perf_counter() - t0)
    return times


def run(quick: bool) -> list[Figure]:
    """Record load, replay and seek figures."""
    text = record_text()
    data = json.loads(text)
    data.pop("checksum")
    unchecked = json.dumps(data)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "record-600.json"
        path.write_text(text, encoding="utf-8")
        import_ms, first_ms = _first_load(path)
    repeat = 3 if quick else 7
    fast, checked = [], []
    for _ in range(repeat):  # interleaved, so both see the same machine load
        fast.append(_timed_load(text))
        checked.append(_timed_load(unchecked))
    seeks = _seeks(text, 50 if quick else 300)
    limits = limits_text()
    limit_times = [_timed_load(limits) for _ in range(1 if quick else 3)]
    fast_ms = statistics.median(fast) * 1000
    checked_ms = statistics.median(checked) * 1000
    return [
        Figure(
            "record_first_load_ms",
            round(first_ms, 1),
            "ms",
            "first GameRecord.load (600 steps) in a new process",
            f"goal ≤ 150 ms; the import before it: {import_ms:.0f} ms",
            extra={"import_ms": round(import_ms, 1)},
        ),
        Figure(
            "replay_600_ms",
            round(fast_ms, 1),
            "ms",
            "load and replay a 600-step record (fast path: checksum matches)",
            f"goal ≤ 40 ms; {len(text.encode()) / 1024:.0f} KiB file",
        ),
        Figure(
            "replay_600_checked_ms",
            round(checked_ms, 1),
            "ms",
            "load and replay the same record without its checksum (every move checked)",
        ),
        Figure(
            "replay_600_fast_ratio",
            round(checked_ms / fast_ms, 2),
            "×",
            "checked replay time over fast replay time, same run",
        ),
        Figure(
            "seek_600_ms",
            round(statistics.median(seeks) * 1000, 3),
            "ms",
            "seek to a random step of a 600-step record",
            f"max {max(seeks) * 1000:.2f} ms",
            extra={"max_ms": round(max(seeks) * 1000, 3)},
        ),
        Figure(
            "record_limits_load_ms",
            round(statistics.median(limit_times) * 1000),
            "ms",
            "load a record at the limits (moves, variations, depth), checked",
            f"goal < 2,000 ms; {len(limits) / 1024:.0f} KiB, {shape.MAX_MOVES:,} moves, "
            f"{shape.MAX_VARIATIONS} variations, depth {shape.MAX_DEPTH}",
        ),
    ]
