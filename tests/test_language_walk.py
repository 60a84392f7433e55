"""Issue 14 'Done when', the Python half: in a session set to Chinese or French, a game played
by notation shows no English beyond proper names (players) and notation, in its narration,
its refusals, every table, the battle odds and the what-if summary.

(The browser half, GameView and the board in JupyterLab, is tests/browser/test_languages_lab.py;
the pseudo-locale walk, tests/test_pseudo_locale.py, checks that every word comes from a
catalog.) Chinese is checked for any Latin word; French, which shares the alphabet, for the
English words every English sentence of ours is made of.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pandas as pd
import pytest

import cyclades_widgets as cw
from cyclades_widgets.bots import RandomBot
from cyclades_widgets.rules.state import APOLLO, CITIES, CREATURES, GODS

PLAYERS = ("Athens", "Sparta", "Corinth", "Argos")
LATIN = re.compile(r"(?<![\w#.<-])[A-Za-z](?:[A-Za-z']*[A-Za-z])?(?![\w(>])")
ENGLISH = frozenset(
    [
        "the",
        "and",
        "of",
        "to",
        "is",
        "are",
        "with",
        "from",
        "for",
        "on",
        "in",
        "at",
        "by",
        "your",
        "you",
        "has",
        "have",
        "his",
        "her",
        "its",
        "their",
        "this",
        "that",
        "which",
        "when",
        "must",
        "may",
        "can",
        "cannot",
        "not",
        "no",
        "none",
        "gold",
        "troop",
        "troops",
        "fleet",
        "fleets",
        "isle",
        "isles",
        "sea",
        "seas",
        "god",
        "gods",
        "bid",
        "bids",
        "turn",
        "turns",
        "player",
        "players",
        "wins",
        "win",
        "battle",
        "round",
        "rounds",
        "attacker",
        "defender",
        "building",
        "buildings",
        "metropolis",
        "priest",
        "priests",
        "philosopher",
        "philosophers",
        "recruit",
        "recruits",
        "build",
        "builds",
        "move",
        "moves",
        "takes",
        "take",
        "revenue",
        "income",
        "owner",
        "open",
        "held",
        "down",
        "yes",
        "continuations",
        "easy",
        "medium",
        "strong",
        "played",
        "true",
        "false",
        "nan",
        "none",
    ]
)
"""English words our English sentences, headers and values are made of (French shares a
few spellings: "Temple", "Port", "Sphinx"... are left out on purpose)."""


def _notation(game: cw.Game) -> set[str]:
    words = {w for a in game.legal_actions() for w in re.findall(r"[a-z]+", str(a))}
    return words | {w for m in game.moves() for w in re.findall(r"[a-z]+", m)}


def _table_texts(frame: pd.DataFrame) -> Iterator[str]:
    yield from (str(c) for c in frame.columns)
    yield from (str(n) for n in frame.index.names if n)
    for column in frame.columns:
        for value in frame[column]:
            if isinstance(value, str):
                yield value


def _texts(game: cw.Game, lang: str) -> Iterator[tuple[str, str]]:
    tables = game.tables
    for name in ("players", "isles", "seas", "gods", "creatures", "log"):
        for text in _table_texts(getattr(tables, name)()):
            yield f"table {name}", text
    odds = cw.battle_odds(attackers=3, defenders=2, defender_bonus=1)
    yield "battle_odds", odds.summary()
    result = cw.whatif(game, n=2, max_cycles=1, level="easy", progress=False)
    yield "whatif", str(result)
    for text in _table_texts(result.table()):
        yield "whatif table", text


def _refusal() -> str:
    """A bid no one can pay, refused at the first offering of a new game."""
    game = cw.Game.new(players=4, seed=11)
    game.advance(to="decision")
    with pytest.raises(cw.IllegalActionError) as err:
        game.play("bid ares 99")
    return str(err.value)


FRENCH_ON = re.compile(
    r"\b[Oo]n (?!(?:the|a|an|your|its|their|his|her|this|that|each|every|one|it)\b)"
    r"(?=[a-zà-ÿ'])"
)
"""The French pronoun "on" before a verb ("on ne peut", "On gagne"), not the English
preposition (before a name, a number or a determiner: "on Naxos", "on the god")."""


def _foreign(text: str, lang: str, allowed: set[str]) -> list[str]:
    if lang == "fr":
        text = FRENCH_ON.sub(" ", text)
    words = [w for w in LATIN.findall(text) if w not in PLAYERS and w.lower() not in allowed]
    if lang == "zh":
        return words  # gold is 金币 in Chinese: no Latin word is left beyond names and notation
    return [w for w in words if w.lower() in ENGLISH]


@pytest.mark.parametrize("lang", ["zh", "fr"])
def test_a_cycle_played_by_notation_speaks_the_session_language(lang: str):
    with cw.i18n.language(lang):
        game = cw.Game.new(players=4, seed=11)
        bots = {p: RandomBot(seed=i) for i, p in enumerate(game.players)}
        seen: list[tuple[str, str]] = []
        while game.cycle == 1 and not game.is_over:
            if game.node == "decision":
                game.play(str(bots[game.to_act].choose(game.state, game.legal_actions())))
            else:
                game.step()
            seen.append(("narration", game.explain()))
        seen += _texts(game, lang)
        seen.append(("refusal", _refusal()))
        allowed = _notation(game) | {"bid", "ares", "poseidon", "zeus", "athena", "apollo"}
        leaks = [(where, text) for where, text in seen if _foreign(text, lang, allowed)]
    assert len(seen) > 40  # a whole cycle, every table and the rest were read
    assert leaks == [], leaks[:5]


def test_the_walk_can_fail():
    """The same walk in English finds English words in every kind of text."""
    with cw.i18n.language("en"):
        game = cw.Game.new(players=4, seed=11)
        texts = [*_texts(game, "en"), ("refusal", _refusal())]
        found = {where for where, text in texts if _foreign(text, "fr", set())}
    assert {
        "table players",
        "table gods",
        "battle_odds",
        "whatif",
        "whatif table",
        "refusal",
    } <= found


# --------------------------------------------------------------------------- the screens

KEY_CAPS = frozenset({"Shift", "Ctrl", "Home", "End", "Tab"})
"""Key names as printed on the keys, which Chinese writes as they are ("Shift+← 键")."""

SOFTWARE = frozenset({"Python"})
"""Names of software, written as they are in every language (the board's message when its
display code and the Python package disagree)."""

VIEW_TEXT_KEYS = frozenset(
    {"label", "text", "head", "line", "losses", "round", "result", "title", "deck", "price",
     "gold", "who", "cycle", "phase", "viewer", "earlier", "name", "tip"}
)  # fmt: skip
"""The fields of the view model that hold words (the others are ids, numbers, colours)."""


def _view_words(value: object, key: str = "") -> Iterator[str]:
    """Every text field of a view model, the log's lines and the menus' titles included."""
    if isinstance(value, dict):
        for k, v in value.items():
            if k == "phase" and isinstance(v, str) and v in {p.value for p in cw.Phase}:
                continue
            if k in ("lines", "menus"):
                yield from (t for t in _flat(v) if isinstance(t, str))
                continue
            yield from _view_words(v, k)
    elif isinstance(value, list):
        for v in value:
            yield from _view_words(v, key)
    elif isinstance(value, str) and key in VIEW_TEXT_KEYS:
        yield value


def _flat(value: object) -> Iterator[object]:
    if isinstance(value, dict):
        for v in value.values():
            yield from _flat(v)
    elif isinstance(value, list):
        for v in value:
            yield from _flat(v)
    else:
        yield value


def _visible_html(html: str) -> str:
    """The text a browser shows of an HTML table (no styles, no tags)."""
    import html as html_lib

    html = re.sub(r"<style.*?</style>", " ", html, flags=re.S)
    return html_lib.unescape(re.sub(r"<[^>]+>", " ", html))


def _widget_texts(widget: object) -> Iterator[tuple[str, str]]:
    """Every description, tooltip, placeholder, label and title of a widget tree."""
    import ipywidgets as w

    name = type(widget).__name__
    for attr in ("description", "tooltip", "placeholder"):
        value = getattr(widget, attr, None)
        if isinstance(value, str) and value:
            yield f"{name}.{attr}", value
    if isinstance(widget, w.Label | w.HTML) and widget.value:
        yield f"{name}.value", _visible_html(widget.value)
    if isinstance(widget, w.Dropdown):
        yield from ((f"{name}.option", str(label)) for label, _ in widget.options)
    if isinstance(widget, w.Tab):
        yield from ((f"{name}.title", t) for t in widget.titles)
    for child in getattr(widget, "children", ()):
        yield from _widget_texts(child)


def _screen_texts(lang: str, tmp: object) -> Iterator[tuple[str, str]]:
    """What a learner sees in ``lang``: a GameView (its controls, the board's view model,
    the legal actions' labels, the tables as shown), Learn (every lesson's texts) and
    the sentences for a click where nothing can be done."""
    from pathlib import Path

    from cyclades_widgets.learn import Course
    from cyclades_widgets.view import model
    from cyclades_widgets.view.whynot import why_not

    game = cw.Game.new(players=4, seed=11)
    bots = {p: RandomBot(seed=i) for i, p in enumerate(game.players)}
    game.advance(to="cycle", bots=bots)
    game.advance(to="decision", bots={p: b for p, b in bots.items() if p != game.to_act})
    view = cw.GameView(game, lang=lang)
    yield from _widget_texts(view)
    for step in [*game.history[::7], None]:
        state = game.state if step is None else step.before
        legal = model.state_legal(state, lang)
        shown = model.board_view(state, lang=lang, history=game.history, legal=legal)
        yield from (("view", t) for t in _view_words(shown))
        yield from (("action", a["label"]) for a in legal)
        targets = [*state.isles, *state.fleets, *GODS, APOLLO, *CREATURES]
        said = (why_not(state, target, lang) for target in targets)
        yield from (("why_not", text) for text in said if text)
    static = model.static_payload(game.state.map_id, lang)
    for key, value in static["text"].items():
        if key == "legend":  # [[item id, its words], ...]
            value = [words for _item, words in value]
        yield from ((f"static {key}", t) for t in _flat(value) if isinstance(t, str))
    tables = cw.tables.Tables(game, viewer=game.players[0])
    for name in ("players", "isles", "seas", "gods", "creatures", "log"):
        yield (
            f"table {name}",
            _visible_html(getattr(tables, name)(lang=lang, styled=True).to_html()),
        )
    learn = cw.Learn(lesson="take-ios", progress=Path(str(tmp)) / f"w-{lang}.json", lang=lang)
    yield from ((f"learn widget {where}", text) for where, text in _widget_texts(learn))
    course = Course(progress=Path(str(tmp)) / f"{lang}.json", lang=lang)
    for lesson in course.lessons:
        course.open(lesson.id)
        course.hint()
        texts = []
        while course.show_me() is not None:
            texts.append(course.view())
        course.reset()
        for move in lesson.wrong:
            while course.view().can_continue:
                course.proceed()
            assert course.play(move), course.view().feedback
        while course.view().can_continue and course.view().status == "playing":
            course.proceed()
        texts.append(course.view())
        for v in texts:
            for text in (v.heading, v.you, v.goal, v.intro, v.coach, v.feedback, v.reason):
                yield f"learn {lesson.id}", text


@pytest.mark.parametrize("lang", ["zh", "fr"])
def test_every_screen_speaks_the_learners_language(lang: str, tmp_path):
    """Issue 25, the Python half of its browser check: every text and tooltip of a
    GameView (its controls, the board's view model, the tables as shown), of Learn and of
    the sentences for a click where nothing can be done, in Chinese and in French, has
    no English word but player names (and the key names printed on the keys)."""
    allowed = {w.lower() for w in (*KEY_CAPS, *CITIES, *SOFTWARE)}
    seen = list(_screen_texts(lang, tmp_path))
    typing = {"bid", "ares"}  # the notation example of the box where notation is typed
    leaks = [
        (where, text)
        for where, text in seen
        if _foreign(text, lang, allowed | (typing if "Text." in where else set()))
    ]
    assert len(seen) > 500
    assert leaks == [], leaks[:8]


def test_the_screen_walk_can_fail(tmp_path):
    """The same screens in English show English words in every kind of text walked."""
    found = {
        where.split(" ")[0]
        for where, text in _screen_texts("en", tmp_path)
        if _foreign(text, "fr", set())
    }
    assert {"view", "action", "why_not", "static", "table", "learn", "Button.tooltip"} <= found
