"""One view model, two painters (issue 11): the static SVG (Python) and the JS board
(Chromium) paint the same positions with the same pieces, labels, targets and places.

Both pictures are put on one page; every piece (``data-key``) is compared: its label, the
space it stands on, and its box in map coordinates. So are the lit targets, the isles'
names and labels, the gods' and players' labels, the trails and the teacher's marks; each
prompt is its view model's (the picture's names the decision without asking to click).
Positions: a bot game on each of the three maps, a battle, a move with its trail, a
crowded board and a Chinese one. Then one edit of the palette and of an icon repaints both.

Issue 12 "No overlaps": on each map, in a crowded position (every isle held, every slot
built, fleets in every sea, markers, figurines and the Kraken), no isle name covers a
piece, and no piece covers a slot or another piece.
"""

from __future__ import annotations

import json

import pytest
from boardpages import fake_page

import cyclades_widgets as cw
from cyclades_widgets import svg
from cyclades_widgets.bots import RandomBot
from cyclades_widgets.rules.board import MapSpec
from cyclades_widgets.rules.state import GameState
from cyclades_widgets.view import model

HIGHLIGHTS = {"places": ["naxos", "paros"], "arrows": [["naxos", "paros", "go"]]}


def bot_game(players: int, seed: int) -> cw.Game:
    game = cw.Game.new(players=players, seed=seed)
    bots = {name: RandomBot(seed=i) for i, name in enumerate(game.players)}
    game.advance(to="cycle", bots=bots)
    while not (game.phase.value == "actions" and game.node == "decision"):
        if game.node == "decision":
            game.play(bots[game.to_act].choose(game.state, game.legal_actions()))
        else:
            game.step()
    return game


def moved_fleets() -> cw.Game:
    game = (
        cw.Scenario(players=3)
        .fleets("g5", "Athens", 2)
        .fleets("f5", "Sparta", 1)
        .phase("actions", god="poseidon", player="Athens")
        .game()
    )
    game.play("move fleets g5>f5 2")
    return game


def fought() -> cw.Game:
    game = moved_fleets()
    game.play("roll 1 1")
    return game


def crowded(players: int) -> GameState:
    """Every isle held (troops, or a territory marker on every third), every slot built
    (a Metropolis on every fourth isle), Apollo's markers, figurines, the Kraken, and a
    fleet in every sea: the most a board can hold at once."""
    scenario = cw.Scenario(players=players).empty()
    state = scenario.state()
    names = state.names
    kinds = ("temple", "fortress", "port", "university")
    for i, iid in enumerate(sorted(state.isles)):
        scenario = scenario.troops(iid, names[i % players], 1 + i % 2)
        if i % 4 == 3:
            scenario = scenario.metropolis(iid)
        if i % 3 == 2:
            scenario = scenario.prosperity(iid, 2)
    state = scenario.state()
    spec = MapSpec.load(state.map_id)
    for i, (iid, isle) in enumerate(sorted(state.isles.items())):
        free = spec.isle_slots[iid] - len(isle.buildings) - (2 if isle.metropolis else 0)
        isle.buildings = isle.buildings + [kinds[(i + k) % 4] for k in range(max(0, free))]
        if i % 3 == 1:
            isle.troops, isle.territory = 0, True
        if i % 5 == 0:
            isle.figurine, isle.figurine_owner = (
                ("minotaur", "medusa", "chiron")[i % 3],
                i % players,
            )
    for j, sea in enumerate(sorted(spec.seas)):
        state.fleets[sea] = (j % players, 1 + j % 8)
    state.kraken = sorted(spec.seas)[len(spec.seas) // 2]
    return state


POSITIONS = {
    "3p-bots": lambda: bot_game(3, 2),
    "4p-bots": lambda: bot_game(4, 3),
    "5p-bots": lambda: bot_game(5, 4),
    "move": moved_fleets,
    "battle": fought,
}

READ_JS = """(root) => {
  const out = {pieces: {}, lit: [], track: [], isles: {}, names: {}, gods: {}, players: {},
               trails: [], marks: [], prompt: ''};
  const map = root.querySelector('[data-testid=cw-map]');
  for (const p of map.querySelectorAll('[data-key]')) {
    const b = p.getBBox();
    out.pieces[p.dataset.key] = [p.getAttribute('aria-label'), p.dataset.target, [b.x, b.y, b.width, b.height]];
  }
  out.lit = [...map.querySelectorAll('.cw-lit')].map((e) => e.dataset.target);
  out.track = [...root.querySelectorAll('.cw-lit-item[data-track]')].map((e) => e.dataset.track);
  for (const g of map.querySelectorAll('.cw-isle-g')) out.isles[g.querySelector('.cw-isle').dataset.target] = g.getAttribute('aria-label');
  for (const t of map.querySelectorAll('.cw-isle-name')) out.names[t.dataset.id] = t.textContent;
  for (const g of root.querySelectorAll('[data-god]')) out.gods[g.dataset.god] = g.dataset.label;
  for (const p of root.querySelectorAll('.cw-player')) out.players[p.dataset.testid.slice(10)] = p.getAttribute('aria-label');
  out.trails = [...map.querySelectorAll('.cw-trail')].map((t) => [t.dataset.from, t.dataset.to]);
  out.marks = [...map.querySelectorAll('.cw-highlight')].map((t) => t.dataset.target);
  out.prompt = root.querySelector('[data-testid=cw-status-line]').textContent;
  return out;
}"""

READ_SVG = """(svg) => {
  const out = {pieces: {}, lit: [], track: [], isles: {}, names: {}, gods: {}, players: {},
               trails: [], marks: [], prompt: ''};
  const title = (e) => e.querySelector(':scope > title').textContent;
  for (const p of svg.querySelectorAll('[data-key]')) {
    const b = p.getBBox();
    out.pieces[p.dataset.key] = [title(p), p.dataset.target, [b.x, b.y, b.width, b.height]];
  }
  out.lit = [...svg.querySelectorAll('.cws-lit')].map((e) => e.dataset.target);
  out.track = [...svg.querySelectorAll('.cws-lit-item[data-track]')].map((e) => e.dataset.track);
  for (const g of svg.querySelectorAll('.cws-isle')) out.isles[g.dataset.id] = title(g);
  const isles = Object.keys(out.isles);
  [...svg.querySelectorAll('.cws-names text')].forEach((t, i) => { out.names[isles[i]] = t.textContent; });
  for (const g of svg.querySelectorAll('.cws-god')) out.gods[g.dataset.track] = title(g);
  for (const p of svg.querySelectorAll('.cws-player')) out.players[p.dataset.seat] = title(p);
  out.trails = [...svg.querySelectorAll('.cws-trail')].map((t) => [t.dataset.from, t.dataset.to]);
  out.marks = [...svg.querySelectorAll('.cws-highlight')].map((t) => t.dataset.id);
  out.prompt = [...svg.querySelectorAll('.cws-prompt text')].map((t) => t.textContent).join(' ');
  return out;
}"""


def both(page, tmp_path, game: cw.Game, *, lang: str = "en", highlights=None) -> tuple[dict, dict]:
    """What the JS board and the static SVG painted for ``game`` (on one page)."""
    hl = highlights or {}
    fake_page(page, tmp_path, game, lang=lang, highlights=hl, size=(1600, 1000))
    picture = svg.board(
        game,
        lang=lang,
        highlights=hl.get("places", ()),
        arrows=[tuple(a) for a in hl.get("arrows", ())],
    )
    page.evaluate("(text) => document.body.insertAdjacentHTML('beforeend', text)", picture)
    js = page.locator("[data-testid=cw-board]").evaluate(READ_JS)
    static = page.locator("svg.cws-board").evaluate(READ_SVG)
    # Each paints its view model's prompt: the live board's says what to click, the
    # picture's names the decision (nothing can be clicked there).
    events = game.history[-1].events if game.history else []
    for painted, still in ((js, False), (static, True)):
        view = model.board_view(game.state, lang=lang, events=events, still=still)
        assert " ".join(painted.pop("prompt").split()) == view["prompt"]["text"]
    return js, static


def assert_same(js: dict, static: dict) -> None:
    assert js["pieces"].keys() == static["pieces"].keys()
    for key, (label, target, box) in js["pieces"].items():
        s_label, s_target, s_box = static["pieces"][key]
        assert (label, target) == (s_label, s_target), key
        assert box == pytest.approx(s_box, abs=0.6), key
    for part in ("lit", "track", "isles", "names", "gods", "players", "trails", "marks"):
        assert js[part] == static[part], part


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_the_js_board_and_the_static_svg_paint_the_same_position(page, tmp_path, name):
    game = POSITIONS[name]()
    js, static = both(page, tmp_path, game, highlights=HIGHLIGHTS if "bots" in name else None)
    assert js["pieces"]
    if "bots" in name:
        assert js["lit"] or js["track"]
    if name == "move":
        assert js["trails"] == [["g5", "f5"]]
    if "bots" in name:
        assert js["marks"] == ["naxos", "paros"]
    assert_same(js, static)


def test_they_agree_in_chinese_too(page, tmp_path):
    js, static = both(page, tmp_path, bot_game(3, 2), lang="zh")
    assert "纳克索斯" in js["names"].values()
    assert_same(js, static)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_they_agree_on_a_crowded_board(page, tmp_path, players):
    game = cw.Game(crowded(players))
    js, static = both(page, tmp_path, game)
    assert len(js["pieces"]) > 40
    assert_same(js, static)


# --------------------------------------------------------------------------- overlaps

OVERLAPS_JS = """(root) => {
  const map = root.querySelector('[data-testid=cw-map]');
  const box = (e) => { const b = e.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; };
  const cut = (a, b, pad) => Math.min(a[2], b[2]) - Math.max(a[0], b[0]) > pad && Math.min(a[3], b[3]) - Math.max(a[1], b[1]) > pad;
  const names = [...map.querySelectorAll('.cw-isle-name')].map((t) => [t.textContent, box(t)]);
  // each drawn shape of a piece (a Metropolis covers two slots with two discs)
  const pieces = [...map.querySelectorAll('.cw-piece')].flatMap((p) =>
    [...p.querySelectorAll('path, rect, circle:not(.cw-hit), line')].map((s) =>
      [p.dataset.key, p.dataset.target, p.classList.contains('cw-building') || p.classList.contains('cw-metropolis'), box(s)]));
  const slots = [...map.querySelectorAll('.cw-slot')].map((s) => box(s));
  const bad = [];
  for (const [name, nb] of names) for (const [key, , , pb] of pieces) if (cut(nb, pb, 1)) bad.push(`name ${name} covers ${key}`);
  for (const [key, , building, pb] of pieces) {
    if (!building) for (const sb of slots) if (cut(pb, sb, 1.5)) bad.push(`${key} covers a slot`);
  }
  for (let i = 0; i < pieces.length; i++) for (let j = i + 1; j < pieces.length; j++) {
    const [a, , , ab] = pieces[i]; const [b, , , bb] = pieces[j];
    if (a !== b && cut(ab, bb, 1.5)) bad.push(`${a} covers ${b}`);
  }
  return {bad: [...new Set(bad)], names: names.length, pieces: new Set(pieces.map((p) => p[0])).size, slots: slots.length};
}"""


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("mode", ["normal", "projector"])
def test_no_name_covers_a_piece_and_no_piece_covers_another(
    page, tmp_path, artifacts_dir, players, mode
):
    """Issue 12: the Mykonos name covered Sparta's fleet at d4, the Naxos and Syros names
    covered fleets, and troops were drawn over building slots on Kea and Paros."""
    state = crowded(players)
    page = fake_page(page, tmp_path, cw.Game(state), mode=mode, size=(1280, 800))
    found = page.locator("[data-testid=cw-board]").evaluate(OVERLAPS_JS)
    assert found["names"] == len(state.isles) and found["pieces"] > 40 and found["slots"] > 10
    page.screenshot(path=str(artifacts_dir / f"board-crowded-{players}p-{mode}.png"))
    assert found["bad"] == [], json.dumps(found["bad"][:20])


# --------------------------------------------------------------------------- one palette

READ_LOOK = """([root, svg]) => {
  const fill = (e) => getComputedStyle(e).fill;
  const jsTroops = root.querySelector('.cw-troops path');
  const svgTroops = svg.querySelector('.cws-troops path');
  return {
    isles: [fill(root.querySelector('.cw-isle')), fill(svg.querySelector('.cws-isle path:nth-of-type(2)'))],
    troops: [fill(jsTroops), fill(svgTroops)],
    temple: [root.querySelector('.cw-building path').getAttribute('d'), svg.querySelector('.cws-building path').getAttribute('d')],
    panel: [getComputedStyle(root.querySelector('.cw-gods')).backgroundColor,
            fill(svg.querySelector('[aria-label="Gods this cycle"] > rect'))],
  };
}"""


def test_one_edit_in_python_repaints_both_painters(page, tmp_path, monkeypatch):
    """Issue 28: change a colour of the palette, a player's colour and the Temple's icon
    in Python, once each: the JS board and the static SVG both show every change (the
    stylesheet's panel colour included)."""
    from cyclades_widgets.view import icons, palette

    game = (
        cw.Scenario(players=3).empty().troops("naxos", "Athens", 2).build("naxos", "temple").game()
    )
    before = both(page, tmp_path, game)
    assert before[0]["pieces"]
    monkeypatch.setitem(palette.COLOURS, "sand", "#123456")
    monkeypatch.setitem(palette.COLOURS, "panel", "#fedcba")
    monkeypatch.setattr(palette, "PLAYER_COLOURS", ("#abcdef", *palette.PLAYER_COLOURS[1:]))
    monkeypatch.setitem(icons.ICONS, "temple", "M-1,-1H1V1H-1Z")
    model.clear_static_cache()
    try:
        js, static = both(page, tmp_path, game)
        look = page.evaluate(
            READ_LOOK,
            [page.locator("[data-testid=cw-board]").element_handle(),
             page.locator("svg.cws-board").element_handle()],
        )  # fmt: skip
    finally:
        monkeypatch.undo()
        model.clear_static_cache()
    assert look == {
        "isles": ["rgb(18, 52, 86)"] * 2,
        "troops": ["rgb(171, 205, 239)"] * 2,
        "temple": ["M-1,-1H1V1H-1Z"] * 2,
        "panel": ["rgb(254, 220, 186)"] * 2,
    }
    assert_same(js, static)
