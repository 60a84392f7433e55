"""Gold moves between players and the bank only through these two functions, so the
invariant "bank + players' gold is constant" holds by construction."""

from __future__ import annotations

from functools import lru_cache

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
    cornucopias occupied by the player's fleets (an empty prosperity sea pays nobody).
    """
    return revenues(state)[player]


def revenues(state: GameState) -> list[tuple[int, int, int]]:
    """:func:`revenue_of` for every seat, by seat, in one pass over the isles and seas.

    >>> from cyclades_widgets.rules.setup import new_state
    >>> revenues(new_state(3))
    [(2, 2, 0), (2, 1, 1), (2, 1, 1)]
    """
    isle_prosperity, prosperity_seas = _prosperity(state.map_id)
    land = [0] * len(state.names)
    for isle_id, isle in state.isles.items():
        owner = isle.owner
        if owner is not None:
            land[owner] += isle_prosperity[isle_id] + isle.markers
    sea = [0] * len(land)
    fleets = state.fleets
    for sea_id, value in prosperity_seas:
        held = fleets.get(sea_id)
        if held is not None:
            sea[held[0]] += value
    by_seat = []
    for seat, on_land in enumerate(land):
        at_sea = sea[seat]
        by_seat.append((on_land + at_sea, on_land, at_sea))
    return by_seat


@lru_cache(maxsize=16)
def _prosperity(map_id: str) -> tuple[dict[str, int], tuple[tuple[str, int], ...]]:
    """The map's prosperity per isle (a plain dict, quicker to read than the map's own),
    and its prosperity seas with their value (the other seas are worth nothing)."""
    spec = MapSpec.load(map_id)
    seas = tuple((sea_id, value) for sea_id, value in spec.sea_prosperity.items() if value)
    return dict(spec.isle_prosperity), seas
