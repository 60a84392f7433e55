"""cw.Learn in real JupyterLab: the goal shows above the board, "Show me" plays the
solution, the success text appears, and the progress file records the lesson as done.
Every wait names the state it waits for."""

from __future__ import annotations

import json

import pytest
from waits import shown

pytestmark = pytest.mark.browser

CELL = (
    "import cyclades_widgets as cw\n"
    "learn = cw.Learn(lesson='take-ios', progress='learn-progress.json', lang='en')\n"
    "learn"
)


def test_show_me_meets_the_goal_and_saves_progress(page, lab):
    nb = "learn_take_ios.ipynb"
    (lab.root / "learn-progress.json").unlink(missing_ok=True)
    lab.write_notebook(nb, CELL)
    lab.open_notebook(page, nb)
    lab.run_all_cells(page)

    output = page.locator(".jp-OutputArea-output")
    shown(output.get_by_text("Goal: Take Ios this turn."), "the lesson's goal")
    shown(output.locator("svg").first, "the lesson's board")
    lab.screenshot(page, "learn-start")

    output.locator("button", has_text="Show me").click()
    shown(output.get_by_text("Ios is yours", exact=False), "the lesson's success message")
    lab.screenshot(page, "learn-success")

    assert lab.wait_for_path("learn-progress.json", timeout=30)
    progress = json.loads((lab.root / "learn-progress.json").read_text("utf-8"))
    assert progress["lessons"]["take-ios"]["done"] is True
    assert progress["lessons"]["take-ios"]["shown"] is True
