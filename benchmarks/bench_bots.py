"""GreedyBot against RandomBots (issue 5): how many games the GreedyBot wins.

Each game has 3 or 4 players: one GreedyBot (its seat rotates) and RandomBots. Its fair
share is 1/3 or 1/4 of the games; it "should win clearly more than its share".
"""

from __future__ import annotations

from common import Figure

from cyclades_widgets import Game
from cyclades_widgets.bots import GreedyBot, RandomBot

MAX_CYCLES = 40


def play(index: int) -> tuple[int, bool]:
    """Game ``index``: (players, did the GreedyBot win?)."""
    players = 3 + index % 2
    game = Game.new(players=players, seed=1000 + index)
    seat = index % players
    bots = {
        name: GreedyBot(seed=index) if i == seat else RandomBot(seed=index * 10 + i)
        for i, name in enumerate(game.players)
    }
    while not game.is_over and game.cycle <= MAX_CYCLES:
        game.advance(to="cycle", bots=bots)
    return players, game.winner == game.players[seat]


def run(quick: bool) -> list[Figure]:
    """Wins out of the games played, with the fair share for comparison."""
    games = 12 if quick else 60
    results = [play(i) for i in range(games)]
    wins = sum(won for _, won in results)
    share = sum(1 / players for players, _ in results)
    return [
        Figure(
            "greedy_vs_random_wins",
            wins,
            f"of {games} games",
            "GreedyBot wins against RandomBots",
            f"fair share {share:.1f}",
            extra={"games": games, "fair_share": round(share, 2)},
        )
    ]
