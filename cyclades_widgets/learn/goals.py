"""The vocabulary of checkable goals: what a lesson's objective may ask for.

A goal is a JSON object with one key, the goal's name, and its parameters::

    {"controls": "ios"}
    {"holds_god": {"god": "ares", "most": 3}}
    {"all": [{"metropolises": {"least": 2}}, {"gold": {"least": 5}}]}

Counts take ``least`` and/or ``most``; ``player`` names another player than the learner
("you", the default). Every goal reads the game as it stands, except ``event``, which looks
at what happened since the lesson began. ``docs/lessons.md`` lists them with examples.

>>> from cyclades_widgets.learn.staging import stage
>>> game = stage({"players": 3})
>>> check({"isles": {"least": 2}}, Context(game, "Athens"))
True
>>> check({"not": {"controls": "delos"}}, Context(game, "Athens"))
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ..game import Game
from ..rules.board import MapSpec
from ..rules.ledger import revenue_of
from ..rules.state import APOLLO, BUILDINGS, GODS, GameState
from .texts import LessonError

__all__ = ["COUNTS", "GOALS", "Context", "check", "validate_goal"]


@dataclass(frozen=True, slots=True)
class Context:
    """What a goal is checked against: the game, the learner's name, and where in the
    game's history the lesson began (``event`` goals look at the steps after it)."""

    game: Game
    you: str
    since: int = 0

    @property
    def state(self) -> GameState:
        """The game's current state."""
        return self.game.state

    def seat(self, params: Any) -> int:
        """The seat of ``params["player"]`` ("you" or absent: the learner)."""
        name = params.get("player", "you") if isinstance(params, Mapping) else "you"
        return self.state.seat(self.you if name == "you" else name)

    def name(self, value: Any) -> Any:
        """``"you"`` as the learner's name; any other value unchanged."""
        return self.you if value == "you" else value


def _compare(value: int, params: Mapping[str, Any]) -> bool:
    least: int = params.get("least", value)
    most: int = params.get("most", value)
    return least <= value <= most


def _count(read: Callable[[Context, int, Mapping[str, Any]], int]) -> Callable[..., bool]:
    def goal(params: Mapping[str, Any], ctx: Context) -> bool:
        return _compare(read(ctx, ctx.seat(params), params), params)

    goal.__doc__ = read.__doc__
    return goal


def _troops(ctx: Context, seat: int, params: Mapping[str, Any]) -> int:
    """Troops on the board, or on the isle ``on``."""
    s = ctx.state
    if "on" in params:
        isle = s.isles[params["on"]]
        return isle.troops if isle.owner == seat else 0
    return s.troops_on_board(seat)


def _fleets(ctx: Context, seat: int, params: Mapping[str, Any]) -> int:
    """Fleets on the board, or in the sea ``on``."""
    s = ctx.state
    if "on" in params:
        owner, count = s.fleets.get(params["on"], (None, 0))
        return count if owner == seat else 0
    return s.fleets_on_board(seat)


def _buildings(ctx: Context, seat: int, params: Mapping[str, Any]) -> int:
    """Ordinary buildings of ``kind`` (all kinds if absent), on the isle ``on`` or on
    every isle of the player. A Metropolis is not counted: it is not a building."""
    s = ctx.state
    kinds = [params["kind"]] if "kind" in params else list(BUILDINGS)
    isles = [params["on"]] if "on" in params else s.isles_of(seat)
    return sum(
        s.isles[i].buildings.count(k) for i in isles if s.isles[i].owner == seat for k in kinds
    )


COUNTS: dict[str, Callable[[Context, int, Mapping[str, Any]], int]] = {
    "isles": lambda ctx, seat, _: len(ctx.state.isles_of(seat)),
    "metropolises": lambda ctx, seat, _: ctx.state.metropolises(seat),
    "troops": _troops,
    "fleets": _fleets,
    "buildings": _buildings,
    "gold": lambda ctx, seat, _: ctx.state.players[seat].gold,
    "priests": lambda ctx, seat, _: ctx.state.players[seat].priests,
    "philosophers": lambda ctx, seat, _: ctx.state.players[seat].philosophers,
    "revenue": lambda ctx, seat, _: revenue_of(ctx.state, seat)[0],
    "markers": lambda ctx, seat, _: sum(
        ctx.state.isles[i].markers for i in ctx.state.isles_of(seat)
    ),
}
"""Goals that count something of a player, with ``least`` / ``most``:

- ``isles``: isles the player controls;
- ``metropolises``: Metropolises on the player's isles;
- ``troops`` / ``fleets``: on the board, or ``on`` one isle / sea;
- ``buildings``: ordinary buildings, of one ``kind`` and/or ``on`` one isle;
- ``gold``: GP behind the screen;
- ``priests`` / ``philosophers``: cards held;
- ``revenue``: what the player would receive at the next Revenue phase;
- ``markers``: Apollo's prosperity markers on the player's isles."""


def _controls(params: Any, ctx: Context) -> bool:
    """The player controls the isle (as owner) or the sea (their fleets are there)."""
    place = params if isinstance(params, str) else params["place"]
    seat = ctx.seat(params)
    s = ctx.state
    if place in s.isles:
        return s.isles[place].owner == seat
    return s.fleets.get(place, (None, 0))[0] == seat


def _holds_god(params: Mapping[str, Any], ctx: Context) -> bool:
    """The player's offering stands on ``god`` (at most ``most`` GP, if given); Apollo:
    the player chose Apollo (``first``: they were the first to)."""
    seat, s = ctx.seat(params), ctx.state
    god = params["god"]
    if god == APOLLO:
        return seat in s.apollo and (not params.get("first") or s.apollo[0] == seat)
    holder = s.bids.get(god)
    return holder is not None and holder[0] == seat and holder[1] <= params.get("most", holder[1])


def _acts_before(params: Any, ctx: Context) -> bool:
    """The player's god acts before every god of ``other`` this cycle (gods top to
    bottom, then Apollo)."""
    other = params if isinstance(params, str) else params["other"]
    seat, rival = ctx.seat(params), ctx.state.seat(ctx.name(other))
    turns = _turns(ctx.state)
    mine = [k for k, p in enumerate(turns) if p == seat]
    theirs = [k for k, p in enumerate(turns) if p == rival]
    return bool(mine) and (not theirs or min(mine) < min(theirs))


def _turns(s: GameState) -> list[int]:
    """Who acts, in order, from the offerings as they stand."""
    up = s.god_order[: s.gods_up]
    return [s.bids[g][0] for g in up if g in s.bids] + list(s.apollo)


def _wins(params: Any, ctx: Context) -> bool:
    """The game is over and the player won it (``true``), or did not (``false``)."""
    s = ctx.state
    won = s.winner is not None and s.winner == ctx.seat(params)
    wanted = params if isinstance(params, bool) else params.get("won", True)
    return won == wanted and s.winner is not None


def _eliminated(params: Any, ctx: Context) -> bool:
    """The named player is out of the game."""
    name = params if isinstance(params, str) else params["player"]
    return ctx.state.players[ctx.state.seat(ctx.name(name))].eliminated


def _event(params: Mapping[str, Any], ctx: Context) -> bool:
    """Since the lesson began, an event of ``kind`` happened whose data has every other
    value given ("you" stands for the learner's name)."""
    wanted = {k: ctx.name(v) for k, v in params.items() if k != "kind"}
    for step in ctx.game.history[ctx.since :]:
        for event in step.events:
            if event.kind == params["kind"] and all(
                event.data.get(k) == v for k, v in wanted.items()
            ):
                return True
    return False


def _all(params: list[Any], ctx: Context) -> bool:
    """Every goal of the list."""
    return all(check(g, ctx) for g in params)


def _any(params: list[Any], ctx: Context) -> bool:
    """At least one goal of the list."""
    return any(check(g, ctx) for g in params)


def _not(params: Any, ctx: Context) -> bool:
    """The goal does not hold."""
    return not check(params, ctx)


GOALS: dict[str, Callable[[Any, Context], bool]] = {
    **{name: _count(read) for name, read in COUNTS.items()},
    "controls": _controls,
    "holds_god": _holds_god,
    "acts_before": _acts_before,
    "wins": _wins,
    "eliminated": _eliminated,
    "event": _event,
    "all": _all,
    "any": _any,
    "not": _not,
}
"""Every goal by name. ``docs/lessons.md`` describes each with an example."""


def check(goal: Mapping[str, Any], ctx: Context) -> bool:
    """True if ``goal`` holds in ``ctx``."""
    ((name, params),) = goal.items()
    return GOALS[name](params, ctx)


# --------------------------------------------------------------------------- validation


def validate_goal(goal: Any, game: Game, *, where: str) -> None:
    """Check a goal's names against the staged game: players, isles, seas, gods and
    buildings must exist. Raises :class:`LessonError` at ``where``."""
    if not isinstance(goal, Mapping) or len(goal) != 1:
        raise LessonError("goal", where=where, code=GOALS, goals=sorted(GOALS))
    ((name, params),) = goal.items()
    if name not in GOALS:
        raise LessonError("goal", where=where, code=GOALS, goals=sorted(GOALS))
    if name in ("all", "any"):
        for k, sub in enumerate(params):
            validate_goal(sub, game, where=f"{where}.{name}[{k}]")
        return
    if name == "not":
        validate_goal(params, game, where=f"{where}.not")
        return
    _check_names(name, params, game, where=f"{where}.{name}")


def _check_names(name: str, params: Any, game: Game, *, where: str) -> None:
    spec = MapSpec.load(game.state.map_id)
    fields = params if isinstance(params, Mapping) else {_BARE.get(name, "value"): params}
    known: dict[str, Callable[[Any], bool]] = {
        "player": lambda v: v == "you" or _is_player(game, v),
        "other": lambda v: v == "you" or _is_player(game, v),
        "place": lambda v: spec.is_isle(v) or spec.is_sea(v),
        "on": lambda v: spec.is_isle(v) or spec.is_sea(v),
        "god": lambda v: v in (*GODS, APOLLO),
        "kind": lambda v: v in BUILDINGS if name == "buildings" else isinstance(v, str),
    }
    for key, value in fields.items():
        test = known.get(key)
        if test is not None and not test(value):
            raise LessonError("name", where=f"{where}.{key}", value=value)


_BARE = {"controls": "place", "acts_before": "other", "eliminated": "player"}
"""Goals whose parameter may be a bare string, and what that string names."""


def _is_player(game: Game, name: Any) -> bool:
    try:
        game.state.seat(str(name))
    except KeyError:
        return False
    return True
