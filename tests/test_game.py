"""``Game``: history (undo, redo, fork, goto), explicit seeded chance, stepping, forced
outcomes, rule options and the JSON round trip (issue 2; docs/architecture.md, "The contracts")."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import typing
from dataclasses import fields
from pathlib import Path

import pytest
from helpers import RandomPlayer, assert_illegal, random_bots, snapshot

from cyclades_widgets.game import Game
from cyclades_widgets.i18n import Message
from cyclades_widgets.rules import flow
from cyclades_widgets.rules.actions import Action
from cyclades_widgets.rules.errors import IllegalActionError, NotationError
from cyclades_widgets.rules.options import RuleOptions
from cyclades_widgets.rules.state import Bid, GameState, GodAction, Phase

TESTS = Path(__file__).resolve().parent


def played(players: int = 4, seed: int = 5, steps: int = 250) -> Game:
    """A game with ``steps`` steps played by seeded random players, stopped at a decision."""
    game = Game.new(players=players, seed=seed)
    bots = random_bots(game, seed)
    while len(game.history) < steps and not game.is_over:
        if game.to_act:
            game.play(bots[game.to_act].choose(game.state, game.legal_actions()))
        else:
            game.step()
    while game.node in ("auto", "chance"):
        game.step()
    return game


# --------------------------------------------------------------------------- chance


def test_same_seed_and_decisions_give_identical_games():
    """Issue 2 'Chance is explicit and seeded'."""
    a, b = played(seed=8), played(seed=8)
    assert a.moves() == b.moves()
    assert a.state == b.state
    assert played(seed=9).moves() != a.moves()


def test_chance_steps_are_explicit_outcomes_with_probabilities():
    """Chance is a node with listed outcomes (as in OpenSpiel); the seed only
    chooses one, and the record stores the outcome itself."""
    game = Game.new(players=3, seed=2, start="setup")
    outcomes = game.chance_outcomes()
    assert game.node == "chance" and game.to_act is None
    assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
    step = game.step()
    chosen = game.history[-1].action
    assert chosen in [a for a, _ in outcomes] and step
    assert game.moves() == [str(chosen)] and game.history[-1].kind == "chance"


def test_same_game_in_another_process_with_another_hash_seed():
    """Issue 2: same seed and decisions give identical games, also in another interpreter
    with another hash seed (nothing depends on set or dict ordering of strings)."""
    code = (
        "import sys, json; sys.path.insert(0, sys.argv[1])\n"
        "from test_game import played\n"
        "g = played(players=5, seed=13, steps=300)\n"
        "print(json.dumps({'moves': g.moves(), 'state': g.state.to_dict()}))\n"
    )
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    out = subprocess.run(
        [sys.executable, "-c", code, str(TESTS)],
        capture_output=True,
        text=True,
        env=env,
        check=True,
        timeout=120,
    )
    there = json.loads(out.stdout.strip().splitlines()[-1])
    here = played(players=5, seed=13, steps=300)
    assert there["moves"] == here.moves()
    assert there["state"] == json.loads(json.dumps(here.state.to_dict()))


# --------------------------------------------------------------------------- history


def test_undo_restores_every_earlier_state_exactly_and_redo_replays():
    """``game.undo(); game.redo()``: undo is exact at every step; redo replays."""
    game = played(players=3, seed=3, steps=200)
    states = [s.before.to_dict() for s in game.history] + [game.state.to_dict()]
    final_moves = game.moves()
    for expected in reversed(states[:-1]):
        assert game.undo() is not None
        assert game.state.to_dict() == expected
    assert game.undo() is None and game.history == ()
    assert game.state == game.initial_state
    while game.redo() is not None:
        assert game.state.to_dict() == states[len(game.history)]
    assert game.moves() == final_moves and game.state.to_dict() == states[-1]


def test_a_new_move_after_undo_drops_the_redo_line():
    """Undo, then play something else: the old continuation can no longer be redone."""
    game = Game.new(players=3, seed=1)
    first = game.legal_actions()[0]
    game.play(first)
    game.undo()
    assert game.can_redo()
    game.play(game.legal_actions()[-1])
    assert not game.can_redo() and game.redo() is None


def test_fork_is_independent():
    """``branch = game.fork()``: another line from the same history."""
    game = played(players=4, seed=6, steps=60)
    before = snapshot(game)
    branch = game.fork()
    assert branch.moves() == game.moves() and branch.state == game.state
    branch.play(branch.legal_actions()[-1])
    assert snapshot(game) == before
    branch.undo()
    assert branch.state == game.state


def test_goto_seeks_by_undo_and_redo():
    """``goto(i)``: the position just after step i; the later steps stay redoable."""
    game = played(players=3, seed=4, steps=120)
    end = game.state.to_dict()
    befores = [s.before.to_dict() for s in game.history]
    game.goto(40)
    assert len(game.history) == 40 and game.state.to_dict() == befores[40]
    game.goto(0)
    assert game.state == game.initial_state
    game.goto(len(befores))
    assert game.state.to_dict() == end


def test_every_step_is_recorded_with_kind_player_phase_and_cycle():
    """Each step is a decision, a chance outcome or an automatic step."""
    game = played(players=3, seed=2, steps=80)
    kinds = {s.kind for s in game.history}
    assert kinds == {"decision", "chance", "auto"}
    for step in game.history:
        assert (step.action is None) == (step.kind == "auto")
        assert (step.player is not None) == (step.kind == "decision")
        assert step.phase == step.before.phase and step.cycle == step.before.cycle


# --------------------------------------------------------------------------- stepping


def test_new_game_stops_at_the_first_bid_or_before_setup():
    """``Game.new`` runs the opening steps to the first bid; ``start="setup"``
    keeps every phase steppable."""
    game = Game.new(players=4, seed=7)
    assert (game.cycle, game.phase, game.node) == (1, Phase.OFFERINGS, "decision")
    setup = Game.new(players=4, seed=7, start="setup")
    assert (setup.cycle, setup.phase, setup.history) == (0, Phase.SETUP, ())
    setup.advance(to="decision")
    assert setup.moves() == game.moves() and setup.state == game.state


def test_step_at_a_decision_is_a_named_error():
    """``game.step()`` does automatic and chance steps only; decisions need ``play``."""
    game = Game.new(players=3, seed=1)
    before = snapshot(game)
    with pytest.raises(IllegalActionError, match="Athens|Sparta|Corinth") as info:
        game.step()
    assert "must decide" in str(info.value) and "bid" in str(info.value)
    assert snapshot(game) == before


def test_advance_to_phase_cycle_and_end():
    """``advance(to=...)``: 'phase' stops when the phase changes, 'cycle' when the next
    cycle begins, 'end' when the game is over; it always stops at a decision for a player
    without a bot."""
    game = Game.new(players=3, seed=3)
    bots = random_bots(game, 3)
    game.advance(to="phase", bots=bots)
    assert game.phase is Phase.ACTIONS and game.cycle == 1
    game.advance(to="cycle", bots=bots)
    assert game.cycle == 2 and game.phase is Phase.CREATURES
    one_bot = {"Athens": bots["Athens"]}
    game.advance(to="cycle", bots=one_bot)
    assert game.cycle == 2 and game.to_act in ("Sparta", "Corinth")
    game.advance(to="end", bots=bots)
    assert game.is_over and game.winner is not None


def test_advance_to_decision_without_bots_stops_at_once():
    """With no bots, ``advance()`` runs only automatic and chance steps."""
    game = Game.new(players=3, seed=3, start="setup")
    game.advance()
    assert game.node == "decision" and game.phase is Phase.OFFERINGS
    moves = game.moves()
    game.advance(to="cycle")
    assert game.moves() == moves


def test_advance_rejects_bad_targets_and_unknown_bots():
    """Bad arguments are ValueErrors that say what is expected."""
    game = Game.new(players=3, seed=3)
    with pytest.raises(ValueError, match="decision, phase, cycle or end"):
        game.advance(to="turn")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown players"):
        game.advance(bots={"Rome": RandomPlayer(1)})


# --------------------------------------------------------------------------- forcing chance


def test_a_teacher_can_force_chance_outcomes():
    """A teacher can force chance outcomes: ``force`` queues outcomes for the chance
    steps they fit; ``play`` forces the outcome due now."""
    game = Game.new(players=3, seed=0, start="setup")
    game.force("order corinth,athens,sparta", "gods zeus,ares,athena,poseidon")
    game.step()
    assert game.state.turn_order == [2, 0, 1]
    game.advance()
    assert game.state.god_order == ["zeus", "ares", "athena", "poseidon"]
    assert game.forced == []
    other = Game.new(players=3, seed=0, start="setup")
    other.play("order sparta,corinth,athens")
    assert other.state.turn_order == [1, 2, 0]


def test_an_impossible_forced_outcome_is_a_named_error():
    """A forced outcome that cannot happen is refused; nothing changes."""
    game = Game.new(players=3, seed=0, start="setup")
    assert_illegal(game, "order athens,athens,sparta", "not a possible outcome")
    game.force("order athens,athens,sparta")
    before = snapshot(game)
    with pytest.raises(IllegalActionError, match="not possible here"):
        game.step()
    assert snapshot(game) == before


# --------------------------------------------------------------------------- options, JSON


def test_rule_options_are_stored_with_the_game():
    """``RuleOptions`` is frozen, validated and kept with every game/record."""
    options = RuleOptions(two_player_priest_discount="total", tie_break="metropolises_then_gold")
    game = Game.new(players=2, seed=1, options=options)
    assert game.state.options == options
    assert options.differences() == {
        "two_player_priest_discount": "total",
        "tie_break": "metropolises_then_gold",
    }
    again = Game.from_json(game.to_json())
    assert again.state.options == options
    with pytest.raises(AttributeError):
        options.tie_break = "gold"  # type: ignore[misc]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"tie_break": "coin"}, "tie_break='coin'"),
        ({"metropolis_without_room": "maybe"}, "expected one of"),
        ({"house_rule": 1}, "unknown rule option"),
    ],
)
def test_bad_rule_options_are_value_errors(data, message):
    """Every option value must be one of its documented readings."""
    with pytest.raises(ValueError, match=message):
        RuleOptions.from_dict(data)


def test_each_rule_option_names_its_readings_and_the_notes_give_their_sources():
    """Each field's docstring (what the API page and Jupyter's help show) names every
    reading by its value, with no source; docs/rules-notes.md names the field with the
    sources of its readings (seed 000, seed 002, RULES-NOTES)."""
    root = Path(__file__).resolve().parents[1]
    source = (root / "cyclades_widgets/rules/options.py").read_text()
    notes = (root / "docs/rules-notes.md").read_text().splitlines()
    hints = typing.get_type_hints(RuleOptions)
    for name in RuleOptions.__dataclass_fields__:
        doc = source.split(f"    {name}:", 1)[1].split('"""', 2)[1]
        readings = typing.get_args(hints[name])
        assert len(readings) >= 2, name
        assert all(f'``"{value}"``' in doc for value in readings), name
        sourced = [
            line for line in notes if f"`{name}`" in line and re.search(r"seed|RULES-NOTES", line)
        ]
        assert sourced, name


def test_json_round_trip_at_a_decision():
    """``game.to_json(); cw.Game.from_json(text)``: same moves, same state."""
    for players in (2, 5):
        game = played(players=players, seed=21, steps=150)
        again = Game.from_json(game.to_json())
        assert again.moves() == game.moves()
        assert again.state.to_dict() == game.state.to_dict()
        assert len(again.history) == len(game.history)
        assert again.players == game.players and again.seed == game.seed


def test_to_json_is_json_with_players_seed_and_moves():
    """The saved text is plain JSON a person can read."""
    game = played(players=3, seed=2, steps=40)
    data = json.loads(game.to_json())
    text = json.dumps(data)
    assert all(name in text for name in game.players)
    assert all(move in text for move in game.moves())


def test_play_accepts_notation_or_action_and_rejects_other_types():
    """``game.play("bid ares 3")``: notation or an Action."""
    game = Game.new(players=3, seed=1)
    action = game.legal_actions()[0]
    events = game.play(str(action))
    game.undo()
    assert game.play(action) == events
    game.undo()
    with pytest.raises((IllegalActionError, NotationError)):
        game.play(42)  # type: ignore[arg-type]
    assert isinstance(action, Action)


def test_state_copy_and_dict_round_trip_at_every_step():
    """``GameState`` is plain data, equal by value, JSON-serializable, and
    ``copy()`` is independent; checked at every step of random games."""
    for players in (2, 4):
        game = played(players=players, seed=17, steps=300)
        for step in game.history:
            state = step.before
            text = json.dumps(state.to_dict())
            assert GameState.from_dict(json.loads(text)) == state
            twin = state.copy()
            assert twin == state
            before = state.to_dict()
            twin.players[0].gold += 1
            twin.isles[next(iter(twin.isles))].buildings.append("port")
            twin.fleets["zz"] = (0, 1)
            twin.turn_order.append(0)
            for god in list(twin.bids):  # bids are immutable; the dict is the copy's own
                twin.bids[god] = Bid(9, 99)
            twin.queue.append(GodAction("ares", 9))
            for pending in twin.pending:  # every field of every pending step is the copy's own
                for f in fields(pending):
                    setattr(pending, f.name, "changed")
            assert state.to_dict() == before, "copy() shares mutable parts with the original"


def test_force_with_bad_notation_queues_nothing():
    """After any error the game is exactly as before: ``force`` parses every
    outcome before queueing any."""
    game = Game.new(players=3, seed=0, start="setup")
    with pytest.raises(NotationError):
        game.force("order athens,sparta,corinth", "roll two")
    assert game.forced == []


# --------------------------------------------------------------------------- legal actions once


def test_legal_actions_are_listed_once_per_step(monkeypatch: pytest.MonkeyPatch):
    """Issue 11 'The intent path': the legal actions of a step are computed once and
    shared (``legal_actions``, ``is_legal``, ``play``); a legal play never asks the
    explainers, an illegal one asks them only to word the error."""
    calls = {"legal": 0, "explain": 0}
    real_legal, real_explain = flow.legal_actions, flow.explain

    def counting_legal(state: GameState) -> list[Action]:
        calls["legal"] += 1
        return real_legal(state)

    def counting_explain(state: GameState, action: Action) -> Message | None:
        calls["explain"] += 1
        return real_explain(state, action)

    monkeypatch.setattr(flow, "legal_actions", counting_legal)
    monkeypatch.setattr(flow, "explain", counting_explain)
    game = Game.new(players=3, seed=4)
    calls["legal"] = 0
    first = game.legal_actions()
    assert game.legal_actions() == first and game.is_legal(first[0])
    assert calls == {"legal": 1, "explain": 0}
    with pytest.raises(IllegalActionError):
        game.play("bid ares 99")
    assert calls == {"legal": 1, "explain": 1}
    game.play(first[0])
    assert calls == {"legal": 1, "explain": 1}
    game.legal_actions()
    assert calls["legal"] == 2  # a new step, a new list


def test_the_legal_actions_follow_every_move_through_the_history():
    """After play, undo, redo, goto and fork, the shared list is the current step's."""
    game = Game.new(players=4, seed=9)
    bots = random_bots(game, 9)

    def fresh(g: Game) -> bool:
        return g.legal_actions() == flow.legal_actions(g.state)

    for _ in range(30):
        if game.node == "decision":
            game.legal_actions()
            to_act = game.to_act
            assert to_act is not None
            game.play(bots[to_act].choose(game.state, game.legal_actions()))
        else:
            game.step()
        assert fresh(game)
    game.legal_actions()
    game.undo()
    assert fresh(game)
    game.redo()
    assert fresh(game)
    game.goto(len(game.history) // 2)
    assert fresh(game)
    twin = game.fork()
    assert fresh(twin) and fresh(game)
    copy = game.legal_actions()
    copy.clear()  # the caller's list is its own
    assert game.legal_actions() == flow.legal_actions(game.state)


def test_an_action_built_with_unhashable_arguments_is_a_named_error():
    """An ``Action`` built in code with a list argument (not the notation's
    tuple) is refused as not well-formed, and nothing changes."""
    game = Game.new(players=3, seed=2)
    before = snapshot(game)
    assert not game.is_legal(Action("bid", (["ares"], 2)))
    with pytest.raises(IllegalActionError, match="well-formed"):
        game.play(Action("bid", (["ares"], 2)))
    assert snapshot(game) == before


# --------------------------------------------------------------------------- history by replay


def _at_an_automatic_step_before_a_decision(seed: int) -> Game:
    """A game stopped at an automatic step whose automatic steps lead to a decision."""
    game = Game.new(players=3, seed=seed)
    bots = random_bots(game, seed)
    while True:
        if game.node == "auto":
            probe = game.fork()
            while probe.node == "auto":
                probe.step()
            if probe.node == "decision":
                return game
        if game.to_act:
            game.play(bots[game.to_act].choose(game.state, game.legal_actions()))
        else:
            game.step()


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_issue_18_undo_takes_back_everything_one_play_did(seed: int):
    """Issue 18 'Game semantics': ``play`` at an automatic step runs the automatic steps,
    then the move; one ``undo`` returns to the state before the call, one ``redo`` plays
    it all again."""
    game = _at_an_automatic_step_before_a_decision(seed)
    before, length = game.state.to_dict(), len(game.history)
    probe = game.fork()
    while probe.node == "auto":
        probe.step()
    move = probe.legal_actions()[0]
    game.play(move)
    after, steps = game.state.to_dict(), len(game.history)
    assert steps - length >= 2 and game.history[-1].action == move
    assert [s.joined for s in game.history[length:]] == [False] + [True] * (steps - length - 1)
    assert game.undo() is not None
    assert game.state.to_dict() == before and len(game.history) == length
    assert game.redo() is not None
    assert game.state.to_dict() == after and len(game.history) == steps
    game.goto(length + 1)  # goto stays step by step: just after the first automatic step
    assert len(game.history) == length + 1 and game.history[-1].kind == "auto"


def test_steps_keep_no_copy_but_rebuild_their_state_and_events_exactly():
    """Issue 16 'Undo without copies': a copy every CHECKPOINT_EVERY steps only; every
    other step's state and (for old steps) events are rebuilt, equal to what was played."""
    from cyclades_widgets.history import CHECKPOINT_EVERY, KEEP_EVENTS

    game = Game.new(players=5, seed=3, start="setup")
    bots = random_bots(game, 3)
    states, events = [], []
    while len(game.history) < 3 * KEEP_EVENTS and not game.is_over:
        states.append(game.state.to_dict())
        if game.to_act:
            events.append(game.play(bots[game.to_act].choose(game.state, game.legal_actions())))
        else:
            events.append(game.step())
    history = game.history
    assert [k for k, s in enumerate(history) if s._base is not None] == list(
        range(0, len(history), CHECKPOINT_EVERY)
    )
    assert sum(s._events is None for s in history) == len(history) - KEEP_EVENTS
    for k in (*range(len(history)), 5, 77, 0, len(history) - 1):  # in order, then jumps
        assert history[k].before.to_dict() == states[k]
        assert [e.to_dict() for e in history[k].events] == [e.to_dict() for e in events[k]]
    assert history[7].before is not history[7].before  # each call gives an own copy


def test_a_long_game_pickles_and_deep_copies_with_its_history():
    """Steps link to the step before them; a long game still pickles and deep-copies (the
    history is stored flat), and the copy undoes and redoes like the original."""
    import copy
    import pickle

    game = played(players=5, seed=4, steps=700)
    game.undo()
    for twin in (pickle.loads(pickle.dumps(game)), copy.deepcopy(game)):
        assert twin.state == game.state and twin.moves() == game.moves()
        assert len(twin.undone()) == len(game.undone()) and twin.can_redo()
        assert twin.redo() is not None and twin.undo() is not None
        assert [s.before for s in twin.history[-40:]] == [s.before for s in game.history[-40:]]
        twin.goto(0)
        assert twin.state == game.initial_state


def test_checking_one_action_does_not_list_them_all(monkeypatch: pytest.MonkeyPatch):
    """Issue 16 'A faster core': ``is_legal`` before anything is listed checks the one
    action (as python-chess's ``is_legal``), and agrees with the list at every step."""
    game = Game.new(players=4, seed=21)
    bots = random_bots(game, 21)
    real_legal = flow.legal_actions
    listed = {"n": 0}

    def counting(state: GameState) -> list[Action]:
        listed["n"] += 1
        return real_legal(state)

    for _ in range(150):
        if game.is_over:
            break
        if game.to_act:
            twin = game.fork()  # nothing listed yet in the twin
            legal = real_legal(game.state)
            monkeypatch.setattr(flow, "legal_actions", counting)
            near = [Action("bid", ("ares", 99)), Action("end"), Action("recruit", ("troop",))]
            for action in [*legal[:8], *near]:
                assert twin.is_legal(action) == (action in legal), action
            assert listed["n"] == 0
            monkeypatch.setattr(flow, "legal_actions", real_legal)
            game.play(bots[game.to_act].choose(game.state, game.legal_actions()))
        else:
            assert not game.fork().is_legal(Action("end"))
            game.step()
