"""The Hint button in real JupyterLab (issue 15): clicked in a GameView, the coach's target
is highlighted on the board and its reason shown in the note panel; the game is unchanged.

The notebook is the staged conquest of ``tests/test_bots_positions.py`` (Athens can take
Naxos from Ios); it writes the board's note and the game's step to a JSON file after every
change, so the test checks what Python saw.
"""

from __future__ import annotations

import json

from waits import poll, shown

NOTEBOOK = "board_hint.ipynb"
STATE = "board_hint_state.json"

CELL = """\
# Browser test notebook: a GameView at a staged conquest; the Hint button is clicked.
import json
import pathlib

import cyclades_widgets as cw

game = (
    cw.Scenario(players=3)
    .empty()
    .troops("paros", "Athens", 1)
    .metropolis("paros")
    .troops("ios", "Athens", 3)
    .build("ios", "port")
    .troops("milos", "Athens", 1)
    .build("milos", "temple", "university")
    .fleets("g5", "Athens", 1)
    .troops("naxos", "Sparta", 1)
    .build("naxos", "fortress")
    .troops("kea", "Sparta", 2)
    .troops("syros", "Corinth", 2)
    .gods("poseidon", "ares")
    .offering("poseidon", "Sparta", 1)
    .offering("ares", "Athens", 1)
    .gold("Athens", 1)
    .phase("actions", god="ares", player="Athens")
    .dice("3 0")
    .game()
)
view = cw.GameView(game, lang="en")
view.board.hint_playouts = 120
OUT = pathlib.Path("board_hint_state.json")


def dump(*_):
    OUT.write_text(json.dumps({
        "step": game.state.step,
        "history": len(game.history),
        "annotation": view.board.annotation,
        "notes": len(view.board.coach_notes),
        "reason": game.hint(playouts=120).reason("en") if view.board.coach_notes else "",
    }))


view.board.observe(dump, names="annotation")
dump()
view
"""


def read_state(lab) -> dict:
    """The state file as the kernel last wrote it (waiting over a missing or half file)."""
    path = lab.root / STATE
    return poll(f"{STATE} written by the kernel", lambda: json.loads(path.read_text()))


def _with_note(state: dict) -> dict | None:
    return state if state["notes"] == 1 else None


def test_the_hint_button_highlights_the_target_and_says_why(page, lab):
    (lab.root / STATE).unlink(missing_ok=True)
    lab.write_notebook(NOTEBOOK, CELL)
    page.set_viewport_size({"width": 1280, "height": 800})
    lab.open_notebook(page, NOTEBOOK)
    page.evaluate("window.jupyterapp.commands.execute('application:toggle-left-area')")
    lab.run_all_cells(page)
    shown(page.locator("[data-testid=cw-board] .cw-isle").first, "the board's isles")
    before = read_state(lab)
    assert before["notes"] == 0 and page.locator(".cw-highlight").count() == 0

    page.get_by_role("button", name="Hint").click()
    highlight = shown(page.locator(".cw-highlight[data-target=naxos]"), "Naxos highlighted")
    assert highlight.count() == 1
    shown(page.locator(".cw-arrows [data-from=ios][data-to=naxos]"), "the arrow Ios → Naxos")
    note = shown(page.locator("[data-testid=cw-note-text]"), "the hint's reason")
    state = poll("the hint in Python", lambda: _with_note(read_state(lab)))
    assert state["reason"] and state["reason"] in note.inner_text()
    assert "Naxos" in note.inner_text()
    assert (state["step"], state["history"]) == (before["step"], before["history"])
    page.locator("[data-testid=cw-board]").evaluate("e => e.scrollIntoView({block: 'start'})")
    lab.screenshot(page, "board-lab-hint")
