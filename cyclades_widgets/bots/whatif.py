"""What-if runs: many continuations of one position, played by bots, with win rates.

>>> import cyclades_widgets as cw
>>> game = cw.Game.new(players=3, seed=4)
>>> result = whatif(game, n=2, max_cycles=1, progress=False)
>>> result.n, sum(result.wins.values()) + result.unfinished
(2, 2)
"""

from __future__ import annotations

import copy
import math
from collections.abc import Callable, Mapping
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any

from ..history import BaseGame, Bot
from ..i18n import text
from ..rules.state import GameState
from . import levels
from .basic import GreedyBot

__all__ = ["WhatIf", "bot_label", "play_out", "whatif", "wilson"]


@dataclass(frozen=True)
class WhatIf:
    """Win rates from many continuations of one position."""

    players: tuple[str, ...]
    wins: dict[str, int]
    unfinished: int
    n: int
    seed: int
    bots: tuple[str, ...] = ()
    """Who played each seat, in seat order: a level's name (:func:`.levels.level_name`,
    in the session's language) or the bot's class name."""
    seats: tuple[str, ...] = ()
    """Who played each seat, in seat order, as an id: a level (``"easy"``...) or the bot's
    class name; the table and the summary name them in the language asked for."""

    def rate(self, player: str) -> float:
        """The share of continuations ``player`` won."""
        return self.wins[player] / self.n if self.n else 0.0

    def interval(self, player: str, z: float = 1.96) -> tuple[float, float]:
        """A 95% Wilson score interval for ``player``'s win rate."""
        return wilson(self.wins[player], self.n, z)

    def _who(self, seat: int, lang: str | None) -> str:
        if not self.seats:
            return self.bots[seat]
        who = self.seats[seat]
        return levels.level_name(who, lang) if who in levels.LEVELS else who

    def table(self, lang: str | None = None) -> Any:
        """The results as a pandas DataFrame (wins, rate, 95% interval, who played), its
        headers in ``lang`` (None: the session's language)."""
        import pandas as pd

        col = {
            key: text(f"bots.whatif.column.{key}", lang)
            for key in ("player", "wins", "rate", "low", "high", "bot")
        }

        rows = []
        for seat, name in enumerate(self.players):
            low, high = self.interval(name)
            row = {col["player"]: name, col["wins"]: self.wins[name], col["rate"]: self.rate(name),
                   col["low"]: low, col["high"]: high}  # fmt: skip
            if self.bots:
                row[col["bot"]] = self._who(seat, lang)
            rows.append(row)
        return pd.DataFrame(rows).set_index(col["player"])

    def summary(self, lang: str | None = None) -> str:
        """One line: the win rate of each player with its 95% interval, and who played,
        in ``lang`` (None: the session's language)."""
        rates = []
        for name in self.players:
            low, high = self.interval(name)
            values = {"player": name, "rate": f"{self.rate(name):.0%}", "low": f"{low:.0%}",
                      "high": f"{high:.0%}"}  # fmt: skip
            rates.append(text("bots.whatif.rate", lang, name, **values))
        played = ""
        if self.bots:
            seats = ", ".join(f"{p}: {self._who(i, lang)}" for i, p in enumerate(self.players))
            played = text("bots.whatif.played", lang, seats, seats=seats)
        joined = ", ".join(rates)
        line = text("bots.whatif.summary", lang, played, joined, n=self.n, played=played, rates=joined)  # fmt: skip
        if self.unfinished:
            line += text("bots.whatif.unfinished", lang, n=self.unfinished)
        return line

    def __str__(self) -> str:
        return self.summary()


def wilson(successes: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval for a binomial proportion.

    >>> tuple(round(x, 3) for x in wilson(5, 10))
    (0.237, 0.763)
    """
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def play_out(
    state_dict: dict[str, Any], seed: int, bots: Mapping[str, Bot], max_cycles: int
) -> str | None:
    """Play one continuation to the end (or the cycle cap); return the winner's name."""
    game = BaseGame(GameState.from_dict(state_dict), seed=seed)
    while not game.is_over and game.cycle <= max_cycles:
        game.advance(to="cycle", bots=bots)
        if game.to_act is not None and game.to_act not in bots:
            raise ValueError(f"no bot for {game.to_act}")
    return game.winner


def _default_bots(
    game: BaseGame, bots: Mapping[str, Bot] | None, seed: int, level: str | None = None
) -> dict[str, Bot]:
    """The bots of one continuation: a fresh copy of each bot given, and a new bot (of
    ``level``, or a GreedyBot) seeded from ``seed`` for every other seat. The new bots are
    not copied again: copying a bot's random state is most of the work the calling
    process does for a continuation, and on a pool it competes with the workers."""
    given = bots or {}
    chosen: dict[str, Bot] = {}
    for i, name in enumerate(game.players):
        if name in given:
            chosen[name] = copy.deepcopy(given[name])
        elif level is None:
            chosen[name] = GreedyBot(seed=seed * 31 + i)
        else:
            chosen[name] = levels.level(level, seed=seed * 31 + i)
    return chosen


def bot_label(bot: Bot, lang: str | None = None) -> str:
    """How a bot is named to the learner: its level's name, or its class name."""
    name = getattr(bot, "level", None)
    if isinstance(name, str) and name in levels.LEVELS:
        return levels.level_name(name, lang)
    return type(bot).__name__


def _bot_id(bot: Bot) -> str:
    name = getattr(bot, "level", None)
    return name if isinstance(name, str) and name in levels.LEVELS else type(bot).__name__


def whatif(
    game: BaseGame,
    n: int = 200,
    bots: Mapping[str, Bot] | None = None,
    executor: Executor | None = None,
    *,
    seed: int = 0,
    max_cycles: int = 40,
    progress: bool = True,
    level: str | None = None,
) -> WhatIf:
    """Play ``n`` continuations from the current position and report win rates.

    Seats without a bot get a bot of ``level`` (``"easy"``, ``"medium"``, ``"strong"``:
    :func:`.levels.level`), or a :class:`GreedyBot` when no level is given; the result
    says who played each seat (:attr:`WhatIf.bots`). Continuation ``i`` uses chance seed
    ``seed + i`` and fresh copies of the bots, so results are reproducible. With an
    ``executor`` (any ``concurrent.futures.Executor``: a process pool, or a Dask
    client's executor) the continuations run there.
    """
    if n < 1:
        raise ValueError(f"n must be at least 1, got {n}")
    if level is not None:
        levels.check_level(level)
    state_dict = game.state.to_dict()
    chosen = _default_bots(game, bots, seed, level)
    played = tuple(bot_label(chosen[name]) for name in game.players)
    seats = tuple(_bot_id(chosen[name]) for name in game.players)
    jobs = ((state_dict, seed + i, chosen if i == 0 else _default_bots(game, bots, seed + i, level),
             max_cycles) for i in range(n))  # fmt: skip
    results: list[str | None] = []
    bar = _progress(n, progress)
    if executor is None:
        for job in jobs:
            results.append(play_out(*job))
            bar(1)
    else:
        # Each job is made as it is submitted, so the first workers start at once.
        futures = [executor.submit(play_out, *job) for job in jobs]
        for future in futures:
            results.append(future.result())
            bar(1)
    bar(0, close=True)
    wins = {name: sum(1 for r in results if r == name) for name in game.players}
    unfinished = sum(1 for r in results if r is None)
    return WhatIf(game.players, wins, unfinished, n, seed, played, seats)


def _progress(total: int, enabled: bool) -> Callable[..., None]:
    if not enabled:
        return lambda k, close=False: None
    from tqdm.auto import tqdm

    desc = text("bots.whatif.progress", None)
    bar = tqdm(total=total, desc=desc, unit="", leave=False)

    def update(k: int, close: bool = False) -> None:
        if k:
            bar.update(k)
        if close:
            bar.close()

    return update
