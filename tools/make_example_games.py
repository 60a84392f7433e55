"""Generate the annotated example games in ``cyclades_widgets/data/games/``.

Each game is played by bots: a :class:`~cyclades_widgets.bots.GreedyBot` per seat, steered
by a director (``tools/example_director.py``) that makes a few teaching moves when the
position allows them: call a creature, change one with Zeus, sail a fleet that picks up
and drops off, send one troop against one and roll that battle as a tie. The notes, in
English, Chinese and French, tell the story of the game: the key moves, a mistake with its
better line as a variation, the turning point (``tools/example_story.py``). Each is found
from the events and states of the game it annotates, so a note is true of its game. The
docs page ``docs/example-games.md`` is written from the same run.

    .venv/bin/python tools/make_example_games.py              # rewrite the games and the page
    .venv/bin/python tools/make_example_games.py --check      # exit 1 if a file is stale
    .venv/bin/python tools/make_example_games.py --search 40  # try seeds 0-39 per player count

Generation is deterministic: the same engine gives the same bytes. If a change of the
rules engine changes the games, run the script again; if a rule point then goes missing
(``tests/test_example_games.py`` says which), ``--search`` lists what each seed shows, and
a better seed goes into :data:`SPECS`.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
for folder in (ROOT, ROOT / "tools"):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

from example_director import Director  # noqa: E402
from example_story import TAGS, Story, Text, fill, moves_of  # noqa: E402
from review_example_games import load as load_reviews  # noqa: E402

from cyclades_widgets.game import Game, GameRecord  # noqa: E402
from cyclades_widgets.review.entries import ReviewData  # noqa: E402

GAMES_DIR = ROOT / "cyclades_widgets" / "data" / "games"
DOCS_PAGE = ROOT / "docs" / "example-games.md"
MAX_STEPS = 20_000


@dataclass(frozen=True)
class GameSpec:
    """One example game: who plays, the seed, and the hand-written texts."""

    players: int
    seed: int

    @property
    def file(self) -> str:
        """The file name in ``cyclades_widgets/data/games/``."""
        return f"example-{self.players}p.json"

    @property
    def title(self) -> Text:
        """The record's title, in every language."""
        return fill(TITLE, players=self.players)


TITLE: Text = {
    "en": "Example game for {players} players",
    "zh": "{players} 人对局示例",
    "fr": "Partie d'exemple à {players} joueurs",
}
DESCRIPTION: Text = {
    "en": "{winner} wins at the end of cycle {cycles} with {count} Metropolises, after "
    "{moves} moves. Look for the key moves ({key}), the mistake and its better line "
    "({mistake}), and the turning point ({turning}). Moves are numbered from 1.",
    "zh": "{winner} 在第 {cycles} 个周期结束时以 {count} 座大都市获胜,共 {moves} 着。请留意关键一步"
    "({key})、失误及更好的走法({mistake})和转折点({turning})。着数从 1 开始编号。",
    "fr": "{winner} gagne à la fin du cycle {cycles} avec {count} Métropoles, après {moves} "
    "coups. À voir : les coups clés ({key}), l'erreur et sa meilleure ligne ({mistake}), et "
    "le tournant ({turning}). Les coups sont numérotés à partir de 1.",
}
MOVES: Text = {"en": "move {n}", "zh": "第 {n} 着", "fr": "coup {n}"}
MOVES_MANY: Text = {"en": "moves {n}", "zh": "第 {n} 着", "fr": "coups {n}"}
NONE: Text = {"en": "none in this game", "zh": "本局没有", "fr": "aucune dans cette partie"}


SPECS: tuple[GameSpec, ...] = (GameSpec(2, 8), GameSpec(3, 33), GameSpec(4, 15), GameSpec(5, 1))
"""The four example games. The seeds were chosen with ``--search`` so that together the
games show every rule point of ``tests/test_example_games.py``."""


# --------------------------------------------------------------------------- playing


def play(spec: GameSpec) -> tuple[Game, Director]:
    """Play one example game to its end, every move checked by ``game.play``."""
    game = Game.new(players=spec.players, seed=spec.seed, start="setup")
    director = Director(spec.players, spec.seed)
    for _ in range(MAX_STEPS):
        node = game.node
        if node == "over":
            return game, director
        if node == "auto":
            game.step()
        elif node == "chance":
            staged = director.chance(game.state)
            game.play(staged if staged is not None else game.sample_chance())
        else:
            game.play(director.decide(game.state, game.legal_actions()))
    raise RuntimeError(f"{spec.file}: no winner after {MAX_STEPS} steps")


WITH_REVIEW = False
"""Whether the games carry the review's mistakes (``tools/example_reviews.json``, written by
``tools/review_example_games.py``): off until their notes say why in words (templated
notes would repeat one sentence in each game, which ``tests/test_example_games.py``
refuses); ``--with-review`` turns it on for one run."""


def build(spec: GameSpec) -> tuple[GameRecord, Story]:
    """Play one example game and write its story into the record."""
    game, director = play(spec)
    story = Story(moves_of(game), director, game.state).write()
    record = game.record
    record.title = spec.title
    for k in sorted(story.notes):
        n = story.notes[k]
        record.annotate(
            k,
            before=n.before,
            after=n.after,
            tag=TAGS[n.tag] if n.tag else None,
            isles=n.isles,
            seas=n.seas,
        )
    if story.mistake is not None:
        record.add_variation(story.mistake.index, story.mistake.better,
                             comment=story.mistake.comment)  # fmt: skip
    reviewed = load_reviews().get(spec.file, []) if WITH_REVIEW else []
    if reviewed:  # the search's clearest mistakes (tools/review_example_games.py)
        found = ReviewData(game.players, tuple(reviewed), "strong", 0, game.state.map_id)
        record.annotate_review(found)
    record.description = describe(game, story, [e.move for e in reviewed if e.move is not None])
    return record, story


def _moves(indexes: list[int]) -> Text:
    if not indexes:
        return NONE
    listed = ", ".join(str(k + 1) for k in indexes)
    return fill(MOVES if len(indexes) == 1 else MOVES_MANY, n=listed)


def describe(game: Game, story: Story, reviewed: Sequence[int] = ()) -> Text:
    """The record's description, written from the game, in every language; ``reviewed``:
    the moves of the mistakes the review found."""
    state = game.state
    assert state.winner is not None
    kinds: dict[str, list[int]] = {}
    for k, what in story.points:
        kinds.setdefault(what, []).append(k)
    key = sorted({k for w in ("Metropolis", "conquest") for k in kinds.get(w, [])})
    return fill(
        DESCRIPTION,
        winner=game.winner,
        cycles=state.cycle,
        count=state.metropolises(state.winner),
        moves=len(game.moves()),
        key=_moves(key),
        mistake=_moves(sorted({*kinds.get("mistake", []), *reviewed})),
        turning=_moves(kinds.get("turning point", [])),
    )


# --------------------------------------------------------------------------- the docs page


def docs_page(games: dict[GameSpec, tuple[GameRecord, Story]]) -> str:
    """``docs/example-games.md``: the story of each game, with move numbers."""
    lines = [DOCS_HEAD]
    for spec, (record, story) in games.items():
        game = record.replay()
        title = record.title["en"] if isinstance(record.title, dict) else record.title
        description = record.description or ""
        lines += [
            f"## {title}",
            "",
            f"`cyclades_widgets/data/games/{spec.file}`: {', '.join(record.players)} on "
            f"`{record.map}`; {len(record)} moves over {game.cycle} cycles, won by "
            f"{game.winner}.",
            "",
            description["en"] if isinstance(description, dict) else description,
            "",
            "| Move | Tag | Note (English; also in Chinese and French) |",
            "|---:|---|---|",
        ]
        for k in sorted(story.notes):
            note = story.notes[k]
            text = " ".join(t["en"] for t in (note.before, note.after) if t)
            tag = TAGS[note.tag]["en"] if note.tag else ""
            lines.append(f"| {k + 1} | {tag} | {text} |")
        if story.mistake is not None:
            lines.append(
                f"| {story.mistake.index + 1} | variation | {story.mistake.comment['en']} |"
            )
        lines.append("")
    return "\n".join(lines)


DOCS_HEAD = """# Example games

Four complete games ship with the package in `cyclades_widgets/data/games/`, one for each
player count. Their notes tell the story of the game, in English, Chinese and French: why
the key moves matter, a mistake with its better line as a variation, the turning point and
the end. The narration of every move already says *what* happened; the notes say *why*.

```python
import cyclades_widgets as cw
from importlib import resources

path = resources.files("cyclades_widgets") / "data" / "games" / "example-4p.json"
record = cw.GameRecord.load(path)
cw.set_language("zh")
cw.Replay(record)                 # the board, the narration and the notes in Chinese
record.to_html("game.html", lang="fr")
```

or `python -m cyclades_widgets replay cyclades_widgets/data/games/example-4p.json --lang fr`.

**Move numbers** count from 1, as everywhere a learner reads them: the text replay, the
Replay's notes and variation list, and the HTML page. Move n is `record.steps[n - 1]`, and
`record.game_at(n - 1)` is the position where it is played.

**How they were made.** `tools/make_example_games.py` plays each game with greedy bots,
steered by a director that makes a few teaching moves when the position allows them (it
calls creatures not yet seen, changes one with Zeus, sails a fleet that picks up and drops
off, and sends one troop against one). The dice of that one land battle were chosen so that
both sides tie, and the note at that move says so; every other chance step is drawn as the
game goes. `tools/example_story.py` finds the notes from the game's own events and states,
so they are true of the game they annotate (the odds of the mistake are computed for that
battle). `tests/test_example_games.py` replays every game, checks that the games together
show every rule point of its list, that every note exists in the three languages, cites no
source and repeats no sentence, and fails when a committed file differs from what the
script writes.
"""


# --------------------------------------------------------------------------- writing


def outputs() -> dict[Path, str]:
    """Every file this script writes, with its text."""
    built = {spec: build(spec) for spec in SPECS}
    files = {GAMES_DIR / spec.file: record.dumps() for spec, (record, _) in built.items()}
    files[DOCS_PAGE] = docs_page(built)
    return files


def search(count: int) -> None:
    """Play seeds ``0..count-1`` per player count; print what each game's story holds."""
    for n in (2, 3, 4, 5):
        for seed in range(count):
            game, director = play(GameSpec(n, seed))
            story = Story(moves_of(game), director, game.state).write()
            points = sorted({p for _, p in story.points})
            print(json.dumps({"players": n, "seed": seed, "moves": len(game.moves()),
                              "story": points}))  # fmt: skip


def main(argv: Sequence[str] | None = None) -> int:
    """Write the files, check them (``--check``), or search seeds (``--search N``)."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if a file is stale")
    parser.add_argument("--search", type=int, default=0, help="try N seeds per player count")
    parser.add_argument("--with-review", action="store_true", help="add the review's mistakes")
    args = parser.parse_args(argv)
    global WITH_REVIEW
    WITH_REVIEW = WITH_REVIEW or args.with_review
    if args.search:
        search(args.search)
        return 0
    stale = []
    for path, text in outputs().items():
        old = path.read_text(encoding="utf-8") if path.exists() else None
        if old == text:
            continue
        stale.append(path.relative_to(ROOT))
        if not args.check:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
    for path in stale:
        print(f"{'stale' if args.check else 'written'}: {path}")
    return 1 if (args.check and stale) else 0


if __name__ == "__main__":
    raise SystemExit(main())
