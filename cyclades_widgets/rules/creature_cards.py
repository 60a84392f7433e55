"""The creature cards' data: figurine kind and sources from ``cyclades_widgets/data/creatures.json``;
names and one-line effects from the text catalogs (``creature.<id>``,
``creature.<id>.effect``), like every word a learner sees.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from types import MappingProxyType
from typing import Any

from ..i18n import LANGS
from ..i18n import catalog as _texts
from .state import CREATURE_PRICES, CREATURES

__all__ = ["CreatureInfo", "catalog"]


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
