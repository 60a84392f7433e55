"""Every word of the board comes from the catalog (issue 11 item 2, issue 14): in the
test-only pseudo-locale every catalog entry is wrapped as ``⟦…⟧``, and any word outside
the wrappers, apart from proper names, numbers and notation, is text the board wrote on
its own. Checked on the view model of a whole game's positions, the static SVG, the HTML
page's data and the GameView and Replay controls.

Allowed without wrappers: player names, isle names (proper names, from the map data) and
creature names (read from the creature data file until the catalogs hold them as
``creature.<id>``); sea ids and notation. The log's lines are the narration's own
sentences (``narrate``), checked to be exactly what the narrator says.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterator
from typing import Any

import pytest
from pseudo import unwrapped

import cyclades_widgets as cw
from cyclades_widgets import svg
from cyclades_widgets.bots import RandomBot
from cyclades_widgets.export.page import page_data, replay_page
from cyclades_widgets.i18n import PSEUDO
from cyclades_widgets.narrate import narrate_events
from cyclades_widgets.view import model
from cyclades_widgets.view.text import creature_names, isle_names

PHASES = {p.value for p in cw.Phase}

TEXT_KEYS = {
    "label", "text", "head", "line", "losses", "round", "result", "title", "deck", "price",
    "gold", "who", "cycle", "phase", "viewer", "earlier", "name", "tip",
}  # fmt: skip
"""Fields of the view model that hold words (the others are ids, numbers, colours)."""


def words_of(value: Any, key: str = "", depth: int = 0) -> Iterator[str]:
    """Every text field of a view model (log lines apart; the top level's ``phase`` is an id)."""
    if isinstance(value, dict):
        for k, v in value.items():
            if k == "lines" or (k == "phase" and v in PHASES):
                continue
            if k == "menus":
                yield from v.values()
                continue
            yield from words_of(v, k, depth + 1)
    elif isinstance(value, list):
        for v in value:
            yield from words_of(v, key, depth + 1)
    elif isinstance(value, str) and key in TEXT_KEYS:
        yield value


def allowed(game_or_state: Any) -> set[str]:
    state = getattr(game_or_state, "state", game_or_state)
    names = {*state.names, *isle_names(state.map_id, PSEUDO).values()}
    return names | set(creature_names(PSEUDO).values())


def bot_game(players: int, seed: int, cycles: int = 2) -> cw.Game:
    game = cw.Game.new(players=players, seed=seed, start="setup")
    bots = {n: RandomBot(seed=seed + i) for i, n in enumerate(game.players)}
    for _ in range(cycles):
        game.advance(to="cycle", bots=bots)
    return game


@pytest.mark.parametrize("players", [3, 5])
def test_every_position_of_a_game_speaks_only_the_catalog(players):
    game = bot_game(players, seed=players)
    ok = allowed(game)
    history = game.history
    states = [s.before for s in history] + [game.state]
    for k, state in enumerate(states):
        legal = model.state_legal(state, PSEUDO)
        view = model.board_view(
            state, lang=PSEUDO, events=history[k - 1].events if k else [],
            history=history[:k], legal=legal, live=bool(k % 2),
        )  # fmt: skip
        texts = [*words_of(view), *(a["label"] for a in legal)]
        notation = {a["notation"] for a in legal}
        bad = [(t, w) for t in texts if (w := unwrapped(t, ok | notation))]
        assert bad == [], bad[:5]
    static = model.static_payload(game.state.map_id, PSEUDO)
    bad = [(t, w) for t in words_of(static["text"]) if (w := unwrapped(t, ok))]
    fixed = [*static["text"]["stats"], *static["text"]["shapes"].values()]
    fixed += [t for k, t in static["text"].items() if isinstance(t, str) and k != "effects"]
    fixed += [label for place in static["places"].values() for label in (place["label"],)]
    bad += [(t, w) for t in fixed if (w := unwrapped(t, ok))]
    assert bad == [], bad[:5]


def test_the_log_lines_are_the_narrators_sentences():
    game = bot_game(3, seed=1, cycles=1)
    log = model.board_view(game.state, lang=PSEUDO, history=game.history)["log"]
    for step in (k for g in log["groups"] for k in g["steps"]):
        events = game.history[step - 1].events
        try:
            said = narrate_events(events, PSEUDO, state_or_map=game.state)
        except ValueError:  # the narrator does not speak the pseudo-locale yet: English
            said = narrate_events(events, "en", state_or_map=game.state)
        assert (
            log["lines"][str(step)]
            == [line for line in said.split("\n") if line][-len(log["lines"][str(step)]) :]
        )


def test_the_static_svg_speaks_only_the_catalog():
    game = bot_game(4, seed=2)
    picture = svg.board(game, lang=PSEUDO, highlights=["naxos"], viewer=game.players[0])
    root = ET.fromstring(picture)
    ok = allowed(game)
    texts = [t.text or "" for t in root.iter() if t.tag.endswith(("text", "title"))]
    texts.append(root.get("aria-label") or "")
    log_lines = {line for lines in model.board_view(game.state, lang=PSEUDO, history=game.history)["log"]["lines"].values() for line in lines}  # fmt: skip
    clipped = {t for t in texts if t.endswith("…") and any(n.startswith(t[:-1]) for n in ok)}
    bad = [
        (t, w)
        for t in texts
        if t not in clipped and (w := unwrapped(t, ok)) and not any(t in line for line in log_lines)
    ]
    assert bad == [], bad[:5]


def test_the_html_page_speaks_only_the_catalog():
    game = bot_game(3, seed=3, cycles=1)
    page = replay_page(game, lang=PSEUDO)
    data = page_data(page)
    ok = allowed(game)
    texts = [data["title"], *data["text"].values(), *data["timeline"], *words_of(data["first"])]
    for patch in data["patches"]:
        texts += list(words_of(patch))
    bad = [(t, w) for t in texts if (w := unwrapped(t, ok))]
    assert bad == [], bad[:5]
    assert "<title>⟦" in page


def test_the_gameview_and_replay_controls_speak_only_the_catalog():
    widgets = pytest.importorskip("cyclades_widgets.widgets")
    game = cw.Game.new(players=3, seed=7)
    view = widgets.GameView(game, lang=PSEUDO)
    texts = [b.tooltip for b in view.nav.children] + [
        view.undo_button.description,
        view.redo_button.description,
        view.slider.description,
        view.player.description,
        view.picker.description,
        view.play_button.description,
        view.notation.placeholder,
        view.notation.description,
        *(view.tabs.get_title(i) for i in range(3)),
        *(view.tables.get_title(i) for i in range(len(widgets.gameview.TABLES))),
        *(label for label, _ in view.picker.options),
    ]
    # (an illegal move's message is the rules' own: their catalog, checked with the rules)
    view.board.send_intent("continue")
    texts.append(view.board.error)
    game.play("bid ares 1")
    record = game.record
    first_bid = next(i for i, m in enumerate(record.moves()) if m.startswith("bid"))
    record.add_variation(first_bid, ["bid ares 2"], comment="another")
    replay = widgets.Replay(record, lang=PSEUDO)
    texts += [
        replay.lines.description,
        replay.enter_button.description,
        replay.leave_button.description,
        replay.read_only.value,
        *(label for label, _ in replay.lines.options),
    ]
    replay.board.send_intent("continue")
    texts.append(replay.board.error)
    ok = allowed(game) | {"another", "Replay.fork"}
    bad = [(t, w) for t in texts if (w := unwrapped(t, ok))]
    # the step buttons are symbols or icons, not words
    assert all(
        len(b.description) == 1 or (b.icon and not b.description) for b in view.nav.children[:8]
    )
    assert bad == [], bad


def test_why_not_speaks_only_the_catalog():
    """Issue 25: the sentence for a click where nothing can be done (view/whynot.py), at
    every decision of a game, for every isle, god and creature and some seas."""
    from cyclades_widgets.rules.board import MapSpec
    from cyclades_widgets.rules.state import APOLLO, CREATURES, GODS
    from cyclades_widgets.view.whynot import why_not

    game = bot_game(3, seed=4)
    ok = allowed(game)
    spec = MapSpec.load(game.state.map_id)
    targets = [*spec.isles, *spec.seas[::6], *GODS, APOLLO, *CREATURES]
    said = bad = 0
    for step in game.history:
        if step.kind != "decision":
            continue
        for target in targets:
            text = why_not(step.before, target, PSEUDO)
            if text is not None:
                said += 1
                if unwrapped(text, ok):
                    bad += 1
                    print(text, unwrapped(text, ok))
    assert said > 200 and bad == 0
