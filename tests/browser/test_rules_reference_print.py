"""The rules reference printed by Chromium: the summary and the notation card each fit one
A4 page in every language, and the whole reference prints with each part on its own pages (issue 13: "a one-page,
printable rules summary")."""

from __future__ import annotations

import re

import pytest
from waits import shown

from cyclades_widgets.i18n import LANGS
from cyclades_widgets.learn.reference import PART_IDS, rules_reference


def _pages(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page(?![s\w])", pdf))


def _print(page, tmp_path, ref, wait_for: str = ".cw-ref figure svg") -> bytes:
    path = ref.save(tmp_path / f"{'-'.join(ref.parts)}-{ref.lang}.html")
    page.goto(path.as_uri())
    shown(page.locator(wait_for).first, f"the reference page's {wait_for}")
    return page.pdf(prefer_css_page_size=True, print_background=True)


@pytest.mark.parametrize("lang", LANGS)
def test_the_summary_prints_on_one_a4_page(page, tmp_path, lang):
    pdf = _print(page, tmp_path, rules_reference(lang=lang, part="summary"))
    assert _pages(pdf) == 1


@pytest.mark.parametrize("lang", LANGS)
def test_the_notation_card_prints_on_one_a4_page(page, tmp_path, lang):
    """The notation card is one page to keep next to the board (issue 13)."""
    ref = rules_reference(lang=lang, part="notation")
    pdf = _print(page, tmp_path, ref, wait_for=".cw-ref-notation table code")
    assert _pages(pdf) == 1


def test_every_part_starts_on_a_new_page(page, tmp_path):
    pdf = _print(page, tmp_path, rules_reference(lang="en"))
    assert _pages(pdf) >= len(PART_IDS)
