"""The rules' errors speak the learner's language (issue 11, HELPERS.md 'Errors are part of
the product').

Every message the rules core and ``BaseGame`` show is an entry ``rules.*`` of
``data/messages/<lang>/rules.json``: the rule broken and what would be legal, with no source
cited. Checked here:

- every ``rules.*`` key exists in English and Chinese with the same placeholders, every key
  the code uses exists, and no key is left unused;
- for a sample of illegal actions of every kind, at positions of random games and of every
  creature's choices, the Chinese message has no ASCII word but names and notation, and the
  pseudo-locale message (every catalog text wrapped in ⟦…⟧) is wrapped throughout;
- no message cites a source (seed, RULES-NOTES, §, FAQ) or a confidence level.
"""

from __future__ import annotations

import json
import random
import re
from collections import defaultdict
from functools import cache
from pathlib import Path

import pytest
from pseudo import unwrapped
from test_rules_once import near_misses, pool, random_actions

from cyclades_widgets.i18n import PSEUDO, PSEUDO_CLOSE, PSEUDO_OPEN, placeholders
from cyclades_widgets.rules import actions as notation
from cyclades_widgets.rules import flow
from cyclades_widgets.rules.actions import Action
from cyclades_widgets.rules.board import MapSpec
from cyclades_widgets.rules.errors import CycladesError, IllegalActionError
from cyclades_widgets.rules.registry import PENDING
from cyclades_widgets.rules.state import BUILDINGS, CREATURES, GODS, GameState, Phase

PACKAGE = Path(__file__).resolve().parents[1] / "cyclades_widgets"
MESSAGES = PACKAGE / "data" / "messages"
CITATION = re.compile(r"seed \d|RULES-NOTES|§|FAQ|\bLOW\b|\bMED\b|\bHIGH\b|docs/")


def _catalog(lang: str) -> dict[str, str]:
    data: dict[str, str] = json.loads((MESSAGES / lang / "rules.json").read_text("utf-8"))
    return data


# --------------------------------------------------------------------------- the catalogs


def test_every_rules_key_is_in_english_and_chinese_with_the_same_placeholders():
    en, zh = _catalog("en"), _catalog("zh")
    assert set(en) == set(zh)
    assert all(key.startswith("rules.") for key in en)
    for key in en:
        assert sorted(placeholders(en[key]), key=str) == sorted(placeholders(zh[key]), key=str)


def test_rules_keys_live_only_in_the_rules_catalogs():
    """The ``rules.*`` namespace belongs to ``rules.json`` (one owner per file)."""
    for lang in ("en", "zh"):
        for path in (MESSAGES / lang).glob("*.json"):
            if path.name != "rules.json":
                keys = json.loads(path.read_text("utf-8"))
                assert not [k for k in keys if k.startswith("rules.")], path


def _used_keys() -> set[str]:
    """Keys written in the rules and ``history.py``, with the families built from names."""
    used: set[str] = set()
    sources = [*(PACKAGE / "rules").rglob("*.py"), PACKAGE / "history.py"]
    areas = {key.split(".")[1] for key in _catalog("en")}
    for path in sources:
        text = path.read_text("utf-8")
        for literal in re.findall(r'"([a-z_]+\.[a-z_.]+)"', text):  # why("gods.x"), key = "..."
            if literal.startswith("rules."):  # message("rules.check.over", ...)
                used.add(literal)
            elif literal.split(".")[0] in areas and not literal.endswith((".json", ".py")):
                used.add(f"rules.{literal}")
    used |= {f"rules.pending.{kind}" for kind in PENDING}
    used |= {f"rules.auto.{phase.value}" for phase in Phase}
    used |= {f"rules.plural.{w}" for w in (*BUILDINGS, "troop", "fleet", "priest", "philosopher")}
    used |= {f"rules.notation.slot.{s}" for s in ("word", "number", "list")}
    used |= {"rules.sample.none", "rules.creature.common_name"}
    for family, words in (
        ("gods.unit_cap_", ("troop", "fleet")),
        ("gods.recruit_where_", ("troop", "fleet")),
        ("movement.count_", ("troops", "fleets")),
        ("creatures.sphinx_where_", ("troop", "fleet")),
        ("creatures.no_", ("priests", "philosophers")),
    ):
        used |= {f"rules.{family}{w}" for w in words}
    return used


def test_every_key_the_code_uses_exists_and_none_is_unused():
    en = set(_catalog("en"))
    used = _used_keys()
    assert used - en == set(), "keys used but missing from rules.json"
    assert en - used == set(), "keys in rules.json that no code uses"


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_no_message_cites_a_source(lang: str):
    """Learner texts never cite seeds, RULES-NOTES, FAQ sections or confidence levels."""
    cited = {k: v for k, v in _catalog(lang).items() if CITATION.search(v)}
    assert not cited


# --------------------------------------------------------------------------- illegal actions


@cache
def samples() -> tuple[tuple[GameState, Action], ...]:
    """Up to 6 illegal actions of every kind, at positions of random games and of every
    creature's choices (well-formed, so each is refused by a rule, not by the notation)."""
    by_kind: dict[str, list[tuple[GameState, Action]]] = defaultdict(list)
    rng = random.Random(11)
    for _label, state in pool():
        legal = set(flow.legal_actions(state))
        spec = MapSpec.load(state.map_id)
        words = sorted({*spec.isles, *spec.seas, *GODS, *BUILDINGS, *CREATURES, "done", "x"})
        candidates = [m for a in sorted(legal, key=str)[:10] for m in near_misses(a, words, rng)]
        candidates += list(random_actions(words, rng, 30))
        for action in candidates:
            bucket = by_kind[action.kind]
            if action not in legal and flow.well_formed(action) and len(bucket) < 6:
                bucket.append((state, action))
    assert set(by_kind) == set(notation.known_kinds()), "a kind without an illegal sample"
    return tuple(pair for kind in sorted(by_kind) for pair in by_kind[kind])


def _refusal(state: GameState, action: Action) -> IllegalActionError:
    with pytest.raises(IllegalActionError) as info:
        flow.check(state, action)
    assert info.value.rule is not None, f"{action}: no rule named"
    return info.value


def _allowed(state: GameState, action: Action) -> set[str]:
    """Names and notation: the players, the map's isles and seas, the creatures' names,
    the action as typed and the legal notations listed after it."""
    spec = MapSpec.load(state.map_id)
    legal = [str(a) for a in flow.legal_actions(state)]
    typed = [str(action), *(str(a) for a in action.args)]
    return {*state.names, *spec.isles, *spec.seas, *CREATURES, *legal, *typed}


def test_every_kind_has_illegal_samples():
    kinds = {action.kind for _, action in samples()}
    assert kinds == set(notation.known_kinds())


@pytest.mark.parametrize("index", range(36))
def test_illegal_actions_speak_chinese(index: int):
    """Only names and notation stay in ASCII letters (and GP, the gold pieces)."""
    for state, action in samples()[index::36]:
        text = _refusal(state, action).message("zh")
        rest = text
        for word in sorted(_allowed(state, action), key=len, reverse=True):
            rest = rest.replace(word, " ")
        # slots such as <岛>, gold pieces (GP) and quoted notation
        rest = re.sub(r"<[^<>]*>|(?<![A-Za-z])GP(?![A-Za-z])|'[^']*'", " ", rest)
        assert not re.search(r"[A-Za-z]", rest), f"{action}: {text}"


@pytest.mark.parametrize("index", range(36))
def test_illegal_actions_are_wrapped_in_the_pseudo_locale(index: int):
    """Every word of the message comes from the catalog, apart from names and notation."""
    for state, action in samples()[index::36]:
        text = _refusal(state, action).message(PSEUDO)
        # quoted notation ('buy chiron', 'drop'), as the Chinese check strips it: move the
        # quotes outside the wrappers around the value, then drop quoted values
        bare = text.replace("'" + PSEUDO_CLOSE, PSEUDO_CLOSE + "'")
        bare = bare.replace(PSEUDO_OPEN + "'", "'" + PSEUDO_OPEN)
        bare = re.sub(rf"'[^'{PSEUDO_OPEN}{PSEUDO_CLOSE}]*'", " ", bare)
        extra = unwrapped(bare, allowed=_allowed(state, action))
        assert not extra, f"{action}: {extra} in {text}"


def test_errors_render_in_any_language_after_the_fact():
    """``err.message(lang)`` renders the same refusal in any language, the rule broken
    included; ``str(err)`` is in the language it was raised in."""
    state, action = samples()[0]
    err = _refusal(state, action)
    assert err.message("en") == str(err)
    assert err.message("zh") != err.message("en")
    assert err.rule is not None and err.rule.render("zh") in err.message("zh")


@pytest.mark.parametrize(
    "make",
    [
        lambda: Action.parse(""),
        lambda: Action.parse("fly naxos"),
        lambda: Action.parse("bid ares lots"),
        lambda: Action.parse(3),  # type: ignore[arg-type]
    ],
)
def test_notation_errors_speak_chinese_too(make):  # noqa: ANN001
    """A text that does not parse: the accepted forms are named with Chinese slots."""
    with pytest.raises(CycladesError) as info:
        make()
    text = info.value.message("zh")
    rest = re.sub(r"'[^']*'|`[^`]*`|<[^<>]*>|\b(int|bid|ares|end)\b", " ", text)
    rest = re.sub(r"\b(" + "|".join(notation.known_kinds()) + r")\b", " ", rest)
    assert not re.search(r"[A-Za-z]", rest), text
