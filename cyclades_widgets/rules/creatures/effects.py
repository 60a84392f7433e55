"""The lifecycle of a creature's power, resolved as ordinary decisions.

Buying a creature (:mod:`.market`) calls :func:`start`. A creature whose power needs
choices puts a :class:`CreatureStep` on the stack; its legal actions are written with the
creature's id as the action kind, so each choice reads as notation (``giant fortress
paros``, ``griffon sparta``). :attr:`CreatureStep.card` is the physical card in play: the
creature itself, or ``"chimera"`` when the Chimera lends it its power. A creature with no
choice (the Fates) acts at once; one with no legal use at all fizzles, and its card is
discarded (docs/rules-notes.md, "Mythological Creatures").

Each power is an :class:`Effect` registered with :func:`register_effect`: the card-only
powers in :mod:`.powers`, Pegasus, the Siren and the Sylph in :mod:`.moves`, the figurines
in :mod:`.figurines`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

from .. import cycle
from ..actions import Action, register_notation
from ..errors import RegistryError
from ..events import Event, ev
from ..messages import Why, why
from ..registry import explainer, handler, register_pending
from ..state import GameState, Pending
from .cards import named

Legal = Callable[[GameState, "CreatureStep"], list[Action]]
Apply = Callable[[GameState, "CreatureStep", Action], list[Event]]
Immediate = Callable[[GameState, "CreatureStep"], list[Event]]
Explain = Callable[[GameState, "CreatureStep", Action], Why | None]


@dataclass(slots=True, kw_only=True)
class CreatureStep(Pending):
    """A creature's power being resolved by the player who called it."""

    kind: ClassVar[str] = "creature"
    creature: str
    """Whose power is being used (the Chimera changes it to the power it borrows)."""
    card: str
    """The card in play: the creature's own, or the Chimera's."""
    stage: str | None = None
    """A later stage of a power: ``"push"`` (Polyphemus), ``"move"`` (the Kraken)."""
    isle: str | None = None
    """Where Polyphemus stands while he pushes the fleets around it."""
    kraken_pushed: bool = False
    """Polyphemus has already pushed (or could not move) the Kraken."""
    moves_left: int | None = None
    """The Sylph's moves not yet made (None before the first)."""
    sold: int = 0
    """Units and cards sold to the Sphinx so far."""


@dataclass(frozen=True, slots=True)
class Effect:
    """How one creature's power is resolved.

    - ``legal(state, step)``: the choices open now (action kind = the creature id);
    - ``apply(state, step, action)``: carry one choice out; it calls :func:`finish`
      when the power is spent;
    - ``immediate(state, step)``: for a power without choices (the Fates), instead of
      ``legal``/``apply``;
    - ``explain(state, step, action)``: the rule an illegal choice breaks, None for a
      legal one (the same conditions as ``legal``).
    """

    legal: Legal | None = None
    apply: Apply | None = None
    immediate: Immediate | None = None
    explain: Explain | None = None


EFFECTS: dict[str, Effect] = {}
"""Creature id → its :class:`Effect`; filled by the creature modules at import."""


def register_effect(creature: str, effect: Effect, *notation: str) -> None:
    """Register a creature's power, the notation of its choices, and their handler."""
    if creature in EFFECTS:
        raise RegistryError(f"the power of {creature!r} is registered twice")
    EFFECTS[creature] = effect
    if notation:
        register_notation(creature, *notation)
        handler(creature)(_apply_choice)
        explainer(creature)(_explain_choice)


# --------------------------------------------------------------------------- lifecycle


def start(state: GameState, player: int, creature: str, card: str) -> list[Event]:
    """Resolve ``creature``'s power for ``player``; ``card`` is the card in play."""
    step = CreatureStep(player=player, creature=creature, card=card)
    state.pending.append(step)
    return begin(state, step)


def begin(state: GameState, step: CreatureStep) -> list[Event]:
    """Act at once (a power without choices), fizzle (no legal use), or wait for a choice."""
    effect = EFFECTS[step.creature]
    if effect.immediate is not None:
        return effect.immediate(state, step) + finish(state, step)
    assert effect.legal is not None
    if effect.legal(state, step):
        return []
    assert step.player is not None
    fizzle = ev("creature_fizzles", player=state.names[step.player], creature=step.creature)
    return [fizzle, *finish(state, step)]


def finish(state: GameState, step: CreatureStep) -> list[Event]:
    """The power is spent: the step goes, and the card is discarded unless a figurine
    holds it. The Chimera then shuffles the discard pile into the draw pile."""
    for i in range(len(state.pending) - 1, -1, -1):
        if state.pending[i] is step:
            del state.pending[i]
            break
    card = step.card
    if card in state.held_creatures:
        return []
    state.creature_discard.append(card)
    if card != "chimera":
        return []
    return cycle.reshuffle(state, reason="chimera")


def legal_choices(state: GameState, step: CreatureStep) -> list[Action]:
    """The choices of the creature being resolved."""
    legal = EFFECTS[step.creature].legal
    return legal(state, step) if legal else []


def _apply_choice(state: GameState, action: Action) -> list[Event]:
    step = state.pending[-1]
    assert isinstance(step, CreatureStep)
    apply = EFFECTS[action.kind].apply
    assert apply is not None
    return apply(state, step, action)


def _explain_choice(state: GameState, action: Action) -> Why | None:
    top = state.pending[-1] if state.pending else None
    if not isinstance(top, CreatureStep) or top.creature != action.kind:
        example = f"buy {action.kind}"
        return why(
            "creatures.not_called",
            keep=[example],
            creature=named(action.kind),
            example=example,
        )
    explain = EFFECTS[action.kind].explain
    assert explain is not None, f"{action.kind} has choices but no explainer"
    return explain(state, top, action)


register_pending(CreatureStep, "decision", legal=legal_choices)


# --------------------------------------------------------------------------- helpers


def seat_of(state: GameState, name: str) -> int | None:
    """The seat of a player named in notation (lower case), or None."""
    try:
        return state.seat(name)
    except KeyError:
        return None


def opponents(state: GameState, player: int) -> list[int]:
    """The other players still in the game, in seat order."""
    return [p for p in state.active_players() if p != player]


def player_arg(state: GameState, seat: int) -> str:
    """A player's name as written in notation (lower case)."""
    return state.names[seat].lower()


def is_chiron_isle(state: GameState, isle_id: str) -> bool:
    """Chiron stands here: Pegasus, the Giant and the Harpy cannot target it."""
    return state.isles[isle_id].figurine == "chiron"


def not_an_isle(isle_id: str) -> Why:
    """The message for a word that is no isle of the map."""
    return why("creatures.not_an_isle", keep=[isle_id], isle=isle_id)
