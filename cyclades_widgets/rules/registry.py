"""Extension points: the tables that rule modules fill in.

The flow (:mod:`.flow`) knows nothing of particular actions. Each rule module registers
what it adds, so movement, battles and creatures plug in without touching the core:

- :data:`HANDLERS`: action kind → function applying it (the trusted fast path);
- :data:`EXPLAINERS`: action kind → function saying which rule forbids an action;
- :data:`TURN_ACTIONS`: generators of the legal actions during a god's turn;
- :data:`PENDING`: kinds of :class:`~.state.Pending` interruptions (battle, creature...);
- :data:`TURN_START`: hooks run when a player starts a god's action;
- :data:`CYCLE_START`: hooks run when a new cycle begins (after the creature track slides).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from .actions import Action
from .events import Event
from .state import GameState, Pending, Turn

Apply = Callable[[GameState, Action], list[Event]]
Explain = Callable[[GameState, Action], "str | None"]
TurnActions = Callable[[GameState, Turn], list[Action]]
TurnStart = Callable[[GameState, int, str], list[Event]]
CycleStart = Callable[[GameState], list[Event]]

HANDLERS: dict[str, Apply] = {}
EXPLAINERS: dict[str, Explain] = {}
TURN_ACTIONS: list[TurnActions] = []
TURN_START: list[TurnStart] = []
CYCLE_START: list[CycleStart] = []


@dataclass(frozen=True, slots=True)
class PendingKind:
    """How the flow treats one kind of pending interruption.

    - ``node="decision"``: ``legal(state, pending)`` lists the player's actions;
    - ``node="chance"``: ``outcomes(state, pending)`` lists ``(action, weight)``;
    - ``node="auto"``: ``auto(state, pending)`` performs the step and returns events.
    """

    node: Literal["decision", "chance", "auto"]
    legal: Callable[[GameState, Pending], list[Action]] | None = None
    outcomes: Callable[[GameState, Pending], list[tuple[Action, float]]] | None = None
    auto: Callable[[GameState, Pending], list[Event]] | None = None
    label: str = ""
    """A short description for the UI, e.g. "retreat or fight"."""


PENDING: dict[str, PendingKind] = {}


def handler(kind: str) -> Callable[[Apply], Apply]:
    """Decorator registering the function that applies actions of ``kind``."""

    def register(fn: Apply) -> Apply:
        HANDLERS[kind] = fn
        return fn

    return register


def explainer(kind: str) -> Callable[[Explain], Explain]:
    """Decorator registering the function that explains why an action is illegal."""

    def register(fn: Explain) -> Explain:
        EXPLAINERS[kind] = fn
        return fn

    return register
