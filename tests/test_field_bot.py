"""The field bot of benchmarks/field (CycladesAI's decision procedure on our rules) plays
only legal actions, and the same seed and position give the same choice (issue 15)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks" / "field"))

from cycladesai_bot import CycladesAIBot, reward  # noqa: E402

from cyclades_widgets import Game  # noqa: E402
from cyclades_widgets.rules import flow  # noqa: E402
from cyclades_widgets.rules.setup import new_state  # noqa: E402


class Checked(CycladesAIBot):
    """The field bot, asserting each choice is legal and recording it."""

    def __init__(self, seed: int, log: list[str]) -> None:
        super().__init__(seed=seed)
        self.log = log

    def choose(self, state, legal):  # type: ignore[no-untyped-def]
        legal = list(legal)
        action = super().choose(state, legal)
        assert action in legal, f"{action} not in {legal}"
        assert legal == flow.legal_actions(state)
        self.log.append(str(action))
        return action


def _play(seed: int, cycles: int) -> tuple[list[str], Game]:
    log: list[str] = []
    game = Game.new(players=3, seed=seed)
    bots = {name: Checked(seed=i, log=log) for i, name in enumerate(game.players)}
    while not game.is_over and game.cycle <= cycles:
        game.advance(to="cycle", bots=bots)
    return log, game


@pytest.mark.parametrize("seed", [3, 11])
def test_field_bot_plays_only_legal_actions_and_repeats_for_a_seed(seed: int) -> None:
    first, game = _play(seed, 4)
    again, _ = _play(seed, 4)
    assert first == again
    kinds = {a.split()[0] for a in first}
    assert {"bid", "end"} <= kinds
    assert len(first) > 20
    assert game.cycle >= 4 or game.is_over


def test_field_bot_choice_is_a_function_of_seed_and_position() -> None:
    game = Game.new(players=3, seed=5)
    legal = game.legal_actions()
    a = CycladesAIBot(seed=1).choose(game.state, legal)
    bot = CycladesAIBot(seed=1)
    bot.choose(game.state, legal)
    assert bot.choose(game.state, legal) == a


def test_reward_follows_cycladesai_weights() -> None:
    state = new_state(3)
    base = reward(state, 0)
    state.players[0].gold += 2
    state.players[0].philosophers += 1
    state.players[0].priests += 1
    assert reward(state, 0) == base + 2 + 10 + 6
    isle = state.isles_of(0)[0]
    state.isles[isle].troops += 1
    assert reward(state, 0) == base + 18 + 3
    state.isles[isle].metropolis = True
    assert reward(state, 0) == base + 21 + 100
