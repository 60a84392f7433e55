"""Bot strength (issues 5 and 15), with 95% intervals.

- ``greedy_vs_random_wins`` (issue 5): one GreedyBot (its seat rotates) against RandomBots.
- ``strong_vs_medium_rate`` (issue 15): one strong bot against two medium bots, 3 players,
  seats rotated; target ≥ 60% (fair share 33%).
- ``medium_vs_easy_rate``: one medium bot against two easy bots; target ≥ 50% (these games
  are cheap, so more of them are played: :data:`MEDIUM_GAMES`).
- ``strong_selfplay_cycles`` and ``strong_selfplay_winner_gold``: games among three strong
  bots; targets: median game over within 12 cycles, median ≤ 20 GP left to the winner.
- ``reason_vs_search`` (issue 26): what saying why costs (:func:`.reasons.compare` of the
  search's two best moves) against the strong hint's search itself, on the decisions of a
  seeded 4-player game; target ≤ 0.5 (a review compares only its mistakes).

Win rates carry a Wilson interval, medians a distribution-free interval (order statistics).
``run(quick)`` (the ``bots`` section of ``run.py``) plays short samples; the full figures of
``docs/bots.md`` come from running this file alone, niced (a long run; the CPU lock is for
short benchmarks)::

    nice -n 10 python benchmarks/bench_bots.py --games 60 --medium-games 200 --selfplay 100

Each game is seeded (game ``i`` uses seed ``2000 + i`` and bot seeds from ``i``), so a run
is reproducible for the same playout budgets.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import Figure  # noqa: E402

from cyclades_widgets import Game  # noqa: E402
from cyclades_widgets.bots import GreedyBot, MediumBot, RandomBot, level, wilson  # noqa: E402
from cyclades_widgets.bots.coach import HINT_PLAYOUTS  # noqa: E402
from cyclades_widgets.bots.mcts import StrongBot  # noqa: E402
from cyclades_widgets.bots.reasons import compare  # noqa: E402

MAX_CYCLES = 40
BENCH_PLAYOUTS = 200
"""The strong bot's playouts per decision against mediums (its default is higher)."""
SELFPLAY_PLAYOUTS = 100
"""Playouts per decision in strong-only games (three searches a decision: kept short)."""
MEDIUM_GAMES = 200
"""Games of medium against two easies in the full run (a few seconds each hundred)."""


def play_greedy(index: int) -> tuple[int, bool]:
    """Issue 5, game ``index``: (players, did the GreedyBot win?)."""
    players = 3 + index % 2
    game = Game.new(players=players, seed=1000 + index)
    seat = index % players
    bots = {
        name: GreedyBot(seed=index) if i == seat else RandomBot(seed=index * 10 + i)
        for i, name in enumerate(game.players)
    }
    while not game.is_over and game.cycle <= MAX_CYCLES:
        game.advance(to="cycle", bots=bots)
    return players, game.winner == game.players[seat]


def play_levels(index: int, levels: Sequence[str], playouts: int) -> dict[str, Any]:
    """Game ``index`` (3 players) with these levels, seat order rotated by ``index``:
    the seat of ``levels[0]``, the winner's seat, cycles played, gold left per seat."""
    n = len(levels)
    seats = [levels[(i - index) % n] for i in range(n)]
    game = Game.new(players=n, seed=2000 + index)
    bots = {
        name: level(lv, seed=index * 10 + i, **({"playouts": playouts} if lv == "strong" else {}))
        for i, (name, lv) in enumerate(zip(game.players, seats, strict=True))
    }
    while not game.is_over and game.cycle <= MAX_CYCLES:
        game.advance(to="cycle", bots=bots)
    state = game.state
    return {
        "index": index,
        "focus": index % n,
        "winner": state.winner,
        "cycles": state.cycle,
        "gold": [p.gold for p in state.players],
        "over": game.is_over,
    }


def median_interval(values: Sequence[float], z: float = 1.96) -> tuple[float, float]:
    """A distribution-free ~95% interval for the median (order statistics).

    >>> median_interval(list(range(1, 101)))
    (40, 61)
    """
    xs = sorted(values)
    n = len(xs)
    if n == 0:
        return (math.nan, math.nan)
    low = max(0, math.floor(n / 2 - z * math.sqrt(n) / 2) - 1)
    high = min(n - 1, math.ceil(n / 2 + z * math.sqrt(n) / 2))
    return (xs[low], xs[high])


def _rate(key: str, what: str, wins: int, n: int, target: str) -> Figure:
    low, high = wilson(wins, n)
    return Figure(
        key,
        round(wins / n, 3) if n else None,
        "of games",
        what,
        f"{wins}/{n}, 95% [{low:.0%}–{high:.0%}]; target {target}",
        extra={"wins": wins, "games": n, "low": round(low, 3), "high": round(high, 3)},
    )


def strength(
    games: int,
    selfplay: int,
    playouts: int = BENCH_PLAYOUTS,
    selfplay_playouts: int = SELFPLAY_PLAYOUTS,
    log: Callable[[str], None] = lambda line: None,
    first: int = 0,
    medium_games: int | None = None,
) -> list[Figure]:
    """The issue-15 figures from ``games`` games of strong against mediums and
    ``medium_games`` (default: ``games``) of medium against easies (0: none), and
    ``selfplay`` strong-only games, numbered from ``first``."""
    started = time.perf_counter()
    medium_games = games if medium_games is None else medium_games
    figures = _pairings(games, medium_games, playouts, log, started)
    if selfplay:
        played = []
        for i in range(first, first + selfplay):
            played.append(play_levels(i, ["strong"] * 3, selfplay_playouts))
            if len(played) % 10 == 0:
                log(
                    f"strong self-play: {len(played)} games ({time.perf_counter() - started:.0f} s)"
                )
        cycles = [g["cycles"] for g in played]
        gold = [g["gold"][g["winner"]] for g in played if g["winner"] is not None]
        unfinished = sum(1 for g in played if not g["over"])
        for key, values, what, target in (
            ("strong_selfplay_cycles", cycles, "cycles per strong-only game", "≤ 12"),
            ("strong_selfplay_winner_gold", gold, "GP left to the winner", "≤ 20"),
        ):
            low, high = median_interval(values)
            figures.append(
                Figure(
                    key,
                    statistics.median(values) if values else None,
                    "median",
                    f"{what} ({selfplay_playouts} playouts)",
                    f"95% [{low}–{high}] over {len(values)} games; target {target}",
                    extra={"values": values, "low": low, "high": high, "unfinished": unfinished},
                )
            )
    return figures


def _pairings(
    games: int, medium_games: int, playouts: int, log: Callable[[str], None], started: float
) -> list[Figure]:
    """Strong against two mediums, then medium against two easies."""
    figures = []
    if games:
        strong = [play_levels(i, ["strong", "medium", "medium"], playouts) for i in range(games)]
        wins = sum(1 for g in strong if g["winner"] == g["focus"])
        log(f"strong vs 2 medium: {wins}/{games} ({time.perf_counter() - started:.0f} s)")
        what = f"strong ({playouts} playouts) vs 2 medium"
        figures.append(_rate("strong_vs_medium_rate", what, wins, games, "≥ 60%"))
    if medium_games:
        medium = [play_levels(i, ["medium", "easy", "easy"], 0) for i in range(medium_games)]
        wins = sum(1 for g in medium if g["winner"] == g["focus"])
        log(f"medium vs 2 easy: {wins}/{medium_games} ({time.perf_counter() - started:.0f} s)")
        what = "medium vs 2 easy"
        figures.append(_rate("medium_vs_easy_rate", what, wins, medium_games, "≥ 50%"))
    return figures


def reason_cost(decisions: int) -> Figure:
    """Issue 26: the time of :func:`.reasons.compare` over the time of the strong hint's
    search, summed over ``decisions`` decisions of a 4-player game among medium bots."""
    game = Game.new(players=4, seed=26)
    bots = {name: MediumBot(seed=i) for i, name in enumerate(game.players)}
    searched = explained = 0.0
    done = 0
    while done < decisions and not game.is_over:
        legal = game.legal_actions()
        if len(legal) > 1:
            t0 = time.perf_counter()
            result = StrongBot(seed=0, playouts=HINT_PLAYOUTS["strong"]).search(game.state, legal)
            t1 = time.perf_counter()
            if len(result.moves) > 1 and result.moves[1].visits:
                compare(game.state, result.seat, result.best.action, result.moves[1].action,
                        stats=result)  # fmt: skip
                explained += time.perf_counter() - t1
                searched += t1 - t0
                done += 1
        game.play(bots[game.to_act].choose(game.state, game.legal_actions()))
        game.advance(to="decision")
    ratio = explained / searched if searched else None
    return Figure(
        "reason_vs_search",
        None if ratio is None else round(ratio, 3),
        "×",
        "reason / strong hint's search",
        f"{done} decisions; {1000 * explained / max(done, 1):.0f} ms a reason",
        extra={"decisions": done, "reason_s": round(explained, 3), "search_s": round(searched, 3)},
    )


def run(quick: bool) -> list[Figure]:
    """Issue 5's figure, and short samples of issue 15's (the full run: this file alone)."""
    games = 12 if quick else 60
    results = [play_greedy(i) for i in range(games)]
    wins = sum(won for _, won in results)
    share = sum(1 / players for players, _ in results)
    figures = [
        Figure(
            "greedy_vs_random_wins",
            wins,
            f"of {games} games",
            "GreedyBot wins against RandomBots",
            f"fair share {share:.1f}",
            extra={"games": games, "fair_share": round(share, 2)},
        )
    ]
    figures.append(reason_cost(8 if quick else 30))
    return figures + strength(3 if quick else 9, 0, playouts=60 if quick else BENCH_PLAYOUTS)


def main(argv: list[str] | None = None) -> int:
    """The full strength benchmark; prints the figures and writes them as JSON."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--medium-games", type=int, default=MEDIUM_GAMES)
    parser.add_argument("--selfplay", type=int, default=100)
    parser.add_argument("--playouts", type=int, default=BENCH_PLAYOUTS)
    parser.add_argument("--selfplay-playouts", type=int, default=SELFPLAY_PLAYOUTS)
    parser.add_argument("--first", type=int, default=0, help="the first self-play game's number")
    parser.add_argument(
        "--out", default=str(Path(__file__).parent / "test-results" / "bots-strength.json")
    )
    args = parser.parse_args(argv)
    started = time.perf_counter()
    figures = strength(
        args.games,
        args.selfplay,
        args.playouts,
        args.selfplay_playouts,
        log=lambda line: print(line, file=sys.stderr, flush=True),
        first=args.first,
        medium_games=args.medium_games,
    )
    for f in figures:
        print(f"{f.key}: {f.value} {f.unit} ({f.what}); {f.note}")
    data = {f.key: {"value": f.value, "note": f.note, **f.extra} for f in figures}
    data["seconds"] = round(time.perf_counter() - started)
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).write_text(json.dumps(data, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
