"""Smoke test of the browser harness: a plain ipywidgets Button in real JupyterLab.

It proves the whole chain the board tests rely on: Lab starts, the notebook opens, the kernel
runs it, the widget renders in Chromium, a click travels back to Python.
"""

import pytest
from waits import shown

pytestmark = pytest.mark.browser

# The click writes a side file and then renames it: the file the test waits for appears
# whole, never empty (a plain open().write() could be seen before its text is flushed).
PING_CELL = (
    "import os, pathlib\n"
    "import ipywidgets as w\n"
    "def ping(_):\n"
    "    pathlib.Path('clicked.tmp').write_text('yes')\n"
    "    os.replace('clicked.tmp', 'clicked.txt')\n"
    "b = w.Button(description='Ping')\n"
    "b.on_click(ping)\n"
    "b"
)


def test_button_click_reaches_python(page, lab):
    nb = "smoke_ping.ipynb"
    (lab.root / "clicked.txt").unlink(missing_ok=True)
    lab.write_notebook(nb, PING_CELL)

    lab.open_notebook(page, nb)
    lab.run_all_cells(page)

    button = page.locator(".jp-OutputArea-output button", has_text="Ping")
    shown(button, "the Ping button")
    lab.screenshot(page, "smoke-before-click")
    button.click()

    assert lab.wait_for_path("clicked.txt", timeout=30), "the kernel never saw the click"
    assert (lab.root / "clicked.txt").read_text() == "yes"
    lab.screenshot(page, "smoke-after-click")
