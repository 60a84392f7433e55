"""The static board: one SVG picture of a position (see :mod:`.board`).

- :mod:`.board`: :func:`board`, the whole picture, and :func:`paint` (a view model);
- :mod:`.map`, :mod:`.pieces`, :mod:`.panels`, :mod:`.players`: its layers;
- :mod:`.draw`: the small SVG writer they share (the one text writer, numbers, icons,
  text widths).

Everything is painted from the view model and its static payload: the places, the words,
the colours (``palette``), the pictures (``icons``) and how each piece is drawn
(``recipes``) all come from :mod:`cyclades_widgets.view`.
"""

from __future__ import annotations

from .board import BoardSVG, Place, board, paint

__all__ = ["BoardSVG", "Place", "board", "paint"]
