"""The coach: a suggested move, its best alternatives with their estimated win rates, and
one sentence saying why, built from what the search saw.

>>> from cyclades_widgets import Game
>>> game = Game.new(players=3, seed=2)
>>> h = hint(game.state, playouts=30, seed=1)
>>> h.action in game.legal_actions(), len(h.alternatives) <= 3
(True, True)
>>> h.target_kind
'god'
>>> isinstance(h.reason("fr"), str)
True
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from ..i18n import Message, resolve
from ..rules import flow
from ..rules.actions import Action
from ..rules.state import CREATURES, GameState
from ..view.actions import action_label
from ..view.text import Words
from .evaluate import win_estimates
from .levels import BotError, check_level
from .mcts import MoveStats, SearchResult, StrongBot
from .reasons import Reason, alone, compare

__all__ = [
    "HINT_PLAYOUTS",
    "Alternative",
    "Hint",
    "describe_action",
    "explain_move",
    "hint",
    "hint_from",
]

HINT_PLAYOUTS = {"easy": 60, "medium": 250, "strong": 900}
"""Playouts a hint's search spends, per level: the strong coach stays under 2 s on one core."""

DEFAULT_MAP = "map-5"
"""The map whose isle names :func:`describe_action` uses when it is given none (the
five-player map holds every isle)."""


@dataclass(frozen=True)
class Alternative:
    """Another action the search weighed, with the mover's estimated win rate after it."""

    action: Action
    win_rate: float
    playouts: int
    map_id: str = DEFAULT_MAP
    players: tuple[str, ...] = ()

    def describe(self, lang: str | None = None) -> str:
        """The action in words, in the learner's language."""
        return describe_action(self.action, lang, map_id=self.map_id, players=self.players)


@dataclass(frozen=True)
class Hint:
    """A suggested move. ``target`` is the id the board can highlight (an isle, a sea, a
    god or a creature; ``target_kind`` says which), or None."""

    player: str
    action: Action
    win_rate: float
    """The player's estimated chance to win after the suggested move (0 to 1)."""
    alternatives: tuple[Alternative, ...]
    """The best other actions, at most 3, best first."""
    target: str | None
    target_kind: str | None
    """``"isle"``, ``"sea"``, ``"god"``, ``"creature"`` or None."""
    playouts: int
    why: Reason
    """Why, compared with the best alternative (:mod:`.reasons`)."""
    map_id: str = DEFAULT_MAP
    """The map the actions are on (for the isles' names)."""
    players: tuple[str, ...] = ()
    """The players' names, in seat order."""
    voice: Literal["you", "bot"] = "you"
    """Who the reason speaks to: ``"you"``, the player being coached; ``"bot"``, the
    players watching a bot's move (the reason names the bot's player instead)."""

    def reason(self, lang: str | None = None) -> str:
        """Why, in one or two sentences, in ``lang`` (None: the session's language)."""
        return self.why.text(lang, voice=self.voice)

    @property
    def why_key(self) -> str:
        """The main kind of the reason (:attr:`.reasons.Reason.kind`): ``"conquest"``,
        ``"tie"``..."""
        return self.why.kind

    def describe(self, lang: str | None = None) -> str:
        """The suggested action in words."""
        return describe_action(self.action, lang, map_id=self.map_id, players=self.players)

    def __str__(self) -> str:
        return self.reason()


# --------------------------------------------------------------------------- actions in words

_TARGET_ARG = {
    "build": 1,
    "metropolis": 0,
    "prosperity": 0,
    "retreat": 0,
    "buy": 0,
    "change": 0,
    "sail": 0,
}


def describe_action(
    action: Action,
    lang: str | None = None,
    *,
    map_id: str = DEFAULT_MAP,
    players: tuple[str, ...] | list[str] = (),
) -> str:
    """An action in the learner's words: the board's own sentence for it, so that a hint
    names a move exactly as the board's menu does.

    >>> describe_action(Action.parse("bid ares 4"), "en")
    'Bid 4 GP on Ares'
    >>> describe_action(Action.parse("sail g6"), "fr")
    'Continuer vers la mer g6'
    """
    return action_label(action, Words(resolve(lang), map_id, players))


def _target(action: Action) -> tuple[str | None, str | None]:
    if action.kind == "bid":
        return action.args[0], "god"
    if action.kind == "move":
        place = action.args[2]
    elif action.kind == "recruit" and len(action.args) > 1:
        place = action.args[1]
    elif action.kind in _TARGET_ARG:
        place = action.args[_TARGET_ARG[action.kind]]
    else:
        return None, None
    if not isinstance(place, str):
        return None, None
    if place in CREATURES:
        return place, "creature"
    return place, ("sea" if place[:1].isalpha() and place[1:].isdigit() else "isle")


# --------------------------------------------------------------------------- the hint


def hint(
    state: GameState,
    *,
    level: str = "strong",
    seed: int | None = 0,
    playouts: int | None = None,
) -> Hint:
    """Search the position for the player to act and return a :class:`Hint`.

    ``level`` sets the search's budget (:data:`HINT_PLAYOUTS`), ``playouts`` overrides
    it; the same seed and position give the same hint. Raises :class:`.levels.BotError`
    (a ``ValueError``) for an unknown level or when nobody has a decision to make.
    """
    check_level(level)
    kind, _ = flow.node(state)
    if kind != "decision":
        raise BotError(Message("bots.error.no_decision"))
    budget = HINT_PLAYOUTS[level] if playouts is None else playouts
    bot = StrongBot(seed=seed, playouts=max(1, budget))
    legal = flow.legal_actions(state)
    if len(legal) == 1:
        seat = flow.node(state)[1]
        assert seat is not None
        only = MoveStats(legal[0], visits=1, wins=win_estimates(state)[seat])
        return hint_from(state, SearchResult(seat, 0, [only]), seed=seed)
    return hint_from(state, bot.search(state, legal), seed=seed)


def hint_from(state: GameState, result: SearchResult, *, seed: int | None = 0) -> Hint:
    """The :class:`Hint` for a search already made from ``state`` (for instance a strong
    bot's :attr:`~.mcts.StrongBot.last`, to show why it played its move). Its reason
    compares the search's choice with the next most searched move (:func:`.reasons.compare`,
    seeded by ``seed``)."""
    seat = result.seat
    best = result.best
    map_id, players = state.map_id, tuple(state.names)
    alternatives = tuple(
        Alternative(m.action, m.win_rate, m.visits, map_id=map_id, players=players)
        for m in result.moves[1:4]
        if m.visits
    )
    if alternatives:
        why = compare(state, seat, best.action, alternatives[0].action, stats=result,
                      voice="you", seed=seed)  # fmt: skip
    else:
        why = alone(state, seat, best.action, best.win_rate, voice="you", seed=seed)
    target, target_kind = _target(best.action)
    return Hint(
        player=state.names[seat],
        action=best.action,
        win_rate=best.win_rate,
        alternatives=alternatives,
        target=target,
        target_kind=target_kind,
        playouts=result.playouts,
        why=why,
        map_id=map_id,
        players=players,
    )


def explain_move(bot: StrongBot) -> Hint | None:
    """Why a strong bot played its last searched move (for the game's log), or None if it
    has not searched yet (a forced move is not searched). Its reason names the bot's
    player ("... Sparta takes it 88% of the time") rather than saying "you"."""
    if bot.last is None or bot.last_state is None:
        return None
    return replace(hint_from(bot.last_state, bot.last), voice="bot")
