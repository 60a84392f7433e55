"""Why a lesson failed, in one sentence: what the goal asked and what the game shows.

A lesson fails when its deadline passes without its goal, or when its ``fail_if`` goal
holds. :func:`shortfall` says which part of the goal is not met ("Athens holds Ares for
4 GP; the goal allows at most 3 GP"); :func:`what_happened` says what made a ``fail_if``
goal hold (for an event, the event's own narration: "Sparta outbids Athens on Ares...").
The sentences are catalog entries ``learn.why.*``.

>>> from cyclades_widgets.learn.staging import stage
>>> from cyclades_widgets.learn.goals import Context
>>> from cyclades_widgets.rules.errors import render_message
>>> game = stage({"players": 3})
>>> render_message(shortfall({"isles": {"least": 3}}, Context(game, "Athens")), "en")
'Athens has 2 isles; the goal needs at least 3 isles'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from ..i18n import Message
from ..narrate import narrate
from ..rules.events import Event
from ..rules.state import APOLLO
from .goals import COUNTS, Context, check

__all__ = ["shortfall", "what_happened"]

NOUNS: dict[str, str] = {
    "isles": "isle",
    "metropolises": "metropolis",
    "troops": "troop",
    "fleets": "fleet",
    "gold": "gp",
    "priests": "priest",
    "philosophers": "philosopher",
    "revenue": "gp",
    "markers": "marker",
}
"""The counted noun of each count goal (``buildings`` counts its ``kind``)."""


def _place(ctx: Context, place: str) -> str | Message:
    """An isle (its id, named in the sentence) or "the sea f6"."""
    if place in ctx.state.isles:
        return place
    return Message("learn.why.sea", {"sea": place}, frozenset({place}))


def _amount(n: int, noun: str) -> Message:
    return Message(f"learn.why.n.{noun}", {"n": n})


def _name(ctx: Context, params: Any, key: str = "player") -> str:
    value = params.get(key, "you") if isinstance(params, Mapping) else "you"
    return str(ctx.name(value))


def _who(ctx: Context, name: str) -> frozenset[str]:
    return frozenset(ctx.game.players) | {name}


def shortfall(goal: Mapping[str, Any], ctx: Context) -> Message:
    """What is missing for ``goal`` to hold now (it does not hold)."""
    ((name, params),) = goal.items()
    if name in COUNTS:
        return _count(name, params, ctx)
    if name in ("all", "any"):
        failing = [g for g in params if not check(g, ctx)]
        return shortfall(failing[0], ctx) if failing else Message("learn.why.other")
    if name == "not":
        return what_happened(params, ctx)
    return _READERS.get(name, _other)(params, ctx)


def what_happened(goal: Mapping[str, Any], ctx: Context) -> Message:
    """What makes ``goal`` hold now (a ``fail_if`` goal that ended the lesson)."""
    ((name, params),) = goal.items()
    if name == "event":
        for event in _events(params, ctx):
            return Message("learn.why.event_happened", {"event": Narrated(event)})
    if name == "all":
        return what_happened(params[-1], ctx) if params else Message("learn.why.other")
    if name == "any":
        held = [g for g in params if check(g, ctx)]
        return what_happened(held[0], ctx) if held else Message("learn.why.other")
    if name == "not":
        return shortfall(params, ctx)
    if name == "controls":
        place = params if isinstance(params, str) else params["place"]
        player = _name(ctx, params)
        values = {"player": player, "place": _place(ctx, place)}
        return Message("learn.why.controls_held", values, _who(ctx, player))
    return Message("learn.why.fail_if")


class Narrated(NamedTuple):
    """An event's narration, in the language the message is shown in."""

    event: Event

    def render(self, lang: str | None = None) -> str:
        """The event's sentence in ``lang``."""
        return narrate(self.event, lang)


def _events(params: Mapping[str, Any], ctx: Context) -> list[Event]:
    wanted = {k: ctx.name(v) for k, v in params.items() if k != "kind"}
    return [
        e
        for step in ctx.game.history[ctx.since :]
        for e in step.events
        if e.kind == params["kind"] and all(e.data.get(k) == v for k, v in wanted.items())
    ]


def _count(name: str, params: Mapping[str, Any], ctx: Context) -> Message:
    seat = ctx.seat(params)
    player = ctx.state.names[seat]
    value = COUNTS[name](ctx, seat, params)
    noun = params.get("kind", "building") if name == "buildings" else NOUNS[name]
    have: Message = _amount(value, noun)
    if "on" in params:
        have = Message("learn.why.on", {"what": have, "place": _place(ctx, params["on"])})
    if name == "revenue":
        have = Message("learn.why.revenue", {"what": have})
    least, most = params.get("least"), params.get("most")
    if least is not None and value < least:
        key, want = "learn.why.least", _amount(least, noun)
    else:
        key, want = "learn.why.most", _amount(most if most is not None else value, noun)
    return Message(key, {"player": player, "have": have, "want": want}, frozenset({player}))


def _controls(params: Any, ctx: Context) -> Message:
    place = params if isinstance(params, str) else params["place"]
    player = ctx.state.names[ctx.seat(params)]
    isle = ctx.state.isles.get(place)
    owner = isle.owner if isle is not None else ctx.state.fleets.get(place, (None, 0))[0]
    shown = _place(ctx, place)
    if owner is None:
        return Message("learn.why.controls.nobody", {"player": player, "place": shown},
                       frozenset({player}))  # fmt: skip
    holder = ctx.state.names[owner]
    return Message("learn.why.controls.other", {"holder": holder, "place": shown},
                   _who(ctx, holder))  # fmt: skip


def _holds_god(params: Mapping[str, Any], ctx: Context) -> Message:
    seat, state = ctx.seat(params), ctx.state
    player, god = state.names[seat], params["god"]
    proper = frozenset(state.names)
    if god == APOLLO:
        key = "learn.why.apollo.first" if seat in state.apollo else "learn.why.apollo"
        return Message(key, {"player": player}, proper)
    held = state.bids.get(god)
    if held is None:
        return Message("learn.why.holds.nobody", {"player": player, "god": god}, proper)
    if held[0] != seat:
        return Message(
            "learn.why.holds.other", {"holder": state.names[held[0]], "god": god}, proper
        )
    values = {"player": player, "god": god, "bid": _amount(held[1], "gp"),
              "most": _amount(params.get("most", held[1]), "gp")}  # fmt: skip
    return Message("learn.why.holds.most", values, proper)


def _acts_before(params: Any, ctx: Context) -> Message:
    other = params if isinstance(params, str) else params["other"]
    rival = str(ctx.name(other))
    player = ctx.state.names[ctx.seat(params)]
    proper = frozenset(ctx.state.names)
    if ctx.seat(params) not in _acting(ctx):
        return Message("learn.why.acts.none", {"player": player}, proper)
    return Message("learn.why.acts.after", {"player": player, "other": rival}, proper)


def _acting(ctx: Context) -> list[int]:
    s = ctx.state
    return [s.bids[g][0] for g in s.god_order[: s.gods_up] if g in s.bids] + list(s.apollo)


def _wins(params: Any, ctx: Context) -> Message:
    s = ctx.state
    wanted = params if isinstance(params, bool) else params.get("won", True)
    player = s.names[ctx.seat(params)]
    proper = frozenset(s.names)
    if s.winner is None:
        return Message("learn.why.wins.nobody", {"player": player}, proper)
    winner = s.names[s.winner]
    key = "learn.why.wins.other" if wanted else "learn.why.wins.you"
    return Message(key, {"winner": winner, "player": player}, proper)


def _eliminated(params: Any, ctx: Context) -> Message:
    name = str(ctx.name(params if isinstance(params, str) else params["player"]))
    return Message("learn.why.eliminated", {"player": name}, frozenset(ctx.state.names))


def _event(params: Mapping[str, Any], ctx: Context) -> Message:
    return Message("learn.why.event", {"kind": Message(f"table.event.{params['kind']}")})


def _other(params: Any, ctx: Context) -> Message:
    return Message("learn.why.other")


_READERS = {
    "controls": _controls,
    "holds_god": _holds_god,
    "acts_before": _acts_before,
    "wins": _wins,
    "eliminated": _eliminated,
    "event": _event,
}
