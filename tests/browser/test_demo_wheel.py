"""``python -m cyclades_widgets demo`` from the built wheel alone (issue 17, parts 1 and 4):
in a fresh venv where pip installed ``<wheel>[widgets]`` (tests/wheel_env.py), from an
empty folder, with no checkout anywhere, ``demo`` copies the tutorials, starts JupyterLab
and asks the browser to open the first tutorial. The test catches that request (the
``BROWSER`` variable, which Python's webbrowser module and so Jupyter obey), opens the same
page in Chromium, runs every cell on the venv's kernel, and checks the board is drawn.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from waits import shown, until
from wheel_env import wheel_venv

pytestmark = pytest.mark.browser

HERE = Path(__file__).resolve().parent
_spec = importlib.util.spec_from_file_location("browser_harness", HERE / "conftest.py")
assert _spec is not None and _spec.loader is not None
harness = sys.modules.setdefault("browser_harness", importlib.util.module_from_spec(_spec))
_spec.loader.exec_module(harness)  # the harness's helpers (open_notebook, run_all_cells...)

RECORDER = "import sys, pathlib; pathlib.Path(sys.argv[1]).write_text(sys.argv[2])"
START_TIMEOUT = 120  # seconds for demo to copy the tutorials and JupyterLab to ask for a tab

_ALL_RAN_JS = """() => {
    const panel = window.jupyterapp.shell.currentWidget;
    if (!panel || !panel.content || !panel.content.model) return false;
    const cells = panel.content.model.cells;
    const sc = panel.sessionContext;
    const kernel = sc && sc.session && sc.session.kernel;
    for (let i = 0; i < cells.length; i++) {
        const cell = cells.get(i);
        if (cell.type === 'code' && !cell.executionCount) return false;
    }
    return !!kernel && kernel.status === 'idle';
}"""

_ERRORS_JS = """() => {
    const cells = window.jupyterapp.shell.currentWidget.content.model.cells;
    const out = [];
    for (let i = 0; i < cells.length; i++) {
        const cell = cells.get(i);
        if (cell.type !== 'code') continue;
        for (const o of cell.outputs.toJSON())
            if (o.output_type === 'error') out.push(i + ': ' + o.ename + ': ' + o.evalue);
    }
    return out;
}"""


_WHERE_JS = """async () => {
    const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
    const future = kernel.requestExecute({
        code: 'import sys, cyclades_widgets; print(sys.prefix, cyclades_widgets.__file__)',
        silent: false, store_history: false,
    });
    let text = '';
    future.onIOPub = msg => { if (msg.header.msg_type === 'stream') text += msg.content.text; };
    await future.done;
    return text;
}"""


def _asked_url(opened: Path, demo: subprocess.Popen[bytes], log: Path) -> str:
    """The page JupyterLab asked the browser to open (read from its redirect file)."""
    deadline = time.monotonic() + START_TIMEOUT
    while not opened.exists():
        if demo.poll() is not None or time.monotonic() > deadline:
            pytest.fail(
                f"demo never asked for a browser tab\n{log.read_text(errors='replace')[-4000:]}"
            )
        time.sleep(0.2)
    target = opened.read_text(encoding="utf-8")
    if target.startswith("file://"):  # Jupyter's redirect page, which holds the real address
        page = Path(urllib.request.url2pathname(target[len("file://") :])).read_text("utf-8")
        target = re.search(r'url=([^"]+)"', page)[1]
    return target.replace("&amp;", "&")


@pytest.fixture
def demo_lab(chromium_executable, tmp_path: Path):
    """``demo`` started from an empty folder with the fresh venv's Python; yields (url the
    browser was asked to open, the working folder, the venv)."""
    venv = wheel_venv()
    home = tmp_path / "home"
    env = harness._isolated_jupyter_env(home)
    for name in [k for k in env if k.startswith("PYTHON") and k != "PYTHONUNBUFFERED"]:
        del env[name]
    env["JUPYTER_PATH"] = str(venv / "share" / "jupyter")
    port = harness._free_port()
    (home / "config" / "jupyter_server_config.json").write_text(
        json.dumps(
            {
                "ServerApp": {"port": port, "port_retries": 0},
                "LabApp": {"expose_app_in_browser": True},  # the harness reads window.jupyterapp
            }
        )
    )
    opened = tmp_path / "opened.txt"
    env["BROWSER"] = f"{sys.executable} -c '{RECORDER}' {opened} %s"
    work = tmp_path / "class"
    work.mkdir()
    log = tmp_path / "demo.log"
    with log.open("wb") as out:
        demo = subprocess.Popen(
            [str(venv / "bin" / "python"), "-m", "cyclades_widgets", "demo"],
            cwd=work, env=env, stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT,
            start_new_session=True,
        )  # fmt: skip
    try:
        yield _asked_url(opened, demo, log), work / "cyclades-tutorials", venv, log
    finally:
        if demo.poll() is None:
            os.killpg(demo.pid, signal.SIGTERM)
            try:
                demo.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(demo.pid, signal.SIGKILL)
                demo.wait(timeout=20)
        harness.ARTIFACTS.mkdir(exist_ok=True)
        (harness.ARTIFACTS / "demo-wheel.log").write_bytes(log.read_bytes())


def test_demo_from_the_wheel_opens_the_first_tutorial_and_the_board_renders(page, demo_lab):
    url, folder, venv, log = demo_lab
    assert re.search(r"^http://127\.0\.0\.1:\d+/lab/tree/01-first-look\.ipynb(\?|$)", url), url
    assert (folder / "01-first-look.ipynb").is_file(), "demo did not copy the tutorials"
    said = log.read_text(errors="replace")
    assert "The English tutorials are in" in said and "Starting JupyterLab on 01-first-look" in said

    page.goto(url)
    shown(page.locator(".jp-NotebookPanel").first, "the first tutorial's notebook panel")
    title = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-MarkdownCell h1").first
    shown(title, "the tutorial's title")
    assert title.inner_text().startswith("1. ")
    harness.run_all_cells(page)
    until(page, "every cell of the tutorial run", _ALL_RAN_JS, None, 240_000)
    assert page.evaluate(_ERRORS_JS) == []

    # The kernel is the fresh venv's Python, with the installed package (not the checkout).
    prefix, module = page.evaluate(_WHERE_JS).split()
    assert Path(prefix) == venv and Path(module).is_relative_to(venv), (prefix, module)

    boards = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .cw-root")
    shown(boards.first, "the tutorial's first board", "attached")
    assert boards.count() >= 2, "the Board and the GameView should both be drawn"
    boards.first.scroll_into_view_if_needed()
    shown(boards.first, "the tutorial's first board")
    harness.screenshot(page, "demo-wheel-first-tutorial")
