"""Five staged positions (issue 15) where a winning move exists, and the strong bot finds it.

Each position is built with :class:`cyclades_widgets.Scenario` on the 3-player map. The
test asks the strong bot (a small, seeded playout budget) for its move, then lets it play
on against medium bots and checks what the move was for: the win at the end of the cycle,
or the fleet saved.
"""

from __future__ import annotations

import pytest
from pseudo import unwrapped

import cyclades_widgets as cw
from cyclades_widgets.bots import MediumBot, StrongBot
from cyclades_widgets.rules.state import CREATURES

PLAYOUTS = 150


def _finish_cycle(game: cw.Game, strong: str = "Athens") -> None:
    """Play to the end of the cycle: the strong bot for ``strong``, medium bots elsewhere."""
    bots = {
        name: StrongBot(seed=i, playouts=PLAYOUTS) if name == strong else MediumBot(seed=i)
        for i, name in enumerate(game.players)
    }
    cycle = game.cycle
    while not game.is_over and game.cycle == cycle:
        game.advance(to="decision", bots=bots)


def _choice(game: cw.Game) -> str:
    return str(StrongBot(seed=0, playouts=PLAYOUTS).choose(game.state, game.legal_actions()))


def conquest_position() -> cw.Game:
    """Athens (Ares, 1 GP, one Metropolis, a Port, a Temple and a University) can take
    Sparta's Naxos and its Fortress: the fourth building type, so a second Metropolis."""
    return (
        cw.Scenario(players=3)
        .empty()
        .troops("paros", "Athens", 1)
        .metropolis("paros")
        .troops("ios", "Athens", 3)
        .build("ios", "port")
        .troops("milos", "Athens", 1)
        .build("milos", "temple", "university")
        .fleets("g5", "Athens", 1)
        .troops("naxos", "Sparta", 1)
        .build("naxos", "fortress")
        .troops("kea", "Sparta", 2)
        .troops("syros", "Corinth", 2)
        .gods("poseidon", "ares")
        .offering("poseidon", "Sparta", 1)
        .offering("ares", "Athens", 1)
        .gold("Athens", 1)
        .phase("actions", god="ares", player="Athens")
        .dice("3 0")
        .game()
    )


def priest_position() -> cw.Game:
    """Athens (3 GP, 2 Priests, 3 Philosophers, one Metropolis) bids last; Sparta offers
    4 GP to Athena. With the Priests, 5 GP costs Athens only 3 GP."""
    return (
        cw.Scenario(players=3)
        .metropolis("naxos")
        .philosophers("Athens", 3)
        .priests("Athens", 2)
        .gold("Athens", 3)
        .gold("Sparta", 6)
        .gold("Corinth", 4)
        .gods("athena", "zeus")
        .order("Sparta", "Corinth", "Athens")
        .offering("athena", "Sparta", 4)
        .offering("zeus", "Corinth", 1)
        .phase("offerings")
        .game()
    )


def retreat_position() -> cw.Game:
    """Sparta sails 6 fleets into g5 against Athens's only 2 fleets; after the first round
    Athens has 1 fleet left and may retreat."""
    game = (
        cw.Scenario(players=3)
        .empty()
        .troops("naxos", "Athens", 2)
        .troops("kea", "Athens", 1)
        .fleets("g5", "Athens", 2)
        .troops("paros", "Sparta", 1)
        .troops("ios", "Sparta", 1)
        .fleets("h4", "Sparta", 6)
        .troops("milos", "Corinth", 1)
        .troops("syros", "Corinth", 1)
        .gods("poseidon", "ares")
        .offering("poseidon", "Sparta", 1)
        .offering("ares", "Corinth", 1)
        .gold("Sparta", 4)
        .phase("actions", god="poseidon", player="Sparta")
        .dice("0 3")
        .game()
    )
    game.play("move fleets h4>g5 6")
    game.advance(to="decision")
    return game


def satyr_position() -> cw.Game:
    """Athens (Ares, 3 GP, 3 Philosophers, one Metropolis) can call the Satyr to take
    Sparta's Philosopher, the last one: none is left in the supply."""
    state = (
        cw.Scenario(players=3)
        .cycle(3)
        .metropolis("naxos")
        .philosophers("Athens", 3)
        .philosophers("Sparta", 1)
        .creatures("giant", "satyr", "dryad")
        .gods("poseidon", "ares")
        .offering("poseidon", "Sparta", 1)
        .offering("ares", "Athens", 1)
        .gold("Athens", 3)
        .phase("actions", god="ares", player="Athens")
        .state()
    )
    state.philosopher_supply = 0
    return cw.Game(state, seed=0)


def zeus_position() -> cw.Game:
    """Athens (Zeus, 3 GP, 3 Philosophers, one Metropolis): the track holds no useful
    creature, and the one card left in the draw pile is the Satyr."""
    state = (
        cw.Scenario(players=3)
        .cycle(3)
        .metropolis("naxos")
        .philosophers("Athens", 3)
        .philosophers("Sparta", 1)
        .creatures("giant", "sphinx", "harpy")
        .gods("poseidon", "zeus")
        .offering("poseidon", "Sparta", 1)
        .offering("zeus", "Athens", 1)
        .gold("Athens", 3)
        .phase("actions", god="zeus", player="Athens")
        .state()
    )
    state.philosopher_supply = 0
    state.creature_discard = sorted(
        c for c in CREATURES if c not in ("satyr", *state.creature_track)
    )
    state.creature_deck = ["satyr"]
    return cw.Game(state, seed=0)


def test_a_conquest_that_completes_a_metropolis_at_the_end_of_the_cycle():
    game = conquest_position()
    assert _choice(game) in ("move troops ios>naxos 3", "move troops ios>naxos 2")
    _finish_cycle(game)
    assert game.winner == "Athens"
    assert game.state.isles["naxos"].owner == 0


def test_a_priest_discount_that_wins_a_bid():
    game = priest_position()
    assert game.to_act == "Athens"
    assert _choice(game) == "bid athena 5"
    _finish_cycle(game)
    assert game.winner == "Athens"
    assert game.state.players[0].philosophers == 0  # swapped for the Metropolis


def test_a_retreat_that_saves_the_last_fleet():
    game = retreat_position()
    assert game.to_act == "Athens"
    assert game.state.fleets["g5"] == (0, 1)
    choice = _choice(game)
    assert choice.startswith("retreat ")
    game.play(choice)
    assert game.state.fleets_on_board(0) == 1


def test_a_creature_that_takes_the_last_philosopher():
    game = satyr_position()
    assert _choice(game) == "buy satyr"
    _finish_cycle(game)
    assert game.winner == "Athens"
    assert game.state.players[1].philosophers == 0


def test_a_zeus_swap_for_the_one_useful_creature():
    game = zeus_position()
    # The Satyr arrives in the emptied slot; the 4 GP slot would be too dear (1 GP for the
    # swap, 3 GP for the Satyr with the Metropolis's discount: Athens has 3 GP).
    assert _choice(game) in ("change sphinx", "change harpy")
    _finish_cycle(game)
    assert game.winner == "Athens"


@pytest.mark.parametrize(
    ("make", "kind", "names"),
    [
        (conquest_position, "conquest_set", ("Naxos", "Sparta")),
        (priest_position, "win_priests", ("2 Priests", "3 GP")),
        (retreat_position, "retreat_hopeless", ("cannot win this battle",)),
    ],
)
def test_the_coach_says_why(make, kind, names):
    """The hint's reason names what decides each position."""
    hint = make().hint(playouts=PLAYOUTS)
    assert kind in hint.why.kinds, hint.reason("en")
    text = hint.reason("en")
    for name in names:
        assert name in text, text
    for lang in ("en", "fr", "zh"):
        assert hint.reason(lang)
    assert unwrapped(hint.reason("pseudo"), allowed={"Athens", "Sparta", "Corinth"}) == []
