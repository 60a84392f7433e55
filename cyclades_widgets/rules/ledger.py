"""Gold moves between players and the bank only through these two functions, so the
invariant "bank + players' gold is constant" holds by construction."""

from __future__ import annotations

from .board import MapSpec
from .state import GameState


def pay(state: GameState, player: int, amount: int) -> None:
    """Move ``amount`` GP from the player to the bank (the caller checked it is affordable)."""
    state.players[player].gold -= amount
    state.bank += amount


def gain(state: GameState, player: int, amount: int) -> None:
    """Move ``amount`` GP from the bank to the player (the supply is not a hard limit)."""
    state.players[player].gold += amount
    state.bank -= amount


def transfer(state: GameState, source: int, target: int, amount: int) -> None:
    """Move ``amount`` GP from one player to another (e.g. the Griffon)."""
    state.players[source].gold -= amount
    state.players[target].gold += amount


def revenue_of(state: GameState, player: int) -> tuple[int, int, int]:
    """(total, from isles and markers, from prosperity seas) for one player.

    1 GP per prosperity symbol controlled: isle cornucopias, placed markers, and sea
    cornucopias occupied by the player's fleets (seed 002 '收入与神话生物', RULES-NOTES §5.1).
    """
    spec = MapSpec.load(state.map_id)
    land = 0
    for isle_id, isle in state.isles.items():
        if isle.owner == player:
            land += spec.isle_prosperity[isle_id] + isle.markers
    sea = 0
    for sea_id, (owner, _count) in state.fleets.items():
        if owner == player:
            sea += spec.sea_prosperity.get(sea_id, 0)
    return land + sea, land, sea
