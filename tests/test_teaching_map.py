"""docs/teaching.md maps every rule of the two rules documents to the lessons and tutorials
that teach it (issue 13, "Done when").

- every rule line of seed 000 (the English summary; headings and table headers left out)
  contains the quote of at least one row, and every quote is found in its seed;
- every rule paragraph of seed 002 (the Chinese digest, "核心规则与结算要点") and every
  question of its FAQ has a row;
- every row names at least one lesson or tutorial, each of which exists; a row naming a
  lesson shows that lesson's picture, and the picture file exists;
- the table of lessons at the end lists the path, in order.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from ci_gate import skip_or_fail

from cyclades_widgets.learn import builtin_lessons

REPO = Path(__file__).resolve().parents[1]
DOCS = REPO / "docs"
SEEDS = REPO.parent / "shared" / "seeds"
PAGE = (DOCS / "teaching.md").read_text(encoding="utf-8")

HEADINGS = {
    "Overview",
    "Components",
    "Setup",
    "Turn Structure",
    "Actions",
    "Scoring / Victory Conditions",
    "Creating Metropolises (3 methods):",
    "Special Rules & Edge Cases",
    "Player Reference",
    "God / Free Recruit / Extra Cost / Building / Special Action",
    "God / Recruit / Build (2 GP) / Special Action (1 GP)",
}
"""Lines of seed 000 that are titles, not rules."""

LESSON_IDS = {lesson.id for lesson in builtin_lessons()}


def _seed(prefix: str) -> str:
    found = sorted(SEEDS.glob(f"{prefix}_*.txt"))
    if not found:
        skip_or_fail(f"the rules seeds are not at {SEEDS}")
    return found[0].read_text(encoding="utf-8")


def _section(title: str) -> list[list[str]]:
    """The table rows of one section of the page, as lists of cells."""
    body = PAGE.split(f"\n## {title}\n", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in body.splitlines() if line.startswith("| ")]
    return [[c.strip() for c in row.strip("|").split(" | ")] for row in rows[1:]]


def _targets(cell: str) -> tuple[list[str], list[str]]:
    return re.findall(r"lesson `([a-z0-9-]+)`", cell), re.findall(r"tutorial `([0-9a-z-]+)`", cell)


def _norm(line: str) -> str:
    return line.replace("\t", " / ").strip().lstrip("•").strip()


def _seed000_rules() -> list[str]:
    lines = [_norm(line) for line in _seed("000").splitlines() if line.strip()]
    return [line for line in lines if line not in HEADINGS]


def test_every_rule_line_of_the_english_summary_has_a_row():
    quotes = [row[0] for row in _section("The English rules summary")]
    seed = [_norm(line) for line in _seed("000").splitlines()]
    assert [q for q in quotes if not any(q in line for line in seed)] == []
    assert [line for line in _seed000_rules() if not any(q in line for q in quotes)] == []


def test_every_rule_paragraph_of_the_chinese_digest_has_a_row():
    seed = _seed("002")
    rules = seed.split("核心规则与结算要点", 1)[1].split("常见规则与玩法问答", 1)[0]
    heads = re.findall(r"^([^:\n]{2,12}):", rules, flags=re.M)
    quotes = [row[0] for row in _section("The Chinese digest: rules")]
    assert sorted(heads) == sorted(quotes)


def test_every_question_of_the_chinese_faq_has_a_row():
    questions = [
        line.strip() for line in _seed("002").splitlines() if line.strip().endswith(("?", "?"))
    ]
    quotes = [row[0] for row in _section("The Chinese digest: FAQ")]
    assert len(questions) >= 8
    assert sorted(questions) == sorted(quotes)


SECTIONS = (
    "The English rules summary",
    "The Chinese digest: rules",
    "The Chinese digest: FAQ",
    "Also taught: what newcomers missed",
)


@pytest.mark.parametrize("section", SECTIONS)
def test_every_row_names_existing_lessons_or_tutorials_and_shows_a_picture(section):
    tutorials = {p.stem for p in REPO.glob("notebooks/**/*.ipynb")}
    tutorials |= {p.stem for p in REPO.glob("tools/notebooks/**/*.md")}
    for row in _section(section):
        lessons, named = _targets(row[-2])
        assert lessons or named, row
        assert set(lessons) <= LESSON_IDS, row
        assert set(named) <= tutorials, row
        if lessons:
            assert f'src="img/lessons/{lessons[0]}.svg"' in row[-1], row
            assert (DOCS / "img" / "lessons" / f"{lessons[0]}.svg").exists()


def test_every_lesson_teaches_at_least_one_row_and_is_listed_in_order():
    named = {
        lesson
        for section in SECTIONS
        for row in _section(section)
        for lesson in _targets(row[-2])[0]
    }
    assert named >= LESSON_IDS
    listed = [re.match(r"`([a-z0-9-]+)`", row[1]).group(1) for row in _section("The lessons")]
    assert listed == [lesson.id for lesson in builtin_lessons()]
