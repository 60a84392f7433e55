"""Reasons in words (issue 26): every hint and every reviewed mistake says why, from what the
search saw, comparing the position after the better move with the position after the other
one (``cyclades_widgets.bots.reasons``).

Each staged position (built with :class:`cyclades_widgets.Scenario` on the 3-player map) is
one where a kind of reason is the right one; the test checks the reason's kind and that its
text names the isle, god or player it is about, in English, French and Chinese.
"""

from __future__ import annotations

import re

import pytest
from pseudo import unwrapped
from test_bots_positions import (
    conquest_position,
    priest_position,
    retreat_position,
    satyr_position,
    zeus_position,
)

import cyclades_widgets as cw
from cyclades_widgets.bots import MediumBot, explain_move
from cyclades_widgets.bots.mcts import StrongBot
from cyclades_widgets.bots.reasons import Reason, compare
from cyclades_widgets.i18n import LANGS
from cyclades_widgets.rules.actions import Action
from cyclades_widgets.rules.errors import IllegalActionError

PLAYERS = {"Athens", "Sparta", "Corinth"}


def god_left_position() -> cw.Game:
    """Sparta (3 Philosophers, 4 GP) bids after Athens (6 GP): Athena would give Sparta
    its fourth Philosopher, so a Metropolis; 5 GP on Athena is more than Sparta can offer."""
    return (
        cw.Scenario(players=3).philosophers("Sparta", 3)
        .gold("Athens", 6).gold("Sparta", 4).gold("Corinth", 0).gods("athena", "zeus")
        .order("Athens", "Sparta", "Corinth").phase("offerings").game()
    )  # fmt: skip


def stop_win_position() -> cw.Game:
    """As above, and Sparta already has a Metropolis: Athena would win it the game."""
    return (
        cw.Scenario(players=3).metropolis("paros").philosophers("Sparta", 3)
        .gold("Athens", 6).gold("Sparta", 4).gold("Corinth", 0).gods("athena", "zeus")
        .order("Athens", "Sparta", "Corinth").phase("offerings").game()
    )  # fmt: skip


def metropolis_position() -> cw.Game:
    """Athens has 3 Philosophers and the only gold: Athena brings the fourth."""
    return (
        cw.Scenario(players=3).philosophers("Athens", 3)
        .gold("Athens", 6).gold("Sparta", 0).gold("Corinth", 0).gods("athena", "zeus")
        .order("Athens", "Sparta", "Corinth").phase("offerings").game()
    )  # fmt: skip


def keep_isle_position() -> cw.Game:
    """Sparta's 4 troops on Ios reach Athens's Naxos (1 troop) over Sparta's fleet in g5:
    whoever has Ares this cycle decides who holds Naxos."""
    return (
        cw.Scenario(players=3).empty()
        .troops("naxos", "Athens", 1).troops("paros", "Athens", 1)
        .troops("ios", "Sparta", 4).fleets("g5", "Sparta", 1)
        .troops("milos", "Corinth", 1).troops("syros", "Corinth", 1)
        .gold("Athens", 6).gold("Sparta", 4).gold("Corinth", 0).gods("ares", "zeus")
        .order("Athens", "Sparta", "Corinth").phase("offerings").game()
    )  # fmt: skip


def threat_position() -> cw.Game:
    """Athens (Poseidon) has 4 troops on Ios; Sparta's Metropolis on Naxos is one sea away:
    a fleet in g5 joins them."""
    return (
        cw.Scenario(players=3).empty()
        .troops("ios", "Athens", 4).troops("paros", "Athens", 1)
        .troops("naxos", "Sparta", 1).metropolis("naxos").troops("kea", "Sparta", 1)
        .troops("milos", "Corinth", 1).gods("poseidon", "ares")
        .offering("poseidon", "Athens", 1).offering("ares", "Corinth", 1)
        .gold("Athens", 2).phase("actions", god="poseidon", player="Athens").game()
    )  # fmt: skip


def attack_position() -> cw.Game:
    """Athens (Ares, 3 GP) has 3 troops on Ios and a fleet in g5; Sparta holds Naxos with
    2 troops and a Fortress."""
    return (
        cw.Scenario(players=3).empty().troops("ios", "Athens", 3).fleets("g5", "Athens", 1)
        .troops("naxos", "Sparta", 2).build("naxos", "fortress").troops("kea", "Sparta", 1)
        .troops("milos", "Corinth", 1).phase("actions", god="ares", player="Athens")
        .gold("Athens", 3).game()
    )  # fmt: skip


def zeus_alone_position() -> cw.Game:
    """Nobody but Athens has gold: Zeus costs 1 GP, whatever Athens offers."""
    return (
        cw.Scenario(players=3).gold("Athens", 6).gold("Sparta", 0).gold("Corinth", 0)
        .gods("poseidon", "zeus").order("Athens", "Sparta", "Corinth").phase("offerings").game()
    )  # fmt: skip


def outbid_position() -> cw.Game:
    """Sparta (9 GP, 3 Philosophers) will outbid Athens (3 GP) on Athena."""
    return (
        cw.Scenario(players=3).gold("Athens", 3).gold("Sparta", 9).gold("Corinth", 0)
        .philosophers("Sparta", 3).gods("athena", "zeus")
        .order("Athens", "Sparta", "Corinth").phase("offerings").game()
    )  # fmt: skip


STAGED = [
    # (position, better, other, forced win chances or None, kind expected first, names)
    (god_left_position, "bid athena 5", "bid zeus 1", None, "god_left", ["Athena", "Sparta"]),
    (stop_win_position, "bid athena 5", "bid zeus 1", None, "stop_win", ["Sparta"]),
    (metropolis_position, "bid athena 1", "bid zeus 1", None, "metropolis", ["first Metropolis"]),
    (keep_isle_position, "bid ares 5", "bid zeus 1", (0.4, 0.3), "keep_isle", ["Naxos"]),
    (threat_position, "recruit fleet g5", "end", None, "threat", ["Sparta", "Naxos"]),
    (attack_position, "move troops ios>naxos 3", "end", None, "conquest",
     ["Naxos", "Sparta", "second isle", "3 troops against 2"]),
    (attack_position, "end", "move troops ios>naxos 2", (0.4, 0.3), "risky",
     ["“Move 2 troops from Ios to Naxos” wins its battle only", "2 against 2 on Naxos"]),
    (attack_position, "end", "move troops ios>naxos 1", (0.4, 0.3), "hopeless",
     ["“Move 1 troop from Ios to Naxos” cannot win its battle", "1 against 2 on Naxos"]),
    (zeus_alone_position, "bid zeus 1", "bid zeus 4", (0.45, 0.4), "gold_wasted",
     ["“Bid 4 GP on Zeus” spends 3 GP more for nothing"]),
    (outbid_position, "bid zeus 1", "bid athena 3", (0.3, 0.2), "other_outbid",
     ["“Bid 3 GP on Athena” is outbid on Athena"]),
    (satyr_position, "buy satyr", "end", None, "win", ["wins the game"]),
    (priest_position, "bid athena 5", "bid zeus 2", None, "win_priests", ["2 Priests", "3 GP"]),
    (retreat_position, "retreat h4", "fight", (0.3, 0.2), "retreat_hopeless", ["cannot win"]),
]  # fmt: skip
"""Each kind of reason where it is the right one (``forced``: the review's own win chances,
for a comparison that the look alone would call a tie)."""


def _seat(game: cw.Game) -> int:
    return game.state.names.index(game.to_act)


@pytest.mark.parametrize(
    ("make", "better", "other", "forced", "kind", "names"),
    STAGED,
    ids=[f"{c[0].__name__}-{c[4]}" for c in STAGED],
)
def test_each_kind_of_reason_where_it_is_the_right_one(make, better, other, forced, kind, names):
    game = make()
    before = game.state.to_dict()
    why = compare(game.state, _seat(game), Action.parse(better), Action.parse(other),
                  chances=forced, playouts=32)  # fmt: skip
    text = why.text("en")
    assert why.kind == kind, (why.kinds, text)
    assert game.state.to_dict() == before
    for name in names:
        assert name in text, text
    for lang in ("fr", "zh"):
        said = why.text(lang)
        assert said != text and "{" not in said
        assert all(c in said for c in why.clauses(lang))
    assert unwrapped(why.text("pseudo"), allowed=PLAYERS) == []


def test_a_god_left_to_a_rival_names_the_god_the_rival_and_their_metropolis():
    game = god_left_position()
    why = compare(game.state, 0, Action.parse("bid athena 5"), Action.parse("bid zeus 1"))
    assert why.kinds[:2] == ("god_left", "god")
    assert "otherwise Athena goes to Sparta, who needs it" in why.text("en")
    assert "Sparta then gains their first Metropolis" in why.text("en")
    assert "Athéna revient à Sparta" in why.text("fr")
    assert "雅典娜" in why.text("zh") and "Sparta" in why.text("zh")


def test_a_rivals_win_stopped_comes_before_the_god_left_to_them():
    game = stop_win_position()
    why = compare(game.state, 0, Action.parse("bid athena 5"), Action.parse("bid zeus 1"))
    assert why.kinds == ("stop_win", "god_left"), why.text("en")
    assert why.p > why.q


def test_gold_spent_for_nothing_is_said_even_in_a_tie():
    """Zeus costs Athens 1 GP or 4 GP: the look sees the same position, so the two bids
    are about equally good, and the reason says what the second one wastes."""
    game = zeus_alone_position()
    why = compare(game.state, 0, Action.parse("bid zeus 1"), Action.parse("bid zeus 4"))
    assert why.tie and why.kinds[0] == "tie"
    assert "gold_wasted" in why.kinds
    text = why.text("en")
    assert "about as good as" in text and "“Bid 4 GP on Zeus” spends 3 GP more for nothing" in text


def test_a_tie_says_both_moves_are_about_equally_good_and_why_each_is():
    """Two bids on different gods that no rival contests: each brings its god."""
    game = zeus_alone_position()
    why = compare(game.state, 0, Action.parse("bid zeus 1"), Action.parse("bid poseidon 1"),
                  chances=(0.34, 0.33), voice="you")  # fmt: skip
    assert why.tie and why.other_facts, why.kinds
    text = why.text("en")
    assert text.startswith("Bid 1 GP on Zeus, or “Bid 1 GP on Poseidon”: about equally good")
    assert "The first: you get Zeus" in text and "The second: you get Poseidon" in text
    assert "à peu près aussi bons" in why.text("fr") and "差不多一样好" in why.text("zh")


def test_two_moves_with_the_same_plan_are_said_once():
    """Retreating to one sea or the other: the same plan, said once."""
    game = retreat_position()
    seat = _seat(game)
    why = compare(game.state, seat, Action.parse("retreat h4"), Action.parse("retreat f5"),
                  voice="you")  # fmt: skip
    assert why.tie and why.other_facts == ()
    assert why.kinds == ("tie", "retreat_hopeless")
    assert "with either, you cannot win this battle" in why.text("en")


def test_the_three_voices():
    """A hint speaks to the player, a bot's note and a review name the player."""
    game = attack_position()
    why = compare(game.state, 0, Action.parse("move troops ios>naxos 3"), Action.parse("end"),
                  chances=(0.41, 0.29))  # fmt: skip
    review = why.text("en")
    assert review.startswith("Athens should have played “Move 3 troops from Ios to Naxos” "
                             "rather than “End the turn”: Athens takes Naxos")  # fmt: skip
    assert review.endswith("(win chance 41% → 29%).")
    assert "aurait dû jouer" in why.text("fr") and "本应选择" in why.text("zh")
    hint = why.text("en", voice="you")
    assert hint.startswith("Move 3 troops from Ios to Naxos: you take Naxos from Sparta")
    assert "Athens" not in hint
    bot = why.text("en", voice="bot")
    assert bot.startswith("Move 3 troops from Ios to Naxos: Athens takes Naxos from Sparta")
    for lang, you in (("en", " you"), ("fr", " vous"), ("zh", "你")):
        assert you not in why.text(lang, voice="bot").lower()


def test_a_comparison_is_reproducible_and_checks_its_moves():
    game = attack_position()
    args = (game.state, 0, Action.parse("move troops ios>naxos 3"), Action.parse("end"))
    assert compare(*args) == compare(*args)
    with pytest.raises(IllegalActionError, match="offerings phase"):
        compare(game.state, 0, Action.parse("bid zeus 1"), Action.parse("end"))


# --------------------------------------------------------------------------- every hint says why

HINT_POSITIONS = [
    conquest_position, priest_position, retreat_position, satyr_position, zeus_position,
    god_left_position, stop_win_position, metropolis_position, threat_position, attack_position,
]  # fmt: skip

PERCENTAGES = re.compile(r"\d+(?:[.,]\d+)?\s?%")
LEAST = {"en": 8, "fr": 8, "zh": 4}
"""Letters a clause has beyond its figures and the moves' names ("白白多花金币": 6)."""


def _plan_words(clause: str) -> str:
    """What a clause says beyond its figures."""
    return re.sub(r"[\W\d_]+", "", PERCENTAGES.sub("", clause))


@pytest.mark.parametrize("make", HINT_POSITIONS, ids=lambda f: f.__name__)
def test_every_staged_hint_names_a_plan_not_only_percentages(make):
    """Issue 26: every hint of the staged positions gives a reason that names a plan."""
    hint = make().hint(playouts=150)
    assert hint.why.facts and "steady" not in hint.why.kinds, hint.reason("en")
    for lang in LANGS:
        text = hint.reason(lang)
        clauses = hint.why.clauses(lang, voice="you")
        assert clauses and all(c in text for c in clauses), (lang, text)
        assert all(len(_plan_words(c)) >= LEAST[lang] for c in clauses), (lang, clauses)


def test_no_hint_in_a_played_game_is_just_two_percentages():
    """Hints along a game played by medium bots: each says what its move does, in every
    language, beyond its win chances."""
    game = cw.Game.new(players=3, seed=4)
    bots = {name: MediumBot(seed=i) for i, name in enumerate(game.players)}
    seen, kinds = 0, set()
    while seen < 8 and not game.is_over:
        if len(game.legal_actions()) > 1:
            hint = game.hint(playouts=60)
            assert hint.why.facts, hint.reason("en")
            for lang in LANGS:
                text = hint.reason(lang)
                clauses = hint.why.clauses(lang, voice="you")
                assert clauses and all(c in text for c in clauses), (lang, text)
                for clause in clauses:  # each says something beyond a figure or a move's name
                    rest = _plan_words(clause)
                    for move in (
                        hint.describe(lang),
                        *(a.describe(lang) for a in hint.alternatives),
                    ):
                        rest = rest.replace(_plan_words(move), "")
                    assert len(rest) >= LEAST[lang], (lang, clause)
            kinds.update(hint.why.kinds)
            seen += 1
        game.play(bots[game.to_act].choose(game.state, game.legal_actions()))
        game.advance(to="decision")
    assert seen == 8
    assert len(kinds - {"tie"}) >= 3, kinds  # not one stock phrase


def test_a_strong_bots_note_on_its_own_move_gives_the_same_kind_of_reason():
    game = attack_position()
    bot = StrongBot(seed=0, playouts=150)
    bot.choose(game.state, game.legal_actions())
    note = explain_move(bot)
    assert note is not None and isinstance(note.why, Reason)
    text = note.reason("en")
    assert {"conquest", "battle"} & set(note.why.kinds), text
    assert "Athens" in text and " you" not in text
    assert note.why.clauses("en", voice="bot")[0] in text
