"""The simple bots: :class:`RandomBot` (uniform, seeded) and :class:`GreedyBot` (a short,
documented heuristic; see its docstring)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..rules import flow
from ..rules.actions import Action
from ..rules.battle import current_battle
from ..rules.board import MapSpec
from ..rules.ledger import revenue_of
from ..rules.state import APOLLO, BUILDINGS, GOD_BUILDING, GameState
from .evaluate import battle_odds_for

__all__ = ["GreedyBot", "RandomBot", "position_value"]


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
            odds = battle_odds_for(trial, seat)
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
        odds = battle_odds_for(state, seat)
        if odds is not None and odds < self.retreat_threshold:
            return retreats[0]
        return fight
