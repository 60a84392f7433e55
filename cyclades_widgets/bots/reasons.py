"""Why one move is better than another, in the learner's words: the coach's hints, the strong
bot's notes on its own moves, and a game review's mistakes.

:func:`compare` looks at the end of the cycle after each of the two moves
(:func:`.outlook.look`: the search's own playouts from the position after each move) and
finds what differs (:mod:`.facts`): an isle or a Metropolis gained or lost, a rival's
Metropolis stopped or in reach, a game won or a rival's win stopped, a god left to a rival
who needed it, a battle's exact odds, gold spent for nothing. The result, a
:class:`Reason`, renders in any language, in one of three voices:

- ``"you"``: a hint to the player ("... you take Naxos from Sparta in 80% of the games");
- ``"bot"``: a bot's own move, in the third person ("... Sparta takes Naxos ...");
- ``"review"``: a mistake in a game ("Sparta should have played ... rather than ...").

When the two moves are about equally good (:data:`TIE`), the reason says so, and what each
one does.

>>> import cyclades_widgets as cw
>>> from cyclades_widgets.rules.actions import Action
>>> game = (cw.Scenario(players=3).empty().troops("ios", "Athens", 3).fleets("g5", "Athens", 1)
...         .troops("naxos", "Sparta", 1).troops("kea", "Sparta", 1)
...         .troops("milos", "Corinth", 1).phase("actions", god="ares", player="Athens")
...         .gold("Athens", 1).game())
>>> why = compare(game.state, 0, Action.parse("move troops ios>naxos 3"), Action.parse("end"),
...               chances=(0.41, 0.29), playouts=16)
>>> why.kinds
('conquest', 'battle')
>>> print(why.text("en"))  # doctest: +NORMALIZE_WHITESPACE
Athens should have played “Move 3 troops from Ios to Naxos” rather than “End the turn”:
Athens takes Naxos from Sparta (their second isle) in 100% of the games; with 3 troops
against 1 on Naxos, Athens wins the battle 99.8% of the time (win chance 41% → 29%).
>>> print(why.text("zh", voice="bot"))  # doctest: +NORMALIZE_WHITESPACE
把 3 支陆军 从伊奥斯移到纳克索斯:在 100% 的对局中,Athens从Sparta手中夺下纳克索斯(Athens的第二座岛屿);以
3 支陆军 对 1 进攻纳克索斯,Athens有 99.8% 的机会赢下战斗(Athens的胜率 41%,而选择“结束行动”为 29%)。
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Literal

from ..i18n import catalog, decimal, percent, text
from ..rules import flow
from ..rules.actions import Action
from ..rules.state import GameState
from ..view.actions import action_label
from ..view.text import Words
from .facts import INTRINSIC, Case, Fact, find
from .mcts import SearchResult
from .outlook import LOOK_PLAYOUTS, Outlook, look, snapshot

__all__ = ["TIE", "Fact", "Reason", "Voice", "alone", "compare"]

Voice = Literal["you", "bot", "review"]
"""Who the reason speaks to: the player (a hint), the players watching a bot (its own
move) or the reader of a review (a move played)."""

TIE = 0.025
"""A move whose win chance is less than this above the other's is about as good as it (a
search's estimates carry that much noise)."""

_PERCENT = ("p", "q", "odds")
"""Values shown as percentages."""


@dataclass(frozen=True)
class Reason:
    """Why ``action`` is better than ``other`` for ``player`` (or, with ``other`` None, why
    it is played at all). :meth:`text` renders it; :attr:`kinds` lists its facts' kinds."""

    player: str
    action: Action
    """The move explained: the better one (the move the review would have played)."""
    other: Action | None
    """The move it is compared with (the move played, in a review), or None."""
    p: float
    """The player's win chance after ``action`` (0 to 1)."""
    q: float | None
    """...and after ``other``."""
    facts: tuple[Fact, ...]
    """What ``action`` brings that ``other`` does not, the strongest first."""
    other_facts: tuple[Fact, ...] = ()
    """For a tie: what ``other`` does (empty: the same as ``action``)."""
    edge: tuple[Fact, ...] = ()
    """For a tie: the one thing ``action`` still does better than ``other``, if any."""
    tie: bool = False
    """True when the two moves are about equally good (:data:`TIE`)."""
    voice: Voice = "review"
    map_id: str = "map-5"
    players: tuple[str, ...] = ()

    @property
    def kinds(self) -> tuple[str, ...]:
        """``"tie"`` or ``"only"`` first when it is one, then the facts' kinds (the
        catalog keys ``reasons.you.<kind>``): what a test checks."""
        lead = ("tie",) if self.tie else ("only",) if self.other is None else ()
        return lead + tuple(f.kind for f in (*self.facts, *self.other_facts, *self.edge))

    @property
    def kind(self) -> str:
        """The main kind: the first of :attr:`kinds`."""
        return self.kinds[0]

    def text(self, lang: str | None = None, voice: Voice | None = None) -> str:
        """The reason in one or two sentences, in ``lang`` (None: the session's language)."""
        voice = voice or self.voice
        lang, names, (why, why_other, edge) = self._parts(lang, voice)
        frame = "only" if self.other is None else "frame"
        if self.tie:
            frame = "tie" if self.other_facts else "same"
        join = catalog(lang).get("reasons.join") or "; "
        params: dict[str, Any] = {**names, "player": self.player, "why": join.join(why)}
        params["p"] = percent(self.p, 0, lang)
        if self.q is not None:
            params["q"] = percent(self.q, 0, lang)
        if why_other:
            params["why_other"] = join.join(why_other)
        said = text(f"reasons.{frame}.{voice}", lang, *self._proper(), **params)
        if edge:
            said += text("reasons.edge", lang, **names, edge=join.join(edge))
        return said

    def clauses(self, lang: str | None = None, voice: Voice | None = None) -> list[str]:
        """Each fact on its own, as :meth:`text` says it (the other move's facts, then the
        edge, last)."""
        _, _, (why, why_other, edge) = self._parts(lang, voice or self.voice)
        return why + why_other + edge

    def _parts(
        self, lang: str | None, voice: Voice
    ) -> tuple[str, dict[str, str], tuple[list[str], list[str], list[str]]]:
        """The language, the moves' names, and the clauses of the move's facts, the other
        move's and the edge's."""
        words = Words(lang or _session(), self.map_id, self.players)
        names = {"action": action_label(self.action, words)}
        if self.other is not None:
            names["other"] = action_label(self.other, words)
        person = "you" if voice == "you" else "they"
        swapped = {"action": names.get("other", ""), "other": names["action"]}
        return (
            words.lang,
            names,
            (
                [_fact_text(f, person, names, self, words.lang) for f in self.facts],
                [_fact_text(f, person, swapped, self, words.lang) for f in self.other_facts],
                [_fact_text(f, person, names, self, words.lang) for f in self.edge],
            ),
        )

    def _proper(self) -> frozenset[str]:
        return frozenset(self.players) | {self.player}

    def __str__(self) -> str:
        return self.text()


def _session() -> str:
    from ..i18n import get_language

    return get_language()


def _fact_text(fact: Fact, person: str, names: dict[str, str], reason: Reason, lang: str) -> str:
    params: dict[str, Any] = {**names, "player": reason.player}
    for key, value in fact.params:
        if key in _PERCENT:
            close = 0 < value < 0.01 or 0.99 < value < 1  # 99.7%, not a certain 100%
            params[key] = percent(value, 1 if close and key == "odds" else 0, lang)
        elif key == "nth":
            params[key] = _ordinal(value, lang)
        elif key == "what":
            params[key] = text(f"reasons.what.{value}", lang)
        elif key == "x":
            params[key] = decimal(value, 1, lang)
        else:
            params[key] = value
    return text(f"reasons.{person}.{fact.kind}", lang, *reason._proper(), **params)


def _ordinal(n: int, lang: str) -> str:
    """ "third", "troisième", "第三" (the catalog's ``reasons.ordinal.<n>``), else the digits."""
    found = catalog(lang).get(f"reasons.ordinal.{n}")
    return found if found is not None else str(n)


# --------------------------------------------------------------------------- the API


def compare(
    state: GameState,
    seat: int,
    better: Action,
    other: Action,
    *,
    stats: SearchResult | None = None,
    chances: tuple[float, float] | None = None,
    voice: Voice = "review",
    playouts: int = LOOK_PLAYOUTS,
    seed: int | None = 0,
) -> Reason:
    """Why ``better`` beats ``other`` for ``seat`` in ``state`` (both legal there).

    The win chances shown are ``chances`` (after ``better``, after ``other``) when given,
    else the search's in ``stats`` for moves it weighed, else the look's own estimates.
    ``playouts`` per move (:data:`.outlook.LOOK_PLAYOUTS`); the same seed gives the same
    reason. Raises ``ValueError`` for a move that is not legal in ``state``.
    """
    _check_legal(state, better, other)
    seen = look(state, better, seat=seat, playouts=playouts, seed=seed)
    baseline = look(state, other, seat=seat, playouts=playouts, seed=seed)
    p, q = _chances(chances, stats, better, other, seen.win_rate, baseline.win_rate)
    facts = find(Case(state, seat, better, other, seen, baseline))
    reason = Reason(
        player=state.names[seat], action=better, other=other, p=p, q=q, facts=facts,
        voice=voice, map_id=state.map_id, players=tuple(state.names),
    )  # fmt: skip
    if p - q >= TIE:
        return replace(reason, facts=facts or _own(state, seat, better, seen))
    mine, theirs = _own(state, seat, better, seen), _own(state, seat, other, baseline)
    return _tie(reason, mine, theirs, facts)


def _tie(
    reason: Reason, mine: tuple[Fact, ...], theirs: tuple[Fact, ...], edges: tuple[Fact, ...]
) -> Reason:
    """About equally good: what each move does (what both do, said once), and the one thing
    the first does better, if any (``edges``: what differs from the other move)."""
    shared = {f.plan for f in mine} & {f.plan for f in theirs}
    own: tuple[Fact, ...] = mine[:2]
    others: tuple[Fact, ...] = ()
    if {f.plan for f in mine} != {f.plan for f in theirs}:
        own = (tuple(f for f in mine if f.plan not in shared) or mine)[:2]
        others = (tuple(f for f in theirs if f.plan not in shared) or theirs)[:2]
    said = {f.plan for f in (*own, *others)}
    edge = tuple(f for f in edges if f.kind not in INTRINSIC and f.plan not in said)[:1]
    return replace(reason, facts=own, other_facts=others, edge=edge, tie=True)


def alone(
    state: GameState,
    seat: int,
    action: Action,
    p: float,
    *,
    voice: Voice = "you",
    playouts: int = LOOK_PLAYOUTS,
    seed: int | None = 0,
) -> Reason:
    """A move with nothing to compare it with (the only choice): what it does on its own,
    with the player's win chance ``p``."""
    seen = look(state, action, seat=seat, playouts=playouts, seed=seed)
    return Reason(
        player=state.names[seat], action=action, other=None, p=p, q=None,
        facts=_own(state, seat, action, seen), voice=voice, map_id=state.map_id,
        players=tuple(state.names),
    )  # fmt: skip


def _own(state: GameState, seat: int, action: Action, seen: Outlook) -> tuple[Fact, ...]:
    """What a move does by itself: its look against the position as it stands (never
    empty: ``steady`` when little changes)."""
    return find(Case(state, seat, action, None, seen, snapshot(state, seat)), most=3)


def _chances(
    chances: tuple[float, float] | None,
    stats: SearchResult | None,
    better: Action,
    other: Action,
    p: float,
    q: float,
) -> tuple[float, float]:
    if chances is not None:
        return chances
    if stats is not None:
        rates = {m.action: m.win_rate for m in stats.moves if m.visits}
        p, q = rates.get(better, p), rates.get(other, q)
    return p, q


def _check_legal(state: GameState, *actions: Action) -> None:
    legal = flow.legal_actions(state)
    for action in actions:
        if action not in legal:
            flow.check(state, action, legal)


def with_voice(reason: Reason, voice: Voice) -> Reason:
    """The same reason, said in another voice."""
    return replace(reason, voice=voice)
