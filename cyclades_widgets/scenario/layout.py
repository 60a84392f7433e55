"""Building the position of a scenario: the board as set, then the cycle laid out for the
phase it starts in, then every invariant of the game checked."""

from __future__ import annotations

from collections import Counter

from ..game import Game
from ..i18n import Message
from ..invariants import invariant_breaches
from ..rules import flow
from ..rules.cycle import gods_face_up, slots_in_use
from ..rules.offerings import payment
from ..rules.state import APOLLO, CREATURES, GODS, Bid, GameState, GodAction, Phase
from .core import Core, error

__all__ = ["Layout"]


class Layout(Core):
    """The state and the game of a scenario."""

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
            raise error("invariant", breaches[0].proper, breach=breaches[0])
        return s

    def game(self, seed: int = 0) -> Game:
        """A :class:`~cyclades_widgets.game.Game` from this position; ``seed`` draws the
        chance outcomes that :meth:`dice` and :meth:`force` leave open."""
        game = Game(self.state(), seed=seed, meta={"scenario": repr(self)})
        game.force(*self._forced)
        return game

    # ------------------------------------------------------------------ track and gods
    def _lay_out_track(self, s: GameState) -> None:
        use = slots_in_use(self._cycle)
        if self._track is None:
            track: list[str | None] = [*CREATURES[:use], *[None] * (3 - use)]
        else:
            track = list(self._track)
        shown = [slot for slot, card in enumerate(track) if card is not None]
        if shown and shown[-1] >= use:
            raise error("track_in_use", cycle=self._cycle, slots=use)
        both = sorted({c for c in track if c is not None} & set(self._discard))
        if both:
            raise error("track_and_discard", creatures=both)
        s.creature_track = track
        s.creature_discard = list(self._discard)
        s.creature_deck = [c for c in s.creature_deck if c not in track and c not in self._discard]

    def _lay_out_gods(self, s: GameState) -> None:
        s.god_order = list(self._gods or GODS)
        s.gods_up = gods_face_up(s.n_players)
        s.gods_down_prev = s.god_order[2:] if s.n_players == 3 and self._shuffled else []

    # ------------------------------------------------------------------ phases
    def _revenue(self, s: GameState) -> None:
        self._no_offerings("revenue")
        s.phase = Phase.REVENUE

    def _end(self, s: GameState) -> None:
        self._no_offerings("end")
        s.phase = Phase.END
        s.returned = list(reversed(s.turn_order))
        s.bid_cursor = len(s.turn_order)  # every token was placed this cycle

    def _no_offerings(self, phase: str) -> None:
        if self._bids or self._apollo:
            raise error("no_offerings", phase=phase)

    def _offerings(self, s: GameState) -> None:
        s.phase = Phase.OFFERINGS
        self._place_bids(s, self._bids, self._apollo)
        for seat in range(s.n_players):
            bids = [amount for p, amount in s.bids.values() if p == seat]
            if payment(s, seat, bids) > s.players[seat].gold:
                name = s.names[seat]
                raise error("cannot_pay", [name], player=name, gold=s.players[seat].gold,
                            bids=Message("scenario.gp_list", {"bids": bids}))  # fmt: skip
        placed = Counter(p for p, _ in s.bids.values()) + Counter(s.apollo)
        count = sum(placed.values())
        if placed != Counter(s.turn_order[:count]):
            first = [s.names[p] for p in s.turn_order[:count]]
            order = [s.names[p] for p in s.turn_order]
            raise error("token_order", order, order=order, count=count, first=first)
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
        s.bid_cursor = len(s.turn_order)  # every token is placed
        if turn is None:
            return
        at = s.queue.index(GodAction(*turn))
        s.returned = [p for _, p in s.queue[:at]]
        s.queue = s.queue[at:]
        if turn[0] != APOLLO:
            flow.auto_step(s)  # the god's action begins: turn hooks, free Priest/Philosopher
            s.step = 0
            if s.turn is not None and turn[0] in ("zeus", "athena"):
                s.turn.extra_cards = self._recruited
            elif s.turn is not None:
                s.turn.recruited = self._recruited
        elif self._recruited:
            raise error("count", ["apollo"], what=Message("scenario.what.recruited"), least=0,
                        limit=0, got=self._recruited)  # fmt: skip

    def _turn_holder(
        self, god: str, seat: int | None, bids: dict[str, list[int]], apollo: list[int]
    ) -> tuple[str, int]:
        """The (god, seat) whose action begins, recording its offering if none was given."""
        if god != APOLLO and god not in GODS:
            raise error("not_a_god_or_apollo", [repr(god), *GODS], god=repr(god), gods=list(GODS))
        holder = bids.get(god)
        if seat is None and god == APOLLO and apollo:
            return god, apollo[0]  # the first player on Apollo acts first
        if seat is None:
            if holder is None:
                raise error("nobody_holds", god=god)
            return god, holder[0]
        if god == APOLLO:
            apollo += [] if seat in apollo else [seat]
        elif holder is None:
            bids[god] = [seat, 1]
        elif holder[0] != seat:
            owner, other = self._base.names[holder[0]], self._base.names[seat]
            raise error("held_by", [owner, other], holder=owner, god=god, player=other)
        return god, seat

    @staticmethod
    def _tokens_of(s: GameState, seat: int) -> int:
        return sum(1 for p, _ in s.bids.values() if p == seat) + s.apollo.count(seat)

    def _place_bids(self, s: GameState, bids: dict[str, list[int]], apollo: list[int]) -> None:
        up = s.god_order[: s.gods_up]
        for god in bids:
            if god not in up:
                raise error("face_down", god=god, players=s.n_players, open=[*up, APOLLO])
        s.bids = {g: Bid(*v) for g, v in bids.items()}
        s.apollo = list(apollo)
        tokens = 2 if s.is_two_player else 1
        for seat in range(s.n_players):
            if self._tokens_of(s, seat) > tokens:
                name = s.names[seat]
                raise error("tokens", [name], player=name, tokens=tokens,
                            offerings=self._tokens_of(s, seat))  # fmt: skip
