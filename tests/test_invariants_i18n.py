"""A broken invariant is said in the learner's language: a record's start position or a
Scenario that breaks a rule of the game is refused with the rule named in English, French
or Chinese, and no source is cited (the developer's list, ``check_invariants``, stays
English for tests and the reliability run)."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from pseudo import unwrapped

import cyclades_widgets as cw
from cyclades_widgets.i18n import LANGS, PSEUDO, catalog
from cyclades_widgets.invariants import check_invariants, family, invariant_breaches
from cyclades_widgets.records.verify import check_start
from cyclades_widgets.rules.errors import RecordError
from cyclades_widgets.rules.setup import new_state
from cyclades_widgets.rules.state import GameState, Phase
from cyclades_widgets.scenario import ScenarioError

NAMES = ("Athens", "Sparta", "Corinth")


def _gold(s: GameState) -> None:
    s.players[0].gold -= 7
    s.bank += 7


def _caps(s: GameState) -> None:
    isle = next(i for i in s.isles.values() if i.owner == 1)
    isle.troops = 9


def _fleets(s: GameState) -> None:
    s.fleets["zz9"] = (2, 1)


def _supply(s: GameState) -> None:
    s.building_supply["temple"] = 3


def _isles(s: GameState) -> None:
    isle = next(i for i in s.isles.values() if i.owner == 0)
    isle.troops = 0
    isle.territory = False


def _creatures(s: GameState) -> None:
    s.creature_discard.append(s.creature_deck[0])


def _order(s: GameState) -> None:
    s.bids["hermes"] = (0, 2)


def _over(s: GameState) -> None:
    s.phase = Phase.OVER


BREAKS: dict[str, Callable[[GameState], None]] = {
    "gold": _gold, "caps": _caps, "fleets": _fleets, "supply": _supply, "isles": _isles,
    "creatures": _creatures, "order": _order, "flow": _over,
}  # fmt: skip


def _broken(name: str) -> GameState:
    state = new_state(3)
    BREAKS[name](state)
    return state


@pytest.mark.parametrize("name", sorted(BREAKS))
def test_each_family_of_breach_is_named_in_every_language(name):
    state = _broken(name)
    breaches = invariant_breaches(state)
    assert breaches, name
    assert family(breaches[0]) == name
    english = breaches[0].render("en")
    assert check_invariants(state)[0] == f"{name}: {english}"
    for lang in LANGS:
        text = breaches[0].render(lang)
        assert text and "{" not in text
        assert not re.search(r"seed|RULES-NOTES|§|FAQ", text), text
        if lang != "en":
            assert text != english, (lang, text)
    pseudo = breaches[0].render(PSEUDO)
    assert unwrapped(pseudo, allowed=[*NAMES, "zz9", "hermes"]) == [], pseudo


def test_every_invariant_entry_is_in_every_language_and_cites_nothing():
    keys = {k for k in catalog("en").entries if k.startswith("invariants.")}
    assert len(keys) > 40
    for lang in LANGS:
        entries = catalog(lang).entries
        for key in keys:
            assert entries.get(key), (lang, key)
            assert not re.search(r"seed|RULES-NOTES|§|FAQ|\.py", entries[key]), (lang, key)


def test_a_record_start_that_breaks_a_rule_is_refused_in_chinese():
    state = _broken("isles")
    with pytest.raises(RecordError) as caught:
        check_start(state)
    assert caught.value.path == "$.start.isles"
    zh = caught.value.message("zh")
    assert "领地标记" in zh and "Athens" in zh, zh
    assert re.findall(r"[A-Za-z]+", zh.split(":", 1)[1]) == ["Athens"], zh


def test_a_scenario_that_breaks_a_rule_is_refused_in_french():
    scenario = cw.Scenario(players=3)
    scenario._base.building_supply["port"] = 11  # noqa: SLF001  (a breach no call can make)
    with pytest.raises(ScenarioError) as caught:
        scenario.state()
    fr = caught.value.message("fr")
    assert fr.startswith("cette position enfreint une règle du jeu : Port : 0 sur le plateau")
