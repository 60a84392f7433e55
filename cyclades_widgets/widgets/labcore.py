"""The Battle Lab without its widgets: the grid's geometry, the retreat menu, the battles'
frames and the lines of text the lab shows.

:class:`~cyclades_widgets.widgets.battlelab.BattleLab` puts these on an ipycanvas Canvas and
ipywidgets controls; nothing here needs either, so the pieces can be read and tested alone.

>>> cell_at(GRID_X + CELL / 2, GRID_Y + CELL / 2)   # the top left cell: 1 attacker, 1 defender
(1, 1)
>>> cell_at(*cell_centre(3, 2))
(3, 2)
>>> percent_label(0.001, "en"), percent_label(0.5, "en"), percent_label(0.999, "en")
('<1%', '50%', '>99%')
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from ..i18n import Message, percent, text
from ..odds import RetreatPolicy
from ..rules.errors import CycladesError

if TYPE_CHECKING:
    from ..odds import BattleTrace

from .follow import REDRAWS

__all__ = [
    "Position",
    "CELL",
    "GRID_X",
    "GRID_Y",
    "HEIGHT",
    "LEGEND_Y",
    "MAX_UNITS",
    "PANEL_X",
    "RETREAT_CHOICES",
    "WIDTH",
    "LabError",
    "Pen",
    "battle_frames",
    "cell_at",
    "cell_centre",
    "check_cell",
    "menu_policy",
    "percent_label",
    "result_line",
    "retreat_choices",
]

MAX_UNITS = 8
"""Rows and columns of the heatmap: up to 8 troops or fleets a side, the most a player has."""

# Layout of the canvas, in pixels.
WIDTH, HEIGHT = 780, 470
GRID_X, GRID_Y, CELL = 78, 70, 40
LEGEND_Y = GRID_Y + MAX_UNITS * CELL + 26
PANEL_X = GRID_X + MAX_UNITS * CELL + 40

RETREAT_CHOICES: tuple[tuple[str, str], ...] = (
    ("nobody retreats", "none"),
    ("defender at 1 unit", "defender-at-1"),
    ("defender at 2 units", "defender-at-2"),
    ("attacker at 1 unit", "attacker-at-1"),
    ("attacker at 2 units", "attacker-at-2"),
    ("both at 1 unit", "both-at-1"),
)
"""English labels and :class:`~cyclades_widgets.odds.RetreatPolicy` texts of the retreat
menu (:func:`retreat_choices` gives the labels in any language)."""


def retreat_choices(lang: str | None = None) -> list[tuple[str, str]]:
    """The retreat menu in ``lang``: (label, policy text) pairs.

    >>> retreat_choices("zh")[0]
    ('无人撤退', 'none')
    """
    return [(text(f"lab.retreat.{value}", lang), value) for _, value in RETREAT_CHOICES]


class LabError(CycladesError):
    """The Battle Lab was asked for something it does not show; the message says what
    would work."""


def menu_policy(retreat: str) -> str:
    """The retreat menu's value for a :class:`~cyclades_widgets.odds.RetreatPolicy` text;
    :class:`LabError` for a policy the menu does not offer.

    >>> menu_policy("defender-at-1,attacker-at-1")
    'both-at-1'
    """
    policy = str(RetreatPolicy.parse(retreat))
    values = [value for _, value in RETREAT_CHOICES]
    if policy not in values:
        params = {"policy": repr(retreat), "choices": values}
        raise LabError(Message("lab.error.menu", params, frozenset({repr(retreat), *values})))
    return policy


# --------------------------------------------------------------------------- the grid


def cell_at(x: object, y: object) -> tuple[int, int] | None:
    """The cell under canvas pixel ``(x, y)`` as ``(attackers, defenders)``, or None
    (also for what a front end should never send: not a number, infinite, NaN)."""
    for v in (x, y):
        if isinstance(v, bool) or not isinstance(v, int | float):
            return None
        if isinstance(v, float) and not math.isfinite(v):
            return None
    assert isinstance(x, int | float) and isinstance(y, int | float)
    col, row = int((x - GRID_X) // CELL), int((y - GRID_Y) // CELL)
    if x < GRID_X or y < GRID_Y or not (0 <= col < MAX_UNITS and 0 <= row < MAX_UNITS):
        return None
    return row + 1, col + 1


def cell_centre(attackers: int, defenders: int) -> tuple[float, float]:
    """The canvas pixel at the centre of a cell (the inverse of :func:`cell_at`)."""
    check_cell(attackers, defenders)
    return GRID_X + (defenders - 0.5) * CELL, GRID_Y + (attackers - 0.5) * CELL


def check_cell(attackers: object, defenders: object) -> None:
    """Raise :class:`LabError` unless both are whole numbers from 1 to :data:`MAX_UNITS`."""
    for name, value in (("attackers", attackers), ("defenders", defenders)):
        if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= MAX_UNITS:
            params = {"name": name, "most": MAX_UNITS, "value": repr(value)}
            raise LabError(Message("lab.error.cell", params, frozenset({name, repr(value)})))


def percent_label(p: float, lang: str) -> str:
    """A cell's chance as a percentage, never rounding a possible result to 0% or 100%."""
    if 0 < p < 0.005:
        return "<" + percent(0.01, 0, lang)
    if 0.995 <= p < 1:
        return ">" + percent(0.99, 0, lang)
    return percent(p, 0, lang)


# --------------------------------------------------------------------------- a battle


ROUND_FIELDS = (
    "attacker_die", "defender_die", "attacker_total", "defender_total",
    "attacker_loss", "defender_loss", "attackers_left", "defenders_left",
)  # fmt: skip
"""The fields of a round frame, copied from :class:`~cyclades_widgets.odds.RoundTrace`."""


def battle_frames(trace: BattleTrace, seed: int, note: str, lang: str) -> list[dict[str, Any]]:
    """What the battle panel draws, frame by frame: the start (the sides, the seed and the
    settings ``note``), each round (dice, totals, losses, units left), the end (the outcome
    in ``lang``)."""
    frames: list[dict[str, Any]] = [
        {
            "kind": "start",
            "attackers": trace.attackers,
            "defenders": trace.defenders,
            "seed": seed,
            "note": note,
        }
    ]
    for number, r in enumerate(trace.rounds, start=1):
        frames.append(
            {"kind": "round", "round": number, **{k: getattr(r, k) for k in ROUND_FIELDS}}
        )
    outcome = text(f"lab.outcome.{trace.outcome}", lang)
    frames.append({"kind": "end", "outcome": trace.outcome, "text": outcome})
    return frames


def result_line(trace: BattleTrace, seed: int, lang: str) -> str:
    """The status line after a battle: the outcome, the rounds, the units left, and the
    call that plays the same battle again."""
    call = f"lab.play({trace.attackers}, {trace.defenders}, seed={seed})"
    params = {
        "outcome": Message(f"lab.outcome.{trace.outcome}"),
        "rounds": len(trace.rounds),
        "attackers": trace.attackers_left,
        "defenders": trace.defenders_left,
        "seed": seed,
        "call": call,
    }
    return text("lab.result", lang, call, **params)


# --------------------------------------------------------------------------- the canvas


class Pen:
    """A canvas that remembers its drawing styles, so that each is sent only when it
    changes (every style assignment on an ipycanvas Canvas is a traitlets set and a
    command). Everything else goes straight to the canvas."""

    def __init__(self, canvas: Any) -> None:
        self.canvas = canvas
        self._styles: dict[str, Any] = {}

    def forget(self) -> None:
        """A new view starts with default styles: send every style again from now on."""
        self._styles.clear()

    def style(self, **styles: Any) -> None:
        """Set ``fill_style``, ``stroke_style``, ``line_width``, ``font``, ``text_align``."""
        for name, value in styles.items():
            if self._styles.get(name) != value:
                setattr(self.canvas, name, value)
                self._styles[name] = value

    def __getattr__(self, name: str) -> Any:
        return getattr(self.canvas, name)


class Position:
    """The game and space a Battle Lab follows (``BattleLab.follow``); redrawn through the schedule of redraws, once per
    cell or click (:mod:`.follow`)."""

    def __init__(self, lab: Any, game: Any, space: str, attacker: str | None) -> None:
        self.lab, self.game, self.space, self.attacker = lab, game, space, attacker

    def changed(self, game: Any) -> None:
        REDRAWS.request(self)

    def redraw(self) -> None:
        self.lab.show_position()
