"""Hostile notation and numbers (issue 18): the notation is ASCII, errors quote a short
prefix of what was typed, every listed action parses, plays and undoes, and no number in a
position makes listing the legal actions costly.

Each test draws its inputs with hypothesis; each fails on the main branch before issue 18
(full-width and Arabic-Indic digits, no-break spaces and ``\\x1c`` were read as digits and
separators; a 1 MB notation came back in a 2 MB error; a Scenario could give 10,000 GP,
so a listed bid of 10,001 did not parse; a position with huge gold listed one bid per GP).
"""

from __future__ import annotations

import contextlib
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from reliability_support import FUZZ_EXAMPLES, fuzz_positions

import cyclades_widgets as cw
from cyclades_widgets import Game
from cyclades_widgets.invariants import check_invariants
from cyclades_widgets.rules import flow
from cyclades_widgets.rules.actions import MAX_NOTATION, MAX_NUMBER, Action
from cyclades_widgets.rules.errors import CycladesError, IllegalActionError, NotationError
from cyclades_widgets.rules.messages import CLIP
from cyclades_widgets.rules.offerings import MAX_GOLD
from cyclades_widgets.rules.setup import new_state
from cyclades_widgets.rules.state import GODS
from cyclades_widgets.scenario import ScenarioError

FUZZ = settings(
    max_examples=FUZZ_EXAMPLES,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
POSITIONS = [s for label, s in fuzz_positions() if label.startswith("decision/")]
positions = st.sampled_from(POSITIONS)

ALLOWED = {chr(c) for c in range(0x20, 0x7F)} | {"\t", "\n", "\r"}
_DIGITS = st.characters(categories=["Nd"]).filter(lambda c: c not in "0123456789")
_SPACES = st.characters(categories=["Zs", "Zl", "Zp"]).filter(lambda c: c != " ")
_CONTROLS = st.characters(categories=["Cc"]).filter(lambda c: c not in "\t\n\r")
FOREIGN = st.one_of(_DIGITS, _SPACES, _CONTROLS, st.characters(min_codepoint=0x80))
"""A character the notation does not accept: another script's digit, another space, a
control character (``\\x1c`` is whitespace to ``str.split``), any non-ASCII one."""


def _legal(state: Any) -> list[str]:
    return [str(a) for a in flow.legal_actions(state)] or ["end"]


@FUZZ
@given(position=positions, data=st.data(), char=FOREIGN)
def test_a_foreign_character_in_a_legal_notation_is_refused_and_named(position, data, char):
    """A legal notation with one character replaced by (or one inserted) a non-ASCII digit,
    space or a control character: a NotationError that says the notation is ASCII and names
    the character; the game is unchanged."""
    notation = data.draw(st.sampled_from(_legal(position)), label="notation")
    at = data.draw(st.integers(0, len(notation)), label="at")
    replace = data.draw(st.booleans(), label="replace") and at < len(notation)
    text = notation[:at] + char + notation[at + (1 if replace else 0) :]
    with pytest.raises(NotationError) as caught:
        Action.parse(text)
    message = str(caught.value)
    assert "plain ASCII" in message and f"U+{ord(char):04X}" in message, message
    game = Game(position.copy(), seed=1)
    before = game.state.copy()
    with pytest.raises(NotationError):
        game.play(text)
    assert game.state == before and not game.history


@FUZZ
@given(text=st.text(alphabet=sorted(ALLOWED), max_size=60))
def test_ascii_notation_parses_to_ascii_or_is_refused(text):
    """Within the ASCII alphabet, parsing gives an action that writes back as it reads."""
    try:
        action = Action.parse(text)
    except NotationError:
        return
    assert str(action).isascii() and Action.parse(str(action)) == action


@FUZZ
@given(
    position=positions,
    head=st.sampled_from(["", "bid ", "bid ares ", "move troops ", "zzz "]),
    unit=st.text(min_size=1, max_size=8),
    repeat=st.integers(1, 20_000),
)
def test_errors_quote_a_short_prefix_of_long_input(position, head, unit, repeat):
    """Whatever is typed, however long, the error is short and quotes at most a prefix."""
    text = head + unit * repeat
    game = Game(position.copy(), seed=1)
    before = game.state.copy()
    try:
        game.play(text)
    except (NotationError, IllegalActionError) as exc:
        message = str(exc)
    else:
        assert len(text) <= MAX_NOTATION  # a legal move, short by construction
        return
    assert len(message) <= 1_200, f"a {len(text)}-character input gave a {len(message)} error"
    tail = text[len(head) :]
    if len(tail) > 2 * CLIP:
        assert tail[: 2 * CLIP] not in message
    assert game.state == before and not game.history


# --------------------------------------------------------------------------- listed actions


@st.composite
def scenario_positions(draw: st.DrawFn) -> Game:
    """A position built by Scenario with random gold, Priests and Philosophers: the gold
    drawn from far beyond the box (a Scenario must refuse it by name)."""
    players = draw(st.integers(2, 5), label="players")
    scenario = cw.Scenario(players=players)
    names = scenario.state().names
    try:
        for name in names:
            gold = draw(st.one_of(st.integers(0, 20), st.integers(0, 20_000)), label="gold")
            scenario.gold(name, gold)
            scenario.priests(name, draw(st.integers(0, 4), label="priests"))
            scenario.philosophers(name, draw(st.integers(0, 3), label="philosophers"))
        scenario.phase("offerings")
        return scenario.game(seed=draw(st.integers(0, 3)))
    except ScenarioError as exc:
        assert str(exc) and "this is a bug" not in str(exc)
        assume(False)
        raise  # unreachable: assume(False) stops the example


def _biggest_bids(legal: list[Action]) -> list[Action]:
    bids = [a for a in legal if a.kind == "bid" and len(a.args) == 2]
    top = max((a.args[1] for a in bids), default=None)
    return [a for a in bids if a.args[1] == top]


def _plays_and_undoes(game: Game, action: Action) -> None:
    assert Action.parse(str(action)) == action, f"{action!r} does not parse back"
    before, steps = game.state.copy(), len(game.history)
    game.play(str(action))
    assert check_invariants(game.state, flow_checks=False) == []
    while len(game.history) > steps:
        game.undo()
    assert game.state == before, f"play + undo of {action} did not come back"


@FUZZ
@given(game=scenario_positions(), data=st.data())
def test_every_listed_action_parses_plays_and_undoes_in_scenarios(game, data):
    """Scenario positions: each listed action (the biggest bids always among those tried)
    parses back, plays and undoes to the same state; the position keeps every invariant."""
    assert check_invariants(game.state) == []
    legal = game.legal_actions()
    assert len(legal) <= len(GODS) * (MAX_GOLD + 5) + 1
    tried = _biggest_bids(legal) + data.draw(
        st.lists(st.sampled_from(legal), max_size=4), label="sample"
    )
    for action in tried:
        _plays_and_undoes(game, action)


@FUZZ
@given(position=positions, data=st.data())
def test_every_listed_action_parses_plays_and_undoes_in_games(position, data):
    """Positions of bot games, every kind of decision: the same property."""
    game = Game(position.copy(), seed=2)
    legal = game.legal_actions()
    for action in data.draw(st.lists(st.sampled_from(legal), min_size=1, max_size=4)):
        _plays_and_undoes(game, action)


@FUZZ
@given(gold=st.integers(0, 200_000), priests=st.integers(0, 10), seat=st.integers(0, 2))
def test_numbers_in_a_position_never_make_listing_costly(gold, priests, seat):
    """A position read from a file (not through Scenario) with a huge number of GP or
    Priests: the legal bids stay few (each one parses), and the invariants name the value."""
    state = cw.Scenario(players=3).phase("offerings").state()
    state.players[seat].gold = gold
    state.players[seat].priests = priests
    legal = flow.legal_actions(state) if flow.node(state)[1] == seat else []
    assert len(legal) <= len(GODS) * MAX_NUMBER + 1
    for action in _biggest_bids(legal):
        assert Action.parse(str(action)) == action
    breaches = check_invariants(state)
    if gold > MAX_GOLD:
        assert any(f"{gold} GP" in b for b in breaches), breaches


def test_scenario_gold_is_bounded_by_the_box():
    """Examples of the class above: the box's gold bounds a Scenario, named in the error."""
    with pytest.raises(ScenarioError, match="10000"):
        cw.Scenario(players=3).gold("Athens", 10_000)
    with pytest.raises(ScenarioError, match="98"):
        cw.Scenario(players=3).gold("Athens", 60).gold("Sparta", 60)
    state = cw.Scenario(players=3).gold("Athens", 88).state()
    assert state.bank == 0 and check_invariants(state) == []


def test_a_scenario_position_is_checked_against_every_invariant(monkeypatch):
    """Scenario.state() ends with check_invariants: a breach the calls did not catch is a
    ScenarioError (here one is forced by breaking the supply count)."""
    scenario = cw.Scenario(players=3)
    scenario._base.building_supply["port"] = 11  # noqa: SLF001  (a breach no call can make)
    with pytest.raises(ScenarioError, match="breaks a rule") as caught:
        scenario.state()
    assert isinstance(caught.value, CycladesError) and "Port" in str(caught.value)


@FUZZ
@given(
    names=st.lists(
        st.one_of(st.text(max_size=30), st.from_regex(r"[A-Za-z][a-z]{0,5}\n?", fullmatch=True)),
        min_size=2,
        max_size=5,
    )
)
def test_player_names_are_words_the_notation_can_write(names):
    """Names become words of the notation (the turn-order outcome lists them): a name is
    refused, or every chance outcome naming it parses back (``"Athens\\n"`` is refused)."""
    try:
        state = new_state(names)
    except CycladesError as exc:
        assert str(exc)
        return
    assert all(name.isascii() and name.isalnum() or "_" in name or "-" in name for name in names)
    for action, _ in flow.chance_outcomes(state):
        assert Action.parse(str(action)) == action


_ARGS = st.recursive(
    st.one_of(
        st.integers(),
        st.integers(4_000, 6_000).map(lambda n: 10**n),  # longer than str() writes
        st.text(max_size=8),
        st.booleans(),
        st.none(),
    ),
    lambda inner: st.tuples(inner, inner) | st.lists(inner, max_size=3).map(tuple),
    max_leaves=5,
)


@FUZZ
@given(
    kind=st.sampled_from(["bid", "order", "move", "roll", "zz"]), args=st.lists(_ARGS, max_size=4)
)
def test_any_action_object_writes_its_notation_without_raising(kind, args):
    """Actions built in code (bots, widgets, a learner's script) with any arguments: ``str``
    gives a notation that parses back to the same action, or one that does not parse; it
    never raises (a 5,000-digit number once raised Python's int-conversion error)."""
    action = Action(kind, tuple(args))
    text = str(action)
    assert isinstance(text, str) and text.startswith(kind)
    with contextlib.suppress(NotationError):
        parsed = Action.parse(text)
        assert str(parsed) == text.lower() or parsed != action


@FUZZ
@given(
    kind=st.sampled_from(["bid", "order", "move", "zz"]) | st.text(min_size=1, max_size=3000),
    args=st.lists(_ARGS | st.integers(min_value=10**4000, max_value=10**4500), max_size=3000),
)
def test_a_malformed_action_object_is_refused_in_a_short_message(kind, args):
    """``game.play(Action(...))`` with any kind and arguments: a named error whose text
    quotes a short prefix (a 1 MB kind once gave a 1 MB message, a 4,000-digit number
    raised Python's int-conversion error), and the game is exactly as before."""
    game = Game.new(players=3, seed=1)
    game.advance(to="decision")
    before = game.state.to_dict()
    action = Action(kind, tuple(args))
    assume(not game.is_legal(action))
    with pytest.raises(CycladesError) as err:
        game.play(action)
    assert len(str(err.value)) < 1200
    assert game.state.to_dict() == before
