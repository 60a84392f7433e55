"""The three boards: data checked against RULES-NOTES §3, adjacency, start positions, geometry."""

from __future__ import annotations

import copy
import doctest
import importlib.util
import json
import math
import sys
from importlib import resources
from pathlib import Path
from types import ModuleType

import pytest

from cyclades_widgets.rules.board import (
    MapDataError,
    MapSpec,
    Start,
    available_maps,
    grid_neighbours,
    map_for_players,
    sea_id,
)
from cyclades_widgets.view import geometry

REPO = Path(__file__).resolve().parents[1]
MAPS = REPO / "cyclades_widgets" / "data" / "maps"
MAP_IDS = ("map-2-3", "map-4", "map-5")
PLAYER_COUNTS = (2, 3, 4, 5)


def raw(map_id: str) -> dict:
    """The parsed JSON of a shipped map file."""
    path = resources.files("cyclades_widgets") / "data" / "maps" / f"{map_id}.json"
    return json.loads(path.read_text(encoding="utf-8"))


def isle_at(spec: MapSpec, cell: tuple[int, int]) -> str:
    """The id of the isle covering ``cell``."""
    return next(i for i, cells in spec.isle_hexes.items() if cell in cells)


# --- loading -------------------------------------------------------------------------------


def test_map_for_players_picks_the_board_per_player_count():
    """RULES-NOTES §0 'Board': one board layout each for 2-3, 4 and 5 players."""
    assert [map_for_players(n) for n in PLAYER_COUNTS] == ["map-2-3", "map-2-3", "map-4", "map-5"]
    with pytest.raises(ValueError):
        map_for_players(6)


def test_every_shipped_map_loads_and_is_cached():
    """The maps are data files in cyclades_widgets/data/maps/."""
    assert available_maps() == MAP_IDS
    for map_id in MAP_IDS:
        spec = MapSpec.load(map_id)
        assert spec is MapSpec.load(map_id)
        assert spec.id == map_id and spec.provenance
        assert repr(spec) == f"MapSpec.load({map_id!r})"


def test_unknown_map_id_is_a_clear_value_error():
    """An unknown or malformed map id names the known maps instead of a bare file error."""
    with pytest.raises(ValueError, match="known maps"):
        MapSpec.load("map-9")
    with pytest.raises(ValueError, match="bad map id"):
        MapSpec.load("../secrets")


def test_spec_is_read_only():
    """The cached spec is shared by every game, so its tables must not be writable."""
    spec = MapSpec.load("map-5")
    with pytest.raises(TypeError):
        spec.isle_slots["naxos"] = 9  # type: ignore[index]
    with pytest.raises(AttributeError):
        spec.id = "x"  # type: ignore[misc]


# --- the 5-player board ----------------------------------------------------------------------

# RULES-NOTES §3.2 table: (hex of the isle, hexes, slots, prosperity, sea hexes touching it)
TABLE_5P = {
    "I0": ((0, 3), 2, 2, 1, 6),
    "I1": ((1, 0), 4, 4, 0, 7),
    "I2": ((3, 3), 2, 2, 1, 8),
    "I3": ((3, 5), 2, 2, 1, 8),
    "I4": ((3, 8), 2, 2, 1, 6),
    "I5": ((4, 1), 1, 1, 2, 6),
    "I6": ((5, 3), 2, 2, 1, 8),
    "I7": ((5, 6), 1, 1, 2, 6),
    "I8": ((6, 0), 3, 3, 0, 7),
    "I9": ((6, 9), 4, 4, 0, 7),
    "I10": ((7, 6), 1, 1, 2, 6),
    "I11": ((8, 2), 3, 3, 0, 9),
    "I12": ((8, 4), 3, 3, 0, 8),
}


def test_5p_board_counts():
    """RULES-NOTES §3.1: radius-5 grid of 91 hexes, 13 isles covering 30 hexes, 61 seas."""
    spec = MapSpec.load("map-5")
    assert sum(spec.rows) == 91
    assert len(spec.isles) == 13
    assert sum(len(h) for h in spec.isle_hexes.values()) == 30
    assert len(spec.seas) == 61


@pytest.mark.parametrize("label", sorted(TABLE_5P))
def test_5p_isle_matches_rules_notes_table(label):
    """RULES-NOTES §3.2 table: hexes, building slots, prosperity and touching sea hexes per isle."""
    spec = MapSpec.load("map-5")
    cell, n_hexes, slots, prosperity, n_seas = TABLE_5P[label]
    isle = isle_at(spec, cell)
    assert len(spec.isle_hexes[isle]) == n_hexes
    assert spec.isle_slots[isle] == slots
    assert spec.isle_prosperity[isle] == prosperity
    assert len(spec.isle_seas[isle]) == n_seas


def test_5p_prosperity_seas_are_the_six_corners():
    """RULES-NOTES §3.2 'Sea prosperity spaces (5 players)': the 6 corner hexes, 1 each."""
    spec = MapSpec.load("map-5")
    corners = {(0, 0), (0, 5), (5, 0), (5, 10), (10, 0), (10, 5)}
    assert {spec.sea_hex[s] for s, p in spec.sea_prosperity.items() if p} == corners
    assert set(spec.sea_prosperity.values()) == {0, 1}


def test_5p_start_positions_are_the_majority_reading():
    """RULES-NOTES §3.3 '5 players' table, players A-E, with D's fleet at (4,6) (majority)."""
    spec = MapSpec.load("map-5")
    expected = [
        (("I5", "I9"), ((5, 2), (6, 8))),
        (("I2", "I12"), ((5, 4), (10, 5))),
        (("I8", "I4"), ((5, 0), (3, 7))),
        (("I1", "I7"), ((1, 2), (4, 6))),
        (("I0", "I11"), ((2, 5), (10, 0))),
    ]
    got = spec.starts(5)
    for start, (labels, fleets) in zip(got, expected, strict=True):
        assert start.isles == tuple(isle_at(spec, TABLE_5P[x][0]) for x in labels)
        assert start.fleets == tuple(sea_id(c) for c in fleets)


# --- the 2-3 player board --------------------------------------------------------------------


def test_2_3p_board_counts():
    """RULES-NOTES §3.3 '2 and 3 players': 47 hexes in rows 2..7..2, 8 isles, 30 seas."""
    spec = MapSpec.load("map-2-3")
    assert spec.rows == (2, 3, 4, 5, 6, 7, 6, 5, 4, 3, 2)
    assert sum(spec.rows) == 47
    assert len(spec.isles) == 8
    assert len(spec.seas) == 30
    prosperity_seas = {spec.sea_hex[s] for s, p in spec.sea_prosperity.items() if p}
    assert prosperity_seas == {(0, 1), (5, 0), (5, 6), (10, 1)}


def test_2_3p_isles_match_rules_notes_table():
    """RULES-NOTES §3.3 table J0-J7: hexes, slots and prosperity (Mystouille's 0 for J6, J7)."""
    spec = MapSpec.load("map-2-3")
    table = [
        ([(1, 0)], 1, 2),
        ([(2, 2), (2, 3)], 2, 1),
        ([(3, 1), (4, 2)], 2, 1),
        ([(4, 4)], 1, 2),
        ([(5, 1), (6, 0), (6, 1)], 3, 0),
        ([(6, 3)], 1, 2),
        ([(6, 5), (7, 4), (8, 3), (9, 2)], 4, 0),
        ([(8, 0), (9, 0), (10, 0)], 3, 0),
    ]
    for isle, (cells, slots, prosperity) in zip(spec.isles, table, strict=True):
        assert sorted(spec.isle_hexes[isle]) == cells
        assert (spec.isle_slots[isle], spec.isle_prosperity[isle]) == (slots, prosperity)


def test_2p_second_fleet_is_moved_next_to_its_own_isle():
    """RULES-NOTES §3.3 '2 players': P2's fleet at (5,0) touches neither J1 nor J7; (10,1) fixes it."""
    spec = MapSpec.load("map-2-3")
    j1, j7 = isle_at(spec, (2, 2)), isle_at(spec, (8, 0))
    p2 = spec.starts(2)[1]
    assert p2.isles == (j1, j7)
    assert p2.fleets == (sea_id((3, 3)), sea_id((10, 1)))
    assert "(10,1)" in spec.provenance
    data = raw("map-2-3")
    data["starts"]["2"][1]["fleets"][1] = [5, 0]  # Mystouille's original value
    with pytest.raises(MapDataError, match="does not touch"):
        MapSpec.from_dict(data)


# --- the 4-player board -----------------------------------------------------------------------


def _derive_map4() -> ModuleType:
    """``tools/derive_map4.py``, the script that writes map-4.json."""
    path = REPO / "tools" / "derive_map4.py"
    spec = importlib.util.spec_from_file_location("derive_map4", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["derive_map4"] = module
    spec.loader.exec_module(module)
    return module


def test_4p_map_file_is_what_the_derivation_script_writes():
    """Freshness: map-4.json is derived from map-5.json and map-2-3.json by
    tools/derive_map4.py (RULES-NOTES §3.4); run it after changing either half."""
    tool = _derive_map4()
    committed = (MAPS / "map-4.json").read_text(encoding="utf-8")
    assert tool.output() == committed, "map-4.json is stale: run tools/derive_map4.py"
    assert tool.main(["--check"]) == 0
    assert doctest.testmod(tool).failed == 0  # the script's examples of the seam rule


@pytest.mark.parametrize("map_id", ["map-2-3", "map-5"])
def test_derivation_script_lays_out_files_like_the_hand_written_maps(map_id):
    """The script's writer reproduces the two halves byte for byte, so every map file has
    the same layout (one isle or seat a line)."""
    text = (MAPS / f"{map_id}.json").read_text(encoding="utf-8")
    assert _derive_map4().dumps(json.loads(text)) == text


def test_4p_board_equals_the_two_halves_cell_for_cell():
    """RULES-NOTES §3.4: the 4-player cell (r, c) is the 5-player cell (r, c) where
    2c < 10 - |r - 5|, the 2-3 player cell (r, c - 2) where 2c > 10 - |r - 5|, and the
    seam cells are sea on both boards. An isle keeps its id, names, slots and prosperity."""
    four, five, small = MapSpec.load("map-4"), MapSpec.load("map-5"), MapSpec.load("map-2-3")
    assert four.rows == (4, 5, 6, 7, 8, 9, 8, 7, 6, 5, 4)
    halves = {"map-5": set(), "map-2-3": set()}
    for r, width in enumerate(four.rows):
        for c in range(width):
            bound = 10 - abs(r - 5)
            if 2 * c == bound:  # the seam
                for spec, cell in ((four, (r, c)), (five, (r, c)), (small, (r, c - 2))):
                    sea = sea_id(cell)
                    assert spec.is_sea(sea) and spec.sea_hex[sea] == cell, (r, c)
                    assert spec.sea_prosperity[sea] == 0, (r, c)
                continue
            other, cell = (five, (r, c)) if 2 * c < bound else (small, (r, c - 2))
            assert _content(four, (r, c)) == _content(other, cell), ((r, c), other.id, cell)
            halves[other.id].add(cell)
    # every isle that lies in a used half is on the 4-player board with all of its hexes
    for spec in (five, small):
        used = {isle_at(spec, c) for c in halves[spec.id] if _content(spec, c)[0] == "isle"}
        for isle in used:
            assert set(spec.isle_hexes[isle]) <= halves[spec.id], (spec.id, isle)
            assert len(four.isle_hexes[isle]) == len(spec.isle_hexes[isle])
    assert set(four.isles) == {
        isle_at(s, c) for s in (five, small) for c in halves[s.id] if _content(s, c)[0] == "isle"
    }


def _content(spec: MapSpec, cell: tuple[int, int]) -> tuple:
    """What a cell holds: ("isle", id, slots, prosperity, names) or ("sea", prosperity)."""
    for isle, cells in spec.isle_hexes.items():
        if cell in cells:
            names = dict(spec.names[isle])
            return ("isle", isle, spec.isle_slots[isle], spec.isle_prosperity[isle], names)
    sea = sea_id(cell)
    assert spec.sea_hex[sea] == cell
    return ("sea", spec.sea_prosperity[sea])


# RULES-NOTES §3.4 table: id (from the half it comes from), hexes, slots, prosperity
TABLE_4P = {
    "andros": ([(1, 0), (1, 1), (2, 0), (2, 1)], 4, 0),
    "syros": ([(3, 3), (4, 4)], 2, 1),
    "kea": ([(4, 1)], 1, 2),
    "paros": ([(5, 3), (6, 3)], 2, 1),
    "serifos": ([(6, 0), (7, 0), (7, 1)], 3, 0),
    "milos": ([(8, 2), (9, 1), (9, 2)], 3, 0),
    "mykonos": ([(2, 4), (2, 5)], 2, 1),
    "delos": ([(4, 6)], 1, 2),
    "ios": ([(6, 5)], 1, 2),
    "naxos": ([(6, 7), (7, 6), (8, 5), (9, 4)], 4, 0),
}


def test_4p_board_matches_rules_notes_table():
    """RULES-NOTES §3.4: 69 hexes, 10 isles (23 hexes), 46 seas; each isle's hexes, slots
    and prosperity; prosperity seas (0,0), (0,3), (5,0), (5,8), (10,0), (10,3)."""
    spec = MapSpec.load("map-4")
    assert sum(spec.rows) == 69
    assert sum(len(h) for h in spec.isle_hexes.values()) == 23
    assert len(spec.seas) == 46
    got = {
        i: (sorted(spec.isle_hexes[i]), spec.isle_slots[i], spec.isle_prosperity[i])
        for i in spec.isles
    }
    assert got == TABLE_4P
    pros = {spec.sea_hex[s] for s, p in spec.sea_prosperity.items() if p}
    assert pros == {(0, 0), (0, 3), (5, 0), (5, 8), (10, 0), (10, 3)}


# Mystouille/CycladesMulti src/data/Board.java dropIslands, 4 players (sizePenalty 2): the
# cell indices of each island, counted row by row over the 4-player grid.
MYSTOUILLE_4P = [
    [4, 5, 9, 10], [13, 14], [18, 26], [23], [28], [32, 41],
    [38, 46, 47], [45, 52, 58, 63], [43], [55, 60, 61],
]  # fmt: skip


def test_4p_isles_match_mystouille_after_its_off_by_one():
    """RULES-NOTES §3.4: Mystouille's 4-player island list, with every cell index >= 30
    moved up by one (an off-by-one there), gives the same 10 isles cell for cell."""
    spec = MapSpec.load("map-4")
    grid = [(r, c) for r, width in enumerate(spec.rows) for c in range(width)]
    islands = [{grid[i + (i >= 30)] for i in cells} for cells in MYSTOUILLE_4P]
    assert sorted(map(sorted, islands)) == sorted(sorted(h) for h in spec.isle_hexes.values())
    as_written = [{grid[i] for i in cells} for cells in MYSTOUILLE_4P]
    assert sorted(map(sorted, as_written)) != sorted(map(sorted, islands))


def test_4p_start_positions_are_the_rules_notes_reading():
    """RULES-NOTES §3.4 '4-player seats': Syros + Milos and Kea + Naxos as in Mystouille;
    Serifos + Mykonos and Andros + Delos or Ios are readings, named in the provenance."""
    spec = MapSpec.load("map-4")
    got = [(s.isles, tuple(spec.sea_hex[f] for f in s.fleets)) for s in spec.starts(4)]
    assert got == [
        (("syros", "milos"), ((5, 4), (10, 0))),
        (("serifos", "mykonos"), ((5, 0), (3, 5))),
        (("kea", "naxos"), ((5, 2), (8, 4))),
        (("andros", "delos"), ((1, 2), (5, 6))),
    ]
    # (3,4) would also do for mykonos, and ios for delos: both touch the same seas
    assert sea_id((3, 4)) in spec.isle_seas["mykonos"]
    assert sea_id((5, 6)) in spec.isle_seas["ios"] & spec.isle_seas["delos"]
    assert spec.isle_prosperity["ios"] == spec.isle_prosperity["delos"]
    owned = {i for s in spec.starts(4) for i in s.isles}
    assert set(spec.isles) - owned == {"paros", "ios"}
    assert "Reading B" in spec.provenance and "Reading D" in spec.provenance


def test_map_files_call_no_board_a_reconstruction():
    """Issue 19: every board is the printed one now. The titles are learner-facing, so they
    cite no source and no confidence level; the provenance says where each board is from."""
    for map_id in MAP_IDS:
        spec = MapSpec.load(map_id)
        assert "reconstruct" not in (spec.title + spec.provenance).lower()
        for word in ("RULES-NOTES", "§", "seed", "HIGH", "MED", "LOW", "source"):
            assert word not in spec.title, (map_id, word)
        assert "RULES-NOTES §3" in spec.provenance and "Confidence" in spec.provenance


def test_serifos_has_3_slots_on_every_board_it_is_on():
    """RULES-NOTES §3.4: Serifos (I8, the 3-hex isle at (6,0), (7,0), (7,1)) has 3
    building slots: the photo, Mystouille and Blackwoj after its fix (AciesNN says 2)."""
    boards = [MapSpec.load(m) for m in MAP_IDS if "serifos" in MapSpec.load(m).isles]
    assert [b.id for b in boards] == ["map-4", "map-5"]
    for spec in boards:
        assert sorted(spec.isle_hexes["serifos"]) == [(6, 0), (7, 0), (7, 1)]
        assert spec.isle_slots["serifos"] == 3


# --- every board -------------------------------------------------------------------------------


@pytest.mark.parametrize("n_players", PLAYER_COUNTS)
def test_every_start_has_two_isles_two_fleets_and_revenue_2(n_players):
    """RULES-NOTES §3.3: 2 isles, a fleet next to each, and revenue 2 (checked for every start)."""
    spec = MapSpec.for_players(n_players)
    starts = spec.starts(n_players)
    assert len(starts) == n_players
    for start in starts:
        assert isinstance(start, Start)
        assert len(set(start.isles)) == 2 and all(spec.is_isle(i) for i in start.isles)
        assert len(start.fleets) == 2 and all(spec.is_sea(s) for s in start.fleets)
        for isle, sea in zip(start.isles, start.fleets):
            assert sea in spec.isle_seas[isle]
        revenue = sum(spec.isle_prosperity[i] for i in start.isles)
        revenue += sum(spec.sea_prosperity[s] for s in start.fleets)
        assert revenue == 2 == spec.start_revenue(start)
    all_isles = [i for s in starts for i in s.isles]
    assert len(all_isles) == len(set(all_isles))


@pytest.mark.parametrize("n_players", PLAYER_COUNTS)
def test_start_fleets_of_different_players_are_never_side_by_side(n_players):
    """RULES-NOTES §3.3 data: no two players' start fleets share or border a sea (all boards)."""
    spec = MapSpec.for_players(n_players)
    starts = spec.starts(n_players)
    for a, sa in enumerate(starts):
        for sb in starts[a + 1 :]:
            for f in sa.fleets:
                assert f not in sb.fleets
                assert not spec.sea_neighbours[f] & set(sb.fleets)


SIZE_PATTERN = {1: 2, 2: 1, 3: 0, 4: 0}
"""Prosperity by isle size on the printed boards (RULES-NOTES §3.2 'Pattern in the data')."""


@pytest.mark.parametrize("map_id", MAP_IDS)
def test_slots_follow_hex_count_and_prosperity_the_printed_size_pattern(map_id):
    """RULES-NOTES §3.2 'Pattern in the data' and §3.4: one building slot per hex, and
    prosperity 2 / 1 / 0 for 1 / 2 / 3-4 hexes. The one exception of the old data (Serifos,
    3 hexes with 2 slots) was a misreading: the printed board gives it 3 (§3.4)."""
    spec = MapSpec.load(map_id)
    for isle, cells in spec.isle_hexes.items():
        assert spec.isle_slots[isle] == len(cells), (map_id, isle)
        assert spec.isle_prosperity[isle] == SIZE_PATTERN[len(cells)], (map_id, isle)


def diagram(spec: MapSpec) -> str:
    """The text picture of a board used in docs/maps.md: a row number and letter, then
    each cell as its sea id (``*`` for a prosperity sea) or the first three letters of its
    isle, each row centred under the widest one."""
    owner = {c: i for i, cells in spec.isle_hexes.items() for c in cells}
    widest = max(spec.rows)
    lines = []
    for r, width in enumerate(spec.rows):
        cells = []
        for c in range(width):
            if (r, c) in owner:
                cells.append(owner[(r, c)][:3].upper())
            else:
                sea = sea_id((r, c))
                cells.append(sea + ("*" if spec.sea_prosperity[sea] else ""))
        row = " ".join(f"{cell:<3}" for cell in cells)
        lines.append(f"{r:2d} {chr(ord('a') + r)} {' ' * (1 + 2 * (widest - width))}{row}".rstrip())
    return "\n".join(lines)


@pytest.mark.parametrize("map_id", MAP_IDS)
def test_docs_show_each_board_as_it_is(map_id):
    """docs/maps.md draws each board; the picture is the one the map file gives, so the
    docs change with the data (issue 19: the pictures of the 4- and 5-player boards)."""
    docs = (REPO / "docs" / "maps.md").read_text(encoding="utf-8")
    picture = diagram(MapSpec.load(map_id))
    assert f"```\n{picture}\n```" in docs, f"docs/maps.md lacks this picture:\n{picture}"


@pytest.mark.parametrize("map_id", MAP_IDS)
def test_isles_are_contiguous_and_never_touch(map_id):
    """RULES-NOTES §3.1: an isle is 1-4 joined hexes; isles never touch each other directly."""
    spec = MapSpec.load(map_id)
    owner = {c: i for i, cells in spec.isle_hexes.items() for c in cells}
    for isle, cells in spec.isle_hexes.items():
        assert 1 <= len(cells) <= 4
        seen, todo = {cells[0]}, [cells[0]]
        while todo:
            for n in grid_neighbours(spec.rows, todo.pop()):
                if owner.get(n) == isle and n not in seen:
                    seen.add(n)
                    todo.append(n)
        assert seen == set(cells)
        for c in cells:
            assert all(owner.get(n) in (None, isle) for n in grid_neighbours(spec.rows, c))


@pytest.mark.parametrize("map_id", MAP_IDS)
def test_adjacency_is_symmetric_and_covers_the_grid(map_id):
    """RULES-NOTES §3.1 'Adjacency': spaces sharing an edge are adjacent, both ways."""
    spec = MapSpec.load(map_id)
    assert len(spec.seas) + sum(len(h) for h in spec.isle_hexes.values()) == sum(spec.rows)
    assert list(spec.seas) == sorted(spec.seas, key=lambda s: spec.sea_hex[s])
    for sea, around in spec.sea_neighbours.items():
        assert sea not in around
        for other in around:
            assert sea in spec.sea_neighbours[other]
    for isle, seas in spec.isle_seas.items():
        assert seas and all(isle in spec.sea_isles[s] for s in seas)
    for sea, isles in spec.sea_isles.items():
        assert all(sea in spec.isle_seas[i] for i in isles)
    # all seas form one body of water
    seen, todo = {spec.seas[0]}, [spec.seas[0]]
    while todo:
        for n in spec.sea_neighbours[todo.pop()] - seen:
            seen.add(n)
            todo.append(n)
    assert seen == set(spec.seas)


def test_neighbour_rule_matches_rules_notes_examples():
    """RULES-NOTES §3.1 'Coordinates used here': neighbours above and below the middle row."""
    rows = MapSpec.load("map-5").rows
    assert sorted(grid_neighbours(rows, (3, 3))) == [(2, 2), (2, 3), (3, 2), (3, 4), (4, 3), (4, 4)]
    assert sorted(grid_neighbours(rows, (5, 3))) == [(4, 2), (4, 3), (5, 2), (5, 4), (6, 2), (6, 3)]
    assert sorted(grid_neighbours(rows, (7, 3))) == [(6, 3), (6, 4), (7, 2), (7, 4), (8, 2), (8, 3)]
    assert sorted(grid_neighbours(rows, (0, 0))) == [(0, 1), (1, 0), (1, 1)]


@pytest.mark.parametrize("map_id", MAP_IDS)
def test_ids_follow_the_naming_scheme(map_id):
    """Isles carry real Cycladic names (en, zh); seas carry short coordinate ids."""
    spec = MapSpec.load(map_id)
    assert sea_id((2, 4)) == "c5" and sea_id((0, 0)) == "a1"
    for sea, (r, c) in spec.sea_hex.items():
        assert sea == f"{'abcdefghijk'[r]}{c + 1}"
    for isle in spec.isles:
        assert isle.isalpha() and isle.islower()
        assert spec.names[isle]["en"].lower() == isle and spec.names[isle]["zh"]
    assert not set(spec.isles) & set(spec.seas)


def test_fleet_chain_reachable_follows_only_unbroken_chains():
    """Seed 000 'Ares': troops move along a chain of the player's own fleets; a gap breaks it."""
    spec = MapSpec.load("map-5")
    kea, paros, syros = isle_at(spec, (4, 1)), isle_at(spec, (5, 3)), isle_at(spec, (3, 3))
    f3, f5 = sea_id((5, 2)), sea_id((5, 4))
    assert spec.fleet_chain_reachable(kea, set()) == set()
    assert spec.fleet_chain_reachable(kea, {f3}) == {paros}  # f3 touches kea and paros
    assert spec.fleet_chain_reachable(kea, {f5}) == set()  # f5 does not touch kea: no chain
    chain = {f3, sea_id((4, 2)), sea_id((4, 3))}  # f3-e3-e4 reaches syros
    assert syros in spec.fleet_chain_reachable(kea, chain)
    broken = {f3, sea_id((4, 3))}  # e3 missing: e4 is cut off
    assert syros not in spec.fleet_chain_reachable(kea, broken)
    assert kea not in spec.fleet_chain_reachable(kea, chain)


# --- validation at load ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "mutate, message",
    [
        (lambda d: d["isles"][1].update(id=d["isles"][0]["id"]), "used twice"),
        (lambda d: d["isles"][0]["hexes"].append([9, 9]), "outside the grid"),
        (lambda d: d["isles"][5].update(hexes=[[4, 1], [4, 3]]), "not contiguous"),
        (lambda d: d["isles"][5].update(hexes=[[4, 1], [4, 2]]), "touch"),
        (lambda d: d["starts"]["5"][0].update(fleets=[[5, 2], [0, 0]]), "does not touch"),
        (lambda d: d["starts"]["5"][0].update(fleets=[[5, 2], [4, 1]]), "not on a sea"),
        (lambda d: d["isles"][5].update(prosperity=1), "start revenue is 1"),
        (lambda d: d["starts"]["5"][0].update(isles=["kea"]), "2 different isles"),
        (lambda d: d["grid"].update(rows=[6, 8, 8]), "differ in width"),
    ],
)
def test_bad_map_data_raises_a_clear_value_error(mutate, message):
    """The loader refuses broken data (brief: validation at load with a clear ValueError)."""
    data = copy.deepcopy(raw("map-5"))
    mutate(data)
    with pytest.raises(ValueError, match=message):
        MapSpec.from_dict(data)


# --- geometry ----------------------------------------------------------------------------------


def _dist(a, b):
    return math.hypot(a[0] - b[0], a[1] - b[1])


@pytest.mark.parametrize("map_id", MAP_IDS)
def test_geometry_is_json_safe_complete_and_deterministic(map_id):
    """Geometry is computed once in Python for both the SVG and the JS board."""
    spec = MapSpec.load(map_id)
    g = geometry.map_geometry(map_id, size=30)
    text = json.dumps(g, sort_keys=True)
    assert json.loads(text) == g
    geometry._geometry.cache_clear()
    assert json.dumps(geometry.map_geometry(map_id, size=30), sort_keys=True) == text
    g["isles"].clear()  # a caller's copy: the cache stays intact
    assert geometry.map_geometry(map_id, size=30)["isles"]
    assert set(g["seas"]) == set(spec.seas)
    for sea, s in g["seas"].items():
        assert len(s["points"]) == 6 and s["prosperity"] == spec.sea_prosperity[sea]
        assert all(_dist(p, s["center"]) == pytest.approx(30, abs=0.2) for p in s["points"])
        assert 0 <= s["center"][0] <= g["width"] and 0 <= s["center"][1] <= g["height"]


@pytest.mark.parametrize("map_id", MAP_IDS)
def test_isle_outlines_are_closed_loops_around_the_isle(map_id):
    """Geometry brief: the outline is the boundary of the isle's hexes, chained into closed loops."""
    spec = MapSpec.load(map_id)
    g = geometry.map_geometry(map_id, size=30)
    side = 30.0
    for isle, data in g["isles"].items():
        loops = data["outline"]
        assert len(loops) == 1  # no isle has a hole
        loop = loops[0]
        cells = spec.isle_hexes[isle]
        n = len(cells)
        shared = sum(n2 in cells for c in cells for n2 in grid_neighbours(spec.rows, c)) // 2
        # every hex has 6 edges; an edge shared by two hexes of the isle is not on the boundary
        assert len(loop) == 6 * n - 2 * shared and len(set(map(tuple, loop))) == len(loop)
        for a, b in zip(loop, loop[1:] + loop[:1]):
            assert _dist(a, b) == pytest.approx(side, abs=0.2)
        assert len(data["hexes"]) == n


@pytest.mark.parametrize("map_id", MAP_IDS)
def test_piece_anchors_fit_inside_the_isle_and_do_not_overlap(map_id):
    """Geometry brief: one anchor per building slot; piece anchors never overlap."""
    spec = MapSpec.load(map_id)
    size = 30
    g = geometry.map_geometry(map_id, size=size)
    for isle, data in g["isles"].items():
        assert len(data["slots"]) == spec.isle_slots[isle]
        assert data["prosperity"] == spec.isle_prosperity[isle]
        assert data["name"] == dict(spec.names[isle])
        singles = ("troops", "figurine", "marker", "prosperity_anchor")
        points = data["slots"] + [data[k] for k in singles]
        for i, p in enumerate(points):
            inside = geometry.ANCHOR_RING * size + 0.2
            assert min(_dist(p, c) for c in data["hexes"]) <= inside  # inside a hex
            for q in points[i + 1 :]:
                assert _dist(p, q) >= 0.5 * size - 0.2
        lowest = max(y for _, y in data["hexes"])
        # just under the isle's bottom corner (geometry.LABEL_GAP)
        assert data["label"][1] >= lowest + geometry.LABEL_GAP * size - 0.2
        assert 0 < data["label"][1] < g["height"]
