"""The static board: one SVG picture of a position (see :mod:`.board`).

- :mod:`.board`: :func:`board`, the whole picture, and :func:`paint` (a view model);
- :mod:`.map`, :mod:`.pieces`, :mod:`.panels`: its layers;
- :mod:`.draw`: the small SVG writer they share (escaping, numbers, icons, text widths).
"""

from __future__ import annotations

from .board import BoardSVG, Place, board, paint

__all__ = ["BoardSVG", "Place", "board", "paint"]
