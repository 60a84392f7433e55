"""Shared pieces of the reliability suite: sizes, counters, and the checked random game.

:func:`play_checked` plays one seeded game with a mix of bots and checks, at every step:
the state invariants (:func:`cyclades_widgets.invariants.check_invariants`), that undo
restores an equal state and redo the same one again, that the state survives a JSON round
trip, that events are JSON-safe, that ``Action.parse(str(a)) == a`` for every legal action
and chance outcome, and that a decision always has a legal action. At the end of every 5th
game its saved JSON (the record) is replayed and must reach an equal state.
"""

from __future__ import annotations

import json
import os
import random
from collections import Counter
from dataclasses import dataclass, field
from functools import cache

from cyclades_widgets import Game
from cyclades_widgets.bots import GreedyBot, RandomBot
from cyclades_widgets.game import Bot
from cyclades_widgets.invariants import check_invariants
from cyclades_widgets.rules.actions import Action
from cyclades_widgets.rules.state import GameState

LONG = os.environ.get("CYCLADES_LONG") == "1"
"""True for the long run (``make reliability``)."""

GAMES = 10_000 if LONG else 200
"""Random games played by ``test_random_games.py``."""

BATCHES = 100 if LONG else 20
"""The games are split into this many test items (so a failure names a small batch)."""

MAX_CYCLES = 30 if LONG else 20
"""A game not won by then stops (random play can stall); it counts as unfinished."""

FUZZ_EXAMPLES = 2_000 if LONG else 60
"""Hypothesis examples per fuzzing test."""

REPLAY_EVERY = 5
"""Every 5th game is also saved (``to_json``) and replayed from the text, every move
checked, to the same state: that costs about as much as playing the game again."""

GREEDY_SHARE = 0.3
"""Chance that a seat is played by a GreedyBot rather than a RandomBot."""

COUNTS: Counter[str] = Counter()
"""Counters the tests add to (games, steps, checks...); the conftest reports them."""

_PARSED: set[Action] = set()
"""Actions whose notation round trip was already checked (it depends on the action only)."""


class ReliabilityFailure(AssertionError):
    """A broken invariant or a crash, with what is needed to replay it."""


@dataclass
class GameReport:
    """What one checked game did."""

    players: int
    seed: int
    steps: int = 0
    finished: bool = False
    counts: Counter[str] = field(default_factory=Counter)


def game_setup(index: int) -> tuple[int, int]:
    """(players, seed) of random game number ``index``: 2, 3, 4, 5 players in turn."""
    return 2 + index % 4, index


def make_bots(game: Game, seed: int) -> dict[str, Bot]:
    """A seeded mix of RandomBots and GreedyBots, one per seat."""
    rng = random.Random(f"bots/{seed}")
    bots: dict[str, Bot] = {}
    for i, name in enumerate(game.players):
        bot_seed = seed * 10 + i
        bots[name] = (
            GreedyBot(seed=bot_seed) if rng.random() < GREEDY_SHARE else RandomBot(bot_seed)
        )
    return bots


def json_roundtrip(state: GameState) -> GameState:
    """The state after ``to_dict`` → JSON text → ``from_dict``."""
    return GameState.from_dict(json.loads(json.dumps(state.to_dict())))


def check_notation(actions: list[Action]) -> list[str]:
    """Breaches of ``Action.parse(str(a)) == a`` among ``actions`` (each checked once)."""
    bad = []
    for action in actions:
        if action in _PARSED:
            continue
        text = str(action)
        try:
            back = Action.parse(text)
        except ValueError as exc:
            bad.append(f"notation: {action!r} prints as {text!r}, which does not parse: {exc}")
            continue
        if back != action:
            bad.append(f"notation: {text!r} parses to {back.kind} {back.args}, not {action.args}")
        _PARSED.add(action)
    return bad


def _choose(
    game: Game, bots: dict[str, Bot], report: GameReport
) -> tuple[Action | None, list[str]]:
    """The next step's action (None for an automatic step) and the breaches seen choosing it."""
    kind = game.node
    report.counts[kind] += 1
    if kind == "auto":
        return None, []
    if kind == "chance":
        pairs = game.chance_outcomes()
        if not pairs or abs(sum(w for _, w in pairs) - 1.0) > 1e-9:
            return None, [f"flow: chance outcomes {pairs[:3]}... do not sum to 1"]
        action = game.sample_chance()
        return action, check_notation([*(a for a, _ in pairs[:200]), action])
    legal = game.legal_actions()
    if not legal:
        return None, [f"flow: {game.to_act} must decide but has no legal action"]
    report.counts["legal_actions_seen"] += len(legal)
    to_act = game.to_act
    assert to_act is not None
    return bots[to_act].choose(game.state, legal), check_notation(legal)


def _check_step(game: Game, before: GameState, report: GameReport) -> list[str]:
    """Invariants, undo/redo and JSON checks after one step."""
    state = game.state
    # The legal actions are listed (and must not be empty) when the next step is chosen.
    breaches = check_invariants(state, flow_checks=False)
    after = state.copy()
    if after != state:
        breaches.append("copy: state.copy() is not equal to the state")
    try:
        json.dumps([e.to_dict() for e in game.events])
    except (TypeError, ValueError) as exc:
        breaches.append(f"events: not JSON-safe: {exc}")
    if json_roundtrip(state) != state:
        breaches.append("json: the state is not equal after a JSON round trip")
    game.undo()
    if game.state != before:
        breaches.append("undo: the state after undo differs from the state before the step")
    game.redo()
    if game.state != after:
        breaches.append("redo: the state after redo differs from the state after the step")
    report.counts["invariant_checks"] += 1
    return breaches


def play_checked(players: int, seed: int, max_cycles: int = MAX_CYCLES) -> GameReport:
    """Play one seeded bot game to the end or ``max_cycles``, checking every step.

    Raises :class:`ReliabilityFailure` naming the step and the moves that lead to it.
    """
    game = Game.new(players=players, seed=seed, start="setup")
    bots = make_bots(game, seed)
    report = GameReport(players, seed)
    breaches = check_invariants(game.state)
    while not breaches and not game.is_over and game.cycle <= max_cycles:
        before = game.state.copy()
        try:
            action, breaches = _choose(game, bots, report)
            if breaches:
                break
            if action is None:
                game.step()
            else:
                report.counts[f"played:{action.kind}"] += 1
                game.play(action)
            breaches = _check_step(game, before, report)
        except Exception as exc:  # a crash is a failure of the engine: report how to replay it
            raise _failure(game, seed, [f"crash: {exc!r}"]) from exc
    if breaches:
        raise _failure(game, seed, breaches)
    if seed % REPLAY_EVERY == 0:
        report.counts["saved_game_replays"] += 1
        if _settled(Game.from_json(game.to_json())) != _settled(game.fork()):
            raise _failure(game, seed, ["json: replaying game.to_json() reaches another state"])
    report.steps = len(game.history)
    report.finished = game.is_over
    return report


def _settled(game: Game) -> GameState:
    """The state once the automatic steps after the last move are done (a saved game stores
    moves only, so a replay stops at the last move)."""
    while game.node == "auto":
        game.step()
    return game.state


def _failure(game: Game, seed: int, breaches: list[str]) -> ReliabilityFailure:
    moves = game.moves()
    return ReliabilityFailure(
        f"{len(game.players)} players, seed {seed}, after step {len(game.history)} "
        f"(cycle {game.cycle}, {game.phase.value}):\n  "
        + "\n  ".join(breaches)
        + f"\nlast moves: {moves[-8:]}\nreplay: play_checked({len(game.players)}, {seed})"
    )


# --------------------------------------------------------------------------- fuzzing pool


@cache
def fuzz_positions(per_kind: int = 6) -> tuple[tuple[str, GameState], ...]:
    """Positions from a few bot games: up to ``per_kind`` of each kind of node (phase,
    top pending step, decision/chance/auto), so fuzzing reaches bids, god actions,
    battles, retreats, fleet moves, creature choices and Metropolis placements alike."""
    found: dict[str, list[GameState]] = {}
    for index in range(12):
        players, seed = game_setup(index)
        game = Game.new(players=players, seed=seed, start="setup")
        bots = make_bots(game, seed)
        for _ in range(3_000):
            if game.is_over:
                break
            label = position_label(game)
            bucket = found.setdefault(label, [])
            if len(bucket) < per_kind and game.state.step % 3 == 0:
                bucket.append(game.state.copy())
            _advance_one(game, bots)
    return tuple((label, s) for label, states in sorted(found.items()) for s in states)


def position_label(game: Game) -> str:
    """A short name of the kind of position: ``"decision/actions/battle"`` and the like."""
    state = game.state
    top = state.pending[-1].kind if state.pending else "-"
    return f"{game.node}/{state.phase.value}/{top}"


def _advance_one(game: Game, bots: dict[str, Bot]) -> None:
    if game.node == "decision":
        to_act = game.to_act
        assert to_act is not None
        game.play(bots[to_act].choose(game.state, game.legal_actions()))
    else:
        game.step()


# --------------------------------------------------------------------------- determinism


def transcript(players: int, seed: int, cycles: int = 10) -> bytes:
    """Everything observable of one seeded bot game, as bytes: the saved game (moves), the
    record file, every step's events, and the final state. The same seed and decisions
    must give the same bytes in every run and every process."""
    game = Game.new(players=players, seed=seed)
    bots = make_bots(game, seed)
    while not game.is_over and game.cycle <= cycles:
        game.advance(to="cycle", bots=bots)
    parts = [
        game.to_json(),
        game.record.dumps(),
        json.dumps([[e.to_dict() for e in s.events] for s in game.history], ensure_ascii=False),
        json.dumps(game.state.to_dict(), ensure_ascii=False),
    ]
    return "\n".join(parts).encode()
