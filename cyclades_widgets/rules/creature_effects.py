"""The powers of the Mythological Creatures, resolved as ordinary decisions.

Buying a creature (:mod:`.creatures`) calls :func:`start`. A creature whose power needs
choices puts a ``Pending("creature", buyer, {"creature": id, "card": card})`` on the
stack; its legal actions are written with the creature's id as the action kind, so each
choice reads as notation (``giant fortress paros``, ``griffon sparta``). ``card`` is the
physical card in play: the creature itself, or ``"chimera"`` when the Chimera lends it
its power. A creature with no choice (the Fates) acts at once; one with no legal use at
all fizzles, and its card is discarded (docs/rules-notes.md, "Mythological Creatures").

Each power is an :class:`Effect` registered with :func:`register_effect`. This module
holds the lifecycle and the card-only powers that need no movement: Giant, Chimera,
Cyclopes, Sphinx, Harpy, Griffon, the Fates, Satyr and Dryad. Pegasus, the Siren and the
Sylph live in :mod:`.creature_moves`; the figurines in :mod:`.creature_figurines`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from . import control, cycle, ledger, metropolis
from .actions import Action, register_notation
from .creature_cards import catalog
from .events import Event, ev
from .registry import EXPLAINERS, HANDLERS, PENDING, PendingKind
from .state import BUILDINGS, GameState, Pending

Legal = Callable[[GameState, Pending], list[Action]]
Apply = Callable[[GameState, Pending, Action], list[Event]]
Immediate = Callable[[GameState, Pending], list[Event]]
Explain = Callable[[GameState, Pending, Action], "str | None"]

SPHINX_PRICE = 2
"""GP the bank pays the Sphinx for each unit or card sold back (RULES-NOTES §1.1 #6)."""


@dataclass(frozen=True, slots=True)
class Effect:
    """How one creature's power is resolved.

    - ``legal(state, pending)``: the choices open now (action kind = the creature id);
    - ``apply(state, pending, action)``: carry one choice out; it calls :func:`finish`
      when the power is spent;
    - ``immediate(state, pending)``: for a power without choices (the Fates), instead of
      ``legal``/``apply``;
    - ``explain(state, pending, action)``: the rule an illegal choice breaks.
    """

    legal: Legal | None = None
    apply: Apply | None = None
    immediate: Immediate | None = None
    explain: Explain | None = None


EFFECTS: dict[str, Effect] = {}
"""Creature id → its :class:`Effect`; filled by the creature modules at import."""


def register_effect(creature: str, effect: Effect, *notation: str) -> None:
    """Register a creature's power, the notation of its choices, and their handler."""
    EFFECTS[creature] = effect
    if notation:
        register_notation(creature, *notation)
        HANDLERS[creature] = _apply_choice
        EXPLAINERS[creature] = _explain_choice


PROPER_NAMES = frozenset({"pegasus", "medusa", "polyphemus", "chiron"})
"""Creatures named without an article in English sentences."""


def creature_name(creature: str) -> str:
    """The creature's English name in a sentence: ``"the Giant"``, ``"Medusa"``."""
    info = catalog().get(creature)
    if info is None:
        return repr(creature)
    name = info.names["en"]
    return name if creature in PROPER_NAMES else f"the {name}"


# --------------------------------------------------------------------------- lifecycle


def start(state: GameState, player: int, creature: str, card: str) -> list[Event]:
    """Resolve ``creature``'s power for ``player``; ``card`` is the card in play."""
    state.pending.append(Pending("creature", player, {"creature": creature, "card": card}))
    return begin(state, state.pending[-1])


def begin(state: GameState, pending: Pending) -> list[Event]:
    """Act at once (a power without choices), fizzle (no legal use), or wait for a choice."""
    effect = EFFECTS[pending.data["creature"]]
    if effect.immediate is not None:
        return effect.immediate(state, pending) + finish(state, pending)
    assert effect.legal is not None
    if effect.legal(state, pending):
        return []
    assert pending.player is not None
    fizzle = ev(
        "creature_fizzles", player=state.names[pending.player], creature=pending.data["creature"]
    )
    return [fizzle, *finish(state, pending)]


def finish(state: GameState, pending: Pending) -> list[Event]:
    """The power is spent: the pending entry goes, and the card is discarded unless a
    figurine holds it. The Chimera then shuffles the discard pile into the draw pile."""
    for i in range(len(state.pending) - 1, -1, -1):
        if state.pending[i] is pending:
            del state.pending[i]
            break
    card = pending.data["card"]
    if card in state.held_creatures:
        return []
    state.creature_discard.append(card)
    if card != "chimera":
        return []
    return cycle.reshuffle(state, reason="chimera")


def legal_choices(state: GameState, pending: Pending) -> list[Action]:
    """The choices of the creature being resolved."""
    legal = EFFECTS[pending.data["creature"]].legal
    return legal(state, pending) if legal else []


def _apply_choice(state: GameState, action: Action) -> list[Event]:
    pending = state.pending[-1]
    apply = EFFECTS[action.kind].apply
    assert apply is not None
    return apply(state, pending, action)


def _explain_choice(state: GameState, action: Action) -> str | None:
    top = state.pending[-1] if state.pending else None
    name = creature_name(action.kind)
    if top is None or top.kind != "creature" or top.data["creature"] != action.kind:
        return (
            f"{name} is not being called now: buy it from the creature track first "
            f"('buy {action.kind}'), during your god's action"
        )
    explain = EFFECTS[action.kind].explain
    return explain(state, top, action) if explain else None


PENDING["creature"] = PendingKind(
    "decision", legal=legal_choices, label="choose the creature's target"
)


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


def _player_arg(state: GameState, seat: int) -> str:
    return state.names[seat].lower()


def is_chiron_isle(state: GameState, isle_id: str) -> bool:
    """Chiron stands here: Pegasus, the Giant and the Harpy cannot target it
    (RULES-NOTES §1.1 #16)."""
    return state.isles[isle_id].figurine == "chiron"


# --------------------------------------------------------------------------- Giant


def _giant_legal(state: GameState, pending: Pending) -> list[Action]:
    actions = []
    for isle_id, isle in state.isles.items():
        if is_chiron_isle(state, isle_id):
            continue
        actions += [Action("giant", (kind, isle_id)) for kind in sorted(set(isle.buildings))]
    return actions


def _giant_apply(state: GameState, pending: Pending, action: Action) -> list[Event]:
    kind, isle_id = action.args
    isle = state.isles[isle_id]
    isle.buildings.remove(kind)
    state.building_supply[kind] += 1
    assert pending.player is not None
    event = ev(
        "giant_destroys",
        variant="neutral" if isle.owner is None else "owned",
        player=state.names[pending.player],
        building=kind,
        isle=isle_id,
        owner=None if isle.owner is None else state.names[isle.owner],
    )
    return [event, *finish(state, pending)]


def _giant_explain(state: GameState, pending: Pending, action: Action) -> str | None:
    kind, isle_id = action.args
    if kind == "metropolis":
        return "the Giant cannot destroy a Metropolis (RULES-NOTES §1.1 #3)"
    if isle_id not in state.isles:
        return f"{isle_id!r} is not an isle of this map"
    if is_chiron_isle(state, isle_id):
        return f"Chiron protects {isle_id} from the Giant"
    return f"there is no {kind} on {isle_id} for the Giant to destroy"


register_effect("giant", Effect(_giant_legal, _giant_apply, explain=_giant_explain), "{w} {w}")


# --------------------------------------------------------------------------- Chimera


def _chimera_legal(state: GameState, pending: Pending) -> list[Action]:
    return [Action("chimera", (c,)) for c in sorted(set(state.creature_discard)) if c in EFFECTS]


def _chimera_apply(state: GameState, pending: Pending, action: Action) -> list[Event]:
    borrowed = action.args[0]
    pending.data["creature"] = borrowed
    assert pending.player is not None
    event = ev("chimera_copies", player=state.names[pending.player], creature=borrowed)
    return [event, *begin(state, pending)]


def _chimera_explain(state: GameState, pending: Pending, action: Action) -> str | None:
    pile = ", ".join(sorted(set(state.creature_discard))) or "nothing"
    return (
        f"the Chimera borrows the power of a creature in the discard pile; "
        f"{action.args[0]!r} is not there (the pile holds {pile})"
    )


register_effect("chimera", Effect(_chimera_legal, _chimera_apply, explain=_chimera_explain), "{w}")


# --------------------------------------------------------------------------- Cyclopes


def _cyclopes_legal(state: GameState, pending: Pending) -> list[Action]:
    assert pending.player is not None
    actions = []
    for isle_id in state.isles_of(pending.player):
        for old in sorted(set(state.isles[isle_id].buildings)):
            actions += [
                Action("cyclopes", (isle_id, old, new))
                for new in BUILDINGS
                if new != old and state.building_supply[new] > 0
            ]
    return actions


def _cyclopes_apply(state: GameState, pending: Pending, action: Action) -> list[Event]:
    isle_id, old, new = action.args
    player = pending.player
    assert player is not None
    buildings = state.isles[isle_id].buildings
    buildings[buildings.index(old)] = new
    state.building_supply[old] += 1
    state.building_supply[new] -= 1
    event = ev("cyclopes_rebuild", player=state.names[player], isle=isle_id, old=old, new=new)
    return [event, *finish(state, pending), *metropolis.check(state, player)]


def _cyclopes_explain(state: GameState, pending: Pending, action: Action) -> str | None:
    isle_id, old, new = action.args
    isle = state.isles.get(isle_id)
    if isle is None or isle.owner != pending.player:
        return f"the Cyclopes rebuild one of your own buildings; {isle_id} is not your isle"
    if old not in isle.buildings:
        return f"there is no {old} on {isle_id}"
    if new not in BUILDINGS or new == old:
        return f"the new building must be another type: one of {', '.join(BUILDINGS)} but {old}"
    return f"no {new}s are left in the supply"


register_effect(
    "cyclopes",
    Effect(_cyclopes_legal, _cyclopes_apply, explain=_cyclopes_explain),
    "{w} {w}>{w}",
)


# --------------------------------------------------------------------------- Sphinx


def _sphinx_legal(state: GameState, pending: Pending) -> list[Action]:
    player = pending.player
    assert player is not None
    p = state.players[player]
    actions = [
        Action("sphinx", ("troop", i)) for i in state.isles_of(player) if state.isles[i].troops
    ]
    actions += [
        Action("sphinx", ("fleet", s)) for s, (o, _c) in state.fleets.items() if o == player
    ]
    if p.priests:
        actions.append(Action("sphinx", ("priest",)))
    if p.philosophers:
        actions.append(Action("sphinx", ("philosopher",)))
    return [*actions, Action("sphinx", ("done",))]


def _sphinx_apply(state: GameState, pending: Pending, action: Action) -> list[Event]:
    player = pending.player
    assert player is not None
    unit = action.args[0]
    if unit == "done":
        return finish(state, pending)
    where = action.args[1] if len(action.args) > 1 else None
    events = _sell(state, player, unit, where)
    ledger.gain(state, player, SPHINX_PRICE)
    pending.data["sold"] = pending.data.get("sold", 0) + 1
    sale = ev(
        "sphinx_sells",
        variant="card" if where is None else "piece",
        player=state.names[player],
        unit=unit,
        where=where,
        gold=SPHINX_PRICE,
        sold=pending.data["sold"],
    )
    return [sale, *events]


def _sell(state: GameState, player: int, unit: str, where: str | None) -> list[Event]:
    p = state.players[player]
    if unit == "troop":
        assert where is not None
        return control.leave_isle(state, player, where, 1)
    if unit == "fleet":
        assert where is not None
        owner, count = state.fleets[where]
        if count > 1:
            state.fleets[where] = (owner, count - 1)
        else:
            del state.fleets[where]
    elif unit == "priest":
        p.priests -= 1
        state.priest_supply += 1
    else:
        p.philosophers -= 1
        state.philosopher_supply += 1
    return []


def _sphinx_explain(state: GameState, pending: Pending, action: Action) -> str | None:
    unit = action.args[0]
    if unit not in ("troop", "fleet", "priest", "philosopher", "done"):
        return "the Sphinx buys back troops, fleets, Priests and Philosophers (2 GP each)"
    if unit in ("priest", "philosopher"):
        return f"you have no {unit} to sell"
    return f"you have no {unit} at {action.args[1] if len(action.args) > 1 else '?'} to sell"


register_effect(
    "sphinx",
    Effect(_sphinx_legal, _sphinx_apply, explain=_sphinx_explain),
    "{w}",
    "{w} {w}",
)


# --------------------------------------------------------------------------- Harpy


def _harpy_legal(state: GameState, pending: Pending) -> list[Action]:
    return [
        Action("harpy", (isle_id,))
        for isle_id, isle in state.isles.items()
        if isle.troops > 0
        and isle.owner not in (None, pending.player)
        and not is_chiron_isle(state, isle_id)
    ]


def _harpy_apply(state: GameState, pending: Pending, action: Action) -> list[Event]:
    isle_id = action.args[0]
    isle = state.isles[isle_id]
    victim = isle.owner
    assert victim is not None and pending.player is not None
    isle.troops -= 1
    event = ev(
        "harpy_kills",
        variant="emptied" if isle.troops == 0 else "thinned",
        player=state.names[pending.player],
        victim=state.names[victim],
        isle=isle_id,
        left=isle.troops,
    )
    events = [event]
    if isle.troops == 0:
        # The isle stays with its owner even if left empty (RULES-NOTES §1.1 #8).
        events += control.keep_with_marker(state, isle_id)
    return events + finish(state, pending)


def _harpy_explain(state: GameState, pending: Pending, action: Action) -> str | None:
    isle = state.isles.get(action.args[0])
    if isle is None:
        return f"{action.args[0]!r} is not an isle of this map"
    if isle.figurine == "chiron":
        return f"Chiron protects {action.args[0]} from the Harpy"
    return f"the Harpy destroys an enemy troop; {action.args[0]} has no enemy troop"


register_effect("harpy", Effect(_harpy_legal, _harpy_apply, explain=_harpy_explain), "{w}")


# --------------------------------------------------------------------------- Griffon


def _griffon_legal(state: GameState, pending: Pending) -> list[Action]:
    assert pending.player is not None
    return [Action("griffon", (_player_arg(state, p),)) for p in opponents(state, pending.player)]


def _griffon_apply(state: GameState, pending: Pending, action: Action) -> list[Event]:
    player = pending.player
    victim = seat_of(state, action.args[0])
    assert player is not None and victim is not None
    had = state.players[victim].gold
    loot = had // 2
    ledger.transfer(state, victim, player, loot)
    event = ev(
        "griffon_steals",
        player=state.names[player],
        victim=state.names[victim],
        gold=loot,
        had=had,
    )
    return [event, *finish(state, pending)]


def _explain_victim(creature: str, what: str) -> Explain:
    def explain(state: GameState, pending: Pending, action: Action) -> str | None:
        victim = seat_of(state, action.args[0])
        if victim is None:
            return f"{action.args[0]!r} is not a player; players: {', '.join(state.names)}"
        if victim == pending.player:
            return f"{creature_name(creature)} takes from another player, not from yourself"
        if state.players[victim].eliminated:
            return f"{state.names[victim]} is out of the game"
        return f"{state.names[victim]} has no {what} to take"

    return explain


register_effect(
    "griffon",
    Effect(_griffon_legal, _griffon_apply, explain=_explain_victim("griffon", "GP")),
    "{w}",
)


# --------------------------------------------------------------------------- the Fates


def _fates_immediate(state: GameState, pending: Pending) -> list[Event]:
    player = pending.player
    assert player is not None
    total, land, sea = ledger.revenue_of(state, player)
    ledger.gain(state, player, total)
    return [ev("fates_revenue", player=state.names[player], gold=total, isles=land, seas=sea)]


register_effect("fates", Effect(immediate=_fates_immediate))


# --------------------------------------------------------------------------- Satyr, Dryad


def _thief(card: str, attr: str, makes_metropolis: bool) -> tuple[Legal, Apply]:
    """Legal choices and handler of a creature stealing one Priest or Philosopher."""
    kind = "satyr" if card == "philosopher" else "dryad"

    def legal(state: GameState, pending: Pending) -> list[Action]:
        assert pending.player is not None
        return [
            Action(kind, (_player_arg(state, p),))
            for p in opponents(state, pending.player)
            if getattr(state.players[p], attr) > 0
        ]

    def apply(state: GameState, pending: Pending, action: Action) -> list[Event]:
        player = pending.player
        victim = seat_of(state, action.args[0])
        assert player is not None and victim is not None
        setattr(state.players[victim], attr, getattr(state.players[victim], attr) - 1)
        setattr(state.players[player], attr, getattr(state.players[player], attr) + 1)
        event = ev(
            f"{kind}_steals",
            player=state.names[player],
            victim=state.names[victim],
            total=getattr(state.players[player], attr),
        )
        events = [event, *finish(state, pending)]
        if makes_metropolis:
            # A 4th Philosopher makes a Metropolis at once (RULES-NOTES §1.1 #11).
            events += metropolis.check(state, player)
        return events

    return legal, apply


_satyr_legal, _satyr_apply = _thief("philosopher", "philosophers", True)
_dryad_legal, _dryad_apply = _thief("priest", "priests", False)
register_effect(
    "satyr",
    Effect(_satyr_legal, _satyr_apply, explain=_explain_victim("satyr", "Philosopher")),
    "{w}",
)
register_effect(
    "dryad",
    Effect(_dryad_legal, _dryad_apply, explain=_explain_victim("dryad", "Priest")),
    "{w}",
)
