"""The static board: one SVG picture of a position (see :mod:`.board`).

- :mod:`.board`: :func:`board`, the whole picture;
- :mod:`.map`, :mod:`.pieces`, :mod:`.panels`: its layers;
- :mod:`.draw`: the small SVG writer they share (escaping, numbers, shapes).
"""

from __future__ import annotations

from .board import BUILDING_LETTERS, BoardSVG, Place, board

__all__ = ["BUILDING_LETTERS", "BoardSVG", "Place", "board"]
