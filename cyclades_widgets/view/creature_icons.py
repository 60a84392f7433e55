"""A picture for each of the 17 Mythological Creatures, as SVG path data drawn in a box from
-1 to 1 around its centre (y down, even-odd fill), like the board's other icons
(:mod:`.icons`). The five creatures with a figurine use the figurine's icon; the twelve
card creatures get a picture of their power: the Harpy's talons, the Griffon's half coin.

>>> sorted(CREATURE_ICONS) == sorted(CREATURES)
True
>>> creature_icon("kraken") == ICONS["kraken"]
True
"""

from __future__ import annotations

from ..rules.state import CREATURES
from .icons import ICONS, circle

__all__ = ["CARD_ICONS", "CREATURE_ICONS", "creature_icon"]

CARD_ICONS: dict[str, str] = {
    # a fish tail rising from a wave: she takes a fleet alone at sea
    "siren": "M-0.15,-0.95C0.35,-0.6 0.35,0 0.05,0.3L0.55,0.55L0.05,0.5L-0.45,0.6L-0.05,0.3"
    "C-0.35,0 -0.45,-0.55 -0.15,-0.95Z"
    "M-0.95,0.75Q-0.7,0.55 -0.45,0.75T0.05,0.75T0.55,0.75T0.95,0.75V0.95H-0.95Z",
    # a wing: troops fly to any isle
    "pegasus": "M-0.9,0.6C-0.7,-0.3 0,-0.85 0.9,-0.85C0.55,-0.65 0.65,-0.55 0.35,-0.45"
    "C0.65,-0.35 0.5,-0.2 0.2,-0.15C0.45,0 0.3,0.15 0,0.18C-0.3,0.25 -0.6,0.45 -0.9,0.6Z",
    # a club: one building is destroyed
    "giant": "M-0.9,0.7L0.1,-0.3C0,-0.7 0.45,-1 0.8,-0.75C1,-0.45 0.75,-0.05 0.3,-0.1L-0.7,0.9Z",
    # a flame: the power of a creature in the discard pile
    "chimera": "M0,-0.95C0.4,-0.5 0.75,-0.2 0.65,0.35C0.55,0.8 0.2,0.95 0,0.95"
    "C-0.2,0.95 -0.6,0.8 -0.65,0.35C-0.7,-0.05 -0.45,-0.25 -0.3,-0.55"
    "C-0.15,-0.3 -0.1,-0.2 0,-0.3C0.12,-0.5 0.08,-0.75 0,-0.95Z",
    # the smiths' hammer: a building rebuilt as another type
    "cyclopes": "M-0.8,-0.9H0.5Q0.85,-0.9 0.85,-0.55V-0.3H-0.8ZM-0.14,-0.3H0.14V0.95H-0.14Z",
    # a pyramid with its door: units and cards sold back
    "sphinx": "M-0.95,0.8L0,-0.85L0.95,0.8ZM-0.25,0.8L0,0.4L0.25,0.8Z",
    # gusts of wind: free fleet moves
    "sylph": "M-0.9,-0.6H0.4A0.2,0.2 0 0 1 0.4,-0.2H-0.9Z"
    "M-0.5,-0.1H0.75A0.2,0.2 0 0 1 0.75,0.3H-0.5Z"
    "M-0.9,0.4H0.2A0.2,0.2 0 0 1 0.2,0.8H-0.9Z",
    # three talons: an enemy troop destroyed
    "harpy": "M-0.65,-0.9Q-0.85,0.2 -0.3,0.9Q-0.5,0.1 -0.4,-0.9Z"
    "M-0.12,-0.9Q-0.25,0.2 0.15,0.9Q0.02,0.1 0.12,-0.9Z"
    "M0.4,-0.9Q0.35,0.2 0.65,0.9Q0.62,0.1 0.66,-0.9Z",
    # a coin cut in half: half a player's gold
    "griffon": "M-0.12,-0.85A0.85,0.85 0 0 0 -0.12,0.85ZM0.12,-0.85A0.85,0.85 0 0 1 0.12,0.85Z"
    + circle(-0.45, 0, 0.18)
    + circle(0.45, 0, 0.18),
    # a spindle and its thread: revenue once more
    "fates": "M-0.15,-0.95H0.15V-0.6Q0.6,-0.25 0.15,0.15V0.95H-0.15V0.15Q-0.6,-0.25 -0.15,-0.6Z"
    "M0.15,0.35Q0.7,0.3 0.85,0.85L0.7,0.9Q0.55,0.5 0.15,0.55Z",
    # a scroll: a Philosopher taken
    "satyr": "M-0.8,-0.75H0.55A0.22,0.22 0 0 1 0.55,-0.3H0.45V0.75H-0.65V-0.3H-0.8"
    "A0.22,0.22 0 0 1 -0.8,-0.75Z"
    "M-0.45,-0.15H0.25V0H-0.45ZM-0.45,0.15H0.25V0.3H-0.45ZM-0.45,0.45H0.1V0.6H-0.45Z",
    # a leaf: a Priest taken
    "dryad": "M-0.8,0.85Q-0.95,-0.75 0.9,-0.9Q0.75,0.8 -0.8,0.85Z"
    "M-0.72,0.72L0.6,-0.62L0.68,-0.54L-0.64,0.8Z",
}
"""The pictures of the twelve creatures that leave no figurine on the board."""

CREATURE_ICONS: dict[str, str] = {c: ICONS[c] if c in ICONS else CARD_ICONS[c] for c in CREATURES}
"""Every creature's picture, by id (the figurine's icon for the five with a figurine)."""


def creature_icon(creature: str) -> str:
    """The path data of a creature's picture (see :data:`CREATURE_ICONS`)."""
    return CREATURE_ICONS[creature]
