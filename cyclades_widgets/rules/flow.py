"""The flow of a game, declared as data: what each phase allows and what comes next.

Every state is one of four *nodes*:

- ``"decision"``: a player must choose one of :func:`legal_actions`;
- ``"chance"``: an outcome is drawn from :func:`chance_outcomes` (dice, gods, cards);
- ``"auto"``: :func:`auto_step` performs a fixed step (revenue, payment, ...);
- ``"over"``: the game has ended.

:func:`apply` is the trusted fast path (bots, replays); :func:`check` is the safe path
that raises a named error and leaves the state untouched. :func:`explain` names the rule
an action breaks, and has nothing against exactly the legal actions: the explainers and
the generators of legal actions share each rule's condition.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from ..i18n import Message, message
from . import cycle, gods, offerings
from .actions import Action, arg_text
from .errors import IllegalActionError
from .events import Event
from .messages import clip, quoted, sample
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


_OVER = Phase.OVER


def node(state: GameState) -> tuple[Node, int | None]:
    """The kind of the current node and the seat that decides (None if nobody)."""
    if state.phase is _OVER:
        return "over", None
    if state.pending:
        top = state.pending[-1]
        return PENDING[top.kind].node, top.player
    return PHASES[state.phase].node(state)


def legal_actions(state: GameState) -> list[Action]:
    """The decisions open to the player to act (empty at chance, auto or over nodes)."""
    # the node's kind as :func:`node` finds it, without a second look-up of the spec
    if state.phase is _OVER:
        return []
    if state.pending:
        top = state.pending[-1]
        pending = PENDING[top.kind]
        if pending.node != "decision" or pending.legal is None:
            return []
        return pending.legal(state, top)
    spec = PHASES[state.phase]
    if spec.legal is None or spec.node(state)[0] != "decision":
        return []
    return spec.legal(state)


def chance_outcomes(state: GameState) -> list[tuple[Action, float]]:
    """At a chance node, every outcome with its probability (summing to 1)."""
    # the node's kind as :func:`node` finds it, without a second look-up of the spec
    if state.phase is _OVER:
        return []
    if state.pending:
        top = state.pending[-1]
        pending = PENDING[top.kind]
        if pending.node != "chance" or pending.outcomes is None:
            return []
        pairs = pending.outcomes(state, top)
    else:
        spec = PHASES[state.phase]
        if spec.outcomes is None or spec.node(state)[0] != "chance":
            return []
        pairs = spec.outcomes(state)
    total = sum([w for _, w in pairs])
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
    """Apply a legal decision or chance outcome (trusted: no legality check).

    A pending step with its own ``apply`` takes the actions played at it; otherwise the
    action kind's handler does.
    """
    if state.pending:
        top = state.pending[-1]
        own = PENDING[top.kind].apply
        if own is not None:
            events = own(state, top, action)
            state.step += 1
            return events
    events = HANDLERS[action.kind](state, action)
    state.step += 1
    return events


def explain(state: GameState, action: Action) -> Message | None:
    """At a decision, the rule that ``action`` breaks, or None when it breaks none.

    None exactly when ``action`` is among :func:`legal_actions` (``tests/test_rules_once.py``
    checks this over fuzzed positions): each rule's condition is stated once, and both
    the explainer of an action kind and its generator of legal actions use it.
    """
    if not well_formed(action):
        return _malformed(state, action)
    explain_kind = EXPLAINERS.get(action.kind)
    if explain_kind is None:
        return message("rules.check.no_rule", str(action), action=str(action))
    broken = explain_kind(state, action)
    return None if broken is None else broken.message()


def check(state: GameState, action: Action, legal: list[Action] | None = None) -> None:
    """Raise :class:`IllegalActionError` unless ``action`` is legal now.

    ``legal`` may give the legal actions already listed for this state. The message names
    the rule that forbids it and what would be legal instead.
    """
    kind, player = node(state)
    if not well_formed(action):
        raise IllegalActionError(_malformed(state, action, legal))
    text = str(action)
    if kind == "over":
        raise IllegalActionError(message("rules.check.over", text, action=text))
    if kind == "auto":
        raise IllegalActionError(message("rules.check.auto", step=describe_auto(state)))
    if kind == "chance":
        options = [a for a, _ in chance_outcomes(state)]
        if action in options:
            return
        raise IllegalActionError(_chance_message(action, options))
    if legal is None:
        legal = legal_actions(state)
    if action in legal:
        return
    reason = explain(state, action) or message("rules.check.not_legal", text, action=text)
    same = [str(a) for a in legal if a.kind == action.kind]
    hint = same if same else [str(a) for a in legal]
    assert player is not None
    problem = message("rules.check.illegal", *state.names, reason=reason, player=state.names[player], legal=sample(hint))  # fmt: skip
    raise IllegalActionError(problem, rule=reason)


def well_formed(action: Action) -> bool:
    """True if ``action`` is what its own notation parses to (right kind, arity and types).

    Actions built in code (bots, widget intents) may be malformed; explainers assume
    well-formed arguments, so :func:`check` refuses the others first.
    """
    try:
        return Action.parse(str(action)) == action
    except (ValueError, TypeError):
        return False


def _malformed(state: GameState, action: Action, legal: list[Action] | None = None) -> Message:
    kind, _ = node(state)
    if kind == "chance":
        options = [str(a) for a, _ in chance_outcomes(state)]
        key = "check.malformed_chance"
    else:
        options = [str(a) for a in (legal_actions(state) if legal is None else legal)]
        key = "check.malformed"
    # an Action built in code may hold anything: shown as a short prefix, never raising
    kind_shown = quoted(action.kind)
    args = ", ".join(clip(arg_text(a)) for a in action.args[:5])
    more = ", …" if len(action.args) > 5 else ""
    shown = clip(f"Action({kind_shown}, ({args}{more}))", 120)
    return message(
        "rules." + key, shown, kind_shown, action=shown, kind=kind_shown, legal=sample(options)
    )


def _chance_message(action: Action, options: list[Action]) -> Message:
    notations = [str(a) for a in options]
    if action.kind in HANDLERS and action.kind in {a.kind for a in options}:
        text = str(action)
        return message("rules.check.not_possible", text, action=text, possible=sample(notations))
    due = options[0].kind if options else "?"
    return message("rules.check.chance_due", due, kind=due, possible=sample(notations))


def describe_auto(state: GameState) -> Message:
    """A few words naming the automatic step that comes next."""
    if state.pending:
        return PENDING[state.pending[-1].kind].describe()
    return message(f"rules.auto.{state.phase.value}")
