"""A bot that decides the way CycladesAI's agent is designed to decide, on our rules.

CycladesAI (Blackwoj/CycladesAI on GitHub) is a Python/pygame Cyclades with an
unfinished reinforcement-learning agent (Keras actor-critic networks, no trained weights
published). Its design, read from its sources (none of its code is used here):

- **a reward**: a hand-weighted score of a player's holdings (``RewardCalculator``):
  1 per coin, 6 per Priest, 10 per Philosopher, 5 per revenue symbol of an owned isle,
  3 per unit on an owned space, 3 × (5 per building on an isle) × (distinct building
  types counted so far on the player's isles), 100 per Metropolis;
- **the actions phase**: one "decider" per god picks among sub-models (move, recruit,
  build, buy a card, end), each proposing its best action and valued by a critic that
  is trained toward the change of that reward;
- **the offerings** (``RollModel``): for each god but Apollo, pay the current bid + 1 on a
  copy, ask that god's model for the highest reward it can reach, bid on the best god.

No trained critic exists, so this bot gives the design its best case: the critic is
exact on the reward one action ahead (see :func:`reward`), the decider takes the best
action (or ends the turn when none raises the reward), and the offering compares gods by
the best reward their first action reaches in a hypothetical turn. Where CycladesAI's
engine models less than ours, the same rule is applied (docs/bots-field.md lists the
choices): creatures and retreats are valued like any other action by the reward after
them; a battle an action starts is played out on copies with dice drawn by the bot itself
(in CycladesAI's engine a battle resolves at once when the units arrive).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from cyclades_widgets.rules import flow, ledger
from cyclades_widgets.rules.actions import Action
from cyclades_widgets.rules.battle import current_battle
from cyclades_widgets.rules.board import MapSpec
from cyclades_widgets.rules.state import APOLLO, BUILDINGS, GameState, GodAction, Phase

__all__ = ["WEIGHTS", "CycladesAIBot", "god_value", "reward"]

WEIGHTS: dict[str, int] = {
    "coins": 1,
    "priests": 6,
    "philosophers": 10,
    "income": 5,
    "building": 3,
    "entities": 3,
    "metropolises": 100,
}
"""CycladesAI's reward weights, as published in its ``RewardCalculator``."""

BUILDING_POINTS = 5
"""CycladesAI counts each building on an isle as 5 before weighting."""

BATTLE_SAMPLES = 8
"""Dice samples per battle an action would start (the bot's own dice, never the game's)."""

MAX_BATTLE_STEPS = 400
"""A bound on the steps of one sampled battle (a battle ends long before)."""


def reward(state: GameState, seat: int) -> int:
    """CycladesAI's reward of ``seat``'s holdings, on our state.

    Isles are taken in the map's order, as CycladesAI takes its fields in its board's
    order: the building term of an isle multiplies by the distinct types seen so far.

    >>> from cyclades_widgets.rules.setup import new_state
    >>> s = new_state(3)
    >>> [reward(s, seat) for seat in range(3)]  # 5 GP, 4 units; 2 horns (Kea), else 1
    [27, 22, 22]
    """
    spec = MapSpec.load(state.map_id)
    player = state.players[seat]
    total = (
        WEIGHTS["coins"] * player.gold
        + WEIGHTS["priests"] * player.priests
        + WEIGHTS["philosophers"] * player.philosophers
    )
    held = dict.fromkeys(BUILDINGS, 0)
    for isle_id, isle in state.isles.items():
        if isle.owner != seat:
            continue
        for kind in isle.buildings:
            if kind in held:
                held[kind] += 1
        kinds = max(1, sum(1 for n in held.values() if n))
        income = spec.isle_prosperity[isle_id] + isle.markers
        total += WEIGHTS["income"] * income
        total += WEIGHTS["building"] * BUILDING_POINTS * len(isle.buildings) * kinds
        total += WEIGHTS["entities"] * isle.troops
        if isle.metropolis:
            total += WEIGHTS["metropolises"]
    for owner, count in state.fleets.values():
        if owner == seat:
            total += WEIGHTS["entities"] * count
    return total


def settled_reward(state: GameState, seat: int, rng: random.Random) -> float:
    """The reward after an action; a battle under way is played out on copies (both sides
    fight on, dice drawn from ``rng``) and its outcomes averaged."""
    if current_battle(state) is None:
        return float(reward(state, seat))
    total = 0
    for _ in range(BATTLE_SAMPLES):
        trial = state.copy()
        for _step in range(MAX_BATTLE_STEPS):
            if current_battle(trial) is None:
                break
            kind, _ = flow.node(trial)
            if kind == "chance":
                outcomes = flow.chance_outcomes(trial)
                actions = [a for a, _ in outcomes]
                weights = [w for _, w in outcomes]
                flow.apply(trial, rng.choices(actions, weights)[0])
            elif kind == "auto":
                flow.auto_step(trial)
            elif kind == "decision":
                legal = flow.legal_actions(trial)
                fight = next((a for a in legal if a.kind == "fight"), None)
                flow.apply(trial, fight if fight is not None else legal[0])
            else:
                break
        total += reward(trial, seat)
    return total / BATTLE_SAMPLES


def best_action(
    state: GameState, seat: int, legal: Sequence[Action], rng: random.Random
) -> tuple[float, Action]:
    """The decider: every legal action valued by the reward after it (``end`` by the
    reward now), the best kept; ties broken by ``rng``."""
    best: tuple[float, float, Action] | None = None
    now = float(reward(state, seat))
    for action in legal:
        if action.kind == "end":
            value = now
        else:
            trial = state.copy()
            flow.apply(trial, action)
            value = settled_reward(trial, seat, rng)
        key = (value, rng.random())
        if best is None or key > best[:2]:
            best = (*key, action)
    assert best is not None, "no legal action"
    return best[0], best[2]


def god_value(
    state: GameState, seat: int, god: str, amount: int, rng: random.Random
) -> float | None:
    """The offering model: the highest reward ``seat`` can reach with ``god``'s first
    action after paying ``amount`` (Priests lower the price, at least 1 GP), on a copy
    where that god's turn starts now; None if the gold (without Priests, as CycladesAI
    checks) does not cover ``amount``."""
    player = state.players[seat]
    if player.gold < amount:
        return None
    trial = state.copy()
    cost = max(1, amount - player.priests) if amount else 0
    ledger.pay(trial, seat, cost)
    trial.pending = []
    trial.displaced = None
    trial.phase = Phase.ACTIONS
    trial.turn = None
    trial.queue = [GodAction(god, seat)]
    flow.auto_step(trial)
    legal = flow.legal_actions(trial)
    if not legal or flow.node(trial)[1] != seat:
        return float(reward(trial, seat))
    return best_action(trial, seat, legal, rng)[0]


@dataclass
class CycladesAIBot:
    """CycladesAI's decision procedure (module docstring) with an exact one-action critic.

    The same seed and position always give the same choice.

    >>> from cyclades_widgets import Game
    >>> game = Game.new(players=3, seed=2)
    >>> bot = CycladesAIBot(seed=1)
    >>> bot.choose(game.state, game.legal_actions()) in game.legal_actions()
    True
    """

    seed: int | None = 0
    name: str = field(default="cycladesai", init=False)

    def choose(self, state: GameState, legal: Sequence[Action]) -> Action:
        """Pick one of ``legal``."""
        legal = list(legal)
        if len(legal) == 1:
            return legal[0]
        _, seat = flow.node(state)
        assert seat is not None
        rng = random.Random(f"cycladesai/{self.seed}/{state.cycle}/{state.step}")
        if all(a.kind == "bid" for a in legal):
            return self._bid(state, seat, legal, rng)
        return best_action(state, seat, legal, rng)[1]

    def _bid(self, state: GameState, seat: int, legal: list[Action], rng: random.Random) -> Action:
        """Outbid by the least on the god whose first action reaches the highest reward;
        Apollo only when no other god is affordable (CycladesAI never values Apollo)."""
        cheapest: dict[str, Action] = {}
        for action in legal:
            god = action.args[0]
            amount = action.args[1] if len(action.args) > 1 else 0
            if god not in cheapest or amount < _amount(cheapest[god]):
                cheapest[god] = action
        best: tuple[float, float, Action] | None = None
        for god, action in sorted(cheapest.items()):
            if god == APOLLO:
                continue
            value = god_value(state, seat, god, _amount(action), rng)
            if value is None:
                continue
            key = (value, rng.random())
            if best is None or key > best[:2]:
                best = (*key, action)
        if best is not None:
            return best[2]
        return cheapest.get(APOLLO) or cheapest[min(cheapest)]


def _amount(action: Action) -> int:
    return int(action.args[1]) if len(action.args) > 1 else 0
