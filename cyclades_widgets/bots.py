"""Bots, so one learner can play a full game, and what-if runs from any position.

- :class:`RandomBot` picks uniformly among the legal actions (seeded).
- :class:`GreedyBot` follows a simple, documented heuristic (see its docstring).
- :func:`whatif` plays many continuations from a position and reports win rates.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import Any

from .game import Bot, Game
from .rules import flow
from .rules.actions import Action
from .rules.battle import current_battle, defender_bonus, defending_units
from .rules.board import MapSpec
from .rules.ledger import revenue_of
from .rules.state import APOLLO, BUILDINGS, GOD_BUILDING, GameState

__all__ = ["GreedyBot", "RandomBot", "WhatIf", "position_value", "whatif"]


class RandomBot:
    """Chooses uniformly at random among the legal actions.

    >>> from cyclades_widgets import Game
    >>> game = Game.new(players=3, seed=2)
    >>> bot = RandomBot(seed=1)
    >>> bot.choose(game.state, game.legal_actions()) in game.legal_actions()
    True
    """

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self._rng = random.Random(seed)

    def choose(self, state: GameState, legal: Sequence[Action]) -> Action:
        """Pick one legal action at random."""
        return self._rng.choice(list(legal))

    def __repr__(self) -> str:
        return f"RandomBot(seed={self.seed!r})"


def position_value(state: GameState, seat: int) -> float:
    """How good a position looks for ``seat``: the GreedyBot's yardstick.

    Metropolises dominate; then progress toward one (distinct building types,
    Philosophers), then revenue, isles, units and gold.
    """
    if state.players[seat].eliminated:
        return -1000.0
    p = state.players[seat]
    types = sum(1 for b in BUILDINGS if state.buildings_of(seat, b) > 0)
    revenue = revenue_of(state, seat)[0]
    isles = len(state.isles_of(seat))
    return (
        100.0 * state.metropolises(seat)
        + 18.0 * types
        + 20.0 * p.philosophers
        + 5.0 * revenue
        + 4.0 * isles
        + 2.5 * state.troops_on_board(seat)
        + 1.5 * state.fleets_on_board(seat)
        + 3.0 * p.priests
        + GOLD_VALUE * min(p.gold, 12)
        + 0.1 * max(0, p.gold - 12)
    )


GOLD_VALUE = 0.6
"""What 1 GP is worth to :func:`position_value` (up to 12 GP; beyond that little):
low, so gold gets spent."""


@dataclass
class GreedyBot:
    """A simple heuristic player, sensible enough to beat random play clearly.

    - **Offerings:** it values each god by what it would gain from it now (the
      building type it lacks, a Philosopher when it has some, troops when an attack
      is in reach, fleets when it has few), bids the lowest amount that takes the
      god, keeps within its means, and falls back on Apollo when nothing pays.
    - **Actions:** it tries every legal action on a copy of the state and keeps the
      one that most improves :func:`position_value`; it ends its turn when nothing
      improves it. Battles are judged with the exact odds of :mod:`..odds`: it
      attacks only when the odds favour it (``attack_threshold``).
    - **Retreats:** it retreats when its odds of winning the battle drop below
      ``retreat_threshold``.
    """

    attack_threshold: float = 0.6
    retreat_threshold: float = 0.3
    seed: int | None = 0
    """Seeds the tie-breaking noise; the default 0 makes ``GreedyBot()`` reproducible."""
    _rng: random.Random = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self._rng = random.Random(self.seed)

    def choose(self, state: GameState, legal: Sequence[Action]) -> Action:
        """Pick the action the heuristic prefers."""
        _, seat = flow.node(state)
        assert seat is not None
        legal = list(legal)
        if legal and all(a.kind == "bid" for a in legal):
            return self._bid(state, seat, legal)
        if state.pending and state.pending[-1].kind == "retreat":
            return self._battle_choice(state, seat, legal)
        return self._best_by_value(state, seat, legal)

    # -------------------------------------------------------------- offerings
    def _god_value(self, state: GameState, seat: int, god: str) -> float:
        p = state.players[seat]
        if god == APOLLO:
            return 4.0 if len(state.isles_of(seat)) <= 1 else 2.0
        value = 0.0
        building = GOD_BUILDING[god]
        if state.buildings_of(seat, building) == 0 and p.gold >= 4:
            value += 10.0
        if god == "athena":
            value += 12.0 + 6.0 * p.philosophers
        elif god == "zeus":
            value += 4.0 if p.priests < 2 else 1.0
        elif god == "ares":
            value += 3.0 + (4.0 if self._attack_in_reach(state, seat) else 0.0)
        elif god == "poseidon":
            value += 5.0 if state.fleets_on_board(seat) < 3 else 2.0
        return value

    def _attack_in_reach(self, state: GameState, seat: int) -> bool:
        spec = MapSpec.load(state.map_id)
        own_seas = {s for s, (o, _) in state.fleets.items() if o == seat}
        for isle in state.isles_of(seat):
            if state.isles[isle].troops >= 2:
                for target in spec.fleet_chain_reachable(isle, own_seas):
                    owner = state.isles[target].owner
                    if owner not in (None, seat):
                        return True
        return False

    def _bid(self, state: GameState, seat: int, legal: list[Action]) -> Action:
        gold = state.players[seat].gold
        best: tuple[float, Action] | None = None
        cheapest: dict[str, Action] = {}
        for action in legal:
            god = action.args[0]
            if god not in cheapest or (
                len(action.args) > 1 and action.args[1] < cheapest[god].args[1]
            ):
                cheapest[god] = action
        for god, action in cheapest.items():
            amount = action.args[1] if len(action.args) > 1 else 0
            # Keep money for building/recruiting: a bid is worth it if the god's value
            # exceeds what it costs, and it leaves something to act with.
            score = self._god_value(state, seat, god) - amount * 10.0 / (gold + 5.0)
            if god != APOLLO and gold - amount < 2:
                score -= 4.0
            score += self._rng.random() * 0.5  # break ties without bias
            if best is None or score > best[0]:
                best = (score, action)
        assert best is not None
        return best[1]

    # -------------------------------------------------------------- actions
    def _best_by_value(self, state: GameState, seat: int, legal: list[Action]) -> Action:
        base = position_value(state, seat)
        best: tuple[float, Action] | None = None
        for action in legal:
            trial = state.copy()
            flow.apply(trial, action)
            score = self._settled_value(trial, seat) - base
            if action.kind == "end":
                score = 0.0
            score += self._rng.random() * 0.01
            if best is None or score > best[0]:
                best = (score, action)
        assert best is not None
        return best[1]

    def _settled_value(self, trial: GameState, seat: int) -> float:
        """Value after an action; a battle just started is valued by its exact odds."""
        if current_battle(trial) is not None:
            odds = _battle_odds_for(trial, seat)
            if odds is None:
                return position_value(trial, seat)
            win = odds if odds >= self.attack_threshold else odds - 0.5
            return position_value(trial, seat) + 30.0 * (win - 0.5)
        return position_value(trial, seat)

    def _battle_choice(self, state: GameState, seat: int, legal: list[Action]) -> Action:
        fight = next((a for a in legal if a.kind == "fight"), None)
        retreats = [a for a in legal if a.kind == "retreat"]
        if fight is None or not retreats:
            return legal[0] if fight is None else fight
        odds = _battle_odds_for(state, seat)
        if odds is not None and odds < self.retreat_threshold:
            return retreats[0]
        return fight


def _battle_odds_for(state: GameState, seat: int) -> float | None:
    """The exact chance that ``seat`` wins the battle under way, or None if none is."""
    from .odds import battle_odds

    pending = current_battle(state)
    if pending is None:
        return None
    data = pending.data
    attacker = data["attacker"]
    a_units = int(data["attackers"])
    d_units = defending_units(state, data)
    if a_units <= 0 or d_units <= 0:
        attacker_wins = 1.0 if d_units <= 0 < a_units else 0.0
    else:
        bonus = defender_bonus(state, data)[0]
        odds = battle_odds(min(a_units, 60), min(d_units, 60), defender_bonus=min(bonus, 60))
        attacker_wins = odds.attacker_wins
    return attacker_wins if seat == attacker else 1.0 - attacker_wins


# ------------------------------------------------------------------ what-if runs


@dataclass(frozen=True)
class WhatIf:
    """Win rates from many continuations of one position."""

    players: tuple[str, ...]
    wins: dict[str, int]
    unfinished: int
    n: int
    seed: int

    def rate(self, player: str) -> float:
        """The share of continuations ``player`` won."""
        return self.wins[player] / self.n if self.n else 0.0

    def interval(self, player: str, z: float = 1.96) -> tuple[float, float]:
        """A 95% Wilson score interval for ``player``'s win rate."""
        return wilson(self.wins[player], self.n, z)

    def table(self) -> Any:
        """The results as a pandas DataFrame (wins, rate, 95% interval)."""
        import pandas as pd

        rows = []
        for name in self.players:
            low, high = self.interval(name)
            rows.append(
                {"player": name, "wins": self.wins[name], "win rate": self.rate(name),
                 "95% low": low, "95% high": high}
            )  # fmt: skip
        return pd.DataFrame(rows).set_index("player")

    def __str__(self) -> str:
        parts = []
        for name in self.players:
            low, high = self.interval(name)
            parts.append(f"{name} {self.rate(name):.0%} [{low:.0%}–{high:.0%}]")
        tail = f"; {self.unfinished} unfinished" if self.unfinished else ""
        return f"{self.n} continuations: " + ", ".join(parts) + tail


def wilson(successes: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval for a binomial proportion.

    >>> tuple(round(x, 3) for x in wilson(5, 10))
    (0.237, 0.763)
    """
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def play_out(
    state_dict: dict[str, Any], seed: int, bots: Mapping[str, Bot], max_cycles: int
) -> str | None:
    """Play one continuation to the end (or the cycle cap); return the winner's name."""
    game = Game(GameState.from_dict(state_dict), seed=seed)
    while not game.is_over and game.cycle <= max_cycles:
        game.advance(to="cycle", bots=bots)
        if game.to_act is not None and game.to_act not in bots:
            raise ValueError(f"no bot for {game.to_act}")
    return game.winner


def _default_bots(game: Game, bots: Mapping[str, Bot] | None, seed: int) -> dict[str, Bot]:
    chosen: dict[str, Bot] = dict(bots or {})
    for i, name in enumerate(game.players):
        chosen.setdefault(name, GreedyBot(seed=seed * 31 + i))
    return chosen


def whatif(
    game: Game,
    n: int = 200,
    bots: Mapping[str, Bot] | None = None,
    executor: Executor | None = None,
    *,
    seed: int = 0,
    max_cycles: int = 40,
    progress: bool = True,
) -> WhatIf:
    """Play ``n`` continuations from the current position and report win rates.

    Seats without a bot get a :class:`GreedyBot`. Continuation ``i`` uses chance seed
    ``seed + i`` and fresh copies of the bots, so results are reproducible. With an
    ``executor`` (any ``concurrent.futures.Executor``: a process pool, or a Dask
    client's executor) the continuations run there.
    """
    if n < 1:
        raise ValueError(f"n must be at least 1, got {n}")
    state_dict = game.state.to_dict()
    jobs = [(state_dict, seed + i, _fresh(_default_bots(game, bots, seed + i)), max_cycles)
            for i in range(n)]  # fmt: skip
    results: list[str | None] = []
    bar = _progress(n, progress)
    if executor is None:
        for job in jobs:
            results.append(play_out(*job))
            bar(1)
    else:
        futures = [executor.submit(play_out, *job) for job in jobs]
        for future in futures:
            results.append(future.result())
            bar(1)
    bar(0, close=True)
    wins = {name: sum(1 for r in results if r == name) for name in game.players}
    return WhatIf(game.players, wins, sum(1 for r in results if r is None), n, seed)


def _fresh(bots: Mapping[str, Bot]) -> dict[str, Bot]:
    import copy

    return {k: copy.deepcopy(v) for k, v in bots.items()}


def _progress(total: int, enabled: bool) -> Callable[..., None]:
    if not enabled:
        return lambda k, close=False: None
    from tqdm.auto import tqdm

    bar = tqdm(total=total, desc="what-if", unit="game", leave=False)

    def update(k: int, close: bool = False) -> None:
        if k:
            bar.update(k)
        if close:
            bar.close()

    return update
