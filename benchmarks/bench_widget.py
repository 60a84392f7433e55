"""The board widget's per-step payload: what Python sends after every step.

After each step of seeded bot games (2–5 players), the Board sends its ``snapshot`` and,
when a player must decide, the ``legal`` actions (``serialize.snapshot`` and
``serialize.legal_payload``); the map geometry is sent once and not counted. Bytes are
those of the JSON text (UTF-8). The figure is the median over the steps; the largest is
kept in results.json.
"""

from __future__ import annotations

import json
import statistics

from common import Figure

from cyclades_widgets import Game, serialize
from cyclades_widgets.bots import RandomBot

PLAYERS = (2, 3, 4, 5)


def _sizes(players: int, cycles: int) -> list[int]:
    game = Game.new(players=players, seed=500 + players, start="setup")
    bots = {name: RandomBot(seed=i) for i, name in enumerate(game.players)}
    sizes = []
    while not game.is_over and game.cycle <= cycles:
        if game.node == "decision":
            to_act = game.to_act
            assert to_act is not None
            events = game.play(bots[to_act].choose(game.state, game.legal_actions()))
        else:
            events = game.step()
        snap = serialize.snapshot(game.state, viewer=None, events=events)
        legal = serialize.legal_payload(game) if game.to_act else []
        text = json.dumps({"snapshot": snap, "legal": legal}, ensure_ascii=False)
        sizes.append(len(text.encode()))
    return sizes


def run(quick: bool) -> list[Figure]:
    """Median and largest payload per player count."""
    cycles = 3 if quick else 8
    sizes = {n: _sizes(n, cycles) for n in PLAYERS}
    return [
        Figure(
            "payload_bytes",
            {str(n): int(statistics.median(s)) for n, s in sizes.items()},
            "B",
            "widget payload per step (median)",
            "largest: " + ", ".join(f"{n}p {max(s):,}" for n, s in sizes.items()),
            extra={"max": {str(n): max(s) for n, s in sizes.items()}},
        )
    ]
