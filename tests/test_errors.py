"""Named errors (issue 2 'Notation and named errors'; docs/architecture.md, "Errors").

Every illegal attempt raises ``IllegalActionError`` whose message says which rule forbids
it, and afterwards the game is exactly as before: same ``state.to_dict()``, same history
length, same moves (``helpers.assert_illegal``).
"""

from __future__ import annotations

import random

import pytest
from helpers import (
    actions_state,
    assert_illegal,
    give_isle,
    offerings_game,
    random_bots,
    snapshot,
    turn_state,
)

from cyclades_widgets.game import Game
from cyclades_widgets.rules import actions as notation
from cyclades_widgets.rules.actions import Action
from cyclades_widgets.rules.board import MapSpec
from cyclades_widgets.rules.errors import CycladesError, IllegalActionError, NotationError
from cyclades_widgets.rules.state import BUILDINGS, CREATURES, GODS

# --------------------------------------------------------------------------- offerings


@pytest.mark.parametrize(
    ("text", "fragments"),
    [
        ("bid ares 8", ["Athens has 7 GP", "cannot bid 8 on Ares"]),
        ("bid athena 1", ["Athena is face down", "only Ares, Poseidon"]),
        ("bid hermes 2", ["'hermes' is not a god", "apollo"]),
        ("bid ares", ["needs an amount", "bid ares 2"]),
        ("bid apollo 1", ["Apollo takes no offering", "bid apollo"]),
        ("bid ares 0", ["at least 1 GP"]),
        ("recruit troop naxos", ["recruiting happens during your god's action"]),
        ("build temple naxos", ["building happens during your god's action"]),
        ("end", ["there is no god action to end now"]),
        ("metropolis naxos", ["no Metropolis is waiting"]),
        ("prosperity naxos", ["only the first player on Apollo"]),
        ("order athens,sparta,corinth", ["shuffled onto the turn track once, at setup"]),
        ("gods ares,zeus,poseidon,athena", ["shuffled onto the track by chance"]),
        ("draw pegasus", ["drawn by chance only when the creature track is updated"]),
    ],
)
def test_illegal_bids_and_actions_name_the_broken_rule(text, fragments):
    """seed 000 'Offerings' and the phase structure: each refusal names its rule and the
    message ends with who is to act and what is legal."""
    game = offerings_game(3, gods=("ares", "poseidon", "athena", "zeus"), gold={0: 7})
    message = assert_illegal(game, text, *fragments)
    assert "Athens to act; legal:" in message


def test_refused_outbids_say_strictly_higher_or_another_god():
    """seed 000 'Offerings': strictly higher; the outbid player must bid on another god."""
    game = offerings_game(3)
    game.play("bid ares 2")
    assert_illegal(game, "bid ares 2", "Athens has bid 2 on Ares", "strictly higher")
    game.play("bid ares 3")
    assert_illegal(game, "bid ares 4", "Athens was just outbid on Ares", "different god")


# --------------------------------------------------------------------------- god actions


@pytest.mark.parametrize(
    ("god", "text", "fragments"),
    [
        ("ares", "bid ares 2", ["bids are placed in the offerings phase"]),
        ("ares", "recruit fleet g5", ["Ares does not recruit fleets", "Poseidon does"]),
        ("ares", "recruit troop mykonos", ["new troops go on your own isles"]),
        ("ares", "recruit troop g5", ["new troops go on your own isles"]),
        ("poseidon", "recruit fleet d4", ["new fleets go in a sea next to one of your isles"]),
        ("zeus", "build port naxos", ["Zeus builds temples, not ports"]),
        ("athena", "build university mykonos", ["buildings go on your own isles"]),
        ("athena", "build university atlantis", ["buildings go on your own isles"]),
        ("ares", "recruit troop", ["say where the new troop goes", "recruit troop <isle>"]),
        ("poseidon", "recruit fleet", ["recruit fleet <sea>"]),
        ("zeus", "recruit priest naxos", ["not on the board", "write 'recruit priest'"]),
        ("ares", "build castle naxos", ["'castle' is not a building", "fortress, port"]),
        ("ares", "prosperity naxos", ["only the first player on Apollo"]),
        ("ares", "metropolis naxos", ["no Metropolis is waiting"]),
    ],
)
def test_illegal_recruits_and_builds_name_the_broken_rule(god, text, fragments):
    """seed 000 'The Four Main Gods', 'Player Reference'; seed 002 '招募数量与成本'."""
    game = Game(turn_state(3, god, 0, gold={0: 9}), seed=0)
    assert_illegal(game, text, *fragments)


def test_refused_recruits_say_which_limit_they_hit():
    """Gold, the 4-recruit limit, the one extra card: each refusal says which limit."""
    poor = Game(turn_state(3, "ares", 0, gold={0: 1}), seed=0)
    poor.play("recruit troop naxos")
    assert_illegal(poor, "recruit troop naxos", "Athens has 1 GP", "next troop costs 2 GP")
    assert_illegal(poor, "build fortress naxos", "a building costs 2 GP")
    zeus = Game(turn_state(3, "zeus", 0, gold={0: 3}), seed=0)
    assert_illegal(zeus, "recruit priest", "Athens has 3 GP", "costs 4 GP")


def test_core_actions_wait_for_the_step_under_way():
    """While a Metropolis must be placed, the god's other actions wait, and the message
    says what comes first."""
    state = actions_state(3, (("athena", 0),), gold={0: 9})
    state.players[0].philosophers = 3
    game = Game(state, seed=0)
    game.step()
    for text in ("end", "build university naxos", "recruit philosopher"):
        assert_illegal(
            game, text, "first the step under way must be finished", "place the Metropolis"
        )


def test_core_metropolis_placement_errors_name_the_rule():
    """seed 000 'Creating Metropolises' / 'Special Rules & Edge Cases'."""
    state = actions_state(3, (("athena", 0),))
    state.players[0].philosophers = 3
    give_isle(state, "ios", 0, troops=1, metropolis=True)
    game = Game(state, seed=0)
    game.step()
    assert_illegal(game, "metropolis milos", "one of your own isles")
    assert_illegal(game, "metropolis ios", "already has a Metropolis")
    assert_illegal(game, "metropolis kea destroy temple", "destroy only if none")


def test_apollos_marker_goes_on_your_own_isle_only():
    """seed 002 FAQ 'Apollo' ('放到一座自有岛')."""
    state = actions_state(3, (("apollo", 0),))
    game = Game(state, seed=0)
    game.step()
    assert_illegal(
        game, "prosperity mykonos", "on one of your own isles", "mykonos is not Athens's"
    )


# --------------------------------------------------------------------------- game level


def test_named_errors_are_value_errors():
    """The named errors subclass ``ValueError``."""
    assert issubclass(IllegalActionError, CycladesError)
    assert issubclass(CycladesError, ValueError)


def test_a_decision_at_a_chance_step_is_refused():
    """A chance step is due: a decision cannot be played; the message says how to go on."""
    game = Game.new(players=3, seed=0, start="setup")
    assert_illegal(game, "bid ares 1", "a chance step is due", "game.step()")


def test_an_illegal_action_after_automatic_steps_changes_nothing():
    """``play`` runs pending automatic steps first, but only if the action is legal after
    them: otherwise nothing at all has changed (not even the automatic steps)."""
    game = offerings_game(3)
    for text in ("bid ares 1", "bid poseidon 1", "bid apollo"):
        game.play(text)
    assert game.node == "auto"
    assert_illegal(game, "bid zeus 1", "offerings phase")
    assert_illegal(game, "recruit troop mykonos", "new troops go on your own isles")
    events = game.play("recruit troop naxos")  # payment, then Athens' Ares turn begins
    assert [e.kind for e in events][-1] == "recruit"


def test_notation_errors_leave_the_game_unchanged():
    """A text that does not parse is a NotationError, and nothing changes."""
    game = offerings_game(3)
    before = snapshot(game)
    for text in ("", "bid", "fly naxos", "build temple", "bid ares lots"):
        with pytest.raises(NotationError):
            game.play(text)
        assert snapshot(game) == before


# --------------------------------------------------------------------------- fuzzing


def _vocabulary(game: Game) -> dict[str, list[object]]:
    spec = MapSpec.load(game.state.map_id)
    words = [
        *spec.isles[:4],
        *spec.seas[:3],
        *GODS,
        "apollo",
        *BUILDINGS,
        "troop",
        "fleet",
        "troops",
        "fleets",
        "priest",
        "philosopher",
        *CREATURES[:4],
        *(n.lower() for n in game.players),
        "atlantis",
    ]
    return {"w": words, "i": [0, 1, 2, 3, 7, 99], "l": [("port",), ("port", "temple"), tuple(GODS)]}


def _candidates(game: Game, rng: random.Random, count: int) -> list[Action]:
    """Well-formed actions of every registered kind, with random arguments."""
    vocab = _vocabulary(game)
    out = []
    kinds = sorted(notation._PATTERNS)
    for _ in range(count):
        kind = rng.choice(kinds)
        _pattern, _regex, types = rng.choice(notation._PATTERNS[kind])
        out.append(Action(kind, tuple(rng.choice(vocab[t]) for t in types)))
    return out


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_attempts_are_legal_or_named_errors_with_the_state_unchanged(players):
    """Issue 2: 'every illegal attempt gets an error saying which rule forbids it; the state
    is exactly unchanged after an error', tried at positions of seeded random games."""
    game = Game.new(players=players, seed=players)
    bots = random_bots(game, players)
    rng = random.Random(players)
    tried = refused = 0
    while len(game.history) < 400 and not game.is_over:
        if game.node == "decision":
            legal = set(game.legal_actions())
            for action in _candidates(game, rng, 6):
                if action in legal:
                    continue
                tried += 1
                before = snapshot(game)
                with pytest.raises(IllegalActionError) as info:
                    game.play(action)
                refused += 1
                message = str(info.value)
                assert "to act; legal:" in message or "well-formed" in message, message
                assert "is not legal now" not in message, f"no rule named for {action}: {message}"
                assert snapshot(game) == before, action
            game.play(bots[game.to_act].choose(game.state, sorted(legal, key=str)))
        else:
            game.step()
    assert tried == refused and tried > 200
