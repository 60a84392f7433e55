"""Narration (issue 5 'NARRATION', issue 14): every event as a sentence in every language,
from the text catalogs in ``cyclades_widgets/data/messages/`` (keys ``event.*``)."""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path

import pytest

from cyclades_widgets import Game, RuleOptions
from cyclades_widgets.cli.record_text import record_text
from cyclades_widgets.i18n import LANGS, catalog, language
from cyclades_widgets.narrate import (
    VARIANTS,
    MissingMessageError,
    game_log,
    message_keys,
    narrate,
    narrate_events,
)
from cyclades_widgets.rules.events import Event, ev

PACKAGE = Path(__file__).resolve().parents[1] / "cyclades_widgets"


def random_game(players: int, seed: int, moves: int = 400, **options: str) -> Game:
    """A seeded game with random legal decisions (stopped early after ``moves``)."""
    game = Game.new(players=players, seed=seed, options=RuleOptions(**options))
    rng = random.Random(seed)
    for _ in range(moves):
        game.advance(to="decision")
        if game.is_over:
            break
        game.play(rng.choice(game.legal_actions()))
    return game


def emitted_event_kinds() -> dict[str, set[str]]:
    """Every ``ev("kind", ...)`` in the package source, with the constant ``variant=``
    values it is given (an empty set when none)."""
    found: dict[str, set[str]] = {}
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and getattr(node.func, "id", None) == "ev"):
                continue
            if not (node.args and isinstance(node.args[0], ast.Constant)):
                continue
            variants = found.setdefault(node.args[0].value, set())
            for kw in node.keywords:
                if kw.arg == "variant" and isinstance(kw.value, ast.Constant):
                    variants.add(kw.value.value)
    return found


# --------------------------------------------------------------------------- catalogs


@pytest.mark.parametrize("lang", LANGS)
def test_every_event_type_has_a_message_in_each_language(lang: str):
    """Issue 5: every event type has a message in every language (``event.<kind>`` or an
    ``event.<kind>.<variant>``), and every constant variant given to ``ev`` has its own.
    Read from the language's own files: an English fallback does not count."""
    templates = {k for k, src in catalog(lang).sources.items() if k not in catalog(lang).fallback}
    missing = []
    for kind, variants in sorted(emitted_event_kinds().items()):
        base = f"event.{kind}"
        if base not in templates and not any(k.startswith(base + ".") for k in templates):
            missing.append(kind)
        missing += [f"{kind}.{v}" for v in sorted(variants) if f"{base}.{v}" not in templates]
    assert not missing, f"no {lang} message for: {', '.join(missing)}"


@pytest.mark.parametrize("lang", LANGS)
def test_every_event_kind_has_a_label_for_the_logs_event_column(lang: str):
    """Issue 14: the log's Event column speaks the language: ``table.event.<kind>``."""
    own = {k for k in catalog(lang).entries if k not in catalog(lang).fallback}
    missing = sorted(k for k in emitted_event_kinds() if f"table.event.{k}" not in own)
    assert missing == []


def test_the_scan_finds_the_core_events():
    """The source scan above is not empty: it sees the core's events."""
    kinds = emitted_event_kinds()
    assert {"outbid", "revenue", "pay_offering", "metropolis_built", "game_won"} <= set(kinds)


@pytest.mark.parametrize(("kind", "variants"), sorted(VARIANTS.items()))
def test_every_declared_core_variant_has_both_messages(kind: str, variants):
    """Core events choose a sentence by their data (narrate.VARIANTS); each choice has
    a message in every language."""
    for lang in LANGS:
        for variant in variants[1]:
            assert f"event.{kind}.{variant}" in catalog(lang).entries, (lang, kind, variant)


# --------------------------------------------------------------------------- full games


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3), (5, 4), (3, 7), (5, 9)])
def test_narration_of_a_full_random_game_has_no_missing_key_or_placeholder(players, seed):
    """Issue 5: the narration of a whole random game has no missing key and no
    placeholder left unformatted, in any language."""
    game = random_game(players, seed)
    for lang in LANGS:
        lines = game_log(game, lang, strict=True)
        assert len(lines) >= len(game.history)
        for step, text in lines:
            assert text and not re.search(r"[{}]", text), (lang, step, text)


def test_game_log_numbers_steps_like_the_history():
    """game_log: step 0 is the setup, then the number of each history step."""
    game = random_game(3, seed=5, moves=30)
    lines = game_log(game)
    assert lines[0].step == 0 and lines[0].text.startswith("Setup: Athens starts with 5 GP")
    assert {line.step for line in lines} - {0} <= set(range(1, len(game.history) + 1))
    assert lines[-1].step == len(game.history)


def test_game_explain_gives_the_last_steps_narration_in_every_language():
    """game.explain(lang=…) narrates the events of the last step; without ``lang`` it
    speaks the session's language (issue 14: ``set_language``)."""
    game = Game.new(players=3, seed=1)
    bid = next(a for a in game.legal_actions() if a.args[0] != "apollo")
    game.play(bid)
    god = {"ares": "Ares", "poseidon": "Poseidon", "zeus": "Zeus", "athena": "Athena"}[bid.args[0]]
    assert game.explain() == f"{game.history[-1].player} offers {bid.args[1]} GP to {god}."
    zh = game.explain(lang="zh")
    assert f"{bid.args[1]} 金币" in zh and "GP" not in zh
    fr = game.explain(lang="fr")
    assert f"{bid.args[1]} PO" in fr
    with language("zh"):
        assert game.explain() == zh


# --------------------------------------------------------------------------- sentences


def test_outbid_sentence_from_the_issue():
    """seed 000 'Offerings': the outbid player must immediately bid on a different god."""
    event = ev("outbid", player="Athens", god="ares", bid=3, previous="Sparta", previous_bid=2)
    assert narrate(event) == (
        "Athens outbids Sparta on Ares (3 GP > 2 GP); Sparta must bid on another god."
    )
    assert narrate(event, "zh") == (
        "Athens 在阿瑞斯上以 3 金币高过 Sparta 的 2 金币;Sparta 必须立刻改投另一位神祇。"
    )
    assert narrate(event, "fr") == (
        "Athens surenchérit sur Sparta pour Arès (3 PO > 2 PO)\u202f; Sparta doit aussitôt "
        "miser sur un autre dieu."
    )


def test_revenue_sentence_counts_gold_from_isles_and_seas():
    """seed 000 'Revenues' / RULES-NOTES §5.1: 1 GP per prosperity symbol, seas with fleets."""
    event = ev("revenue", player="Corinth", gold=3, isles=2, seas=1)
    assert narrate(event) == (
        "Revenue: Corinth +3 GP (2 GP from isles, 1 GP from seas held by fleets)."
    )
    assert narrate(ev("revenue", player="Corinth", gold=0, isles=0, seas=0)).endswith(
        "receives nothing."
    )


def test_plurals_and_lists_read_naturally():
    assert narrate(ev("apollo_income", player="Thebes", gold=1, isles=3)).startswith(
        "Thebes on Apollo receives 1 GP (they own 3 isles"
    )
    one = narrate(ev("metropolis_built", player="Argos", isle="naxos", cause="x", total=1))
    assert one.endswith("now owns 1 Metropolis.")
    two = narrate(ev("metropolis_built", player="Argos", isle="naxos", cause="x", total=2))
    assert two.endswith("now owns 2 Metropolises.")
    order = narrate(ev("gods_order", order=["zeus", "ares", "athena"], face_down=["poseidon"]))
    assert "Zeus, Ares and Athena, then Apollo" in order and order.endswith(": Poseidon.")
    assert "宙斯、阿瑞斯和雅典娜" in narrate(
        ev("gods_order", order=["zeus", "ares", "athena"], face_down=[]), "zh"
    )


def test_isle_ids_become_names_of_the_map_in_each_language():
    event = ev("prosperity_placed", player="Athens", isle="naxos")
    assert narrate(event, state_or_map="map-5").startswith(
        "Athens places Apollo's prosperity marker on Naxos"
    )
    assert "纳克索斯" in narrate(event, "zh", state_or_map="map-5")
    assert "纳克索斯" in narrate(event, "zh-CN")
    assert "Naxos" in narrate(event, "fr_FR.UTF-8")


def test_free_and_paid_recruits():
    """seed 000 'The Four Main Gods': the first unit is free, the next ones cost GP."""
    free = ev("recruit", player="Athens", unit="troop", where="naxos", cost=0)
    paid = ev("recruit", player="Athens", unit="troop", where="naxos", cost=2)
    assert narrate(free) == "Athens recruits a troop on Naxos (free)."
    assert narrate(paid) == "Athens recruits a troop on Naxos (2 GP)."


# --------------------------------------------------------------------------- rule options

CITATIONS = re.compile(
    r"seed|FAQ|RULES-NOTES|§|docs/|\b(?:LOW|MED|HIGH)\b|Interpretation|reading|种子|规则选项"
    r"|two_player_priest_discount|tie_break|metropolis_without_room|card_supply|kraken_moves"
)
"""What learner texts never say: sources, confidence levels, rule-option identifiers."""


def test_two_player_priests_are_taught_as_the_rule_in_use():
    """RULES-NOTES §5.2 (designer FAQ) vs seed 002 '双人局': with two offerings and
    Priests, the narration teaches how the Priests count under the rule in use, without
    naming sources or option identifiers."""
    total = ev("pay_offering", player="Athens", bids=[3, 2], priests=4, paid=2, discount="total")
    per = ev(
        "pay_offering", player="Athens", bids=[3, 2], priests=1, paid=3, discount="per_offering"
    )
    assert "the total of both offerings" in narrate(total)
    assert "off each of the two offerings" in narrate(per)
    for lang in LANGS:
        for event in (total, per):
            text = narrate(event, lang, strict=True)
            assert text.count("(") >= 2 and not CITATIONS.search(text), (lang, text)


def test_priest_note_only_where_the_readings_differ():
    """With one offering (3–5 players) both readings agree, so no note is added."""
    one = ev("pay_offering", player="Athens", bids=[3], priests=2, paid=1, discount="per_offering")
    assert narrate(one).count("(") == 1  # "(never less than 1 GP per god)" only


def test_scenario_two_player_offerings_with_priests_narrates_the_total_option():
    """Scenario: a 2-player game under the FAQ reading; Athens has 2 Priests and bids
    on two gods; the payment's narration teaches that the Priests come off the total."""
    game = Game.new(players=2, seed=3, options=RuleOptions(two_player_priest_discount="total"))
    game.state.players[0].priests = 2
    game.state.priest_supply -= 2
    game.state.players[0].gold = 9
    game.state.bank -= 4
    for _ in range(8):
        if game.node != "decision" or game.phase.value != "offerings":
            break
        legal = game.legal_actions()
        if game.to_act == "Athens":
            held = {god for god, (seat, _) in game.state.bids.items() if seat == 0}
            action = next(a for a in legal if a.args[0] not in ("apollo", *held) and a.args[1] >= 2)
        else:  # Sparta never outbids Athens
            action = next(a for a in legal if a.args[0] == "apollo" or a.args[1] == 1)
        game.play(action)
    events = game.advance(to="phase")
    pay = next(e for e in events if e.kind == "pay_offering" and e.data["player"] == "Athens")
    assert len(pay.data["bids"]) == 2 and pay.data["discount"] == "total"
    assert "the total of both offerings" in narrate(pay, state_or_map=game)


@pytest.mark.parametrize(
    ("event", "marker"),
    [
        (
            ev(
                "game_won",
                player="A",
                metropolises=2,
                gold=5,
                contenders=["A", "B"],
                tie_break="gold",
            ),
            "the one with the most GP left wins",
        ),
        (
            ev(
                "game_won",
                player="A",
                metropolises=3,
                gold=5,
                contenders=["A", "B"],
                tie_break="metropolises_then_gold",
            ),
            "the one with the most Metropolises wins",
        ),
        (
            ev("metropolis_not_added", player="A", cause="philosophers", reason="no_room"),
            "so it is lost",
        ),
        (
            ev("buildings_destroyed", isle="naxos", buildings=["port"], reason="room"),
            "to make room for the Metropolis",
        ),
        (ev("apollo_income", player="A", gold=4, isles=0), "as for a single isle"),
        (ev("supply_empty", player="A", card="priest"), "gets none"),
        (ev("creatures_reshuffled", count=5, variant="empty"), "new shuffled pile"),
    ],
)
def test_contested_rules_are_taught_as_the_rule_in_use(event: Event, marker: str):
    """Issue 14: where the sources disagree or stay silent, the narration teaches the rule
    the table plays as the rule, in every language, and never cites a source, a confidence
    level or a rule option's identifier (the options are described once: house_rules)."""
    assert marker in narrate(event, strict=True)
    for lang in LANGS:
        text = narrate(event, lang, strict=True)
        assert not CITATIONS.search(text), (lang, text)


def test_a_rule_marker_in_event_data_adds_its_note():
    """Other modules name the rule they applied with ``rule="<name>"``: the narration adds
    the ``event.note.<name>`` sentence that teaches it."""
    event = ev("supply_empty", player="A", card="priest", rule="territory_none_left")
    text = narrate(event, strict=True)
    assert text.endswith("(A player has only 3 territory markers.)")
    several = ev("bid", player="A", god="ares", bid=2, rule=["tie_break.gold", "tie_break.seat"])
    assert narrate(several, strict=True).count("(") == 2
    assert narrate(ev("bid", player="A", god="ares", bid=2, rule=7)) == "A offers 2 GP to Ares."


# --------------------------------------------------------------------------- robustness


def test_unknown_event_falls_back_to_kind_and_data_unless_strict():
    """At runtime a missing message never crashes: the line reads kind(data)."""
    event = ev("brand_new_thing", player="Athens", count=2)
    assert narrate(event) == "brand_new_thing(player=Athens, count=2)"
    with pytest.raises(MissingMessageError, match="brand_new_thing"):
        narrate(event, strict=True)


def test_a_placeholder_without_data_is_caught_in_strict_mode():
    event = ev("outbid", player="Athens", god="ares", bid=3)  # no previous, previous_bid
    with pytest.raises(MissingMessageError, match="previous"):
        narrate(event, strict=True)
    assert narrate(event).startswith("outbid(")


def test_message_keys_prefer_the_variant():
    assert message_keys(ev("recruit", unit="fleet")) == ["event.recruit.fleet", "event.recruit"]
    assert message_keys(ev("battle_start", variant="sea")) == [
        "event.battle_start.sea",
        "event.battle_start",
    ]
    assert message_keys(ev("bid")) == ["event.bid"]


def test_narrate_accepts_event_dicts_and_rejects_unknown_languages():
    data = {"kind": "cycle_start", "cycle": 4}
    assert narrate(data) == "Cycle 4 begins with the update of the creature track."
    assert narrate_events([Event("cycle_start", {"cycle": 1})] * 2).count("\n") == 1
    with pytest.raises(ValueError, match="languages: en, "):
        narrate(data, "xx")


# --------------------------------------------------------------------------- records


def test_record_text_shows_annotations_tags_and_variations():
    """The text replay (CLI ``replay``) interleaves comments, tags and variations."""
    game = random_game(3, seed=2, moves=12)
    record = game.record
    record.title = "Lesson"
    record.annotate(4, before="What would you bid here?", after="Well played.", tag="key move")
    alternative = next(
        str(a) for a in record.game_at(4).legal_actions() if str(a) != record.steps[4].move
    )
    record.add_variation(4, [alternative], comment="cheaper")
    text = "\n".join(record_text(record))
    assert text.startswith("# Lesson\nPlayers: Athens, Sparta and Corinth")
    before = text.index("Before the move: What would you bid here?")
    move = text.index(
        f"[5] {game.history[[i for i, s in enumerate(game.history) if s.notation][4]].player}: {record.steps[4].move}  [key move]"
    )
    after = text.index("After the move: Well played.")
    variation = text.index("Variation instead of move 5: cheaper")
    assert before < move < after < variation
    assert "    [5] " in text[variation:]
    zh = "\n".join(record_text(record, "zh"))
    assert "这步之前:What would you bid here?" in zh and "代替第 5 着的变着" in zh
    main_only = "\n".join(record_text(record, variations=False))
    assert "Variation" not in main_only
