"""The creatures that move units: Pegasus (troops), the Siren and the Sylph (fleets).

Arrivals go through the battle rules (:func:`.battle.arrive_troops`,
:func:`.battle.arrive_fleets`), so an invasion by Pegasus or a Sylph move into enemy
fleets starts an ordinary battle, and the last-isle rule
(:func:`.battle.is_last_isle_protected`) still bars Pegasus from a last isle.
"""

from __future__ import annotations

from .actions import Action
from .battle import arrive_fleets, arrive_troops, is_last_isle_protected
from .board import MapSpec
from .creature_effects import Effect, finish, is_chiron_isle, register_effect
from .events import Event, ev
from .state import MAX_FLEETS, GameState, Pending

SYLPH_MOVES = 10
"""Moves of one sea space the Sylph grants (RULES-NOTES §1.1 #7, LOW: Blackwoj's reading)."""


# --------------------------------------------------------------------------- Pegasus


def _pegasus_sources(state: GameState, player: int) -> list[str]:
    """Own isles with troops that may leave (Medusa holds troops in place)."""
    return [
        i
        for i in state.isles_of(player)
        if state.isles[i].troops > 0 and state.isles[i].figurine != "medusa"
    ]


def _pegasus_may_land(state: GameState, player: int, source: str, target: str) -> bool:
    if target == source or is_chiron_isle(state, target):
        return False
    owner = state.isles[target].owner
    return owner in (None, player) or not is_last_isle_protected(state, player, target)


def _pegasus_legal(state: GameState, pending: Pending) -> list[Action]:
    player = pending.player
    assert player is not None
    actions = []
    for source in _pegasus_sources(state, player):
        troops = state.isles[source].troops
        for target in state.isles:
            if _pegasus_may_land(state, player, source, target):
                actions += [Action("pegasus", (source, target, n)) for n in range(1, troops + 1)]
    return actions


def _pegasus_apply(state: GameState, pending: Pending, action: Action) -> list[Event]:
    source, target, count = action.args
    player = pending.player
    assert player is not None
    event = ev(
        "pegasus_flies", player=state.names[player], source=source, target=target, troops=count
    )
    events = [event, *finish(state, pending)]
    return events + arrive_troops(state, player, count, target, origin=source)


def _pegasus_explain(state: GameState, pending: Pending, action: Action) -> str | None:
    source, target, count = action.args
    player = pending.player
    assert player is not None
    for isle_id in (source, target):
        if isle_id not in state.isles:
            return f"{isle_id!r} is not an isle of this map"
    isle = state.isles[source]
    if isle.owner != player or isle.troops == 0:
        return f"Pegasus carries troops from one of your isles; you have no troops on {source}"
    if isle.figurine == "medusa":
        return f"Medusa holds the troops on {source}: they cannot move away"
    if count < 1 or count > isle.troops:
        return f"{source} has {isle.troops} troop(s); Pegasus carries 1 to {isle.troops} of them"
    if target == source:
        return "Pegasus carries troops to another isle"
    if is_chiron_isle(state, target):
        return f"Chiron protects {target} from Pegasus"
    owner = state.isles[target].owner
    who = "nobody" if owner is None else state.names[owner]
    return (
        f"{target} is {who}'s last isle: no land attack on it unless taking it wins the "
        "game at once (seed 000 'Last Isle Rule')"
    )


register_effect(
    "pegasus",
    Effect(_pegasus_legal, _pegasus_apply, explain=_pegasus_explain),
    "{w}>{w} {i}",
)


# --------------------------------------------------------------------------- Siren


def _siren_targets(state: GameState, player: int) -> list[str]:
    """Seas holding a single enemy fleet, alone (RULES-NOTES §1.1 #1: 'isolated')."""
    return sorted(s for s, (o, c) in state.fleets.items() if o != player and c == 1)


def _siren_legal(state: GameState, pending: Pending) -> list[Action]:
    player = pending.player
    assert player is not None
    targets = _siren_targets(state, player)
    if state.fleets_on_board(player) < MAX_FLEETS:
        return [Action("siren", (sea,)) for sea in targets]
    own = sorted(s for s, (o, _c) in state.fleets.items() if o == player)
    return [Action("siren", (sea, source)) for sea in targets for source in own]


def _siren_apply(state: GameState, pending: Pending, action: Action) -> list[Event]:
    sea = action.args[0]
    source = action.args[1] if len(action.args) > 1 else None
    player = pending.player
    assert player is not None
    victim, _ = state.fleets[sea]
    if source is not None:
        owner, count = state.fleets[source]
        if count > 1:
            state.fleets[source] = (owner, count - 1)
        else:
            del state.fleets[source]
    state.fleets[sea] = (player, 1)
    event = ev(
        "siren_takes",
        variant="board" if source else "reserve",
        player=state.names[player],
        victim=state.names[victim],
        sea=sea,
        source=source,
    )
    return [event, *finish(state, pending)]


def _siren_explain(state: GameState, pending: Pending, action: Action) -> str | None:
    player = pending.player
    assert player is not None
    sea = action.args[0]
    if sea not in _siren_targets(state, player):
        return (
            f"the Siren takes an isolated enemy fleet (a single fleet alone in its sea); "
            f"{sea} holds none"
        )
    if state.fleets_on_board(player) < MAX_FLEETS:
        return f"your replacement fleet comes from your reserve: play 'siren {sea}'"
    return (
        f"all {MAX_FLEETS} of your fleets are on the board: take one from a sea where you "
        f"have fleets ('siren {sea} from <sea>')"
    )


register_effect(
    "siren", Effect(_siren_legal, _siren_apply, explain=_siren_explain), "{w}", "{w} from {w}"
)


# --------------------------------------------------------------------------- Sylph


def _sylph_left(pending: Pending) -> int:
    return int(pending.data.get("moves_left", SYLPH_MOVES))


def _sylph_legal(state: GameState, pending: Pending) -> list[Action]:
    player = pending.player
    assert player is not None
    actions = [Action("sylph", ("done",))]
    if _sylph_left(pending) <= 0:
        return actions
    spec = MapSpec.load(state.map_id)
    for source, (owner, count) in sorted(state.fleets.items()):
        if owner != player:
            continue
        for target in sorted(spec.sea_neighbours[source]):
            if target != state.kraken:
                actions += [Action("sylph", (source, target, n)) for n in range(1, count + 1)]
    return actions


def _sylph_apply(state: GameState, pending: Pending, action: Action) -> list[Event]:
    player = pending.player
    assert player is not None
    if action.args == ("done",):
        return finish(state, pending)
    source, target, count = action.args
    owner, present = state.fleets[source]
    if present > count:
        state.fleets[source] = (owner, present - count)
    else:
        del state.fleets[source]
    left = _sylph_left(pending) - 1
    pending.data["moves_left"] = left
    event = ev(
        "sylph_moves",
        player=state.names[player],
        source=source,
        target=target,
        fleets=count,
        left=left,
    )
    events = [event]
    if left == 0:
        events += finish(state, pending)
    return events + arrive_fleets(state, player, count, target)


def _sylph_explain(state: GameState, pending: Pending, action: Action) -> str | None:
    if _sylph_left(pending) <= 0:
        return "the Sylph's moves are used up; play 'sylph done'"
    if len(action.args) != 3:
        return "the Sylph moves fleets ('sylph <sea>><sea> <n>') or stops ('sylph done')"
    source, target, count = action.args
    if target == state.kraken:
        return f"the Kraken blocks {target}: no fleet may enter it"
    fleets = state.fleets.get(source)
    if fleets is None or fleets[0] != pending.player:
        return f"you have no fleets in {source}"
    if count < 1 or count > fleets[1]:
        return f"{source} holds {fleets[1]} of your fleets; move 1 to {fleets[1]}"
    return f"the Sylph moves fleets one space at a time; {target} is not next to {source}"


register_effect(
    "sylph",
    Effect(_sylph_legal, _sylph_apply, explain=_sylph_explain),
    "{w}",
    "{w}>{w} {i}",
)
