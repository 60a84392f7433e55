"""The board editor in real JupyterLab (Chromium via Playwright), by clicks alone (issue 27).

Empty the board, place 3 Athens troops on Naxos, a Sparta Fortress and 2 troops on Paros,
Athens fleets next to Paros, Athens at 9 GP and Ares's action for Athens, all by clicks
on the palette, the map and the side panels. Then ``editor.code()`` rebuilds the identical
position, "Play from here" opens a game where Athens can attack Paros, a refused click
leaves the position byte-identical and says why, the keyboard reaches the palette and
the places, and axe-core finds no serious violation.
"""

from __future__ import annotations

import json

import pytest
from boardpages import axe_violations
from editorpages import BOARD, TURN_TAB, build_by_clicks, choose, click_place, read, wait, write
from waits import shown, until

import cyclades_widgets as cw


@pytest.fixture
def editor_page(page, lab):
    """The editor notebook open and run in JupyterLab."""
    page.set_viewport_size({"width": 1280, "height": 800})
    write(lab.root)
    (lab.root / "editor_state.json").unlink(missing_ok=True)
    lab.open_notebook(page, "editor.ipynb")
    lab.run_all_cells(page)
    shown(page.locator(BOARD), "the editor's board")
    read(lab.root)
    return page


def rebuilt(code: str) -> dict:
    """The position the chain ``code`` builds, as a dict."""
    return eval(code, {"cw": cw}).state().to_dict()  # noqa: S307 - the editor's own output


def check_built(page, folder, artifacts: str) -> dict:
    """The issue's position built by clicks: the code rebuilds it; Play from here gives
    Athens the attack on Paros; a refused click changes nothing and says why."""
    state = build_by_clicks(page, folder)
    assert rebuilt(state["code"]) == state["state"]
    assert state["isles"]["naxos"] == {"owner": 0, "troops": 3, "buildings": []}
    assert state["isles"]["paros"] == {"owner": 1, "troops": 2, "buildings": ["fortress"]}
    assert state["state"]["fleets"] == {"h4": [0, 2], "h5": [0, 1], "i5": [0, 1]}
    page.screenshot(path=artifacts + "-built.png")
    # a Fortress on an isle nobody owns: refused, shown, nothing changed
    choose(page, folder, "fortress")
    before = read(folder)
    click_place(page, "milos")
    after = wait(folder, lambda s: s["error"] != "", "the refusal of a Fortress on Milos")
    error = page.locator(f"{BOARD} [data-testid=cw-error]")
    shown(error, "the refusal beside the board")
    assert "Milos" in error.inner_text() and "owner" in error.inner_text()
    assert json.dumps(after["state"], sort_keys=True) == json.dumps(before["state"], sort_keys=True)
    assert after["history"] == before["history"] and after["code"] == before["code"]
    page.screenshot(path=artifacts + "-refused.png")
    assert axe_violations(page, ".cw-editor") == []  # the board, its panels, the buttons
    # Play from here: Athens (a person) may move its troops from Naxos to Paros
    page.get_by_role("button", name="Play from here").click()
    played = wait(folder, lambda s: s["legal"] is not None, "the game opened below")
    assert played["to_act"] == "Athens"
    assert "move troops naxos>paros 3" in played["legal"], played["legal"]
    shown(page.locator("[data-testid=cw-board]:not(.cw-editing)"), "the game's board below")
    return played


def test_a_position_built_by_clicks_alone_rebuilds_and_plays(editor_page, lab, artifacts_dir):
    """Issue 27, done when: the position built by clicks, its code, its game, a refusal."""
    check_built(editor_page, lab.root, str(artifacts_dir / "editor-lab"))


def test_undo_redo_and_the_right_click_by_mouse_and_keys(editor_page, lab):
    """A right click takes a piece away; Undo and Ctrl+Z take an edit back, Redo and
    Ctrl+Y make it again."""
    page, folder = editor_page, lab.root
    choose(page, folder, "troop:Athens", 2)
    click_place(page, "naxos")
    placed = wait(folder, lambda s: s["isles"]["naxos"]["troops"] == 2, "2 troops")
    click_place(page, "naxos", button="right")
    wait(folder, lambda s: s["isles"]["naxos"]["troops"] == 0, "the right click")
    page.locator(f"{BOARD} [data-testid=cw-undo]").click()
    wait(folder, lambda s: s["state"] == placed["state"], "Undo")
    page.locator(f"{BOARD} [data-tool='troop:Athens']").focus()
    page.keyboard.press("Control+y")
    wait(folder, lambda s: s["isles"]["naxos"]["troops"] == 0, "Ctrl+Y")
    page.keyboard.press("Control+z")
    wait(folder, lambda s: s["state"] == placed["state"], "Ctrl+Z")


def test_the_keyboard_reaches_the_palette_and_the_places(editor_page, lab):
    """Tab reaches the palette; the arrows move between its pieces and Enter chooses one;
    the count is stepped by a key; Tab goes on to the lit places, where Enter places the
    piece and Delete takes it away."""
    page, folder = editor_page, lab.root
    page.locator(f"{BOARD} [data-testid=cw-empty]").focus()
    page.keyboard.press("Shift+Tab")  # back: the count, then the palette's tab stop
    for _ in range(6):
        if page.evaluate("() => !!document.activeElement.dataset.tool"):
            break
        page.keyboard.press("Shift+Tab")
    assert page.evaluate("() => document.activeElement.dataset.tool") == "troop:Athens"
    page.keyboard.press("ArrowRight")
    assert page.evaluate("() => document.activeElement.dataset.tool") == "troop:Sparta"
    for _ in range(3):  # the troops of the four players, then the fleets
        page.keyboard.press("ArrowRight")
    assert page.evaluate("() => document.activeElement.dataset.tool") == "fleet:Athens"
    page.keyboard.press("Enter")
    fleet = {"piece": "fleet", "count": 1}
    wait(folder, lambda s: fleet.items() <= s["tool"].items(), "the fleet chosen by Enter")
    page.locator(f"{BOARD} [data-testid=cw-count]").focus()  # the count, stepped by a key
    page.keyboard.press("ArrowUp")
    page.keyboard.press("Enter")
    wait(folder, lambda s: s["tool"]["count"] == 2, "the fleets' count stepped up to 2")
    until(  # the board redrawn for the fleets (till then the troops' isles are lit)
        page,
        "the board redrawn with the fleets' count 2",
        "() => document.querySelector('[data-testid=cw-count]').getAttribute('value') === '2'",
    )
    for _ in range(12):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.classList.contains('cw-target')"):
            break
    sea = page.evaluate("() => document.activeElement.dataset.target")
    assert sea and sea[0] in "abcdefghijklmn" and sea[1:].isdigit(), sea
    page.keyboard.press("ArrowRight")
    sea = page.evaluate("() => document.activeElement.dataset.target")
    before = read(folder)["state"]["fleets"].get(sea)
    page.keyboard.press("Enter")
    wait(folder, lambda s: s["state"]["fleets"].get(sea) != before, f"a fleet on {sea}")
    page.locator(f'{BOARD} .cw-lit[data-target="{sea}"]').focus()
    page.keyboard.press("Delete")
    wait(folder, lambda s: s["state"]["fleets"].get(sea) == before, f"no fleet on {sea}")


def test_axe_finds_no_serious_violation_on_the_editor(editor_page):
    """axe-core on the editor (the board with its palette, the side panels, the buttons)
    in JupyterLab, with every panel opened in turn."""
    for tab in ("Players", "Gods and offerings", TURN_TAB, "Creatures", "Python code"):
        editor_page.get_by_role("tab", name=tab).click()
        assert axe_violations(editor_page, ".cw-editor") == [], tab
