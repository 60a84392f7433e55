"""Movement: Ares troop moves, Poseidon fleet moves, territory markers.

Sources: seed 000 'The Four Main Gods' (1 GP per move, via fleet chain; fleets up to 3
spaces), seed 002 '移动与战斗' (fleets picked up and dropped along the way; a group stops at
enemy fleets), seed 002 '撤退与控制' (territory markers; an undefended isle is taken
without a fight, Fortress or not), RULES-NOTES §5.4 (chains never pass through isles).

Positions are hand-built on the 2–3 player map (map-2-3)::

    kea (a1 b2 c1 c2)   mykonos (b2 b3 c2 d3 d4 d5)   syros (c1 c2 d1 d3 e2 e4 f3 f4)
    delos (d4 d5 e4 e6 f5 f6)   paros (e1 e2 f1 f3 g3 h1 h2)   ios (f4 f5 g3 g5 h3 h4)
    naxos (f6 f7 g5 h4 i3 j2 k2)   milos (h1 h2 i2 j2 k2)
    sea links used here: g5-h4, h4-h3, h3-h2, h3-g3, g5-f5, f5-f6, g5-f6
"""

from __future__ import annotations

import pytest

from cyclades_widgets.game import Game
from cyclades_widgets.rules import Action, GameState, IllegalActionError, NotationError, flow
from cyclades_widgets.rules.movement import troop_moves
from cyclades_widgets.rules.setup import new_state
from cyclades_widgets.rules.state import BUILDINGS, Phase, Turn

ATHENS, SPARTA, CORINTH = 0, 1, 2


# --------------------------------------------------------------------------- positions


def position(god: str = "ares", *, player: int = ATHENS, gold: int = 10) -> GameState:
    """An empty 3-player board in the actions phase, ``player`` performing ``god``."""
    state = new_state(3)
    for isle in state.isles.values():
        isle.owner, isle.troops, isle.territory = None, 0, False
    state.fleets.clear()
    state.cycle, state.phase = 1, Phase.ACTIONS
    state.turn_order = [ATHENS, SPARTA, CORINTH]
    state.turn = Turn(player, god)
    for p in state.players:
        p.gold = gold
    state.bank = state.options.gold_supply - gold * 3
    state.building_supply = {b: 10 for b in BUILDINGS}
    return state


def troops(state: GameState, isle: str, seat: int, count: int) -> None:
    state.isles[isle].owner = seat
    state.isles[isle].troops = count
    state.isles[isle].territory = count == 0


def build(state: GameState, isle: str, *kinds: str) -> None:
    for kind in kinds:
        state.isles[isle].buildings.append(kind)
        state.building_supply[kind] -= 1


def game_at(state: GameState) -> Game:
    return Game(state, seed=1)


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def illegal(game: Game, notation: str) -> str:
    """Play an illegal action; check the state is exactly as before; return the message."""
    before = game.state.copy()
    with pytest.raises(IllegalActionError) as info:
        game.play(notation)
    assert game.state == before
    return str(info.value)


# --------------------------------------------------------------------------- notation


@pytest.mark.parametrize(
    "text, args",
    [
        ("move troops naxos>paros 2", ("move", ("troops", "naxos", "paros", 2))),
        ("move fleets g5>h4 3", ("move", ("fleets", "g5", "h4", 3))),
        ("sail h3", ("sail", ("h3",))),
        ("pickup 1", ("pickup", (1,))),
        ("drop 2", ("drop", (2,))),
        ("stop", ("stop", ())),
    ],
)
def test_movement_notation_round_trips(text, args):
    """Action.parse(str(a)) == a for the movement grammar."""
    action = Action.parse(text)
    assert (action.kind, action.args) == args
    assert str(action) == text
    assert Action.parse(str(action)) == action


def test_bad_move_notation_names_the_forms():
    """A move that does not parse says what the grammar is."""
    with pytest.raises(NotationError, match=r"move <name> <name>><name> <n>"):
        Action.parse("move troops naxos to paros")


# --------------------------------------------------------------------------- Ares


def test_ares_move_costs_1_gp_and_follows_the_fleet_chain():
    """seed 000 'The Four Main Gods': Ares moves troops for 1 GP each move, via fleet chain."""
    state = position()
    troops(state, "naxos", ATHENS, 3)
    troops(state, "kea", ATHENS, 1)
    state.fleets["g5"] = (ATHENS, 1)  # touches naxos and ios
    game = game_at(state)
    bank = state.bank
    events = game.play("move troops naxos>ios 2")
    assert kinds(events) == ["move_troops", "capture"]
    assert events[0].data == {
        "player": "Athens",
        "origin": "naxos",
        "target": "ios",
        "count": 2,
        "cost": 1,
    }
    s = game.state
    assert s.players[ATHENS].gold == 9 and s.bank == bank + 1
    assert (s.isles["naxos"].troops, s.isles["ios"].troops, s.isles["ios"].owner) == (1, 2, ATHENS)


def test_fleet_chain_reaches_far_isles_through_adjacent_seas():
    """seed 000 'Ares': a chain of adjacent seas each holding own fleets joins the isles."""
    state = position()
    troops(state, "naxos", ATHENS, 1)
    for sea in ("g5", "h4", "h3", "h2"):
        state.fleets[sea] = (ATHENS, 1)
    targets = {a.args[2] for a in troop_moves(state, state.turn)}
    assert targets == {"ios", "paros", "milos"}


def test_broken_fleet_chain_reaches_only_the_near_isles():
    """seed 000 'Ares' chain, broken: without a fleet in h3 Paros and Milos are out of reach."""
    state = position()
    troops(state, "naxos", ATHENS, 1)
    for sea in ("g5", "h4", "h2"):
        state.fleets[sea] = (ATHENS, 1)
    targets = {a.args[2] for a in troop_moves(state, state.turn)}
    assert targets == {"ios"}
    message = illegal(game_at(state), "move troops naxos>paros 1")
    assert "not joined by a chain" in message and "move troops naxos>ios 1" in message


def test_moving_through_your_own_isle_is_not_a_chain():
    """RULES-NOTES §5.4: "Moving through your own isles does not count as a chain"."""
    state = position()
    troops(state, "naxos", ATHENS, 2)
    troops(state, "ios", ATHENS, 1)
    state.fleets["g5"] = (ATHENS, 1)  # naxos–ios
    state.fleets["g3"] = (ATHENS, 1)  # ios–paros, not adjacent to g5
    moves = {(a.args[1], a.args[2]) for a in troop_moves(state, state.turn)}
    assert ("ios", "paros") in moves and ("naxos", "ios") in moves
    assert ("naxos", "paros") not in moves


def test_enemy_fleets_do_not_carry_your_troops():
    """seed 002 '移动与战斗': the chain is made of the mover's own fleets (同色舰队链)."""
    state = position()
    troops(state, "naxos", ATHENS, 2)
    state.fleets["g5"] = (SPARTA, 2)
    assert troop_moves(state, state.turn) == []


def test_every_count_from_one_to_all_troops_is_listed():
    """seed 002 '移动与战斗': some or all troops of one isle (部分或全部陆军)."""
    state = position()
    troops(state, "naxos", ATHENS, 3)
    state.fleets["g5"] = (ATHENS, 1)
    counts = sorted(a.args[3] for a in troop_moves(state, state.turn) if a.args[2] == "ios")
    assert counts == [1, 2, 3]
    assert "between 1 and 3" in illegal(game_at(state), "move troops naxos>ios 4")


def test_no_move_without_gold_or_outside_ares():
    """seed 000 'Player Reference': a move costs 1 GP; only Ares moves troops."""
    state = position(gold=0)
    troops(state, "naxos", ATHENS, 2)
    state.fleets["g5"] = (ATHENS, 1)
    assert troop_moves(state, state.turn) == []
    assert "costs 1 GP and Athens has 0 GP" in illegal(game_at(state), "move troops naxos>ios 1")
    state = position("poseidon")
    troops(state, "naxos", ATHENS, 2)
    state.fleets["g5"] = (ATHENS, 1)
    assert "only Ares moves troops" in illegal(game_at(state), "move troops naxos>ios 1")


def test_medusa_freezes_the_troops_on_her_isle():
    """RULES-NOTES §1 #15 (creatures engineer's reading): troops under Medusa cannot move away."""
    state = position()
    troops(state, "naxos", ATHENS, 2)
    troops(state, "kea", ATHENS, 1)
    state.fleets["g5"] = (ATHENS, 1)
    state.isles["naxos"].figurine = "medusa"
    assert all(a.args[1] != "naxos" for a in troop_moves(state, state.turn))
    assert "Medusa" in illegal(game_at(state), "move troops naxos>ios 1")


def test_several_moves_in_one_turn_each_cost_1_gp():
    """seed 002 '移动与战斗': 每付1GP (each move paid separately)."""
    state = position(gold=2)
    troops(state, "naxos", ATHENS, 2)
    state.fleets["g5"] = (ATHENS, 1)
    game = game_at(state)
    game.play("move troops naxos>ios 1")
    game.play("move troops ios>naxos 1")
    assert game.state.players[ATHENS].gold == 0
    assert not [a for a in game.legal_actions() if a.kind == "move"]


# --------------------------------------------------------------------------- territory markers


def test_last_troop_leaving_leaves_a_territory_marker():
    """seed 002 '撤退与控制': the last troop leaving leaves a territory marker; the isle stays."""
    state = position()
    troops(state, "naxos", ATHENS, 1)
    state.fleets["g5"] = (ATHENS, 1)
    game = game_at(state)
    events = game.play("move troops naxos>ios 1")
    marker = [e for e in events if e.kind == "territory_marker"][0]
    assert marker.data == {"variant": "placed", "player": "Athens", "isle": "naxos", "left": 2}
    naxos = game.state.isles["naxos"]
    assert (naxos.owner, naxos.troops, naxos.territory) == (ATHENS, 0, True)


def test_troops_returning_take_the_territory_marker_back():
    """seed 002 '撤退与控制': a marker holds an isle only while no troop is on it."""
    state = position()
    troops(state, "naxos", ATHENS, 0)
    troops(state, "ios", ATHENS, 2)
    state.fleets["g5"] = (ATHENS, 1)
    game = game_at(state)
    events = game.play("move troops ios>naxos 1")
    assert [e.data["variant"] for e in events if e.kind == "territory_marker"] == ["removed"]
    assert game.state.isles["naxos"].territory is False
    assert game.state.isles["naxos"].troops == 1


def test_no_territory_marker_left_the_isle_becomes_neutral():
    """RULES-NOTES §5.5 'Running out of the 3 markers' (UNCONFIRMED, presumably neutral):
    docs/rules-notes.md 'no territory marker left'."""
    state = position()
    for isle in ("kea", "mykonos", "syros"):
        troops(state, isle, ATHENS, 0)  # all 3 markers on the board
    troops(state, "naxos", ATHENS, 1)
    build(state, "naxos", "port")
    state.fleets["g5"] = (ATHENS, 1)
    game = game_at(state)
    events = game.play("move troops naxos>ios 1")
    marker = [e for e in events if e.kind == "territory_marker"][0]
    assert marker.data["variant"] == "none_left" and marker.data["rule"] == "territory_none_left"
    naxos = game.state.isles["naxos"]
    assert (naxos.owner, naxos.troops, naxos.territory, naxos.buildings) == (
        None,
        0,
        False,
        ["port"],
    )


def test_landing_on_an_undefended_enemy_isle_with_a_fortress_takes_it():
    """seed 002 '撤退与控制': 对手登岛无需战斗即可接收, 即使岛上有堡垒也一样."""
    state = position()
    troops(state, "naxos", ATHENS, 2)
    troops(state, "ios", SPARTA, 0)  # held by a territory marker
    troops(state, "mykonos", SPARTA, 1)  # not Sparta's last isle
    build(state, "ios", "fortress")
    state.fleets["g5"] = (ATHENS, 1)
    game = game_at(state)
    events = game.play("move troops naxos>ios 1")
    assert kinds(events) == [
        "move_troops",
        "capture",
        "territory_marker",
        "buildings_captured",
    ]
    assert events[1].data["variant"] == "fortified" and events[1].data["previous"] == "Sparta"
    assert events[2].data["variant"] == "returned" and events[2].data["player"] == "Sparta"
    assert events[3].data["buildings"] == ["fortress"]
    ios = game.state.isles["ios"]
    assert (ios.owner, ios.troops, ios.territory, ios.buildings) == (ATHENS, 1, False, ["fortress"])
    assert "battle" not in {p.kind for p in game.state.pending}


def test_landing_on_a_neutral_isle_takes_it():
    """seed 000 'Actions': troops moving onto an unoccupied isle take it (no battle)."""
    state = position()
    troops(state, "naxos", ATHENS, 2)
    state.fleets["g5"] = (ATHENS, 1)
    game = game_at(state)
    events = game.play("move troops naxos>ios 2")
    assert events[-1].kind == "capture" and events[-1].data["variant"] == "neutral"


def test_captured_buildings_completing_a_set_make_a_metropolis():
    """seed 000 'Creating Metropolises' 1 + RULES-NOTES §5.7: buildings taken by landing
    count toward the set at once."""
    state = position()
    troops(state, "naxos", ATHENS, 2)
    build(state, "naxos", "port", "temple", "university")
    troops(state, "ios", SPARTA, 0)
    troops(state, "paros", SPARTA, 1)
    build(state, "ios", "fortress")
    state.fleets["g5"] = (ATHENS, 1)
    game = game_at(state)
    events = game.play("move troops naxos>ios 1")
    assert "buildings_discarded" in kinds(events) and "metropolis_due" in kinds(events)
    assert game.state.pending[-1].kind == "metropolis"


# --------------------------------------------------------------------------- Poseidon


def fleet_position() -> GameState:
    state = position("poseidon")
    troops(state, "naxos", ATHENS, 1)
    state.fleets["g5"] = (ATHENS, 3)
    state.fleets["h4"] = (ATHENS, 1)
    return state


def test_fleet_move_starts_with_one_step_and_costs_1_gp():
    """seed 000 'Player Reference': Move Fleets (1 GP, up to 3 spaces)."""
    game = game_at(fleet_position())
    moves = [str(a) for a in game.legal_actions() if a.kind == "move"]
    assert "move fleets g5>h4 3" in moves and "move fleets h4>h3 1" in moves
    events = game.play("move fleets g5>f5 2")
    assert kinds(events) == ["move_fleets"]
    assert game.state.players[ATHENS].gold == 9
    assert game.state.fleets["g5"] == (ATHENS, 1) and game.state.fleets["f5"] == (ATHENS, 2)
    pending = game.state.pending[-1]
    assert pending.kind == "fleet_move" and pending.data["left"] == 2
    assert {str(a) for a in game.legal_actions()} == {
        "sail e4",
        "sail f4",
        "sail f6",
        "sail g5",
        "drop 1",
        "stop",
    }


def test_fleets_picked_up_and_dropped_along_a_three_space_move():
    """seed 002 '移动与战斗': 可沿途加入或留下舰队 (pick up and drop off on the way), 3 spaces."""
    game = game_at(fleet_position())
    game.play("move fleets g5>h4 2")  # space 1: 2 fleets join the 1 waiting in h4
    events = game.play("pickup 1")
    assert events[0].data == {
        "player": "Athens",
        "sea": "h4",
        "count": 1,
        "group": 3,
        "left": 2,
    }
    game.play("sail h3")  # space 2
    game.play("drop 1")
    events = game.play("sail h2")  # space 3: the move ends by itself
    assert kinds(events) == ["sail", "fleet_move_end"]
    assert events[-1].data["variant"] == "range"
    fleets = game.state.fleets
    assert (fleets["g5"], fleets["h3"], fleets["h2"]) == ((ATHENS, 1), (ATHENS, 1), (ATHENS, 2))
    assert "h4" not in fleets
    assert not game.state.pending and game.state.players[ATHENS].gold == 9


def test_one_pickup_or_drop_per_space_and_one_fleet_keeps_sailing():
    """seed 002 '移动与战斗' pick-up/drop-off, with docs/rules-notes.md 'one change per space'."""
    game = game_at(fleet_position())
    game.play("move fleets g5>h4 1")
    assert "drop" not in {a.kind for a in game.legal_actions()}  # a lone fleet keeps sailing
    game.play("pickup 1")
    assert "one pick-up or drop-off per space" in illegal(game, "drop 1")
    assert "one pick-up or drop-off per space" in illegal(game, "pickup 1")
    assert {a.kind for a in game.legal_actions()} == {"sail", "stop"}
    assert "at least one fleet keeps sailing" in illegal(
        game_after(fleet_position(), "move fleets g5>h4 3"), "drop 3"
    )


def game_after(state: GameState, *moves: str) -> Game:
    game = game_at(state)
    for move in moves:
        game.play(move)
    return game


def test_stop_ends_the_fleet_move_early():
    """seed 000 'Poseidon': *up to* 3 spaces."""
    game = game_after(fleet_position(), "move fleets g5>f6 3")
    events = game.play("stop")
    assert events[0].kind == "fleet_move_end" and events[0].data["variant"] == "stopped"
    assert game.state.fleets["f6"] == (ATHENS, 3) and not game.state.pending
    assert game.state.turn is not None and game.node == "decision"


def test_entering_enemy_fleets_stops_the_group_for_a_sea_battle():
    """seed 002 '移动与战斗': 遇敌立即停下海战 (the group stops at once and fights)."""
    state = fleet_position()
    state.fleets["f5"] = (SPARTA, 1)
    game = game_after(state, "move fleets g5>f6 2")
    events = game.play("sail f5")
    assert kinds(events) == ["sail", "battle_start"]
    assert events[1].data["variant"] == "sea" and events[1].data["attackers"] == 2
    assert [p.kind for p in game.state.pending] == ["battle"]  # the fleet move is over
    assert game.node == "chance"
    game.play("roll 3 0")  # 2+3 = 5 against 1+0 = 1: Sparta's fleet sinks
    assert game.state.fleets["f5"] == (ATHENS, 2) and not game.state.pending


def test_a_first_step_into_enemy_fleets_is_a_battle_at_once():
    """seed 002 '移动与战斗': stopping on enemy fleets applies to the first space too."""
    state = fleet_position()
    state.fleets["f5"] = (SPARTA, 2)
    game = game_at(state)
    events = game.play("move fleets g5>f5 3")
    assert kinds(events) == ["move_fleets", "battle_start"]
    assert game.state.fleets["f5"] == (SPARTA, 2) and "g5" not in game.state.fleets


def test_the_kraken_sea_cannot_be_entered():
    """RULES-NOTES §1 #13 (LOW): the Kraken blocks fleets from entering its space."""
    state = fleet_position()
    state.kraken = "f5"
    game = game_at(state)
    assert "move fleets g5>f5 1" not in {str(a) for a in game.legal_actions()}
    assert "Kraken" in illegal(game, "move fleets g5>f5 1")
    game.play("move fleets g5>f6 1")
    assert "sail f5" not in {str(a) for a in game.legal_actions()}
    assert "Kraken" in illegal(game, "sail f5")


def test_fleet_move_needs_poseidon_and_1_gp():
    """seed 000 'Player Reference': Poseidon's special action, 1 GP."""
    state = fleet_position()
    state.players[ATHENS].gold = 0
    assert "costs 1 GP" in illegal(game_at(state), "move fleets g5>h4 1")
    state = fleet_position()
    state.turn = Turn(ATHENS, "ares")
    assert "only Poseidon moves fleets" in illegal(game_at(state), "move fleets g5>h4 1")


def test_sail_pickup_drop_stop_outside_a_fleet_move_are_explained():
    """Errors are part of the product: the message names the rule."""
    game = game_at(fleet_position())
    for text in ("sail h4", "pickup 1", "drop 1", "stop"):
        assert "continues a Poseidon fleet move" in illegal(game, text)


def test_legal_movement_actions_round_trip_and_apply():
    """Action.parse(str(a)) == a over every movement action of a position."""
    state = fleet_position()
    state.fleets["f5"] = (SPARTA, 1)
    game = game_after(state, "move fleets g5>h4 2")
    for action in game.legal_actions():
        assert Action.parse(str(action)) == action
        copy = game.state.copy()
        flow.check(copy, action)
        flow.apply(copy, action)


def test_undo_and_json_round_trip_in_the_middle_of_a_fleet_move():
    """Undo is exact; the state is JSON-safe at every step."""
    import json

    game = game_at(fleet_position())
    game.play("move fleets g5>h4 2")
    before = game.state.copy()
    game.play("pickup 1")
    game.undo()
    assert game.state == before
    data = json.loads(json.dumps(game.state.to_dict()))
    assert GameState.from_dict(data) == game.state
