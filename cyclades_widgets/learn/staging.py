"""Staged positions as data: the ``start`` of a lesson, or a rules-reference picture.

A start is a small JSON object, so a teacher writes a position without code::

    {
      "players": 3,
      "scenario": [
        ["empty"],
        ["troops", "naxos", "Athens", 3],
        ["fleets", "g5", "Athens", 1],
        ["territory", "ios", "Sparta"],
        ["phase", "actions", {"god": "ares", "player": "Athens"}]
      ],
      "moves": []
    }

- ``players`` (2–5, or a list of names), and optionally ``map``, ``options`` (rule options
  by name) and ``seed`` (draws the chance steps nothing forces);
- ``scenario``: :class:`~cyclades_widgets.scenario.Scenario` calls, each a list: the
  method's name, its arguments, and a last object for keyword arguments (only ``phase``
  takes any). Without ``scenario`` the game is a new game before its first step, so every
  phase of the first cycle can be watched; ``force`` then queues its chance outcomes
  (``"order athens,sparta,corinth"``, ``"gods ares,poseidon,zeus,athena"``);
- ``moves``: notations played right after, to reach the position (an opponent's bid, the
  first move of a battle and its dice...).

>>> game = stage({"players": 3, "scenario": [["gold", "Athens", 9]]})
>>> game.state.players[0].gold, game.to_act
(9, 'Athens')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..game import Game
from ..rules.errors import CycladesError
from ..rules.options import RuleOptions
from ..scenario import Scenario
from .texts import LessonError

__all__ = ["SCENARIO_STEPS", "stage"]

SCENARIO_STEPS: tuple[str, ...] = (
    "empty",
    "troops",
    "territory",
    "fleets",
    "clear",
    "build",
    "metropolis",
    "prosperity",
    "gold",
    "priests",
    "philosophers",
    "cycle",
    "gods",
    "order",
    "creatures",
    "offering",
    "phase",
    "dice",
    "force",
)
"""The :class:`~cyclades_widgets.scenario.Scenario` methods a staged position may call."""


def stage(start: Mapping[str, Any], *, where: str = "start") -> Game:
    """The game described by ``start`` (see the module's docstring).

    Raises :class:`~cyclades_widgets.learn.texts.LessonError` naming the step that the
    rules refuse, with the rule's own explanation.
    """
    players = start.get("players", 3)
    options = RuleOptions.from_dict(dict(start.get("options", {})))
    seed = int(start.get("seed", 0))
    steps = start.get("scenario")
    if steps is None:
        game = Game.new(players, seed, options, map=start.get("map"), start="setup")
        _guard(lambda: game.force(*start.get("force", ())), f"{where}.force")
    else:
        scenario = Scenario(players, options=options, map=start.get("map"))
        for k, step in enumerate(steps):
            _apply_step(scenario, step, f"{where}.scenario[{k}]")
        game = _guard(lambda: scenario.game(seed=seed), f"{where}.scenario")
    for k, move in enumerate(start.get("moves", ())):
        _guard(lambda move=move: game.play(move), f"{where}.moves[{k}]")
    return game


def _apply_step(scenario: Scenario, step: Sequence[Any], where: str) -> None:
    if not step or step[0] not in SCENARIO_STEPS:
        name = step[0] if step else ""
        raise LessonError(
            "step",
            where=where,
            code=[str(name), *SCENARIO_STEPS],
            step=name,
            steps=list(SCENARIO_STEPS),
        )
    name, *args = step
    kwargs: dict[str, Any] = {}
    if args and isinstance(args[-1], Mapping):
        kwargs = dict(args.pop())
    method = getattr(scenario, name)
    _guard(lambda: method(*args, **kwargs), where)


def _guard(call: Any, where: str) -> Any:
    """Run ``call``; a refusal of the rules becomes a :class:`LessonError` at ``where``."""
    try:
        return call()
    except LessonError:
        raise
    except CycladesError as err:
        raise LessonError("stage", where=where, reason=err.msg) from err
    except (TypeError, ValueError) as err:  # arguments that do not fit the step
        raise LessonError("arguments", where=where) from err
