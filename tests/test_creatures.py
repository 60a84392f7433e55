"""The creature track, buying creatures, Temple discounts and Zeus's change (issue 4).

Sources: seed 000 'Call Mythological Creatures' and 'Special Rules & Edge Cases', seed 002
'收入与神话生物' and FAQ '买到神话生物后可以留到以后再用吗', RULES-NOTES §1.2.
"""

from __future__ import annotations

import json
import re
from importlib import resources
from pathlib import Path

import pytest
from creature_positions import (
    ATHENS,
    SPARTA,
    add_buildings,
    assert_cards_accounted,
    dicts,
    game,
    notations,
    total_gold,
    turn_position,
)

from cyclades_widgets.rules import creatures, cycle, flow
from cyclades_widgets.rules.actions import Action
from cyclades_widgets.rules.errors import IllegalActionError, NotationError
from cyclades_widgets.rules.state import CREATURE_PRICES, CREATURES, GodAction, Phase, Turn

# --------------------------------------------------------------------------- buying


def test_any_god_but_apollo_offers_each_affordable_face_up_creature():
    """Seed 000 'Call Mythological Creatures': pay 4, 3 or 2 GP by slot; only what the
    player can afford is offered."""
    for god in ("ares", "poseidon", "zeus", "athena"):
        g = game(turn_position(god=god, track=["giant", "harpy", "sphinx"], gold={ATHENS: 3}))
        buys = [n for n in notations(g) if n.startswith("buy ")]
        assert buys == ["buy harpy", "buy sphinx"], god


def test_apollo_player_cannot_buy_creatures():
    """Seed 002 '收入与神话生物': every god except Apollo may call creatures."""
    state = turn_position(track=["giant", "harpy", "sphinx"], gold={ATHENS: 9})
    assert creatures.buy_actions(state, Turn(ATHENS, "apollo")) == []
    # In play, Apollo's turn is automatic and its only decision is the prosperity marker.
    state.turn = None
    state.queue = [GodAction("apollo", ATHENS)]
    state.apollo = [ATHENS]
    g = game(state)
    g.step()
    assert g.to_act == "Athens"
    assert {a.kind for a in g.legal_actions()} == {"prosperity"}


@pytest.mark.parametrize("slot", [0, 1, 2])
def test_slot_prices_are_4_3_2_gp(slot):
    """RULES-NOTES §1.2 'Prices': the three slots cost 4, 3 and 2 GP without Temples."""
    track = [None, None, None]
    track[slot] = "dryad"
    state = turn_position(track=track, gold={ATHENS: 5})
    g = game(state)
    events = g.play("buy dryad")
    assert dicts(events)[0] == {
        "kind": "creature_bought",
        "variant": "full",
        "player": "Athens",
        "creature": "dryad",
        "price": CREATURE_PRICES[slot],
        "slot_price": CREATURE_PRICES[slot],
        "temples": 0,
    }
    assert g.state.players[ATHENS].gold == 5 - CREATURE_PRICES[slot]
    assert g.state.creature_track == [None, None, None]


def test_each_temple_takes_1gp_off_only_once_per_cycle():
    """Seed 002 '收入与神话生物' / FAQ: each Temple gives its 1 GP discount once per cycle,
    so a second creature in the same cycle costs the full price."""
    state = turn_position(track=["fates", "dryad", None], gold={ATHENS: 9})
    add_buildings(state, "naxos", "temple")
    g = game(state)
    first = g.play("buy fates")
    assert dicts(first)[0]["price"] == 3 and dicts(first)[0]["temples"] == 1
    assert dicts(first)[0]["variant"] == "temples"
    assert g.state.temples_used == {ATHENS: 1}
    assert creatures.price(g.state, ATHENS, 1) == (3, 0)
    g.play("buy dryad")  # Sparta has no Priest: the Dryad fizzles, but it was paid for
    assert g.state.players[ATHENS].gold == 9 - 3 + 2 - 3  # the Fates returned revenue 2


def test_temples_discount_again_in_the_next_cycle():
    """Seed 002: 'each Temple only once per cycle': the core resets the count each cycle."""
    state = turn_position(track=["fates", None, None], gold={ATHENS: 9})
    add_buildings(state, "naxos", "temple")
    state.temples_used = {ATHENS: 1}
    assert creatures.price(state, ATHENS, 0) == (4, 0)
    cycle.new_cycle(state)
    assert creatures.price(state, ATHENS, 0) == (3, 1)


def test_a_metropolis_counts_as_a_temple_for_creatures():
    """Seed 000 'Creating Metropolises': a Metropolis has the powers of every building,
    so it takes 1 GP off a creature like a Temple (RULES-NOTES §1.2)."""
    state = turn_position(track=["griffon", None, None], gold={ATHENS: 9})
    state.isles["naxos"].metropolis = True
    state.metropolis_supply -= 1
    add_buildings(state, "kea", "temple")
    assert creatures.price(state, ATHENS, 0) == (2, 2)


def test_creature_price_never_below_1gp_and_spare_temples_stay_unused():
    """Seed 000 'Player Reference': 'Temples reduce Creature cost by 1 GP each (min 1)'.
    A Temple that cannot lower the price further is not used up."""
    state = turn_position(track=["fates", None, "dryad"], gold={ATHENS: 9})
    add_buildings(state, "naxos", "temple", "temple", "temple")
    g = game(state)
    bought = dicts(g.play("buy dryad"))[0]
    assert (bought["price"], bought["slot_price"], bought["temples"]) == (1, 2, 1)
    assert g.state.temples_used == {ATHENS: 1}
    # Two Temples are left for the 4 GP Fates: 4 - 2 = 2 GP.
    assert dicts(g.play("buy fates"))[0]["price"] == 2
    assert g.state.temples_used == {ATHENS: 3}


def test_bought_slot_stays_empty_until_the_next_cycle():
    """Seed 002 FAQ '买到神话生物后...': the bought slot is not refilled during the cycle;
    the normal update happens at the start of the next cycle."""
    state = turn_position(track=["giant", "fates", "sphinx"], gold={ATHENS: 9})
    state.queue = []
    g = game(state)
    deck_before = list(g.state.creature_deck)
    g.play("buy fates")
    assert g.state.creature_track == ["giant", None, "sphinx"]
    assert g.state.creature_deck == deck_before
    assert "buy fates" not in notations(g)
    g.play("end")
    g.force("draw kraken", "draw satyr")
    while g.phase is not Phase.GODS:
        g.step()
    # Next cycle: the unbought 2 GP Sphinx is discarded, the Giant slides to 2 GP, and
    # both empty slots are filled.
    assert g.state.creature_track == ["kraken", "satyr", "giant"]
    assert "sphinx" in g.state.creature_discard
    assert_cards_accounted(g.state)


def test_a_creature_is_used_at_once_and_never_kept():
    """Seed 002 FAQ '买到神话生物后可以留到以后再用吗': no storing creatures; the power is
    resolved before anything else, then the card is discarded."""
    state = turn_position(track=["griffon", None, None], gold={ATHENS: 4, SPARTA: 7})
    g = game(state)
    g.play("buy griffon")
    assert g.state.pending[-1].kind == "creature"
    assert notations(g) == ["griffon sparta", "griffon corinth"]  # no 'end', no other buy
    g.play("griffon sparta")
    assert g.state.creature_discard == ["griffon"]
    assert g.state.held_creatures == {}
    assert g.state.pending == []


def test_buying_several_creatures_in_one_action():
    """Seed 002 FAQ: 'you may call several in one action'."""
    state = turn_position(track=["fates", "fates", None], gold={ATHENS: 9})
    state.creature_track = ["fates", "griffon", "dryad"]
    state.creature_deck.remove("griffon")
    state.creature_deck.remove("dryad")
    g = game(state)
    g.play("buy fates")
    g.play("buy dryad")
    assert "buy griffon" in notations(g)
    assert g.state.creature_track == [None, "griffon", None]
    assert_cards_accounted(g.state)


def test_buy_errors_name_the_rule_and_leave_the_game_unchanged():
    """Errors are named: a bad purchase names the rule and what is legal; the state is
    exactly as before."""
    state = turn_position(track=["giant", "harpy", None], gold={ATHENS: 3})
    g = game(state)
    before = g.state.to_dict()
    with pytest.raises(IllegalActionError, match=r"Athens has 3 GP; the Giant costs 4 GP"):
        g.play("buy giant")
    with pytest.raises(IllegalActionError, match=r"the Kraken is not face up.*Harpy for 3 GP"):
        g.play("buy kraken")
    with pytest.raises(IllegalActionError, match=r"'unicorn' is not a Mythological Creature"):
        g.play("buy unicorn")
    with pytest.raises(NotationError):
        g.play("buy")
    assert g.state.to_dict() == before
    g.play("buy harpy")
    with pytest.raises(IllegalActionError, match="first the step under way must be finished"):
        g.play(Action("buy", ("giant",)))


# --------------------------------------------------------------------------- Zeus


def test_zeus_change_pays_1gp_discards_and_refills_the_same_slot():
    """Seed 000 'The Four Main Gods': Zeus's special action 'Change Creatures' (1 GP);
    seed 002 FAQ: Zeus discards a face-up creature and replaces it. The new card goes into
    the slot that was emptied, even when a more expensive slot was bought this cycle."""
    state = turn_position(god="zeus", track=[None, "harpy", "sphinx"], gold={ATHENS: 3})
    g = game(state)
    assert [n for n in notations(g) if n.startswith("change")] == ["change harpy", "change sphinx"]
    gold = total_gold(g.state)
    events = g.play("change sphinx")
    assert dicts(events) == [
        {
            "kind": "creature_changed",
            "player": "Athens",
            "creature": "sphinx",
            "cost": 1,
            "price": 2,
        }
    ]
    assert g.state.players[ATHENS].gold == 2
    assert g.state.creature_discard == ["sphinx"]
    assert g.node == "chance"
    outcomes = g.chance_outcomes()
    assert [str(a) for a, _ in outcomes] == [f"draw {c}" for c in sorted(g.state.creature_deck)]
    assert all(w == pytest.approx(1 / len(outcomes)) for _, w in outcomes)
    drawn = g.play("draw kraken")
    assert dicts(drawn) == [{"kind": "creature_drawn", "creature": "kraken", "price": 2}]
    assert g.state.creature_track == [None, "harpy", "kraken"]
    assert g.to_act == "Athens" and g.state.turn is not None
    assert total_gold(g.state) == gold
    assert_cards_accounted(g.state)


def test_zeus_change_may_be_repeated_for_1gp_each():
    """RULES-NOTES §1.2: repeating the change is UNCONFIRMED; the implementations allow
    it, 1 GP each time (docs/rules-notes.md)."""
    state = turn_position(god="zeus", track=["giant", None, None], gold={ATHENS: 2})
    g = game(state)
    g.play("change giant")
    g.play("draw satyr")
    g.play("change satyr")
    g.play("draw dryad")
    assert g.state.players[ATHENS].gold == 0
    assert g.state.creature_track == ["dryad", None, None]
    assert not [n for n in notations(g) if n.startswith("change")]


def test_change_is_only_zeus_special_action():
    """Seed 000 'Player Reference': 'Change Creatures' belongs to Zeus only."""
    state = turn_position(god="ares", track=["giant", None, None], gold={ATHENS: 5})
    g = game(state)
    assert not [n for n in notations(g) if n.startswith("change")]
    with pytest.raises(IllegalActionError, match="Zeus's special action"):
        g.play("change giant")
    broke = turn_position(god="zeus", track=["giant", None, None], gold={ATHENS: 0})
    with pytest.raises(IllegalActionError, match="costs 1 GP; Athens has 0 GP"):
        game(broke).play("change giant")


def test_empty_draw_pile_reshuffles_the_discard_pile_for_zeus():
    """RULES-NOTES §1.2 'Empty draw pile': the discard pile is shuffled into a new draw
    pile (an automatic step), then the replacement is drawn (a chance step)."""
    others = [c for c in CREATURES if c not in ("giant", "harpy", "sphinx")]
    state = turn_position(god="zeus", track=["giant", None, None], discard=others)
    assert state.creature_deck == ["harpy", "sphinx"]
    state.creature_deck = []
    state.creature_discard += ["harpy", "sphinx"]
    g = game(state)
    g.play("change giant")
    assert g.node == "auto"
    assert dicts(g.step()) == [{"kind": "creatures_reshuffled", "count": 17, "variant": "empty"}]
    assert g.state.creature_discard == [] and len(g.state.creature_deck) == 17
    assert g.node == "chance"
    g.play("draw giant")  # the changed card may come straight back
    assert g.state.creature_track == ["giant", None, None]
    assert_cards_accounted(g.state)


def test_cycle_start_reshuffles_when_the_draw_pile_runs_out():
    """RULES-NOTES §1.2: at the track update, an empty draw pile is made again from the
    discard pile before drawing (rules/cycle.py)."""
    state = turn_position(track=[None, None, None], discard=[c for c in CREATURES if c != "giant"])
    state.creature_track = [None, None, "giant"]
    state.creature_deck = []
    state.turn = None
    state.phase = Phase.END
    g = game(state)
    events = dicts(g.step())
    assert {"kind": "creature_discarded", "creature": "giant", "reason": "track"} in events
    assert g.node == "auto"
    assert dicts(g.step()) == [{"kind": "creatures_reshuffled", "count": 17, "variant": "empty"}]
    g.force("draw medusa", "draw chiron", "draw siren")
    for _ in range(3):
        g.step()
    assert g.state.creature_track == ["medusa", "chiron", "siren"]
    assert_cards_accounted(g.state)


# --------------------------------------------------------------------------- data & notation


def _data() -> dict:
    path = resources.files("cyclades_widgets") / "data" / "creatures.json"
    return json.loads(path.read_text(encoding="utf-8"))


def test_the_data_file_lists_the_17_creatures():
    """RULES-NOTES §1.1: 17 distinct cards; 5 figurines (Kraken at sea; Minotaur, Medusa,
    Polyphemus, Chiron on isles). Names and a one-line effect in English and Chinese."""
    data = _data()
    ids = [c["id"] for c in data["creatures"]]
    assert sorted(ids) == sorted(CREATURES) and len(set(ids)) == 17
    assert tuple(data["slot_prices"]) == CREATURE_PRICES
    figurines = {c["id"]: c["figurine"] for c in data["creatures"] if c["figurine"] != "none"}
    assert figurines == {
        "kraken": "sea",
        "minotaur": "isle",
        "medusa": "isle",
        "polyphemus": "isle",
        "chiron": "isle",
    }
    for c in data["creatures"]:
        for lang in ("en", "zh"):
            assert c["names"][lang].strip() and c["effect"][lang].strip()
            assert "\n" not in c["effect"][lang]
        assert c["confidence"] and "RULES-NOTES §1.1" in c["source"]
    assert creatures.catalog()["fates"].names["zh"] == "命运三女神"


def _choice_kinds() -> set[str]:
    return set(CREATURES) - {"fates"}


@pytest.mark.parametrize(
    "text, expected",
    [
        ("buy pegasus", Action("buy", ("pegasus",))),
        ("change pegasus", Action("change", ("pegasus",))),
        ("pegasus naxos>paros 2", Action("pegasus", ("naxos", "paros", 2))),
        ("giant fortress paros", Action("giant", ("fortress", "paros"))),
        ("griffon sparta", Action("griffon", ("sparta",))),
        ("harpy naxos", Action("harpy", ("naxos",))),
        ("sphinx troop naxos", Action("sphinx", ("troop", "naxos"))),
        ("sphinx priest", Action("sphinx", ("priest",))),
        ("sphinx done", Action("sphinx", ("done",))),
        ("siren f1", Action("siren", ("f1",))),
        ("siren f1 from g5", Action("siren", ("f1", "g5"))),
        ("sylph g5>f5 2", Action("sylph", ("g5", "f5", 2))),
        ("cyclopes naxos fortress>temple", Action("cyclopes", ("naxos", "fortress", "temple"))),
        ("chimera giant", Action("chimera", ("giant",))),
        ("kraken f1", Action("kraken", ("f1",))),
        ("kraken move e1", Action("kraken", ("move", "e1"))),
        ("polyphemus paros", Action("polyphemus", ("paros",))),
        ("polyphemus f1>e1", Action("polyphemus", ("f1", "e1"))),
        ("minotaur naxos", Action("minotaur", ("naxos",))),
    ],
)
def test_creature_notation_round_trips(text, expected):
    """One readable notation per action; Action.parse(str(a)) == a."""
    assert Action.parse(text) == expected
    assert str(expected) == text


def test_docs_list_the_creature_notation_and_every_creature():
    """Issue 4 'DONE WHEN': each creature is listed with its effect in docs/rules-notes.md."""
    text = (Path(__file__).resolve().parents[1] / "docs" / "rules-notes.md").read_text()
    section = text.split("## Mythological Creatures", 1)[1].split("\n## ", 1)[0]
    for info in creatures.catalog().values():
        assert re.search(rf"\*\*{re.escape(info.names['en'])}\*\*", section), info.id
    for kind in sorted(_choice_kinds() | {"buy", "change"}):
        assert f"`{kind} " in section, kind


def test_every_creature_is_playable_from_legal_actions():
    """Issue 4 'DONE WHEN': all 17 are playable from game.legal_actions()."""
    for creature in CREATURES:
        state = turn_position(track=[creature, None, None], gold={ATHENS: 4})
        assert Action("buy", (creature,)) in flow.legal_actions(state), creature


def test_creature_names_agree_with_the_narration_vocabulary():
    """Issue 4 and 14: one place holds the creature names, the text catalogs; the rules'
    card data (``CreatureInfo.names``) and the narrator read the same entries."""
    from cyclades_widgets.i18n import LANGS
    from cyclades_widgets.i18n import catalog as text_catalog

    for lang in LANGS:
        words = text_catalog(lang)
        for creature, info in creatures.catalog().items():
            assert words.name(creature) == info.names[lang], (lang, creature)
            assert words.entries[f"creature.{creature}.effect"] == info.effect[lang]
