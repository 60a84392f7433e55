"""Issue 24 in real JupyterLab: one game, every view in step. Cells that change the game
redraw every view of it (two views, two outputs of one view), with no other call; a whole
bot game from one cell sends at most 3 redraws; Run All on the first tutorial of each
language track, then the first click plays; the cells of the lesson plan in
``docs/classroom.md``, run in order, redraw the projected board.

Every expected position is computed by the same calls on a game in this process (the rules
are deterministic given the seed), so each wait names the step the board must show.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from waits import shown, until

import cyclades_widgets as cw

REPO = Path(__file__).resolve().parents[2]

ALL_ROOTS_AT = """(want) => {
    const roots = [...document.querySelectorAll('.jp-NotebookPanel:not(.lm-mod-hidden) .cw-root')];
    return roots.length >= want.roots && roots.every((r) => {
        const t = r.querySelector('[data-testid=cw-timeline]');
        return t && t.textContent.startsWith(want.text);
    });
}"""

CELL_DONE = """(k) => {
    const p = document.querySelectorAll(
        '.jp-NotebookPanel:not(.lm-mod-hidden) .jp-CodeCell .jp-InputArea-prompt')[k];
    return !!p && /\\[\\d+\\]/.test(p.textContent);
}"""


def run_cell(page, k: int) -> None:
    """Run code cell ``k`` of the current notebook (0-based) and wait until it has run."""
    page.evaluate(
        """(k) => {
            const nb = window.jupyterapp.shell.currentWidget.content;
            const cells = nb.widgets.filter((c) => c.model.type === 'code');
            nb.activeCellIndex = nb.widgets.indexOf(cells[k]);
        }""",
        k,
    )
    page.evaluate("window.jupyterapp.commands.execute('notebook:run-cell')")
    until(page, f"code cell {k} run", CELL_DONE, k)


def all_boards_at(page, game: cw.Game, roots: int) -> None:
    """Wait until every board on the page (at least ``roots``) shows ``game``'s position."""
    n = len(game.history)
    want = {"text": f"Step {n} of {n + len(game.undone())}", "roots": roots}
    until(page, f"{roots} boards at step {n}", ALL_ROOTS_AT, want)


def open_cells(page, lab, name: str, *cells: str) -> None:
    lab.write_notebook(name, *cells)
    page.set_viewport_size({"width": 1280, "height": 800})
    lab.open_notebook(page, name)
    lab.wait_for_kernel_idle(page)


def test_cells_redraw_a_board_and_a_game_view_and_two_outputs_of_one_board(page, lab):
    cells = [
        "import cyclades_widgets as cw\ngame = cw.Game.new(players=4, seed=7)",
        'board = cw.Board(game, mode="projector")\nboard',
        "view = cw.GameView(game)\nview",
        'game.play("bid ares 2")',
        'game.advance(to="decision")\ngame.play("bid ares 3")',
        "game.undo()",
        "board  # the same board in a second output",
        'game.play("bid poseidon 1")',
    ]
    open_cells(page, lab, "follow.ipynb", *cells)
    mirror = cw.Game.new(players=4, seed=7)
    for k in range(3):
        run_cell(page, k)
    all_boards_at(page, mirror, roots=2)
    for k, move in ((3, "bid ares 2"), (4, "bid ares 3")):
        run_cell(page, k)
        mirror.play(move)
        all_boards_at(page, mirror, roots=2)
    run_cell(page, 5)
    mirror.undo()
    all_boards_at(page, mirror, roots=2)
    run_cell(page, 6)
    all_boards_at(page, mirror, roots=3)
    run_cell(page, 7)
    mirror.play("bid poseidon 1")
    all_boards_at(page, mirror, roots=3)
    lab.screenshot(page, "follow-two-views")
    # and the GameView's own controls follow too: its slider is at the end
    slider = page.locator(".widget-readout").first
    assert slider.text_content().strip() == str(len(mirror.history))


def test_a_bot_game_from_one_cell_sends_at_most_three_redraws(page, lab):
    cells = [
        "import json, pathlib\nimport cyclades_widgets as cw\n"
        "game = cw.Game.new(players=3, seed=3)\n"
        "bots = {n: cw.bots.level('easy', seed=k) for k, n in enumerate(game.players)}\n"
        "board = cw.Board(game)\nredraws = []\nboard.on_change(lambda b: redraws.append(1))\nboard",
        "before = (len(redraws), len(board.render_stats))\ngame.advance(to='end', bots=bots)",
        "pathlib.Path('redraws.json').write_text(json.dumps({'sent': len(redraws) - before[0],"
        " 'drawn': len(board.render_stats) - before[1], 'steps': len(game.history)}))",
    ]
    open_cells(page, lab, "bots.ipynb", *cells)
    run_cell(page, 0)
    shown(page.locator(".cw-root [data-testid=cw-timeline]").first, "the board")
    run_cell(page, 1)
    mirror = cw.Game.new(players=3, seed=3)
    bots = {n: cw.bots.level("easy", seed=k) for k, n in enumerate(mirror.players)}
    mirror.advance(to="end", bots=bots)
    all_boards_at(page, mirror, roots=1)
    run_cell(page, 2)
    report = json.loads((lab.root / "redraws.json").read_text())
    assert report["steps"] == len(mirror.history) > 100
    assert 1 <= report["sent"] <= 3, report
    assert 1 <= report["drawn"] <= 3, report


@pytest.mark.parametrize("lang", ["en", "fr", "zh"])
def test_run_all_on_the_first_tutorial_then_the_first_click_plays(page, lab, lang):
    folder = lab.root / f"first-{lang}"
    folder.mkdir(exist_ok=True)
    shutil.copy(REPO / "notebooks" / lang / "01-first-look.ipynb", folder / "01.ipynb")
    page.set_viewport_size({"width": 1280, "height": 800})
    lab.open_notebook(page, f"first-{lang}/01.ipynb")
    lab.run_all_cells(page)
    lab.wait_for_kernel_idle(page)
    lit = "[data-testid^=cw-god-].cw-lit-item"
    first = page.locator(".cw-root").filter(has=page.locator(lit)).first
    shown(first.locator(lit).first, "a lit god on the tutorial's first playable board")
    root = first.element_handle()  # this board, whatever is lit on it after the click
    before = root.query_selector("[data-testid=cw-timeline]").text_content()
    god = root.query_selector(lit)
    god.scroll_into_view_if_needed()
    god.click()
    until(
        page,
        "the god's menu of bids",
        "(el) => !!el.querySelector('.cw-menu-slot .cw-action')",
        root,
    )
    root.query_selector(".cw-menu-slot .cw-action").click()
    until(
        page,
        "the board redrawn after the click",
        "([el, before]) => el.querySelector('[data-testid=cw-timeline]').textContent !== before",
        [root, before],
    )
    error = root.query_selector("[data-testid=cw-error]")
    assert error is None, error.text_content()
    lab.screenshot(page, f"follow-first-click-{lang}")


def lesson_cells() -> list[str]:
    """The Python cells of the 45-minute lesson in docs/classroom.md, in order."""
    text = (REPO / "docs" / "classroom.md").read_text(encoding="utf-8")
    lesson = text[text.index("## A 45-minute lesson") :]
    return re.findall(r"```python\n(.*?)```", lesson, flags=re.S)


def test_the_lesson_plan_of_the_classroom_page_redraws_the_projected_board(page, lab):
    cells = lesson_cells()
    assert len(cells) >= 6 and "board" in cells[0]
    open_cells(page, lab, "lesson.ipynb", *cells)
    mirror = cw.Game.new(players=4, seed=7)
    namespace = {"cw": cw, "game": mirror}
    for k, source in enumerate(cells):
        run_cell(page, k)
        if k and "whatif(" not in source:  # a what-if plays on a fork: the game stays
            exec(compile(source, f"lesson cell {k}", "exec"), namespace)  # noqa: S102
        all_boards_at(page, mirror, roots=1)
    assert mirror.cycle >= 2  # the bots' cycle was played, and the board followed it
    lab.screenshot(page, "follow-lesson-plan")
