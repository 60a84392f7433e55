"""The tutorials as a newcomer reads them (issue 13, item 4): picture first, no engine talk,
an exercise the notebook checks, and the engine agreeing with what the text says.

Every tutorial of every language track (``notebooks/<lang>/``, generated from
``tools/notebooks/<lang>/``; en, zh, and each track written since), checked the same way:

- opens with its title and what you will learn, and ends with a "What to remember" box and
  a "Try it yourself" exercise that ``cw.check`` answers;
- shows a board picture (a static board, a live board, a reference page with pictures) in
  every section;
- never shows the reader ``assert``, the rules state's internals, raw event lists, seat
  numbers, a source citation or a confidence level;
- in notebook 1, shows clicking and ``legal_actions()`` before the first move written in
  notation, then the notation card.

The facts each text states about its positions are checked here, on the very positions the
notebook builds (its cells run in this process: ``tests/notebook_run.py``), so the
notebooks themselves carry no assertion. The checks read the tables in English, whatever
language the track sets. nbmake runs them again in a kernel (``make test``).
"""

from __future__ import annotations

import io
import re
import tokenize
from collections.abc import Callable
from functools import cache
from typing import Any

import ipywidgets
import pytest
from notebook_run import HEADINGS, LANGS, CellRun, cells, run
from test_catalogs import CITATION

from cyclades_widgets.i18n import language
from cyclades_widgets.learn.exercises import exercises
from cyclades_widgets.learn.reference import RulesReference

SERIES = (
    "01-first-look",
    "02-offerings",
    "03-gods-actions",
    "04-moving-and-fighting",
    "05-metropolises-and-winning",
    "06-creatures",
    "07-replaying-games",
    "08-exploring-scenarios",
)
TRACKS = [(lang, stem) for lang in LANGS for stem in SERIES]
"""(language, tutorial) for every tutorial of every track."""


@pytest.fixture(autouse=True)
def _progress_elsewhere(tmp_path_factory, monkeypatch):
    """Learn mode's progress file goes to a temporary Jupyter data folder."""
    monkeypatch.setenv("JUPYTER_DATA_DIR", str(tmp_path_factory.mktemp("jupyter")))


@cache
def ran(stem: str, lang: str = "en") -> tuple[CellRun, ...]:
    return tuple(run(stem, lang=lang))


def markdown(stem: str, lang: str = "en") -> list[str]:
    return [c["source"] for c in cells(stem, lang) if c["cell_type"] == "markdown"]


def code(stem: str, lang: str = "en") -> list[str]:
    return [c["source"] for c in cells(stem, lang) if c["cell_type"] == "code"]


# --------------------------------------------------------------------------- the shape


def test_every_track_is_the_whole_series_with_its_headings():
    """Each track holds the eight tutorials, and says in its language what the parts of a
    tutorial are called (``notebook_run.HEADINGS``)."""
    assert "en" in LANGS
    for lang in LANGS:
        assert lang in HEADINGS, f"notebooks/{lang}/: add its headings to notebook_run.HEADINGS"
        for stem in SERIES:
            assert cells(stem, lang), f"notebooks/{lang}/{stem}.ipynb is empty"


@pytest.mark.parametrize(("lang", "stem"), TRACKS)
def test_a_tutorial_opens_with_what_you_will_learn(lang: str, stem: str):
    learn = HEADINGS[lang]["learn"]
    first = markdown(stem, lang)[0]
    assert learn in first, f"{lang}/{stem}: the first cell says what you will learn"
    after = first.split(learn, 1)[1]
    assert after.strip().startswith("- "), f"{lang}/{stem}: a list of what you will learn"


@pytest.mark.parametrize(("lang", "stem"), TRACKS)
def test_a_tutorial_ends_with_what_to_remember_and_a_checked_exercise(lang: str, stem: str):
    remember_box, try_it = HEADINGS[lang]["remember"], HEADINGS[lang]["try"]
    texts = markdown(stem, lang)
    assert any(t.startswith(remember_box) for t in texts), f"{lang}/{stem}: no {remember_box!r}"
    remember = next(k for k, t in enumerate(texts) if t.startswith(remember_box))
    last = texts[-1]
    assert last.startswith(try_it) and remember < len(texts) - 1
    found = cells(stem, lang)
    tail = found[[c["source"] for c in found].index(last) + 1 :]
    source = "\n".join(c["source"] for c in tail)
    named = set(re.findall(r'cw\.exercise\("([a-z0-9-]+)"\)', source))
    checked = set(re.findall(r'cw\.check\("([a-z0-9-]+)", answer\)', source))
    assert named and named == checked <= set(exercises()), (lang, stem, named, checked)
    assert "answer = None" in source, f"{lang}/{stem}: the answer is left for the learner"


@pytest.mark.parametrize("lang", LANGS)
def test_every_exercise_ends_a_tutorial(lang: str):
    """Every exercise ends a tutorial, and each tutorial of a track ends with the exercise of
    the English one."""
    used = {
        stem: re.findall(r'cw\.check\("([a-z0-9-]+)"', "\n".join(code(stem, lang)))
        for stem in SERIES
    }
    assert {name for names in used.values() for name in names} == set(exercises())
    english = {
        stem: re.findall(r'cw\.check\("([a-z0-9-]+)"', "\n".join(code(stem))) for stem in SERIES
    }
    assert used == english


@pytest.mark.parametrize(("lang", "stem"), TRACKS)
def test_the_exercise_left_blank_asks_for_an_answer(lang: str, stem: str):
    """Run as written (no answer yet), the check asks for one, and does not fail."""
    verdict = ran(stem, lang)[-1].value
    assert verdict is not None and not verdict.ok and "None" in verdict.text


# --------------------------------------------------------------------------- no engine talk


ENGINE = [
    (re.compile(r"^\s*assert\b", re.M), "an assert"),
    (re.compile(r"\.state\.|\.state\[|\bstate\(\)"), "the rules state's internals"),
    (re.compile(r"\.(history|events)\b"), "the raw history or events"),
    (re.compile(r"\.force\("), "forced chance"),
    (re.compile(r"\bcyclades_widgets\.(rules|history)\b"), "the engine's modules"),
    (re.compile(r"\.state\b"), "the rules state"),
]
"""What a learner never reads in a tutorial's code."""


@pytest.mark.parametrize(("lang", "stem"), TRACKS)
def test_the_code_a_learner_reads_shows_no_engine_internals(lang: str, stem: str):
    for source in code(stem, lang):
        for pattern, what in ENGINE:
            assert not pattern.search(source), f"{lang}/{stem}: {what} in\n{source}"


@pytest.mark.parametrize(("lang", "stem"), TRACKS)
def test_no_text_cites_a_source_or_a_confidence_level(lang: str, stem: str):
    for text in [*markdown(stem, lang), *code(stem, lang)]:
        found = CITATION.search(text)
        assert found is None, f"{lang}/{stem}: {found.group(0) if found else ''!r} in\n{text}"
        assert "种子" not in text and "seed 0" not in text.lower()
        assert "RULES-NOTES" not in text and "§" not in text


SET_LANGUAGE = re.compile(r'^cw\.set_language\("([a-z]+)"\)\n?', re.M)


def _shape(source: str) -> list[str]:
    """A code cell without its words: its tokens, with every string and comment blanked and
    the ``cw.set_language(...)`` line left out."""
    tokens = tokenize.generate_tokens(io.StringIO(SET_LANGUAGE.sub("", source)).readline)
    skip = (tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT)
    return [
        "<str>" if tok.type == tokenize.STRING else tok.string
        for tok in tokens
        if tok.type not in skip and tok.string
    ]


@pytest.mark.parametrize(("lang", "stem"), [(lang, stem) for lang, stem in TRACKS if lang != "en"])
def test_a_translated_tutorial_runs_the_english_code_in_its_language(lang: str, stem: str):
    """A track's code cells are the English ones, cell for cell, but for their words
    (strings, comments) and a first cell that sets the track's language, so every picture,
    table and message is in that language."""
    ours, english = code(stem, lang), code(stem)
    assert len(ours) == len(english), (
        f"{lang}/{stem}: {len(ours)} code cells, en has {len(english)}"
    )
    assert SET_LANGUAGE.findall(ours[0]) == [lang], f"{lang}/{stem}: cw.set_language({lang!r})"
    assert not any(SET_LANGUAGE.search(source) for source in ours[1:])
    for k, (mine, theirs) in enumerate(zip(ours, english, strict=True)):
        assert _shape(mine) == _shape(theirs), f"{lang}/{stem}: code cell {k + 1}\n{mine}"


SEATS = re.compile(r"\[(?:[0-4], )+[0-4]\]|\(\s*(?:[0-4], )+[0-4]\s*\)")


@pytest.mark.parametrize(("lang", "stem"), TRACKS)
def test_what_a_cell_shows_is_for_people(lang: str, stem: str):
    """No raw events, no Action reprs, no seat numbers in what the cells print or show, and
    no source citation in anything they show (pictures and pages included)."""
    where = f"{lang}/{stem}"
    for cell in ran(stem, lang):
        shown = [cell.printed, *(_plain(v) for v in cell.shown)]
        for text in shown:
            assert "Event(" not in text and "Action.parse(" not in text, (where, cell.index)
            assert not SEATS.search(text), (where, cell.index, text[:200])
        assert not isinstance(cell.value, list | tuple), (where, cell.index, cell.value)
        for text in [*shown, *(_rich(v) for v in cell.shown)]:
            found = CITATION.search(text)
            assert found is None, (where, cell.index, text[found.start() - 80 : found.end()])


def _rich(value: Any) -> str:
    """What a notebook shows for a value: its HTML or SVG (widgets are walked elsewhere)."""
    if isinstance(value, ipywidgets.Widget):
        return ""
    if hasattr(value, "_repr_html_"):
        return str(value._repr_html_())
    if hasattr(value, "_repr_svg_"):
        return str(value._repr_svg_())
    return ""


def _plain(value: Any) -> str:
    if hasattr(value, "_repr_svg_") or isinstance(value, ipywidgets.Widget):
        return ""
    return str(value)


# --------------------------------------------------------------------------- pictures


def _is_picture(value: Any) -> bool:
    if hasattr(value, "_repr_svg_") or isinstance(value, ipywidgets.Widget):
        return True
    if isinstance(value, RulesReference) or hasattr(value, "_repr_html_"):
        return "<svg" in value._repr_html_()
    return False


@pytest.mark.parametrize(("lang", "stem"), TRACKS)
def test_every_section_shows_a_board_picture(lang: str, stem: str):
    """Each ``##`` section (but the box and the exercise's own) shows the board at least once."""
    pictured: dict[str, bool] = {}
    section = ""
    runs = {c.index: c for c in ran(stem, lang)}
    for index, cell in enumerate(cells(stem, lang)):
        if cell["cell_type"] == "markdown":
            heading = re.search(r"^## (.+)$", cell["source"], re.M)
            if heading:
                section = heading.group(1)
                pictured.setdefault(section, False)
        elif index in runs and any(_is_picture(v) for v in runs[index].shown):
            pictured[section] = True
    try_it = HEADINGS[lang]["try"]
    missing = [name for name, ok in pictured.items() if not ok and f"## {name}" != try_it]
    assert missing == [], f"{lang}/{stem}: sections without a picture: {missing}"


# --------------------------------------------------------------------------- notebook 1


@pytest.mark.parametrize("lang", LANGS)
def test_notation_comes_after_clicking_and_the_legal_moves(lang: str):
    """Notebook 1 shows the board to click and ``legal_actions()`` before any move written
    in notation, then the notation card."""
    sources = code("01-first-look", lang)
    notation = re.compile(r'\.play\("')
    first_move = next(k for k, s in enumerate(sources) if notation.search(s))
    board = next(k for k, s in enumerate(sources) if "cw.Board(" in s)
    legal = next(k for k, s in enumerate(sources) if "legal_actions()" in s)
    card = next(k for k, s in enumerate(sources) if 'part="notation"' in s)
    assert board < legal < first_move < card


Check = Callable[[dict[str, Any]], None]


def story_checks(stem: str, checks: dict[str, Check], lang: str = "en") -> None:
    """Run a tutorial of the ``lang`` track; after the first code cell whose source matches
    each key (a regular expression), call its check on the notebook's variables (what the
    text says there). The checks read the tables in English, whatever the track's language."""
    done: set[str] = set()

    def after(cell: CellRun, namespace: dict[str, Any]) -> None:
        for marker, check in checks.items():
            if marker not in done and re.search(marker, cell.source, re.M):
                with language("en"):
                    check(namespace)
                done.add(marker)

    run(stem, after, lang)
    assert done == set(checks), f"{lang}/{stem}: cells not found: {set(checks) - done}"


@pytest.mark.parametrize("lang", LANGS)
def test_notebook_1_says_what_its_positions_show(lang: str):
    def race(ns: dict[str, Any]) -> None:
        players = ns["race"].tables.players()
        assert players.loc["Athens", "Metropolises"] == 1
        assert players.loc["Sparta", "Philosophers"] == 3
        assert players.loc["Athens", ["Fortresses", "Ports", "Temples"]].tolist() == [1, 1, 1]
        assert players.loc["Athens", "Universities"] == 0

    def start(ns: dict[str, Any]) -> None:
        game = ns["game"]
        players = game.tables.players()
        assert (players["Isles"] == 2).all() and (players["Troops"] == 2).all()
        assert (players["Fleets"] == 2).all() and game.state.players[0].gold == 5

    def gods(ns: dict[str, Any]) -> None:
        gods = ns["game"].tables.gods()
        assert list(gods[gods["Face up"]]["God"]) == ["Ares", "Poseidon", "Apollo"]

    def first_to_bid(ns: dict[str, Any]) -> None:
        assert ns["game"].to_act == "Athens" and ns["game"].phase.value == "offerings"

    def chain(ns: dict[str, Any]) -> None:
        game = ns["game"]
        assert game.to_act == "Athens" and game.state.turn.god == "ares"
        assert game.state.fleets["g5"][0] == 0 and game.state.isles["ios"].owner is None

    def end(ns: dict[str, Any]) -> None:
        game = ns["game"]
        order = [game.players[s] for s in game.state.turn_order]
        assert game.cycle == 2 and order == ["Corinth", "Sparta", "Athens"]

    def isles(ns: dict[str, Any]) -> None:
        players = ns["game"].tables.players()
        assert players.loc["Athens", "Isles"] == 3 and players.loc["Athens", "Revenue"] == 4

    story_checks(
        "01-first-look",
        {
            r"^race = \(": race,
            r'start="setup"\)': start,
            r"^game\.step\(\)\ngame\.step\(\)\ngame\.step\(\)": gods,
            r"^board = cw\.Board\(": first_to_bid,
            r'highlights=\[\("g5"': chain,
            r"\Agame\.step\(\)\ngame\.step\(\)\nprint": end,
            r"^game\.tables\.players\(\)\[\[": isles,
        },
        lang,
    )


def _open_gods(game: Any) -> list[str]:
    gods = game.tables.gods()
    return [g for g in gods[gods["Face up"]]["God"] if g != "Apollo"]


def _order(game: Any) -> list[str]:
    return [game.players[s] for s in game.state.turn_order]


@pytest.mark.parametrize("lang", LANGS)
def test_notebook_2_says_what_its_positions_show(lang: str):
    def first_cycle(ns: dict[str, Any]) -> None:
        assert _open_gods(ns["game"]) == ["Ares", "Poseidon"]

    def next_cycle(ns: dict[str, Any]) -> None:
        game = ns["game"]
        assert game.cycle == 2 and _open_gods(game) == ["Zeus", "Athena"]

    def athens_bids_first(ns: dict[str, Any]) -> None:
        game = ns["game"]
        assert _order(game)[0] == "Athens" and _open_gods(game) == ["Ares", "Zeus"]

    def turn_order(ns: dict[str, Any]) -> None:
        game = ns["game"]
        assert game.cycle == 2 and _order(game) == ["Corinth", "Sparta", "Athens"]

    def apollo(ns: dict[str, Any]) -> None:
        game = ns["game"]
        assert game.state.isles["naxos"].markers == 1
        assert sum(i.markers for i in game.state.isles.values()) == 1
        assert game.tables.players().loc["Sparta", "Isles"] == 1

    def priests(ns: dict[str, Any]) -> None:
        paid = {
            e.data["player"]: e.data["paid"] for e in ns["game"].events if e.kind == "pay_offering"
        }
        assert paid["Athens"] == 2

    def two_players(ns: dict[str, Any]) -> None:
        game = ns["game"]
        assert len(_open_gods(game)) == 3 and game.to_act == "Athens"
        assert _order(game).count("Athens") == 2

    story_checks(
        "02-offerings",
        {
            r"seed=46\)\ngame$": first_cycle,
            r"^bots = .*\ngame\.advance\(to=\"cycle\", bots=bots\)\ngame\.advance": next_cycle,
            r'^game = cw\.Scenario\(players=3\)\.gods\("ares", "zeus"\)\.game\(\)\ngame\.play': (
                athens_bids_first
            ),
            r"^bots = \{name: cw\.GreedyBot\(seed=1\)": turn_order,
            r'prosperity naxos"\)': apollo,
            r"priests\(\"Athens\", 2\)": priests,
            r"players=2\)": two_players,
        },
        lang,
    )


def _legal(game: Any) -> list[str]:
    return [str(m) for m in game.legal_actions()]


@pytest.mark.parametrize("lang", LANGS)
def test_notebook_3_says_what_its_positions_show(lang: str):
    def ares(ns: dict[str, Any]) -> None:
        game = ns["game"]
        costs = [
            e.data["cost"] for step in game.history for e in step.events if e.kind == "recruit"
        ]
        assert costs == [0, 2, 3, 4] and not any(m.startswith("recruit") for m in _legal(game))

    def eight(ns: dict[str, Any]) -> None:
        game = ns["game"]
        assert game.tables.players().loc["Athens", "Troops"] == 8
        assert not any(m.startswith("recruit troop") for m in _legal(game))

    def sea_pays(ns: dict[str, Any]) -> None:
        game = ns["game"]
        assert game.state.fleets["f7"] == (0, 1)
        assert game.tables.players().loc["Athens", "Revenue"] == 3

    def sea_left(ns: dict[str, Any]) -> None:
        game = ns["game"]
        assert "f7" not in game.state.fleets or game.state.fleets["f7"][1] == 0
        assert game.tables.players().loc["Athens", "Revenue"] == 2

    def kea_full(ns: dict[str, Any]) -> None:
        isles = ns["game"].tables.isles()
        assert isles.loc["kea", "Free slots"] == 0 and isles.loc["naxos", "Free slots"] == 4

    def zeus(ns: dict[str, Any]) -> None:
        assert ns["game"].tables.players().loc["Athens", "Priests"] == 2

    def apollo(ns: dict[str, Any]) -> None:
        assert _legal(ns["game"]) == ["prosperity kea", "prosperity naxos"]

    story_checks(
        "03-gods-actions",
        {
            r"for _ in range\(4\)": ares,
            r'troops\("naxos", "Athens", 6\)': eight,
            r'recruit fleet f7"\)': sea_pays,
            r"move fleets f7>": sea_left,
            r'build port kea"\)': kea_full,
            r'recruit priest"\)': zeus,
            r'god="apollo"': apollo,
        },
        lang,
    )


def _owner(game: Any, isle: str) -> str | None:
    seat = game.state.isles[isle].owner
    return None if seat is None else game.players[seat]


@pytest.mark.parametrize("lang", LANGS)
def test_notebook_4_says_what_its_positions_show(lang: str):
    def chain(ns: dict[str, Any]) -> None:
        moves = _legal(ns["game"])
        assert "move troops kea>mykonos 3" in moves and "move troops kea>syros 3" in moves
        assert not any(">paros" in m for m in moves)

    def empty_isle(ns: dict[str, Any]) -> None:
        game = ns["game"]
        assert _owner(game, "ios") == "Athens" and _owner(game, "naxos") == "Athens"
        assert game.state.isles["naxos"].troops == 0 and game.state.isles["naxos"].territory

    def marker_only(ns: dict[str, Any]) -> None:
        game = ns["game"]
        assert _owner(game, "mykonos") == "Athens"
        assert game.state.isles["mykonos"].buildings == ["fortress"]

    def no_marker_left(ns: dict[str, Any]) -> None:
        game = ns["game"]
        assert _owner(game, "kea") is None and _owner(game, "delos") == "Athens"

    def fleets(ns: dict[str, Any]) -> None:
        seas = ns["game"].state.fleets
        assert seas["g3"] == (0, 2) and seas["h4"] == (0, 1)

    def round_one(ns: dict[str, Any]) -> None:
        game = ns["game"]
        assert game.state.isles["mykonos"].troops == 1 and _owner(game, "mykonos") == "Sparta"
        assert game.to_act == "Sparta" and _legal(game) == ["fight", "retreat delos"]

    def won(ns: dict[str, Any]) -> None:
        game = ns["game"]
        assert _owner(game, "mykonos") == "Athens"
        assert game.state.isles["mykonos"].buildings == ["fortress"]

    def last_isle(ns: dict[str, Any]) -> None:
        game = ns["game"]
        assert game.tables.players().loc["Sparta", "Isles"] == 1
        assert not any(">mykonos" in m for m in _legal(game))

    def eliminated(ns: dict[str, Any]) -> None:
        players = ns["game"].tables.players()
        assert bool(players.loc["Sparta", "Eliminated"])
        assert players.loc["Athens", "Metropolises"] == 2

    story_checks(
        "04-moving-and-fighting",
        {
            r"highlights=\[\(\"c2\"": chain,
            r'move troops naxos>ios 1"\)': empty_isle,
            r'territory\("mykonos", "Sparta"\)': marker_only,
            r'territory\("syros", "Athens"\)': no_marker_left,
            r'sail g3"\)': fleets,
            r'dice\("2 1", "3 0"\)': round_one,
            r'^game\.play\("fight"\)\ngame\.play\("fight"\)': won,
            r'^game = \(\n    cw\.Scenario\(players=3\)\n    \.clear\("paros"\)': last_isle,
            r'metropolis\("ios"\)': eliminated,
        },
        lang,
    )


@pytest.mark.parametrize("lang", LANGS)
def test_notebook_5_says_what_its_positions_show(lang: str):
    def buildings(ns: dict[str, Any]) -> None:
        athens = ns["ways"]["buildings"].tables.players().loc["Athens"]
        kinds = ["Fortresses", "Ports", "Temples", "Universities"]
        assert athens["Metropolises"] == 1 and athens[kinds].sum() == 0

    def not_a_set(ns: dict[str, Any]) -> None:
        game = ns["game"]
        athens = game.tables.players().loc["Athens"]
        assert athens["Metropolises"] == 1 and athens["Fortresses"] == 0
        assert athens[["Ports", "Temples", "Universities"]].tolist() == [1, 1, 1]
        assert not any(m.startswith("metropolis") for m in _legal(game))

    def no_room(ns: dict[str, Any]) -> None:
        moves = _legal(ns["game"])
        assert moves and all(" destroy " in m for m in moves)

    def made_room(ns: dict[str, Any]) -> None:
        game = ns["game"]
        assert game.state.isles["kea"].metropolis and game.state.isles["kea"].buildings == []
        assert sorted(game.state.isles["naxos"].buildings) == [
            "fortress",
            "fortress",
            "temple",
            "temple",
        ]

    def replaced(ns: dict[str, Any]) -> None:
        athens = ns["game"].tables.players().loc["Athens"]
        assert (athens["Isles"], athens["Metropolises"], athens["Philosophers"]) == (1, 1, 0)

    def taken_back(ns: dict[str, Any]) -> None:
        game = ns["game"]
        assert game.cycle == 2 and not game.is_over
        assert game.tables.players().loc["Athens", "Metropolises"] == 1
        assert _owner(game, "kea") == "Sparta"

    def quiet_wins(ns: dict[str, Any]) -> None:
        assert ns["quiet"].is_over and ns["quiet"].winner == "Athens"

    def richest(ns: dict[str, Any]) -> None:
        game = ns["game"]
        assert game.winner == "Athens"
        assert game.tables.players().loc["Sparta", "Metropolises"] == 3

    story_checks(
        "05-metropolises-and-winning",
        {
            r"^ways = \{\}": buildings,
            r'exercise\("four-buildings"\)\.game\(\)': not_a_set,
            r'build\("naxos", "fortress", "fortress", "temple", "temple"\)': no_room,
            r'metropolis kea destroy port"\)': made_room,
            r'\.clear\("kea"\)': replaced,
            r"^quiet = game\.fork\(\)": taken_back,
            r'^quiet\.play\("end"\)': quiet_wins,
            r'gold\("Sparta", 2\)': richest,
        },
        lang,
    )


@pytest.mark.parametrize("lang", LANGS)
def test_notebook_6_says_what_its_positions_show(lang: str):
    def track(ns: dict[str, Any]) -> None:
        creatures = ns["game"].tables.creatures()
        assert len(creatures) == 3

    def pegasus(ns: dict[str, Any]) -> None:
        assert _owner(ns["game"], "ios") == "Athens"

    def siren(ns: dict[str, Any]) -> None:
        assert ns["game"].state.fleets["d4"][0] == 0

    def kraken(ns: dict[str, Any]) -> None:
        game = ns["game"]
        assert "d4" not in game.state.fleets and game.tables.seas().loc["d5", "Kraken"]

    def harpy(ns: dict[str, Any]) -> None:
        game = ns["game"]
        assert game.state.isles["paros"].troops == 0 and _owner(game, "paros") == "Sparta"

    def giant(ns: dict[str, Any]) -> None:
        assert ns["game"].state.isles["mykonos"].buildings == []

    def griffon(ns: dict[str, Any]) -> None:
        assert ns["game"].tables.players().loc["Sparta", "Gold"] == 4

    def satyr(ns: dict[str, Any]) -> None:
        athens = ns["game"].tables.players().loc["Athens"]
        assert (athens["Philosophers"], athens["Priests"]) == (1, 1)

    def cyclopes(ns: dict[str, Any]) -> None:
        assert ns["game"].state.isles["naxos"].buildings == ["port"]

    def chimera(ns: dict[str, Any]) -> None:
        assert not ns["game"].state.creature_discard

    def medusa(ns: dict[str, Any]) -> None:
        assert not any(m.startswith("move troops mykonos") for m in _legal(ns["game"]))

    def chiron(ns: dict[str, Any]) -> None:
        moves = _legal(ns["game"])
        assert moves and "harpy kea" not in moves

    story_checks(
        "06-creatures",
        {
            r"^game\.tables\.creatures\(\)": track,
            r'pegasus kea>ios 2"\)': pegasus,
            r'"siren d4"\)': siren,
            r'"kraken done"\)': kraken,
            r'"harpy paros"\)': harpy,
            r'"giant fortress mykonos"\)': giant,
            r'"griffon sparta"\)': griffon,
            r'"dryad corinth"\)': satyr,
            r'"cyclopes naxos temple>port"\)': cyclopes,
            r'"chimera fates"\)': chimera,
            r'"medusa mykonos"': medusa,
            r'"chiron kea"': chiron,
        },
        lang,
    )


@pytest.mark.parametrize("lang", LANGS)
def test_notebook_7_says_what_its_positions_show(lang: str):
    def moment(ns: dict[str, Any]) -> None:
        assert ns["moment"].to_act == "Corinth" and ns["example"].moves()[7] == "bid ares 2"
        # An outbid chain: Corinth, displaced a moment ago, outbids in turn.
        assert ns["moment"].state.displaced is not None

    def apollo_instead(ns: dict[str, Any]) -> None:
        assert ns["moment"].state.apollo == [ns["moment"].state.seat("Corinth")]

    def annotated(ns: dict[str, Any]) -> None:
        record, k = ns["record"], ns["first_bid"]
        step = record.step(k)
        assert record.moves()[k].startswith("bid") and step.tag and step.before and step.after
        assert all(not m.startswith("bid") for m in record.moves()[:k])

    def variation(ns: dict[str, Any]) -> None:
        assert ns["record"].moves(ns["line"])[ns["first_bid"]] == "bid apollo"

    def saved(ns: dict[str, Any]) -> None:
        assert ns["again"] == ns["record"]

    story_checks(
        "07-replaying-games",
        {
            r"^moment = example\.game_at\(7\)": moment,
            r'^moment\.play\("bid apollo"\)': apollo_instead,
            r"^first_bid = ": annotated,
            r"^line = record\.add_variation": variation,
            r"record\.save\(path\)": saved,
        },
        lang,
    )


@pytest.mark.parametrize("lang", LANGS)
def test_notebook_8_says_what_its_positions_show(lang: str):
    def refused(ns: dict[str, Any]) -> None:
        game = ns["game"]
        assert game.to_act == "Athens" and game.phase.value == "offerings"
        assert game.tables.players().loc["Athens", ["Metropolises", "Philosophers"]].tolist() == [
            1,
            3,
        ]

    def forked(ns: dict[str, Any]) -> None:
        assert ns["game"].to_act == "Athens" and len(ns["game"].history) < len(ns["athena"].history)

    def lines(ns: dict[str, Any]) -> None:
        assert ns["athena"].is_over and ns["athena"].winner == "Athens"
        assert not ns["apollo"].is_over
        assert ns["apollo"].tables.players().loc["Athens", "Metropolises"] == 1

    story_checks(
        "08-exploring-scenarios",
        {
            r'troops\("naxos", "Athens", 9\)': refused,
            r'^athena = game\.fork\(\)\nathena\.play\("bid athena 3"\)\napollo': forked,
            r"^bots = ": lines,
        },
        lang,
    )


def test_the_teaching_map_lists_each_tutorials_exercise():
    """docs/teaching.md, "The tutorials": one row per tutorial, naming its exercise."""
    from notebook_run import REPO

    page = (REPO / "docs" / "teaching.md").read_text(encoding="utf-8")
    table = page.split("\n## The tutorials\n", 1)[1]
    rows = re.findall(r"^\| \d \| `([0-9a-z-]+)` \| `([a-z0-9-]+)`", table, re.M)
    used = [
        (stem, re.findall(r'cw\.check\("([a-z0-9-]+)"', "\n".join(code(stem)))[0])
        for stem in SERIES
    ]
    assert rows == used
