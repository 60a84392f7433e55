"""What the board editor shows beside the map: the palette of pieces, the side panels'
values, and the places that accept a piece now.

All of it is plain JSON-safe data computed from the scenario, so the page that draws it
holds no rule: it asks which places accept a piece (:func:`targets`) and sends intents.
"""

from __future__ import annotations

from typing import Any

from ..rules import flow
from ..rules.board import MapSpec
from ..rules.cycle import slots_in_use
from ..rules.state import (
    APOLLO,
    BUILDINGS,
    GODS,
    MAX_FLEETS,
    MAX_TROOPS,
    PROSPERITY_MARKERS,
    TERRITORY_MARKERS,
    GameState,
)
from ..scenario import Scenario, ScenarioError
from .intents import PIECE_PLACES, PLAYER_PIECES, apply_intent

__all__ = ["palette", "panels", "places_for", "targets"]


def palette(scenario: Scenario) -> list[dict[str, Any]]:
    """Every piece that can be placed: ``piece``, whose (``player``, None for buildings
    and prosperity markers), what it goes on (``on``: ``"isle"``, ``"sea"`` or ``"god"``)
    and, for counted pieces, the counts a place may hold (``least``, ``most``).

    >>> [p["piece"] for p in palette(Scenario(players=2))][:4]
    ['troop', 'troop', 'fleet', 'fleet']
    """
    names = scenario.players
    supply = scenario.state().options.gold_supply
    counted = {
        "troop": (1, MAX_TROOPS),
        "fleet": (1, MAX_FLEETS),
        "prosperity": (1, PROSPERITY_MARKERS),
        "offering": (1, supply),
        **{kind: (1, 4) for kind in BUILDINGS},
    }
    order = ["troop", "fleet", "territory", "offering", *BUILDINGS, "metropolis", "prosperity"]
    entries: list[dict[str, Any]] = []
    for piece in order:
        for player in names if piece in PLAYER_PIECES else [None]:
            entry: dict[str, Any] = {"piece": piece, "player": player, "on": PIECE_PLACES[piece]}
            if piece in counted:
                entry["least"], entry["most"] = counted[piece]
            entries.append(entry)
    return entries


def places_for(scenario: Scenario, piece: str) -> list[str]:
    """Every place of the kind ``piece`` goes on: the isles, the sea spaces, or the gods
    and Apollo (for offering tokens)."""
    spec = MapSpec.load(scenario.map_id)
    on = PIECE_PLACES.get(piece)
    if on == "sea":
        return list(spec.seas)
    if on == "god":
        return [*GODS, APOLLO]
    return list(spec.isles) if on == "isle" else []


def targets(
    scenario: Scenario, piece: str, player: str | None = None, count: int | None = None
) -> list[str]:
    """The places where placing ``piece`` (``player``'s, ``count`` of them) would be
    accepted now: each is tried on a copy of the scenario and its position checked."""
    found = []
    for place in places_for(scenario, piece):
        intent: dict[str, Any] = {"type": "place", "piece": piece, "place": place}
        intent.update({k: v for k, v in (("player", player), ("count", count)) if v is not None})
        trial = scenario.copy()
        try:
            apply_intent(trial, intent)
            trial.state()
        except ScenarioError:
            continue
        found.append(place)
    return found


def panels(scenario: Scenario, state: GameState) -> dict[str, Any]:
    """The side panels' values, read from the position: each player's holdings and what
    they have left, the bank, the cycle, the gods (top to bottom, face up or not), the
    offerings, the turn track, the creature track and discard pile, the phase, whose
    god action it is and who decides now, and the supplies."""
    names = state.names
    players = [
        {
            "name": name,
            "gold": p.gold,
            "priests": p.priests,
            "philosophers": p.philosophers,
            "troops": state.troops_on_board(seat),
            "fleets": state.fleets_on_board(seat),
            "territory_markers": TERRITORY_MARKERS - state.territory_markers_used(seat),
        }
        for seat, (name, p) in enumerate(zip(names, state.players))
    ]
    _, deciding = flow.node(state)
    return {
        "players": players,
        "bank": state.bank,
        "gold_supply": state.options.gold_supply,
        "cycle": state.cycle,
        "gods": [
            {"god": god, "face_up": i < state.gods_up} for i, god in enumerate(state.god_order)
        ],
        "offerings": {
            **{
                god: {"player": names[b.player], "amount": b.amount}
                for god, b in state.bids.items()
            },
            APOLLO: [names[p] for p in state.apollo],
        },
        "order": [names[p] for p in state.turn_order],
        "creatures": list(state.creature_track),
        "slots_in_use": slots_in_use(state.cycle),
        "discard": list(state.creature_discard),
        "phase": state.phase.value,
        "turn": _turn(state),
        "to_act": None if deciding is None else names[deciding],
        "supply": {
            **{kind: state.building_supply[kind] for kind in BUILDINGS},
            "metropolis": state.metropolis_supply,
            "prosperity": state.prosperity_supply,
            "priest": state.priest_supply,
            "philosopher": state.philosopher_supply,
        },
    }


def _turn(state: GameState) -> dict[str, str] | None:
    """Whose god action the position starts in, if it starts in one."""
    if state.turn is not None:
        return {"god": state.turn.god, "player": state.names[state.turn.player]}
    if state.queue and state.returned and state.queue[0].god == APOLLO:
        return {"god": APOLLO, "player": state.names[state.queue[0].player]}
    return None
