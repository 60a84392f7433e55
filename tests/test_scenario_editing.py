"""The scenario calls the board editor needs (issue 27): taking pieces away, offerings
taken back, the discard pile, the 3-player god shuffle, an action under way; the shortest
code; and a scenario read back from a game's position.

Each test names the rule it relies on.
"""

from __future__ import annotations

import pytest

import cyclades_widgets as cw
from cyclades_widgets.bots import RandomBot
from cyclades_widgets.rules.state import Phase
from cyclades_widgets.scenario import Scenario, ScenarioError

# --------------------------------------------------------------------------- taking away


def test_removing_troops_leaves_the_isle_to_nobody_with_its_buildings():
    """rules/control.py: an isle nobody holds keeps its buildings."""
    state = Scenario(players=3).build("naxos", "port").remove("naxos", "troops").state()
    isle = state.isles["naxos"]
    assert (isle.owner, isle.troops, isle.territory, isle.buildings) == (None, 0, False, ["port"])


def test_removing_some_pieces_keeps_the_rest():
    scenario = (
        Scenario(players=3)
        .troops("naxos", "Athens", 4)
        .build("naxos", "temple", "temple")
        .prosperity("naxos", 3)
        .fleets("g5", "Athens", 3)
    )
    state = (
        scenario.remove("naxos", "troop", 1)
        .remove("naxos", "temple", 1)
        .remove("naxos", "prosperity", 2)
        .remove("g5", "fleets", 2)
        .state()
    )
    isle = state.isles["naxos"]
    assert (isle.troops, isle.buildings, isle.markers) == (3, ["temple"], 1)
    assert state.fleets["g5"] == (0, 1)
    assert state.building_supply["temple"] == 9 and state.prosperity_supply == 15


def test_removing_the_metropolis_and_the_territory_marker_returns_them():
    state = (
        Scenario(players=3)
        .metropolis("naxos")
        .territory("delos", "Sparta")
        .remove("naxos", "metropolis")
        .remove("delos", "territory")
        .state()
    )
    assert state.metropolis_supply == 10 and not state.isles["naxos"].metropolis
    assert state.isles["delos"].owner is None and not state.isles["delos"].territory


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda s: s.remove("delos", "troops"), "Delos has no troops to take away"),
        (lambda s: s.remove("naxos", "troops", 2), "troops on Naxos: 1; 2 cannot be taken away"),
        (lambda s: s.remove("naxos", "fleets"), "Naxos is an isle"),
        (lambda s: s.remove("naxos", "dragon"), "unknown piece 'dragon'"),
        (lambda s: s.remove_offering("ares"), "no such offering token stands on Ares"),
    ],
)
def test_taking_away_what_is_not_there_is_refused(call, message):
    scenario = Scenario(players=3)
    before = repr(scenario), scenario.state()
    with pytest.raises(ScenarioError, match=message):
        call(scenario)
    assert (repr(scenario), scenario.state()) == before


def test_an_offering_taken_back_frees_the_god():
    scenario = Scenario(players=3).offering("ares", "Athens", 2).offering("apollo", "Sparta")
    state = scenario.remove_offering("ares").remove_offering("apollo", "Sparta").state()
    assert state.bids == {} and state.apollo == [] and state.bid_cursor == 0


def test_two_players_may_put_both_tokens_on_apollo():
    """seed 002 '双人局例外': two offering tokens each; Apollo takes any number."""
    state = (
        Scenario(players=2)
        .order("Athens", "Athens", "Sparta", "Sparta")
        .offering("apollo", "Athens")
        .offering("apollo", "Athens")
        .state()
    )
    assert state.apollo == [0, 0] and state.bid_cursor == 2


def test_an_isle_changing_hands_cannot_complete_the_four_buildings():
    """seed 000 'Creating Metropolises': a Fortress, a Port, a Temple and a University are
    swapped for a Metropolis at once, so no position holds all four."""
    scenario = (
        Scenario(players=3)
        .build("mykonos", "university")
        .build("paros", "port", "temple")
        .build("naxos", "fortress")
    )
    with pytest.raises(ScenarioError, match="swapped for a Metropolis at once"):
        scenario.troops("naxos", "Sparta", 1)
    assert scenario.owner("naxos") == "Athens"


# --------------------------------------------------------------------------- the cycle


def test_the_discard_pile_leaves_the_draw_pile():
    """RULES-NOTES §1.2: the 2 GP card is discarded, and the pile is reshuffled when the
    draw pile is empty."""
    state = Scenario(players=3).cycle(3).creatures("pegasus").discard("siren", "giant").state()
    assert state.creature_discard == ["siren", "giant"]
    assert not {"siren", "giant", "pegasus"} & set(state.creature_deck)
    with pytest.raises(ScenarioError, match="on the track and in the discard pile"):
        Scenario(players=3).discard("siren").state()


def test_three_players_after_a_cycle_of_last_cycles_face_down_gods_shuffle_all_four():
    """seed 002 '周期顺序与人数': with 3 players, after the face-down pair came up, all four
    gods are shuffled."""
    game = Scenario(players=3).gods("zeus", "athena", shuffled=False).phase("end").game()
    game.step()
    while game.phase is not Phase.GODS:
        game.step()
    assert len(game.chance_outcomes()) == 24
    with pytest.raises(ScenarioError, match="only with 3 players"):
        Scenario(players=4).gods(shuffled=False)


def test_an_action_under_way_has_recruited_already():
    """seed 000 'Actions': the first troop is free, then 2, 3 and 4 GP; one extra card."""
    game = (
        Scenario(players=3)
        .gold("Athens", 9)
        .phase("actions", god="ares", player="Athens", recruited=2)
        .game()
    )
    events = game.play("recruit troop naxos")
    assert events[0].data["cost"] == 3  # the third troop
    zeus = (
        Scenario(players=3)
        .gods("zeus")
        .gold("Sparta", 9)
        .phase("actions", god="zeus", player="Sparta", recruited=1)
        .game()
    )
    assert "recruit priest" not in {str(a) for a in zeus.legal_actions()}
    with pytest.raises(ScenarioError, match="from 0 to 4"):
        Scenario(players=3).phase("actions", god="ares", player="Athens", recruited=5)


# --------------------------------------------------------------------------- queries


def test_here_counts_the_pieces_on_a_place():
    scenario = Scenario(players=3).build("naxos", "temple").offering("ares", "Sparta", 2)
    assert scenario.here("troop", "naxos", "Athens") == 1
    assert scenario.here("troop", "naxos", "Sparta") == 0
    assert scenario.here("temple", "naxos") == 1
    assert scenario.here("fleet", "g5", "Athens") == 1
    assert scenario.here("offering", "ares", "Sparta") == 1
    assert scenario.here("fleet", "naxos") == 0
    assert (scenario.slots("naxos"), scenario.owner("delos"), scenario.player("athens")) == (
        4,
        None,
        "Athens",
    )


# --------------------------------------------------------------------------- code


def test_code_writes_only_what_differs_from_the_set_up():
    assert Scenario(players=3).code() == "cw.Scenario(players=3)"
    scenario = Scenario(players=3).gold("Sparta", 6).troops("naxos", "Athens", 3)
    assert (
        scenario.code() == 'cw.Scenario(players=3).troops("naxos", "Athens", 3).gold("Sparta", 6)'
    )


def test_code_forgets_the_edits_taken_back():
    scenario = Scenario(players=3).troops("naxos", "Athens", 5).gold("Athens", 9)
    scenario.troops("naxos", "Athens", 1).gold("Athens", 5)
    assert scenario.code() == "cw.Scenario(players=3)"


def test_code_writes_the_shortest_gods_order_and_turn_track():
    scenario = (
        Scenario(players=2).gods("zeus", "ares", "poseidon", "athena").order("Sparta", "Athens")
    )
    assert scenario.code() == 'cw.Scenario(players=2).gods("zeus").order("Sparta", "Athens")'


def test_code_leaves_out_what_the_phase_implies():
    """The holder of the god whose action begins, and the tokens left on Apollo."""
    scenario = (
        Scenario(players=3)
        .offering("ares", "Athens")
        .offering("apollo", "Sparta")
        .offering("apollo", "Corinth")
        .phase("actions", god="ares", player="Athens")
    )
    assert scenario.code() == 'cw.Scenario(players=3).phase("actions", god="ares", player="Athens")'


def test_code_writes_a_long_chain_one_call_a_line():
    scenario = Scenario(players=3).empty().troops("naxos", "Athens", 3).gold("Athens", 9)
    code = scenario.dice("3 0", "1 1").code()
    assert code.splitlines() == [
        "(",
        "    cw.Scenario(players=3)",
        "    .empty()",
        '    .troops("naxos", "Athens", 3)',
        '    .gold("Athens", 9)',
        '    .dice("3 0", "1 1")',
        ")",
    ]


def test_code_names_the_players_and_the_rule_options():
    options = cw.RuleOptions(tie_break="metropolises_then_gold")
    scenario = Scenario(["Ada", "Bo", "Cy", "Di", "Ed"], options=options, map="map-5")  # its map
    code = scenario.code(prefix="")
    assert code == (
        'Scenario(players=["Ada", "Bo", "Cy", "Di", "Ed"], '
        'options=RuleOptions(tie_break="metropolises_then_gold"))'
    )
    rebuilt = eval(code, {"Scenario": Scenario, "RuleOptions": cw.RuleOptions})
    assert rebuilt.state() == scenario.state()


# --------------------------------------------------------------------------- reading back


def test_a_game_under_way_is_read_back_exactly():
    game = cw.Game.new(players=4, seed=7)
    bots = {name: RandomBot(seed=k) for k, name in enumerate(game.players)}
    while game.cycle < 3:
        game.play(bots[game.to_act].choose(game.state, game.legal_actions()))
        game.advance(to="decision")
    scenario = Scenario.from_state(game.state)
    state = scenario.state()
    state.step = game.state.step
    assert state == game.state
    assert eval(repr(scenario), {"Scenario": Scenario}).state() == scenario.state()


def test_a_battle_under_way_is_refused_with_the_reason():
    game = (
        Scenario(players=3)
        .empty()
        .troops("naxos", "Athens", 3)
        .fleets("k2", "Athens", 1)
        .troops("milos", "Sparta", 1)
        .troops("kea", "Sparta", 1)
        .phase("actions", god="ares", player="Athens")
        .game()
    )
    game.play("move troops naxos>milos 2")
    with pytest.raises(ScenarioError, match="a step is under way") as refusal:
        Scenario.from_state(game.state)
    assert "une étape est en cours" in refusal.value.message("fr")


def test_a_finished_game_is_refused():
    game = Scenario(players=3).metropolis("kea").metropolis("naxos").phase("end").game()
    game.step()
    assert game.is_over
    with pytest.raises(ScenarioError, match="the game is over"):
        Scenario.from_state(game.state)


def test_code_empties_the_board_when_that_is_shorter():
    scenario = Scenario(players=4).empty().troops("naxos", "Athens", 2)
    assert scenario.code() == 'cw.Scenario(players=4).empty().troops("naxos", "Athens", 2)'
    near = Scenario(players=4).clear("naxos").troops("paros", "Sparta", 2)
    assert near.code() == 'cw.Scenario(players=4).clear("naxos").troops("paros", "Sparta", 2)'
