"""Random games that buy creatures keep every invariant; the narration catalogs cover every
creature event (issue 4 'DONE WHEN'; random-playout tests).
"""

from __future__ import annotations

import json
import random
import re
import string
from collections import Counter
from importlib import resources
from pathlib import Path

import pytest
from creature_positions import assert_cards_accounted

from cyclades_widgets.game import Game
from cyclades_widgets.rules.actions import Action
from cyclades_widgets.rules.events import Event
from cyclades_widgets.rules.state import CREATURES, GameState

CREATURE_KINDS = frozenset({"buy", "change", *CREATURES})
RULES = Path(__file__).resolve().parents[1] / "cyclades_widgets" / "rules"
MY_MODULES = sorted(p.stem for p in (RULES / "creatures").glob("*.py"))


def creature_invariants(state: GameState, gold: int) -> None:
    """The facts that creature play must never break."""
    assert state.bank + sum(p.gold for p in state.players) == gold, "gold is created or lost"
    assert all(p.gold >= 0 for p in state.players)
    assert_cards_accounted(state)
    standing = Counter(i.figurine for i in state.isles.values() if i.figurine is not None)
    assert all(n == 1 for n in standing.values()), standing
    for isle in state.isles.values():
        if isle.figurine is not None:
            assert state.held_creatures.get(isle.figurine) == isle.figurine_owner
    for card in state.held_creatures:
        assert card == "kraken" or standing[card] == 1, card
    assert set(state.held_since) == set(state.held_creatures)
    assert state.kraken is None or state.kraken not in state.fleets, (
        "a fleet shares the Kraken's sea"
    )
    assert len(state.creature_track) == 3


def creature_loving_choice(rng: random.Random, legal: list[Action]) -> Action:
    """Bid cheaply, buy or change creatures whenever possible; otherwise act at random,
    ending the turn now and then."""
    cheap_bids = [a for a in legal if a.kind == "bid" and (len(a.args) == 1 or a.args[1] <= 2)]
    if cheap_bids:
        return rng.choice(cheap_bids)
    creature = [a for a in legal if a.kind in CREATURE_KINDS]
    if creature and rng.random() < 0.8:
        return rng.choice(creature)
    others = [a for a in legal if a.kind != "end"]
    if others and rng.random() < 0.7:
        return rng.choice(others)
    return rng.choice(legal)


def play_random_game(players: int, seed: int, cycles: int) -> tuple[Counter[str], list[Event]]:
    """Play with the creature-loving chooser, checking the invariants at every step, undo
    and the JSON round trip every few steps. Returns the actions played and the events."""
    game = Game.new(players=players, seed=seed)
    rng = random.Random(seed)
    gold = game.state.bank + sum(p.gold for p in game.state.players)
    played: Counter[str] = Counter()
    events: list[Event] = []
    while not game.is_over and game.cycle <= cycles:
        before = game.state.copy()
        if game.node == "decision":
            legal = game.legal_actions()
            assert legal, "a decision without any legal action"
            for action in legal:
                assert Action.parse(str(action)) == action
            action = creature_loving_choice(rng, legal)
            played[action.kind] += 1
            events += game.play(action)
        else:
            events += game.step()
        creature_invariants(game.state, gold)
        if len(game.history) % 7 == 0:
            after = game.state.copy()
            game.undo()
            assert game.state == before
            game.redo()
            assert game.state == after
            assert GameState.from_dict(json.loads(json.dumps(after.to_dict()))) == after
    return played, events


@pytest.mark.parametrize("players, seed", [(2, 11), (3, 12), (4, 13), (5, 14)])
def test_random_games_that_buy_creatures_keep_every_invariant(players, seed):
    """Issue 4 'DONE WHEN': random games that buy creatures keep every invariant (gold,
    one place per card, figurines with their held cards, the Kraken's sea, undo, JSON)."""
    played, _ = play_random_game(players, seed, cycles=8)
    assert played["buy"] >= 5, played
    assert sum(played[c] for c in CREATURES) >= 3, played


def _catalog(lang: str) -> dict[str, str]:
    """The creature events' sentences of ``lang``, by event key without ``event.``."""
    folder = resources.files("cyclades_widgets") / "data" / "messages" / lang
    data = json.loads((folder / "events_creatures.json").read_text(encoding="utf-8"))
    return {key.removeprefix("event."): template for key, template in data.items()}


def _emitted_kinds() -> set[str]:
    """Event kinds written in the creature modules' source (``ev("kind", ...)``)."""
    kinds: set[str] = set()
    for module in MY_MODULES:
        text = (RULES / "creatures" / f"{module}.py").read_text(encoding="utf-8")
        kinds |= set(re.findall(r'\bev\(\s*f?"([a-z_{}]+)"', text))
    return {k.replace("{kind}", kind) for k in kinds for kind in ("satyr", "dryad")}


# Events the creature modules reuse from other topics' catalogs.
BORROWED = {"creature_drawn", "creatures_reshuffled", "territory_marker"}


def test_narration_catalogs_have_english_and_chinese_for_every_creature_event():
    """Narration catalogs: every event kind added needs an English and a Chinese
    sentence; both catalogs hold the same keys and the same placeholders."""
    en, zh = _catalog("en"), _catalog("zh")
    assert set(en) == set(zh)
    bases = {key.split(".")[0] for key in en}
    assert _emitted_kinds() - BORROWED <= bases, _emitted_kinds() - bases
    fields = string.Formatter()
    for key in en:
        names_en = {f for _, f, _, _ in fields.parse(en[key]) if f}
        names_zh = {f for _, f, _, _ in fields.parse(zh[key]) if f}
        assert names_en == names_zh, key


def test_every_creature_event_seen_in_play_has_a_template_naming_its_data():
    """The template chosen for an event (``kind.variant`` or ``kind``) exists and its
    placeholders are keys of the event's data."""
    en = _catalog("en")
    _, events = play_random_game(3, 21, cycles=6)
    seen = 0
    bases = {key.split(".")[0] for key in en}
    for event in events:
        if event.kind not in bases:
            continue
        variant = event.data.get("variant")
        key = f"{event.kind}.{variant}" if variant is not None else event.kind
        assert key in en, key
        placeholders = {f for _, f, _, _ in string.Formatter().parse(en[key]) if f}
        assert placeholders <= set(event.data), (key, placeholders - set(event.data))
        seen += 1
    assert seen >= 5
