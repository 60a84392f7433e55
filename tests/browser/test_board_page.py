"""The board's front end in Chromium without JupyterLab: plain pages opened from file://.

- the static replay page (``export.page.replay_page``) shows the board and steps through
  it with the keyboard, and shows a comment's markup literally without running it;
- the same view module driven by a fake model (get/on/off/send): every interaction sends the
  right intent (clicks, menu, Continue, keys), hovering shows what a piece is, errors show
  next to the board, animations honour reduced motion, labels switch to Chinese.
"""

from __future__ import annotations

import pytest
from boardpages import axe_violations, fake_page
from waits import frames, shown, until

import cyclades_widgets as cw
from cyclades_widgets.export.page import replay_page
from cyclades_widgets.view import model

XSS = '<img src=x onerror="window.pwned = 1">'


@pytest.fixture
def record_page(page, tmp_path):
    """A static replay page of an annotated record, opened from file://."""
    game = cw.Game.new(players=3, seed=7)
    for move in ("bid ares 1", "bid poseidon 1", "bid apollo"):
        game.play(move)
    record = game.record
    record.annotate(3, before=f"What would you bid here? {XSS}", isles=["syros"])
    record.annotate(5, after="Sparta takes Apollo.", tag="key move", arrows=[("syros", "naxos")])
    path = tmp_path / "replay.html"
    path.write_text(replay_page(record), encoding="utf-8")
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(path.as_uri())
    shown(page.locator("[data-testid=cw-board] .cw-isle").first, "the record page's board")
    return page


def wait_drawn(page, index: int) -> None:
    """Wait until the board shows frame ``index`` (redraws happen in the next frame)."""
    until(
        page,
        f"the board redrawn at step {index}",
        "(i) => document.querySelector('[data-testid=cw-timeline]')"
        ".textContent.startsWith(`Step ${i} of`)",
        index,
    )


def step_of(page) -> int:
    return int(page.locator("[data-testid=cw-board]").get_attribute("data-step"))


def index_of(page) -> int:
    return page.evaluate("window.cwReplay.index()")


def test_static_replay_page_steps_through_with_the_keyboard(record_page, artifacts_dir):
    page = record_page
    board = page.locator("[data-testid=cw-board]")
    assert index_of(page) == 0 and "Step 0 of" in page.inner_text("[data-testid=cw-timeline]")
    board.press("ArrowRight")
    wait_drawn(page, 1)
    assert index_of(page) == 1 and step_of(page) == 1
    board.press("End")
    last = index_of(page)
    wait_drawn(page, last)
    assert last > 5 and "Apollo" in page.inner_text(".cw-gods")
    board.press("ArrowLeft")
    assert index_of(page) == last - 1
    board.press("Shift+ArrowLeft")  # to the start of this phase (offerings)
    phase_start = index_of(page)
    wait_drawn(page, phase_start)
    assert phase_start < last - 1
    assert page.inner_text(".cw-phase") == "Offerings"
    board.press("Home")
    assert index_of(page) == 0
    page.screenshot(path=str(artifacts_dir / "board-static-replay.png"))


def test_comment_markup_shows_literally_and_runs_nothing(record_page, artifacts_dir):
    """Issue 6 text safety: user text is shown as text, never as HTML."""
    page = record_page
    board = page.locator("[data-testid=cw-board]")
    for _ in range(60):
        if page.locator("[data-testid=cw-note-before]").count():
            break
        board.press("ArrowRight")
        wait_drawn(page, index_of(page))
    note = page.locator("[data-testid=cw-note-before]")
    assert XSS in note.inner_text()
    assert page.locator(".cw-root img").count() == 0
    assert page.evaluate("window.pwned") is None
    assert page.locator(".cw-highlight[data-target=syros]").count() == 1
    page.screenshot(path=str(artifacts_dir / "board-static-comment.png"))
    board.press("End")
    wait_drawn(page, index_of(page))
    assert page.locator("[data-testid=cw-note-after]").inner_text().endswith("Sparta takes Apollo.")
    assert page.locator(".cw-arrow").count() == 1


# --------------------------------------------------------------------------- fake model


def sent(page) -> list[dict]:
    return page.evaluate("window.sent")


def ares_turn() -> cw.Game:
    return (
        cw.Scenario(players=3)
        .gold("Corinth", 8)
        .phase("actions", god="ares", player="Corinth")
        .game()
    )


def test_clicking_a_lit_isle_offers_its_actions_and_sends_the_choice(page, tmp_path):
    game = ares_turn()
    page = fake_page(page, tmp_path, game)
    assert page.locator(".cw-lit[data-target=syros]").count() == 1
    page.locator('.cw-piece[data-target="syros"]').first.click()
    menu = page.locator("[data-testid=cw-menu]")
    assert "Recruit a troop on Syros" in menu.inner_text()
    legal = {a["notation"]: a["id"] for a in model.state_legal(game.state)}
    menu.locator('button[data-notation="build fortress syros"]').click()
    assert sent(page) == [
        {"type": "play", "id": legal["build fortress syros"], "notation": "build fortress syros",
         "step": game.state.step}
    ]  # fmt: skip
    assert page.locator("[data-testid=cw-menu]").count() == 0  # the menu closes


def test_escape_and_the_close_button_close_the_menu(page, tmp_path):
    page = fake_page(page, tmp_path, ares_turn())
    page.locator('.cw-piece[data-target="syros"]').first.click()
    page.keyboard.press("Escape")
    assert page.locator("[data-testid=cw-menu]").count() == 0
    page.locator('.cw-piece[data-target="syros"]').first.click()
    page.locator(".cw-menu .cw-close").click()
    assert page.locator("[data-testid=cw-menu]").count() == 0 and sent(page) == []


def test_the_action_bar_sends_actions_without_a_place(page, tmp_path):
    page = fake_page(page, tmp_path, ares_turn())
    page.locator('[data-testid=cw-actionbar] button[data-notation="end"]').click()
    assert sent(page)[-1]["notation"] == "end"


def test_bidding_by_clicking_a_god(page, tmp_path):
    game = cw.Game.new(players=3, seed=7)
    page = fake_page(page, tmp_path, game)
    page.locator("[data-testid=cw-god-ares]").click()
    chips = page.locator(".cw-menu .cw-action")
    assert [chips.nth(i).inner_text() for i in range(chips.count())] == [
        "1",
        "2",
        "3",
        "4",
        "5",
        "6",
        "7",
    ]
    page.locator('.cw-menu button[data-notation="bid ares 2"]').click()
    assert sent(page)[-1] == {
        "type": "play",
        "id": 1,
        "notation": "bid ares 2",
        "step": game.state.step,
    }
    assert page.locator("[data-testid=cw-god-athena].cw-face-down").count() == 1


def test_keys_send_navigation_intents(page, tmp_path):
    page = fake_page(page, tmp_path, cw.Game.new(players=3, seed=7))
    board = page.locator("[data-testid=cw-board]")
    for key in ("ArrowLeft", "ArrowRight", "Shift+ArrowLeft", "Control+ArrowRight", "Home", "End"):
        board.press(key)
    step = page.evaluate("window.model.get('view').step")
    assert sent(page) == [
        {"type": "nav", "to": "back", "by": "step", "step": step},
        {"type": "nav", "to": "forward", "by": "step", "step": step},
        {"type": "nav", "to": "back", "by": "phase", "step": step},
        {"type": "nav", "to": "forward", "by": "cycle", "step": step},
        {"type": "nav", "to": "start", "by": "step", "step": step},
        {"type": "nav", "to": "end", "by": "step", "step": step},
    ]


def test_continue_button_at_a_chance_step(page, tmp_path):
    game = cw.Game.new(players=3, seed=7, start="setup")
    page = fake_page(page, tmp_path, game)
    prompt = page.inner_text("[data-testid=cw-status-line]")
    assert prompt == "Next: the offering tokens are shuffled onto the turn track (press → or Step)"
    assert page.locator(".cw-lit").count() == 0
    page.locator("[data-testid=cw-step]").click()
    page.locator("[data-testid=cw-continue]").click()
    assert sent(page) == [{"type": "step", "step": 0}, {"type": "continue", "step": 0}]


def test_hovering_a_piece_says_what_it_is(page, tmp_path):
    page = fake_page(page, tmp_path, ares_turn())
    page.locator('[data-key="troops:syros"]').hover()
    tip = page.locator("[data-testid=cw-tip]")
    shown(tip, "the piece's tooltip")
    assert tip.inner_text() == "1 troop · Corinth (triangle) · Syros"
    page.locator('[data-key="fleet:f4"]').hover()
    assert "fleet · Corinth" in tip.inner_text()


def test_an_error_shows_next_to_the_board(page, tmp_path):
    page = fake_page(page, tmp_path, ares_turn())
    page.evaluate("window.model.set('error', 'Corinth has 8 GP; the next troop costs 9 GP')")
    alert = page.locator("[data-testid=cw-error]")
    shown(alert, "the error next to the board")
    assert alert.get_attribute("role") == "alert"
    assert "Corinth has 8 GP" in alert.inner_text()


def test_animations_honour_reduced_motion_and_the_switch(page, tmp_path):
    page = fake_page(page, tmp_path, ares_turn())
    lit = page.locator(".cw-lit").first
    assert lit.evaluate("e => getComputedStyle(e).animationName") == "cw-pulse"
    page.emulate_media(reduced_motion="reduce")
    assert lit.evaluate("e => getComputedStyle(e).animationName") == "none"
    page.emulate_media(reduced_motion="no-preference")
    page.evaluate("window.model.set('animate', false)")
    shown(page.locator(".cw-root.cw-no-anim"), "the board with animations switched off")
    lit = page.locator(".cw-lit").first
    assert lit.evaluate("e => getComputedStyle(e).animationName") == "none"


def test_chinese_labels_and_hidden_gold(page, tmp_path, artifacts_dir):
    game = cw.Game.new(players=3, seed=7)
    page = fake_page(page, tmp_path, game, lang="zh", viewer="Athens")
    assert page.locator(".cw-root").get_attribute("lang") == "zh"
    assert "献祭" in page.inner_text(".cw-phase")
    assert "阿瑞斯" in page.inner_text("[data-testid=cw-god-ares]")
    assert "纳克索斯" in page.locator(".cw-svg").text_content()
    assert "金币隐藏" in page.inner_text("[data-testid=cw-gold-1]")
    assert page.inner_text("[data-testid=cw-status-line]") == "等待 Corinth 决定"
    fonts = page.evaluate("getComputedStyle(document.querySelector('.cw-root')).fontFamily")
    assert "Noto Sans CJK SC" in fonts
    assert "金币" in page.inner_text("[data-testid=cw-gold-0]")  # the glossary's term
    page.screenshot(path=str(artifacts_dir / "board-zh-athens.png"))


def test_board_elements_carry_aria_labels(page, tmp_path):
    page = fake_page(page, tmp_path, ares_turn())
    unlabeled = page.evaluate(
        """() => [...document.querySelectorAll('.cw-root [role=button], .cw-root [role=img]')]
             .filter((e) => !e.getAttribute('aria-label') && !e.textContent.trim()).length"""
    )
    assert unlabeled == 0
    assert page.locator(".cw-svg").get_attribute("aria-label") == "Cyclades board"


def test_cleanup_removes_the_board_and_its_listeners(page, tmp_path):
    page = fake_page(page, tmp_path, ares_turn())
    page.evaluate("window.cleanup()")
    assert page.locator("[data-testid=cw-board]").count() == 0
    page.evaluate("window.model.set('error', 'x')")  # no listener left to redraw
    frames(page, 2)  # a redraw, had one been scheduled, happens in the next frame
    assert page.locator("[data-testid=cw-board]").count() == 0


def mid_game(players: int, seed: int) -> cw.Game:
    """A bot game in the actions phase of cycle 2, at a human decision."""
    game = cw.Game.new(players=players, seed=seed)
    bots = {name: cw.RandomBot(seed=i) for i, name in enumerate(game.players)}
    game.advance(to="cycle", bots=bots)
    while not (game.phase.value == "actions" and game.node == "decision"):
        if game.node == "decision":
            game.play(bots[game.to_act].choose(game.state, game.legal_actions()))
        else:
            game.step()
    return game


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_map_the_prompt_and_the_log_fit_1280x800(page, tmp_path, artifacts_dir, players):
    """Issue 12: at 1280×800 the map, the prompt and the turn's log fit on one screen, the
    map drawn (its seas and isles, not only its box) filling at least 60% of the board's
    width for every player count (the 2-3 and 4 player maps are drawn turned, wide), side
    by side with the panels."""
    game = mid_game(players, seed=4)
    page = fake_page(page, tmp_path, game, mode="projector")
    board = page.locator("[data-testid=cw-board]").bounding_box()
    assert board["x"] >= 0 and board["x"] + board["width"] <= 1280
    for part in ("[data-testid=cw-map]", "[data-testid=cw-prompt]", "[data-testid=cw-log]"):
        box = page.locator(part).bounding_box()
        assert box["y"] + box["height"] <= 800, f"{part} ends at {box['y'] + box['height']:.0f}"
    svg = page.locator("[data-testid=cw-map]").bounding_box()
    log = page.locator("[data-testid=cw-log]").bounding_box()
    assert log["x"] >= svg["x"] + svg["width"]  # side by side
    drawn = page.evaluate("""() => {
      const boxes = [...document.querySelectorAll('.cw-sea, .cw-isle')].map((e) => e.getBoundingClientRect());
      return {left: Math.min(...boxes.map((b) => b.left)), right: Math.max(...boxes.map((b) => b.right)),
              top: Math.min(...boxes.map((b) => b.top)), bottom: Math.max(...boxes.map((b) => b.bottom))};
    }""")
    assert drawn["right"] - drawn["left"] >= 0.6 * board["width"], (drawn, board["width"])
    assert svg["x"] - 1 <= drawn["left"] and drawn["right"] <= svg["x"] + svg["width"] + 1
    assert page.locator(".cw-lit, .cw-lit-item, .cw-actionbar .cw-action").count() > 0
    assert page.locator(".cw-player").count() == players
    page.screenshot(path=str(artifacts_dir / f"board-{players}p.png"))


def test_a_narrow_board_stacks_the_panels_under_the_map(page, tmp_path):
    page = fake_page(page, tmp_path, mid_game(3, seed=4), size=(600, 900))
    svg = page.locator("[data-testid=cw-map]").bounding_box()
    log = page.locator("[data-testid=cw-log]").bounding_box()
    assert log["y"] >= svg["y"] + svg["height"] - 1


def test_projector_text_sizes_on_screen(page, tmp_path):
    """Issue 12: in projector mode isle names are at least 16 px and sea ids 11 px on a
    1280×800 screen (the 5-player map)."""
    page = fake_page(page, tmp_path, mid_game(5, seed=4), mode="projector")
    sizes = page.evaluate("""() => {
      const px = (sel) => [...document.querySelectorAll(sel)].map((t) => t.getBoundingClientRect().height);
      return {names: px('.cw-isle-name'), seas: px('.cw-sea-id')};
    }""")
    # a text box is about 1.15 em tall: font size = height / 1.15
    assert min(sizes["names"]) / 1.2 >= 16, min(sizes["names"])
    assert min(sizes["seas"]) / 1.2 >= 11, min(sizes["seas"])


def test_a_battle_is_drawn_with_dice_and_totals(page, tmp_path, artifacts_dir):
    game = (
        cw.Scenario(players=3)
        .fleets("g5", "Athens", 2)
        .fleets("f5", "Sparta", 1)
        .phase("actions", god="poseidon", player="Athens")
        .game()
    )
    game.play("move fleets g5>f5 2")
    fake_page(page, tmp_path, game)
    assert page.locator('.cw-trail[data-from="g5"][data-to="f5"]').count() == 1  # the move
    game.play("roll 1 1")
    page = fake_page(page, tmp_path, game)
    panel = page.locator("[data-testid=cw-battle]")
    assert "die 1 + units 2 + bonus 0 = 3" in panel.inner_text()
    assert "losses: 1" in panel.inner_text()
    page.screenshot(path=str(artifacts_dir / "board-battle.png"))


# --------------------------------------------------------------------------- keyboard, axe


def focused(page) -> dict:
    return page.evaluate(
        """() => { const a = document.activeElement;
          return {cls: a.getAttribute('class') || '', target: a.dataset.target || a.dataset.track || null,
                  role: a.getAttribute('role'), label: a.getAttribute('aria-label'), tag: a.tagName}; }"""
    )


def tab_to_target(page, limit: int = 30) -> dict:
    """Press Tab until a highlighted target has the focus."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        here = focused(page)
        if "cw-target" in here["cls"]:
            return here
    raise AssertionError(f"Tab never reached a highlighted target; last focus {focused(page)}")


def test_the_keyboard_reaches_the_targets_opens_the_popover_and_comes_back(page, tmp_path):
    """Issue 12: lit targets are one tab stop (arrows move between them), Enter opens the
    popover with the focus inside, Escape closes it and gives the focus back, a chip plays;
    the popover never covers its god."""
    game = cw.Game.new(players=3, seed=7)
    page = fake_page(page, tmp_path, game)
    page.locator("[data-testid=cw-board]").focus()
    first = tab_to_target(page)
    assert first["target"] == "ares" and first["role"] == "button"
    assert page.locator(".cw-target[tabindex='0']").count() == 1  # one tab stop
    page.keyboard.press("ArrowDown")
    assert focused(page)["target"] == "poseidon"
    page.keyboard.press("ArrowUp")
    page.keyboard.press("Enter")
    menu = shown(page.locator("[data-testid=cw-menu]"), "Ares's action menu opened by Enter")
    here = focused(page)
    assert here["tag"] == "BUTTON" and here["label"] == "Bid 1 GP on Ares"
    god, box = page.locator("[data-testid=cw-god-ares]").bounding_box(), menu.bounding_box()
    apart = box["x"] >= god["x"] + god["width"] or box["x"] + box["width"] <= god["x"]
    assert apart or box["y"] >= god["y"] + god["height"], (god, box)  # never over the god
    page.keyboard.press("Escape")
    assert page.locator("[data-testid=cw-menu]").count() == 0
    assert focused(page)["target"] == "ares"
    page.keyboard.press(" ")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    assert sent(page)[-1] == {
        "type": "play",
        "id": 1,
        "notation": "bid ares 2",
        "step": game.state.step,
    }


def test_unlit_places_are_not_buttons(page, tmp_path):
    page = fake_page(page, tmp_path, cw.Game.new(players=3, seed=7))
    buttons = page.evaluate(
        "() => [...document.querySelectorAll('[data-testid=cw-map] [role=button]')].length"
    )
    assert buttons == 0  # offerings: only gods are lit
    assert page.locator("[data-testid=cw-map] .cw-isle-g[role=img]").count() == 8


@pytest.mark.parametrize("where", ["offerings", "actions", "popover", "zh"])
def test_axe_finds_no_serious_violation_on_the_board(page, tmp_path, where):
    """Issue 12: axe-core reports 0 serious or critical violations."""
    if where == "actions":
        page = fake_page(page, tmp_path, mid_game(4, seed=4))
    else:
        lang = "zh" if where == "zh" else "en"
        page = fake_page(page, tmp_path, cw.Game.new(players=3, seed=7), lang=lang)
    if where == "popover":
        page.locator("[data-testid=cw-god-ares]").click()
        shown(page.locator("[data-testid=cw-menu]"), "Ares's action menu")
    page.locator(".cw-legend summary").click()
    assert axe_violations(page, "[data-testid=cw-board]") == []


def test_axe_finds_no_serious_violation_on_the_html_page(record_page):
    assert axe_violations(record_page, "body") == []


def test_the_html_page_has_a_title_labelled_controls_a_slider_and_the_key_hint(record_page):
    """Issue 12: the replay page had no visible controls, no title and no key hint."""
    page = record_page
    assert page.locator("h1.cw-page-title").inner_text() == page.title()
    buttons = page.locator(".cw-page-controls button")
    labels = [buttons.nth(i).get_attribute("aria-label") for i in range(buttons.count())]
    assert labels == [
        "To the start (Home)", "Back one cycle (Ctrl+←)", "Back one phase (Shift+←)",
        "Back one step (←)", "Forward one step (→)", "Forward one phase (Shift+→)",
        "Forward one cycle (Ctrl+→)", "To the end (End)",
    ]  # fmt: skip
    assert page.locator(".cw-keys").inner_text().startswith("←/→ step")
    page.get_by_role("button", name="Forward one step (→)").click()
    wait_drawn(page, 1)
    slider = page.get_by_role("slider", name="Step of the replay")
    slider.fill("6")
    wait_drawn(page, 6)
    assert index_of(page) == 6
    page.get_by_role("button", name="To the end (End)").click()
    wait_drawn(page, index_of(page))
    assert slider.input_value() == str(index_of(page)) and index_of(page) > 6
    assert page.locator("[data-testid=cw-log] .cw-newest").count() == 1
