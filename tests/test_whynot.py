"""Say why not (issue 25): a click on a place, god or creature that is not lit gets one
sentence saying why nothing can be done there now, from the rules' own explainer.

The sentence and the lit targets agree: a target that a legal action touches (lit on
the board) never gets a "why not", and every other target always gets one, at every
decision of seeded random games (each rule's condition is stated once).
"""

from __future__ import annotations

import pytest
from helpers import random_bots

import cyclades_widgets as cw
from cyclades_widgets.rules import flow
from cyclades_widgets.rules.board import MapSpec
from cyclades_widgets.rules.state import APOLLO, CREATURES, GODS, GameState
from cyclades_widgets.view.actions import lit
from cyclades_widgets.view.model import legal_for
from cyclades_widgets.view.text import Words
from cyclades_widgets.view.whynot import TargetError, why_not


def _targets(state: GameState, seas_every: int = 1) -> list[str]:
    spec = MapSpec.load(state.map_id)
    seas = [s for i, s in enumerate(spec.seas) if i % seas_every == 0 or s in state.fleets]
    return [*spec.isles, *seas, *GODS, APOLLO, *CREATURES]


def _decisions(players: int, seed: int, steps: int):
    """Every decision state met along a random game (a copy of each)."""
    game = cw.Game.new(players=players, seed=seed)
    bots = random_bots(game, seed)
    while len(game.history) < steps and not game.is_over:
        if game.node == "decision":
            yield game.state.copy()
            game.play(bots[game.to_act].choose(game.state, game.legal_actions()))
        else:
            game.step()


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (3, 5), (4, 8), (5, 13)])
def test_a_target_gets_a_why_not_exactly_when_nothing_lights_it(players, seed):
    """At every decision of a random game, for every isle, god, creature and the seas in
    play: None for a lit target, a sentence naming the target for every other one."""
    checked = said = 0
    for k, state in enumerate(_decisions(players, seed, 260)):
        places, track = lit(legal_for(state, flow.legal_actions(state), "en"))
        shown = set(places) | set(track)
        words = Words("en", state.map_id, state.names)
        for target in _targets(state, seas_every=4 if k % 3 else 1):
            sentence = why_not(state, target, "en")
            checked += 1
            if target in shown:
                assert sentence is None, (target, sentence)
                continue
            said += 1
            assert sentence, target
            name = (
                words.place(target)
                if target in state.isles or MapSpec.load(state.map_id).is_sea(target)
                else words.word(target)
            )
            assert sentence.startswith(f"{name}: ") and len(sentence) > len(name) + 4
            assert "\n" not in sentence and "Why(" not in sentence
    assert checked > 2000 and said > checked // 2


def _ares_with(gold: int) -> cw.Game:
    return (
        cw.Scenario(players=3)
        .empty()
        .troops("kea", "Athens", 3)
        .fleets("c2", "Athens", 1)
        .troops("milos", "Sparta", 1)
        .gold("Athens", gold)
        .phase("actions", god="ares", player="Athens")
        .game()
    )


def test_an_isle_out_of_reach_says_there_is_no_fleet_chain():
    """The issue's example: an enemy isle no chain of your fleets reaches."""
    game = _ares_with(5)
    text = why_not(game.state, "milos", "en")
    assert text is not None and text.startswith("Milos: ")
    assert "chain of adjacent seas" in text and "Kea" in text


def test_with_no_gold_a_move_says_what_it_costs():
    game = _ares_with(0)
    assert why_not(game.state, "milos", "en") == "Milos: each move costs 1 GP and Athens has 0 GP"


def test_a_face_down_god_says_it_is_face_down():
    game = (
        cw.Scenario(players=3).gods("ares", "poseidon", "zeus", "athena").phase("offerings").game()
    )
    text = why_not(game.state, "zeus", "en")
    assert text is not None and text.startswith("Zeus: ") and "face down" in text


def test_a_god_after_the_offerings_says_who_acts():
    game = _ares_with(5)
    assert (
        why_not(game.state, "zeus", "en")
        == "Zeus: the offerings are over: Athens acts with Ares now"
    )


def test_a_sea_ares_cannot_use_says_what_ares_gives():
    game = _ares_with(5)
    text = why_not(game.state, "f7", "en")
    assert text is not None and text.startswith("Sea f7: nothing Ares gives can be done here")


def test_another_players_decision_and_automatic_steps_are_named():
    game = _ares_with(5)
    assert why_not(game.state, "kea", "en", viewer=1) == "Kea: it is Athens's decision now"
    setup = cw.Game.new(players=3, seed=7, start="setup")
    text = why_not(setup.state, "naxos", "en")
    assert text is not None and text.startswith("Naxos: no one decides now; next, ")


@pytest.mark.parametrize("lang", ["fr", "zh"])
def test_why_not_speaks_the_learners_language(lang):
    """The same sentences in French and Chinese, with no English word but names."""
    game = _ares_with(0)
    texts = [why_not(game.state, t, lang) for t in ("milos", "f7", "zeus", "pegasus", "c2")]
    assert all(texts)
    english = {"the", "and", "of", "to", "is", "not", "has", "move", "each", "costs", "gives"}
    for text in texts:
        assert text is not None
        assert not {w.lower() for w in text.replace(":", " ").split()} & english, text


def test_an_unknown_target_is_a_named_error():
    game = _ares_with(5)
    with pytest.raises(TargetError, match="'atlantis' is not an isle"):
        why_not(game.state, "atlantis", "en")
    with pytest.raises(ValueError):
        why_not(game.state, 3, "en")  # type: ignore[arg-type]
