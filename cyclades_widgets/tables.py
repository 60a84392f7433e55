"""The state of a game as pandas DataFrames: players, isles, seas, gods, creatures, log.

``game.tables`` returns :class:`Tables` for the teacher's view (everything shown);
``Tables(game, viewer="Athens")`` is Athens's view, where the other players' gold, kept
behind their screens, shows as missing.

>>> import cyclades_widgets as cw
>>> game = cw.Game.new(players=3, seed=1)
>>> game.tables.players().loc["Athens", ["Gold", "Isles", "Revenue"]].tolist()
[7, 2, 2]
>>> Tables(game, viewer="Sparta").players()["Gold"].tolist()
[<NA>, 7, <NA>]

Every table speaks the learner's language: its column names, index name and every value
that is a word (gods, buildings, statuses, phases, creature names and effects) come from the
catalogs in ``lang`` (None: the session's language, :func:`cyclades_widgets.i18n.set_language`);
player names, ids used in notation, numbers and true/false stay data. ``styled=True``
returns a pandas ``Styler`` that marks each player with their colour and shape
(:mod:`cyclades_widgets.palette`) and writes true/false as words.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Any

import pandas as pd

from .i18n import DEFAULT, Message, Values, catalog, resolve, text
from .narrate import Narrator, creature_info
from .rules.actions import Action
from .rules.board import MapSpec
from .rules.creatures import price
from .rules.errors import CycladesError
from .rules.events import Event
from .rules.ledger import revenue_of
from .rules.metropolis import free_slots
from .rules.setup import setup_events
from .rules.state import APOLLO, BUILDINGS, CREATURE_PRICES, GameState, Phase
from .view.actions import action_label
from .view.palette import PLAYER_COLOURS, PLAYER_GLYPHS, text_colour_on
from .view.text import Words

if TYPE_CHECKING:
    from pandas.io.formats.style import Styler

    from .history import BaseGame

__all__ = ["COLUMNS", "TableError", "Tables", "creature_price", "header"]


_PLURAL = {
    "fortress": "fortresses",
    "port": "ports",
    "temple": "temples",
    "university": "universities",
}
COLUMNS: dict[str, tuple[str, ...]] = {
    "players": (
        "gold", "priests", "philosophers", "isles", "fleets", "troops",
        *(_PLURAL[b] for b in BUILDINGS), "metropolises", "revenue", "eliminated",
    ),
    "isles": (
        "name", "owner", "troops", "buildings", "metropolis", "slots", "free_slots",
        "prosperity", "territory_marker", "figurine",
    ),
    "seas": ("owner", "fleets", "prosperity", "kraken", "next_to"),
    "gods": ("god", "face_up", "holder", "bid", "to_outbid", "status"),
    "creatures": ("creature", "name", "figurine", "effect", "in_use", "base_price", "price"),
    "log": ("step", "cycle", "phase", "player", "move", "notation", "event", "text"),
}  # fmt: skip
"""Each table's column ids, in order; :func:`header` gives a column's name in a language."""
_INDEX = {
    "players": "city",
    "isles": "isle",
    "seas": "sea",
    "gods": "position",
    "creatures": "slot",
}


def header(column: str, lang: str | None = None) -> str:
    """The name of a column (or index) id in ``lang``: ``header("free_slots", "en")`` is
    ``"Free slots"``.

    >>> header("gold", "zh")
    '金币'
    """
    return text(f"table.column.{column}", lang)


class TableError(CycladesError):
    """A table was asked for something it cannot show (an unknown player, a log without a
    game); the message says what would work."""


def creature_price(state: GameState, seat: int | None, slot: int) -> int:
    """What ``seat`` pays for the creature on track ``slot`` (0 = the 4 GP slot) right now.

    The slot's price (4, 3 or 2 GP) minus 1 GP for each Temple or Metropolis of the
    player not yet used this cycle (each once per cycle), never below 1 GP, as the rules'
    own ``rules.creatures.price`` computes it; ``seat=None`` gives the undiscounted price.

    >>> from cyclades_widgets.rules.setup import new_state
    >>> s = new_state(3); s.isles["kea"].buildings.append("temple"); s.isles["kea"].owner = 0
    >>> creature_price(s, 0, 0), creature_price(s, 0, 2), creature_price(s, 1, 0)
    (3, 1, 4)
    """
    if seat is None:
        return CREATURE_PRICES[slot]
    return price(state, seat, slot)[0]


class Tables:
    """pandas views of a game's state, optionally from one player's side of the table.

    ``game`` is a :class:`~cyclades_widgets.game.Game` (or a bare ``GameState``, which has no
    log). ``viewer`` is a player name: the other players' gold is then hidden (``<NA>``);
    ``viewer=None`` is the teacher's view, with everything shown.
    """

    def __init__(self, game: BaseGame | GameState, viewer: str | None = None) -> None:
        self._game = None if isinstance(game, GameState) else game
        self.state: GameState = game if isinstance(game, GameState) else game.state
        """The state the tables are read from (the game's current state at creation)."""
        self.viewer: str | None = None if viewer is None else self._name(viewer)
        """Whose side of the table we look from; None shows everything."""
        self._spec = MapSpec.load(self.state.map_id)

    def __repr__(self) -> str:
        view = "teacher's view" if self.viewer is None else f"{self.viewer}'s view"
        return f"<Tables cycle {self.state.cycle}, {self.state.phase.value}, {view}>"

    # ------------------------------------------------------------------ players
    def players(self, *, lang: str | None = None, styled: bool = False) -> pd.DataFrame | Styler:
        """One row per player (index: the city, in seat order) with the columns, in ``lang``
        (English names given):

        ``Gold`` (hidden as ``<NA>`` for other players when there is a viewer), ``Priests``,
        ``Philosophers``, ``Isles``, ``Fleets``, ``Troops`` (on the board), ``Fortresses``,
        ``Ports``, ``Temples``, ``Universities`` (ordinary buildings on the player's isles),
        ``Metropolises``, ``Revenue`` (GP at the next Revenue phase: one per prosperity
        symbol controlled) and ``Eliminated``.
        """
        lang = resolve(lang)
        s = self.state
        rows = [self._player_row(seat) for seat in range(s.n_players)]
        df = _frame("players", rows, list(s.names), lang, ints=("gold",))
        return self._style(df, "players", lang, owner=None) if styled else df

    def _player_row(self, seat: int) -> list[Any]:
        s = self.state
        p = s.players[seat]
        gold = p.gold if self._may_see_gold(seat) else None
        buildings = [s.buildings_of(seat, b) for b in BUILDINGS]
        return [
            gold,
            p.priests,
            p.philosophers,
            len(s.isles_of(seat)),
            s.fleets_on_board(seat),
            s.troops_on_board(seat),
            *buildings,
            s.metropolises(seat),
            revenue_of(s, seat)[0],
            p.eliminated,
        ]

    def _may_see_gold(self, seat: int) -> bool:
        return self.viewer is None or self.state.names[seat] == self.viewer

    # ------------------------------------------------------------------ isles
    def isles(self, *, lang: str | None = None, styled: bool = False) -> pd.DataFrame | Styler:
        """One row per isle (index: the isle id used in notation, in map order), in ``lang``:

        ``Name``, ``Owner`` (None if neutral), ``Troops``, ``Buildings`` (e.g.
        ``"Fortress, Port"``), ``Metropolis``, ``Slots`` (building spaces), ``Free slots``,
        ``Prosperity`` (printed cornucopias plus Apollo's markers), ``Territory marker``
        and ``Figurine`` (the name of a creature standing on the isle, or None).
        """
        words = Values(catalog(lang))
        rows = [self._isle_row(isle_id, words) for isle_id in self._spec.isles]
        df = _frame("isles", rows, list(self._spec.isles), words.cat.lang)
        if not styled:
            return df
        styler = self._style(df, "isles", words.cat.lang, owner="owner")
        return _named(styler, df, words.word, hide=("name",), lang=words.cat.lang)

    def _isle_row(self, isle_id: str, words: Values) -> list[Any]:
        isle = self.state.isles[isle_id]
        separator = words.entry("list.separator", ", ")
        return [
            words.word(isle_id),
            self._owner(isle.owner),
            isle.troops,
            separator.join(words.word(b) for b in isle.buildings),
            isle.metropolis,
            self._spec.isle_slots[isle_id],
            free_slots(self.state, isle_id),
            self._spec.isle_prosperity[isle_id] + isle.markers,
            isle.territory,
            None if isle.figurine is None else words.word(isle.figurine),
        ]

    # ------------------------------------------------------------------ seas
    def seas(
        self, *, include_empty: bool = False, lang: str | None = None, styled: bool = False
    ) -> pd.DataFrame | Styler:
        """One row per sea space that holds fleets, has a prosperity symbol or holds the
        Kraken (every sea with ``include_empty=True``); index: the sea id in notation.
        Columns, in ``lang``:

        ``Owner`` (whose fleets; None if empty), ``Fleets``, ``Prosperity`` (1 for a
        prosperity sea: it earns 1 GP only while occupied), ``Kraken`` and ``Next to``
        (the names of the isles touching it).
        """
        words = Values(catalog(lang))
        lang = words.cat.lang
        separator = words.entry("list.separator", ", ")
        rows, index = [], []
        for sea in self._spec.seas:
            owner, count = self.state.fleets.get(sea, (None, 0))
            prosperity = self._spec.sea_prosperity[sea]
            kraken = self.state.kraken == sea
            if include_empty or count or prosperity or kraken:
                touching = [i for i in self._spec.isles if i in self._spec.sea_isles[sea]]
                near = separator.join(words.word(i) for i in touching)
                rows.append([self._owner(owner), count, prosperity, kraken, near])
                index.append(sea)
        df = _frame("seas", rows, index, lang)
        if not styled:
            return df
        styler = self._style(df, "seas", lang, owner="owner")
        return _named(styler, df, lambda sea: text("board.sea", lang, sea=sea), lang=lang)

    # ------------------------------------------------------------------ gods
    def gods(self, *, lang: str | None = None, styled: bool = False) -> pd.DataFrame | Styler:
        """This cycle's gods top to bottom, then Apollo, with the offerings placed on them,
        in ``lang``:

        ``God``, ``Face up`` (with fewer than 5 players some gods sit face down),
        ``Holder`` (the player whose offering stands there; on Apollo, every player who
        chose him, first chooser first), ``Bid``, ``To outbid`` (the least offering that
        takes the god now: strictly higher), and ``Status``: face down, open, held, acting,
        to act, done or unclaimed. Before this cycle's gods are laid out the table is empty.
        """
        words = Values(catalog(lang))
        s = self.state
        rows: list[list[Any]] = []
        if s.phase not in (Phase.SETUP, Phase.CREATURES, Phase.GODS):
            rows = [self._god_row(pos, god, words) for pos, god in enumerate(s.god_order)]
            rows.append(self._apollo_row(words))
        index = pd.RangeIndex(1, len(rows) + 1)
        df = _frame("gods", rows, index, words.cat.lang, ints=("bid", "to_outbid"))
        return self._style(df, "gods", words.cat.lang, owner="holder") if styled else df

    def _god_row(self, position: int, god: str, words: Values) -> list[Any]:
        s = self.state
        up = position < s.gods_up
        held = s.bids.get(god)
        holder = None if held is None else s.names[held[0]]
        bid = None if held is None else held[1]
        to_outbid = (1 if held is None else held[1] + 1) if up and self._bidding() else None
        status = self._god_status(god, up, held)
        return [words.word(god), up, holder, bid, to_outbid, _status(status, words)]

    def _apollo_row(self, words: Values) -> list[Any]:
        s = self.state
        holders = ", ".join(s.names[p] for p in s.apollo) or None
        status = self._god_status(APOLLO, True, holders)
        return [words.word(APOLLO), True, holders, None, None, _status(status, words)]

    def _bidding(self) -> bool:
        return self.state.phase is Phase.OFFERINGS

    def _god_status(self, god: str, up: bool, held: object) -> str:
        s = self.state
        if not up:
            return "face_down"
        if s.phase in (Phase.REVENUE, Phase.OFFERINGS):
            return "held" if held else "open"
        if s.turn is not None and s.turn.god == god:
            return "acting"
        if any(q[0] == god for q in s.queue):
            return "to_act"
        return "done" if held else "unclaimed"

    # ------------------------------------------------------------------ creatures
    def creatures(
        self, player: str | None = None, *, lang: str | None = None, styled: bool = False
    ) -> pd.DataFrame | Styler:
        """The creature track, one row per slot (index: 1 is the 4 GP slot), in ``lang``:

        ``Creature`` (the card's id, as in ``buy pegasus``; None if the slot is empty),
        ``Name``, ``Figurine`` (a card only, on an isle, or in a sea: the Kraken) and
        ``Effect`` (one line); then ``In use`` (cycle 1 uses one slot, cycle 2 two, then
        three), ``Base price`` (4, 3, 2 GP) and ``Price``: what the buyer pays now after
        Temple and Metropolis discounts (see :func:`creature_price`). The buyer is
        ``player`` if given, else the player whose god action is under way, else the
        viewer, else nobody (``Price`` = base price). ``df.attrs`` holds ``buyer``,
        ``deck`` (cards left to draw) and ``discard``. ``styled=True``: the table to show,
        in words only (the id column hidden; true/false as words).
        """
        lang = resolve(lang)
        s = self.state
        buyer = self._buyer(player)
        seat = None if buyer is None else s.seat(buyer)
        in_use = min(max(s.cycle, 1), 3)
        info = creature_info(lang)
        rows = []
        for slot, card in enumerate(s.creature_track):
            price = None if card is None else creature_price(s, seat, slot)
            cells = _creature_cells(card, info, lang)
            rows.append([*cells, slot < in_use, CREATURE_PRICES[slot], price])
        df = _frame("creatures", rows, pd.RangeIndex(1, 4), lang, ints=("price",))
        df.attrs.update(buyer=buyer, deck=len(s.creature_deck), discard=len(s.creature_discard))
        if not styled:
            return df
        return _named(self._style(df, "creatures", lang, owner=None), df, None, ("creature",), lang)

    def _buyer(self, player: str | None) -> str | None:
        if player is not None:
            return self._name(player)
        if self.state.turn is not None:
            return self.state.names[self.state.turn.player]
        return self.viewer

    # ------------------------------------------------------------------ log
    def log(self, lang: str | None = None, *, styled: bool = False) -> pd.DataFrame | Styler:
        """The game so far, one row per event, oldest first, in ``lang``:

        ``Step`` (0 for the setup of a game started from it, then the step number),
        ``Cycle``, ``Phase``, ``Player`` (who decided; None for chance and automatic
        steps), ``Move`` (the decision or chance outcome in words: "Move 2 troops from
        Naxos to Ios"; None for automatic steps), ``Notation`` (the same move as notation,
        ``move troops naxos>ios 2``), ``Event`` (what kind of event, in a few words) and
        ``Text``, the narration. ``styled=True``: the table to show, in words (the
        notation after the words, in a code font, in English; hidden in the other
        languages, whose words it is not).
        """
        lang = resolve(lang)
        if self._game is None:
            raise TableError(Message("table.error.no_log"))
        initial = self._game.initial_state
        narrate = Narrator(lang, initial)
        words = Values(narrate.cat)
        setup = setup_events(initial) if initial.phase is Phase.SETUP else []
        phase = words.word(initial.phase.value)
        rows = [
            [0, initial.cycle, phase, None, None, None, _event_label(e, words), narrate(e)]
            for e in setup
        ]
        said = Words(lang, initial.map_id, initial.names)
        for number, step in enumerate(self._game.history, start=1):
            phase = words.word(step.phase.value)
            move = _move_words(step.notation, said)
            for e in step.events:
                label = _event_label(e, words)
                rows.append(
                    [number, step.cycle, phase, step.player, move, step.notation, label,
                     narrate(e)]
                )  # fmt: skip
        df = _frame("log", rows, None, lang)
        if not styled:
            return df
        styler = self._style(df, "log", lang, owner=None)
        if lang == DEFAULT:
            return styler.set_properties(subset=[header("notation", lang)], **_CODE)
        return styler.hide(subset=[header("notation", lang)], axis="columns")

    # ------------------------------------------------------------------ helpers
    def _name(self, player: str) -> str:
        try:
            return self.state.names[self.state.seat(player)]
        except (KeyError, AttributeError):
            names = list(self.state.names)
            message = Message(
                "table.error.unknown_player",
                {"player": repr(player), "players": names},
                frozenset({repr(player), *names}),
            )
            raise TableError(message) from None

    def _owner(self, seat: int | None) -> str | None:
        return None if seat is None else self.state.names[seat]

    def _caption(self, table: str, lang: str) -> str:
        s = self.state
        params = {
            "table": Message(f"table.title.{table}"),
            "cycle": s.cycle,
            "phase": s.phase.value,
        }
        if self.viewer is None:
            return text("table.caption", lang, **params)
        key = "table.caption_viewer"
        return Message(key, {**params, "viewer": self.viewer}, frozenset({self.viewer})).render(
            lang
        )

    def _style(self, df: pd.DataFrame, table: str, lang: str, owner: str | None) -> Styler:
        """Colour and shape for each player, the caption, and words for true/false."""
        seats: dict[object, int] = {name: seat for seat, name in enumerate(self.state.names)}
        yes, no = text("word.true", lang), text("word.false", lang)
        styler = df.style.set_caption(self._caption(table, lang)).format(na_rep="")
        flags: list[Hashable] = [c for c in df.columns if df[c].dtype == bool]
        if flags:
            styler = styler.format(lambda flag: yes if flag else no, subset=flags)
        if table == "players":
            styler = styler.map_index(lambda name: _player_css(seats.get(name)), axis=0)
            styler = styler.format_index(lambda name: _with_glyph(name, seats.get(name)), axis=0)
            return styler.format(na_rep="?", subset=[header("gold", lang)])
        if df.empty or owner is None:
            return styler
        column = header(owner, lang)
        styler = styler.map(lambda name: _player_css(seats.get(name)), subset=[column])
        return styler.format(
            lambda name: _with_glyph(name, seats.get(name)), subset=[column], na_rep=""
        )


def _frame(
    table: str, rows: list[list[Any]], index: Any, lang: str, ints: tuple[str, ...] = ()
) -> pd.DataFrame:
    """A table with its columns and index named in ``lang``; ``ints`` are nullable whole
    numbers (``Int64``: a hidden or missing value shows as ``<NA>``)."""
    df = pd.DataFrame(rows, columns=list(COLUMNS[table]))
    for column in ints:
        df[column] = df[column].astype("Int64")
    if index is not None:
        df.index = pd.Index(index, name=header(_INDEX[table], lang))
    return df.rename(columns={c: header(c, lang) for c in COLUMNS[table]})


def _move_words(notation: str | None, words: Words) -> str | None:
    """A move in words ("Move 2 troops from Naxos to Ios"), or None for none."""
    if notation is None:
        return None
    try:
        return action_label(Action.parse(notation), words)
    except CycladesError:  # notation of a kind without words: shown as it is
        return notation


_CODE = {"font-family": "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace"}
"""The code font of the notation in a styled table."""


def _named(
    styler: Styler,
    df: pd.DataFrame,
    name: Callable[[str], str] | None,
    hide: tuple[str, ...] = (),
    lang: str = DEFAULT,
) -> Styler:
    """A styled table shown in words: the index's ids written as their names (``name``),
    and the columns of ids hidden (the DataFrame keeps them, for code)."""
    if name is not None:
        styler = styler.format_index(lambda ident: name(str(ident)), axis=0)
    columns: list[Hashable] = [header(c, lang) for c in hide if header(c, lang) in df.columns]
    return styler.hide(subset=columns, axis="columns") if columns else styler


def _status(status: str, words: Values) -> str:
    return words.entry(f"table.status.{status}", status)


def _event_label(event: Event, words: Values) -> str:
    """A few words for an event kind (``bid``: "offering"); the kind itself if none."""
    return words.entry(f"table.event.{event.kind}", event.kind)


def _player_css(seat: int | None) -> str:
    if seat is None:
        return ""
    colour = PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]
    return f"background-color: {colour}; color: {text_colour_on(colour)}; font-weight: bold"


def _with_glyph(name: object, seat: int | None) -> str:
    if name is None or (not isinstance(name, str) and name is pd.NA):
        return ""
    if seat is None:
        return str(name)
    return f"{PLAYER_GLYPHS[seat % len(PLAYER_GLYPHS)]} {name}"


def _creature_cells(
    card: str | None, info: dict[str, dict[str, str]], lang: str
) -> list[str | None]:
    """``Creature``, ``Name``, ``Figurine`` and ``Effect`` of a track slot's card."""
    if card is None:
        return [None] * 4
    c = info[card]
    return [card, c["name"], text(f"table.figurine.{c['figurine']}", lang), c["effect"]]
