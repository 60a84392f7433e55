"""Battles on land and at sea.

A battle is a :class:`Battle` step on the state's pending stack:

- its node is a **chance** node: the dice, ``roll A D`` (A = the attacker's die,
  D = the defender's), one of 16 face pairs weighted over the 36 equally likely throws
  of two dice with faces 0, 1, 1, 2, 2, 3;
- after a round in which both sides keep units, a :class:`Retreat` decision goes on top: first the defender, then the attacker, may ``retreat <space>``
  or ``fight`` (:mod:`.retreat`). A side with no legal destination is not asked.

The defenders are the units on the contested space itself; the attackers are off the
board while the battle lasts, since a space holds one player's units.

Helpers used by other rule modules (Pegasus, the Siren): :func:`arrive_troops`,
:func:`arrive_fleets`, :func:`is_last_isle_protected`, :func:`eliminate`.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from types import MappingProxyType
from typing import ClassVar

from . import control
from .actions import Action
from .board import MapSpec, chain_isles
from .control import eliminate, is_last_isle_protected
from .events import Event, ev
from .messages import Why, why
from .registry import explainer, handler, register_pending
from .state import GameState, Pending

__all__ = [
    "DIE_FACES",
    "Battle",
    "Retreat",
    "arrive_fleets",
    "arrive_troops",
    "attacking_units",
    "current_battle",
    "defender_bonus",
    "defending_units",
    "eliminate",
    "is_last_isle_protected",
    "retreat_destinations",
    "round_losses",
]

DIE_FACES: tuple[int, ...] = (0, 1, 1, 2, 2, 3)
"""The six faces of a battle die."""

_FACE_WEIGHTS = Counter(DIE_FACES)
ROLL_OUTCOMES: tuple[tuple[Action, float], ...] = tuple(
    (Action("roll", (a, d)), float(_FACE_WEIGHTS[a] * _FACE_WEIGHTS[d]))
    for a in sorted(_FACE_WEIGHTS)
    for d in sorted(_FACE_WEIGHTS)
)
"""``roll A D`` for every pair of faces, weighted by how many of the 36 throws give it."""


def round_losses(attacker_total: int, defender_total: int) -> tuple[int, int]:
    """The units (attacker, defender) lost in a round with these totals: the lower total
    loses one unit, a tie costs both one.

    >>> round_losses(3, 2), round_losses(2, 2), round_losses(1, 4)
    ((0, 1), (1, 1), (1, 0))
    """
    return int(attacker_total <= defender_total), int(defender_total <= attacker_total)


@dataclass(slots=True, kw_only=True)
class Battle(Pending):
    """A battle under way: a chance step (the dice) between two players."""

    kind: ClassVar[str] = "battle"
    json_keys: ClassVar[MappingProxyType[str, str]] = MappingProxyType({"terrain": "kind"})
    terrain: str
    """``"land"`` (troops on an isle) or ``"sea"`` (fleets in a sea)."""
    space: str
    """The contested isle or sea."""
    attacker: int
    defender: int
    attackers: int
    """The attacking units left, off the board while the battle lasts."""
    round: int
    """Rounds fought so far."""
    origin: str | None
    """The isle the attacking troops came from (None at sea or by Pegasus)."""

    def seat(self, side: str) -> int:
        """The seat of ``side`` (``"attacker"`` or ``"defender"``)."""
        return self.attacker if side == "attacker" else self.defender


@dataclass(slots=True, kw_only=True)
class Retreat(Pending):
    """Between rounds: the defender, then the attacker, may retreat or fight on."""

    kind: ClassVar[str] = "retreat"
    side: str
    """``"defender"`` or ``"attacker"``: who is asked."""


MINOTAUR_BONUS = 2
"""The Minotaur adds 2 to the isle's defence (the reading is in ``docs/rules-notes.md``)."""


# --------------------------------------------------------------------------- arrivals


def arrive_troops(
    state: GameState, player: int, count: int, isle_id: str, *, origin: str | None
) -> list[Event]:
    """``count`` troops of ``player`` arrive at ``isle_id``.

    With ``origin`` they first leave that isle (a territory marker may stay behind);
    with ``origin=None`` they were already taken off the board (Pegasus-like moves).

    - Own isle: they join the troops there.
    - Neutral isle, or an enemy isle with no troops: it is taken without a fight,
      Fortress or not, with its buildings.
    - Enemy troops there: a land battle starts (a pending chance node).

    The caller checks the last-isle rule (:func:`is_last_isle_protected`) beforehand.
    """
    events: list[Event] = []
    if origin is not None:
        events += control.leave_isle(state, player, origin, count)
    isle = state.isles[isle_id]
    if isle.owner == player:
        return events + control.reinforce(state, player, isle_id, count)
    if isle.owner is None or isle.troops == 0:
        return events + control.take_isle(state, player, isle_id, count, by="landing")
    return events + _start(state, "land", isle_id, player, isle.owner, count, origin)


def arrive_fleets(state: GameState, player: int, count: int, sea_id: str) -> list[Event]:
    """``count`` fleets of ``player``, already off the board, arrive at ``sea_id``.

    An empty sea or one holding the player's fleets: they settle there. Enemy fleets
    there: the group stops and a sea battle starts.
    """
    owner, present = state.fleets.get(sea_id, (player, 0))
    if owner == player:
        state.fleets[sea_id] = (player, present + count)
        return []
    return _start(state, "sea", sea_id, player, owner, count, None)


def _start(
    state: GameState,
    terrain: str,
    space: str,
    attacker: int,
    defender: int,
    count: int,
    origin: str | None,
) -> list[Event]:
    battle = Battle(
        player=None,
        terrain=terrain,
        space=space,
        attacker=attacker,
        defender=defender,
        attackers=count,
        round=0,
        origin=origin,
    )
    state.pending.append(battle)
    bonus, detail = defender_bonus(state, battle)
    return [
        ev(
            "battle_start",
            variant=terrain,
            terrain=terrain,
            attacker=state.names[attacker],
            defender=state.names[defender],
            space=space,
            attackers=count,
            defenders=defending_units(state, battle),
            bonus=bonus,
            bonus_detail=detail,
        )
    ]


# --------------------------------------------------------------------------- queries


def current_battle(state: GameState) -> Battle | None:
    """The battle under way (the topmost battle step), if any."""
    for pending in reversed(state.pending):
        if isinstance(pending, Battle):
            return pending
    return None


def attacking_units(state: GameState, player: int, terrain: str) -> int:
    """Units of ``player`` held in battles as attackers (``terrain`` "land" = troops,
    "sea" = fleets). They count toward the 8-unit limit while off the board."""
    return sum(
        p.attackers
        for p in state.pending
        if isinstance(p, Battle) and p.attacker == player and p.terrain == terrain
    )


def defending_units(state: GameState, battle: Battle) -> int:
    """The defending units: the troops on the contested isle or the defender's fleets in
    the contested sea (they stay on the board while the battle lasts)."""
    if battle.terrain == "land":
        return state.isles[battle.space].troops
    owner, count = state.fleets.get(battle.space, (None, 0))
    return count if owner == battle.defender else 0


def _set_defenders(state: GameState, battle: Battle, count: int) -> None:
    space = battle.space
    if battle.terrain == "land":
        state.isles[space].troops = count
    elif count > 0:
        state.fleets[space] = (battle.defender, count)
    else:
        state.fleets.pop(space, None)


def defender_bonus(state: GameState, battle: Battle) -> tuple[int, dict[str, int]]:
    """The defender's fixed bonus and its parts.

    - Land: +1 per Fortress on the isle, +1 for a Metropolis (it counts as every
      building), +2 with the Minotaur on the isle.
    - Sea: +1 per Port and per Metropolis on the defender's isles next to the contested
      sea. The attacker never adds a bonus.
    """
    space, defender = battle.space, battle.defender
    if battle.terrain == "land":
        isle = state.isles[space]
        detail = {
            "fortress": isle.buildings.count("fortress"),
            "metropolis": int(isle.metropolis),
            "minotaur": MINOTAUR_BONUS if isle.figurine == "minotaur" else 0,
        }
    else:
        ports = metros = 0
        for isle_id in sorted(MapSpec.load(state.map_id).sea_isles[space]):
            isle = state.isles[isle_id]
            if isle.owner == defender:
                ports += isle.buildings.count("port")
                metros += int(isle.metropolis)
        detail = {"port": ports, "metropolis": metros}
    return sum(detail.values()), detail


def retreat_destinations(state: GameState, battle: Battle, side: str) -> list[str]:
    """Where one side of a battle may retreat.

    - Troops: to another isle their player controls, reached from the battle isle by a
      chain of seas holding that player's fleets; none from an isle where Medusa stands
      (its troops cannot move away).
    - Fleets: to an adjacent sea that is empty or holds their own fleets, never into the
      Kraken's sea.
    """
    player = battle.seat(side)
    space = battle.space
    spec = MapSpec.load(state.map_id)
    if battle.terrain == "land":
        if state.isles[space].figurine == "medusa":
            return []
        own_seas = frozenset([s for s, (o, _) in state.fleets.items() if o == player])
        reach = chain_isles(spec, space, own_seas)
        return sorted([i for i in reach if state.isles[i].owner == player])
    return sorted(
        s
        for s in spec.sea_neighbours[space]
        if s != state.kraken and state.fleets.get(s, (player, 0))[0] == player
    )


# --------------------------------------------------------------------------- one round


def roll_outcomes(state: GameState, pending: Battle) -> list[tuple[Action, float]]:
    """The chance node of a battle round: every ``roll A D`` with its weight (of 36)."""
    return list(ROLL_OUTCOMES)


@handler("roll")
def apply_roll(state: GameState, action: Action) -> list[Event]:
    """One round: each side adds its die to its units (the defender also its bonus);
    the lower total loses one unit, a tie costs both one."""
    battle = state.pending[-1]
    assert isinstance(battle, Battle)
    a_die, d_die = action.args
    battle.round += 1
    attackers, defenders = battle.attackers, defending_units(state, battle)
    bonus, detail = defender_bonus(state, battle)
    a_total, d_total = attackers + a_die, defenders + d_die + bonus
    a_loss, d_loss = round_losses(a_total, d_total)
    battle.attackers = attackers - a_loss
    _set_defenders(state, battle, defenders - d_loss)
    both_left = battle.attackers > 0 and defenders - d_loss > 0
    d_can = both_left and bool(retreat_destinations(state, battle, "defender"))
    a_can = both_left and bool(retreat_destinations(state, battle, "attacker"))
    events = [
        ev(
            "battle_round",
            variant="both_lose"
            if a_loss and d_loss
            else ("attacker_loses" if a_loss else "defender_loses"),
            round=battle.round,
            terrain=battle.terrain,
            space=battle.space,
            attacker=state.names[battle.attacker],
            defender=state.names[battle.defender],
            attacker_die=a_die,
            defender_die=d_die,
            attackers=attackers,
            defenders=defenders,
            bonus=bonus,
            bonus_detail=detail,
            attacker_total=a_total,
            defender_total=d_total,
            attacker_loss=a_loss,
            defender_loss=d_loss,
            attackers_left=battle.attackers,
            defenders_left=defenders - d_loss,
            defender_can_retreat=d_can,
            attacker_can_retreat=a_can,
        )
    ]
    if not both_left:
        return events + finish(state, battle)
    if d_can:
        state.pending.append(Retreat(player=battle.defender, side="defender"))
    elif a_can:
        state.pending.append(Retreat(player=battle.attacker, side="attacker"))
    return events


# --------------------------------------------------------------------------- the end


def finish(state: GameState, battle: Battle) -> list[Event]:
    """End a battle in which a side has no units left.

    The winner takes the isle or sea and every building on it; if both sides are wiped
    out on land, the defender keeps the isle with a territory marker; at sea the space
    is left empty.
    """
    state.pending.remove(battle)
    attackers, defenders = battle.attackers, defending_units(state, battle)
    if attackers > 0:
        return _conquer(state, battle, "attacker_wins")
    variant = "mutual" if defenders == 0 else "defender_holds"
    events = [_end_event(state, battle, variant, winner=battle.defender)]
    if variant == "mutual" and battle.terrain == "land":
        events += control.keep_with_marker(state, battle.space)
    return events


def _conquer(state: GameState, battle: Battle, variant: str) -> list[Event]:
    """The attacker takes the contested space (the defenders are gone or retreated)."""
    space, attacker, count = battle.space, battle.attacker, battle.attackers
    events = [_end_event(state, battle, variant, winner=attacker)]
    if battle.terrain == "sea":
        state.fleets[space] = (attacker, count)
        return events
    return events + control.take_isle(state, attacker, space, count, by="battle")


def _end_event(state: GameState, battle: Battle, variant: str, *, winner: int) -> Event:
    space = battle.space
    taken = winner == battle.attacker and battle.terrain == "land"
    isle = state.isles.get(space)
    loser = battle.defender if winner == battle.attacker else battle.attacker
    return ev(
        "battle_end",
        variant=variant,
        terrain=battle.terrain,
        space=space,
        winner=state.names[winner],
        loser=state.names[loser],
        attacker=state.names[battle.attacker],
        defender=state.names[battle.defender],
        rounds=battle.round,
        attackers_left=battle.attackers,
        defenders_left=defending_units(state, battle),
        buildings=list(isle.buildings) if taken and isle is not None else [],
        metropolis=bool(taken and isle is not None and isle.metropolis),
    )


def withdraw(state: GameState, battle: Battle, side: str, destination: str) -> list[Event]:
    """One side retreats to ``destination``; the battle ends. A retreating defender
    leaves the space to the attacker, with its buildings."""
    state.pending.remove(battle)
    player = battle.seat(side)
    count = battle.attackers if side == "attacker" else defending_units(state, battle)
    events = [
        ev(
            "retreat",
            variant=battle.terrain,
            player=state.names[player],
            side=side,
            origin=battle.space,
            target=destination,
            count=count,
        )
    ]
    if side == "attacker":
        battle.attackers = 0
    else:
        _set_defenders(state, battle, 0)
    if battle.terrain == "land":
        events += control.reinforce(state, player, destination, count)
    else:
        present = state.fleets.get(destination, (player, 0))[1]
        state.fleets[destination] = (player, present + count)
    if side == "defender":
        return events + _conquer(state, battle, "defender_retreats")
    return events + [_end_event(state, battle, "attacker_retreats", winner=battle.defender)]


@explainer("roll")
def explain_roll(state: GameState, action: Action) -> Why:
    """Dice are rolled only in a battle, and not while a side is choosing whether to
    retreat."""
    if current_battle(state) is None:
        return why("battle.roll_no_battle")
    return why("battle.roll_retreat_first")


register_pending(Battle, "chance", outcomes=roll_outcomes)
