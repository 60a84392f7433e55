"""cyclades_widgets: learn and teach the board game Cyclades (Matagot 2009) in Jupyter.

>>> import cyclades_widgets as cw
>>> game = cw.Game.new(players=3, seed=1)
>>> game.cycle, game.phase.value
(1, 'offerings')

Every text follows one setting: ``cw.set_language("zh")`` (``"en"``, ``"zh"``, ``"fr"``; by
default the environment's locale when it is one of :data:`LANGS`, else English); every
function and widget that shows text also takes ``lang=``.

The rules core (:mod:`cyclades_widgets.rules`) uses only the standard library. Every name
is imported on first use (the rules with ``Game``; widgets, pandas tables, records and the
Battle Lab when they are used), so ``import cyclades_widgets`` stays light.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # what the names below are, for type checkers; imported on first use
    from .game import Game, GameRecord, Step
    from .i18n import LANGS, get_language, language, set_language
    from .records.highlight import Highlight, HighlightError
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

_LAZY: dict[str, tuple[str, str | None]] = {
    "Game": ("game", "Game"),
    "Step": ("game", "Step"),
    "LANGS": ("i18n", "LANGS"),
    "get_language": ("i18n", "get_language"),
    "language": ("i18n", "language"),
    "set_language": ("i18n", "set_language"),
    "Action": ("rules", "Action"),
    "CycladesError": ("rules", "CycladesError"),
    "Event": ("rules", "Event"),
    "GameState": ("rules", "GameState"),
    "IllegalActionError": ("rules", "IllegalActionError"),
    "NotationError": ("rules", "NotationError"),
    "Phase": ("rules", "Phase"),
    "RecordError": ("rules", "RecordError"),
    "RuleOptions": ("rules", "RuleOptions"),
    "GameRecord": ("game", "GameRecord"),
    "Highlight": ("records.highlight", "Highlight"),
    "HighlightError": ("records.highlight", "HighlightError"),
    "battle_odds": ("odds", "battle_odds"),
    "BattleOdds": ("odds", "BattleOdds"),
    "Scenario": ("scenario", "Scenario"),
    "ScenarioError": ("scenario", "ScenarioError"),
    "Editor": ("editor.widget", "Editor"),
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
    "Action",
    "BattleLab",
    "BattleOdds",
    "Board",
    "CycladesError",
    "Editor",
    "Event",
    "Game",
    "GameRecord",
    "GameState",
    "GameView",
    "GreedyBot",
    "Highlight",
    "HighlightError",
    "IllegalActionError",
    "LANGS",
    "Learn",
    "NotationError",
    "Phase",
    "RandomBot",
    "RecordError",
    "Replay",
    "RuleOptions",
    "Scenario",
    "ScenarioError",
    "Step",
    "battle_odds",
    "bots",
    "check",
    "creature_info",
    "exercise",
    "get_language",
    "language",
    "narrate",
    "rules_reference",
    "set_language",
    "svg",
    "tables",
    "whatif",
]


def __getattr__(name: str) -> Any:
    """Import each part on first use: the rules and ``Game`` when a game is made, the
    widgets, pandas tables and records when they are used."""
    if name not in _LAZY:
        raise AttributeError(f"module 'cyclades_widgets' has no attribute {name!r}")
    module_name, attr = _LAZY[name]
    module = importlib.import_module(f".{module_name}", __name__)
    value = module if attr is None else getattr(module, attr)
    globals()[name] = value
    return value


assert sorted(__all__) == sorted(_LAZY), "every lazy name is public, and only those"


def __dir__() -> list[str]:
    """The public names (those of ``__all__``) and the module's own."""
    return sorted({*globals(), *_LAZY})
