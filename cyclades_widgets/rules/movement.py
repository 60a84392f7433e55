"""Movement: the special actions of Ares and Poseidon, 1 GP each (seed 000 'The Four Main
Gods', seed 002 '移动与战斗', RULES-NOTES §5.4).

Notation (``docs/rules-notes.md``, "Movement and battles"):

- ``move troops naxos>paros 2``: Ares. Some or all troops of one isle go to one other isle
  joined to it by a chain of adjacent seas each holding the player's fleets. Moving
  through the player's own isles does not count as a chain.
- ``move fleets c4>c5 2``: Poseidon. A group of 2 fleets leaves c4 for the adjacent c5;
  the move may go on for up to 3 spaces in all, as a pending ``fleet_move`` decision:

  - ``sail c6``: on to the next adjacent sea (while spaces remain);
  - ``pickup 1``: own fleets waiting in the current sea join the group;
  - ``drop 1``: fleets stay behind here (at least one keeps sailing);
  - ``stop``: the move ends here.

  At most one pick-up or drop-off per space (doing both would only swap identical
  fleets). Entering a sea with enemy fleets stops the group and starts a sea battle.
  The Kraken's sea cannot be entered.

While a fleet move is under way the group stays on the board in its current sea, mixed
with any other own fleets there; ``data["group"]`` says how many of them are sailing.
"""

from __future__ import annotations

from typing import Any

from . import ledger
from .actions import Action, register_notation
from .battle import arrive_fleets, arrive_troops, is_last_isle_protected
from .board import MapSpec
from .events import Event, ev
from .registry import PENDING, TURN_ACTIONS, PendingKind, explainer, handler
from .retreat import legal_retreats  # noqa: F401  (registers the retreat decision)
from .state import GameState, Pending, Turn

MOVE_COST = 1
"""Each Ares or Poseidon move costs 1 GP (seed 000 'Player Reference')."""
FLEET_RANGE = 3
"""A Poseidon move covers up to 3 sea spaces (seed 000, seed 002 '移动与战斗')."""

register_notation("move", "{w} {w}>{w} {i}")
register_notation("sail", "{w}")
register_notation("pickup", "{i}")
register_notation("drop", "{i}")
register_notation("stop", "")


# --------------------------------------------------------------------------- queries


def own_seas(state: GameState, player: int) -> list[str]:
    """Seas holding the player's fleets (the links of a fleet chain)."""
    return [s for s, (owner, _) in state.fleets.items() if owner == player]


def troop_targets(state: GameState, player: int, isle_id: str) -> list[str]:
    """Isles the troops of ``isle_id`` may move to: joined by a chain of the player's
    fleets, and not another player's last isle protected by the last-isle rule."""
    spec = MapSpec.load(state.map_id)
    reach = spec.fleet_chain_reachable(isle_id, own_seas(state, player))
    return [i for i in spec.isles if i in reach and not is_last_isle_protected(state, player, i)]


def is_frozen(state: GameState, isle_id: str) -> bool:
    """True when Medusa stands on the isle: its troops cannot move away (RULES-NOTES §1 #15)."""
    return state.isles[isle_id].figurine == "medusa"


def fleet_entries(state: GameState, sea_id: str) -> list[str]:
    """Seas a fleet in ``sea_id`` may enter next: every adjacent sea but the Kraken's."""
    spec = MapSpec.load(state.map_id)
    return sorted(s for s in spec.sea_neighbours[sea_id] if s != state.kraken)


# --------------------------------------------------------------------------- legal actions


def troop_moves(state: GameState, turn: Turn) -> list[Action]:
    """Ares: every (from, to, count) troop move the player can pay for."""
    player = turn.player
    if turn.god != "ares" or state.players[player].gold < MOVE_COST:
        return []
    actions = []
    for isle_id in state.isles_of(player):
        troops = state.isles[isle_id].troops
        if troops <= 0 or is_frozen(state, isle_id):
            continue
        for target in troop_targets(state, player, isle_id):
            actions += [
                Action("move", ("troops", isle_id, target, n)) for n in range(1, troops + 1)
            ]
    return actions


def fleet_moves(state: GameState, turn: Turn) -> list[Action]:
    """Poseidon: every first step (from, to, group size) the player can pay for."""
    player = turn.player
    if turn.god != "poseidon" or state.players[player].gold < MOVE_COST:
        return []
    actions = []
    for sea in sorted(own_seas(state, player)):
        count = state.fleets[sea][1]
        for target in fleet_entries(state, sea):
            actions += [Action("move", ("fleets", sea, target, n)) for n in range(1, count + 1)]
    return actions


TURN_ACTIONS.append(troop_moves)
TURN_ACTIONS.append(fleet_moves)


def legal_fleet_steps(state: GameState, pending: Pending) -> list[Action]:
    """The choices while a fleet move is under way: sail on, pick up, drop off, stop."""
    data = pending.data
    sea, group = data["sea"], data["group"]
    actions: list[Action] = []
    if data["left"] > 0:
        actions += [Action("sail", (s,)) for s in fleet_entries(state, sea)]
    if not data["changed"]:
        spare = state.fleets[sea][1] - group
        actions += [Action("pickup", (n,)) for n in range(1, spare + 1)]
        actions += [Action("drop", (n,)) for n in range(1, group)]
    actions.append(Action("stop"))
    return actions


PENDING["fleet_move"] = PendingKind(
    "decision", legal=legal_fleet_steps, label="move fleets: sail, pick up, drop off or stop"
)


# --------------------------------------------------------------------------- handlers


@handler("move")
def apply_move(state: GameState, action: Action) -> list[Event]:
    """Pay 1 GP and start an Ares troop move or a Poseidon fleet move."""
    turn = state.turn
    assert turn is not None
    unit, origin, target, count = action.args
    player = turn.player
    ledger.pay(state, player, MOVE_COST)
    name = state.names[player]
    if unit == "troops":
        event = ev(
            "move_troops", player=name, origin=origin, target=target, count=count, cost=MOVE_COST
        )
        return [event, *arrive_troops(state, player, count, target, origin=origin)]
    _take_fleets(state, origin, count)
    event = ev(
        "move_fleets", player=name, origin=origin, target=target, count=count, cost=MOVE_COST
    )
    return [event, *_enter(state, player, count, target, FLEET_RANGE - 1)]


def _take_fleets(state: GameState, sea: str, count: int) -> None:
    owner, present = state.fleets[sea]
    if present > count:
        state.fleets[sea] = (owner, present - count)
    else:
        del state.fleets[sea]


def _enter(state: GameState, player: int, group: int, sea: str, left: int) -> list[Event]:
    """The group enters ``sea``: a battle stops it; otherwise it may go on if spaces remain."""
    enemy = state.fleets.get(sea, (player, 0))[0] != player
    events = arrive_fleets(state, player, group, sea)
    if enemy:  # the sea battle has started and the move is over
        return events
    if left <= 0:
        return [_end_event(state, player, sea, group, "range")]
    data: dict[str, Any] = {"sea": sea, "group": group, "left": left, "changed": False}
    state.pending.append(Pending("fleet_move", player, data))
    return []


def _end_event(state: GameState, player: int, sea: str, group: int, variant: str) -> Event:
    return ev("fleet_move_end", variant=variant, player=state.names[player], sea=sea, count=group)


@handler("sail")
def apply_sail(state: GameState, action: Action) -> list[Event]:
    """Sail the group into the next adjacent sea."""
    pending = state.pending.pop()
    player = pending.player
    assert player is not None
    data = pending.data
    target = action.args[0]
    _take_fleets(state, data["sea"], data["group"])
    left = data["left"] - 1
    event = ev(
        "sail",
        player=state.names[player],
        origin=data["sea"],
        target=target,
        count=data["group"],
        left=left,
    )
    return [event, *_enter(state, player, data["group"], target, left)]


@handler("pickup")
def apply_pickup(state: GameState, action: Action) -> list[Event]:
    """Own fleets waiting in the current sea join the group."""
    data = state.pending[-1].data
    data["group"] += action.args[0]
    data["changed"] = True
    return [_transfer_event(state, "pickup", action.args[0])]


@handler("drop")
def apply_drop(state: GameState, action: Action) -> list[Event]:
    """Some fleets of the group stay in the current sea."""
    data = state.pending[-1].data
    data["group"] -= action.args[0]
    data["changed"] = True
    return [_transfer_event(state, "drop", action.args[0])]


def _transfer_event(state: GameState, kind: str, count: int) -> Event:
    pending = state.pending[-1]
    assert pending.player is not None
    data = pending.data
    return ev(
        kind,
        player=state.names[pending.player],
        sea=data["sea"],
        count=count,
        group=data["group"],
        left=data["left"],
    )


@handler("stop")
def apply_stop(state: GameState, action: Action) -> list[Event]:
    """End the fleet move where the group is."""
    pending = state.pending.pop()
    assert pending.player is not None
    data = pending.data
    return [_end_event(state, pending.player, data["sea"], data["group"], "stopped")]


# --------------------------------------------------------------------------- explanations


@explainer("move")
def explain_move(state: GameState, action: Action) -> str | None:
    """Name the movement rule an attempted move breaks."""
    turn = state.turn
    if state.pending:
        return f"finish the step under way first ({state.pending[-1].kind.replace('_', ' ')})"
    if turn is None:
        return "moves are special actions of Ares (troops) and Poseidon (fleets), made during their god action"
    if len(action.args) != 4 or action.args[0] not in ("troops", "fleets"):
        return "write 'move troops <isle>><isle> <n>' or 'move fleets <sea>><sea> <n>'"
    unit, origin, target, count = action.args
    god = "ares" if unit == "troops" else "poseidon"
    name = state.names[turn.player]
    if turn.god != god:
        return f"only {god.title()} moves {unit}; {name} is performing {turn.god.title()}'s action"
    gold = state.players[turn.player].gold
    if gold < MOVE_COST:
        return f"each move costs {MOVE_COST} GP and {name} has {gold} GP"
    if unit == "troops":
        return _explain_troops(state, turn.player, origin, target, count)
    return _explain_fleets(state, turn.player, origin, target, count)


def _explain_troops(state: GameState, player: int, origin: str, target: str, count: int) -> str:
    name = state.names[player]
    isle = state.isles.get(origin)
    if isle is None or isle.owner != player or isle.troops == 0:
        return f"troops move from one of {name}'s isles with troops; {origin} is not one"
    if not 1 <= count <= isle.troops:
        return f"{origin} has {isle.troops} troop(s) of {name}; move between 1 and {isle.troops}"
    if is_frozen(state, origin):
        return f"Medusa stands on {origin}: its troops cannot move away (RULES-NOTES §1 #15)"
    if target not in state.isles or target == origin:
        return f"troops move to another isle; {target!r} is not one"
    spec = MapSpec.load(state.map_id)
    if target not in spec.fleet_chain_reachable(origin, own_seas(state, player)):
        return (
            f"{origin} and {target} are not joined by a chain of adjacent seas each holding "
            f"{name}'s fleets; moving through your own isles does not count (seed 002 '移动与战斗')"
        )
    owner = state.isles[target].owner
    if owner is None or owner == player:
        return f"move troops {origin}>{target} {count} is not legal now"
    return (
        f"{target} is {state.names[owner]}'s last isle: it may be attacked only if taking it "
        f"gives {name} the winning {state.metropolises_to_win} Metropolises at once "
        "(seed 000 'Last Isle Rule', RULES-NOTES §5.7)"
    )


def _explain_fleets(state: GameState, player: int, origin: str, target: str, count: int) -> str:
    name = state.names[player]
    owner, present = state.fleets.get(origin, (None, 0))
    if owner != player:
        return f"fleets move from a sea holding {name}'s fleets; {origin} holds none"
    if not 1 <= count <= present:
        return f"{origin} holds {present} fleet(s) of {name}; move a group of 1 to {present}"
    spec = MapSpec.load(state.map_id)
    if target not in spec.sea_neighbours.get(origin, ()):
        return f"the first step goes to a sea next to {origin}; {target!r} is not one"
    if target == state.kraken:
        return f"the Kraken stands in {target}: fleets cannot enter its sea"
    return f"move fleets {origin}>{target} {count} is not legal now"


def _fleet_move(state: GameState) -> Pending | None:
    if state.pending and state.pending[-1].kind == "fleet_move":
        return state.pending[-1]
    return None


def _not_moving(word: str) -> str:
    return (
        f"'{word}' continues a Poseidon fleet move under way; start one with "
        "'move fleets <sea>><sea> <n>'"
    )


@explainer("sail")
def explain_sail(state: GameState, action: Action) -> str | None:
    """Why the group cannot sail there."""
    pending = _fleet_move(state)
    if pending is None:
        return _not_moving("sail")
    data = pending.data
    if data["left"] <= 0:
        return f"a fleet move covers at most {FLEET_RANGE} spaces; none are left"
    if action.args[0] == state.kraken:
        return f"the Kraken stands in {action.args[0]}: fleets cannot enter its sea"
    return f"the group sails to a sea next to {data['sea']}; {action.args[0]!r} is not one"


@explainer("pickup")
def explain_pickup(state: GameState, action: Action) -> str | None:
    """Why those fleets cannot join."""
    pending = _fleet_move(state)
    if pending is None:
        return _not_moving("pickup")
    data = pending.data
    if data["changed"]:
        return f"one pick-up or drop-off per space; the group already changed in {data['sea']}"
    spare = state.fleets[data["sea"]][1] - data["group"]
    return f"only own fleets waiting in {data['sea']} can join the group: {spare} there"


@explainer("drop")
def explain_drop(state: GameState, action: Action) -> str | None:
    """Why those fleets cannot stay behind."""
    pending = _fleet_move(state)
    if pending is None:
        return _not_moving("drop")
    data = pending.data
    if data["changed"]:
        return f"one pick-up or drop-off per space; the group already changed in {data['sea']}"
    return f"at least one fleet keeps sailing: drop 1 to {data['group'] - 1} of the {data['group']}"


@explainer("stop")
def explain_stop(state: GameState, action: Action) -> str | None:
    """'stop' ends a fleet move only."""
    return _not_moving("stop")
