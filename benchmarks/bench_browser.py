"""Redraw times of the board in real JupyterLab, driven through the browser-test harness.

JupyterLab is started the way ``tests/browser/conftest.py`` starts it (127.0.0.1, a
throwaway home, the same helpers), and Chromium is driven by Playwright. A notebook shows
``cw.Board`` on a 5-player game a few cycles in (a full board), then one cell performs a
single game step (a RandomBot decision, a chance outcome or an automatic step) and is run
again and again. The front end reports each redraw (``Board.render_stats``):

- ``ms``: the JavaScript redraw of the whole board (building the SVG and panels);
- ``roundtrip_ms``: from Python's refresh after the step to the front end's "rendered"
  report arriving back in the kernel: the time a learner waits to see a step.

The same cell is timed in the page itself, from running it to the board redrawn with the
new step (the board follows its game: the cell calls nothing to redraw it):

- ``cell_play_to_redraw_ms``: a cell's ``game.play(...)`` (or step) → the board redrawn.

A second notebook shows a ``GameView`` of a 3-player game at its first bid, and a learner's
clicks are timed in the page itself (issue 12), from the click to the board redrawn with
the new step (a MutationObserver on the board's ``data-step``):

- ``click_to_redraw_ms``: a bid chip clicked → the next position drawn;
- ``undo_to_redraw_ms``: GameView's Undo button → the position before drawn again;
- ``click_to_redraw_nodelay_ms``, ``undo_to_redraw_nodelay_ms``: the same clicks in a
  JupyterLab started with the opt-in extension ``cyclades_widgets.widgets.nodelay``
  (``TCP_NODELAY`` on kernel websockets: no wait for the browser's delayed ACK).

Medians of 30 clicks each (10 with ``--quick``). Without Chromium the section fails with
the harness's message on how to get one.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import ModuleType

from common import Figure

REPO = Path(__file__).resolve().parents[1]
NOTEBOOK = "bench_board.ipynb"
OUT = "bench_render.json"

SETUP_CELL = """\
import json, pathlib
import cyclades_widgets as cw
from cyclades_widgets.bots import RandomBot

game = cw.Game.new(players=5, seed=5)
bots = {n: RandomBot(seed=i) for i, n in enumerate(game.players)}
for _ in range(4):  # a few cycles in: troops, fleets and buildings all over the board
    game.advance(to="cycle", bots=bots)
board = cw.Board(game, animate=False)

def one_step():
    if game.node == "decision":
        game.play(bots[game.to_act].choose(game.state, game.legal_actions()))
    elif not game.is_over:
        game.step()  # the board follows: it redraws when the cell ends

board"""
STEP_CELL = "one_step()"
CLICK_NOTEBOOK = "bench_clicks.ipynb"
CLICK_CELL = """\
import cyclades_widgets as cw

view = cw.GameView(cw.Game.new(players=3, seed=7))
view"""

TIME_CLICK_JS = """async (selector) => {
  const root = document.querySelector('[data-testid=cw-board]');
  const before = root.dataset.step;
  const done = new Promise((resolve) => {
    const seen = new MutationObserver(() => {
      if (root.dataset.step !== before) { seen.disconnect(); resolve(); }
    });
    seen.observe(root, {attributes: true, attributeFilter: ['data-step']});
  });
  const t0 = performance.now();
  document.querySelector(selector).click();
  await done;
  return performance.now() - t0;
}"""
TIME_CELL_JS = """async (index) => {
  const root = document.querySelector('[data-testid=cw-board]');
  const before = root.dataset.step;
  const done = new Promise((resolve) => {
    const seen = new MutationObserver(() => {
      if (root.dataset.step !== before) { seen.disconnect(); resolve(); }
    });
    seen.observe(root, {attributes: true, attributeFilter: ['data-step']});
  });
  const t0 = performance.now();
  const panel = window.jupyterapp.shell.currentWidget;
  panel.content.activeCellIndex = index;
  window.jupyterapp.commands.execute('notebook:run-cell');
  await done;
  return performance.now() - t0;
}"""
DUMP_CELL = f"pathlib.Path({OUT!r}).write_text(json.dumps(board.render_stats))"


def harness() -> ModuleType:
    """The browser-test harness module (``tests/browser/conftest.py``), loaded by path."""
    path = REPO / "tests" / "browser" / "conftest.py"
    for folder in (path.parent, path.parents[1]):  # its sibling modules (waits, artifacts)
        if str(folder) not in sys.path:
            sys.path.insert(0, str(folder))
    spec = importlib.util.spec_from_file_location("cyclades_browser_harness", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


NODELAY = "--ServerApp.jpserver_extensions={'cyclades_widgets.widgets.nodelay': True}"
"""The opt-in server extension that sets TCP_NODELAY on kernel websockets."""


def _start_lab(h: ModuleType, root: Path, home: Path, *extra: str) -> tuple[subprocess.Popen, str]:
    """JupyterLab on a free port of 127.0.0.1, as the harness's ``lab_server`` starts it."""
    env = h._isolated_jupyter_env(home)
    port = h._free_port()
    cmd = [
        sys.executable, "-m", "jupyter", "lab", "--no-browser", "--ServerApp.ip=127.0.0.1",
        f"--ServerApp.port={port}", "--ServerApp.port_retries=0", "--IdentityProvider.token=",
        "--ServerApp.password=", f"--ServerApp.root_dir={root}",
        "--LabApp.expose_app_in_browser=True", *extra,
    ]  # fmt: skip
    if os.geteuid() == 0:
        cmd.append("--allow-root")
    log = home / "jupyterlab.log"
    with log.open("wb") as fh:
        proc = subprocess.Popen(
            cmd, cwd=root, env=env, stdin=subprocess.DEVNULL, stdout=fh,
            stderr=subprocess.STDOUT, start_new_session=True,
        )  # fmt: skip
    url = f"http://127.0.0.1:{port}/"
    h._wait_for_status(url, proc, log)
    return proc, url


def _run_cell(page, index: int) -> None:  # noqa: ANN001
    page.evaluate(
        """(i) => {
        const panel = window.jupyterapp.shell.currentWidget;
        panel.content.activeCellIndex = i;
        return window.jupyterapp.commands.execute('notebook:run-cell');
    }""",
        index,
    )


def _drive(h: ModuleType, url: str, root: Path, steps: int) -> tuple[list[dict], list[float]]:
    from playwright.sync_api import sync_playwright

    chromium = h._system_chromium()
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium, args=h.CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1400, "height": 900})
        page.set_default_timeout(h.ACTION_TIMEOUT_MS)
        h.open_notebook(page, url, NOTEBOOK)
        h.run_all_cells(page)
        board = page.locator("[data-testid=cw-board]")
        board.wait_for(state="visible")
        h.wait_for_path(root / OUT, timeout=120)
        cells: list[float] = []
        for _ in range(steps):  # a cell that moves the game: the time until the board shows it
            cells.append(page.evaluate(TIME_CELL_JS, 1))
            h.wait_for_kernel_idle(page)
        (root / OUT).unlink()
        time.sleep(0.3)  # the last "rendered" report reaches the kernel
        _run_cell(page, 2)
        h.wait_for_path(root / OUT, timeout=60)
        browser.close()
    return json.loads((root / OUT).read_text()), cells


def _clicks(h: ModuleType, url: str, clicks: int) -> tuple[list[float], list[float]]:
    """Bid and Undo ``clicks`` times in a GameView; the times from click to redraw."""
    from playwright.sync_api import sync_playwright

    bids, undos = [], []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=h._system_chromium(), args=h.CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        page.set_default_timeout(h.ACTION_TIMEOUT_MS)
        h.open_notebook(page, url, CLICK_NOTEBOOK)
        h.run_all_cells(page)
        page.locator("[data-testid=cw-god-ares].cw-lit-item").wait_for(state="visible")
        undo = ".widget-button[title='Undo']"
        for _ in range(clicks + 1):  # the first pair warms up the page
            page.locator("[data-testid=cw-god-ares]").click()
            page.locator('.cw-menu button[data-notation="bid ares 1"]').wait_for()
            h.wait_for_kernel_idle(page)  # as a learner would: the last step is over
            bids.append(page.evaluate(TIME_CLICK_JS, '.cw-menu button[data-notation="bid ares 1"]'))
            h.wait_for_kernel_idle(page)
            undos.append(page.evaluate(TIME_CLICK_JS, undo))
        browser.close()
    return bids[1:], undos[1:]


def run(quick: bool) -> list[Figure]:
    """Median redraw and step-to-redraw times over a series of steps."""
    h = harness()
    if h._system_chromium() is None:
        raise RuntimeError(h.HOW_TO_GET_CHROMIUM)
    steps = 10 if quick else 60
    work = Path(tempfile.mkdtemp(prefix="cw-bench-"))
    root, home = work / "root", work / "home"
    root.mkdir()
    home.mkdir()
    h.write_notebook(root / NOTEBOOK, SETUP_CELL, STEP_CELL, DUMP_CELL)
    h.write_notebook(root / CLICK_NOTEBOOK, CLICK_CELL)
    proc, url = _start_lab(h, root, home)
    try:
        stats, cells = _drive(h, url, root, steps)
        bids, undos = _clicks(h, url, 10 if quick else 30)
    finally:
        h._stop(proc)
    proc, url = _start_lab(h, root, home, NODELAY)  # the same clicks, TCP_NODELAY on
    try:
        _, fast_cells = _drive(h, url, root, steps)
        fast_bids, fast_undos = _clicks(h, url, 10 if quick else 30)
    finally:
        h._stop(proc)
        shutil.rmtree(work, ignore_errors=True)
    stats = stats[1:]  # the first redraw is the notebook's initial display
    redraw = [s["ms"] for s in stats]
    roundtrip = [s["roundtrip_ms"] for s in stats if s["roundtrip_ms"] is not None]
    if not redraw or not roundtrip:
        raise RuntimeError(f"the front end reported no redraws: {stats}")
    return [
        Figure(
            "cell_play_to_redraw_ms",
            round(statistics.median(cells), 1),
            "ms",
            "a cell that moves the game run → board redrawn (Board in Lab, 5 players)",
            f"median of {len(cells)} cells; target ≤ 60 ms",
            extra={"samples": [round(c, 1) for c in cells]},
        ),
        Figure(
            "cell_play_to_redraw_nodelay_ms",
            round(statistics.median(fast_cells), 1),
            "ms",
            "the same cells, TCP_NODELAY on (cyclades_widgets.widgets.nodelay)",
            f"median of {len(fast_cells)} cells",
            extra={"samples": [round(c, 1) for c in fast_cells]},
        ),
        Figure(
            "click_to_redraw_ms",
            round(statistics.median(bids), 1),
            "ms",
            "a bid clicked → board redrawn (GameView in Lab)",
            f"median of {len(bids)} clicks; target ≤ 60 ms",
            extra={"samples": [round(b, 1) for b in bids]},
        ),
        Figure(
            "undo_to_redraw_ms",
            round(statistics.median(undos), 1),
            "ms",
            "Undo clicked → board redrawn (GameView in Lab)",
            f"median of {len(undos)} clicks; target ≤ 60 ms",
            extra={"samples": [round(u, 1) for u in undos]},
        ),
        Figure(
            "click_to_redraw_nodelay_ms",
            round(statistics.median(fast_bids), 1),
            "ms",
            "the same bid clicks, TCP_NODELAY on (cyclades_widgets.widgets.nodelay)",
            f"median of {len(fast_bids)} clicks",
            extra={"samples": [round(b, 1) for b in fast_bids]},
        ),
        Figure(
            "undo_to_redraw_nodelay_ms",
            round(statistics.median(fast_undos), 1),
            "ms",
            "the same Undo clicks, TCP_NODELAY on (cyclades_widgets.widgets.nodelay)",
            f"median of {len(fast_undos)} clicks",
            extra={"samples": [round(u, 1) for u in fast_undos]},
        ),
        Figure(
            "browser_step_to_redraw_ms",
            round(statistics.median(roundtrip), 1),
            "ms",
            "Python step → board redrawn in JupyterLab",
            f"median of {len(roundtrip)} steps, 5 players",
            extra={"samples": roundtrip},
        ),
        Figure(
            "browser_redraw_5p_ms",
            round(statistics.median(redraw), 2),
            "ms",
            "JS redraw of a full 5-player board",
            f"median of {len(redraw)}",
            extra={"samples": redraw},
        ),
    ]
