"""The first tutorial in real JupyterLab (Chromium via Playwright): issue 7, "the first one
is opened in real JupyterLab in the browser test".

``notebooks/en/01-first-look.ipynb`` is opened from the served copy of ``notebooks/en/``, every
cell is run, and the test checks that each code cell ran, that none raised, and that the
board widgets it shows were drawn by the front end.
"""

from __future__ import annotations

import pytest
from waits import shown, until

pytestmark = pytest.mark.browser

NOTEBOOK = "01-first-look.ipynb"

_CELL_STATE_JS = """() => {
    const panel = window.jupyterapp.shell.currentWidget;
    const cells = panel.content.model.cells;
    const out = [];
    for (let i = 0; i < cells.length; i++) {
        const cell = cells.get(i);
        if (cell.type !== 'code') continue;
        const outputs = cell.outputs.toJSON();
        out.push({
            index: i,
            count: cell.executionCount,
            errors: outputs.filter(o => o.output_type === 'error')
                           .map(o => o.ename + ': ' + o.evalue),
        });
    }
    return out;
}"""

_ALL_RAN_JS = """() => {
    const panel = window.jupyterapp.shell.currentWidget;
    const cells = panel.content.model.cells;
    const sc = panel.sessionContext;
    const kernel = sc && sc.session && sc.session.kernel;
    for (let i = 0; i < cells.length; i++) {
        const cell = cells.get(i);
        if (cell.type === 'code' && !cell.executionCount) return false;
    }
    return !!kernel && kernel.status === 'idle';
}"""


def test_first_tutorial_runs_in_lab(page, lab):
    """Every cell of the first tutorial runs without error and the board is drawn."""
    assert (lab.root / NOTEBOOK).exists(), f"{NOTEBOOK} is not in the served notebooks/en/"
    lab.open_notebook(page, NOTEBOOK)
    lab.run_all_cells(page)
    until(page, "every cell of the tutorial run", _ALL_RAN_JS, None, 180_000)

    cells = page.evaluate(_CELL_STATE_JS)
    assert cells, "the notebook has no code cells"
    not_run = [c["index"] for c in cells if not c["count"]]
    assert not not_run, f"code cells that did not run: {not_run}"
    errors = {c["index"]: c["errors"] for c in cells if c["errors"]}
    assert not errors, f"cells raised: {errors}"

    boards = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .cw-root")
    shown(boards.first, "the tutorial's first board", "attached")
    assert boards.count() >= 2, "the Board and the GameView should both be drawn"
    boards.first.scroll_into_view_if_needed()
    shown(boards.first, "the tutorial's first board")
    lab.screenshot(page, "tutorial-01-first-look")
