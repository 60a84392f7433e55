"""Every colour the package shows, in one place: players, map, pieces, panels, pages,
lessons and the Battle Lab.

The painters (the static SVG and the JS board) receive these colours in the static
payload (``palette``, ``seats``) and never type one of their own; the board's stylesheet
reads them as custom properties (``--cw-<role>``, :func:`css_variables`). Changing a
colour here changes it everywhere.

Players' colours come from the Okabe–Ito palette, chosen to stay distinct for the common
forms of colour blindness; each seat also has a shape, so colour is never the only cue.
Seat ``i`` (0-based, as in :class:`~cyclades_widgets.rules.state.GameState`) uses
``PLAYER_COLOURS[i]`` and ``PLAYER_SHAPES[i]``. The Battle Lab's heatmap uses viridis,
which is sequential and colour-blind safe too. Text colours keep a contrast of at least
4.5:1 on the background they are drawn on.

>>> PLAYER_COLOURS[0], PLAYER_SHAPES[0], PLAYER_GLYPHS[0]
('#0072B2', 'circle', '●')
>>> text_colour_on("#0072B2"), text_colour_on("#E69F00")
('#FFFFFF', '#000000')
>>> COLOURS["sand"], GOD_COLOURS["ares"], css_variables({"sea_line": "#a9cfe2"})
('#f1e6c8', '#b3261e', '--cw-sea-line:#a9cfe2')
"""

from __future__ import annotations

from collections.abc import Mapping

__all__ = [
    "BUILDING_COLOURS",
    "COLOURS",
    "FIGURINE_COLOURS",
    "GOD_COLOURS",
    "PLAYER_COLOURS",
    "PLAYER_GLYPHS",
    "PLAYER_SHAPES",
    "VIRIDIS",
    "css_variables",
    "palette",
    "seat_colour",
    "text_colour_on",
]

PLAYER_COLOURS: tuple[str, ...] = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00")
"""Blue, vermillion, bluish green, reddish purple, orange (Okabe–Ito), by seat."""

PLAYER_SHAPES: tuple[str, ...] = ("circle", "square", "triangle", "diamond", "hexagon")
"""The shape cue of each seat, drawn beside or instead of the colour."""

PLAYER_GLYPHS: tuple[str, ...] = ("●", "■", "▲", "◆", "⬢")
"""The shapes of :data:`PLAYER_SHAPES` as text characters, for tables and labels."""

COLOURS: dict[str, str] = {
    # the map
    "sea": "#cfe6f1",
    "sea_line": "#a9cfe2",
    "sea_prosperity": "#bfe0ee",
    "sea_id": "#4f7a90",
    "sand": "#f1e6c8",
    "sand_line": "#8c7550",
    "isle_name": "#4a3b22",
    "slot": "#ffffff",
    "slot_line": "#b9a77f",
    "shadow": "#000000",
    "star": "#f2b705",
    "star_line": "#8a6100",
    # the pieces
    "outline": "#1b1b1b",
    "pole": "#3a3a3a",
    "marker": "#ffd54a",
    "marker_line": "#c25e00",
    "figurine": "#3b2a4f",
    "figure": "#ffffff",
    # what to click, and a teacher's marks
    "lit": "#ffbf00",
    "lit_line": "#b98900",
    "lit_focus": "#b35c00",
    "lit_bg": "#fff8e1",
    "lit_hover": "#ffefb3",
    "highlight": "#7a3cc7",
    "focus": "#0072b2",
    # the frame, the panels and the buttons
    "card": "#fffdf8",
    "paper": "#ffffff",
    "panel": "#fbfaf6",
    "panel_line": "#e3ddcc",
    "ink": "#1f2328",
    "ink_hover": "#3b424a",
    "muted": "#59616b",
    "heading": "#5c3f10",
    "phase": "#f4e3b5",
    "gold": "#fbeec0",
    "price": "#f9d86a",
    "face_down": "#ececec",
    "face_down_stripe": "#e4e4e4",
    "face_down_ink": "#5f5f5f",
    "newest": "#fff3c4",
    "note": "#f5efff",
    "note_line": "#d9c8f5",
    "loss": "#a01010",
    "button_line": "#8c7f62",
    "button_hover": "#fff4d1",
    "button_hover_line": "#9a6a00",
    "error": "#fdecea",
    "error_line": "#d93025",
    "error_ink": "#7a1111",
    "drop": "#00000038",
    # pages, lessons and the Battle Lab
    "page": "#f4f1ea",
    "rule": "#d9d2bf",
    "table_head": "#f4efe1",
    "code": "#f4f4f4",
    "success": "#1b7f3b",
    "success_bg": "#eaf6ee",
    "failure": "#b3261e",
    "failure_bg": "#fbeaea",
    "neutral": "#8a8a8a",
    "neutral_bg": "#f4f4f4",
    "coach": "#fff6d8",
    "black": "#000000",
}
"""Every colour of the board, its pages and its lessons, by role. The static payload
carries them as ``palette`` and the stylesheet reads them as ``--cw-<role>``
(underscores become hyphens). ``drop`` is the shadow under tooltips and menus (with its
opacity); ``figure`` draws the creatures on their tokens; ``outline`` edges the pieces."""

GOD_COLOURS: dict[str, str] = {
    "ares": "#b3261e",
    "poseidon": "#0b6e99",
    "zeus": "#d8c23a",
    "athena": "#7d8a96",
    "apollo": "#f29f05",
}
"""The colour bar of each god's row on the god track (its name says which god it is)."""

BUILDING_COLOURS: dict[str, tuple[str, str]] = {
    "fortress": ("#a23b2a", "#ffffff"),
    "port": ("#1d5f99", "#ffffff"),
    "temple": ("#f7f4ea", "#3a3226"),
    "university": ("#5f4b8b", "#ffffff"),
    "metropolis": ("#e9b92f", "#3d2a00"),
}
"""(tile, icon) colours of each building: the icon's shape tells them apart too."""

FIGURINE_COLOURS: dict[str, str] = {"kraken": "#0d4d4d"}
"""Token colour of a figurine with a colour of its own (the others stand on
``COLOURS["figurine"]``)."""

VIRIDIS: tuple[str, ...] = (
    "#440154", "#482878", "#3E4A89", "#31688E", "#26828E",
    "#1F9E89", "#35B779", "#6DCD59", "#B4DE2C", "#FDE725",
)  # fmt: skip
"""Stops of the viridis scale (the Battle Lab's heatmap): sequential, even in lightness
and colour-blind safe."""


def seat_colour(seat: int) -> str:
    """The colour of seat ``seat`` (seats past the fifth reuse the colours)."""
    return PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]


def palette() -> dict[str, str]:
    """Every role of :data:`COLOURS` and each god's colour as ``god_<id>``: the static
    payload's ``palette``, read at call time (a colour changed here shows everywhere)."""
    return {**COLOURS, **{f"god_{god}": colour for god, colour in GOD_COLOURS.items()}}


def css_variables(colours: Mapping[str, str]) -> str:
    """``colours`` as CSS custom properties ``--cw-<role>`` (underscores become hyphens),
    for a ``style`` attribute or a rule; the JS board names them the same way."""
    return ";".join(f"--cw-{role.replace('_', '-')}:{value}" for role, value in colours.items())


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
