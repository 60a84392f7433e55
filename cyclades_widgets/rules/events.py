"""Events: the small structured facts each step produces, declared in one table.

Narration, the log, the board's trails and battle panel, and the tables are all built
from events. ``data`` holds JSON-safe values; players appear by name, isles and seas by id.
:data:`EVENTS` declares every kind and its fields with their types (a test plays random
games and checks each event against it, :func:`problems`).

>>> ev("revenue", player="Athens", gold=2, isles=2, seas=0).to_dict()
{'kind': 'revenue', 'player': 'Athens', 'gold': 2, 'isles': 2, 'seas': 0}
>>> problems(ev("revenue", player="Athens", gold="2"), {"player": {"Athens"}})
["revenue: field 'gold' = '2' is not int", "revenue: fields missing: ['isles', 'seas']"]
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from .state import APOLLO, BUILDINGS, CREATURES, GOD_UNIT, GODS, Phase

__all__ = ["EVENTS", "Event", "EventSpec", "ev", "problems"]


@dataclass(slots=True)
class Event:
    """One fact, e.g. ``Event("pay_offering", {"player": "Athens", "bid": 3, "paid": 2})``."""

    kind: str
    data: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe form: ``{"kind": ..., **data}``."""
        return {"kind": self.kind, **self.data}

    def __str__(self) -> str:
        inner = ", ".join(f"{k}={v}" for k, v in self.data.items())
        return f"{self.kind}({inner})"


def ev(kind: str, /, **data: Any) -> Event:
    """Shorthand constructor: ``ev("revenue", player="Athens", gold=2)``.

    ``kind`` is positional-only, so the data may itself hold a ``kind`` key
    (e.g. a battle's ``kind="land"``).
    """
    event = _new(Event)  # the fields set here, without a second Python call
    event.kind = kind
    event.data = data
    return event


_new = object.__new__


# --------------------------------------------------------------------------- the table


@dataclass(frozen=True, slots=True)
class EventSpec:
    """The fields of one event kind: name → type.

    A type is ``int``, ``bool``, ``str``, or a word checked against the game
    (``player``, ``isle``, ``sea``, ``space`` = isle or sea, ``god``, ``creature``,
    ``building``, ``unit``, ``phase``); ``T?`` also allows None, ``[T]`` is a list of T,
    ``{int}`` a dict of names to whole numbers, ``[building@isle]`` a list of
    ``[building, isle]`` pairs. With ``variants``, the event has a ``variant`` field naming
    one of them, and each variant adds its own fields.
    """

    fields: Mapping[str, str]
    variants: Mapping[str, Mapping[str, str]]
    optional: Mapping[str, str]
    """Fields that may be absent (present only in some cases)."""


def _spec(
    variants: Mapping[str, Mapping[str, str]] | Collection[str] = (),
    optional: Mapping[str, str] | None = None,
    **fields: str,
) -> EventSpec:
    if not isinstance(variants, Mapping):
        variants = {v: {} for v in variants}
    return EventSpec(
        MappingProxyType(fields),
        MappingProxyType({k: MappingProxyType(dict(v)) for k, v in variants.items()}),
        MappingProxyType(dict(optional or {})),
    )


EVENTS: Mapping[str, EventSpec] = MappingProxyType(
    {
        # setup and the cycle (rules/setup.py, rules/cycle.py)
        "setup_player": _spec(player="player", gold="int", isles="[isle]", fleets="[sea]"),
        "turn_order": _spec(order="[player]"),
        "cycle_start": _spec(cycle="int"),
        "creature_discarded": _spec(creature="creature", reason="str"),
        "creature_slides": _spec(creature="creature", price="int"),
        "creature_drawn": _spec(creature="creature", price="int"),
        "creatures_reshuffled": _spec(("empty", "chimera"), count="int"),
        "phase": _spec(optional={"order": "[god]"}, phase="phase"),
        "gods_order": _spec(order="[god]", face_down="[god]"),
        "revenue": _spec(player="player", gold="int", isles="int", seas="int"),
        "cycle_end": _spec(cycle="int", order="[player]"),
        "game_won": _spec(
            player="player",
            metropolises="int",
            gold="int",
            contenders="[player]",
            tie_break="str?",
        ),
        # offerings (rules/offerings.py)
        "bid": _spec(player="player", god="god", bid="int"),
        "outbid": _spec(
            player="player", god="god", bid="int", previous="player", previous_bid="int"
        ),
        "bid_apollo": _spec(player="player", first="bool"),
        "pay_offering": _spec(
            player="player", bids="[int]", priests="int", paid="int", discount="str"
        ),
        # god actions, Metropolises (rules/gods.py, rules/metropolis.py)
        "turn_start": _spec(player="player", god="god"),
        "turn_end": _spec(player="player", god="god"),
        "apollo_income": _spec(player="player", gold="int", isles="int"),
        "prosperity_placed": _spec(player="player", isle="isle"),
        "supply_empty": _spec(player="player", card="unit"),
        "recruit": _spec(player="player", unit="unit", where="space?", cost="int"),
        "build": _spec(player="player", building="building", isle="isle", cost="int"),
        "philosophers_discarded": _spec(player="player", count="int"),
        "buildings_discarded": _spec(player="player", buildings="[building@isle]"),
        "metropolis_due": _spec(player="player", cause="str"),
        "metropolis_not_added": _spec(player="player", cause="str", reason="str"),
        "buildings_destroyed": _spec(isle="isle", buildings="[building]", reason="str"),
        "metropolis_built": _spec(player="player", isle="isle", cause="str", total="int"),
        # control of isles (rules/control.py)
        "territory_marker": _spec(
            {
                "placed": {"left": "int"},
                "removed": {"left": "int"},
                "returned": {"left": "int"},
                "none_left": {"rule": "str"},
                "kept": {"beyond_supply": "bool"},
                "emptied": {"beyond_supply": "bool"},
            },
            optional={"rule": "str"},
            player="player",
            isle="isle",
        ),
        "capture": _spec(
            ("neutral", "fortified", "undefended"),
            player="player",
            isle="isle",
            previous="player?",
            troops="int",
        ),
        "metropolis_captured": _spec(player="player", isle="isle", total="int"),
        "buildings_captured": _spec(player="player", isle="isle", buildings="[building]"),
        "eliminated": _spec(
            player="player",
            by="player?",
            gold="int",
            priests="int",
            philosophers="int",
            fleets="int",
        ),
        # battles (rules/battle.py, rules/retreat.py)
        "battle_start": _spec(
            ("land", "sea"),
            attacker="player",
            defender="player",
            terrain="str",
            space="space",
            attackers="int",
            defenders="int",
            bonus="int",
            bonus_detail="{int}",
        ),
        "battle_round": _spec(
            ("attacker_loses", "defender_loses", "both_lose"),
            attacker="player",
            defender="player",
            terrain="str",
            space="space",
            round="int",
            attacker_die="int",
            defender_die="int",
            attackers="int",
            defenders="int",
            bonus="int",
            bonus_detail="{int}",
            attacker_total="int",
            defender_total="int",
            attacker_loss="int",
            defender_loss="int",
            attackers_left="int",
            defenders_left="int",
            defender_can_retreat="bool",
            attacker_can_retreat="bool",
        ),
        "battle_stand": _spec(
            ("defender", "attacker"), player="player", side="str", space="space", round="int"
        ),
        "retreat": _spec(
            ("land", "sea"),
            player="player",
            side="str",
            origin="space",
            target="space",
            count="int",
        ),
        "battle_end": _spec(
            (
                "attacker_wins",
                "defender_holds",
                "mutual",
                "defender_retreats",
                "attacker_retreats",
            ),
            attacker="player",
            defender="player",
            terrain="str",
            space="space",
            winner="player",
            loser="player",
            rounds="int",
            attackers_left="int",
            defenders_left="int",
            buildings="[building]",
            metropolis="bool",
        ),
        # movement (rules/movement.py)
        "move_troops": _spec(
            player="player", origin="isle", target="isle", count="int", cost="int"
        ),
        "move_fleets": _spec(player="player", origin="sea", target="sea", count="int", cost="int"),
        "sail": _spec(player="player", origin="sea", target="sea", count="int", left="int"),
        "pickup": _spec(player="player", sea="sea", count="int", group="int", left="int"),
        "drop": _spec(player="player", sea="sea", count="int", group="int", left="int"),
        "fleet_move_end": _spec(("range", "stopped"), player="player", sea="sea", count="int"),
        # creatures (rules/creatures/)
        "creature_bought": _spec(
            ("full", "temples"),
            player="player",
            creature="creature",
            price="int",
            slot_price="int",
            temples="int",
        ),
        "creature_changed": _spec(player="player", creature="creature", cost="int", price="int"),
        "creature_fizzles": _spec(player="player", creature="creature"),
        "giant_destroys": _spec(
            ("neutral", "owned"),
            player="player",
            building="building",
            isle="isle",
            owner="player?",
        ),
        "chimera_copies": _spec(player="player", creature="creature"),
        "cyclopes_rebuild": _spec(player="player", isle="isle", old="building", new="building"),
        "sphinx_sells": _spec(
            ("card", "piece"), player="player", unit="unit", where="space?", gold="int", sold="int"
        ),
        "harpy_kills": _spec(
            ("emptied", "thinned"), player="player", victim="player", isle="isle", left="int"
        ),
        "griffon_steals": _spec(player="player", victim="player", gold="int", had="int"),
        "fates_revenue": _spec(player="player", gold="int", isles="int", seas="int"),
        "satyr_steals": _spec(player="player", victim="player", total="int"),
        "dryad_steals": _spec(player="player", victim="player", total="int"),
        "pegasus_flies": _spec(player="player", source="isle", target="isle", troops="int"),
        "siren_takes": _spec(
            ("board", "reserve"), player="player", victim="player", sea="sea", source="sea?"
        ),
        "sylph_moves": _spec(player="player", source="sea", target="sea", fleets="int", left="int"),
        "figurine_placed": _spec(player="player", creature="creature", isle="isle"),
        "figurine_expired": _spec(
            ("isle", "kraken"), player="player", creature="creature", space="space?"
        ),
        "figurines_clash": _spec(
            player="player",
            creature="creature",
            other="creature",
            other_player="player",
            isle="isle",
        ),
        "polyphemus_pushes": _spec(
            {"kraken": {}, "fleets": {"owner": "player", "fleets": "int"}},
            player="player",
            source="sea",
            target="sea",
        ),
        "polyphemus_destroys": _spec(owner="player", sea="sea", fleets="int"),
        "kraken_stays": _spec(sea="sea"),
        "kraken_placed": _spec(("first", "again"), player="player", sea="sea", previous="sea?"),
        "kraken_moves": _spec(player="player", source="sea", target="sea", cost="int"),
        "kraken_destroys": _spec(owner="player", sea="sea", fleets="int"),
    }
)
"""Every event kind the rules emit, with its fields (see :class:`EventSpec`)."""


# --------------------------------------------------------------------------- checking

_FIXED: dict[str, frozenset[str]] = {
    "god": frozenset((*GODS, APOLLO)),
    "creature": frozenset(CREATURES),
    "building": frozenset(BUILDINGS),
    "unit": frozenset(GOD_UNIT.values()),
    "phase": frozenset(p.value for p in Phase),
}


def _fits(value: Any, kind: str, words: Mapping[str, Collection[str]]) -> bool:
    if kind.endswith("?"):
        return value is None or _fits(value, kind[:-1], words)
    if kind.startswith("["):
        inner = kind[1:-1]
        return isinstance(value, list) and all(_fits(v, inner, words) for v in value)
    if kind == "{int}":
        return isinstance(value, dict) and all(
            isinstance(k, str) and _fits(v, "int", words) for k, v in value.items()
        )
    if "@" in kind:
        first, second = kind.split("@")
        return (
            isinstance(value, list)
            and len(value) == 2
            and _fits(value[0], first, words)
            and _fits(value[1], second, words)
        )
    if kind == "int":
        return isinstance(value, int) and not isinstance(value, bool)
    if kind == "bool":
        return isinstance(value, bool)
    if not isinstance(value, str):
        return False
    if kind == "space":
        return _fits(value, "isle", words) or _fits(value, "sea", words)
    allowed = _FIXED.get(kind) or words.get(kind)
    return kind == "str" or (allowed is not None and value in allowed)


def problems(event: Event, words: Mapping[str, Collection[str]]) -> list[str]:
    """How ``event`` differs from its declaration in :data:`EVENTS` (empty if it fits).

    ``words`` gives the game's ``player`` names and its ``isle`` and ``sea`` ids.
    """
    spec = EVENTS.get(event.kind)
    if spec is None:
        return [f"{event.kind}: not a declared event kind"]
    declared = dict(spec.fields)
    if spec.variants:
        variant = event.data.get("variant")
        if not isinstance(variant, str) or variant not in spec.variants:
            return [f"{event.kind}: variant {variant!r} is not one of {sorted(spec.variants)}"]
        declared["variant"] = "str"
        declared.update(spec.variants[variant])
    found = []
    for name, value in event.data.items():
        kind = declared.get(name) or spec.optional.get(name)
        if kind is None:
            found.append(f"{event.kind}: field {name!r} is not declared")
        elif not _fits(value, kind, words):
            found.append(f"{event.kind}: field {name!r} = {value!r} is not {kind}")
    missing = sorted(set(declared) - set(event.data))
    if missing:
        found.append(f"{event.kind}: fields missing: {missing}")
    return found
