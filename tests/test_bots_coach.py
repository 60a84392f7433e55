"""The coach (issue 15): ``game.hint()`` suggests a move, its best alternatives with their
estimated win rates, a target to highlight and a reason in every language."""

from __future__ import annotations

import pytest
from pseudo import unwrapped

import cyclades_widgets as cw
from cyclades_widgets.bots import Hint, StrongBot, describe_action, explain_move, hint
from cyclades_widgets.i18n import LANGS, PSEUDO
from cyclades_widgets.rules.actions import Action

ALL_LANGS = [*LANGS, PSEUDO]
PLAYOUTS = 40


def _attack_position() -> cw.Game:
    """Athens acts with Ares: 3 troops on Ios and a fleet to Naxos, which Sparta holds
    with 1 troop."""
    return (
        cw.Scenario(players=3)
        .empty()
        .troops("ios", "Athens", 3)
        .fleets("g5", "Athens", 1)
        .troops("naxos", "Sparta", 1)
        .troops("kea", "Sparta", 1)
        .troops("milos", "Corinth", 1)
        .phase("actions", god="ares", player="Athens")
        .gold("Athens", 1)
        .game()
    )


def test_hint_suggests_a_legal_move_with_alternatives_and_win_rates():
    game = cw.Game.new(players=3, seed=3)
    h = game.hint(playouts=PLAYOUTS)
    assert isinstance(h, Hint)
    assert h.player == game.to_act
    assert h.action in game.legal_actions()
    assert 1 <= len(h.alternatives) <= 3
    assert h.action not in [a.action for a in h.alternatives]
    for rate in [h.win_rate, *(a.win_rate for a in h.alternatives)]:
        assert 0.0 <= rate <= 1.0
    assert h.playouts == PLAYOUTS
    assert h.target_kind == "god" and h.target == h.action.args[0]


def test_hint_is_reproducible_and_leaves_the_game_untouched():
    game = cw.Game.new(players=3, seed=5)
    before = game.state.to_dict()
    first, second = game.hint(playouts=PLAYOUTS), game.hint(playouts=PLAYOUTS)
    assert first == second
    assert game.state.to_dict() == before
    assert len(game.history) == len(cw.Game.new(players=3, seed=5).history)


@pytest.mark.parametrize("lang", ALL_LANGS)
def test_hint_reason_is_in_every_language(lang):
    """Issue 15: 'Hints are shown in every language'; nothing outside the catalogs."""
    game = cw.Game.new(players=3, seed=3)
    h = game.hint(playouts=PLAYOUTS)
    text = h.reason(lang)
    assert text and text != h.reason("en" if lang != "en" else "fr")
    assert "{" not in text
    if lang == PSEUDO:
        assert unwrapped(text, allowed=game.players) == []
    for alt in h.alternatives:
        words = alt.describe(lang)
        if lang == PSEUDO:
            assert unwrapped(words, allowed=game.players) == []


def test_the_reason_names_the_battle_the_search_saw():
    """An attack in reach: the reason gives the troops on each side and the odds."""
    game = _attack_position()
    h = game.hint(playouts=150)
    # The free troop first, or the attack at once: both lead to taking Naxos.
    assert str(h.action) in ("recruit troop ios", "move troops ios>naxos 3")
    assert h.target in ("ios", "naxos") and h.target_kind == "isle"
    text = h.reason("en")
    assert "you take Naxos from Sparta" in text, text
    assert "troops against 1 on Naxos you win the battle" in text, text
    assert "%" in text
    assert "contre 1 sur Naxos" in h.reason("fr") and "纳克索斯" in h.reason("zh")
    assert "conquest" in h.why.kinds and "battle" in h.why.kinds


ACTIONS = [
    "bid ares 4", "bid apollo", "build port naxos", "recruit troop naxos", "recruit fleet g5",
    "recruit philosopher", "move troops ios>naxos 2", "move fleets g5>g6 1", "retreat paros",
    "buy pegasus", "change minotaur", "metropolis naxos", "prosperity naxos", "fight", "end",
    "stop", "sail g6", "pickup 1", "drop 2", "metropolis naxos destroy port,temple",
    "harpy sparta", "griffon sparta", "pegasus ios>naxos 2",
]  # fmt: skip


@pytest.mark.parametrize("lang", ALL_LANGS)
def test_every_action_kind_has_words_in_every_language(lang):
    for notation in ACTIONS:
        words = describe_action(Action.parse(notation), lang, players=("Athens", "Sparta"))
        assert words and words != notation
        if lang == PSEUDO:
            assert unwrapped(words, allowed=["Sparta"]) == [], notation


def test_an_action_has_the_same_words_in_a_hint_as_in_the_boards_menu():
    """One sentence per action: the coach names a move exactly as the board's menu does."""
    from cyclades_widgets.view.actions import action_label
    from cyclades_widgets.view.text import Words

    players = ("Athens", "Sparta", "Corinth")
    for lang in LANGS:
        words = Words(lang, "map-2-3", players)
        for notation in ACTIONS:
            action = Action.parse(notation)
            said = describe_action(action, lang, map_id="map-2-3", players=players)
            assert said == action_label(action, words), (lang, notation)


def test_a_strong_bot_explains_its_last_move():
    """After a bot's move, its reason can be shown in the log."""
    game = cw.Game.new(players=3, seed=2)
    bot = StrongBot(seed=1, playouts=20)
    assert explain_move(bot) is None
    action = bot.choose(game.state, game.legal_actions())
    why = explain_move(bot)
    assert why is not None and why.action == action
    player = why.player
    assert player == game.state.names[cw.rules.flow.node(game.state)[1]]
    for lang, you in (("en", " you"), ("fr", " vous"), ("zh", "你")):
        text = why.reason(lang)
        assert player in text and you not in text.lower(), (lang, text)
    coached = game.hint(playouts=20)  # the same kind of reason, said to the player
    assert " you" in coached.reason("en") and player not in coached.reason("en").split(":")[1]


def test_hint_needs_a_decision_and_a_known_level():
    game = cw.Game.new(players=3, seed=2, start="setup")
    with pytest.raises(ValueError, match="Nobody has a decision"):
        hint(game.state, playouts=5)
    with pytest.raises(ValueError, match="no bot level"):
        cw.Game.new(players=3, seed=2).hint(level="expert")
