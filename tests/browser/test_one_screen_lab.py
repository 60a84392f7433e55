"""Issue 25 in real JupyterLab: everything for a decision on one screen.

- At 1280x800, a GameView at a person's decision shows, with no scrolling once its top is
  at the top of the notebook: the prompt, the whole map, Hint, Undo, the newest log line,
  and the message about the last action (here: a click where nothing is lit says why).
- At 1280x800, Learn shows its goal, the board, Hint, Show me and its message together.
- At 1920x1080 in projector mode, the whole map and the prompt are inside the notebook
  area, the side panels' text is at least 20 px, and no word of a player panel is cut.
- Learn in Chinese and in French shows no English word, tooltips included.
"""

from __future__ import annotations

import pytest
from test_languages_lab import READ_JS, english_in
from waits import shown, until

GAMEVIEW = """\
import cyclades_widgets as cw
view = cw.GameView(cw.Game.new(players=3, seed=7))
view"""

LEARN = """\
import tempfile
import cyclades_widgets as cw
cw.set_language({lang!r})
learn = cw.Learn(lesson="win-ares", progress=tempfile.mktemp())
learn"""

PROJECTOR = """\
import cyclades_widgets as cw
board = cw.Board(cw.Game.new(players=4, seed=7), mode="projector")
board"""

BOX_JS = """(sel) => { const e = document.querySelector(sel); if (!e) return null;
  const b = e.getBoundingClientRect(); return {x: b.x, y: b.y, w: b.width, h: b.height}; }"""


def show(page, lab, name: str, cell: str, size: tuple[int, int]) -> None:
    lab.write_notebook(name, cell)
    page.set_viewport_size({"width": size[0], "height": size[1]})
    lab.open_notebook(page, name)
    page.evaluate("window.jupyterapp.commands.execute('application:toggle-left-area')")
    lab.run_all_cells(page)
    shown(page.locator(".cw-root .cw-isle").first, "the board's isles")
    lab.wait_for_kernel_idle(page)


STILL_JS = """(sel) => { const e = document.querySelector(sel);
  const fitted = document.querySelector('.cw-root').style.getPropertyValue('--cw-map-max-h');
  if (!e || !fitted) return false;
  const b = e.getBoundingClientRect(); const key = [b.x, b.y, b.width, b.height].join();
  const same = window.__cwLast === key; window.__cwLast = key;
  window.__cwStill = same ? (window.__cwStill || 0) + 1 : 0;
  return window.__cwStill >= 3; }"""


def top_at_notebook_top(page, selector: str) -> None:
    """Scroll the widget's top to the top of the notebook, as a learner would, once the
    map has been fitted and the layout has stopped moving (the same box over three
    frames), then again after it (the fit may move what is above)."""
    for _ in range(2):
        until(page, "the map fitted and the layout still", STILL_JS, selector)
        page.locator(selector).first.evaluate("e => e.scrollIntoView({block: 'start'})")
    until(page, "the layout still after scrolling", STILL_JS, selector)


def box(page, selector: str) -> dict:
    found = page.evaluate(BOX_JS, selector)
    assert found is not None, f"nothing matches {selector}"
    return found


def inside(part: dict, area: dict, what: str) -> None:
    assert part["y"] >= area["y"] - 1, f"{what} starts above the visible area: {part}, {area}"
    assert part["y"] + part["h"] <= area["y"] + area["h"] + 1, (
        f"{what} ends below it: {part}, {area}"
    )
    assert part["x"] >= area["x"] - 1 and part["x"] + part["w"] <= area["x"] + area["w"] + 1, what


def of(locator) -> dict:
    """A locator's box, in the form of :func:`box`."""
    b = locator.bounding_box()
    return {"x": b["x"], "y": b["y"], "w": b["width"], "h": b["height"]}


def notebook_area(page) -> dict:
    return box(page, ".jp-NotebookPanel:not(.lm-mod-hidden) .jp-WindowedPanel-outer")


def test_a_game_view_at_a_decision_fits_1280x800(page, lab):
    show(page, lab, "gameview.ipynb", GAMEVIEW, (1280, 800))
    top_at_notebook_top(page, ".cw-fit")
    # The message about the last action: a click on Naxos, where nothing is lit now.
    page.locator('.cw-root .cw-isle[data-target="naxos"]').click(force=True)
    notice = shown(page.locator("[data-testid=cw-notice]"), "why nothing can be done on Naxos")
    assert notice.inner_text().startswith("Naxos: ")
    area = notebook_area(page)
    for selector, what in (
        ("[data-testid=cw-prompt]", "the prompt"),
        ("[data-testid=cw-map]", "the whole map"),
        (".cw-log .cw-newest", "the newest log line"),
        ("[data-testid=cw-notice]", "the message about the last click"),
    ):
        inside(box(page, selector), area, what)
    for label in ("Hint", "Undo"):
        inside(
            of(page.locator(".cw-decision-bar .widget-button", has_text=label).first), area, label
        )
    lit = page.locator(".cw-root .cw-lit-item[data-track]")
    assert lit.count() > 0
    inside(box(page, ".cw-root .cw-lit-item[data-track]"), area, "the choices (lit gods)")
    lab.screenshot(page, "one-screen-gameview")


def test_learn_fits_1280x800(page, lab):
    show(page, lab, "learn.ipynb", LEARN.format(lang="en"), (1280, 800))
    top_at_notebook_top(page, ".cw-learn")
    page.locator(".cw-learn-bar .widget-button", has_text="Hint").click()
    shown(page.locator(".cw-learn-feedback .widget-html-content > div"), "the hint's message")
    top_at_notebook_top(page, ".cw-learn")  # the map makes room for the message
    area = notebook_area(page)
    inside(box(page, ".cw-learn-goal"), area, "the goal")
    inside(box(page, "[data-testid=cw-map]"), area, "the whole map")
    for label in ("Hint", "Show me"):
        button = page.locator(".cw-learn-bar .widget-button", has_text=label).first
        inside(of(button), area, label)
    inside(box(page, ".cw-learn-feedback"), area, "the message")
    assert page.locator(".cw-learn [data-testid=cw-continue]:visible").count() == 0
    lab.screenshot(page, "one-screen-learn")


def test_the_projector_board_fits_a_1080p_screen(page, lab):
    show(page, lab, "projector.ipynb", PROJECTOR, (1920, 1080))
    top_at_notebook_top(page, ".cw-root")
    area = notebook_area(page)
    inside(box(page, "[data-testid=cw-prompt]"), area, "the prompt")
    inside(box(page, "[data-testid=cw-map]"), area, "the whole map")
    size = page.evaluate(
        "() => parseFloat(getComputedStyle(document.querySelector('.cw-log-body')).fontSize)"
    )
    assert size >= 20, size
    players = page.evaluate(
        "() => parseFloat(getComputedStyle(document.querySelector('.cw-player')).fontSize)"
    )
    assert players >= 20, players
    clipped = page.evaluate(
        """() => [...document.querySelectorAll('.cw-player')].flatMap((card) => {
             const edge = card.getBoundingClientRect().right;
             return [...card.querySelectorAll('dt')].filter((dt) => {
               const value = dt.nextElementSibling.getBoundingClientRect();
               const left = dt.getBoundingClientRect().left;
               return value.right > edge + 0.5 || left + dt.scrollWidth > value.left + 1;
             }).map((dt) => dt.textContent); })"""
    )
    assert clipped == [], f"cut off in the player panels: {clipped}"
    lab.screenshot(page, "one-screen-projector")


@pytest.mark.parametrize("lang", ["zh", "fr"])
def test_learn_speaks_only_the_learners_language(page, lab, lang):
    show(page, lab, f"learn-{lang}.ipynb", LEARN.format(lang=lang), (1280, 800))
    learn = page.locator(".cw-learn").first
    texts = page.locator("[data-testid=cw-board]").evaluate(READ_JS)
    texts += learn.evaluate(
        """(el) => [['learn', el.innerText],
          ...[...el.querySelectorAll('[title]')].map((e) => ['title', e.getAttribute('title')])]"""
    )
    allowed = {"Athens", "Sparta", "Corinth", "Shift", "Ctrl", "Home", "End", "Tab"}
    assert english_in(texts, lang, allowed) == []
    top_at_notebook_top(page, ".cw-learn")
    lab.screenshot(page, f"one-screen-learn-{lang}")
