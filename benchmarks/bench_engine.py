"""Rules-engine throughput: random playouts against python-chess, measured in the same run.

- **Cyclades**: from a new game, every step until the game is won or ``MAX_CYCLES`` cycles
  have passed: at a decision ``legal_actions`` and a uniformly random pick, at a chance
  step ``chance_outcomes`` and a random pick, then ``apply``; automatic steps run
  ``auto_step``. *Actions* are the decisions and chance outcomes (what a record stores);
  the time of the automatic steps is included, their count is not.
- **python-chess**: ``list(board.legal_moves)``, a random pick and ``push`` until
  ``board.is_game_over()``: the usual random playout.

The two are interleaved in short slices over several rounds, so a busy machine slows both
alike; the ratio is the median of the per-round ratios. Two levels are measured: the
rules core (``rules.flow``, no history), and the public API (``game.legal_actions()``, a
random pick and ``game.play(a)``; ``game.step()`` at chance and automatic steps), with the
full history that undo, seeking and records use.

Two more figures about ``Game``: the share of its step time spent copying states
(``GameState.copy`` timed inside the same API playouts), and the memory its history holds
per step (tracemalloc, a 5-player game).
"""

from __future__ import annotations

import gc
import random
import statistics
import time
import tracemalloc
from collections import defaultdict
from collections.abc import Callable

from common import Figure, per_players

from cyclades_widgets.bots import RandomBot
from cyclades_widgets.game import Game
from cyclades_widgets.rules import flow
from cyclades_widgets.rules.setup import new_state
from cyclades_widgets.rules.state import GameState, Phase

PLAYERS = (2, 3, 4, 5)
MAX_CYCLES = 30
"""Random play rarely wins; a playout stops after this many cycles."""

Playout = Callable[[random.Random], int]


def cyclades_playout(players: int) -> Playout:
    """A rules-core random playout for ``players`` players; returns the actions taken."""

    def playout(rng: random.Random) -> int:
        state = new_state(players)
        actions = 0
        while state.phase is not Phase.OVER and state.cycle <= MAX_CYCLES:
            kind, _ = flow.node(state)
            if kind == "decision":
                flow.apply(state, rng.choice(flow.legal_actions(state)))
                actions += 1
            elif kind == "chance":
                flow.apply(state, rng.choice(flow.chance_outcomes(state))[0])
                actions += 1
            else:
                flow.auto_step(state)
        return actions

    return playout


def game_playout(players: int) -> Playout:
    """The same random playout through the public API: ``game.legal_actions()``, a random
    pick and ``game.play(a)`` at a decision, ``game.step()`` otherwise. The history keeps
    every step (undo, redo, seeking), as in a notebook or a what-if run."""

    def playout(rng: random.Random) -> int:
        game = Game.new(players=players, seed=rng.randrange(10**6), start="setup")
        while not game.is_over and game.cycle <= MAX_CYCLES:
            legal = game.legal_actions()
            if legal:
                game.play(rng.choice(legal))
            else:
                game.step()
        return len(game.moves())

    return playout


def copy_share(seconds: float, players: int = 4) -> float:
    """The share (%) of the public-API playout's time spent in ``GameState.copy``."""
    real = GameState.copy
    spent = [0.0]
    clock = time.perf_counter

    def timed_copy(state: GameState) -> GameState:
        t0 = clock()
        out = real(state)
        spent[0] += clock() - t0
        return out

    GameState.copy = timed_copy  # type: ignore[method-assign]
    try:
        _, elapsed = _slice(game_playout(players), random.Random("copy"), seconds)
    finally:
        GameState.copy = real  # type: ignore[method-assign]
    return 100 * spent[0] / elapsed


def history_bytes_per_step(players: int = 5, seed: int = 3) -> float:
    """Bytes the history holds per step (tracemalloc), over a seeded RandomBot game of
    ``players`` players, from its setup to the end or ``MAX_CYCLES`` cycles."""
    game = Game.new(players=players, seed=seed, start="setup")
    bots = {name: RandomBot(seed=i) for i, name in enumerate(game.players)}
    gc.collect()
    tracemalloc.start()
    try:
        start = tracemalloc.get_traced_memory()[0]
        while not game.is_over and game.cycle <= MAX_CYCLES:
            game.advance(to="cycle", bots=bots)
        game._legal = None  # the legal actions of the last position are not history
        gc.collect()
        held = tracemalloc.get_traced_memory()[0] - start
    finally:
        tracemalloc.stop()
    return held / len(game.history)


def chess_playout(rng: random.Random) -> int:
    """A python-chess random playout; returns the moves played."""
    import chess

    board = chess.Board()
    moves = 0
    while not board.is_game_over():
        board.push(rng.choice(list(board.legal_moves)))
        moves += 1
    return moves


def _slice(playout: Playout, rng: random.Random, seconds: float) -> tuple[int, float]:
    """Run whole playouts for about ``seconds``; (actions, elapsed)."""
    actions = 0
    t0 = time.perf_counter()
    while True:
        actions += playout(rng)
        elapsed = time.perf_counter() - t0
        if elapsed >= seconds:
            return actions, elapsed


def measure(rounds: int, seconds: float) -> dict[str, dict[str, float]]:
    """Interleaved rates (actions/s) and the median per-round ratio to python-chess."""
    buckets: dict[str, Playout] = {"chess": chess_playout}
    for n in PLAYERS:
        buckets[f"core{n}"] = cyclades_playout(n)
        buckets[f"game{n}"] = game_playout(n)
    rates: dict[str, list[float]] = defaultdict(list)
    for r in range(rounds):
        for name, playout in buckets.items():
            actions, elapsed = _slice(playout, random.Random(f"{name}/{r}"), seconds)
            rates[name].append(actions / elapsed)
    chess_rates = rates["chess"]
    out: dict[str, dict[str, float]] = {"rate": {}, "ratio": {}}
    for name, values in rates.items():
        out["rate"][name] = statistics.median(values)
        out["ratio"][name] = statistics.median(v / c for v, c in zip(values, chess_rates))
    return out


def run(quick: bool) -> list[Figure]:
    """The engine figures: ratio and rate per player count, both levels; the copy share
    and the history's memory."""
    result = measure(rounds=5 if quick else 15, seconds=0.2 if quick else 0.5)
    share = copy_share(1.0 if quick else 4.0)
    per_step = history_bytes_per_step()
    rate, ratio = result["rate"], result["ratio"]
    core_ratio = {n: ratio[f"core{n}"] for n in PLAYERS}
    return [
        Figure(
            "engine_ratio_vs_python_chess",
            per_players(core_ratio),
            "×",
            "rules-core random playout vs python-chess",
        ),
        Figure(
            "engine_actions_per_s",
            per_players({n: rate[f"core{n}"] for n in PLAYERS}, 0),
            "actions/s",
            "engine random playout (rules core)",
        ),
        Figure(
            "python_chess_moves_per_s",
            round(rate["chess"]),
            "moves/s",
            "python-chess random playout (same run)",
        ),
        Figure(
            "game_ratio_vs_python_chess",
            per_players({n: ratio[f"game{n}"] for n in PLAYERS}),
            "×",
            "public API random playout vs python-chess",
            "legal_actions() + play(a), full history",
        ),
        Figure(
            "game_copy_share_pct",
            round(share, 1),
            "%",
            "share of a Game step spent copying",
            "4 players, public API playout",
        ),
        Figure(
            "history_bytes_per_step",
            round(per_step),
            "B",
            "history memory per step",
            "tracemalloc, 5 players",
        ),
    ]
