"""Control of isles: territory markers, captures, the last-isle rule and elimination.

A territory marker keeps an isle whose last troop leaves; an undefended isle is taken
without a fight, Fortress or not; the winner of a land battle takes the isle and its
buildings; a player's last isle cannot be attacked unless the capture wins the game; a
player left without isles is eliminated. The readings the engine chose where the rules are
silent are listed in ``docs/rules-notes.md`` ("Movement and battles").

Battles themselves live in :mod:`.battle`, which re-exports the helpers other rule modules
call (:func:`is_last_isle_protected`, :func:`eliminate`).
"""

from __future__ import annotations

from . import ledger, metropolis
from .events import Event, ev
from .state import BUILDINGS, TERRITORY_MARKERS, GameState


def markers_left(state: GameState, player: int) -> int:
    """Territory markers the player still has in front of their screen (3 in all)."""
    return TERRITORY_MARKERS - state.territory_markers_used(player)


def leave_isle(state: GameState, player: int, isle_id: str, count: int) -> list[Event]:
    """Take ``count`` troops off one of the player's isles.

    When the last troop leaves, the isle stays the player's under a territory marker.
    With all 3 markers already on the board the isle becomes neutral, buildings and all
    (``docs/rules-notes.md``, "No territory marker left").
    """
    isle = state.isles[isle_id]
    isle.troops -= count
    if isle.troops > 0:
        return []
    name = state.names[player]
    if markers_left(state, player) > 0:
        isle.territory = True
        return [
            ev(
                "territory_marker",
                variant="placed",
                player=name,
                isle=isle_id,
                left=markers_left(state, player),
            )
        ]
    isle.owner = None
    isle.territory = False
    return [
        ev(
            "territory_marker",
            variant="none_left",
            player=name,
            isle=isle_id,
            rule="territory_none_left",
        )
    ]


def reinforce(state: GameState, player: int, isle_id: str, count: int) -> list[Event]:
    """Troops join the player's own isle; a territory marker there goes back to the player."""
    isle = state.isles[isle_id]
    isle.troops += count
    if not isle.territory:
        return []
    isle.territory = False
    return [
        ev(
            "territory_marker",
            variant="removed",
            player=state.names[player],
            isle=isle_id,
            left=markers_left(state, player),
        )
    ]


def keep_with_marker(state: GameState, isle_id: str, *, variant: str = "kept") -> list[Event]:
    """Both sides wiped out on land (``variant="kept"``), or the owner's last troop killed
    outside a battle (``"emptied"``, the Harpy): the owner keeps the isle with a territory
    marker.

    The isle never turns neutral here, so the marker is placed even when the defender's 3
    markers are all in use (``beyond_supply`` in the event; ``docs/rules-notes.md``,
    "Mutual annihilation on land").
    """
    isle = state.isles[isle_id]
    owner = isle.owner
    assert owner is not None
    beyond = markers_left(state, owner) <= 0
    isle.troops = 0
    isle.territory = True
    event = ev(
        "territory_marker",
        variant=variant,
        player=state.names[owner],
        isle=isle_id,
        beyond_supply=beyond,
    )
    if beyond:
        event.data["rule"] = "territory_beyond_supply"
    return [event]


def take_isle(state: GameState, player: int, isle_id: str, troops: int, *, by: str) -> list[Event]:
    """``player`` takes the isle with ``troops`` troops and everything on it.

    Buildings, a Metropolis and prosperity markers stay on the isle and change hands
    (conquest is the third way to a Metropolis). A territory marker of the former owner
    goes back to them. A former owner left without isles is eliminated. Captured
    buildings can complete a set, so the Metropolis check runs for the new owner. ``by``
    is ``"landing"`` (no fight) or
    ``"battle"``; a landing reports a ``capture`` event, a battle its ``battle_end``.
    Captured Metropolises and buildings get their own events.
    """
    isle = state.isles[isle_id]
    previous = isle.owner
    events: list[Event] = []
    name = state.names[player]
    if by == "landing":
        events.append(_capture_event(state, player, isle_id, troops))
    had_marker = isle.territory
    isle.owner = player
    isle.troops = troops
    isle.territory = False
    if previous is not None and had_marker:
        events.append(
            ev(
                "territory_marker",
                variant="returned",
                player=state.names[previous],
                isle=isle_id,
                left=markers_left(state, previous),
            )
        )
    if isle.metropolis:
        total = state.metropolises(player)
        events.append(ev("metropolis_captured", player=name, isle=isle_id, total=total))
    if isle.buildings:
        events.append(
            ev("buildings_captured", player=name, isle=isle_id, buildings=list(isle.buildings))
        )
    if previous is not None and previous != player and not state.isles_of(previous):
        events += eliminate(state, previous, by=player)
    return events + metropolis.check(state, player)


def _capture_event(state: GameState, player: int, isle_id: str, troops: int) -> Event:
    isle = state.isles[isle_id]
    previous = isle.owner
    if previous is None:
        variant = "neutral"
    elif isle.buildings.count("fortress") or isle.metropolis:
        variant = "fortified"  # taken without a fight, Fortress or not
    else:
        variant = "undefended"
    return ev(
        "capture",
        variant=variant,
        player=state.names[player],
        isle=isle_id,
        previous=None if previous is None else state.names[previous],
        troops=troops,
    )


# --------------------------------------------------------------------------- last isle


def metropolises_after_capture(state: GameState, attacker: int, isle_id: str) -> int:
    """The attacker's Metropolises right after taking ``isle_id``, counting the ones its
    buildings would complete at once (a Metropolis on the isle, or sets of 4 different
    buildings across the attacker's isles, each swapped for a Metropolis while the supply
    lasts)."""
    isle = state.isles[isle_id]
    total = state.metropolises(attacker) + int(isle.metropolis)
    sets = min(
        state.buildings_of(attacker, kind) + isle.buildings.count(kind) for kind in BUILDINGS
    )
    room = len([i for i in state.isles_of(attacker) if not state.isles[i].metropolis])
    room += 0 if isle.metropolis else 1
    new = min(sets, state.metropolis_supply, room)
    return total + new


def is_last_isle_protected(state: GameState, attacker: int, isle_id: str) -> bool:
    """True when a land attack on ``isle_id`` is barred by the last-isle rule.

    No land attack on another player's last isle, unless taking it gives the attacker the
    winning number of Metropolises at once, by capturing a Metropolis there or buildings
    that complete a set. Such an attack is allowed even though it may fail. The capture
    itself must bring the Metropolis that reaches the target: an attacker who already
    has the target and gains nothing from the isle is still barred. Neutral and own isles are never protected, and the rule
    covers landings on an undefended last isle too: taking it would eliminate the player
    just the same.
    """
    return isle_id in last_isles(state, attacker) and not wins_by_capture(state, attacker, isle_id)


def last_isles(state: GameState, attacker: int) -> tuple[str, ...]:
    """The isles that are the only isle of their owner, ``attacker`` and neutral isles
    aside: where the last-isle rule may bar ``attacker`` (found in one pass)."""
    held: dict[int, int] = {}
    last: dict[int, str] = {}
    for isle_id, isle in state.isles.items():
        owner = isle.owner
        if owner is not None and owner != attacker:
            held[owner] = held.get(owner, 0) + 1
            last[owner] = isle_id
    return tuple(last[owner] for owner, count in held.items() if count == 1)


def protected_last_isles(state: GameState, attacker: int) -> tuple[str, ...]:
    """Every isle :func:`is_last_isle_protected` bars ``attacker`` from: the
    :func:`last_isles` whose capture would not win at once."""
    return tuple(i for i in last_isles(state, attacker) if not wins_by_capture(state, attacker, i))


def wins_by_capture(state: GameState, attacker: int, isle_id: str) -> bool:
    """True when taking ``isle_id`` brings the attacker the winning number of
    Metropolises at once (the one exception to the last-isle rule)."""
    after = metropolises_after_capture(state, attacker, isle_id)
    gains = after > state.metropolises(attacker)
    return gains and after >= state.metropolises_to_win


# --------------------------------------------------------------------------- elimination


def eliminate(state: GameState, player: int, *, by: int | None = None) -> list[Event]:
    """Remove a player from the game for good.

    All their pieces leave the board (troops, fleets, territory markers; isles they still
    hold become neutral with their buildings), Priests and Philosophers go back to the
    supply, their gold goes to the bank through the ledger, and their offering tokens leave
    the turn track, the god tracks, Apollo and the queue of god actions. The player stays
    eliminated even if the attacker later loses the Metropolis that allowed the attack.
    """
    p = state.players[player]
    gold, priests, philosophers = p.gold, p.priests, p.philosophers
    fleets = sum(c for sea, (o, c) in list(state.fleets.items()) if o == player)
    for sea, (owner, _count) in list(state.fleets.items()):
        if owner == player:
            del state.fleets[sea]
    for isle in state.isles.values():
        if isle.owner == player:
            isle.owner, isle.troops, isle.territory = None, 0, False
    ledger.pay(state, player, gold)
    state.priest_supply += priests
    state.philosopher_supply += philosophers
    p.priests = p.philosophers = 0
    p.eliminated = True
    state.turn_order = [s for s in state.turn_order if s != player]
    state.returned = [s for s in state.returned if s != player]
    state.queue = [q for q in state.queue if q.player != player]
    state.bids = {god: bid for god, bid in state.bids.items() if bid.player != player}
    state.apollo = [s for s in state.apollo if s != player]
    state.temples_used.pop(player, None)
    state.pending = [pd for pd in state.pending if pd.player != player]
    return [
        ev(
            "eliminated",
            player=state.names[player],
            by=None if by is None else state.names[by],
            gold=gold,
            priests=priests,
            philosophers=philosophers,
            fleets=fleets,
        )
    ]
