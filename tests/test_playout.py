"""Seeded random playouts over 2–5 players with invariants checked at every step.

Random-playout tests: gold accounted for, unit caps, building supply, ownership
consistent, undo exact, JSON round trip equal. Also: every legal action parses back to
itself (docs/notation.md) and applies, chance outcomes are proper distributions, and a decision
always has at least one legal action. Sources of the invariants: seed 000 'Components'
(8 troops, 8 fleets, 3 territory markers, 10 of each building and Metropolis), seed 002
'撤退与控制' (an owned isle has troops or a territory marker), RULES-NOTES §5.7 (an
eliminated player holds nothing), rules/ledger.py (bank + players' gold is constant).

``make test`` plays a short run (16 games) and stays well under 30 s; the long run of 200
games is marked ``slow`` and runs in ``make reliability``.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import dataclass, field

import pytest

from cyclades_widgets.game import Game
from cyclades_widgets.rules import Action, GameState, flow
from cyclades_widgets.rules.battle import attacking_units
from cyclades_widgets.rules.state import (
    BUILDING_SUPPLY,
    BUILDINGS,
    MAX_FLEETS,
    MAX_TROOPS,
    METROPOLIS_SUPPLY,
    PROSPERITY_MARKERS,
    TERRITORY_MARKERS,
)

CYCLE_CAP = 30


@dataclass
class Tally:
    """What the playouts went through, reported at the end."""

    games: int = 0
    steps: int = 0
    cycles: int = 0
    winners: Counter = field(default_factory=Counter)
    capped: int = 0
    actions: Counter = field(default_factory=Counter)
    events: Counter = field(default_factory=Counter)

    def line(self) -> str:
        return (
            f"{self.games} games, {self.steps} steps, {self.cycles} cycles, "
            f"{sum(self.winners.values())} won ({dict(self.winners)}), {self.capped} capped; "
            f"battles {self.events['battle_start']}, rounds {self.events['battle_round']}, "
            f"retreats {self.events['retreat']}, captures {self.events['capture']}, "
            f"eliminations {self.events['eliminated']}"
        )


# --------------------------------------------------------------------------- invariants


def check_invariants(state: GameState, beyond_markers: set[str]) -> None:
    """Everything that must hold between any two steps."""
    _check_gold_and_cards(state)
    _check_units(state)
    _check_supplies(state)
    _check_isles(state, beyond_markers)
    _check_seas(state)
    _check_pending(state)


def _check_gold_and_cards(state: GameState) -> None:
    opts = state.options
    assert state.bank + sum(p.gold for p in state.players) == opts.gold_supply
    assert all(p.gold >= 0 for p in state.players)
    assert state.priest_supply + sum(p.priests for p in state.players) == opts.priest_supply
    assert (
        state.philosopher_supply + sum(p.philosophers for p in state.players)
        == opts.philosopher_supply
    )
    for seat, p in enumerate(state.players):
        if p.eliminated:
            assert (p.gold, p.priests, p.philosophers) == (0, 0, 0)
            assert seat not in state.turn_order and seat not in state.apollo
            assert all(q[1] != seat for q in state.queue)


def _check_units(state: GameState) -> None:
    for seat in range(state.n_players):
        troops = state.troops_on_board(seat) + attacking_units(state, seat, "land")
        fleets = state.fleets_on_board(seat) + attacking_units(state, seat, "sea")
        assert troops <= MAX_TROOPS, (state.names[seat], troops)
        assert fleets <= MAX_FLEETS, (state.names[seat], fleets)


def _check_supplies(state: GameState) -> None:
    for kind in BUILDINGS:
        on_board = sum(i.buildings.count(kind) for i in state.isles.values())
        assert state.building_supply[kind] + on_board == BUILDING_SUPPLY, kind
    metros = sum(1 for i in state.isles.values() if i.metropolis)
    assert state.metropolis_supply + metros == METROPOLIS_SUPPLY
    markers = sum(i.markers for i in state.isles.values())
    assert state.prosperity_supply + markers == PROSPERITY_MARKERS


def _check_isles(state: GameState, beyond_markers: set[str]) -> None:
    for isle_id, isle in state.isles.items():
        assert isle.troops >= 0
        if isle.troops > 0:
            assert isle.owner is not None, isle_id
        if isle.owner is not None:
            assert not state.players[isle.owner].eliminated, isle_id
            assert isle.troops > 0 or isle.territory, f"{isle_id} owned with no troop, no marker"
        if isle.territory:
            assert isle.owner is not None and isle.troops == 0, isle_id
    for seat, name in enumerate(state.names):
        if name not in beyond_markers:
            assert state.territory_markers_used(seat) <= TERRITORY_MARKERS, name


def _check_seas(state: GameState) -> None:
    for sea, (owner, count) in state.fleets.items():
        assert count >= 1 and 0 <= owner < state.n_players, sea
        assert not state.players[owner].eliminated, sea
        assert sea != state.kraken


def _check_pending(state: GameState) -> None:
    for pending in state.pending:
        if pending.kind == "fleet_move":
            owner, count = state.fleets[pending.data["sea"]]
            assert owner == pending.player and 1 <= pending.data["group"] <= count
        if pending.kind == "battle":
            assert pending.data["attackers"] >= 1


# --------------------------------------------------------------------------- one game


def check_decision(game: Game, rng: random.Random, apply_all: bool) -> list[Action]:
    """Legal actions exist, round-trip through notation, and apply (all or a sample)."""
    legal = game.legal_actions()
    assert legal, f"no legal action at a decision: {game!r}"
    assert len(set(legal)) == len(legal), "duplicate legal actions"
    for action in legal:
        assert Action.parse(str(action)) == action, str(action)
    sample = legal if apply_all else rng.sample(legal, min(3, len(legal)))
    for action in sample:
        probe = game.state.copy()
        flow.check(probe, action)
        flow.apply(probe, action)
    return legal


def play_one(seed: int, players: int, tally: Tally, *, apply_all: bool, undo_every: int) -> None:
    """Play one seeded random game to a winner or the cycle cap, checking every step."""
    game = Game.new(players=players, seed=seed)
    rng = random.Random(seed)
    beyond_markers: set[str] = set()
    check_invariants(game.state, beyond_markers)
    while not game.is_over and game.cycle <= CYCLE_CAP:
        before = game.state.copy()
        if game.node == "decision":
            action = rng.choice(check_decision(game, rng, apply_all))
            tally.actions[action.kind] += 1
            events = game.play(action)
        else:
            if game.node == "chance":
                outcomes = game.chance_outcomes()
                assert outcomes and abs(sum(p for _, p in outcomes) - 1) < 1e-9
            events = game.step()
        for event in events:
            tally.events[event.kind] += 1
            data = event.data
            if event.kind == "territory_marker" and data.get("beyond_supply"):
                beyond_markers.add(data["player"])
        state = game.state
        check_invariants(state, beyond_markers)
        assert GameState.from_dict(json.loads(json.dumps(state.to_dict()))) == state
        if tally.steps % undo_every == 0:
            after = state.copy()
            game.undo()
            assert game.state == before, "undo is not exact"
            game.redo()
            assert game.state == after, "redo differs"
        tally.steps += 1
    tally.games += 1
    tally.cycles += game.cycle
    if game.winner is not None:
        tally.winners[players] += 1
    else:
        tally.capped += 1


def run(seeds: range, tally: Tally, *, apply_all_games: int, undo_every: int) -> None:
    for seed in seeds:
        players = 2 + seed % 4
        play_one(seed, players, tally, apply_all=seed < apply_all_games, undo_every=undo_every)


# --------------------------------------------------------------------------- the tests


def test_random_playouts_keep_every_invariant(capsys):
    """Random playouts: 16 seeded games, 4 for each player count 2–5."""
    tally = Tally()
    run(range(16), tally, apply_all_games=4, undo_every=1)
    with capsys.disabled():
        print(f"\nplayout: {tally.line()}")
    assert tally.games == 16
    # The run must actually exercise movement and battles, not just bidding.
    assert tally.actions["move"] > 0 and tally.actions["sail"] > 0
    assert tally.events["battle_round"] > 0 and tally.events["battle_end"] > 0
    assert tally.actions["fight"] + tally.actions["retreat"] > 0
    assert sum(tally.winners.values()) > 0


@pytest.mark.slow
def test_many_random_playouts_keep_every_invariant(capsys):
    """The long run (``make reliability``): 200 seeded games over 2–5 players."""
    tally = Tally()
    run(range(1000, 1200), tally, apply_all_games=1020, undo_every=3)
    with capsys.disabled():
        print(f"\nplayout (slow): {tally.line()}")
    assert tally.games == 200
    assert tally.events["battle_end"] > 0
