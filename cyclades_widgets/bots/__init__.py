"""Bots, so one learner can play a full game, and what-if runs from any position.

- :class:`RandomBot` picks uniformly among the legal actions (seeded).
- :class:`GreedyBot` follows a simple, documented heuristic (see its docstring).
- :func:`whatif` plays many continuations from a position and reports win rates.
"""

from __future__ import annotations

from .basic import GreedyBot, RandomBot, position_value
from .whatif import WhatIf, play_out, whatif, wilson

__all__ = ["GreedyBot", "RandomBot", "WhatIf", "play_out", "position_value", "whatif", "wilson"]
