"""Invariants of a game state: facts that hold after every step, whatever was played.

:func:`check_invariants` returns human-readable breaches (an empty list when all hold). The
reliability suite calls it at every step of thousands of random games; any test may call it
on a position it built.

>>> from cyclades_widgets import Game
>>> check_invariants(Game.new(players=3, seed=1).state)
[]

What is checked, and where each fact comes from:

- **Gold is accounted for** (DESIGN §6): every GP moves through ``rules/ledger.py`` between
  the players and ``state.bank``, so ``bank + players' gold`` equals the box's supply
  (``RuleOptions.gold_supply``) at every step. The rules that create gold for a player
  (revenue, Apollo's income, the Fates' second revenue, the Sphinx buying units back) take
  it from the bank; those that destroy it (offerings, recruits, buildings, moves, creature
  purchases, Zeus's creature change, the Kraken's moves, an eliminated player's gold) put
  it back; the Griffon moves it between players. So the sum is exactly constant. No
  player's gold is ever negative ("it is forbidden to bid more than you can afford",
  seed 000); the bank may be (RULES-NOTES §0: the supply is not a hard limit). No player
  holds more than ``MAX_GOLD`` (999 GP, a limit of the program: ten times the box), and no
  offering is above what the notation writes (9,999), so no position read from a file
  makes listing the legal actions costly.
- **Unit caps**: at most 8 troops and 8 fleets per player (seed 000 'Actions'), counting
  the attackers of a battle under way, which are off the board meanwhile.
- **Supplies**: 10 buildings of each type and 10 Metropolises (seed 000 'Components'):
  supply + board = 10, supply never negative. Priests, Philosophers and the 16 prosperity
  markers are conserved the same way.
- **Ownership**: an isle has exactly one owner or none. Troops on an isle belong to its
  owner; an owned isle without troops is held by a territory marker (seed 002 '撤退与控制'),
  a neutral isle has neither (it may keep buildings: an isle left with no marker to hold it,
  or an eliminated player's, turns neutral with them, ``rules/control.py``). A sea holds the
  fleets of one player only (seed 000 'Battle'). An eliminated player holds nothing
  (RULES-NOTES §5.7). The 3 territory markers per player are *not* a hard cap here: after
  a mutual wipe-out the defender keeps the isle with a marker even beyond the three
  (``control.keep_with_marker``).
- **Building slots**: buildings plus the Metropolis's footprint fit the isle's slots.
- **Creature cards**: the 17 cards are each in exactly one place (RULES-NOTES §1.1); an
  island figurine stands on at most one isle, exactly while its card is held by the player
  who placed it.
- **Flow**: a decision always has at least one legal action, a chance step at least one
  outcome with probabilities summing to 1; the game is over exactly when there is a winner.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable

from .rules import flow
from .rules.actions import MAX_NUMBER
from .rules.battle import Battle
from .rules.board import MapSpec
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

__all__ = ["INVARIANTS", "check_invariants"]

Check = Callable[[GameState], Iterable[str]]


def check_invariants(state: GameState, *, flow_checks: bool = True) -> list[str]:
    """Every broken invariant of ``state``, as sentences naming the rule; ``[]`` if none.

    ``flow_checks=False`` skips the checks that compute the legal actions (faster when the
    caller computes them anyway).
    """
    breaches: list[str] = []
    for check in INVARIANTS:
        if check is _flow and not flow_checks:
            continue
        try:
            breaches.extend(check(state))
        except Exception as exc:  # a malformed state must be reported, not crash the check
            breaches.append(f"{check.__name__.strip('_')}: check failed with {exc!r}")
    return breaches


# --------------------------------------------------------------------------- gold


def _gold(state: GameState) -> Iterable[str]:
    supply = state.options.gold_supply
    total = state.bank + sum(p.gold for p in state.players)
    if total != supply:
        yield (
            f"gold: bank {state.bank} + players {[p.gold for p in state.players]} = {total} GP, "
            f"but the box holds {supply} GP (all gold moves through rules/ledger.py)"
        )
    for seat, p in enumerate(state.players):
        if p.gold < 0:
            yield f"gold: {state.names[seat]} has {p.gold} GP (never below 0, seed 000 'Offerings')"
        elif p.gold > MAX_GOLD:
            yield f"gold: {state.names[seat]} has {p.gold} GP (at most {MAX_GOLD}, a limit of the program)"


# --------------------------------------------------------------------------- units


def _caps(state: GameState) -> Iterable[str]:
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
            yield f"caps: {name} has {troops[seat]} troops (at most {MAX_TROOPS}, seed 000 'Actions')"
        if fleets[seat] > MAX_FLEETS:
            yield f"caps: {name} has {fleets[seat]} fleets (at most {MAX_FLEETS}, seed 000 'Actions')"


def _fleets(state: GameState) -> Iterable[str]:
    spec = MapSpec.load(state.map_id)
    seas = set(spec.seas)
    for sea, value in state.fleets.items():
        if sea not in seas:
            yield f"fleets: {sea!r} is not a sea of {state.map_id}"
            continue
        owner, count = value
        if not 0 <= owner < state.n_players:
            yield f"fleets: sea {sea} is held by seat {owner}, not a player"
        elif state.players[owner].eliminated:
            yield f"fleets: sea {sea} holds fleets of {state.names[owner]}, who is eliminated"
        if count < 1:
            yield f"fleets: sea {sea} is listed with {count} fleets (an empty sea is not listed)"
    if state.kraken is not None and state.kraken not in seas:
        yield f"fleets: the Kraken is on {state.kraken!r}, not a sea of {state.map_id}"


# --------------------------------------------------------------------------- supplies


def _supplies(state: GameState) -> Iterable[str]:
    on_board = Counter(b for isle in state.isles.values() for b in isle.buildings)
    for kind in BUILDINGS:
        supply = state.building_supply.get(kind, 0)
        if supply < 0:
            yield f"supply: {supply} {kind}s left in the supply (never below 0)"
        if supply + on_board[kind] != BUILDING_SUPPLY:
            yield (
                f"supply: {on_board[kind]} {kind}s on the board + {supply} in the supply "
                f"≠ {BUILDING_SUPPLY} (seed 000 'Components')"
            )
    unknown = set(on_board) - set(BUILDINGS)
    if unknown:
        yield f"supply: unknown building types on the board: {sorted(unknown)}"
    metros = sum(1 for isle in state.isles.values() if isle.metropolis)
    if state.metropolis_supply < 0 or metros + state.metropolis_supply != METROPOLIS_SUPPLY:
        yield (
            f"supply: {metros} Metropolises on the board + {state.metropolis_supply} in the "
            f"supply ≠ {METROPOLIS_SUPPLY} (seed 000 'Components')"
        )
    yield from _cards(state)
    markers = sum(isle.markers for isle in state.isles.values())
    if state.prosperity_supply < 0 or markers + state.prosperity_supply != PROSPERITY_MARKERS:
        yield (
            f"supply: {markers} prosperity markers on isles + {state.prosperity_supply} in the "
            f"supply ≠ {PROSPERITY_MARKERS} (seed 000 'Components')"
        )


def _cards(state: GameState) -> Iterable[str]:
    for card, total in (
        ("priest", state.options.priest_supply),
        ("philosopher", state.options.philosopher_supply),
    ):
        supply = getattr(state, f"{card}_supply")
        held = sum(getattr(p, f"{card}s") for p in state.players)
        if supply < 0 or any(getattr(p, f"{card}s") < 0 for p in state.players):
            yield f"supply: a negative count of {card} cards (supply {supply})"
        if supply + held != total:
            yield (
                f"supply: {held} {card}s held + {supply} in the supply ≠ {total} "
                f"(card_supply={state.options.card_supply!r})"
            )


# --------------------------------------------------------------------------- isles


def _isles(state: GameState) -> Iterable[str]:
    spec = MapSpec.load(state.map_id)
    if set(state.isles) != set(spec.isles):
        yield f"isles: the state's isles differ from the map's ({state.map_id})"
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


def _one_isle(state: GameState, isle_id: str, slots: int) -> Iterable[str]:
    isle = state.isles[isle_id]
    owner = isle.owner
    if isle.troops < 0:
        yield f"isles: {isle_id} has {isle.troops} troops"
    if owner is None:
        if isle.troops:
            yield f"isles: {isle_id} has {isle.troops} troops but no owner"
        if isle.territory:
            yield f"isles: {isle_id} has a territory marker but no owner"
    elif not 0 <= owner < state.n_players:
        yield f"isles: {isle_id} is owned by seat {owner}, not a player"
    else:
        name = state.names[owner]
        if state.players[owner].eliminated:
            yield f"isles: {isle_id} is owned by {name}, who is eliminated (RULES-NOTES §5.7)"
        if isle.troops == 0 and not isle.territory:
            yield (
                f"isles: {name} owns {isle_id} with no troop and no territory marker "
                "(seed 002 '撤退与控制': a troopless isle is held by a marker)"
            )
        if isle.troops > 0 and isle.territory:
            yield f"isles: {isle_id} has {isle.troops} troops and also a territory marker"
    used = len(isle.buildings) + (footprint(slots) if isle.metropolis else 0)
    if used > slots:
        yield (
            f"isles: {isle_id} has {len(isle.buildings)} buildings"
            f"{' and a Metropolis' if isle.metropolis else ''} on {slots} slots"
        )
    if (isle.figurine is None) != (isle.figurine_owner is None):
        yield f"isles: {isle_id} figurine {isle.figurine!r} with owner {isle.figurine_owner!r}"


def _eliminated(state: GameState) -> Iterable[str]:
    for seat, p in enumerate(state.players):
        if not p.eliminated:
            continue
        name = state.names[seat]
        if p.gold or p.priests or p.philosophers:
            yield (
                f"elimination: {name} is eliminated but still has {p.gold} GP, {p.priests} "
                f"Priests, {p.philosophers} Philosophers (RULES-NOTES §5.7: all removed)"
            )


# --------------------------------------------------------------------------- cards & flow


def _creatures(state: GameState) -> Iterable[str]:
    places = Counter[str]()
    places.update(state.creature_deck)
    places.update(state.creature_discard)
    places.update(c for c in state.creature_track if c is not None)
    places.update(list(state.held_creatures))  # the keys (update with a dict adds its values)
    for card, count in places.items():
        if card not in CREATURES:
            yield f"creatures: unknown card {card!r}"
        elif count > 1:
            yield f"creatures: {card} is in {count} places at once (one card each, RULES-NOTES §1.1)"
    if len(state.creature_track) != 3:
        yield f"creatures: the track has {len(state.creature_track)} slots, not 3"
    yield from _figurines(state)
    missing = set(CREATURES) - set(places)
    # A card being used sits in the pending step that resolves it; otherwise none is missing.
    in_use = {v for p in state.pending for v in _strings(p.data)}
    lost = sorted(missing - in_use)
    if lost:
        yield f"creatures: {', '.join(lost)} are nowhere (deck, discard, track or held)"


def _figurines(state: GameState) -> Iterable[str]:
    standing = Counter[str]()
    for isle_id, isle in state.isles.items():
        if isle.figurine is None:
            continue
        standing[isle.figurine] += 1
        holder = state.held_creatures.get(isle.figurine)
        if holder != isle.figurine_owner:
            yield (
                f"creatures: the {isle.figurine} on {isle_id} was placed by seat "
                f"{isle.figurine_owner}, but its card is held by {holder!r}"
            )
    for figurine, count in standing.items():
        if count > 1:
            yield f"creatures: {count} {figurine} figurines on the board (there is one)"
    if set(state.held_since) != set(state.held_creatures):
        yield f"creatures: held cards {sorted(state.held_creatures)} ≠ held_since {sorted(state.held_since)}"
    for card, holder in state.held_creatures.items():
        if card != "kraken" and not standing[card]:
            yield f"creatures: the {card} card is held by seat {holder}, but no figurine stands"


def _strings(value: object) -> Iterable[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, list | tuple):
        for v in value:
            yield from _strings(v)


def _order(state: GameState) -> Iterable[str]:
    if state.god_order and sorted(state.god_order) != sorted(GODS):
        yield f"order: the gods track {state.god_order} is not the four gods"
    if state.cycle >= 1:
        tokens = 2 if state.is_two_player else 1
        counts = Counter(state.turn_order)
        for seat in state.active_players():
            if counts[seat] != tokens:
                yield (
                    f"order: {state.names[seat]} has {counts[seat]} offering tokens on the turn "
                    f"track, expected {tokens} (seed 000 'Setup')"
                )
    for god, (_seat, amount) in state.bids.items():
        if god not in GODS or not 1 <= amount <= MAX_NUMBER:
            yield (
                f"order: bid {amount} on {god!r} (an offering is 1 to {MAX_NUMBER} GP on one "
                f"of {GODS})"
            )


def _over(state: GameState) -> Iterable[str]:
    if (state.phase is Phase.OVER) != (state.winner is not None):
        yield f"flow: phase {state.phase.value} with winner {state.winner!r}"


def _flow(state: GameState) -> Iterable[str]:
    kind, seat = flow.node(state)
    if kind == "decision":
        if seat is None or state.players[seat].eliminated:
            yield f"flow: a decision for seat {seat!r}, who cannot act"
        if not flow.legal_actions(state):
            yield f"flow: {state.names[seat] if seat is not None else '?'} must decide but has no legal action"
    elif kind == "chance":
        outcomes = flow.chance_outcomes(state)
        if not outcomes:
            yield "flow: a chance step with no possible outcome"
        elif abs(sum(w for _, w in outcomes) - 1.0) > 1e-9:
            yield "flow: chance outcome probabilities do not sum to 1"


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
"""The checks :func:`check_invariants` runs, in order (each yields breach sentences)."""
