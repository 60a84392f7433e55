"""Offerings: bidding for the gods in turn order (seed 000 'Offerings', seed 002 '献祭竞价').

- Bids are placed in turn-track order; you cannot bid more than you can pay.
- An outbid must be strictly higher; the outbid player bids again at once on a
  *different* god, and the chain is settled before the next token is placed.
- Apollo is free and shared; the first player on Apollo gets the prosperity marker.
- Payment is the bid minus 1 GP per Priest, at least 1 GP per ordinary god.
- 2 players: two tokens each; a player's second token may displace their own first.
"""

from __future__ import annotations

from typing import Literal

from . import ledger
from .actions import Action
from .events import Event, ev
from .registry import explainer, handler
from .state import APOLLO, GODS, GameState, Phase


def node(state: GameState) -> tuple[Literal["decision", "auto"], int | None]:
    """Whose bid is due, or the automatic payment once every token is placed."""
    if state.displaced is not None:
        return "decision", state.displaced[0]
    if state.bid_cursor < len(state.turn_order):
        return "decision", state.turn_order[state.bid_cursor]
    return "auto", None


def bidder(state: GameState) -> int:
    """The seat that must bid now."""
    _, player = node(state)
    assert player is not None
    return player


def payment(state: GameState, player: int, bids: list[int]) -> int:
    """What ``player`` pays for these ordinary-god bids (Apollo is free).

    Each Priest takes 1 GP off each offering, never below 1 GP per offering (seed 002
    '献祭竞价'). With 2 players and ``two_player_priest_discount="total"``, Priests come
    off the total instead, still at least 1 GP per offering (RULES-NOTES §5.2).

    >>> from cyclades_widgets.rules.setup import new_state
    >>> s = new_state(["A", "B", "C"]); s.players[0].priests = 2
    >>> payment(s, 0, [3]), payment(s, 0, [1])
    (1, 1)
    """
    priests = state.players[player].priests
    if state.is_two_player and state.options.two_player_priest_discount == "total":
        return max(len(bids), sum(bids) - priests) if bids else 0
    return sum(max(1, b - priests) for b in bids)


def max_bid(state: GameState, player: int, committed: list[int]) -> int:
    """The highest offering ``player`` can afford beside their other bids ``committed``
    (0 if none): the largest amount whose :func:`payment` fits their gold. Computed
    directly, since it is on the hot path of legal-action generation.

    >>> from cyclades_widgets.rules.setup import new_state
    >>> s = new_state(["A", "B", "C"]); s.players[0].priests = 2
    >>> max_bid(s, 0, []), payment(s, 0, [max_bid(s, 0, [])]) <= s.players[0].gold
    (7, True)
    """
    gold = state.players[player].gold
    priests = state.players[player].priests
    if state.is_two_player and state.options.two_player_priest_discount == "total":
        # payment = max(offerings, total - priests) <= gold
        return gold - sum(committed) + priests if len(committed) + 1 <= gold else 0
    # payment = others + max(1, amount - priests) <= gold
    spare = gold - sum(max(1, b - priests) for b in committed)
    return spare + priests if spare >= 1 else 0


def _bids_of(state: GameState, player: int, skip: str | None = None) -> list[int]:
    return [amt for god, (p, amt) in state.bids.items() if p == player and god != skip]


def _face_up(state: GameState) -> list[str]:
    return state.god_order[: state.gods_up]


def legal_bids(state: GameState) -> list[Action]:
    """Every legal bid for the player to bid now."""
    player = bidder(state)
    excluded = state.displaced[1] if state.displaced is not None else None
    actions: list[Action] = []
    for god in _face_up(state):
        if god == excluded:
            continue
        current = state.bids.get(god)
        if current is not None and current[0] == player and not state.is_two_player:
            continue
        lowest = current[1] + 1 if current else 1
        highest = max_bid(state, player, _bids_of(state, player, skip=god))
        actions += [Action("bid", (god, amount)) for amount in range(lowest, highest + 1)]
    if _may_choose_apollo(state, player, has_other=bool(actions)):
        actions.append(Action("bid", (APOLLO,)))
    return actions


def _may_choose_apollo(state: GameState, player: int, has_other: bool) -> bool:
    # 2 players: the two tokens go on two different gods (seed 002 '双人局例外'); a
    # player already on Apollo may put the second token there only when no other bid
    # is possible (docs/rules-notes.md).
    return player not in state.apollo or not has_other


@handler("bid")
def apply_bid(state: GameState, action: Action) -> list[Event]:
    """Place a token on a god's offering track, outbidding the holder if any."""
    player = bidder(state)
    was_displaced = state.displaced is not None
    name = state.names[player]
    events: list[Event] = []
    new_displaced = None
    god = action.args[0]
    if god == APOLLO:
        first = not state.apollo
        state.apollo.append(player)
        events.append(ev("bid_apollo", player=name, first=first))
    else:
        amount = action.args[1]
        current = state.bids.get(god)
        if current is not None:
            new_displaced = [current[0], god]
            events.append(
                ev(
                    "outbid",
                    player=name,
                    god=god,
                    bid=amount,
                    previous=state.names[current[0]],
                    previous_bid=current[1],
                )
            )
        else:
            events.append(ev("bid", player=name, god=god, bid=amount))
        state.bids[god] = [player, amount]
    if not was_displaced:
        state.bid_cursor += 1
    state.displaced = new_displaced
    return events


def pay_offerings(state: GameState) -> list[Event]:
    """Everyone pays their offering(s), then the actions begin in god order, Apollo last."""
    events: list[Event] = []
    for player in state.active_players():
        bids = _bids_of(state, player)
        if not bids:
            continue
        paid = payment(state, player, bids)
        ledger.pay(state, player, paid)
        events.append(
            ev(
                "pay_offering",
                player=state.names[player],
                bids=bids,
                priests=state.players[player].priests,
                paid=paid,
                discount=state.options.two_player_priest_discount
                if state.is_two_player
                else "per_offering",
            )
        )
    state.queue = [[god, state.bids[god][0]] for god in _face_up(state) if god in state.bids]
    state.queue += [[APOLLO, p] for p in state.apollo]
    state.phase = Phase.ACTIONS
    state.turn = None
    events.append(ev("phase", phase="actions", order=[q[0] for q in state.queue]))
    return events


@explainer("bid")
def explain_bid(state: GameState, action: Action) -> str | None:
    """Name the offering rule that a bid breaks."""
    if state.phase is not Phase.OFFERINGS or state.pending:
        return f"bids are placed in the offerings phase; it is the {state.phase} phase now"
    player = bidder(state)
    name = state.names[player]
    god = action.args[0]
    if god != APOLLO and god not in GODS:
        return f"{god!r} is not a god; the gods are {', '.join(GODS)} and apollo"
    if god == APOLLO:
        if len(action.args) > 1:
            return "Apollo takes no offering: write 'bid apollo'"
        return f"{name} already has a token on Apollo; the two tokens go on different gods"
    if len(action.args) < 2:
        return f"an offering to {god.title()} needs an amount, e.g. 'bid {god} 2'"
    if god not in _face_up(state):
        return (
            f"{god.title()} is face down this cycle ({state.n_players} players: only "
            f"{', '.join(g.title() for g in _face_up(state))} and Apollo can be chosen)"
        )
    if state.displaced is not None and state.displaced[1] == god:
        return f"{name} was just outbid on {god.title()} and must bid on a different god"
    amount = action.args[1]
    current = state.bids.get(god)
    if current is not None and current[0] == player and not state.is_two_player:
        return f"{name} already holds {god.title()}"
    if current is not None and amount <= current[1]:
        return (
            f"{state.names[current[0]]} has bid {current[1]} on {god.title()}; "
            f"an outbid must be strictly higher (at least {current[1] + 1})"
        )
    if amount < 1:
        return "an offering to an ordinary god is at least 1 GP"
    committed = _bids_of(state, player, skip=god)
    cost = payment(state, player, [*committed, amount])
    gold = state.players[player].gold
    if cost > gold:
        both = " for both offerings" if committed else ""
        return (
            f"{name} has {gold} GP and cannot bid {amount} on {god.title()} "
            f"(would pay {cost}{both})"
        )
    return None
