"""Setting up a game for 2–5 players: the map, the start positions, the supplies."""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..i18n import message
from .board import MapSpec, map_for_players
from .errors import CycladesError
from .events import Event, ev
from .options import RuleOptions
from .state import (
    BUILDING_SUPPLY,
    BUILDINGS,
    CITIES,
    CREATURES,
    STARTING_GOLD,
    GameState,
    Isle,
    Player,
)

_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_\-]{0,23}\Z")


def player_names(players: int | Sequence[str]) -> tuple[str, ...]:
    """Player names: the rulebook's cities in order, or the names given.

    Names are single words (letters, digits, ``-``, ``_``) so notation can use them.

    >>> player_names(3)
    ('Athens', 'Sparta', 'Corinth')
    """
    if isinstance(players, int):
        if not 2 <= players <= 5:
            raise CycladesError(message("rules.setup.players", n=players))
        return CITIES[:players]
    names = tuple(players)
    if not 2 <= len(names) <= 5:
        raise CycladesError(message("rules.setup.players", n=len(names)))
    for name in names:
        if not isinstance(name, str) or not _NAME.match(name):
            raise CycladesError(message("rules.setup.name_word", repr(name), name=repr(name)))
    if len({n.lower() for n in names}) != len(names):
        raise CycladesError(message("rules.setup.names_differ", *names, names=list(names)))
    reserved = {"apollo", "ares", "poseidon", "zeus", "athena"}
    if reserved & {n.lower() for n in names}:
        raise CycladesError(message("rules.setup.name_god"))
    return names


def new_state(
    players: int | Sequence[str],
    options: RuleOptions | None = None,
    map_id: str | None = None,
) -> GameState:
    """The position before the first chance step (the offering-token order).

    Each player has 5 GP, 2 isles with 1 troop each, and 2 fleets next to them; the
    creature deck is shuffled through later ``draw`` chance steps.
    """
    names = player_names(players)
    options = options or RuleOptions()
    options.validate()
    map_id = map_id or map_for_players(len(names))
    spec = MapSpec.load(map_id)
    isles = {i: Isle() for i in spec.isles}
    fleets: dict[str, tuple[int, int]] = {}
    for seat, start in enumerate(spec.starts(len(names))):
        for isle_id in start.isles:
            isles[isle_id].owner = seat
            isles[isle_id].troops = 1
        for sea in start.fleets:
            owner, count = fleets.get(sea, (seat, 0))
            fleets[sea] = (seat, count + 1)
    return GameState(
        map_id=map_id,
        names=names,
        options=options,
        players=[Player() for _ in names],
        isles=isles,
        fleets=fleets,
        creature_deck=sorted(CREATURES),
        priest_supply=options.priest_supply,
        philosopher_supply=options.philosopher_supply,
        building_supply={b: BUILDING_SUPPLY for b in BUILDINGS},
        bank=options.gold_supply - STARTING_GOLD * len(names),
    )


def setup_events(state: GameState) -> list[Event]:
    """Events describing the starting position, for the log and the narration."""
    events = []
    for seat, name in enumerate(state.names):
        events.append(
            ev(
                "setup_player",
                player=name,
                gold=state.players[seat].gold,
                isles=state.isles_of(seat),
                fleets=sorted(s for s, (o, _) in state.fleets.items() if o == seat),
            )
        )
    return events
