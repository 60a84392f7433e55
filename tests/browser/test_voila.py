"""The board served as an app with Voila (issue 12): how a teacher shows a tutorial.

Voila runs ``notebooks/board_voila.ipynb`` (a GameView) on 127.0.0.1; Chromium opens it,
clicks a god and a bid chip, and sees the board redraw with the next player's prompt.
axe-core finds no serious or critical violation on the page. Readiness is a TCP connect
(a GET of ``/`` would start a kernel), then the board's own element.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from boardpages import axe_violations
from waits import shown, until

HERE = Path(__file__).parent
NOTEBOOK = "board_voila.ipynb"
START_TIMEOUT = 90


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_for_port(port: int, proc: subprocess.Popen, log: Path) -> None:
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"Voila exited early:\n{log.read_text(errors='replace')[-3000:]}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"Voila not listening after {START_TIMEOUT} s:\n{log.read_text()[-3000:]}")


@contextlib.contextmanager
def serve_voila(folder: Path, notebook: str) -> Iterator[str]:
    """Voila serving ``folder/notebook`` on a free port of 127.0.0.1; yields the app's URL
    once it listens, and stops Voila (its whole process group) afterwards."""
    port = _free_port()
    env = {**os.environ, "JUPYTER_RUNTIME_DIR": str(folder / "runtime"), "PYTHONUNBUFFERED": "1"}
    log = folder / "voila.log"
    cmd = [sys.executable, "-m", "voila", "--no-browser", f"--port={port}",
           "--Voila.ip=127.0.0.1", "--show_tracebacks=True", notebook]  # fmt: skip
    with log.open("wb") as out:
        proc = subprocess.Popen(
            cmd, cwd=folder, env=env, stdout=out, stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL, start_new_session=True,
        )  # fmt: skip
    try:
        _wait_for_port(port, proc, log)
        yield f"http://127.0.0.1:{port}/"
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(timeout=15)


@pytest.fixture
def voila_url(chromium_executable, tmp_path):
    """Voila serving a copy of the notebook; yields the app's URL."""
    pytest.importorskip("voila", reason="voila is in the test extra")
    shutil.copy(HERE / "notebooks" / NOTEBOOK, tmp_path / NOTEBOOK)
    with serve_voila(tmp_path, NOTEBOOK) as url:
        yield url


def test_a_bid_in_voila_redraws_the_board(page, voila_url, artifacts_dir):
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(voila_url)
    board = page.locator("[data-testid=cw-board]")
    shown(board, "the board in the Voila app")
    prompt = page.locator("[data-testid=cw-status-line]")
    assert prompt.inner_text() == "Corinth: click a highlighted god to make an offering"
    page.locator("[data-testid=cw-god-ares]").click()
    page.locator('.cw-menu button[data-notation="bid ares 1"]').click()
    until(
        page,
        "the board redrawn for Athens, the next bidder (Python played the bid)",
        "() => document.querySelector('[data-testid=cw-status-line]').textContent"
        ".startsWith('Athens:')",
    )
    assert "1 GP" in page.locator("[data-testid=cw-god-ares]").inner_text()
    svg = page.locator("[data-testid=cw-map]").bounding_box()
    log = page.locator("[data-testid=cw-log]").bounding_box()
    assert svg["y"] + svg["height"] <= 800 and log["y"] + log["height"] <= 800
    page.screenshot(path=str(artifacts_dir / "board-voila.png"))
    assert axe_violations(page, "[data-testid=cw-board]") == []
