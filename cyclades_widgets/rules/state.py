"""Game state: plain data, equal by value, JSON-safe, cheap to copy.

Players are referred to by their seat index (0-based) inside the state; names live in
:attr:`GameState.names`. Isles and seas are referred to by the map's ids.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from .options import RuleOptions

GODS: tuple[str, ...] = ("ares", "poseidon", "zeus", "athena")
"""The four gods shuffled above Apollo each cycle (seed 000 'The Gods')."""
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
"""Default player names (seed 000 'Overview')."""
CREATURES: tuple[str, ...] = (
    "siren", "pegasus", "giant", "chimera", "cyclopes", "sphinx", "sylph", "harpy",
    "griffon", "fates", "satyr", "dryad", "kraken", "minotaur", "medusa", "polyphemus",
    "chiron",
)  # fmt: skip
"""The 17 Mythological Creatures, one card each (RULES-NOTES §1.1)."""
CREATURE_PRICES: tuple[int, int, int] = (4, 3, 2)
"""Prices of the three creature-track slots (RULES-NOTES §1.2)."""
MAX_TROOPS = 8
MAX_FLEETS = 8
TERRITORY_MARKERS = 3
PROSPERITY_MARKERS = 16
BUILDING_SUPPLY = 10
METROPOLIS_SUPPLY = 10
STARTING_GOLD = 5


class Phase(StrEnum):
    """The phases of a cycle (seed 000 'Turn Structure'), plus setup and game over."""

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
    """One isle: a single space however many hexes it covers (seed 000)."""

    owner: int | None = None
    troops: int = 0
    buildings: list[str] = field(default_factory=list)
    metropolis: bool = False
    markers: int = 0
    """Prosperity markers placed here by Apollo (each +1 revenue)."""
    territory: bool = False
    """A territory marker holds the isle for its owner while no troop is on it."""
    figurine: str | None = None
    figurine_owner: int | None = None

    def copy(self) -> Isle:
        """An independent copy."""
        return Isle(
            self.owner,
            self.troops,
            list(self.buildings),
            self.metropolis,
            self.markers,
            self.territory,
            self.figurine,
            self.figurine_owner,
        )


@dataclass(slots=True)
class Player:
    """A player's private and public holdings."""

    gold: int = STARTING_GOLD
    priests: int = 0
    philosophers: int = 0
    eliminated: bool = False

    def copy(self) -> Player:
        """An independent copy."""
        return Player(self.gold, self.priests, self.philosophers, self.eliminated)


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
        return Turn(self.player, self.god, self.recruited, self.extra_cards)


@dataclass(slots=True)
class Pending:
    """A decision or chance step that interrupts the normal flow (a battle, a creature...).

    ``kind`` names the handler (see :mod:`.registry`); ``data`` is JSON-safe.
    """

    kind: str
    player: int | None
    data: dict[str, Any] = field(default_factory=dict)

    def copy(self) -> Pending:
        """An independent copy (one level deep: values must be immutable or copied)."""
        return Pending(self.kind, self.player, _copy_value(self.data))


def _copy_value(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _copy_value(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy_value(v) for v in value]
    return value


@dataclass(slots=True)
class GameState:
    """Everything needed to continue a game. Treat as read-only outside ``rules/``."""

    map_id: str
    names: tuple[str, ...]
    options: RuleOptions
    players: list[Player]
    isles: dict[str, Isle]
    fleets: dict[str, tuple[int, int]]
    """Sea id → (owner, count). Seas not listed are empty."""
    cycle: int = 0
    phase: Phase = Phase.SETUP
    turn_order: list[int] = field(default_factory=list)
    """Offering tokens in bidding order (two per player with 2 players)."""
    returned: list[int] = field(default_factory=list)
    """Tokens put back on the turn track this cycle, in order of acting."""
    god_order: list[str] = field(default_factory=list)
    """This cycle's gods, top to bottom; only the first :attr:`gods_up` are face up."""
    gods_up: int = 0
    gods_down_prev: list[str] = field(default_factory=list)
    """3 players: the gods that were face down last cycle (RULES-NOTES §4)."""
    bids: dict[str, list[int]] = field(default_factory=dict)
    """God → [player, amount] for the current holder of each god's offering."""
    apollo: list[int] = field(default_factory=list)
    """Players on Apollo, in the order they chose it (the first gets the marker)."""
    bid_cursor: int = 0
    """Index in :attr:`turn_order` of the next token to be placed."""
    displaced: list[Any] | None = None
    """[player, god] while an outbid player must bid again elsewhere at once."""
    queue: list[list[Any]] = field(default_factory=list)
    """Remaining god actions this cycle: [god, player], Apollo last."""
    turn: Turn | None = None
    pending: list[Pending] = field(default_factory=list)
    creature_track: list[str | None] = field(default_factory=lambda: [None, None, None])
    creature_deck: list[str] = field(default_factory=list)
    creature_discard: list[str] = field(default_factory=list)
    held_creatures: dict[str, int] = field(default_factory=dict)
    """Figurine cards held by the player who placed the figurine, until it leaves."""
    held_since: dict[str, int] = field(default_factory=dict)
    """Cycle in which each held figurine card was summoned: the card is discarded at the
    holder's first god action of a later cycle (RULES-NOTES §1.1 'island figurines')."""
    kraken: str | None = None
    temples_used: dict[int, int] = field(default_factory=dict)
    """Temple discounts used this cycle, per player (each Temple once per cycle)."""
    priest_supply: int = 18
    philosopher_supply: int = 17
    prosperity_supply: int = PROSPERITY_MARKERS
    building_supply: dict[str, int] = field(default_factory=dict)
    metropolis_supply: int = METROPOLIS_SUPPLY
    bank: int = 0
    """Gold left in the box. The supply is not a hard limit (RULES-NOTES §0): it may
    go below zero, and bank + players' gold stays constant."""
    winner: int | None = None
    step: int = 0
    """Steps applied so far (decisions, chance outcomes and automatic steps)."""

    # ------------------------------------------------------------------ copies
    def copy(self) -> GameState:
        """An independent copy, cheap enough for undo snapshots and bots."""
        return GameState(
            map_id=self.map_id,
            names=self.names,
            options=self.options,
            players=[p.copy() for p in self.players],
            isles={k: v.copy() for k, v in self.isles.items()},
            fleets=dict(self.fleets),
            cycle=self.cycle,
            phase=self.phase,
            turn_order=list(self.turn_order),
            returned=list(self.returned),
            god_order=list(self.god_order),
            gods_up=self.gods_up,
            gods_down_prev=list(self.gods_down_prev),
            bids={k: list(v) for k, v in self.bids.items()},
            apollo=list(self.apollo),
            bid_cursor=self.bid_cursor,
            displaced=list(self.displaced) if self.displaced is not None else None,
            queue=[list(q) for q in self.queue],
            turn=self.turn.copy() if self.turn is not None else None,
            pending=[p.copy() for p in self.pending],
            creature_track=list(self.creature_track),
            creature_deck=list(self.creature_deck),
            creature_discard=list(self.creature_discard),
            held_creatures=dict(self.held_creatures),
            held_since=dict(self.held_since),
            kraken=self.kraken,
            temples_used=dict(self.temples_used),
            priest_supply=self.priest_supply,
            philosopher_supply=self.philosopher_supply,
            prosperity_supply=self.prosperity_supply,
            building_supply=dict(self.building_supply),
            metropolis_supply=self.metropolis_supply,
            bank=self.bank,
            winner=self.winner,
            step=self.step,
        )

    # ------------------------------------------------------------------ queries
    @property
    def n_players(self) -> int:
        """Number of seats (eliminated players included)."""
        return len(self.names)

    def active_players(self) -> list[int]:
        """Seats still in the game."""
        return [i for i, p in enumerate(self.players) if not p.eliminated]

    def isles_of(self, player: int) -> list[str]:
        """Ids of the isles the player controls, in map order."""
        return [i for i, isle in self.isles.items() if isle.owner == player]

    def troops_on_board(self, player: int) -> int:
        """Troops of this player on the board (cap 8, seed 000 'Actions')."""
        return sum(i.troops for i in self.isles.values() if i.owner == player)

    def fleets_on_board(self, player: int) -> int:
        """Fleets of this player on the board (cap 8)."""
        return sum(c for o, c in self.fleets.values() if o == player)

    def metropolises(self, player: int) -> int:
        """Metropolises on isles the player controls."""
        return sum(1 for i in self.isles.values() if i.owner == player and i.metropolis)

    def buildings_of(self, player: int, kind: str) -> int:
        """Ordinary buildings of ``kind`` on the player's isles (Metropolises not counted)."""
        return sum(i.buildings.count(kind) for i in self.isles.values() if i.owner == player)

    def building_power(self, player: int, kind: str) -> int:
        """Buildings of ``kind`` plus Metropolises, which count as every building
        (seed 000 'Creating Metropolises')."""
        total = 0
        for isle in self.isles.values():
            if isle.owner == player:
                total += isle.buildings.count(kind) + (1 if isle.metropolis else 0)
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
        """2 Metropolises, or 3 with 2 players (seed 000 'Scoring')."""
        return 3 if self.is_two_player else 2

    # ------------------------------------------------------------------ JSON
    def to_dict(self) -> dict[str, Any]:
        """A JSON-safe dict that :meth:`from_dict` turns back into an equal state."""
        return {
            "map_id": self.map_id,
            "names": list(self.names),
            "options": self.options.to_dict(),
            "players": [[p.gold, p.priests, p.philosophers, p.eliminated] for p in self.players],
            "isles": {
                k: [
                    i.owner,
                    i.troops,
                    list(i.buildings),
                    i.metropolis,
                    i.markers,
                    i.territory,
                    i.figurine,
                    i.figurine_owner,
                ]
                for k, i in self.isles.items()
            },
            "fleets": {k: list(v) for k, v in self.fleets.items()},
            "cycle": self.cycle,
            "phase": self.phase.value,
            "turn_order": list(self.turn_order),
            "returned": list(self.returned),
            "god_order": list(self.god_order),
            "gods_up": self.gods_up,
            "gods_down_prev": list(self.gods_down_prev),
            "bids": {k: list(v) for k, v in self.bids.items()},
            "apollo": list(self.apollo),
            "bid_cursor": self.bid_cursor,
            "displaced": list(self.displaced) if self.displaced is not None else None,
            "queue": [list(q) for q in self.queue],
            "turn": None
            if self.turn is None
            else [self.turn.player, self.turn.god, self.turn.recruited, self.turn.extra_cards],
            "pending": [
                {"kind": p.kind, "player": p.player, "data": _copy_value(p.data)}
                for p in self.pending
            ],
            "creature_track": list(self.creature_track),
            "creature_deck": list(self.creature_deck),
            "creature_discard": list(self.creature_discard),
            "held_creatures": dict(self.held_creatures),
            "held_since": dict(self.held_since),
            "kraken": self.kraken,
            "temples_used": {str(k): v for k, v in self.temples_used.items()},
            "priest_supply": self.priest_supply,
            "philosopher_supply": self.philosopher_supply,
            "prosperity_supply": self.prosperity_supply,
            "building_supply": dict(self.building_supply),
            "metropolis_supply": self.metropolis_supply,
            "bank": self.bank,
            "winner": self.winner,
            "step": self.step,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> GameState:
        """Rebuild a state from :meth:`to_dict` output."""
        turn = d["turn"]
        return cls(
            map_id=d["map_id"],
            names=tuple(d["names"]),
            options=RuleOptions.from_dict(d["options"]),
            players=[Player(*p) for p in d["players"]],
            isles={
                k: Isle(v[0], v[1], list(v[2]), v[3], v[4], v[5], v[6], v[7])
                for k, v in d["isles"].items()
            },
            fleets={k: (v[0], v[1]) for k, v in d["fleets"].items()},
            cycle=d["cycle"],
            phase=Phase(d["phase"]),
            turn_order=list(d["turn_order"]),
            returned=list(d["returned"]),
            god_order=list(d["god_order"]),
            gods_up=d["gods_up"],
            gods_down_prev=list(d["gods_down_prev"]),
            bids={k: list(v) for k, v in d["bids"].items()},
            apollo=list(d["apollo"]),
            bid_cursor=d["bid_cursor"],
            displaced=list(d["displaced"]) if d["displaced"] is not None else None,
            queue=[list(q) for q in d["queue"]],
            turn=None if turn is None else Turn(*turn),
            pending=[Pending(p["kind"], p["player"], _copy_value(p["data"])) for p in d["pending"]],
            creature_track=list(d["creature_track"]),
            creature_deck=list(d["creature_deck"]),
            creature_discard=list(d["creature_discard"]),
            held_creatures=dict(d["held_creatures"]),
            held_since=dict(d.get("held_since", {})),
            kraken=d["kraken"],
            temples_used={int(k): v for k, v in d["temples_used"].items()},
            priest_supply=d["priest_supply"],
            philosopher_supply=d["philosopher_supply"],
            prosperity_supply=d["prosperity_supply"],
            building_supply=dict(d["building_supply"]),
            metropolis_supply=d["metropolis_supply"],
            bank=d["bank"],
            winner=d["winner"],
            step=d["step"],
        )

    def _repr_svg_(self) -> str:
        """The position as a static SVG board, so a notebook shows it (Jupyter's rich display)."""
        # The one reference from rules/ to a layer above it, as in python-chess: the view is
        # imported when a notebook asks for the picture, never at module level, so
        # `import cyclades_widgets.rules` stays standard-library only (DESIGN §2).
        # tests/test_layering.py allows exactly this import, and no other.
        from .. import svg

        return str(svg.board(self))
