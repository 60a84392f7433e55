"""The board's pictures as SVG path data, defined once for both painters.

Every icon is drawn in a box from -1 to 1 around its centre (y down); a painter places it
with ``transform="translate(x,y) scale(r)"``. Paths use the even-odd rule, so a hole (a
door, an eye) is a second loop. The static SVG and the JS board draw exactly these, in the
colours of :mod:`.palette`, following the recipes of :mod:`.recipe`.

>>> sorted(ICONS)[:4]
['chiron', 'cornucopia', 'figurine', 'fortress']
>>> circle(0, 0, 1)
'M-1,0a1,1 0 1 0 2,0a1,1 0 1 0 -2,0Z'
"""

from __future__ import annotations

import math

__all__ = ["ICONS", "SHAPES", "circle"]


def _n(v: float) -> str:
    text = f"{round(v, 3):.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def circle(cx: float, cy: float, r: float) -> str:
    """Path data of a circle (two half arcs)."""
    return (
        f"M{_n(cx - r)},{_n(cy)}a{_n(r)},{_n(r)} 0 1 0 {_n(2 * r)},0"
        f"a{_n(r)},{_n(r)} 0 1 0 {_n(-2 * r)},0Z"
    )


def _polygon(n: int, radius: float, start: float, dy: float = 0.0) -> str:
    points = []
    for i in range(n):
        a = math.radians(start + 360 * i / n)
        points.append(f"{_n(radius * math.cos(a))},{_n(dy + radius * math.sin(a))}")
    return "M" + "L".join(points) + "Z"


SHAPES: dict[str, str] = {
    "circle": circle(0, 0, 1),
    "square": "M-0.88,-0.88H0.88V0.88H-0.88Z",
    "triangle": _polygon(3, 1.18, -90, 0.18),
    "diamond": _polygon(4, 1.15, -90),
    "hexagon": _polygon(6, 1.05, 0),
}
"""Each seat's shape (a cue besides colour), radius 1."""

ICONS: dict[str, str] = {
    # a temple: pediment, three columns, a base
    "temple": "M-0.9,-0.35L0,-0.9L0.9,-0.35ZM-0.72,-0.22H-0.44V0.52H-0.72ZM-0.14,-0.22H0.14V0.52"
    "H-0.14ZM0.44,-0.22H0.72V0.52H0.44ZM-0.92,0.6H0.92V0.88H-0.92Z",
    # a fortress: a crenellated tower with a gate
    "fortress": "M-0.8,0.9V-0.45H-0.5V-0.85H-0.2V-0.45H0.2V-0.85H0.5V-0.45H0.8V0.9Z"
    "M-0.22,0.9V0.38Q0,0.1 0.22,0.38V0.9Z",
    # a port: an anchor
    "port": "M-0.09,-0.5H0.09V0.72H-0.09ZM-0.45,-0.46H0.45V-0.3H-0.45Z"
    + circle(0, -0.72, 0.2)
    + circle(0, -0.72, 0.09)
    + "M-0.88,0.12Q-0.72,0.95 0,0.95Q0.72,0.95 0.88,0.12L0.66,0.24Q0.52,0.74 0,0.76"
    "Q-0.52,0.74 -0.66,0.24Z",
    # a university: a mortarboard with its tassel
    "university": "M-0.95,-0.25L0,-0.7L0.95,-0.25L0,0.2ZM-0.55,0V0.5Q0,0.82 0.55,0.5V0L0,0.26Z"
    "M0.72,-0.15H0.84V0.55H0.72Z",
    # a Metropolis: a skyline with a dome
    "metropolis": "M-0.95,0.9V-0.05H-0.6V-0.45H-0.28V-0.55Q0,-0.98 0.28,-0.55V-0.45H0.6"
    "V-0.05H0.95V0.9ZM-0.75,0.15H-0.55V0.4H-0.75ZM-0.1,-0.2H0.1V0.1H-0.1ZM0.55,0.15H0.75V0.4"
    "H0.55ZM-0.15,0.5H0.15V0.9H-0.15Z",
    # prosperity: a cornucopia spilling fruit
    "cornucopia": "M-0.98,-0.8Q-0.85,0.55 0.3,0.8Q0.75,0.7 0.85,0.15Q0.6,-0.2 0.2,-0.05"
    "Q-0.45,0.05 -0.98,-0.8Z" + circle(0.62, -0.38, 0.26) + circle(0.12, -0.42, 0.2),
    # a fleet's hull (drawn under the seat's shape as a flag)
    "hull": "M-1.5,-0.2H1.5L1.05,0.75H-1.05Z",
    # figurines, drawn light on a dark token
    "kraken": "M-0.62,0.05A0.62,0.62 0 0 1 0.62,0.05L0.62,0.2Q0.85,0.7 0.5,0.95Q0.52,0.5 0.3,0.35"
    "Q0.22,0.8 0,0.95Q-0.22,0.8 -0.3,0.35Q-0.52,0.5 -0.5,0.95Q-0.85,0.7 -0.62,0.2Z"
    + circle(-0.25, -0.1, 0.12)
    + circle(0.25, -0.1, 0.12),
    "minotaur": "M-0.95,-0.75Q-0.85,-0.1 -0.42,-0.2L-0.46,0.3Q0,1 0.46,0.3L0.42,-0.2Q0.85,-0.1 "
    "0.95,-0.75Q0.62,-0.35 0.35,-0.45H-0.35Q-0.62,-0.35 -0.95,-0.75Z"
    + circle(-0.18, 0.05, 0.09)
    + circle(0.18, 0.05, 0.09),
    "medusa": circle(0, 0.15, 0.48) + "M-0.4,-0.2Q-0.95,-0.3 -0.8,-0.85Q-0.7,-0.45 -0.28,-0.38Z"
    "M-0.1,-0.32Q-0.2,-0.95 0.12,-0.95Q-0.02,-0.6 0.1,-0.33Z"
    "M0.28,-0.38Q0.7,-0.45 0.8,-0.85Q0.95,-0.3 0.4,-0.2Z"
    "M-0.48,0.2Q-0.95,0.3 -0.9,0.75Q-0.7,0.4 -0.44,0.42Z"
    "M0.48,0.2Q0.95,0.3 0.9,0.75Q0.7,0.4 0.44,0.42Z",
    "polyphemus": "M-0.95,0Q0,-0.85 0.95,0Q0,0.85 -0.95,0Z"
    + circle(0, 0, 0.32)
    + circle(0, 0, 0.12),
    "chiron": "M-0.35,-0.92Q0.65,0 -0.35,0.92L-0.25,0.74Q0.42,0 -0.25,-0.74Z"
    "M-0.92,-0.06H0.6V0.06H-0.92ZM0.58,-0.22L0.95,0L0.58,0.22Z",
    "figurine": circle(0, -0.45, 0.3) + "M-0.55,0.9Q-0.55,-0.1 0,-0.1Q0.55,-0.1 0.55,0.9Z",
}
"""Buildings, the Metropolis, the prosperity symbol, the hull and the figurines
(``figurine`` stands for a creature without a picture of its own)."""
