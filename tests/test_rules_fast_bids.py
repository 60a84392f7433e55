"""The fast paths of the offerings and of the cycle's automatic steps (issue 16 'Speed')
agree with the plain statement of each rule, at every step of seeded random games.

The bids are listed in one pass over the gods, each player's bids and revenue are read in
one pass over the state, and the end of a cycle counts every seat's Metropolises at once;
these tests rebuild the same results from the rules' own predicates and the state's
per-player queries (``god_closed``, ``amount_problem``, ``apollo_problem``, ``payment``,
``state.metropolises``...), in the same order.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from cyclades_widgets.rules import cycle, flow, ledger, offerings
from cyclades_widgets.rules.actions import Action
from cyclades_widgets.rules.board import MapSpec
from cyclades_widgets.rules.options import RuleOptions
from cyclades_widgets.rules.setup import new_state
from cyclades_widgets.rules.state import APOLLO, GameState, GodAction, Phase

OPTIONS = (
    RuleOptions(),
    RuleOptions(two_player_priest_discount="total"),
    RuleOptions(tie_break="metropolises_then_gold"),
)


def _states(game_index: int, cycles: int = 20) -> Iterator[GameState]:
    """The live state of a seeded random game before each of its steps."""
    rng = random.Random(f"fast-bids/{game_index}")
    state = new_state(2 + game_index % 4, OPTIONS[game_index // 4 % 3])
    while state.phase is not Phase.OVER and state.cycle <= cycles:
        yield state
        kind, _ = flow.node(state)
        if kind == "decision":
            flow.apply(state, rng.choice(flow.legal_actions(state)))
        elif kind == "chance":
            flow.apply(state, rng.choice(flow.chance_outcomes(state))[0])
        else:
            flow.auto_step(state)


def _plain_bids(state: GameState) -> list[Action]:
    """Every bid the rules' predicates allow, god by god, then Apollo."""
    player = offerings.bidder(state)
    listed = []
    for god in state.god_order[: state.gods_up]:
        if offerings.god_closed(state, player, god) is not None:
            continue
        gold = state.players[player].gold + state.players[player].priests + 2
        listed += [
            Action("bid", (god, n))
            for n in range(0, gold + 1)
            if offerings.amount_problem(state, player, god, n) is None
        ]
    if offerings.apollo_problem(state, player) is None:
        listed.append(Action("bid", (APOLLO,)))
    return listed


def _plain_revenue(state: GameState, player: int) -> tuple[int, int, int]:
    spec = MapSpec.load(state.map_id)
    land = sum(
        spec.isle_prosperity[i] + isle.markers
        for i, isle in state.isles.items()
        if isle.owner == player
    )
    sea = sum(spec.sea_prosperity.get(s, 0) for s, (o, _) in state.fleets.items() if o == player)
    return land + sea, land, sea


def _plain_ranking(state: GameState) -> list[int]:
    reached = [
        p for p in state.active_players() if state.metropolises(p) >= state.metropolises_to_win
    ]
    first = state.options.tie_break != "gold"
    return sorted(
        reached,
        key=lambda p: (-state.metropolises(p) if first else 0, -state.players[p].gold, p),
    )


def test_bids_are_what_the_predicates_allow_in_order():
    rng = random.Random(7)
    seen = 0
    for index in range(24):
        for state in _states(index):
            if state.phase is not Phase.OFFERINGS or flow.node(state)[0] != "decision":
                continue
            assert offerings.legal_bids(state) == _plain_bids(state), (index, state.step)
            # the same position with other gold and Priests for the bidder
            poorer = state.copy()
            seat = poorer.players[offerings.bidder(poorer)]
            seat.gold, seat.priests = rng.randrange(0, 12), rng.randrange(0, 4)
            assert offerings.legal_bids(poorer) == _plain_bids(poorer), (index, state.step)
            seen += 1
    assert seen > 500


def test_payment_revenue_and_ranking_match_the_per_player_rules():
    payments = revenues = 0
    for index in range(24):
        for state in _states(index):
            active = state.active_players()
            assert [ledger.revenue_of(state, p) for p in active] == [
                _plain_revenue(state, p) for p in active
            ]
            assert cycle.ranking(state) == _plain_ranking(state)
            if state.phase is Phase.OFFERINGS and flow.node(state)[0] == "auto":
                paid = {
                    state.names[p]: offerings.payment(state, p, offerings._bids_of(state, p))
                    for p in active
                    if offerings._bids_of(state, p)
                }
                after = state.copy()
                events = offerings.pay_offerings(after)
                assert {e.data["player"]: e.data["paid"] for e in events[:-1]} == paid
                assert after.bank - state.bank == sum(paid.values())
                face_up = state.god_order[: state.gods_up]
                assert after.queue == [
                    GodAction(g, state.bids[g].player) for g in face_up if g in state.bids
                ] + [GodAction(APOLLO, p) for p in state.apollo]
                payments += 1
            if state.phase is Phase.REVENUE:
                after = state.copy()
                events = cycle.revenue(after)
                assert [e.data["gold"] for e in events[:-1]] == [
                    _plain_revenue(state, p)[0] for p in active
                ]
                revenues += 1
    assert payments > 100 and revenues > 100


def test_ranking_orders_contenders_by_the_tie_break():
    state = new_state(4, RuleOptions(tie_break="metropolises_then_gold"))
    isles = list(state.isles.values())
    for isle, owner in zip(isles[:5], (1, 1, 2, 2, 2), strict=True):
        isle.owner, isle.metropolis = owner, True
    state.players[1].gold = 9
    assert cycle.ranking(state) == _plain_ranking(state) == [2, 1]
    state.options = RuleOptions(tie_break="gold")
    assert cycle.ranking(state) == _plain_ranking(state) == [1, 2]


def test_draws_list_every_card_of_the_pile_in_order_even_unknown_ones():
    state = new_state(3)
    state.creature_deck = ["sphinx", "griffon", "kraken"]
    assert [(str(a), w) for a, w in cycle.draw_outcomes(state)] == [
        ("draw griffon", 1.0),
        ("draw kraken", 1.0),
        ("draw sphinx", 1.0),
    ]
    state.creature_deck = ["sphinx", "zzz-card"]
    assert [str(a) for a, _ in cycle.draw_outcomes(state)] == ["draw sphinx", "draw zzz-card"]


def test_setup_orders_are_every_distinct_token_order_of_these_names():
    for players, count in ((2, 6), (3, 6), (4, 24), (5, 120)):
        outcomes = cycle.order_outcomes(new_state(players))
        assert len(outcomes) == len({a for a, _ in outcomes}) == count
    named = new_state(["Ann", "Bob", "Cy"])
    assert str(cycle.order_outcomes(named)[0][0]) == "order ann,bob,cy"
