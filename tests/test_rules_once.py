"""Each rule stated once (issue 11 'Each rule stated once'): at every decision, an action is
legal exactly when its explainer has nothing against it.

The generators of legal actions and the explainers that say why an action is illegal share
each rule's condition (``offerings.amount_problem``, ``gods.unit_problem``,
``movement.troop_target_problem``...). This property test keeps them from drifting apart:
over positions of seeded random games (2 to 5 players, random and greedy bots, creatures
bought and used), it tries every legal action, near misses of each (wrong amounts, wrong
places, wrong units, other kinds) and random actions of every kind, and checks
``action in legal_actions(state)`` ⇔ ``flow.explain(state, action) is None``.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from functools import cache

import pytest
from creature_positions import ATHENS, CORINTH, SPARTA, add_buildings, turn_position
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cyclades_widgets import Game
from cyclades_widgets.bots import GreedyBot, RandomBot
from cyclades_widgets.game import Bot
from cyclades_widgets.i18n import Message
from cyclades_widgets.rules import actions as notation
from cyclades_widgets.rules import flow
from cyclades_widgets.rules.actions import Action
from cyclades_widgets.rules.board import MapSpec
from cyclades_widgets.rules.options import RuleOptions
from cyclades_widgets.rules.state import BUILDINGS, CREATURES, GODS, GameState

GAMES = 16
"""Seeded games the positions come from (2, 3, 4, 5 players in turn)."""
PER_LABEL = 6
"""Positions kept per kind of decision (phase and pending step)."""

KEYWORDS = ("done", "move", "from", "troop", "troops", "fleet", "fleets", "priest",
            "philosopher", "apollo", "metropolis", "atlantis", "x")  # fmt: skip


def _bots(game: Game, seed: int) -> dict[str, Bot]:
    rng = random.Random(f"rules-once/{seed}")
    return {
        name: GreedyBot(seed=seed * 7 + i) if rng.random() < 0.3 else RandomBot(seed * 7 + i)
        for i, name in enumerate(game.players)
    }


@cache
def positions() -> tuple[tuple[str, GameState], ...]:
    """Decision positions of seeded bot games, up to :data:`PER_LABEL` of each kind
    (``decision/actions/creature``...), taken at varied depths."""
    found: dict[str, list[GameState]] = {}
    for index in range(GAMES):
        game = Game.new(players=2 + index % 4, seed=100 + index, start="setup")
        bots = _bots(game, index)
        rng = random.Random(index)
        while not game.is_over and game.cycle <= 14:
            if game.node == "decision":
                state = game.state
                top = state.pending[-1].kind if state.pending else "-"
                label = f"{state.phase.value}/{top}/{len(game.players)}p"
                bucket = found.setdefault(label, [])
                if len(bucket) < PER_LABEL and rng.random() < 0.25:
                    bucket.append(state.copy())
                to_act = game.to_act
                assert to_act is not None
                game.play(bots[to_act].choose(state, game.legal_actions()))
            else:
                game.step()
    return tuple((label, s) for label, states in sorted(found.items()) for s in states)


def _figurine(state: GameState, isle: str, creature: str, seat: int) -> None:
    state.isles[isle].figurine, state.isles[isle].figurine_owner = creature, seat
    state.held_creatures[creature] = seat
    state.held_since[creature] = state.cycle
    state.creature_deck.remove(creature)


def _creature_step(creature: str, crowded: bool) -> GameState | None:
    """Athens has just bought ``creature`` on a busy 3-player board (``crowded``: Chiron,
    Medusa and the Kraken stand, the Sylph's fleets are all out, the discard pile holds
    cards for the Chimera). None when the power needs no choice."""
    figurines = {"chiron": ("paros", SPARTA), "medusa": ("naxos", ATHENS), "kraken": ("f5", 1)}
    used = {creature, *figurines} if crowded else {creature}
    discard = [c for c in ("giant", "harpy", "satyr", "sphinx", "pegasus") if c not in used]
    options = RuleOptions(kraken_moves="paid")
    state = turn_position(3, "zeus", track=[creature, None, None], discard=discard,
                          gold={ATHENS: 12}, options=options)  # fmt: skip
    state.isles["naxos"].troops = 3
    add_buildings(state, "naxos", "temple", "port")
    add_buildings(state, "mykonos", "fortress")
    add_buildings(state, "ios", "university")
    state.players[SPARTA].philosophers, state.players[CORINTH].priests = 1, 2
    state.philosopher_supply -= 1
    state.priest_supply -= 2
    if crowded:
        for name, (where, seat) in figurines.items():
            if name == creature:
                continue
            if name == "kraken":
                state.kraken = where
                state.held_creatures[name] = seat
                state.held_since[name] = state.cycle
                state.creature_deck.remove(name)
            else:
                _figurine(state, where, name, seat)
        state.fleets["h4"] = (ATHENS, 6)  # with g5 and c2: all 8 of Athens's fleets out
    game = Game(state, seed=1)
    game.play(f"buy {creature}")
    while game.node != "decision" and not game.is_over:
        game.step()
    top = game.state.pending[-1] if game.state.pending else None
    return game.state.copy() if top is not None and top.kind == "creature" else None


@cache
def creature_positions() -> tuple[tuple[str, GameState], ...]:
    """Every creature's choices, on a plain and on a crowded board, and one step further
    (after the first legal choice when the power goes on: the Sylph, the Sphinx, the
    Kraken moving, Polyphemus pushing, the Chimera's borrowed power)."""
    found: list[tuple[str, GameState]] = []
    for creature in CREATURES:
        for crowded in (False, True):
            state = _creature_step(creature, crowded)
            if state is None:
                continue
            found.append((f"creature/{creature}/{'crowded' if crowded else 'plain'}", state))
            for action in flow.legal_actions(state):
                later = state.copy()
                flow.apply(later, action)
                top = later.pending[-1] if later.pending else None
                if flow.node(later)[0] == "decision" and top is not None and top.kind == "creature":
                    found.append((f"creature/{creature}/after {action}", later))
                    break
    return tuple(found)


def _words(state: GameState) -> list[str]:
    spec = MapSpec.load(state.map_id)
    return sorted(
        {
            *spec.isles,
            *spec.seas,
            *GODS,
            *BUILDINGS,
            *CREATURES,
            *KEYWORDS,
            *(n.lower() for n in state.names),
        }
    )


def near_misses(action: Action, words: list[str], rng: random.Random) -> Iterator[Action]:
    """Actions one argument away from ``action``: other numbers, other words, other lists."""
    for i, arg in enumerate(action.args):
        if isinstance(arg, int):
            options: list[object] = [arg - 1, arg + 1, 0, 9, 99]
        elif isinstance(arg, tuple):
            options = [arg[:-1] or ("port",), (*arg, "port"), tuple(reversed(arg)), ("temple",)]
        else:
            options = rng.sample(words, 12)
        for other in options:
            args = list(action.args)
            args[i] = other
            yield Action(action.kind, tuple(args))
    if len(action.args) > 1:
        yield Action(action.kind, action.args[:-1])
    yield Action(action.kind, (*action.args, rng.choice(words)))


def random_actions(words: list[str], rng: random.Random, count: int) -> Iterator[Action]:
    """Well-formed actions of every registered kind with random arguments."""
    kinds = notation.known_kinds()
    for _ in range(count):
        kind = rng.choice(kinds)
        _pattern, _regex, types = rng.choice(notation._PATTERNS[kind])
        args: list[object] = []
        for t in types:
            if t == "i":
                args.append(rng.choice([0, 1, 2, 3, 4, 8, 12]))
            elif t == "l":
                args.append(tuple(rng.sample(["port", "temple", "fortress", "university"], 2)))
            else:
                args.append(rng.choice(words))
        yield Action(kind, tuple(args))


def agree(state: GameState, action: Action, legal: set[Action]) -> str | None:
    """None when legality and the explainer agree on ``action``, else what disagrees."""
    if not flow.well_formed(action):
        return None  # refused before any rule (check names the notation)
    reason = flow.explain(state, action)
    if (action in legal) == (reason is None):
        return None
    if reason is None:
        return f"{action} is illegal, but its explainer has nothing against it"
    assert isinstance(reason, Message)
    return f"{action} is legal, but its explainer says: {reason.render('en')}"


def pool() -> tuple[tuple[str, GameState], ...]:
    """The random games' positions and the creature positions."""
    return positions() + creature_positions()


def _position_ids() -> list[str]:
    return [f"{label}#{i}" for i, (label, _) in enumerate(pool())]


def test_the_positions_cover_every_kind_of_decision():
    """The pool reaches bids, god actions, fleet moves, retreats, Metropolises, Apollo's
    marker and creature choices, with every player count."""
    labels = {label.split("/")[0] + "/" + label.split("/")[1] for label, _ in positions()}
    for expected in (
        "offerings/-",
        "actions/-",
        "actions/fleet_move",
        "actions/retreat",
        "actions/metropolis",
        "actions/prosperity",
        "actions/creature",
    ):
        assert expected in labels, sorted(labels)
    assert {label.rsplit("/", 1)[1] for label, _ in positions()} == {"2p", "3p", "4p", "5p"}


def test_every_creature_with_choices_has_positions():
    """Each of the 16 creatures with choices (all but the Fates) is resolved in the pool."""
    named = {label.split("/")[1] for label, _ in creature_positions()}
    assert named == set(CREATURES) - {"fates"}


@pytest.mark.parametrize("index", range(len(pool())), ids=_position_ids())
def test_legal_exactly_when_the_explainer_has_nothing_against_it(index: int):
    """Every legal action, near misses of each, and random actions of every kind."""
    _label, state = pool()[index]
    legal = set(flow.legal_actions(state))
    assert legal, "a decision without legal actions"
    words = _words(state)
    rng = random.Random(index)
    candidates = set(legal)
    for action in sorted(legal, key=str)[:40]:
        candidates.update(near_misses(action, words, rng))
    candidates.update(random_actions(words, rng, 150))
    disagreements = [d for a in sorted(candidates, key=str) if (d := agree(state, a, legal))]
    assert not disagreements, "\n".join(disagreements[:10])


_FUZZ = settings(
    max_examples=150,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@_FUZZ
@given(data=st.data())
def test_fuzzed_actions_are_legal_exactly_when_nothing_is_against_them(data: st.DataObject):
    """Hypothesis picks the position and builds actions from its legal ones and the
    game's vocabulary, argument by argument."""
    _label, state = data.draw(st.sampled_from(pool()), label="position")
    legal = set(flow.legal_actions(state))
    words = _words(state)
    base = data.draw(st.sampled_from(sorted(legal, key=str)), label="legal action")
    kind = data.draw(st.sampled_from([base.kind, *notation.known_kinds()]), label="kind")
    args: list[object] = []
    for i in range(data.draw(st.integers(0, 4), label="arity")):
        same = base.args[i] if i < len(base.args) else None
        pick = st.one_of(
            st.just(same) if same is not None else st.nothing(),
            st.sampled_from(words),
            st.integers(-1, 12),
            st.lists(st.sampled_from(sorted(BUILDINGS)), min_size=1, max_size=3).map(tuple),
        )
        args.append(data.draw(pick, label=f"arg {i}"))
    action = Action(kind, tuple(args))
    assert agree(state, action, legal) is None, agree(state, action, legal)
