"""The board editor served as an app with Voila (issue 27): the same position built by
clicks alone as in JupyterLab (``test_editor_lab.py``), its code, its game and a refused
click; axe-core finds no serious violation on the editor's board."""

from __future__ import annotations

import pytest
from boardpages import axe_violations
from editorpages import BOARD, read, write
from test_editor_lab import check_built
from test_voila import serve_voila
from waits import shown


@pytest.fixture
def voila_editor(chromium_executable, tmp_path):
    """Voila serving the editor notebook from ``tmp_path``; yields the app's URL."""
    pytest.importorskip("voila", reason="voila is in the test extra")
    write(tmp_path)
    with serve_voila(tmp_path, "editor.ipynb") as url:
        yield url


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
