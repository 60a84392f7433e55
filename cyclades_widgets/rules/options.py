"""Rule options: the rule points that can be read two ways, and the engine plays both.

Each field names one rule point, and its values are the readings; the default is the
reading the engine teaches. The other reading is kept as a named alternative so that a
learner can compare them. Options are stored in every saved game and record. Where each
reading comes from, and why the default was chosen, is in ``docs/rules-notes.md``.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any, Literal

from ..i18n import message
from .errors import CycladesError

PriestDiscount = Literal["per_offering", "total"]
MetropolisRoom = Literal["destroy", "lost"]
TieBreak = Literal["gold", "metropolises_then_gold"]
CardSupply = Literal["seed", "rulebook"]
KrakenMoves = Literal["paid", "none"]


@dataclass(frozen=True, slots=True)
class RuleOptions:
    """The reading the engine applies at each rule point that can be read two ways.

    Every field has a default; :meth:`differences` lists the fields set otherwise.

    >>> RuleOptions().two_player_priest_discount
    'per_offering'
    >>> RuleOptions.from_dict({"tie_break": "metropolises_then_gold"}).tie_break
    'metropolises_then_gold'
    """

    two_player_priest_discount: PriestDiscount = "per_offering"
    """2 players: each Priest takes 1 GP off *each* offering (``"per_offering"``), or
    off the *total* of both offerings, still at least 1 GP per offering (``"total"``)."""

    metropolis_without_room: MetropolisRoom = "destroy"
    """No free space for a new Metropolis: destroy buildings to make room (``"destroy"``),
    or the Metropolis is lost while its cards or buildings are still discarded
    (``"lost"``)."""

    tie_break: TieBreak = "gold"
    """Several players reach the target together: most GP wins (``"gold"``), or most
    Metropolises first, then GP (``"metropolises_then_gold"``)."""

    card_supply: CardSupply = "seed"
    """Supply counts: 17 Philosophers, 18 Priests, 98 GP (``"seed"``), or the rulebook's
    contents list: 16, 16, 100 (``"rulebook"``)."""

    kraken_moves: KrakenMoves = "paid"
    """After placing the Kraken (which destroys every fleet in its sea), its summoner may
    move it on, one adjacent sea at a time for 1 GP each, destroying the fleets it meets
    (``"paid"``), or the Kraken is only placed (``"none"``)."""

    @property
    def philosopher_supply(self) -> int:
        """Philosopher cards in the supply under :attr:`card_supply`."""
        return 17 if self.card_supply == "seed" else 16

    @property
    def priest_supply(self) -> int:
        """Priest cards in the supply under :attr:`card_supply`."""
        return 18 if self.card_supply == "seed" else 16

    @property
    def gold_supply(self) -> int:
        """Gold pieces in the box under :attr:`card_supply` (the bank is not a hard limit)."""
        return 98 if self.card_supply == "seed" else 100

    def to_dict(self) -> dict[str, Any]:
        """The options as a JSON-safe dict (stored in every record)."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RuleOptions:
        """Build options from a dict, rejecting unknown names and values."""
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise CycladesError(
                message(
                    "rules.options.unknown", *unknown, *known, names=unknown, known=sorted(known)
                )
            )
        options = cls(**data)
        options.validate()
        return options

    def validate(self) -> None:
        """Raise :class:`CycladesError` (a ``ValueError``) if a field holds a value outside
        its documented readings."""
        allowed = {
            "two_player_priest_discount": ("per_offering", "total"),
            "metropolis_without_room": ("destroy", "lost"),
            "tie_break": ("gold", "metropolises_then_gold"),
            "card_supply": ("seed", "rulebook"),
            "kraken_moves": ("paid", "none"),
        }
        for name, values in allowed.items():
            value = getattr(self, name)
            if value not in values:
                raise CycladesError(
                    message(
                        "rules.options.bad_value",
                        name,
                        repr(value),
                        ", ".join(values),
                        name=name,
                        value=repr(value),
                        values=", ".join(values),
                    )
                )

    def differences(self) -> dict[str, Any]:
        """The fields that differ from the default reading."""
        default = RuleOptions()
        return {
            f.name: getattr(self, f.name)
            for f in fields(self)
            if getattr(self, f.name) != getattr(default, f.name)
        }
