"""The rules of Cyclades (Matagot 2009 base game) in pure standard-library Python.

Nothing here imports the layers above (widgets, pandas...). Importing this package
registers every rule module with :mod:`.registry`.
"""

from . import battle, creatures, cycle, gods, metropolis, movement, offerings  # noqa: F401  (registration)
from .actions import Action, register_notation
from .board import MapSpec, map_for_players
from .errors import CycladesError, IllegalActionError, NotationError, RecordError
from .events import Event
from .flow import apply, auto_step, chance_outcomes, check, explain, legal_actions, node
from .options import RuleOptions
from .setup import new_state, player_names
from .state import APOLLO, BUILDINGS, CREATURES, GODS, GameState, Isle, Phase, Player

__all__ = [
    "APOLLO",
    "BUILDINGS",
    "CREATURES",
    "GODS",
    "Action",
    "CycladesError",
    "Event",
    "GameState",
    "IllegalActionError",
    "Isle",
    "MapSpec",
    "NotationError",
    "Phase",
    "Player",
    "RecordError",
    "RuleOptions",
    "apply",
    "auto_step",
    "chance_outcomes",
    "check",
    "explain",
    "legal_actions",
    "map_for_players",
    "new_state",
    "node",
    "player_names",
    "register_notation",
]
