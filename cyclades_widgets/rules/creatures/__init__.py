"""The 17 Mythological Creatures: buying them on the track, and their powers.

- :mod:`.cards`: the cards' data (names, figurine, one-line effects) and a creature's name
  in a sentence;
- :mod:`.market`: the track's prices, Temple discounts, buying, Zeus's change;
- :mod:`.effects`: the lifecycle of a power (a :class:`~.effects.CreatureStep` decision);
- :mod:`.powers`: the card-only powers (Giant, Chimera, Cyclopes, Sphinx, Harpy, Griffon,
  the Fates, Satyr, Dryad);
- :mod:`.moves`: Pegasus, the Siren and the Sylph;
- :mod:`.figurines`: the Kraken and the four island figurines.

Importing the package registers every power.
"""

from . import figurines, moves, powers  # noqa: F401  (registration)
from .cards import CreatureInfo, CreatureName, catalog, creature_name
from .effects import CreatureStep
from .market import CHANGE_COST, buy_actions, card_places, offer, price, temples_free

__all__ = [
    "CHANGE_COST",
    "CreatureInfo",
    "CreatureName",
    "CreatureStep",
    "buy_actions",
    "card_places",
    "catalog",
    "creature_name",
    "offer",
    "price",
    "temples_free",
]
