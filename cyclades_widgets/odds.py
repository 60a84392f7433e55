"""Exact battle odds for Cyclades.

Each round both sides roll one die with faces 0, 1, 1, 2, 2, 3 and add their units and
their fixed bonus. The lower total loses one unit; on a tie both lose one. Between rounds,
while both sides have units, the defender may retreat, then the attacker.

Every transition removes at least one unit, so the states (attackers, defenders) form a
DAG: one forward sweep in order of falling unit total gives exact `Fraction` results
with no recursion, and `functools.lru_cache` makes repeated questions free.

>>> odds = battle_odds(1, 1)
>>> odds.exact["attacker_wins"]   # the defender's total is lower on 13 of the 36 die pairs
Fraction(13, 36)
>>> odds.exact["mutual_wipeout"]  # a tie (10 of 36 pairs) removes both; the defender keeps the isle
Fraction(5, 18)
>>> odds.summary("en")
'1 attacker against 1 defender: the attacker takes the space 36.1%, the defender holds 63.9% (both wiped out 27.8%); 1.0 rounds on average.'
>>> odds.summary("zh")
'1 支进攻部队对 1 支防守部队:攻方夺下该处 36.1%,守方守住 63.9%(双方同时全灭 27.8%);平均交锋 1.0 次。'
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache, lru_cache
from types import MappingProxyType
from typing import Any, Literal, NamedTuple

from .i18n import Message, decimal, message, percent, text
from .rules.battle import DIE_FACES, round_losses
from .rules.errors import CycladesError

__all__ = [
    "DIE_FACES",
    "MAX_UNITS",
    "BattleOdds",
    "BattleTrace",
    "OddsError",
    "RetreatPolicy",
    "RoundOdds",
    "RoundTrace",
    "battle_odds",
    "heatmap",
    "round_odds",
    "simulate_battle",
]

MAX_UNITS = 60
"""Largest unit count accepted; the base game has at most 8 troops or fleets a side."""

Outcome = Literal["attacker", "defender", "mutual", "attacker-retreat", "defender-retreat"]


class OddsError(CycladesError):
    """A battle that cannot be computed (a count out of range, an unknown retreat policy);
    the message says what is accepted."""


_THROWS = len(DIE_FACES) ** 2
"""Equally likely throws of two battle dice (36)."""


class RoundOdds(NamedTuple):
    """The three results of one round, as exact probabilities summing to 1."""

    attacker_loses: Fraction
    defender_loses: Fraction
    both_lose: Fraction


@cache
def round_odds(margin: int) -> RoundOdds:
    """Odds of one round when units plus bonus give the attacker `margin` more than the defender.

    >>> round_odds(0)  # 13 + 13 + 10 of the 36 die pairs
    RoundOdds(attacker_loses=Fraction(13, 36), defender_loses=Fraction(13, 36), both_lose=Fraction(5, 18))
    >>> round_odds(4).defender_loses  # a lead of 4 beats any roll
    Fraction(1, 1)
    """
    # Every throw of the two dice through the battle rules' own round resolution.
    losses = Counter(round_losses(margin + a, d) for a in DIE_FACES for d in DIE_FACES)
    return RoundOdds(
        Fraction(losses[1, 0], _THROWS),
        Fraction(losses[0, 1], _THROWS),
        Fraction(losses[1, 1], _THROWS),
    )


@dataclass(frozen=True)
class RetreatPolicy:
    """When each side retreats, checked between rounds, defender first.

    `defender_at=N` means the defender retreats as soon as it is down to N units or fewer;
    None never retreats. Canonical text: "none", "defender-at-N", "attacker-at-N",
    "both-at-N" or "defender-at-N,attacker-at-M".

    >>> RetreatPolicy.parse("both-at-1")
    RetreatPolicy(defender_at=1, attacker_at=1)
    >>> str(RetreatPolicy(defender_at=2))
    'defender-at-2'
    """

    defender_at: int | None = None
    """The defender retreats when it has at most this many units left."""
    attacker_at: int | None = None
    """The attacker retreats when it has at most this many units left (asked after the defender)."""

    def __post_init__(self) -> None:
        for name in ("defender_at", "attacker_at"):
            value = getattr(self, name)
            if value is not None and not _is_count(value, 0):
                raise OddsError(
                    message(
                        "odds.error.policy_count", name, repr(value), name=name, value=repr(value)
                    )
                )

    @classmethod
    def parse(cls, text: str | None) -> RetreatPolicy:
        """Read "none", "defender-at-N", "attacker-at-N", "both-at-N" or a comma-joined pair."""
        if text is None or text.strip().lower() in ("", "none"):
            return cls()
        found: dict[str, int] = {}
        for part in text.lower().replace(" ", "").split(","):
            side, _, number = part.partition("-at-")
            if side not in ("defender", "attacker", "both") or not number.isdigit():
                raise OddsError(message("odds.error.policy", repr(text), name=repr(text)))
            for who in ("defender", "attacker") if side == "both" else (side,):
                found[f"{who}_at"] = int(number)
        return cls(**found)

    def __str__(self) -> str:
        d, a = self.defender_at, self.attacker_at
        if d is None and a is None:
            return "none"
        if d == a:
            return f"both-at-{d}"
        return ",".join(
            f"{w}-at-{n}" for w, n in (("defender", d), ("attacker", a)) if n is not None
        )


@dataclass(frozen=True)
class BattleOdds:
    """Exact odds of one battle. Floats for reading; `exact` and `exact_survivors` hold Fractions.

    attacker_wins counts a defender retreat; defender_holds counts an attacker retreat and a
    mutual wipe-out (on land the defender keeps the isle with a territory marker; at sea the
    space is left empty, which is still not a win for the attacker).
    """

    attackers: int
    defenders: int
    attacker_bonus: int
    defender_bonus: int
    retreat: RetreatPolicy
    attacker_wins: float
    defender_holds: float
    mutual_wipeout: float
    attacker_retreats: float
    defender_retreats: float
    expected_rounds: float
    survivors: Mapping[tuple[int, int], float] = field(repr=False, hash=False)
    """{(attackers_left, defenders_left): p} over end states; a retreat keeps both sides' units."""
    exact: Mapping[str, Fraction] = field(repr=False, hash=False)
    """The six headline numbers above as Fractions, keyed by their attribute names."""
    exact_survivors: Mapping[tuple[int, int], Fraction] = field(repr=False, hash=False)
    """`survivors` as Fractions."""

    def __reduce__(self) -> tuple[object, ...]:
        # The Mapping fields are read-only proxies, which cannot be pickled: rebuild from the cache.
        policy = (self.retreat.defender_at or 0, self.retreat.attacker_at or 0)
        return (
            _solve,
            (self.attackers, self.defenders, self.attacker_bonus, self.defender_bonus, *policy),
        )

    def summary(self, lang: str | None = None) -> str:
        """One sentence with the headline odds, in ``lang`` (None: the session's language).

        >>> battle_odds(3, 2, retreat="defender-at-1").summary("en")
        '3 attackers against 2 defenders: the attacker takes the space 95.7%, the defender holds 4.3% (the defender retreats 95.7%); 1.2 rounds on average.'
        """
        notes = [
            text(f"odds.{key}", lang, p=_percent(p, lang))
            for key, p in (
                ("mutual", self.mutual_wipeout),
                ("defender_retreats", self.defender_retreats),
                ("attacker_retreats", self.attacker_retreats),
            )
            if p
        ]
        params = {
            "attackers": _units(self.attackers, "attacker", self.attacker_bonus),
            "defenders": _units(self.defenders, "defender", self.defender_bonus),
            "win": _percent(self.attacker_wins, lang),
            "hold": _percent(self.defender_holds, lang),
            "rounds": decimal(self.expected_rounds, 1, lang),
        }
        if not notes:
            return text("odds.summary", lang, **params)
        separator = text("list.separator", lang)
        return text("odds.summary_aside", lang, **{**params, "aside": separator.join(notes)})


@dataclass(frozen=True)
class RoundTrace:
    """One sampled round: the dice, the totals, the losses and the units left after it."""

    attacker_die: int
    defender_die: int
    attacker_total: int
    defender_total: int
    attacker_loss: int
    defender_loss: int
    attackers_left: int
    defenders_left: int


@dataclass(frozen=True)
class BattleTrace:
    """One sampled battle, round by round, and how it ended."""

    attackers: int
    defenders: int
    rounds: tuple[RoundTrace, ...]
    outcome: Outcome
    """"attacker", "defender", "mutual", "attacker-retreat" or "defender-retreat"."""

    @property
    def attackers_left(self) -> int:
        """Attacking units left at the end."""
        return self.rounds[-1].attackers_left if self.rounds else self.attackers

    @property
    def defenders_left(self) -> int:
        """Defending units left at the end."""
        return self.rounds[-1].defenders_left if self.rounds else self.defenders


def _units(n: int, side: str, bonus: int) -> Message:
    """ "3 attackers", with the side's bonus: "2 defenders (+1)"."""
    counted = Message(f"odds.{side}s", {"n": n})
    return Message("odds.with_bonus", {"units": counted, "bonus": bonus}) if bonus else counted


def _percent(p: float, lang: str | None = None) -> str:
    """Never show a possible result as 0.0% or 100.0%."""
    if 0 < p < 0.0005:
        return "<" + percent(0.001, 1, lang)
    return ">" + percent(0.999, 1, lang) if 0.9995 <= p < 1 else percent(p, 1, lang)


def _is_count(value: object, least: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and least <= value <= MAX_UNITS


def _check(name: str, value: object, least: int) -> int:
    if not _is_count(value, least):
        if isinstance(value, int) and value > MAX_UNITS:
            raise OddsError(
                message(
                    "odds.error.too_many",
                    name,
                    repr(value),
                    name=name,
                    value=repr(value),
                    most=MAX_UNITS,
                )
            )
        raise OddsError(
            message(
                "odds.error.count", name, repr(value), name=name, value=repr(value), least=least
            )
        )
    return value  # type: ignore[return-value]


def _normalize(
    attackers: object,
    defenders: object,
    attacker_bonus: object,
    defender_bonus: object,
    retreat: RetreatPolicy | str | None,
) -> tuple[int, ...]:
    policy = retreat if isinstance(retreat, RetreatPolicy) else RetreatPolicy.parse(retreat)
    return (
        _check("attackers", attackers, 1),
        _check("defenders", defenders, 0),
        _check("attacker_bonus", attacker_bonus, 0),
        _check("defender_bonus", defender_bonus, 0),
        policy.defender_at or 0,  # 0 and None both mean "never": one cache entry
        policy.attacker_at or 0,
    )


def _ending(a: int, d: int, first: bool, defender_at: int, attacker_at: int) -> Outcome | None:
    """How the battle ends at (a, d), or None if another round is fought."""
    if d == 0:
        return "mutual" if a == 0 else "attacker"
    if a == 0:
        return "defender"
    if first:  # retreats are offered only between rounds
        return None
    if d <= defender_at:
        return "defender-retreat"
    if a <= attacker_at:
        return "attacker-retreat"
    return None


def battle_odds(
    attackers: int,
    defenders: int,
    *,
    attacker_bonus: int = 0,
    defender_bonus: int = 0,
    retreat: RetreatPolicy | str | None = None,
) -> BattleOdds:
    """Exact odds of a battle; bonuses are Fortresses, Ports and Metropolises.

    Results are cached: asking again returns the very same object.

    >>> battle_odds(3, 0).attacker_wins  # landing on an empty isle
    1.0
    >>> battle_odds(2, 1, defender_bonus=1).exact["attacker_wins"]  # 23/36 + 13/36 * 5/36
    Fraction(893, 1296)
    >>> battle_odds(3, 2, retreat="defender-at-1").defender_retreats > 0
    True
    """
    return _solve(*_normalize(attackers, defenders, attacker_bonus, defender_bonus, retreat))


@lru_cache(maxsize=4096)
def _solve(a0: int, d0: int, ab: int, db: int, d_at: int, a_at: int) -> BattleOdds:
    mass: dict[tuple[int, int], Fraction] = {(a0, d0): Fraction(1)}
    ends: dict[tuple[int, int], Fraction] = {}
    totals = dict.fromkeys(
        ("attacker", "defender", "mutual", "attacker-retreat", "defender-retreat"), Fraction(0)
    )
    rounds = Fraction(0)
    for total in range(a0 + d0, -1, -1):  # every round removes 1 or 2 units: a topological order
        for a in range(min(a0, total), max(0, total - d0) - 1, -1):
            p = mass.pop((a, total - a), None)
            if p is None:
                continue
            d = total - a
            ending = _ending(a, d, total == a0 + d0, d_at, a_at)
            if ending is not None:
                ends[(a, d)] = p
                totals[ending] += p
                continue
            rounds += p
            step = round_odds(a + ab - d - db)
            for key, q in (
                ((a - 1, d), step.attacker_loses),
                ((a, d - 1), step.defender_loses),
                ((a - 1, d - 1), step.both_lose),
            ):
                if q:
                    mass[key] = mass.get(key, Fraction(0)) + p * q
    exact = {
        "attacker_wins": totals["attacker"] + totals["defender-retreat"],
        "defender_holds": totals["defender"] + totals["mutual"] + totals["attacker-retreat"],
        "mutual_wipeout": totals["mutual"],
        "attacker_retreats": totals["attacker-retreat"],
        "defender_retreats": totals["defender-retreat"],
        "expected_rounds": rounds,
    }
    ends = dict(sorted(ends.items()))
    f = {k: float(v) for k, v in exact.items()}
    return BattleOdds(
        attackers=a0,
        defenders=d0,
        attacker_bonus=ab,
        defender_bonus=db,
        retreat=RetreatPolicy(d_at or None, a_at or None),
        attacker_wins=f["attacker_wins"],
        defender_holds=f["defender_holds"],
        mutual_wipeout=f["mutual_wipeout"],
        attacker_retreats=f["attacker_retreats"],
        defender_retreats=f["defender_retreats"],
        expected_rounds=f["expected_rounds"],
        survivors=MappingProxyType({k: float(v) for k, v in ends.items()}),
        exact=MappingProxyType(exact),
        exact_survivors=MappingProxyType(ends),
    )


def simulate_battle(
    attackers: int,
    defenders: int,
    *,
    attacker_bonus: int = 0,
    defender_bonus: int = 0,
    retreat: RetreatPolicy | str | None = None,
    rng: random.Random,
) -> BattleTrace:
    """Sample one battle with `rng`, by the same rules as `battle_odds` (for animation and checks).

    Each round draws the attacker's die, then the defender's, with `rng.choice(DIE_FACES)`.

    >>> trace = simulate_battle(3, 2, rng=random.Random(1))
    >>> trace.outcome in ("attacker", "defender", "mutual")
    True
    """
    a, d, ab, db, d_at, a_at = _normalize(
        attackers, defenders, attacker_bonus, defender_bonus, retreat
    )
    rounds: list[RoundTrace] = []
    while (ending := _ending(a, d, not rounds, d_at, a_at)) is None:
        a_die, d_die = rng.choice(DIE_FACES), rng.choice(DIE_FACES)
        a_total, d_total = a + ab + a_die, d + db + d_die
        a_loss, d_loss = round_losses(a_total, d_total)
        a, d = a - a_loss, d - d_loss
        rounds.append(RoundTrace(a_die, d_die, a_total, d_total, a_loss, d_loss, a, d))
    return BattleTrace(attackers, defenders, tuple(rounds), ending)


def heatmap(max_attackers: int = 8, max_defenders: int = 8, **kwargs: Any) -> list[list[float]]:
    """attacker_wins for 1..max_attackers (rows) against 1..max_defenders (columns).

    Keyword arguments (bonuses, retreat) go to `battle_odds`.

    >>> [[round(p, 3) for p in row] for row in heatmap(2, 2)]
    [[0.361, 0.05], [0.911, 0.447]]
    """
    return [
        [battle_odds(a, d, **kwargs).attacker_wins for d in range(1, max_defenders + 1)]
        for a in range(1, max_attackers + 1)
    ]
