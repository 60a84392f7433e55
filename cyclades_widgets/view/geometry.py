"""Pixel geometry of a map: hex corners, isle outlines and where each piece is drawn.

This is the one place the board layout is computed. The static SVG (``svg.py``) and the
JavaScript board both draw from :func:`map_geometry`, so neither holds its own copy of the
layout logic (``docs/architecture.md``, 'The layers').

Hexes are pointy-top. Grid rows are horizontal lines of hexes, each row centred under the
widest one, which is exactly the neighbour rule of the printed maps (see
:mod:`cyclades_widgets.rules.board`). Pixel ``y`` grows downwards, as in SVG. A map taller
than wide (2-3 and 4 players) is drawn turned a quarter left, so that it fills a wide
board (:func:`turned`): its hexes are then flat-topped and its rows are columns.

Internally every hex centre and corner sits on an integer lattice: ``X`` counts half hex widths
(``√3/2 · size``) and ``Y`` counts half sizes (``size / 2``). Corners shared by two hexes
therefore compare exactly, which is what the outline tracing relies on.
"""

from __future__ import annotations

import copy
import math
from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from ..rules.board import Hex, MapSpec
from .metrics import text_width

Box = tuple[float, float, float, float]

__all__ = [
    "ANCHOR_RING",
    "LABEL_GAP",
    "PAD",
    "hex_center",
    "hex_corners",
    "map_geometry",
    "shared_geometry",
    "turned",
]

PAD = 0.75
"""Margin around the grid while it is laid out, in hex sizes; the drawing is then fitted to
what it shows (:data:`FIT_MARGIN`)."""

FIT_MARGIN = 0.06
"""Margin around the seas, isles and names drawn, in hex sizes (room for outlines)."""

ANCHOR_RING = 0.62
"""Distance from a hex centre to the ring of piece anchors, in hex sizes."""

LABEL_GAP = 0.94
"""Distance from the centre of an isle's lowest hex down to its label anchor, in hex sizes.

The label sits just under the isle's bottom corner: draw it centred, with a hanging
baseline (``text-anchor="middle" dominant-baseline="hanging"``) and a font of at most
:data:`NAME_FONT` hex sizes.
"""

NAME_FONT = 0.52
"""The largest isle-name font the layout makes room for, in hex sizes (the projector's)."""

FLEET_BOX = (-0.45, -0.42, 0.45, 0.29)
"""A fleet's extent around its anchor, in hex sizes (hull and flag): left, top, right, bottom."""

FLEET_SPOTS: tuple[tuple[float, float], ...] = (
    (0.0, 0.0), (0.0, 0.52), (0.3, 0.48), (-0.3, 0.48), (0.0, -0.4), (0.32, 0.0), (-0.32, 0.0)
)  # fmt: skip
"""Where a fleet may stand in its sea, from the centre, in hex sizes, in order of
preference: it moves off the centre only to leave an isle's name readable."""

PROSPERITY_STEP = 0.36
"""Distance between two printed prosperity symbols of an isle, in hex sizes."""

KRAKEN_RADIUS = 0.27
"""The Kraken's extent around its anchor, in hex sizes."""

KRAKEN_SPOTS: tuple[tuple[float, float], ...] = (
    (0.5, -0.2), (-0.5, -0.2), (0.5, 0.25), (-0.5, 0.25), (0.0, 0.6), (0.0, -0.6)
)  # fmt: skip
"""Where the Kraken may stand in its sea, beside the fleet, in order of preference."""

# Corners of a pointy-top hex on the integer lattice, clockwise from the top.
_CORNERS: tuple[tuple[int, int], ...] = ((0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1))

# Directions (screen degrees, y down) of the ring anchors, in order of preference:
# lower-left, lower-right, upper-left, upper-right, bottom, top. Each points at a corner,
# where a hex has the most room.
_RING_DEGREES: tuple[int, ...] = (150, 30, 210, 330, 90, 270)

# The same corners on a turned map (flat-topped hexes), as drawn: left, right, upper-left,
# upper-right, lower-left, lower-right (side corners first, away from the name under the isle).
_RING_DEGREES_TURNED: tuple[int, ...] = (270, 90, 330, 30, 210, 150)

_SINGLE_ROLES: tuple[str, ...] = (
    "troops", "figurine", "marker", "prosperity_anchor", "markers_anchor"
)  # fmt: skip


def _lattice(rows: tuple[int, ...], cell: Hex) -> tuple[int, int]:
    """Integer lattice position (X, Y) of a hex centre."""
    row, col = cell
    return 2 * col + max(rows) - rows[row], 3 * row


def _grid_size(rows: tuple[int, ...], size: float) -> tuple[float, float]:
    """Width and height of the hex grid as printed (rows horizontal), without the margin."""
    return max(rows) * math.sqrt(3) * size, (3 * (len(rows) - 1) + 4) * size / 2


def turned(rows: tuple[int, ...]) -> bool:
    """True if a map is drawn turned a quarter left: a grid taller than wide (the 2-3 and
    4 player maps) is drawn wide, rows as columns, so that it fills a wide board area
    instead of a third of it. Rows then read left to right (a, b, c, ...) and the seas of
    a row from bottom to top, as files and ranks do on a chessboard."""
    width, height = _grid_size(rows, 1.0)
    return height > width


def _pixel(rows: tuple[int, ...], size: float, x: float, y: float) -> tuple[float, float]:
    """Convert lattice coordinates to pixels, including the margin (turned if the map is)."""
    pad = PAD * size
    px, py = (x + 1) * size * math.sqrt(3) / 2, (y + 2) * size / 2
    if turned(rows):  # a quarter turn left: up is the printed map's right
        px, py = py, _grid_size(rows, size)[0] - px
    return pad + px, pad + py


def _r(point: tuple[float, float]) -> list[float]:
    return [round(point[0], 1), round(point[1], 1)]


def hex_center(map_id: str, cell: Hex, size: float = 30) -> tuple[float, float]:
    """Return the pixel centre of grid cell ``(row, col)`` on map ``map_id`` (not rounded)."""
    spec = MapSpec.load(map_id)
    dx, dy = _geometry(map_id, float(size))["offset"]
    x, y = _pixel(spec.rows, size, *_lattice(spec.rows, cell))
    return x + dx, y + dy


def hex_corners(map_id: str, cell: Hex, size: float = 30) -> list[tuple[float, float]]:
    """Return the 6 pixel corners of a cell, clockwise from the top (not rounded)."""
    spec = MapSpec.load(map_id)
    x, y = _lattice(spec.rows, cell)
    ox, oy = _geometry(map_id, float(size))["offset"]
    return [
        (px + ox, py + oy)
        for px, py in (_pixel(spec.rows, size, x + dx, y + dy) for dx, dy in _CORNERS)
    ]


def _outline_loops(rows: tuple[int, ...], cells: tuple[Hex, ...]) -> list[list[tuple[int, int]]]:
    """Trace the boundary of a set of hexes as closed loops of lattice corners.

    Each hex contributes its 6 edges clockwise. An edge shared by two hexes of the set appears
    once in each direction and is dropped; the rest form the boundary. Three hexes meet at every
    corner and any two of them are neighbours, so a boundary corner has exactly one outgoing
    boundary edge and the loops can be followed without ambiguity. The first loop is the one
    with the top-left-most corner (the outer boundary); holes, if any, follow.
    """
    edges: set[tuple[tuple[int, int], tuple[int, int]]] = set()
    for cell in cells:
        x, y = _lattice(rows, cell)
        pts = [(x + dx, y + dy) for dx, dy in _CORNERS]
        for i in range(6):
            edges.add((pts[i], pts[(i + 1) % 6]))
    boundary = {a: b for a, b in edges if (b, a) not in edges}
    loops: list[list[tuple[int, int]]] = []
    while boundary:
        start = min(boundary, key=lambda p: (p[1], p[0]))
        loop = [start]
        nxt = boundary.pop(start)
        while nxt != start:
            loop.append(nxt)
            nxt = boundary.pop(nxt)
        loops.append(loop)
    return loops


def _isle_anchors(rows: tuple[int, ...], cells: tuple[Hex, ...], slots: int) -> dict[str, Any]:
    """Choose lattice-space anchors for the pieces of one isle (see :func:`map_geometry`).

    Building slots take hex centres first (top to bottom). The single pieces then take the
    free hex centres nearest the isle's middle, then ring points: 0.62 size from a hex centre
    toward a corner, nearest the isle's middle first. All candidates are at least 0.5 size
    apart, so no two anchors overlap.
    """
    ordered = sorted(cells)
    centres = [_lattice(rows, c) for c in ordered]
    # lattice units are not square: convert to size units for distances
    sx, sy = math.sqrt(3) / 2, 0.5
    mid = (sum(x for x, _ in centres) / len(centres), sum(y for _, y in centres) / len(centres))

    def dist(p: tuple[float, float]) -> float:
        return math.hypot((p[0] - mid[0]) * sx, (p[1] - mid[1]) * sy)

    ring: list[tuple[float, int, int, tuple[float, float]]] = []
    for h, (x, y) in enumerate(centres):
        for pref, deg in enumerate(_RING_DEGREES_TURNED if turned(rows) else _RING_DEGREES):
            a = math.radians(deg)
            p = (x + ANCHOR_RING * math.cos(a) / sx, y + ANCHOR_RING * math.sin(a) / sy)
            ring.append((round(dist(p), 6), pref, h, p))
    ring.sort(key=lambda t: t[:3])

    free_centres = [(float(x), float(y)) for x, y in centres]
    slot_points = free_centres[:slots]
    rest = sorted(free_centres[slots:], key=lambda p: (round(dist(p), 6), p[1], p[0]))
    pool = rest + [t[3] for t in ring]
    if slots > len(free_centres):  # more slots than hexes: slots spill onto the ring
        extra = slots - len(free_centres)
        slot_points += pool[:extra]
        pool = pool[extra:]
    anchors: dict[str, Any] = {"slots": slot_points}
    for role, point in zip(_SINGLE_ROLES, pool):
        anchors[role] = point
    return anchors


def _seas(spec: MapSpec, size: float) -> dict[str, Any]:
    """Each sea's hex: centre, corners and prosperity (its spots come later)."""
    rows = spec.rows
    seas: dict[str, Any] = {}
    for sid in spec.seas:
        x, y = _lattice(rows, spec.sea_hex[sid])
        seas[sid] = {
            "center": _r(_pixel(rows, size, x, y)),
            "points": [_r(_pixel(rows, size, x + dx, y + dy)) for dx, dy in _CORNERS],
            "prosperity": spec.sea_prosperity[sid],
        }
    return seas


def _isle(spec: MapSpec, iid: str, size: float) -> dict[str, Any]:
    """One isle: outline, hex centres, label, the anchors of its pieces and the places of
    its printed prosperity symbols."""
    rows = spec.rows
    cells = spec.isle_hexes[iid]

    def px(p: tuple[float, float]) -> list[float]:
        return _r(_pixel(rows, size, *p))

    lattice = [_lattice(rows, c) for c in cells]
    mid = (sum(x for x, _ in lattice) / len(lattice), sum(y for _, y in lattice) / len(lattice))
    centres = [_pixel(rows, size, *p) for p in lattice]
    low_y = max(y for _, y in centres)  # the label goes under the lowest hex(es) drawn
    low_xs = [x for x, y in centres if y > low_y - 0.1]
    label = (sum(low_xs) / len(low_xs), low_y)
    anchors = _isle_anchors(rows, cells, spec.isle_slots[iid])
    isle: dict[str, Any] = {
        "outline": [[px(p) for p in loop] for loop in _outline_loops(rows, cells)],
        "hexes": [px(p) for p in lattice],
        "center": px(mid),
        "label": _r((label[0], label[1] + LABEL_GAP * size)),
        "slots": [px(p) for p in anchors["slots"]],
        **{role: px(anchors[role]) for role in _SINGLE_ROLES},
        "prosperity": spec.isle_prosperity[iid],
        "name": dict(spec.names[iid]),
    }
    x, y = isle["prosperity_anchor"]
    n, step = isle["prosperity"], PROSPERITY_STEP * size
    isle["symbols"] = [_r((x + (i - (n - 1) / 2) * step, y)) for i in range(n)]
    return isle


def _fit(seas: dict[str, Any], isles: dict[str, Any], names: Iterable[Box], size: float) -> Box:
    """Move every sea and isle so the drawing fits what it shows (every sea and isle,
    and every name at its widest), with :data:`FIT_MARGIN`: (dx, dy, width, height)."""
    xs = [p[0] for sea in seas.values() for p in sea["points"]]
    ys = [p[1] for sea in seas.values() for p in sea["points"]]
    for box in names:
        xs += [box[0], box[2]]
        ys += [box[1], box[3]]
    margin = FIT_MARGIN * size
    dx, dy = margin - min(xs), margin - min(ys)
    for place in (*seas.values(), *isles.values()):
        _shift(place, dx, dy)
    return dx, dy, max(xs) - min(xs) + 2 * margin, max(ys) - min(ys) + 2 * margin


@lru_cache(maxsize=32)
def _geometry(map_id: str, size: float) -> dict[str, Any]:
    spec = MapSpec.load(map_id)
    flat = turned(spec.rows)
    seas = _seas(spec, size)
    isles = {iid: _isle(spec, iid, size) for iid in spec.isles}
    names = {
        iid: _name_box(isle["label"], spec.names[iid].values(), size) for iid, isle in isles.items()
    }
    pieces = [_piece_box(p, 0.3, size) for isle in isles.values() for p in _anchors_of(isle)]
    for sea in seas.values():
        sea.update(_sea_spots(sea["center"], [*names.values()], pieces, size, flat))
    fleets = [_fleet_box(sea["fleet"], size) for sea in seas.values()]
    for sea in seas.values():
        sea["kraken"] = _kraken_spot(sea, [*names.values(), *pieces, *fleets], size)
    dx, dy, width, height = _fit(seas, isles, names.values(), size)
    return {
        "id": spec.id,
        "turned": flat,
        "width": round(width, 1),
        "height": round(height, 1),
        "offset": [round(dx, 1), round(dy, 1)],
        "hex_size": size,
        "seas": seas,
        "isles": isles,
    }


_POINT_KEYS = ("center", "fleet", "kraken", "id_at", "symbol", "label", *_SINGLE_ROLES)
_POINT_LISTS = ("points", "hexes", "slots", "symbols")


def _shift(place: dict[str, Any], dx: float, dy: float) -> None:
    """Move every point of a sea or isle by (dx, dy), in place."""

    def move(p: list[float]) -> list[float]:
        return _r((p[0] + dx, p[1] + dy))

    for key in _POINT_KEYS:
        if key in place:
            place[key] = move(place[key])
    for key in _POINT_LISTS:
        if key in place:
            place[key] = [move(p) for p in place[key]]
    if "outline" in place:
        place["outline"] = [[move(p) for p in loop] for loop in place["outline"]]


def _name_box(anchor: list[float], names: Iterable[str], size: float) -> Box:
    """Where an isle's name may be drawn: its widest spelling at the largest font."""
    font = NAME_FONT * size
    w = max(text_width(name, font, bold=True) for name in names) + 4
    x, y = anchor
    return (x - w / 2, y, x + w / 2, y + font * 1.2)


def _overlap(a: Box, b: Box) -> float:
    return max(0.0, min(a[2], b[2]) - max(a[0], b[0])) * max(0.0, min(a[3], b[3]) - max(a[1], b[1]))


def _anchors_of(isle: dict[str, Any]) -> list[list[float]]:
    return [*isle["slots"], *(isle[role] for role in _SINGLE_ROLES)]


def _piece_box(at: list[float], radius: float, size: float) -> Box:
    x, y = at
    return (x - radius * size, y - radius * size, x + radius * size, y + radius * size)


def _first_clear(
    centre: list[float],
    spots: Iterable[tuple[float, float]],
    extent: Box,
    obstacles: list[Box],
    size: float,
) -> tuple[float, float]:
    """The first spot (offsets from ``centre`` in hex sizes) where a piece of ``extent``
    covers no obstacle, else the least covered one."""
    x, y = centre
    left, top, right, bottom = extent

    def covered(d: tuple[float, float]) -> float:
        fx, fy = x + d[0] * size, y + d[1] * size
        box = (fx + left * size, fy + top * size, fx + right * size, fy + bottom * size)
        return sum(_overlap(box, o) for o in obstacles)

    ordered = list(spots)
    best = min(ordered, key=lambda d: (covered(d) > 0, covered(d), ordered.index(d)))
    return best


def _fleet_box(at: list[float], size: float) -> Box:
    x, y = at
    left, top, right, bottom = FLEET_BOX
    return (x + left * size, y + top * size, x + right * size, y + bottom * size)


def _kraken_spot(sea: dict[str, Any], obstacles: list[Box], size: float) -> list[float]:
    """Where the Kraken stands in a sea: beside the fleets, clear of names and pieces."""
    k = KRAKEN_RADIUS
    x, y = sea["center"]
    dx, dy = _first_clear(sea["center"], KRAKEN_SPOTS, (-k, -k, k, k), obstacles, size)
    return _r((x + dx * size, y + dy * size))


def _covers(centre: list[float], spot: tuple[float, float], boxes: list[Box], size: float) -> bool:
    """True if a fleet at ``spot`` of a sea covers any of ``boxes``."""
    at = [centre[0] + spot[0] * size, centre[1] + spot[1] * size]
    return any(_overlap(_fleet_box(at, size), b) > 0 for b in boxes)


def _sea_spots(
    centre: list[float], names: list[Box], pieces: list[Box], size: float, flat: bool = False
) -> dict[str, Any]:
    """Where a sea's fleet stands (the first of :data:`FLEET_SPOTS` clear of every isle
    name and isle piece, else the least covered), where the Kraken stands beside it, where
    the sea's id is written (above the fleet, or below when a name is there) and where a
    prosperity sea's symbol goes. ``flat``: the hex has a flat top (a turned map), so the
    id above the fleet is written a little lower."""
    x, y = centre
    best = _first_clear(centre, FLEET_SPOTS, FLEET_BOX, names + pieces, size)
    if _covers(centre, best, names, size):  # no spot clear of both: keep the names readable
        best = _first_clear(centre, FLEET_SPOTS, FLEET_BOX, names, size)
    fleet = (x + best[0] * size, y + best[1] * size)
    up = (x, y - (0.45 if flat else 0.58) * size)
    down = (x, y + 0.85 * size)
    id_box = (up[0] - 0.3 * size, up[1] - 0.3 * size, up[0] + 0.3 * size, up[1])
    id_at = up if best[1] >= 0 and not any(_overlap(id_box, n) for n in names) else down
    if flat and best[1] > 0 and id_at == down:  # the fleet stands low: the id on the right
        id_at = (x + 0.64 * size, y + 0.12 * size)
    symbol = (x, y + 0.6 * size)
    if best[1] > 0:
        symbol = (x - 0.55 * size, y - 0.12 * size)
    elif best[1] < 0 or id_at == down:
        symbol = (x + 0.55 * size, y + 0.3 * size)
    return {
        "fleet": _r(fleet),
        "id_at": _r(id_at),
        "symbol": _r(symbol),
    }


def shared_geometry(map_id: str, size: float = 30) -> dict[str, Any]:
    """The cached layout of :func:`map_geometry` itself, not a copy: for the view model,
    which only reads it (a copy per position would cost more than the rest of the view)."""
    return _geometry(map_id, float(size))


def map_geometry(map_id: str, size: float = 30) -> dict[str, Any]:
    """Return the JSON-safe pixel layout of map ``map_id`` for hexes of circumradius ``size``.

    Keys: ``id``, ``width``, ``height`` (fitted to the seas, isles and names drawn),
    ``offset`` (where the grid was moved to fit), ``hex_size``, ``turned`` (see :func:`turned`); ``seas``: ``{sea_id: {center, points
    (6 corners clockwise from the top), prosperity, fleet (where a fleet stands: the centre
    unless an isle's name or piece is there), kraken (where the Kraken stands), id_at (where the sea's id is written), symbol (where
    a prosperity sea's symbol is drawn)}}``; ``isles``: ``{isle_id: {outline (a list
    of closed loops, the first the outer one; the last point is not repeated), hexes (centres),
    center, label, slots (one anchor per building slot), troops, marker, figurine,
    prosperity_anchor (the printed prosperity symbols), symbols (where each of them is
    drawn), markers_anchor (Apollo's prosperity markers), prosperity, name {en, zh}}}``. Points are ``[x, y]`` rounded to 0.1 px,
    y down. Piece anchors lie inside the isle and at least ``0.5 * size`` apart; ``label`` is
    just under the isle (see :data:`LABEL_GAP`).

    The layout is computed once per ``(map_id, size)`` and cached; each call returns a fresh
    copy, so callers may change it freely. Output is deterministic.
    """
    return copy.deepcopy(_geometry(map_id, float(size)))
