"""The five figurine creatures: Kraken, Minotaur, Medusa, Polyphemus, Chiron (issue 4).

Sources: RULES-NOTES §1.1 #13-#17 and 'Rules shared by the four island figurines' (the
official summary sheet fragment): placed on the isle of your choice, acting until the
beginning of your next turn, the card discarded when you act for your god in the next
cycle; two figurines on one isle destroy each other.

Board (map-2-3, 3 players): Athens (0) Naxos, Kea, fleets g5, c2; Sparta (1) Mykonos,
Paros, fleets d4, f1; Corinth (2) Syros, Milos, fleets f4, k2.
"""

from __future__ import annotations

import pytest
from creature_positions import (
    ATHENS,
    CORINTH,
    SPARTA,
    add_buildings,
    assert_cards_accounted,
    dicts,
    game,
    notations,
    turn_position,
)

from cyclades_widgets.rules import cycle
from cyclades_widgets.rules.errors import IllegalActionError
from cyclades_widgets.rules.options import RuleOptions
from cyclades_widgets.rules.state import GameState, GodAction, Phase


def place(state: GameState, isle: str, creature: str, seat: int, since: int) -> None:
    """A figurine already standing, its card held since cycle ``since``."""
    state.isles[isle].figurine = creature
    state.isles[isle].figurine_owner = seat
    state.held_creatures[creature] = seat
    state.held_since[creature] = since
    state.creature_deck.remove(creature)


# --------------------------------------------------------------------------- island figurines


@pytest.mark.parametrize("creature", ["minotaur", "medusa", "chiron"])
def test_island_figurine_goes_on_the_isle_of_your_choice(creature):
    """RULES-NOTES §1.1 'island figurines': 'place the figurine on the isle of your
    choice'; its card is held by the buyer, not discarded."""
    state = turn_position(track=[None, creature, None], gold={ATHENS: 3})
    add_buildings(state, "kea", "temple")
    g = game(state)
    bought = dicts(g.play(f"buy {creature}"))
    assert bought[0]["price"] == 2 and bought[0]["temples"] == 1
    assert notations(g) == [f"{creature} {i}" for i in g.state.isles]  # every isle
    events = dicts(g.play(f"{creature} paros"))
    assert events == [
        {"kind": "figurine_placed", "player": "Athens", "creature": creature, "isle": "paros"}
    ]
    isle = g.state.isles["paros"]
    assert (isle.figurine, isle.figurine_owner) == (creature, ATHENS)
    assert g.state.held_creatures == {creature: ATHENS}
    assert g.state.held_since == {creature: 3}
    assert g.state.creature_discard == [] and g.state.pending == []
    assert_cards_accounted(g.state)


def test_minotaur_adds_2_to_the_isles_land_defence():
    """RULES-NOTES §1.1 #14 (MED-LOW): the Minotaur adds 2 to the defence of its isle."""
    state = turn_position(track=["pegasus", None, None], gold={ATHENS: 4})
    place(state, "paros", "minotaur", SPARTA, since=3)
    state.isles["naxos"].troops = 3
    g = game(state)
    g.play("buy pegasus")
    events = dicts(g.play("pegasus naxos>paros 3"))
    start = next(e for e in events if e["kind"] == "battle_start")
    assert start["bonus"] == 2 and start["bonus_detail"]["minotaur"] == 2  # type: ignore[index]


def test_medusa_keeps_troops_from_moving_away():
    """RULES-NOTES §1.1 #15 (LOW): troops on Medusa's isle cannot move away."""
    state = turn_position(track=["medusa", None, None], gold={ATHENS: 4})
    state.isles["kea"].troops = 2
    state.fleets["b2"] = (ATHENS, 1)
    g = game(state)
    assert [n for n in notations(g) if n.startswith("move troops kea>")]
    g.play("buy medusa")
    g.play("medusa kea")
    assert not [n for n in notations(g) if n.startswith("move troops kea>")]


def test_chiron_protects_its_isle_from_pegasus_giant_and_harpy():
    """RULES-NOTES §1.1 #16 (Hades card text: 'still protects his island from Pegasus,
    Giants, and the Harpy')."""
    state = turn_position(track=["chiron", "giant", "harpy"], gold={ATHENS: 9})
    add_buildings(state, "paros", "fortress")
    add_buildings(state, "milos", "port")
    g = game(state)
    g.play("buy chiron")
    g.play("chiron paros")  # on Sparta's isle: any isle may be chosen
    g.play("buy giant")
    assert notations(g) == ["giant port milos"]
    g.play("giant port milos")
    g.play("buy harpy")
    assert "harpy paros" not in notations(g) and "harpy mykonos" in notations(g)


def test_two_figurines_on_one_isle_destroy_each_other():
    """RULES-NOTES §1.1: 'If two figurines end up on the same isle, they destroy each
    other', and both players discard their cards."""
    state = turn_position(track=["medusa", None, None], gold={ATHENS: 4})
    place(state, "paros", "minotaur", SPARTA, since=2)
    g = game(state)
    g.play("buy medusa")
    events = dicts(g.play("medusa paros"))
    assert events == [
        {
            "kind": "figurines_clash",
            "player": "Athens",
            "creature": "medusa",
            "other": "minotaur",
            "other_player": "Sparta",
            "isle": "paros",
        }
    ]
    isle = g.state.isles["paros"]
    assert (isle.figurine, isle.figurine_owner) == (None, None)
    assert g.state.held_creatures == {} and g.state.held_since == {}
    assert sorted(g.state.creature_discard) == ["medusa", "minotaur"]
    assert_cards_accounted(g.state)


# --------------------------------------------------------------------------- expiry


def test_summary_sheet_figurine_leaves_at_the_holders_god_action_next_cycle():
    """RULES-NOTES §1.1: the power lasts 'until the beginning of your next turn'; the card
    is discarded 'when you perform the actions of your God during the next Cycle'."""
    state = turn_position(track=[None, None, None], cycle=4)
    place(state, "paros", "minotaur", ATHENS, since=3)
    place(state, "kea", "chiron", SPARTA, since=3)
    state.turn = None
    state.queue = [GodAction("ares", ATHENS), GodAction("zeus", SPARTA)]
    g = game(state)
    events = dicts(g.step())
    assert events[:2] == [
        {"kind": "turn_start", "player": "Athens", "god": "ares"},
        {
            "kind": "figurine_expired",
            "variant": "isle",
            "player": "Athens",
            "creature": "minotaur",
            "space": "paros",
        },
    ]
    assert g.state.isles["paros"].figurine is None
    assert g.state.held_creatures == {"chiron": SPARTA}  # Sparta's turn has not begun
    assert g.state.creature_discard == ["minotaur"]
    assert_cards_accounted(g.state)


def test_two_player_figurine_survives_the_holders_second_turn_in_the_same_cycle():
    """RULES-NOTES §1.1: the card goes 'during the next Cycle', so with two offering tokens
    (2 players) the second god action of the same cycle keeps the figurine."""
    state = turn_position(players=2, track=[None, None, None], cycle=3)
    place(state, "milos", "medusa", ATHENS, since=3)
    state.turn = None
    state.queue = [GodAction("poseidon", ATHENS)]
    g = game(state)
    events = dicts(g.step())
    assert [e["kind"] for e in events] == ["turn_start"]
    assert g.state.held_creatures == {"medusa": ATHENS}


def test_figurine_of_a_holder_on_apollo_leaves_when_the_following_cycle_starts():
    """docs/rules-notes.md 'figurine of an Apollo player': an Apollo turn has no god
    actions, so the figurine goes once that cycle is over, before anything else happens."""
    state = turn_position(track=[None, None, None], cycle=4)
    place(state, "naxos", "chiron", ATHENS, since=3)
    state.turn = None
    cycle.new_cycle(state)  # cycle 5 starts: still Athens's figurine from cycle 3
    assert state.held_creatures == {} and state.isles["naxos"].figurine is None
    fresh = turn_position(track=[None, None, None], cycle=4)
    place(fresh, "naxos", "chiron", ATHENS, since=4)
    cycle.new_cycle(fresh)
    assert fresh.held_creatures == {"chiron": ATHENS}


# --------------------------------------------------------------------------- Polyphemus


def _polyphemus_game(**kwargs: object):
    state = turn_position(track=["polyphemus", None, None], gold={ATHENS: 4}, **kwargs)  # type: ignore[arg-type]
    state.kraken = "d3"
    return game(state)


def test_polyphemus_pushes_every_fleet_and_the_kraken_away():
    """RULES-NOTES §1.1 #17 (LOW, Blackwoj; Doug Mann: he 'forces the Kraken to move'):
    every fleet in a sea touching his isle, any owner's, is pushed one space away from it,
    to an empty sea or one of its owner's; the buyer chooses, sea by sea."""
    g = _polyphemus_game()
    g.play("buy polyphemus")
    placed = dicts(g.play("polyphemus syros"))
    assert placed == [
        {"kind": "figurine_placed", "player": "Athens", "creature": "polyphemus", "isle": "syros"}
    ]
    assert notations(g) == ["polyphemus c2>b2"]
    assert dicts(g.play("polyphemus c2>b2")) == [
        {
            "kind": "polyphemus_pushes",
            "variant": "fleets",
            "player": "Athens",
            "owner": "Athens",
            "source": "c2",
            "target": "b2",
            "fleets": 1,
        }
    ]
    assert notations(g) == ["polyphemus d3>d4"]
    kraken = dicts(g.play("polyphemus d3>d4"))
    assert kraken == [
        {
            "kind": "polyphemus_pushes",
            "variant": "kraken",
            "player": "Athens",
            "source": "d3",
            "target": "d4",
        },
        {"kind": "kraken_destroys", "owner": "Sparta", "sea": "d4", "fleets": 1},
    ]
    assert notations(g) == ["polyphemus f4>f5", "polyphemus f4>g3"]
    with pytest.raises(IllegalActionError, match="f4 comes next"):
        g.play("polyphemus c1>b2")
    g.play("polyphemus f4>g3")
    assert g.state.pending == []
    assert g.state.kraken == "d4"
    assert g.state.fleets == {"g5": (0, 1), "b2": (0, 1), "f1": (1, 1), "g3": (2, 1), "k2": (2, 1)}
    assert g.state.held_creatures == {"polyphemus": ATHENS}
    assert_cards_accounted(g.state)


def test_polyphemus_destroys_fleets_that_cannot_move_away():
    """RULES-NOTES §1.1 #17: a fleet with nowhere to go is destroyed."""
    g = _polyphemus_game()
    g.state.fleets["b2"] = (SPARTA, 2)  # Athens's fleet in c2 cannot join Sparta's
    g.state.kraken = None
    g.play("buy polyphemus")
    events = dicts(g.play("polyphemus syros"))
    assert events[1] == {"kind": "polyphemus_destroys", "owner": "Athens", "sea": "c2", "fleets": 1}
    assert "c2" not in g.state.fleets
    assert notations(g) == ["polyphemus f4>f5", "polyphemus f4>g3"]


# --------------------------------------------------------------------------- Kraken


def test_kraken_destroys_every_fleet_where_it_is_placed_then_moves_for_1gp():
    """RULES-NOTES §1.1 #13: every fleet in the Kraken's sea is destroyed (MED-HIGH); it
    may then move on for 1 GP a space, destroying fleets (LOW, RuleOptions.kraken_moves)."""
    state = turn_position(track=[None, "kraken", None], gold={ATHENS: 5})
    state.fleets["e1"] = (CORINTH, 2)
    g = game(state)
    g.play("buy kraken")
    assert len(notations(g)) == 30  # any sea of the 2-3 player board
    placed = dicts(g.play("kraken f1"))
    assert placed == [
        {
            "kind": "kraken_placed",
            "variant": "first",
            "player": "Athens",
            "sea": "f1",
            "previous": None,
        },
        {"kind": "kraken_destroys", "owner": "Sparta", "sea": "f1", "fleets": 1},
    ]
    assert notations(g) == ["kraken move e1", "kraken done"]
    moved = dicts(g.play("kraken move e1"))
    assert moved == [
        {"kind": "kraken_moves", "player": "Athens", "source": "f1", "target": "e1", "cost": 1},
        {"kind": "kraken_destroys", "owner": "Corinth", "sea": "e1", "fleets": 2},
    ]
    assert g.state.players[ATHENS].gold == 5 - 3 - 1
    g.play("kraken done")
    assert g.state.kraken == "e1" and "f1" not in g.state.fleets and "e1" not in g.state.fleets
    assert g.state.held_creatures == {"kraken": ATHENS} and g.state.pending == []
    assert_cards_accounted(g.state)


def test_kraken_moves_option_none_only_places_it():
    """RuleOptions.kraken_moves='none': the Kraken is placed and does not move on."""
    state = turn_position(
        track=["kraken", None, None], gold={ATHENS: 5}, options=RuleOptions(kraken_moves="none")
    )
    g = game(state)
    g.play("buy kraken")
    g.play("kraken f1")
    assert g.state.pending == [] and g.state.kraken == "f1"


def test_kraken_without_gold_can_only_stop():
    """RULES-NOTES §1.1 #13: each extra space costs 1 GP."""
    g = game(turn_position(track=["kraken", None, None], gold={ATHENS: 4}))
    g.play("buy kraken")
    g.play("kraken a1")
    assert notations(g) == ["kraken done"]
    with pytest.raises(IllegalActionError, match="costs 1 GP a space"):
        g.play("kraken move b2")


def test_kraken_stays_and_blocks_fleets_after_its_card_is_discarded():
    """RULES-NOTES §1.1 #13 (LOW): the Kraken stays on the board until called again and
    fleets cannot enter its sea; its card follows the island figurines' timetable."""
    state = turn_position(god="poseidon", track=[None, None, None], cycle=4)
    state.kraken = "b2"
    state.held_creatures["kraken"] = ATHENS
    state.held_since["kraken"] = 3
    state.creature_deck.remove("kraken")
    state.turn = None
    state.queue = [GodAction("poseidon", ATHENS)]
    g = game(state)
    events = dicts(g.step())
    assert {
        "kind": "figurine_expired",
        "variant": "kraken",
        "player": "Athens",
        "creature": "kraken",
        "space": "b2",
    } in events
    assert g.state.kraken == "b2" and g.state.creature_discard == ["kraken"]
    assert not [n for n in notations(g) if n.endswith(" b2") or ">b2" in n]


def test_kraken_called_again_leaves_its_old_sea():
    """RULES-NOTES §1.1 #13: the figurine stays 'until someone summons it again'."""
    state = turn_position(track=["kraken", None, None], gold={SPARTA: 4}, seat=SPARTA)
    state.kraken = "a1"
    g = game(state)
    g.play("buy kraken")
    events = dicts(g.play("kraken g5"))
    assert events[0] == {
        "kind": "kraken_placed",
        "variant": "again",
        "player": "Sparta",
        "sea": "g5",
        "previous": "a1",
    }
    assert g.state.kraken == "g5" and "g5" not in g.state.fleets


def test_figurine_rules_hold_through_a_whole_cycle():
    """A scenario: Athens summons the Minotaur in cycle 3; it stands through Sparta's turn
    and the next cycle's offerings, and leaves when Athens's god action of cycle 4 begins."""
    state = turn_position(track=["minotaur", None, None], gold={ATHENS: 4})
    state.queue = [GodAction("zeus", SPARTA)]
    g = game(state)
    g.play("buy minotaur")
    g.play("minotaur naxos")
    g.play("end")
    g.advance()  # Sparta's Zeus turn begins: the Minotaur stays
    assert g.state.turn is not None and g.state.turn.player == SPARTA
    assert g.state.isles["naxos"].figurine == "minotaur"
    g.play("end")
    while g.phase is not Phase.OFFERINGS:
        g.step()
    assert g.state.cycle == 4 and g.state.isles["naxos"].figurine == "minotaur"
    while g.phase is Phase.OFFERINGS:
        if g.to_act is None:
            g.step()
        elif g.to_act == "Athens":
            g.play(next(a for a in g.legal_actions() if a.args[0] != "apollo"))
        else:
            g.play("bid apollo")
    events = []
    while g.state.turn is None or g.state.turn.player != ATHENS:
        events += dicts(g.step())
    start = events.index({"kind": "turn_start", "player": "Athens", "god": g.state.turn.god})
    assert events[start + 1]["kind"] == "figurine_expired"
    assert events[start + 1]["creature"] == "minotaur"
    assert g.state.isles["naxos"].figurine is None
    assert g.state.creature_discard[-1] == "minotaur"
