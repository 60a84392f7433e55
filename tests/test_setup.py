"""Setup per player count (issue 2 'Setup'): seed 000 'Setup', RULES-NOTES §3.3 and §4.

The maps themselves (isles, seas, start positions per map) are tested in test_maps.py;
here we check what ``new_state`` and the first steps of a game make of them.
"""

from __future__ import annotations

from collections import Counter

import pytest
from helpers import find, one, run_until

from cyclades_widgets.game import Game
from cyclades_widgets.rules import ledger
from cyclades_widgets.rules.board import MapSpec
from cyclades_widgets.rules.options import RuleOptions
from cyclades_widgets.rules.setup import new_state, player_names, setup_events
from cyclades_widgets.rules.state import CREATURES, GODS, Phase

PLAYER_COUNTS = [2, 3, 4, 5]


@pytest.mark.parametrize("n", PLAYER_COUNTS)
def test_every_player_starts_with_5_gp(n):
    """seed 000 'Setup' 1: 5 GP each, hidden behind the screen."""
    state = new_state(n)
    assert [p.gold for p in state.players] == [5] * n
    assert [(p.priests, p.philosophers) for p in state.players] == [(0, 0)] * n


@pytest.mark.parametrize("n", PLAYER_COUNTS)
def test_two_isles_with_one_troop_each_and_two_fleets(n):
    """RULES-NOTES §3.3: 2 isles with 1 troop each, and 2 fleets each next to their isles."""
    state = new_state(n)
    spec = MapSpec.load(state.map_id)
    for seat in range(n):
        isles = state.isles_of(seat)
        assert len(isles) == 2
        assert [state.isles[i].troops for i in isles] == [1, 1]
        assert state.fleets_on_board(seat) == 2
        seas = [s for s, (owner, _) in state.fleets.items() if owner == seat]
        near = set().union(*(spec.isle_seas[i] for i in isles))
        assert set(seas) <= near, "a start fleet lies next to one of the player's isles"
    neutral = [i for i, isle in state.isles.items() if isle.owner is None]
    assert all(state.isles[i].troops == 0 for i in neutral)
    assert len(neutral) == len(spec.isles) - 2 * n


@pytest.mark.parametrize("n", PLAYER_COUNTS)
def test_every_start_position_has_a_revenue_of_2(n):
    """RULES-NOTES §3.3: every player starts with exactly 2 prosperity."""
    state = new_state(n)
    assert [ledger.revenue_of(state, seat)[0] for seat in range(n)] == [2] * n


@pytest.mark.parametrize("n", PLAYER_COUNTS)
def test_revenue_is_paid_in_cycle_1_too(n):
    """RULES-NOTES §5.1: revenue is also paid in cycle 1, so every player bids with 5 + 2 GP."""
    game = Game.new(players=n, seed=n)
    assert game.phase is Phase.OFFERINGS
    assert [p.gold for p in game.state.players] == [7] * n
    revenue = find(game.history[-1].events, "revenue")
    assert [e["gold"] for e in revenue] == [2] * n


@pytest.mark.parametrize("n", [3, 4, 5])
def test_one_offering_token_per_player_in_random_order(n):
    """seed 000 'Setup' 5: one offering token per player, shuffled onto the turn track."""
    game = Game.new(players=n, seed=1, start="setup")
    outcomes = game.chance_outcomes()
    assert {a.kind for a, _ in outcomes} == {"order"}
    orders = [a.args[0] for a, _ in outcomes]
    expected = {1: 1, 2: 2, 3: 6, 4: 24, 5: 120}[n]
    assert len(orders) == len(set(orders)) == expected
    assert all(sorted(o) == sorted(x.lower() for x in game.players) for o in orders)
    assert {round(p, 12) for _, p in outcomes} == {round(1 / expected, 12)}


def test_two_players_two_offering_tokens_each():
    """seed 002 '双人局例外': with 2 players each player uses two offering tokens."""
    game = Game.new(players=2, seed=1, start="setup")
    orders = [a.args[0] for a, _ in game.chance_outcomes()]
    assert len(orders) == 6  # 4!/(2!·2!) distinct orders of the four tokens
    assert all(Counter(o) == Counter({"athens": 2, "sparta": 2}) for o in orders)
    game.step()
    assert len(game.state.turn_order) == 4
    assert Counter(game.state.turn_order) == Counter({0: 2, 1: 2})


def test_token_order_is_chance_and_follows_the_seed():
    """seed 000 'Setup' 5: the order is random; the game's seed chooses it reproducibly."""
    orders = {tuple(Game.new(players=5, seed=s).state.turn_order) for s in range(12)}
    assert len(orders) > 1
    assert (
        Game.new(players=5, seed=3).state.turn_order == Game.new(players=5, seed=3).state.turn_order
    )
    event = one(Game.new(players=4, seed=2, start="setup").step(), "turn_order")
    assert len(event["order"]) == 4


@pytest.mark.parametrize("n", PLAYER_COUNTS)
def test_creature_deck_of_17_shuffled_face_down(n):
    """seed 000 'Setup' 3, RULES-NOTES §1.1: 17 distinct creature cards, shuffled; the
    shuffle is a chance step (each card in the pile equally likely to be drawn)."""
    state = new_state(n)
    assert sorted(state.creature_deck) == sorted(CREATURES) and len(set(CREATURES)) == 17
    assert state.creature_track == [None, None, None] and state.creature_discard == []
    game = Game.new(players=n, seed=0, start="setup")
    game.step()  # the token order
    outcomes = game.chance_outcomes()
    assert len(outcomes) == 17 and {a.kind for a, _ in outcomes} == {"draw"}
    assert {round(p, 12) for _, p in outcomes} == {round(1 / 17, 12)}
    first_cards = {Game.new(players=n, seed=s).state.creature_track[0] for s in range(10)}
    assert len(first_cards) > 1


@pytest.mark.parametrize(
    ("card_supply", "priests", "philosophers", "gold"),
    [("seed", 18, 17, 98), ("rulebook", 16, 16, 100)],
)
def test_priest_philosopher_and_gold_supplies_follow_the_card_supply(
    card_supply, priests, philosophers, gold
):
    """seed 000 'Components' (18 Priests, 17 Philosophers, 98 GP) or, as a rule option,
    the rulebook's contents list (16, 16, 100; RULES-NOTES §0)."""
    state = new_state(4, RuleOptions(card_supply=card_supply))
    assert state.priest_supply == priests
    assert state.philosopher_supply == philosophers
    assert state.bank + sum(p.gold for p in state.players) == gold
    assert state.building_supply == {"fortress": 10, "port": 10, "temple": 10, "university": 10}
    assert state.metropolis_supply == 10 and state.prosperity_supply == 16


@pytest.mark.parametrize("n", PLAYER_COUNTS)
def test_players_are_named_by_city_by_default(n):
    """seed 000 'Overview': the cities Athens, Sparta, Corinth, Thebes, Argos."""
    cities = ("Athens", "Sparta", "Corinth", "Thebes", "Argos")
    assert player_names(n) == cities[:n]
    assert Game.new(players=n, seed=0, start="setup").players == cities[:n]


def test_players_may_be_named_as_given():
    """``Game.new(players=["Athens", ...])``: any single-word names."""
    game = Game.new(players=["Ann", "Bob", "Team_C"], seed=0)
    assert game.players == ("Ann", "Bob", "Team_C")
    assert game.to_act in game.players


@pytest.mark.parametrize(
    ("players", "message"),
    [
        (1, "2 to 5 players"),
        (6, "2 to 5 players"),
        (["Solo"], "2 to 5 players"),
        (["Ann", "Bob Smith"], "one word"),
        (["Ann", "3rd"], "one word"),
        (["Ann", ""], "one word"),
        (["Ann", "ann"], "must differ"),
        (["Ann", "Zeus"], "named after a god"),
    ],
)
def test_bad_player_names_or_counts_are_named_errors(players, message):
    """Names are single words (they appear in notation, e.g. 'order ann,bob')."""
    with pytest.raises(ValueError, match=message):
        Game.new(players=players, seed=0)


def test_setup_events_describe_each_starting_position():
    """Setup events (for the log): each player's gold, isles and fleets."""
    state = new_state(3)
    events = setup_events(state)
    assert [e.data["player"] for e in events] == ["Athens", "Sparta", "Corinth"]
    for seat, event in enumerate(events):
        assert event.kind == "setup_player"
        assert event.data["gold"] == 5
        assert event.data["isles"] == state.isles_of(seat)
        assert len(event.data["fleets"]) == 2


def test_gods_are_laid_out_only_when_the_cycle_begins():
    """seed 000 'Setup' 6: the God tiles wait beside the board; they are shuffled onto the
    track in phase 2 of cycle 1, after the creature track (seed 000 'Turn Structure')."""
    game = Game.new(players=4, seed=5, start="setup")
    assert game.state.god_order == [] and game.phase is Phase.SETUP
    game.step()  # token order → cycle 1 begins with the creature track
    assert game.cycle == 1 and game.phase is Phase.CREATURES
    run_until(game, Phase.REVENUE)
    assert sorted(game.state.god_order) == sorted(GODS)
