"""The map: isles, seas, adjacency and start positions, loaded from ``data/maps/*.json``.

A map file lists the rows of a hex grid, which hexes form each isle, the prosperity seas and
the start positions per player count (format and sources: ``docs/maps.md``). Every grid cell
that is not part of an isle is a sea space. Adjacency is computed here from the hexes, once
per map, and stored as frozensets so the rules engine only does dictionary lookups.

Grid coordinates are ``(row, col)``. Rows are horizontal lines of pointy-top hexes, centred
under each other, and consecutive rows differ in width by exactly one hex
(``docs/maps.md``). The neighbours of ``(h, l)`` are ``(h, l ± 1)`` and, in each adjacent row
``h'``, ``(h', l - 1), (h', l)`` when row ``h'`` is narrower, ``(h', l), (h', l + 1)`` when it is
wider.

Sea ids are the row letter (``a`` = row 0) followed by the column + 1: ``(2, 4)`` is ``c5``.
Isle ids are lowercase Cycladic island names (``naxos``); both appear in notation.
"""

from __future__ import annotations

import json
import re
from collections import deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib import resources
from types import MappingProxyType
from typing import Any

from ..i18n import LANGS, catalog, message
from .errors import CycladesError

__all__ = [
    "Hex",
    "MapDataError",
    "MapSpec",
    "Start",
    "available_maps",
    "grid_neighbours",
    "map_for_players",
    "sea_id",
]

Hex = tuple[int, int]
"""A grid cell as ``(row, col)``, both counted from 0."""

_MAP_ID = re.compile(r"^[a-z0-9][a-z0-9-]*$")
_ISLE_ID = re.compile(r"^[a-z]+$")
_START_REVENUE = 2  # every player starts with exactly 2 prosperity (docs/maps.md)


class MapDataError(CycladesError):
    """A map file is malformed or breaks a rule of the board (the message says which)."""


@dataclass(frozen=True, slots=True)
class Start:
    """One player's start position: a troop on each isle, a fleet on each sea.

    ``fleets[i]`` is the sea next to ``isles[i]``.
    """

    isles: tuple[str, str]
    """The two start isles (one troop each)."""
    fleets: tuple[str, str]
    """The two start seas (one fleet each)."""


def map_for_players(n_players: int) -> str:
    """Return the id of the map used with ``n_players`` players (2–5).

    >>> map_for_players(3)
    'map-2-3'
    """
    if n_players in (2, 3):
        return "map-2-3"
    if n_players in (4, 5):
        return f"map-{n_players}"
    raise CycladesError(message("rules.setup.players", repr(n_players), n=repr(n_players)))


def available_maps() -> tuple[str, ...]:
    """Return the ids of the map files shipped with the package, sorted."""
    folder = resources.files("cyclades_widgets") / "data" / "maps"
    return tuple(sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".json")))


def sea_id(cell: Hex) -> str:
    """Return the short id of the sea at ``cell``: row letter + (col + 1).

    >>> sea_id((2, 4))
    'c5'
    """
    row, col = cell
    return f"{chr(ord('a') + row)}{col + 1}"


def grid_neighbours(rows: tuple[int, ...], cell: Hex) -> list[Hex]:
    """Return the cells of the grid with row widths ``rows`` that share an edge with ``cell``.

    Implements the neighbour rule of the printed boards (``docs/maps.md``), generalised to
    any row widths that change by one from row to row.
    """
    h, col = cell
    out: list[Hex] = [(h, col - 1), (h, col + 1)]
    for h2 in (h - 1, h + 1):
        if 0 <= h2 < len(rows):
            if rows[h2] < rows[h]:
                out += [(h2, col - 1), (h2, col)]
            else:
                out += [(h2, col), (h2, col + 1)]
    return [(r, c) for r, c in out if 0 <= r < len(rows) and 0 <= c < rows[r]]


@dataclass(frozen=True, eq=False)
class MapSpec:
    """A board, read-only and shared: load it with :meth:`MapSpec.load`.

    All mappings are read-only views (``types.MappingProxyType``); copy with ``dict(...)``
    before serialising or changing them.
    """

    id: str
    """The map id, e.g. ``"map-5"``."""
    title: str
    """A human-readable title."""
    players: tuple[int, ...]
    """The player counts this map is for."""
    provenance: str
    """Where the layout comes from and how sure we are of it."""
    rows: tuple[int, ...]
    """Width of each grid row, top to bottom."""
    isles: tuple[str, ...]
    """Isle ids in file order."""
    seas: tuple[str, ...]
    """Sea ids sorted by row, then column."""
    isle_slots: Mapping[str, int]
    """Building slots per isle."""
    isle_prosperity: Mapping[str, int]
    """Printed prosperity (cornucopias) per isle."""
    isle_hexes: Mapping[str, tuple[Hex, ...]]
    """The grid cells of each isle, in file order."""
    sea_hex: Mapping[str, Hex]
    """The grid cell of each sea."""
    sea_prosperity: Mapping[str, int]
    """1 for a prosperity sea, 0 otherwise (every sea is a key)."""
    names: Mapping[str, Mapping[str, str]]
    """Display names of each isle by language code (``"en"``, ``"zh"``...), read from the
    text catalogs (``isle.<id>``), never from the map file."""
    sea_neighbours: Mapping[str, frozenset[str]]
    """The seas sharing an edge with each sea."""
    isle_seas: Mapping[str, frozenset[str]]
    """The seas touching any hex of each isle."""
    sea_isles: Mapping[str, frozenset[str]]
    """The isles touching each sea."""
    _starts: Mapping[int, tuple[Start, ...]]

    @staticmethod
    @cache
    def load(map_id: str) -> MapSpec:
        """Load, validate and cache the map ``map_id`` (e.g. ``"map-5"``).

        Raises :class:`MapDataError` (a ``ValueError``) if the file breaks a board rule.
        """
        if not isinstance(map_id, str) or not _MAP_ID.match(map_id):
            raise MapDataError(message("rules.setup.bad_map_id", repr(map_id), map=repr(map_id)))
        path = resources.files("cyclades_widgets") / "data" / "maps" / f"{map_id}.json"
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            known = list(available_maps())
            raise MapDataError(
                message("rules.setup.no_map", repr(map_id), *known, map=repr(map_id), known=known)
            ) from None
        return MapSpec.from_dict(json.loads(text))

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> MapSpec:
        """Build and validate a map from the parsed JSON of a map file (not cached)."""
        return _build(data)

    @classmethod
    def for_players(cls, n_players: int) -> MapSpec:
        """Load the map used with ``n_players`` players."""
        return cls.load(map_for_players(n_players))

    def starts(self, n_players: int) -> tuple[Start, ...]:
        """Return the start positions for ``n_players``, in seat order."""
        try:
            return self._starts[n_players]
        except KeyError:
            raise MapDataError(
                message("rules.setup.no_starts", self.id, map=self.id, n=n_players)
            ) from None

    def is_isle(self, space: str) -> bool:
        """Return True if ``space`` is an isle id of this map."""
        return space in self.isle_slots

    def is_sea(self, space: str) -> bool:
        """Return True if ``space`` is a sea id of this map."""
        return space in self.sea_hex

    def start_revenue(self, start: Start) -> int:
        """Return the prosperity of a start position: its isles plus its fleets' seas."""
        return sum(self.isle_prosperity[i] for i in start.isles) + sum(
            self.sea_prosperity[s] for s in start.fleets
        )

    def fleet_chain_reachable(
        self, start_isle: str, seas_with_own_fleets: Iterable[str]
    ) -> set[str]:
        """Return the isles reachable from ``start_isle`` over a chain of the given seas.

        A chain is a path of edge-adjacent seas, each in ``seas_with_own_fleets``, that starts
        at a sea touching ``start_isle``; it never passes through an isle. The result holds
        every other isle touching a sea of such a chain (``start_isle`` itself is left out).
        Used for Ares troop moves and for retreats.
        """
        passable = set(seas_with_own_fleets)
        seen = set(self.isle_seas[start_isle] & passable)
        queue = deque(seen)
        reached: set[str] = set()
        while queue:
            sea = queue.popleft()
            reached |= self.sea_isles[sea]
            for nxt in self.sea_neighbours[sea]:
                if nxt in passable and nxt not in seen:
                    seen.add(nxt)
                    queue.append(nxt)
        reached.discard(start_isle)
        return reached

    def __repr__(self) -> str:
        return f"MapSpec.load({self.id!r})"


# --- building and validating -------------------------------------------------------------


@lru_cache(maxsize=4096)
def chain_isles(spec: MapSpec, isle_id: str, seas: frozenset[str]) -> tuple[str, ...]:
    """The isles joined to ``isle_id`` by a chain of ``seas`` (:meth:`MapSpec.fleet_chain_reachable`),
    in map order; computed once per map, isle and set of seas."""
    reach = spec.fleet_chain_reachable(isle_id, seas)
    return tuple(i for i in spec.isles if i in reach)


def _fail(map_id: str, message: str) -> MapDataError:
    return MapDataError(f"map {map_id}: {message}")


def _cell(map_id: str, value: Any, what: str) -> Hex:
    if (
        not isinstance(value, list | tuple)
        or len(value) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        raise _fail(map_id, f"{what}: expected [row, col], got {value!r}")
    return (value[0], value[1])


def _check_rows(map_id: str, rows: Any) -> tuple[int, ...]:
    if (
        not isinstance(rows, list)
        or not rows
        or not all(isinstance(w, int) and w > 0 for w in rows)
    ):
        raise _fail(map_id, "grid.rows must be a non-empty list of positive widths")
    if len(rows) > 26:
        raise _fail(map_id, "at most 26 rows (one letter each)")
    for h in range(1, len(rows)):
        if abs(rows[h] - rows[h - 1]) != 1:
            raise _fail(map_id, f"grid.rows: rows {h - 1} and {h} must differ in width by one")
    return tuple(rows)


def _is_contiguous(rows: tuple[int, ...], cells: set[Hex]) -> bool:
    first = next(iter(cells))
    seen = {first}
    queue = [first]
    while queue:
        for n in grid_neighbours(rows, queue.pop()):
            if n in cells and n not in seen:
                seen.add(n)
                queue.append(n)
    return seen == cells


def _read_isles(map_id: str, rows: tuple[int, ...], raw: Any) -> list[dict[str, Any]]:
    if not isinstance(raw, list) or not raw:
        raise _fail(map_id, "isles must be a non-empty list")
    owner: dict[Hex, str] = {}
    isles: list[dict[str, Any]] = []
    for item in raw:
        iid = item.get("id")
        if not isinstance(iid, str) or not _ISLE_ID.match(iid):
            raise _fail(map_id, f"isle id {iid!r} must be lowercase letters")
        if any(i["id"] == iid for i in isles):
            raise _fail(map_id, f"isle id {iid!r} is used twice")
        cells = tuple(_cell(map_id, c, f"isle {iid}") for c in item.get("hexes", ()))
        if not cells:
            raise _fail(map_id, f"isle {iid} has no hexes")
        for r, c in cells:
            if not (0 <= r < len(rows) and 0 <= c < rows[r]):
                raise _fail(map_id, f"isle {iid}: hex {(r, c)} is outside the grid")
            if (r, c) in owner:
                raise _fail(map_id, f"isle {iid}: hex {(r, c)} already belongs to {owner[(r, c)]}")
            owner[(r, c)] = iid
        if not _is_contiguous(rows, set(cells)):
            raise _fail(map_id, f"isle {iid}: its hexes are not contiguous")
        slots, prosperity = item.get("slots"), item.get("prosperity")
        if not isinstance(slots, int) or not 1 <= slots <= 4:
            raise _fail(map_id, f"isle {iid}: slots must be 1..4, got {slots!r}")
        if not isinstance(prosperity, int) or prosperity < 0:
            raise _fail(map_id, f"isle {iid}: prosperity must be >= 0, got {prosperity!r}")
        if catalog("en").get(f"isle.{iid}") is None:
            raise _fail(map_id, f"isle {iid} has no name in the text catalogs (isle.{iid})")
        isles.append(
            {
                "id": iid,
                "hexes": cells,
                "slots": slots,
                "prosperity": prosperity,
            }
        )
    for cell, iid in owner.items():
        for n in grid_neighbours(rows, cell):
            other = owner.get(n)
            if other is not None and other != iid:
                raise _fail(map_id, f"isles {iid} and {other} touch at {cell}/{n}")
    return isles


def _isle_names(isle_id: str) -> Mapping[str, str]:
    """An isle's name in every language, from the catalogs (``isle.<id>``)."""
    return MappingProxyType({lang: catalog(lang).entries[f"isle.{isle_id}"] for lang in LANGS})


def _read_starts(
    map_id: str, raw: Any, players: tuple[int, ...], spec: MapSpec
) -> dict[int, tuple[Start, ...]]:
    if not isinstance(raw, dict):
        raise _fail(map_id, "starts must be an object keyed by player count")
    if sorted(int(k) for k in raw) != sorted(players):
        raise _fail(map_id, f"starts must be given for exactly the player counts {list(players)}")
    out: dict[int, tuple[Start, ...]] = {}
    for key, seats in raw.items():
        n = int(key)
        if not isinstance(seats, list) or len(seats) != n:
            raise _fail(map_id, f"starts[{key}] must list {n} seats")
        built: list[Start] = []
        used_isles: set[str] = set()
        for seat, item in enumerate(seats):
            where = f"starts[{key}][{seat}]"
            isles, fleets = item.get("isles"), item.get("fleets")
            if not isinstance(isles, list) or len(isles) != 2 or len(set(isles)) != 2:
                raise _fail(map_id, f"{where}: needs 2 different isles")
            if not isinstance(fleets, list) or len(fleets) != 2:
                raise _fail(map_id, f"{where}: needs 2 fleets")
            for iid in isles:
                if iid not in spec.isle_slots:
                    raise _fail(map_id, f"{where}: unknown isle {iid!r}")
                if iid in used_isles:
                    raise _fail(map_id, f"{where}: isle {iid} is given to two players")
                used_isles.add(iid)
            seas = [sea_id(_cell(map_id, f, where)) for f in fleets]
            for sea, iid in zip(seas, isles):
                if sea not in spec.sea_hex:
                    raise _fail(map_id, f"{where}: fleet {sea} is not on a sea")
                if sea not in spec.isle_seas[iid]:
                    raise _fail(map_id, f"{where}: fleet {sea} does not touch its isle {iid}")
            start = Start((isles[0], isles[1]), (seas[0], seas[1]))
            revenue = spec.start_revenue(start)
            if revenue != _START_REVENUE:
                raise _fail(
                    map_id, f"{where}: start revenue is {revenue}, must be {_START_REVENUE}"
                )
            built.append(start)
        out[n] = tuple(built)
    return out


def _build(data: Mapping[str, Any]) -> MapSpec:
    map_id = data.get("id")
    if not isinstance(map_id, str) or not _MAP_ID.match(map_id):
        raise MapDataError(f"bad map id {map_id!r}")
    rows = _check_rows(map_id, data.get("grid", {}).get("rows"))
    isles = _read_isles(map_id, rows, data.get("isles"))
    isle_of = {cell: i["id"] for i in isles for cell in i["hexes"]}

    sea_cells = [(r, c) for r, w in enumerate(rows) for c in range(w) if (r, c) not in isle_of]
    sea_hex = {sea_id(cell): cell for cell in sea_cells}
    prosperity_cells = {
        _cell(map_id, c, "prosperity_seas") for c in data.get("prosperity_seas", ())
    }
    for cell in prosperity_cells:
        if cell not in sea_cells:
            raise _fail(map_id, f"prosperity sea {cell} is not a sea hex")

    sea_at = {cell: sid for sid, cell in sea_hex.items()}
    sea_neighbours: dict[str, frozenset[str]] = {}
    sea_isles: dict[str, frozenset[str]] = {}
    for sid, cell in sea_hex.items():
        around = grid_neighbours(rows, cell)
        sea_neighbours[sid] = frozenset(sea_at[n] for n in around if n in sea_at)
        sea_isles[sid] = frozenset(isle_of[n] for n in around if n in isle_of)
    isle_seas = {
        i["id"]: frozenset(s for s, touching in sea_isles.items() if i["id"] in touching)
        for i in isles
    }

    players = tuple(data.get("players", ()))
    if not players or not all(p in (2, 3, 4, 5) for p in players):
        raise _fail(map_id, "players must list player counts from 2 to 5")
    ro = MappingProxyType
    spec = MapSpec(
        id=map_id,
        title=str(data.get("title", map_id)),
        players=players,
        provenance=str(data.get("provenance", "")),
        rows=rows,
        isles=tuple(i["id"] for i in isles),
        seas=tuple(sea_id(cell) for cell in sea_cells),  # already in row, col order
        isle_slots=ro({i["id"]: i["slots"] for i in isles}),
        isle_prosperity=ro({i["id"]: i["prosperity"] for i in isles}),
        isle_hexes=ro({i["id"]: i["hexes"] for i in isles}),
        sea_hex=ro(sea_hex),
        sea_prosperity=ro({s: int(c in prosperity_cells) for s, c in sea_hex.items()}),
        names=ro({i["id"]: _isle_names(i["id"]) for i in isles}),
        sea_neighbours=ro(sea_neighbours),
        isle_seas=ro(isle_seas),
        sea_isles=ro(sea_isles),
        _starts=ro({}),
    )
    starts = _read_starts(map_id, data.get("starts"), players, spec)
    object.__setattr__(spec, "_starts", ro(starts))
    return spec
