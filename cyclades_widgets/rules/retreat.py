"""Retreats between battle rounds (seed 000 'Battle' step 3, seed 002 '撤退与控制').

After a round in which both sides keep units, the defender may retreat; if it stays, the
attacker may; otherwise another round is fought. Each choice is a ``Pending("retreat",
seat, {"side": ...})`` decision on top of the battle, with the actions ``retreat <space>``
and ``fight``. A side with no legal destination is not asked (:mod:`.battle`).
"""

from __future__ import annotations

from .actions import Action, register_notation
from .battle import current_battle, retreat_destinations, withdraw
from .events import Event, ev
from .registry import PENDING, PendingKind, explainer, handler
from .state import GameState, Pending

register_notation("retreat", "{w}")
register_notation("fight", "")


def legal_retreats(state: GameState, pending: Pending) -> list[Action]:
    """``fight``, or ``retreat <space>`` for each legal destination."""
    battle = current_battle(state)
    assert battle is not None
    places = retreat_destinations(state, battle.data, pending.data["side"])
    return [Action("fight"), *(Action("retreat", (p,)) for p in places)]


@handler("retreat")
def apply_retreat(state: GameState, action: Action) -> list[Event]:
    """Retreat the whole side to the named isle or sea; the battle ends."""
    pending = state.pending.pop()
    battle = current_battle(state)
    assert battle is not None
    return withdraw(state, battle, pending.data["side"], action.args[0])


@handler("fight")
def apply_fight(state: GameState, action: Action) -> list[Event]:
    """Stay and fight. After the defender, the attacker is asked (if it can retreat);
    after the attacker, the next round is rolled."""
    pending = state.pending.pop()
    battle = current_battle(state)
    assert battle is not None
    side = pending.data["side"]
    data = battle.data
    events = [
        ev(
            "battle_stand",
            variant=side,
            player=state.names[data[side]],
            side=side,
            space=data["space"],
            round=data["round"],
        )
    ]
    if side == "defender" and retreat_destinations(state, data, "attacker"):
        state.pending.append(Pending("retreat", data["attacker"], {"side": "attacker"}))
    return events


def _retreat_decision(state: GameState) -> Pending | None:
    if state.pending and state.pending[-1].kind == "retreat":
        return state.pending[-1]
    return None


@explainer("retreat")
def explain_retreat(state: GameState, action: Action) -> str | None:
    """Name the retreat rule a destination breaks."""
    pending = _retreat_decision(state)
    battle = current_battle(state)
    if pending is None or battle is None:
        return (
            "a retreat is chosen between the rounds of a battle, when the defender (then "
            "the attacker) is asked (seed 000 'Battle' step 3)"
        )
    data = battle.data
    name = state.names[data[pending.data["side"]]]
    if data["kind"] == "land":
        if state.isles[data["space"]].figurine == "medusa":
            return f"Medusa stands on {data['space']}: its troops cannot move away (RULES-NOTES §1 #15)"
        return (
            f"troops retreat only to an isle {name} controls, joined to {data['space']} by a "
            f"chain of {name}'s fleets (seed 002 '撤退与控制'); {action.args[0]} is not one"
        )
    return (
        f"fleets retreat only to a sea next to {data['space']} that is empty or holds "
        f"{name}'s fleets, never into the Kraken's sea (seed 002 '撤退与控制'); "
        f"{action.args[0]} is not one"
    )


@explainer("fight")
def explain_fight(state: GameState, action: Action) -> str | None:
    """'fight' answers a retreat question only."""
    return "'fight' answers the retreat question asked between battle rounds; none is asked now"


PENDING["retreat"] = PendingKind("decision", legal=legal_retreats, label="retreat or fight")
