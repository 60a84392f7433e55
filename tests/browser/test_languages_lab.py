"""Issue 14 'done when', in real JupyterLab: with ``cw.set_language("zh")`` (then "fr") a
whole cycle played in a ``GameView`` shows no English word on the board, in the tables or
in the GameView's controls, beyond the names of the players, notation and key names.

The notebook sets the session's language and shows a 3-player ``GameView`` with no
``lang=`` (it follows the setting); it writes the game to a JSON file after every change.
The test types a refused notation into the typing box (its message is read), then plays a
whole cycle, every other decision by clicking the board and the others by typing their
notation into the GameView's box, reading every text of the output (the board's text and
SVG text, tooltips, accessible names, placeholders, menu options, tab titles) before each
click; at the end it opens every tab and every table.
"""

from __future__ import annotations

import json
import re
import time

import pytest

from cyclades_widgets.i18n import text
from cyclades_widgets.rules.board import MapSpec

STATE = "lang_state.json"

CELL = """\
import json
import pathlib

import cyclades_widgets as cw

cw.set_language({lang!r})
game = cw.Game.new(players=3, seed=7)
view = cw.GameView(game)
OUT = pathlib.Path({state!r})
seen = set()


def dump(*_):
    for action in game.legal_actions():
        seen.add(str(action))
    OUT.write_text(json.dumps({{
        "steps": len(game.history), "step": game.state.step, "cycle": game.cycle,
        "moves": game.moves(), "notations": sorted(seen), "error": view.board.error,
        "legal": [str(a) for a in game.legal_actions()] if game.node == "decision" else [],
    }}))


view.board.on_change(dump)
view.board.observe(dump, names="error")
dump()
view"""

KEYS = {"Home", "End", "Ctrl", "Shift", "Tab", "Enter", "Esc", "Escape", "Space"}
"""Key names, which stay as printed on the keyboard."""

ENGLISH = frozenset(
    re.findall(
        r"\S+",
        """the and click step steps play undo redo turn turns players player isles isle seas
    sea gods god creatures creature offers offer revenue waiting next highlighted with
    from your you to of in gold troop troops fleet fleets none down held empty free back
    forward start choose recruit build move moves wins winner shuffled drawn offering
    bids priest priests philosopher philosophers university fortress metropolis
    metropolises cornucopia prosperity typing line leave shown hidden teacher view seen
    by at is are has have this that last first left right log gp shuffle cycle's bid
    bidding""",
    )
)
"""English words that are not French words (the French check looks for these; "narration",
"tables", "temple", "variation", "face", "pays", "on" and "or" are French too)."""

READ_JS = """(board) => {
  const out = board.closest('.jp-OutputArea-output') || board.parentElement;
  const where = (e) => e.tagName.toLowerCase() + (e.className && e.className.baseVal === undefined ? '.' + String(e.className).split(' ')[0] : '');
  const texts = [['text', out.innerText]];
  const attrs = ['title', 'aria-label', 'placeholder', 'data-tip'];
  for (const e of out.querySelectorAll('[title],[aria-label],[placeholder],[data-tip]'))
    for (const a of attrs) if (e.getAttribute(a)) texts.push([`${where(e)}[${a}]`, e.getAttribute(a)]);
  for (const t of out.querySelectorAll('svg text, svg title, option, .lm-TabBar-tabLabel'))
    texts.push([where(t), t.textContent]);
  // the value a text box shows (a checkbox's or a radio's value is never shown)
  for (const i of out.querySelectorAll('input, textarea'))
    if (i.value && !['checkbox', 'radio'].includes(i.type)) texts.push([where(i) + '.value', i.value]);
  return texts;
}"""


def read_state(lab) -> dict:
    path = lab.root / STATE
    for _ in range(50):
        try:
            return json.loads(path.read_text())
        except (FileNotFoundError, json.JSONDecodeError):
            time.sleep(0.1)
    raise AssertionError(f"{STATE} was never written by the kernel")


def wait_state(lab, predicate, what: str, timeout: float = 30.0) -> dict:
    deadline = time.monotonic() + timeout
    state = read_state(lab)
    while time.monotonic() < deadline:
        state = read_state(lab)
        if predicate(state):
            return state
        time.sleep(0.15)
    raise AssertionError(f"Python never saw {what}; last state: {json.dumps(state)[:800]}")


def allowed_words(state: dict) -> set[str]:
    """Words that may stay in any language: players' names, notation, ids, key names."""
    spec = MapSpec.load("map-2-3")
    words = {"Athens", "Sparta", "Corinth", *KEYS}
    for notation in [*state["moves"], *state["notations"], "bid ares 3"]:
        words.update(re.findall(r"[A-Za-z]+", notation))
    words.update(spec.isles)
    words.update(spec.seas)
    return words


def english_in(texts: list[list[str]], lang: str, allowed: set[str]) -> list[str]:
    """The English words of ``texts`` (``[where, text]`` pairs), with the text around them."""
    found = []
    for where, shown in texts:
        for match in re.finditer(r"[A-Za-z][A-Za-z']*", shown):
            word = match.group()
            if word in allowed or re.fullmatch(r"[a-k][0-9]+", word):
                continue
            english = word.lower() in ENGLISH if lang == "fr" else len(word) > 1
            if english:
                found.append(
                    f"{word!r} in {where}: {shown[max(0, match.start() - 40) : match.end() + 40]!r}"
                )
    return sorted(set(found))


@pytest.fixture(params=["zh", "fr"])
def lang_page(request, page, lab):
    lang = request.param
    lab.write_notebook("languages.ipynb", CELL.format(lang=lang, state=STATE))
    (lab.root / STATE).unlink(missing_ok=True)
    page.set_viewport_size({"width": 1280, "height": 800})
    lab.open_notebook(page, "languages.ipynb")
    page.evaluate("window.jupyterapp.commands.execute('application:toggle-left-area')")
    lab.run_all_cells(page)
    page.locator("[data-testid=cw-board] .cw-isle").first.wait_for(state="visible")
    wait_state(lab, lambda s: s["steps"] > 0, "the notebook's game")
    return page, lang


def read_texts(page) -> list[list[str]]:
    return page.locator("[data-testid=cw-board]").evaluate(READ_JS)


def click_tab(page, title: str) -> None:
    page.locator(".lm-TabBar-tab", has_text=title).first.click()


def test_a_cycle_in_the_learners_language_shows_no_english(lang_page, lab):
    page, lang = lang_page
    board = page.locator("[data-testid=cw-board]")
    assert board.get_attribute("lang") == lang
    leaks: dict[str, str] = {}  # each English word found, with where it was first seen

    def check(when: str) -> None:
        for found in english_in(read_texts(page), lang, allowed_words(read_state(lab))):
            leaks.setdefault(found, when)

    # The typing box: a refused notation's message, in the language.
    click_tab(page, text("board.tab.actions", lang))
    typing = page.locator(".widget-text input[type=text]").first
    typing.fill("bid zeus 99")
    typing.press("Enter")
    state = wait_state(lab, lambda s: s["error"], "the refused notation")
    assert state["steps"] == read_state(lab)["steps"]
    page.locator(".widget-label", has_text=state["error"][:10]).first.wait_for()
    check("a refused notation")

    decisions = typed = 0
    for _ in range(80):
        state = read_state(lab)
        if state["cycle"] == 2:
            break
        steps = state["steps"]
        decisions += bool(state["legal"])
        page.wait_for_function(
            "(n) => document.querySelector('[data-testid=cw-board]').dataset.step === String(n)",
            arg=state["step"],
        )
        check(f"step {steps}")
        cont = page.locator("[data-testid=cw-continue]")
        end = page.locator('.cw-root button[data-notation="end"]')
        lit_god = page.locator(".cw-root .cw-lit-item[data-track]")
        lit_place = page.locator(".cw-root .cw-lit[data-target]")
        if state["legal"] and decisions % 2 == 0:  # every other decision typed as notation
            legal = state["legal"]
            apollo = [n for n in legal if n.startswith("bid apollo")]
            typing.fill("end" if "end" in legal else (apollo or legal)[0])
            typing.press("Enter")
            typed += 1
        elif cont.count():
            cont.click()
        elif end.count():
            end.click()
        elif lit_god.count():
            lit_god.last.click()  # Apollo is last: free for everyone
            page.locator(".cw-menu .cw-action").first.wait_for()
            check(f"step {steps}, the popover")
            page.locator(".cw-menu .cw-action").first.click()
        elif lit_place.count():
            target = lit_place.first.get_attribute("data-target")
            piece = page.locator(f'.cw-root .cw-piece[data-target="{target}"]')
            if piece.count():
                piece.first.click()
            else:
                page.locator(f'.cw-root [role="button"][data-target="{target}"]').click(force=True)
            page.locator(".cw-menu .cw-action").first.wait_for()
            check(f"step {steps}, the popover")
            page.locator(".cw-menu .cw-action").first.click()
        else:
            page.locator(".cw-actionbar .cw-action").first.click()
        wait_state(lab, lambda s, n=steps: s["steps"] != n, "the click's step")
    state = read_state(lab)
    assert state["cycle"] == 2, f"still in cycle {state['cycle']}"
    assert typed >= 2 and decisions - typed >= 2, (typed, decisions)  # both ways played

    # Every tab and every table, then Undo (its position, its controls).
    click_tab(page, text("board.tab.narration", lang))
    check("the narration tab")
    click_tab(page, text("board.tab.tables", lang))
    for name in ("players", "isles", "seas", "gods", "creatures", "log"):
        click_tab(page, text(f"board.table.{name}", lang))
        page.locator(".jp-OutputArea-output table:visible").first.wait_for()
        check(f"the {name} table")
    before = read_state(lab)["steps"]
    page.locator(".widget-button", has_text=text("board.control.undo", lang)).click()
    wait_state(lab, lambda s: s["steps"] == before - 1, "the Undo")
    check("after Undo")
    lab.screenshot(page, f"languages-{lang}")
    assert leaks == {}, json.dumps(leaks, ensure_ascii=False, indent=1)[:4000]
