"""Property tests (issue 27): for random valid scenarios, ``Editor(scenario).code()``
evaluated gives the same state, and a position read back with ``Scenario.from_state``
builds the same state again.

The scenarios are drawn as random chains of every scenario call, each kept only when the
scenario accepts it (as the editor does: a refused edit changes nothing), so they cover
the board, the players, the cycle's settings, the phases and forced outcomes.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cyclades_widgets as cw
from cyclades_widgets.bots import RandomBot
from cyclades_widgets.rules.board import MapSpec
from cyclades_widgets.rules.state import APOLLO, BUILDINGS, CREATURES, GODS
from cyclades_widgets.scenario import PHASES, Scenario, ScenarioError

SETTINGS = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])


CALLS = ["troops"] * 6 + ["fleets"] * 4 + ["build"] * 3 + [
    "territory", "clear", "remove", "metropolis", "prosperity", "gold", "priests",
    "philosophers", "cycle", "gods", "order", "creatures", "discard", "offering",
    "remove_offering", "phase", "dice", "empty",
]  # fmt: skip
"""The scenario's calls, the board's most often."""


def _call(data: st.DataObject, scenario: Scenario) -> tuple[str, tuple[Any, ...], dict[str, Any]]:
    """One random call of the scenario's API, with arguments that are mostly valid."""
    spec = MapSpec.load(scenario.map_id)
    names = list(scenario.players)
    player = st.sampled_from(names)
    isle = st.sampled_from(list(spec.isles))
    sea = st.sampled_from(list(spec.seas))
    god = st.sampled_from([*GODS, APOLLO])
    kind = data.draw(st.sampled_from(CALLS))
    draw = data.draw
    if kind == "troops":
        return kind, (draw(isle), draw(player), draw(st.integers(0, 8))), {}
    if kind == "fleets":
        return kind, (draw(sea), draw(player), draw(st.integers(0, 8))), {}
    if kind == "build":
        kinds = draw(st.lists(st.sampled_from(BUILDINGS), min_size=1, max_size=2))
        return kind, (draw(isle), *kinds), {}
    if kind == "territory":
        return kind, (draw(isle), draw(player)), {}
    if kind == "clear":
        return kind, (draw(st.one_of(isle, sea)),), {}
    if kind == "remove":
        piece = draw(st.sampled_from(["troops", "fleets", "territory", "metropolis",
                                      "prosperity", *BUILDINGS]))  # fmt: skip
        place = draw(sea if piece == "fleets" else isle)
        count = draw(st.one_of(st.none(), st.integers(1, 3)))
        return kind, (place, piece, count), {}
    if kind in ("metropolis",):
        return kind, (draw(isle),), {}
    if kind == "prosperity":
        return kind, (draw(isle), draw(st.integers(0, 3))), {}
    if kind == "gold":
        return kind, (draw(player), draw(st.integers(0, 30))), {}
    if kind in ("priests", "philosophers"):
        return kind, (draw(player), draw(st.integers(0, 3))), {}
    if kind == "cycle":
        return kind, (draw(st.integers(1, 5)),), {}
    if kind == "gods":
        order = draw(st.permutations(GODS))
        shuffled = len(names) != 3 or draw(st.booleans())
        return kind, tuple(order[: draw(st.integers(0, 4))]), {"shuffled": shuffled}
    if kind == "order":
        tokens = names * (2 if len(names) == 2 else 1)
        return kind, tuple(draw(st.permutations(tokens))), {}
    if kind in ("creatures", "discard"):
        cards = draw(st.lists(st.sampled_from(CREATURES), max_size=3, unique=True))
        if kind == "creatures":
            cards = [draw(st.sampled_from([c, None])) for c in cards]
        return kind, tuple(cards), {}
    if kind == "offering":
        amount = draw(st.one_of(st.none(), st.integers(1, 4)))
        chosen = draw(god)
        return kind, (chosen, draw(player), None if chosen == APOLLO else amount), {}
    if kind == "remove_offering":
        return kind, (draw(god), draw(st.one_of(st.none(), player))), {}
    if kind == "phase":
        phase = draw(st.sampled_from(PHASES))
        keywords: dict[str, Any] = {}
        if phase == "actions" and draw(st.booleans()):
            keywords["god"] = draw(god)
            if draw(st.booleans()):
                keywords["player"] = draw(player)
            keywords["recruited"] = draw(st.integers(0, 2))
        return kind, (phase,), keywords
    if kind == "dice":
        return kind, (f"{draw(st.integers(0, 3))} {draw(st.integers(0, 3))}",), {}
    return kind, (), {}


@st.composite
def scenarios(draw: st.DrawFn) -> Scenario:
    """A valid scenario built by a random chain of calls, each refused call left out."""
    players: Any = draw(st.sampled_from([2, 3, 4, 5, ["Ada", "Bo", "Cy"]]))
    options = draw(st.sampled_from([None, cw.RuleOptions(card_supply="rulebook")]))
    scenario = Scenario(players, options=options)
    data = draw(st.data())
    for _ in range(draw(st.integers(0, 30))):
        name, args, kwargs = _call(data, scenario)
        trial = scenario.copy()
        try:
            getattr(trial, name)(*args, **kwargs)
            trial.state()
        except ScenarioError:
            continue
        scenario = trial
    return scenario


@SETTINGS
@given(scenarios())
def test_editor_code_evaluated_gives_the_same_state(scenario: Scenario):
    editor = cw.Editor(scenario)
    code = editor.code()
    rebuilt = eval(code, {"cw": cw})
    assert rebuilt.state() == scenario.state(), code
    assert rebuilt._forced == scenario._forced, code
    assert rebuilt.code() == code  # the code is a fixed point: shortest form, stated once


@SETTINGS
@given(scenarios())
def test_the_code_is_never_longer_than_the_calls_made(scenario: Scenario):
    """Shortest form first: never more calls than the chain that built the scenario."""
    calls = repr(scenario).count(").") + 1
    assert scenario.code().count("\n    .") <= calls


@SETTINGS
@given(scenarios())
def test_a_position_read_back_builds_the_same_state(scenario: Scenario):
    state = scenario.state()
    read = Scenario.from_state(state)
    assert read.state() == state
    assert eval(repr(read), {"Scenario": Scenario, "RuleOptions": cw.RuleOptions}).state() == state


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_editor_of_a_played_game_is_exact_or_says_why(players: int):
    """Positions of real games: the editor takes each exactly (its step count aside) or
    refuses it with a named error; it never drops a part silently."""
    game = cw.Game.new(players=players, seed=players)
    bots = {name: RandomBot(seed=k) for k, name in enumerate(game.players)}
    taken = refused = 0
    while not game.is_over and game.cycle <= 5 and taken + refused < 150:
        game.advance(to="decision")
        try:
            editor = cw.Editor(game)
        except ScenarioError as refusal:
            assert str(refusal)
            refused += 1
        else:
            state = editor.state
            state.step = game.state.step
            assert state == game.state
            assert eval(editor.code(), {"cw": cw}).state() == editor.state
            taken += 1
        if not game.is_over and game.to_act is not None:
            game.play(bots[game.to_act].choose(game.state, game.legal_actions()))
    assert taken > 30 and taken > refused
