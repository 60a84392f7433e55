"""Bots, so one learner can play a full game against opponents of a chosen level, a coach
that suggests a move with its reason, and what-if runs from any position.

- :func:`level` gives a bot of a level: ``"easy"``, ``"medium"`` or ``"strong"``
  (:mod:`.levels`, :mod:`.mcts`); :func:`level_name` names it in the learner's language.
- :func:`hint` (and ``game.hint()``) asks the strong bot for a move and why (:mod:`.coach`).
- :func:`compare` says why one move is better than another (a :class:`Reason`, in the
  learner's language): the coach's hints, the bots' notes and a review's mistakes
  (:mod:`.reasons`, from :func:`look`, the end of the cycle after a move).
- :class:`RandomBot` picks uniformly among the legal actions (seeded);
  :class:`GreedyBot` follows the first simple heuristic (see its docstring).
- :func:`whatif` plays many continuations from a position and reports win rates.
"""

from __future__ import annotations

from .basic import GreedyBot, RandomBot, position_value
from .coach import Alternative, Hint, describe_action, explain_move, hint
from .levels import LEVELS, EasyBot, MediumBot, level, level_name
from .mcts import SearchResult, StrongBot
from .outlook import Outlook, look
from .reasons import Reason, compare
from .whatif import WhatIf, play_out, whatif, wilson

__all__ = [
    "LEVELS",
    "Alternative",
    "Hint",
    "EasyBot",
    "GreedyBot",
    "MediumBot",
    "Outlook",
    "RandomBot",
    "Reason",
    "SearchResult",
    "StrongBot",
    "WhatIf",
    "compare",
    "describe_action",
    "explain_move",
    "hint",
    "level",
    "level_name",
    "look",
    "play_out",
    "position_value",
    "whatif",
    "wilson",
]
