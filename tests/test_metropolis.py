"""Metropolises (issue 2 'Metropolises'): seed 000 'Creating Metropolises' and 'Special
Rules', seed 002 '大都市与胜利' and FAQ 'Metropolis 有哪些取得方式', RULES-NOTES §3.2, §5.6.

Positions use the 2–3 player map. Map order of its isles: kea (1 slot), mykonos (2),
syros (2), delos (1), paros (3), ios (1), naxos (4), milos (3). Athens starts on naxos and kea.
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
    one,
    turn_state,
)

from cyclades_widgets.game import Game
from cyclades_widgets.rules import metropolis
from cyclades_widgets.rules.actions import Action
from cyclades_widgets.rules.options import RuleOptions
from cyclades_widgets.rules.state import BUILDINGS


def athena_start(philosophers: int = 3, options: RuleOptions | None = None, gold: int = 10):
    """Athens' Athena action about to begin, holding ``philosophers`` cards."""
    state = actions_state(3, (("athena", 0),), gold={0: gold}, options=options)
    state.players[0].philosophers = philosophers
    state.philosopher_supply -= philosophers
    return state


# --------------------------------------------------------------------------- 4 buildings


def test_four_different_buildings_spread_over_isles_are_swapped_at_once():
    """seed 002 '大都市与胜利' ('一旦控制Port、Fortress、Temple、University四种建筑,即使分布
    多岛,也必须立即各拆一座换成一座Metropolis'); RULES-NOTES §5.6 (FAQ 1.8: the 4th building
    is placed first, then the swap)."""
    state = turn_state(3, "athena", 0, gold={0: 10})
    give_isle(state, "kea", 0, troops=1, buildings=["fortress"])
    give_isle(state, "naxos", 0, troops=1, buildings=["port", "temple"])
    game = Game(state, seed=0)
    events = game.play("build university naxos")
    assert kinds(events) == ["build", "buildings_discarded", "metropolis_due"]
    discarded = one(events, "buildings_discarded")
    assert sorted(map(tuple, discarded["buildings"])) == [
        ("fortress", "kea"),
        ("port", "naxos"),
        ("temple", "naxos"),
        ("university", "naxos"),
    ]
    assert one(events, "metropolis_due") == {"player": "Athens", "cause": "buildings"}
    assert game.state.isles["kea"].buildings == [] and game.state.isles["naxos"].buildings == []
    assert game.state.building_supply == {b: 10 for b in BUILDINGS}
    assert game.to_act == "Athens" and game.state.pending[-1].kind == "metropolis"
    assert set(game.legal_actions()) == {
        Action("metropolis", ("kea",)),
        Action("metropolis", ("naxos",)),
    }
    built = one(game.play("metropolis naxos"), "metropolis_built")
    assert built == {"player": "Athens", "isle": "naxos", "cause": "buildings", "total": 1}
    assert game.state.isles["naxos"].metropolis and game.state.metropolis_supply == 9
    assert game.state.turn is not None and not game.state.pending  # the Athena action goes on


def test_core_the_set_is_taken_from_the_first_isles_in_map_order():
    """docs/rules-notes.md 'which building is discarded': with two of a type, the one on the
    isle that comes first in map order goes (kea before naxos on this map)."""
    state = turn_state(3, "zeus", 0, gold={0: 10})
    give_isle(state, "kea", 0, troops=1, buildings=["temple"])
    give_isle(state, "naxos", 0, troops=1, buildings=["port", "fortress", "university"])
    game = Game(state, seed=0)
    events = game.play("build temple naxos")
    assert ["temple", "kea"] in one(events, "buildings_discarded")["buildings"]
    assert game.state.isles["naxos"].buildings == ["temple"]


def test_core_metropolises_do_not_count_toward_the_set_of_four():
    """docs/rules-notes.md: a Metropolis counts as every building for its powers (seed 000),
    but the set that is swapped must be 4 ordinary buildings."""
    state = turn_state(3, "zeus", 0, gold={0: 10})
    give_isle(state, "naxos", 0, troops=1, buildings=["port", "fortress"], metropolis=True)
    game = Game(state, seed=0)
    events = game.play("build temple kea")
    assert kinds(events) == ["build"]
    assert not metropolis.has_all_buildings(game.state, 0)


def test_a_metropolis_counts_as_every_building():
    """seed 000 'Creating Metropolises' ('A Metropolis is a "super building" with the powers
    of all other buildings'); RULES-NOTES §5.6."""
    state = actions_state(3, ())
    give_isle(state, "naxos", 0, troops=1, buildings=["temple"], metropolis=True)
    power = {kind: state.building_power(0, kind) for kind in BUILDINGS}
    assert power == {"fortress": 1, "port": 1, "temple": 2, "university": 1}
    assert {kind: state.buildings_of(0, kind) for kind in BUILDINGS} == {
        "fortress": 0,
        "port": 0,
        "temple": 1,
        "university": 0,
    }


# --------------------------------------------------------------------------- 4 Philosophers


def test_four_philosophers_are_discarded_at_once_for_a_metropolis():
    """seed 000 'Creating Metropolises' 2; seed 002 FAQ ('四位哲学家也必须立即弃掉换城');
    RULES-NOTES §5.4 (Athena's free Philosopher is compulsory, FAQ item 5)."""
    game = Game(athena_start(3), seed=0)
    supply = game.state.philosopher_supply
    events = game.step()
    assert kinds(events) == [
        "turn_start",
        "recruit",
        "philosophers_discarded",
        "metropolis_due",
    ]
    assert one(events, "philosophers_discarded") == {"player": "Athens", "count": 4}
    assert game.state.players[0].philosophers == 0
    assert game.state.philosopher_supply == supply - 1 + 4
    assert game.to_act == "Athens"
    built = one(game.play("metropolis kea"), "metropolis_built")
    assert built["cause"] == "philosophers" and built["isle"] == "kea"


def test_the_bought_fourth_philosopher_also_makes_a_metropolis():
    """seed 002 '大都市与胜利' ('集齐第四位Philosopher也必须立即弃掉四张换城')."""
    game = Game(athena_start(2), seed=0)
    game.step()  # the free one: 3
    assert not game.state.pending
    events = game.play("recruit philosopher")
    assert "philosophers_discarded" in kinds(events) and game.state.pending


def test_core_a_metropolis_placement_is_always_a_decision():
    """docs/rules-notes.md: even with a single possible isle the player places it."""
    state = athena_start(3)
    give_isle(state, "naxos", None)
    game = Game(state, seed=0)
    game.step()
    assert game.node == "decision" and game.legal_actions() == [Action("metropolis", ("kea",))]


# --------------------------------------------------------------------------- room


def test_metropolis_footprint_two_slots_or_the_only_slot():
    """RULES-NOTES §3.2 'Metropolis slot' (MED): 2 building slots, or the only slot of a
    1-slot isle; at most one Metropolis per isle."""
    assert [metropolis.footprint(s) for s in (1, 2, 3, 4)] == [1, 2, 2, 2]
    state = actions_state(3, ())
    give_isle(state, "naxos", 0, troops=1, metropolis=True)
    give_isle(state, "kea", 0, troops=1, metropolis=True)
    give_isle(state, "paros", 0, troops=1, buildings=["port"], metropolis=True)
    assert metropolis.free_slots(state, "naxos") == 2
    assert metropolis.free_slots(state, "kea") == 0
    assert metropolis.free_slots(state, "paros") == 0


def test_no_room_destroy_buildings_to_make_room():
    """seed 000 'Special Rules & Edge Cases' ('If buildings must be placed but no free space
    exists, destroy existing buildings to make room'); seed 002 ('被普通建筑占满时须拆掉腾位')."""
    state = athena_start(3)
    give_isle(state, "kea", 0, troops=1, buildings=["fortress"])
    give_isle(state, "naxos", 0, troops=1, buildings=["fortress", "fortress", "port", "port"])
    game = Game(state, seed=0)
    game.step()
    assert {str(a) for a in game.legal_actions()} == {
        "metropolis kea destroy fortress",
        "metropolis naxos destroy fortress,fortress",
        "metropolis naxos destroy fortress,port",
        "metropolis naxos destroy port,port",
    }
    events = game.play("metropolis naxos destroy fortress,port")
    assert one(events, "buildings_destroyed") == {
        "isle": "naxos",
        "buildings": ["fortress", "port"],
        "reason": "room",
    }
    assert sorted(game.state.isles["naxos"].buildings) == ["fortress", "port"]
    assert game.state.isles["naxos"].metropolis
    assert game.state.building_supply["fortress"] == 10 - 2
    assert game.state.building_supply["port"] == 10 - 1


def test_no_room_the_buildings_to_destroy_must_be_named_and_suffice():
    """seed 000 'Special Rules & Edge Cases': without room, the placement must name the
    buildings destroyed, enough of them, from that isle; the error says how."""
    state = athena_start(3)
    give_isle(state, "kea", 0, troops=1, buildings=["fortress"])
    give_isle(state, "naxos", 0, troops=1, buildings=["fortress", "fortress", "port", "port"])
    game = Game(state, seed=0)
    game.step()
    for text in (
        "metropolis naxos",
        "metropolis naxos destroy port",
        "metropolis naxos destroy temple,port",
    ):
        assert_illegal(
            game,
            text,
            "no isle of yours has room",
            "naxos needs 2 of its buildings",
            "metropolis naxos destroy fortress,fortress",
        )
    assert_illegal(game, "metropolis kea", "kea needs 1 of its buildings (fortress)")


def test_core_destroy_only_when_no_own_isle_has_room():
    """docs/rules-notes.md: destruction is allowed only when no isle of yours has room."""
    state = athena_start(3)
    give_isle(state, "naxos", 0, troops=1, buildings=["fortress", "fortress", "port", "port"])
    game = Game(state, seed=0)
    game.step()
    assert game.legal_actions() == [Action("metropolis", ("kea",))]
    assert_illegal(game, "metropolis naxos destroy port,port", "destroy only if none")


def test_option_lost_no_room_means_no_metropolis():
    """RULES-NOTES §5.6 / FAQ 1.8 as rule option ``metropolis_without_room="lost"``: no free
    large space, no Metropolis; the Philosophers are still discarded."""
    state = athena_start(3, options=RuleOptions(metropolis_without_room="lost"))
    give_isle(state, "kea", 0, troops=1, buildings=["fortress"])
    give_isle(state, "naxos", 0, troops=1, buildings=["fortress", "fortress", "port", "port"])
    game = Game(state, seed=0)
    events = game.step()
    assert one(events, "metropolis_not_added") == {
        "player": "Athens",
        "cause": "philosophers",
        "reason": "no_room",
    }
    assert game.state.players[0].philosophers == 0
    assert not game.state.pending and game.state.metropolises(0) == 0


def test_single_isle_with_a_metropolis_four_philosophers_are_just_discarded():
    """seed 000 'Special Rules' ('If a player with 4 Philosophers has only one isle already
    containing a Metropolis, the Philosophers are simply discarded'); seed 002 '大都市与胜利'."""
    state = athena_start(3)
    clear_isles(state, 0)
    give_isle(state, "naxos", 0, troops=1, metropolis=True)
    game = Game(state, seed=0)
    events = game.step()
    assert one(events, "metropolis_not_added") == {
        "player": "Athens",
        "cause": "philosophers",
        "reason": "no_isle",
    }
    assert game.state.players[0].philosophers == 0
    assert game.state.metropolises(0) == 1 and not game.state.pending


def test_core_metropolis_supply_of_10():
    """seed 000 'Components' (10 Metropolises): with none left, none is placed."""
    state = athena_start(3)
    state.metropolis_supply = 0
    events = Game(state, seed=0).step()
    assert one(events, "metropolis_not_added")["reason"] == "supply"


def test_metropolis_goes_on_one_of_your_own_isles():
    """seed 000 'Creating Metropolises' ('place a Metropolis on one isle' of yours)."""
    state = athena_start(3)
    give_isle(state, "ios", 0, troops=1, metropolis=True)
    game = Game(state, seed=0)
    game.step()
    assert_illegal(game, "metropolis mykonos", "one of your own isles", "mykonos is not yours")
    assert_illegal(game, "metropolis ios", "ios already has a metropolis")
    assert_illegal(game, "metropolis atlantis", "not an isle of this map")
    assert {a.args[0] for a in game.legal_actions()} == {"naxos", "kea"}


def test_core_after_a_metropolis_building_space_shrinks():
    """RULES-NOTES §3.2: a Metropolis on a 4-slot isle leaves 2 slots for buildings."""
    state = turn_state(3, "ares", 0, gold={0: 20})
    give_isle(state, "naxos", 0, troops=1, metropolis=True)
    game = Game(state, seed=0)
    game.play("build fortress naxos")
    game.play("build fortress naxos")
    assert "build fortress naxos" not in {str(a) for a in game.legal_actions()}
    assert_illegal(game, "build fortress naxos", "no free building space")


@pytest.mark.parametrize("cause", ["buildings", "philosophers"])
def test_core_metropolis_events_carry_the_cause(cause):
    """Narration needs to say why a Metropolis appeared."""
    if cause == "philosophers":
        game = Game(athena_start(3), seed=0)
        game.step()
    else:
        state = turn_state(3, "athena", 0, gold={0: 10})
        give_isle(state, "naxos", 0, troops=1, buildings=["port", "temple", "fortress"])
        game = Game(state, seed=0)
        game.play("build university kea")
    assert find(game.history[-1].events, "metropolis_due")[0]["cause"] == cause
    assert one(game.play("metropolis naxos"), "metropolis_built")["cause"] == cause
