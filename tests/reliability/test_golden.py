"""Golden playthroughs (issue 8): a few full bot games as narrated text files.

Each file in ``tests/reliability/golden/`` is a whole game, move by move, as a learner
reads it (``cli.record_text.record_text``): every decision and chance outcome, and what happened.
The test plays the games again and diffs the text, so any change in the rules' behaviour,
the bots or the narration shows up in review as a change to these files.

After an intended change, regenerate them and review the diff:

    CYCLADES_REGEN_GOLDEN=1 .venv/bin/pytest tests/reliability/test_golden.py
"""

from __future__ import annotations

import difflib
import os
from dataclasses import dataclass
from pathlib import Path

import pytest

from cyclades_widgets import Game
from cyclades_widgets.bots import GreedyBot, RandomBot
from cyclades_widgets.cli.record_text import record_text
from cyclades_widgets.game import Bot
from cyclades_widgets.narrate import game_log

GOLDEN = Path(__file__).parent / "golden"
REGEN = os.environ.get("CYCLADES_REGEN_GOLDEN") == "1"
MAX_CYCLES = 40


@dataclass(frozen=True)
class Playthrough:
    """One golden game: players, seed, which seats are GreedyBots, the language."""

    name: str
    players: int
    seed: int
    greedy: tuple[int, ...]
    lang: str = "en"

    def game(self) -> Game:
        """Play the game to its end (or the cycle cap)."""
        game = Game.new(players=self.players, seed=self.seed)
        bots: dict[str, Bot] = {
            name: GreedyBot(seed=self.seed + i) if i in self.greedy else RandomBot(self.seed + i)
            for i, name in enumerate(game.players)
        }
        while not game.is_over and game.cycle <= MAX_CYCLES:
            game.advance(to="cycle", bots=bots)
        return game

    def text(self, game: Game) -> str:
        """The narrated game, with a header saying how it was made."""
        record = game.record
        record.title = f"Golden playthrough {self.name}"
        record.description = (
            f"Seats {', '.join(str(i) for i in self.greedy)} GreedyBot, the others RandomBot; "
            "regenerate with CYCLADES_REGEN_GOLDEN=1 (tests/reliability/test_golden.py)."
        )
        return "\n".join(record_text(record, self.lang)) + "\n"


PLAYTHROUGHS = (
    Playthrough("3p-greedy-vs-random", players=3, seed=21, greedy=(0,)),
    Playthrough("4p-zh", players=4, seed=22, greedy=(1, 3), lang="zh"),
    Playthrough("5p-all-greedy", players=5, seed=23, greedy=(0, 1, 2, 3, 4)),
)


@pytest.mark.parametrize("play", PLAYTHROUGHS, ids=lambda p: p.name)
def test_golden_playthrough_is_unchanged(play: Playthrough) -> None:
    """Regenerate the narrated game and diff it against the committed text."""
    game = play.game()
    assert game.is_over, f"{play.name}: not won within {MAX_CYCLES} cycles"
    game_log(game, play.lang, strict=True)  # every event has a message in this language
    text = play.text(game)
    path = GOLDEN / f"{play.name}.txt"
    if REGEN:
        GOLDEN.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"{path} is missing; create it with CYCLADES_REGEN_GOLDEN=1"
    expected = path.read_text(encoding="utf-8")
    if text != expected:
        diff = difflib.unified_diff(
            expected.splitlines(), text.splitlines(), "committed", "now", lineterm="", n=2
        )
        shown = "\n".join(list(diff)[:80])
        pytest.fail(
            f"{play.name} plays differently now. If the change is intended, regenerate with "
            f"CYCLADES_REGEN_GOLDEN=1 and review the diff:\n{shown}",
            pytrace=False,
        )


def test_golden_files_are_all_listed() -> None:
    """No stale golden file is left behind when a playthrough is renamed."""
    names = {f"{p.name}.txt" for p in PLAYTHROUGHS}
    assert {p.name for p in GOLDEN.glob("*.txt")} <= names
