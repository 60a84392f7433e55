"""Bot levels for learners: ``level("easy" | "medium" | "strong", seed=...)``.

- **easy** (:class:`EasyBot`): legal and sensible, never offers gold to a god it cannot use;
  it plays the rules of thumb of :mod:`.policy` with noise.
- **medium** (:class:`MediumBot`): the rules of thumb without the noise and without the
  caution (extra Philosophers, attacks at good odds), and when they would end the turn, a
  one-move look-ahead by :func:`.evaluate.score`; it bids for what a god brings, above the
  least that takes it so that a rival must pay for it too, and spends its gold on units, buildings, creatures and Philosophers instead of hoarding.
- **strong** (:class:`.mcts.StrongBot`): a Monte Carlo tree search.

>>> from cyclades_widgets import Game
>>> game = Game.new(players=3, seed=2)
>>> bot = level("medium", seed=1)
>>> bot.choose(game.state, game.legal_actions()) in game.legal_actions()
True
>>> level_name("strong", "fr")
'Fort'
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from ..i18n import Message, text
from ..rules import flow
from ..rules.actions import Action
from ..rules.errors import CycladesError
from ..rules.state import GameState
from .evaluate import battle_odds_for, score
from .policy import bid_choice, pending_choice, quick_action, seat_to_act

__all__ = [
    "LEVELS",
    "BotError",
    "EasyBot",
    "Level",
    "MediumBot",
    "check_level",
    "level",
    "level_name",
]

Level = Literal["easy", "medium", "strong"]
LEVELS: tuple[Level, ...] = ("easy", "medium", "strong")
"""The levels, weakest first (their names: catalog ``bots.level.<level>``)."""


SECURE = 0.25
"""How far the medium bot raises a bid to keep the god it chose (:func:`.policy.bid_choice`'s
``secure``): a quarter of the GP the god's gain is worth. Bidding the least that takes the
god, it was outbid cheaply and piled up gold (the easy bots then won about as often);
raising the bid, it spends its gold where it counts and beats two easy bots about 70% of the
time (``benchmarks/bench_bots.py``)."""


class BotError(CycladesError):
    """A bot or the coach was asked for something it cannot do (an unknown level, a hint
    when nobody has a decision to make); the message speaks the learner's language."""


def level_name(name: str, lang: str | None = None) -> str:
    """The level's name in the learner's language (``"easy"`` → "Easy", "Facile", "简单")."""
    return text(f"bots.level.{check_level(name)}", lang)


def check_level(name: object) -> str:
    """``name`` if it is one of :data:`LEVELS`, else raise :class:`BotError`."""
    if name not in LEVELS:
        shown = repr(name)
        raise BotError(Message("bots.error.level", {"level": shown, "levels": list(LEVELS)},
                               frozenset({shown, *LEVELS})))  # fmt: skip
    return str(name)


def level(name: str, seed: int | None = 0, **options: Any) -> Any:
    """A bot of this level; ``seed`` makes its choices reproducible. ``options`` go to the
    strong bot (``playouts=``, ``time_limit=``...)."""
    check_level(name)
    if name == "easy":
        return EasyBot(seed=seed)
    if name == "medium":
        return MediumBot(seed=seed)
    from .mcts import StrongBot

    return StrongBot(seed=seed, **options)


def _rng(seed: int | None, state: GameState, salt: str) -> random.Random:
    """A generator for one decision: the same seed and position give the same choice,
    whatever the bot chose before."""
    return random.Random(f"{salt}/{seed}/{state.cycle}/{state.step}")


@dataclass
class EasyBot:
    """Legal and sensible: bids the least on a god it can use, builds the building type
    it lacks, recruits while it can pay, attacks only at good odds, with some noise."""

    seed: int | None = 0
    level: Level = field(default="easy", init=False)

    def choose(self, state: GameState, legal: Sequence[Action]) -> Action:
        """Pick one of ``legal``."""
        legal = list(legal)
        if len(legal) == 1:
            return legal[0]
        seat = seat_to_act(state)
        rng = _rng(self.seed, state, "easy")
        if all(a.kind == "bid" for a in legal):
            return bid_choice(state, seat, legal, rng, noise=10.0, greed=0.5)
        action = quick_action(state, seat, legal, rng, cautious=True)
        if action.kind == "end" and state.turn is not None and rng.random() < 0.25:
            others = [a for a in legal if a.kind in ("recruit", "build")]
            if others:
                return rng.choice(others)
        return action


@dataclass
class MediumBot:
    """The rules of thumb of :func:`.policy.quick_action` (build the missing type, buy
    Philosophers, attack at good exact odds, recruit while gold allows); when they would
    end the turn, every legal action is tried on a copy of the position and one that
    improves :func:`.evaluate.score` is kept (a battle just started counts at its exact
    odds). Bids follow :func:`.policy.bid_choice`: it pays for what a god brings, raised by
    :data:`SECURE` so that it is not outbid cheaply."""

    seed: int | None = 0
    attack_threshold: float = 0.6
    level: Level = field(default="medium", init=False)

    def choose(self, state: GameState, legal: Sequence[Action]) -> Action:
        """Pick one of ``legal``."""
        legal = list(legal)
        if len(legal) == 1:
            return legal[0]
        seat = seat_to_act(state)
        rng = _rng(self.seed, state, "medium")
        if all(a.kind == "bid" for a in legal):
            return bid_choice(state, seat, legal, rng, noise=1.0, greed=1.0, secure=SECURE)
        if state.pending or state.turn is None:
            return pending_choice(state, seat, legal, rng)
        action = quick_action(state, seat, legal, rng)
        if action.kind != "end":
            return action
        # Nothing the rules of thumb want: anything else that improves the position?
        return self._best(state, seat, legal, rng)

    def _best(self, state: GameState, seat: int, legal: list[Action], rng: random.Random) -> Action:
        base = score(state, seat)
        best: tuple[float, Action] | None = None
        for action in legal:
            if action.kind == "end":
                value = 0.0
            else:
                trial = state.copy()
                flow.apply(trial, action)
                value = self._settled(trial, seat) - base
            value += rng.random() * 0.01
            if best is None or value > best[0]:
                best = (value, action)
        assert best is not None
        return best[1]

    def _settled(self, trial: GameState, seat: int) -> float:
        """The score after an action; a battle just started counts at its exact odds."""
        odds = battle_odds_for(trial, seat)
        if odds is None:
            return score(trial, seat)
        win = odds if odds >= self.attack_threshold else odds - 0.5
        return score(trial, seat) + 30.0 * (win - 0.5)
