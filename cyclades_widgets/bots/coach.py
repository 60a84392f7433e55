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
from typing import Any, Literal

from ..i18n import Message, percent, resolve, text
from ..rules import flow
from ..rules.actions import Action
from ..rules.offerings import payment
from ..rules.state import BUILDINGS, CREATURES, GameState
from ..view.actions import action_label
from ..view.text import Words
from .evaluate import battle_odds_for, building_types, win_estimates
from .levels import BotError, check_level
from .mcts import MoveStats, SearchResult, StrongBot
from .policy import best_attack

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

LIKELY = 0.25
"""A consequence seen in at least this share of the playouts is worth saying."""


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
    why_key: str
    why_params: tuple[tuple[str, Any], ...]
    map_id: str = DEFAULT_MAP
    """The map the actions are on (for the isles' names)."""
    players: tuple[str, ...] = ()
    """The players' names, in seat order."""
    voice: Literal["you", "bot"] = "you"
    """Who the reason speaks to: ``"you"``, the player being coached; ``"bot"``, the
    players watching a bot's move (the reason names the bot's player instead)."""

    def reason(self, lang: str | None = None) -> str:
        """One sentence saying why, in ``lang`` (None: the session's language)."""
        params: dict[str, Any] = dict(self.why_params)
        params["action"] = self.describe(lang)
        params["player"] = self.player
        for key in ("p", "q"):
            if key in params:
                params[key] = percent(params[key], 0, lang)
        if "other" in params:
            params["other"] = describe_action(
                params["other"], lang, map_id=self.map_id, players=self.players
            )
        key = f"bots.{'reason' if self.voice == 'you' else 'bot_reason'}.{self.why_key}"
        return text(key, lang, *self.players, self.player, **params)

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
        return hint_from(state, SearchResult(seat, 0, [only]))
    return hint_from(state, bot.search(state, legal))


def hint_from(state: GameState, result: SearchResult) -> Hint:
    """The :class:`Hint` for a search already made from ``state`` (for instance a strong
    bot's :attr:`~.mcts.StrongBot.last`, to show why it played its move)."""
    seat = result.seat
    best = result.best
    map_id, players = state.map_id, tuple(state.names)
    alternatives = tuple(
        Alternative(m.action, m.win_rate, m.visits, map_id=map_id, players=players)
        for m in result.moves[1:4]
        if m.visits
    )
    key, params = _why(state, seat, best, alternatives)
    target, target_kind = _target(best.action)
    return Hint(
        player=state.names[seat],
        action=best.action,
        win_rate=best.win_rate,
        alternatives=alternatives,
        target=target,
        target_kind=target_kind,
        playouts=result.playouts,
        why_key=key,
        why_params=tuple(sorted(params.items())),
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


def _why(
    state: GameState, seat: int, best: MoveStats, alternatives: tuple[Alternative, ...]
) -> tuple[str, dict[str, Any]]:
    """The reason's catalog key and values, from the strongest thing the search saw."""
    n = max(1, best.visits)
    action = best.action
    discount = _priest_discount(state, seat, action)
    wins = best.visits > 0 and best.won_game / n >= LIKELY
    if wins and discount is not None:
        return "wins_priests", {"p": best.won_game / n, **discount}
    conquest = _conquest(state, seat, best)
    if conquest is not None:
        return conquest
    if wins:
        return "wins", {"p": best.won_game / n}
    if best.visits and best.metropolis / n >= LIKELY:
        return "metropolis", {"p": best.metropolis / n}
    if action.kind == "retreat":
        odds = battle_odds_for(state, seat)
        if odds is not None:
            return ("retreat", {"p": odds}) if odds >= 0.005 else ("retreat_hopeless", {})
    if action.kind == "build" and state.buildings_of(seat, action.args[0]) == 0:
        return "building", {"n": building_types(state, seat) + 1}
    if (
        action.kind == "recruit"
        and action.args[0] == "philosopher"
        or (action.kind == "bid" and action.args[0] == "athena")
    ):
        return "philosopher", {"n": state.players[seat].philosophers + 1}
    if discount is not None:
        return "priests", discount
    if alternatives:
        return "default", {"p": best.win_rate, "q": alternatives[0].win_rate,
                           "other": alternatives[0].action}  # fmt: skip
    return "only", {"p": best.win_rate}


def _priest_discount(state: GameState, seat: int, action: Action) -> dict[str, int] | None:
    """For a bid that Priests make cheaper: how many Priests, and what it costs."""
    if action.kind != "bid" or len(action.args) < 2 or not state.players[seat].priests:
        return None
    god, amount = action.args
    others = [a for g, (p, a) in state.bids.items() if p == seat and g != god]
    paid = payment(state, seat, [*others, amount]) - payment(state, seat, others)
    if paid >= amount:
        return None
    return {"priests": state.players[seat].priests, "paid": paid}


def _conquest(state: GameState, seat: int, best: MoveStats) -> tuple[str, dict[str, Any]] | None:
    """A conquest the action leads to in most playouts, with the battle's figures."""
    if not best.taken or not best.visits:
        return None
    isle, count = best.taken.most_common(1)[0]
    rate = count / best.visits
    owner = state.isles[isle].owner
    if rate < LIKELY or owner in (None, seat):
        return None
    action = best.action
    attackers: int | None = None
    if action.kind == "move" and action.args[0] == "troops" and action.args[2] == isle:
        attackers = action.args[3]
    else:
        after = state.copy()
        flow.apply(after, action)
        attack = best_attack(after, seat)
        if attack is not None and attack[3] == isle:
            attackers = attack[1]
    if attackers is None:
        return None
    defenders = state.isles[isle].troops
    params: dict[str, Any] = {"attackers": attackers, "defenders": defenders, "isle": isle,
                              "p": rate}  # fmt: skip
    if _completes_set(state, seat, isle):
        return "conquest_set", params
    if state.isles[isle].metropolis:
        return "conquest_metropolis", params
    return "conquest", params


def _completes_set(state: GameState, seat: int, isle: str) -> bool:
    have = {b for i in state.isles_of(seat) for b in state.isles[i].buildings}
    return len(have) < len(BUILDINGS) and have | set(state.isles[isle].buildings) >= set(BUILDINGS)
