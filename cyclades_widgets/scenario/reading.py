"""A scenario from a position: the board, the holdings and the cycle of a game state, read
back into the settings that build it again.

The position must be one a scenario can set up: between two steps of a cycle (the
offerings under way, the start of a god's action, revenue or the end of the cycle), with
no battle or choice under way, no creature figurine on the board and nobody eliminated.
Anything else is refused with the reason, never dropped: the scenario read is rebuilt and
compared with the position, field by field, before it is handed out.
"""

from __future__ import annotations

from dataclasses import fields

from ..i18n import Message
from ..rules.registry import PENDING
from ..rules.state import APOLLO, GameState, Phase
from .core import Core, error
from .layout import Layout

__all__ = ["read_state", "stage_problem"]

_PHASES = {
    Phase.REVENUE: "revenue",
    Phase.OFFERINGS: "offerings",
    Phase.ACTIONS: "actions",
    Phase.END: "end",
}
_FREE_CARD = {"zeus": "priest", "athena": "philosopher"}
"""The card a god's action gives at its start (already taken in a staged action)."""
_IGNORED = {"step"}
"""Fields that do not make the position: the number of steps played to reach it."""
_IGNORED_BEFORE_OFFERINGS = {"step", "bid_cursor"}
"""Before the revenue step, the place of the next token on the turn track is left over
from the last cycle: the revenue step sets it back to the first."""


def stage_problem(state: GameState) -> Message | None:
    """Why a scenario cannot set up ``state`` (a message naming what is under way or on
    the board), or None when nothing obvious stands in the way."""
    names = state.names
    if state.phase is Phase.OVER:
        return Message("scenario.stage.over")
    if state.phase not in _PHASES:
        return Message("scenario.stage.cycle_start")
    if state.pending:
        return Message(
            "scenario.stage.pending", {"step": PENDING[state.pending[-1].kind].describe()}
        )
    if state.displaced is not None:
        name = names[state.displaced.player]
        return Message("scenario.stage.displaced", {"player": name}, frozenset({name}))
    figurines = sorted(
        {*state.held_creatures, *(i.figurine for i in state.isles.values() if i.figurine)}
    )
    if figurines or state.kraken is not None:
        return Message("scenario.stage.figurines", {"creatures": figurines or ["kraken"]})
    out = [names[p] for p, player in enumerate(state.players) if player.eliminated]
    if out:
        return Message("scenario.stage.eliminated", {"players": out}, frozenset(out))
    if state.temples_used:
        return Message("scenario.stage.temples")
    return None


def read_state(scenario: Layout, state: GameState) -> None:
    """Set ``scenario`` (new, of the same players, options and map) to ``state``; raise
    :class:`~.core.ScenarioError` if it cannot set it up exactly."""
    problem = stage_problem(state)
    if problem is not None:
        raise error("stage.refused", problem.proper, reason=problem)
    _read_board(scenario, state)
    _read_cycle(scenario, state)
    rebuilt = scenario.state()
    ignored = _IGNORED_BEFORE_OFFERINGS if state.phase is Phase.REVENUE else _IGNORED
    differ = [
        f.name
        for f in fields(GameState)
        if f.name not in ignored and getattr(rebuilt, f.name) != getattr(state, f.name)
    ]
    if differ:
        raise error("stage.fields", differ, fields=differ)


def _read_board(scenario: Core, state: GameState) -> None:
    base = scenario._base
    base.isles = {isle_id: isle.copy() for isle_id, isle in state.isles.items()}
    base.fleets = dict(state.fleets)
    base.players = [p.copy() for p in state.players]
    base.bank = state.bank
    base.building_supply = dict(state.building_supply)
    base.metropolis_supply = state.metropolis_supply
    base.prosperity_supply = state.prosperity_supply
    base.priest_supply = state.priest_supply
    base.philosopher_supply = state.philosopher_supply
    turn = state.turn
    card = _FREE_CARD.get(turn.god) if state.phase is Phase.ACTIONS and turn else None
    if turn is not None and card is not None:
        # The staged action takes its free card again when it begins: hand it back.
        player = base.players[turn.player]
        if getattr(player, f"{card}s") > 0:
            setattr(player, f"{card}s", getattr(player, f"{card}s") - 1)
            setattr(base, f"{card}_supply", getattr(base, f"{card}_supply") + 1)


def _read_cycle(scenario: Core, state: GameState) -> None:
    scenario._cycle = state.cycle
    scenario._gods = list(state.god_order) if state.god_order else None
    scenario._order = list(state.turn_order)
    scenario._track = list(state.creature_track)
    scenario._discard = list(state.creature_discard)
    scenario._bids = {god: [bid.player, bid.amount] for god, bid in state.bids.items()}
    scenario._apollo = list(state.apollo)
    scenario._phase = _PHASES[state.phase]
    scenario._turn = None
    scenario._shuffled = not (state.n_players == 3 and state.god_order and not state.gods_down_prev)
    scenario._recruited = 0
    if state.phase is Phase.ACTIONS and state.turn is not None:
        scenario._turn = (state.turn.god, state.turn.player)
        scenario._recruited = state.turn.recruited or state.turn.extra_cards
    elif state.phase is Phase.ACTIONS and state.returned and state.queue:
        god, player = state.queue[0]
        scenario._turn = (god, player) if god == APOLLO else None
