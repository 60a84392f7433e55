"""Seeking and replaying a 600-step record (``GameRecord.loads``, ``replay``, ``game_at``).

The record holds the first 600 moves (decisions and chance outcomes) of a seeded game
between RandomBots. Replay: loading the file and replaying every move (each checked).
The first load in a process is reported apart: it imports ``jsonschema``, which can take
seconds (see docs/benchmarks.md). Seek: ``game_at(k)`` for random steps k on a loaded record. Loading checks every move, so
it replays the line once; each history step keeps its undo snapshot, so a seek copies one
state and slices the history (``record._Line.game_at``), whatever the step.
"""

from __future__ import annotations

import random
import statistics
import time

from common import Figure

from cyclades_widgets import Game
from cyclades_widgets.bots import RandomBot
from cyclades_widgets.game import GameRecord

STEPS = 600


def record_text(steps: int = STEPS) -> str:
    """A record file with exactly ``steps`` moves: the first seeded RandomBot game (2–5
    players) that lasts that long, cut there."""
    for seed in range(600, 700):
        game = Game.new(players=2 + seed % 4, seed=seed)
        bots = {name: RandomBot(seed=i) for i, name in enumerate(game.players)}
        while len(game.moves()) < steps and not game.is_over:
            game.advance(to="cycle", bots=bots)
        moves = game.moves()
        if len(moves) >= steps:
            s = game.initial_state
            record = GameRecord(
                s.names, map=s.map_id, seed=game.seed, options=s.options, steps=moves[:steps]
            )
            return record.dumps()
    raise RuntimeError(f"no seeded game lasted {steps} moves")


def _replay(text: str) -> float:
    t0 = time.perf_counter()
    GameRecord.loads(text).replay()
    return time.perf_counter() - t0


def _seeks(text: str, count: int) -> list[float]:
    record = GameRecord.loads(text)  # loading validates: it replays the whole line once
    rng = random.Random(1)
    times = []
    for _ in range(count):
        k = rng.randrange(STEPS + 1)
        t0 = time.perf_counter()
        record.game_at(k)
        times.append(time.perf_counter() - t0)
    return times


def run(quick: bool) -> list[Figure]:
    """Replay and seek times."""
    text = record_text()
    first = _replay(text)  # the process's first load also imports the schema validator
    replays = [_replay(text) for _ in range(2 if quick else 5)]
    seeks = _seeks(text, 50 if quick else 300)
    return [
        Figure(
            "seek_600_ms",
            round(statistics.median(seeks) * 1000, 3),
            "ms",
            "seek to a random step of a 600-step record",
            f"max {max(seeks) * 1000:.2f} ms",
            extra={"max_ms": round(max(seeks) * 1000, 3)},
        ),
        Figure(
            "replay_600_ms",
            round(statistics.median(replays) * 1000, 1),
            "ms",
            "load and replay a whole 600-step record",
            f"{len(text.encode()) / 1024:.0f} KiB file; first load in a process {first:.1f} s",
            extra={"first_load_ms": round(first * 1000)},
        ),
    ]
