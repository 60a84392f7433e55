"""Retreats between battle rounds.

After a round in which both sides keep units, the defender may retreat; if it stays, the
attacker may; otherwise another round is fought. Each choice is a :class:`.battle.Retreat`
decision on top of the battle, with the actions ``retreat <space>`` and ``fight``. A side
with no legal destination is not asked (:mod:`.battle`).
"""

from __future__ import annotations

from .actions import Action, register_notation
from .battle import Battle, Retreat, current_battle, retreat_destinations, withdraw
from .events import Event, ev
from .messages import Why, why
from .registry import explainer, handler, register_pending
from .state import GameState

register_notation("retreat", "{w}")
register_notation("fight", "")


def _battle(state: GameState) -> Battle:
    battle = current_battle(state)
    assert battle is not None
    return battle


def legal_retreats(state: GameState, pending: Retreat) -> list[Action]:
    """``fight``, or ``retreat <space>`` for each legal destination."""
    places = retreat_destinations(state, _battle(state), pending.side)
    return [Action("fight"), *(Action("retreat", (p,)) for p in places)]


@handler("retreat")
def apply_retreat(state: GameState, action: Action) -> list[Event]:
    """Retreat the whole side to the named isle or sea; the battle ends."""
    pending = state.pending.pop()
    assert isinstance(pending, Retreat)
    return withdraw(state, _battle(state), pending.side, action.args[0])


@handler("fight")
def apply_fight(state: GameState, action: Action) -> list[Event]:
    """Stay and fight. After the defender, the attacker is asked (if it can retreat);
    after the attacker, the next round is rolled."""
    pending = state.pending.pop()
    assert isinstance(pending, Retreat)
    battle = _battle(state)
    side = pending.side
    events = [
        ev(
            "battle_stand",
            variant=side,
            player=state.names[battle.seat(side)],
            side=side,
            space=battle.space,
            round=battle.round,
        )
    ]
    if side == "defender" and retreat_destinations(state, battle, "attacker"):
        state.pending.append(Retreat(player=battle.attacker, side="attacker"))
    return events


def _retreat_decision(state: GameState) -> Retreat | None:
    top = state.pending[-1] if state.pending else None
    return top if isinstance(top, Retreat) else None


@explainer("retreat")
def explain_retreat(state: GameState, action: Action) -> Why | None:
    """Name the retreat rule a destination breaks (None for a legal destination)."""
    pending = _retreat_decision(state)
    if pending is None:
        return why("battle.retreat_not_now")
    battle = _battle(state)
    target = action.args[0]
    if target in retreat_destinations(state, battle, pending.side):
        return None
    name = state.names[battle.seat(pending.side)]
    if battle.terrain == "land":
        if state.isles[battle.space].figurine == "medusa":
            return why("battle.retreat_medusa", isle=battle.space)
        return why(
            "battle.retreat_land",
            state,
            keep=[target],
            player=name,
            isle=battle.space,
            place=target,
        )
    return why(
        "battle.retreat_sea", state, keep=[target], player=name, sea=battle.space, place=target
    )


@explainer("fight")
def explain_fight(state: GameState, action: Action) -> Why | None:
    """'fight' answers a retreat question only."""
    return None if _retreat_decision(state) is not None else why("battle.fight_not_now")


register_pending(Retreat, "decision", legal=legal_retreats)
