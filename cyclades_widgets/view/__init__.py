"""What the board shows, computed once in Python for both painters (the static SVG and
the JS board): the map geometry, the colours and shapes of the seats, and the payloads.

- :mod:`.geometry`: hex → pixel, isle outlines, where pieces sit;
- :mod:`.palette`: every colour the package shows, the seats' colours and shapes
  (colour-blind safe);
- :mod:`.icons` and :mod:`.recipe`: the pictures, and how each piece, layer, arrow and
  legend item is drawn;
- :mod:`.model`: the static payload, the snapshot and the legal actions, JSON-safe.
"""

from __future__ import annotations

from pathlib import Path

STATIC = Path(__file__).resolve().parent.parent / "static"
"""The front end's files: the board's script and styles (built from ``js/src``)."""
