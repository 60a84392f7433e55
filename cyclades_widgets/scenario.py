"""``Scenario``: build any teaching position in a few readable lines, then play on from it.

>>> import cyclades_widgets as cw
>>> game = (
...     cw.Scenario(players=3)
...     .troops("naxos", "Athens", 3)
...     .gold("Sparta", 6)
...     .phase("offerings")
...     .game()
... )
>>> game.phase.value, game.to_act, game.state.players[1].gold
('offerings', 'Athens', 6)

Every method returns the scenario, so calls chain. Board calls (troops, fleets, buildings,
cards, gold) are checked at once against the rules' limits and raise :class:`ScenarioError`
(a ``ValueError``) naming the limit; the phase, gods, turn order, offerings and creature
track are checked together by :meth:`Scenario.state` and :meth:`Scenario.game`. Errors
speak the session's language (:func:`cyclades_widgets.i18n.set_language`); ids and the
names given keep the form they were written in.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from .game import Game
from .i18n import Message
from .invariants import invariant_breaches
from .rules import flow
from .rules.actions import Action
from .rules.board import MapSpec
from .rules.cycle import gods_face_up, slots_in_use
from .rules.errors import CycladesError
from .rules.metropolis import footprint, free_slots
from .rules.offerings import payment
from .rules.options import RuleOptions
from .rules.setup import new_state
from .rules.state import (
    APOLLO,
    BUILDING_SUPPLY,
    BUILDINGS,
    CREATURES,
    GODS,
    MAX_TROOPS,
    PROSPERITY_MARKERS,
    TERRITORY_MARKERS,
    Bid,
    GameState,
    GodAction,
    Isle,
    Phase,
)

__all__ = ["PHASES", "Scenario", "ScenarioError"]

PHASES = ("revenue", "offerings", "actions", "end")
"""The phases a scenario can start in (see :meth:`Scenario.phase`)."""

_DIE = (0, 1, 2, 3)


class ScenarioError(CycladesError):
    """A scenario asks for a position the rules do not allow; the message says which rule."""


def _error(key: str, literal: Iterable[str] = (), /, **params: object) -> ScenarioError:
    """The error ``scenario.<key>``; ``literal`` values (names and ids as the caller wrote
    them, code examples) are shown as written, never translated."""
    return ScenarioError(Message(f"scenario.{key}", params, frozenset(literal)))


class Scenario:
    """A builder for a game position: ``Scenario(players=3).troops(...).game()``.

    ``players`` is a number (2–5, named after the rulebook's cities) or a list of names.
    The position starts as the game's setup (each player: 5 GP, two isles with a troop,
    two fleets); :meth:`empty` clears the board first.
    """

    def __init__(
        self,
        players: int | Sequence[str] = 4,
        *,
        options: RuleOptions | None = None,
        map: str | None = None,
    ) -> None:
        self._base = new_state(players, options, map)
        self._spec = MapSpec.load(self._base.map_id)
        self._calls = [f"Scenario(players={players!r})"]
        self._cycle = 1
        self._phase = "offerings"
        self._turn: tuple[str, int | None] | None = None
        self._gods: list[str] | None = None
        self._order: list[int] | None = None
        self._track: list[str | None] | None = None
        self._bids: dict[str, list[int]] = {}
        self._apollo: list[int] = []
        self._forced: list[Action] = []

    def __repr__(self) -> str:
        return ".".join(self._calls)

    def _log(self, name: str, *args: object) -> None:
        self._calls.append(f"{name}({', '.join(repr(a) for a in args)})")

    # ------------------------------------------------------------------ board
    def empty(self) -> Scenario:
        """Clear the board: no troops, fleets, buildings or markers anywhere."""
        s = self._base
        for isle_id, isle in s.isles.items():
            self._return_pieces(isle)
            s.isles[isle_id] = Isle()
        s.fleets.clear()
        self._log("empty")
        return self

    def troops(self, isle: str, player: str, count: int) -> Scenario:
        """Put exactly ``count`` of ``player``'s troops on ``isle``, which becomes theirs
        (with its buildings). ``count=0`` holds the isle with a territory marker."""
        isle_id, seat = self._isle(isle), self._seat(player)
        target = self._base.isles[isle_id]
        here = target.troops if target.owner == seat else 0
        self._cap(seat, "troops", self._base.troops_on_board(seat) - here, count)
        if count == 0:
            self._check_markers(seat, isle_id)
        target.owner, target.troops, target.territory = seat, count, count == 0
        self._log("troops", isle_id, self._base.names[seat], count)
        return self

    def territory(self, isle: str, player: str) -> Scenario:
        """``player`` holds ``isle`` with a territory marker and no troops."""
        self.troops(isle, player, 0)
        self._calls[-1] = f"territory({self._isle(isle)!r}, {self._name(player)!r})"
        return self

    def fleets(self, sea: str, player: str, count: int) -> Scenario:
        """Put exactly ``count`` of ``player``'s fleets on ``sea`` (0 empties it)."""
        sea_id, seat = self._sea(sea), self._seat(player)
        owner, here = self._base.fleets.get(sea_id, (None, 0))
        self._cap(seat, "fleets", self._base.fleets_on_board(seat) - here * (owner == seat), count)
        if count:
            self._base.fleets[sea_id] = (seat, count)
        else:
            self._base.fleets.pop(sea_id, None)
        self._log("fleets", sea_id, self._base.names[seat], count)
        return self

    def clear(self, space: str) -> Scenario:
        """Empty one isle (no owner, troops, buildings or markers) or one sea."""
        space = _norm(space)
        if self._spec.is_sea(space):
            self._base.fleets.pop(space, None)
        else:
            isle_id = self._isle(space)
            self._return_pieces(self._base.isles[isle_id])
            self._base.isles[isle_id] = Isle()
        self._log("clear", space)
        return self

    def build(self, isle: str, *buildings: str) -> Scenario:
        """Add buildings (``"fortress"``, ``"port"``, ``"temple"``, ``"university"``) to
        an isle that has an owner, on free building spaces."""
        isle_id = self._isle(isle)
        target = self._base.isles[isle_id]
        kinds = [self._building(b) for b in buildings]
        if target.owner is None:
            example = f".troops({isle_id!r}, {self._base.names[0]!r}, 1)"
            raise _error("building_no_owner", [isle_id, example], isle=isle_id, example=example)
        room = free_slots(self._base, isle_id)
        if len(kinds) > room:
            slots = self._spec.isle_slots[isle_id]
            raise _error("no_room", isle=isle_id, slots=slots, free=room, count=len(kinds))
        for kind, count in Counter(kinds).items():
            if self._base.building_supply[kind] < count:
                raise _error("building_supply", buildings={kind: BUILDING_SUPPLY})
        owner = target.owner
        kinds_after = {
            b for i in self._base.isles.values() if i.owner == owner for b in i.buildings
        }
        if kinds_after | set(kinds) >= set(BUILDINGS):
            name = self._base.names[owner]
            raise _error("four_buildings", [name], player=name)
        for kind in kinds:
            target.buildings.append(kind)
            self._base.building_supply[kind] -= 1
        self._log("build", isle_id, *kinds)
        return self

    def metropolis(self, isle: str) -> Scenario:
        """Put a Metropolis on an isle that has an owner (it takes 2 building spaces, or
        the only space of a 1-space isle)."""
        isle_id = self._isle(isle)
        target = self._base.isles[isle_id]
        if target.owner is None:
            raise _error("metropolis_no_owner", [isle_id], isle=isle_id)
        if target.metropolis:
            raise _error("metropolis_twice", isle=isle_id)
        need = footprint(self._spec.isle_slots[isle_id])
        if free_slots(self._base, isle_id) < need:
            raise _error(
                "metropolis_room", isle=isle_id, need=need, free=free_slots(self._base, isle_id)
            )
        if self._base.metropolis_supply <= 0:
            raise _error("metropolis_supply")
        target.metropolis = True
        self._base.metropolis_supply -= 1
        self._log("metropolis", isle_id)
        return self

    def prosperity(self, isle: str, markers: int = 1) -> Scenario:
        """Put ``markers`` of Apollo's prosperity markers on ``isle`` (+1 revenue each)."""
        isle_id = self._isle(isle)
        self._count(markers, "prosperity", PROSPERITY_MARKERS)
        target = self._base.isles[isle_id]
        supply = self._base.prosperity_supply + target.markers
        if markers > supply:
            raise _error("prosperity_supply", left=supply)
        self._base.prosperity_supply = supply - markers
        target.markers = markers
        self._log("prosperity", isle_id, markers)
        return self

    # ------------------------------------------------------------------ players
    def gold(self, player: str, amount: int) -> Scenario:
        """Set a player's gold (GP behind the screen); the bank makes up the difference.
        The players together hold at most the box's gold (98 GP, or 100 with the
        rulebook's supply)."""
        seat = self._seat(player)
        supply = self._base.options.gold_supply
        self._count(amount, "gold", supply)
        p = self._base.players[seat]
        total = sum(q.gold for q in self._base.players) - p.gold + amount
        if total > supply:
            name = self._base.names[seat]
            raise _error("bank", [name], player=name, gold=amount, total=total, supply=supply)
        self._base.bank -= amount - p.gold
        p.gold = amount
        self._log("gold", self._base.names[seat], amount)
        return self

    def priests(self, player: str, count: int) -> Scenario:
        """Set how many Priest cards a player holds (each takes 1 GP off an offering)."""
        return self._cards(player, count, "priest")

    def philosophers(self, player: str, count: int) -> Scenario:
        """Set how many Philosopher cards a player holds (at most 3: the 4th is swapped
        for a Metropolis at once)."""
        if isinstance(count, int) and count >= 4:
            name = self._name(player)
            raise _error("four_philosophers", [name], player=name, count=count)
        return self._cards(player, count, "philosopher")

    def _cards(self, player: str, count: int, card: str) -> Scenario:
        seat = self._seat(player)
        self._count(count, f"{card}s", 100)
        p = self._base.players[seat]
        attr = f"{card}s"
        supply = getattr(self._base, f"{card}_supply") + getattr(p, attr)
        if count > supply:
            raise _error("card_supply", supply=supply, card=card)
        setattr(self._base, f"{card}_supply", supply - count)
        setattr(p, attr, count)
        self._log(f"{card}s", self._base.names[seat], count)
        return self

    # ------------------------------------------------------------------ cycle
    def cycle(self, number: int) -> Scenario:
        """The cycle number (1 by default); it decides how many creature slots are used."""
        self._count(number, "cycle", 10_000, least=1)
        self._cycle = number
        self._log("cycle", number)
        return self

    def gods(self, *order: str) -> Scenario:
        """This cycle's gods top to bottom, e.g. ``.gods("ares", "zeus", "poseidon",
        "athena")``. Gods left out follow in the order ares, poseidon, zeus, athena. With
        4 players the last is face down, with 3 the last two."""
        gods = [_norm(g) for g in order]
        for god in gods:
            if god not in GODS:
                if god == APOLLO:
                    raise _error("apollo_last")
                raise _error("not_a_god", [repr(god), *GODS], god=repr(god), gods=list(GODS))
        if len(set(gods)) != len(gods):
            raise _error("god_twice", gods=gods)
        self._gods = gods + [g for g in GODS if g not in gods]
        self._log("gods", *gods)
        return self

    def order(self, *players: str) -> Scenario:
        """The turn track: who places an offering first, second... (default: seat order).
        With 2 players, name each player twice, or once for the order A, B, A, B."""
        seats = [self._seat(p) for p in players]
        n = self._base.n_players
        if n == 2 and len(seats) == 2:
            seats = seats * 2
        tokens = 2 if n == 2 else 1
        if Counter(seats) != Counter({p: tokens for p in range(n)}):
            got = [self._base.names[p] for p in seats]
            raise _error("turn_track", got, tokens=tokens, got=got)
        self._order = seats
        self._log("order", *(self._base.names[p] for p in seats))
        return self

    def creatures(self, *track: str | None) -> Scenario:
        """The creature track from the 4 GP slot down: ``.creatures("pegasus", "giant")``;
        ``None`` leaves a slot empty and ``.creatures()`` the whole track. Without this
        call the slots in use hold the first creatures of :data:`~.state.CREATURES`."""
        if len(track) > 3:
            raise _error("track_slots", count=len(track))
        cards = [None if c is None else _norm(c) for c in track]
        for card in cards:
            if card is not None and card not in CREATURES:
                creatures = list(CREATURES)
                raise _error("unknown_creature", [repr(card), *creatures], creature=repr(card),
                             creatures=creatures)  # fmt: skip
        named = [c for c in cards if c is not None]
        if len(set(named)) != len(named):
            raise _error("creature_twice")
        self._track = cards + [None] * (3 - len(cards))
        self._log("creatures", *cards)
        return self

    def offering(self, god: str, player: str, amount: int | None = None) -> Scenario:
        """``player``'s offering token stands on ``god`` (``"apollo"`` takes no amount).
        In the offerings phase it has been placed already; in the actions phase it has
        been paid. An ordinary god's offering is 1 GP unless ``amount`` says more."""
        god, seat = _norm(god), self._seat(player)
        if god == APOLLO:
            if amount:
                raise _error("apollo_offering")
            if seat not in self._apollo:
                self._apollo.append(seat)
            self._log("offering", god, self._base.names[seat])
            return self
        if god not in GODS:
            raise _error("not_a_god_or_apollo", [repr(god), *GODS], god=repr(god), gods=list(GODS))
        amount = 1 if amount is None else amount
        self._count(amount, "offering", 10_000, 1)
        self._bids[god] = [seat, amount]
        self._log("offering", god, self._base.names[seat], amount)
        return self

    def phase(self, name: str, *, god: str | None = None, player: str | None = None) -> Scenario:
        """The phase to start in: ``"revenue"``, ``"offerings"`` (the default),
        ``"actions"`` or ``"end"``.

        - ``"offerings"``: bidding begins; tokens given with :meth:`offering` are already
          placed, by the first players of the turn track.
        - ``"actions"``: the offerings are paid; players without an offering are on Apollo.
          With ``god`` (and ``player``, unless :meth:`offering` named the holder) the game
          starts in that god's action, the gods above it having acted; Zeus's and Athena's
          free card is already taken. With ``god="apollo"`` Apollo's income is the next step.
        - ``"end"``: the end-of-cycle check is next; the turn track given by :meth:`order`
          is the next cycle's.
        """
        name = _norm(name)
        if name not in PHASES:
            raise _error("phase", [repr(name), *PHASES], phases=list(PHASES), phase=repr(name))
        if (god is None and player is not None) or (god is not None and name != "actions"):
            raise _error("phase_god")
        self._phase = name
        self._turn = None
        if god is not None:
            self._turn = (_norm(god), None if player is None else self._seat(player))
        extra = [f"god={god!r}"] if god else []
        extra += [f"player={self._name(player)!r}"] if player else []
        self._calls.append(f"phase({', '.join([repr(name), *extra])})")
        return self

    def dice(self, *rolls: str | tuple[int, int]) -> Scenario:
        """Force the next battle rolls, attacker's die first: ``.dice("3 0", "1 2")``
        (faces 0–3). Rolls not forced come from the game's seed."""
        for roll in rolls:
            text = roll if isinstance(roll, str) else " ".join(str(x) for x in roll)
            words = text.lower().replace("roll", "").split()
            if len(words) != 2 or not all(w.isdigit() and int(w) in _DIE for w in words):
                raise _error("roll", [repr(roll)], roll=repr(roll))
            self._forced.append(Action("roll", (int(words[0]), int(words[1]))))
        self._log("dice", *rolls)
        return self

    def force(self, *outcomes: str) -> Scenario:
        """Force any later chance outcomes in notation (``"draw pegasus"``, ``"gods ..."``)."""
        self._forced.extend(Action.parse(o) for o in outcomes)
        self._log("force", *outcomes)
        return self

    # ------------------------------------------------------------------ results
    def state(self) -> GameState:
        """The position as a new :class:`~cyclades_widgets.rules.state.GameState`."""
        s = self._base.copy()
        s.cycle = self._cycle
        self._lay_out_track(s)
        self._lay_out_gods(s)
        s.turn_order = list(self._order or range(s.n_players)) * (
            2 if s.is_two_player and not self._order else 1
        )
        {"revenue": self._revenue, "offerings": self._offerings, "actions": self._actions,
         "end": self._end}[self._phase](s)  # fmt: skip
        breaches = invariant_breaches(s)
        if breaches:  # a last check: the calls above refuse what they can name
            raise _error("invariant", breaches[0].proper, breach=breaches[0])
        return s

    def game(self, seed: int = 0) -> Game:
        """A :class:`~cyclades_widgets.game.Game` from this position; ``seed`` draws the
        chance outcomes that :meth:`dice` and :meth:`force` leave open."""
        game = Game(self.state(), seed=seed, meta={"scenario": repr(self)})
        game.force(*self._forced)
        return game

    # ------------------------------------------------------------------ building the phase
    def _lay_out_track(self, s: GameState) -> None:
        use = slots_in_use(self._cycle)
        if self._track is None:
            track: list[str | None] = [*CREATURES[:use], *[None] * (3 - use)]
        else:
            track = list(self._track)
        shown = [slot for slot, card in enumerate(track) if card is not None]
        if shown and shown[-1] >= use:
            raise _error("track_in_use", cycle=self._cycle, slots=use)
        s.creature_track = track
        s.creature_deck = [c for c in s.creature_deck if c not in track]

    def _lay_out_gods(self, s: GameState) -> None:
        s.god_order = list(self._gods or GODS)
        s.gods_up = gods_face_up(s.n_players)
        s.gods_down_prev = s.god_order[2:] if s.n_players == 3 else []

    def _revenue(self, s: GameState) -> None:
        self._no_offerings("revenue")
        s.phase = Phase.REVENUE

    def _end(self, s: GameState) -> None:
        self._no_offerings("end")
        s.phase = Phase.END
        s.returned = list(reversed(s.turn_order))

    def _no_offerings(self, phase: str) -> None:
        if self._bids or self._apollo:
            raise _error("no_offerings", phase=phase)

    def _offerings(self, s: GameState) -> None:
        s.phase = Phase.OFFERINGS
        self._place_bids(s, self._bids, self._apollo)
        for seat in range(s.n_players):
            bids = [amount for p, amount in s.bids.values() if p == seat]
            if payment(s, seat, bids) > s.players[seat].gold:
                name = s.names[seat]
                raise _error("cannot_pay", [name], player=name, gold=s.players[seat].gold,
                             bids=Message("scenario.gp_list", {"bids": bids}))  # fmt: skip
        placed = Counter(p for p, _ in s.bids.values()) + Counter(s.apollo)
        count = sum(placed.values())
        if placed != Counter(s.turn_order[:count]):
            first = [s.names[p] for p in s.turn_order[:count]]
            order = [s.names[p] for p in s.turn_order]
            raise _error("token_order", order, order=order, count=count, first=first)
        s.bid_cursor = count

    def _actions(self, s: GameState) -> None:
        s.phase = Phase.ACTIONS
        bids = {g: list(v) for g, v in self._bids.items()}
        apollo = list(self._apollo)
        turn = None if self._turn is None else self._turn_holder(*self._turn, bids, apollo)
        self._place_bids(s, bids, apollo)
        tokens = Counter(s.turn_order)
        for seat in sorted(tokens, key=s.turn_order.index):
            # Every token is placed by now: those the scenario left out went on Apollo.
            s.apollo += [seat] * (tokens[seat] - self._tokens_of(s, seat))
        s.queue = [GodAction(g, s.bids[g].player) for g in s.god_order[: s.gods_up] if g in s.bids]
        s.queue += [GodAction(APOLLO, p) for p in s.apollo]
        if turn is None:
            return
        at = s.queue.index(GodAction(*turn))
        s.returned = [p for _, p in s.queue[:at]]
        s.queue = s.queue[at:]
        if turn[0] != APOLLO:
            flow.auto_step(s)  # the god's action begins: turn hooks, free Priest/Philosopher
            s.step = 0

    def _turn_holder(
        self, god: str, seat: int | None, bids: dict[str, list[int]], apollo: list[int]
    ) -> tuple[str, int]:
        """The (god, seat) whose action begins, recording its offering if none was given."""
        if god != APOLLO and god not in GODS:
            raise _error("not_a_god_or_apollo", [repr(god), *GODS], god=repr(god), gods=list(GODS))
        holder = bids.get(god)
        if seat is None and god == APOLLO and apollo:
            return god, apollo[0]  # the first player on Apollo acts first
        if seat is None:
            if holder is None:
                raise _error("nobody_holds", god=god)
            return god, holder[0]
        if god == APOLLO:
            apollo += [] if seat in apollo else [seat]
        elif holder is None:
            bids[god] = [seat, 1]
        elif holder[0] != seat:
            owner, other = self._base.names[holder[0]], self._base.names[seat]
            raise _error("held_by", [owner, other], holder=owner, god=god, player=other)
        return god, seat

    def _tokens_of(self, s: GameState, seat: int) -> int:
        return sum(1 for p, _ in s.bids.values() if p == seat) + s.apollo.count(seat)

    def _place_bids(self, s: GameState, bids: dict[str, list[int]], apollo: list[int]) -> None:
        up = s.god_order[: s.gods_up]
        for god in bids:
            if god not in up:
                raise _error("face_down", god=god, players=s.n_players, open=[*up, APOLLO])
        s.bids = {g: Bid(*v) for g, v in bids.items()}
        s.apollo = list(apollo)
        tokens = 2 if s.is_two_player else 1
        for seat in range(s.n_players):
            if self._tokens_of(s, seat) > tokens:
                name = s.names[seat]
                raise _error("tokens", [name], player=name, tokens=tokens,
                             offerings=self._tokens_of(s, seat))  # fmt: skip

    # ------------------------------------------------------------------ checks
    def _return_pieces(self, isle: Isle) -> None:
        s = self._base
        for kind in isle.buildings:
            s.building_supply[kind] += 1
        s.metropolis_supply += 1 if isle.metropolis else 0
        s.prosperity_supply += isle.markers

    def _check_markers(self, seat: int, isle_id: str) -> None:
        target = self._base.isles[isle_id]
        used = self._base.territory_markers_used(seat) - (target.owner == seat and target.territory)
        if used >= TERRITORY_MARKERS:
            name = self._base.names[seat]
            raise _error("territory_markers", [name], player=name, markers=TERRITORY_MARKERS)

    def _seat(self, player: str) -> int:
        names = list(self._base.names)
        if not isinstance(player, str):
            example, got = repr(names[0]), repr(player)
            raise _error("player_type", [example, got], example=example, got=got)
        try:
            return self._base.seat(player)
        except KeyError:
            raise _error("unknown_player", [repr(player), *names], player=repr(player),
                         players=names) from None  # fmt: skip

    def _name(self, player: str) -> str:
        return self._base.names[self._seat(player)]

    def _isle(self, isle: str) -> str:
        isle_id = _norm(isle)
        if self._spec.is_isle(isle_id):
            return isle_id
        if self._spec.is_sea(isle_id):
            raise _error("sea_not_isle", [isle_id], sea=isle_id)
        isles = list(self._spec.isles)
        raise _error("unknown_isle", [repr(isle), *isles], isle=repr(isle), isles=isles)

    def _sea(self, sea: str) -> str:
        sea_id = _norm(sea)
        if self._spec.is_sea(sea_id):
            return sea_id
        if self._spec.is_isle(sea_id):
            raise _error("isle_not_sea", [sea_id], isle=sea_id, example=self._spec.seas[0])
        raise _error("unknown_sea", [repr(sea)], sea=repr(sea), examples=list(self._spec.seas[:4]))

    def _building(self, kind: str) -> str:
        kind = _norm(kind)
        if kind not in BUILDINGS:
            buildings = list(BUILDINGS)
            raise _error("unknown_building", [repr(kind), *buildings], building=repr(kind),
                         buildings=buildings)  # fmt: skip
        return kind

    def _cap(self, seat: int, unit: str, elsewhere: int, count: int) -> None:
        """At most 8 troops and 8 fleets of a player on the board."""
        self._count(count, unit, MAX_TROOPS)
        if elsewhere + count > MAX_TROOPS:
            name = self._base.names[seat]
            raise _error(f"limit.{unit}", [name], player=name, count=elsewhere + count,
                         limit=MAX_TROOPS)  # fmt: skip

    @staticmethod
    def _count(value: object, what: str, limit: int, least: int = 0) -> None:
        if not isinstance(value, int) or isinstance(value, bool) or not least <= value <= limit:
            got = repr(value)
            raise _error("count", [got], what=Message(f"scenario.what.{what}"), least=least,
                         limit=limit, got=got)  # fmt: skip


def _norm(text: object) -> str:
    if not isinstance(text, str):
        raise _error("not_text", [repr(text)], got=repr(text))
    return text.strip().lower()
