"""Battles, retreats, the last-isle rule and elimination, staged with forced dice.

Sources: seed 000 'Battle' steps 1–4, 'Special Rules' (mutual annihilation), 'Last Isle
Rule'; seed 002 '移动与战斗', '撤退与控制' and its FAQ '陆战双方最后一兵同时消失';
RULES-NOTES §1 #14 (Minotaur +2), #15 (Medusa), §2 (die faces), §5.5, §5.7.

Positions are hand-built on the 2–3 player map (map-2-3); see tests/test_movement.py for
the isles and seas used. ``roll A D`` forces the attacker's die A and the defender's die D.
"""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from cyclades_widgets.game import Game
from cyclades_widgets.rules import GameState, IllegalActionError, flow
from cyclades_widgets.rules.battle import (
    arrive_fleets,
    arrive_troops,
    eliminate,
    is_last_isle_protected,
)
from cyclades_widgets.rules.movement import troop_moves
from cyclades_widgets.rules.setup import new_state
from cyclades_widgets.rules.state import BUILDINGS, Bid, GodAction, Phase, Turn

ATHENS, SPARTA, CORINTH = 0, 1, 2


# --------------------------------------------------------------------------- positions


def position(god: str = "ares", *, players: int = 3, gold: int = 10) -> GameState:
    """An empty board in the actions phase, Athens performing ``god``."""
    state = new_state(players)
    for isle in state.isles.values():
        isle.owner, isle.troops, isle.territory = None, 0, False
    state.fleets.clear()
    state.cycle, state.phase = 1, Phase.ACTIONS
    state.turn_order = list(range(players))
    state.turn = Turn(ATHENS, god)
    for p in state.players:
        p.gold = gold
    state.bank = state.options.gold_supply - gold * players
    state.building_supply = {b: 10 for b in BUILDINGS}
    return state


def troops(state: GameState, isle: str, seat: int, count: int) -> None:
    state.isles[isle].owner = seat
    state.isles[isle].troops = count
    state.isles[isle].territory = count == 0


def build(state: GameState, isle: str, *kinds: str) -> None:
    for kind in kinds:
        if kind == "metropolis":
            state.isles[isle].metropolis = True
            state.metropolis_supply -= 1
        else:
            state.isles[isle].buildings.append(kind)
            state.building_supply[kind] -= 1


def game_at(state: GameState, *moves: str) -> Game:
    game = Game(state, seed=1)
    for move in moves:
        game.play(move)
    return game


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def only(events, kind: str):
    found = [e for e in events if e.kind == kind]
    assert len(found) == 1, kinds(events)
    return found[0]


def illegal(game: Game, notation: str) -> str:
    before = game.state.copy()
    with pytest.raises(IllegalActionError) as info:
        game.play(notation)
    assert game.state == before
    return str(info.value)


def legal(game: Game) -> set[str]:
    return {str(a) for a in game.legal_actions()}


def land_position(attackers: int = 3, defenders: int = 2) -> GameState:
    """Athens on Naxos with a fleet in g5 (Naxos–Ios); Sparta on Ios and Paros."""
    state = position()
    troops(state, "naxos", ATHENS, attackers)
    troops(state, "kea", ATHENS, 1)
    troops(state, "ios", SPARTA, defenders)
    troops(state, "paros", SPARTA, 1)
    state.fleets["g5"] = (ATHENS, 1)
    return state


# --------------------------------------------------------------------------- dice


def test_roll_is_a_chance_node_over_the_36_throws_of_faces_0_1_1_2_2_3():
    """RULES-NOTES §2: each side rolls one die with faces 0, 1, 1, 2, 2, 3."""
    game = game_at(land_position(), "move troops naxos>ios 3")
    assert game.node == "chance"
    outcomes = dict((str(a), p) for a, p in game.chance_outcomes())
    assert len(outcomes) == 16
    assert sum(outcomes.values()) == pytest.approx(1)
    assert Fraction(outcomes["roll 0 0"]).limit_denominator(100) == Fraction(1, 36)
    assert Fraction(outcomes["roll 1 2"]).limit_denominator(100) == Fraction(4, 36)
    assert Fraction(outcomes["roll 3 1"]).limit_denominator(100) == Fraction(2, 36)


def test_a_teacher_forces_the_dice():
    """A teacher can force a chance outcome (`roll A D`)."""
    game = game_at(land_position(), "move troops naxos>ios 3")
    game.force("roll 0 3")
    events = game.step()
    rnd = only(events, "battle_round")
    assert (rnd.data["attacker_die"], rnd.data["defender_die"]) == (0, 3)
    assert "not a possible outcome" in illegal(
        game_at(land_position(), "move troops naxos>ios 3"), "roll 4 0"
    )


def test_roll_outside_a_battle_is_explained():
    """seed 000 'Battle' step 1: dice are rolled in a battle only."""
    message = illegal(game_at(land_position()), "roll 1 1")
    assert "only during a battle" in message


# --------------------------------------------------------------------------- one round


def test_land_battle_round_by_round_with_readable_events():
    """seed 000 'Battle' steps 1–3: die + units (+ Fortress), lower total loses one, then
    the defender and the attacker are asked about retreating."""
    state = land_position(attackers=3, defenders=2)
    build(state, "ios", "fortress")
    game = game_at(state)
    events = game.play("move troops naxos>ios 3")
    start = only(events, "battle_start")
    assert start.data == {
        "variant": "land",
        "terrain": "land",
        "attacker": "Athens",
        "defender": "Sparta",
        "space": "ios",
        "attackers": 3,
        "defenders": 2,
        "bonus": 1,
        "bonus_detail": {"fortress": 1, "metropolis": 0, "minotaur": 0},
    }
    events = game.play("roll 1 1")  # Athens 3+1 = 4, Sparta 2+1+1 = 4: a tie
    rnd = only(events, "battle_round").data
    assert rnd["variant"] == "both_lose" and rnd["round"] == 1
    assert (rnd["attacker_total"], rnd["defender_total"]) == (4, 4)
    assert (rnd["attacker_loss"], rnd["defender_loss"]) == (1, 1)
    assert (rnd["attackers_left"], rnd["defenders_left"]) == (2, 1)
    assert rnd["defender_can_retreat"] is False and rnd["attacker_can_retreat"] is True
    assert game.state.isles["ios"].troops == 1
    # Sparta has no fleet chain: only Athens is asked (it can go back to Naxos).
    assert game.to_act == "Athens" and legal(game) == {"fight", "retreat naxos"}
    events = game.play("fight")
    assert only(events, "battle_stand").data["side"] == "attacker"
    events = game.play("roll 2 0")  # 2+2 = 4 against 1+0+1 = 2
    rnd = only(events, "battle_round").data
    assert rnd["variant"] == "defender_loses" and rnd["round"] == 2
    end = only(events, "battle_end").data
    assert end["variant"] == "attacker_wins" and end["winner"] == "Athens"
    assert end["buildings"] == ["fortress"] and end["rounds"] == 2
    ios = game.state.isles["ios"]
    assert (ios.owner, ios.troops, ios.buildings) == (ATHENS, 2, ["fortress"])
    assert not game.state.pending and game.to_act == "Athens"


def test_lower_total_loses_one_unit():
    """seed 000 'Battle' step 2: the lower total loses one unit."""
    game = game_at(land_position(attackers=2, defenders=2), "move troops naxos>ios 2")
    rnd = only(game.play("roll 0 2"), "battle_round").data
    assert rnd["variant"] == "attacker_loses"
    assert (rnd["attacker_loss"], rnd["defender_loss"]) == (1, 0)


def test_land_defender_bonus_fortresses_metropolis_and_minotaur():
    """RULES-NOTES §5.5: +1 per Fortress, a Metropolis counts as a Fortress;
    RULES-NOTES §1 #14: the Minotaur adds 2."""
    state = land_position()
    state.isles["ios"].figurine = "minotaur"
    build(state, "ios", "fortress", "metropolis")
    game = game_at(state, "move troops naxos>ios 3")
    rnd = only(game.play("roll 3 0"), "battle_round").data
    assert rnd["bonus_detail"] == {"fortress": 1, "metropolis": 1, "minotaur": 2}
    assert rnd["defender_total"] == 2 + 0 + 4 and rnd["attacker_total"] == 6
    assert rnd["variant"] == "both_lose"


def sea_position() -> GameState:
    """Athens's fleets in g5 against Sparta's in f5 (next to Delos and Ios)."""
    state = position("poseidon")
    troops(state, "naxos", ATHENS, 1)
    troops(state, "delos", SPARTA, 1)
    troops(state, "ios", SPARTA, 1)
    troops(state, "syros", SPARTA, 1)
    state.fleets["g5"] = (ATHENS, 3)
    state.fleets["f5"] = (SPARTA, 2)
    return state


def test_sea_defender_adds_ports_and_metropolises_next_to_the_sea():
    """seed 000 'Battle' step 1: "Ports add +1 per Port (adjacent sea)"; a Metropolis
    counts as a Port (RULES-NOTES §5.5). Only the defender's isles next to the sea count."""
    state = sea_position()
    build(state, "delos", "port")  # Sparta, next to f5
    build(state, "ios", "metropolis")  # Sparta, next to f5
    build(state, "syros", "port")  # Sparta, not next to f5
    build(state, "naxos", "port")  # Athens's own port does not help the attacker
    game = game_at(state)
    start = only(game.play("move fleets g5>f5 3"), "battle_start").data
    assert start["variant"] == "sea"
    assert start["bonus_detail"] == {"port": 1, "metropolis": 1} and start["bonus"] == 2


def test_sea_battle_won_by_the_attacker_takes_the_sea():
    """seed 000 'Battle' step 4: the winner controls the sea space."""
    game = game_at(sea_position(), "move fleets g5>f5 3")
    game.play("roll 3 0")  # 6 against 2: Sparta 1 left
    assert game.to_act == "Sparta"  # Sparta may retreat to an empty neighbour
    game.play("fight")
    assert game.to_act == "Athens"
    game.play("fight")
    events = game.play("roll 3 0")
    assert only(events, "battle_end").data["variant"] == "attacker_wins"
    assert game.state.fleets["f5"] == (ATHENS, 3)


# --------------------------------------------------------------------------- wipe-outs


def test_mutual_annihilation_on_land_defender_keeps_the_isle_with_a_marker():
    """seed 000 'Special Rules' and seed 002 FAQ '陆战双方最后一兵同时消失': the defender keeps
    the isle with a territory marker; it never turns neutral."""
    state = land_position(attackers=1, defenders=1)
    build(state, "ios", "temple")
    game = game_at(state, "move troops naxos>ios 1")
    events = game.play("roll 1 1")
    end = only(events, "battle_end").data
    assert end["variant"] == "mutual" and end["winner"] == "Sparta"
    marker = only(events, "territory_marker").data
    assert marker == {
        "variant": "kept",
        "player": "Sparta",
        "isle": "ios",
        "beyond_supply": False,
    }
    ios = game.state.isles["ios"]
    assert (ios.owner, ios.troops, ios.territory, ios.buildings) == (SPARTA, 0, True, ["temple"])
    assert not game.state.pending


def test_mutual_annihilation_with_no_marker_left_still_keeps_the_isle():
    """seed 002 FAQ: 守方用领土标记保留岛屿, 不能判成中立 — even beyond the 3 markers
    (docs/rules-notes.md)."""
    state = land_position(attackers=1, defenders=1)
    for isle in ("mykonos", "syros", "milos"):
        troops(state, isle, SPARTA, 0)
    game = game_at(state, "move troops naxos>ios 1")
    marker = only(game.play("roll 2 2"), "territory_marker").data
    assert marker["beyond_supply"] is True and marker["rule"] == "territory_beyond_supply"
    assert game.state.isles["ios"].owner == SPARTA and game.state.isles["ios"].territory


def test_mutual_annihilation_at_sea_leaves_the_sea_empty():
    """seed 000 'Battle' step 2 (tie: both lose one) at sea: no marker at sea (RULES-NOTES §5.1)."""
    state = sea_position()
    state.fleets["g5"] = (ATHENS, 1)
    state.fleets["f5"] = (SPARTA, 1)
    game = game_at(state, "move fleets g5>f5 1")
    end = only(game.play("roll 0 0"), "battle_end").data
    assert end["variant"] == "mutual"
    assert "f5" not in game.state.fleets and "g5" not in game.state.fleets


def test_defender_holds_when_the_attackers_are_gone():
    """seed 000 'Battle' step 4: repeat until one side is eliminated."""
    game = game_at(land_position(attackers=1, defenders=2), "move troops naxos>ios 1")
    end = only(game.play("roll 0 0"), "battle_end").data
    assert end["variant"] == "defender_holds" and end["winner"] == "Sparta"
    assert game.state.isles["ios"].troops == 2 and game.state.isles["ios"].owner == SPARTA


# --------------------------------------------------------------------------- retreats


def retreat_position() -> GameState:
    """Sparta holds Ios (2) with a fleet in g3 joining Ios to its Paros."""
    state = land_position(attackers=3, defenders=2)
    state.fleets["g3"] = (SPARTA, 1)
    build(state, "ios", "port")
    return state


def test_defender_is_asked_first_and_may_retreat_through_its_fleet_chain():
    """seed 000 'Battle' step 3 + seed 002 '撤退与控制': the defender may retreat to an isle it
    controls, through its own fleet chain; the attacker then takes the isle and buildings."""
    game = game_at(retreat_position(), "move troops naxos>ios 3")
    game.play("roll 2 0")  # 5 against 2: Sparta 1 left
    assert game.to_act == "Sparta" and legal(game) == {"fight", "retreat paros"}
    events = game.play("retreat paros")
    assert kinds(events)[:2] == ["retreat", "battle_end"]
    assert only(events, "retreat").data == {
        "variant": "land",
        "player": "Sparta",
        "side": "defender",
        "origin": "ios",
        "target": "paros",
        "count": 1,
    }
    assert only(events, "battle_end").data["variant"] == "defender_retreats"
    assert only(events, "buildings_captured").data["buildings"] == ["port"]
    s = game.state
    assert (s.isles["paros"].troops, s.isles["ios"].owner, s.isles["ios"].troops) == (2, ATHENS, 3)


def test_attacker_may_retreat_when_the_defender_stays():
    """seed 000 'Battle' step 3: "If no retreat, attacker may retreat"."""
    game = game_at(retreat_position(), "move troops naxos>ios 3")
    game.play("roll 0 3")  # 3 against 5: Athens 2 left
    game.play("fight")  # Sparta stays
    assert game.to_act == "Athens" and legal(game) == {"fight", "retreat naxos"}
    events = game.play("retreat naxos")
    assert only(events, "battle_end").data["variant"] == "attacker_retreats"
    s = game.state
    assert (s.isles["naxos"].troops, s.isles["naxos"].territory) == (2, False)
    assert (s.isles["ios"].owner, s.isles["ios"].troops) == (SPARTA, 2)


def test_nobody_retreats_another_round_is_fought():
    """seed 000 'Battle' step 3: "Otherwise, new assault"."""
    game = game_at(retreat_position(), "move troops naxos>ios 3")
    game.play("roll 1 1")  # 4 against 3: Sparta 1 left
    game.play("fight")
    game.play("fight")
    assert game.node == "chance" and game.state.pending[-1].data["round"] == 1


def test_no_legal_destination_means_no_retreat_question():
    """seed 002 '撤退与控制': 无合法地点便不能退 (no legal destination: no retreat)."""
    game = game_at(land_position(attackers=2, defenders=2), "move troops naxos>ios 2")
    game.play("roll 0 0")  # a tie: 1 against 1 left
    assert game.to_act == "Athens"  # Sparta has no fleets, so it is not asked
    # Athens's 3 markers are in use: Naxos turns neutral when its troops leave, and no isle
    # of Athens is left in reach of its fleets.
    state = land_position(attackers=2, defenders=2)
    for isle in ("kea", "mykonos", "syros"):
        troops(state, isle, ATHENS, 0)
    game = game_at(state, "move troops naxos>ios 2")
    assert game.state.isles["naxos"].owner is None
    events = game.play("roll 0 0")
    rnd = only(events, "battle_round").data
    assert rnd["defender_can_retreat"] is False and rnd["attacker_can_retreat"] is False
    assert game.node == "chance"  # the next round follows at once


def test_troops_never_retreat_to_a_neutral_isle():
    """seed 002 '撤退与控制': 陆军撤退只能到自己控制的岛 (RULES-NOTES §7 #8: not neutral ones)."""
    state = land_position(attackers=3, defenders=2)
    state.fleets["g3"] = (SPARTA, 1)
    troops(state, "paros", SPARTA, 0)
    state.isles["paros"].owner, state.isles["paros"].territory = None, False  # neutral
    troops(state, "mykonos", SPARTA, 1)
    game = game_at(state, "move troops naxos>ios 3")
    game.play("roll 2 0")
    assert game.to_act == "Athens"  # Sparta has no isle of its own to retreat to
    game.play("fight")
    assert game.node == "chance"


def test_medusa_troops_cannot_retreat():
    """RULES-NOTES §1 #15: troops on Medusa's isle cannot move away, so not retreat either."""
    state = retreat_position()
    state.isles["ios"].figurine = "medusa"
    game = game_at(state, "move troops naxos>ios 3")
    game.play("roll 1 1")
    assert game.node == "chance"  # neither side is asked


def test_illegal_retreat_names_the_rule_and_changes_nothing():
    """seed 002 '撤退与控制'; errors are named: the message says which rule and what is legal."""
    game = game_at(retreat_position(), "move troops naxos>ios 3")
    game.play("roll 2 0")
    message = illegal(game, "retreat kea")
    assert "troops retreat only to an isle Sparta controls" in message
    assert "retreat paros" in message


def test_sea_retreat_to_an_empty_or_own_adjacent_sea_only():
    """seed 002 '撤退与控制': 舰队只能退到相邻空海域或己方控制海域; never into the Kraken."""
    state = sea_position()
    state.fleets["e4"] = (CORINTH, 1)  # enemy: closed
    state.fleets["f6"] = (SPARTA, 1)  # own: open
    state.kraken = "f4"  # Kraken: closed
    game = game_at(state, "move fleets g5>f5 3")
    game.play("roll 3 0")  # Sparta 1 left; neighbours of f5: e4, f4, f6, g5
    assert legal(game) == {"fight", "retreat f6", "retreat g5"}
    message = illegal(game, "retreat e4")
    assert "fleets retreat only to a sea next to f5" in message
    events = game.play("retreat f6")
    assert only(events, "battle_end").data["variant"] == "defender_retreats"
    assert game.state.fleets["f6"] == (SPARTA, 2) and game.state.fleets["f5"] == (ATHENS, 3)


def test_sea_attacker_retreats():
    """seed 000 'Battle' step 3 at sea: the attacking fleets withdraw to an adjacent sea."""
    game = game_at(sea_position(), "move fleets g5>f5 2")
    game.play("roll 0 3")  # 2 against 5: Athens 1 left
    game.play("fight")
    events = game.play("retreat g5")
    assert only(events, "retreat").data["side"] == "attacker"
    assert game.state.fleets["g5"] == (ATHENS, 2)  # 1 stayed, 1 came back
    assert game.state.fleets["f5"] == (SPARTA, 2)


# --------------------------------------------------------------------------- last isle


def last_isle_position(players: int = 3) -> GameState:
    state = position(players=players)
    troops(state, "naxos", ATHENS, 3)
    troops(state, "kea", ATHENS, 1)
    troops(state, "ios", SPARTA, 1)  # Sparta's only isle
    state.fleets["g5"] = (ATHENS, 1)
    state.fleets["f1"] = (SPARTA, 2)
    return state


def test_last_isle_cannot_be_attacked():
    """seed 000 'Last Isle Rule': no attack on another player's last isle."""
    state = last_isle_position()
    assert is_last_isle_protected(state, ATHENS, "ios")
    assert all(a.args[2] != "ios" for a in troop_moves(state, state.turn))
    message = illegal(game_at(state), "move troops naxos>ios 2")
    assert "last isle" in message and "Metropolises at once" in message
    assert "RULES-NOTES" not in message and "§" not in message  # learner texts cite nothing


def test_an_undefended_last_isle_is_protected_too():
    """seed 000 'Last Isle Rule': taking it would eliminate the player just the same."""
    state = last_isle_position()
    troops(state, "ios", SPARTA, 0)
    assert is_last_isle_protected(state, ATHENS, "ios")


def test_last_isle_attack_allowed_when_capturing_its_metropolis_wins():
    """RULES-NOTES §5.7: allowed if taking it gives the 2nd Metropolis at once."""
    state = last_isle_position()
    build(state, "naxos", "metropolis")
    build(state, "ios", "metropolis")
    assert not is_last_isle_protected(state, ATHENS, "ios")
    assert "move troops naxos>ios 3" in legal(game_at(state))


def test_last_isle_attack_allowed_when_its_buildings_complete_a_set():
    """RULES-NOTES §5.7: "or by capturing buildings that complete a set"."""
    state = last_isle_position()
    build(state, "kea", "metropolis")
    build(state, "naxos", "port", "temple", "university")
    build(state, "ios", "fortress")
    assert not is_last_isle_protected(state, ATHENS, "ios")


def test_last_isle_attack_still_barred_when_one_metropolis_short():
    """seed 000 'Last Isle Rule' with 2 players: the target is 3 Metropolises."""
    state = last_isle_position(players=2)
    build(state, "naxos", "metropolis")
    build(state, "ios", "metropolis")
    assert is_last_isle_protected(state, ATHENS, "ios")  # 2 of 3


def test_last_isle_attack_barred_when_the_capture_adds_nothing():
    """RULES-NOTES §5.7 'build your 2nd Metropolis immediately': the capture itself must
    bring the winning Metropolis (docs/rules-notes.md)."""
    state = last_isle_position()
    build(state, "naxos", "metropolis")
    build(state, "kea", "metropolis")
    assert is_last_isle_protected(state, ATHENS, "ios")


def test_sea_attacks_on_a_last_isle_player_are_never_blocked():
    """RULES-NOTES §5.7: only land attacks are barred."""
    state = last_isle_position()
    state.turn = Turn(ATHENS, "poseidon")
    state.fleets["h4"] = (SPARTA, 1)
    assert "move fleets g5>h4 1" in legal(game_at(state))


def test_losing_the_last_isle_eliminates_the_player():
    """RULES-NOTES §5.7: all pieces, cards and GP are removed; the player stays out."""
    state = last_isle_position()
    build(state, "naxos", "metropolis")
    build(state, "ios", "metropolis")
    state.players[SPARTA].priests = 2
    state.players[SPARTA].philosophers = 1
    state.queue = [
        GodAction("zeus", SPARTA),
        GodAction("athena", CORINTH),
        GodAction("apollo", SPARTA),
    ]
    state.apollo = [SPARTA]
    state.bids = {"zeus": Bid(SPARTA, 2), "ares": Bid(ATHENS, 1)}
    gold_total = state.bank + sum(p.gold for p in state.players)
    priests = state.priest_supply
    game = game_at(state, "move troops naxos>ios 3")
    events = game.play("roll 3 0")
    assert kinds(events)[:2] == ["battle_round", "battle_end"]
    gone = only(events, "eliminated").data
    assert gone == {
        "player": "Sparta",
        "by": "Athens",
        "gold": 10,
        "priests": 2,
        "philosophers": 1,
        "fleets": 2,
    }
    assert only(events, "metropolis_captured").data["total"] == 2
    s = game.state
    assert s.players[SPARTA].eliminated and s.players[SPARTA].gold == 0
    assert s.bank + sum(p.gold for p in s.players) == gold_total
    assert s.priest_supply == priests + 2
    assert "f1" not in s.fleets
    assert SPARTA not in s.turn_order and s.apollo == []
    assert s.queue == [("athena", CORINTH)] and s.bids == {"ares": (ATHENS, 1)}
    assert s.metropolises(ATHENS) == 2


def test_eliminate_helper_clears_every_holding():
    """RULES-NOTES §5.7 'Elimination' via the helper other rule modules call."""
    state = last_isle_position()
    troops(state, "milos", SPARTA, 0)
    events = eliminate(state, SPARTA, by=ATHENS)
    assert events[0].kind == "eliminated"
    assert state.isles_of(SPARTA) == [] and state.fleets_on_board(SPARTA) == 0
    assert state.isles["ios"].owner is None and state.isles["milos"].territory is False


# --------------------------------------------------------------------------- helpers for others


def test_arrive_troops_without_origin_starts_a_battle_like_pegasus():
    """RULES-NOTES §1 #2 (Pegasus): troops already off the board land and fight as usual."""
    state = land_position()
    state.isles["naxos"].troops -= 2
    events = arrive_troops(state, ATHENS, 2, "ios", origin=None)
    assert kinds(events) == ["battle_start"]
    assert state.pending[-1].kind == "battle" and state.pending[-1].data["attackers"] == 2
    assert flow.node(state) == ("chance", None)


def test_arrive_fleets_settles_or_fights():
    """seed 000 'Battle': fleets entering an occupied sea space start a battle."""
    state = sea_position()
    assert arrive_fleets(state, ATHENS, 1, "h4") == []
    assert state.fleets["h4"] == (ATHENS, 1)
    assert kinds(arrive_fleets(state, ATHENS, 2, "f5")) == ["battle_start"]


def test_undo_and_json_round_trip_in_the_middle_of_a_battle():
    """Undo restores an equal state; the state is JSON-safe mid-battle."""
    game = game_at(retreat_position(), "move troops naxos>ios 3")
    before = game.state.copy()
    game.play("roll 2 0")
    data = json.loads(json.dumps(game.state.to_dict()))
    assert GameState.from_dict(data) == game.state
    game.undo()
    assert game.state == before


# --------------------------------------------------------------------------- narration


BATTLE_KINDS = {
    "move_troops",
    "move_fleets",
    "sail",
    "pickup",
    "drop",
    "fleet_move_end",
    "territory_marker",
    "capture",
    "buildings_captured",
    "metropolis_captured",
    "battle_start",
    "battle_round",
    "battle_stand",
    "retreat",
    "battle_end",
    "eliminated",
}


def staged_events() -> list:
    """Events of several staged battles and moves, covering every variant."""
    events = []
    lines = [
        (retreat_position(), ["move troops naxos>ios 3", "roll 2 0", "retreat paros"]),
        (retreat_position(), ["move troops naxos>ios 3", "roll 0 3", "fight", "retreat naxos"]),
        (retreat_position(), ["move troops naxos>ios 3", "roll 1 1", "fight", "fight", "roll 3 0"]),
        (land_position(1, 1), ["move troops naxos>ios 1", "roll 1 1"]),
        (land_position(1, 2), ["move troops naxos>ios 1", "roll 0 0"]),
        (sea_position(), ["move fleets g5>f5 3", "roll 3 0", "retreat g5"]),
        (sea_position(), ["move fleets g5>f5 2", "roll 0 3", "fight", "retreat g5"]),
    ]
    for state, moves in lines:
        game = game_at(state)
        for move in moves:
            events += game.play(move)
    state = last_isle_position()
    build(state, "naxos", "metropolis")
    build(state, "ios", "metropolis", "port")
    events += game_at(state, "move troops naxos>ios 3").play("roll 3 0")
    state = land_position(attackers=1, defenders=1)
    for isle in ("mykonos", "syros", "milos"):
        troops(state, isle, SPARTA, 0)
    events += game_at(state, "move troops naxos>ios 1").play("roll 2 2")
    state = land_position()
    troops(state, "ios", SPARTA, 0)
    events += game_at(state.copy()).play("move troops naxos>ios 3")
    build(state, "ios", "fortress")
    events += game_at(state).play("move troops naxos>ios 3")
    state = land_position()
    for isle in ("kea", "mykonos", "syros"):
        troops(state, isle, ATHENS, 0)
    events += game_at(state).play("move troops naxos>ios 3")
    state = position("poseidon")
    troops(state, "naxos", ATHENS, 1)
    troops(state, "paros", SPARTA, 1)
    state.fleets["g5"] = (ATHENS, 3)
    state.fleets["h4"] = (ATHENS, 1)
    game = game_at(state.copy())
    for move in ("move fleets g5>h4 2", "pickup 1", "sail h3", "drop 1", "stop"):
        events += game.play(move)
    events += game_at(state.copy(), "move fleets g5>h4 1", "sail h3").play("sail h2")
    state = position()
    troops(state, "naxos", ATHENS, 2)
    state.fleets["g5"] = (ATHENS, 1)
    events += game_at(state).play("move troops naxos>ios 1")
    return events


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_battle_event_has_a_sentence(lang):
    """Narration catalogs data/messages/<lang>/events_battle.json: a learner-readable
    sentence for every event kind and variant this module emits (strict: no fallback)."""
    from cyclades_widgets.i18n import catalog
    from cyclades_widgets.narrate import message_keys, narrate

    events = staged_events()
    seen = {(e.kind, e.data.get("variant")) for e in events if e.kind in BATTLE_KINDS}
    assert {k for k, _ in seen} == BATTLE_KINDS
    assert len(seen) >= 30
    own = {k for k, src in catalog(lang).sources.items() if src == "events_battle.json"}
    used = set()
    for event in events:
        if event.kind not in BATTLE_KINDS:
            continue
        text = narrate(event, lang, state_or_map="map-2-3", strict=True)
        assert "{" not in text and text.strip()
        used.add(next(k for k in message_keys(event) if k in catalog(lang).entries))
    notes = {k for k in own if k.startswith("event.note.")}
    # the Harpy empties an isle outside any battle: tests/test_creature_effects.py stages it
    by_creatures = {"event.territory_marker.emptied"}
    assert own - notes - by_creatures == used, sorted(own - notes - used)
    rules = {f"event.note.{e.data['rule']}" for e in events if "rule" in e.data}
    assert rules == notes


def test_battle_round_sentence_reads_die_units_bonus_and_loss():
    """seed 000 'Battle' steps 1–2 as a learner reads them."""
    from cyclades_widgets.narrate import narrate

    state = land_position(attackers=3, defenders=2)
    build(state, "ios", "fortress")
    game = game_at(state, "move troops naxos>ios 3")
    rnd = only(game.play("roll 1 1"), "battle_round")
    assert narrate(rnd, "en", state_or_map=game) == (
        "Round 1 at Ios: Athens rolls 1 + 3 in the fight = 4; Sparta rolls 1 + 2 in the "
        "fight + 1 bonus = 4. A tie: both sides lose one unit (Athens 2 left, Sparta 1 left)."
    )
