"""The board editor served as an app with Voila (issue 27): the same position built by
clicks alone as in JupyterLab (``test_editor_lab.py``), its code, its game and a refused
click; axe-core finds no serious violation on the editor's board."""

from __future__ import annotations

import os
import signal
import subprocess
import sys

import pytest
from boardpages import axe_violations
from editorpages import BOARD, read, write
from test_editor_lab import check_built
from test_voila import _free_port, _wait_for_port
from waits import shown


@pytest.fixture
def voila_editor(chromium_executable, tmp_path):
    """Voila serving the editor notebook from ``tmp_path``; yields the app's URL."""
    pytest.importorskip("voila", reason="voila is in the test extra")
    write(tmp_path)
    port = _free_port()
    env = {**os.environ, "JUPYTER_RUNTIME_DIR": str(tmp_path / "runtime"), "PYTHONUNBUFFERED": "1"}
    log = tmp_path / "voila.log"
    cmd = [sys.executable, "-m", "voila", "--no-browser", f"--port={port}",
           "--Voila.ip=127.0.0.1", "--show_tracebacks=True", "editor.ipynb"]  # fmt: skip
    with log.open("wb") as out:
        proc = subprocess.Popen(
            cmd, cwd=tmp_path, env=env, stdout=out, stderr=subprocess.STDOUT,
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


def test_the_editor_in_voila_builds_checks_and_plays_a_position(
    page, voila_editor, tmp_path, artifacts_dir
):
    """Issue 27, done when: the same test runs in Voila."""
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(voila_editor)
    shown(page.locator(BOARD), "the editor in the Voila app")
    read(tmp_path)
    assert axe_violations(page, BOARD) == []
    check_built(page, tmp_path, str(artifacts_dir / "editor-voila"))
