"""cw.Scenario: teaching positions that the rules engine continues correctly.

Each test names the rule it relies on; the positions are built with the public builder and
then played on through the ordinary Game API.
"""

import pytest

import cyclades_widgets as cw
from cyclades_widgets.rules.state import CREATURES, Phase
from cyclades_widgets.scenario import Scenario, ScenarioError


def total_gold(state):
    return state.bank + sum(p.gold for p in state.players)


def notations(game):
    return [str(a) for a in game.legal_actions()]


def play_to_decision(game):
    """Run automatic and chance steps until someone must decide (or the game ends)."""
    return game.advance(to="decision")


# --------------------------------------------------------------------------- the issue's example


def test_issue_example_gives_a_game_where_offerings_begin():
    game = (
        cw.Scenario(players=3)
        .troops("naxos", "Athens", 3)
        .gold("Sparta", 6)
        .phase("offerings")
        .game()
    )
    s = game.state
    assert isinstance(game, cw.Game)
    assert (s.phase, s.cycle, game.to_act) == (Phase.OFFERINGS, 1, "Athens")
    assert (s.isles["naxos"].owner, s.isles["naxos"].troops) == (0, 3)
    assert s.players[1].gold == 6
    # seed 002 '周期顺序与人数': with 3 players only the first two gods are face up.
    assert {a.args[0] for a in game.legal_actions()} == {"ares", "poseidon", "apollo"}
    assert s.turn_order == [0, 1, 2]
    assert s.creature_track == ["siren", None, None]  # cycle 1 shows one card (seed 002)


def test_scenario_gold_keeps_bank_plus_players_constant():
    """docs/architecture.md 'Checks that hold the structure' 'gold accounted for': setting gold moves it from or to the bank."""
    before = total_gold(cw.Scenario(players=4).state())
    state = cw.Scenario(players=4).gold("Athens", 20).gold("Thebes", 0).state()
    assert state.players[0].gold == 20 and state.players[3].gold == 0
    assert total_gold(state) == before == state.options.gold_supply


def test_cw_scenario_is_the_scenario_class():
    assert cw.Scenario is Scenario


# --------------------------------------------------------------------------- offerings


def test_offerings_continue_to_the_actions_in_god_order():
    """seed 000 'Offerings' then 'Performing Actions': gods act top to bottom, Apollo last."""
    game = cw.Scenario(players=3).gods("poseidon", "ares").phase("offerings").game()
    game.play("bid ares 2")  # Athens
    game.play("bid poseidon 1")  # Sparta
    game.play("bid apollo")  # Corinth
    events = play_to_decision(game)
    paid = {e.data["player"]: e.data["paid"] for e in events if e.kind == "pay_offering"}
    assert paid == {"Athens": 2, "Sparta": 1}
    assert game.state.turn.god == "poseidon" and game.to_act == "Sparta"
    assert [q[0] for q in game.state.queue] == ["ares", "apollo"]


def test_placed_offering_forces_the_outbid_player_to_move_seed_000_offerings():
    """seed 000 'Offerings': the outbid player must immediately bid on a different god."""
    game = cw.Scenario(players=3).offering("ares", "Athens", 2).phase("offerings").game()
    assert game.to_act == "Sparta"  # Athens's token is already on the track
    game.play("bid ares 3")
    assert game.to_act == "Athens"
    assert "ares" not in {a.args[0] for a in game.legal_actions()}
    with pytest.raises(cw.IllegalActionError, match="different god"):
        game.play("bid ares 4")


def test_priests_lower_the_offering_paid_seed_002():
    """seed 002 '献祭竞价': each Priest takes 1 GP off, but an ordinary god costs at least 1."""
    game = (
        cw.Scenario(players=3)
        .priests("Athens", 2)
        .gold("Athens", 9)
        .offering("ares", "Athens", 4)
        .offering("poseidon", "Sparta", 1)
        .offering("apollo", "Corinth")
        .phase("offerings")
        .game()
    )
    assert game.node == "auto"  # every token is placed: the payment is next
    events = game.step()
    paid = {e.data["player"]: e.data["paid"] for e in events if e.kind == "pay_offering"}
    assert paid == {"Athens": 2, "Sparta": 1}
    assert game.state.players[0].gold == 7


def test_offering_more_than_the_player_can_pay_is_rejected_seed_000():
    """seed 000 'Offerings': it is forbidden to bid more than you can afford."""
    scenario = cw.Scenario(players=3).offering("ares", "Athens", 6)
    with pytest.raises(ScenarioError, match="cannot pay"):
        scenario.game()
    assert scenario.priests("Athens", 1).game().to_act == "Sparta"  # 6 - 1 Priest = 5 GP


def test_tokens_are_placed_in_turn_track_order():
    """seed 000 'Offerings': players bid in turn order, so placed tokens are the first ones."""
    with pytest.raises(ScenarioError, match="turn-track order"):
        cw.Scenario(players=3).offering("ares", "Corinth", 1).game()
    game = (
        cw.Scenario(players=3)
        .order("Corinth", "Athens", "Sparta")
        .offering("ares", "Corinth")
        .game()
    )
    assert game.to_act == "Athens"


def test_face_down_god_cannot_hold_an_offering_seed_002():
    """seed 002 '周期顺序与人数': with 4 players the last god is face down."""
    scenario = cw.Scenario(players=4).gods("zeus", "ares", "poseidon", "athena")
    with pytest.raises(ScenarioError, match="Athena is face down"):
        scenario.offering("athena", "Athens").game()


def test_two_players_place_two_tokens_each_seed_002():
    """seed 002 '双人局例外': each player uses two offering tokens."""
    game = cw.Scenario(players=2).order("Sparta", "Athens").game()
    assert game.state.turn_order == [1, 0, 1, 0]
    game.play("bid ares 1")
    game.play("bid zeus 1")
    assert game.to_act == "Sparta"
    with pytest.raises(ScenarioError, match="2 offering token"):
        (
            cw.Scenario(players=2)
            .offering("ares", "Athens")
            .offering("zeus", "Athens")
            .offering("apollo", "Athens")
            .game()
        )


# --------------------------------------------------------------------------- actions


def test_actions_start_in_the_named_gods_turn_seed_000_actions():
    """seed 000 'Actions': Ares's first troop is free, then 2 GP; he builds Fortresses."""
    game = (
        cw.Scenario(players=3)
        .empty()
        .troops("naxos", "Athens", 2)
        .troops("kea", "Sparta", 1)
        .troops("syros", "Corinth", 1)
        .gold("Athens", 4)
        .phase("actions", god="ares", player="Athens")
        .game()
    )
    assert game.to_act == "Athens" and game.state.turn.god == "ares"
    assert set(notations(game)) >= {"recruit troop naxos", "build fortress naxos", "end"}
    events = game.play("recruit troop naxos")
    assert events[0].data["cost"] == 0 and game.state.players[0].gold == 4
    events = game.play("recruit troop naxos")
    assert events[0].data["cost"] == 2 and game.state.isles["naxos"].troops == 4


def test_zeus_turn_has_taken_its_free_priest_seed_000():
    """seed 000 'The Four Main Gods': Zeus gives 1 Priest free, 1 more for 4 GP."""
    game = (
        cw.Scenario(players=4)
        .gods("zeus", "ares")
        .gold("Sparta", 4)
        .phase("actions", god="zeus", player="Sparta")
        .game()
    )
    assert game.state.players[1].priests == 1
    assert "recruit priest" in notations(game)


def test_players_without_an_offering_are_on_apollo_and_act_last():
    """Every token is placed each cycle (seed 000 'Offerings'); Apollo acts last."""
    game = cw.Scenario(players=3).offering("poseidon", "Sparta", 2).phase("actions").game()
    assert game.state.queue == [("poseidon", 1), ("apollo", 0), ("apollo", 2)]
    events = play_to_decision(game)
    assert any(e.kind == "turn_start" and e.data["god"] == "poseidon" for e in events)
    assert game.to_act == "Sparta"


def test_gods_above_the_named_one_have_acted_and_the_cycle_turns_over():
    """RULES-NOTES §5.2 'Turn track update': next cycle's bidding order is the reverse of
    this cycle's acting order."""
    game = (
        cw.Scenario(players=3)
        .offering("ares", "Corinth", 1)
        .offering("poseidon", "Athens", 1)
        .offering("apollo", "Sparta")
        .phase("actions", god="poseidon")
        .game(seed=3)
    )
    assert game.state.returned == [2]  # Corinth (Ares) has acted
    game.play("end")  # Athens ends Poseidon's action
    play_to_decision(game)  # Apollo: Sparta places the prosperity marker
    assert game.to_act == "Sparta"
    game.play(notations(game)[0])
    play_to_decision(game)
    assert game.state.cycle == 2 and game.phase is Phase.OFFERINGS
    assert [game.state.names[p] for p in game.state.turn_order] == ["Sparta", "Athens", "Corinth"]


def test_the_god_of_the_turn_belongs_to_its_holder():
    with pytest.raises(ScenarioError, match="Sparta's offering stands on Ares"):
        (
            cw.Scenario(players=3)
            .offering("ares", "Sparta", 2)
            .phase("actions", god="ares", player="Athens")
            .game()
        )


def test_forced_dice_decide_a_staged_battle_seed_000_battle():
    """seed 000 'Battle' steps 1-2: die + units (+1 per Fortress for the defender); the
    lower total loses one unit, a tie costs both one."""
    game = (
        cw.Scenario(players=3)
        .empty()
        .troops("naxos", "Athens", 3)
        .fleets("k2", "Athens", 1)
        .troops("milos", "Sparta", 2)
        .build("milos", "fortress")
        .troops("kea", "Sparta", 1)
        .troops("syros", "Corinth", 1)
        .phase("actions", god="ares", player="Athens")
        .dice("3 0", (2, 2))
        .game()
    )
    game.play("move troops naxos>milos 3")
    first = next(e for e in game.step() if e.kind == "battle_round")
    assert (first.data["attacker_total"], first.data["defender_total"]) == (6, 3)
    assert game.state.isles["milos"].troops == 1
    game.play("fight")
    second = next(e for e in game.step() if e.kind == "battle_round")
    assert (second.data["attacker_die"], second.data["defender_die"]) == (2, 2)
    assert game.state.isles["milos"].owner == 0  # a tie: both lose one, Sparta is wiped out
    assert game.state.isles["milos"].buildings == ["fortress"]  # step 4: buildings pass over


# --------------------------------------------------------------------------- other phases


def test_revenue_phase_counts_isles_markers_and_occupied_seas():
    """seed 000 'Revenues', RULES-NOTES §5.1: isle cornucopias, Apollo's markers, and
    prosperity seas occupied by the player's fleets."""
    game = (
        cw.Scenario(players=3)
        .empty()
        .troops("kea", "Athens", 1)  # prosperity 2
        .prosperity("kea", 1)
        .fleets("k2", "Athens", 1)  # a prosperity sea
        .troops("naxos", "Sparta", 1)  # prosperity 0
        .phase("revenue")
        .game()
    )
    events = game.step()
    revenue = {e.data["player"]: e.data["gold"] for e in events if e.kind == "revenue"}
    assert revenue == {"Athens": 4, "Sparta": 0, "Corinth": 0}
    assert game.phase is Phase.OFFERINGS


def test_end_phase_two_metropolises_win_seed_000_scoring():
    """seed 000 'Scoring': 2 Metropolises at the end of a cycle win; ties go to most GP."""
    game = (
        cw.Scenario(players=3)
        .metropolis("kea")
        .metropolis("naxos")
        .metropolis("mykonos")
        .metropolis("paros")
        .gold("Athens", 3)
        .gold("Sparta", 4)
        .phase("end")
        .game()
    )
    game.step()
    assert game.is_over and game.winner == "Sparta"


def test_end_phase_without_winner_starts_the_next_cycle_with_the_given_order():
    game = cw.Scenario(players=3).order("Corinth", "Sparta", "Athens").phase("end").game()
    events = game.step()
    assert [e.kind for e in events][:2] == ["cycle_end", "cycle_start"]
    assert game.state.cycle == 2 and game.state.turn_order == [2, 1, 0]


def test_three_players_reuse_the_face_down_gods_next_cycle_seed_002():
    """seed 002 '周期顺序与人数': with 3 players the two face-down gods come up next cycle."""
    game = cw.Scenario(players=3).gods("ares", "zeus", "poseidon", "athena").phase("end").game()
    game.step()  # end of cycle 1
    while game.phase is not Phase.GODS:
        game.step()
    firsts = {tuple(a.args[0][:2]) for a, _ in game.chance_outcomes()}
    assert firsts == {("poseidon", "athena"), ("athena", "poseidon")}


# --------------------------------------------------------------------------- creatures


def test_creature_track_ramp_up_seed_002():
    """seed 002 '收入与神话生物': one card in cycle 1, two in cycle 2, then three."""
    with pytest.raises(ScenarioError, match="cycle 1 the track uses 1 slot"):
        cw.Scenario(players=3).creatures("pegasus", "giant").state()
    state = cw.Scenario(players=3).cycle(2).creatures("pegasus", "giant").state()
    assert state.creature_track == ["pegasus", "giant", None]
    assert "pegasus" not in state.creature_deck and len(state.creature_deck) == len(CREATURES) - 2
    assert cw.Scenario(players=3).creatures().state().creature_track == [None, None, None]


def test_creature_prices_on_the_scenario_track():
    """RULES-NOTES §1.2: 4, 3 and 2 GP slots; a Temple takes 1 GP off once per cycle."""
    game = (
        cw.Scenario(players=3)
        .cycle(3)
        .creatures("pegasus", "giant", "chimera")
        .build("kea", "temple")
        .gold("Athens", 9)
        .phase("actions", god="ares", player="Athens")
        .game()
    )
    prices = game.tables.creatures()["Price"].tolist()
    assert prices == [3, 2, 1]
    assert {"buy pegasus", "buy giant", "buy chimera"} <= set(notations(game))


def test_next_cycle_discards_the_2_gp_creature():
    """RULES-NOTES §1.2 'Updating the track': discard the 2 GP card, slide the others."""
    game = (
        cw.Scenario(players=3).cycle(3).creatures("pegasus", "giant", "chimera").phase("end").game()
    )
    events = game.step()
    assert any(e.kind == "creature_discarded" and e.data["creature"] == "chimera" for e in events)
    assert game.state.creature_track[1:] == ["pegasus", "giant"]


# --------------------------------------------------------------------------- validation


@pytest.mark.parametrize(
    ("build", "message"),
    [
        (lambda s: s.troops("atlantis", "Athens", 1), "unknown isle 'atlantis'"),
        (lambda s: s.troops("c2", "Athens", 1), "c2 is a sea space"),
        (lambda s: s.fleets("naxos", "Athens", 1), "Naxos is an isle"),
        (lambda s: s.fleets("z9", "Athens", 1), "unknown sea 'z9'"),
        (lambda s: s.troops("naxos", "Rome", 1), "unknown player 'Rome'"),
        (lambda s: s.troops("naxos", "Athens", 9), "from 0 to 8"),
        (lambda s: s.empty().troops("naxos", "Athens", 5).troops("kea", "Athens", 4), "limit is 8"),
        (lambda s: s.fleets("a2", "Athens", 7), "9 fleets on the board"),
        (lambda s: s.build("kea", "fortress", "port"), "no room for 2 more"),
        (lambda s: s.build("delos", "port"), "give Delos an owner first"),
        (lambda s: s.build("naxos", "palace"), "unknown building 'palace'"),
        (lambda s: s.metropolis("kea").metropolis("kea"), "already has a Metropolis"),
        (lambda s: s.philosophers("Athens", 4), "4 are swapped for a Metropolis"),
        (lambda s: s.gold("Athens", -1), "gold: expected a whole number"),
        (lambda s: s.gods("apollo"), "Apollo always stands last"),
        (lambda s: s.gods("ares", "ares"), "each god appears once"),
        (lambda s: s.order("Athens", "Sparta"), "one offering token|1 offering token"),
        (lambda s: s.creatures("hydra"), "unknown creature 'hydra'"),
        (lambda s: s.creatures("pegasus", "pegasus"), "each creature card exists once"),
        (lambda s: s.offering("apollo", "Athens", 2), "Apollo takes no offering"),
        (lambda s: s.offering("ares", "Athens", 0), "from 1 to"),
        (lambda s: s.phase("battle"), "starts in one of the phases"),
        (lambda s: s.phase("offerings", god="ares"), "in the actions phase"),
        (lambda s: s.dice("4 0"), "each 0, 1, 2 or 3"),
        (lambda s: s.dice("3"), "two die faces"),
    ],
)
def test_bad_requests_raise_a_named_value_error(build, message):
    scenario = cw.Scenario(players=3)
    with pytest.raises(ScenarioError, match=message) as info:
        build(scenario)
    assert isinstance(info.value, ValueError)


def test_bad_forced_outcome_is_a_notation_error():
    with pytest.raises(cw.NotationError, match="'flip' in 'flip coin' is not an action"):
        cw.Scenario(players=3).force("flip coin")


def test_four_different_buildings_are_a_metropolis_seed_000():
    """seed 000 'Creating Metropolises': 4 different buildings are swapped at once."""
    scenario = (
        cw.Scenario(players=3)
        .empty()
        .troops("paros", "Athens", 1)
        .troops("milos", "Athens", 1)
        .build("paros", "fortress", "port")
        .build("milos", "temple")
    )
    with pytest.raises(ScenarioError, match="swapped for a Metropolis at once"):
        scenario.build("milos", "university")
    assert scenario.build("milos", "temple").state().isles["milos"].buildings == ["temple"] * 2


def test_territory_markers_are_limited_to_three_seed_000_components():
    scenario = cw.Scenario(players=3).empty()
    for isle in ("kea", "syros", "delos"):
        scenario.territory(isle, "Athens")
    with pytest.raises(ScenarioError, match="only 3 territory markers"):
        scenario.territory("paros", "Athens")
    state = scenario.state()
    assert state.isles["kea"].owner == 0 and state.isles["kea"].territory


def test_a_failed_call_leaves_the_scenario_as_it_was():
    scenario = cw.Scenario(players=3).troops("naxos", "Athens", 3)
    before, text = scenario.state(), repr(scenario)
    for bad in (
        lambda: scenario.build("kea", "fortress", "port"),
        lambda: scenario.troops("kea", "Athens", 6),
        lambda: scenario.gold("Rome", 3),
    ):
        with pytest.raises(ScenarioError):
            bad()
    assert scenario.state() == before and repr(scenario) == text


def test_each_game_is_independent_and_repr_pastes_back():
    scenario = cw.Scenario(players=3).troops("naxos", "Athens", 3).gold("Sparta", 6).cycle(2)
    first, second = scenario.game(), scenario.game()
    first.play("bid ares 1")
    assert second.state.bid_cursor == 0 and second.state == scenario.state()
    rebuilt = eval(repr(scenario), {"Scenario": Scenario})
    assert rebuilt.state() == scenario.state()
    assert repr(scenario).startswith('Scenario(players=3).troops("naxos", "Athens", 3)')


def test_clear_returns_buildings_and_markers_to_the_supply():
    scenario = cw.Scenario(players=3).build("kea", "port").prosperity("kea", 2).metropolis("naxos")
    state = scenario.state()
    assert state.building_supply["port"] == 9 and state.prosperity_supply == 14
    state = scenario.clear("kea").clear("naxos").clear("c2").state()
    assert state.building_supply["port"] == 10 and state.prosperity_supply == 16
    assert state.metropolis_supply == 10 and "c2" not in state.fleets
    assert state.isles["kea"].owner is None


def test_apollo_turn_starts_for_the_first_player_on_apollo_without_naming_them():
    """seed 002 FAQ 'Apollo 也要竞价吗': Apollo's players act last, the first one placed
    gets the marker; a scenario starting at Apollo picks that player by itself."""
    game = cw.Scenario(players=3).offering("apollo", "Sparta").phase("actions", god="apollo").game()
    events = game.advance(to="decision")  # Apollo's income is an automatic step
    assert [e.kind for e in events] == ["apollo_income"]
    assert game.to_act == "Sparta"
    assert [str(a).split()[0] for a in game.legal_actions()] == ["prosperity"] * len(
        game.legal_actions()
    )
