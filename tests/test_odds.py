"""Exact battle odds (cyclades_widgets/odds.py).

Rules: RULES-NOTES §2 (die faces 0, 1, 1, 2, 2, 3), RULES-NOTES §5.5 and seed 000 "Battle":
step 1 (die + units + Fortress/Port bonus), step 2 (lower total loses one, tie both lose one),
step 3 (between rounds the defender may retreat, then the attacker), step 4 (repeat until one
side is gone), and seed 000 "Special Rules" (mutual wipe-out on land: the defender keeps the isle).
"""

from __future__ import annotations

import ast
import itertools
import math
import pickle
import random
import sys
from fractions import Fraction
from functools import cache
from pathlib import Path

import pytest
from creature_positions import ATHENS, SPARTA, add_buildings, turn_position

import cyclades_widgets.odds as odds_module
from cyclades_widgets.odds import (
    DIE_FACES,
    BattleOdds,
    RetreatPolicy,
    battle_odds,
    heatmap,
    round_odds,
    simulate_battle,
)
from cyclades_widgets.rules import flow
from cyclades_widgets.rules.actions import Action
from cyclades_widgets.rules.battle import Battle, current_battle
from cyclades_widgets.rules.state import GameState

PAIRS = list(itertools.product(DIE_FACES, DIE_FACES))  # 36 equally likely (attacker, defender)


def test_die_has_faces_0_1_1_2_2_3():
    # RULES-NOTES §2 dice faces
    assert DIE_FACES == (0, 1, 1, 2, 2, 3)


@pytest.mark.parametrize("margin", range(-5, 6))
def test_round_odds_count_the_36_die_pairs(margin):
    # seed 000 "Battle" steps 1-2: die + units + bonus; lower total loses one, a tie costs both one
    attacker_loses = sum(margin + a < d for a, d in PAIRS)
    defender_loses = sum(margin + a > d for a, d in PAIRS)
    both = sum(margin + a == d for a, d in PAIRS)
    assert round_odds(margin) == (
        Fraction(attacker_loses, 36),
        Fraction(defender_loses, 36),
        Fraction(both, 36),
    )


def test_one_against_one_by_hand():
    # seed 000 "Battle" step 2 and "Special Rules" (mutual wipe-out: the defender keeps the isle).
    # Equal totals before the dice, so the die pairs decide: attacker die higher in 13 pairs
    # (0<1 x2x1, 0<2 x2, 0<3 x1, 1<2 x4, 1<3 x2, 2<3 x2 = 2+2+1+4+2+2 = 13), lower in 13,
    # equal in 1+4+4+1 = 10. One round always ends a 1 v 1 battle.
    odds = battle_odds(1, 1)
    assert odds.exact["attacker_wins"] == Fraction(13, 36)
    assert odds.exact["mutual_wipeout"] == Fraction(10, 36)
    assert odds.exact["defender_holds"] == Fraction(13, 36) + Fraction(10, 36)
    assert odds.exact["expected_rounds"] == 1
    assert dict(odds.exact_survivors) == {
        (0, 0): Fraction(10, 36),
        (0, 1): Fraction(13, 36),
        (1, 0): Fraction(13, 36),
    }
    assert odds.attacker_wins == pytest.approx(13 / 36)


def test_landing_on_an_empty_isle_wins_without_a_round():
    # seed 000 "Battle": a battle begins only when the space is occupied
    odds = battle_odds(1, 0)
    assert odds.exact["attacker_wins"] == 1
    assert odds.exact["expected_rounds"] == 0
    assert dict(odds.exact_survivors) == {(1, 0): 1}
    assert simulate_battle(1, 0, rng=random.Random(0)).outcome == "attacker"


def test_two_against_one_behind_a_fortress_by_hand():
    # seed 000 "Battle" step 1 (Fortress +1 to the land defender) and step 4 (repeat).
    # Round 1: totals 2+a v 1+1+d, equal before the dice: 13/36 the attacker loses one -> (1, 1),
    # 13/36 the defender loses -> (2, 0), 10/36 tie -> (1, 0).
    # Round 2 at (1, 1): attacker 1+a v defender 2+d. The attacker wins only if a - d >= 2:
    # (2,0) x2, (3,0) x1, (3,1) x2 = 5 pairs; a tie needs a - d = 1: 8 pairs; loses on 23.
    odds = battle_odds(2, 1, defender_bonus=1)
    r1_lose, r1_win, r1_tie = Fraction(13, 36), Fraction(13, 36), Fraction(10, 36)
    assert dict(odds.exact_survivors) == {
        (0, 0): r1_lose * Fraction(8, 36),  # 104/1296
        (0, 1): r1_lose * Fraction(23, 36),  # 299/1296
        (1, 0): r1_tie + r1_lose * Fraction(5, 36),  # 425/1296
        (2, 0): r1_win,  # 468/1296
    }
    assert odds.exact["attacker_wins"] == Fraction(893, 1296)
    assert odds.exact["expected_rounds"] == 1 + r1_lose


def test_attacker_bonus_counts_like_a_defender_bonus_on_the_other_side():
    # seed 000 "Battle" step 1: a bonus is added to the total, whoever holds it
    assert (
        battle_odds(2, 2, attacker_bonus=1).exact["attacker_wins"]
        > battle_odds(2, 2).exact["attacker_wins"]
    )
    assert round_odds(2 + 1 - 2) == round_odds(3 - 2)


# An independent reference: plain recursion over the 36 die pairs, written from the seed text.
@cache
def _reference(a, d, ab, db, d_at, a_at, first=True):
    """{outcome: probability} with outcome in attacker/defender/mutual/a-retreat/d-retreat."""
    if a == 0 or d == 0:
        return {("mutual" if a == d == 0 else "attacker" if d == 0 else "defender"): Fraction(1)}
    if not first and d <= d_at:  # seed 000 step 3: the defender is asked first
        return {"defender-retreat": Fraction(1)}
    if not first and a <= a_at:
        return {"attacker-retreat": Fraction(1)}
    result = {}
    for x, y in PAIRS:
        ta, td = a + ab + x, d + db + y
        for k, p in _reference(a - (ta <= td), d - (td <= ta), ab, db, d_at, a_at, False).items():
            result[k] = result.get(k, 0) + p / 36
    return result


POLICIES = {"none": (0, 0), "defender-at-1": (1, 0), "attacker-at-1": (0, 1), "both-at-2": (2, 2)}


@pytest.mark.parametrize("policy", POLICIES)
def test_matches_an_independent_recursive_solver(policy):
    # seed 000 "Battle" steps 1-4 as written, checked exactly on every small case
    d_at, a_at = POLICIES[policy]
    for a, d, ab, db in itertools.product(range(1, 6), range(1, 6), range(2), range(3)):
        ref = _reference(a, d, ab, db, d_at, a_at)
        odds = battle_odds(a, d, attacker_bonus=ab, defender_bonus=db, retreat=policy)
        ex = odds.exact
        assert ex["attacker_wins"] == ref.get("attacker", 0) + ref.get("defender-retreat", 0)
        assert ex["mutual_wipeout"] == ref.get("mutual", 0)
        assert ex["defender_retreats"] == ref.get("defender-retreat", 0)
        assert ex["attacker_retreats"] == ref.get("attacker-retreat", 0)


@pytest.mark.parametrize("policy", [None, "defender-at-1", "attacker-at-2", "both-at-1"])
def test_probabilities_sum_to_one_exactly(policy):
    # seed 000 "Battle" step 4: every battle ends, in exactly one of the end states
    for a, d in itertools.product(range(1, 9), range(0, 9)):
        odds = battle_odds(a, d, defender_bonus=a % 3, retreat=policy)
        ex = odds.exact
        assert ex["attacker_wins"] + ex["defender_holds"] == 1
        assert sum(odds.exact_survivors.values()) == 1
        assert ex["mutual_wipeout"] <= ex["defender_holds"]
        assert sum(odds.survivors.values()) == pytest.approx(1)
        assert ex["defender_holds"] == ex["attacker_retreats"] + sum(
            p for (al, _), p in odds.exact_survivors.items() if not al
        )
        assert ex["attacker_wins"] == ex["defender_retreats"] + sum(
            p for (al, dl), p in odds.exact_survivors.items() if al and not dl
        )


@pytest.mark.parametrize("policy", [None, "defender-at-1", "attacker-at-1", "both-at-1"])
def test_more_attackers_or_less_defence_never_hurts_the_attacker(policy):
    # seed 000 "Battle" step 1: each unit and each Fortress/Port adds to a side's total
    def wins(a, d, db):
        return battle_odds(a, d, defender_bonus=db, retreat=policy).exact["attacker_wins"]

    for a, d, db in itertools.product(range(1, 9), range(1, 9), range(4)):
        assert wins(a + 1, d, db) >= wins(a, d, db)
        assert wins(a, d + 1, db) <= wins(a, d, db)
        assert wins(a, d, db + 1) <= wins(a, d, db)


def test_defender_at_1_retreats_and_the_survivors_show_it():
    # seed 000 "Battle" step 3: the defender may retreat between rounds
    odds = battle_odds(3, 2, retreat="defender-at-1")
    assert odds.defender_retreats > 0
    retreats = {k: p for k, p in odds.exact_survivors.items() if k[0] and k[1]}
    assert retreats and all(dl == 1 for _, dl in retreats)  # kept their last unit
    assert sum(retreats.values()) == odds.exact["defender_retreats"]
    # from 2 defenders every line passes through 1 defender, so none is ever wiped out
    assert not any(al and not dl for al, dl in odds.exact_survivors)


def test_defender_is_asked_before_the_attacker():
    # seed 000 "Battle" step 3: "Defender may retreat ... If no retreat, attacker may retreat"
    odds = battle_odds(2, 2, retreat="both-at-1")
    assert odds.exact_survivors[(1, 1)] > 0  # at (1, 1) both would go; the defender went first
    assert odds.exact["attacker_retreats"] == sum(
        p for (al, dl), p in odds.exact_survivors.items() if al == 1 and dl >= 2
    )
    assert odds.exact["defender_retreats"] == sum(
        p for (al, dl), p in odds.exact_survivors.items() if al >= 1 and dl == 1
    )


def test_retreat_is_only_offered_between_rounds():
    # seed 000 "Battle": steps 1-2 (a round) come before step 3 (retreat)
    assert battle_odds(3, 1, retreat="defender-at-1").exact["expected_rounds"] == 1
    assert battle_odds(1, 1, retreat="both-at-1").exact == battle_odds(1, 1).exact


def test_retreat_policy_text_forms():
    assert RetreatPolicy.parse("defender-at-1") == RetreatPolicy(defender_at=1)
    assert RetreatPolicy.parse("attacker-at-1") == RetreatPolicy(attacker_at=1)
    assert RetreatPolicy.parse("both-at-1") == RetreatPolicy(1, 1)
    assert RetreatPolicy.parse("Defender-at-3, attacker-at-2") == RetreatPolicy(3, 2)
    assert RetreatPolicy.parse("none") == RetreatPolicy.parse(None) == RetreatPolicy()
    for text in (
        "none",
        "defender-at-4",
        "attacker-at-1",
        "both-at-2",
        "defender-at-2,attacker-at-1",
    ):
        assert str(RetreatPolicy.parse(text)) == text
    # a policy object and its text give the same cached answer; "at 0" means never
    assert battle_odds(4, 3, retreat=RetreatPolicy(defender_at=2)) is battle_odds(
        4, 3, retreat="defender-at-2"
    )
    assert battle_odds(4, 3, retreat="defender-at-0") is battle_odds(4, 3)
    with pytest.raises(ValueError, match="unknown retreat policy 'flee'.*defender-at-N"):
        battle_odds(2, 2, retreat="flee")
    with pytest.raises(ValueError, match="defender_at must be None or a whole number"):
        RetreatPolicy(defender_at=-1)


MONTE_CARLO = [
    (3, 2, {}),
    (4, 4, {"defender_bonus": 1}),
    (5, 3, {"retreat": "defender-at-1"}),
    (4, 5, {"attacker_bonus": 1, "retreat": "both-at-2"}),
]


@pytest.mark.parametrize(("attackers", "defenders", "kwargs"), MONTE_CARLO)
def test_simulated_battles_agree_with_the_exact_odds(attackers, defenders, kwargs):
    # seed 000 "Battle": the sampler and the exact solver read the same rules.
    # 20,000 seeded battles; every frequency within 3 standard errors of the exact value.
    n, rng = 20_000, random.Random(12345)
    traces = [simulate_battle(attackers, defenders, rng=rng, **kwargs) for _ in range(n)]
    odds = battle_odds(attackers, defenders, **kwargs)
    expected = {
        "attacker": odds.attacker_wins - odds.defender_retreats,
        "defender": odds.defender_holds - odds.mutual_wipeout - odds.attacker_retreats,
        "mutual": odds.mutual_wipeout,
        "attacker-retreat": odds.attacker_retreats,
        "defender-retreat": odds.defender_retreats,
    }
    for outcome, p in expected.items():
        seen = sum(t.outcome == outcome for t in traces) / n
        assert abs(seen - p) <= 3 * math.sqrt(p * (1 - p) / n) + 1e-12, outcome
    for (al, dl), p in odds.survivors.items():
        seen = sum((t.attackers_left, t.defenders_left) == (al, dl) for t in traces) / n
        assert abs(seen - p) <= 3 * math.sqrt(p * (1 - p) / n) + 1e-12, (al, dl)
    lengths = [len(t.rounds) for t in traces]
    mean = sum(lengths) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in lengths) / (n - 1))
    assert abs(mean - odds.expected_rounds) <= 3 * sd / math.sqrt(n)


def test_a_simulated_round_follows_the_rules():
    # seed 000 "Battle" steps 1-2, round by round
    rng = random.Random(7)
    for _ in range(500):
        trace = simulate_battle(5, 4, defender_bonus=2, rng=rng)
        a, d = 5, 4
        for r in trace.rounds:
            assert r.attacker_die in DIE_FACES and r.defender_die in DIE_FACES
            assert (r.attacker_total, r.defender_total) == (
                a + r.attacker_die,
                d + 2 + r.defender_die,
            )
            assert r.attacker_loss == (r.attacker_total <= r.defender_total)
            assert r.defender_loss == (r.defender_total <= r.attacker_total)
            a, d = a - r.attacker_loss, d - r.defender_loss
            assert (r.attackers_left, r.defenders_left) == (a, d)
        assert min(a, d) == 0
        assert trace.outcome == ("mutual" if a == d == 0 else "attacker" if a else "defender")


def test_repeated_question_returns_the_same_object():
    first = battle_odds(8, 8, defender_bonus=2)
    assert battle_odds(8, 8, defender_bonus=2) is first
    assert battle_odds(8, 8, defender_bonus=2, retreat=None) is first
    with pytest.raises(TypeError):  # cached results are read-only
        first.survivors[(8, 0)] = 1.0  # type: ignore[index]
    assert pickle.loads(pickle.dumps(first)) is first


def test_thirty_a_side_is_allowed():
    odds = battle_odds(30, 30, defender_bonus=1, retreat="both-at-2")
    assert odds.exact["attacker_wins"] + odds.exact["defender_holds"] == 1


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"attackers": -1}, "attackers must be a whole number ≥ 1, got -1"),
        ({"attackers": 0}, "attackers must be a whole number ≥ 1, got 0"),
        ({"attackers": 2.5}, "attackers must be a whole number ≥ 1, got 2.5"),
        ({"attackers": True}, "attackers must be a whole number ≥ 1, got True"),
        ({"defenders": -2}, "defenders must be a whole number ≥ 0, got -2"),
        ({"defenders": "3"}, "defenders must be a whole number ≥ 0, got '3'"),
        ({"defender_bonus": -1}, "defender_bonus must be a whole number ≥ 0, got -1"),
        ({"attacker_bonus": 1.0}, "attacker_bonus must be a whole number ≥ 0, got 1.0"),
        ({"attackers": 61}, "attackers must be at most 60, got 61"),
    ],
)
def test_bad_input_is_explained(kwargs, message):
    args = {"attackers": 2, "defenders": 2, **kwargs}
    a, d = args.pop("attackers"), args.pop("defenders")
    with pytest.raises(ValueError) as error:
        battle_odds(a, d, **args)
    assert str(error.value) == message
    with pytest.raises(ValueError):
        simulate_battle(a, d, rng=random.Random(0), **args)


def test_heatmap_rows_are_attackers_and_columns_defenders():
    grid = heatmap(3, 2, defender_bonus=1, retreat="defender-at-1")
    assert len(grid) == 3 and all(len(row) == 2 for row in grid)
    assert grid[2][0] == battle_odds(3, 1, defender_bonus=1, retreat="defender-at-1").attacker_wins
    assert len(heatmap()) == 8 and len(heatmap()[0]) == 8


def test_summary_and_repr_read_plainly():
    odds = battle_odds(3, 2, defender_bonus=1)
    assert isinstance(odds, BattleOdds)
    assert odds.summary().startswith("3 attackers against 2 defenders (+1): the attacker takes")
    assert "survivors" not in repr(odds) and "attacker_wins=" in repr(odds)
    assert "the defender retreats" in battle_odds(3, 2, retreat="defender-at-1").summary()


@pytest.mark.parametrize("lang", ["en", "zh", "fr"])
def test_summary_speaks_the_language_asked_and_the_session_language(lang):
    """Issue 14: ``summary(lang=)`` works (it raised TypeError), and without ``lang`` it
    follows ``set_language``."""
    from cyclades_widgets.i18n import language

    odds = battle_odds(3, 2, defender_bonus=1, retreat="defender-at-1")
    text = odds.summary(lang=lang)
    assert text != odds.summary(lang="en" if lang != "en" else "zh")
    with language(lang):
        assert odds.summary() == text
    assert ("77.6" in text) if lang != "fr" else ("77,6" in text)


def test_odds_uses_the_standard_library_and_the_rules_only():
    # The layers (docs/architecture.md): odds.py sits below the widgets and must not pull in pandas or numpy; it
    # reads the die and the round resolution from the battle rules themselves.
    tree = ast.parse(Path(odds_module.__file__).read_text(encoding="utf-8"))
    names = {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    names |= {
        n.module
        for n in ast.walk(tree)
        if isinstance(n, ast.ImportFrom) and n.module and n.level == 0
    }
    assert {name.split(".")[0] for name in names} <= set(sys.stdlib_module_names)
    ours = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.level > 0}
    assert ours == {"i18n", "rules.battle", "rules.errors"}


# --------------------------------------------------------------------------- odds = the rules


def _battle_position(attackers: int, defenders: int, fortresses: int) -> GameState:
    """Athens attacks Delos, held by Sparta with ``defenders`` troops and ``fortresses``
    Fortresses. Nobody has fleets, so neither side can retreat: the battle is fought out."""
    state = turn_position(3, "ares")
    state.fleets.clear()
    isle = state.isles["delos"]
    isle.owner, isle.troops = SPARTA, defenders
    add_buildings(state, "delos", *["fortress"] * fortresses)
    state.pending.append(
        Battle(
            player=None,
            terrain="land",
            space="delos",
            attacker=ATHENS,
            defender=SPARTA,
            attackers=attackers,
            round=0,
            origin="naxos",
        )
    )
    return state


def _rule_outcomes(state: GameState) -> list[tuple[Action, Fraction]]:
    """Every ``roll A D`` outcome of the battle rules' chance node, with its exact weight."""
    return [(a, Fraction(p).limit_denominator(36)) for a, p in flow.chance_outcomes(state)]


@pytest.mark.parametrize("fortresses", [0, 1, 2])
def test_round_odds_are_every_throw_through_apply_roll(fortresses: int):
    """seed 000 'Battle' steps 1-2, RULES-NOTES §2: the one-round distribution that odds
    computes equals the rules' own, found by applying each die pair (``roll A D``, with
    its weight of the 36 throws) through ``battle.apply_roll``."""
    for attackers, defenders in itertools.product(range(1, 6), range(1, 6)):
        state = _battle_position(attackers, defenders, fortresses)
        found = {"attacker_loses": Fraction(0), "defender_loses": Fraction(0)}
        found["both_lose"] = Fraction(0)
        outcomes = _rule_outcomes(state)
        assert sum(p for _, p in outcomes) == 1
        for action, p in outcomes:
            after = state.copy()
            (rnd,) = [e for e in flow.apply(after, action) if e.kind == "battle_round"]
            found[rnd.data["variant"]] += p
        margin = attackers - defenders - fortresses
        assert round_odds(margin)._asdict() == found, (attackers, defenders, fortresses)


def test_battle_odds_equal_the_rules_played_out_exactly():
    """The whole battle: odds' exact chance that the attacker takes the isle equals the
    probability found by playing every sequence of rolls through the rules (no retreat
    is possible), for small armies."""

    def attacker_wins(state: GameState) -> Fraction:
        battle = current_battle(state)
        if battle is None:
            return Fraction(int(state.isles["delos"].owner == 0))
        assert flow.node(state)[0] == "chance", "no retreat is possible here"
        key = (battle.attackers, state.isles["delos"].troops)
        if key not in memo:
            total = Fraction(0)
            for action, p in _rule_outcomes(state):
                after = state.copy()
                flow.apply(after, action)
                total += p * attacker_wins(after)
            memo[key] = total
        return memo[key]

    for fortresses in (0, 1):
        for attackers, defenders in itertools.product(range(1, 5), range(1, 5)):
            memo: dict[tuple[int, int], Fraction] = {}
            rules = attacker_wins(_battle_position(attackers, defenders, fortresses))
            exact = battle_odds(attackers, defenders, defender_bonus=fortresses).exact
            assert rules == exact["attacker_wins"], (attackers, defenders, fortresses)
