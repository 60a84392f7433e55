"""The text catalogs (issues 11 and 14): one flat catalog per language, and every language
complete.

``cyclades_widgets/data/messages/<lang>/*.json``: each file is one topic, owned by one part of
the package; its keys carry the topic's prefix. A language is complete when every key of
English exists in the same file of that language with the same placeholders (counted nouns
may have fewer forms: Chinese has one). Learner texts never cite sources, confidence levels
or rule-option identifiers (STYLE: "Learner texts never cite sources").
"""

from __future__ import annotations

import json
import re
from importlib import resources

import pytest

from cyclades_widgets.house_rules import OPTION_VALUES, describe
from cyclades_widgets.i18n import (
    DEFAULT,
    LANGS,
    MissingMessageError,
    Values,
    catalog,
    placeholders,
    read_folder,
    text,
)
from cyclades_widgets.rules.board import MapSpec, available_maps

MESSAGES = resources.files("cyclades_widgets") / "data" / "messages"
OTHERS = [lang for lang in LANGS if lang != DEFAULT]

NAMESPACES: dict[str, tuple[str, ...]] = {
    "words.json": ("god.", "building.", "unit.", "phase.", "word.", "list.", "count.",
                   "number.", "plural.", "grammar."),
    "places.json": ("isle.", "map."),
    "creatures.json": ("creature.",),
    "events.json": ("event.",),
    "events_battle.json": ("event.",),
    "events_creatures.json": ("event.",),
    "tables.json": ("table.",),
    "odds.json": ("odds.",),
    "battlelab.json": ("lab.",),
    "scenario.json": ("scenario.",),
    "records.json": ("record.",),
    "options.json": ("option.",),
}  # fmt: skip
"""The prefixes of the files whose prefix is not their name; any other file ``x.json``
(``rules.json``, ``board.json``, ``bots.json``, ``cli.json``...) uses ``x.``."""

CITATION = re.compile(
    r"(?i)\bseeds?\s+(?:0\d\d|reading|ruling)\b|\bthe seeds\b|种子 ?0\d\d|种子的读法|种子裁定"
    r"|\bFAQ\b|RULES-NOTES|§|docs/|\b(?-i:LOW|MED|HIGH)\b|\binterpretation\b|解释:"
)
"""What a learner text never says: a source, a confidence level, a note on interpretation
(the seed of a game, ``seed {seed}``, is not a source)."""
OPTION_IDS = re.compile(
    r"\b(?:" + "|".join([*OPTION_VALUES, "metropolises_then_gold", "per_offering"]) + r")\b"
)


def files(lang: str) -> dict[str, dict[str, str]]:
    """The catalog files of a language as written: file name → {key: template}."""
    folder = MESSAGES / lang
    return {
        p.name: json.loads(p.read_text(encoding="utf-8"))
        for p in sorted(folder.iterdir(), key=lambda p: p.name)
        if p.name.endswith(".json")
    }


def counted_form(key: str) -> bool:
    """``count.<noun>.one`` and ``.zero``: forms a language may lack (it has ``other``)."""
    return key.startswith("count.") and key.rsplit(".", 1)[-1] in ("one", "zero")


# --------------------------------------------------------------------------- completeness


@pytest.mark.parametrize("lang", OTHERS)
def test_every_english_key_exists_in_every_language_with_the_same_placeholders(lang: str):
    """Issue 14: every key of English exists in the same file of every other language,
    with the same placeholders; no language invents keys. The failure names each file (and
    its keys) a language lacks, whoever owns it."""
    english, other = files(DEFAULT), files(lang)
    problems: list[str] = []
    for name, entries in english.items():
        theirs = other.get(name)
        if theirs is None:
            problems.append(f"{lang}/{name} is missing ({len(entries)} keys)")
            continue
        missing = [k for k in entries if k not in theirs and not counted_form(k)]
        if missing:
            problems.append(f"{lang}/{name} lacks {len(missing)} keys: {', '.join(missing[:8])}")
        extra = [k for k in theirs if k not in entries and not counted_form(k)]
        if extra:
            problems.append(f"{lang}/{name} has keys English lacks: {', '.join(extra[:8])}")
        for key in sorted(set(entries) & set(theirs)):
            if set(placeholders(entries[key])) != set(placeholders(theirs[key])):
                problems.append(f"{lang}/{name} {key}: placeholders differ from English")
    problems += [f"{lang}/{name} has no English file" for name in other if name not in english]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("lang", LANGS)
def test_every_counted_noun_has_its_forms(lang: str):
    """``{n|troop}`` needs ``count.troop.other`` in each language (and ``.one`` where a
    language has one: English and French)."""
    cat = catalog(lang)
    nouns = {noun for t in cat.entries.values() for _, noun in placeholders(t) if noun}
    missing = sorted(noun for noun in nouns if f"count.{noun}.other" not in cat.entries)
    assert missing == []
    if lang in ("en", "fr"):
        singular = nouns - {"gp", "minotaur", "price"}  # "3 GP", "Minotaur +2", "free"
        assert sorted(n for n in singular if f"count.{n}.one" not in cat.entries) == []


@pytest.mark.parametrize("lang", LANGS)
def test_no_key_is_defined_twice_and_every_entry_is_text(lang: str):
    entries, _, duplicates = read_folder(lang)
    assert duplicates == []
    assert all(isinstance(v, str) for v in entries.values())
    empty = {k for k, v in entries.items() if not v.strip()}
    assert empty <= {"grammar.elide", "event.note_separator"}, empty


def test_keys_are_namespaced_by_their_files_topic():
    """Each file holds its topic's keys only (``rules.json`` → ``rules.*``)."""
    wrong = []
    for lang in LANGS:
        for name, entries in files(lang).items():
            prefixes = NAMESPACES.get(name, (name.removesuffix(".json") + ".",))
            wrong += [f"{lang}/{name}: {k}" for k in entries if not k.startswith(prefixes)]
    assert wrong == []


@pytest.mark.parametrize("lang", LANGS)
def test_every_template_is_well_formed(lang: str):
    """Placeholders are ``{name}`` or ``{name|noun}``; no other brace is left."""
    bad = [
        f"{name} {key}"
        for name, entries in files(lang).items()
        for key, template in entries.items()
        if re.search(r"[{}]", re.sub(r"\{\{|\}\}|\{[a-z_][a-z0-9_]*(?:\|[a-z_]+)?\}", "", template))
    ]
    assert bad == []


def test_every_language_renders_every_template_with_sample_values():
    """Each template of each language fills from sample values without error."""
    sample = {"n": 2}
    for lang in LANGS:
        words = Values(catalog(lang))
        for key, template in catalog(lang).entries.items():
            fields = placeholders(template)  # a field both counted and shown plain is a number
            data = {field: "x" for field, noun in fields if not noun}
            data |= {field: 2 for field, noun in fields if noun}
            filled = words.fill(template, {**sample, **data})
            assert filled or not template, (lang, key)


# --------------------------------------------------------------------------- no citations


@pytest.mark.parametrize("lang", LANGS)
def test_learner_texts_cite_no_source_confidence_or_option_identifier(lang: str):
    """Issue 14: no catalog entry says "seed 002", "FAQ 1.8", "RULES-NOTES", "§", a
    confidence level or a rule option's identifier such as ``two_player_priest_discount``.
    (The record format's errors may name option keys written in a file: they are read
    from the file, not written in the catalog.)"""
    found = [
        f"{lang}/{name} {key}: {template}"
        for name, entries in files(lang).items()
        for key, template in entries.items()
        if CITATION.search(template) or OPTION_IDS.search(template)
    ]
    assert found == []


def test_the_citation_pattern_catches_what_it_must():
    """The check above can fail: it finds the citations the old catalogs had."""
    for sample in (
        "(Seed reading: the richest player wins a tie; FAQ 1.8.)",
        "(RULES-NOTES §1 #4)",
        "(采用种子 002 的读法)",
        "(MED-LOW.)",
        "(LOW: Doug Mann)",
        "see docs/rules-notes.md",
    ):
        assert CITATION.search(sample), sample
    assert OPTION_IDS.search('two_player_priest_discount="total"')
    assert not CITATION.search("Players: A · map · game seed {seed}")
    assert not CITATION.search("Play the last battle again with its seed")


# --------------------------------------------------------------------------- names


def test_every_isle_of_every_map_has_a_name_in_every_language():
    """Issue 14: isle names live in the catalogs (``isle.<id>``), for every map."""
    isles = {i for m in available_maps() for i in MapSpec.load(m).isles}
    for lang in LANGS:
        own = files(lang)["places.json"]
        assert sorted(i for i in isles if f"isle.{i}" not in own) == [], lang
        assert all(f"map.{m}" in own for m in available_maps()), lang


@pytest.mark.parametrize("map_id", available_maps())
def test_the_map_files_old_names_agree_with_the_catalogs(map_id: str):
    """Until the lead removes them, the ``name`` fields left in the map files must say
    what the catalogs say; the code reads only the catalogs (``MapSpec.names``)."""
    path = resources.files("cyclades_widgets") / "data" / "maps" / f"{map_id}.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    spec = MapSpec.load(map_id)
    for isle in data["isles"]:
        for lang, name in isle.get("name", {}).items():
            assert files(lang)["places.json"][f"isle.{isle['id']}"] == name, (map_id, isle)
            assert spec.names[isle["id"]][lang] == name


def test_a_map_isle_without_a_catalog_name_is_refused():
    """A map naming an isle the catalogs do not know fails to load, saying what to add."""
    path = resources.files("cyclades_widgets") / "data" / "maps" / "map-5.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["isles"][0]["id"] = "atlantis"
    with pytest.raises(ValueError, match=r"isle\.atlantis"):
        MapSpec.from_dict(data)


# --------------------------------------------------------------------------- rule options


@pytest.mark.parametrize("lang", LANGS)
def test_every_rule_option_and_reading_is_described_for_people(lang: str):
    """Issue 14: each rule option has one catalog entry for its question and one per
    reading, for a "House rules" page; the readings are the option's Literal values."""
    rules = describe(lang=lang, every=True)
    assert {(r.name, r.value) for r in rules} == {
        (name, value) for name, values in OPTION_VALUES.items() for value in values
    }
    assert all(r.title and r.rule for r in rules)
    assert sum(r.default for r in rules) == len(OPTION_VALUES)


def test_a_missing_entry_is_a_named_error():
    with pytest.raises(MissingMessageError, match="no en catalog entry 'option.nothing'"):
        text("option.nothing", "en")
