"""The rules reference (``cw.rules_reference``): its parts, its words in every language, the
numbers it teaches (checked against the engine), the house rules (every rule option), the
boards' status (read from the map files), and the generated docs being fresh."""

from __future__ import annotations

import importlib.util
import json
import re
import sys
from importlib import resources
from pathlib import Path
from types import ModuleType

import pytest

import cyclades_widgets as cw
from cyclades_widgets.editor.panels import palette
from cyclades_widgets.house_rules import OPTION_VALUES
from cyclades_widgets.i18n import LANGS, catalog
from cyclades_widgets.learn import LessonError
from cyclades_widgets.learn.reference import (
    PART_IDS,
    board_status,
    house_rules,
    option_code,
    rules_reference,
)
from cyclades_widgets.learn.reference_content import (
    CREATURE_FORMS,
    LEGEND_ITEMS,
    NOTATION,
    NOTATION_ARGS,
    PARTS,
    PICTURES,
)
from cyclades_widgets.learn.reference_creatures import creature_rows
from cyclades_widgets.rules.actions import Action, known_kinds
from cyclades_widgets.rules.options import RuleOptions
from cyclades_widgets.rules.state import (
    BUILDING_SUPPLY,
    CREATURES,
    MAX_FLEETS,
    MAX_TROOPS,
    METROPOLIS_SUPPLY,
    PROSPERITY_MARKERS,
    STARTING_GOLD,
    TERRITORY_MARKERS,
)
from cyclades_widgets.scenario import Scenario

DOCS = Path(__file__).resolve().parents[1] / "docs"


def _keys(block) -> list[str]:
    kind = block[0]
    if kind in ("p", "h"):
        return [block[1]]
    if kind in ("ul", "ol"):
        return list(block[1])
    if kind == "dl":
        return [k for pair in block[1] for k in pair]
    if kind == "table":
        return [*block[1], *(k for row in block[2] for k in row)]
    if kind == "pic":
        picture = PICTURES[block[1]]
        return [picture.caption, *(key for _, key in picture.labels)]
    if kind == "house":
        return [f"learn.ref.house.head.{k}" for k in ("rule", "table", "house", "code")]
    if kind == "notation":
        heads = [f"learn.ref.notation.head.{k}" for k in ("move", "meaning", "example")]
        args = [f"learn.ref.notation.arg.{a}" for a in NOTATION_ARGS]
        return [*heads, *args, *(row.meaning for row in NOTATION)]
    return []


ALL_KEYS = sorted(
    {k for part in PARTS.values() for b in part for k in _keys(b)}
    | {f"learn.ref.{p}.title" for p in PARTS}
    | {
        "learn.ref.title",
        "learn.ref.boards.players",
        "learn.ref.boards.printed",
        "learn.ref.boards.reconstruction",
    }
)


@pytest.mark.parametrize("lang", LANGS)
def test_every_word_of_the_reference_is_in_every_catalog(lang):
    entries = catalog(lang).entries
    assert [k for k in ALL_KEYS if k not in entries] == []


@pytest.mark.parametrize("lang", LANGS)
def test_rules_reference_is_public_and_shows_every_part_with_pictures(lang):
    ref = cw.rules_reference(lang=lang)
    page = ref._repr_html_()
    for title in ref.titles():
        assert title in page
    assert page.count("<svg") == len(PICTURES) + len(CREATURES)  # the creatures' pictures
    assert "<script" not in page  # nothing for nbconvert or a sanitizer to drop


def test_one_part_alone():
    ref = rules_reference(lang="en", part="house-rules")
    assert ref.titles() == ["House rules"]
    assert "<svg" not in ref._repr_html_()


def test_an_unknown_part_names_the_parts():
    with pytest.raises(LessonError, match="glossary"):
        rules_reference(part="cheat-sheet")


def test_the_printable_page_is_standalone(tmp_path):
    path = rules_reference(lang="en").save(tmp_path / "rules.html")
    page = path.read_text("utf-8")
    assert page.startswith("<!DOCTYPE html>") and "@media print" in page
    assert "http://" not in page.replace('xmlns="http://www.w3.org/2000/svg"', "")


def test_the_summary_teaches_the_engines_numbers():
    """Seed 000 'Components', 'Actions' and 'Setup'; the supply counts of the table rule
    (RuleOptions.card_supply default)."""
    summary = rules_reference(lang="en", part="summary").to_markdown()
    options = RuleOptions()
    for fact in [
        f"{MAX_TROOPS} troops and {MAX_FLEETS} fleets",
        f"{BUILDING_SUPPLY} buildings of each kind and {METROPOLIS_SUPPLY} Metropolises",
        f"{PROSPERITY_MARKERS} prosperity markers",
        f"{options.philosopher_supply} Philosophers and {options.priest_supply} Priests",
        f"({TERRITORY_MARKERS} markers each",
        f"starts with {STARTING_GOLD} GP",
    ]:
        assert fact in summary, fact


@pytest.mark.parametrize("lang", LANGS)
def test_every_rule_option_is_a_house_rule_and_the_default_is_the_table_rule(lang):
    """Issue 13: one table rule taught everywhere, the alternatives presented once, in the
    words of ``option.*`` (``house_rules.describe``), with the code that switches each on."""
    default = RuleOptions()
    rows = house_rules(lang)
    expected = [
        (name, value)
        for name, values in OPTION_VALUES.items()
        for value in values
        if value != getattr(default, name)
    ]
    assert [r.code for r in rows] == [option_code(n, v) for n, v in expected]
    ref = rules_reference(lang=lang, part="house-rules")
    page, text = ref._repr_html_(), ref.to_markdown()
    words = catalog(lang).entries
    for (name, value), row in zip(expected, rows, strict=True):
        assert row.title == words[f"option.{name}"]
        table = words[f"option.{name}.{getattr(default, name)}"]
        house = words[f"option.{name}.{value}"]
        assert (row.table.lower(), row.house.lower()) == (table.lower(), house.lower())
        assert f"<code>{row.code.replace(chr(34), '&quot;')}</code>" in page
        assert f"| {row.title} | {row.table} | {row.house} | `{row.code}` |" in text
    assert all(getattr(RuleOptions.from_dict({n: v}), n) == v for n, v in expected)


def test_the_house_rule_code_is_python_that_runs():
    """The snippets and the example build games with the house rule in use."""
    for row in house_rules("en"):
        options = eval(row.code, {"cw": cw})  # noqa: S307 (our own generated code)
        assert options != RuleOptions()
    text = rules_reference(lang="en", part="house-rules").to_markdown()
    example = text.split("```python\n", 1)[1].split("\n```", 1)[0]
    game = eval(example, {"cw": cw})  # noqa: S307
    assert game.state.options == eval(house_rules("en")[0].code, {"cw": cw})  # noqa: S307


def test_the_house_rules_appear_in_the_reference_only():
    """Alternatives are presented once: no lesson text mentions a house rule."""
    lesson_texts = [v for k, v in catalog("en").entries.items() if k.startswith("learn.lesson.")]
    assert not [t for t in lesson_texts if "house rule" in t.lower()]


def _map_titles() -> dict[str, str]:
    folder = resources.files("cyclades_widgets") / "data" / "maps"
    return {
        p.name: json.loads(p.read_text("utf-8"))["title"]
        for p in folder.iterdir()
        if p.name.endswith(".json")
    }


def test_the_boards_part_says_which_boards_are_reconstructions():
    text = rules_reference(lang="en", part="boards").to_markdown()
    status = board_status()
    assert len(status) == len(_map_titles())
    rebuilt = sum(1 for _, r in status if r)
    assert text.count("a reconstruction") == rebuilt
    assert text.count("laid out as the printed board") == len(status) - rebuilt
    for players, is_rebuilt in status:
        counts = " and ".join(str(p) for p in players)
        line = next(s for s in text.splitlines() if f"for {counts} players" in s)
        assert ("reconstruction" in line) == is_rebuilt


CITATION = re.compile(r"seed|RULES-NOTES|FAQ|§|种子|\b(HIGH|MED|LOW|UNCONFIRMED)\b")


@pytest.mark.parametrize("lang", LANGS)
def test_no_learn_text_cites_a_source_or_a_confidence_level(lang):
    """Learner texts never cite sources (HELPERS.md quality bar; issue 13)."""
    bad = {
        k: v
        for k, v in catalog(lang).entries.items()
        if k.startswith("learn.") and CITATION.search(v)
    }
    assert bad == {}


@pytest.mark.parametrize("lang", LANGS)
def test_the_creatures_part_shows_each_creature_with_cost_effect_icon_and_target(lang):
    """Issue 25: the reference says what each of the 17 creatures does, with its cost, a
    picture and how to choose its target, in every language; its choices as notation
    parse as the creature's own actions."""
    rows = creature_rows(lang)
    assert [r.id for r in rows] == list(CREATURES)
    for r in rows:
        assert r.name and r.cost and r.effect and r.target, r
        assert r.icon.startswith("<svg") and 'd="M' in r.icon
        assert (r.forms == []) == (r.id == "fates")
    assert len({r.icon for r in rows}) == len(CREATURES)  # a picture of its own each
    assert len({r.target for r in rows}) >= len(CREATURES) - 2  # (the three thieves)
    page = rules_reference(lang=lang, part="creatures")
    html, md = page._repr_html_(), page.to_markdown()
    for r in rows:
        assert r.effect in md and r.target in md and html.count(f"<strong>{r.name}</strong>")
    fill = {"isle": "naxos", "sea": "c5", "n": "1", "building": "temple",
            "creature": "harpy", "player": "sparta"}  # fmt: skip
    for creature, forms in CREATURE_FORMS.items():
        for form in forms:
            text = re.sub(r"\{(\w+)\}", lambda m: fill[m.group(1)], form)
            assert Action.parse(text).kind == creature, form


@pytest.mark.parametrize("lang", LANGS)
def test_the_legend_names_every_piece_of_the_editors_palette(lang):
    """Each tool of ``cw.Editor``'s palette (its name without the player or the hint in
    brackets) appears in the legend's palette entry, singular or plural."""
    words = catalog(lang).entries
    text = words["learn.ref.legend.palette.text"].lower()
    assert "palette" in LEGEND_ITEMS
    assert words["learn.ref.legend.palette.term"] in rules_reference(lang=lang).to_markdown()
    for piece in {entry["piece"] for entry in palette(Scenario(players=2))}:
        name = re.sub(r"\{player\}|\(.*\)|（.*）|的", "", words[f"editor.ui.tool.{piece}"])
        name = re.sub(r"\s+de\s*$", "", name.strip()).lower()
        plural = r"\s+".join(re.escape(w) + "s?" for w in name.split())
        assert re.search(plural, text), (piece, name)


def test_the_notation_card_sends_the_reader_to_the_creatures_part():
    """It used to send the reader to the glossary, which does not say what each does."""
    for lang in LANGS:
        title = rules_reference(lang=lang).title("creatures")
        text = catalog(lang).get("learn.ref.notation.creature") or ""
        assert "glossa" not in text and "术语表" not in text
        assert title and rules_reference(lang=lang, part="notation")


def test_part_ids_are_the_parts():
    assert PART_IDS == (
        "summary", "glossary", "creatures", "legend", "house-rules", "boards", "notation"
    )  # fmt: skip


CHANCE = {"order", "draw", "gods", "roll"}
"""Kinds the engine draws itself: not on the card."""


def test_the_notation_card_shows_every_move_a_player_makes_with_an_example_that_parses():
    kinds = {form.split()[0] for row in NOTATION for form in row.forms}
    creatures = set(CREATURES)
    assert set(known_kinds()) - CHANCE - creatures <= kinds
    assert kinds - {"{creature}"} <= set(known_kinds())
    for row in NOTATION:
        assert str(Action.parse(row.example)) == row.example
        firsts = {form.split()[0] for form in row.forms}
        assert row.example.split()[0] in firsts or firsts == {"{creature}"}
    ref = rules_reference(lang="en", part="notation")
    text = ref.to_markdown()
    assert "| `move troops [isle]>[isle] [number]` |" in text
    for lang in LANGS:
        forms = rules_reference(lang=lang, part="notation").forms(NOTATION[0])
        assert forms == [
            f"bid [{catalog(lang).entries['learn.ref.notation.arg.god']}] "
            f"[{catalog(lang).entries['learn.ref.notation.arg.gp']}]"
        ]


# --------------------------------------------------------------------------- docs


def _generator() -> ModuleType:
    """``tools/make_learn_docs.py``, the script that writes the generated docs."""
    path = DOCS.parent / "tools" / "make_learn_docs.py"
    spec = importlib.util.spec_from_file_location("make_learn_docs", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["make_learn_docs"] = module
    spec.loader.exec_module(module)
    return module


def test_the_generated_docs_are_fresh():
    """docs/rules-reference.md and docs/img/{reference,lessons}/*.svg come from
    `tools/make_learn_docs.py`; run it after changing a lesson, the reference's words or
    the board's drawing."""
    tool = _generator()
    assert tool.stale_files(DOCS) == ([], []), "run: python tools/make_learn_docs.py"
    assert tool.main(["--check", str(DOCS)]) == 0


def test_the_doc_generator_is_not_shipped_in_the_package():
    """A documentation generator belongs to the repository's tools, not to the wheel."""
    package = DOCS.parent / "cyclades_widgets"
    assert not (package / "learn" / "docs.py").exists()
    assert not [p for p in package.rglob("*.py") if "make_learn_docs" in p.read_text("utf-8")]


def test_the_reference_survives_nbconvert(tmp_path):
    """A notebook showing the reference, executed and exported to HTML, keeps its text,
    styles and pictures (nbconvert keeps text/html outputs)."""
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    nbconvert = pytest.importorskip("nbconvert")
    nb = nbformat.v4.new_notebook(
        cells=[
            nbformat.v4.new_code_cell(
                "import cyclades_widgets as cw\ncw.rules_reference(lang='en', part='summary')"
            )
        ]
    )
    nbclient.NotebookClient(
        nb, timeout=120, resources={"metadata": {"path": str(tmp_path)}}
    ).execute()
    (output,) = nb.cells[0].outputs
    assert "text/html" in output["data"] and "text/plain" in output["data"]
    page, _ = nbconvert.HTMLExporter().from_notebook_node(nb)
    assert "Cyclades in one page" in page
    assert "cw-ref-summary" in page and "<svg" in page and "@media print" in page
