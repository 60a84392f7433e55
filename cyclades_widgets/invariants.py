"""Invariants of a game state: facts that hold after every step, whatever was played.

:func:`check_invariants` returns human-readable breaches (an empty list when all hold). The
reliability suite calls it at every step of thousands of random games; any test may call it
on a position it built.

>>> from cyclades_widgets import Game
>>> check_invariants(Game.new(players=3, seed=1).state)
[]

What is checked, and why it holds (the readings behind these facts are in
``docs/rules-notes.md``, "Reliability: what the invariants assume"):

- **Gold is accounted for**: every GP moves through ``rules/ledger.py`` between the players
  and ``state.bank``, so ``bank + players' gold`` equals the box's supply
  (``RuleOptions.gold_supply``) at every step. The rules that create gold for a player
  (revenue, Apollo's income, the Fates' second revenue, the Sphinx buying units back) take
  it from the bank; those that destroy it (offerings, recruits, buildings, moves, creature
  purchases, Zeus's creature change, the Kraken's moves, an eliminated player's gold) put
  it back; the Griffon moves it between players. So the sum is exactly constant. No
  player's gold is ever negative (nobody may bid more than they can afford); the bank may
  be (the supply is not a hard limit). No player holds more than ``MAX_GOLD`` (999 GP, a
  limit of the program: ten times the box), and no offering is above what the notation
  writes (9,999), so no position read from a file makes listing the legal actions costly.
- **Unit caps**: at most 8 troops and 8 fleets per player, counting the attackers of a
  battle under way, which are off the board meanwhile.
- **Supplies**: 10 buildings of each type and 10 Metropolises: supply + board = 10, supply
  never negative. Priests, Philosophers and the 16 prosperity markers are conserved the
  same way.
- **Ownership**: an isle has exactly one owner or none. Troops on an isle belong to its
  owner; an owned isle without troops is held by a territory marker, a neutral isle has
  neither (it may keep buildings: an isle left with no marker to hold it, or an eliminated
  player's, turns neutral with them, ``rules/control.py``). A sea holds the fleets of one
  player only. An eliminated player holds nothing. The 3 territory markers per player are
  *not* a hard cap here: after a mutual wipe-out the defender keeps the isle with a marker
  even beyond the three (``control.keep_with_marker``).
- **Building slots**: buildings plus the Metropolis's footprint fit the isle's slots.
- **Creature cards**: the 17 cards are each in exactly one place; an island figurine stands
  on at most one isle, exactly while its card is held by the player who placed it.
- **Flow**: a decision always has at least one legal action, a chance step at least one
  outcome with probabilities summing to 1; the game is over exactly when there is a winner.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable

from .i18n import DEFAULT, Message, message
from .rules import flow
from .rules.actions import MAX_NUMBER
from .rules.battle import Battle
from .rules.board import MapSpec
from .rules.messages import clip
from .rules.metropolis import footprint
from .rules.offerings import MAX_GOLD
from .rules.state import (
    BUILDING_SUPPLY,
    BUILDINGS,
    CREATURES,
    GODS,
    MAX_FLEETS,
    MAX_TROOPS,
    METROPOLIS_SUPPLY,
    PROSPERITY_MARKERS,
    GameState,
    Isle,
    Phase,
    Player,
)

__all__ = ["INVARIANTS", "check_invariants", "family", "invariant_breaches"]

Check = Callable[[GameState], Iterable[Message]]


def check_invariants(state: GameState, *, flow_checks: bool = True) -> list[str]:
    """Every broken invariant of ``state``, as English sentences naming the rule; ``[]`` if
    none (for tests and the reliability run; :func:`invariant_breaches` gives them in any
    language).

    ``flow_checks=False`` skips the checks that compute the legal actions (faster when the
    caller computes them anyway).
    """
    return [
        f"{family(m)}: {m.render(DEFAULT)}"
        for m in invariant_breaches(state, flow_checks=flow_checks)
    ]


def invariant_breaches(state: GameState, *, flow_checks: bool = True) -> list[Message]:
    """Every broken invariant of ``state`` as a :class:`~cyclades_widgets.i18n.Message`
    (catalog ``invariants.<family>.<what>``), to show in the learner's language.

    >>> from cyclades_widgets.rules.setup import new_state
    >>> state = new_state(3)
    >>> state.players[0].gold -= 7; state.bank += 7    # gold still adds up, but...
    >>> [m.render("fr") for m in invariant_breaches(state)]
    ["Athens a -2 PO ; personne n'a jamais moins de 0 PO"]
    """
    breaches: list[Message] = []
    for check in INVARIANTS:
        if check is _flow and not flow_checks:
            continue
        try:
            breaches.extend(check(state))
        except Exception as exc:  # a malformed state must be reported, not crash the check
            name = check.__name__.strip("_")
            error = clip(repr(exc), 120)
            breaches.append(Message("invariants.check_failed", {"check": name, "error": error},
                                    frozenset({name, error})))  # fmt: skip
    return breaches


def family(breach: Message) -> str:
    """The family of a breach (``gold``, ``caps``, ``fleets``, ``supply``, ``isles``,
    ``elimination``, ``creatures``, ``order``, ``flow``), for the part of the position it
    is about."""
    parts = breach.key.split(".")
    return parts[1] if len(parts) > 2 else "flow"


def _seat_name(state: GameState, seat: int | None) -> str | int | None:
    """A seat's player name, or the seat as it is when it is not a player's."""
    return state.names[seat] if seat is not None and 0 <= seat < state.n_players else seat


# --------------------------------------------------------------------------- gold


def _gold(state: GameState) -> Iterable[Message]:
    supply = state.options.gold_supply
    total = state.bank + sum(p.gold for p in state.players)
    if total != supply:
        # every GP moves through rules/ledger.py between the players and the bank
        players = [p.gold for p in state.players]
        yield message(
            "invariants.gold.total",
            *state.names,
            players=players,
            bank=state.bank,
            total=total,
            supply=supply,
        )
    for seat, p in enumerate(state.players):
        if p.gold < 0:
            yield message(
                "invariants.gold.negative", *state.names, player=state.names[seat], gold=p.gold
            )
        elif p.gold > MAX_GOLD:
            yield message(
                "invariants.gold.too_much",
                *state.names,
                player=state.names[seat],
                gold=p.gold,
                most=MAX_GOLD,
            )


# --------------------------------------------------------------------------- units


def _caps(state: GameState) -> Iterable[Message]:
    troops = Counter[int]()
    fleets = Counter[int]()
    for isle in state.isles.values():
        if isle.owner is not None:
            troops[isle.owner] += isle.troops
    for owner, count in state.fleets.values():
        fleets[owner] += count
    # Attackers are off the board while their battle lasts, and still count toward the cap.
    for pending in state.pending:
        if isinstance(pending, Battle):
            units = troops if pending.terrain == "land" else fleets
            units[pending.attacker] += pending.attackers
    for seat, name in enumerate(state.names):
        if troops[seat] > MAX_TROOPS:
            yield message(
                "invariants.caps.troops",
                *state.names,
                player=name,
                count=troops[seat],
                most=MAX_TROOPS,
            )
        if fleets[seat] > MAX_FLEETS:
            yield message(
                "invariants.caps.fleets",
                *state.names,
                player=name,
                count=fleets[seat],
                most=MAX_FLEETS,
            )


def _fleets(state: GameState) -> Iterable[Message]:
    spec = MapSpec.load(state.map_id)
    seas = set(spec.seas)
    for sea, value in state.fleets.items():
        if sea not in seas:
            yield message("invariants.fleets.not_a_sea", *state.names, sea=sea)
            continue
        owner, count = value
        if not 0 <= owner < state.n_players:
            yield message("invariants.fleets.no_player", *state.names, sea=sea, seat=owner)
        elif state.players[owner].eliminated:
            yield message(
                "invariants.fleets.eliminated", *state.names, sea=sea, player=state.names[owner]
            )
        if count < 1:
            yield message("invariants.fleets.empty", *state.names, sea=sea, count=count)
    if state.kraken is not None and state.kraken not in seas:
        yield message("invariants.fleets.kraken", *state.names, sea=state.kraken)


# --------------------------------------------------------------------------- supplies


def _supplies(state: GameState) -> Iterable[Message]:
    on_board = Counter(b for isle in state.isles.values() for b in isle.buildings)
    for kind in BUILDINGS:
        supply = state.building_supply.get(kind, 0)
        if supply < 0:
            yield message("invariants.supply.negative", *state.names, building=kind, supply=supply)
        if supply + on_board[kind] != BUILDING_SUPPLY:
            yield message("invariants.supply.buildings", *state.names, building=kind, board=on_board[kind], supply=supply, total=BUILDING_SUPPLY)  # 10 of each in the box  # fmt: skip
    unknown = set(on_board) - set(BUILDINGS)
    if unknown:
        yield message("invariants.supply.unknown", *state.names, kinds=sorted(unknown))
    metros = sum(1 for isle in state.isles.values() if isle.metropolis)
    if state.metropolis_supply < 0 or metros + state.metropolis_supply != METROPOLIS_SUPPLY:
        yield message("invariants.supply.metropolises", *state.names, board=metros, supply=state.metropolis_supply, total=METROPOLIS_SUPPLY)  # fmt: skip
    yield from _cards(state)
    markers = sum(isle.markers for isle in state.isles.values())
    if state.prosperity_supply < 0 or markers + state.prosperity_supply != PROSPERITY_MARKERS:
        yield message("invariants.supply.prosperity", *state.names, board=markers, supply=state.prosperity_supply, total=PROSPERITY_MARKERS)  # fmt: skip


def _cards(state: GameState) -> Iterable[Message]:
    for card, total in (
        ("priest", state.options.priest_supply),
        ("philosopher", state.options.philosopher_supply),
    ):
        supply = getattr(state, f"{card}_supply")
        held = sum(getattr(p, f"{card}s") for p in state.players)
        if supply < 0 or any(getattr(p, f"{card}s") < 0 for p in state.players):
            yield message(
                "invariants.supply.cards_negative", *state.names, card=card, supply=supply
            )
        if supply + held != total:
            yield message(
                "invariants.supply.cards",
                *state.names,
                card=card,
                held=held,
                supply=supply,
                total=total,
            )


# --------------------------------------------------------------------------- isles


def _isles(state: GameState) -> Iterable[Message]:
    spec = MapSpec.load(state.map_id)
    if set(state.isles) != set(spec.isles):
        yield message("invariants.isles.map", *state.names)
    players = state.players
    for isle_id, isle in state.isles.items():
        slots = spec.isle_slots.get(isle_id, 0)
        if not _isle_ok(isle, slots, players):  # fast path; the details only on a breach
            yield from _one_isle(state, isle_id, slots)


def _isle_ok(isle: Isle, slots: int, players: list[Player]) -> bool:
    owner, troops = isle.owner, isle.troops
    if owner is None:
        held = troops == 0 and not isle.territory
    else:
        held = (
            0 <= owner < len(players)
            and not players[owner].eliminated
            and (troops > 0) != isle.territory
        )
    used = len(isle.buildings) + (footprint(slots) if isle.metropolis else 0)
    return (
        held
        and troops >= 0
        and used <= slots
        and (isle.figurine is None) == (isle.figurine_owner is None)
    )


def _one_isle(state: GameState, isle_id: str, slots: int) -> Iterable[Message]:
    isle = state.isles[isle_id]
    owner = isle.owner
    if isle.troops < 0:
        yield message("invariants.isles.negative", *state.names, isle=isle_id, count=isle.troops)
    if owner is None:
        if isle.troops:
            yield message(
                "invariants.isles.troops_no_owner", *state.names, isle=isle_id, count=isle.troops
            )
        if isle.territory:
            yield message("invariants.isles.marker_no_owner", *state.names, isle=isle_id)
    elif not 0 <= owner < state.n_players:
        yield message("invariants.isles.no_player", *state.names, isle=isle_id, seat=owner)
    else:
        name = state.names[owner]
        if state.players[owner].eliminated:
            yield message("invariants.isles.eliminated", *state.names, isle=isle_id, player=name)
        if isle.troops == 0 and not isle.territory:
            yield message("invariants.isles.unheld", *state.names, isle=isle_id, player=name)
        if isle.troops > 0 and isle.territory:
            yield message("invariants.isles.both", *state.names, isle=isle_id, count=isle.troops)
    used = len(isle.buildings) + (footprint(slots) if isle.metropolis else 0)
    if used > slots:
        key = "isles.slots_metropolis" if isle.metropolis else "isles.slots"
        yield message(
            "invariants." + key, *state.names, isle=isle_id, count=len(isle.buildings), slots=slots
        )
    if (isle.figurine is None) != (isle.figurine_owner is None):
        yield message("invariants.isles.figurine", *state.names, isle=isle_id)


def _eliminated(state: GameState) -> Iterable[Message]:
    for seat, p in enumerate(state.players):
        if not p.eliminated:
            continue
        name = state.names[seat]
        if p.gold or p.priests or p.philosophers:
            yield message("invariants.elimination.holds", *state.names, player=name, gold=p.gold, priests=p.priests, philosophers=p.philosophers)  # all returned to the supply  # fmt: skip


# --------------------------------------------------------------------------- cards & flow


def _creatures(state: GameState) -> Iterable[Message]:
    places = Counter[str]()
    places.update(state.creature_deck)
    places.update(state.creature_discard)
    places.update(c for c in state.creature_track if c is not None)
    places.update(list(state.held_creatures))  # the keys (update with a dict adds its values)
    for card, count in places.items():
        if card not in CREATURES:
            yield message("invariants.creatures.unknown", *state.names, card=card)
        elif count > 1:
            yield message(
                "invariants.creatures.twice", *state.names, card=card, count=count
            )  # one card of each creature
    if len(state.creature_track) != 3:
        yield message("invariants.creatures.track", *state.names, count=len(state.creature_track))
    yield from _figurines(state)
    missing = set(CREATURES) - set(places)
    # A card being used sits in the pending step that resolves it; otherwise none is missing.
    in_use = {v for p in state.pending for v in _strings(p.data)}
    lost = sorted(missing - in_use)
    if lost:
        yield message("invariants.creatures.lost", *state.names, cards=lost)


def _figurines(state: GameState) -> Iterable[Message]:
    standing = Counter[str]()
    for isle_id, isle in state.isles.items():
        if isle.figurine is None:
            continue
        standing[isle.figurine] += 1
        holder = state.held_creatures.get(isle.figurine)
        if holder != isle.figurine_owner:
            yield message("invariants.creatures.figurine_holder", *state.names, card=isle.figurine, isle=isle_id, placer=_seat_name(state, isle.figurine_owner), holder=_seat_name(state, holder))  # fmt: skip
    for figurine, count in standing.items():
        if count > 1:
            yield message(
                "invariants.creatures.figurines", *state.names, card=figurine, count=count
            )
    if set(state.held_since) != set(state.held_creatures):
        yield message("invariants.creatures.held_since", *state.names, held=sorted(state.held_creatures), since=sorted(state.held_since))  # fmt: skip
    for card, holder in state.held_creatures.items():
        if card != "kraken" and not standing[card]:
            yield message(
                "invariants.creatures.no_figurine",
                *state.names,
                card=card,
                holder=_seat_name(state, holder),
            )


def _strings(value: object) -> Iterable[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, list | tuple):
        for v in value:
            yield from _strings(v)


def _order(state: GameState) -> Iterable[Message]:
    if state.god_order and sorted(state.god_order) != sorted(GODS):
        yield message("invariants.order.gods", *state.names, gods=list(state.god_order))
    if state.cycle >= 1:
        tokens = 2 if state.is_two_player else 1
        counts = Counter(state.turn_order)
        for seat in state.active_players():
            if counts[seat] != tokens:
                yield message("invariants.order.tokens", *state.names, player=state.names[seat], count=counts[seat], tokens=tokens)  # one token per player  # fmt: skip
    for god, (_seat, amount) in state.bids.items():
        if god not in GODS or not 1 <= amount <= MAX_NUMBER:
            yield message("invariants.order.bid", *state.names, amount=amount, god=god, most=MAX_NUMBER, gods=list(GODS))  # fmt: skip


def _over(state: GameState) -> Iterable[Message]:
    if (state.phase is Phase.OVER) != (state.winner is not None):
        key = "flow.over_no_winner" if state.phase is Phase.OVER else "flow.winner_not_over"
        yield message("invariants." + key, *state.names, winner=_seat_name(state, state.winner))


def _flow(state: GameState) -> Iterable[Message]:
    kind, seat = flow.node(state)
    if kind == "decision":
        if seat is None or state.players[seat].eliminated:
            yield message(
                "invariants.flow.cannot_act", *state.names, player=_seat_name(state, seat)
            )
        if not flow.legal_actions(state):
            yield message("invariants.flow.no_action", *state.names, player=_seat_name(state, seat))
    elif kind == "chance":
        outcomes = flow.chance_outcomes(state)
        if not outcomes:
            yield message("invariants.flow.no_outcome", *state.names)
        elif abs(sum(w for _, w in outcomes) - 1.0) > 1e-9:
            yield message("invariants.flow.odds", *state.names)


INVARIANTS: tuple[Check, ...] = (
    _gold,
    _caps,
    _fleets,
    _supplies,
    _isles,
    _eliminated,
    _creatures,
    _order,
    _over,
    _flow,
)
"""The checks :func:`check_invariants` runs, in order (each yields its breaches)."""
