"""Hand-built positions for the creature tests (issue 4).

A position is the middle of one player's god action in the actions phase, with a chosen
creature track. Gold moves through the bank so "bank + players' gold" stays constant. The
3-player board (``map-2-3``) starts: Athens (seat 0) on Naxos and Kea, fleets in g5 and c2;
Sparta (1) on Mykonos and Paros, fleets in d4 and f1; Corinth (2) on Syros and Milos,
fleets in f4 and k2; Delos and Ios are neutral.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from cyclades_widgets.game import Game
from cyclades_widgets.rules.creatures import card_places
from cyclades_widgets.rules.cycle import gods_face_up
from cyclades_widgets.rules.events import Event
from cyclades_widgets.rules.options import RuleOptions
from cyclades_widgets.rules.setup import new_state
from cyclades_widgets.rules.state import CREATURES, GODS, GameState, Phase, Turn

ATHENS, SPARTA, CORINTH = 0, 1, 2


def turn_position(
    players: int = 3,
    god: str = "ares",
    seat: int = ATHENS,
    *,
    track: Sequence[str | None] = (None, None, None),
    discard: Iterable[str] = (),
    cycle: int = 3,
    gold: Mapping[int, int] | None = None,
    options: RuleOptions | None = None,
) -> GameState:
    """``seat`` is in the middle of ``god``'s action in cycle ``cycle``.

    The cards not on the track or in ``discard`` form the draw pile.
    """
    state = new_state(players, options)
    state.cycle = cycle
    state.phase = Phase.ACTIONS
    state.god_order = list(GODS)
    state.gods_up = gods_face_up(players)
    state.turn_order = [0, 1, 0, 1] if players == 2 else list(range(players))
    state.bid_cursor = len(state.turn_order)
    state.turn = Turn(seat, god)
    state.creature_track = list(track)
    state.creature_discard = list(discard)
    used = {c for c in track if c is not None} | set(discard)
    state.creature_deck = sorted(c for c in CREATURES if c not in used)
    for player, amount in (gold or {}).items():
        set_gold(state, player, amount)
    return state


def set_gold(state: GameState, seat: int, gold: int) -> None:
    """Give a player exactly ``gold`` GP, the difference coming from the bank."""
    state.bank -= gold - state.players[seat].gold
    state.players[seat].gold = gold


def total_gold(state: GameState) -> int:
    """Bank plus players' gold (constant through a game)."""
    return state.bank + sum(p.gold for p in state.players)


def add_buildings(state: GameState, isle: str, *kinds: str) -> None:
    """Put buildings on an isle, taking them from the supply."""
    for kind in kinds:
        state.isles[isle].buildings.append(kind)
        state.building_supply[kind] -= 1


def game(state: GameState, seed: int = 1) -> Game:
    """A game from a hand-built position."""
    return Game(state, seed=seed)


def dicts(events: Iterable[Event]) -> list[dict[str, object]]:
    """Events as plain dicts, for exact comparisons."""
    return [e.to_dict() for e in events]


def notations(g: Game) -> list[str]:
    """The legal actions as notation."""
    return [str(a) for a in g.legal_actions()]


def assert_cards_accounted(state: GameState) -> None:
    """Each of the 17 cards is in exactly one place (RULES-NOTES §1.1: one copy each)."""
    misplaced = {c: where for c, where in card_places(state).items() if len(where) != 1}
    assert not misplaced, misplaced
