"""The strong bot: a Monte Carlo tree search over the rules core.

Each iteration (a *playout*) copies the position and walks down an open-loop tree of
decisions, choosing by UCB1 among the actions legal in that copy, expands one new
decision, then plays on with the fast rules of thumb (:func:`.policy.quick_action`) to a
cut-off (the end of the current cycle, when winners are checked), where
:func:`.evaluate.win_estimates` rates the position for every seat (exact once the game
is over, and a battle under way counts at its exact odds from :mod:`..odds`). Each seat
maximizes its own estimate (max-n).

- **Chance nodes** (dice, creature draws, the gods' order) are sampled afresh in every
  playout, so the tree's statistics average over them.
- **Hidden information**: the state keeps the creature draw pile as an unordered set and
  draws it at chance steps, so every playout is a fresh sample of the deck order (an
  information-set sample). Gold behind the screens is not sampled: every GP gained or
  spent follows from the public moves, dice and draws, so a player who keeps count knows
  it exactly (``docs/bots.md``).
- **Budget**: ``playouts`` per decision (deterministic for a seed), or ``time_limit``
  seconds. A forced move (one legal action) costs nothing.

>>> from cyclades_widgets import Game
>>> game = Game.new(players=3, seed=2)
>>> bot = StrongBot(seed=1, playouts=20)
>>> bot.choose(game.state, game.legal_actions()) in game.legal_actions()
True
"""

from __future__ import annotations

import math
import random
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..rules import flow
from ..rules.actions import Action
from ..rules.offerings import max_bid, payment
from ..rules.state import GameState, Phase
from .evaluate import win_estimates
from .policy import bid_choice, completes_metropolis, quick_action, seat_to_act

__all__ = ["MoveStats", "SearchResult", "StrongBot", "candidates", "default_step"]

DEFAULT_PLAYOUTS = 400
"""Playouts per decision by default: well under a second on one core."""
MAX_PLAYOUT_STEPS = 600
"""A playout stops after this many steps even before its cut-off."""


def candidates(state: GameState, legal: Sequence[Action]) -> list[Action]:
    """The legal actions the search considers: all of them, except that bids keep the
    lowest three amounts per god, the highest that costs no more than the lowest (Priests
    take 1 GP off each offering) and, for a god that completes a Metropolis
    (:func:`.policy.completes_metropolis`), the one no rival can outbid
    (:func:`out_of_reach`): the race for it; moves keep all, all but one, or one unit."""
    out: list[Action] = []
    bids: dict[str, list[Action]] = {}
    moves: dict[tuple[str, str, str], list[Action]] = {}
    for a in legal:
        if a.kind == "bid" and len(a.args) > 1:
            bids.setdefault(a.args[0], []).append(a)
        elif a.kind == "move":
            moves.setdefault(a.args[:3], []).append(a)
        else:
            out.append(a)
    if bids:
        _, seat = flow.node(state)
        assert seat is not None
        priests = state.players[seat].priests
        reach = out_of_reach(state, seat)
        gold = state.players[seat].gold
        for god, options in bids.items():
            options.sort(key=lambda a: a.args[1])
            low = options[0].args[1]
            keep = {low, low + 1, low + 2, low + priests}
            if options[-1].args[1] >= reach > low + 2:
                others = [amt for g, (p, amt) in state.bids.items() if p == seat and g != god]
                after = gold - payment(state, seat, [*others, reach])
                if completes_metropolis(state, seat, god, after):
                    keep.add(reach)
            out += [a for a in options if a.args[1] in keep]
    for options in moves.values():
        top = max(a.args[3] for a in options)
        out += [a for a in options if a.args[3] in (1, top, top - 1)]
    return out


def out_of_reach(state: GameState, seat: int) -> int:
    """The least offering no rival can outbid this cycle: 1 GP more than the most any
    other seat could offer (its gold and Priests)."""
    return 1 + max(
        (
            max_bid(state, i, [])
            for i, p in enumerate(state.players)
            if i != seat and not p.eliminated
        ),
        default=0,
    )


@dataclass
class _Node:
    visits: int = 0
    total: float = 0.0
    """Sum of the rewards of the seat that chose the action leading here."""
    children: dict[Action, _Node] = field(default_factory=dict)


@dataclass
class MoveStats:
    """What the search saw after one of the root's actions."""

    action: Action
    visits: int = 0
    wins: float = 0.0
    """Sum of the acting seat's win estimates at the cut-off."""
    metropolis: int = 0
    """Playouts in which the seat gained a Metropolis before the cut-off."""
    taken: Counter[str] = field(default_factory=Counter)
    """Isle → playouts in which the seat took it."""
    lost: Counter[str] = field(default_factory=Counter)
    """Isle → playouts in which the seat lost it."""
    won_game: int = 0
    """Playouts in which the seat won the game before the cut-off."""
    shares: list[float] = field(default_factory=list)
    """Sum of every seat's win estimate at the cut-off, in seat order (a game review draws
    each player's chance from it)."""

    @property
    def win_rate(self) -> float:
        """The seat's mean win estimate after this action."""
        return self.wins / self.visits if self.visits else 0.0

    @property
    def chances(self) -> tuple[float, ...]:
        """Every seat's mean win estimate after this action, in seat order."""
        return tuple(s / self.visits for s in self.shares) if self.visits else ()


@dataclass
class SearchResult:
    """The root's actions, most visited first, with what the search saw after each."""

    seat: int
    playouts: int
    moves: list[MoveStats]

    @property
    def best(self) -> MoveStats:
        """The most visited action (the search's choice)."""
        return self.moves[0]


@dataclass
class StrongBot:
    """Monte Carlo tree search (see the module's docstring). ``playouts`` per decision, or
    ``time_limit`` seconds when given; ``exploration`` is UCB1's constant."""

    seed: int | None = 0
    playouts: int = DEFAULT_PLAYOUTS
    time_limit: float | None = None
    exploration: float = 0.15
    level: str = field(default="strong", init=False)
    last: SearchResult | None = field(default=None, init=False, repr=False)
    """The last search's result (the coach reads it)."""
    last_state: GameState | None = field(default=None, init=False, repr=False)
    """The position of the last search (a copy)."""

    def choose(self, state: GameState, legal: Sequence[Action]) -> Action:
        """Pick one of ``legal`` by search (a forced move at once)."""
        legal = list(legal)
        if len(legal) == 1:
            return legal[0]
        return self.search(state, legal).best.action

    # ------------------------------------------------------------------ search
    def search(self, state: GameState, legal: Sequence[Action] | None = None) -> SearchResult:
        """Search from ``state`` (a decision) and return every root action's statistics."""
        seat = seat_to_act(state)
        root_legal = candidates(
            state, list(legal) if legal is not None else flow.legal_actions(state)
        )
        rng = random.Random(f"strong/{self.seed}/{state.cycle}/{state.step}")
        root = _Node()
        stats = {a: MoveStats(a) for a in root_legal}
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        done = 0
        while True:
            if deadline is None:
                if done >= self.playouts:
                    break
            elif done > 0 and time.perf_counter() >= deadline:
                break
            self._iterate(state, seat, root, root_legal, stats, rng)
            done += 1
        moves = sorted(stats.values(), key=lambda m: (-m.visits, -m.win_rate, str(m.action)))
        self.last = SearchResult(seat, done, moves)
        self.last_state = state.copy()
        return self.last

    def _select(self, node: _Node, legal: list[Action], rng: random.Random) -> Action:
        total = sum(node.children[a].visits for a in legal)
        log_n = math.log(max(total, 1))
        best: tuple[float, Action] | None = None
        for a in legal:
            child = node.children[a]
            ucb = child.total / child.visits + self.exploration * math.sqrt(log_n / child.visits)
            ucb += rng.random() * 1e-6
            if best is None or ucb > best[0]:
                best = (ucb, a)
        assert best is not None
        return best[1]

    def _iterate(
        self,
        root_state: GameState,
        root_seat: int,
        root: _Node,
        root_legal: list[Action],
        stats: dict[Action, MoveStats],
        rng: random.Random,
    ) -> None:
        s = root_state.copy()
        start_cycle = s.cycle
        node = root
        path: list[tuple[_Node, int]] = []
        first: Action | None = None
        while True:
            kind, seat = flow.node(s)
            if kind == "over" or s.cycle > start_cycle:
                break
            if kind == "auto":
                flow.auto_step(s)
                continue
            if kind == "chance":
                _sample(s, rng)
                continue
            assert seat is not None
            legal = root_legal if first is None else candidates(s, flow.legal_actions(s))
            if len(legal) == 1 and first is not None:
                flow.apply(s, legal[0])
                continue
            untried = [a for a in legal if a not in node.children]
            if untried:
                action = _first_try(s, seat, untried, rng)
                node.children[action] = _Node()
            else:
                action = self._select(node, legal, rng)
            flow.apply(s, action)
            node = node.children[action]
            path.append((node, seat))
            if first is None:
                first = action
            if untried:
                break
        _rollout(s, start_cycle, rng)
        values = win_estimates(s)
        for visited, seat in path:
            visited.visits += 1
            visited.total += values[seat]
        if first is not None:
            _record(stats[first], root_state, s, root_seat, values)


def _first_try(state: GameState, seat: int, untried: list[Action], rng: random.Random) -> Action:
    """The untried action to expand: the rules of thumb's choice when it is untried."""
    if all(a.kind == "bid" for a in untried):
        guess = bid_choice(state, seat, untried, rng)
    else:
        guess = quick_action(state, seat, untried, rng)
    return guess if guess in untried else rng.choice(untried)


def _sample(state: GameState, rng: random.Random) -> None:
    outcomes = flow.chance_outcomes(state)
    r = rng.random()
    for action, p in outcomes:
        r -= p
        if r <= 0:
            flow.apply(state, action)
            return
    flow.apply(state, outcomes[-1][0])


def _rollout(state: GameState, start_cycle: int, rng: random.Random) -> None:
    """Play on with the rules of thumb to the end of the cycle (the cut-off)."""
    for _ in range(MAX_PLAYOUT_STEPS):
        kind, seat = flow.node(state)
        if kind == "over" or state.cycle > start_cycle:
            return
        default_step(state, kind, seat, rng)


def default_step(state: GameState, kind: str, seat: int | None, rng: random.Random) -> None:
    """One step of a playout, at a node of ``kind`` (:func:`.flow.node`): the automatic
    step, a sampled chance outcome, or the rules of thumb's decision for ``seat``."""
    if kind == "auto":
        flow.auto_step(state)
    elif kind == "chance":
        _sample(state, rng)
    else:
        assert seat is not None
        legal = flow.legal_actions(state)
        if len(legal) == 1:
            action = legal[0]
        elif state.phase is Phase.OFFERINGS and not state.pending:
            action = bid_choice(state, seat, legal, rng)
        else:
            action = quick_action(state, seat, legal, rng)
        flow.apply(state, action)


def _record(
    stats: MoveStats, before: GameState, after: GameState, seat: int, values: Sequence[float]
) -> None:
    stats.visits += 1
    stats.wins += values[seat]
    if not stats.shares:
        stats.shares = [0.0] * len(values)
    for i, value in enumerate(values):
        stats.shares[i] += value
    if after.metropolises(seat) > before.metropolises(seat):
        stats.metropolis += 1
    if after.winner == seat:
        stats.won_game += 1
    had = set(before.isles_of(seat))
    has = set(after.isles_of(seat))
    stats.taken.update(has - had)
    stats.lost.update(had - has)
