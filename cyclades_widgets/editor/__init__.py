"""The board editor's model: set up a position by edits, checked as you go.

:class:`EditorModel` holds a :class:`~cyclades_widgets.scenario.Scenario` and changes it
by edit intents (:mod:`.intents`), small JSON objects such as ``{"type": "place", "piece":
"troop", "place": "naxos", "player": "Athens", "count": 3}`` that the board's page sends as
they are. Each edit is checked through the scenario and the game's invariants before it
applies; a refused one raises :class:`~cyclades_widgets.scenario.ScenarioError` in the
learner's language and changes nothing. :mod:`.panels` gives what the page draws beside
the map (the palette, the side panels, the places that accept a piece).
``cw.Editor`` (:mod:`.widget`) is this model with the views it opens.
"""

from __future__ import annotations

from .intents import INTENTS, PIECE_PLACES, apply_intent
from .model import EditorModel
from .panels import palette, panels, targets

__all__ = ["INTENTS", "PIECE_PLACES", "EditorModel", "apply_intent", "palette", "panels", "targets"]
