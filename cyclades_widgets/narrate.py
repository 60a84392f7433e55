"""Narration: every event as a sentence a learner understands, in the learner's language.

The sentences live in the text catalogs (:mod:`cyclades_widgets.i18n`), not in code: an event
kind, or ``kind.variant``, is the catalog key ``event.<kind>[.<variant>]`` and its template
names the event's data. Isle, god, building and creature ids become their words of the
language; player names stay as they are. How to write and add messages:
``docs/narration.md``; the template syntax: ``docs/translating.md``.

>>> from cyclades_widgets.rules.events import ev
>>> narrate(ev("outbid", player="Athens", god="ares", bid=3, previous="Sparta", previous_bid=2), "en")
'Athens outbids Sparta on Ares (3 GP > 2 GP); Sparta must bid on another god.'
>>> narrate(ev("recruit", player="Thebes", unit="troop", where="naxos", cost=0), "zh")
'Thebes 在纳克索斯招募 1 支陆军(免费)。'

``lang=None`` (the default everywhere) is the session's language
(:func:`cyclades_widgets.i18n.set_language`). Where a rule of the table applies in a way a
learner may not expect, a short note in parentheses teaches it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any, NamedTuple

from .i18n import Catalog, MissingMessageError, Values, catalog, resolve
from .rules import creatures as _creatures
from .rules.board import MapSpec
from .rules.events import Event
from .rules.setup import setup_events
from .rules.state import GameState

if TYPE_CHECKING:
    from .history import BaseGame

__all__ = [
    "EVENT_PREFIX",
    "VARIANTS",
    "LogLine",
    "MissingMessageError",
    "Narrator",
    "creature_info",
    "game_log",
    "message_keys",
    "narrate",
    "narrate_events",
]

EVENT_PREFIX = "event."
"""Catalog keys of narration sentences: ``event.<kind>`` and ``event.<kind>.<variant>``."""
NOTE_PREFIX = EVENT_PREFIX + "note."
"""Catalog keys of the notes that teach a rule the event applied: ``event.note.<name>``."""


def creature_info(lang: str | None = None) -> dict[str, dict[str, str]]:
    """The 17 creatures in ``lang`` (None: the session's language), by id in card order,
    for the narration, the tables and the board: each value is a fresh JSON-ready dict with
    ``name`` and ``effect`` (one line) from the catalogs, and ``figurine`` (``"none"`` for a
    card only, ``"isle"`` or ``"sea"``: the Kraken) from ``data/creatures.json``.

    >>> creature_info("zh")["kraken"]["name"], creature_info("en")["kraken"]["figurine"]
    ('海怪克拉肯', 'sea')
    """
    cat = catalog(lang)
    return {
        cid: {
            "name": _entry(cat, f"creature.{cid}"),
            "figurine": info.figurine,
            "effect": _entry(cat, f"creature.{cid}.effect"),
        }
        for cid, info in _creatures.catalog().items()
    }


def _entry(cat: Catalog, key: str) -> str:
    found = cat.get(key)
    if found is None:
        raise MissingMessageError(f"no {cat.lang} catalog entry {key!r}")
    return found


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
event whose data has a ``variant`` key uses it instead (``event.<kind>.<variant>``)."""


def _notes_of(kind: str, d: Mapping[str, Any]) -> list[str]:
    """Keys of the notes teaching the rule an event applied, where a learner may not
    expect it: the Priests with two offerings, the tie-break, and ``rule=`` markers."""
    notes: list[str] = []
    if kind == "pay_offering" and d.get("priests") and len(d.get("bids") or ()) > 1:
        notes.append(f"{NOTE_PREFIX}priest_discount.{d.get('discount')}")
    elif kind == "game_won" and d.get("tie_break"):
        notes.append(f"{NOTE_PREFIX}tie_break.{d['tie_break']}")
    rule = d.get("rule")
    names = [rule] if isinstance(rule, str) else rule if isinstance(rule, list | tuple) else []
    notes += [f"{NOTE_PREFIX}{name}" for name in names if isinstance(name, str)]
    return notes


def message_keys(event: Event) -> list[str]:
    """The catalog keys tried for an event, most specific first.

    >>> from cyclades_widgets.rules.events import ev
    >>> message_keys(ev("recruit", unit="fleet"))
    ['event.recruit.fleet', 'event.recruit']
    """
    variant = event.data.get("variant")
    if not isinstance(variant, str) and event.kind in VARIANTS:
        variant = VARIANTS[event.kind][0](event.data)
    base = EVENT_PREFIX + event.kind
    return [f"{base}.{variant}", base] if isinstance(variant, str) else [base]


def _derived(event: Event) -> dict[str, Any]:
    """Extra fields some core templates use, computed from the event's data."""
    d = event.data
    if event.kind == "phase" and isinstance(d.get("order"), list):
        return {"gods": list(dict.fromkeys(d["order"]))}
    if event.kind == "buildings_discarded":
        pairs = [p for p in d.get("buildings") or () if isinstance(p, list | tuple) and p]
        return {"kinds": [p[0] for p in pairs], "isles": list(dict.fromkeys(p[-1] for p in pairs))}
    return {}


# --------------------------------------------------------------------------- narrating


class Narrator:
    """Narrates events in one language, keeping the players' names as they are.

    ``players`` is a game (``Game`` or ``GameState``) whose player names to keep, or None.
    """

    def __init__(self, lang: str | None = None, players: object = None) -> None:
        self.cat = catalog(lang)
        """The catalog of the language."""
        self.values = Values(self.cat, proper=_player_names(players))
        """How values become words (the players' names are kept)."""

    def __call__(self, event: Event | Mapping[str, Any], strict: bool = False) -> str:
        """One event as a sentence. A missing message falls back to ``kind(data)``; with
        ``strict=True`` it raises :class:`MissingMessageError` (the tests use that)."""
        if isinstance(event, Mapping):
            event = Event(str(event.get("kind")), {k: v for k, v in event.items() if k != "kind"})
        try:
            return self.sentence(event)
        except MissingMessageError:
            if strict:
                raise
            return str(event)

    def sentence(self, event: Event) -> str:
        """The sentence of an event and its notes; raises :class:`MissingMessageError`."""
        keys = message_keys(event)
        key = next((k for k in keys if self.cat.get(k) is not None), None)
        if key is None:
            raise MissingMessageError(
                f"no {self.cat.lang} message for event {event.kind!r} (tried {keys})"
            )
        data = {**event.data, **_derived(event)}
        text = self.values.fill(self.cat.entries[key], data)
        for note in _notes_of(event.kind, event.data):
            template = self.cat.get(note)
            if template is None:
                raise MissingMessageError(f"no {self.cat.lang} note {note!r} for {event.kind!r}")
            separator = self.cat.get(EVENT_PREFIX + "note_separator") or " "
            text += separator + self.values.fill(template, data)
        return text


def _player_names(source: object) -> frozenset[str]:
    if hasattr(source, "state"):  # a Game
        source = source.state
    if isinstance(source, GameState):
        return frozenset(source.names)
    return frozenset()


def narrate(
    event: Event | Mapping[str, Any],
    lang: str | None = None,
    *,
    state_or_map: GameState | BaseGame | MapSpec | str | None = None,
    strict: bool = False,
) -> str:
    """One event as a sentence in ``lang`` (None: the session's language).

    ``state_or_map`` (a Game or GameState) names the players, whose names are never
    translated; a MapSpec or map id is accepted too (isle names are the same on every map).
    A missing message falls back to ``kind(data)``; with ``strict=True`` it raises
    :class:`MissingMessageError` instead (the tests use that).
    """
    return Narrator(lang, state_or_map)(event, strict)


def narrate_events(
    events: Iterable[Event],
    lang: str | None = None,
    *,
    state_or_map: GameState | BaseGame | MapSpec | str | None = None,
    strict: bool = False,
) -> str:
    """Several events, one sentence per line."""
    narrator = Narrator(lang, state_or_map)
    return "\n".join(narrator(e, strict) for e in events)


class LogLine(NamedTuple):
    """One line of a game's narration."""

    step: int
    """0 for the starting position, then the number of the history step (1 = first)."""
    text: str


def game_log(game: BaseGame, lang: str | None = None, *, strict: bool = False) -> list[LogLine]:
    """The whole game's narration, oldest first: the setup, then every step's events."""
    initial = game.initial_state
    narrator = Narrator(resolve(lang), initial)
    lines = [LogLine(0, narrator(e, strict)) for e in setup_events(initial)]
    for number, step in enumerate(game.history, start=1):
        lines += [LogLine(number, narrator(e, strict)) for e in step.events]
    return lines
