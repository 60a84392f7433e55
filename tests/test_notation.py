"""Notation (issue 2 'Notation and named errors', issue 25 'did you mean'; docs/notation.md).

``Action.parse(str(a)) == a`` for every legal action and every chance outcome met in
seeded random games of 2 to 5 players, and bad text gets a ``NotationError`` that says
which forms are accepted.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from helpers import random_bots

from cyclades_widgets.game import Game
from cyclades_widgets.rules import actions as notation
from cyclades_widgets.rules.actions import Action, known_kinds, register_notation
from cyclades_widgets.rules.errors import CycladesError, NotationError

DOC = Path(__file__).resolve().parents[1] / "docs" / "notation.md"


def _every_action_of_random_games(players: int, seed: int, steps: int):
    """Yield every legal action and chance outcome offered along a random game."""
    game = Game.new(players=players, seed=seed, start="setup")
    bots = random_bots(game, seed)
    while len(game.history) < steps and not game.is_over:
        if game.node == "decision":
            legal = game.legal_actions()
            yield from legal
            game.play(bots[game.to_act].choose(game.state, legal))
        elif game.node == "chance":
            yield from (a for a, _ in game.chance_outcomes())
            game.step()
        else:
            game.step()


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_parse_of_str_is_the_action_for_every_legal_action(players):
    """``Action.parse(str(a)) == a`` holds for every legal action."""
    offered: set[Action] = set()
    for seed in range(2):
        offered.update(_every_action_of_random_games(players, seed * 7 + players, 500))
    for action in offered:
        text = str(action)
        assert Action.parse(text) == action, text
        assert text == text.strip().lower() and "  " not in text
    assert len(offered) > 300
    kinds = {a.kind for a in offered}
    assert {"order", "draw", "gods", "bid", "end", "recruit", "build"} <= kinds


def test_notation_ignores_case_and_extra_spaces():
    """Notation is forgiving about case and spacing, and prints one canonical form."""
    assert Action.parse("  BID   Ares  3 ") == Action("bid", ("ares", 3))
    assert str(Action.parse("Recruit Troop NAXOS")) == "recruit troop naxos"
    assert Action.parse("metropolis naxos destroy port,temple") == Action(
        "metropolis", ("naxos", ("port", "temple"))
    )
    assert str(Action("order", (("athens", "sparta"),))) == "order athens,sparta"


@pytest.mark.parametrize(
    ("text", "fragments"),
    [
        ("", ["empty notation", "bid ares 3"]),
        ("   ", ["empty notation"]),
        ("hop naxos", ["'hop' in 'hop naxos' is not an action", "did you mean one of", "bid"]),
        ("bid", ["cannot read 'bid'", "bid <name>", "bid <name> <n>", "`bid ares 3`"]),
        ("bid ares lots", ["'bid' takes", "bid <name> <n>", "for example `bid ares 3`"]),
        ("bid ares -1", ["cannot read"]),
        ("build temple", ["'build' takes: build <name> <name>", "`build temple kea`"]),
        ("roll 2", ["'roll' takes: roll <n> <n>"]),
        ("metropolis naxos port", ["metropolis <name> destroy <a,b,...>"]),
    ],
)
def test_notation_errors_name_the_accepted_forms_and_an_example(text, fragments):
    """``cw.NotationError``: the text does not parse; the message says what would."""
    with pytest.raises(NotationError) as info:
        Action.parse(text)
    for fragment in fragments:
        assert fragment in str(info.value), (fragment, str(info.value))


@pytest.mark.parametrize(
    ("text", "suggestion"),
    [
        ("bid Ares 2 GP", "bid ares 2"),
        ("bid ares three", "bid ares 3"),
        ("end now", "end"),
        ("move troops naxos to ios 2", "move troops naxos>ios 2"),
        ("move troops naxos > ios 2", "move troops naxos>ios 2"),
        ("move 2 troops naxos>ios", "move troops naxos>ios 2"),
        ("retreat to paros", "retreat paros"),
        ("buy the pegasus", "buy pegasus"),
        ("recuit troop naxos", "recruit troop naxos"),
        ("pass", "end"),
    ],
)
def test_a_malformed_decision_gets_did_you_mean_the_nearest_notation(text, suggestion):
    """Issue 25: ``bid Ares 2 GP`` gets "did you mean `bid ares 2`?"; the suggestion
    parses (it is notation), in every language."""
    with pytest.raises(NotationError) as info:
        Action.parse(text)
    assert f"did you mean `{suggestion}`?" in str(info.value)
    assert Action.parse(suggestion)
    for lang in ("fr", "zh"):
        assert f"`{suggestion}`" in info.value.message(lang)


@pytest.mark.parametrize(
    ("text", "kind"),
    [("attack naxos with 3 troops", "move"), ("invade ios", "move"), ("hire troop", "recruit")],
)
def test_an_unknown_action_word_gets_did_you_mean_and_an_example(text, kind):
    """Issue 25: ``attack naxos with 3 troops`` names the action meant and an example
    that parses, never the chance outcomes (draw, gods, order, roll)."""
    with pytest.raises(NotationError) as info:
        Action.parse(text)
    message = str(info.value)
    assert f"did you mean `{kind}" in message
    example = re.findall(r"`([^`]+)`", message)[-1]
    assert Action.parse(example).kind == kind, message


@pytest.mark.parametrize("text", ["hop naxos", "attack naxos with 3 troops", "fly", "x"])
def test_no_error_offers_a_learner_the_chance_outcomes(text):
    """The engine draws ``order``, ``gods``, ``draw`` and ``roll`` (a teacher may force
    them): an error for a typed decision never lists them."""
    with pytest.raises(NotationError) as info:
        Action.parse(text)
    for lang in ("en", "fr", "zh"):
        words = set(re.findall(r"[a-z]+", info.value.message(lang)))
        assert not words & notation.CHANCE_KINDS, info.value.message(lang)


def test_every_kind_has_an_example_that_parses():
    """The examples an error shows are notation of their own kind."""
    import cyclades_widgets.rules  # noqa: F401  (every rule module registers its notation)

    for kind in known_kinds():
        assert Action.parse(notation.example(kind)).kind == kind
    assert set(notation.EXAMPLES) <= set(known_kinds())


def test_parse_stays_short():
    """``Action.parse`` fits in 60 lines (its work is in named helpers)."""
    import inspect

    assert len(inspect.getsource(Action.parse.__func__).splitlines()) < 60


def test_notation_error_is_a_value_error_and_non_strings_are_refused():
    """Named errors subclass ``ValueError``."""
    assert issubclass(NotationError, CycladesError) and issubclass(NotationError, ValueError)
    with pytest.raises(NotationError, match="must be a string"):
        Action.parse(3)  # type: ignore[arg-type]


def test_register_notation_extends_the_grammar():
    """docs/internals.md 'Extension points': a module adds its kind with its pattern."""
    register_notation("zz-test", "{w}>{w} {l}")
    try:
        action = Action.parse("zz-test naxos>paros a,b")
        assert action == Action("zz-test", ("naxos", "paros", ("a", "b")))
        assert str(action) == "zz-test naxos>paros a,b"
        assert "zz-test" in known_kinds()
    finally:
        notation._PATTERNS.pop("zz-test")  # leave the grammar as the engine has it
    assert "zz-test" not in known_kinds()


# --------------------------------------------------------------------------- the document


def _doc_examples() -> list[str]:
    """Every line of the ```text blocks of docs/notation.md marked as an example."""
    examples = []
    for block in re.findall(r"```text\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S):
        for line in block.splitlines():
            line = line.split("#", 1)[0].strip()
            if line:
                examples.append(line)
    return examples


def test_docs_notation_every_example_parses_and_prints_back():
    """docs/notation.md: each example in a ```text block is valid notation, in canonical
    form."""
    examples = _doc_examples()
    assert len(examples) >= 20
    for text in examples:
        assert str(Action.parse(text)) == text, text


def test_docs_notation_documents_every_registered_action_kind():
    """Issue 2: 'docs/notation.md documents the grammar', so every registered kind has a
    heading or a table row naming it there."""
    import cyclades_widgets.rules  # noqa: F401  (every rule module registers its notation)

    documented: set[str] = set()
    for line in DOC.read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            named = line
        elif line.startswith("| `"):
            named = line.split("|")[1]
        else:
            continue
        documented |= set(re.findall(r"`([a-z][a-z0-9_-]*)[` ]", named))
    missing = [k for k in known_kinds() if k not in documented]
    assert not missing, f"not documented in docs/notation.md: {missing}"


def test_actions_are_shared_immutable_values():
    """Issue 16: equal actions are made once and shared, and an Action stays an immutable
    value: equal and hashed by value, unchangeable, copied and pickled as itself."""
    import copy
    import pickle

    a = Action("bid", ("ares", 3))
    assert Action.parse("bid ares 3") is a and a == Action("bid", ("ares", 3))
    assert hash(a) == hash(Action("bid", ("ares", 3))) and a != Action("bid", ("ares", 4))
    assert copy.deepcopy(a) is a and pickle.loads(pickle.dumps(a)) == a
    with pytest.raises(AttributeError):
        a.kind = "end"  # type: ignore[misc]
    odd = Action("bid", (["ares"], 3))  # unhashable arguments: made, not shared
    assert odd == Action("bid", (["ares"], 3)) and odd is not Action("bid", (["ares"], 3))
    assert str(a) == "bid ares 3" and (a == "bid ares 3") is False
