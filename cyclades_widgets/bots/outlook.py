"""What the position looks like at the end of the cycle after one move: the coach's and the
review's look ahead, from which :mod:`.reasons` says why one move beats another.

:func:`look` applies the move to a copy of the position, then plays the rest of the cycle
many times with the search's own playout policy (:func:`.mcts.default_step`: dice and
draws sampled, every decision by the rules of thumb), and counts what it sees at the
cut-off, where the search stops too: the games won, the Metropolises gained and lost,
the isles held, the gods each player had this cycle, the rivals' Metropolises in reach of
the player's troops, and the player's gold, units, building types, Philosophers and
Priests. Every figure is read with the rules' own functions (:mod:`..rules`).

The i-th playout of every move uses the same random numbers, so two looks from one
position differ by the moves and not by the dice (common random numbers).

>>> from cyclades_widgets import Game
>>> from cyclades_widgets.rules.actions import Action
>>> game = Game.new(players=3, seed=2)
>>> seen = look(game.state, game.legal_actions()[0], playouts=8)
>>> seen.n, 0.0 <= seen.win_rate <= 1.0, sum(seen.won)
(8, True, 0)
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

from ..rules import flow
from ..rules.actions import Action
from ..rules.movement import troop_targets
from ..rules.state import GameState, Phase
from .evaluate import building_types, win_estimates
from .mcts import MAX_PLAYOUT_STEPS, default_step

__all__ = ["COMPONENTS", "LOOK_PLAYOUTS", "Outlook", "look", "snapshot"]

LOOK_PLAYOUTS = 48
"""Playouts per move for a reason: a look costs a few hundredths of a second, well under
the search it explains (``benchmarks/bench_bots.py``)."""

COMPONENTS = ("isles", "troops", "fleets", "gold", "types", "philosophers", "priests")
"""What :attr:`Outlook.totals` adds up for the player, at the cut-off."""


@dataclass
class Outlook:
    """What ``n`` playouts saw at the end of the cycle after one move, for ``seat`` (the
    player to act) and the other players. Counts are numbers of playouts; :meth:`share`
    and :meth:`mean` turn them into rates."""

    seat: int
    players: int
    n: int = 0
    estimate: float = 0.0
    """The sum of the seat's win estimates at the cut-off (:func:`.evaluate.win_estimates`)."""
    won: list[int] = field(default_factory=list)
    """Per seat: playouts in which it won the game."""
    gained: list[int] = field(default_factory=list)
    """Per seat: playouts in which it had more Metropolises than before the move."""
    fallen: list[int] = field(default_factory=list)
    """Per seat: playouts in which it had fewer."""
    gods: list[Counter[str]] = field(default_factory=list)
    """Per seat: god → playouts in which the seat had that god's action this cycle."""
    owned: Counter[str] = field(default_factory=Counter)
    """Isle → playouts in which the seat held it."""
    reach: Counter[str] = field(default_factory=Counter)
    """A rival's Metropolis isle → playouts in which the seat's troops could reach it."""
    totals: Counter[str] = field(default_factory=Counter)
    """:data:`COMPONENTS` → their sum over the playouts."""

    def __post_init__(self) -> None:
        for name in ("won", "gained", "fallen"):
            if not getattr(self, name):
                setattr(self, name, [0] * self.players)
        if not self.gods:
            self.gods = [Counter() for _ in range(self.players)]

    def share(self, count: float) -> float:
        """A count of playouts as a rate (0 to 1)."""
        return count / self.n if self.n else 0.0

    def mean(self, component: str) -> float:
        """The mean of one of :data:`COMPONENTS` at the cut-off."""
        return self.share(self.totals[component])

    @property
    def win_rate(self) -> float:
        """The seat's mean win estimate at the cut-off."""
        return self.share(self.estimate)

    def add(self, before: GameState, after: GameState, gods: dict[str, int]) -> None:
        """Count one playout: ``after`` is its cut-off, ``gods`` the god → seat of the
        cycle's actions."""
        seat = self.seat
        self.n += 1
        self.estimate += win_estimates(after)[seat]
        for i in range(self.players):
            if after.winner == i:
                self.won[i] += 1
            diff = after.metropolises(i) - before.metropolises(i)
            if diff > 0:
                self.gained[i] += 1
            elif diff < 0:
                self.fallen[i] += 1
        for god, holder in gods.items():
            self.gods[holder][god] += 1
        mine = after.isles_of(seat)
        self.owned.update(mine)
        self.reach.update(_in_reach(after, seat, mine))
        self.totals.update(_components(after, seat, mine))


def _components(state: GameState, seat: int, isles: list[str]) -> dict[str, int]:
    player = state.players[seat]
    return {
        "isles": len(isles),
        "troops": state.troops_on_board(seat),
        "fleets": state.fleets_on_board(seat),
        "gold": player.gold,
        "types": building_types(state, seat),
        "philosophers": player.philosophers,
        "priests": player.priests,
    }


def _in_reach(state: GameState, seat: int, isles: list[str]) -> set[str]:
    """The rivals' Metropolis isles that the seat's troops could move to (and attack)."""
    targets = {
        i for i, isle in state.isles.items() if isle.metropolis and isle.owner not in (None, seat)
    }
    if not targets or state.players[seat].eliminated:
        return set()
    found: set[str] = set()
    for origin in isles:
        if state.isles[origin].troops > 0:
            found.update(t for t in troop_targets(state, seat, origin) if t in targets)
    return found


def _gods_now(state: GameState) -> dict[str, int]:
    """God → seat for the god actions of the cycle still to come (and the one under way)."""
    gods = {god: player for god, player in state.queue}
    if state.turn is not None:
        gods[state.turn.god] = state.turn.player
    return gods


def snapshot(state: GameState, seat: int) -> Outlook:
    """The position as it stands, as an :class:`Outlook` of one playout (a baseline: what
    a move changes)."""
    seen = Outlook(seat, state.n_players)
    seen.add(state, state, _gods_now(state) if state.phase is Phase.ACTIONS else {})
    return seen


def look(
    state: GameState,
    action: Action,
    *,
    seat: int | None = None,
    playouts: int = LOOK_PLAYOUTS,
    seed: int | None = 0,
) -> Outlook:
    """Play ``action`` (legal in ``state``) then the rest of the cycle ``playouts`` times;
    count what each playout's cut-off holds for ``seat`` (by default the player to act).
    The same seed and position give the same outlook."""
    if seat is None:
        seat = flow.node(state)[1]
        if seat is None:
            raise ValueError("look() needs a decision, or the seat to look for")
    start = state.copy()
    flow.apply(start, action)
    seen = Outlook(seat, state.n_players)
    for i in range(max(1, playouts)):
        s = start.copy()
        gods = _play_on(s, state.cycle, random.Random(f"look/{seed}/{state.step}/{i}"))
        seen.add(state, s, gods)
    return seen


def _play_on(s: GameState, cycle: int, rng: random.Random) -> dict[str, int]:
    """Play to the cut-off; return the god → seat of the cycle's actions."""
    gods = _gods_now(s) if s.phase is Phase.ACTIONS else {}
    for _ in range(MAX_PLAYOUT_STEPS):
        kind, seat = flow.node(s)
        if kind == "over" or s.cycle > cycle:
            break
        default_step(s, kind, seat, rng)
        if not gods and s.phase is Phase.ACTIONS:
            gods = _gods_now(s)
    return gods
