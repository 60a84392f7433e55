"""The shortest chain of calls that rebuilds a scenario: only what differs from the game's
set-up, each piece placed once.

The board is written two ways, as changes to the set-up or as ``.empty()`` and every piece,
and the shorter is kept. The changes are tried on a new scenario first: if they do not
rebuild the position exactly (a limit met halfway through), the other form is used.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from ..rules.actions import Action
from ..rules.cycle import slots_in_use
from ..rules.setup import new_state
from ..rules.state import (
    APOLLO,
    CREATURES,
    GODS,
    MAX_FLEETS,
    MAX_TROOPS,
    STARTING_GOLD,
    TERRITORY_MARKERS,
    GameState,
    Isle,
)
from .core import Core, ScenarioError, literal
from .layout import Layout

__all__ = ["Call", "chain", "format_call", "text"]

Call = tuple[str, tuple[Any, ...], dict[str, Any]]
"""A method of :class:`Scenario`, its arguments and its keyword arguments."""

WIDTH = 88
"""A chain that fits in this many characters is written on one line."""


def chain(scenario: Layout) -> list[Call]:
    """The calls after the constructor that rebuild ``scenario``, shortest form first."""
    tail = _players(scenario) + _cycle(scenario)
    plain = _empty_form(scenario._base) + tail + _settings(scenario, short=False)
    try:
        wanted = scenario.state()
    except ScenarioError:  # a chain that is refused as a whole is written as it stands
        return plain
    settings = _settings(scenario, short=True)
    forms = [_empty_form(scenario._base) + tail + settings]
    board = _diff_form(scenario)
    if board is not None:
        forms.append(board + tail + settings)
    for calls in sorted(forms, key=_cost):
        if _cost(calls) <= _cost(plain) and _rebuilds(scenario, calls, wanted):
            return calls
    return plain


def _cost(calls: list[Call]) -> tuple[int, int]:
    return len(calls), sum(len(format_call(c)) for c in calls)


def _rebuilds(scenario: Layout, calls: list[Call], wanted: GameState) -> bool:
    """Whether ``calls`` on a new scenario give the position ``wanted`` and the same
    forced outcomes."""
    trial = scenario.fresh()
    try:
        for name, args, kwargs in calls:
            getattr(trial, name)(*args, **kwargs)
        return trial.state() == wanted and trial._forced == scenario._forced
    except ScenarioError:
        return False


# --------------------------------------------------------------------------- the board


def _empty_form(target: GameState) -> list[Call]:
    """``.empty()`` and every piece: the neutral isles with buildings first (a player
    holds each while its buildings go up), then the held isles, then the seas."""
    calls: list[Call] = [("empty", (), {})]
    neutral = [i for i, isle in target.isles.items() if isle.owner is None and _built(isle)]
    for isle_id in neutral:
        calls += _isle_calls(target, isle_id, Isle(), helper=target.names[0])
    for isle_id, isle in target.isles.items():
        if isle_id not in neutral and isle != Isle():
            calls += _isle_calls(target, isle_id, Isle(), helper=target.names[0])
    for sea, (owner, count) in target.fleets.items():
        calls.append(("fleets", (sea, target.names[owner], count), {}))
    return calls


def _diff_form(scenario: Layout) -> list[Call] | None:
    """The changes to the set-up, space by space, in an order that keeps every player
    within the box's pieces all along (None when no such order is found)."""
    target = scenario._base
    setup = new_state(list(target.names), target.options, target.map_id)
    changes: list[Change] = []
    for isle_id, isle in target.isles.items():
        before = setup.isles[isle_id]
        if isle != before:
            calls = _isle_calls(target, isle_id, before, helper=_helper(target, before))
            held = Counter[Unit]()
            if isle.owner is None and _built(isle) and before.owner is None:
                held[("troops", 0)] = 1  # the first player holds it while it is built
            changes.append((_isle_units(before), _isle_units(isle), calls, held))
    for sea in [*setup.fleets, *(s for s in target.fleets if s not in setup.fleets)]:
        was, now = setup.fleets.get(sea), target.fleets.get(sea)
        if now != was:
            call: Call = ("clear", (sea,), {}) if now is None else (
                "fleets", (sea, target.names[now[0]], now[1]), {})  # fmt: skip
            changes.append((_sea_units(was), _sea_units(now), [call], Counter()))
    counts = Counter[Unit]()
    for isle in setup.isles.values():
        counts += _isle_units(isle)
    for value in setup.fleets.values():
        counts += _sea_units(value)
    changes.sort(key=lambda change: bool(+change[1]))  # the spaces emptied first
    return _in_order(changes, counts)


Unit = tuple[str, int]
"""A kind of piece a player has a limited number of (troops, fleets, territory markers)."""
Change = tuple[Counter[Unit], Counter[Unit], list[Call], Counter[Unit]]
"""The units on a space before and after, the calls between, and the units held only
while the calls run."""

_LIMITS = {"troops": MAX_TROOPS, "fleets": MAX_FLEETS, "territory": TERRITORY_MARKERS}


def _isle_units(isle: Isle) -> Counter[Unit]:
    if isle.owner is None:
        return Counter()
    return Counter(
        {("troops", isle.owner): isle.troops, ("territory", isle.owner): int(isle.territory)}
    )


def _sea_units(value: tuple[int, int] | None) -> Counter[Unit]:
    return Counter() if value is None else Counter({("fleets", value[0]): value[1]})


def _in_order(changes: list[Change], counts: Counter[Unit]) -> list[Call] | None:
    """The calls of ``changes``, each taken as soon as it keeps every count within its
    limit (a player holding an isle while its buildings go up counts one troop more)."""
    calls: list[Call] = []
    pending = list(changes)
    while pending:
        for change in pending:
            before, after, group, held = change
            trial = counts.copy()
            trial.subtract(before)
            trial.update(after)
            peak = trial + held
            if all(n <= _LIMITS[kind] for (kind, _), n in peak.items()):
                counts = trial
                calls += group
                pending.remove(change)
                break
        else:
            return None
    return calls


def _helper(target: GameState, before: Isle) -> str:
    """Who holds an isle while its buildings go up, before it is left to nobody."""
    return target.names[before.owner if before.owner is not None else 0]


def _built(isle: Isle) -> bool:
    return bool(isle.buildings) or isle.metropolis


def _isle_calls(target: GameState, isle_id: str, before: Isle, helper: str) -> list[Call]:
    """The calls that turn ``before`` (no buildings) into ``target``'s isle."""
    isle = target.isles[isle_id]
    if isle == Isle():
        return [("clear", (isle_id,), {})]
    calls: list[Call] = []
    holder = (isle.owner, isle.troops, isle.territory)
    if isle.owner is not None and holder != (before.owner, before.troops, before.territory):
        name = target.names[isle.owner]
        if isle.territory:
            calls.append(("territory", (isle_id, name), {}))
        else:
            calls.append(("troops", (isle_id, name, isle.troops), {}))
    if isle.owner is None and _built(isle) and before.owner is None:
        calls.append(("troops", (isle_id, helper, 1), {}))
    if isle.buildings:
        calls.append(("build", (isle_id, *isle.buildings), {}))
    if isle.metropolis:
        calls.append(("metropolis", (isle_id,), {}))
    if isle.owner is None and (before.owner is not None or _built(isle)):
        calls.append(("remove", (isle_id, "troops"), {}))
    if isle.markers:
        calls.append(("prosperity", (isle_id, isle.markers), {}))
    return calls


# --------------------------------------------------------------------------- the rest


def _players(scenario: Core) -> list[Call]:
    """Gold (the players who lose some first, so the box's gold is never exceeded halfway),
    then cards, in seat order."""
    base = scenario._base
    losing = [seat for seat, p in enumerate(base.players) if p.gold < STARTING_GOLD]
    gaining = [seat for seat, p in enumerate(base.players) if p.gold > STARTING_GOLD]
    calls: list[Call] = [
        ("gold", (base.names[seat], base.players[seat].gold), {}) for seat in losing + gaining
    ]
    for card in ("priests", "philosophers"):
        for seat, p in enumerate(base.players):
            if getattr(p, card):
                calls.append((card, (base.names[seat], getattr(p, card)), {}))
    return calls


def _cycle(scenario: Core) -> list[Call]:
    """Cycle, gods, turn track, creature track and discard pile, where not the default."""
    calls: list[Call] = []
    if scenario._cycle != 1:
        calls.append(("cycle", (scenario._cycle,), {}))
    gods = scenario._gods
    if (gods is not None and gods != list(GODS)) or not scenario._shuffled:
        keywords = {} if scenario._shuffled else {"shuffled": False}
        calls.append(("gods", tuple(_shortest_gods(gods or list(GODS))), keywords))
    calls += _order(scenario)
    track, use = scenario._track, slots_in_use(scenario._cycle)
    if track is not None and track != [*CREATURES[:use], *[None] * (3 - use)]:
        while track and track[-1] is None:
            track = track[:-1]
        calls.append(("creatures", tuple(track), {}))
    if scenario._discard:
        calls.append(("discard", tuple(scenario._discard), {}))
    return calls


def _shortest_gods(gods: list[str]) -> list[str]:
    """The fewest gods to name: the ones left out follow in their usual order."""
    for k in range(len(gods) + 1):
        if gods[:k] + [g for g in GODS if g not in gods[:k]] == gods:
            return gods[:k]
    return gods


def _order(scenario: Core) -> list[Call]:
    order, base = scenario._order, scenario._base
    n = base.n_players
    if order is None or order == list(range(n)) * (2 if n == 2 else 1):
        return []
    if n == 2 and order[:2] * 2 == order:
        order = order[:2]
    return [("order", tuple(base.names[p] for p in order), {})]


def _settings(scenario: Core, *, short: bool) -> list[Call]:
    """Offerings, the phase and the forced outcomes. ``short``: leave out what the phase
    implies (the holder of the god whose action begins, the tokens left on Apollo)."""
    names = scenario._base.names
    turn = scenario._turn
    bids = dict(scenario._bids)
    implied = (
        short and turn is not None and turn[1] is not None and bids.get(turn[0]) == [turn[1], 1]
    )
    if implied and turn is not None:
        del bids[turn[0]]
    calls: list[Call] = []
    for god, (seat, amount) in bids.items():
        calls.append(("offering", (god, names[seat], *([amount] if amount != 1 else [])), {}))
    apollo = scenario._apollo
    if short and scenario._phase == "actions":
        apollo = _fewest_on_apollo(scenario, bids)
    calls += [("offering", (APOLLO, names[seat]), {}) for seat in apollo]
    if scenario._phase != "offerings" or turn is not None:
        keywords: dict[str, Any] = {}
        if turn is not None:
            keywords["god"] = turn[0]
            held = turn[0] != APOLLO and turn[0] in bids and bids[turn[0]][0] == turn[1]
            if turn[1] is not None and not (short and held):
                keywords["player"] = names[turn[1]]
            if scenario._recruited:
                keywords["recruited"] = scenario._recruited
        calls.append(("phase", (scenario._phase,), keywords))
    return calls + _forced(scenario._forced)


def _fewest_on_apollo(scenario: Core, bids: dict[str, list[int]]) -> list[int]:
    """The shortest start of the tokens on Apollo from which the actions phase puts the
    same tokens there (every token left out goes on Apollo, in turn-track order)."""
    n = scenario._base.n_players
    order = scenario._order or list(range(n)) * (2 if n == 2 else 1)
    apollo, turn = scenario._apollo, scenario._turn
    wanted = _on_apollo(order, scenario._bids, apollo, turn)
    for k in range(len(apollo) + 1):
        if _on_apollo(order, bids, apollo[:k], turn) == wanted:
            return apollo[:k]
    return apollo


def _on_apollo(
    order: list[int],
    bids: dict[str, list[int]],
    apollo: list[int],
    turn: tuple[str, int | None] | None,
) -> list[int]:
    """The tokens on Apollo once the actions phase is laid out (:mod:`.layout`)."""
    held = {god: bid[0] for god, bid in bids.items()}
    apollo = list(apollo)
    if turn is not None and turn[1] is not None:
        god, holder = turn[0], turn[1]
        if god == APOLLO and holder not in apollo:
            apollo.append(holder)
        elif god != APOLLO and god not in held:
            held[god] = holder
    for seat in sorted(set(order), key=order.index):
        placed = sum(1 for p in held.values() if p == seat) + apollo.count(seat)
        apollo += [seat] * (order.count(seat) - placed)
    return apollo


def _forced(forced: Sequence[Action]) -> list[Call]:
    """Runs of rolls as ``.dice("3 0", ...)``, other outcomes as ``.force(...)``."""
    calls: list[Call] = []
    for action in forced:
        roll = action.kind == "roll"
        name, item = (
            ("dice", " ".join(str(a) for a in action.args)) if roll else ("force", str(action))
        )
        if calls and calls[-1][0] == name:
            calls[-1] = (name, (*calls[-1][1], item), {})
        else:
            calls.append((name, (item,), {}))
    return calls


# --------------------------------------------------------------------------- text


def format_call(call: Call) -> str:
    """``.troops("naxos", "Athens", 3)``."""
    name, args, kwargs = call
    items = [literal(a) for a in args] + [f"{k}={literal(v)}" for k, v in kwargs.items()]
    return f".{name}({', '.join(items)})"


def text(head: str, calls: Iterable[Call]) -> str:
    """The chain on one line if it fits in :data:`WIDTH` characters, else one call a line
    in parentheses, as a formatter lays it out."""
    parts = [format_call(c) for c in calls]
    line = head + "".join(parts)
    if len(line) <= WIDTH or not parts:
        return line
    return "(\n" + "".join(f"    {p}\n" for p in [head, *parts]) + ")"
