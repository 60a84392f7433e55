"""Bot levels (issue 15): easy, medium and strong bots play only legal actions, are
deterministic with a seed, and their names come from the catalogs."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

import cyclades_widgets as cw
from cyclades_widgets.bots import LEVELS, EasyBot, MediumBot, StrongBot, level, level_name
from cyclades_widgets.bots.policy import god_usable
from cyclades_widgets.i18n import LANGS
from cyclades_widgets.rules import flow
from cyclades_widgets.rules.actions import Action
from cyclades_widgets.rules.offerings import payment
from cyclades_widgets.rules.state import GameState


class Checked:
    """Wraps a bot: every choice must be one of the legal actions listed by the rules."""

    def __init__(self, bot: object) -> None:
        self.bot = bot
        self.choices: list[str] = []
        self.useless_bids: list[str] = []

    def choose(self, state: GameState, legal: Sequence[Action]) -> Action:
        assert list(legal) == flow.legal_actions(state)
        action = self.bot.choose(state, legal)  # type: ignore[attr-defined]
        assert action in legal, f"{action} is not legal here"
        if action.kind == "bid" and len(action.args) > 1:
            _, seat = flow.node(state)
            assert seat is not None
            others = [a for g, (p, a) in state.bids.items() if p == seat and g != action.args[0]]
            after = state.players[seat].gold - payment(state, seat, [*others, action.args[1]])
            if not god_usable(state, seat, action.args[0], after):
                self.useless_bids.append(str(action))
        self.choices.append(str(action))
        return action


def _play(levels: Sequence[str], seed: int, max_cycles: int, **strong: int) -> tuple[cw.Game, dict]:
    game = cw.Game.new(players=len(levels), seed=seed)
    bots = {
        name: Checked(level(lv, seed=seed * 10 + i, **(strong if lv == "strong" else {})))
        for i, (name, lv) in enumerate(zip(game.players, levels, strict=True))
    }
    while not game.is_over and game.cycle <= max_cycles:
        game.advance(to="cycle", bots=bots)
    return game, bots


@pytest.mark.parametrize("seed", [1, 2])
def test_easy_and_medium_play_only_legal_actions_to_the_end(seed):
    """Whole games between the easy and medium levels: every choice is legal."""
    game, bots = _play(["easy", "medium", "easy"], seed, max_cycles=30)
    assert game.is_over
    assert all(len(b.choices) > 10 for b in bots.values())


def test_easy_never_offers_gold_to_a_god_it_cannot_use():
    """Issue 15: the easy bot 'never wastes gold on a god it cannot use'."""
    for seed in range(3):
        _, bots = _play(["easy", "easy", "easy", "easy"], seed, max_cycles=12)
        for bot in bots.values():
            assert bot.useless_bids == []
            assert any(c.startswith("bid ") for c in bot.choices)


def test_strong_plays_only_legal_actions():
    """A strong bot with a tiny budget, through two cycles of a 3-player game."""
    game, bots = _play(["strong", "medium", "easy"], 4, max_cycles=2, playouts=8)
    assert game.cycle > 2 or game.is_over
    assert len(bots[game.players[0]].choices) > 3


@pytest.mark.parametrize("name", LEVELS)
def test_levels_are_deterministic_with_a_seed(name):
    """The same seed and position give the same game; another seed may differ."""
    extra = {"playouts": 6} if name == "strong" else {}
    runs = [_play([name, "easy", "medium"], 7, max_cycles=2, **extra)[0].moves() for _ in range(2)]
    assert runs[0] == runs[1]
    assert len(runs[0]) > 20


def test_a_bot_decides_the_same_whatever_it_chose_before():
    """A bot's choice depends on its seed and the position only (a coach can replay it)."""
    game = cw.Game.new(players=3, seed=5)
    legal = game.legal_actions()
    fresh = MediumBot(seed=3).choose(game.state, legal)
    used = MediumBot(seed=3)
    other = cw.Game.new(players=3, seed=9)
    used.choose(other.state, other.legal_actions())
    assert used.choose(game.state, legal) == fresh


def test_level_gives_the_bot_of_each_level():
    """`cw.bots.level(name, seed=...)` and its errors."""
    assert isinstance(cw.bots.level("easy", seed=1), EasyBot)
    assert isinstance(level("medium"), MediumBot)
    strong = level("strong", seed=2, playouts=10)
    assert isinstance(strong, StrongBot) and strong.playouts == 10
    with pytest.raises(ValueError, match="levels are easy, medium and strong"):
        level("grandmaster")


def test_level_names_come_from_the_catalogs():
    """Level names are shown in the learner's language."""
    assert [level_name(n, "en") for n in LEVELS] == ["Easy", "Medium", "Strong"]
    assert level_name("easy", "fr") == "Facile"
    assert level_name("strong", "zh") == "强"
    for lang in LANGS:
        assert len({level_name(n, lang) for n in LEVELS}) == 3
    assert level_name("medium", "pseudo").startswith("⟦")


def test_medium_spends_its_gold():
    """The medium bot spends on units, buildings and cards instead of hoarding: over a few
    games it ends with far less gold than the old GreedyBot."""
    medium_gold, greedy_gold = [], []
    for seed in range(4):
        game, _ = _play(["medium", "medium", "medium"], seed, max_cycles=20)
        medium_gold += [p.gold for p in game.state.players]
        old = cw.Game.new(players=3, seed=seed)
        bots = {n: cw.GreedyBot(seed=i) for i, n in enumerate(old.players)}
        while not old.is_over and old.cycle <= 20:
            old.advance(to="cycle", bots=bots)
        greedy_gold += [p.gold for p in old.state.players]
    assert sorted(medium_gold)[len(medium_gold) // 2] < sorted(greedy_gold)[len(greedy_gold) // 2]
    assert sum(medium_gold) < sum(greedy_gold) / 2


def test_whatif_takes_a_level_and_says_who_played():
    """`cw.whatif(..., level=...)`: the result names the bots of every seat."""
    game = cw.Game.new(players=3, seed=2)
    result = cw.whatif(game, n=2, seed=1, level="easy", progress=False, max_cycles=6)
    assert result.bots == ("Easy", "Easy", "Easy")
    assert "Athens: Easy" in str(result)
    assert list(result.table()["bot"]) == ["Easy"] * 3
    mixed = cw.whatif(
        game, n=1, bots={"Athens": MediumBot(seed=1)}, level="easy", progress=False, max_cycles=2
    )
    assert mixed.bots == ("Medium", "Easy", "Easy")
    with pytest.raises(ValueError, match="no bot level"):
        cw.whatif(game, n=1, level="hard", progress=False)


def test_bots_cross_process_boundaries():
    """Bots of every level pickle (whatif's process pools and Dask), searched or not."""
    import pickle

    game = cw.Game.new(players=3, seed=2)
    strong = StrongBot(seed=1, playouts=5)
    strong.choose(game.state, game.legal_actions())
    for bot in (EasyBot(seed=1), MediumBot(seed=2), strong):
        again = pickle.loads(pickle.dumps(bot))
        assert again.choose(game.state, game.legal_actions()) in game.legal_actions()


def test_medium_raises_its_bid_but_keeps_gold_to_use_the_god():
    """The medium bot bids above the least that takes the god (so a rival must pay for it),
    no higher than 1 GP over what the richest rival could offer, and keeps the gold the god's
    action needs; the easy bot still bids the least."""
    import random

    from cyclades_widgets.bots.levels import SECURE
    from cyclades_widgets.bots.policy import bid_choice
    from cyclades_widgets.rules.gods import BUILD_COST

    game = cw.Game.new(players=3, seed=3)
    state = game.state
    seat = flow.node(state)[1]
    assert seat is not None
    state.players[seat].gold = 20
    rivals = [p for i, p in enumerate(state.players) if i != seat]
    for p in rivals:
        p.gold = 5
    legal = flow.legal_actions(state)
    low = bid_choice(state, seat, legal, random.Random(1))
    raised = bid_choice(state, seat, legal, random.Random(1), secure=SECURE)
    assert raised.args[0] == low.args[0] and len(raised.args) == 2
    assert low.args[1] < raised.args[1] <= 5 + 1
    assert 20 - raised.args[1] >= BUILD_COST
    chosen = MediumBot(seed=1).choose(state, legal)
    assert chosen.kind == "bid" and len(chosen.args) == 2 and chosen.args[1] > 1


def test_strong_search_considers_the_bid_no_rival_can_outbid():
    """The strong bot's search keeps, beside the lowest bids, the offering no rival can
    outbid this cycle (1 GP over the most any other seat could offer) for a god that
    completes a Metropolis, when affordable: the bid that wins the race for it."""
    from cyclades_widgets.bots.mcts import candidates, out_of_reach
    from cyclades_widgets.bots.policy import completes_metropolis

    game = cw.Game.new(players=3, seed=3)
    state = game.state
    seat = flow.node(state)[1]
    assert seat is not None
    state.players[seat].gold = 20
    for i, p in enumerate(state.players):
        if i != seat:
            p.gold = 6 + i
    reach = out_of_reach(state, seat)
    assert reach == 1 + max(6 + i for i in range(3) if i != seat)

    def kept_bids() -> dict[str, set[int]]:
        kept: dict[str, set[int]] = {}
        for a in candidates(state, flow.legal_actions(state)):
            if a.kind == "bid" and len(a.args) > 1:
                kept.setdefault(a.args[0], set()).add(a.args[1])
        return kept

    assert all(amounts <= {1, 2, 3} for amounts in kept_bids().values())
    state.players[seat].philosophers = 3
    assert completes_metropolis(state, seat, "athena", 0)
    assert not completes_metropolis(state, seat, "zeus", 20)
    kept = kept_bids()
    assert kept["athena"] == {1, 2, 3, reach}
    assert all(amounts <= {1, 2, 3} for god, amounts in kept.items() if god != "athena")
