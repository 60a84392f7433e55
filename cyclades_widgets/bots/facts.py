"""The facts a reason is made of: what one move brings that another does not, read from two
:class:`.outlook.Outlook` (the end of the cycle after each move) and from the position.

:func:`find` goes through the finders, the strongest fact first (a win, a rival's win
stopped, an isle taken, a Metropolis, a god left to a rival, a rival's Metropolis stopped
or in reach, an isle kept, a battle's odds, gold spent for nothing, a god won, a step
toward a Metropolis), and keeps the first ones it finds. A fact is a catalog key
(``reasons.you.<kind>``, ``reasons.they.<kind>``) and its values.

``baseline`` is the outlook after the other move (a comparison), or the position itself
(:func:`.outlook.snapshot`: what the move does on its own, for a tie).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..odds import battle_odds
from ..rules import flow
from ..rules.actions import Action
from ..rules.battle import current_battle, defending_units
from ..rules.offerings import payment
from ..rules.state import BUILDINGS, GameState
from ..view.attack import attack_on
from .evaluate import battle_odds_for, building_types
from .outlook import Outlook

__all__ = ["GAP", "INTRINSIC", "KEEP", "LIKELY", "WEIGHTS", "Case", "Fact", "find"]

LIKELY = 0.25
"""A consequence seen in at least this share of the playouts is worth saying."""
GAP = 0.2
"""...when it is at least this much more frequent after one move than after the other."""
KEEP = 0.5
"""A bid kept in fewer playouts than this is said to be outbid."""
WEIGHTS = {"isles": 4.0, "troops": 2.0, "fleets": 1.2, "gold": 0.8, "types": 16.0,
           "philosophers": 16.0, "priests": 3.0}  # fmt: skip
"""Points per unit of each :data:`.outlook.COMPONENTS` (as :func:`.evaluate.score` counts
them), to name the one that differs most."""


@dataclass(frozen=True)
class Fact:
    """One reason's fact: its kind (the catalog key's last part) and its values."""

    kind: str
    params: tuple[tuple[str, Any], ...] = ()

    def get(self, name: str) -> Any:
        """One value, or None."""
        return dict(self.params).get(name)

    @property
    def plan(self) -> tuple[Any, ...]:
        """The fact without its figures: two moves with the same plan share it."""
        kind = PLANS.get(self.kind, self.kind)
        return (kind, *(v for _, v in self.params if isinstance(v, str)))


PLANS = {"other_outbid": "outbid", "position": "more", "growth": "more"}
"""Kinds that say the same plan as another: the other move's outbid bid is that move's own;
more of something than after the other move, or than now."""


def _fact(kind: str, **params: Any) -> Fact:
    return Fact(kind, tuple(sorted(params.items())))


@dataclass(frozen=True)
class Case:
    """What the finders read: the position, the player, the move and the other move (None
    when the baseline is the position itself), and the two outlooks."""

    state: GameState
    seat: int
    action: Action
    other: Action | None
    seen: Outlook
    baseline: Outlook

    def gap(self, mine: float, theirs: float) -> bool:
        """A share likely after the move and clearly rarer after the baseline."""
        return mine >= LIKELY and mine - theirs >= GAP


Finder = Callable[[Case], list[Fact]]


def _name(case: Case, seat: int | None) -> str:
    return case.state.names[seat] if seat is not None else ""


def _win(case: Case) -> list[Fact]:
    a, b, s = case.seen, case.baseline, case.seat
    p, q = a.share(a.won[s]), b.share(b.won[s])
    if not case.gap(p, q):
        return []
    discount = priest_discount(case.state, s, case.action)
    if discount is not None:
        return [_fact("win_priests", p=p, q=q, **discount)]
    return [_fact("win", p=p, q=q)]


def _stop_win(case: Case) -> list[Fact]:
    a, b = case.seen, case.baseline
    for r in _rivals(case):
        q, p = b.share(b.won[r]), a.share(a.won[r])
        if case.gap(q, p):
            return [_fact("stop_win", rival=_name(case, r), p=p, q=q)]
    return []


def _isle(case: Case) -> list[Fact]:
    a, b, s, state = case.seen, case.baseline, case.seat, case.state
    gains = [
        (a.share(a.owned[i]) - b.share(b.owned[i]), i)
        for i, isle in state.isles.items()
        if isle.owner != s
    ]
    if not gains:
        return []
    _, isle_id = max(gains)
    p, q = a.share(a.owned[isle_id]), b.share(b.owned[isle_id])
    if not case.gap(p, q):
        return []
    owner = state.isles[isle_id].owner
    nth = len(state.isles_of(s)) + 1
    if owner is None:
        facts = [_fact("isle", isle=isle_id, nth=nth, p=p, q=q)]
    elif completes_set(state, s, isle_id):
        facts = [_fact("conquest_set", isle=isle_id, rival=_name(case, owner), p=p, q=q)]
    elif state.isles[isle_id].metropolis:
        facts = [_fact("conquest_metropolis", isle=isle_id, rival=_name(case, owner), p=p, q=q)]
    else:
        facts = [_fact("conquest", isle=isle_id, rival=_name(case, owner), nth=nth, p=p, q=q)]
    battle = attack(state, s, case.action)
    if battle is not None and battle.get("space") == isle_id:
        facts.append(battle)
    return facts


def _metropolis(case: Case) -> list[Fact]:
    a, b, s = case.seen, case.baseline, case.seat
    p, q = a.share(a.gained[s]), b.share(b.gained[s])
    if not case.gap(p, q):
        return []
    return [_fact("metropolis", nth=case.state.metropolises(s) + 1, p=p, q=q)]


def _god_left(case: Case) -> list[Fact]:
    if case.other is None:
        return []
    a, b = case.seen, case.baseline
    found: list[tuple[float, Fact]] = []
    for r in _rivals(case):
        q, p = b.share(b.gained[r]), a.share(a.gained[r])
        if not case.gap(q, p):
            continue
        for god, count in b.gods[r].items():
            more = b.share(count) - a.share(a.gods[r][god])
            if more >= GAP:
                nth = case.state.metropolises(r) + 1
                found.append((more, _fact("god_left", god=god, rival=_name(case, r), nth=nth,
                                          p=p, q=q)))  # fmt: skip
    return [max(found, key=lambda f: f[0])[1]] if found else []


def _rival_metropolis(case: Case) -> list[Fact]:
    if case.other is None:
        return []
    a, b = case.seen, case.baseline
    for r in _rivals(case):
        q, p = b.share(b.gained[r]), a.share(a.gained[r])
        if case.gap(q, p):
            nth = case.state.metropolises(r) + 1
            return [_fact("rival_metropolis", rival=_name(case, r), nth=nth, p=p, q=q)]
    return []


def _rival_fall(case: Case) -> list[Fact]:
    a, b = case.seen, case.baseline
    for r in _rivals(case):
        p, q = a.share(a.fallen[r]), b.share(b.fallen[r])
        if case.gap(p, q):
            return [_fact("rival_fall", rival=_name(case, r), p=p, q=q)]
    return []


def _threat(case: Case) -> list[Fact]:
    a, b, state = case.seen, case.baseline, case.state
    for isle_id, count in a.reach.most_common():
        p, q = a.share(count), b.share(b.reach[isle_id])
        owner = state.isles[isle_id].owner
        if owner is not None and owner != case.seat and case.gap(p, q):
            return [_fact("threat", isle=isle_id, rival=_name(case, owner), p=p, q=q)]
    return []


def _keep_isle(case: Case) -> list[Fact]:
    if case.other is None:
        return []
    a, b = case.seen, case.baseline
    for isle_id in case.state.isles_of(case.seat):
        q, p = 1 - b.share(b.owned[isle_id]), 1 - a.share(a.owned[isle_id])
        if case.gap(q, p):
            return [_fact("keep_isle", isle=isle_id, p=p, q=q)]
    return []


def _battle(case: Case) -> list[Fact]:
    state, s, action = case.state, case.seat, case.action
    if action.kind in ("fight", "retreat"):
        odds = battle_odds_for(state, s)
        if odds is None:
            return []
        if action.kind == "fight":
            return [_fact("fight", odds=odds)]
        return [_fact("retreat", odds=odds) if odds >= 0.005 else _fact("retreat_hopeless")]
    battle = attack(state, s, action)
    if battle is not None and battle.get("odds") >= 0.5:
        return [battle]
    return []


def _risky(case: Case) -> list[Fact]:
    if case.other is None:
        return []
    battle = attack(case.state, case.seat, case.other)
    if battle is None or battle.get("odds") >= 0.5:
        return []
    return [Fact("risky" if battle.get("odds") >= 0.005 else "hopeless", battle.params)]


def _gold(case: Case) -> list[Fact]:
    if case.other is None:
        return []
    a, b = case.seen, case.baseline
    saved = a.mean("gold") - b.mean("gold")
    bought = sum(w * (b.mean(c) - a.mean(c)) for c, w in WEIGHTS.items() if c != "gold")
    if saved < 1.0 or bought > 0.5:
        return []
    return [_fact("gold_wasted", gp=round(saved))]


def _god(case: Case) -> list[Fact]:
    if case.action.kind != "bid":
        return []
    god, a, b, s = case.action.args[0], case.seen, case.baseline, case.seat
    p, q = a.share(a.gods[s][god]), b.share(b.gods[s][god])
    return [_fact("god", god=god, p=p, q=q)] if case.gap(p, q) else []


def _plan(case: Case) -> list[Fact]:
    """A step toward a Metropolis that the move takes by itself."""
    state, s, action = case.state, case.seat, case.action
    discount = priest_discount(state, s, action)
    if discount is not None:
        return [_fact("priests", **discount)]
    if action.kind == "build" and state.buildings_of(s, action.args[0]) == 0:
        return [_fact("building", n=building_types(state, s) + 1)]
    athena = action.kind == "bid" and action.args[0] == "athena"
    if athena and case.seen.share(case.seen.gods[s]["athena"]) < KEEP:
        return []
    if athena or (action.kind == "recruit" and action.args[0] == "philosopher"):
        return [_fact("philosopher", n=state.players[s].philosophers + 1)]
    return []


def _outbid(case: Case) -> list[Fact]:
    """A bid that a rival outbids in most playouts: the move's own (``outbid``), or, in a
    comparison, the other move's (``other_outbid``)."""
    found = _outbid_share(case.action, case.seen, case.seat)
    if found is not None:
        return [_fact("outbid", god=found[0], q=found[1])]
    if case.other is not None:
        found = _outbid_share(case.other, case.baseline, case.seat)
        if found is not None:
            return [_fact("other_outbid", god=found[0], q=found[1])]
    return []


def _outbid_share(action: Action, seen: Outlook, seat: int) -> tuple[str, float] | None:
    if action.kind != "bid" or len(action.args) < 2:
        return None
    god = action.args[0]
    kept = seen.share(seen.gods[seat][god])
    return (god, 1 - kept) if kept < KEEP else None


def _position(case: Case) -> list[Fact]:
    """What the player has more of at the end of the cycle: than after the other move
    (``position``), or, against the position itself, than now (``growth``, gold aside:
    spending it is what moves are for)."""
    a, b = case.seen, case.baseline
    kinds = WEIGHTS if case.other is not None else {c: w for c, w in WEIGHTS.items() if c != "gold"}
    points, what = max((w * (a.mean(c) - b.mean(c)), c) for c, w in kinds.items())
    x = a.mean(what) - b.mean(what)
    if points < WEIGHTS["gold"] or x < 0.3:
        return []
    return [_fact("position" if case.other is not None else "growth", what=what, x=x)]


FINDERS: tuple[Finder, ...] = (
    _win, _stop_win, _isle, _metropolis, _god_left, _rival_metropolis, _rival_fall, _threat,
    _keep_isle, _battle, _risky, _gold, _god, _plan, _outbid, _position,
)  # fmt: skip
"""The finders, the strongest fact first."""

INTRINSIC = frozenset({"battle", "battle_sea", "fight", "retreat", "retreat_hopeless",
                       "priests", "building", "philosopher", "outbid", "growth", "steady"})  # fmt: skip
"""Facts about the move itself, not about what differs from the other move."""

IMPLIED = {
    "conquest_set": {"metropolis"},
    "conquest_metropolis": {"rival_fall", "threat"},
    "win": {"metropolis"},
    "win_priests": {"metropolis", "priests", "god"},
    "god_left": {"rival_metropolis"},
    "gold_wasted": {"position"},
}
"""Facts that go without saying after another one."""


def find(case: Case, most: int = 2) -> tuple[Fact, ...]:
    """Up to ``most`` facts of ``case``, the strongest first; () if nothing stands out (or,
    against the position itself, ``steady``: little changes this cycle)."""
    found: list[Fact] = []
    for finder in FINDERS:
        for fact in finder(case):
            implied = set().union(*(IMPLIED.get(f.kind, set()) for f in found))
            if fact.kind not in implied and all(f.kind != fact.kind for f in found):
                found.append(fact)
        if len(found) >= most:
            break
    if not found and case.other is None:
        found.append(Fact("steady"))
    return tuple(found[:most])


def _rivals(case: Case) -> list[int]:
    return [i for i, p in enumerate(case.state.players) if i != case.seat and not p.eliminated]


# --------------------------------------------------------------------------- from the position


def attack(state: GameState, seat: int, action: Action) -> Fact | None:
    """The battle ``action`` starts for ``seat`` (a move into a rival's isle or sea), or,
    with Ares, the land attack it prepares (a troop recruited): a ``battle`` fact with the
    units on each side and the exact odds; None if none."""
    after = state.copy()
    flow.apply(after, action)
    battle = current_battle(after)
    if battle is not None and battle.attacker == seat and current_battle(state) is None:
        odds = battle_odds_for(after, seat)
        kind = "battle" if battle.terrain == "land" else "battle_sea"
        return _fact(kind, space=battle.space, attackers=battle.attackers,
                     defenders=defending_units(after, battle), odds=odds or 0.0)  # fmt: skip
    turn = after.turn
    if action.kind != "recruit" or turn is None or turn.god != "ares" or after.pending:
        return None
    best: Fact | None = None
    for isle_id, isle in after.isles.items():
        if isle.owner in (None, seat):
            continue
        plan = attack_on(after, isle_id, attacker=after.names[seat])
        if plan.attackers < 1 or plan.defenders < 1:
            continue
        bonus = plan.fortresses + int(plan.metropolis)
        odds = float(battle_odds(min(plan.attackers, 60), min(plan.defenders, 60),
                                 defender_bonus=min(bonus, 60)).attacker_wins)  # fmt: skip
        if best is None or odds > best.get("odds"):
            best = _fact("battle", space=isle_id, attackers=plan.attackers,
                         defenders=plan.defenders, odds=odds)  # fmt: skip
    return best


def priest_discount(state: GameState, seat: int, action: Action) -> dict[str, int] | None:
    """For a bid that Priests make cheaper: how many Priests, and what it costs."""
    if action.kind != "bid" or len(action.args) < 2 or not state.players[seat].priests:
        return None
    god, amount = action.args
    others = [a for g, (p, a) in state.bids.items() if p == seat and g != god]
    paid = payment(state, seat, [*others, amount]) - payment(state, seat, others)
    if paid >= amount:
        return None
    return {"priests": state.players[seat].priests, "paid": paid}


def completes_set(state: GameState, seat: int, isle: str) -> bool:
    """Whether ``isle``'s buildings give ``seat`` the four building types."""
    have = {b for i in state.isles_of(seat) for b in state.isles[i].buildings}
    return len(have) < len(BUILDINGS) and have | set(state.isles[isle].buildings) >= set(BUILDINGS)
