"""The Jupyter front end: :class:`Board` (anywidget), :class:`GameView` and :class:`Replay`
(ipywidgets controls around the board), and ``BattleLab`` (ipycanvas).

``BattleLab`` lives in :mod:`.battlelab` and is imported on first use, so this package
imports even where that module (or ipycanvas) is missing.
"""

from __future__ import annotations

import importlib
from typing import Any

from .board import Board, IntentError
from .gameview import GameView

__all__ = ["BattleLab", "Board", "GameView", "IntentError", "Replay"]

_LAZY = {"BattleLab": ".battlelab", "Replay": ".replay"}


def __getattr__(name: str) -> Any:
    """Import ``BattleLab`` and ``Replay`` on first use (they need other modules)."""
    if name in _LAZY:
        value = getattr(importlib.import_module(_LAZY[name], __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
