"""The board in real JupyterLab (Chromium via Playwright): play by clicking the board.

The notebook ``notebooks/board_play.ipynb`` shows a 3-player ``GameView`` and writes the
game to ``board_state.json`` after every change, so each click is checked against what
Python saw. Issue 6: play a bid, a recruit and a build by clicking; a rejected intent shows
its message and changes nothing; step back with the keyboard; a whole cycle by clicks
alone; screenshots kept in the test artifacts folder (``tests/artifacts.py``).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from waits import LIMIT_MS, poll, shown, until

HERE = Path(__file__).parent
NOTEBOOK = "board_play.ipynb"
STATE = "board_state.json"


def read_state(lab, name: str = STATE) -> dict:
    """The JSON file ``name`` as the kernel last wrote it (waiting, over a missing or
    half-written file, until it reads)."""
    path = lab.root / name
    return poll(f"{name} written by the kernel", lambda: json.loads(path.read_text()))


def wait_state(
    lab, predicate, what: str, timeout: float = LIMIT_MS / 1000, name: str = STATE
) -> dict:
    """Wait until the kernel's state file ``name`` satisfies ``predicate``; fails naming
    ``what`` (Python never saw it) and the last state read."""
    seen: list[dict] = []

    def probe() -> dict | None:
        state = read_state(lab, name)
        seen[:] = [state]
        return state if predicate(state) else None

    try:
        return poll(what, probe, max(timeout, LIMIT_MS / 1000))
    except AssertionError:
        last = json.dumps(seen[0])[:1500] if seen else "none"
        raise AssertionError(f"Python never saw {what}; last state: {last}") from None


def wait_board(page, steps: int) -> None:
    """Wait until the board has redrawn the position after ``steps`` steps."""
    until(
        page,
        f"the board redrawn at step {steps}",
        "(n) => { const t = document.querySelector('[data-testid=cw-timeline]');"
        " return t && t.textContent.startsWith(`Step ${n} of`); }",
        steps,
    )


def click_place(page, place: str) -> None:
    """Click an isle or a sea on the map (on a piece if one stands there)."""
    piece = page.locator(f'.cw-root .cw-piece[data-target="{place}"]')
    if piece.count():
        piece.first.click()
    else:
        page.locator(f'.cw-root [role="button"][data-target="{place}"]').click(force=True)
    shown(page.locator("[data-testid=cw-menu]"), f"the action menu of {place}")


def choose(page, notation: str) -> None:
    """Click the menu or action-bar button of one action."""
    page.locator(f'.cw-root button[data-notation="{notation}"]').click()


def _click_any_action(page) -> None:
    """Athens's decision: End the turn when possible, else the last lit god (Apollo is
    free), else the first lit place's first action, else the action bar's first."""
    end = page.locator('.cw-root button[data-notation="end"]')
    lit_god = page.locator(".cw-root .cw-lit-item[data-track]")
    lit_place = page.locator(".cw-root .cw-lit[data-target]")
    if end.count():
        end.click()
    elif lit_god.count():
        lit_god.last.click()  # Apollo is last: free for everyone
        page.locator(".cw-menu .cw-action").first.click()
    elif lit_place.count():
        click_place(page, lit_place.first.get_attribute("data-target"))
        page.locator(".cw-menu .cw-action").first.click()
    else:
        page.locator(".cw-actionbar .cw-action").first.click()


def open_board(page, lab, notebook: str, state_name: str) -> None:
    """The test notebook ``notebook`` open and run in JupyterLab at 1280×800, the board
    drawn with the position Python holds (its state file ``state_name`` written)."""
    shutil.copy(HERE / "notebooks" / notebook, lab.root / notebook)
    (lab.root / state_name).unlink(missing_ok=True)
    page.set_viewport_size({"width": 1280, "height": 800})
    lab.open_notebook(page, notebook)
    page.evaluate("window.jupyterapp.commands.execute('application:toggle-left-area')")
    lab.run_all_cells(page)
    shown(page.locator("[data-testid=cw-board] .cw-isle").first, "the board's isles")
    page.locator("[data-testid=cw-board]").evaluate("e => e.scrollIntoView({block: 'start'})")
    state = wait_state(lab, lambda s: s["steps"] > 0, "the notebook's game", name=state_name)
    wait_board(page, state["steps"])  # the board shows what Python holds before any click


@pytest.fixture
def board_page(page, lab):
    """The notebook open and run in JupyterLab at 1280×800, the board drawn."""
    open_board(page, lab, NOTEBOOK, STATE)
    return page


def test_bid_recruit_build_by_clicking_the_board(board_page, lab):
    page = board_page
    state = read_state(lab)
    assert state["to_act"] == "Corinth"  # seed 7: Corinth, Athens, Sparta; Ares and Poseidon up

    # Offerings (seed 000 'Offerings'): click the lit god, then the bid in its menu.
    page.locator("[data-testid=cw-god-ares].cw-lit-item").click()
    choose(page, "bid ares 1")
    wait_state(lab, lambda s: s["bids"].get("ares") == [2, 1], "Corinth's bid on Ares")
    page.locator("[data-testid=cw-god-poseidon]").click()
    choose(page, "bid poseidon 1")
    wait_state(lab, lambda s: s["bids"].get("poseidon") == [0, 1], "Athens's bid on Poseidon")
    page.locator("[data-testid=cw-god-apollo]").click()
    choose(page, "bid apollo")
    wait_state(lab, lambda s: s["apollo"] == ["Sparta"], "Sparta on Apollo")
    lab.screenshot(page, "board-lab-after-bids")

    # Payment and the start of Ares's action are automatic: Continue runs them.
    page.locator("[data-testid=cw-continue]").click()
    wait_state(lab, lambda s: s["phase"] == "actions" and s["to_act"] == "Corinth", "Ares's turn")

    # Recruit (seed 000 'Actions': the first troop is free) by clicking Corinth's isle.
    troops = read_state(lab)["isles"]["syros"]["troops"]
    click_place(page, "syros")
    lab.screenshot(page, "board-lab-isle-menu")
    choose(page, "recruit troop syros")
    wait_state(lab, lambda s: s["isles"]["syros"]["troops"] == troops + 1, "the new troop")

    # Build a Fortress (2 GP) on the same isle.
    click_place(page, "syros")
    choose(page, "build fortress syros")
    wait_state(lab, lambda s: s["isles"]["syros"]["buildings"] == ["fortress"], "the Fortress")
    fortress = shown(page.locator('.cw-root [data-key^="b:syros"]'), "the Fortress on Syros")
    assert "Fortress" in fortress.get_attribute("aria-label")
    lab.screenshot(page, "board-lab-after-build")

    # Step back with the keyboard: ← undoes the build in Python.
    steps = read_state(lab)["steps"]
    page.locator("[data-testid=cw-board]").focus()
    page.keyboard.press("ArrowLeft")
    state = wait_state(lab, lambda s: s["steps"] == steps - 1, "the step back")
    assert state["isles"]["syros"]["buildings"] == []
    shown(page.locator('.cw-root [data-key^="b:syros"]'), "the Fortress on Syros", "detached")
    page.keyboard.press("ArrowRight")
    wait_state(lab, lambda s: s["isles"]["syros"]["buildings"] == ["fortress"], "the redo")

    # The time from a Python step to the redrawn board, reported by the front end.
    render = wait_state(lab, lambda s: s["render"], "a redraw report")["render"]
    report = {
        "redraw_ms": [r["ms"] for r in render],
        "python_step_to_redrawn_board_ms": [r["roundtrip_ms"] for r in render],
    }
    (lab.screenshot(page, "board-lab-final").parent / "board-lab-timing.json").write_text(
        json.dumps(report, indent=1)
    )
    assert all(isinstance(ms, float) for ms in report["redraw_ms"])


def test_a_rejected_intent_shows_its_message_and_changes_nothing(board_page, lab):
    page = board_page
    before = read_state(lab)
    page.get_by_role("tab", name="Actions").click()
    box = page.locator(".widget-text input").first
    box.fill("bid ares 99")
    box.press("Enter")
    error = shown(page.locator("[data-testid=cw-error]"), "the error message")
    assert "cannot bid 99 on Ares" in error.inner_text()
    after = wait_state(lab, lambda s: s["error"], "the error")
    assert {k: v for k, v in after.items() if k not in ("error", "render")} == {
        k: v for k, v in before.items() if k not in ("error", "render")
    }
    lab.screenshot(page, "board-lab-error")


def test_a_full_cycle_by_clicking_alone(board_page, lab):
    """Issue 6 'done when': a full cycle of a 3-player game by clicking alone."""
    page = board_page
    for _ in range(60):
        state = read_state(lab)
        if state["cycle"] == 2:
            break
        steps = state["steps"]
        wait_board(page, steps)
        cont = page.locator("[data-testid=cw-continue]")
        if cont.count():
            cont.click()
        else:
            _click_any_action(page)
        wait_state(lab, lambda s, n=steps: s["steps"] != n, "the click's step")
    state = read_state(lab)
    assert state["cycle"] == 2, f"still in cycle {state['cycle']} ({state['phase']})"
    lab.screenshot(page, "board-lab-cycle-2")


BOTS_NOTEBOOK = "board_bots.ipynb"
BOTS_STATE = "board_bots.json"


def test_two_cycles_against_two_bots_by_clicking_alone(page, lab):
    """A learner plays Athens against two bots by clicking alone: at a bot's decision the
    prompt says so and offers Continue, which plays the bots up to Athens's next
    decision; nothing is lit for Athens to click at the bots' turns."""
    open_board(page, lab, BOTS_NOTEBOOK, BOTS_STATE)
    bot_turns = 0
    for _ in range(120):
        state = wait_state(lab, lambda s: s["steps"] > 0, "the game", name=BOTS_STATE)
        if state["cycle"] == 3:
            break
        steps = state["steps"]
        wait_board(page, steps)
        cont = page.locator("[data-testid=cw-continue]")
        if state["bot_turn"]:
            bot_turns += 1
            status = page.locator("[data-testid=cw-status-line]").text_content()
            assert status.startswith(f"{state['to_act']} is played by a bot"), status
            assert page.locator(".cw-root .cw-lit, .cw-root .cw-lit-item").count() == 0
            if bot_turns == 1:
                lab.screenshot(page, "board-lab-bot-turn")
            cont.click()
        elif cont.count():
            cont.click()
        else:
            assert state["to_act"] == "Athens", state["to_act"]
            _click_any_action(page)
        wait_state(lab, lambda s, n=steps: s["steps"] != n, "the click's step", name=BOTS_STATE)
    state = read_state(lab, BOTS_STATE)
    assert state["cycle"] == 3, f"still in cycle {state['cycle']} ({state['phase']})"
    assert bot_turns > 0  # the bots' turns came right after Athens's moves, and Continue
    lab.screenshot(page, "board-lab-bots-cycle-3")


REPLAY_NOTEBOOK = "replay_notes.ipynb"
REPLAY_STATE = "replay_state.json"


def read_replay(lab) -> dict:
    """The replay's state file as the kernel last wrote it."""
    return read_state(lab, REPLAY_STATE)


def wait_replay(lab, predicate, what: str, timeout: float = 30.0) -> dict:
    """Poll the replay's state file until ``predicate(state)`` holds."""
    return wait_state(lab, predicate, what, timeout, name=REPLAY_STATE)


def test_replay_with_notes_and_a_variation(page, lab):
    """Issue 6: replay a game with its notes; a comment's markup shows literally and runs
    nothing; a variation is entered and left."""
    shutil.copy(HERE / "notebooks" / REPLAY_NOTEBOOK, lab.root / REPLAY_NOTEBOOK)
    (lab.root / REPLAY_STATE).unlink(missing_ok=True)
    page.set_viewport_size({"width": 1280, "height": 800})
    lab.open_notebook(page, REPLAY_NOTEBOOK)
    page.evaluate("window.jupyterapp.commands.execute('application:toggle-left-area')")
    lab.run_all_cells(page)
    board = page.locator("[data-testid=cw-board]")
    shown(page.locator("[data-testid=cw-board] .cw-isle").first, "the replay's isles")
    wait_replay(lab, lambda s: s["index"] == 0, "the replay at its start")
    wait_board(page, 0)
    board.focus()
    for _ in range(40):
        if page.locator("[data-testid=cw-note-before]").count():
            break
        index = read_replay(lab)["index"]
        board.press("ArrowRight")
        wait_replay(lab, lambda s, i=index: s["index"] == i + 1, "a step forward")
        wait_board(page, index + 1)  # the board shows the new step before the next key
    note = page.locator("[data-testid=cw-note-before]")
    assert '<img src=x onerror="window.pwned = 1">' in note.inner_text()
    assert page.locator(".cw-root img").count() == 0
    assert page.evaluate("window.pwned") is None
    assert page.locator(".cw-highlight[data-target=syros]").count() == 1
    board.evaluate("e => e.scrollIntoView({block: 'start'})")
    lab.screenshot(page, "board-lab-replay-note")

    # The variation: choose it in the list and enter it.
    page.locator(".widget-dropdown select").last.select_option(index=1)
    until(
        page,
        "the variation chosen in the list",
        "() => { const s = [...document.querySelectorAll('.widget-dropdown select')].pop();"
        " return s && s.selectedIndex === 1; }",
    )
    page.get_by_role("button", name="Enter variation").click()
    state = wait_replay(
        lab,
        lambda s: s["line"] == [0] and "bid ares 2" not in s["moves"],
        "the variation entered, at its branch point",
    )
    wait_board(page, state["index"])  # End is sent from the variation's branch point
    board.focus()
    board.press("End")
    state = wait_replay(lab, lambda s: s["moves"][-1:] == ["bid ares 2"], "the variation's move")
    assert state["line"] == [0]
    wait_board(page, state["index"])
    page.get_by_role("button", name="Leave variation").click()
    state = wait_replay(
        lab, lambda s: s["line"] == [] and "bid ares 2" not in s["moves"], "leaving"
    )
    wait_board(page, state["index"])  # back on the main line, at the branch point


# --------------------------------------------------------------------------- keyboard, axe


def active(page) -> dict:
    return page.evaluate(
        """() => { const a = document.activeElement;
          return {cls: String(a.getAttribute('class') || ''), notation: a.dataset.notation || null,
                  target: a.dataset.target || a.dataset.track || null,
                  inBoard: !!a.closest('[data-testid=cw-board]')}; }"""
    )


def tab_until(page, wanted, what: str, limit: int = 40) -> dict:
    """Press Tab until ``wanted(active element)``; fail saying ``what`` was never reached."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        here = active(page)
        if wanted(here):
            return here
    raise AssertionError(f"Tab never reached {what}; focus is on {active(page)}")


def test_a_whole_cycle_by_keyboard_alone(board_page, lab):
    """Issue 12 'done when': a learner plays a whole cycle by keyboard alone: Tab to the
    highlighted targets, ↑ to Apollo, Enter to open, Enter to choose; → takes the next
    automatic or chance step; Tab to the action bar's End."""
    page = board_page
    page.locator("[data-testid=cw-board]").focus()
    for _ in range(80):
        state = read_state(lab)
        if state["cycle"] == 2:
            break
        steps = state["steps"]
        wait_board(page, steps)
        if page.locator("[data-testid=cw-continue]").count():
            page.locator("[data-testid=cw-board]").focus()
            page.keyboard.press("ArrowRight")  # → at the end of the history: the next step
        elif page.locator(".cw-root .cw-target").count():
            here = active(page)
            if "cw-target" not in here["cls"]:
                tab_until(page, lambda a: "cw-target" in a["cls"], "a highlighted target")
            if page.locator(".cw-root .cw-lit-item[data-track=apollo]").count():
                while active(page)["target"] != "apollo":
                    page.keyboard.press("ArrowUp")
            page.keyboard.press("Enter")
            shown(page.locator("[data-testid=cw-menu]"), "the action menu opened by Enter")
            assert "cw-action" in active(page)["cls"]  # the focus moved into the popover
            page.keyboard.press("Enter")
        else:
            tab_until(page, lambda a: a["notation"] == "end", "the End button")
            page.keyboard.press("Enter")
        wait_state(lab, lambda s, n=steps: s["steps"] != n, "the key's step")
    state = read_state(lab)
    assert state["cycle"] == 2, f"still in cycle {state['cycle']} ({state['phase']})"
    lab.screenshot(page, "board-lab-keyboard-cycle-2")


def test_axe_finds_no_serious_violation_on_the_lab_board(board_page):
    """Issue 12: axe-core on the board in JupyterLab (the board's own element)."""
    from boardpages import axe_violations

    page = board_page
    page.locator("[data-testid=cw-god-ares]").click()
    shown(page.locator("[data-testid=cw-menu]"), "Ares's action menu")
    assert axe_violations(page, "[data-testid=cw-board]") == []
