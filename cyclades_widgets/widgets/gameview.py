"""``GameView``: the board plus ipywidgets controls to step, undo, replay and read.

- back/forward by step, phase or cycle, to the start or the end; undo and redo;
- a history slider with Play (``ipywidgets.Play``);
- tabs: the narration of the last step, the tables (pandas DataFrames of players, isles,
  seas, gods, creatures and the log), a legal-action picker for those who prefer
  lists to clicks, and the coach's log (hints and the strong bots' reasons);
- the seat picker: for each seat, a person ("you") or a bot level (easy, medium, strong);
- the Hint button: the coach's move for the person to act, its reason on the board and
  its target highlighted (:meth:`Board.hint`); a checkbox shows why the strong bots play.

Every control sends the same intents as the board's own clicks and keys
(:meth:`Board.handle_intent`), so there is one path from a person to the game.
User text (player names, comments, narration) is shown as text, never as HTML.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import ipywidgets as w

from ..bots import LEVELS
from ..game import Bot, Game
from .board import Board
from .coach import OWN, YOU, seat_choice, seat_label
from .follow import REDRAWS

NAV_BUTTONS: tuple[tuple[str, str, str, str], ...] = (
    ("fast-backward", "start", "step", "board.control.start"),
    ("backward", "back", "cycle", "board.control.back_cycle"),
    ("«", "back", "phase", "board.control.back_phase"),
    ("‹", "back", "step", "board.control.back_step"),
    ("›", "forward", "step", "board.control.forward_step"),
    ("»", "forward", "phase", "board.control.forward_phase"),
    ("forward", "forward", "cycle", "board.control.forward_cycle"),
    ("fast-forward", "end", "step", "board.control.end"),
)
"""(glyph or icon, to, by, catalog key of the tooltip) of the navigation buttons: one glyph
each, so no button is ever too narrow for its label. Start, end and whole cycles are
Font Awesome icons (which Jupyter ships): the glyphs ⏮⏪⏩⏭ are missing from many fonts."""

TABLES: tuple[str, ...] = ("players", "isles", "seas", "gods", "creatures", "log")
"""The tables shown in the Tables tab, by ``Tables`` method name."""

STYLED: tuple[str, ...] = ("players", "isles", "seas", "gods", "creatures", "log")
"""The tables that ``Tables`` itself can style (``styled=True``)."""


def narration(game: Game, lang: str = "en") -> str:
    """The last step's events in plain language (in English where the narration does not
    speak ``lang`` yet)."""
    try:
        return game.explain(lang=lang)
    except ValueError:
        return game.explain(lang="en")


def _set(widget: w.Widget, name: str, value: Any) -> None:
    """Set a trait only if it changes (each change is a message to the browser)."""
    if getattr(widget, name) != value:
        setattr(widget, name, value)


class GameView(w.VBox):
    """``cw.GameView(game)``: the board with step, undo, history, narration, tables and a
    legal-action picker. ``viewer``, ``lang`` (None: the session's language) and ``bots`` are
    passed to the :class:`Board`."""

    def __init__(
        self,
        game: Game,
        *,
        viewer: str | None = None,
        lang: str | None = None,
        bots: Mapping[str, Bot] | None = None,
        board: Board | None = None,
        mode: str = "normal",
    ) -> None:
        self.board = board or Board(game, viewer=viewer, lang=lang, bots=bots, mode=mode)
        """The board this view controls (the view follows the board's game)."""
        self._syncing = False
        self.nav = w.HBox([self._nav_button(*spec) for spec in NAV_BUTTONS] + self._undo_redo())
        self._history_controls()
        self.tabs = self._make_tabs()
        self._own = self.board.own_bots
        self.seats: dict[str, w.Dropdown] = {
            name: self._seat_dropdown(name) for name in self.game.state.names
        }
        """The seat picker: one menu per player, "you" or a bot level."""
        seats = self._coach_row()
        self.decision = w.VBox([self.board, self._decision_bar()], layout=w.Layout(width="100%"))
        """The board and the decision's controls (Hint, Undo, Redo, the history buttons):
        one screen, the map fitted to what is left of the height (``cw-fit``)."""
        self.decision.add_class("cw-fit")
        super().__init__(
            [self.decision, w.HBox([self.player, self.slider]), seats, self.tabs],
            layout=w.Layout(width="100%"),
        )
        self.board.on_change(lambda _: self.refresh())
        self.board.observe(self._error_changed, names="error")
        self.refresh()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """Shown in a notebook: the board up to date first, even in the middle of a cell."""
        if REDRAWS.waits(self.board):
            self.board.refresh()
        return super()._repr_mimebundle_(**kwargs)

    def _history_controls(self) -> None:
        """The history slider and Play (``ipywidgets.Play``), linked in the browser."""
        t = self.board.text
        # Every described control gets a tooltip: without one ipywidgets writes "null" in
        # its label's title, which the browser shows on hover.
        self.slider = w.IntSlider(
            min=0,
            max=0,
            value=0,
            description=t("board.control.step"),
            tooltip=t("board.control.step"),
            continuous_update=False,
        )
        self.player = w.Play(
            min=0,
            max=0,
            value=0,
            interval=700,
            description=t("board.control.play"),
            tooltip=t("board.control.play"),
        )
        w.jslink((self.player, "value"), (self.slider, "value"))
        self.slider.observe(self._slider_moved, names="value")

    def _make_tabs(self) -> w.Tab:
        """The tabs: narration, tables, the legal-action picker, the coach's log."""
        t = self.board.text
        self.narration = w.Textarea(disabled=True, layout=w.Layout(width="100%", height="150px"))
        """The last step in plain language (a text area: narration is text, never HTML)."""
        self.tables = w.Tab(children=[w.Output() for _ in TABLES])
        for i, name in enumerate(TABLES):
            self.tables.set_title(i, t(f"board.table.{name}"))
        self.tables.observe(lambda _: self._show_tables(), names="selected_index")
        self.coach_log = w.Textarea(disabled=True, layout=w.Layout(width="100%", height="150px"))
        """The coach's lines: the hints asked for and the strong bots' reasons (as text)."""
        tabs = w.Tab(children=[self.narration, self.tables, self._picker(), self.coach_log])
        for i, title in enumerate(("narration", "tables", "actions", "coach")):
            tabs.set_title(i, t(f"board.tab.{title}"))
        tabs.observe(lambda _: self._show_tables(), names="selected_index")
        return tabs

    def _picker(self) -> w.VBox:
        """The legal-action picker and the notation box, for those who prefer lists."""
        t = self.board.text
        self.picker = w.Dropdown(
            options=[],
            description=t("board.control.action"),
            tooltip=t("board.control.action"),
            layout=w.Layout(width="420px"),
        )
        self.play_button = w.Button(description=t("board.control.play"), button_style="primary")
        self.play_button.on_click(lambda _: self._play_picked())
        self.notation = w.Text(
            placeholder=t("board.control.typing"),
            description=t("board.control.play"),
            tooltip=t("board.control.typing"),
            continuous_update=False,
        )
        self.notation.observe(lambda _: self._play_typed(), names="value")
        self.message = w.Label(tooltip="")
        return w.VBox([w.HBox([self.picker, self.play_button]), self.notation, self.message])

    def _coach_row(self) -> w.VBox:
        """The seat picker, the Hint button and the "why the bots play" checkbox."""
        t = self.board.text
        self.hint_button = w.Button(
            description=t("board.control.hint"),
            tooltip=t("board.control.hint_tip"),
            icon="lightbulb-o",
            layout=w.Layout(width="auto", min_width="80px"),
        )
        self.hint_button.on_click(self._sender("hint"))
        self.explain_bots = w.Checkbox(
            value=self.board.explain_bots,
            description=t("board.control.explain_bots"),
            tooltip=t("board.control.explain_bots"),
            indent=False,
        )
        self.explain_bots.observe(self._explain_changed, names="value")
        return w.VBox(
            [
                w.Label(t("board.seat.title"), tooltip=""),
                w.HBox(list(self.seats.values()), layout=w.Layout(flex_flow="row wrap")),
                self.explain_bots,
            ]
        )

    def _decision_bar(self) -> w.HBox:
        """Hint, then Undo, Redo and the history buttons, in one row under the board."""
        bar = w.HBox(
            [self.hint_button, self.nav],
            layout=w.Layout(flex_flow="row wrap", align_items="center"),
        )
        bar.add_class("cw-decision-bar")
        return bar

    @property
    def game(self) -> Game:
        """The game on the board."""
        return self.board.game

    # ------------------------------------------------------------------ controls
    def _nav_button(self, label: str, to: str, by: str, tip: str) -> w.Button:
        icon = len(label) > 1
        button = w.Button(
            description="" if icon else label,
            icon=label if icon else "",
            tooltip=self.board.text(tip),
            layout=w.Layout(width="auto", min_width="44px"),
        )
        button.on_click(self._sender("nav", to=to, by=by))
        return button

    def _undo_redo(self) -> list[w.Button]:
        t = self.board.text
        auto = w.Layout(width="auto", min_width="80px")
        undo = w.Button(
            description=t("board.control.undo"),
            tooltip=t("board.control.undo"),
            icon="undo",
            layout=auto,
        )
        redo = w.Button(
            description=t("board.control.redo"),
            tooltip=t("board.control.redo"),
            icon="repeat",
            layout=auto,
        )
        undo.on_click(self._sender("undo"))
        redo.on_click(self._sender("redo"))
        self.undo_button, self.redo_button = undo, redo
        return [undo, redo]

    def _seat_dropdown(self, name: str) -> w.Dropdown:
        lang = self.board.lang
        choices = [YOU, *LEVELS] + (
            [OWN] if name in self._own and seat_choice(self._own[name]) == OWN else []
        )
        menu = w.Dropdown(
            options=[(seat_label(c, lang), c) for c in choices],
            value=seat_choice(self.board.bots.get(name)),
            description=name,
            tooltip=self.board.text("board.seat.title"),
            layout=w.Layout(width="auto"),
        )
        menu.observe(lambda change: self.set_seat(name, change["new"]), names="value")
        return menu

    def set_seat(self, player: str, choice: str) -> None:
        """Who plays ``player``: ``"you"`` (a person), a bot level (``"easy"``,
        ``"medium"``, ``"strong"``: a new bot seeded from the game's seed and the seat), or
        ``"own"`` (the bot given in ``bots=``). The board's Continue then plays its turns."""
        self.board.set_seat(player, choice)
        _set(self.seats[player], "value", choice)

    def _explain_changed(self, change: dict[str, Any]) -> None:
        self.board.explain_bots = bool(change["new"])

    def _sender(self, kind: str, **fields: Any) -> Callable[[Any], None]:
        def send(_: Any) -> None:
            self.board.send_intent(kind, **fields)

        return send

    def _slider_moved(self, change: dict[str, Any]) -> None:
        if not self._syncing:
            self.board.send_intent("goto", index=change["new"])

    def _play_picked(self) -> None:
        if self.picker.value is None:
            self.message.value = self.board.text("board.control.no_decision")
            return
        self.board.send_intent("play", notation=self.picker.value)

    def _play_typed(self) -> None:
        text = self.notation.value.strip()
        if text and self.board.send_intent("play", notation=text[:1000]):
            self.notation.value = ""

    def _error_changed(self, change: dict[str, Any]) -> None:
        self.message.value = change["new"]

    # ------------------------------------------------------------------ refresh
    def refresh(self) -> None:
        """Bring the controls, narration, tables and picker up to date with the board."""
        timeline = self.board.timeline
        self._syncing = True
        try:  # only what changed, so a step costs few messages to the browser
            _set(self.slider, "max", timeline["length"])
            _set(self.player, "max", timeline["length"])
            _set(self.slider, "value", timeline["index"])
            _set(self.player, "value", timeline["index"])
        finally:
            self._syncing = False
        _set(self.undo_button, "disabled", timeline["index"] == 0)
        _set(self.redo_button, "disabled", not self.game.can_redo())
        options = [(a["label"], a["notation"]) for a in self.board.legal]
        if list(self.picker.options) != options:
            self.picker.options = options
        _set(self.message, "value", self.board.error)
        _set(self.narration, "value", narration(self.game, self.board.lang))
        lines = [note.text(self.board.lang) for note in self.board.coach_notes[-200:]]
        _set(self.coach_log, "value", "\n".join(reversed(lines)))
        self._show_tables()

    def table(self, name: str) -> Any:
        """One of the tables (``"players"``, ``"isles"``, ...) as a pandas DataFrame, from
        the board's viewer (other players' gold hidden)."""
        if name not in TABLES:
            raise ValueError(f"no table {name!r}; tables: {', '.join(TABLES)}")
        from ..tables import Tables

        tables = Tables(self.game, viewer=self.board.viewer)
        method = getattr(tables, name)
        return method(lang=self.board.lang)

    def _show_tables(self) -> None:
        """Redraw the selected table only (the tables tab is not redrawn while hidden)."""
        if self.tabs.selected_index != 1:
            return
        index = self.tables.selected_index or 0
        out = self.tables.children[index]
        out.clear_output()
        with out:
            from IPython.display import display

            display(self.shown_table(TABLES[index]))  # type: ignore[no-untyped-call]

    def shown_table(self, name: str) -> Any:
        """A table as the Tables tab shows it: a pandas ``Styler`` that writes true/false
        as words of the board's language and leaves missing values blank (players
        marked with their colour and shape where the table has them)."""
        if name in STYLED:
            from ..tables import Tables

            tables = Tables(self.game, viewer=self.board.viewer)
            return getattr(tables, name)(lang=self.board.lang, styled=True)
        df = self.table(name)
        yes, no = self.board.text("word.true"), self.board.text("word.false")
        styler = df.style.format(na_rep="")
        flags = [c for c in df.columns if df[c].dtype == bool]
        return styler.format(lambda flag: yes if flag else no, subset=flags) if flags else styler
