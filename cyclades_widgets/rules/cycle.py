"""The automatic and chance parts of a cycle: turn order at setup, the creature track,
the gods track, revenue, and the end-of-cycle check."""

from __future__ import annotations

from functools import lru_cache
from itertools import permutations
from typing import Literal

from . import ledger
from .actions import Action
from .events import Event, ev
from .messages import Why, why
from .registry import CYCLE_START, explainer, handler
from .state import CREATURE_PRICES, CREATURES, GODS, GameState, Phase

# --------------------------------------------------------------------------- setup order


def order_outcomes(state: GameState) -> list[tuple[Action, float]]:
    """Setup: offering tokens in random order; two per player with 2."""
    return list(_order_outcomes(tuple(state.names)))


@lru_cache(maxsize=64)
def _order_outcomes(names: tuple[str, ...]) -> tuple[tuple[Action, float], ...]:
    """:func:`order_outcomes` for the players ``names``, made once."""
    tokens = [i for i in range(len(names)) for _ in range(2 if len(names) == 2 else 1)]
    seen = sorted(set(permutations(tokens)))
    return tuple((Action("order", (tuple(names[i].lower() for i in perm),)), 1.0) for perm in seen)


@handler("order")
def apply_order(state: GameState, action: Action) -> list[Event]:
    """Place the offering tokens on the turn track, then start cycle 1."""
    state.turn_order = [state.seat(name) for name in action.args[0]]
    events = [ev("turn_order", order=[state.names[i] for i in state.turn_order])]
    return events + new_cycle(state)


# --------------------------------------------------------------------------- creature track


def slots_in_use(cycle: int) -> int:
    """1 card in cycle 1, 2 in cycle 2, then 3."""
    return 3 if cycle >= 3 else cycle if cycle >= 1 else 1


def new_cycle(state: GameState) -> list[Event]:
    """Start the next cycle: update the creature track (discard the 2 GP card, slide)."""
    cycle = state.cycle = state.cycle + 1
    state.phase = Phase.CREATURES
    state.temples_used = {}
    events = [ev("cycle_start", cycle=cycle)]
    track = state.creature_track
    last = track[2]
    if last is not None:
        events.append(ev("creature_discarded", creature=last, reason="track"))
        state.creature_discard.append(last)
        track[2] = None
    # Slide the remaining cards toward the cheap end, within the slots used this cycle.
    use = slots_in_use(cycle)
    cards = [c for c in track[:use] if c is not None]
    first = use - len(cards)
    new_track: list[str | None] = [None, None, None]
    new_track[first:use] = cards
    for slot in range(first, use):
        moved = new_track[slot]
        if track[slot] != moved:
            events.append(ev("creature_slides", creature=moved, price=CREATURE_PRICES[slot]))
    state.creature_track = new_track
    for hook in CYCLE_START:
        events += hook(state)
    return events


def _empty_slot(state: GameState) -> int | None:
    """The dearest empty slot in use this cycle, or None."""
    track = state.creature_track
    for slot in range(slots_in_use(state.cycle)):
        if track[slot] is None:
            return slot
    return None


def creatures_node(state: GameState) -> tuple[Literal["chance", "auto"], None]:
    """A chance draw while a slot in use is empty and cards remain; otherwise automatic."""
    if state.creature_deck and _empty_slot(state) is not None:
        return "chance", None
    return "auto", None


def draw_outcomes(state: GameState) -> list[tuple[Action, float]]:
    """Each card left in the draw pile is equally likely."""
    cards = sorted(state.creature_deck)
    try:
        return list(map(_DRAW_PAIRS.__getitem__, cards))
    except KeyError:  # a card that is no creature of the box (a position made by hand)
        return [(Action("draw", (c,)), 1.0) for c in cards]


_DRAW_PAIRS: dict[str, tuple[Action, float]] = {c: (Action("draw", (c,)), 1.0) for c in CREATURES}
""":func:`draw_outcomes`' outcome for each creature card, made once (pairs are immutable)."""


@handler("draw")
def apply_draw(state: GameState, action: Action) -> list[Event]:
    """Put the drawn creature on the most expensive empty slot in use."""
    card = action.args[0]
    slot = _empty_slot(state)
    assert slot is not None
    state.creature_deck.remove(card)
    state.creature_track[slot] = card
    return [ev("creature_drawn", creature=card, price=CREATURE_PRICES[slot])]


def creatures_auto(state: GameState) -> list[Event]:
    """Reshuffle the discard pile when the draw pile is empty, or move on to the gods."""
    if _empty_slot(state) is not None and not state.creature_deck and state.creature_discard:
        return reshuffle(state)
    state.phase = Phase.GODS
    return [ev("phase", phase="gods")]


def reshuffle(state: GameState, *, reason: str = "empty") -> list[Event]:
    """The discard pile becomes the draw pile, when a card must be drawn from an empty one.

    The order of the new pile is random through the later ``draw`` chance steps.
    """
    cards = sorted(state.creature_discard)
    state.creature_deck.extend(cards)
    state.creature_deck.sort()
    state.creature_discard.clear()
    return [ev("creatures_reshuffled", count=len(cards), variant=reason)]


# --------------------------------------------------------------------------- gods track


def gods_face_up(n_players: int) -> int:
    """Gods face up: all 4 with 5 players, 3 with 4 (and 2), 2 with 3."""
    return _FACE_UP[n_players]


_FACE_UP = {5: 4, 4: 3, 3: 2, 2: 3}
""":func:`gods_face_up` by number of players."""


def gods_outcomes(state: GameState) -> list[tuple[Action, float]]:
    """Possible god orders this cycle.

    - 5 players: any order of the four gods.
    - 4 (and 2) players: the god face down last cycle goes first; the other 3 shuffled.
    - 3 players: after a reshuffle, the 2 gods that were face down are used next cycle;
      the cycle after that, all four are reshuffled.
    """
    n = len(state.names)
    if n in (4, 2) and state.god_order:
        return list(_orders(state.god_order[-1], (), ()))
    if n == 3 and state.gods_down_prev:
        return list(_orders(None, tuple(state.gods_down_prev), tuple(state.god_order[:2])))
    return list(_orders(None, (), ()))


@lru_cache(maxsize=64)
def _orders(
    first: str | None, down: tuple[str, ...], up_before: tuple[str, ...]
) -> tuple[tuple[Action, float], ...]:
    """:func:`gods_outcomes`: ``first`` goes first (4 and 2 players), or the ``down`` gods
    are shuffled before ``up_before`` (3 players), or (neither) all four are shuffled.
    Made once per case."""
    orders: list[tuple[str, ...]]
    if first is not None:
        rest = [g for g in GODS if g != first]
        orders = [(first, *p) for p in permutations(rest)]
    elif down:
        orders = [(*p, *up_before) for p in permutations(down)]
    else:
        orders = list(permutations(GODS))
    return tuple((Action("gods", (o,)), 1.0) for o in orders)


@handler("gods")
def apply_gods(state: GameState, action: Action) -> list[Event]:
    """Lay out the gods top to bottom; the last ones are face down with fewer players."""
    order = list(action.args[0])
    n = len(state.names)
    reshuffled = not (n == 3 and state.gods_down_prev)
    state.god_order = order
    up = state.gods_up = gods_face_up(n)
    state.gods_down_prev = order[2:] if (n == 3 and reshuffled) else []
    state.phase = Phase.REVENUE
    return [ev("gods_order", order=order[:up], face_down=order[up:])]


# --------------------------------------------------------------------------- revenue


def revenue(state: GameState) -> list[Event]:
    """Each player receives 1 GP per prosperity symbol controlled."""
    events = []
    names, players = state.names, state.players
    for p, (total, land, sea) in enumerate(ledger.revenues(state)):
        if players[p].eliminated:  # the active players, in seat order
            continue
        ledger.gain(state, p, total)
        events.append(ev("revenue", player=names[p], gold=total, isles=land, seas=sea))
    state.phase = Phase.OFFERINGS
    state.bid_cursor = 0
    state.bids = {}
    state.apollo = []
    state.displaced = None
    events.append(ev("phase", phase="offerings"))
    return events


# --------------------------------------------------------------------------- end of cycle


def ranking(state: GameState) -> list[int]:
    """Players who reached the target, best first, by the tie-break rule option."""
    target = state.metropolises_to_win
    count = state.metropolis_counts()
    if max(count) < target:  # nobody has reached it
        return []
    reached = [
        p for p, seat in enumerate(state.players) if not seat.eliminated and count[p] >= target
    ]
    if len(reached) < 2:
        return reached
    by_metropolises = state.options.tie_break != "gold"

    def key(p: int) -> tuple[int, int, int]:
        first = -count[p] if by_metropolises else 0
        return (first, -state.players[p].gold, p)

    return sorted(reached, key=key)


def _tie_break_used(state: GameState, reached: list[int]) -> str | None:
    """Which rule chose the winner among ``reached`` (ranked): None when only one player
    reached the target (or, with ``tie_break="metropolises_then_gold"``, had strictly most
    Metropolises), the option's name when it decided, ``"seat"`` when even gold is equal:
    the rules leave that open, and the first seat wins (docs/rules-notes.md)."""
    if len(reached) < 2:
        return None
    first, second = reached[0], reached[1]
    more = state.metropolises(first) > state.metropolises(second)
    if state.options.tie_break != "gold" and more:
        return None
    if state.players[first].gold > state.players[second].gold:
        return state.options.tie_break
    return "seat"


def end_of_cycle(state: GameState) -> list[Event]:
    """Check for a winner only now, at the end of the cycle."""
    reached = ranking(state)
    events: list[Event] = []
    if reached:
        winner = reached[0]
        state.winner = winner
        state.phase = Phase.OVER
        events.append(
            ev(
                "game_won",
                player=state.names[winner],
                metropolises=state.metropolises(winner),
                gold=state.players[winner].gold,
                contenders=[state.names[p] for p in reached],
                tie_break=_tie_break_used(state, reached),
            )
        )
        return events
    # Tokens went to the highest free space after acting: the next bidding order is the
    # reverse of this cycle's acting order (the turn track's update).
    state.turn_order = [p for p in reversed(state.returned) if not state.players[p].eliminated]
    state.returned = []
    events.append(
        ev("cycle_end", cycle=state.cycle, order=[state.names[p] for p in state.turn_order])
    )
    return events + new_cycle(state)


# --------------------------------------------------------------------------- explanations


@explainer("order")
def explain_order(state: GameState, action: Action) -> Why:
    """A player tried to set the turn order: it is a chance step of the setup."""
    return why("cycle.order")


@explainer("gods")
def explain_gods(state: GameState, action: Action) -> Why:
    """A player tried to lay out the gods: it is a chance step at the start of a cycle."""
    return why("cycle.gods")


@explainer("draw")
def explain_draw(state: GameState, action: Action) -> Why:
    """A player tried to draw a creature: cards are drawn only when the track is updated."""
    return why("cycle.draw")
