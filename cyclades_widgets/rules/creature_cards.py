"""The creature cards' data: names, figurine, one-line effects, read from
``cyclades_widgets/data/creatures.json``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from types import MappingProxyType
from typing import Any

from .state import CREATURE_PRICES, CREATURES

__all__ = ["CreatureInfo", "catalog"]


@dataclass(frozen=True, slots=True)
class CreatureInfo:
    """One creature card as described in ``data/creatures.json``."""

    id: str
    names: MappingProxyType[str, str]
    """Display name by language code (``"en"``, ``"zh"``)."""
    figurine: str
    """``"none"`` (a card only), ``"isle"`` or ``"sea"`` (the Kraken)."""
    effect: MappingProxyType[str, str]
    """A one-line effect by language code."""
    confidence: str
    source: str


@cache
def catalog() -> MappingProxyType[str, CreatureInfo]:
    """The 17 creatures by id, in card order, read once from the package data.

    >>> catalog()["giant"].names["en"], catalog()["kraken"].figurine
    ('Giant', 'sea')
    """
    path = resources.files("cyclades_widgets") / "data" / "creatures.json"
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    infos = {
        c["id"]: CreatureInfo(
            c["id"],
            MappingProxyType(dict(c["names"])),
            c["figurine"],
            MappingProxyType(dict(c["effect"])),
            c["confidence"],
            c["source"],
        )
        for c in data["creatures"]
    }
    if set(infos) != set(CREATURES) or tuple(data["slot_prices"]) != CREATURE_PRICES:
        raise ValueError("data/creatures.json disagrees with rules.state.CREATURES or the prices")
    return MappingProxyType(infos)
