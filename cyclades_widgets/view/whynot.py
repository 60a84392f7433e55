"""Say why not: one sentence for a click on a place, god or creature where nothing can be
done now.

The board lights the targets of the legal actions; a click elsewhere used to do nothing.
:func:`why_not` says why, from the same explainer that refuses an illegal action
(:func:`~cyclades_widgets.rules.flow.explain`): it tries the actions a click there could
mean (recruit or build on the isle, move troops to it, bid on the god, buy the creature,
the choice of the step under way with this place in it) and gives the rule the first
one breaks. A target that some legal action touches gets None: each rule's condition is
stated once, so the sentence and the lit targets agree (``tests/test_whynot.py``).

>>> import cyclades_widgets as cw
>>> game = (
...     cw.Scenario(players=3).troops("kea", "Athens", 3).gold("Athens", 0)
...     .phase("actions", god="ares", player="Athens").game()
... )
>>> why_not(game.state, "ios", "en")
'Ios: each move costs 1 GP and Athens has 0 GP'
>>> why_not(game.state, "kea", "en") is None  # a troop can be recruited there
True
>>> why_not(game.state, "zeus", "en")
'Zeus: the offerings are over: Athens acts with Ares now'
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from ..i18n import Message, resolve
from ..rules import flow
from ..rules.actions import Action
from ..rules.board import MapSpec
from ..rules.errors import CycladesError, render_message
from ..rules.messages import clip
from ..rules.state import APOLLO, CREATURES, GOD_BUILDING, GODS, GameState, Phase
from .actions import lit
from .model import legal_for
from .prompt import next_step
from .text import Words

__all__ = ["TargetError", "target_kind", "why_not"]


class TargetError(CycladesError):
    """A target that is neither an isle nor a sea of the game's map, nor a god, nor a
    creature."""


def target_kind(spec: MapSpec, target: str) -> str | None:
    """``"isle"``, ``"sea"``, ``"god"`` (Apollo included) or ``"creature"``; None for
    anything else."""
    if spec.is_isle(target):
        return "isle"
    if spec.is_sea(target):
        return "sea"
    if target in GODS or target == APOLLO:
        return "god"
    if target in CREATURES:
        return "creature"
    return None


def why_not(
    state: GameState, target: str, lang: str | None = None, *, viewer: int | None = None
) -> str | None:
    """Why nothing can be done on ``target`` (an isle or sea id, a god, a creature) now,
    in one sentence in ``lang``: "Ios: each move costs 1 GP and Athens has 0 GP". None
    when a legal action of the player to act touches it (it is lit on the board).

    ``viewer``: the seat of the screen clicked on; when another player is to decide, the
    sentence says so. Raises :class:`TargetError` for an unknown target.
    """
    spec = MapSpec.load(state.map_id)
    kind = target_kind(spec, target) if isinstance(target, str) else None
    words = Words(resolve(lang), state.map_id, state.names)
    if kind is None:
        shown = repr(clip(target)) if isinstance(target, str) else type(target).__name__
        raise TargetError(Message("board.whynot.unknown", {"target": shown}, frozenset({shown})))
    node, seat = flow.node(state)
    if node == "over":
        reason = words("board.whynot.over")
    elif node != "decision" or seat is None:
        reason = words("board.whynot.no_decision", what=next_step(state, words, node))
    elif viewer is not None and viewer != seat:
        reason = words("board.whynot.other_player", player=state.names[seat])
    else:
        legal = flow.legal_actions(state)
        places, track = lit(legal_for(state, legal, words.lang))
        if target in places or target in track:
            return None
        reason = _reason(state, legal, target, kind, words)
    shown = words.place(target) if kind in ("isle", "sea") else words.word(target)
    return words("board.whynot", target=shown, reason=reason)


def _reason(state: GameState, legal: Sequence[Action], target: str, kind: str, words: Words) -> str:
    """The rule the first action a click on ``target`` could mean breaks, else what the
    player must do now."""
    seat = flow.node(state)[1]
    assert seat is not None
    spec = MapSpec.load(state.map_id)
    for action in _candidates(state, legal, target, kind, seat):
        broken = flow.explain(state, action)
        if broken is not None:
            # the rules keep a typed word as it was typed; an isle clicked is named
            named = frozenset(w for w in broken.proper if not spec.is_isle(w))
            return render_message(Message(broken.key, broken.params, named), words.lang)
    return _elsewhere(state, kind, seat, words)


def _elsewhere(state: GameState, kind: str, seat: int, words: Words) -> str:
    """What the player to act must do, when no action at all concerns the target."""
    player = state.names[seat]
    if state.pending:
        step = render_message(Message(f"rules.pending.{state.pending[-1].kind}"), words.lang)
        return words("board.whynot.pending", player=player, step=step)
    if state.phase is Phase.OFFERINGS:
        return words("board.whynot.offerings", player=player)
    if state.turn is not None:
        god = state.turn.god
        if kind == "god":
            return words("board.whynot.acting", player=player, god=god)
        return words("board.whynot.turn", god=god, gives=words(f"board.god.gives.{god}"))
    return words("board.whynot.nothing", player=player)


def _candidates(
    state: GameState, legal: Sequence[Action], target: str, kind: str, seat: int
) -> list[Action]:
    """The actions a click on ``target`` could mean, the likeliest first: on your own
    isle or sea, recruiting and building; elsewhere, moving there."""
    found = [*_templates(state, target, kind, seat), *_swapped(state, legal, target, kind)]
    found = list(dict.fromkeys(found))
    if _is_own(state, target, kind, seat):
        return found
    return sorted(found, key=lambda a: not _arrives(a, target))


_DESTINATION = {"move": 2, "pegasus": 1, "sylph": 1}
"""Where the destination is among the arguments of a move (``move troops kea>ios 2``)."""


def _arrives(action: Action, target: str) -> bool:
    """A move (of troops, of fleets, by a creature) whose destination is ``target``."""
    at = _DESTINATION.get(action.kind)
    return at is not None and len(action.args) > at and action.args[at] == target


def _is_own(state: GameState, target: str, kind: str, seat: int) -> bool:
    if kind == "isle":
        return state.isles[target].owner == seat
    if kind == "sea":
        return state.fleets.get(target, (None, 0))[0] == seat
    return False


def _templates(state: GameState, target: str, kind: str, seat: int) -> Iterator[Action]:
    """The actions of the phase or god that name ``target``, legal or not."""
    if state.pending:
        return
    if state.phase is Phase.OFFERINGS:
        if kind == "god":
            held = state.bids.get(target)
            least = held[1] + 1 if held else 1
            yield Action("bid", (target,) if target == APOLLO else (target, least))
        elif kind == "creature":
            yield Action("buy", (target,))
        return
    turn = state.turn
    if turn is None:
        return
    god = turn.god
    if kind == "creature":
        yield Action("buy", (target,))
        if god == "zeus":
            yield Action("change", (target,))
    elif kind == "isle":
        if god == "ares":
            yield Action("recruit", ("troop", target))
        yield Action("build", (GOD_BUILDING[god], target))
        if god == "ares":
            yield from _moves_to(state, target, seat)
    elif kind == "sea" and god == "poseidon":
        yield Action("recruit", ("fleet", target))
        yield from _moves_to(state, target, seat)


def _moves_to(state: GameState, target: str, seat: int) -> Iterator[Action]:
    """Moves of all the units of each of the player's isles (or seas) to ``target``,
    the largest group first."""
    if target in state.isles:
        groups = [(state.isles[i].troops, i) for i in state.isles_of(seat) if i != target]
        unit = "troops"
    else:
        fleets = state.fleets.items()
        groups = [(n, sea) for sea, (owner, n) in fleets if owner == seat and sea != target]
        unit = "fleets"
    for count, origin in sorted(groups, key=lambda g: -g[0]):
        if count:
            yield Action("move", (unit, origin, target, count))


def _swapped(state: GameState, legal: Sequence[Action], target: str, kind: str) -> Iterator[Action]:
    """Each legal action with one of its places (or gods, or creatures) replaced by
    ``target``, of the same kind of thing: the same choice made here instead."""
    spec = MapSpec.load(state.map_id)
    for action in legal:
        for i, arg in enumerate(action.args):
            if isinstance(arg, str) and arg != target and target_kind(spec, arg) == kind:
                yield Action(action.kind, (*action.args[:i], target, *action.args[i + 1 :]))
