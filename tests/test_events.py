"""Events are declared in one table (issue 11 'Typed rules internals'): ``rules/events.py``
``EVENTS`` lists every kind and its fields with their types, and every event the rules emit
matches its declaration.

Narration, the tables, the board's trails and battle panel and the JavaScript read events
by kind and field name, so an undeclared kind, a missing or extra field, or a value of
another type is a break of that contract.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from pathlib import Path

import pytest
from creature_positions import ATHENS, SPARTA, game, turn_position

from cyclades_widgets import Game
from cyclades_widgets.bots import GreedyBot, RandomBot
from cyclades_widgets.rules import control
from cyclades_widgets.rules.board import MapSpec
from cyclades_widgets.rules.events import EVENTS, Event, ev, problems
from cyclades_widgets.rules.setup import setup_events

RULES = Path(__file__).resolve().parents[1] / "cyclades_widgets" / "rules"
GAMES = 60
"""Seeded bot games (2 to 5 players in turn), each up to 20 cycles."""


def _words(g: Game) -> dict[str, set[str]]:
    spec = MapSpec.load(g.state.map_id)
    return {"player": set(g.players), "isle": set(spec.isles), "sea": set(spec.seas)}


def _played() -> tuple[Counter[str], list[str]]:
    """Event kinds seen in random games, and every mismatch with the table."""
    seen: Counter[str] = Counter()
    found: list[str] = []
    for index in range(GAMES):
        g = Game.new(players=2 + index % 4, seed=index, start="setup")
        rng = random.Random(index)
        bots = {
            name: GreedyBot(seed=index * 10 + i) if rng.random() < 0.3 else RandomBot(index + i)
            for i, name in enumerate(g.players)
        }
        events = setup_events(g.state)
        while not g.is_over and g.cycle <= 20:
            events += g.advance(to="cycle", bots=bots)
        for event in events:
            seen[event.kind] += 1
            found += [f"game {index}: {p}" for p in problems(event, _words(g))]
    return seen, found


def test_every_event_of_random_games_matches_its_declaration():
    """Kinds known, fields exactly the declared ones, values of the declared types, in
    games of every player count with random and greedy bots (which buy creatures)."""
    seen, found = _played()
    assert not found, "\n".join(found[:20])
    # The games reach nearly every kind; the rarest are checked below on set positions.
    assert set(EVENTS) - set(seen) <= RAREST


RAREST = {"figurines_clash", "kraken_stays", "eliminated"}


def test_the_rarest_events_match_their_declaration_too():
    """Two figurines on one isle clash; Polyphemus cannot push the Kraken when every sea
    around it is blocked (RULES-NOTES §1.1); a player loses their last isle
    (RULES-NOTES §5.7)."""
    state = turn_position(3, "zeus", track=["minotaur", None, None], gold={ATHENS: 9})
    state.isles["paros"].figurine, state.isles["paros"].figurine_owner = "medusa", SPARTA
    state.held_creatures["medusa"], state.held_since["medusa"] = SPARTA, state.cycle
    state.creature_deck.remove("medusa")
    g = game(state)
    events = g.play("buy minotaur") + g.play("minotaur paros")
    assert "figurines_clash" in {e.kind for e in events}
    stays = ev("kraken_stays", sea="c2")
    out = control.eliminate(g.state.copy(), SPARTA, by=ATHENS)
    assert {e.kind for e in [*events, stays, *out]} >= RAREST
    for event in [*events, stays, *out]:
        assert problems(event, _words(g)) == []


def test_the_table_lists_exactly_the_kinds_the_rule_modules_emit():
    """Every ``ev("kind", ...)`` in ``rules/`` is declared, and every declared kind is
    emitted somewhere (the Satyr and the Dryad share ``f"{kind}_steals"``)."""
    written: set[str] = set()
    for path in RULES.rglob("*.py"):
        written |= set(re.findall(r'\bev\(\s*f?"([a-z_{}]+)"', path.read_text(encoding="utf-8")))
    written = {k.replace("{kind}", w) for k in written for w in ("satyr", "dryad")}
    assert written == set(EVENTS)


@pytest.mark.parametrize(
    ("event", "expected"),
    [
        (ev("nonsense", a=1), "not a declared event kind"),
        (ev("bid", player="Athens", god="ares"), "fields missing: ['bid']"),
        (ev("bid", player="Athens", god="ares", bid=2, extra=1), "'extra' is not declared"),
        (ev("bid", player="Rome", god="ares", bid=2), "'player' = 'Rome' is not player"),
        (ev("bid", player="Athens", god="hermes", bid=2), "is not god"),
        (ev("bid", player="Athens", god="ares", bid=True), "is not int"),
        (ev("capture", variant="sneaky", player="Athens", isle="naxos"), "variant 'sneaky'"),
        (Event("recruit", {"player": "Athens", "unit": "troop", "where": 3, "cost": 0}), "where"),
    ],
)
def test_the_check_names_what_differs(event: Event, expected: str):
    """The checker itself catches each kind of mismatch."""
    words = {"player": {"Athens"}, "isle": {"naxos"}, "sea": {"c2"}}
    assert any(expected in p for p in problems(event, words)), problems(event, words)
