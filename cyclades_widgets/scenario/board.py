"""The board calls of a scenario: troops, fleets, markers and buildings on isles and seas.

Each call is checked at once against the components and the rules' limits, and a refused
call changes nothing.
"""

from __future__ import annotations

from collections import Counter
from typing import Self

from ..i18n import Message
from ..rules.metropolis import footprint, free_slots
from ..rules.state import (
    BUILDING_SUPPLY,
    BUILDINGS,
    MAX_TROOPS,
    PROSPERITY_MARKERS,
    TERRITORY_MARKERS,
    Isle,
)
from .core import Core, check_count, error, norm

__all__ = ["PIECES", "BoardCalls"]

PIECES: dict[str, str] = {
    "troop": "troop",
    "troops": "troop",
    "fleet": "fleet",
    "fleets": "fleet",
    "territory": "territory",
    "metropolis": "metropolis",
    "prosperity": "prosperity",
    **{kind: kind for kind in BUILDINGS},
}
"""The pieces :meth:`BoardCalls.remove` takes off a space, by the names it accepts."""


class BoardCalls(Core):
    """Troops, fleets, territory and prosperity markers, buildings and Metropolises."""

    def empty(self) -> Self:
        """Clear the board: no troops, fleets, buildings or markers anywhere."""
        s = self._base
        for isle_id, isle in s.isles.items():
            self._return_pieces(isle)
            s.isles[isle_id] = Isle()
        s.fleets.clear()
        self._log("empty")
        return self

    def troops(self, isle: str, player: str, count: int) -> Self:
        """Put exactly ``count`` of ``player``'s troops on ``isle``, which becomes theirs
        (with its buildings). ``count=0`` holds the isle with a territory marker."""
        isle_id, seat = self._isle(isle), self._seat(player)
        target = self._base.isles[isle_id]
        here = target.troops if target.owner == seat else 0
        count = self._cap(seat, "troops", self._base.troops_on_board(seat) - here, count)
        if count == 0:
            self._check_markers(seat, isle_id)
        if target.owner != seat:
            self._check_four_kinds(seat, target.buildings)
        target.owner, target.troops, target.territory = seat, count, count == 0
        self._log("troops", isle_id, self._base.names[seat], count)
        return self

    def territory(self, isle: str, player: str) -> Self:
        """``player`` holds ``isle`` with a territory marker and no troops."""
        self.troops(isle, player, 0)
        self._calls.pop()
        self._log("territory", self._isle(isle), self._name(player))
        return self

    def fleets(self, sea: str, player: str, count: int) -> Self:
        """Put exactly ``count`` of ``player``'s fleets on ``sea`` (0 empties it)."""
        sea_id, seat = self._sea(sea), self._seat(player)
        owner, here = self._base.fleets.get(sea_id, (None, 0))
        elsewhere = self._base.fleets_on_board(seat) - here * (owner == seat)
        count = self._cap(seat, "fleets", elsewhere, count)
        if count:
            self._base.fleets[sea_id] = (seat, count)
        else:
            self._base.fleets.pop(sea_id, None)
        self._log("fleets", sea_id, self._base.names[seat], count)
        return self

    def clear(self, space: str) -> Self:
        """Empty one isle (no owner, troops, buildings or markers) or one sea."""
        space = norm(space)
        if self._spec.is_sea(space):
            self._base.fleets.pop(space, None)
        else:
            isle_id = self._isle(space)
            self._return_pieces(self._base.isles[isle_id])
            self._base.isles[isle_id] = Isle()
        self._log("clear", space)
        return self

    def remove(self, space: str, piece: str, count: int | None = None) -> Self:
        """Take pieces off one isle or sea, back to the supply: ``"troops"`` (the isle is
        left to nobody, its buildings stay), ``"fleets"``, ``"territory"`` (the marker: the
        isle is left to nobody), a building (``"temple"``...), ``"metropolis"`` or
        ``"prosperity"`` (Apollo's markers). ``count`` takes that many only; by default,
        all of them."""
        kind = PIECES.get(norm(piece))
        if kind is None:
            shown = repr(piece)
            pieces = sorted(set(PIECES.values()))
            raise error("unknown_piece", [shown, *pieces], piece=shown, pieces=pieces)
        if kind == "fleet":
            place = self._sea(space)
            owner, here = self._base.fleets.get(place, (None, 0))
            left = here - self._taken(place, "fleets", here, count)
            if left and owner is not None:
                self._base.fleets[place] = (owner, left)
            else:
                self._base.fleets.pop(place, None)
        else:
            place = self._isle(space)
            self._remove_from_isle(place, kind, count)
        self._log("remove", place, kind, *([] if count is None else [count]))
        return self

    def _remove_from_isle(self, isle_id: str, kind: str, count: int | None) -> None:
        target, s = self._base.isles[isle_id], self._base
        if kind == "troop":
            left = target.troops - self._taken(isle_id, "troops", target.troops, count)
            target.troops = left
            target.owner = target.owner if left else None
        elif kind == "territory":
            self._taken(
                isle_id, Message("scenario.what.territory_marker"), int(target.territory), count
            )
            target.owner, target.territory = None, False
        elif kind == "metropolis":
            self._taken(isle_id, "metropolis", int(target.metropolis), count)
            target.metropolis = False
            s.metropolis_supply += 1
        elif kind == "prosperity":
            taken = self._taken(isle_id, Message("scenario.what.prosperity"), target.markers, count)
            target.markers -= taken
            s.prosperity_supply += taken
        else:
            taken = self._taken(isle_id, kind, target.buildings.count(kind), count)
            for _ in range(taken):
                target.buildings.remove(kind)
            s.building_supply[kind] += taken

    def _taken(self, place: str, piece: str | Message, here: int, count: int | None) -> int:
        """How many pieces to take: ``count``, or all ``here`` when None; refused when
        there are none, or fewer than ``count``."""
        if here == 0:
            raise error("nothing_to_remove", place=place, piece=piece)
        if count is None:
            return here
        count = check_count(count, "removed", MAX_TROOPS + PROSPERITY_MARKERS, least=1)
        if count > here:
            raise error("fewer_there", place=place, piece=piece, here=here, count=count)
        return count

    def build(self, isle: str, *buildings: str) -> Self:
        """Add buildings (``"fortress"``, ``"port"``, ``"temple"``, ``"university"``) to
        an isle that has an owner, on free building spaces."""
        isle_id = self._isle(isle)
        target = self._base.isles[isle_id]
        kinds = [self._building(b) for b in buildings]
        if target.owner is None:
            raise error("building_no_owner", isle=isle_id)
        room = free_slots(self._base, isle_id)
        if len(kinds) > room:
            slots = self._spec.isle_slots[isle_id]
            raise error("no_room", isle=isle_id, slots=slots, free=room, count=len(kinds))
        for kind, count in Counter(kinds).items():
            if self._base.building_supply[kind] < count:
                raise error("building_supply", buildings={kind: BUILDING_SUPPLY})
        self._check_four_kinds(target.owner, kinds)
        for kind in kinds:
            target.buildings.append(kind)
            self._base.building_supply[kind] -= 1
        self._log("build", isle_id, *kinds)
        return self

    def metropolis(self, isle: str) -> Self:
        """Put a Metropolis on an isle that has an owner (it takes 2 building spaces, or
        the only space of a 1-space isle)."""
        isle_id = self._isle(isle)
        target = self._base.isles[isle_id]
        if target.owner is None:
            raise error("metropolis_no_owner", isle=isle_id)
        if target.metropolis:
            raise error("metropolis_twice", isle=isle_id)
        need = footprint(self._spec.isle_slots[isle_id])
        if free_slots(self._base, isle_id) < need:
            raise error(
                "metropolis_room", isle=isle_id, need=need, free=free_slots(self._base, isle_id)
            )
        if self._base.metropolis_supply <= 0:
            raise error("metropolis_supply")
        target.metropolis = True
        self._base.metropolis_supply -= 1
        self._log("metropolis", isle_id)
        return self

    def prosperity(self, isle: str, markers: int = 1) -> Self:
        """Put exactly ``markers`` of Apollo's prosperity markers on ``isle`` (+1 revenue
        each for whoever holds it)."""
        isle_id = self._isle(isle)
        markers = check_count(markers, "prosperity", PROSPERITY_MARKERS)
        target = self._base.isles[isle_id]
        supply = self._base.prosperity_supply + target.markers
        if markers > supply:
            raise error("prosperity_supply", left=supply)
        self._base.prosperity_supply = supply - markers
        target.markers = markers
        self._log("prosperity", isle_id, markers)
        return self

    # ------------------------------------------------------------------ checks
    def _return_pieces(self, isle: Isle) -> None:
        s = self._base
        for kind in isle.buildings:
            s.building_supply[kind] += 1
        s.metropolis_supply += 1 if isle.metropolis else 0
        s.prosperity_supply += isle.markers

    def _check_four_kinds(self, seat: int, adding: list[str]) -> None:
        """A player never holds a Fortress, a Port, a Temple and a University at once:
        the four are swapped for a Metropolis as soon as they are."""
        kinds = {b for i in self._base.isles.values() if i.owner == seat for b in i.buildings}
        if kinds | set(adding) >= set(BUILDINGS):
            name = self._base.names[seat]
            raise error("four_buildings", [name], player=name)

    def _check_markers(self, seat: int, isle_id: str) -> None:
        target = self._base.isles[isle_id]
        used = self._base.territory_markers_used(seat) - (target.owner == seat and target.territory)
        if used >= TERRITORY_MARKERS:
            name = self._base.names[seat]
            raise error("territory_markers", [name], player=name, markers=TERRITORY_MARKERS)
