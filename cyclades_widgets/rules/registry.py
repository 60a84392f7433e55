"""Extension points: the tables that rule modules fill in.

The flow (:mod:`.flow`) knows nothing of particular actions. Each rule module registers
what it adds, so movement, battles and creatures plug in without touching the core:

- :data:`HANDLERS`: action kind → function applying it (the trusted fast path);
- :data:`EXPLAINERS`: action kind → function naming the rule an action breaks (a
  :class:`~.messages.Why`, None when it breaks none: the explainer and the generator of
  legal actions share their conditions);
- :data:`TURN_ACTIONS`: generators of the legal actions during a god's turn;
- :data:`PENDING`: kinds of :class:`~.state.Pending` interruptions (battle, creature...);
- :data:`TURN_START`: hooks run when a player starts a god's action;
- :data:`CYCLE_START`: hooks run when a new cycle begins (after the creature track slides).

Each name is registered once: a second registration raises :class:`RegistryError`, so the
rules never depend on the order in which modules are imported.
"""

from __future__ import annotations

from collections.abc import Callable, MutableMapping
from dataclasses import dataclass
from typing import Any, Generic, Literal, TypeVar

from ..i18n import Message, text
from .actions import Action
from .errors import RegistryError
from .events import Event
from .messages import Why
from .state import PENDING_TYPES, GameState, Pending, Turn

__all__ = [
    "CYCLE_START",
    "EXPLAINERS",
    "HANDLERS",
    "PENDING",
    "TURN_ACTIONS",
    "TURN_START",
    "PendingKind",
    "RegistryError",
    "cycle_start",
    "explainer",
    "handler",
    "register_pending",
    "turn_actions",
    "turn_start",
]

Apply = Callable[[GameState, Action], list[Event]]
Explain = Callable[[GameState, Action], Why | None]
TurnActions = Callable[[GameState, Turn], list[Action]]
TurnStart = Callable[[GameState, int, str], list[Event]]
CycleStart = Callable[[GameState], list[Event]]
P = TypeVar("P", bound=Pending)

HANDLERS: dict[str, Apply] = {}
EXPLAINERS: dict[str, Explain] = {}
TURN_ACTIONS: list[TurnActions] = []
TURN_START: list[TurnStart] = []
CYCLE_START: list[CycleStart] = []


@dataclass(frozen=True, slots=True)
class PendingKind(Generic[P]):
    """How the flow treats one kind of pending interruption.

    - ``node="decision"``: ``legal(state, pending)`` lists the player's actions;
    - ``node="chance"``: ``outcomes(state, pending)`` lists ``(action, weight)``;
    - ``node="auto"``: ``auto(state, pending)`` performs the step and returns events.

    ``apply(state, pending, action)``, when given, applies the actions played at this step
    instead of the action kind's handler (Zeus's creature draw is a ``draw`` like the
    track's, applied its own way).
    """

    kind: str
    type: type[P]
    node: Literal["decision", "chance", "auto"]
    legal: Callable[[GameState, P], list[Action]] | None = None
    outcomes: Callable[[GameState, P], list[tuple[Action, float]]] | None = None
    auto: Callable[[GameState, P], list[Event]] | None = None
    apply: Callable[[GameState, P, Action], list[Event]] | None = None

    @property
    def label(self) -> str:
        """A few words for the UI in the session's language, e.g. "retreat or fight"."""
        return text(f"rules.pending.{self.kind}", None)

    def describe(self) -> Message:
        """The same words as a message, for errors rendered in any language."""
        return Message(f"rules.pending.{self.kind}")


PENDING: dict[str, PendingKind[Any]] = {}


def _add(table: MutableMapping[str, Any], key: str, value: Any, what: str) -> None:
    if key in table:
        raise RegistryError(f"{what} {key!r} is registered twice")
    table[key] = value


def handler(kind: str) -> Callable[[Apply], Apply]:
    """Decorator registering the function that applies actions of ``kind``."""

    def register(fn: Apply) -> Apply:
        _add(HANDLERS, kind, fn, "the handler of")
        return fn

    return register


def explainer(kind: str) -> Callable[[Explain], Explain]:
    """Decorator registering the function that names the rule an action breaks."""

    def register(fn: Explain) -> Explain:
        _add(EXPLAINERS, kind, fn, "the explainer of")
        return fn

    return register


def register_pending(
    cls: type[P],
    node: Literal["decision", "chance", "auto"],
    *,
    legal: Callable[[GameState, P], list[Action]] | None = None,
    outcomes: Callable[[GameState, P], list[tuple[Action, float]]] | None = None,
    auto: Callable[[GameState, P], list[Event]] | None = None,
    apply: Callable[[GameState, P, Action], list[Event]] | None = None,
) -> PendingKind[P]:
    """Register the pending step ``cls`` (its ``kind``) and how the flow treats it."""
    spec = PendingKind(cls.kind, cls, node, legal, outcomes, auto, apply)
    _add(PENDING, cls.kind, spec, "the pending step")
    PENDING_TYPES[cls.kind] = cls
    return spec


def _hook(table: list[Any], fn: Any, what: str) -> None:
    if fn in table:
        raise RegistryError(f"{what} {fn.__qualname__!r} is registered twice")
    table.append(fn)


def turn_actions(fn: TurnActions) -> TurnActions:
    """Decorator registering a generator of legal actions during a god's turn."""
    _hook(TURN_ACTIONS, fn, "the turn-action generator")
    return fn


def turn_start(fn: TurnStart) -> TurnStart:
    """Decorator registering a hook run when a player starts a god's action."""
    _hook(TURN_START, fn, "the turn-start hook")
    return fn


def cycle_start(fn: CycleStart) -> CycleStart:
    """Decorator registering a hook run when a new cycle begins."""
    _hook(CYCLE_START, fn, "the cycle-start hook")
    return fn
