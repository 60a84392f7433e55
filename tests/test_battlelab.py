"""BattleLab through its Python API and the draw commands it sends, without a browser.

The browser check that the canvas really renders is tests/browser/test_battlelab_canvas.py.
"""

import math
import random

import ipycanvas.canvas as ipycanvas_canvas
import pytest

import cyclades_widgets as cw
from cyclades_widgets.odds import DIE_FACES, battle_odds, simulate_battle
from cyclades_widgets.view.palette import _linear, text_colour_on
from cyclades_widgets.widgets.battlelab import (
    CELL,
    GRID_X,
    GRID_Y,
    RETREAT_CHOICES,
    BattleLab,
    colour_for,
)

FILL_TEXT = ipycanvas_canvas.COMMANDS["fillText"]
FILL_CELLS = ipycanvas_canvas.COMMANDS["fillStyledRects"]


@pytest.fixture
def sent(monkeypatch):
    """Every message the canvas manager sends to the front end (a list per message)."""
    messages = []
    manager = ipycanvas_canvas._CANVAS_MANAGER
    monkeypatch.setattr(
        manager, "_send_custom", lambda command, buffers=(): messages.append(command)
    )
    return messages


def texts(messages):
    """The strings drawn with fillText in these messages."""
    out = []
    for message in messages:
        commands = message if message and isinstance(message[0], list) else [message]
        out += [c[1][0] for c in commands if c[0] == FILL_TEXT]
    return out


def count(messages, command):
    return sum(
        1
        for message in messages
        for c in (message if message and isinstance(message[0], list) else [message])
        if c[0] == command
    )


# --------------------------------------------------------------------------- the heatmap


def test_heatmap_values_are_the_exact_battle_odds():
    lab = BattleLab(delay=0)
    values = lab.values
    assert len(values) == 8 and all(len(row) == 8 for row in values)
    for a in range(1, 9):
        for d in range(1, 9):
            assert values[a - 1][d - 1] == battle_odds(a, d).attacker_wins
    assert values[0][0] == pytest.approx(13 / 36)  # RULES-NOTES §2: faces 0,1,1,2,2,3


def test_defender_bonus_is_fortresses_plus_metropolis_seed_000_battle():
    """seed 000 'Battle' step 1: +1 per Fortress (land) or Port (sea) for the defender;
    a Metropolis has the powers of every building (seed 000 'Creating Metropolises')."""
    lab = BattleLab(delay=0)
    lab.fortresses.value = 2
    lab.metropolis.value = True
    assert lab.settings()["defender_bonus"] == 3
    assert lab.values[4][1] == battle_odds(5, 2, defender_bonus=3).attacker_wins
    lab.attacker_bonus.value = 1
    assert lab.values[4][1] == battle_odds(5, 2, attacker_bonus=1, defender_bonus=3).attacker_wins


def test_retreat_policy_changes_the_odds_seed_000_battle_step_3():
    """seed 000 'Battle' step 3: between rounds the defender may retreat, then the attacker."""
    lab = BattleLab(delay=0)
    plain = lab.values[2][1]
    lab.retreat.value = "defender-at-1"
    expected = battle_odds(3, 2, retreat="defender-at-1")
    assert lab.values[2][1] == expected.attacker_wins != plain
    assert expected.defender_retreats > 0
    with pytest.raises(ValueError, match="not in the menu"):
        BattleLab(retreat="defender-at-5")
    assert [value for _, value in RETREAT_CHOICES][0] == "none"


def test_changing_a_control_redraws_the_heatmap(sent):
    lab = BattleLab(delay=0)
    sent.clear()
    lab.fortresses.value = 1
    assert count(sent, FILL_CELLS) == 1  # the 64 cells in one command
    percents = [t for t in texts(sent) if t.endswith("%") and t[0] in "<>0123456789"]
    assert len(percents) >= 64 and f"{lab.values[0][0]:.0%}" in percents


def test_colour_scale_is_sequential_and_cell_text_stays_readable():
    """Colour-blind-safe colours; cell labels keep WCAG 4.5:1 contrast."""

    def luminance(colour):
        r, g, b = (int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5))
        return 0.2126 * _linear(r) + 0.7152 * _linear(g) + 0.0722 * _linear(b)

    steps = [colour_for(i / 100) for i in range(101)]
    lightness = [luminance(c) for c in steps]
    assert all(a <= b + 1e-9 for a, b in zip(lightness, lightness[1:]))
    for colour in steps:
        ink = luminance(text_colour_on(colour))
        hi, lo = max(ink, luminance(colour)), min(ink, luminance(colour))
        assert (hi + 0.05) / (lo + 0.05) >= 4.5, colour


# --------------------------------------------------------------------------- cells


def test_cell_at_maps_pixels_to_attackers_and_defenders():
    lab = BattleLab(delay=0)
    for a in range(1, 9):
        for d in range(1, 9):
            assert lab.cell_at(*lab.cell_centre(a, d)) == (a, d)
    assert lab.cell_at(GRID_X, GRID_Y) == (1, 1)
    assert lab.cell_at(GRID_X + 8 * CELL - 0.5, GRID_Y + 8 * CELL - 0.5) == (8, 8)
    for outside in (
        (GRID_X - 1, GRID_Y + 5),
        (GRID_X + 5, GRID_Y - 1),
        (GRID_X + 8 * CELL, GRID_Y),
    ):
        assert lab.cell_at(*outside) is None


def test_select_outlines_a_cell_and_shows_its_odds(sent):
    lab = BattleLab(delay=0)
    odds = lab.select(3, 2)
    assert odds is battle_odds(3, 2) and lab.selected == (3, 2)
    assert lab.status.value == odds.summary()
    assert count(sent, ipycanvas_canvas.COMMANDS["strokeRect"]) >= 2
    for bad in ((0, 2), (3, 9), ("3", 2)):
        with pytest.raises(ValueError, match="from 1 to 8"):
            lab.select(*bad)
    assert lab.selected == (3, 2)


# --------------------------------------------------------------------------- battles


def test_play_is_the_seeded_simulation_and_records_every_frame():
    lab = BattleLab(delay=0, fortresses=1)
    trace = lab.play(4, 3, seed=7)
    assert trace == simulate_battle(4, 3, defender_bonus=1, rng=random.Random(7))
    assert lab.play(4, 3, seed=7) == trace and lab.last_seed == 7
    kinds = [f["kind"] for f in lab.frames]
    assert kinds == ["start"] + ["round"] * len(trace.rounds) + ["end"]
    assert lab.frames[0]["seed"] == 7 and lab.frames[-1]["outcome"] == trace.outcome
    assert "seed=7" in lab.status.value


def test_each_round_adds_die_units_and_bonus_seed_000_battle_steps_1_2():
    """Step 1: die + units (+ bonus); step 2: the lower total loses one, a tie costs both."""
    lab = BattleLab(delay=0, fortresses=1, attacker_bonus=1)
    for seed in range(40):
        trace = lab.play(5, 4, seed=seed)
        a, d = 5, 4
        for frame in lab.frames[1:-1]:
            assert frame["attacker_die"] in DIE_FACES and frame["defender_die"] in DIE_FACES
            assert frame["attacker_total"] == frame["attacker_die"] + a + 1
            assert frame["defender_total"] == frame["defender_die"] + d + 1
            lower = frame["attacker_total"] - frame["defender_total"]
            assert (frame["attacker_loss"], frame["defender_loss"]) == (
                (1, 0) if lower < 0 else (0, 1) if lower > 0 else (1, 1)
            )
            a, d = frame["attackers_left"], frame["defenders_left"]
        assert (a, d) == (trace.attackers_left, trace.defenders_left)


def test_played_battles_match_the_heatmap_in_the_long_run():
    """The animation and the heatmap come from the same rules: sampled battles converge
    on the exact value (within 4 standard errors)."""
    lab = BattleLab(delay=0, fortresses=1, retreat="defender-at-1")
    p = lab.values[2][1]
    n = 300
    wins = sum(lab.play(3, 2, seed=s).outcome in ("attacker", "defender-retreat") for s in range(n))
    assert abs(wins / n - p) <= 4 * math.sqrt(p * (1 - p) / n)


def test_each_frame_is_one_held_message_with_dice_totals_and_losses(sent):
    lab = BattleLab(delay=0)
    sent.clear()
    trace = lab.play(3, 3, seed=2)
    drawn = texts(sent)
    assert len(sent) == 1 + len(lab.frames)  # the outline, then one message per frame
    assert "3 attackers vs 3 defenders" in drawn
    first = trace.rounds[0]
    assert "Round 1" in drawn and str(first.attacker_die) in drawn
    assert f"= {first.attacker_total}" in drawn and f"= {first.defender_total}" in drawn
    assert any(t.startswith("loses 1") for t in drawn)
    assert lab.frames[-1]["text"] in drawn


def test_a_click_plays_the_cell_with_the_shown_seed_then_moves_the_seed_on():
    lab = BattleLab(delay=0, seed=41)
    trace = lab.click(*lab.cell_centre(6, 2))
    assert (trace.attackers, trace.defenders) == (6, 2) and lab.selected == (6, 2)
    assert lab.last_seed == 41 and lab.seed.value == 42
    assert trace == simulate_battle(6, 2, rng=random.Random(41))
    assert lab.click(5, 5) is None and lab.seed.value == 42  # outside the grid


def test_mouse_down_from_the_front_end_plays_a_battle():
    lab = BattleLab(delay=0, seed=3)
    x, y = lab.cell_centre(2, 2)
    lab.canvas._handle_frontend_event(None, {"event": "mouse_down", "x": x, "y": y}, [])
    assert lab.selected == (2, 2) and lab.last_seed == 3 and lab.frames


def test_play_again_button_reruns_the_last_battle():
    lab = BattleLab(delay=0)
    first = lab.play(4, 4, seed=9)
    frames = list(lab.frames)
    lab.rerun.click()
    assert lab.last_trace == first and lab.frames == frames
    fresh = BattleLab(delay=0)
    fresh.rerun.click()
    assert "No battle yet" in fresh.status.value


def test_play_without_a_cell_or_with_a_bad_seed_says_what_to_do():
    lab = BattleLab(delay=0)
    with pytest.raises(ValueError, match=r"select a cell first"):
        lab.play()
    with pytest.raises(ValueError, match="seed is a whole number"):
        lab.play(2, 2, seed="x")


def test_a_new_view_gets_the_whole_picture_again(sent):
    lab = BattleLab(delay=0)
    lab.play(2, 1, seed=1)
    sent.clear()
    lab.canvas._handle_frontend_event(None, {"event": "client_ready"}, [])
    drawn = texts(sent)
    assert "Attacker takes the space" in drawn and "2 attackers vs 1 defender" in drawn
    assert count(sent, FILL_CELLS) == 1 and "Round 1" in drawn


# Issue 24: a Battle Lab bound to a position follows its game.


def _attack_position():
    """Athens (3 troops on Naxos, fleets to Paros) against Sparta's 2 troops and Fortress on
    Paros, during Athens's Ares action."""
    return (
        cw.Scenario(players=4)
        .empty()
        .troops("kea", "Sparta", 1)
        .troops("paros", "Sparta", 2)
        .build("paros", "fortress")
        .troops("naxos", "Athens", 3)
        .fleets("h4", "Athens", 2)
        .fleets("h5", "Athens", 1)
        .fleets("i5", "Athens", 1)
        .gold("Athens", 9)
        .phase("actions", god="ares", player="Athens")
        .game()
    )


def test_a_lab_bound_to_a_position_reads_the_attack_from_it():
    game = _attack_position()
    lab = BattleLab(game=game, space="paros", delay=0)
    assert (lab.fortresses.value, lab.metropolis.value) == (1, False)
    assert lab.selected == (3, 2)
    assert "Athens" in lab.status.value and "Sparta" in lab.status.value
    assert lab.settings()["defender_bonus"] == 1


def test_a_bound_lab_follows_its_game_once_per_change():
    game = _attack_position()
    lab = BattleLab(game=game, space="paros", delay=0)
    game.play("recruit troop naxos")  # a fourth troop on Naxos
    assert lab.selected == (4, 2)
    game.undo()
    assert lab.selected == (3, 2)


def test_binding_to_an_unknown_space_is_refused_and_binds_nothing():
    game = _attack_position()
    lab = BattleLab(delay=0)
    with pytest.raises(ValueError):
        lab.follow(game, "atlantis")
    assert lab.show_position() is None and game.observers == []
