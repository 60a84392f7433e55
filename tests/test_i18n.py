"""The i18n core (issue 14 "One setting"): the session language, the locale default, how
values become words, and errors that speak the language they were raised in."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

import cyclades_widgets as cw
from cyclades_widgets.i18n import (
    LANGS,
    PSEUDO,
    LanguageError,
    Message,
    Values,
    catalog,
    decimal,
    from_environment,
    get_language,
    language,
    percent,
    pseudo_template,
    render,
    resolve,
    set_language,
    text,
)
from cyclades_widgets.rules.errors import CycladesError, RecordError

# --------------------------------------------------------------------------- the setting


def test_the_languages_are_the_catalog_folders_english_first():
    assert LANGS[0] == "en" and {"zh", "fr"} <= set(LANGS)
    assert cw.LANGS == LANGS


@pytest.mark.parametrize(
    ("code", "lang"),
    [("zh-CN", "zh"), ("zh_Hans", "zh"), ("FR", "fr"), ("fr_CA.UTF-8", "fr"), ("en_US", "en")],
)
def test_regional_codes_read_as_our_languages(code: str, lang: str):
    assert resolve(code) == lang


def test_an_unknown_language_is_a_named_error_listing_the_languages():
    with pytest.raises(LanguageError, match="no catalog for 'xx'; languages: en, fr, zh"):
        resolve("xx")
    with pytest.raises(LanguageError, match="not int"):
        resolve(7)  # type: ignore[arg-type]


def test_set_language_is_the_default_of_every_text_and_language_restores_it():
    assert get_language() == "en"
    with language("zh"):
        assert text("god.ares") == "阿瑞斯"
        with language("fr"):
            assert text("god.ares") == "Arès"
        assert get_language() == "zh"
    assert text("god.ares") == "Ares"
    cw.set_language("fr")
    try:
        assert cw.get_language() == "fr" and text("god.athena") == "Athéna"
    finally:
        set_language("en")


@pytest.mark.parametrize(
    ("environ", "lang"),
    [
        ({"LANG": "zh_CN.UTF-8"}, "zh"),
        ({"LANG": "fr_FR.UTF-8"}, "fr"),
        ({"LANGUAGE": "de:fr", "LANG": "zh_CN.UTF-8"}, "fr"),
        ({"LC_ALL": "zh_TW.UTF-8", "LANG": "fr_FR.UTF-8"}, "zh"),
        ({"LC_MESSAGES": "fr_BE.UTF-8", "LANG": "de_DE.UTF-8"}, "fr"),
        ({"LANG": "de_DE.UTF-8"}, "en"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LC_ALL": "POSIX", "LANG": "fr_FR.UTF-8"}, "en"),
        ({}, "en"),
    ],
)
def test_the_default_follows_the_locale_when_it_is_one_of_ours(environ, lang):
    assert from_environment(environ) == lang


@pytest.mark.parametrize(("variable", "value", "lang"), [("LANG", "zh_CN.UTF-8", "zh"),
                                                          ("LANGUAGE", "fr", "fr"),
                                                          ("LANG", "de_DE.UTF-8", "en")])  # fmt: skip
def test_a_fresh_session_starts_in_the_environments_language(variable, value, lang):
    """Issue 14: in a new interpreter, with nothing set, texts follow the locale."""
    env = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES")}
    env.update({"LANG": "C.UTF-8", variable: value})
    code = (
        "import json, cyclades_widgets as cw\n"
        "g = cw.Game.new(players=3, seed=1)\n"
        "print(json.dumps([cw.get_language(), g.tables.players().columns[0]]))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    got, gold = json.loads(out.stdout)
    assert got == lang and gold == text("table.column.gold", lang)


# --------------------------------------------------------------------------- values


def test_values_localize_ids_keep_proper_names_and_join_lists():
    zh = Values(catalog("zh"), proper=frozenset({"Athens"}))
    assert zh.text(["ares", "naxos", "Athens"]) == "阿瑞斯、纳克索斯和Athens"
    assert Values(catalog("fr")).text(["zeus", "athena"]) == "Zeus et Athéna"
    assert Values(catalog("en")).text({"fortress": 2, "port": 1}) == "2 Fortresses and 1 Port"
    assert Values(catalog("en")).text(True) == "yes" and Values(catalog("fr")).text(False) == "non"


@pytest.mark.parametrize(
    ("lang", "zero", "one", "two"),
    [
        ("en", "0 troops", "1 troop", "2 troops"),
        ("fr", "0 troupe", "1 troupe", "2 troupes"),
        ("zh", "0 支陆军", "1 支陆军", "2 支陆军"),
    ],
)
def test_counted_nouns_follow_each_languages_plural(lang, zero, one, two):
    words = Values(catalog(lang))
    assert [words.count(n, "troop") for n in (0, 1, 2)] == [zero, one, two]
    assert words.count(0, "price") == text("count.price.zero", lang)


def test_a_language_without_an_entry_reads_english_and_says_so():
    """A key a language lacks falls back to English (and is listed), except the singular
    of a counted noun a language writes in one form."""
    zh = catalog("zh")
    assert "count.troop.one" not in zh.entries and "count.troop.one" not in zh.fallback
    assert zh.fallback == frozenset() and catalog("fr").fallback == frozenset()


def test_a_message_can_be_a_value_of_another_message():
    inner = Message(
        "event.bid", {"player": "Athens", "god": "zeus", "bid": 2}, frozenset({"Athens"})
    )
    outer = Message("record.illegal_move", {"move": "'x'", "cycle": 1, "phase": "actions",
                                            "reason": inner}, frozenset({"'x'"}))  # fmt: skip
    assert outer.render("en").endswith(": Athens offers 2 GP to Zeus.")
    assert outer.render("fr").endswith("Athens offre 2 PO à Zeus.")


def test_french_elides_before_a_vowel_and_spaces_its_punctuation():
    line = render("event.harpy_kills.thinned", {"player": "Sparta", "victim": "Argos",
                                                "isle": "ios", "left": 1}, "fr")  # fmt: skip
    assert "troupes d'Argos sur Ios" in line and "\u202f;" in line
    assert decimal(1.25, 2, "fr") == "1,25" and percent(0.5, 0, "fr") == "50\u202f%"
    assert percent(0.361, 1, "en") == "36.1%"


def test_the_pseudo_language_wraps_words_but_not_values():
    assert pseudo_template("{player} offers {bid} GP to {god}.") == (
        "{player}⟦ offers ⟧{bid}⟦ GP to ⟧{god}."
    )
    assert render("event.bid", {"player": "Athens", "bid": 3, "god": "ares"}, PSEUDO) == (
        "Athens⟦ offers ⟧3⟦ GP to ⟧⟦Ares⟧."
    )
    assert PSEUDO not in LANGS and resolve(PSEUDO) == PSEUDO


# --------------------------------------------------------------------------- errors


def test_an_error_speaks_the_language_it_was_raised_in_and_any_other():
    """Issue 14: ``str(err)`` is in the language set when it was raised;
    ``err.message(lang)`` renders any language."""
    message = Message("scenario.apollo_offering")
    with language("zh"):
        err = CycladesError(message)
    assert str(err) == "阿波罗不收献祭" and err.lang == "zh"
    assert err.message("fr") == "Apollon ne demande aucune offrande"
    assert err.message() == str(err)
    record = RecordError(message, "$.steps[3]")
    assert str(record) == "$.steps[3]: Apollo takes no offering"
    assert record.message("zh") == "$.steps[3]: 阿波罗不收献祭"
