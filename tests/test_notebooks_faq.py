"""Seed 002's FAQ (常见规则与玩法问答): every question is answered in the tutorial series.

Each rules question of the FAQ is asked, in plain English, as a ``###`` heading of the
tutorial named below (the tutorials never cite the digest); the Chinese track asks it in
the digest's own words, exactly as the digest writes it. The code cell after that heading
shows the answer on the board, and the check here asserts, on the position that cell built
(the notebook runs in this process), what the engine does, in every language track:

- every question of seed 002's FAQ is mapped here, to one heading in one tutorial;
- that heading is in the tutorial exactly once, followed by a code cell;
- after that cell runs, the engine's answer holds on the notebook's own position.

The last three questions of the FAQ are about the game, not its rules: Learn mode and the
first tutorial answer them (``docs/teaching.md``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from ci_gate import skip_or_fail
from notebook_run import LANGS, CellRun, cells, run

from cyclades_widgets.i18n import language

REPO = Path(__file__).resolve().parents[1]
SEED_002 = REPO.parent / "shared" / "seeds"

Check = Callable[[dict[str, Any]], None]


def _acts_first(ns: dict[str, Any]) -> None:
    """seed 002 FAQ: the gods act in their order; the highest offering does not act first."""
    game = ns["game"]
    gods = game.tables.gods().set_index("God")
    assert gods.loc["Zeus", "Bid"] > gods.loc["Ares", "Bid"]
    assert game.to_act == gods.loc["Ares", "Holder"] == "Athens"
    assert game.state.turn.god == "ares"


def _outbid_at_once(ns: dict[str, Any]) -> None:
    """seed 002 FAQ: the outbid player bids again at once, never on the god just lost."""
    game = ns["game"]
    assert game.to_act == "Athens" and game.phase.value == "offerings"
    moves = [str(m) for m in game.legal_actions()]
    assert moves and not any(m.startswith("bid ares") for m in moves)
    assert game.tables.gods().set_index("God").loc["Ares", "Holder"] == "Sparta"


def _apollo_shared(ns: dict[str, Any]) -> None:
    """seed 002 FAQ: Apollo takes no offering; several players share him; 1 GP, or 4 GP
    with one isle; only the first places the prosperity marker."""
    game = ns["game"]
    seats = [game.players[s] for s in game.state.apollo]
    assert seats == ["Athens", "Sparta"]
    gold = game.tables.players()["Gold"]
    assert gold["Athens"] == 5 + 1  # two isles: 1 GP
    assert game.to_act == "Athens"  # the first on Apollo places the marker
    assert {str(m).split()[0] for m in game.legal_actions()} == {"prosperity"}


def _creature_at_once(ns: dict[str, Any]) -> None:
    """seed 002 FAQ: a creature bought acts at once; it cannot be kept for later."""
    game = ns["game"]
    kinds = [e.kind for step in game.history[-3:] for e in step.events]
    assert "creature_bought" in kinds
    pending = game.state.pending[-1]
    assert pending.kind == "creature" and pending.data["creature"] == "pegasus"
    assert all(not str(m).startswith(("end", "buy")) for m in game.legal_actions())


def _victory_at_cycle_end(ns: dict[str, Any]) -> None:
    """seed 002 FAQ: victory is checked only at the end of the cycle."""
    game = ns["game"]
    assert game.tables.players().loc["Athens", "Metropolises"] == 2
    assert not game.is_over and game.phase.value == "actions"


def _three_ways(ns: dict[str, Any]) -> None:
    """seed 002 FAQ: buildings, Philosophers, conquest."""
    made = ns["ways"]
    assert sorted(made) == ["buildings", "conquest", "philosophers"]
    assert all(game.tables.players().loc["Athens", "Metropolises"] >= 1 for game in made.values())


def _defender_keeps(ns: dict[str, Any]) -> None:
    """seed 002 FAQ: both last troops fall in the same round: the defender keeps the isle."""
    game = ns["game"]
    isle = game.state.isles["paros"]
    assert isle.troops == 0 and game.players[isle.owner] == "Athens"
    assert any(e.kind == "battle_end" for step in game.history[-2:] for e in step.events)


def _three_for_two(ns: dict[str, Any]) -> None:
    """seed 002 FAQ '双人局': two Metropolises do not win with two players; three do."""
    two, three = ns["two"], ns["three"]
    assert not two.is_over and two.tables.players().loc["Athens", "Metropolises"] == 2
    assert three.is_over and three.winner == "Athens"


FAQ: dict[str, tuple[str, str, Check]] = {
    "最高出价的玩家会最先行动吗?": (
        "02-offerings",
        "Does the highest offering act first?",
        _acts_first,
    ),
    "被更高出价挤走后,可以暂时保留标记再决定吗?": (
        "02-offerings",
        "When I am outbid, may I keep my token aside and decide later?",
        _outbid_at_once,
    ),
    "Apollo 也要竞价吗?多人选择会冲突吗?": (
        "02-offerings",
        "Must Apollo be bid for? Can several players choose him?",
        _apollo_shared,
    ),
    "买到神话生物后可以留到以后再用吗?": (
        "06-creatures",
        "Can I keep a creature I bought for later?",
        _creature_at_once,
    ),
    "什么时候检查 Metropolis 胜利?": (
        "05-metropolises-and-winning",
        "When is the winner decided?",
        _victory_at_cycle_end,
    ),
    "Metropolis 有哪些取得方式?": (
        "05-metropolises-and-winning",
        "What are the ways to a Metropolis?",
        _three_ways,
    ),
    "陆战双方最后一兵同时消失,岛屿归谁?": (
        "04-moving-and-fighting",
        "Both sides lose their last troop at once: whose is the isle?",
        _defender_keeps,
    ),
    "双人局仍然两座大都市就能获胜吗?": (
        "05-metropolises-and-winning",
        "With two players, do two Metropolises still win?",
        _three_for_two,
    ),
}
"""Seed 002 FAQ rules question → (tutorial, its heading, the engine's answer)."""

HEADINGS: dict[str, dict[str, str]] = {
    "zh": {question: question for question in FAQ},
    "fr": {
        "最高出价的玩家会最先行动吗?": "La plus grosse offrande agit-elle en premier\u202f?",
        "被更高出价挤走后,可以暂时保留标记再决定吗?": (
            "Quand on surenchérit sur moi, puis-je garder mon pion de côté et décider plus"
            " tard\u202f?"
        ),
        "Apollo 也要竞价吗?多人选择会冲突吗?": (
            "Faut-il miser pour Apollon\u202f? Plusieurs joueurs peuvent-ils le choisir\u202f?"
        ),
        "买到神话生物后可以留到以后再用吗?": (
            "Puis-je garder pour plus tard une créature que j'ai achetée\u202f?"
        ),
        "什么时候检查 Metropolis 胜利?": "Quand le vainqueur est-il désigné\u202f?",
        "Metropolis 有哪些取得方式?": "Quelles sont les façons d'obtenir une Métropole\u202f?",
        "陆战双方最后一兵同时消失,岛屿归谁?": (
            "Les deux camps perdent leur dernière troupe en même temps\u00a0: à qui est"
            " l'île\u202f?"
        ),
        "双人局仍然两座大都市就能获胜吗?": (
            "À deux joueurs, deux Métropoles suffisent-elles encore pour gagner\u202f?"
        ),
    },
}
"""Each track's heading for each question (English: the heading in :data:`FAQ`). The
Chinese track quotes the digest's questions word for word."""


def heading(question: str, lang: str) -> str:
    """The heading that asks ``question`` in the ``lang`` track."""
    if lang == "en":
        return FAQ[question][1]
    assert lang in HEADINGS, f"notebooks/{lang}/: add its FAQ headings to HEADINGS"
    return HEADINGS[lang][question]


WHOLE_SECTION = {"Metropolis 有哪些取得方式?"}
"""Questions answered by every code cell of their section (one way to a Metropolis per
cell): the check runs after the section's last code cell."""

NOT_RULES = (
    "《群島爭霸》几个人玩体验最好?支持在线试玩吗?",
    "《群島爭霸》复杂度如何?有哪些核心机制?",
    "在哪里学习《群島爭霸》?",
)
"""Questions of the FAQ about the game, not its rules (``docs/teaching.md`` maps them)."""


def answering_cell(question: str, lang: str = "en") -> int:
    """The index of the code cell right after the question's heading in the ``lang`` track
    (for a question of :data:`WHOLE_SECTION`, the last code cell of its section)."""
    stem = FAQ[question][0]
    asked = heading(question, lang)
    found = cells(stem, lang)
    pattern = re.compile(rf"^### {re.escape(asked)}$", re.M)
    hits = [
        k
        for k, c in enumerate(found)
        if c["cell_type"] == "markdown" and pattern.search(c["source"])
    ]
    where = f"{lang}/{stem}"
    assert len(hits) == 1, f"{where}: the heading '### {asked}' is there {len(hits)} times"
    after = next(
        (k for k in range(hits[0] + 1, len(found)) if found[k]["cell_type"] == "code"), None
    )
    assert after is not None, f"{where}: no code after '### {asked}'"
    between = [c for c in found[hits[0] + 1 : after] if _heading(c)]
    assert not between, f"{where}: another heading comes before the answer to {asked!r}"
    if question in WHOLE_SECTION:
        end = next((k for k in range(after, len(found)) if _heading(found[k])), len(found))
        return max(k for k in range(after, end) if found[k]["cell_type"] == "code")
    return after


def _heading(cell: dict[str, Any]) -> bool:
    return cell["cell_type"] == "markdown" and bool(re.search(r"^#{1,3} ", cell["source"], re.M))


@pytest.fixture(scope="module")
def answered(tmp_path_factory) -> dict[tuple[str, str], BaseException | None]:
    """Run each tutorial of each track once; after each answering cell, check the engine's
    answer (the checks read the tables in English, whatever the track's language)."""
    import os

    os.environ.setdefault("JUPYTER_DATA_DIR", str(tmp_path_factory.mktemp("jupyter")))
    outcome: dict[tuple[str, str], BaseException | None] = {}
    for lang in LANGS:
        for stem in sorted({stem for stem, _, _ in FAQ.values()}):
            wanted = {answering_cell(q, lang): q for q, (s, _, _) in FAQ.items() if s == stem}

            def after(
                cell: CellRun,
                namespace: dict[str, Any],
                wanted: dict[int, str] = wanted,
                lang: str = lang,
            ) -> None:
                question = wanted.get(cell.index)
                if question is not None:
                    try:
                        with language("en"):
                            FAQ[question][2](namespace)
                        outcome[lang, question] = None
                    except BaseException as err:  # noqa: BLE001 (reported by the test below)
                        outcome[lang, question] = err

            run(stem, after, lang)
    return outcome


@pytest.mark.parametrize(("lang", "question"), [(lang, q) for lang in LANGS for q in FAQ])
def test_faq_question_is_asked_and_answered_by_the_engine(
    lang: str, question: str, answered
) -> None:
    """seed 002 '常见规则与玩法问答': asked in plain words, answered on the board, and the
    engine's answer holds on that very position, in every track."""
    where = f"{lang}/{FAQ[question][0]}"
    assert (lang, question) in answered, f"{where}: the answering cell never ran"
    error = answered[lang, question]
    assert error is None, f"{where}, {heading(question, lang)}: {error!r}"


@pytest.mark.parametrize("lang", LANGS)
def test_every_faq_heading_is_asked_once_and_no_tutorial_cites_the_faq(lang: str) -> None:
    for question in FAQ:
        answering_cell(question, lang)
    stems = {stem for stem, _, _ in FAQ.values()}
    for stem in stems:
        text = "\n".join(c["source"] for c in cells(stem, lang))
        assert "FAQ" not in text and "> FAQ:" not in text


def test_the_chinese_track_quotes_the_questions_as_the_digest_writes_them() -> None:
    """Word for word, punctuation included: a Chinese reader finds the digest's question."""
    assert HEADINGS["zh"] == {question: question for question in FAQ}
    for question, (stem, _, _) in FAQ.items():
        text = "\n".join(c["source"] for c in cells(stem, "zh") if c["cell_type"] == "markdown")
        assert f"\n### {question}\n" in f"\n{text}\n", f"zh/{stem}: {question!r}"


def _seed_questions(text: str) -> list[str]:
    start = text.index("常见规则与玩法问答")
    end = text.index("规则与正文参考", start)
    lines = [line.strip() for line in text[start:end].splitlines()[1:]]
    return [line for line in lines if line.endswith(("?", "?"))]


def test_faq_list_matches_seed_002() -> None:
    """The FAQ list above is seed 002's, question for question (when the seed is at hand)."""
    seeds = sorted(SEED_002.glob("002_*.txt")) if SEED_002.is_dir() else []
    if not seeds:
        skip_or_fail(f"seed 002 is not at {SEED_002}; the list in this file stands in for it")
    text = seeds[0].read_text(encoding="utf-8")
    assert _seed_questions(text) == list(FAQ)
    after = text.split("规则与正文参考", 1)[1]
    assert [line.strip() for line in after.splitlines() if line.strip().endswith("?")] == list(
        NOT_RULES
    )


def test_seed_question_parser() -> None:
    """The parser used above finds questions between the FAQ heading and the next heading."""
    text = "正文\n常见规则与玩法问答\n甲吗?\n答。\n乙吗?\n答。\n规则与正文参考\n丙吗?\n"
    assert _seed_questions(text) == ["甲吗?", "乙吗?"]
