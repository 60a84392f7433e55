"""The board's words: every text the board, the static SVG and the widget controls show,
rendered from the ``board.*`` entries of the catalogs (``data/messages/<lang>/board.json``)
and the shared words (``god.*``, ``building.*``, ``count.*``) of ``vocab.json``.

Isle and creature names are read from the catalogs (``isle.<id>``, ``creature.<id>``)
when they are there, else from the map data and the creature data file.

>>> words = Words("en", "map-2-3", ("Athens", "Sparta"))
>>> words("board.action.bid", amount=3, god="ares")
'Bid 3 GP on Ares'
>>> words.plural("board.slots", 1), words.plural("board.slots", 3)
('1 building slot', '3 building slots')
>>> words.place("naxos"), words.place("g5")
('Naxos', 'Sea g5')
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from types import MappingProxyType
from typing import Any

from ..i18n import DEFAULT, PSEUDO, catalog, render, resolve
from ..narrate import creature_info
from ..rules.board import MapSpec

__all__ = ["Words", "creature_effects", "creature_names", "isle_names"]


def _data_lang(lang: str) -> str:
    """The language of the data files' names (the pseudo-locale reads English)."""
    return DEFAULT if lang == PSEUDO else lang


@cache
def isle_names(map_id: str, lang: str) -> MappingProxyType[str, str]:
    """Isle id → its name in ``lang``: the catalog's ``isle.<id>``, else the map data's."""
    spec = MapSpec.load(map_id)
    cat = catalog(lang)
    return MappingProxyType(
        {
            iid: cat.get(f"isle.{iid}") or spec.names[iid].get(_data_lang(lang), iid)
            for iid in spec.isles
        }
    )


@cache
def creature_names(lang: str) -> MappingProxyType[str, str]:
    """Creature id → its name: the catalog's ``creature.<id>``, else the creature data
    file's."""
    cat = catalog(lang)
    info = creature_info(_data_lang(lang))
    return MappingProxyType(
        {cid: cat.get(f"creature.{cid}") or c["name"] for cid, c in info.items()}
    )


@cache
def creature_effects(lang: str) -> MappingProxyType[str, str]:
    """Creature id → its effect in one line (the creature data file)."""
    return MappingProxyType(
        {cid: c["effect"] for cid, c in creature_info(_data_lang(lang)).items()}
    )


class Words:
    """The board's texts in one language, for one map and the players of one game.

    Player names are proper names (never translated); isle and creature ids become their
    names; everything else comes from the catalog.
    """

    def __init__(self, lang: str, map_id: str, players: Sequence[str] = ()) -> None:
        self.lang = resolve(lang)
        """The catalog language."""
        self.map_id = map_id
        self.isles = isle_names(map_id, self.lang)
        """Isle id → name."""
        self.creatures = creature_names(self.lang)
        """Creature id → name."""
        self._names = {**self.isles, **self.creatures}
        self.players = tuple(players)
        """The players' names (proper names, never translated)."""
        self._proper = frozenset(players)
        self._cat = catalog(self.lang)

    def __call__(self, key: str, /, **params: Any) -> str:
        """The entry ``key`` with ``params`` filled in."""
        return render(key, params, self.lang, proper=self._proper, names=self._names)

    def has(self, key: str) -> bool:
        """True if the catalog has ``key``."""
        return self._cat.get(key) is not None

    def plural(self, key: str, n: int, /, **params: Any) -> str:
        """``key.zero`` (when the catalog has it), ``key.one`` or ``key.other`` for ``n``."""
        forms = ("zero", "one", "other") if n == 0 else ("one", "other") if n == 1 else ("other",)
        for form in forms:
            if self.has(f"{key}.{form}"):
                return self(f"{key}.{form}", n=n, **params)
        return self(key, n=n, **params)

    def word(self, ident: str) -> str:
        """The localized word of an id (god, building, unit, isle, creature)."""
        if ident in self._names:
            return self._names[ident]
        found = self._cat.name(ident)
        return ident if found is None else found

    def place(self, ident: str) -> str:
        """An isle's name, or "Sea g5"."""
        if ident in self.isles:
            return self.isles[ident]
        return self("board.sea", sea=ident)

    def first(self, *keys: str, **params: Any) -> str:
        """The first of ``keys`` that the catalog has, filled in."""
        for key in keys:
            if self.has(key):
                return self(key, **params)
        return self(keys[-1], **params)
