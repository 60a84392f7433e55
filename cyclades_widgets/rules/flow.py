"""The flow of a game, declared as data: what each phase allows and what comes next.

Every state is one of four *nodes*:

- ``"decision"``: a player must choose one of :func:`legal_actions`;
- ``"chance"``: an outcome is drawn from :func:`chance_outcomes` (dice, gods, cards);
- ``"auto"``: :func:`auto_step` performs a fixed step (revenue, payment, ...);
- ``"over"``: the game has ended.

:func:`apply` is the trusted fast path (bots, replays); :func:`check` is the safe path
that raises a named error and leaves the state untouched.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from . import cycle, gods, offerings
from .actions import Action
from .errors import IllegalActionError
from .events import Event
from .registry import EXPLAINERS, HANDLERS, PENDING
from .state import GameState, Phase

Node = Literal["decision", "chance", "auto", "over"]


@dataclass(frozen=True, slots=True)
class PhaseSpec:
    """What one phase does: who decides, what is legal, what chance or automatic step."""

    node: Callable[[GameState], tuple[Node, int | None]]
    legal: Callable[[GameState], list[Action]] | None = None
    outcomes: Callable[[GameState], list[tuple[Action, float]]] | None = None
    auto: Callable[[GameState], list[Event]] | None = None


PHASES: dict[Phase, PhaseSpec] = {
    Phase.SETUP: PhaseSpec(lambda s: ("chance", None), outcomes=cycle.order_outcomes),
    Phase.CREATURES: PhaseSpec(
        cycle.creatures_node, outcomes=cycle.draw_outcomes, auto=cycle.creatures_auto
    ),
    Phase.GODS: PhaseSpec(lambda s: ("chance", None), outcomes=cycle.gods_outcomes),
    Phase.REVENUE: PhaseSpec(lambda s: ("auto", None), auto=cycle.revenue),
    Phase.OFFERINGS: PhaseSpec(
        offerings.node, legal=offerings.legal_bids, auto=offerings.pay_offerings
    ),
    Phase.ACTIONS: PhaseSpec(gods.node, legal=gods.legal_turn_actions, auto=gods.actions_auto),
    Phase.END: PhaseSpec(lambda s: ("auto", None), auto=cycle.end_of_cycle),
    Phase.OVER: PhaseSpec(lambda s: ("over", None)),
}


def node(state: GameState) -> tuple[Node, int | None]:
    """The kind of the current node and the seat that decides (None if nobody)."""
    if state.phase is Phase.OVER:
        return "over", None
    if state.pending:
        top = state.pending[-1]
        return PENDING[top.kind].node, top.player
    return PHASES[state.phase].node(state)


def legal_actions(state: GameState) -> list[Action]:
    """The decisions open to the player to act (empty at chance, auto or over nodes)."""
    kind, _ = node(state)
    if kind != "decision":
        return []
    if state.pending:
        top = state.pending[-1]
        legal = PENDING[top.kind].legal
        return legal(state, top) if legal else []
    spec_legal = PHASES[state.phase].legal
    return spec_legal(state) if spec_legal else []


def chance_outcomes(state: GameState) -> list[tuple[Action, float]]:
    """At a chance node, every outcome with its probability (summing to 1)."""
    kind, _ = node(state)
    if kind != "chance":
        return []
    if state.pending:
        top = state.pending[-1]
        fn = PENDING[top.kind].outcomes
        pairs = fn(state, top) if fn else []
    else:
        phase_fn = PHASES[state.phase].outcomes
        pairs = phase_fn(state) if phase_fn else []
    total = sum(w for _, w in pairs)
    return [(a, w / total) for a, w in pairs]


def auto_step(state: GameState) -> list[Event]:
    """Perform the automatic step at an ``"auto"`` node."""
    if state.pending:
        top = state.pending[-1]
        fn = PENDING[top.kind].auto
        assert fn is not None, f"pending {top.kind} has no automatic step"
        events = fn(state, top)
    else:
        phase_fn = PHASES[state.phase].auto
        assert phase_fn is not None, f"phase {state.phase} has no automatic step"
        events = phase_fn(state)
    state.step += 1
    return events


def apply(state: GameState, action: Action) -> list[Event]:
    """Apply a legal decision or chance outcome (trusted: no legality check)."""
    events = HANDLERS[action.kind](state, action)
    state.step += 1
    return events


def check(state: GameState, action: Action) -> None:
    """Raise :class:`IllegalActionError` unless ``action`` is legal now.

    The message names the rule that forbids it and what would be legal instead.
    """
    kind, player = node(state)
    if not well_formed(action):
        raise IllegalActionError(_malformed_message(state, action))
    if kind == "over":
        raise IllegalActionError(f"the game is over; {action} cannot be played")
    if kind == "auto":
        raise IllegalActionError(
            f"no decision is due: the next step is automatic ({describe_auto(state)}); "
            "call game.step() or game.advance()"
        )
    if kind == "chance":
        options = [a for a, _ in chance_outcomes(state)]
        if action in options:
            return
        raise IllegalActionError(_chance_message(state, action, options))
    legal = legal_actions(state)
    if action in legal:
        return
    reason = None
    explain = EXPLAINERS.get(action.kind)
    if explain is not None:
        reason = explain(state, action)
    who = state.names[player] if player is not None else "nobody"
    if reason is None:
        reason = f"{action} is not legal now"
    same = [str(a) for a in legal if a.kind == action.kind]
    hint = same if same else [str(a) for a in legal]
    raise IllegalActionError(f"{reason}. {who} to act; legal: {_sample(hint)}")


def well_formed(action: Action) -> bool:
    """True if ``action`` is what its own notation parses to (right kind, arity and types).

    Actions built in code (bots, widget intents) may be malformed; explainers assume
    well-formed arguments, so :func:`check` refuses the others first.
    """
    try:
        return Action.parse(str(action)) == action
    except (ValueError, TypeError):
        return False


def _malformed_message(state: GameState, action: Action) -> str:
    kind, _ = node(state)
    if kind == "decision":
        options = [str(a) for a in legal_actions(state)]
        where = "legal"
    elif kind == "chance":
        options = [str(a) for a, _ in chance_outcomes(state)]
        where = "possible"
    else:
        options, where = [], "legal"
    return (
        f"Action({action.kind!r}, {action.args!r}) is not a well-formed action "
        f"(its arguments do not match the notation of {action.kind!r}, docs/notation.md); "
        f"{where}: {_sample(options)}"
    )


def _chance_message(state: GameState, action: Action, options: list[Action]) -> str:
    if action.kind in HANDLERS and action.kind in {a.kind for a in options}:
        return f"{action} is not a possible outcome here; possible: {_sample([str(a) for a in options])}"
    return (
        f"a chance step is due ({options[0].kind if options else '?'}), not a decision; "
        f"call game.step() to draw it, or force one of: {_sample([str(a) for a in options])}"
    )


def _sample(items: list[str], limit: int = 8) -> str:
    if not items:
        return "nothing"
    shown = ", ".join(items[:limit])
    return shown + (f", … ({len(items)} in all)" if len(items) > limit else "")


def describe_auto(state: GameState) -> str:
    """A few words naming the automatic step that comes next."""
    if state.pending:
        return PENDING[state.pending[-1].kind].label or state.pending[-1].kind
    return {
        Phase.CREATURES: "update the creature track",
        Phase.REVENUE: "revenue",
        Phase.OFFERINGS: "pay the offerings",
        Phase.ACTIONS: "the next god's action",
        Phase.END: "end-of-cycle check",
    }.get(state.phase, str(state.phase))
