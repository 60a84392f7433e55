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


def _foreign(text: str, lang: str, allowed: set[str]) -> list[str]:
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
