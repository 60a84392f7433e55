"""Narration: every event as a sentence a learner understands, in English or Chinese.

The sentences live in message catalogs, not in code: flat JSON files
``cyclades_widgets/data/messages/<lang>/<topic>.json`` mapping an event kind, or
``kind.variant``, to a template, plus ``vocab.json`` with the names of gods, buildings,
units and phases and the counted forms of nouns. Creature names come from the one
creature data file, ``data/creatures.json`` (:func:`creature_info` gives its localized
view). Every catalog file of a language is loaded. The template language and how to add
messages: ``docs/narration.md``.

>>> from cyclades_widgets.rules.events import ev
>>> narrate(ev("outbid", player="Athens", god="ares", bid=3, previous="Sparta", previous_bid=2))
'Athens outbids Sparta on Ares (3 GP > 2 GP); Sparta must bid on another god.'
>>> narrate(ev("recruit", player="Thebes", unit="troop", where="naxos", cost=0), "zh")
'Thebes 在纳克索斯招募 1 支陆军(免费)。'

Where the engine applied a rule option or an interpretation, a note in parentheses
says which reading was used.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any, NamedTuple

from .i18n import LANGS
from .rules import creatures as _creatures
from .rules.board import MapSpec, available_maps
from .rules.events import Event
from .rules.setup import setup_events
from .rules.state import GameState

if TYPE_CHECKING:
    from .history import BaseGame

__all__ = [
    "LANGS",
    "VARIANTS",
    "Catalog",
    "LogLine",
    "MissingMessageError",
    "catalog",
    "creature_info",
    "game_log",
    "message_keys",
    "narrate",
    "narrate_events",
    "placeholders",
]

VOCAB_FILE = "vocab.json"
_CREATURE_FILE = "data/creatures.json"
CREATURE_PREFIX = "creature."
"""Vocab keys of creature names; they come from ``data/creatures.json``, not ``vocab.json``."""
_ID_PREFIXES = ("god.", "building.", "unit.", CREATURE_PREFIX, "phase.", "word.")
_PLACEHOLDER = re.compile(r"\{\{|\}\}|\{([a-z_][a-z0-9_]*)(?:\|([a-z_]+))?\}")


class MissingMessageError(LookupError):
    """A message or a placeholder's value is missing (raised only with ``strict=True``;
    otherwise the narration falls back to ``kind(data)``)."""


# --------------------------------------------------------------------------- catalogs


@dataclass(frozen=True, slots=True)
class Catalog:
    """The messages of one language."""

    lang: str
    templates: Mapping[str, str]
    """Event kind or ``kind.variant`` (and ``note.<name>``) → template."""
    vocab: Mapping[str, str]
    """Names of ids (``god.ares``; ``creature.*`` from ``data/creatures.json``), counted
    forms (``count.troop.one``), list words."""
    sources: Mapping[str, str]
    """Template key → the catalog file that defines it."""
    duplicates: tuple[tuple[str, str, str], ...]
    """(key, first file, second file) for keys defined twice (a test keeps this empty)."""

    def name(self, value: str) -> str | None:
        """The localized name of an id (god, building, unit, creature, phase), or None."""
        for prefix in _ID_PREFIXES:
            found = self.vocab.get(prefix + value)
            if found is not None:
                return found
        return None


@cache
def catalog(lang: str = "en") -> Catalog:
    """Load (once) every catalog file of ``lang``, and the creature names of
    ``data/creatures.json``. Raises ``ValueError`` for a language without a catalog folder."""
    folder = resources.files("cyclades_widgets") / "data" / "messages" / lang
    if lang not in LANGS or not folder.is_dir():
        raise ValueError(f"no narration in {lang!r}; languages: {', '.join(LANGS)}")
    templates: dict[str, str] = {}
    sources: dict[str, str] = {}
    duplicates: list[tuple[str, str, str]] = []
    vocab: dict[str, str] = {}
    for entry in sorted(folder.iterdir(), key=lambda p: p.name):
        if not entry.name.endswith(".json"):
            continue
        data = json.loads(entry.read_text(encoding="utf-8"))
        if entry.name == VOCAB_FILE:
            vocab.update(data)
            duplicates += [
                (k, VOCAB_FILE, _CREATURE_FILE) for k in data if k.startswith(CREATURE_PREFIX)
            ]
            continue
        for key, template in data.items():
            if key in templates:
                duplicates.append((key, sources[key], entry.name))
                continue
            templates[key] = template
            sources[key] = entry.name
    vocab.update({CREATURE_PREFIX + cid: info["name"] for cid, info in creature_info(lang).items()})
    return Catalog(lang, templates, vocab, sources, tuple(duplicates))


def creature_info(lang: str = "en") -> dict[str, dict[str, str]]:
    """The 17 creatures in ``lang`` ("en" or "zh"; "zh-CN" reads as "zh"), by id in card
    order, read from the one creature data file (``data/creatures.json``, through
    :func:`cyclades_widgets.rules.creatures.catalog`), for the narration, the tables and
    the board.

    Each value is a fresh JSON-ready dict: ``name``, ``figurine`` (``"none"`` for a card
    only, ``"isle"`` or ``"sea"``: the Kraken) and ``effect`` (one line).

    >>> creature_info("zh")["kraken"]["name"], creature_info()["kraken"]["figurine"]
    ('海怪克拉肯', 'sea')
    """
    lang = _normalize_lang(lang)
    return {
        cid: {"name": info.names[lang], "figurine": info.figurine, "effect": info.effect[lang]}
        for cid, info in _creatures.catalog().items()
    }


def _normalize_lang(lang: str) -> str:
    base = lang.lower().replace("_", "-").split("-")[0]
    if base not in LANGS:
        raise ValueError(f"no narration in {lang!r}; languages: {', '.join(LANGS)}")
    return base


# --------------------------------------------------------------------------- variants


def _variant_of(field: str) -> Callable[[Mapping[str, Any]], str | None]:
    return lambda d: d.get(field) if isinstance(d.get(field), str) else None


def _count_variant(field: str, zero: str, one: str, many: str) -> Callable[..., str]:
    def pick(d: Mapping[str, Any]) -> str:
        n = d.get(field) or 0
        return zero if n == 0 else one if n == 1 else many

    return pick


VARIANTS: dict[str, tuple[Callable[[Mapping[str, Any]], str | None], tuple[str, ...]]] = {
    "phase": (
        _variant_of("phase"),
        ("setup", "creatures", "gods", "revenue", "offerings", "actions", "end", "over"),
    ),
    "gods_order": (lambda d: "face_down" if d.get("face_down") else "all", ("all", "face_down")),
    "revenue": (
        lambda d: "none" if not d.get("gold") else ("both" if d.get("seas") else "isles"),
        ("none", "isles", "both"),
    ),
    "bid_apollo": (lambda d: "first" if d.get("first") else "shared", ("first", "shared")),
    "outbid": (lambda d: "self" if d.get("player") == d.get("previous") else None, ("self",)),
    "pay_offering": (lambda d: "priests" if d.get("priests") else None, ("priests",)),
    "turn_start": (_variant_of("god"), ("ares", "poseidon", "zeus", "athena")),
    "apollo_income": (
        _count_variant("isles", "none", "one", "several"),
        ("none", "one", "several"),
    ),
    "recruit": (_variant_of("unit"), ("troop", "fleet", "priest", "philosopher")),
    "build": (_variant_of("building"), ("fortress", "port", "temple", "university")),
    "metropolis_not_added": (_variant_of("reason"), ("no_isle", "supply", "no_room")),
    "buildings_destroyed": (_variant_of("reason"), ("room",)),
    "creature_discarded": (_variant_of("reason"), ("track",)),
    "game_won": (lambda d: "tie" if d.get("tie_break") else None, ("tie",)),
}
"""Core events whose sentence depends on their data: kind → (chooser, variants). An
event whose data has a ``variant`` key uses it instead (``kind.<variant>``)."""


def _notes_of(kind: str, d: Mapping[str, Any]) -> list[str]:
    """Note keys naming the rule option or interpretation an event applied."""
    notes: list[str] = []
    if kind == "pay_offering" and d.get("priests") and len(d.get("bids") or ()) > 1:
        notes.append(f"note.priest_discount.{d.get('discount')}")
    elif kind == "game_won" and d.get("tie_break"):
        notes.append(f"note.tie_break.{d['tie_break']}")
    elif kind == "metropolis_not_added" and d.get("reason") == "no_room":
        notes.append("note.metropolis_without_room.lost")
    elif kind == "buildings_destroyed" and d.get("reason") == "room":
        notes.append("note.metropolis_without_room.destroy")
    elif kind == "apollo_income" and d.get("isles") == 0:
        notes.append("note.apollo_no_isle")
    elif kind == "supply_empty":
        notes.append("note.card_supply_empty")
    elif kind == "creatures_reshuffled":
        notes.append("note.creature_reshuffle")
    rule = d.get("rule")
    names = [rule] if isinstance(rule, str) else rule if isinstance(rule, list | tuple) else []
    notes += [f"note.{name}" for name in names if isinstance(name, str)]
    return notes


def message_keys(event: Event) -> list[str]:
    """The catalog keys tried for an event, most specific first."""
    variant = event.data.get("variant")
    if not isinstance(variant, str) and event.kind in VARIANTS:
        variant = VARIANTS[event.kind][0](event.data)
    if isinstance(variant, str):
        return [f"{event.kind}.{variant}", event.kind]
    return [event.kind]


# --------------------------------------------------------------------------- values


@cache
def _all_isle_names() -> dict[str, dict[str, str]]:
    names: dict[str, dict[str, str]] = {}
    for map_id in available_maps():
        for isle, by_lang in MapSpec.load(map_id).names.items():
            names.setdefault(isle, dict(by_lang))
    return names


class _Context:
    """What localizing a value needs: the catalog, the map's isle names, the players."""

    def __init__(self, cat: Catalog, state_or_map: Any) -> None:
        self.cat = cat
        self.players: frozenset[str] = frozenset()
        spec = None
        if hasattr(state_or_map, "state"):  # a Game
            state_or_map = state_or_map.state
        if isinstance(state_or_map, GameState):
            self.players = frozenset(state_or_map.names)
            spec = MapSpec.load(state_or_map.map_id)
        elif isinstance(state_or_map, MapSpec):
            spec = state_or_map
        elif isinstance(state_or_map, str):
            spec = MapSpec.load(state_or_map)
        self.isles = {i: dict(n) for i, n in spec.names.items()} if spec else _all_isle_names()

    def text(self, value: Any) -> str:
        """A value as text: ids localized, lists joined, numbers as digits."""
        if isinstance(value, str):
            return self.word(value)
        if isinstance(value, bool) or value is None:
            return self.cat.vocab.get(f"word.{str(value).lower()}", str(value))
        if isinstance(value, list | tuple):
            return self.join([self.text(v) for v in value])
        if isinstance(value, dict):
            parts = [self.count(n, k) for k, n in value.items() if isinstance(n, int) and n]
            return self.join(parts) if parts else self.cat.vocab.get("word.none", "none")
        return str(value)

    def word(self, value: str) -> str:
        if value in self.players:
            return value
        isle = self.isles.get(value)
        if isle is not None:
            return isle.get(self.cat.lang, isle.get("en", value))
        name = self.cat.name(value)
        return value if name is None else name

    def join(self, items: list[str]) -> str:
        if not items:
            return self.cat.vocab.get("word.none", "none")
        if len(items) == 1:
            return items[0]
        sep = self.cat.vocab.get("list.separator", ", ")
        last = self.cat.vocab.get("list.and", " and ")
        return sep.join(items[:-1]) + last + items[-1]

    def count(self, n: Any, noun: str) -> str:
        """``3, "troop"`` → "3 troops" (forms ``count.<noun>.zero|one|other``)."""
        if not isinstance(n, int) or isinstance(n, bool):
            raise MissingMessageError(f"{{…|{noun}}} needs a whole number, got {n!r}")
        forms = ("zero", "one", "other") if n == 0 else ("one", "other") if n == 1 else ("other",)
        for form in forms:
            template = self.cat.vocab.get(f"count.{noun}.{form}")
            if template is not None:
                return template.replace("{n}", str(n))
        name = self.cat.name(noun)
        if name is None:
            raise MissingMessageError(f"no counted form 'count.{noun}' in {self.cat.lang} vocab")
        return f"{name} {n}"


# --------------------------------------------------------------------------- narrating


def placeholders(template: str) -> list[tuple[str, str | None]]:
    """The ``(field, noun)`` placeholders of a template; noun is None for ``{field}``."""
    return [(m.group(1), m.group(2)) for m in _PLACEHOLDER.finditer(template) if m.group(1)]


def _fill(template: str, data: Mapping[str, Any], ctx: _Context) -> str:
    def repl(m: re.Match[str]) -> str:
        if m.group(1) is None:
            return m.group(0)[0]
        field, noun = m.group(1), m.group(2)
        if field not in data:
            raise MissingMessageError(f"placeholder {{{field}}} names no data of the event")
        value = data[field]
        return ctx.count(value, noun) if noun else ctx.text(value)

    out = _PLACEHOLDER.sub(repl, template)
    stripped = _PLACEHOLDER.sub("", template)
    if "{" in stripped or "}" in stripped:
        raise MissingMessageError(f"malformed placeholder left in {template!r}")
    return out


def _derived(event: Event) -> dict[str, Any]:
    """Extra fields some core templates use, computed from the event's data."""
    d = event.data
    if event.kind == "phase" and isinstance(d.get("order"), list):
        return {"gods": list(dict.fromkeys(d["order"]))}
    if event.kind == "buildings_discarded":
        pairs = [p for p in d.get("buildings") or () if isinstance(p, list | tuple) and p]
        return {"kinds": [p[0] for p in pairs], "isles": list(dict.fromkeys(p[-1] for p in pairs))}
    return {}


def _sentence(event: Event, ctx: _Context) -> str:
    templates = ctx.cat.templates
    key = next((k for k in message_keys(event) if k in templates), None)
    if key is None:
        raise MissingMessageError(
            f"no {ctx.cat.lang} message for event {event.kind!r} (tried {message_keys(event)})"
        )
    data = {**event.data, **_derived(event)}
    text = _fill(templates[key], data, ctx)
    for note in _notes_of(event.kind, event.data):
        if note not in templates:
            raise MissingMessageError(f"no {ctx.cat.lang} note {note!r} for {event.kind!r}")
        text += ctx.cat.vocab.get("note.separator", " ") + _fill(templates[note], data, ctx)
    return text


def narrate(
    event: Event | Mapping[str, Any],
    lang: str = "en",
    *,
    state_or_map: GameState | BaseGame | MapSpec | str | None = None,
    strict: bool = False,
) -> str:
    """One event as a sentence in ``lang`` ("en" or "zh").

    ``state_or_map`` (a Game, GameState, MapSpec or map id) gives the isle names of the
    right map and the player names; without it isle ids are looked up in every map.
    A missing message falls back to ``kind(data)``; with ``strict=True`` it raises
    :class:`MissingMessageError` instead (the tests use that).
    """
    return _narrate(event, _Context(catalog(_normalize_lang(lang)), state_or_map), strict)


def _narrate(event: Event | Mapping[str, Any], ctx: _Context, strict: bool) -> str:
    if isinstance(event, Mapping):
        event = Event(str(event.get("kind")), {k: v for k, v in event.items() if k != "kind"})
    try:
        return _sentence(event, ctx)
    except MissingMessageError:
        if strict:
            raise
        return str(event)


def narrate_events(
    events: Iterable[Event],
    lang: str = "en",
    *,
    state_or_map: GameState | BaseGame | MapSpec | str | None = None,
    strict: bool = False,
) -> str:
    """Several events, one sentence per line."""
    ctx = _Context(catalog(_normalize_lang(lang)), state_or_map)
    return "\n".join(_narrate(e, ctx, strict) for e in events)


class LogLine(NamedTuple):
    """One line of a game's narration."""

    step: int
    """0 for the starting position, then the number of the history step (1 = first)."""
    text: str


def game_log(game: BaseGame, lang: str = "en", *, strict: bool = False) -> list[LogLine]:
    """The whole game's narration, oldest first: the setup, then every step's events."""
    initial = game.initial_state
    ctx = _Context(catalog(_normalize_lang(lang)), initial)
    lines = [LogLine(0, _narrate(e, ctx, strict)) for e in setup_events(initial)]
    for number, step in enumerate(game.history, start=1):
        lines += [LogLine(number, _narrate(e, ctx, strict)) for e in step.events]
    return lines
