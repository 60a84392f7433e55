"""A tiny position builder for the rules-core tests.

Positions are built from :func:`cyclades_widgets.rules.setup.new_state` plus direct field
edits, then wrapped in a :class:`~cyclades_widgets.game.Game`. Gold is always moved through
the bank so that "bank + players' gold is constant" keeps holding in hand-built positions.
The public ``cw.Scenario`` builder lives elsewhere; these tests deliberately do not use it.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence

from cyclades_widgets.game import Game
from cyclades_widgets.rules import cycle, flow
from cyclades_widgets.rules.actions import Action
from cyclades_widgets.rules.errors import IllegalActionError
from cyclades_widgets.rules.events import Event
from cyclades_widgets.rules.options import RuleOptions
from cyclades_widgets.rules.setup import new_state
from cyclades_widgets.rules.state import GODS, GameState, GodAction, Phase, Turn

SEATS = ("Athens", "Sparta", "Corinth", "Thebes", "Argos")


def state_for(players: int | Sequence[str] = 3, options: RuleOptions | None = None) -> GameState:
    """The setup position (before the turn-order chance step)."""
    return new_state(players, options)


def set_gold(state: GameState, seat: int, gold: int) -> None:
    """Give a player exactly ``gold`` GP, taking the difference from the bank."""
    delta = gold - state.players[seat].gold
    state.players[seat].gold = gold
    state.bank -= delta


def total_gold(state: GameState) -> int:
    """Bank plus every player's gold (constant in a game)."""
    return state.bank + sum(p.gold for p in state.players)


def give_isle(
    state: GameState,
    isle: str,
    seat: int | None,
    *,
    troops: int = 0,
    buildings: Iterable[str] = (),
    metropolis: bool = False,
    markers: int = 0,
) -> None:
    """Set an isle's owner, troops, buildings and Metropolis (building supply adjusted)."""
    target = state.isles[isle]
    for kind in target.buildings:
        state.building_supply[kind] += 1
    if target.metropolis:
        state.metropolis_supply += 1
    target.owner = seat
    target.troops = troops
    target.buildings = list(buildings)
    for kind in target.buildings:
        state.building_supply[kind] -= 1
    target.metropolis = metropolis
    if metropolis:
        state.metropolis_supply -= 1
    target.markers = markers
    target.territory = seat is not None and troops == 0


def clear_isles(state: GameState, seat: int) -> None:
    """Make every isle of ``seat`` neutral and empty."""
    for isle in state.isles_of(seat):
        give_isle(state, isle, None)


def set_fleets(state: GameState, sea: str, seat: int | None, count: int = 1) -> None:
    """Put ``count`` fleets of ``seat`` on ``sea`` (or empty it with ``seat=None``)."""
    if seat is None or count == 0:
        state.fleets.pop(sea, None)
    else:
        state.fleets[sea] = (seat, count)


def default_order(n_players: int) -> list[int]:
    """Seat order on the turn track: 0, 1, 2... (two tokens each with 2 players)."""
    return [0, 1, 0, 1] if n_players == 2 else list(range(n_players))


def offerings_state(
    players: int | Sequence[str] = 3,
    *,
    gods: Sequence[str] = GODS,
    order: Sequence[int] | None = None,
    gold: Mapping[int, int] | None = None,
    priests: Mapping[int, int] | None = None,
    options: RuleOptions | None = None,
) -> GameState:
    """A cycle-1 position at the start of the offerings: gods laid out as given."""
    state = state_for(players, options)
    state.cycle = 1
    state.phase = Phase.OFFERINGS
    state.god_order = list(gods)
    state.gods_up = cycle.gods_face_up(state.n_players)
    state.turn_order = list(order) if order is not None else default_order(state.n_players)
    for seat, amount in (gold or {}).items():
        set_gold(state, seat, amount)
    for seat, count in (priests or {}).items():
        state.players[seat].priests = count
        state.priest_supply -= count
    return state


def offerings_game(players: int | Sequence[str] = 3, *, seed: int = 0, **kwargs: object) -> Game:
    """:func:`offerings_state` wrapped in a Game."""
    return Game(offerings_state(players, **kwargs), seed=seed)  # type: ignore[arg-type]


def actions_state(
    players: int | Sequence[str] = 3,
    queue: Sequence[tuple[str, int]] = (("ares", 0),),
    *,
    gold: Mapping[int, int] | None = None,
    options: RuleOptions | None = None,
    apollo: Sequence[int] = (),
) -> GameState:
    """A cycle-1 position in the actions phase, before the first god's turn starts.

    ``queue`` lists ``(god, seat)`` in acting order (Apollo entries last); ``apollo`` is
    the order the Apollo players chose Apollo (defaults to the Apollo entries of ``queue``).
    """
    state = state_for(players, options)
    state.cycle = 1
    state.phase = Phase.ACTIONS
    state.god_order = list(GODS)
    state.gods_up = cycle.gods_face_up(state.n_players)
    state.turn_order = default_order(state.n_players)
    state.bid_cursor = len(state.turn_order)
    state.queue = [GodAction(god, seat) for god, seat in queue]
    state.apollo = list(apollo) or [seat for god, seat in queue if god == "apollo"]
    for seat, amount in (gold or {}).items():
        set_gold(state, seat, amount)
    return state


def turn_state(
    players: int | Sequence[str] = 3,
    god: str = "ares",
    seat: int = 0,
    *,
    gold: Mapping[int, int] | None = None,
    options: RuleOptions | None = None,
) -> GameState:
    """A position in the middle of ``seat``'s ``god`` action (turn already started)."""
    state = actions_state(players, (), gold=gold, options=options)
    state.turn = Turn(seat, god)
    return state


def kinds(events: Iterable[Event]) -> list[str]:
    """The kinds of a list of events."""
    return [e.kind for e in events]


def find(events: Iterable[Event], kind: str) -> list[dict[str, object]]:
    """The data of every event of ``kind``."""
    return [e.data for e in events if e.kind == kind]


def one(events: Iterable[Event], kind: str) -> dict[str, object]:
    """The data of the single event of ``kind`` (fails if there is not exactly one)."""
    found = find(events, kind)
    assert len(found) == 1, f"expected one {kind!r} event, got {len(found)}: {list(events)}"
    return found[0]


def run_until(game: Game, phase: Phase, limit: int = 1000) -> list[Event]:
    """Step automatic and chance steps until ``phase`` (fails at a decision)."""
    events: list[Event] = []
    for _ in range(limit):
        if game.phase is phase:
            return events
        events += game.step()
    raise AssertionError(f"never reached {phase}")


class RandomPlayer:
    """Picks a random legal action (ending the turn less often, so games move on)."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: GameState, legal: Sequence[Action]) -> Action:
        """One of ``legal``."""
        others = [a for a in legal if a.kind != "end"]
        if others and self.rng.random() < 0.75:
            return self.rng.choice(others)
        return self.rng.choice(list(legal))


def random_bots(game: Game, seed: int) -> dict[str, RandomPlayer]:
    """A :class:`RandomPlayer` for every seat."""
    return {name: RandomPlayer(seed * 31 + i) for i, name in enumerate(game.players)}


def snapshot(game: Game) -> tuple[dict[str, object], int, object]:
    """What must not change after an error: the state, the history length and last step,
    and the queue of forced chance outcomes."""
    last = game.history[-1] if game.history else None
    return game.state.to_dict(), len(game.history), (id(last), list(game.forced))


def assert_illegal(game: Game, action: str | Action, *fragments: str) -> str:
    """``game.play(action)`` raises IllegalActionError naming the rule; nothing changes."""
    before = snapshot(game)
    try:
        game.play(action)
    except IllegalActionError as exc:
        message = str(exc)
    else:
        raise AssertionError(f"{action} was accepted")
    assert snapshot(game) == before, f"state changed after the illegal {action}"
    for fragment in fragments:
        assert fragment.lower() in message.lower(), f"{fragment!r} not in {message!r}"
    return message


def node_kind(game: Game) -> str:
    """'decision', 'chance', 'auto' or 'over'."""
    return flow.node(game.state)[0]
