"""Derive the 4-player board, ``map-4.json``, from the two halves it is printed on.

The printed board is two double-sided half-boards. Each side shows the player counts it
serves: the left half reads "4 5" on one side and "2 3" on the other, the right half
"2 3 4" on one side and "5" on the other. So there are three configurations:

- 5 players: "4 5" + "5" (``map-5.json``);
- 4 players: "4 5" + "2 3 4" (this script's output);
- 2 and 3 players: "2 3" + "2 3 4" (``map-2-3.json``).

The 4-player board is therefore the left half of the 5-player board joined to the right
half of the 2-3 player board, and both halves are already in the package's map files
(RULES-NOTES §3.4). On the 4-player grid (rows 4, 5, 6, 7, 8, 9, 8, 7, 6, 5, 4), with
``d = 10 - |row - 5|``, the cell ``(row, col)`` is

- the 5-player cell ``(row, col)`` when ``2 * col < d`` (the left half);
- the 2-3 player cell ``(row, col - 2)`` when ``2 * col > d`` (the right half);
- a seam cell when ``2 * col == d``: sea on both boards.

An isle keeps the id, names, slots and prosperity it has on the board its half comes from,
so ``kea`` is the same isle on the 4- and 5-player boards and ``naxos`` the same on the 4-
and 2-3 player boards. The start positions are not printed on the halves; they are
:data:`SEATS`, with the readings they rest on in :data:`PROVENANCE`.

    .venv/bin/python tools/derive_map4.py          # rewrite cyclades_widgets/data/maps/map-4.json
    .venv/bin/python tools/derive_map4.py --check  # exit 1 if the committed file is stale

``tests/test_maps.py`` fails when the committed file differs from what this script writes.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
MAPS = ROOT / "cyclades_widgets" / "data" / "maps"
OUTPUT = MAPS / "map-4.json"

ROWS = (4, 5, 6, 7, 8, 9, 8, 7, 6, 5, 4)
"""Row widths of the 4-player grid: 69 hexes."""
SHIFT = 2
"""How many columns the right half of the 2-3 player board moves on the 4-player grid."""

Hex = tuple[int, int]

SEATS: tuple[dict[str, Any], ...] = (
    {"seat": "A", "isles": ["syros", "milos"], "fleets": [[5, 4], [10, 0]]},
    {"seat": "B", "isles": ["serifos", "mykonos"], "fleets": [[5, 0], [3, 5]]},
    {"seat": "C", "isles": ["kea", "naxos"], "fleets": [[5, 2], [8, 4]]},
    {"seat": "D", "isles": ["andros", "delos"], "fleets": [[1, 2], [5, 6]]},
)
"""The four seats in seat order (RULES-NOTES §3.4 '4-player seats'). ``fleets[i]`` is the
sea next to ``isles[i]``."""

TITLE = "Four players"

PROVENANCE = (
    "4-player board, RULES-NOTES §3.4, derived by tools/derive_map4.py (do not edit by hand). "
    "The printed board is two double-sided half-boards, each side printed with the player "
    'counts it serves: left "4 5" / "2 3", right "2 3 4" / "5" (photos of the printed boards '
    "in Blackwoj/CycladesAI game/gui/assets/board/DEV/4.png, 2.png, 3.png, 5_old.png). So "
    "there are three configurations: 5 players, 4 players, and 2-3 players. The 4-player "
    'board is the "4 5" half (the left half of map-5) joined to the "2 3 4" half (the right '
    "half of map-2-3): cell (r, c) is map-5's (r, c) where 2c < 10 - |r - 5|, map-2-3's "
    "(r, c - 2) where 2c > 10 - |r - 5|, and a sea on both boards on the seam. 69 hexes, "
    "10 isles (23 hexes), 46 seas. Each isle keeps the id, names, slots and prosperity of "
    "the board its half comes from. Mystouille/CycladesMulti Board.java dropIslands "
    "(4 players), with every cell index >= 30 moved up by one (an off-by-one there), gives "
    "the same 10 isles and prosperity seas cell for cell. Confidence: HIGH for the layout. "
    "Start positions (MED): seats A (syros, milos; fleets (5,4), (10,0)) and C (kea, naxos; "
    "fleets (5,2), (8,4)) are Mystouille's 4-player seats P1 and P3 as written. Seats B and "
    "D are readings of Mystouille's P2 and P4, which do not fit this board as written. "
    "Reading B: serifos with a fleet at (5,0) as written; Mystouille's second troop (3,4) "
    "and fleet (4,5) lie one row below mykonos (2,4) and the sea (3,5), so both are moved "
    "up one row: mykonos gives the 1 prosperity the seat needs for revenue 2, and a fleet "
    "at (3,4), also next to mykonos, would do as well. "
    "Reading D: andros with a fleet at (1,2) as written; Mystouille's second troop (5,6) "
    "and fleet (6,5) are its 5-player seat D (andros + delos) copied unchanged, so the "
    "seat keeps delos, the 1-hex isle at (4,6), with its fleet at (5,6), the sea "
    "Mystouille's troop stands on (it touches delos and ios, either of which gives "
    "revenue 2). Every seat starts with 2 isles, 1 troop on each, 2 fleets next to its "
    "own isles and revenue 2. Neutral: paros and ios. The rulebook shows the 4-player "
    "set-up only as a picture, and which colour sits where is not known."
)


def half(cell: Hex) -> int:
    """Which half of the 4-player grid ``cell`` lies in: -1 left, +1 right, 0 the seam.

    >>> [half((5, c)) for c in range(9)]
    [-1, -1, -1, -1, -1, 0, 1, 1, 1]
    >>> [half((0, c)) for c in range(4)]
    [-1, -1, -1, 1]
    """
    row, col = cell
    twice, bound = 2 * col, 10 - abs(row - 5)
    return (twice > bound) - (twice < bound)


def source(cell: Hex) -> list[tuple[str, Hex]]:
    """The board(s) and cell(s) a 4-player cell comes from (two for a seam cell).

    >>> source((4, 1)), source((4, 6))
    ([('map-5', (4, 1))], [('map-2-3', (4, 4))])
    >>> source((5, 5))
    [('map-5', (5, 5)), ('map-2-3', (5, 3))]
    """
    row, col = cell
    left, right = ("map-5", (row, col)), ("map-2-3", (row, col - SHIFT))
    return {-1: [left], 1: [right], 0: [left, right]}[half(cell)]


def cells() -> list[Hex]:
    """Every cell of the 4-player grid, row by row."""
    return [(row, col) for row, width in enumerate(ROWS) for col in range(width)]


def to_board(map_id: str, cell: Hex) -> Hex:
    """Where a cell of ``map-5`` (left half) or ``map-2-3`` (right half) lands on map-4."""
    row, col = cell
    return (row, col) if map_id == "map-5" else (row, col + SHIFT)


def _hexes(isle: Mapping[str, Any]) -> list[Hex]:
    return [(int(r), int(c)) for r, c in isle["hexes"]]


def derive(halves: Mapping[str, Mapping[str, Any]]) -> dict[str, Any]:
    """The 4-player map as JSON data, from the parsed ``map-5`` and ``map-2-3`` files.

    Raises ``ValueError`` if the halves do not fit: an isle cut by the seam, or a seam cell
    that is not a plain sea on both boards.
    """
    grid = set(cells())
    isles: list[dict[str, Any]] = []
    prosperity_seas: set[Hex] = set()
    for map_id, data in halves.items():
        side = -1 if map_id == "map-5" else 1
        for isle in data["isles"]:
            placed = [to_board(map_id, h) for h in _hexes(isle)]
            inside = [h in grid and half(h) == side for h in placed]
            if any(inside) and not all(inside):
                raise ValueError(f"{map_id} isle {isle['id']} is cut by the seam")
            if all(inside):
                isles.append({**isle, "hexes": [list(h) for h in placed]})
        for cell in data["prosperity_seas"]:
            placed = to_board(map_id, (int(cell[0]), int(cell[1])))
            if placed in grid and half(placed) == side:
                prosperity_seas.add(placed)
    for cell in grid:
        if half(cell) == 0 and not _plain_sea_on_both(cell, halves):
            raise ValueError(f"seam cell {cell} is not a plain sea on both boards")
    isles.sort(key=lambda isle: tuple(isle["hexes"][0]))
    return {
        "id": "map-4",
        "players": [4],
        "title": TITLE,
        "provenance": PROVENANCE,
        "grid": {"rows": list(ROWS)},
        "isles": isles,
        "prosperity_seas": [list(c) for c in sorted(prosperity_seas)],
        "starts": {"4": [dict(seat) for seat in SEATS]},
    }


def _plain_sea_on_both(cell: Hex, halves: Mapping[str, Mapping[str, Any]]) -> bool:
    """True if ``cell`` (a seam cell) is a sea without prosperity on both boards."""
    for map_id, at in source(cell):
        data = halves[map_id]
        if any(at in _hexes(isle) for isle in data["isles"]):
            return False
        if list(at) in data["prosperity_seas"]:
            return False
    return True


def dumps(data: Mapping[str, Any]) -> str:
    """A map file's text, laid out like the other map files: one isle or seat a line."""
    lines = ["{"]
    items = list(data.items())
    for k, (key, value) in enumerate(items):
        comma = "," if k < len(items) - 1 else ""
        if key == "isles":
            lines.append(f'  "{key}": [')
            lines += _rows(value, "    ")
            lines.append(f"  ]{comma}")
        elif key == "starts":
            lines.append(f'  "{key}": {{')
            for j, (count, seats) in enumerate(value.items()):
                lines.append(f'    "{count}": [')
                lines += _rows(seats, "      ")
                lines.append("    ]" + ("," if j < len(value) - 1 else ""))
            lines.append(f"  }}{comma}")
        else:
            lines.append(f'  "{key}": {_one_line(value)}{comma}')
    lines.append("}")
    return "\n".join(lines) + "\n"


def _one_line(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def _rows(values: Sequence[Any], indent: str) -> list[str]:
    last = len(values) - 1
    return [f"{indent}{_one_line(v)}{',' if i < last else ''}" for i, v in enumerate(values)]


def read_halves() -> dict[str, dict[str, Any]]:
    """The parsed ``map-5.json`` and ``map-2-3.json``."""
    return {
        map_id: json.loads((MAPS / f"{map_id}.json").read_text(encoding="utf-8"))
        for map_id in ("map-5", "map-2-3")
    }


def output() -> str:
    """The text of ``map-4.json`` as derived from the committed halves."""
    return dumps(derive(read_halves()))


def main(argv: Sequence[str] | None = None) -> int:
    """Write ``map-4.json``, or with ``--check`` exit 1 if the committed file is stale."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if map-4.json is stale")
    args = parser.parse_args(argv)
    text = output()
    old = OUTPUT.read_text(encoding="utf-8") if OUTPUT.exists() else None
    if old == text:
        return 0
    if args.check:
        print(f"stale: {OUTPUT.relative_to(ROOT)}; run .venv/bin/python tools/derive_map4.py")
        return 1
    OUTPUT.write_text(text, encoding="utf-8")
    print(f"written: {OUTPUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
