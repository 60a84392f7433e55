"""The board widget's per-step payload: what Python sends after every step.

After each step of seeded bot games (2–5 players), the Board sends a patch of a recent base
view (a new base when the patch would be more than a third of the view) and, when they
change, the legal actions (``view.model.board_view``, ``view.diff.diff``,
``view.model.legal_for``); the static payload is sent once and not counted. Bytes are those
of the JSON text (UTF-8). The figure is the median over the steps; the largest is kept in
results.json.
"""

from __future__ import annotations

import json
import statistics

from common import Figure

from cyclades_widgets import Game
from cyclades_widgets.bots import RandomBot
from cyclades_widgets.view import model
from cyclades_widgets.view.diff import diff
from cyclades_widgets.view.log import StepLines

PLAYERS = (2, 3, 4, 5)
REBASE = 0.35


def _bytes(value: object) -> int:
    return len(json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode())


def _sizes(players: int, cycles: int) -> list[int]:
    game = Game.new(players=players, seed=500 + players, start="setup")
    bots = {name: RandomBot(seed=i) for i, name in enumerate(game.players)}
    lines = StepLines()
    base: dict | None = None
    legal_before: list | None = None
    sizes = []
    while not game.is_over and game.cycle <= cycles:
        if game.node == "decision":
            to_act = game.to_act
            assert to_act is not None
            game.play(bots[to_act].choose(game.state, game.legal_actions()))
        else:
            game.step()
        legal = model.legal_for(game.state, game.legal_actions()) if game.to_act else []
        view = model.board_view(
            game.state, events=game.history[-1].events, history=game.history, legal=legal,
            lines_of=lines,
        )  # fmt: skip
        sent = 0
        patch = diff(base, view) if base is not None else None
        if patch is None or _bytes(patch) > REBASE * _bytes(view):
            base, patch = view, {}
            sent += _bytes(view)
        sent += _bytes(patch)
        if legal != legal_before:
            sent += _bytes(legal)
            legal_before = legal
        sizes.append(sent)
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
