"""The board editor driven by clicks alone, in JupyterLab and in Voila (issue 27).

The notebook shows ``cw.Editor(players=4)`` and writes, after every change of the
position, every refusal and every "Play from here", what Python holds to
``editor_state.json``: the code, the position (``GameState.to_dict``), the history, the
error and the legal moves of the game opened. Each click is checked against it.
"""

from __future__ import annotations

import json
from pathlib import Path

from waits import LIMIT_MS, poll, shown, until

STATE = "editor_state.json"

CELLS = (
    "import json\nfrom pathlib import Path\nimport cyclades_widgets as cw",
    """editor = cw.Editor(players=4)

def dump(*_):
    view, st = editor.view, editor.state
    Path("editor_state.json.tmp").write_text(json.dumps({
        "code": editor.code(),
        "state": st.to_dict(),
        "isles": {i: {"owner": s.owner, "troops": s.troops, "buildings": list(s.buildings)}
                  for i, s in st.isles.items()},
        "gold": [p.gold for p in st.players],
        "history": editor.history,
        "error": editor.board.error,
        "tool": editor.board.tool,
        "legal": [str(a) for a in view.board.game.legal_actions()] if view else None,
        "to_act": view.board.game.to_act if view else None,
    }, sort_keys=True))
    Path("editor_state.json.tmp").replace("editor_state.json")

editor.subscribe(dump)
editor.board.observe(dump, ["error", "edit"])
editor.play_button.on_click(dump)
dump()
editor""",
)


def write(folder: Path) -> Path:
    """Write the editor notebook into ``folder``; returns its path."""
    import nbformat

    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(src) for src in CELLS]
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    path = folder / "editor.ipynb"
    path.write_text(nbformat.writes(nb))
    return path


def read(folder: Path) -> dict:
    """What the kernel last wrote."""
    path = folder / STATE
    return poll(f"{STATE} written by the kernel", lambda: json.loads(path.read_text()))


def wait(folder: Path, predicate, what: str) -> dict:
    """Wait until the kernel's state satisfies ``predicate``; fails naming ``what``."""
    seen: list[dict] = []

    def probe() -> dict | None:
        state = read(folder)
        seen[:] = [state]
        return state if predicate(state) else None

    try:
        return poll(what, probe, LIMIT_MS / 1000)
    except AssertionError:
        last = json.dumps(seen[0])[:1500] if seen else "none"
        raise AssertionError(f"Python never saw {what}; last state: {last}") from None


BOARD = "[data-testid=cw-board].cw-editing"


def choose(page, folder: Path, tool: str, count: int | None = None) -> None:
    """Click a piece of the palette (and type how many): Python's tool follows."""
    page.locator(f'{BOARD} [data-tool="{tool}"]').click()
    until(
        page,
        f"the tool {tool} pressed",
        '(t) => { const b = document.querySelector(`[data-tool="${t}"]`);'
        " return b && b.getAttribute('aria-pressed') === 'true'; }",
        tool,
    )
    if count is not None:
        field = page.locator(f"{BOARD} [data-testid=cw-count]")
        field.fill(str(count))
        field.press("Enter")
        wait(folder, lambda s: s["tool"]["count"] == count, f"{tool} with a count of {count}")
        # A click sends the tool the board was last drawn with: wait for the redraw that
        # shows Python's count (the field's attribute; what was typed is its property).
        until(
            page,
            f"the board redrawn with the count {count}",
            "(n) => { const f = document.querySelector('[data-testid=cw-count]');"
            " return f && f.getAttribute('value') === String(n); }",
            count,
        )


def click_place(page, place: str, button: str = "left") -> None:
    """Click an isle or a sea of the editor's map: a point of it (or of a piece standing
    there) that the mouse reaches."""
    shape = page.locator(f'{BOARD} .cw-map [data-target="{place}"]')
    shape.evaluate("(el) => el.scrollIntoView({block: 'center', inline: 'center'})")
    box = shape.bounding_box()
    point = page.evaluate(
        """([sel, place]) => {
            const root = document.querySelector(sel);
            const el = root.querySelector(`.cw-map [data-target="${place}"]`);
            const svg = el.ownerSVGElement;
            const box = el.getBBox();
            for (let i = 0; i < 400; i++) {
                const pt = svg.createSVGPoint();
                pt.x = box.x + box.width * ((i % 20) + 0.5) / 20;
                pt.y = box.y + box.height * (Math.floor(i / 20) + 0.5) / 20;
                const scr = pt.matrixTransform(el.getScreenCTM());
                const hit = document.elementFromPoint(scr.x, scr.y);
                const named = hit && hit.closest && hit.closest('[data-target]');
                if (named && named.getAttribute('data-target') === place)
                    return [scr.x, scr.y];
            }
            return null;
        }""",
        [BOARD, place],
    )
    assert point is not None, f"no visible point of {place} on the map ({box})"
    page.mouse.click(point[0], point[1], button=button)


def placed(folder: Path, check, what: str) -> dict:
    """Wait until the position satisfies ``check(state_dict)``."""
    return wait(folder, lambda s: check(s["state"]), what)


def build_by_clicks(page, folder: Path) -> dict:
    """The issue's position, by clicks alone: the board emptied, 3 Athens troops on
    Naxos, a Sparta Fortress and 2 troops on Paros (and Kea, Sparta's other isle), Athens
    fleets next to Paros and on to Naxos, Athens at 9 GP, Ares's action for Athens."""
    shown(page.locator(BOARD), "the editor's board")
    page.locator(f"{BOARD} [data-testid=cw-empty]").click()
    wait(
        folder, lambda s: s["history"] and s["history"][-1]["type"] == "empty", "the board emptied"
    )
    steps = [
        ("troop:Athens", 3, "naxos"),
        ("troop:Sparta", 2, "paros"),
        ("fortress", 1, "paros"),
        ("troop:Sparta", 1, "kea"),
        ("fleet:Athens", 2, "h4"),
        ("fleet:Athens", 1, "h5"),
        ("fleet:Athens", 1, "i5"),
    ]
    for tool, count, place in steps:
        choose(page, folder, tool, count)
        before = len(read(folder)["history"])
        click_place(page, place)
        wait(folder, lambda s, n=before: len(s["history"]) == n + 1, f"{tool} placed on {place}")
    gold = page.get_by_label("Athens: GP", exact=True)
    gold.fill("9")
    gold.press("Enter")
    wait(folder, lambda s: s["gold"][0] == 9, "Athens at 9 GP")
    page.get_by_role("tab", name=TURN_TAB).click()
    page.get_by_label("God acting", exact=True).select_option(label="Ares")
    page.get_by_label("for", exact=True).select_option(label="Athens")
    return wait(folder, lambda s: 'god="ares"' in s["code"], "Ares's action for Athens")


TURN_TAB = "Turn and phase"
