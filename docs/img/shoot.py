"""Screenshots of the board for docs/board.md: the 2-, 3-, 4- and 5-player boards in
projector mode at 1280×800, and a Chinese one, drawn by the real front end in Chromium;
and the board editor for docs/editor.md (``editor.png``; the Chinese one goes to /tmp, to
look at), served by Voila with its side panels.

Usage (from the repository root, Chromium installed):
    .venv/bin/python docs/img/shoot.py            # all of them
    .venv/bin/python docs/img/shoot.py editor     # the editor's only
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import nbformat
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


EDITOR_CELL = """import cyclades_widgets as cw
editor = cw.Editor(players=4, lang={lang!r})
editor.empty()
editor.place("troop", "naxos", player="Athens", count=3)
editor.place("troop", "paros", player="Sparta", count=2)
editor.place("fortress", "paros")
editor.place("troop", "kea", player="Sparta")
editor.place("fleet", "h4", player="Athens", count=2)
editor.place("fleet", "h5", player="Athens")
editor.place("fleet", "i5", player="Athens")
editor.set("gold", 9, player="Athens")
editor.set("turn", {{"god": "ares", "player": "Athens"}})
editor.board.choose("fleet", "Athens", 2)
editor.whatif_button.click()
editor"""


def _voila(folder: Path) -> tuple[subprocess.Popen[bytes], int]:
    """Voila serving ``folder/editor.ipynb``, and its port, once it listens."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    cmd = [sys.executable, "-m", "voila", "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
           "editor.ipynb"]  # fmt: skip
    env = {**os.environ, "JUPYTER_RUNTIME_DIR": str(folder / "runtime")}
    proc = subprocess.Popen(cmd, cwd=folder, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, start_new_session=True)  # fmt: skip
    for _ in range(600):
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return proc, port
        except OSError:
            time.sleep(0.1)
    raise RuntimeError("Voila did not start")


def editor_shots(browser: object, langs: tuple[str, ...] = ("en", "zh")) -> None:
    """The editor with the position of docs/editor.md, the Athens fleet chosen (its seas
    lit) and the What if? results beside the map, at 1280×800."""
    for lang in langs:
        with tempfile.TemporaryDirectory() as tmp:
            folder = Path(tmp)
            nb = nbformat.v4.new_notebook()
            nb.cells = [nbformat.v4.new_code_cell(EDITOR_CELL.format(lang=lang))]
            nbformat.write(nb, folder / "editor.ipynb")
            proc, port = _voila(folder)
            try:
                page = browser.new_page(viewport={"width": 1280, "height": 800})  # type: ignore[attr-defined]
                page.goto(f"http://127.0.0.1:{port}/", timeout=180_000)
                page.locator(".cw-editing [data-testid=cw-note-text]").wait_for(timeout=180_000)
                shot = HERE / "editor.png" if lang == "en" else Path(f"/tmp/editor-{lang}.png")
                page.screenshot(path=str(shot))
                print("wrote", shot)
                page.close()
            finally:
                os.killpg(proc.pid, signal.SIGTERM)
                proc.wait(timeout=30)


def main() -> None:
    if sys.argv[1:] == ["editor"]:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
            editor_shots(browser)
            browser.close()
        return
    shots = {f"board-{n}p-projector.png": (position(n, 4), "en") for n in (2, 3, 4, 5)}
    shots["board-3p-zh.png"] = (position(3, 4), "zh")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        page = browser.new_page()
        for name, (game, lang) in shots.items():
            fake_page(page, Path("/tmp"), game, lang=lang, mode="projector", size=(1280, 800))
            page.screenshot(path=str(HERE / name))
            print("wrote", HERE / name)
        editor_shots(browser)
        browser.close()


if __name__ == "__main__":
    main()
