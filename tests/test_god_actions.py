"""God actions (issue 2 'God actions'): seed 000 'The Four Main Gods' and 'Apollo', seed 002
'神祇行动', '招募数量与成本' and FAQ 'Apollo', RULES-NOTES §5.3 and §5.4.

Positions use the 2–3 player map: Athens holds naxos (4 slots) and kea (1 slot).
"""

from __future__ import annotations

import pytest
from helpers import (
    actions_state,
    assert_illegal,
    clear_isles,
    find,
    give_isle,
    kinds,
    offerings_game,
    one,
    set_fleets,
    total_gold,
    turn_state,
)

from cyclades_widgets.game import Game
from cyclades_widgets.rules.actions import Action
from cyclades_widgets.rules.board import MapSpec
from cyclades_widgets.rules.state import Phase


def rich_turn(god: str, gold: int = 30) -> Game:
    """Athens in the middle of a ``god`` action, with plenty of gold."""
    return Game(turn_state(3, god, 0, gold={0: gold}), seed=0)


def recruits(game: Game) -> list[Action]:
    return [a for a in game.legal_actions() if a.kind == "recruit"]


# --------------------------------------------------------------------------- recruiting


def test_ares_first_troop_free_then_2_3_4_gp():
    """seed 000 'The Four Main Gods': Ares, 1 free troop, then 2/3/4 GP; seed 002
    '招募数量与成本' ('最多另招三支,依次花2、3、4GP')."""
    game = rich_turn("ares")
    costs = [one(game.play("recruit troop naxos"), "recruit")["cost"] for _ in range(4)]
    assert costs == [0, 2, 3, 4]
    assert game.state.players[0].gold == 30 - 9
    assert game.state.isles["naxos"].troops == 5
    assert recruits(game) == []
    assert_illegal(game, "recruit troop naxos", "at most 4 troops")


def test_poseidon_first_fleet_free_then_1_2_3_gp():
    """seed 000 'The Four Main Gods': Poseidon, 1 free fleet, then 1/2/3 GP."""
    game = rich_turn("poseidon")
    costs = [one(game.play("recruit fleet g5"), "recruit")["cost"] for _ in range(4)]
    assert costs == [0, 1, 2, 3]
    assert game.state.fleets["g5"] == (0, 5)
    assert_illegal(game, "recruit fleet g5", "at most 4 fleets")


def test_recruit_event_names_player_unit_place_and_cost():
    """Events as well as state: 'Athens recruits a troop on naxos for 2 GP'."""
    game = rich_turn("ares")
    game.play("recruit troop kea")
    event = one(game.play("recruit troop naxos"), "recruit")
    assert event == {"player": "Athens", "unit": "troop", "where": "naxos", "cost": 2}


def test_the_free_unit_needs_no_gold():
    """seed 000 'The Four Main Gods': one free unit, whatever your gold."""
    game = rich_turn("ares", gold=0)
    assert {str(a) for a in recruits(game)} == {"recruit troop naxos", "recruit troop kea"}
    game.play("recruit troop kea")
    assert recruits(game) == []
    assert_illegal(game, "recruit troop kea", "Athens has 0 GP", "costs 2 GP")


@pytest.mark.parametrize(("god", "card"), [("zeus", "priest"), ("athena", "philosopher")])
def test_zeus_and_athena_give_a_free_card_then_one_more_for_4_gp(god, card):
    """seed 000 'The Four Main Gods' (Zeus: 1 Priest, 4 GP for the 2nd; Athena: 1
    Philosopher) and 'Max 1 extra Priest or Philosopher per turn'. The free card is taken
    when the turn starts (docs/rules-notes.md; FAQ item 5: Athena's is compulsory)."""
    state = actions_state(3, ((god, 0),), gold={0: 10})
    game = Game(state, seed=0)
    start = game.step()
    assert kinds(start) == ["turn_start", "recruit"]
    assert one(start, "recruit") == {"player": "Athens", "unit": card, "where": None, "cost": 0}
    holding = lambda: getattr(game.state.players[0], f"{card}s")  # noqa: E731
    assert holding() == 1
    assert recruits(game) == [Action("recruit", (card,))]
    assert one(game.play(f"recruit {card}"), "recruit")["cost"] == 4
    assert holding() == 2 and game.state.players[0].gold == 6
    assert recruits(game) == []
    assert_illegal(game, f"recruit {card}", f"only one extra {card}")


@pytest.mark.parametrize(("god", "card"), [("zeus", "priest"), ("athena", "philosopher")])
def test_an_empty_priest_or_philosopher_deck_gives_nothing(god, card):
    """RULES-NOTES §4 'Priest / Philosopher decks' (UNCONFIRMED; one implementation grants
    nothing): the engine gives nothing when the supply has run out (docs/rules-notes.md)."""
    state = actions_state(3, ((god, 0),), gold={0: 10})
    setattr(state, f"{card}_supply", 0)
    game = Game(state, seed=0)
    assert one(game.step(), "supply_empty") == {"player": "Athens", "card": card}
    assert getattr(game.state.players[0], f"{card}s") == 0
    assert recruits(game) == []
    assert_illegal(game, f"recruit {card}", f"no {card} cards are left")


def test_wrong_unit_for_the_god_is_refused():
    """seed 000 'Player Reference': each god recruits its own unit."""
    game = rich_turn("ares")
    assert_illegal(game, "recruit fleet g5", "Ares does not recruit fleets", "Poseidon does")
    assert_illegal(game, "recruit priest", "Ares does not recruit priests")
    assert_illegal(game, "recruit hoplite naxos", "cannot be recruited")


def test_at_most_8_troops_on_the_board():
    """seed 000 'Actions' ('Max 8 Troops and 8 Fleets per player'); RULES-NOTES §5.4: with
    all 8 deployed, winning Ares gives no free unit (FAQ item 2)."""
    game = rich_turn("ares")
    game.state.isles["naxos"].troops = 6  # + 1 on kea = 7
    game.play("recruit troop naxos")
    assert game.state.troops_on_board(0) == 8
    assert recruits(game) == []
    assert_illegal(game, "recruit troop naxos", "already has 8 troops", "limit is 8")
    full = rich_turn("ares")
    full.state.isles["naxos"].troops = 7
    assert recruits(full) == []


def test_at_most_8_fleets_on_the_board():
    """seed 000 'Actions': at most 8 fleets."""
    game = rich_turn("poseidon")
    set_fleets(game.state, "g5", 0, 7)  # + 1 on c2 = 8
    assert recruits(game) == []
    assert_illegal(game, "recruit fleet g5", "already has 8 fleets")


def test_new_troops_go_on_your_own_isles():
    """seed 002 '招募数量与成本' ('新陆军放在己方岛'), including an isle held only by a
    territory marker (the new troop replaces the marker)."""
    game = rich_turn("ares")
    give_isle(game.state, "ios", 0)  # held by a territory marker, no troop
    assert {a.args[1] for a in recruits(game)} == {"naxos", "kea", "ios"}
    assert_illegal(game, "recruit troop mykonos", "new troops go on your own isles")
    assert_illegal(game, "recruit troop delos", "delos is not Athens's")
    game.play("recruit troop ios")
    assert game.state.isles["ios"].troops == 1 and not game.state.isles["ios"].territory


def test_new_fleets_go_next_to_your_isles_on_empty_or_own_seas():
    """seed 002 '招募数量与成本' ('新舰放在己方岛相邻的空海域或己方舰队海域')."""
    game = rich_turn("poseidon")
    spec = MapSpec.load(game.state.map_id)
    set_fleets(game.state, "b2", 1)  # Sparta's fleet next to kea
    seas = {a.args[1] for a in recruits(game)}
    near = spec.isle_seas["naxos"] | spec.isle_seas["kea"]
    taken = {s for s, (owner, _) in game.state.fleets.items() if owner != 0}
    assert taken & near == {"b2", "k2"}  # Corinth's start fleet is on k2, by naxos
    assert seas == near - taken
    assert "g5" in seas  # already holds Athens' fleet
    assert_illegal(game, "recruit fleet b2", "empty or holds your fleets")
    assert_illegal(game, "recruit fleet d4", "not such a sea")  # not next to Athens' isles


# --------------------------------------------------------------------------- building


def test_build_the_gods_building_for_2_gp_on_free_slots():
    """seed 000 'The Four Main Gods' ('Build the God's associated building for 2 GP each on
    white squares of your isles'); seed 002 '付得起且有位置可多造'."""
    game = rich_turn("zeus", gold=8)
    total = total_gold(game.state)
    event = one(game.play("build temple kea"), "build")
    assert event == {"player": "Athens", "building": "temple", "isle": "kea", "cost": 2}
    assert game.state.isles["kea"].buildings == ["temple"]
    assert {a.args[1] for a in game.legal_actions() if a.kind == "build"} == {"naxos"}
    assert_illegal(game, "build temple kea", "kea has no free building space")
    game.play("build temple naxos")
    game.play("build temple naxos")
    assert game.state.players[0].gold == 2 and game.state.building_supply["temple"] == 7
    assert total_gold(game.state) == total
    game.play("build temple naxos")
    assert game.state.players[0].gold == 0
    assert not [a for a in game.legal_actions() if a.kind == "build"]
    assert_illegal(game, "build temple naxos", "a building costs 2 GP")


@pytest.mark.parametrize(
    ("god", "building"),
    [("ares", "fortress"), ("poseidon", "port"), ("zeus", "temple"), ("athena", "university")],
)
def test_each_god_builds_its_own_building(god, building):
    """seed 000 'Player Reference': Ares Fortress, Poseidon Port, Zeus Temple, Athena
    University."""
    game = rich_turn(god)
    assert {a.args[0] for a in game.legal_actions() if a.kind == "build"} == {building}
    other = "fortress" if building != "fortress" else "temple"
    plural = {
        "fortress": "fortresses",
        "port": "ports",
        "temple": "temples",
        "university": "universities",
    }
    assert_illegal(game, f"build {other} naxos", f"builds {plural[building]}, not {plural[other]}")


def test_buildings_go_on_your_own_isles_only():
    """seed 000 'The Four Main Gods': 'on white squares of your isles'."""
    game = rich_turn("ares")
    assert_illegal(game, "build fortress mykonos", "buildings go on your own isles")


def test_core_building_supply_of_10_per_type():
    """seed 000 'Components' (10 of each building): none left, none built."""
    game = rich_turn("ares")
    game.state.building_supply["fortress"] = 0
    assert not [a for a in game.legal_actions() if a.kind == "build"]
    assert_illegal(game, "build fortress naxos", "no fortresses are left")


def test_god_actions_interleave_in_any_order_until_end():
    """seed 002 '撤退与控制' ('神祇行动可交替执行招募、建造和特殊行动'), RULES-NOTES §5.4."""
    game = rich_turn("ares", gold=20)
    for text in (
        "recruit troop kea",
        "build fortress naxos",
        "recruit troop naxos",
        "build fortress kea",
        "recruit troop naxos",
    ):
        game.play(text)
    assert [one(s.events, s.action.kind)["cost"] for s in game.history] == [0, 2, 2, 2, 3]
    assert game.state.isles["naxos"].buildings == ["fortress"]
    event = one(game.play("end"), "turn_end")
    assert event == {"player": "Athens", "god": "ares"}
    assert game.state.turn is None and game.state.returned == [0]


def test_core_end_is_always_available_during_a_turn():
    """A god action ends only on 'end' (the player may also do nothing at all)."""
    game = rich_turn("athena", gold=0)
    assert Action("end") in game.legal_actions()
    assert_illegal(offerings_game(3), "end", "there is no god action to end now")


# --------------------------------------------------------------------------- Apollo


def _apollo_turn(isles: list[str]):
    state = actions_state(3, (("apollo", 1), ("apollo", 0)))
    clear_isles(state, 0)
    for isle in isles:
        give_isle(state, isle, 0, troops=1)
    return Game(state, seed=0)


@pytest.mark.parametrize(
    ("isles", "income"), [(["naxos", "kea", "ios"], 1), (["naxos", "kea"], 1), (["naxos"], 4)]
)
def test_apollo_gives_1_gp_or_4_gp_with_a_single_isle(isles, income):
    """seed 000 'Apollo' ('1 GP if they own more than one isle, or 4 GP if they own a single
    isle'); seed 002 FAQ 'Apollo 也要竞价吗'."""
    game = _apollo_turn(isles)
    game.step()  # Sparta, first on Apollo: income, then the marker
    game.play(game.legal_actions()[0])
    gold = game.state.players[0].gold
    event = one(game.step(), "apollo_income")
    assert event == {"player": "Athens", "gold": income, "isles": len(isles)}
    assert game.state.players[0].gold == gold + income


def test_apollo_with_no_isle_gives_4_gp_and_no_marker():
    """RULES-NOTES §5.3 (UNCONFIRMED for 0 isles): 'fewer than 2 isles' reading, 4 GP; the
    first Apollo player with no isle has nowhere to put the marker (docs/rules-notes.md)."""
    state = actions_state(3, (("apollo", 0),))
    clear_isles(state, 0)
    game = Game(state, seed=0)
    events = game.step()
    assert one(events, "apollo_income") == {"player": "Athens", "gold": 4, "isles": 0}
    assert not game.state.pending and game.state.returned == [0]
    assert game.state.prosperity_supply == 16


def test_apollo_gives_no_other_action():
    """seed 000 'Apollo' ('Apollo offers no other actions'): no recruit, build or move."""
    state = actions_state(3, (("apollo", 0),))
    clear_isles(state, 0)
    give_isle(state, "naxos", 0, troops=1)
    game = Game(state, seed=0)
    events = game.step()
    assert kinds(events) == ["apollo_income"]
    assert {a.kind for a in game.legal_actions()} == {"prosperity"}
    game.play("prosperity naxos")
    assert game.to_act is None and game.state.turn is None
    assert kinds(game.step()) == ["phase"] and game.phase is Phase.END
    assert not [s for s in game.history if find(s.events, "turn_start")]


def test_apollo_places_no_marker_when_none_is_left():
    """RULES-NOTES §5.3 (16 markers; running out UNCONFIRMED): none left, none placed."""
    state = actions_state(3, (("apollo", 0),))
    state.prosperity_supply = 0
    game = Game(state, seed=0)
    game.step()
    assert not game.state.pending and game.state.returned == [0]
