"""Player colours and shape cues, shared by the tables, the board and the Battle Lab.

The colours come from the Okabe–Ito palette, chosen to stay distinct for the common forms
of colour blindness; each seat also has a shape, so colour is never the only cue (``docs/architecture.md``, 'The board').
Seat ``i`` (0-based, as in :class:`~cyclades_widgets.rules.state.GameState`) uses
``PLAYER_COLOURS[i]`` and ``PLAYER_SHAPES[i]``.

>>> PLAYER_COLOURS[0], PLAYER_SHAPES[0], PLAYER_GLYPHS[0]
('#0072B2', 'circle', '●')
>>> text_colour_on("#0072B2"), text_colour_on("#E69F00")
('#FFFFFF', '#000000')
"""

from __future__ import annotations

__all__ = ["PLAYER_COLOURS", "PLAYER_GLYPHS", "PLAYER_SHAPES", "text_colour_on"]

PLAYER_COLOURS: tuple[str, ...] = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00")
"""Blue, vermillion, bluish green, reddish purple, orange (Okabe–Ito), by seat."""

PLAYER_SHAPES: tuple[str, ...] = ("circle", "square", "triangle", "diamond", "hexagon")
"""The shape cue of each seat, drawn beside or instead of the colour."""

PLAYER_GLYPHS: tuple[str, ...] = ("●", "■", "▲", "◆", "⬢")
"""The shapes of :data:`PLAYER_SHAPES` as text characters, for tables and labels."""


def text_colour_on(background: str) -> str:
    """Black or white, whichever reads better on ``background`` (``"#RRGGBB"``).

    Uses the WCAG relative luminance, so labels keep a contrast ratio of at least 4.5:1
    on every colour of :data:`PLAYER_COLOURS`.
    """
    r, g, b = (int(background[i : i + 2], 16) / 255 for i in (1, 3, 5))
    luminance = 0.2126 * _linear(r) + 0.7152 * _linear(g) + 0.0722 * _linear(b)
    # Contrast with white is 1.05 / (L + 0.05), with black (L + 0.05) / 0.05: pick the larger.
    return "#FFFFFF" if 1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.05 else "#000000"


def _linear(channel: float) -> float:
    return channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4
