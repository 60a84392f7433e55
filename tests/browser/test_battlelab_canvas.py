"""The Battle Lab in real JupyterLab: the ipycanvas heatmap renders, and a click on a cell
reaches Python and draws a battle in the panel.

The Python side is tested without a browser in tests/test_battlelab.py; this checks what only
a browser can: that the canvas shows pixels, and that clicks travel back to the kernel.
"""

import json

import pytest
from waits import shown, until

pytestmark = pytest.mark.browser

CLICK_FILE = "battlelab_click.json"

CELLS = (
    "import json\n"
    "from cyclades_widgets.widgets.battlelab import BattleLab\n"
    "lab = BattleLab(delay=0.05, seed=11)\n"
    "def record(x, y):\n"
    "    with open('" + CLICK_FILE + "', 'w') as f:\n"
    "        json.dump({'selected': lab.selected, 'seed': lab.last_seed,\n"
    "                   'frames': len(lab.frames)}, f)\n"
    "lab.canvas.on_mouse_down(record)\n"
    "lab",
)

# Counts pixels in a region of the canvas that are not fully transparent.
_INKED_PIXELS_JS = """(el, [x, y, w, h]) => {
    const data = el.getContext('2d').getImageData(x, y, w, h).data;
    let inked = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i] > 0) inked++;
    return inked;
}"""


def _inked(canvas, x, y, w, h):
    return canvas.evaluate(_INKED_PIXELS_JS, [x, y, w, h])


def test_battle_lab_canvas_renders_and_a_click_plays_a_battle(page, lab):
    from cyclades_widgets.widgets import battlelab

    (lab.root / CLICK_FILE).unlink(missing_ok=True)
    lab.write_notebook("battlelab_canvas.ipynb", *CELLS)
    lab.open_notebook(page, "battlelab_canvas.ipynb")
    lab.run_all_cells(page)

    canvas = page.locator(".jp-OutputArea-output .cyclades-battle-lab canvas").first
    shown(canvas, "the Battle Lab's canvas")
    grid = (battlelab.GRID_X, battlelab.GRID_Y, 8 * battlelab.CELL, 8 * battlelab.CELL)
    panel = (battlelab.PANEL_X, 50, battlelab.WIDTH - battlelab.PANEL_X, 350)
    until(
        page,
        "the heatmap painted (over 20,000 inked pixels)",
        "([el, n]) => { const d = el.getContext('2d').getImageData(0, 0, el.width, el.height).data;"
        " let k = 0; for (let i = 3; i < d.length; i += 4) if (d[i] > 0) k++; return k > n; }",
        [canvas.element_handle(), 20_000],
    )
    # The 64 heatmap cells are opaque colour: the whole grid is inked.
    assert _inked(canvas, *grid) == grid[2] * grid[3]
    before = _inked(canvas, *panel)
    lab.screenshot(page, "battlelab-heatmap")

    # Click the cell of 3 attackers against 2 defenders.
    x = battlelab.GRID_X + 1.5 * battlelab.CELL
    y = battlelab.GRID_Y + 2.5 * battlelab.CELL
    canvas.click(position={"x": x, "y": y})
    assert lab.wait_for_path(CLICK_FILE, timeout=30), "the kernel never saw the click"
    seen = json.loads((lab.root / CLICK_FILE).read_text())
    assert seen["selected"] == [3, 2] and seen["seed"] == 11 and seen["frames"] >= 3
    until(
        page,
        "the battle drawn in the panel (dice, totals and units)",
        "([el, x, y, w, h, n]) => { const d = el.getContext('2d').getImageData(x, y, w, h).data;"
        " let k = 0; for (let i = 3; i < d.length; i += 4) if (d[i] > 0) k++; return k > n; }",
        [canvas.element_handle(), *panel, before + 2_000],
    )
    assert _inked(canvas, *panel) > before + 2_000  # dice, totals and units were drawn
    lab.screenshot(page, "battlelab-battle")
