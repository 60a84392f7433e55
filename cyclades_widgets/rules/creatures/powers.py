"""The card-only powers that move no unit: Giant, Chimera, Cyclopes, Sphinx, Harpy, Griffon,
the Fates, Satyr and Dryad.

Each power states its rule once, in a predicate both its legal choices and its explainer
use (``tests/test_rules_once.py``).
"""

from __future__ import annotations

from .. import control, ledger, metropolis
from ..actions import Action, made
from ..events import Event, ev
from ..messages import Why, plural, quoted, why
from ..state import BUILDINGS, GameState
from .cards import named
from .effects import (
    EFFECTS,
    Apply,
    CreatureStep,
    Effect,
    Explain,
    Legal,
    begin,
    finish,
    is_chiron_isle,
    not_an_isle,
    register_effect,
    seat_of,
)

SPHINX_PRICE = 2
"""GP the bank pays the Sphinx for each unit or card sold back."""


def _seat(step: CreatureStep) -> int:
    assert step.player is not None
    return step.player


# --------------------------------------------------------------------------- Giant


def giant_problem(state: GameState, kind: str, isle_id: str) -> Why | None:
    """Why the Giant cannot destroy a ``kind`` on ``isle_id``, or None: an ordinary
    building, on any isle Chiron does not protect (a Metropolis is out of reach)."""
    if kind == "metropolis":
        return why("creatures.giant_metropolis")
    if isle_id not in state.isles:
        return not_an_isle(isle_id)
    if is_chiron_isle(state, isle_id):
        return why("creatures.chiron", isle=isle_id, creature=named("giant"))
    if kind not in state.isles[isle_id].buildings:
        return why("creatures.giant_nothing", keep=[kind], building=kind, isle=isle_id)
    return None


def _giant_legal(state: GameState, step: CreatureStep) -> list[Action]:
    # giant_problem's conditions: an ordinary building, on an isle without Chiron
    return [
        Action("giant", (kind, isle_id))
        for isle_id, isle in state.isles.items()
        if isle.buildings and not is_chiron_isle(state, isle_id)
        for kind in sorted(set(isle.buildings))
        if kind != "metropolis"
    ]


def _giant_apply(state: GameState, step: CreatureStep, action: Action) -> list[Event]:
    kind, isle_id = action.args
    isle = state.isles[isle_id]
    isle.buildings.remove(kind)
    state.building_supply[kind] += 1
    event = ev(
        "giant_destroys",
        variant="neutral" if isle.owner is None else "owned",
        player=state.names[_seat(step)],
        building=kind,
        isle=isle_id,
        owner=None if isle.owner is None else state.names[isle.owner],
    )
    return [event, *finish(state, step)]


def _giant_explain(state: GameState, step: CreatureStep, action: Action) -> Why | None:
    return giant_problem(state, *action.args)


register_effect("giant", Effect(_giant_legal, _giant_apply, explain=_giant_explain), "{w} {w}")


# --------------------------------------------------------------------------- Chimera


def _borrowable(state: GameState) -> list[str]:
    """The powers the Chimera may borrow: the creatures in the discard pile."""
    return [c for c in sorted(set(state.creature_discard)) if c in EFFECTS]


def _chimera_legal(state: GameState, step: CreatureStep) -> list[Action]:
    return list(made("chimera", (), tuple(_borrowable(state))))


def _chimera_apply(state: GameState, step: CreatureStep, action: Action) -> list[Event]:
    borrowed = action.args[0]
    step.creature = borrowed
    event = ev("chimera_copies", player=state.names[_seat(step)], creature=borrowed)
    return [event, *begin(state, step)]


def _chimera_explain(state: GameState, step: CreatureStep, action: Action) -> Why | None:
    pile = _borrowable(state)
    if action.args[0] in pile:
        return None
    word = quoted(action.args[0])
    return why("creatures.chimera", keep=[word], word=word, pile=pile)


register_effect("chimera", Effect(_chimera_legal, _chimera_apply, explain=_chimera_explain), "{w}")


# --------------------------------------------------------------------------- Cyclopes


def cyclopes_problem(state: GameState, player: int, isle_id: str, old: str, new: str) -> Why | None:
    """Why the Cyclopes cannot turn ``old`` on ``isle_id`` into ``new``, or None: one of
    the player's own buildings becomes another type, from the supply."""
    isle = state.isles.get(isle_id)
    if isle is None or isle.owner != player:
        return why("creatures.cyclopes_own", keep=[isle_id], isle=isle_id)
    if old not in isle.buildings:
        return why("creatures.cyclopes_nothing", keep=[old], building=old, isle=isle_id)
    if new not in BUILDINGS or new == old:
        return why("creatures.cyclopes_other", keep=[new], all=BUILDINGS, building=old)
    if state.building_supply[new] <= 0:
        return why("creatures.supply", buildings=plural(new))
    return None


def _cyclopes_legal(state: GameState, step: CreatureStep) -> list[Action]:
    # cyclopes_problem's conditions: a building on one of the player's isles becomes
    # another type, one left in the supply
    player = _seat(step)
    spare: list[str] | None = None
    actions: list[Action] = []
    for isle_id, isle in state.isles.items():
        if isle.owner == player and isle.buildings:
            if spare is None:
                supply = state.building_supply
                spare = [new for new in BUILDINGS if supply[new] > 0]
            for old in sorted(set(isle.buildings)):
                actions += made("cyclopes", (isle_id, old), tuple([n for n in spare if n != old]))
    return actions


def _cyclopes_apply(state: GameState, step: CreatureStep, action: Action) -> list[Event]:
    isle_id, old, new = action.args
    player = _seat(step)
    buildings = state.isles[isle_id].buildings
    buildings[buildings.index(old)] = new
    state.building_supply[old] += 1
    state.building_supply[new] -= 1
    event = ev("cyclopes_rebuild", player=state.names[player], isle=isle_id, old=old, new=new)
    return [event, *finish(state, step), *metropolis.check(state, player)]


def _cyclopes_explain(state: GameState, step: CreatureStep, action: Action) -> Why | None:
    return cyclopes_problem(state, _seat(step), *action.args)


register_effect(
    "cyclopes",
    Effect(_cyclopes_legal, _cyclopes_apply, explain=_cyclopes_explain),
    "{w} {w}>{w}",
)


# --------------------------------------------------------------------------- Sphinx

SPHINX_UNITS = ("troop", "fleet", "priest", "philosopher")
"""What the Sphinx buys back."""


def sphinx_problem(state: GameState, player: int, unit: str, where: str | None) -> Why | None:
    """Why the Sphinx cannot buy this back, or None: a troop from one of the player's
    isles, a fleet from one of their seas, or a Priest or Philosopher card; ``done``
    ends the sale."""
    if unit == "done":
        return None if where is None else why("creatures.sphinx_form")
    if unit not in SPHINX_UNITS:
        return why("creatures.sphinx_units", price=SPHINX_PRICE)
    p = state.players[player]
    if unit in ("priest", "philosopher"):
        if where is not None:
            example = f"sphinx {unit}"
            return why("creatures.sphinx_card", keep=[example], unit=unit, example=example)
        held = p.priests if unit == "priest" else p.philosophers
        return None if held > 0 else why("creatures.sphinx_none", unit=unit)
    if where is None:
        return why(f"creatures.sphinx_where_{unit}")
    if unit == "troop":
        isle = state.isles.get(where)
        ok = isle is not None and isle.owner == player and isle.troops > 0
    else:
        ok = state.fleets.get(where, (None, 0))[0] == player
    return None if ok else why("creatures.sphinx_none_at", keep=[where], unit=unit, place=where)


_SPHINX_PRIEST = Action("sphinx", ("priest",))
_SPHINX_PHILOSOPHER = Action("sphinx", ("philosopher",))
_SPHINX_DONE = Action("sphinx", ("done",))


def _sphinx_legal(state: GameState, step: CreatureStep) -> list[Action]:
    # sphinx_problem's conditions: a troop from one of the player's isles, a fleet from
    # one of their seas, a Priest or Philosopher card they hold; done
    player = _seat(step)
    isles = [i for i, isle in state.isles.items() if isle.owner == player and isle.troops > 0]
    seas = [s for s, (owner, _count) in state.fleets.items() if owner == player]
    actions = [*made("sphinx", ("troop",), tuple(isles)), *made("sphinx", ("fleet",), tuple(seas))]
    p = state.players[player]
    if p.priests > 0:
        actions.append(_SPHINX_PRIEST)
    if p.philosophers > 0:
        actions.append(_SPHINX_PHILOSOPHER)
    actions.append(_SPHINX_DONE)
    return actions


def _sphinx_apply(state: GameState, step: CreatureStep, action: Action) -> list[Event]:
    player = _seat(step)
    unit = action.args[0]
    if unit == "done":
        return finish(state, step)
    where = action.args[1] if len(action.args) > 1 else None
    events = _sell(state, player, unit, where)
    ledger.gain(state, player, SPHINX_PRICE)
    step.sold += 1
    sale = ev(
        "sphinx_sells",
        variant="card" if where is None else "piece",
        player=state.names[player],
        unit=unit,
        where=where,
        gold=SPHINX_PRICE,
        sold=step.sold,
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


def _sphinx_explain(state: GameState, step: CreatureStep, action: Action) -> Why | None:
    where = action.args[1] if len(action.args) > 1 else None
    return sphinx_problem(state, _seat(step), action.args[0], where)


register_effect(
    "sphinx",
    Effect(_sphinx_legal, _sphinx_apply, explain=_sphinx_explain),
    "{w}",
    "{w} {w}",
)


# --------------------------------------------------------------------------- Harpy


def harpy_problem(state: GameState, player: int, isle_id: str) -> Why | None:
    """Why the Harpy cannot destroy a troop on ``isle_id``, or None: an enemy troop, on
    an isle Chiron does not protect."""
    isle = state.isles.get(isle_id)
    if isle is None:
        return not_an_isle(isle_id)
    if is_chiron_isle(state, isle_id):
        return why("creatures.chiron", isle=isle_id, creature=named("harpy"))
    if isle.troops > 0 and isle.owner not in (None, player):
        return None
    return why("creatures.harpy", isle=isle_id)


def _harpy_legal(state: GameState, step: CreatureStep) -> list[Action]:
    # harpy_problem's conditions: an enemy troop, on an isle without Chiron
    player = _seat(step)
    targets = [
        i
        for i, isle in state.isles.items()
        if isle.troops > 0 and isle.owner not in (None, player) and not is_chiron_isle(state, i)
    ]
    return list(made("harpy", (), tuple(targets)))


def _harpy_apply(state: GameState, step: CreatureStep, action: Action) -> list[Event]:
    isle_id = action.args[0]
    isle = state.isles[isle_id]
    victim = isle.owner
    assert victim is not None
    isle.troops -= 1
    event = ev(
        "harpy_kills",
        variant="emptied" if isle.troops == 0 else "thinned",
        player=state.names[_seat(step)],
        victim=state.names[victim],
        isle=isle_id,
        left=isle.troops,
    )
    events = [event]
    if isle.troops == 0:
        # The isle stays with its owner even if left empty.
        events += control.keep_with_marker(state, isle_id, variant="emptied")
    return events + finish(state, step)


def _harpy_explain(state: GameState, step: CreatureStep, action: Action) -> Why | None:
    return harpy_problem(state, _seat(step), action.args[0])


register_effect("harpy", Effect(_harpy_legal, _harpy_apply, explain=_harpy_explain), "{w}")


# --------------------------------------------------------------------------- Griffon, Satyr, Dryad


def victim_problem(
    state: GameState, player: int, creature: str, word: str, attr: str | None
) -> Why | None:
    """Why ``creature`` cannot take from the player named ``word``, or None: another
    player still in the game, who holds a card of the kind taken (``attr``: their
    ``priests`` or ``philosophers``; the Griffon takes half the gold, even of none)."""
    victim = seat_of(state, word)
    if victim is None:
        return why(
            "creatures.not_a_player",
            state,
            keep=[quoted(word)],
            word=quoted(word),
            players=list(state.names),
        )
    name = named(creature)
    if victim == player:
        return why("creatures.not_yourself", creature=name)
    if state.players[victim].eliminated:
        return why("creatures.out_of_game", state, player=state.names[victim])
    if attr is not None and getattr(state.players[victim], attr) <= 0:
        return why(f"creatures.no_{attr}", state, player=state.names[victim])
    return None


def _victim(creature: str, attr: str | None) -> tuple[Legal, Explain]:
    """The legal choices and explainer of a creature that takes from another player."""

    def legal(state: GameState, step: CreatureStep) -> list[Action]:
        # victim_problem's conditions: another player still in the game (names are
        # unique whatever their case), holding a card of the kind taken
        player = _seat(step)
        names = state.names
        victims = [
            names[p].lower()
            for p, other in enumerate(state.players)
            if p != player and not other.eliminated and (attr is None or getattr(other, attr) > 0)
        ]
        return list(made(creature, (), tuple(victims)))

    def explain(state: GameState, step: CreatureStep, action: Action) -> Why | None:
        return victim_problem(state, _seat(step), creature, action.args[0], attr)

    return legal, explain


def _griffon_apply(state: GameState, step: CreatureStep, action: Action) -> list[Event]:
    player = _seat(step)
    victim = seat_of(state, action.args[0])
    assert victim is not None
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
    return [event, *finish(state, step)]


def _thief(kind: str, attr: str, makes_metropolis: bool) -> Apply:
    """The handler of a creature stealing one Priest or Philosopher."""

    def apply(state: GameState, step: CreatureStep, action: Action) -> list[Event]:
        player = _seat(step)
        victim = seat_of(state, action.args[0])
        assert victim is not None
        setattr(state.players[victim], attr, getattr(state.players[victim], attr) - 1)
        setattr(state.players[player], attr, getattr(state.players[player], attr) + 1)
        event = ev(
            f"{kind}_steals",
            player=state.names[player],
            victim=state.names[victim],
            total=getattr(state.players[player], attr),
        )
        events = [event, *finish(state, step)]
        if makes_metropolis:
            # A 4th Philosopher makes a Metropolis at once.
            events += metropolis.check(state, player)
        return events

    return apply


_griffon_legal, _griffon_explain = _victim("griffon", None)
register_effect("griffon", Effect(_griffon_legal, _griffon_apply, explain=_griffon_explain), "{w}")
_satyr_legal, _satyr_explain = _victim("satyr", "philosophers")
register_effect(
    "satyr",
    Effect(_satyr_legal, _thief("satyr", "philosophers", True), explain=_satyr_explain),
    "{w}",
)
_dryad_legal, _dryad_explain = _victim("dryad", "priests")
register_effect(
    "dryad",
    Effect(_dryad_legal, _thief("dryad", "priests", False), explain=_dryad_explain),
    "{w}",
)


# --------------------------------------------------------------------------- the Fates


def _fates_immediate(state: GameState, step: CreatureStep) -> list[Event]:
    player = _seat(step)
    total, land, sea = ledger.revenue_of(state, player)
    ledger.gain(state, player, total)
    return [ev("fates_revenue", player=state.names[player], gold=total, isles=land, seas=sea)]


register_effect("fates", Effect(immediate=_fates_immediate))
