"""The static board in Chromium: ``cw.svg.board`` pictures, ``record.to_html`` pages and
``game`` shown in a real JupyterLab notebook.

- The SVG is drawn by the browser at its own size, and the text the layout placed by
  estimate (panel names, stats, captions, chips) fits inside its panel with the browser's
  real fonts. Screenshots of a 5-player mid-game, a 3-player board with notes, and the
  same in Chinese go to ``svg-*.png`` in the test artifacts folder (``tests/artifacts.py``) for a person to look at.
- ``record.to_html`` opens from ``file://`` with every network request refused, draws the
  board and steps through it.
- In JupyterLab, a cell ending in ``game`` shows the board picture.
"""

from __future__ import annotations

from waits import animations_done, shown, until

import cyclades_widgets as cw
from cyclades_widgets import svg

XSS = '<img src=x onerror="window.pwned = 1">'

PAGE = """<!doctype html><html><head><meta charset="utf-8"></head>
<body style="margin:8px;background:#fff">{pictures}</body></html>"""


def midgame(players: int, seed: int, cycle: int) -> cw.Game:
    """Random bots play every seat but Athens's; stop at Athens's first decision in the
    actions phase of ``cycle``."""
    game = cw.Game.new(players=players, seed=seed)
    athens = cw.RandomBot(seed)
    bots = {name: cw.RandomBot(seed * 10 + i) for i, name in enumerate(game.players[1:])}
    while True:
        game.advance(to="decision", bots=bots)
        if game.is_over or (game.cycle >= cycle and game.phase.value == "actions"):
            return game
        game.play(athens.choose(game.state, game.legal_actions()))


def open_pictures(page, tmp_path, *pictures: str) -> None:
    path = tmp_path / "board.html"
    path.write_text(PAGE.format(pictures="".join(pictures)), encoding="utf-8")
    page.goto(path.as_uri())
    shown(page.locator("svg.cws-board").first, "the first board picture")


OVERFLOW_JS = """(svg) => {
  // Text that spills out of the panel card or pill it was laid out in.
  const bad = [];
  const inside = (t, box) => {
    const b = t.getBBox();
    return b.x >= box.x - 0.5 && b.x + b.width <= box.x + box.width + 0.5;
  };
  for (const panel of svg.querySelectorAll('.cws-player, .cws-god, .cws-creature, .cws-chip')) {
    const card = panel.querySelector('rect').getBBox();
    for (const t of panel.querySelectorAll('text')) if (!inside(t, card)) bad.push(t.textContent);
  }
  for (const cap of svg.querySelectorAll('.cws-caption')) {
    const card = cap.querySelector('rect').getBBox();
    for (const t of cap.querySelectorAll('text')) if (!inside(t, card)) bad.push(t.textContent);
  }
  const box = svg.viewBox.baseVal;
  for (const t of svg.querySelectorAll('text')) {
    const b = t.getBBox();
    if (b.x < 0 || b.x + b.width > box.width) bad.push('outside the board: ' + t.textContent);
  }
  return bad;
}"""


def test_boards_draw_at_their_size_with_every_text_inside_its_panel(page, tmp_path, artifacts_dir):
    five = midgame(5, seed=3, cycle=4)
    three = midgame(3, seed=11, cycle=3)
    note = "What would you bid here, and why? Sparta holds Ares this cycle. " * 3
    pictures = [
        svg.board(five.state, events=five.events),
        svg.board(
            three.state,
            viewer="Athens",
            highlights=["naxos", ("c2", "the fleet")],
            arrows=[("kea", "naxos", "attack?")],
            caption=note,
        ),
    ]
    open_pictures(page, tmp_path, *pictures)
    boards = page.locator("svg.cws-board")
    assert boards.count() == 2
    for i, picture in enumerate(pictures):
        board = boards.nth(i)
        box = board.bounding_box()
        root_width = float(picture.split('width="', 1)[1].split('"', 1)[0])
        assert abs(box["width"] - root_width) < 1
        assert board.evaluate(OVERFLOW_JS) == []
    boards.nth(0).screenshot(path=str(artifacts_dir / "svg-5p.png"))
    boards.nth(1).screenshot(path=str(artifacts_dir / "svg-3p.png"))


def test_chinese_board_text_fits(page, tmp_path, artifacts_dir):
    game = midgame(3, seed=11, cycle=3)
    open_pictures(
        page,
        tmp_path,
        svg.board(game.state, lang="zh", viewer="Sparta", caption="这里你会出价多少?"),
    )
    board = page.locator("svg.cws-board")
    assert board.evaluate(OVERFLOW_JS) == []
    board.screenshot(path=str(artifacts_dir / "svg-3p-zh.png"))


def test_markup_in_a_caption_is_shown_as_text(page, tmp_path):
    game = cw.Game.new(players=3, seed=1)
    open_pictures(page, tmp_path, svg.board(game.state, caption=XSS, highlights=[("naxos", XSS)]))
    assert page.locator("svg.cws-board img").count() == 0
    assert page.evaluate("window.pwned") is None
    shown = page.locator("svg.cws-board .cws-caption text").all_text_contents()
    assert XSS in " ".join(shown)


# --------------------------------------------------------------------------- record.to_html


def test_record_to_html_works_offline_from_file(page, tmp_path, artifacts_dir):
    """The page needs nothing but itself: every request other than the file is refused."""
    game = cw.Game.new(players=3, seed=7)
    for move in ("bid ares 1", "bid poseidon 1", "bid apollo"):
        game.play(move)
    record = game.record
    record.annotate(3, before=f"What would you bid here? {XSS}", isles=["syros"])
    path = record.to_html(tmp_path / "game.html")

    requests: list[str] = []

    def refuse(route):
        requests.append(route.request.url)
        route.abort()

    page.route("http*://**/*", refuse)
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.goto(path.as_uri())
    board = page.locator("[data-testid=cw-board]")
    shown(board.locator(".cw-isle").first, "the record page's board")
    assert page.evaluate("window.cwReplay.index()") == 0
    board.press("End")
    last = page.evaluate("window.cwReplay.index()")
    assert last > 5
    until(
        page,
        f"the board redrawn at the last step, {last}",
        "(i) => document.querySelector('[data-testid=cw-timeline]').textContent"
        ".startsWith(`Step ${i} of`)",
        last,
    )
    board.press("Home")
    for i in range(1, last + 1):
        if page.locator("[data-testid=cw-note-before]").count():
            break
        board.press("ArrowRight")
        # Wait for the redraw of step i before looking for the note.
        until(
            page,
            f"the board redrawn at step {i}",
            "(i) => document.querySelector('[data-testid=cw-timeline]').textContent"
            ".startsWith(`Step ${i} of`)",
            i,
        )
    assert XSS in page.locator("[data-testid=cw-note-before]").inner_text()
    assert page.evaluate("window.pwned") is None
    assert requests == [] and errors == []
    animations_done(page, "the pieces' pop-in animations finished (for the picture)")
    page.screenshot(path=str(artifacts_dir / "svg-record-page.png"))


# --------------------------------------------------------------------------- JupyterLab


def test_a_game_cell_shows_the_board_in_jupyterlab(page, lab):
    nb = "static_board.ipynb"
    lab.write_notebook(
        nb,
        "import cyclades_widgets as cw\ngame = cw.Game.new(players=3, seed=1)\ngame",
        "game.state",
    )
    lab.open_notebook(page, nb)
    lab.run_all_cells(page)
    pictures = page.locator(".jp-RenderedSVG img")
    shown(pictures.nth(1), "the second board picture in the notebook")
    assert pictures.count() == 2
    for i in range(2):
        src = pictures.nth(i).get_attribute("src")
        assert src.startswith("data:image/svg+xml")
        box = pictures.nth(i).bounding_box()
        assert box["width"] > 500 and box["height"] > 400
    lab.screenshot(page, "svg-lab")
