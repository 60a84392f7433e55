"""``BattleLab``: a heatmap of battle odds, and single battles played out with dice.

The heatmap gives the attacker's chance to take the space for 1–8 attackers (rows) against
1–8 defenders (columns), computed exactly by :func:`cyclades_widgets.odds.battle_odds`.
Controls set the defender's bonus (+1 per
Fortress on land or per Port next to the sea, +1 for a Metropolis, which counts as both),
the attacker's bonus and when each side retreats. Clicking a cell plays one battle with
:func:`~cyclades_widgets.odds.simulate_battle`, drawn round by round: both dice, the totals,
the losses. The seed is shown, so the same battle can be played again. Every word on the
controls and the canvas is in ``lang`` (None: the session's language).

Everything the mouse does is also a Python method, so notebooks and tests can drive it::

    lab = BattleLab(fortresses=1, retreat="defender-at-1")
    lab.values[2][1]          # 3 attackers against 2 defenders
    lab.select(3, 2)          # -> BattleOdds, and the cell is outlined
    trace = lab.play(seed=7)  # -> BattleTrace; lab.frames lists what was drawn
    lab.cell_at(x, y)         # canvas pixel -> (attackers, defenders) or None

Drawing uses ipycanvas with ``hold_canvas()`` (one message per frame). The canvas keeps no
picture of its own, so it is drawn again whenever a new view of it appears. The grid's
geometry, the retreat menu and a battle's frames are in :mod:`.labcore`, which needs no
widget library.
"""

from __future__ import annotations

import random
import time
from typing import Any

import ipywidgets as widgets
import numpy as np
from ipycanvas import Canvas, hold_canvas

from ..game import Game
from ..i18n import Message, percent, resolve, text
from ..odds import BattleOdds, BattleTrace, battle_odds, heatmap, simulate_battle
from ..view.attack import Attack, attack_on
from ..view.palette import COLOURS, PLAYER_COLOURS, VIRIDIS, text_colour_on
from .labcore import (
    CELL,
    GRID_X,
    GRID_Y,
    HEIGHT,
    LEGEND_Y,
    MAX_UNITS,
    PANEL_X,
    RETREAT_CHOICES,
    WIDTH,
    LabError,
    Pen,
    battle_frames,
    cell_at,
    cell_centre,
    check_cell,
    menu_policy,
    percent_label,
    result_line,
    retreat_choices,
)
from .labcore import (
    Position as _Position,
)

__all__ = ["RETREAT_CHOICES", "VIRIDIS", "BattleLab", "LabError", "colour_for", "retreat_choices"]

ATTACKER, DEFENDER = PLAYER_COLOURS[1], PLAYER_COLOURS[0]
FONT = "sans-serif"


def colour_for(p: float) -> str:
    """The heatmap colour of a probability ``p`` (0 dark purple … 1 yellow).

    >>> colour_for(0.0), colour_for(1.0)
    ('#440154', '#FDE725')
    """
    p = min(1.0, max(0.0, p))
    pos = p * (len(VIRIDIS) - 1)
    i = min(int(pos), len(VIRIDIS) - 2)
    t = pos - i
    lo, hi = _rgb(VIRIDIS[i]), _rgb(VIRIDIS[i + 1])
    return "#" + "".join(f"{round(a + (b - a) * t):02X}" for a, b in zip(lo, hi))


def _rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


class BattleLab(widgets.VBox):
    """The Battle Lab widget: controls, the heatmap canvas and a status line.

    Keyword options set the controls' starting values: ``fortresses`` (Fortresses or Ports
    giving the defender +1 each, 0–4), ``metropolis`` (the defender's Metropolis, +1),
    ``attacker_bonus`` (0–3), ``retreat`` (a :class:`~cyclades_widgets.odds.RetreatPolicy`
    text such as ``"defender-at-1"``), ``seed`` (of the next battle), ``delay`` (seconds
    between animation frames; 0 draws at once) and ``lang`` (the language of every word
    shown; None: the session's language when the lab is made).
    """

    def __init__(
        self,
        *,
        fortresses: int = 0,
        metropolis: bool = False,
        attacker_bonus: int = 0,
        retreat: str = "none",
        seed: int = 0,
        delay: float = 0.4,
        lang: str | None = None,
        game: Game | None = None,
        space: str | None = None,
        attacker: str | None = None,
    ) -> None:
        self.lang = resolve(lang)
        """The language of every word the lab shows."""
        lang = self.lang
        choices = retreat_choices(lang)
        policy = menu_policy(retreat)
        self.delay = float(delay)
        """Seconds between animation frames."""
        self.fortresses = widgets.IntSlider(
            fortresses, min=0, max=4, description=text("lab.fortresses", lang)
        )
        """Defender's Fortresses (land) or Ports next to the sea: +1 each."""
        self.metropolis = widgets.Checkbox(metropolis, description=text("lab.metropolis", lang))
        """The defender's Metropolis: +1, since it counts as a Fortress and a Port."""
        self.attacker_bonus = widgets.IntSlider(
            attacker_bonus, min=0, max=3, description=text("lab.attacker_bonus", lang)
        )
        """A bonus added to each of the attacker's rolls."""
        self.retreat = widgets.Dropdown(
            options=choices, value=policy, description=text("lab.retreat", lang)
        )
        """When a side retreats between rounds, defender asked first."""
        self.seed = widgets.IntText(seed, description=text("lab.seed", lang))
        """The seed of the next battle; after a click it moves on by one."""
        self.rerun = widgets.Button(
            description=text("lab.rerun", lang), tooltip=text("lab.rerun_tip", lang)
        )
        self.status = widgets.Label(text("lab.status_start", lang))
        """One line of text about the selected cell or the last battle."""
        self.canvas = Canvas(width=WIDTH, height=HEIGHT, layout=widgets.Layout(width=f"{WIDTH}px"))
        """The ipycanvas Canvas everything is drawn on."""
        self._pen = Pen(self.canvas)
        self.frames: list[dict[str, Any]] = []
        """What the last battle drew, frame by frame: start, each round, end."""
        self.selected: tuple[int, int] | None = None
        """(attackers, defenders) of the outlined cell."""
        self.last_seed: int | None = None
        """The seed of the last battle played."""
        self.last_trace: BattleTrace | None = None
        self._values = self._compute()
        super().__init__(children=[self._controls(), self.canvas, self.status])
        self.add_class("cyclades-battle-lab")
        self._listen()
        self.redraw()
        self._position: _Position | None = None
        if game is not None:
            self.follow(game, space or "", attacker=attacker)

    # ------------------------------------------------------------------ a game's position
    def follow(self, game: Game, space: str, *, attacker: str | None = None) -> Attack:
        """Bind the lab to an attack on ``space`` (an isle or sea) of ``game``'s position:
        the defender's bonus is set from the position, the cell of the attacker's units
        (the battle's, or their largest group that can reach it) against the defenders is
        outlined, and the lab follows the game as it changes (``cw.BattleLab(game=game,
        space="paros")`` does the same). Returns the attack as it stands now."""
        if self._position is not None:
            self._position.game.unobserve(self._position.changed)
        attack = attack_on(game.state, space, attacker=attacker)  # raises before binding
        self._position = _Position(self, game, space, attacker)
        game.observe(self._position.changed)
        self.show_position()
        return attack

    def show_position(self) -> Attack | None:
        """Set the lab from the position it follows (see :meth:`follow`); None if unbound."""
        if self._position is None:
            return None
        game, space, who = self._position.game, self._position.space, self._position.attacker
        attack = attack_on(game.state, space, attacker=who)
        with self.fortresses.hold_trait_notifications(), self.metropolis.hold_trait_notifications():
            self.fortresses.value = min(4, attack.fortresses)
            self.metropolis.value = attack.metropolis
        if attack.attackers >= 1 and attack.defenders >= 1:
            self.select(min(MAX_UNITS, attack.attackers), min(MAX_UNITS, attack.defenders))
        self.status.value = text("lab.position", self.lang, space=space, attacker=attack.attacker or "—", attackers=attack.attackers, defender=attack.defender or "—", defenders=attack.defenders, bonus=attack.fortresses + int(attack.metropolis)) + (" " + self.status.value if attack.attackers and attack.defenders else "")  # fmt: skip
        return attack

    def _listen(self) -> None:
        """Redraw when a setting changes; play when the canvas is clicked; draw again for
        each new view of the canvas."""
        for control in (self.fortresses, self.metropolis, self.attacker_bonus, self.retreat):
            control.observe(self._on_settings, names="value")
        self.rerun.on_click(lambda _: self._rerun())
        self.canvas.on_mouse_down(self.click)
        self.canvas.on_client_ready(self.redraw)

    def _controls(self) -> widgets.Widget:
        style = {"description_width": "initial"}
        for control in (
            self.fortresses,
            self.metropolis,
            self.attacker_bonus,
            self.retreat,
            self.seed,
        ):
            control.style = style
        return widgets.VBox(
            [
                widgets.HBox([self.fortresses, self.metropolis]),
                widgets.HBox([self.attacker_bonus, self.retreat]),
                widgets.HBox([self.seed, self.rerun]),
            ]
        )

    # ------------------------------------------------------------------ settings and values
    def settings(self) -> dict[str, Any]:
        """The battle settings now: ``attacker_bonus``, ``defender_bonus``, ``retreat``."""
        return {
            "attacker_bonus": self.attacker_bonus.value,
            "defender_bonus": self.fortresses.value + int(self.metropolis.value),
            "retreat": self.retreat.value,
        }

    @property
    def values(self) -> list[list[float]]:
        """The heatmap: ``values[a - 1][d - 1]`` is the attacker's chance to take the space
        with ``a`` attackers against ``d`` defenders (exact, from ``battle_odds``)."""
        return [list(row) for row in self._values]

    def odds(self, attackers: int, defenders: int) -> BattleOdds:
        """The exact odds of one cell under the current settings."""
        return battle_odds(attackers, defenders, **self.settings())

    def _compute(self) -> list[list[float]]:
        return heatmap(MAX_UNITS, MAX_UNITS, **self.settings())

    def _on_settings(self, _change: object = None) -> None:
        self._values = self._compute()
        self.frames = []
        self.redraw()
        if self.selected is not None:
            self.status.value = self.odds(*self.selected).summary(self.lang)

    # ------------------------------------------------------------------ cells
    def cell_at(self, x: float, y: float) -> tuple[int, int] | None:
        """The cell under canvas pixel ``(x, y)`` as ``(attackers, defenders)``, or None
        (also for what a front end should never send: not a number, infinite, NaN)."""
        return cell_at(x, y)

    def cell_centre(self, attackers: int, defenders: int) -> tuple[float, float]:
        """The canvas pixel at the centre of a cell (the inverse of :meth:`cell_at`)."""
        return cell_centre(attackers, defenders)

    def select(self, attackers: int, defenders: int) -> BattleOdds:
        """Outline a cell and show its odds in the status line; returns the odds."""
        check_cell(attackers, defenders)
        moved = self.selected != (attackers, defenders)
        self.selected = (attackers, defenders)
        odds = self.odds(attackers, defenders)
        self.status.value = odds.summary(self.lang)
        if moved:
            with hold_canvas():
                self._draw_heatmap()
        return odds

    # ------------------------------------------------------------------ battles
    def click(self, x: float, y: float) -> BattleTrace | None:
        """What a mouse click does: select the cell there and play a battle with the seed
        in the Seed box, which then moves on by one. Outside the grid nothing happens."""
        cell = self.cell_at(x, y)
        if cell is None:
            return None
        seed = self.seed.value
        trace = self.play(*cell, seed=seed)
        self.seed.value = seed + 1
        return trace

    def play(
        self, attackers: int | None = None, defenders: int | None = None, *, seed: int | None = None
    ) -> BattleTrace:
        """Play one battle in the selected cell (or the one given) and animate it.

        ``seed`` defaults to the Seed box. The same seed and settings give the same battle.
        Returns the :class:`~cyclades_widgets.odds.BattleTrace`; :attr:`frames` records
        each frame drawn.
        """
        if attackers is None or defenders is None:
            if self.selected is None:
                raise LabError(Message("lab.error.select"))
            attackers, defenders = self.selected
        self.select(attackers, defenders)
        seed = self.seed.value if seed is None else seed
        if not isinstance(seed, int) or isinstance(seed, bool):
            value = repr(seed)
            raise LabError(Message("lab.error.seed", {"value": value}, frozenset({value})))
        trace = simulate_battle(attackers, defenders, rng=random.Random(seed), **self.settings())
        self.last_seed, self.last_trace = seed, trace
        self.frames = battle_frames(trace, seed, self._legend(), self.lang)
        for i in range(len(self.frames)):
            if i and self.delay > 0:
                time.sleep(self.delay)
            with hold_canvas():
                self._draw_panel(i)
        self.status.value = result_line(trace, seed, self.lang)
        return trace

    def _rerun(self) -> BattleTrace | None:
        if self.last_seed is None or self.selected is None:
            self.status.value = text("lab.no_battle", self.lang)
            return None
        return self.play(*self.selected, seed=self.last_seed)

    # ------------------------------------------------------------------ drawing
    def redraw(self) -> None:
        """Draw everything again: the heatmap, the legend and the battle panel."""
        self._pen.forget()
        with hold_canvas():
            self.canvas.clear()
            self._draw_heatmap()
            self._draw_legend()
            self._draw_panel(len(self.frames) - 1)

    def _draw_heatmap(self) -> None:
        c = self._pen
        c.clear_rect(0, 0, PANEL_X - 10, LEGEND_Y - 4)
        _text(c, text("lab.title", self.lang), GRID_X, 22, size=16, bold=True)
        _text(c, text("lab.defenders_axis", self.lang), GRID_X + MAX_UNITS * CELL / 2, GRID_Y - 30,
              align="center")  # fmt: skip
        _text(c, text("lab.attackers_axis", self.lang), 8, GRID_Y - 12)
        for i in range(MAX_UNITS):
            _text(c, str(i + 1), GRID_X + (i + 0.5) * CELL, GRID_Y - 10, align="center")
            _text(c, str(i + 1), GRID_X - 12, GRID_Y + (i + 0.5) * CELL + 5, align="right")
        cells = [(a, d, p) for a, row in enumerate(self._values) for d, p in enumerate(row)]
        c.fill_styled_rects(
            np.array([GRID_X + d * CELL for a, d, _ in cells], dtype=np.float64),
            np.array([GRID_Y + a * CELL for a, d, _ in cells], dtype=np.float64),
            CELL,
            CELL,
            np.array([_rgb(colour_for(p)) for _, _, p in cells], dtype=np.uint8),
        )
        inks = {p: text_colour_on(colour_for(p)) for _, _, p in cells}
        for a, d, p in sorted(cells, key=lambda cell: inks[cell[2]]):  # few style changes
            c.style(fill_style=inks[p])
            x, y = GRID_X + (d + 0.5) * CELL, GRID_Y + (a + 0.5) * CELL + 4
            _text(c, percent_label(p, self.lang), x, y, size=11, align="center", colour=None)
        if self.selected is not None:
            a, d = self.selected
            c.style(stroke_style=COLOURS["paper"], line_width=4)
            c.stroke_rect(
                GRID_X + (d - 1) * CELL + 2, GRID_Y + (a - 1) * CELL + 2, CELL - 4, CELL - 4
            )
            c.style(stroke_style=COLOURS["black"], line_width=2)
            c.stroke_rect(GRID_X + (d - 1) * CELL, GRID_Y + (a - 1) * CELL, CELL, CELL)

    def _draw_legend(self) -> None:
        c = self._pen
        width, steps = MAX_UNITS * CELL, 32
        for i in range(steps):
            c.style(fill_style=colour_for(i / (steps - 1)))
            c.fill_rect(GRID_X + i * width / steps, LEGEND_Y, width / steps + 0.5, 14)
        for p, align in ((0.0, "left"), (0.5, "center"), (1.0, "right")):
            label = percent(p, 0, self.lang)
            _text(c, label, GRID_X + p * width, LEGEND_Y + 30, size=12, align=align)
        _text(c, self._legend(), GRID_X, LEGEND_Y + 48, size=12)

    def _legend(self) -> str:
        """The settings in words: "defender +1, attacker +0, retreat: nobody retreats"."""
        s = self.settings()
        retreat = Message(f"lab.retreat.{s['retreat']}")
        return text(
            "lab.legend",
            self.lang,
            defender=s["defender_bonus"],
            attacker=s["attacker_bonus"],
            retreat=retreat,
        )

    def _draw_panel(self, upto: int) -> None:
        """The battle panel showing frames ``0..upto`` (the last one large)."""
        c = self._pen
        c.clear_rect(PANEL_X - 5, 0, WIDTH - PANEL_X + 5, HEIGHT)
        if upto < 0 or not self.frames:
            _text(c, text("lab.hint_1", self.lang), PANEL_X, GRID_Y + 10, colour=COLOURS["muted"])
            _text(c, text("lab.hint_2", self.lang), PANEL_X, GRID_Y + 30, colour=COLOURS["muted"])
            return
        start = self.frames[0]
        title = text(
            "lab.versus", self.lang, attackers=start["attackers"], defenders=start["defenders"]
        )
        _text(c, title, PANEL_X, 22, size=16, bold=True)
        seed_note = text("lab.seed_note", self.lang, seed=start["seed"], note=start["note"])
        _text(c, seed_note, PANEL_X, 42, size=12, colour=COLOURS["muted"])
        frame = self.frames[upto]
        if frame["kind"] == "round" or (frame["kind"] == "end" and upto > 1):
            last_round = frame if frame["kind"] == "round" else self.frames[upto - 1]
            _draw_round(c, last_round, self.lang)
        _draw_history(c, self.frames[1 : upto + 1], self.lang)
        if frame["kind"] == "end":
            _text(c, frame["text"], PANEL_X, HEIGHT - 16, size=15, bold=True)


# --------------------------------------------------------------------------- drawing helpers


def _text(
    c: Pen,
    text: str,
    x: float,
    y: float,
    *,
    size: int = 13,
    bold: bool = False,
    align: str = "left",
    colour: str | None = COLOURS["ink"],
) -> None:
    """Draw text; ``colour=None`` keeps the fill style already set."""
    c.style(font=f"{'bold ' if bold else ''}{size}px {FONT}", text_align=align)
    if colour is not None:
        c.style(fill_style=colour)
    c.fill_text(text, x, y)


_PIPS = {0: (), 1: ((0, 0),), 2: ((-1, -1), (1, 1)), 3: ((-1, -1), (0, 0), (1, 1))}


def _draw_die(c: Pen, x: float, y: float, face: int, colour: str) -> None:
    """A die face as pips (a blank face for 0) with its number below."""
    size = 54
    c.style(fill_style=COLOURS["paper"], stroke_style=colour, line_width=4)
    c.fill_rect(x, y, size, size)
    c.stroke_rect(x, y, size, size)
    c.style(fill_style=COLOURS["ink"])
    for dx, dy in _PIPS[face]:
        c.fill_circle(x + size / 2 + dx * 14, y + size / 2 + dy * 14, 5)
    _text(c, str(face), x + size / 2, y + size + 16, size=12, align="center")


def _draw_round(c: Pen, r: dict[str, Any], lang: str) -> None:
    """The dice, totals and losses of one round, attacker left, defender right."""
    y = 62
    _text(c, text("lab.round", lang, n=r["round"]), PANEL_X, y + 10, size=14, bold=True)
    for side, x, colour in (("attacker", PANEL_X, ATTACKER), ("defender", PANEL_X + 170, DEFENDER)):
        die, total, loss = r[f"{side}_die"], r[f"{side}_total"], r[f"{side}_loss"]
        units_before = r[f"{side}s_left"] + loss
        _text(c, text(f"lab.side.{side}", lang), x, y + 34, size=13, bold=True, colour=colour)
        _draw_die(c, x, y + 44, die, colour)
        bonus = total - die - units_before
        lines = [text("lab.die", lang, die=die, units=units_before)]
        lines += [text("lab.bonus", lang, bonus=bonus)] if bonus else []
        for i, line in enumerate([*lines, f"= {total}"]):
            _text(c, line, x + 60, y + 58 + 18 * i, size=13, bold=line.startswith("="))
        result = text("lab.loses", lang, n=loss) if loss else text("lab.no_loss", lang)
        _text(c, result, x + 60, y + 58 + 18 * (len(lines) + 1),
              size=13, bold=True, colour=COLOURS["loss"] if loss else COLOURS["success"])  # fmt: skip
        _draw_units(c, x, y + 146, r[f"{side}s_left"], loss, colour, square=side == "defender")


def _draw_units(
    c: Pen, x: float, y: float, left: int, lost: int, colour: str, *, square: bool
) -> None:
    """Units left as filled marks, the ones just lost as outlines (shape cue: ● or ■)."""
    for i in range(left + lost):
        cx = x + 8 + i * 18
        c.style(fill_style=colour, stroke_style=colour, line_width=2)
        if square:
            (c.fill_rect if i < left else c.stroke_rect)(cx - 7, y - 7, 14, 14)
        else:
            (c.fill_circle if i < left else c.stroke_circle)(cx, y, 7)


def _draw_history(c: Pen, frames: list[dict[str, Any]], lang: str) -> None:
    """One short line per round played so far (the last 8)."""
    rounds = [f for f in frames if f["kind"] == "round"]
    y = 246
    _text(c, text("lab.rounds", lang), PANEL_X, y, size=13, bold=True)
    separator = text("list.separator", lang)
    for f in rounds[-8:]:
        y += 20
        sides = ("attacker", "defender")
        losses = separator.join(text(f"lab.loss.{w}", lang) for w in sides if f[f"{w}_loss"])
        line = text(
            "lab.history",
            lang,
            round=f["round"],
            attacker=f["attacker_total"],
            defender=f["defender_total"],
            losses=losses,
            attackers=f["attackers_left"],
            defenders=f["defenders_left"],
        )
        _text(c, line, PANEL_X, y, size=12)
