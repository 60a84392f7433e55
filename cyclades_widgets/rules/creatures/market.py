"""Calling Mythological Creatures: the track's prices, Temple discounts, buying, and
Zeus's "change creatures".

- During their own god action, the player of any god but Apollo may buy one or more
  face-up creatures (``buy pegasus``). The price is the slot's (4, 3 or 2 GP) minus
  1 GP per Temple and per Metropolis, each only once per cycle, and never below 1 GP.
  The creature acts at once (:mod:`.effects`); its slot stays empty until the next cycle.
- Zeus's special action (``change pegasus``): pay 1 GP, discard a face-up creature, and
  draw its replacement into the same slot: a :class:`ZeusDraw` chance step (notation
  ``draw <creature>``, like the track's draws, applied by the step itself), preceded by an
  automatic reshuffle of the discard pile when the draw pile is empty.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from .. import cycle, ledger
from ..actions import Action, made, register_notation
from ..events import Event, ev
from ..gods import turn_problem
from ..messages import Why, quoted, why
from ..registry import explainer, handler, register_pending, turn_actions
from ..state import APOLLO, CREATURE_PRICES, CREATURES, GameState, Pending, Turn
from . import effects
from .cards import named

CHANGE_COST = 1
"""Zeus's special action costs 1 GP."""
MIN_PRICE = 1
"""No Temple lowers a creature's price below 1 GP (:func:`price`)."""
TOP_PRICE = max(CREATURE_PRICES)
"""The highest price on the track: with that much gold, every creature is affordable."""

register_notation("buy", "{w}")
register_notation("change", "{w}")


@dataclass(slots=True, kw_only=True)
class ZeusDraw(Pending):
    """After Zeus's change: the replacement card is drawn into the emptied slot."""

    kind: ClassVar[str] = "creature_draw"
    slot: int
    """The track slot Zeus emptied (0 = the 4 GP slot)."""


@dataclass(slots=True, kw_only=True)
class ZeusReshuffle(Pending):
    """Before Zeus's draw, when the draw pile is empty: the discard pile is reshuffled."""

    kind: ClassVar[str] = "creature_reshuffle"


# --------------------------------------------------------------------------- prices


def temples_free(state: GameState, player: int) -> int:
    """Temples and Metropolises whose discount the player has not used this cycle."""
    power = state.building_power(player, "temple")
    return max(0, power - state.temples_used.get(player, 0))


def price(state: GameState, player: int, slot: int, free: int | None = None) -> tuple[int, int]:
    """``(price, temples used)`` for the creature in ``slot`` (0 = the 4 GP slot).
    ``free``: :func:`temples_free`, when already counted for this decision.

    Each Temple (and each Metropolis) takes 1 GP off, once per cycle; the price never
    drops below 1 GP, and a Temple that could not lower it further is not used up
    (``docs/rules-notes.md``, "Buying and the track").

    >>> from cyclades_widgets.rules.setup import new_state
    >>> s = new_state(3); s.isles["naxos"].buildings = ["temple", "temple"]
    >>> [price(s, 0, slot) for slot in range(3)]
    [(2, 2), (1, 2), (1, 1)]
    """
    base = CREATURE_PRICES[slot]
    if free is None:
        free = temples_free(state, player)
    discount = min(free, base - 1)
    return base - discount, discount


def affordable(state: GameState, player: int, slot: int, free: int | None = None) -> bool:
    """True if ``player`` can pay the :func:`price` of the creature in ``slot``.

    The Temples are counted only when they matter: the slot's full price is always
    enough, and less than the 1 GP floor never is.
    """
    gold = state.players[player].gold
    if gold >= CREATURE_PRICES[slot]:
        return True
    if gold < MIN_PRICE:
        return False
    return price(state, player, slot, free)[0] <= gold


def offer(state: GameState, player: int) -> list[tuple[int, str, int, int]]:
    """The face-up creatures as ``(slot, creature, price for player, temples used)``."""
    return [
        (slot, card, *price(state, player, slot))
        for slot, card in enumerate(state.creature_track)
        if card is not None
    ]


# --------------------------------------------------------------------------- the rules


def buy_problem(state: GameState, turn: Turn, creature: str, free: int | None = None) -> Why | None:
    """Why ``creature`` cannot be bought this turn, or None: a face-up creature, for its
    price, during any god's action but Apollo's. ``free``: :func:`temples_free`, when
    already counted for this decision."""
    if turn.god == APOLLO:
        return why("creatures.buy_apollo")
    if creature not in state.creature_track:
        name = named(creature)
        return why("creatures.not_face_up", creature=name, track=_track(state, turn.player))
    slot = state.creature_track.index(creature)
    if affordable(state, turn.player, slot, free):
        return None
    cost, temples = price(state, turn.player, slot, free)
    gold = state.players[turn.player].gold
    key = "creatures.too_poor_temples" if temples else "creatures.too_poor"
    return why(
        key,
        state,
        player=state.names[turn.player],
        gold=gold,
        creature=named(creature),
        cost=cost,
        slot_price=CREATURE_PRICES[slot],
        temples=temples,
    )


def change_problem(state: GameState, turn: Turn, creature: str) -> Why | None:
    """Why Zeus cannot change ``creature``, or None: a face-up creature, for 1 GP, during
    Zeus's action."""
    if turn.god != "zeus":
        return why("creatures.change_zeus")
    if creature not in state.creature_track:
        return why(
            "creatures.not_face_up",
            creature=named(creature),
            track=_track(state, turn.player),
        )
    gold = state.players[turn.player].gold
    if gold < CHANGE_COST:
        return why(
            "creatures.change_poor",
            state,
            cost=CHANGE_COST,
            player=state.names[turn.player],
            gold=gold,
        )
    return None


def _track(state: GameState, player: int) -> Why:
    """What is on offer: each creature with its price for ``player``."""
    items = [
        why("creatures.on_offer_item", creature=named(card, article=False), cost=cost)
        for _slot, card, cost, _t in offer(state, player)
    ]
    if not items:
        return why("creatures.track_empty")
    return why("creatures.on_offer", items=items)


# --------------------------------------------------------------------------- buying


@turn_actions
def buy_actions(state: GameState, turn: Turn) -> list[Action]:
    """``buy <creature>`` for each affordable face-up creature, and Zeus's
    ``change <creature>`` for each face-up creature when 1 GP is at hand."""
    god = turn.god
    if god == APOLLO:  # buy_problem: no purchase during Apollo's action; change: Zeus only
        return []
    player = turn.player
    gold = state.players[player].gold
    if gold < MIN_PRICE and gold < CHANGE_COST:  # nothing costs less
        return []
    track = state.creature_track
    # buy_problem's conditions (a face-up creature the player can afford), with
    # affordable's shortcuts: the full price needs no Temple; the Temples are counted
    # once, and only when a slot's full price is out of reach.
    if gold >= TOP_PRICE:
        buyable = tuple([card for card in track if card is not None])
    else:
        cards = []
        free = -1
        for slot, card in enumerate(track):
            if card is None:
                continue
            if gold < CREATURE_PRICES[slot]:
                if free < 0:
                    free = temples_free(state, player)
                if price(state, player, slot, free)[0] > gold:
                    continue
            cards.append(card)
        buyable = tuple(cards)
    buys = made("buy", (), buyable)
    if god != "zeus" or gold < CHANGE_COST:  # change_problem: Zeus, 1 GP at hand
        return list(buys)
    return [*buys, *made("change", (), tuple([c for c in track if c is not None]))]


@handler("buy")
def apply_buy(state: GameState, action: Action) -> list[Event]:
    """Pay for a face-up creature; its slot stays empty; its power acts at once."""
    turn = state.turn
    assert turn is not None
    creature = action.args[0]
    slot = state.creature_track.index(creature)
    cost, temples = price(state, turn.player, slot)
    ledger.pay(state, turn.player, cost)
    if temples:
        state.temples_used[turn.player] = state.temples_used.get(turn.player, 0) + temples
    state.creature_track[slot] = None
    event = ev(
        "creature_bought",
        variant="temples" if temples else "full",
        player=state.names[turn.player],
        creature=creature,
        price=cost,
        slot_price=CREATURE_PRICES[slot],
        temples=temples,
    )
    return [event, *effects.start(state, turn.player, creature, creature)]


@explainer("buy")
def explain_buy(state: GameState, action: Action) -> Why | None:
    """Name the rule that forbids this purchase (None if it is allowed)."""
    creature = action.args[0]
    if creature not in CREATURES:
        word = quoted(creature)
        return why("creatures.unknown", keep=[word], word=word, all=CREATURES)
    problem = turn_problem(state, why("creatures.buy_when", creature=named(creature)))
    if problem is not None:
        return problem
    assert state.turn is not None
    return buy_problem(state, state.turn, creature)


# --------------------------------------------------------------------------- Zeus: change


@handler("change")
def apply_change(state: GameState, action: Action) -> list[Event]:
    """Zeus: pay 1 GP, discard a face-up creature; its replacement is drawn next."""
    turn = state.turn
    assert turn is not None
    creature = action.args[0]
    slot = state.creature_track.index(creature)
    ledger.pay(state, turn.player, CHANGE_COST)
    state.creature_track[slot] = None
    state.creature_discard.append(creature)
    state.pending.append(ZeusDraw(player=None, slot=slot))
    if not state.creature_deck:
        state.pending.append(ZeusReshuffle(player=None))
    event = ev(
        "creature_changed",
        player=state.names[turn.player],
        creature=creature,
        cost=CHANGE_COST,
        price=CREATURE_PRICES[slot],
    )
    return [event]


@explainer("change")
def explain_change(state: GameState, action: Action) -> Why | None:
    """Name the rule that forbids this change (None if it is allowed)."""
    problem = turn_problem(state, why("creatures.change_zeus"))
    if problem is not None:
        return problem
    assert state.turn is not None
    return change_problem(state, state.turn, action.args[0])


def _draw_outcomes(state: GameState, step: ZeusDraw) -> list[tuple[Action, float]]:
    return cycle.draw_outcomes(state)


def _apply_draw(state: GameState, step: ZeusDraw, action: Action) -> list[Event]:
    """The replacement card goes into the slot Zeus emptied."""
    state.pending.pop()
    card = action.args[0]
    state.creature_deck.remove(card)
    state.creature_track[step.slot] = card
    return [ev("creature_drawn", creature=card, price=CREATURE_PRICES[step.slot])]


def _reshuffle(state: GameState, step: ZeusReshuffle) -> list[Event]:
    state.pending.pop()
    return cycle.reshuffle(state)


register_pending(ZeusDraw, "chance", outcomes=_draw_outcomes, apply=_apply_draw)
register_pending(ZeusReshuffle, "auto", auto=_reshuffle)


# --------------------------------------------------------------------------- census


def card_places(state: GameState) -> dict[str, list[str]]:
    """Where each creature card is: ``deck``, ``discard``, ``track``, ``held`` (by a
    figurine's summoner) or ``play`` (being resolved). Each card should be in exactly
    one place; the invariant tests use this."""
    places: dict[str, list[str]] = {c: [] for c in CREATURES}
    in_play = [
        p.card
        for p in state.pending
        # A figurine placed while its power goes on (Polyphemus pushing, the Kraken
        # moving) already counts as held.
        if isinstance(p, effects.CreatureStep) and p.card not in state.held_creatures
    ]
    for where, cards in (
        ("deck", state.creature_deck),
        ("discard", state.creature_discard),
        ("track", [c for c in state.creature_track if c is not None]),
        ("held", list(state.held_creatures)),
        ("play", in_play),
    ):
        for card in cards:
            places.setdefault(card, []).append(where)
    return places
