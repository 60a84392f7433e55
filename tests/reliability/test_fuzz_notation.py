"""Fuzzing notation (issue 8): bad input gives a named error and leaves the game as it was.

At positions of every kind (bids, god actions, battles, retreats, fleet moves, creature
choices, Metropolis placement, chance and automatic steps), random strings, mutated
notations and malformed ``Action`` objects given to ``Game.play`` either are legal there
or raise ``NotationError`` / ``IllegalActionError`` whose message says what would be legal;
after an error the state and the history are exactly as before (docs/architecture.md, "Errors").
"""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from reliability_support import FUZZ_EXAMPLES, fuzz_positions

from cyclades_widgets import Game
from cyclades_widgets.rules import flow
from cyclades_widgets.rules.actions import Action, known_kinds
from cyclades_widgets.rules.board import MapSpec, available_maps
from cyclades_widgets.rules.errors import IllegalActionError, NotationError
from cyclades_widgets.rules.state import BUILDINGS, CITIES, CREATURES, GODS, GameState

POSITIONS = fuzz_positions()

FUZZ = settings(
    max_examples=FUZZ_EXAMPLES,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def _words() -> list[str]:
    words = {*known_kinds(), *GODS, "apollo", *BUILDINGS, *CREATURES}
    words |= {"troop", "troops", "fleet", "fleets", "priest", "philosopher", "destroy", "from"}
    words |= {c.lower() for c in CITIES}
    for map_id in available_maps():
        spec = MapSpec.load(map_id)
        words |= set(spec.isles) | set(spec.seas[::7])
    return sorted(words)


WORDS = _words()
LEGAL_HINTS = ("legal:", "possible:", "force one of", "game is over", "expected notation")
NOTATION_HINTS = (
    "did you mean",
    "takes:",
    "empty notation",
    "must be a string",
    "plain ASCII",
    "too long",
)


def _notations(state: GameState) -> list[str]:
    """Notations that are valid somewhere near this position (to mutate)."""
    probe = state.copy()
    while flow.node(probe)[0] == "auto":
        flow.auto_step(probe)
    actions = flow.legal_actions(probe) or [a for a, _ in flow.chance_outcomes(probe)]
    return [str(a) for a in actions[:60]] or ["end"]


def _legal_after_autos(state: GameState) -> list[Action]:
    probe = state.copy()
    while flow.node(probe)[0] == "auto":
        flow.auto_step(probe)
    return flow.legal_actions(probe) + [a for a, _ in flow.chance_outcomes(probe)]


def _attempt(state: GameState, move: Any) -> None:
    """Play ``move`` on a fresh game at ``state``: legal, or a named error and no change."""
    game = Game(state.copy(), seed=3)
    before = game.state.copy()
    try:
        game.play(move)
    except NotationError as exc:
        assert any(h in str(exc) for h in NOTATION_HINTS), f"unhelpful NotationError: {exc}"
    except IllegalActionError as exc:
        assert any(h in str(exc) for h in LEGAL_HINTS), f"IllegalActionError without hint: {exc}"
    else:
        action = Action.parse(move) if isinstance(move, str) else move
        assert action in _legal_after_autos(before), f"{move!r} was accepted but is not legal"
        return
    assert game.state == before, f"{move!r}: the state changed although the move was refused"
    assert not game.history, f"{move!r}: a step was recorded although the move was refused"


def _mutate(data: st.DataObject, text: str) -> str:
    tokens = text.replace(">", " > ").replace(",", " , ").split()
    for _ in range(data.draw(st.integers(1, 3), label="mutations")):
        op = data.draw(st.sampled_from(_OPS), label="op")
        tokens = op(data, tokens) or ["end"]
    return " ".join(tokens).replace(" > ", ">").replace(" , ", ",")


def _replace_word(data: st.DataObject, tokens: list[str]) -> list[str]:
    i = data.draw(st.integers(0, len(tokens) - 1))
    return [*tokens[:i], data.draw(st.sampled_from(WORDS)), *tokens[i + 1 :]]


def _replace_number(data: st.DataObject, tokens: list[str]) -> list[str]:
    numbers = [i for i, t in enumerate(tokens) if t.lstrip("-").isdigit()]
    i = data.draw(st.sampled_from(numbers)) if numbers else len(tokens)
    value = str(data.draw(st.integers(-3, 10_500)))
    return [*tokens[:i], value, *tokens[i + 1 :]]


def _drop(data: st.DataObject, tokens: list[str]) -> list[str]:
    i = data.draw(st.integers(0, len(tokens) - 1))
    return tokens[:i] + tokens[i + 1 :]


def _duplicate(data: st.DataObject, tokens: list[str]) -> list[str]:
    i = data.draw(st.integers(0, len(tokens) - 1))
    return [*tokens[: i + 1], tokens[i], *tokens[i + 1 :]]


def _swap(data: st.DataObject, tokens: list[str]) -> list[str]:
    i = data.draw(st.integers(0, len(tokens) - 1))
    j = data.draw(st.integers(0, len(tokens) - 1))
    tokens = list(tokens)
    tokens[i], tokens[j] = tokens[j], tokens[i]
    return tokens


def _junk(data: st.DataObject, tokens: list[str]) -> list[str]:
    i = data.draw(st.integers(0, len(tokens)))
    junk = data.draw(st.text(min_size=1, max_size=4), label="junk")
    return [*tokens[:i], junk, *tokens[i:]]


def _case_and_space(data: st.DataObject, tokens: list[str]) -> list[str]:
    upper = data.draw(st.booleans())
    return [
        (t.upper() if upper else t.title()) + " " * data.draw(st.integers(0, 2)) for t in tokens
    ]


_OPS = (_replace_word, _replace_number, _drop, _duplicate, _swap, _junk, _case_and_space)

positions = st.sampled_from(POSITIONS)


@FUZZ
@given(position=positions, text=st.text(max_size=40))
def test_random_unicode_strings_are_refused_cleanly(position, text):
    """Any text either parses and is legal, or raises a named error; the game
    is exactly as before."""
    _attempt(position[1], text)


@FUZZ
@given(
    position=positions,
    text=st.text(alphabet="abcdefghijklmnopqrstuvwxyz0123456789 >,-_", max_size=30),
    kind=st.sampled_from(known_kinds()),
)
def test_known_action_words_with_random_arguments(position, text, kind):
    """A known action word followed by arbitrary arguments: legal, or a named error."""
    _attempt(position[1], f"{kind} {text}")


@FUZZ
@given(position=positions, data=st.data())
def test_mutated_legal_notation_is_legal_or_refused(position, data):
    """A legal notation of the position with 1–3 mutations (a word or number replaced,
    tokens dropped, doubled, swapped, junk inserted, case and spacing changed)."""
    notation = data.draw(st.sampled_from(_notations(position[1])), label="notation")
    _attempt(position[1], _mutate(data, notation))


_ARG = st.one_of(
    st.sampled_from(WORDS),
    st.integers(-5, 10_000),
    st.tuples(st.sampled_from(WORDS), st.sampled_from(WORDS)),
    st.tuples(st.integers(0, 3)),
    st.none(),
    st.text(max_size=5),
)


@settings(FUZZ, max_examples=FUZZ_EXAMPLES * 5)
@given(
    position=positions,
    kind=st.one_of(st.sampled_from(known_kinds()), st.text(max_size=6)),
    args=st.lists(_ARG, max_size=4),
)
def test_malformed_action_objects_are_refused(position, kind, args):
    """``Game.play`` also takes ``Action`` objects (the widget and bots pass them): any
    kind and arguments are legal or refused with IllegalActionError, never a crash."""
    _attempt(position[1], Action(kind, tuple(args)))


MALFORMED = [
    Action("build", ("port",)),
    Action("bid", ("ares", "x")),
    Action("recruit", ()),
    Action("buy", ()),
    Action("move", ("troops", "naxos", "paros")),
    Action("retreat", (3,)),
    Action("order", ((1, 2),)),
    Action("end", (1,)),
]


def test_malformed_actions_at_every_position():
    """Regression (found by this suite): explainers crashed with TypeError/IndexError on
    Actions with the wrong arity or types; flow.check now refuses them by name."""
    for _label, state in POSITIONS:
        for action in MALFORMED:
            _attempt(state, action)


@FUZZ
@given(position=positions, move=st.one_of(st.integers(), st.none(), st.binary(max_size=8)))
def test_non_text_moves_are_refused(position, move):
    """Neither notation nor an Action: a named error, and nothing changes."""
    _attempt(position[1], move)


@settings(max_examples=FUZZ_EXAMPLES * 5, derandomize=True, deadline=None)
@given(text=st.text(max_size=40))
def test_parse_gives_an_action_in_normal_form_or_a_notation_error(text):
    """``Action.parse`` never raises anything but NotationError, and what it returns
    prints as notation that parses back to the same action (docs/notation.md)."""
    try:
        action = Action.parse(text)
    except NotationError:
        return
    assert Action.parse(str(action)) == action


def test_the_pool_reaches_every_kind_of_position():
    """The fuzzing positions include battles, retreats, fleet moves, creature choices,
    Metropolis placement, bids, chance and automatic steps."""
    labels = {label for label, _ in POSITIONS}
    for wanted in (
        "decision/offerings/-",
        "decision/actions/-",
        "chance/actions/battle",
        "decision/actions/retreat",
        "decision/actions/fleet_move",
        "decision/actions/metropolis",
        "chance/gods/-",
        "auto/revenue/-",
    ):
        assert wanted in labels, (wanted, sorted(labels))
