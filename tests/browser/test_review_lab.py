"""Issue 26 in real JupyterLab: a Replay given a review shows the win-chance graph under
the board; a click on a marked mistake, and Enter on one, go to that step (a ``goto``
intent Python checks), and the graph's cursor follows the board.

The kernel writes what it saw (the position shown, the graph's marks) to a state file in
the Lab's folder, so each wait names the step Python must reach.
"""

from __future__ import annotations

import json

from waits import LIMIT_MS, poll, shown, until

STATE = "review_state.json"
CELLS = (
    """import json, pathlib
import cyclades_widgets as cw
from cyclades_widgets.review.plot import graph_payload

full = cw.GameRecord.load(pathlib.Path(cw.__file__).parent / "data/games/example-2p.json")
record = cw.GameRecord.from_game(full.game_at(120))
review = record.review(level="easy", seed=0)
replay = cw.Replay(record, review=review, lang="fr")
OUT = pathlib.Path("review_state.json")


def dump(*_):
    OUT.write_text(json.dumps({
        "index": len(replay.game.history),
        "marks": [m["position"] for m in replay.board.graph.get("marks", [])],
        "hits": [h["position"] for h in replay.board.graph.get("hits", [])],
        "players": len(record.players),
        "error": replay.board.error,
    }))


replay.board.on_change(dump)
dump()
replay""",
)


def read(lab) -> dict:
    return json.loads((lab.root / STATE).read_text())


def wait_index(lab, index: int) -> dict:
    def probe():
        try:
            state = read(lab)
        except (OSError, ValueError):
            return None
        return state if state["index"] == index else None

    return poll(f"Python at step {index}", probe, LIMIT_MS / 1000)


def wait_board(page, steps: int) -> None:
    until(
        page,
        f"the board redrawn at step {steps}",
        "(n) => { const t = document.querySelector('[data-testid=cw-timeline]');"
        " const m = t && /(Step|Étape) ([0-9]+)/.exec(t.textContent); return !!m && m[2] == String(n); }",
        steps,
    )


def cursor_x(page) -> float:
    return float(page.locator(".cw-graph-slot .cw-graph-cursor").get_attribute("x1"))


def test_the_replays_graph_goes_to_the_step_of_a_point_clicked_or_chosen_by_keyboard(page, lab):
    (lab.root / STATE).unlink(missing_ok=True)
    lab.write_notebook("review.ipynb", *CELLS)
    page.set_viewport_size({"width": 1280, "height": 800})
    lab.open_notebook(page, "review.ipynb")
    page.evaluate("window.jupyterapp.commands.execute('application:toggle-left-area')")
    lab.run_all_cells(page)
    graph = shown(page.locator("[data-testid=cw-graph]"), "the win-chance graph")
    state = wait_index(lab, 0)
    assert state["marks"], "the reviewed game has a marked decision"
    assert graph.locator(".cw-graph-line").count() == state["players"]
    assert graph.locator(".cw-graph-mark").count() == len(state["marks"])
    assert "Chance de gagner" in graph.text_content()
    start_x = cursor_x(page)

    target = state["marks"][0]
    graph.locator(f".cw-graph-mark[data-goto='{target}']").click()
    wait_index(lab, target)
    wait_board(page, target)
    until(page, "the cursor moved", "(x) => Number(document.querySelector("
          "'.cw-graph-slot .cw-graph-cursor').getAttribute('x1')) > x", start_x)  # fmt: skip
    graph.scroll_into_view_if_needed()
    lab.screenshot(page, "review-lab-graph")

    # Another point, chosen by clicking its band; then the mark again, by keyboard.
    other = state["hits"][-1]
    graph.locator(f".cw-graph-hit[data-goto='{other}']").click(position={"x": 1, "y": 5})
    wait_index(lab, other)
    wait_board(page, other)
    graph.locator(f".cw-graph-mark[data-goto='{target}']").focus()
    page.keyboard.press("Enter")
    assert wait_index(lab, target)["error"] == ""
    wait_board(page, target)
