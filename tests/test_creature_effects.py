"""The twelve card-only creatures: each bought at its price, each choice, the exact state
and events (issue 4; RULES-NOTES §1.1 #1-#12).

Board (map-2-3, 3 players): Athens (seat 0) holds Naxos and Kea, fleets in g5 and c2;
Sparta (1) Mykonos and Paros, fleets in d4 and f1; Corinth (2) Syros and Milos, fleets in
f4 and k2; Delos and Ios are neutral. Prosperity: Kea 2, Mykonos 1, Syros 1, f1 1, k2 1.
"""

from __future__ import annotations

from collections.abc import Callable

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
    set_gold,
    total_gold,
    turn_position,
)

from cyclades_widgets.game import Game
from cyclades_widgets.rules.errors import IllegalActionError
from cyclades_widgets.rules.state import CREATURE_PRICES, CREATURES, MAX_FLEETS, GameState


def bought(
    creature: str,
    setup: Callable[[GameState], None] | None = None,
    *,
    slot: int = 0,
    temples: int = 0,
    gold: int = 9,
    **kwargs: object,
) -> tuple[Game, list[dict[str, object]]]:
    """Athens buys ``creature`` from ``slot`` with ``temples`` Temples on Naxos, after
    ``setup`` has arranged the position.

    Returns the game and the purchase events; the price is checked here: the slot price
    minus one GP per Temple, never below 1 GP (seed 000 'Call Mythological Creatures')."""
    track: list[str | None] = [None, None, None]
    track[slot] = creature
    state = turn_position(track=track, gold={ATHENS: gold}, **kwargs)  # type: ignore[arg-type]
    add_buildings(state, "naxos", *["temple"] * temples)
    if setup is not None:
        setup(state)
    g = game(state)
    events = dicts(g.play(f"buy {creature}"))
    price = max(1, CREATURE_PRICES[slot] - temples)
    assert events[0]["price"] == price
    revenue = sum(int(e["gold"]) for e in events if e["kind"] == "fates_revenue")  # type: ignore[call-overload]
    assert g.state.players[ATHENS].gold == gold - price + revenue
    return g, events


@pytest.mark.parametrize("temples", [0, 1])
@pytest.mark.parametrize("creature", CREATURES)
def test_every_creature_costs_its_slot_price_minus_temples(creature, temples):
    """Seed 000 'Call Mythological Creatures': 2, 3 or 4 GP, reduced by Temples (min 1)."""
    for slot in range(3):
        g, events = bought(creature, slot=slot, temples=temples)
        assert events[0]["temples"] == min(temples, CREATURE_PRICES[slot] - 1)
        assert g.state.creature_track == [None, None, None]
        assert_cards_accounted(g.state)


# --------------------------------------------------------------------------- Siren


def test_siren_takes_an_isolated_fleet_from_the_reserve():
    """RULES-NOTES §1.1 #1: an opponent's fleet alone in its sea is replaced by one of
    yours; a sea with 2 fleets is not isolated."""
    g, _ = bought("siren", temples=1)
    g.state.fleets["d4"] = (SPARTA, 2)
    assert notations(g) == ["siren f1", "siren f4", "siren k2"]
    events = dicts(g.play("siren f1"))
    assert events == [
        {
            "kind": "siren_takes",
            "variant": "reserve",
            "player": "Athens",
            "victim": "Sparta",
            "sea": "f1",
            "source": None,
        }
    ]
    assert g.state.fleets["f1"] == (ATHENS, 1)
    assert g.state.fleets_on_board(ATHENS) == 3 and g.state.fleets_on_board(SPARTA) == 2
    assert g.state.creature_discard == ["siren"]
    with pytest.raises(IllegalActionError, match="no creature|not being called"):
        g.play("siren k2")


def test_siren_with_an_empty_reserve_moves_a_fleet_from_the_board():
    """RULES-NOTES §1.1 #1: 'If you no longer have any fleets in reserve, you can take one
    from somewhere else on the board'."""
    state = turn_position(track=["siren", None, None], gold={ATHENS: 4})
    state.fleets["g5"] = (ATHENS, MAX_FLEETS - 1)
    g = game(state)
    g.play("buy siren")
    assert notations(g)[:2] == ["siren d4 from c2", "siren d4 from g5"]
    with pytest.raises(IllegalActionError, match="all 8 of your fleets are on the board"):
        g.play("siren d4")
    events = dicts(g.play("siren d4 from c2"))
    assert events[0]["variant"] == "board" and events[0]["source"] == "c2"
    assert "c2" not in g.state.fleets and g.state.fleets["d4"] == (ATHENS, 1)
    assert g.state.fleets_on_board(ATHENS) == MAX_FLEETS


def test_siren_refuses_a_sea_that_is_not_isolated():
    """RULES-NOTES §1.1 #1: 'This action only works on isolated fleets'."""
    g, _ = bought("siren")
    g.state.fleets["d4"] = (SPARTA, 2)
    before = g.state.to_dict()
    with pytest.raises(IllegalActionError, match="isolated enemy fleet"):
        g.play("siren d4")
    assert g.state.to_dict() == before


# --------------------------------------------------------------------------- Pegasus


def test_pegasus_flies_troops_without_a_fleet_chain():
    """RULES-NOTES §1.1 #2: some or all troops of one of your isles go to any other isle,
    no fleet chain needed; a neutral isle is taken at once."""
    g, _ = bought("pegasus", temples=1)
    g.state.isles["naxos"].troops = 3
    choices = notations(g)
    assert "pegasus naxos>delos 3" in choices and "pegasus kea>milos 1" in choices
    assert "pegasus naxos>naxos 1" not in choices and "pegasus naxos>delos 4" not in choices
    events = dicts(g.play("pegasus naxos>delos 2"))
    assert events[0] == {
        "kind": "pegasus_flies",
        "player": "Athens",
        "source": "naxos",
        "target": "delos",
        "troops": 2,
    }
    assert [e["kind"] for e in events[1:]] == ["capture"]
    assert (g.state.isles["delos"].owner, g.state.isles["delos"].troops) == (ATHENS, 2)
    assert g.state.isles["naxos"].troops == 1
    assert g.state.creature_discard == ["pegasus"] and g.state.pending == []


def test_pegasus_invasion_is_followed_by_a_battle():
    """RULES-NOTES §1.1 #2: Pegasus 'can be an invasion, and a battle follows as usual'."""
    g, _ = bought("pegasus")
    g.state.isles["naxos"].troops = 3
    events = dicts(g.play("pegasus naxos>paros 2"))
    assert [e["kind"] for e in events] == ["pegasus_flies", "battle_start"]
    assert g.node == "chance"
    assert g.state.creature_discard == ["pegasus"]
    g.play("roll 3 0")  # 2 + 3 against 1 + 0: Sparta's only troop on Paros falls
    assert (g.state.isles["paros"].owner, g.state.isles["paros"].troops) == (ATHENS, 2)
    assert g.to_act == "Athens" and g.state.turn is not None


def test_last_isle_rule_still_applies_to_pegasus():
    """Seed 000 'Last Isle Rule': no attack on another player's last isle (unless it wins)."""
    state = turn_position(track=["pegasus", None, None], gold={ATHENS: 4})
    state.isles["mykonos"].owner = None
    state.isles["mykonos"].troops = 0
    g = game(state)
    g.play("buy pegasus")
    assert not [n for n in notations(g) if ">paros" in n]
    with pytest.raises(IllegalActionError, match="Sparta's last isle"):
        g.play("pegasus naxos>paros 1")


def test_medusa_holds_troops_and_chiron_bars_pegasus():
    """RULES-NOTES §1.1 #15 (Medusa: troops cannot move away) and #16 (Chiron protects
    its isle from Pegasus)."""
    g, _ = bought("pegasus")
    g.state.isles["kea"].figurine, g.state.isles["kea"].figurine_owner = "medusa", SPARTA
    g.state.isles["paros"].figurine, g.state.isles["paros"].figurine_owner = "chiron", SPARTA
    choices = notations(g)
    assert not [n for n in choices if n.startswith("pegasus kea>")]
    assert not [n for n in choices if ">paros" in n]
    with pytest.raises(IllegalActionError, match="Medusa holds the troops on Kea"):
        g.play("pegasus kea>delos 1")
    with pytest.raises(IllegalActionError, match="Chiron protects Paros from Pegasus"):
        g.play("pegasus naxos>paros 1")


# --------------------------------------------------------------------------- Giant


def test_giant_destroys_any_building():
    """RULES-NOTES §1.1 #3: destroy one building of any owner; it returns to the supply."""
    g, _ = bought("giant", lambda s: add_buildings(s, "paros", "fortress", "port"), temples=1)
    assert notations(g) == [
        "giant fortress paros",
        "giant port paros",
        "giant temple naxos",
    ]
    supply = g.state.building_supply["fortress"]
    events = dicts(g.play("giant fortress paros"))
    assert events == [
        {
            "kind": "giant_destroys",
            "variant": "owned",
            "player": "Athens",
            "building": "fortress",
            "isle": "paros",
            "owner": "Sparta",
        }
    ]
    assert g.state.isles["paros"].buildings == ["port"]
    assert g.state.building_supply["fortress"] == supply + 1
    assert g.state.creature_discard == ["giant"]


def test_giant_cannot_destroy_a_metropolis_and_chiron_protects():
    """RULES-NOTES §1.1 #3 'The Giant cannot destroy a Metropolis'; #16 Chiron."""

    def setup(state: GameState) -> None:
        state.isles["paros"].metropolis = True
        state.metropolis_supply -= 1
        add_buildings(state, "milos", "port")
        add_buildings(state, "syros", "university")
        state.isles["milos"].figurine, state.isles["milos"].figurine_owner = "chiron", CORINTH

    g, _ = bought("giant", setup)
    assert notations(g) == ["giant university syros"]
    with pytest.raises(IllegalActionError, match="cannot destroy a Metropolis"):
        g.play("giant metropolis paros")
    with pytest.raises(IllegalActionError, match="Chiron protects Milos from the Giant"):
        g.play("giant port milos")


def test_a_creature_without_any_target_fizzles_and_is_discarded():
    """docs/rules-notes.md 'A creature with no legal use': buying it is allowed (it denies
    it to others), the GP are paid, and the card is discarded without effect."""
    state = turn_position(track=["giant", None, None], gold={ATHENS: 4})
    state.isles["paros"].metropolis = True
    state.metropolis_supply -= 1
    g = game(state)
    events = dicts(g.play("buy giant"))
    assert events[1] == {"kind": "creature_fizzles", "player": "Athens", "creature": "giant"}
    assert g.state.pending == [] and g.state.creature_discard == ["giant"]
    assert g.state.players[ATHENS].gold == 0


# --------------------------------------------------------------------------- Chimera


def test_chimera_borrows_a_discarded_power_then_reshuffles():
    """RULES-NOTES §1.1 #4: use the power of a creature in the discard pile, then shuffle
    the discard pile, Chimera included, into the draw pile."""
    g, _ = bought("chimera", temples=1, discard=["griffon", "giant"])
    set_gold(g.state, SPARTA, 7)
    assert notations(g) == ["chimera giant", "chimera griffon"]
    copied = dicts(g.play("chimera griffon"))
    assert copied == [{"kind": "chimera_copies", "player": "Athens", "creature": "griffon"}]
    assert notations(g) == ["griffon sparta", "griffon corinth"]
    events = dicts(g.play("griffon sparta"))
    assert events == [
        {
            "kind": "griffon_steals",
            "player": "Athens",
            "victim": "Sparta",
            "gold": 3,
            "had": 7,
        },
        {"kind": "creatures_reshuffled", "count": 3, "variant": "chimera"},
    ]
    assert g.state.creature_discard == []
    assert {"chimera", "giant", "griffon"} <= set(g.state.creature_deck)
    assert len(g.state.creature_deck) == 17
    assert_cards_accounted(g.state)


def test_chimera_with_an_empty_discard_pile_fizzles_and_still_reshuffles():
    """RULES-NOTES §1.1 #4: with nothing to borrow, the Chimera has no effect; it is then
    shuffled back like after any use (docs/rules-notes.md)."""
    g, events = bought("chimera")
    assert [e["kind"] for e in events] == [
        "creature_bought",
        "creature_fizzles",
        "creatures_reshuffled",
    ]
    assert g.state.creature_discard == [] and "chimera" in g.state.creature_deck


def test_chimera_borrowing_a_figurine_holds_that_figurine_card():
    """docs/rules-notes.md 'Chimera': a borrowed figurine is placed; its card leaves the
    discard pile and is held while it stands, so it cannot be drawn twice."""
    g, _ = bought("chimera", discard=["minotaur", "fates"])
    events = dicts(g.play("chimera minotaur"))
    assert g.state.pending[-1].data == {"creature": "minotaur", "card": "chimera"}
    events = dicts(g.play("minotaur paros"))
    assert [e["kind"] for e in events] == ["figurine_placed", "creatures_reshuffled"]
    assert g.state.isles["paros"].figurine == "minotaur"
    assert g.state.held_creatures == {"minotaur": ATHENS}
    assert "minotaur" not in g.state.creature_deck and "fates" in g.state.creature_deck
    assert_cards_accounted(g.state)


def test_chimera_borrowing_the_fates_acts_at_once():
    """RULES-NOTES §1.1 #4 and #10: a borrowed power without choices acts immediately."""
    g, _ = bought("chimera", discard=["fates"])
    events = dicts(g.play("chimera fates"))
    assert [e["kind"] for e in events] == [
        "chimera_copies",
        "fates_revenue",
        "creatures_reshuffled",
    ]
    assert g.state.pending == []


# --------------------------------------------------------------------------- Cyclopes


def test_cyclopes_rebuild_one_of_your_buildings():
    """RULES-NOTES §1.1 #5: replace one of your buildings with another type."""
    g, _ = bought("cyclopes", lambda s: add_buildings(s, "paros", "port"), temples=1)
    # Sparta's Port on Paros is not a choice for Athens.
    assert notations(g) == [
        "cyclopes naxos temple>fortress",
        "cyclopes naxos temple>port",
        "cyclopes naxos temple>university",
    ]
    events = dicts(g.play("cyclopes naxos temple>port"))
    assert events == [
        {
            "kind": "cyclopes_rebuild",
            "player": "Athens",
            "isle": "naxos",
            "old": "temple",
            "new": "port",
        }
    ]
    assert g.state.isles["naxos"].buildings == ["port"]
    assert g.state.building_supply == {"fortress": 10, "port": 8, "temple": 10, "university": 10}
    assert g.state.creature_discard == ["cyclopes"]


def test_cyclopes_completing_the_set_makes_a_metropolis_at_once():
    """RULES-NOTES §1.1 #5 / seed 002 '大都市与胜利': the 4th different building is
    swapped for a Metropolis at once."""

    # With the Temple that bought the Cyclopes 1 GP cheaper, Naxos holds all 4 slots.
    g, _ = bought(
        "cyclopes", lambda s: add_buildings(s, "naxos", "port", "port", "fortress"), temples=1
    )
    events = dicts(g.play("cyclopes naxos port>university"))
    assert [e["kind"] for e in events] == [
        "cyclopes_rebuild",
        "buildings_discarded",
        "metropolis_due",
    ]
    assert g.state.pending[-1].kind == "metropolis" and g.to_act == "Athens"
    assert g.state.creature_discard == ["cyclopes"]


# --------------------------------------------------------------------------- Sphinx


def test_sphinx_sells_units_and_cards_for_2gp_each():
    """RULES-NOTES §1.1 #6: sell any number of troops, fleets, Priests and Philosophers
    for 2 GP each, one at a time, then 'sphinx done'."""

    def setup(state: GameState) -> None:
        state.players[ATHENS].priests = 1
        state.priest_supply -= 1

    g, _ = bought("sphinx", setup, temples=1, gold=4)
    assert notations(g) == [
        "sphinx troop kea",
        "sphinx troop naxos",
        "sphinx fleet g5",
        "sphinx fleet c2",
        "sphinx priest",
        "sphinx done",
    ]
    gold = total_gold(g.state)
    sold = dicts(g.play("sphinx troop kea"))
    assert sold[0] == {
        "kind": "sphinx_sells",
        "variant": "piece",
        "player": "Athens",
        "unit": "troop",
        "where": "kea",
        "gold": 2,
        "sold": 1,
    }
    # Kea's last troop left: Kea stays Athens's under a territory marker.
    assert [e["kind"] for e in sold[1:]] == ["territory_marker"]
    assert (g.state.isles["kea"].owner, g.state.isles["kea"].territory) == (ATHENS, True)
    g.play("sphinx fleet c2")
    card = dicts(g.play("sphinx priest"))
    assert card[0]["variant"] == "card" and card[0]["sold"] == 3
    assert g.state.players[ATHENS].gold == 4 - 3 + 6
    assert g.state.players[ATHENS].priests == 0 and g.state.priest_supply == 18
    assert "c2" not in g.state.fleets
    assert total_gold(g.state) == gold
    assert dicts(g.play("sphinx done")) == []
    assert g.state.creature_discard == ["sphinx"] and g.state.pending == []


# --------------------------------------------------------------------------- Sylph


def test_sylph_moves_fleets_one_space_at_a_time_for_free():
    """RULES-NOTES §1.1 #7 (LOW, Blackwoj): 10 free moves of one sea space; entering enemy
    fleets starts a sea battle; the Kraken's sea is closed."""
    g, _ = bought("sylph", temples=1, gold=3)
    g.state.kraken = "f6"
    choices = notations(g)
    assert choices[0] == "sylph done"
    assert "sylph g5>f5 1" in choices and "sylph g5>h4 1" in choices
    assert "sylph g5>f6 1" not in choices
    events = dicts(g.play("sylph g5>f5 1"))
    assert events == [
        {
            "kind": "sylph_moves",
            "player": "Athens",
            "source": "g5",
            "target": "f5",
            "fleets": 1,
            "left": 9,
        }
    ]
    assert g.state.fleets["f5"] == (ATHENS, 1) and "g5" not in g.state.fleets
    assert g.state.players[ATHENS].gold == 0  # the moves are free
    attack = dicts(g.play("sylph f5>f4 1"))
    assert [e["kind"] for e in attack] == ["sylph_moves", "battle_start"]
    g.play("roll 3 0")  # Corinth's lone fleet in f4 sinks
    assert g.state.fleets["f4"] == (ATHENS, 1)
    assert g.to_act == "Athens" and g.state.pending[-1].kind == "creature"
    g.play("sylph done")
    assert g.state.pending == [] and g.state.creature_discard == ["sylph"]


def test_sylph_stops_after_its_tenth_move():
    """RULES-NOTES §1.1 #7: the Sylph's moves run out after 10."""
    g, _ = bought("sylph")
    for i in range(10):
        g.play("sylph c2>b2 1" if i % 2 == 0 else "sylph b2>c2 1")
    assert g.state.pending == [] and g.state.creature_discard == ["sylph"]
    assert g.state.fleets["c2"] == (ATHENS, 1) and "b2" not in g.state.fleets


# --------------------------------------------------------------------------- Harpy


def test_harpy_kills_one_enemy_troop():
    """RULES-NOTES §1.1 #8: destroy one enemy troop of your choice on any isle."""
    g, _ = bought("harpy", temples=1)
    g.state.isles["paros"].troops = 2
    assert notations(g) == ["harpy mykonos", "harpy syros", "harpy paros", "harpy milos"]
    events = dicts(g.play("harpy paros"))
    assert events == [
        {
            "kind": "harpy_kills",
            "variant": "thinned",
            "player": "Athens",
            "victim": "Sparta",
            "isle": "paros",
            "left": 1,
        }
    ]
    assert g.state.isles["paros"].troops == 1 and g.state.isles["paros"].owner == SPARTA


def test_harpy_leaves_an_emptied_isle_with_its_owner():
    """RULES-NOTES §1.1 #8: 'The isle stays with its owner, even if it is left empty'."""
    g, _ = bought("harpy")
    g.state.isles["syros"].figurine, g.state.isles["syros"].figurine_owner = "chiron", CORINTH
    assert "harpy syros" not in notations(g)
    events = dicts(g.play("harpy mykonos"))
    assert [e["kind"] for e in events] == ["harpy_kills", "territory_marker"]
    assert events[1]["variant"] == "emptied"
    # issue 13: the Harpy's narration speaks of no battle that did not happen
    for lang in ("en", "fr", "zh"):
        told = g.explain(lang=lang)
        assert not any(w in told for w in ("both sides", "deux camps", "双方")), told
    isle = g.state.isles["mykonos"]
    assert (isle.owner, isle.troops, isle.territory) == (SPARTA, 0, True)
    with pytest.raises(IllegalActionError):
        g.play("harpy paros")


# --------------------------------------------------------------------------- Griffon


@pytest.mark.parametrize("had, loot", [(7, 3), (8, 4), (1, 0), (0, 0)])
def test_griffon_takes_half_the_gold_rounded_down(had, loot):
    """RULES-NOTES §1.1 #9: half the GP of a player of your choice, rounded down (LOW)."""
    g, _ = bought("griffon", temples=1, gold=5)
    set_gold(g.state, CORINTH, had)
    gold = total_gold(g.state)
    events = dicts(g.play("griffon corinth"))
    assert events == [
        {
            "kind": "griffon_steals",
            "player": "Athens",
            "victim": "Corinth",
            "gold": loot,
            "had": had,
        }
    ]
    assert g.state.players[CORINTH].gold == had - loot
    assert g.state.players[ATHENS].gold == 5 - 3 + loot
    assert total_gold(g.state) == gold


def test_griffon_cannot_rob_yourself_or_a_stranger():
    """The Griffon takes from another player: errors name the rule."""
    g, _ = bought("griffon")
    with pytest.raises(IllegalActionError, match="another player, not from yourself"):
        g.play("griffon athens")
    with pytest.raises(IllegalActionError, match="'rome' is not a player"):
        g.play("griffon rome")


# --------------------------------------------------------------------------- the Fates


def test_the_fates_pay_your_revenue_again():
    """RULES-NOTES §1.1 #10: 'Receive your revenue again, just like at the beginning of
    the Cycle' (Kea's 2 prosperity, plus a fleet on the f1 prosperity sea)."""
    state = turn_position(track=["fates", None, None], gold={ATHENS: 4})
    state.fleets["f1"] = (ATHENS, 1)
    add_buildings(state, "naxos", "temple")
    g = game(state)
    events = dicts(g.play("buy fates"))
    assert events[1:] == [
        {"kind": "fates_revenue", "player": "Athens", "gold": 3, "isles": 2, "seas": 1}
    ]
    assert g.state.players[ATHENS].gold == 4 - 3 + 3
    assert g.state.pending == [] and g.state.creature_discard == ["fates"]


# --------------------------------------------------------------------------- Satyr, Dryad


def test_satyr_steals_a_philosopher():
    """RULES-NOTES §1.1 #11: steal one Philosopher from a player of your choice."""

    def setup(state: GameState) -> None:
        state.players[CORINTH].philosophers = 2
        state.philosopher_supply -= 2

    g, _ = bought("satyr", setup, temples=1)
    assert notations(g) == ["satyr corinth"]
    events = dicts(g.play("satyr corinth"))
    assert events == [{"kind": "satyr_steals", "player": "Athens", "victim": "Corinth", "total": 1}]
    assert [p.philosophers for p in g.state.players] == [1, 0, 1]


def test_satyr_4th_philosopher_makes_a_metropolis_at_once():
    """RULES-NOTES §1.1 #11: a 4th Philosopher stolen makes a Metropolis at once (seed 002
    '大都市与胜利': the four are discarded immediately)."""

    def setup(state: GameState) -> None:
        state.players[ATHENS].philosophers = 3
        state.players[SPARTA].philosophers = 1
        state.philosopher_supply -= 4

    g, _ = bought("satyr", setup)
    events = dicts(g.play("satyr sparta"))
    assert [e["kind"] for e in events] == [
        "satyr_steals",
        "philosophers_discarded",
        "metropolis_due",
    ]
    assert g.state.players[ATHENS].philosophers == 0
    assert g.state.pending[-1].kind == "metropolis"
    g.play("metropolis naxos")
    assert g.state.isles["naxos"].metropolis and g.state.turn is not None


def test_dryad_steals_a_priest():
    """RULES-NOTES §1.1 #12: steal one Priest from a player of your choice."""

    def setup(state: GameState) -> None:
        state.players[SPARTA].priests = 1
        state.players[CORINTH].priests = 2
        state.priest_supply -= 3

    g, _ = bought("dryad", setup, temples=1)
    assert notations(g) == ["dryad sparta", "dryad corinth"]
    events = dicts(g.play("dryad corinth"))
    assert events == [{"kind": "dryad_steals", "player": "Athens", "victim": "Corinth", "total": 1}]
    assert [p.priests for p in g.state.players] == [1, 1, 1]
    assert g.state.priest_supply == 15


def test_dryad_without_any_priest_to_steal_fizzles():
    """docs/rules-notes.md 'A creature with no legal use'."""
    g, events = bought("dryad")
    assert events[1] == {"kind": "creature_fizzles", "player": "Athens", "creature": "dryad"}
    with pytest.raises(IllegalActionError, match="not being called now"):
        g.play("dryad sparta")
