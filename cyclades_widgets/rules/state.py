"""Game state: plain data, equal by value, JSON-safe, cheap to copy.

Players are referred to by their seat index (0-based) inside the state; names live in
:attr:`GameState.names`. Isles and seas are referred to by the map's ids.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from enum import StrEnum
from functools import cache
from types import MappingProxyType
from typing import Any, ClassVar, NamedTuple, Self, TypeVar

from .codec import (
    DICT,
    LIST,
    TUPLE,
    VALUE,
    Codec,
    codec_of,
    compile_copy,
    declare,
    dict_of,
    list_of,
    optional,
    record,
    row,
    row_values,
)
from .options import RuleOptions

GODS: tuple[str, ...] = ("ares", "poseidon", "zeus", "athena")
"""The four gods shuffled above Apollo each cycle."""
APOLLO = "apollo"
BUILDINGS: tuple[str, ...] = ("fortress", "port", "temple", "university")
"""The four building types, in the order of :data:`GODS`."""
GOD_BUILDING: dict[str, str] = dict(zip(GODS, BUILDINGS, strict=True))
GOD_UNIT: dict[str, str] = {
    "ares": "troop",
    "poseidon": "fleet",
    "zeus": "priest",
    "athena": "philosopher",
}
CITIES: tuple[str, ...] = ("Athens", "Sparta", "Corinth", "Thebes", "Argos")
"""Default player names: the rulebook's cities."""
CREATURES: tuple[str, ...] = (
    "siren", "pegasus", "giant", "chimera", "cyclopes", "sphinx", "sylph", "harpy",
    "griffon", "fates", "satyr", "dryad", "kraken", "minotaur", "medusa", "polyphemus",
    "chiron",
)  # fmt: skip
"""The 17 Mythological Creatures, one card each."""
CREATURE_PRICES: tuple[int, int, int] = (4, 3, 2)
"""Prices of the three creature-track slots."""
MAX_TROOPS = 8
MAX_FLEETS = 8
TERRITORY_MARKERS = 3
PROSPERITY_MARKERS = 16
BUILDING_SUPPLY = 10
METROPOLIS_SUPPLY = 10
STARTING_GOLD = 5


class Phase(StrEnum):
    """The phases of a cycle, plus setup and game over."""

    SETUP = "setup"
    CREATURES = "creatures"
    GODS = "gods"
    REVENUE = "revenue"
    OFFERINGS = "offerings"
    ACTIONS = "actions"
    END = "end"
    OVER = "over"


@dataclass(slots=True)
class Isle:
    """One isle: a single space however many hexes it covers."""

    owner: int | None = None
    troops: int = 0
    buildings: list[str] = declare(LIST, factory=list)
    metropolis: bool = False
    markers: int = 0
    """Prosperity markers placed here by Apollo (each +1 revenue)."""
    territory: bool = False
    """A territory marker holds the isle for its owner while no troop is on it."""
    figurine: str | None = None
    figurine_owner: int | None = None

    def copy(self) -> Isle:
        """An independent copy."""
        return _copy_isle(self)


@dataclass(slots=True)
class Player:
    """A player's private and public holdings."""

    gold: int = STARTING_GOLD
    priests: int = 0
    philosophers: int = 0
    eliminated: bool = False

    def copy(self) -> Player:
        """An independent copy."""
        return _copy_player(self)


@dataclass(slots=True)
class Turn:
    """The god action being performed right now."""

    player: int
    god: str
    recruited: int = 0
    """Units recruited this turn (the first troop or fleet is free)."""
    extra_cards: int = 0
    """Priests or Philosophers bought beyond the free one (at most 1)."""

    def copy(self) -> Turn:
        """An independent copy."""
        return _copy_turn(self)


_copy_isle = compile_copy(Isle)
_copy_player = compile_copy(Player)
_copy_turn = compile_copy(Turn)


class Bid(NamedTuple):
    """The token on a god's offering track: whose, and how much they offered."""

    player: int
    amount: int


class Displaced(NamedTuple):
    """A player just outbid, who must bid again at once on a god other than ``god``."""

    player: int
    god: str


class GodAction(NamedTuple):
    """A god action still to come this cycle: the god and the player who won it."""

    god: str
    player: int


# --------------------------------------------------------------------------- pending steps

P = TypeVar("P", bound="Pending")


PENDING_TYPES: dict[str, type[Pending]] = {}
"""Pending kind → its dataclass; filled by :func:`.registry.register_pending`."""


@dataclass(slots=True, kw_only=True)
class Pending:
    """A decision or chance step that interrupts the normal flow (a battle, a retreat...).

    Each kind is a dataclass of its own, declared by the rule module that handles it
    (:class:`.battle.Battle`, :class:`.movement.FleetMove`...) and registered with
    :func:`.registry.register_pending`. ``player`` is the seat that decides (None at a
    chance or automatic step). Fields hold immutable values only (numbers, strings,
    True/False, None), so a shallow copy is independent.
    """

    kind: ClassVar[str] = ""
    """The kind's name, as stored in records and shown by the board."""
    json_keys: ClassVar[Mapping[str, str]] = MappingProxyType({})
    """Fields stored under another name in :attr:`data` (a battle's ``terrain`` is stored
    as ``kind``, its name in records written before the fields were typed)."""
    player: int | None

    def copy(self) -> Self:
        """An independent copy."""
        copier: Callable[[Self], Self] = _pending_copier(type(self))  # type: ignore[arg-type]
        return copier(self)

    @property
    def data(self) -> dict[str, Any]:
        """The fields but ``player`` as a JSON-safe dict, leaving out those that still hold
        their default (what :meth:`GameState.to_dict` stores under ``"data"``)."""
        return {
            self.json_keys.get(f.name, f.name): getattr(self, f.name)
            for f in fields(self)
            if f.name != "player" and getattr(self, f.name) != f.default
        }

    def to_dict(self) -> dict[str, Any]:
        """``{"kind": ..., "player": ..., "data": {...}}``."""
        return {"kind": self.kind, "player": self.player, "data": self.data}

    @staticmethod
    def from_dict(d: dict[str, Any]) -> Pending:
        """Rebuild a pending step from :meth:`to_dict` output."""
        cls = PENDING_TYPES.get(d["kind"])
        if cls is None:
            raise KeyError(f"unknown pending step {d['kind']!r}")
        names = {stored: name for name, stored in cls.json_keys.items()}
        return cls(player=d["player"], **{names.get(k, k): v for k, v in d["data"].items()})


@cache
def _pending_copier(cls: type[P]) -> Callable[[P], P]:
    return compile_copy(cls)


PENDING_CODEC = Codec(Pending.to_dict, Pending.from_dict, lambda p: p.copy())


# --------------------------------------------------------------------------- the state


PLAYERS = list_of(row(Player))
ISLES = dict_of(row(Isle))
FLEETS = dict_of(TUPLE)
BIDS = dict_of(record(Bid))
QUEUE = list_of(record(GodAction))
NAMES = Codec(list, tuple)
OPTIONS = Codec(lambda o: o.to_dict(), lambda d: RuleOptions.from_dict(d))
PHASE = Codec(lambda p: p.value, Phase)
PER_SEAT = dict_of(VALUE, key=int)


@dataclass(slots=True)
class GameState:
    """Everything needed to continue a game. Treat as read-only outside ``rules/``.

    The fields are declared once, each with its codec (:mod:`.codec`): :meth:`copy`,
    :meth:`to_dict` and :meth:`from_dict` follow this list.
    """

    map_id: str
    names: tuple[str, ...] = declare(NAMES)
    options: RuleOptions = declare(OPTIONS)
    players: list[Player] = declare(PLAYERS)
    isles: dict[str, Isle] = declare(ISLES)
    fleets: dict[str, tuple[int, int]] = declare(FLEETS)
    """Sea id → (owner, count). Seas not listed are empty."""
    cycle: int = 0
    phase: Phase = declare(PHASE, Phase.SETUP)
    turn_order: list[int] = declare(LIST, factory=list)
    """Offering tokens in bidding order (two per player with 2 players)."""
    returned: list[int] = declare(LIST, factory=list)
    """Tokens put back on the turn track this cycle, in order of acting."""
    god_order: list[str] = declare(LIST, factory=list)
    """This cycle's gods, top to bottom; only the first :attr:`gods_up` are face up."""
    gods_up: int = 0
    gods_down_prev: list[str] = declare(LIST, factory=list)
    """3 players: the gods that were face down last cycle."""
    bids: dict[str, Bid] = declare(BIDS, factory=dict)
    """God → the current holder of that god's offering and the amount."""
    apollo: list[int] = declare(LIST, factory=list)
    """Players on Apollo, in the order they chose it (the first gets the marker)."""
    bid_cursor: int = 0
    """Index in :attr:`turn_order` of the next token to be placed."""
    displaced: Displaced | None = declare(optional(record(Displaced)), None)
    """The player just outbid, while they must bid again elsewhere at once."""
    queue: list[GodAction] = declare(QUEUE, factory=list)
    """Remaining god actions this cycle, Apollo last."""
    turn: Turn | None = declare(optional(row(Turn)), None)
    pending: list[Pending] = declare(list_of(PENDING_CODEC), factory=list)
    creature_track: list[str | None] = declare(LIST, factory=lambda: [None, None, None])
    creature_deck: list[str] = declare(LIST, factory=list)
    creature_discard: list[str] = declare(LIST, factory=list)
    held_creatures: dict[str, int] = declare(DICT, factory=dict)
    """Figurine cards held by the player who placed the figurine, until it leaves."""
    held_since: dict[str, int] = declare(DICT, factory=dict)
    """Cycle in which each held figurine card was summoned: the card is discarded at the
    holder's first god action of a later cycle."""
    kraken: str | None = None
    temples_used: dict[int, int] = declare(PER_SEAT, factory=dict)
    """Temple discounts used this cycle, per player (each Temple once per cycle)."""
    priest_supply: int = 18
    philosopher_supply: int = 17
    prosperity_supply: int = PROSPERITY_MARKERS
    building_supply: dict[str, int] = declare(DICT, factory=dict)
    metropolis_supply: int = METROPOLIS_SUPPLY
    bank: int = 0
    """Gold left in the box. The supply is not a hard limit: it may go below zero, and
    bank + players' gold stays constant."""
    winner: int | None = None
    step: int = 0
    """Steps applied so far (decisions, chance outcomes and automatic steps)."""

    # ------------------------------------------------------------------ copies
    def copy(self) -> GameState:
        """An independent copy, cheap enough for undo snapshots and bots."""
        return _copy_state(self)

    # ------------------------------------------------------------------ queries
    @property
    def n_players(self) -> int:
        """Number of seats (eliminated players included)."""
        return len(self.names)

    def active_players(self) -> list[int]:
        """Seats still in the game."""
        return [i for i, p in enumerate(self.players) if not p.eliminated]

    # The queries below are plain loops: on Python 3.11 a comprehension is a function call
    # of its own, which costs more than the scan of a dozen isles it wraps.
    def isles_of(self, player: int) -> list[str]:
        """Ids of the isles the player controls, in map order."""
        owned = []
        for isle_id, isle in self.isles.items():
            if isle.owner == player:
                owned.append(isle_id)
        return owned

    def troops_on_board(self, player: int) -> int:
        """Troops of this player on the board (at most 8)."""
        total = 0
        for isle in self.isles.values():
            if isle.owner == player:
                total += isle.troops
        return total

    def fleets_on_board(self, player: int) -> int:
        """Fleets of this player on the board (cap 8)."""
        total = 0
        for owner, count in self.fleets.values():
            if owner == player:
                total += count
        return total

    def metropolises(self, player: int) -> int:
        """Metropolises on isles the player controls."""
        total = 0
        for isle in self.isles.values():
            if isle.owner == player and isle.metropolis:
                total += 1
        return total

    def metropolis_counts(self) -> list[int]:
        """:meth:`metropolises` for every seat, by seat, in one pass over the isles."""
        counts = [0] * len(self.names)
        for isle in self.isles.values():
            if isle.metropolis and isle.owner is not None:
                counts[isle.owner] += 1
        return counts

    def buildings_of(self, player: int, kind: str) -> int:
        """Ordinary buildings of ``kind`` on the player's isles (Metropolises not counted)."""
        total = 0
        for isle in self.isles.values():
            if isle.owner == player:
                total += isle.buildings.count(kind)
        return total

    def building_power(self, player: int, kind: str) -> int:
        """Buildings of ``kind`` plus Metropolises, which count as every building."""
        total = 0
        for isle in self.isles.values():
            if isle.owner == player:
                if isle.buildings:
                    total += isle.buildings.count(kind)
                if isle.metropolis:
                    total += 1
        return total

    def territory_markers_used(self, player: int) -> int:
        """Territory markers this player has on the board."""
        return sum(1 for i in self.isles.values() if i.owner == player and i.territory)

    def seat(self, name: str) -> int:
        """The seat index of a player name (case-insensitive)."""
        lowered = name.lower()
        for i, n in enumerate(self.names):
            if n.lower() == lowered:
                return i
        raise KeyError(name)

    @property
    def is_two_player(self) -> bool:
        """True in a 2-player game (two offering tokens each, 3 Metropolises to win)."""
        return self.n_players == 2

    @property
    def metropolises_to_win(self) -> int:
        """2 Metropolises, or 3 with 2 players."""
        return 3 if len(self.names) == 2 else 2  # is_two_player, without two more calls

    # ------------------------------------------------------------------ JSON
    def to_dict(self) -> dict[str, Any]:
        """A JSON-safe dict that :meth:`from_dict` turns back into an equal state."""
        return {
            name: codec.dump(value)
            for (name, codec), value in zip(_CODECS, _VALUES(self), strict=True)
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> GameState:
        """Rebuild a state from :meth:`to_dict` output; a field missing from ``d`` takes its
        default (records written before the field existed)."""
        return cls(**{name: codec.load(d[name]) for name, codec in _CODECS if name in d})

    def _repr_svg_(self) -> str:
        """The position as a static SVG board, so a notebook shows it (Jupyter's rich display)."""
        # The one reference from rules/ to a layer above it, as in python-chess: the view is
        # imported when a notebook asks for the picture, never at module level, so
        # `import cyclades_widgets.rules` stays standard-library only (docs/architecture.md).
        # tests/test_layering.py allows exactly this import, and no other.
        from .. import svg

        return str(svg.board(self))


_CODECS = tuple((f.name, codec_of(f)) for f in fields(GameState))
_VALUES = row_values(GameState)
_copy_state = compile_copy(GameState)
