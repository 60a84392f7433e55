"""Seeded random games with the bots mixed in, checked at every step (issue 8).

40 games in ``make test`` (the first :data:`QUICK_BATCHES`), 10,000 in ``make reliability``
(``CYCLADES_LONG=1``; 200 when the folder is run by hand without it).
Players cycle through 2, 3, 4, 5; each seat is a RandomBot or (30%) a GreedyBot. At every
step: the invariants of :mod:`cyclades_widgets.invariants` (gold accounted for, caps,
supplies, ownership, creatures, flow), undo/redo exact, the JSON round trip equal, events
JSON-safe, ``Action.parse(str(a)) == a`` for every legal action, and never a decision
without a legal action. Every 5th game's saved JSON must replay to the same final state.
"""

from __future__ import annotations

import dataclasses

import pytest
from reliability_support import (
    BATCHES,
    COUNTS,
    GAMES,
    MAX_CYCLES,
    ReliabilityFailure,
    game_setup,
    play_checked,
)

from cyclades_widgets import Game
from cyclades_widgets.invariants import check_invariants
from cyclades_widgets.rules.state import GameState

PER_BATCH = GAMES // BATCHES

QUICK_BATCHES = 4
"""The batches ``make test`` plays (the others are marked ``slow``: ``make reliability``)."""


@pytest.mark.parametrize(
    "batch",
    [b if b < QUICK_BATCHES else pytest.param(b, marks=pytest.mark.slow) for b in range(BATCHES)],
)
def test_random_games_keep_every_invariant(batch: int) -> None:
    """Random playouts check gold, caps, supplies, ownership, undo, JSON, notation at
    every step (``docs/reliability.md``); the long run (``make reliability``) plays
    10,000 such games."""
    failures: list[str] = []
    for index in range(batch * PER_BATCH, (batch + 1) * PER_BATCH):
        players, seed = game_setup(index)
        try:
            report = play_checked(players, seed, MAX_CYCLES)
        except ReliabilityFailure as exc:
            kind = "crashes" if "crash:" in str(exc) else "invariant_breaks"
            COUNTS[kind] += 1
            failures.append(str(exc))
            continue
        COUNTS["games"] += 1
        COUNTS[f"games_{players}p"] += 1
        COUNTS["games_finished"] += report.finished
        COUNTS["steps"] += report.steps
        COUNTS.update(report.counts)
    assert not failures, f"{len(failures)} of {PER_BATCH} games failed:\n" + "\n\n".join(
        failures[:3]
    )


def test_batches_cover_every_game_and_player_count() -> None:
    """The batches add up to the promised number of games, over 2–5 players; the batches
    of ``make test`` alone cover every player count too."""
    assert PER_BATCH * BATCHES == GAMES
    assert {game_setup(i)[0] for i in range(GAMES)} == {2, 3, 4, 5}
    assert {game_setup(i)[0] for i in range(QUICK_BATCHES * PER_BATCH)} == {2, 3, 4, 5}


def test_state_serialization_covers_every_field() -> None:
    """A field added to GameState must also be in copy() and to_dict()/from_dict(), or undo
    and saved games would silently drop it (a state is JSON-serializable and equal by value)."""
    state = Game.new(players=3, seed=1).state
    names = {f.name for f in dataclasses.fields(GameState)}
    assert set(state.to_dict()) == names
    copied = state.copy()
    for name in names:
        value = getattr(state, name)
        assert getattr(copied, name) == value, name
        if isinstance(value, list | dict) and value:
            assert getattr(copied, name) is not value, f"copy() shares {name}"


def test_invariant_checker_catches_broken_states() -> None:
    """The checker itself can fail: each hand-broken state yields a breach naming the rule."""
    base = Game.new(players=4, seed=2).state
    cases = {
        "gold": lambda s: setattr(s.players[0], "gold", s.players[0].gold + 1),
        "caps": lambda s: setattr(s.isles[s.isles_of(0)[0]], "troops", 9),
        "supply": lambda s: s.building_supply.__setitem__("port", 9),
        "isles": lambda s: setattr(s.isles[s.isles_of(1)[0]], "troops", 0),
        "creatures": lambda s: s.creature_deck.append(s.creature_deck[0]),
        "creatures:held": lambda s: s.held_creatures.__setitem__(s.creature_deck[0], 0),
        "order": lambda s: s.turn_order.append(s.turn_order[0]),
    }
    assert check_invariants(base) == []
    for group, breaks in cases.items():
        state = base.copy()
        breaks(state)
        found = check_invariants(state)
        prefix = group.split(":")[0]
        assert any(b.startswith(f"{prefix}:") for b in found), (group, found)


def test_invariants_module_examples() -> None:
    """The usage example in cyclades_widgets.invariants runs as written."""
    import doctest

    from cyclades_widgets import invariants

    result = doctest.testmod(invariants)
    assert result.attempted > 0 and result.failed == 0
