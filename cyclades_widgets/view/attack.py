"""An attack on one space of a position, as the Battle Lab shows it: who defends, with how
many units and what bonus, and how many units the attacker can bring.

It reads the rules (``rules.battle.defender_bonus``, ``rules.movement.troop_targets``) and
states no rule of its own. During a battle the numbers are the battle's; otherwise the
attacker is the player to act (or the one named), and the attackers are their largest
group that could reach the space now: the troops of one isle joined to it by their fleets,
or their fleets in one sea next to it.

>>> import cyclades_widgets as cw
>>> game = cw.Scenario(players=3).troops("paros", "Sparta", 2).build("paros", "fortress").game()
>>> plan = attack_on(game.state, "paros", attacker="Athens")
>>> plan.defender, plan.defenders, plan.fortresses, plan.metropolis
('Sparta', 2, 1, False)
"""

from __future__ import annotations

from dataclasses import dataclass

from ..rules.battle import Battle, current_battle, defender_bonus, defending_units
from ..rules.board import MapSpec
from ..rules.movement import troop_targets
from ..rules.state import GameState

__all__ = ["Attack", "attack_on"]


@dataclass(frozen=True)
class Attack:
    """The numbers of a battle on ``space``, for the Battle Lab."""

    space: str
    terrain: str
    """``"land"`` (an isle) or ``"sea"``."""
    attacker: str | None
    defender: str | None
    attackers: int
    """The attacker's units in the battle, or their largest group that can reach it (0: none)."""
    defenders: int
    fortresses: int
    """The defender's bonus but the Metropolis's: Fortresses (land) or Ports (sea), and the
    Minotaur's +2."""
    metropolis: bool
    """Whether a Metropolis adds its +1."""
    under_way: bool
    """True when the numbers are those of the battle being fought."""


def attack_on(state: GameState, space: str, *, attacker: str | None = None) -> Attack:
    """The attack on ``space`` (an isle or sea id). Raises ``ValueError`` for an unknown
    space or player."""
    spec = MapSpec.load(state.map_id)
    if not (spec.is_isle(space) or spec.is_sea(space)):
        raise ValueError(f"{space!r} is not an isle or a sea of this map")
    battle = current_battle(state)
    if battle is not None and battle.space == space:
        return _numbers(state, battle, battle.attackers, under_way=True)
    seat = _attacker_seat(state, attacker)
    terrain = "land" if spec.is_isle(space) else "sea"
    owner = state.isles[space].owner if terrain == "land" else state.fleets.get(space, (None, 0))[0]
    planned = Battle(
        player=None, terrain=terrain, space=space, attacker=seat if seat is not None else -1,
        defender=owner if owner is not None else -1, attackers=0, round=0, origin=None,
    )  # fmt: skip
    reach = _reach(state, spec, seat, space, terrain) if seat is not None else 0
    return _numbers(state, planned, reach, under_way=False)


def _numbers(state: GameState, battle: Battle, attackers: int, *, under_way: bool) -> Attack:
    names = state.names
    defenders = defending_units(state, battle) if battle.defender >= 0 else 0
    _, detail = defender_bonus(state, battle)
    metropolis = bool(detail.get("metropolis", 0))
    fortresses = sum(detail.values()) - int(metropolis)
    return Attack(
        space=battle.space,
        terrain=battle.terrain,
        attacker=names[battle.attacker] if battle.attacker >= 0 else None,
        defender=names[battle.defender] if battle.defender >= 0 else None,
        attackers=attackers,
        defenders=defenders,
        fortresses=fortresses,
        metropolis=metropolis,
        under_way=under_way,
    )


def _attacker_seat(state: GameState, attacker: str | None) -> int | None:
    if attacker is not None:
        if attacker not in state.names:
            raise ValueError(f"no player {attacker!r}; the players are {', '.join(state.names)}")
        return state.names.index(attacker)
    if state.turn is not None:
        return state.turn.player
    return None


def _reach(state: GameState, spec: MapSpec, seat: int, space: str, terrain: str) -> int:
    """The attacker's largest group that could reach ``space`` now."""
    if terrain == "land":
        groups = [
            isle.troops
            for isle_id, isle in state.isles.items()
            if isle.owner == seat and isle.troops and space in troop_targets(state, seat, isle_id)
        ]
    else:
        groups = [
            count
            for sea in spec.sea_neighbours[space]
            for owner, count in [state.fleets.get(sea, (None, 0))]
            if owner == seat
        ]
    return max(groups, default=0)
