"""Offerings (issue 2 'Offerings'): seed 000 'Offerings', seed 002 '献祭竞价' and its FAQ,
RULES-NOTES §5.2 and §5.3."""

from __future__ import annotations

import random

import pytest
from helpers import assert_illegal, find, kinds, offerings_game, one, total_gold

from cyclades_widgets.game import Game
from cyclades_widgets.rules.actions import Action
from cyclades_widgets.rules.offerings import _bids_of, max_bid, payment
from cyclades_widgets.rules.options import RuleOptions
from cyclades_widgets.rules.state import Phase


def bids(game, god: str) -> list[int]:
    """The legal amounts for ``god`` now."""
    return [a.args[1] for a in game.legal_actions() if a.args[0] == god and len(a.args) > 1]


# --------------------------------------------------------------------------- order, gold


def test_players_bid_in_turn_order():
    """seed 000 'Offerings': in turn order, each player places their offering marker."""
    game = offerings_game(4, order=[2, 0, 3, 1])
    seen = []
    for god in ("ares", "poseidon", "zeus"):
        seen.append(game.to_act)
        game.play(f"bid {god} 1")
    seen.append(game.to_act)
    game.play("bid apollo")
    assert seen == ["Corinth", "Athens", "Thebes", "Sparta"]
    assert game.node == "auto" and game.to_act is None


def test_cannot_bid_more_than_you_can_afford():
    """seed 000 'Offerings': 'It is forbidden to bid more than you can afford.'"""
    game = offerings_game(3, gold={0: 3})
    assert bids(game, "ares") == [1, 2, 3]
    assert_illegal(game, "bid ares 4", "Athens has 3 GP", "cannot bid 4 on Ares")


def test_bids_must_be_payable_after_the_priest_discount():
    """seed 002 '献祭竞价' + FAQ '所有承诺都须付得起': what must be payable is the payment,
    bid minus 1 GP per Priest (docs/rules-notes.md 'affordability')."""
    game = offerings_game(3, gold={0: 3}, priests={0: 2})
    assert bids(game, "ares") == [1, 2, 3, 4, 5]  # bid 5 − 2 Priests = 3 GP
    assert_illegal(game, "bid ares 6", "would pay 4")


def test_minimum_bid_is_1_gp():
    """RULES-NOTES §5.2 'Bid increments and minimum bid': whole GP, minimum 1."""
    game = offerings_game(3)
    assert min(bids(game, "ares")) == 1
    assert_illegal(game, "bid ares 0", "at least 1 GP")


def test_with_no_gold_only_apollo_is_open():
    """seed 002 FAQ '被更高出价挤走后': Apollo is the free way out for everyone."""
    game = offerings_game(3, gold={0: 0})
    assert game.legal_actions() == [Action("bid", ("apollo",))]


# --------------------------------------------------------------------------- outbidding


def test_an_outbid_must_be_strictly_higher():
    """seed 000 'Offerings': 'To outbid, the new bid must exceed the current one.'"""
    game = offerings_game(3)
    game.play("bid ares 3")
    assert bids(game, "ares")[0] == 4
    assert_illegal(game, "bid ares 3", "Athens has bid 3 on Ares", "strictly higher", "at least 4")


def test_outbid_player_must_bid_at_once_on_another_god():
    """seed 000 'Offerings' / seed 002 FAQ '被更高出价挤走后': the outbid player must
    immediately bid on a different god, before the next player in turn order."""
    game = offerings_game(4)
    game.play("bid ares 2")
    events = game.play("bid ares 3")
    assert one(events, "outbid") == {
        "player": "Sparta",
        "god": "ares",
        "bid": 3,
        "previous": "Athens",
        "previous_bid": 2,
    }
    assert game.to_act == "Athens"
    assert "ares" not in {a.args[0] for a in game.legal_actions()}
    assert_illegal(game, "bid ares 4", "Athens was just outbid on Ares", "different god")
    game.play("bid zeus 1")
    assert game.to_act == "Corinth"


def test_displacement_chains_are_settled_before_the_next_player():
    """seed 002 FAQ ('若又挤走别人,要先处理完连锁改价,才能轮到原定下一位玩家')."""
    game = offerings_game(4)
    game.play("bid ares 1")  # Athens
    game.play("bid zeus 1")  # Sparta
    game.play("bid ares 2")  # Corinth displaces Athens
    assert game.to_act == "Athens"
    game.play("bid zeus 2")  # Athens displaces Sparta: the chain goes on
    assert game.to_act == "Sparta"
    game.play("bid ares 3")  # Sparta displaces Corinth from Ares (not Zeus, just lost)
    assert game.to_act == "Corinth"
    game.play("bid poseidon 1")
    assert game.to_act == "Thebes"  # the chain is over: the next token in turn order
    assert game.state.bids == {"ares": (1, 3), "zeus": (0, 2), "poseidon": (2, 1)}


def test_return_to_a_god_only_after_displaced_from_another():
    """seed 002 FAQ ('被挤走者这次不能直接原地加价留在同一神祇,但若之后又被另一位神挤走,
    才可能绕回原神重新出更高价')."""
    game = offerings_game(4)
    game.play("bid ares 1")  # Athens
    game.play("bid ares 2")  # Sparta displaces Athens from Ares
    assert "ares" not in {a.args[0] for a in game.legal_actions()}
    game.play("bid zeus 1")  # Athens
    game.play("bid zeus 2")  # Corinth displaces Athens from Zeus
    assert game.to_act == "Athens"
    assert bids(game, "ares")[0] == 3, "Athens may go back to Ares now"
    assert "zeus" not in {a.args[0] for a in game.legal_actions()}
    game.play("bid ares 3")
    assert game.to_act == "Sparta"  # displaced in turn


# --------------------------------------------------------------------------- Apollo


def test_apollo_is_free_and_shared():
    """seed 000 'Offerings': 'Apollo requires no offering and may be chosen by multiple
    players'; seed 002 FAQ 'Apollo 也要竞价吗'."""
    game = offerings_game(3)
    gold = [p.gold for p in game.state.players]
    first = game.play("bid apollo")
    second = game.play("bid apollo")
    assert one(first, "bid_apollo") == {"player": "Athens", "first": True}
    assert one(second, "bid_apollo") == {"player": "Sparta", "first": False}
    assert game.state.apollo == [0, 1]
    assert Action("bid", ("apollo",)) in game.legal_actions()
    game.play("bid ares 1")
    paid = game.step()
    assert [e["player"] for e in find(paid, "pay_offering")] == ["Corinth"]
    assert [p.gold for p in game.state.players] == [gold[0], gold[1], gold[2] - 1]
    assert_illegal(offerings_game(3), "bid apollo 2", "Apollo takes no offering")


def test_only_the_first_apollo_player_places_the_prosperity_marker():
    """seed 002 FAQ 'Apollo' ('多人选择时只有最早选 Apollo 者能放置 marker'), seed 000 'Apollo'."""
    game = offerings_game(3)
    game.play("bid apollo")  # Athens: first
    game.play("bid apollo")  # Sparta
    game.play("bid ares 1")
    game.step()  # payment
    game.step()  # Corinth's Ares turn begins
    game.play("end")
    athens = game.step()
    assert one(athens, "apollo_income")["player"] == "Athens"
    assert game.to_act == "Athens" and game.state.pending[-1].kind == "prosperity"
    options = game.legal_actions()
    assert {a.args[0] for a in options} == set(game.state.isles_of(0))
    placed = game.play(options[0])
    assert one(placed, "prosperity_placed") == {"player": "Athens", "isle": options[0].args[0]}
    assert game.state.isles[options[0].args[0]].markers == 1
    assert game.state.prosperity_supply == 15
    sparta = game.step()
    assert kinds(sparta) == ["apollo_income"]
    assert not game.state.pending and game.phase is Phase.ACTIONS
    assert game.step() and game.phase is Phase.END


# --------------------------------------------------------------------------- payment


@pytest.mark.parametrize(
    ("bid", "priests", "paid"),
    [(3, 0, 3), (3, 1, 2), (3, 2, 1), (3, 5, 1), (1, 3, 1)],
)
def test_payment_is_the_bid_minus_1_per_priest_minimum_1(bid, priests, paid):
    """seed 000 'Offerings' ('Each player pays their bid amount (reduced by Priests,
    minimum 1 GP)'); seed 002 '献祭竞价' ('不能让普通神祇的最终支付低于 1 GP')."""
    game = offerings_game(3, gold={0: 9}, priests={0: priests})
    game.play(f"bid ares {bid}")
    game.play("bid apollo")
    game.play("bid apollo")
    total = total_gold(game.state)
    events = game.step()
    assert one(events, "pay_offering") == {
        "player": "Athens",
        "bids": [bid],
        "priests": priests,
        "paid": paid,
        "discount": "per_offering",
    }
    assert game.state.players[0].gold == 9 - paid
    assert total_gold(game.state) == total


# --------------------------------------------------------------------------- 2 players


def test_two_players_each_bid_with_two_tokens_on_two_gods():
    """seed 002 '双人局例外': each player uses two offering tokens, on two gods."""
    game = offerings_game(2, order=[0, 1, 1, 0])
    game.play("bid ares 1")
    game.play("bid zeus 1")
    game.play("bid poseidon 1")
    assert game.to_act == "Athens"
    game.play("bid apollo")
    game.step()
    assert game.state.queue == [("ares", 0), ("poseidon", 1), ("zeus", 1), ("apollo", 0)]


def test_two_players_both_offerings_must_be_payable_together():
    """seed 002 FAQ '双人局' ('必须同时付得起两个最终报价')."""
    game = offerings_game(2, gold={0: 5}, order=[0, 0, 1, 1])
    game.play("bid ares 3")
    assert bids(game, "zeus") == [1, 2]
    assert_illegal(game, "bid zeus 3", "cannot bid 3 on Zeus", "for both offerings")


def test_two_players_a_second_token_may_displace_your_own_first():
    """seed 002 '双人局例外' ('后放的标记可以挤掉自己先前选中的神祇,但仍要处理出价顺序与
    支付'): the displaced first token must then bid at once on a different god."""
    game = offerings_game(2, order=[0, 0, 1, 1])
    game.play("bid ares 1")
    assert bids(game, "ares")[0] == 2
    events = game.play("bid ares 2")
    assert one(events, "outbid")["previous"] == "Athens"
    assert game.to_act == "Athens" and game.state.displaced == (0, "ares")
    game.play("bid zeus 1")
    assert game.state.bids == {"ares": (0, 2), "zeus": (0, 1)}
    assert game.to_act == "Sparta"


def test_core_two_players_apollo_second_token_only_when_no_other_bid():
    """seed 002 '双人局例外' (两枚标记向两位神祇各出价): a player already on Apollo puts the
    second token there only when no other bid is possible; the player then has two Apollo
    turns, and places the marker once (docs/rules-notes.md)."""
    game = offerings_game(2, order=[0, 0, 1, 1])
    game.play("bid apollo")
    assert Action("bid", ("apollo",)) not in game.legal_actions()
    assert_illegal(game, "bid apollo", "already has a token on Apollo", "different gods")
    broke = offerings_game(2, order=[0, 0, 1, 1], gold={0: 0})
    broke.play("bid apollo")
    assert broke.legal_actions() == [Action("bid", ("apollo",))]
    broke.play("bid apollo")
    assert broke.state.apollo == [0, 0]
    broke.play("bid ares 1")
    broke.play("bid zeus 1")
    broke.advance()  # payment, Sparta's turns...
    while broke.to_act == "Sparta":
        broke.play("end")
        broke.advance()
    while broke.phase is Phase.ACTIONS:
        if broke.to_act:
            broke.play(broke.legal_actions()[0])  # Athens places the marker
        else:
            broke.step()
    incomes = [e for s in broke.history for e in find(s.events, "apollo_income")]
    assert [e["player"] for e in incomes] == ["Athens", "Athens"]
    assert sum(p.markers for p in broke.state.isles.values()) == 1


def test_two_players_priests_come_off_each_offering_by_default():
    """seed 002 FAQ '双人局' ('每位Priest对两笔献祭分别减1GP,但每笔普通神祇献祭仍至少付1GP')."""
    game = offerings_game(2, order=[0, 0, 1, 1], priests={0: 4})
    game.play("bid ares 3")
    game.play("bid zeus 2")
    game.play("bid apollo")
    game.play("bid poseidon 1")
    event = find(game.step(), "pay_offering")[0]
    assert event["player"] == "Athens" and event["bids"] == [3, 2]
    assert event["paid"] == 2 and event["discount"] == "per_offering"  # (3−4→1) + (2−4→1)


def test_option_total_takes_two_player_priests_off_the_total():
    """RULES-NOTES §5.2 (designer-reviewed FAQ): each Priest takes 1 GP off the total of
    both offerings, still at least 1 per offering: 4 Priests, offerings 3 and 2 → pay 2;
    2 Priests, offerings 3 and 2 → pay 3 (per offering it would be 1 + 1 = 2)."""
    options = RuleOptions(two_player_priest_discount="total")
    game = offerings_game(2, order=[0, 0, 1, 1], priests={0: 4}, options=options)
    assert payment(game.state, 0, [3, 2]) == 2
    game.state.players[0].priests = 2
    assert payment(game.state, 0, [3, 2]) == 3
    game.play("bid ares 3")
    game.play("bid zeus 2")
    game.play("bid apollo")
    game.play("bid poseidon 1")
    event = [e for e in find(game.step(), "pay_offering") if e["player"] == "Athens"][0]
    assert event == {
        "player": "Athens",
        "bids": [3, 2],
        "priests": 2,
        "paid": 3,
        "discount": "total",
    }


def test_option_total_also_bounds_what_may_be_bid():
    """Affordability follows the chosen payment rule: with 'total', 3 GP and 2 Priests allow
    offerings of 3 and 2 (pay 3); per offering they would allow 3 and 4 (pay 1 + 2)."""
    per = offerings_game(2, order=[0, 0, 1, 1], gold={0: 3}, priests={0: 2})
    per.play("bid ares 3")
    assert max(bids(per, "zeus")) == 4
    total = offerings_game(
        2,
        order=[0, 0, 1, 1],
        gold={0: 3},
        priests={0: 2},
        options=RuleOptions(two_player_priest_discount="total"),
    )
    total.play("bid ares 3")
    assert max(bids(total, "zeus")) == 2


def test_face_down_gods_cannot_be_chosen():
    """seed 000 'The Gods': in fewer players some gods are face down (unavailable)."""
    game = offerings_game(3, gods=("zeus", "ares", "athena", "poseidon"))
    assert {a.args[0] for a in game.legal_actions()} == {"zeus", "ares", "apollo"}
    assert_illegal(game, "bid athena 1", "Athena is face down", "3 players")


@pytest.mark.parametrize("players", [2, 3, 5])
@pytest.mark.parametrize("discount", ["per_offering", "total"])
def test_max_bid_is_exactly_the_highest_affordable_offering(players, discount):
    """seed 000 'Offerings': "It is forbidden to bid more than you can afford": the bid
    list stops exactly where the payment (after Priests, seed 002) would exceed the gold."""
    game = Game.new(
        players=players, seed=4, options=RuleOptions(two_player_priest_discount=discount)
    )
    rng = random.Random(players)
    checked = 0
    while not game.is_over and game.cycle <= 6:
        state = game.state
        if game.node == "decision" and state.phase is Phase.OFFERINGS and not state.pending:
            seat = state.seat(game.to_act)
            state.players[seat].priests = rng.randrange(4)  # vary the discount
            for god in state.god_order[: state.gods_up]:
                committed = _bids_of(state, seat, skip=god)
                top = max_bid(state, seat, committed)
                gold = state.players[seat].gold
                if top:
                    assert payment(state, seat, [*committed, top]) <= gold
                assert payment(state, seat, [*committed, top + 1]) > gold
                checked += 1
        legal = game.legal_actions()
        game.play(rng.choice(legal)) if legal else game.step()
    assert checked > 20
