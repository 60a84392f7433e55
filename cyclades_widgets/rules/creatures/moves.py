"""The creatures that move units: Pegasus (troops), the Siren and the Sylph (fleets).

Arrivals go through the battle rules (:func:`..battle.arrive_troops`,
:func:`..battle.arrive_fleets`), so an invasion by Pegasus or a Sylph move into enemy
fleets starts an ordinary battle, and the last-isle rule
(:func:`..battle.is_last_isle_protected`) still bars Pegasus from a last isle.
"""

from __future__ import annotations

from functools import lru_cache

from ..actions import Action, made
from ..battle import arrive_fleets, arrive_troops, is_last_isle_protected
from ..board import MapSpec
from ..control import protected_last_isles
from ..events import Event, ev
from ..messages import Why, why
from ..state import MAX_FLEETS, GameState
from .cards import named
from .effects import CreatureStep, Effect, finish, is_chiron_isle, not_an_isle, register_effect

SYLPH_MOVES = 10
"""Moves of one sea space the Sylph grants (the reading is in ``docs/rules-notes.md``)."""


def _seat(step: CreatureStep) -> int:
    assert step.player is not None
    return step.player


# --------------------------------------------------------------------------- Pegasus


def pegasus_source_problem(state: GameState, player: int, source: str) -> Why | None:
    """Why Pegasus cannot carry troops from ``source``, or None: one of the player's isles
    with troops, and no Medusa holding them."""
    isle = state.isles.get(source)
    if isle is None:
        return not_an_isle(source)
    if isle.owner != player or isle.troops == 0:
        return why("creatures.pegasus_source", isle=source)
    if isle.figurine == "medusa":
        return why("creatures.medusa", isle=source)
    return None


def pegasus_target_problem(state: GameState, player: int, source: str, target: str) -> Why | None:
    """Why Pegasus cannot land on ``target``, or None: any other isle, unless Chiron
    protects it or the last-isle rule bars the attack."""
    if target not in state.isles:
        return not_an_isle(target)
    if target == source:
        return why("creatures.pegasus_same")
    if is_chiron_isle(state, target):
        return why("creatures.chiron", isle=target, creature=named("pegasus"))
    owner = state.isles[target].owner
    if owner is None or owner == player or not is_last_isle_protected(state, player, target):
        return None
    return why("creatures.last_isle", state, isle=target, owner=state.names[owner])


def _pegasus_legal(state: GameState, step: CreatureStep) -> list[Action]:
    player = _seat(step)
    isles = state.isles
    # pegasus_source_problem's conditions: the player's isles with troops, without Medusa
    sources = [
        (i, isle.troops)
        for i, isle in isles.items()
        if isle.owner == player and isle.troops > 0 and isle.figurine != "medusa"
    ]
    if not sources:
        return []
    # pegasus_target_problem's conditions but the source's own isle, which depend on the
    # target alone: no Chiron there, no last isle protected (all found in one pass)
    protected = protected_last_isles(state, player)
    targets = tuple(
        [
            target
            for target, isle in isles.items()
            if target not in protected and not is_chiron_isle(state, target)
        ]
    )
    actions: list[Action] = []
    for source, troops in sources:
        actions += _pegasus_from(source, targets, troops)
    return actions


@lru_cache(maxsize=256)
def _pegasus_from(source: str, targets: tuple[str, ...], troops: int) -> tuple[Action, ...]:
    """Pegasus's flights of 1 to ``troops`` troops from ``source`` to each of ``targets``
    but ``source`` itself (pegasus_target_problem), made once."""
    counts = tuple(range(1, troops + 1))
    actions: list[Action] = []
    for target in targets:
        if target != source:
            actions += made("pegasus", (source, target), counts)
    return tuple(actions)


def _pegasus_apply(state: GameState, step: CreatureStep, action: Action) -> list[Event]:
    source, target, count = action.args
    player = _seat(step)
    event = ev(
        "pegasus_flies", player=state.names[player], source=source, target=target, troops=count
    )
    events = [event, *finish(state, step)]
    return events + arrive_troops(state, player, count, target, origin=source)


def _pegasus_explain(state: GameState, step: CreatureStep, action: Action) -> Why | None:
    source, target, count = action.args
    player = _seat(step)
    problem = pegasus_source_problem(state, player, source)
    if problem is not None:
        return problem
    troops = state.isles[source].troops
    if not 1 <= count <= troops:
        return why("creatures.pegasus_count", isle=source, n=troops)
    return pegasus_target_problem(state, player, source, target)


register_effect(
    "pegasus",
    Effect(_pegasus_legal, _pegasus_apply, explain=_pegasus_explain),
    "{w}>{w} {i}",
)


# --------------------------------------------------------------------------- Siren


def _siren_targets(state: GameState, player: int) -> list[str]:
    """Seas holding a single enemy fleet, alone (the Siren's "isolated" fleet)."""
    return sorted(s for s, (o, c) in state.fleets.items() if o != player and c == 1)


def _own_seas(state: GameState, player: int) -> list[str]:
    return sorted(s for s, (o, _c) in state.fleets.items() if o == player)


def siren_problem(state: GameState, player: int, sea: str, source: str | None) -> Why | None:
    """Why the Siren cannot take the fleet in ``sea`` (replacing it with one from
    ``source``), or None: an isolated enemy fleet becomes the player's, a fleet from the
    reserve, or from one of their seas when all 8 are on the board."""
    if sea not in _siren_targets(state, player):
        return why("creatures.siren_target", keep=[sea], sea=sea)
    if state.fleets_on_board(player) < MAX_FLEETS:
        if source is None:
            return None
        example = f"siren {sea}"
        return why("creatures.siren_reserve", keep=[example], example=example)
    if source is not None and source in _own_seas(state, player):
        return None
    example = f"siren {sea} from <sea>"
    return why("creatures.siren_board", keep=[example], n=MAX_FLEETS, example=example)


def _siren_legal(state: GameState, step: CreatureStep) -> list[Action]:
    # siren_problem's conditions: an isolated enemy fleet, replaced from the reserve, or
    # from one of the player's seas when all their fleets are on the board
    player = _seat(step)
    targets = _siren_targets(state, player)
    if not targets:
        return []
    if state.fleets_on_board(player) < MAX_FLEETS:
        return list(made("siren", (), tuple(targets)))
    sources = tuple(_own_seas(state, player))
    actions: list[Action] = []
    for sea in targets:
        actions += made("siren", (sea,), sources)
    return actions


def _siren_apply(state: GameState, step: CreatureStep, action: Action) -> list[Event]:
    sea = action.args[0]
    source = action.args[1] if len(action.args) > 1 else None
    player = _seat(step)
    victim, _ = state.fleets[sea]
    if source is not None:
        owner, count = state.fleets[source]
        if count > 1:
            state.fleets[source] = (owner, count - 1)
        else:
            del state.fleets[source]
    state.fleets[sea] = (player, 1)
    event = ev(
        "siren_takes",
        variant="board" if source else "reserve",
        player=state.names[player],
        victim=state.names[victim],
        sea=sea,
        source=source,
    )
    return [event, *finish(state, step)]


def _siren_explain(state: GameState, step: CreatureStep, action: Action) -> Why | None:
    source = action.args[1] if len(action.args) > 1 else None
    return siren_problem(state, _seat(step), action.args[0], source)


register_effect(
    "siren", Effect(_siren_legal, _siren_apply, explain=_siren_explain), "{w}", "{w} from {w}"
)


# --------------------------------------------------------------------------- Sylph


def _sylph_left(step: CreatureStep) -> int:
    return SYLPH_MOVES if step.moves_left is None else step.moves_left


def sylph_problem(
    state: GameState, step: CreatureStep, source: str, target: str, count: int
) -> Why | None:
    """Why the Sylph cannot move ``count`` fleets from ``source`` to ``target``, or None:
    the player's fleets, one sea space a move, never into the Kraken's sea, while moves
    are left."""
    if _sylph_left(step) <= 0:
        return why("creatures.sylph_used")
    fleets = state.fleets.get(source)
    if fleets is None or fleets[0] != step.player:
        return why("creatures.sylph_source", keep=[source], sea=source)
    if not 1 <= count <= fleets[1]:
        return why("creatures.sylph_count", sea=source, n=fleets[1])
    if target not in MapSpec.load(state.map_id).sea_neighbours[source]:
        return why("creatures.sylph_adjacent", keep=[target], target=target, sea=source)
    if target == state.kraken:
        return why("creatures.kraken_blocks", sea=target)
    return None


_SYLPH_DONE = Action("sylph", ("done",))


@lru_cache(maxsize=1024)
def _sylph_from(map_id: str, source: str, count: int, kraken: str | None) -> tuple[Action, ...]:
    """The Sylph's moves of 1 to ``count`` fleets from ``source``: sylph_problem's
    conditions for one of the player's seas with moves left (each adjacent sea, never
    the Kraken's), made once."""
    counts = tuple(range(1, count + 1))
    actions: list[Action] = []
    for target in sorted(MapSpec.load(map_id).sea_neighbours[source]):
        if target != kraken:
            actions += made("sylph", (source, target), counts)
    return tuple(actions)


def _sylph_legal(state: GameState, step: CreatureStep) -> list[Action]:
    actions = [_SYLPH_DONE]
    if _sylph_left(step) <= 0:
        return actions
    player, map_id, kraken = step.player, state.map_id, state.kraken
    for source, (owner, count) in sorted(state.fleets.items()):
        if owner == player:
            actions += _sylph_from(map_id, source, count, kraken)
    return actions


def _sylph_apply(state: GameState, step: CreatureStep, action: Action) -> list[Event]:
    player = _seat(step)
    if action.args == ("done",):
        return finish(state, step)
    source, target, count = action.args
    owner, present = state.fleets[source]
    if present > count:
        state.fleets[source] = (owner, present - count)
    else:
        del state.fleets[source]
    left = _sylph_left(step) - 1
    step.moves_left = left
    event = ev(
        "sylph_moves",
        player=state.names[player],
        source=source,
        target=target,
        fleets=count,
        left=left,
    )
    events = [event]
    if left == 0:
        events += finish(state, step)
    return events + arrive_fleets(state, player, count, target)


def _sylph_explain(state: GameState, step: CreatureStep, action: Action) -> Why | None:
    if action.args == ("done",):
        return None
    if len(action.args) != 3:
        return why("creatures.sylph_form")
    return sylph_problem(state, step, *action.args)


register_effect(
    "sylph",
    Effect(_sylph_legal, _sylph_apply, explain=_sylph_explain),
    "{w}",
    "{w}>{w} {i}",
)
