"""The fast paths of the rules core give exactly what the plain computation gives
(issue 16 'Speed').

Listing the legal actions shares made actions and caches what depends only on the map and
a few pieces (the isles a chain of fleets joins, the seas next to a set of isles, the
actions of a list of places or counts, the moves from one place to a list of places, the
god orders, the creature draws), and ``Game`` finds the node and the legal actions once
per step. Behaviour must not change at all: at every step of seeded random games (2 to 5
players, rule options varied), the legal actions listed with warm caches are the very
list (same actions, same order) listed again with every cache emptied, each one is legal
for the explainer, and ``Game``'s node and legal actions agree with ``flow`` after play,
undo, redo and goto.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from cyclades_widgets.game import Game
from cyclades_widgets.rules import actions, control, cycle, flow, gods, ledger, movement
from cyclades_widgets.rules.board import MapSpec, available_maps
from cyclades_widgets.rules.creatures import figurines, moves
from cyclades_widgets.rules.options import RuleOptions
from cyclades_widgets.rules.setup import new_state
from cyclades_widgets.rules.state import GameState, Phase

OPTIONS = (
    RuleOptions(),
    RuleOptions(two_player_priest_discount="total", metropolis_without_room="lost"),
    RuleOptions(tie_break="metropolises_then_gold", card_supply="rulebook", kraken_moves="none"),
)


def _clear_caches() -> None:
    movement.chain_isles.cache_clear()
    movement._move_group.cache_clear()
    gods._seas_next_to.cache_clear()
    actions.made.cache_clear()
    cycle._orders.cache_clear()
    moves._sylph_from.cache_clear()
    moves._pegasus_from.cache_clear()
    figurines._kraken_moves.cache_clear()
    cycle._order_outcomes.cache_clear()
    ledger._prosperity.cache_clear()


def _decisions(game_index: int, cycles: int = 30) -> Iterator[GameState]:
    """The state of a seeded random game before each of its decisions (the live state)."""
    rng = random.Random(f"fast/{game_index}")
    state = new_state(2 + game_index % 4, OPTIONS[game_index // 4 % 3])
    while state.phase is not Phase.OVER and state.cycle <= cycles:
        kind, _ = flow.node(state)
        if kind == "decision":
            yield state
            flow.apply(state, rng.choice(flow.legal_actions(state)))
        elif kind == "chance":
            flow.apply(state, rng.choice(flow.chance_outcomes(state))[0])
        else:
            flow.auto_step(state)


def test_cached_listing_is_the_plain_listing_at_every_step():
    steps = 0
    for index in range(32):
        for state in _decisions(index):
            warm = flow.legal_actions(state)
            _clear_caches()
            cold = flow.legal_actions(state)
            assert warm == cold, (index, state.step)
            assert [str(a) for a in warm] == [str(a) for a in cold]
            steps += 1
    assert steps > 10000


def test_the_last_isles_listed_in_one_pass_are_those_the_rule_protects():
    """control.protected_last_isles (one pass, for listing Ares's moves) names exactly the
    isles is_last_isle_protected bars each player from (seed 000 'Last Isle Rule')."""
    barred = 0
    for index in range(24):
        for state in _decisions(index, cycles=20):
            for player in range(state.n_players):
                fast = set(control.protected_last_isles(state, player))
                plain = {i for i in state.isles if control.is_last_isle_protected(state, player, i)}
                assert fast == plain, (index, state.step, player)
                barred += len(plain)
    assert barred > 100  # the games reach positions where the rule bars someone


def test_every_listed_action_is_legal_for_the_explainer():
    for index in range(16):
        for state in _decisions(index, cycles=12):
            for action in flow.legal_actions(state):
                assert flow.explain(state, action) is None, (index, state.step, str(action))


def _plain_chain(spec: MapSpec, isle: str, seas: frozenset[str]) -> tuple[str, ...]:
    reach = spec.fleet_chain_reachable(isle, seas)
    return tuple(i for i in spec.isles if i in reach)


def test_cached_helpers_match_their_plain_computation():
    rng = random.Random(16)
    for map_id in available_maps():
        spec = MapSpec.load(map_id)
        for _ in range(200):
            seas = frozenset(s for s in spec.seas if rng.random() < 0.3)
            isle = rng.choice(spec.isles)
            assert movement.chain_isles(spec, isle, seas) == _plain_chain(spec, isle, seas)
            isles = tuple(i for i in spec.isles if rng.random() < 0.3)
            near = set().union(*(spec.isle_seas[i] for i in isles)) if isles else set()
            assert gods._seas_next_to(map_id, isles) == tuple(sorted(near))
    group = movement._move_group("fleets", "c1", ("c2", "c5"), 3)
    assert [str(a) for a in group] == [
        f"move fleets c1>{sea} {n}" for sea in ("c2", "c5") for n in range(1, 4)
    ]


def _check_game(game: Game) -> None:
    state: GameState = game.state
    kind, player = flow.node(state)
    assert game.node == kind
    assert game.to_act == (
        state.names[player] if kind == "decision" and player is not None else None
    )
    assert game.legal_actions() == flow.legal_actions(state)


def test_game_finds_node_and_legal_actions_once_per_step_and_agrees_with_flow():
    for index in range(8):
        rng = random.Random(f"fast-game/{index}")
        game = Game.new(players=2 + index % 4, seed=index, start="setup")
        for _ in range(400):
            if game.is_over:
                break
            _check_game(game)
            legal = game.legal_actions()
            if legal:
                game.play(rng.choice(legal))
            else:
                game.step()
            roll = rng.random()
            if roll < 0.1:
                game.undo()
                _check_game(game)
                if rng.random() < 0.5:
                    game.redo()
            elif roll < 0.12:
                game.goto(rng.randrange(len(game.history) + 1))
                _check_game(game)
                game.goto(len(game.history) + len(game.undone()))
        _check_game(game)
