"""The creature cards' data: figurine kind and sources from ``cyclades_widgets/data/creatures.json``;
names and one-line effects from the text catalogs (``creature.<id>``,
``creature.<id>.effect``), like every word a learner sees; and a creature's name in a sentence.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib import resources
from types import MappingProxyType
from typing import Any, NamedTuple

from ...i18n import DEFAULT, LANGS, text
from ...i18n import catalog as _texts
from ..state import CREATURE_PRICES, CREATURES

__all__ = ["CreatureInfo", "CreatureName", "catalog", "creature_name", "named"]


@dataclass(frozen=True, slots=True)
class CreatureInfo:
    """One creature card: its data file entry, and its words from the catalogs."""

    id: str
    figurine: str
    """``"none"`` (a card only), ``"isle"`` or ``"sea"`` (the Kraken)."""
    confidence: str
    source: str

    @property
    def names(self) -> MappingProxyType[str, str]:
        """Display name by language code (``"en"``, ``"zh"``...), from the catalogs."""
        return _by_language(f"creature.{self.id}")

    @property
    def effect(self) -> MappingProxyType[str, str]:
        """A one-line effect by language code, from the catalogs."""
        return _by_language(f"creature.{self.id}.effect")


@cache
def _by_language(key: str) -> MappingProxyType[str, str]:
    return MappingProxyType({lang: _texts(lang).entries[key] for lang in LANGS})


@cache
def catalog() -> MappingProxyType[str, CreatureInfo]:
    """The 17 creatures by id, in card order, read once from the package data.

    >>> catalog()["giant"].names["en"], catalog()["kraken"].figurine
    ('Giant', 'sea')
    """
    path = resources.files("cyclades_widgets") / "data" / "creatures.json"
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    infos = {
        c["id"]: CreatureInfo(c["id"], c["figurine"], c["confidence"], c["source"])
        for c in data["creatures"]
    }
    if set(infos) != set(CREATURES) or tuple(data["slot_prices"]) != CREATURE_PRICES:
        raise ValueError("data/creatures.json disagrees with rules.state.CREATURES or the prices")
    return MappingProxyType(infos)


PROPER_NAMES = frozenset({"pegasus", "medusa", "polyphemus", "chiron"})
"""Creatures named without an article in English sentences."""


class CreatureName(NamedTuple):
    """A creature's name in a sentence of an error, in the language the error is shown
    in: ``the Giant``, ``Pegasus``, ``巨人``.

    >>> CreatureName("giant").render("en"), CreatureName("giant").render("zh")
    ('the Giant', '巨人')
    """

    creature: str
    article: bool = True
    """With an article where the language uses one ("the Giant"); without, in lists."""

    def render(self, lang: str | None = None) -> str:
        """The name in ``lang`` (English where the data has no name in that language)."""
        info = catalog().get(self.creature)
        if info is None:
            return repr(self.creature)
        # the catalog of ``lang`` itself, so that a test-only language is served too
        name = _texts(lang).get(f"creature.{self.creature}") or info.names[DEFAULT]
        if self.creature in PROPER_NAMES or not self.article:
            return name
        return text("rules.creature.common_name", lang, name, name=name)


def creature_name(creature: str) -> str:
    """The creature's English name in a sentence: ``"the Giant"``, ``"Medusa"``."""
    return CreatureName(creature).render(DEFAULT)


@lru_cache(maxsize=64)
def named(creature: str, article: bool = True) -> CreatureName:
    """The (shared) :class:`CreatureName` of ``creature``: cheap enough for the predicates
    that the generators of legal actions call for every candidate."""
    return CreatureName(creature, article)
