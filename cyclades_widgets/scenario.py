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
track are checked together by :meth:`Scenario.state` and :meth:`Scenario.game`.
Interpretations are listed in ``docs/rules-notes.md`` ("Tables, Scenario and Battle Lab").
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from .game import Game
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


class Scenario:
    """A builder for a game position: ``Scenario(players=3).troops(...).game()``.

    ``players`` is a number (2–5, named after the cities of seed 000) or a list of names.
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
        """``player`` holds ``isle`` with a territory marker and no troops (seed 002)."""
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
            raise ScenarioError(
                f"buildings stand on a player's isle; give {isle_id} an owner first, "
                f"e.g. .troops({isle_id!r}, {self._base.names[0]!r}, 1)"
            )
        room = free_slots(self._base, isle_id)
        if len(kinds) > room:
            raise ScenarioError(
                f"{isle_id} has {self._spec.isle_slots[isle_id]} building space(s) and "
                f"{room} free: no room for {len(kinds)} more (seed 000 'Actions': buildings "
                "go on free spaces)"
            )
        for kind, count in Counter(kinds).items():
            if self._base.building_supply[kind] < count:
                raise ScenarioError(
                    f"all {BUILDING_SUPPLY} {kind}s are on the board (seed 000 'Components')"
                )
        owner = target.owner
        kinds_after = {
            b for i in self._base.isles.values() if i.owner == owner for b in i.buildings
        }
        if kinds_after | set(kinds) >= set(BUILDINGS):
            raise ScenarioError(
                f"{self._base.names[owner]} would own a Fortress, a Port, a Temple and a "
                "University; they are swapped for a Metropolis at once (seed 000 'Creating "
                "Metropolises'), so use .metropolis(...) instead"
            )
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
            raise ScenarioError(
                f"a Metropolis stands on a player's isle; give {isle_id} an owner first"
            )
        if target.metropolis:
            raise ScenarioError(f"{isle_id} already has a Metropolis (one per isle)")
        need = footprint(self._spec.isle_slots[isle_id])
        if free_slots(self._base, isle_id) < need:
            raise ScenarioError(
                f"a Metropolis needs {need} free building space(s) on {isle_id}; it has "
                f"{free_slots(self._base, isle_id)}"
            )
        if self._base.metropolis_supply <= 0:
            raise ScenarioError("all 10 Metropolises are on the board")
        target.metropolis = True
        self._base.metropolis_supply -= 1
        self._log("metropolis", isle_id)
        return self

    def prosperity(self, isle: str, markers: int = 1) -> Scenario:
        """Put ``markers`` of Apollo's prosperity markers on ``isle`` (+1 revenue each)."""
        isle_id = self._isle(isle)
        self._count(markers, "prosperity markers", PROSPERITY_MARKERS)
        target = self._base.isles[isle_id]
        supply = self._base.prosperity_supply + target.markers
        if markers > supply:
            raise ScenarioError(f"only {supply} prosperity markers are left (16 in the box)")
        self._base.prosperity_supply = supply - markers
        target.markers = markers
        self._log("prosperity", isle_id, markers)
        return self

    # ------------------------------------------------------------------ players
    def gold(self, player: str, amount: int) -> Scenario:
        """Set a player's gold (GP behind the screen); the bank makes up the difference."""
        seat = self._seat(player)
        self._count(amount, "gold", 10_000)
        p = self._base.players[seat]
        self._base.bank -= amount - p.gold
        p.gold = amount
        self._log("gold", self._base.names[seat], amount)
        return self

    def priests(self, player: str, count: int) -> Scenario:
        """Set how many Priest cards a player holds (each takes 1 GP off an offering)."""
        return self._cards(player, count, "priest")

    def philosophers(self, player: str, count: int) -> Scenario:
        """Set how many Philosopher cards a player holds (at most 3: the 4th is swapped
        for a Metropolis at once, seed 002 FAQ 'Metropolis 有哪些取得方式')."""
        if isinstance(count, int) and count >= 4:
            raise ScenarioError(
                f"{self._name(player)} cannot hold {count} Philosophers: 4 are swapped for a "
                "Metropolis at once (seed 000 'Creating Metropolises'); use .metropolis(...)"
            )
        return self._cards(player, count, "philosopher")

    def _cards(self, player: str, count: int, card: str) -> Scenario:
        seat = self._seat(player)
        self._count(count, f"{card}s", 100)
        p = self._base.players[seat]
        attr = f"{card}s"
        supply = getattr(self._base, f"{card}_supply") + getattr(p, attr)
        if count > supply:
            raise ScenarioError(
                f"only {supply} {card} cards are in the game (RuleOptions.card_supply)"
            )
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
        4 players the last is face down, with 3 the last two (seed 002)."""
        gods = [_norm(g) for g in order]
        for god in gods:
            if god not in GODS:
                hint = " (Apollo always stands last)" if god == APOLLO else ""
                raise ScenarioError(f"{god!r} is not one of the four gods {', '.join(GODS)}{hint}")
        if len(set(gods)) != len(gods):
            raise ScenarioError(f"each god appears once in the order, not {gods}")
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
            raise ScenarioError(
                f"the turn track holds {tokens} offering token(s) per player; got "
                f"{', '.join(self._base.names[p] for p in seats)}"
            )
        self._order = seats
        self._log("order", *(self._base.names[p] for p in seats))
        return self

    def creatures(self, *track: str | None) -> Scenario:
        """The creature track from the 4 GP slot down: ``.creatures("pegasus", "giant")``;
        ``None`` leaves a slot empty and ``.creatures()`` the whole track. Without this
        call the slots in use hold the first creatures of :data:`~.state.CREATURES`."""
        if len(track) > 3:
            raise ScenarioError(f"the creature track has 3 slots (4, 3 and 2 GP), not {len(track)}")
        cards = [None if c is None else _norm(c) for c in track]
        for card in cards:
            if card is not None and card not in CREATURES:
                raise ScenarioError(f"unknown creature {card!r}; creatures: {', '.join(CREATURES)}")
        named = [c for c in cards if c is not None]
        if len(set(named)) != len(named):
            raise ScenarioError("each creature card exists once (RULES-NOTES §1.1)")
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
                raise ScenarioError("Apollo takes no offering (seed 000 'Offerings')")
            if seat not in self._apollo:
                self._apollo.append(seat)
            self._log("offering", god, self._base.names[seat])
            return self
        if god not in GODS:
            raise ScenarioError(f"{god!r} is not a god; the gods are {', '.join(GODS)} and apollo")
        amount = 1 if amount is None else amount
        self._count(amount, "an offering to an ordinary god (RULES-NOTES §5.2)", 10_000, 1)
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
            raise ScenarioError(
                f"a scenario starts in one of the phases {', '.join(PHASES)}, not {name!r}"
            )
        if (god is None and player is not None) or (god is not None and name != "actions"):
            raise ScenarioError(
                "god= (and player=) choose whose action begins, in the actions phase: "
                "e.g. .phase('actions', god='ares', player='Athens')"
            )
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
        (faces 0–3; RULES-NOTES §2). Rolls not forced come from the game's seed."""
        for roll in rolls:
            text = roll if isinstance(roll, str) else " ".join(str(x) for x in roll)
            words = text.lower().replace("roll", "").split()
            if len(words) != 2 or not all(w.isdigit() and int(w) in _DIE for w in words):
                raise ScenarioError(
                    f"a roll is two die faces, attacker's first, each 0, 1, 2 or 3: e.g. '3 0'; "
                    f"got {roll!r}"
                )
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
            raise ScenarioError(
                f"in cycle {self._cycle} the track uses {use} slot(s) (cycle 1 shows one card, "
                "cycle 2 two, then three: seed 002); set a later cycle with .cycle(3)"
            )
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
            raise ScenarioError(
                f"offerings are placed in the offerings phase and used up by the end of the "
                f"actions; a scenario in the {phase} phase cannot have any"
            )

    def _offerings(self, s: GameState) -> None:
        s.phase = Phase.OFFERINGS
        self._place_bids(s, self._bids, self._apollo)
        for seat in range(s.n_players):
            bids = [amount for p, amount in s.bids.values() if p == seat]
            if payment(s, seat, bids) > s.players[seat].gold:
                raise ScenarioError(
                    f"{s.names[seat]} has {s.players[seat].gold} GP and cannot pay offerings of "
                    f"{bids} (seed 000 'Offerings': it is forbidden to bid more than you can afford)"
                )
        placed = Counter(p for p, _ in s.bids.values()) + Counter(s.apollo)
        count = sum(placed.values())
        if placed != Counter(s.turn_order[:count]):
            first = ", ".join(s.names[p] for p in s.turn_order[:count])
            raise ScenarioError(
                f"tokens are placed in turn-track order ({', '.join(s.names[p] for p in s.turn_order)}): "
                f"with {count} placed, they must be {first}'s; set the order with .order(...)"
            )
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
            raise ScenarioError(f"{god!r} is not a god; the gods are {', '.join(GODS)} and apollo")
        holder = bids.get(god)
        if seat is None and god == APOLLO and apollo:
            return god, apollo[0]  # the first player on Apollo acts first
        if seat is None:
            if holder is None:
                raise ScenarioError(f"nobody holds {god.title()}: add player=... or .offering(...)")
            return god, holder[0]
        if god == APOLLO:
            apollo += [] if seat in apollo else [seat]
        elif holder is None:
            bids[god] = [seat, 1]
        elif holder[0] != seat:
            raise ScenarioError(
                f"{self._base.names[holder[0]]}'s offering stands on {god.title()}; "
                f"{self._base.names[seat]} cannot act for it"
            )
        return god, seat

    def _tokens_of(self, s: GameState, seat: int) -> int:
        return sum(1 for p, _ in s.bids.values() if p == seat) + s.apollo.count(seat)

    def _place_bids(self, s: GameState, bids: dict[str, list[int]], apollo: list[int]) -> None:
        up = s.god_order[: s.gods_up]
        for god in bids:
            if god not in up:
                raise ScenarioError(
                    f"{god.title()} is face down this cycle ({s.n_players} players: "
                    f"{', '.join(g.title() for g in up)} and Apollo are open); "
                    "choose the order with .gods(...)"
                )
        s.bids = {g: Bid(*v) for g, v in bids.items()}
        s.apollo = list(apollo)
        tokens = 2 if s.is_two_player else 1
        for seat in range(s.n_players):
            if self._tokens_of(s, seat) > tokens:
                raise ScenarioError(
                    f"{s.names[seat]} has {tokens} offering token(s) but "
                    f"{self._tokens_of(s, seat)} offerings (seed 000 'Offerings')"
                )

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
            raise ScenarioError(
                f"{self._base.names[seat]} has only {TERRITORY_MARKERS} territory markers "
                "(seed 000 'Components'); an isle without troops needs one"
            )

    def _seat(self, player: str) -> int:
        if not isinstance(player, str):
            raise ScenarioError(f"players are named, e.g. {self._base.names[0]!r}; got {player!r}")
        try:
            return self._base.seat(player)
        except KeyError:
            raise ScenarioError(
                f"unknown player {player!r}; the players are {', '.join(self._base.names)}"
            ) from None

    def _name(self, player: str) -> str:
        return self._base.names[self._seat(player)]

    def _isle(self, isle: str) -> str:
        isle_id = _norm(isle)
        if self._spec.is_isle(isle_id):
            return isle_id
        if self._spec.is_sea(isle_id):
            raise ScenarioError(f"{isle_id} is a sea space; troops and buildings go on isles")
        raise ScenarioError(
            f"unknown isle {isle!r} on {self._spec.id}; its isles are {', '.join(self._spec.isles)}"
        )

    def _sea(self, sea: str) -> str:
        sea_id = _norm(sea)
        if self._spec.is_sea(sea_id):
            return sea_id
        if self._spec.is_isle(sea_id):
            raise ScenarioError(
                f"{sea_id} is an isle; fleets go on sea spaces such as {self._spec.seas[0]}"
            )
        raise ScenarioError(
            f"unknown sea {sea!r} on {self._spec.id}; sea ids are a row letter and a column "
            f"number, e.g. {', '.join(self._spec.seas[:4])}"
        )

    def _building(self, kind: str) -> str:
        kind = _norm(kind)
        if kind not in BUILDINGS:
            raise ScenarioError(f"unknown building {kind!r}; buildings: {', '.join(BUILDINGS)}")
        return kind

    def _cap(self, seat: int, unit: str, elsewhere: int, count: int) -> None:
        """At most 8 troops and 8 fleets of a player on the board (seed 000 'Actions')."""
        self._count(count, unit, MAX_TROOPS)
        if elsewhere + count > MAX_TROOPS:
            raise ScenarioError(
                f"{self._base.names[seat]} would have {elsewhere + count} {unit} on the board; "
                f"the limit is {MAX_TROOPS} (seed 000 'Actions')"
            )

    @staticmethod
    def _count(value: object, what: str, limit: int, least: int = 0) -> None:
        if not isinstance(value, int) or isinstance(value, bool) or not least <= value <= limit:
            raise ScenarioError(
                f"{what}: expected a whole number from {least} to {limit}, got {value!r}"
            )


def _norm(text: object) -> str:
    if not isinstance(text, str):
        raise ScenarioError(f"expected a name or id, got {text!r}")
    return text.strip().lower()
