"""The three boards: data checked against RULES-NOTES §3, adjacency, start positions, geometry."""

from __future__ import annotations

import copy
import json
import math
from importlib import resources

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
    """DESIGN §4.2: the maps are data files in cyclades_widgets/data/maps/."""
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
    "I8": ((6, 0), 3, 2, 0, 7),
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


# --- the 4-player reconstruction ---------------------------------------------------------------


def test_4p_board_is_declared_a_reconstruction():
    """RULES-NOTES §3.3 '4 players' is UNCONFIRMED, so the file must say it is reconstructed."""
    spec = MapSpec.load("map-4")
    assert "RECONSTRUCTION" in spec.provenance
    assert "reconstruction" in spec.title.lower()
    assert len(spec.starts(4)) == 4


def test_4p_board_has_neutral_isles_with_prosperity():
    """Brief for the 4-player board: several neutral isles carry prosperity."""
    spec = MapSpec.load("map-4")
    owned = {i for s in spec.starts(4) for i in s.isles}
    neutral = [i for i in spec.isles if i not in owned]
    assert len(neutral) >= 3
    assert all(spec.isle_prosperity[i] > 0 for i in neutral)


def test_4p_opposite_seats_are_half_turns_of_each_other():
    """docs/maps.md '4 players': the reconstruction is symmetric under a half turn (fair seats)."""
    spec = MapSpec.load("map-4")
    last = len(spec.rows) - 1

    def turn(cell):
        r, c = cell
        return (last - r, spec.rows[last - r] - 1 - c)

    for a, b in ((0, 2), (1, 3)):
        sa, sb = spec.starts(4)[a], spec.starts(4)[b]
        for ia, ib in zip(sa.isles, sb.isles):
            assert sorted(map(turn, spec.isle_hexes[ia])) == sorted(spec.isle_hexes[ib])
        assert [turn(spec.sea_hex[f]) for f in sa.fleets] == [spec.sea_hex[f] for f in sb.fleets]
    pros = {spec.sea_hex[s] for s, p in spec.sea_prosperity.items() if p}
    assert {turn(c) for c in pros} == pros


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
    """DESIGN §4.2: isles carry real Cycladic names (en, zh); seas carry short coordinate ids."""
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
    """DESIGN §2: geometry is computed once in Python for both the SVG and the JS board."""
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
