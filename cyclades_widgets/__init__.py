"""cyclades_widgets: learn and teach the board game Cyclades (Matagot 2009) in Jupyter.

>>> import cyclades_widgets as cw
>>> game = cw.Game.new(players=3, seed=1)
>>> game.cycle, game.phase.value
(1, 'offerings')

Every text follows one setting: ``cw.set_language("zh")`` (``"en"``, ``"zh"``, ``"fr"``; by
default the environment's locale when it is one of :data:`LANGS`, else English); every
function and widget that shows text also takes ``lang=``.

The rules core (:mod:`cyclades_widgets.rules`) uses only the standard library. Widgets,
tables and the Battle Lab are imported lazily, so ``import cyclades_widgets`` stays light.
"""

from __future__ import annotations

import importlib
from typing import Any

from .game import Game, Step
from .i18n import LANGS, get_language, language, set_language
from .rules import (
    Action,
    CycladesError,
    Event,
    GameState,
    IllegalActionError,
    NotationError,
    Phase,
    RecordError,
    RuleOptions,
)

__version__ = "0.1.0"

_LAZY = {
    "GameRecord": ("game", "GameRecord"),
    "battle_odds": ("odds", "battle_odds"),
    "BattleOdds": ("odds", "BattleOdds"),
    "Scenario": ("scenario", "Scenario"),
    "RandomBot": ("bots", "RandomBot"),
    "GreedyBot": ("bots", "GreedyBot"),
    "whatif": ("bots", "whatif"),
    "bots": ("bots", None),
    "narrate": ("narrate", "narrate"),
    "creature_info": ("narrate", "creature_info"),
    "Board": ("widgets", "Board"),
    "GameView": ("widgets", "GameView"),
    "Replay": ("widgets", "Replay"),
    "BattleLab": ("widgets", "BattleLab"),
    "Learn": ("learn.widget", "Learn"),
    "rules_reference": ("learn.reference", "rules_reference"),
    "check": ("learn.exercises", "check"),
    "exercise": ("learn.exercises", "exercise"),
    "svg": ("svg", None),
    "tables": ("tables", None),
}

__all__ = [
    "LANGS",
    "Action",
    "CycladesError",
    "Event",
    "Game",
    "GameState",
    "IllegalActionError",
    "NotationError",
    "Phase",
    "RecordError",
    "RuleOptions",
    "Step",
    "get_language",
    "language",
    "set_language",
    *sorted(_LAZY),
]


def __getattr__(name: str) -> Any:
    """Import the heavier parts (widgets, pandas tables, records) on first use."""
    if name not in _LAZY:
        raise AttributeError(f"module 'cyclades_widgets' has no attribute {name!r}")
    module_name, attr = _LAZY[name]
    module = importlib.import_module(f".{module_name}", __name__)
    value = module if attr is None else getattr(module, attr)
    globals()[name] = value
    return value
