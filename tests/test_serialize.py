"""The one serializer from model to screen (cyclades_widgets.view.model).

Checks that what the board draws is JSON-safe, small, complete and faithful to the rules
it shows (hidden gold, face-down gods, Apollo, the creature track, battles).
"""

from __future__ import annotations

import json

import pytest

import cyclades_widgets as cw
from cyclades_widgets.bots import RandomBot
from cyclades_widgets.rules.board import MapSpec
from cyclades_widgets.view.geometry import map_geometry
from cyclades_widgets.view.model import (
    PLAYER_COLOURS,
    PLAYER_SHAPES,
    action_label,
    json_safe,
    labels,
    legal_payload,
    snapshot,
    static_payload,
)

PAYLOAD_LIMIT = 8 * 1024
"""Issue 6: a per-step payload of at most 8 KB for a 5-player board."""


def dumps(data: object) -> str:
    return json.dumps(data, allow_nan=False, ensure_ascii=False, separators=(",", ":"))


def bot_game(players: int, seed: int, cycles: int) -> cw.Game:
    game = cw.Game.new(players=players, seed=seed)
    bots = {name: RandomBot(seed=i + seed) for i, name in enumerate(game.players)}
    for _ in range(cycles):
        if game.is_over:
            break
        game.advance(to="cycle", bots=bots)
    return game


# --------------------------------------------------------------------------- snapshot


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_snapshot_is_json_safe_and_names_every_player(players):
    game = cw.Game.new(players=players, seed=players)
    snap = snapshot(game.state)
    assert json.loads(dumps(snap)) == snap
    assert [p["name"] for p in snap["players"]] == list(game.players)
    assert snap["map"] == game.state.map_id
    assert snap["node"] == {"kind": "decision", "player": game.state.seat(game.to_act)}


def test_every_step_of_a_five_player_game_fits_in_8_kb():
    """Issue 6 performance: per-step payload <= 8 KB for a 5-player board (measured over
    every position of a bot game, with the step's events and the legal actions)."""
    game = bot_game(5, seed=11, cycles=4)
    history = game.history
    assert len(history) > 100
    biggest = 0
    states = [s.before for s in history] + [game.state]
    for k, state in enumerate(states):
        snap = snapshot(state, events=history[k - 1].events if k else [])
        legal = legal_payload(cw.Game(state.copy()))
        biggest = max(biggest, len(dumps({"snapshot": snap, "legal": legal}).encode()))
    assert biggest <= PAYLOAD_LIMIT, f"largest step payload {biggest} bytes"


def test_other_players_gold_is_hidden_from_a_viewer():
    """seed 000 'Setup' 1: the GP are hidden behind each player's screen."""
    game = cw.Game.new(players=4, seed=2)
    snap = snapshot(game.state, viewer="Sparta")
    gold = [p["gold"] for p in snap["players"]]
    assert gold[1] == game.state.players[1].gold
    assert gold[0] is None and gold[2] is None and gold[3] is None
    assert snap["viewer"] == 1
    assert "gold" not in dumps(snap["players"][0]).replace('"gold":null', "")


def test_the_teachers_view_shows_all_gold():
    game = cw.Game.new(players=3, seed=2)
    snap = snapshot(game.state, viewer=None)
    assert [p["gold"] for p in snap["players"]] == [p.gold for p in game.state.players]
    assert snap["viewer"] is None


def test_an_unknown_viewer_is_refused_with_the_players_named():
    game = cw.Game.new(players=3, seed=2)
    with pytest.raises(ValueError, match="Athens, Sparta, Corinth"):
        snapshot(game.state, viewer="Rhodes")
    with pytest.raises(ValueError, match="seats are 0..2"):
        snapshot(game.state, viewer=7)


def test_unknown_language_is_refused():
    game = cw.Game.new(players=3, seed=2)
    with pytest.raises(ValueError, match="en, fr, zh"):
        snapshot(game.state, lang="xx")
    with pytest.raises(ValueError, match="en, fr, zh"):
        static_payload("map-5", "xx")


def test_three_players_see_two_gods_face_down():
    """seed 002 '周期顺序与人数': 三人只亮前两位 (3 players: only the first two gods face up)."""
    game = cw.Game.new(players=3, seed=5)
    gods = snapshot(game.state)["gods"]
    assert [g["god"] for g in gods] == game.state.god_order
    assert [g["up"] for g in gods] == [True, True, False, False]
    assert all(g["bid"] is None for g in gods)


def test_bids_and_apollo_are_shown_by_seat():
    """seed 000 'Offerings': a bid sits on a god's track; Apollo holds several players."""
    game = cw.Game.new(players=5, seed=1)
    first = game.to_act
    god = game.state.god_order[0]
    game.play(f"bid {god} 2")
    second = game.to_act
    game.play("bid apollo")
    snap = snapshot(game.state)
    top = snap["gods"][0]
    assert top == {"god": god, "up": True, "bid": [game.state.seat(first), 2]}
    assert snap["apollo"] == [game.state.seat(second)]


def test_pieces_buildings_and_markers_reach_the_snapshot():
    game = (
        cw.Scenario(players=3)
        .troops("naxos", "Athens", 3)
        .build("naxos", "fortress", "port")
        .prosperity("naxos", 1)
        .fleets("g5", "Athens", 2)
        .phase("offerings")
        .game()
    )
    snap = snapshot(game.state)
    naxos = snap["isles"]["naxos"]
    assert naxos["owner"] == 0 and naxos["troops"] == 3
    assert naxos["buildings"] == ["fortress", "port"] and naxos["markers"] == 1
    assert snap["fleets"]["g5"] == [0, 2]
    empty = [i for i, isle in game.state.isles.items() if isle.owner is None and not isle.troops]
    assert all(i not in snap["isles"] for i in empty)  # empty isles are left out


def test_creature_track_carries_the_current_prices():
    """RULES-NOTES §1.2: the three track slots cost 4, 3 and 2 GP."""
    game = bot_game(3, seed=3, cycles=2)
    track = snapshot(game.state)["creatures"]["track"]
    for slot, card in enumerate(track):
        if card is not None:
            assert card["price"] == (4, 3, 2)[slot]
            assert card["creature"] == game.state.creature_track[slot]
    assert snapshot(game.state)["creatures"]["deck"] == len(game.state.creature_deck)


def test_players_have_colour_blind_safe_colours_and_distinct_shapes():
    game = cw.Game.new(players=5, seed=1)
    players = snapshot(game.state)["players"]
    assert [p["colour"] for p in players] == list(PLAYER_COLOURS)
    assert len({p["shape"] for p in players}) == 5
    assert [p["shape"] for p in players] == list(PLAYER_SHAPES)


def test_status_line_in_both_languages():
    game = cw.Game.new(players=3, seed=1)
    who = game.to_act
    assert snapshot(game.state, lang="en")["status"] == f"{who} to act"
    assert snapshot(game.state, lang="zh")["status"] == f"轮到 {who} 决定"


# --------------------------------------------------------------------------- battles


def sea_battle() -> cw.Game:
    return (
        cw.Scenario(players=3)
        .fleets("g5", "Athens", 2)
        .fleets("f5", "Sparta", 1)
        .gold("Athens", 6)
        .phase("actions", god="poseidon", player="Athens")
        .game()
    )


def test_a_battle_under_way_is_shown_with_both_sides():
    """seed 000 'Battle': fleets entering an occupied sea start a battle."""
    game = sea_battle()
    game.play("move fleets g5>f5 2")
    battle = snapshot(game.state)["battle"]
    assert battle["under_way"] and battle["where"] == "f5" and battle["terrain"] == "sea"
    assert battle["attacker"] == {"player": 0, "units": 2}
    assert battle["defender"] == {"player": 1, "units": 1}


def test_a_battle_round_shows_dice_totals_and_losses():
    """seed 000 'Battle' steps 1–2: die + units (+ bonus); the lower total loses one unit."""
    game = sea_battle()
    game.play("move fleets g5>f5 2")
    game.play("roll 1 1")
    snap = snapshot(game.state, events=game.history[-1].events)
    battle = snap["battle"]
    assert battle["attacker"] == {
        "player": 0,
        "die": 1,
        "units": 2,
        "bonus": 0,
        "total": 3,
        "losses": 0,
    }
    assert battle["defender"]["die"] == 1 and battle["defender"]["total"] == 2
    assert battle["defender"]["losses"] == 1
    assert battle["winner"] == 0 and not battle["under_way"]


def test_no_battle_section_without_a_battle():
    assert snapshot(cw.Game.new(players=3, seed=1).state)["battle"] is None


# --------------------------------------------------------------------------- legal actions


def test_legal_payload_mirrors_legal_actions():
    game = cw.Game.new(players=4, seed=3)
    payload = legal_payload(game)
    assert [a["notation"] for a in payload] == [str(a) for a in game.legal_actions()]
    assert [a["id"] for a in payload] == list(range(len(payload)))
    assert json.loads(dumps(payload)) == payload


def test_bids_target_their_god_on_the_track():
    game = cw.Game.new(players=3, seed=3)
    for action in legal_payload(game):
        god = action["notation"].split()[1]
        assert action["kind"] == "bid" and action["track"] == [god] and action["targets"] == []
        assert action["label"].startswith(("Bid", "Choose Apollo"))


def test_recruits_and_builds_target_the_isle_or_sea():
    """seed 000 'Actions': troops go on own isles, fleets in adjacent seas."""
    game = (
        cw.Scenario(players=3)
        .gold("Athens", 8)
        .phase("actions", god="ares", player="Athens")
        .game()
    )
    spec = MapSpec.load(game.state.map_id)
    payload = legal_payload(game)
    recruits = [a for a in payload if a["kind"] == "recruit"]
    assert recruits
    for action in recruits:
        isle = action["notation"].split()[2]
        assert action["targets"] == [isle] and spec.is_isle(isle)
    builds = [a for a in payload if a["kind"] == "build"]
    assert builds and all(a["targets"] == [a["notation"].split()[2]] for a in builds)
    ends = [a for a in payload if a["kind"] == "end"]
    assert ends and ends[0]["targets"] == [] and "track" not in ends[0]


def test_moves_target_both_spaces():
    game = sea_battle()
    moves = [a for a in legal_payload(game) if a["notation"] == "move fleets g5>f5 2"]
    assert moves and moves[0]["targets"] == ["g5", "f5"]


def test_no_legal_payload_when_no_decision_is_due():
    game = cw.Game.new(players=3, seed=3, start="setup")
    assert game.node == "chance" and legal_payload(game) == []


def test_action_labels_read_as_sentences_in_both_languages():
    names = {"naxos": "Naxos"}
    bid = cw.Action.parse("bid ares 3")
    assert action_label(bid, "en") == "Bid 3 GP on Ares"
    assert action_label(bid, "zh") == "向阿瑞斯献祭 3 GP"
    troop = cw.Action.parse("recruit troop naxos")
    assert action_label(troop, "en", names=names) == "Recruit a troop on Naxos"
    assert action_label(cw.Action.parse("bid apollo"), "en") == "Choose Apollo (free)"
    move = cw.Action.parse("move troops naxos>paros 2")
    assert action_label(move, "en", names={"naxos": "Naxos", "paros": "Paros"}) == (
        "Move troops (2) from Naxos to Paros"
    )
    assert action_label(cw.Action.parse("buy pegasus"), "zh") == "购买飞马"
    assert action_label(cw.Action.parse("retreat naxos"), "en", names=names) == "Retreat to Naxos"
    odd = cw.Action.parse("roll 2 1")  # no sentence yet: the notation itself
    assert action_label(odd, "en") == "roll 2 1"


# --------------------------------------------------------------------------- static payload


@pytest.mark.parametrize("map_id", ["map-2-3", "map-4", "map-5"])
def test_static_payload_is_the_geometry_and_the_names(map_id):
    static = static_payload(map_id, "zh")
    assert static["map"] == map_geometry(map_id, 30)
    assert static["lang"] == "zh"
    assert static["isle_names"]["naxos"] == "纳克索斯"
    assert static["labels"]["gods"]["ares"] == "阿瑞斯"
    assert json.loads(dumps(static)) == static


def test_labels_have_the_same_keys_in_both_languages():
    en, zh = labels("en"), labels("zh")
    assert en.keys() == zh.keys()
    for section in en:
        assert en[section].keys() == zh[section].keys(), section


def test_json_safe_turns_odd_values_into_json():
    value = {"a": (1, 2), 3: {"b"}, "f": float("nan"), "o": object}
    safe = json_safe(value)
    assert json.loads(dumps(safe))["a"] == [1, 2]
    assert safe["3"] == ["b"] and safe["f"] == "nan"
