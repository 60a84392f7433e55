"""The last check of a record's ``start`` position: every invariant of the game
(:func:`cyclades_widgets.invariants.check_invariants`), after :mod:`.start` has bounded
every value (so listing the legal actions there is cheap).

>>> from cyclades_widgets.rules.setup import new_state
>>> check_start(new_state(3))
"""

from __future__ import annotations

from ..i18n import Message
from ..invariants import family, invariant_breaches
from ..rules.errors import RecordError
from ..rules.state import GameState

__all__ = ["check_start"]

_WHERE = {
    "gold": "players", "caps": "isles", "fleets": "fleets", "supply": "building_supply",
    "isles": "isles", "elimination": "players", "creatures": "creature_deck",
    "order": "turn_order", "flow": "phase",
}  # fmt: skip
"""The part of the position each family of invariants is about (the error's JSON path)."""


def check_start(state: GameState) -> None:
    """Raise :class:`RecordError` at ``$.start.<part>`` if the position breaks an
    invariant of the game (gold not accounted for, two owners of a sea, a decision with
    no legal action...)."""
    breaches = invariant_breaches(state)
    if not breaches:
        return
    first = breaches[0]
    message = Message("record.start_breach", {"detail": first}, first.proper)
    raise RecordError(message, f"$.start.{_WHERE.get(family(first), 'phase')}")
