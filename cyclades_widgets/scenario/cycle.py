"""The cycle of a scenario: its number, the gods, the turn track, the offerings, the
creature track, the phase to start in, and forced chance outcomes.

These settings depend on one another (an offering needs its god face up, and the tokens
placed follow the turn track), so they are checked together when the state is built
(:mod:`.layout`); each call checks only its own values.
"""

from __future__ import annotations

from collections import Counter
from typing import Self

from ..rules.actions import Action
from ..rules.gods import EXTRA_CARDS, FLEET_COSTS, TROOP_COSTS
from ..rules.state import APOLLO, CREATURES, GODS
from .core import PHASES, Core, check_count, error, norm

__all__ = ["DIE", "CycleCalls"]

DIE = (0, 1, 2, 3)
"""The faces of a battle die."""
RECRUITS = {"ares": len(TROOP_COSTS), "poseidon": len(FLEET_COSTS), "zeus": EXTRA_CARDS,
            "athena": EXTRA_CARDS}  # fmt: skip
"""The most each god's action recruits: 4 troops or fleets, or 1 extra card."""


class CycleCalls(Core):
    """Cycle, gods, turn track, creature track, offerings, phase and forced outcomes."""

    def cycle(self, number: int) -> Self:
        """The cycle number (1 by default); it decides how many creature slots are used."""
        self._cycle = check_count(number, "cycle", 10_000, least=1)
        self._log("cycle", number)
        return self

    def gods(self, *order: str, shuffled: bool = True) -> Self:
        """This cycle's gods top to bottom, e.g. ``.gods("ares", "zeus", "poseidon",
        "athena")``. Gods left out follow in the order ares, poseidon, zeus, athena. With
        4 players (or 2) the last is face down, with 3 the last two.

        With 3 players the gods are shuffled every other cycle: after a shuffle, the two
        face-down gods come up first next cycle. ``shuffled=False`` says this cycle's
        first two are last cycle's face-down pair, so all four are shuffled next cycle."""
        if shuffled is not True and (shuffled is not False or self._base.n_players != 3):
            raise error("shuffled", [repr(shuffled)], got=repr(shuffled))
        gods = [norm(g) for g in order]
        for god in gods:
            if god not in GODS:
                if god == APOLLO:
                    raise error("apollo_last")
                raise error("not_a_god", [repr(god), *GODS], god=repr(god), gods=list(GODS))
        if len(set(gods)) != len(gods):
            raise error("god_twice", gods=gods)
        self._gods = gods + [g for g in GODS if g not in gods]
        self._shuffled = shuffled
        self._log("gods", *gods, **({} if shuffled else {"shuffled": False}))
        return self

    def order(self, *players: str) -> Self:
        """The turn track: who places an offering first, second... (default: seat order).
        With 2 players, name each player twice, or once for the order A, B, A, B."""
        seats = [self._seat(p) for p in players]
        n = self._base.n_players
        if n == 2 and len(seats) == 2:
            seats = seats * 2
        tokens = 2 if n == 2 else 1
        if Counter(seats) != Counter({p: tokens for p in range(n)}):
            got = [self._base.names[p] for p in seats]
            raise error("turn_track", got, tokens=tokens, got=got)
        self._order = seats
        self._log("order", *(self._base.names[p] for p in seats))
        return self

    def creatures(self, *track: str | None) -> Self:
        """The creature track from the 4 GP slot down: ``.creatures("pegasus", "giant")``;
        ``None`` leaves a slot empty and ``.creatures()`` the whole track. Without this
        call the slots in use hold the first creatures of :data:`~.state.CREATURES`."""
        if len(track) > 3:
            raise error("track_slots", count=len(track))
        cards = [None if c is None else self._creature(c) for c in track]
        named = [c for c in cards if c is not None]
        if len(set(named)) != len(named):
            raise error("creature_twice")
        self._track = cards + [None] * (3 - len(cards))
        self._log("creatures", *cards)
        return self

    def discard(self, *cards: str) -> Self:
        """The creature cards in the discard pile (the 2 GP card leaves the track there at
        each new cycle, and a creature goes there once used). It is shuffled back into the
        draw pile when that runs out."""
        named = [self._creature(c) for c in cards]
        if len(set(named)) != len(named):
            raise error("creature_twice")
        self._discard = named
        self._log("discard", *named)
        return self

    def _creature(self, card: str) -> str:
        name = norm(card)
        if name not in CREATURES:
            creatures = list(CREATURES)
            raise error("unknown_creature", [repr(name), *creatures], creature=repr(name),
                        creatures=creatures)  # fmt: skip
        return name

    def offering(self, god: str, player: str, amount: int | None = None) -> Self:
        """``player``'s offering token stands on ``god`` (``"apollo"`` takes no amount;
        with 2 players, naming Apollo twice puts both tokens there).
        In the offerings phase it has been placed already; in the actions phase it has
        been paid. An ordinary god's offering is 1 GP unless ``amount`` says more; it
        replaces any offering on that god."""
        god, seat = norm(god), self._seat(player)
        if god == APOLLO:
            if amount:
                raise error("apollo_offering")
            tokens = 2 if self._base.is_two_player else 1
            if self._apollo.count(seat) < tokens:  # a second token only with 2 players
                self._apollo.append(seat)
            self._log("offering", god, self._base.names[seat])
            return self
        if god not in GODS:
            raise error("not_a_god_or_apollo", [repr(god), *GODS], god=repr(god), gods=list(GODS))
        amount = check_count(1 if amount is None else amount, "offering", 10_000, 1)
        self._bids[god] = [seat, amount]
        self._log("offering", god, self._base.names[seat], amount)
        return self

    def remove_offering(self, god: str, player: str | None = None) -> Self:
        """Take the offering token off ``god`` (off Apollo: ``player``'s token, or every
        token when no player is named)."""
        god = norm(god)
        seat = None if player is None else self._seat(player)
        if god == APOLLO:
            kept = [p for p in self._apollo if seat is not None and p != seat]
            if len(kept) == len(self._apollo):
                raise error("no_offering_there", god=god)
            self._apollo = kept
        elif god not in GODS:
            raise error("not_a_god_or_apollo", [repr(god), *GODS], god=repr(god), gods=list(GODS))
        elif god not in self._bids or seat not in (None, self._bids[god][0]):
            raise error("no_offering_there", god=god)
        else:
            del self._bids[god]
        who = [] if seat is None else [self._base.names[seat]]
        self._log("remove_offering", god, *who)
        return self

    def phase(
        self, name: str, *, god: str | None = None, player: str | None = None, recruited: int = 0
    ) -> Self:
        """The phase to start in: ``"revenue"``, ``"offerings"`` (the default),
        ``"actions"`` or ``"end"``.

        - ``"offerings"``: bidding begins; tokens given with :meth:`offering` are already
          placed, by the first players of the turn track.
        - ``"actions"``: the offerings are paid; players without an offering are on Apollo.
          With ``god`` (and ``player``, unless :meth:`offering` named the holder) the game
          starts in that god's action, the gods above it having acted; Zeus's and Athena's
          free card is already taken. ``recruited`` says how far the action has gone:
          the troops (Ares) or fleets (Poseidon) recruited so far, 0 to 4, so the next
          costs more; or the extra Priest (Zeus) or Philosopher (Athena) bought, 0 or 1.
          With ``god="apollo"`` Apollo's income is the next step.
        - ``"end"``: the end-of-cycle check is next; the turn track given by :meth:`order`
          is the next cycle's.
        """
        name = norm(name)
        if name not in PHASES:
            raise error("phase", [repr(name), *PHASES], phases=list(PHASES), phase=repr(name))
        if (god is None and player is not None) or (god is not None and name != "actions"):
            raise error("phase_god")
        turn = None
        if god is not None:
            turn = (norm(god), None if player is None else self._seat(player))
        most = RECRUITS.get(turn[0], 0) if turn else 0
        if recruited != 0:
            check_count(recruited, "recruited", most, least=0)
        self._phase, self._turn, self._recruited = name, turn, recruited
        said = {"god": turn and turn[0], "player": player and self._name(player),
                "recruited": recruited}  # fmt: skip
        self._log("phase", name, **{k: v for k, v in said.items() if v})
        return self

    def dice(self, *rolls: str | tuple[int, int]) -> Self:
        """Force the next battle rolls, attacker's die first: ``.dice("3 0", "1 2")``
        (faces 0 to 3). Rolls not forced come from the game's seed."""
        forced = []
        for roll in rolls:
            text = roll if isinstance(roll, str) else " ".join(str(x) for x in roll)
            words = text.lower().replace("roll", "").split()
            if len(words) != 2 or not all(w.isdigit() and int(w) in DIE for w in words):
                raise error("roll", [repr(roll)], roll=repr(roll))
            forced.append(Action("roll", (int(words[0]), int(words[1]))))
        self._forced.extend(forced)
        self._log("dice", *rolls)
        return self

    def force(self, *outcomes: str) -> Self:
        """Force any later chance outcomes in notation (``"draw pegasus"``, ``"gods ..."``)."""
        self._forced.extend([Action.parse(o) for o in outcomes])
        self._log("force", *outcomes)
        return self
