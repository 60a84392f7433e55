"""The state of a game as pandas DataFrames: players, isles, seas, gods, creatures, log.

``game.tables`` returns :class:`Tables` for the teacher's view (everything shown);
``Tables(game, viewer="Athens")`` is Athens's view, where the other players' gold, kept
behind their screens (seed 000 'Setup' 1, seed 002 '收入藏在屏风后'), shows as missing.

>>> import cyclades_widgets as cw
>>> game = cw.Game.new(players=3, seed=1)
>>> game.tables.players().loc["Athens", ["Gold", "Isles", "Revenue"]].tolist()
[7, 2, 2]
>>> Tables(game, viewer="Sparta").players()["Gold"].tolist()
[<NA>, 7, <NA>]

Every table has readable column names; ``styled=True`` returns a pandas ``Styler`` that
marks each player with their colour and shape (:mod:`cyclades_widgets.palette`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pandas as pd

from .i18n import LANGS
from .narrate import narrate
from .rules import creatures as _creatures
from .rules.board import MapSpec
from .rules.creatures import price
from .rules.events import Event
from .rules.ledger import revenue_of
from .rules.metropolis import free_slots
from .rules.setup import setup_events
from .rules.state import APOLLO, BUILDINGS, CREATURE_PRICES, GameState, Phase
from .view.palette import PLAYER_COLOURS, PLAYER_GLYPHS, text_colour_on

if TYPE_CHECKING:
    from pandas.io.formats.style import Styler

    from .history import BaseGame

__all__ = ["LANGS", "Tables", "creature_price"]


_PLURAL = {
    "fortress": "Fortresses",
    "port": "Ports",
    "temple": "Temples",
    "university": "Universities",
}
_PLAYER_COLUMNS = (
    "Gold",
    "Priests",
    "Philosophers",
    "Isles",
    "Fleets",
    "Troops",
    *(_PLURAL[b] for b in BUILDINGS),
    "Metropolises",
    "Revenue",
    "Eliminated",
)
_ISLE_COLUMNS = (
    "Name",
    "Owner",
    "Troops",
    "Buildings",
    "Metropolis",
    "Slots",
    "Free slots",
    "Prosperity",
    "Territory marker",
    "Figurine",
)
_SEA_COLUMNS = ("Owner", "Fleets", "Prosperity", "Kraken", "Next to")
_GOD_COLUMNS = ("God", "Face up", "Holder", "Bid", "To outbid", "Status")
_CREATURE_COLUMNS = ("Creature", "Name", "Figurine", "Effect", "In use", "Base price", "Price")
_LOG_COLUMNS = ("Step", "Cycle", "Phase", "Player", "Move", "Event", "Text")


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
    def players(self, *, styled: bool = False) -> pd.DataFrame | Styler:
        """One row per player (index ``City``, in seat order) with the columns:

        ``Gold`` (hidden as ``<NA>`` for other players when there is a viewer), ``Priests``,
        ``Philosophers``, ``Isles``, ``Fleets``, ``Troops`` (on the board), ``Fortresses``,
        ``Ports``, ``Temples``, ``Universities`` (ordinary buildings on the player's isles),
        ``Metropolises``, ``Revenue`` (GP at the next Revenue phase: one per prosperity
        symbol controlled, seed 000 'Revenues') and ``Eliminated``.
        """
        s = self.state
        rows = [self._player_row(seat) for seat in range(s.n_players)]
        df = pd.DataFrame(rows, index=pd.Index(s.names, name="City"), columns=_PLAYER_COLUMNS)
        df["Gold"] = df["Gold"].astype("Int64")
        return self._style_players(df) if styled else df

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
    def isles(self, *, lang: str = "en", styled: bool = False) -> pd.DataFrame | Styler:
        """One row per isle (index ``Isle``, the id used in notation, in map order):

        ``Name`` (in ``lang``), ``Owner`` (None if neutral), ``Troops``, ``Buildings`` (e.g.
        ``"Fortress, Port"``), ``Metropolis``, ``Slots`` (building spaces), ``Free slots``,
        ``Prosperity`` (printed cornucopias plus Apollo's markers), ``Territory marker``
        and ``Figurine`` (a creature standing on the isle, or None).
        """
        _check_lang(lang)
        rows = [self._isle_row(isle_id, lang) for isle_id in self._spec.isles]
        df = pd.DataFrame(
            rows, index=pd.Index(self._spec.isles, name="Isle"), columns=_ISLE_COLUMNS
        )
        return self._style_owner(df, "Owner", "Isles") if styled else df

    def _isle_row(self, isle_id: str, lang: str) -> list[Any]:
        isle = self.state.isles[isle_id]
        return [
            self._spec.names[isle_id][lang],
            self._owner(isle.owner),
            isle.troops,
            ", ".join(b.title() for b in isle.buildings),
            isle.metropolis,
            self._spec.isle_slots[isle_id],
            free_slots(self.state, isle_id),
            self._spec.isle_prosperity[isle_id] + isle.markers,
            isle.territory,
            None if isle.figurine is None else isle.figurine.title(),
        ]

    # ------------------------------------------------------------------ seas
    def seas(self, *, include_empty: bool = False, styled: bool = False) -> pd.DataFrame | Styler:
        """One row per sea space that holds fleets, has a prosperity symbol or holds the
        Kraken (every sea with ``include_empty=True``); index ``Sea`` (the id in notation):

        ``Owner`` (whose fleets; None if empty), ``Fleets``, ``Prosperity`` (1 for a
        prosperity sea: it earns 1 GP only while occupied, RULES-NOTES §5.1), ``Kraken``
        and ``Next to`` (the isles touching it, by id).
        """
        rows, index = [], []
        for sea in self._spec.seas:
            owner, count = self.state.fleets.get(sea, (None, 0))
            prosperity = self._spec.sea_prosperity[sea]
            kraken = self.state.kraken == sea
            if include_empty or count or prosperity or kraken:
                near = ", ".join(i for i in self._spec.isles if i in self._spec.sea_isles[sea])
                rows.append([self._owner(owner), count, prosperity, kraken, near])
                index.append(sea)
        df = pd.DataFrame(rows, index=pd.Index(index, name="Sea"), columns=_SEA_COLUMNS)
        return self._style_owner(df, "Owner", "Seas") if styled else df

    # ------------------------------------------------------------------ gods
    def gods(self, *, styled: bool = False) -> pd.DataFrame | Styler:
        """This cycle's gods top to bottom, then Apollo, with the offerings placed on them:

        ``God``, ``Face up`` (with fewer than 5 players some gods sit face down, seed 002
        '周期顺序与人数'), ``Holder`` (the player whose offering stands there; on Apollo,
        every player who chose him, first chooser first), ``Bid``, ``To outbid`` (the least
        offering that takes the god now: strictly higher, seed 000 'Offerings'), and
        ``Status``: ``face down``, ``open``, ``held``, ``acting``, ``to act``, ``done`` or
        ``unclaimed``. Before this cycle's gods are laid out the table is empty.
        """
        s = self.state
        rows: list[list[Any]] = []
        if s.phase not in (Phase.SETUP, Phase.CREATURES, Phase.GODS):
            rows = [self._god_row(pos, god) for pos, god in enumerate(s.god_order)]
            rows.append(self._apollo_row())
        index = pd.RangeIndex(1, len(rows) + 1, name="Position")
        df = pd.DataFrame(rows, index=index, columns=_GOD_COLUMNS)
        for column in ("Bid", "To outbid"):
            df[column] = df[column].astype("Int64")
        return self._style_owner(df, "Holder", "Gods") if styled else df

    def _god_row(self, position: int, god: str) -> list[Any]:
        s = self.state
        up = position < s.gods_up
        held = s.bids.get(god)
        holder = None if held is None else s.names[held[0]]
        bid = None if held is None else held[1]
        to_outbid = (1 if held is None else held[1] + 1) if up and self._bidding() else None
        return [god.title(), up, holder, bid, to_outbid, self._god_status(god, up, held)]

    def _apollo_row(self) -> list[Any]:
        s = self.state
        holders = ", ".join(s.names[p] for p in s.apollo) or None
        return ["Apollo", True, holders, None, None, self._god_status(APOLLO, True, holders)]

    def _bidding(self) -> bool:
        return self.state.phase is Phase.OFFERINGS

    def _god_status(self, god: str, up: bool, held: object) -> str:
        s = self.state
        if not up:
            return "face down"
        if s.phase in (Phase.REVENUE, Phase.OFFERINGS):
            return "held" if held else "open"
        if s.turn is not None and s.turn.god == god:
            return "acting"
        if any(q[0] == god for q in s.queue):
            return "to act"
        return "done" if held else "unclaimed"

    # ------------------------------------------------------------------ creatures
    def creatures(self, player: str | None = None, *, lang: str = "en") -> pd.DataFrame:
        """The creature track, one row per slot (index ``Slot``: 1 is the 4 GP slot):

        ``Creature`` (the card's English name, as in ``buy pegasus``; None if the slot is
        empty), then, read from ``data/creatures.json`` like the narration: ``Name`` (in
        ``lang``, "en" or "zh"), ``Figurine`` (``"none"`` for a card only, ``"isle"`` for
        the four isle figurines, ``"sea"`` for the Kraken) and ``Effect`` (one line in
        ``lang``); then ``In use`` (cycle 1 uses one slot, cycle 2 two, then three, seed
        002), ``Base price`` (4, 3, 2 GP) and ``Price``: what the buyer pays now after
        Temple and Metropolis discounts (see :func:`creature_price`). The buyer is
        ``player`` if given, else the player whose god action is under way, else the
        viewer, else nobody (``Price`` = base price). ``df.attrs`` holds ``buyer``,
        ``deck`` (cards left to draw) and ``discard``.
        """
        _check_lang(lang)
        s = self.state
        buyer = self._buyer(player)
        seat = None if buyer is None else s.seat(buyer)
        in_use = min(max(s.cycle, 1), 3)
        rows = []
        for slot, card in enumerate(s.creature_track):
            price = None if card is None else creature_price(s, seat, slot)
            rows.append([*_creature_cells(card, lang), slot < in_use, CREATURE_PRICES[slot], price])
        df = pd.DataFrame(rows, index=pd.RangeIndex(1, 4, name="Slot"), columns=_CREATURE_COLUMNS)
        df["Price"] = df["Price"].astype("Int64")
        df.attrs.update(buyer=buyer, deck=len(s.creature_deck), discard=len(s.creature_discard))
        return df

    def _buyer(self, player: str | None) -> str | None:
        if player is not None:
            return self._name(player)
        if self.state.turn is not None:
            return self.state.names[self.state.turn.player]
        return self.viewer

    # ------------------------------------------------------------------ log
    def log(self, lang: str = "en") -> pd.DataFrame:
        """The game so far, one row per event, oldest first:

        ``Step`` (0 for the setup of a game started from it, then the step number),
        ``Cycle``, ``Phase``,
        ``Player`` (who decided; None for chance and automatic steps), ``Move`` (the
        notation of the decision or chance outcome; None for automatic steps), ``Event``
        (its kind) and ``Text``, the narration in ``lang`` ("en" or "zh").
        """
        _check_lang(lang)
        if self._game is None:
            raise ValueError(
                "the log needs a Game (its history); these tables were made from a bare GameState"
            )
        initial = self._game.initial_state
        narrate = _narrator(lang, initial)
        setup = setup_events(initial) if initial.phase is Phase.SETUP else []
        rows = [
            [0, initial.cycle, initial.phase.value, None, None, e.kind, narrate(e)] for e in setup
        ]
        for number, step in enumerate(self._game.history, start=1):
            for e in step.events:
                rows.append(
                    [
                        number,
                        step.cycle,
                        step.phase.value,
                        step.player,
                        step.notation,
                        e.kind,
                        narrate(e),
                    ]
                )
        return pd.DataFrame(rows, columns=_LOG_COLUMNS)

    # ------------------------------------------------------------------ helpers
    def _name(self, player: str) -> str:
        try:
            return self.state.names[self.state.seat(player)]
        except (KeyError, AttributeError):
            raise ValueError(
                f"unknown player {player!r}; the players are {', '.join(self.state.names)}"
            ) from None

    def _owner(self, seat: int | None) -> str | None:
        return None if seat is None else self.state.names[seat]

    def _caption(self, title: str) -> str:
        s = self.state
        view = "" if self.viewer is None else f" ({self.viewer}'s view)"
        return f"{title}: cycle {s.cycle}, {s.phase.value}{view}"

    def _style_players(self, df: pd.DataFrame) -> Styler:
        seats: dict[object, int] = {name: seat for seat, name in enumerate(self.state.names)}
        styler = df.style.set_caption(self._caption("Players"))
        styler = styler.map_index(lambda name: _player_css(seats.get(name)), axis=0)
        styler = styler.format_index(lambda name: _with_glyph(name, seats.get(name)), axis=0)
        return styler.format(na_rep="?", subset=["Gold"])

    def _style_owner(self, df: pd.DataFrame, column: str, title: str) -> Styler:
        seats: dict[object, int] = {name: seat for seat, name in enumerate(self.state.names)}
        styler = df.style.set_caption(self._caption(title)).format(na_rep="")
        if df.empty:
            return styler
        styler = styler.map(lambda name: _player_css(seats.get(name)), subset=[column])
        return styler.format(lambda name: _with_glyph(name, seats.get(name)), subset=[column])


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


def _creature_cells(card: str | None, lang: str) -> list[str | None]:
    """``Creature``, ``Name``, ``Figurine`` and ``Effect`` of a track slot's card."""
    if card is None:
        return [None] * 4
    info = _creatures.catalog()[card]
    return [info.names["en"], info.names[lang], info.figurine, info.effect[lang]]


def _check_lang(lang: str) -> None:
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}; available: {', '.join(LANGS)}")


def _narrator(lang: str, state: GameState) -> Callable[[Event], str]:
    """One event in plain language, by :func:`cyclades_widgets.narrate.narrate` (with the
    isle names of this game's map)."""
    return lambda event: narrate(event, lang, state_or_map=state)
