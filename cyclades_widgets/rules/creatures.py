"""Calling Mythological Creatures: the track's prices, Temple discounts, buying, and
Zeus's "change creatures" (seed 000 'Call Mythological Creatures', seed 002 FAQ
'买到神话生物后可以留到以后再用吗', RULES-NOTES §1.2).

- During their own god action, the player of any god but Apollo may buy one or more
  face-up creatures (``buy pegasus``). The price is the slot's (4, 3 or 2 GP) minus
  1 GP per Temple and per Metropolis, each only once per cycle, and never below 1 GP.
  The creature acts at once (:mod:`.creature_effects`); its slot stays empty until the
  next cycle.
- Zeus's special action (``change pegasus``): pay 1 GP, discard a face-up creature, and
  draw its replacement into the same slot: a ``draw`` chance step, preceded by an
  automatic reshuffle of the discard pile when the draw pile is empty.

Creature data (names, figurine, one-line effects in English and Chinese, confidence,
sources) is read from ``cyclades_widgets/data/creatures.json`` by
:func:`.creature_cards.catalog`.
"""

from __future__ import annotations

from . import creature_effects, creature_figurines, creature_moves, cycle, ledger  # noqa: F401  (moves, figurines: registration)
from .actions import Action, register_notation
from .creature_cards import CreatureInfo, catalog
from .events import Event, ev
from .registry import HANDLERS, PENDING, TURN_ACTIONS, PendingKind, explainer, handler
from .state import APOLLO, CREATURE_PRICES, CREATURES, GameState, Pending, Turn

__all__ = [
    "CHANGE_COST",
    "CreatureInfo",
    "buy_actions",
    "card_places",
    "catalog",
    "offer",
    "price",
    "temples_free",
]

CHANGE_COST = 1
"""Zeus's special action costs 1 GP (seed 000 'The Four Main Gods')."""


# --------------------------------------------------------------------------- prices


def temples_free(state: GameState, player: int) -> int:
    """Temples and Metropolises whose discount the player has not used this cycle."""
    power = state.building_power(player, "temple")
    return max(0, power - state.temples_used.get(player, 0))


def price(state: GameState, player: int, slot: int) -> tuple[int, int]:
    """``(price, temples used)`` for the creature in ``slot`` (0 = the 4 GP slot).

    Each Temple (and each Metropolis) takes 1 GP off, once per cycle; the price never
    drops below 1 GP, and a Temple that could not lower it further is not used up
    (seed 002 '收入与神话生物', RULES-NOTES §1.2).

    >>> from cyclades_widgets.rules.setup import new_state
    >>> s = new_state(3); s.isles["naxos"].buildings = ["temple", "temple"]
    >>> [price(s, 0, slot) for slot in range(3)]
    [(2, 2), (1, 2), (1, 1)]
    """
    base = CREATURE_PRICES[slot]
    discount = min(temples_free(state, player), base - 1)
    return base - discount, discount


def offer(state: GameState, player: int) -> list[tuple[int, str, int, int]]:
    """The face-up creatures as ``(slot, creature, price for player, temples used)``."""
    return [
        (slot, card, *price(state, player, slot))
        for slot, card in enumerate(state.creature_track)
        if card is not None
    ]


# --------------------------------------------------------------------------- buying


def buy_actions(state: GameState, turn: Turn) -> list[Action]:
    """TURN_ACTIONS generator: ``buy <creature>`` for each affordable face-up creature,
    and Zeus's ``change <creature>`` for each face-up creature when 1 GP is at hand."""
    if turn.god == APOLLO:
        return []
    gold = state.players[turn.player].gold
    actions = [
        Action("buy", (card,))
        for _slot, card, cost, _t in offer(state, turn.player)
        if cost <= gold
    ]
    if turn.god == "zeus" and gold >= CHANGE_COST:
        actions += [Action("change", (c,)) for c in state.creature_track if c is not None]
    return actions


TURN_ACTIONS.append(buy_actions)
register_notation("buy", "{w}")
register_notation("change", "{w}")


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
    return [event, *creature_effects.start(state, turn.player, creature, creature)]


@explainer("buy")
def explain_buy(state: GameState, action: Action) -> str | None:
    """Name the rule that forbids this purchase."""
    creature = action.args[0]
    if creature not in CREATURES:
        return f"{creature!r} is not a Mythological Creature; the 17 are: {', '.join(CREATURES)}"
    name = creature_effects.creature_name(creature)
    turn = state.turn
    if turn is None or state.pending:
        return (
            f"{name} can be called only during your own god's action, and not while "
            "another step is under way (seed 000 'Call Mythological Creatures')"
        )
    if creature not in state.creature_track:
        return f"{name} is not face up on the creature track ({_track_text(state, turn.player)})"
    slot = state.creature_track.index(creature)
    cost, temples = price(state, turn.player, slot)
    gold = state.players[turn.player].gold
    detail = (
        f"{CREATURE_PRICES[slot]} GP slot - {temples} Temple(s)"
        if temples
        else "no Temple discount left"
    )
    return f"{state.names[turn.player]} has {gold} GP; {name} costs {cost} GP ({detail})"


def _track_text(state: GameState, player: int) -> str:
    items = [f"{c} for {p} GP" for _s, c, p, _t in offer(state, player)]
    return "on offer: " + ", ".join(items) if items else "the track is empty this cycle"


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
    state.pending.append(Pending("creature_draw", None, {"slot": slot}))
    if not state.creature_deck:
        state.pending.append(Pending("creature_reshuffle", None, {}))
    event = ev(
        "creature_changed",
        player=state.names[turn.player],
        creature=creature,
        cost=CHANGE_COST,
        price=CREATURE_PRICES[slot],
    )
    return [event]


@explainer("change")
def explain_change(state: GameState, action: Action) -> str | None:
    """Name the rule that forbids this change."""
    turn = state.turn
    if turn is None or turn.god != "zeus" or state.pending:
        return "changing a creature is Zeus's special action, during Zeus's turn (seed 000)"
    creature = action.args[0]
    if creature not in state.creature_track:
        name = creature_effects.creature_name(creature)
        return f"{name} is not face up on the creature track ({_track_text(state, turn.player)})"
    gold = state.players[turn.player].gold
    return f"changing a creature costs {CHANGE_COST} GP; {state.names[turn.player]} has {gold} GP"


def _draw_outcomes(state: GameState, pending: Pending) -> list[tuple[Action, float]]:
    return [(Action("draw", (c,)), 1.0) for c in sorted(state.creature_deck)]


def _reshuffle(state: GameState, pending: Pending) -> list[Event]:
    state.pending.pop()
    return cycle.reshuffle(state)


PENDING["creature_draw"] = PendingKind(
    "chance", outcomes=_draw_outcomes, label="draw a creature for Zeus's change"
)
PENDING["creature_reshuffle"] = PendingKind(
    "auto", auto=_reshuffle, label="shuffle the creature discard pile into a new draw pile"
)

_track_draw = HANDLERS["draw"]


@handler("draw")
def apply_draw(state: GameState, action: Action) -> list[Event]:
    """A creature card drawn: into the slot Zeus emptied, or else onto the track at the
    start of a cycle (:func:`.cycle.apply_draw`)."""
    if not state.pending or state.pending[-1].kind != "creature_draw":
        return _track_draw(state, action)
    slot = state.pending.pop().data["slot"]
    card = action.args[0]
    state.creature_deck.remove(card)
    state.creature_track[slot] = card
    return [ev("creature_drawn", creature=card, price=CREATURE_PRICES[slot])]


# --------------------------------------------------------------------------- census


def card_places(state: GameState) -> dict[str, list[str]]:
    """Where each creature card is: ``deck``, ``discard``, ``track``, ``held`` (by a
    figurine's summoner) or ``play`` (being resolved). Each card should be in exactly
    one place; the invariant tests use this."""
    places: dict[str, list[str]] = {c: [] for c in CREATURES}
    for where, cards in (
        ("deck", state.creature_deck),
        ("discard", state.creature_discard),
        ("track", [c for c in state.creature_track if c is not None]),
        ("held", list(state.held_creatures)),
        ("play", [p.data["card"] for p in state.pending if _in_play(state, p)]),
    ):
        for card in cards:
            places.setdefault(card, []).append(where)
    return places


def _in_play(state: GameState, pending: Pending) -> bool:
    # A figurine placed while its power goes on (Polyphemus pushing, the Kraken moving)
    # already counts as held.
    return pending.kind == "creature" and pending.data["card"] not in state.held_creatures
