"""Screenshots of the board for docs/board.md: the 2-, 3-, 4- and 5-player boards in
projector mode at 1280×800, and a Chinese one, drawn by the real front end in Chromium.

Usage (from the repository root, Chromium installed):
    .venv/bin/python docs/img/shoot.py
"""

from __future__ import annotations

import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

import cyclades_widgets as cw
from cyclades_widgets.bots import RandomBot

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1] / "tests"))
sys.path.insert(0, str(HERE.parents[1] / "tests" / "browser"))
from boardpages import fake_page  # noqa: E402


def position(players: int, seed: int) -> cw.Game:
    """A bot game in the second cycle's actions, at a human decision."""
    game = cw.Game.new(players=players, seed=seed)
    bots = {name: RandomBot(seed=i) for i, name in enumerate(game.players)}
    game.advance(to="cycle", bots=bots)
    while not (game.phase.value == "actions" and game.node == "decision"):
        if game.node == "decision":
            game.play(bots[game.to_act].choose(game.state, game.legal_actions()))
        else:
            game.step()
    return game


def main() -> None:
    shots = {f"board-{n}p-projector.png": (position(n, 4), "en") for n in (2, 3, 4, 5)}
    shots["board-3p-zh.png"] = (position(3, 4), "zh")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        page = browser.new_page()
        for name, (game, lang) in shots.items():
            fake_page(page, Path("/tmp"), game, lang=lang, mode="projector", size=(1280, 800))
            page.screenshot(path=str(HERE / name))
            print("wrote", HERE / name)
        browser.close()


if __name__ == "__main__":
    main()
