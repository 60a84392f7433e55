"""The strict reading of a record's ``start`` position (a staged game).

Before the position is built, every value is bounded: whole numbers only, no number
beyond what a game can hold, short strings without control characters, short lists. Then
each part is checked against the map and the box: isles, seas, creatures and gods that
exist, seats that exist, gold within the box's supply, unit caps, supplies never
negative, a winner only when the game is over. Every failure is a
:class:`~cyclades_widgets.rules.errors.RecordError` at the JSON path of the value
(``$.start.players[1][0]``). So no later call does work proportional to a number of the
file: the full invariants (:func:`cyclades_widgets.invariants.check_invariants`), which
list legal actions, run only on a position that passed these bounds.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import fields
from typing import Any

from ..i18n import Message, message
from ..rules.board import MapSpec
from ..rules.errors import RecordError
from ..rules.options import RuleOptions
from ..rules.state import (
    BUILDING_SUPPLY,
    BUILDINGS,
    CREATURES,
    GODS,
    MAX_FLEETS,
    MAX_TROOPS,
    METROPOLIS_SUPPLY,
    PROSPERITY_MARKERS,
    GameState,
    Isle,
    Phase,
    Player,
)
from .shape import check_text, guard, is_int, path_of

__all__ = ["INT_BOUND", "bound_values", "check_position"]

INT_BOUND = 1_000_000
"""No whole number of a start position is beyond ±this (a step counter is the largest)."""
LIST_BOUND = 100
"""No list or object of a start position has more entries."""

Parts = list[str | int]


def _fail(message: Message, parts: Parts) -> RecordError:
    return RecordError(message, path_of(["start", *parts]))


def bound_values(value: Any, parts: Parts | None = None) -> None:
    """Every value of ``start``: whole numbers within :data:`INT_BOUND`, no fractions,
    strings short and without control characters, lists and objects short."""
    parts = parts or []
    if isinstance(value, bool) or value is None:
        return
    if is_int(value):
        if not -INT_BOUND <= value <= INT_BOUND:
            raise _fail(message("record.too_big", most=INT_BOUND, got=value), parts)
        return
    if isinstance(value, str):
        check_text(value, ["start", *parts], limit=40, lines=False)
        return
    if isinstance(value, list | dict):
        if len(value) > LIST_BOUND:
            raise _fail(message("record.max_items", count=LIST_BOUND, got=len(value)), parts)
        items = value.items() if isinstance(value, dict) else enumerate(value)
        for key, item in items:
            if isinstance(key, str):
                check_text(key, ["start", *parts], limit=40, lines=False)
            bound_values(item, [*parts, key])
        return
    kind = Message("record.type.integer")
    got = Message("record.type.number" if isinstance(value, float) else "record.type.object")
    raise _fail(message("record.wrong_type", expected=kind, got=got), parts)


def _index(cls: type, name: str) -> int:
    return [f.name for f in fields(cls)].index(name)


class _Position:
    """The checks of one built position, each failing at its JSON path."""

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.spec = MapSpec.load(state.map_id)
        self.seats = range(state.n_players)

    def range(self, value: Any, least: int, most: int, parts: Parts) -> None:
        if not is_int(value):
            raise _fail(message("record.wrong_type", expected=Message("record.type.integer"), got=Message("record.type.object")), parts)  # fmt: skip
        if value < least:
            raise _fail(message("record.too_small", least=least, got=value), parts)
        if value > most:
            raise _fail(message("record.too_big", most=most, got=value), parts)

    def seat(self, value: Any, parts: Parts, *, none: bool = False) -> None:
        if value is None and none:
            return
        if not is_int(value) or value not in self.seats:
            quoted = repr(value)
            raise _fail(
                message("record.no_seat", quoted, seat=quoted, seats=self.state.n_players), parts
            )

    def known(self, value: Any, names: Iterable[str], what: str, parts: Parts) -> None:
        names = list(names)
        if value not in names:
            quoted = repr(value)
            raise _fail(
                message(f"record.unknown_{what}", quoted, *names, value=quoted, known=names), parts
            )

    def check(self) -> None:
        s, options = self.state, self.state.options
        gold = options.gold_supply
        for i, p in enumerate(s.players):
            self.range(p.gold, 0, gold, ["players", i, _index(Player, "gold")])
            self.range(
                p.priests, 0, options.priest_supply, ["players", i, _index(Player, "priests")]
            )
            self.range(p.philosophers, 0, options.philosopher_supply,
                       ["players", i, _index(Player, "philosophers")])  # fmt: skip
        self.range(s.bank, -gold * s.n_players, gold, ["bank"])
        self.isles()
        for sea, (owner, count) in s.fleets.items():
            self.known(sea, self.spec.seas, "sea", ["fleets", sea])
            self.seat(owner, ["fleets", sea, 0])
            self.range(count, 1, MAX_FLEETS, ["fleets", sea, 1])
        if s.kraken is not None:
            self.known(s.kraken, self.spec.seas, "sea", ["kraken"])
        self.range(s.cycle, 0, INT_BOUND, ["cycle"])
        self.range(s.step, 0, INT_BOUND, ["step"])
        self.range(s.gods_up, 0, len(GODS), ["gods_up"])
        self.range(s.bid_cursor, 0, 2 * s.n_players, ["bid_cursor"])
        for key in ("turn_order", "returned", "apollo"):
            for i, seat in enumerate(getattr(s, key)):
                self.seat(seat, [key, i])
        for key in ("god_order", "gods_down_prev"):
            for i, god in enumerate(getattr(s, key)):
                self.known(god, GODS, "god", [key, i])
        for god, (seat, amount) in s.bids.items():
            self.known(god, GODS, "god", ["bids", god])
            self.seat(seat, ["bids", god, 0])
            self.range(amount, 1, gold, ["bids", god, 1])
        self.creatures()
        for seat, used in s.temples_used.items():
            self.seat(seat, ["temples_used", str(seat)])
            self.range(used, 0, BUILDING_SUPPLY, ["temples_used", str(seat)])
        self.supplies()
        self.seat(s.winner, ["winner"], none=True)
        if (s.winner is not None) != (s.phase is Phase.OVER):
            raise _fail(
                message("record.start_winner", s.phase.value, phase=s.phase.value), ["winner"]
            )

    def isles(self) -> None:
        s = self.state
        for isle_id in s.isles:
            self.known(isle_id, self.spec.isles, "isle", ["isles", isle_id])
        for isle_id in self.spec.isles:
            if isle_id not in s.isles:
                raise _fail(
                    message("record.missing_key", repr(isle_id), key=repr(isle_id)), ["isles"]
                )
        for isle_id, isle in s.isles.items():
            where: Parts = ["isles", isle_id]
            self.seat(isle.owner, [*where, _index(Isle, "owner")], none=True)
            self.range(isle.troops, 0, MAX_TROOPS, [*where, _index(Isle, "troops")])
            self.range(isle.markers, 0, PROSPERITY_MARKERS, [*where, _index(Isle, "markers")])
            for j, building in enumerate(isle.buildings):
                self.known(building, BUILDINGS, "building", [*where, _index(Isle, "buildings"), j])
            if isle.figurine is not None:
                self.known(isle.figurine, CREATURES, "creature", [*where, _index(Isle, "figurine")])
            self.seat(isle.figurine_owner, [*where, _index(Isle, "figurine_owner")], none=True)

    def creatures(self) -> None:
        s = self.state
        for key in ("creature_track", "creature_deck", "creature_discard"):
            for i, card in enumerate(getattr(s, key)):
                if card is not None or key != "creature_track":
                    self.known(card, CREATURES, "creature", [key, i])
        for key in ("held_creatures", "held_since"):
            for card, value in getattr(s, key).items():
                self.known(card, CREATURES, "creature", [key, card])
                if key == "held_creatures":
                    self.seat(value, [key, card])
                else:
                    self.range(value, 0, INT_BOUND, [key, card])

    def supplies(self) -> None:
        s, options = self.state, self.state.options
        for kind, count in s.building_supply.items():
            self.known(kind, BUILDINGS, "building", ["building_supply", kind])
            self.range(count, 0, BUILDING_SUPPLY, ["building_supply", kind])
        self.range(s.metropolis_supply, 0, METROPOLIS_SUPPLY, ["metropolis_supply"])
        self.range(s.prosperity_supply, 0, PROSPERITY_MARKERS, ["prosperity_supply"])
        self.range(s.priest_supply, 0, options.priest_supply, ["priest_supply"])
        self.range(s.philosopher_supply, 0, options.philosopher_supply, ["philosopher_supply"])


def check_position(
    raw: Mapping[str, Any], players: tuple[str, ...], options: RuleOptions, map_id: str
) -> GameState:
    """Build the ``start`` position of a record, checking every value (see the module).
    It must also name the header's players, map and rule options."""
    bound_values(dict(raw))
    state: GameState = guard(lambda: GameState.from_dict(dict(raw)), ["start"])
    if state.names != players or state.map_id != map_id or state.options != options:
        raise RecordError(message("record.start_mismatch"), "$.start")
    guard(lambda: _Position(state).check(), ["start"])
    return state
