"""Offerings: bidding for the gods in turn order.

- Bids are placed in turn-track order; you cannot bid more than you can pay.
- An outbid must be strictly higher; the outbid player bids again at once on a
  *different* god, and the chain is settled before the next token is placed.
- Apollo is free and shared; the first player on Apollo gets the prosperity marker.
- Payment is the bid minus 1 GP per Priest, at least 1 GP per ordinary god.
- 2 players: two tokens each; a player's second token may displace their own first.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from . import ledger
from .actions import MAX_NUMBER, Action
from .events import Event, ev
from .messages import Why, quoted, why
from .registry import explainer, handler
from .state import APOLLO, GODS, Bid, Displaced, GameState, GodAction, Phase

MAX_GOLD = 999
"""The most gold one player may hold: a limit of this program, not a rule. The box holds
98 GP, but the bank may owe (the supply is not a hard limit), so a player can end up with
more; random games of 30 cycles stay far below this. Positions that break it are refused
(:mod:`cyclades_widgets.invariants`), so listing the bids never does work in proportion to
a number read from a file."""


def node(state: GameState) -> tuple[Literal["decision", "auto"], int | None]:
    """Whose bid is due, or the automatic payment once every token is placed."""
    displaced = state.displaced
    if displaced is not None:
        return "decision", displaced.player
    cursor, order = state.bid_cursor, state.turn_order
    if cursor < len(order):
        return "decision", order[cursor]
    return "auto", None


def bidder(state: GameState) -> int:
    """The seat that must bid now."""
    _, player = node(state)
    assert player is not None
    return player


def payment(state: GameState, player: int, bids: list[int]) -> int:
    """What ``player`` pays for these ordinary-god bids (Apollo is free).

    Each Priest takes 1 GP off each offering, never below 1 GP per offering. With 2
    players and ``two_player_priest_discount="total"``, Priests come off the total
    instead, still at least 1 GP per offering.

    >>> from cyclades_widgets.rules.setup import new_state
    >>> s = new_state(["A", "B", "C"]); s.players[0].priests = 2
    >>> payment(s, 0, [3]), payment(s, 0, [1])
    (1, 1)
    """
    return _paid(state.players[player].priests, _discount_on_total(state), bids)


def _paid(priests: int, on_total: bool, bids: list[int]) -> int:
    """:func:`payment` for a player with ``priests``."""
    if on_total:
        return max(len(bids), sum(bids) - priests) if bids else 0
    total = 0
    for b in bids:
        total += max(1, b - priests)
    return total


def max_bid(state: GameState, player: int, committed: list[int]) -> int:
    """The highest offering ``player`` can afford beside their other bids ``committed``
    (0 if none): the largest amount whose :func:`payment` fits their gold. Computed
    directly, since it is on the hot path of legal-action generation.

    >>> from cyclades_widgets.rules.setup import new_state
    >>> s = new_state(["A", "B", "C"]); s.players[0].priests = 2
    >>> max_bid(s, 0, []), payment(s, 0, [max_bid(s, 0, [])]) <= s.players[0].gold
    (7, True)
    """
    p = state.players[player]
    return _bid_limit(p.gold, p.priests, _discount_on_total(state), committed)


def _discount_on_total(state: GameState) -> bool:
    """True when Priests come off the total of both offerings (2 players, an option)."""
    return len(state.names) == 2 and state.options.two_player_priest_discount == "total"


def _bid_limit(gold: int, priests: int, on_total: bool, committed: Sequence[int]) -> int:
    """:func:`max_bid` for a player with ``gold`` and ``priests``."""
    if on_total:
        # payment = max(offerings, total - priests) <= gold
        return gold - sum(committed) + priests if len(committed) + 1 <= gold else 0
    # payment = others + max(1, amount - priests) <= gold
    spare = gold
    for b in committed:
        spare -= max(1, b - priests)
    return spare + priests if spare >= 1 else 0


def _bids_of(state: GameState, player: int, skip: str | None = None) -> list[int]:
    return [amt for god, (p, amt) in state.bids.items() if p == player and god != skip]


def _face_up(state: GameState) -> list[str]:
    return state.god_order[: state.gods_up]


# --------------------------------------------------------------------------- the rules


def god_closed(state: GameState, player: int, god: str) -> Why | None:
    """Why ``player`` cannot bid on this ordinary god at all now, or None: it is face down,
    they were just outbid on it, or (with 3 or more players) they already hold it."""
    if god not in state.god_order[: state.gods_up]:
        return why(
            "offerings.face_down",
            god=god,
            players=state.n_players,
            open=[*_face_up(state), APOLLO],
        )
    displaced = state.displaced
    if displaced is not None and displaced.god == god:
        return why("offerings.displaced", state, player=state.names[player], god=god)
    current = state.bids.get(god)
    if current is not None and current.player == player and len(state.names) > 2:
        return why("offerings.holds", state, player=state.names[player], god=god)
    return None


def lowest_bid(state: GameState, god: str) -> int:
    """The least ``god`` can be offered now: 1 GP, or 1 more than the current bid."""
    current = state.bids.get(god)
    return current.amount + 1 if current is not None else 1


def amount_problem(state: GameState, player: int, god: str, amount: int) -> Why | None:
    """Why ``amount`` cannot be offered to ``god`` (an open god), or None: an outbid is
    strictly higher, an offering at least 1 GP, and nobody bids more than they can pay."""
    current = state.bids.get(god)
    if amount < lowest_bid(state, god):
        if current is None:
            return why("offerings.at_least_one")
        return why(
            "offerings.outbid_higher",
            state,
            holder=state.names[current.player],
            bid=current.amount,
            god=god,
            least=current.amount + 1,
        )
    committed = _bids_of(state, player, skip=god)
    if amount > max_bid(state, player, committed):
        key = "offerings.too_poor_both" if committed else "offerings.too_poor"
        return why(
            key,
            state,
            player=state.names[player],
            gold=state.players[player].gold,
            bid=amount,
            god=god,
            cost=payment(state, player, [*committed, amount]),
        )
    return None


def apollo_problem(
    state: GameState, player: int, god_bids: list[Action] | None = None
) -> Why | None:
    """Why ``player`` cannot choose Apollo now, or None. ``god_bids``: their legal bids on
    the other gods, when already listed.

    2 players: the two tokens go on two different gods; a player already on Apollo may
    put the second token there only when no other bid is possible (``docs/rules-notes.md``,
    "Offerings").
    """
    if player not in state.apollo:
        return None
    if god_bids is None:
        god_bids = _god_bids(state, player)
    if god_bids:
        return why("offerings.apollo_twice", state, player=state.names[player])
    return None


_BID_TABLE = 100
"""Bid actions of 0 to 99 GP are made once per god and shared (actions are immutable):
listing the bids slices a table instead of building an action per amount."""

_BIDS: dict[str, list[Action]] = {
    god: [Action("bid", (god, n)) for n in range(_BID_TABLE)] for god in GODS
}


def _bid_range(god: str, low: int, high: int) -> list[Action]:
    """``bid god n`` for n from ``low`` to ``high``."""
    table = _BIDS.get(god)
    if table is not None and high < _BID_TABLE:
        return table[low : high + 1]
    return [Action("bid", (god, n)) for n in range(low, high + 1)]


def _god_bids(state: GameState, player: int) -> list[Action]:
    """``player``'s legal bids on the ordinary gods, god by god, lowest amount first.

    On the hot path of the offerings, the state is read once for every god: the
    conditions are those of :func:`god_closed` (the loop runs over the face-up gods only),
    :func:`lowest_bid` and :func:`max_bid`, in the same order.
    """
    bids = state.bids
    seat = state.players[player]
    gold, priests, on_total = seat.gold, seat.priests, _discount_on_total(state)
    # the player's own bids (2 players: their first token), beside which they must pay
    mine: list[tuple[str, int]] | None = None
    for god, (holder, amount) in bids.items():
        if holder == player:
            if mine is None:
                mine = [(god, amount)]
            else:
                mine.append((god, amount))
    if mine is None:
        # :func:`max_bid` with nothing committed; never more than the notation writes,
        # so every listed bid parses
        highest = _bid_limit(gold, priests, on_total, ())
        if highest < 1:
            return []
        if highest > MAX_NUMBER:
            highest = MAX_NUMBER
    displaced = state.displaced
    just_lost = displaced.god if displaced is not None else None
    holds_closed = len(state.names) > 2
    actions: list[Action] = []
    for god in state.god_order[: state.gods_up]:
        # god_closed: "offerings.displaced", then "offerings.holds" (3 or more players)
        if god == just_lost:
            continue
        current = bids.get(god)
        if current is None:
            low = 1  # lowest_bid: 1 GP on a free god...
        elif current.player == player and holds_closed:
            continue
        else:
            low = current.amount + 1  # ...or 1 more than the current bid
        if mine is not None:
            committed = [amt for g, amt in mine if g != god]
            highest = min(_bid_limit(gold, priests, on_total, committed), MAX_NUMBER)
        if highest >= low:
            table = _BIDS.get(god)
            if table is not None and highest < _BID_TABLE:
                actions += table[low : highest + 1]
            else:
                actions += _bid_range(god, low, highest)
    return actions


_BID_APOLLO = Action("bid", (APOLLO,))


def legal_bids(state: GameState) -> list[Action]:
    """Every legal bid for the player to bid now."""
    displaced = state.displaced  # :func:`bidder`, read directly
    player = displaced.player if displaced is not None else state.turn_order[state.bid_cursor]
    actions = _god_bids(state, player)
    # apollo_problem: a player already on Apollo goes there again only with no other bid
    if not actions or player not in state.apollo:
        actions.append(_BID_APOLLO)
    return actions


_new_tuple = tuple.__new__
"""Makes a :class:`Bid`, :class:`Displaced` or :class:`GodAction` without the Python call
of a named tuple's own constructor (what that constructor itself does)."""


@handler("bid")
def apply_bid(state: GameState, action: Action) -> list[Event]:
    """Place a token on a god's offering track, outbidding the holder if any."""
    displaced = state.displaced  # :func:`bidder`, read directly
    if displaced is None:
        player = state.turn_order[state.bid_cursor]
        state.bid_cursor += 1
    else:
        player = displaced.player  # bidding again at once: the cursor stays
    name = state.names[player]
    args = action.args
    god = args[0]
    if god == APOLLO:
        apollo = state.apollo
        event = ev("bid_apollo", player=name, first=not apollo)
        apollo.append(player)
        state.displaced = None
        return [event]
    amount = args[1]
    bids = state.bids
    current = bids.get(god)
    bids[god] = _new_tuple(Bid, (player, amount))
    if current is None:
        state.displaced = None
        return [ev("bid", player=name, god=god, bid=amount)]
    state.displaced = _new_tuple(Displaced, (current.player, god))
    return [
        ev(
            "outbid",
            player=name,
            god=god,
            bid=amount,
            previous=state.names[current.player],
            previous_bid=current.amount,
        )
    ]


def pay_offerings(state: GameState) -> list[Event]:
    """Everyone pays their offering(s), then the actions begin in god order, Apollo last."""
    bids = state.bids
    offered: dict[int, list[int]] = {}  # each player's bids, in the order of state.bids
    for holder, amount in bids.values():
        if holder in offered:
            offered[holder].append(amount)
        else:
            offered[holder] = [amount]
    names = state.names
    on_total = _discount_on_total(state)
    discount = state.options.two_player_priest_discount if len(names) == 2 else "per_offering"
    events: list[Event] = []
    for player, seat in enumerate(state.players):
        if seat.eliminated or player not in offered:  # the active players with bids
            continue
        amounts = offered[player]
        paid = _paid(seat.priests, on_total, amounts)
        ledger.pay(state, player, paid)
        events.append(
            ev(
                "pay_offering",
                player=names[player],
                bids=amounts,
                priests=seat.priests,
                paid=paid,
                discount=discount,
            )
        )
    queue = [
        _new_tuple(GodAction, (god, bids[god].player)) for god in _face_up(state) if god in bids
    ]
    order = [god for god, _ in queue]
    for p in state.apollo:
        queue.append(_new_tuple(GodAction, (APOLLO, p)))
        order.append(APOLLO)
    state.queue = queue
    state.phase = Phase.ACTIONS
    state.turn = None
    events.append(ev("phase", phase="actions", order=order))
    return events


@explainer("bid")
def explain_bid(state: GameState, action: Action) -> Why | None:
    """Name the offering rule that a bid breaks (None if it breaks none)."""
    if state.phase is not Phase.OFFERINGS or state.pending or node(state)[0] != "decision":
        return why("offerings.not_now")
    player = bidder(state)
    god = action.args[0]
    if god != APOLLO and god not in GODS:
        return why(
            "offerings.not_a_god", keep=[quoted(god)], word=quoted(god), gods=(*GODS, APOLLO)
        )
    if god == APOLLO:
        if len(action.args) > 1:
            return why("offerings.apollo_free")
        return apollo_problem(state, player)
    if len(action.args) < 2:
        return why("offerings.needs_amount", keep=[f"bid {god} 2"], god=god, example=f"bid {god} 2")
    return god_closed(state, player, god) or amount_problem(state, player, god, action.args[1])
