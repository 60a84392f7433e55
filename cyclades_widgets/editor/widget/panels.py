"""The board editor's side panels: ipywidgets that edit, in place, what is not on the map.

- Players: each player's gold, Priests and Philosophers;
- Gods and offerings: the cycle, the gods top to bottom (which are face up follows from
  the number of players), the offering on each god;
- Turn and phase: the turn track, the phase, whose god action it is (and who decides now);
- Creatures: the creature track, from the 4 GP slot down;
- Python code: the chain that rebuilds the position.

Every change is an edit intent sent to the editor (``send``), which checks it: a refused
one leaves the position as it was, and the panels show its values again.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

import ipywidgets as w

from ...i18n import text
from ...rules.state import APOLLO, CREATURE_PRICES, CREATURES, GODS
from ...view.text import Words

__all__ = ["PHASES", "SidePanels"]

PHASES = ("revenue", "offerings", "actions", "end")
"""The phases a position may start in."""

Send = Callable[[dict[str, Any]], bool]

_NUMBER = {"layout": w.Layout(width="150px"), "style": {"description_width": "initial"}}


def _labelled(widget: w.Widget, text: str) -> w.Widget:
    """Describe ``widget`` (its label and its tooltip, so a screen reader names it)."""
    widget.description = text
    widget.tooltip = text
    if hasattr(widget.style, "description_width"):
        widget.style.description_width = "initial"  # the whole label, in any language
    return widget


class SidePanels(w.Tab):
    """The side panels of an editor: ``SidePanels(players, lang, send)``; :meth:`show`
    puts a position's values in (``editor.panels()``) and ``code``'s text."""

    def __init__(self, players: Sequence[str], map_id: str, lang: str, send: Send) -> None:
        self._edit = send
        self._syncing = False
        self._words = Words(lang, map_id, players)
        self.lang = lang
        self.players = tuple(players)
        self._values: dict[str, Any] = {}
        self.rows = {name: self._player_row(name) for name in players}
        self._gods_page()
        self._turn_page()
        creatures = [(text("editor.ui.empty_slot", lang), ""),
                     *((self._words.word(c), c) for c in CREATURES)]  # fmt: skip
        self.creatures = [_labelled(w.Dropdown(options=creatures),
                                    text("editor.ui.creature_slot", lang, price=price))
                          for price in CREATURE_PRICES]  # fmt: skip
        self.code = w.Textarea(layout=w.Layout(width="100%", height="12em"))
        self.code.disabled = True
        _labelled(self.code, text("editor.ui.panel.code", lang))
        super().__init__(children=self._pages())
        titles = ("editor.ui.panel.players", "editor.ui.panel.gods", "editor.ui.panel.turn",
                  "editor.ui.panel.creatures", "editor.ui.panel.code")  # fmt: skip
        for i, title in enumerate(titles):
            self.set_title(i, text(title, lang))
        self._observe()

    # ------------------------------------------------------------------ building
    def _gods_page(self) -> None:
        """The cycle, the gods top to bottom, which are face up, the offering on each."""
        lang = self.lang
        self._gods = [(self._words.word(g), g) for g in GODS]
        number = partial(w.BoundedIntText, min=1, max=99, **_NUMBER)
        self.cycle = _labelled(number(), text("editor.ui.cycle", lang))
        self.gods = [_labelled(w.Dropdown(options=self._gods, layout=w.Layout(width="220px")),
                               text("editor.ui.god_slot", lang, n=i + 1))
                     for i in range(len(GODS))]  # fmt: skip
        self.faces = [w.Label() for _ in GODS]
        self.bidders = [self._bidder() for _ in GODS]
        self.bids = [_labelled(number(), text("editor.ui.offering_gp", lang)) for _ in GODS]

    def _turn_page(self) -> None:
        """The turn track, the phase, whose god action it is, who decides now."""
        lang = self.lang
        self.order = [self._seat_menu(text("editor.ui.order", lang, n=i + 1))
                      for i in range(_order_length(self.players))]  # fmt: skip
        phases = [(self._words(f"board.phase.{p}"), p) for p in PHASES]
        self.phase = _labelled(w.Dropdown(options=phases), text("editor.ui.phase", lang))
        turn_gods = [(text("editor.ui.turn_none", lang), ""), *self._gods,
                     (self._words.word(APOLLO), APOLLO)]  # fmt: skip
        self.turn_god = _labelled(w.Dropdown(options=turn_gods), text("editor.ui.turn_god", lang))
        self.turn_player = self._seat_menu(text("editor.ui.turn_player", lang))
        self.to_act = w.Label()

    def _player_row(self, name: str) -> dict[str, w.BoundedIntText]:
        labels = {
            "gold": text("editor.ui.gold", self.lang),
            "priests": text("editor.ui.priests", self.lang),
            "philosophers": text("editor.ui.philosophers", self.lang),
        }
        return {
            field: _labelled(w.BoundedIntText(min=0, max=99, **_NUMBER), f"{name}: {label}")
            for field, label in labels.items()
        }

    def _bidder(self) -> w.Dropdown:
        options = [(text("editor.ui.nobody", self.lang), ""), *((p, p) for p in self.players)]
        return _labelled(w.Dropdown(options=options, layout=w.Layout(width="200px")),
                         text("editor.ui.offering", self.lang))  # fmt: skip

    def _seat_menu(self, label: str) -> w.Dropdown:
        options = [("—", ""), *((p, p) for p in self.players)]
        return _labelled(w.Dropdown(options=options, layout=w.Layout(width="220px")), label)

    def _pages(self) -> list[w.Widget]:
        players = w.VBox([w.HBox(list(row.values())) for row in self.rows.values()])
        gods = w.VBox([self.cycle, *(w.HBox([g, f, b, n]) for g, f, b, n in
                                     zip(self.gods, self.faces, self.bidders, self.bids))])  # fmt: skip
        turn = w.VBox([w.HBox(self.order), self.phase, w.HBox([self.turn_god, self.turn_player]),
                       self.to_act])  # fmt: skip
        return [players, gods, turn, w.VBox(self.creatures), self.code]

    def _observe(self) -> None:
        for name, row in self.rows.items():
            for field, box in row.items():
                box.observe(self._on(partial(self._set_of, field, name)), "value")
        self.cycle.observe(self._on(partial(self._set, "cycle")), "value")
        for i, menu in enumerate(self.gods):
            menu.observe(self._on(partial(self._swap, "gods", i)), "value")
        for i, (menu, gp) in enumerate(zip(self.bidders, self.bids, strict=True)):
            menu.observe(self._on(partial(self._offer, i)), "value")
            gp.observe(self._on(partial(self._offer, i)), "value")
        for i, menu in enumerate(self.order):
            menu.observe(self._on(partial(self._swap, "order", i)), "value")
        self.phase.observe(self._on(partial(self._set, "phase")), "value")
        self.turn_god.observe(self._on(self._turn), "value")
        self.turn_player.observe(self._on(self._turn), "value")
        for menu in self.creatures:
            menu.observe(self._on(self._creatures), "value")

    def _on(self, act: Callable[[Any], Any]) -> Callable[[dict[str, Any]], None]:
        def changed(change: dict[str, Any]) -> None:
            if not self._syncing and act(change["new"]) is not None:
                self.show(self._values, self.code.value)  # refused: the values as they are

        return changed

    # ------------------------------------------------------------------ edits
    def _set_of(self, field: str, player: str, value: Any) -> bool:
        return self._set(field, value, player)

    def _set(self, field: str, value: Any, player: str | None = None) -> bool:
        intent: dict[str, Any] = {"type": "set", "field": field, "value": value}
        if player is not None:
            intent["player"] = player
        return self._edit(intent)

    def _swap(self, field: str, i: int, value: str) -> bool | None:
        """Put ``value`` at position ``i`` of the gods or the turn track; the one there
        takes its old place."""
        now = [g["god"] for g in self._values["gods"]] if field == "gods" else list(
            self._values["order"])  # fmt: skip
        if not value or now[i] == value:
            return None
        j = next((k for k, v in enumerate(now) if v == value and k != i), None)
        if j is not None and now.count(value) == 1:
            now[j] = now[i]
        now[i] = value
        return self._set(field, now)

    def _offer(self, i: int, _: Any = None) -> bool | None:
        god = self._values["gods"][i]["god"]
        who, gp = self.bidders[i].value, self.bids[i].value
        if who:
            return self._edit({"type": "place", "piece": "offering", "place": god,
                               "player": who, "count": gp})  # fmt: skip
        if god in self._values["offerings"]:
            return self._edit({"type": "remove", "piece": "offering", "place": god})
        return None

    def _turn(self, _: Any = None) -> bool | None:
        """Whose god action it is: sent once both the god and the player are chosen (or
        the god alone, when an offering on it names the player); the phase menu leaves a
        god's action."""
        god, player = self.turn_god.value, self.turn_player.value
        if not god or (not player and god not in self._values["offerings"]):
            return None
        return self._set("turn", {"god": god, **({"player": player} if player else {})})

    def _creatures(self, _: Any = None) -> bool:
        return self._set("creatures", [m.value or None for m in self.creatures])

    # ------------------------------------------------------------------ showing
    def show(self, values: dict[str, Any], code: str) -> None:
        """Show a position's side-panel values (``editor.panels()``) and its code."""
        self._values = values
        self._syncing = True
        try:
            for p in values["players"]:
                for field, box in self.rows[p["name"]].items():
                    _put(box, "value", p[field])
            _put(self.cycle, "value", values["cycle"])
            self._show_gods(values)
            for menu, name in zip(self.order, values["order"], strict=False):
                _put(menu, "value", name)
            _put(self.phase, "value", values["phase"])
            turn = values["turn"] or {}
            _put(self.turn_god, "value", turn.get("god", ""))
            _put(self.turn_player, "value", turn.get("player", ""))
            who = values["to_act"]
            said = (text("editor.ui.to_act", self.lang, who, player=who) if who
                    else text("editor.ui.to_act_none", self.lang))  # fmt: skip
            _put(self.to_act, "value", said)
            for menu, creature in zip(self.creatures, values["creatures"], strict=False):
                _put(menu, "value", creature or "")
            _put(self.code, "value", code)
        finally:
            self._syncing = False

    def _show_gods(self, values: dict[str, Any]) -> None:
        offerings = values["offerings"]
        for i, g in enumerate(values["gods"]):
            _put(self.gods[i], "value", g["god"])
            face = "editor.ui.face_up" if g["face_up"] else "editor.ui.face_down"
            _put(self.faces[i], "value", text(face, self.lang))
            bid = offerings.get(g["god"])
            _put(self.bidders[i], "value", bid["player"] if bid else "")
            _put(self.bids[i], "value", bid["amount"] if bid else 1)
            _put(self.bids[i], "disabled", not g["face_up"])
            _put(self.bidders[i], "disabled", not g["face_up"])


def _order_length(players: Sequence[str]) -> int:
    """The turn track's length: two tokens each with 2 players, else one each."""
    return 4 if len(players) == 2 else len(players)


def _put(widget: w.Widget, name: str, value: Any) -> None:
    """Set a trait only if it changes (each change is a message to the browser)."""
    if getattr(widget, name) != value:
        setattr(widget, name, value)
