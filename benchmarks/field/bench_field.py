"""Against the field (issue 15): our strong bot against CycladesAI's decision procedure.

The field bot is :class:`cycladesai_bot.CycladesAIBot` (CycladesAI's design on our rules;
docs/bots-field.md). Pairings, 3 players, seats rotated, 95% Wilson intervals:

- ``strong_vs_field_rate``: one strong bot (``--playouts``, 200 as in bench_bots'
  strong-vs-medium run) against two field bots; fair share 33%;
- ``field_vs_strong_rate``: one field bot against two strong bots;
- ``field_vs_medium_rate`` and ``medium_vs_field_rate``: where the field bot stands
  against our medium level (context, not a target);
- ``strong_vs_medium_rate``: bench_bots' pairing on the same seeds, for comparison.

Game ``i`` uses seed ``2000 + i``, bot seeds ``10 i + seat`` and puts the focus bot in
seat ``i mod 3``, as ``bench_bots.play_levels`` does, so a run is reproducible::

    nice -n 10 python benchmarks/field/bench_field.py --games 200
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

from bench_bots import BENCH_PLAYOUTS, MAX_CYCLES, median_interval  # noqa: E402
from common import Figure  # noqa: E402
from cycladesai_bot import CycladesAIBot  # noqa: E402

from cyclades_widgets import Game  # noqa: E402
from cyclades_widgets.bots import level, wilson  # noqa: E402

PLAYERS = 3

PAIRINGS: dict[str, tuple[str, str, str]] = {
    "strong_vs_field_rate": ("strong", "field", "strong (%d playouts) vs 2 field"),
    "field_vs_strong_rate": ("field", "strong", "field vs 2 strong (%d playouts)"),
    "field_vs_medium_rate": ("field", "medium", "field vs 2 medium"),
    "medium_vs_field_rate": ("medium", "field", "medium vs 2 field"),
    "strong_vs_medium_rate": ("strong", "medium", "strong (%d playouts) vs 2 medium"),
}
"""Figure key → (the focus bot, the two others, what it measures)."""


def make_bot(kind: str, seed: int, playouts: int) -> Any:
    """A bot: ``"field"`` (CycladesAI's procedure) or one of our levels."""
    if kind == "field":
        return CycladesAIBot(seed=seed)
    if kind == "strong":
        return level("strong", seed=seed, playouts=playouts)
    return level(kind, seed=seed)


def play(index: int, focus: str, others: str, playouts: int) -> dict[str, Any]:
    """Game ``index``: ``focus`` in seat ``index mod 3``, ``others`` in the other seats."""
    seat = index % PLAYERS
    game = Game.new(players=PLAYERS, seed=2000 + index)
    bots = {
        name: make_bot(focus if i == seat else others, index * 10 + i, playouts)
        for i, name in enumerate(game.players)
    }
    while not game.is_over and game.cycle <= MAX_CYCLES:
        game.advance(to="cycle", bots=bots)
    state = game.state
    return {
        "index": index,
        "focus": seat,
        "winner": state.winner,
        "cycles": state.cycle,
        "over": game.is_over,
    }


def pairing(
    key: str, games: int, playouts: int, log: Callable[[str], None] = lambda line: None
) -> Figure:
    """One pairing's win rate of the focus bot over ``games`` games."""
    focus, others, what = PAIRINGS[key]
    if "%d" in what:
        what = what % playouts
    started = time.perf_counter()
    played = []
    for i in range(games):
        played.append(play(i, focus, others, playouts))
        if (i + 1) % 10 == 0:
            won = sum(1 for g in played if g["winner"] == g["focus"])
            log(f"{key}: {won}/{i + 1} ({time.perf_counter() - started:.0f} s)")
    wins = sum(1 for g in played if g["winner"] == g["focus"])
    low, high = wilson(wins, games)
    cycles = [g["cycles"] for g in played]
    c_low, c_high = median_interval(cycles)
    unfinished = sum(1 for g in played if not g["over"])
    return Figure(
        key,
        round(wins / games, 3),
        "of games",
        what,
        f"{wins}/{games}, 95% [{low:.0%}–{high:.0%}]; fair share 33%; "
        f"median {statistics.median(cycles)} cycles [{c_low}–{c_high}]",
        extra={
            "wins": wins,
            "games": games,
            "low": round(low, 3),
            "high": round(high, 3),
            "unfinished": unfinished,
            "winners_seat": [g["winner"] for g in played],
            "cycles": cycles,
            "seconds": round(time.perf_counter() - started),
        },
    )


def main(argv: list[str] | None = None) -> int:
    """Play the pairings; print the figures and write them as JSON."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--playouts", type=int, default=BENCH_PLAYOUTS)
    parser.add_argument("--pairings", nargs="*", default=list(PAIRINGS), choices=list(PAIRINGS))
    parser.add_argument("--out", default=str(HERE.parent / "test-results" / "bots-field.json"))
    args = parser.parse_args(argv)
    figures = []
    for key in args.pairings:
        figure = pairing(
            key,
            args.games,
            args.playouts,
            log=lambda line: print(line, file=sys.stderr, flush=True),
        )
        print(
            f"{figure.key}: {figure.value} {figure.unit} ({figure.what}); {figure.note}", flush=True
        )
        figures.append(figure)
    data = {f.key: {"value": f.value, "what": f.what, "note": f.note, **f.extra} for f in figures}
    data["playouts"] = args.playouts
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).write_text(json.dumps(data, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
