"""Generate the annotated example games in ``cyclades_widgets/data/games/``.

Each game is played by bots: a :class:`~cyclades_widgets.bots.GreedyBot` per seat, steered
by a director (``tools/example_director.py``) that makes a few teaching moves when the
position allows them: call a creature, change one with Zeus, sail a fleet that picks up
and drops off, send one troop against one and roll that battle as a tie. Every note is then
written from the events and states of the game it annotates (``tools/example_notes.py``,
``tools/example_board_notes.py``), so a note is true of its game. The docs page
``docs/example-games.md`` is written from the same run.

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

from example_board_notes import BoardNotes  # noqa: E402
from example_director import Director  # noqa: E402
from example_notes import WHY, OfferingNotes, moves_of  # noqa: E402

from cyclades_widgets.game import Game, GameRecord  # noqa: E402

GAMES_DIR = ROOT / "cyclades_widgets" / "data" / "games"
DOCS_PAGE = ROOT / "docs" / "example-games.md"
MAX_STEPS = 20_000
READING = (
    " Comments before a move say why it was made or what the rules forbid there; comments "
    "after it say what a rule did, citing its source (seed 000, seed 002 or RULES-NOTES). "
    "Tags mark the first time a rule point appears. Dice that a note calls chosen for the "
    "lesson were staged; every other chance step comes from the seed."
)
HIGHLIGHTS = (
    "outbid chain", "own token displaced", "Apollo shared", "Priest discount (min 1 GP)",
    "fleet pick-up", "sea battle", "retreat", "mutual annihilation", "last-isle rule",
    "last-isle exception", "Metropolis: 4 buildings", "Metropolis: 4 Philosophers",
    "Metropolis by conquest", "lone Metropolis isle", "elimination", "Temple discount",
    "Zeus: change a creature", "tie-break",
)  # fmt: skip
"""Rule points named in a game's description when it shows them."""


@dataclass(frozen=True)
class GameSpec:
    """One example game: who plays, the seed, and the hand-written texts."""

    players: int
    seed: int
    intro: str
    """Shown before the first move; true of any game with this many players."""

    @property
    def file(self) -> str:
        """The file name in ``cyclades_widgets/data/games/``."""
        return f"example-{self.players}p.json"

    @property
    def title(self) -> str:
        """The record's title."""
        return f"Example game for {self.players} players"


SPECS: tuple[GameSpec, ...] = (
    GameSpec(
        2,
        8,
        "Two players on the small map (map-2-3). Each player has two offering tokens and "
        "bids on two gods every cycle; three gods are face up, as in a 4-player game, and "
        "a player needs 3 Metropolises at the end of a cycle to win (seed 002 '双人局例外').",
    ),
    GameSpec(
        3,
        33,
        "Three players on the small map (map-2-3). Only two gods are face up each cycle "
        "and Apollo is always open; 2 Metropolises at the end of a cycle win.",
    ),
    GameSpec(
        4,
        15,
        "Four players on map-4. Three gods are face up each cycle while the fourth waits "
        "face down; 2 Metropolises at the end of a cycle win.",
    ),
    GameSpec(
        5,
        30,
        "Five players on map-5. All four gods are face up every cycle, with Apollo last; "
        "2 Metropolises at the end of a cycle win.",
    ),
)
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


class Annotator(OfferingNotes, BoardNotes):
    """All the notes of one game."""


def annotate(game: Game, director: Director) -> Annotator:
    """Walk the game and gather its notes."""
    annotator = Annotator(game, director)
    annotator.run(moves_of(game))
    return annotator


def build(spec: GameSpec) -> tuple[GameRecord, list[tuple[int, str]]]:
    """Play and annotate one example game; also return the (step, rule point) pairs
    its notes show, for the docs page."""
    game, director = play(spec)
    annotator = annotate(game, director)
    record = game.record
    record.title = spec.title
    record.description = describe(game, annotator.shown)
    annotator.note(0).before.insert(0, spec.intro + READING)
    for k in sorted(annotator.notes):
        n = annotator.notes[k]
        tags = [t for t in n.tags if t != WHY] or n.tags
        record.annotate(
            k,
            before=" ".join(n.before) or None,
            after=" ".join(n.after) or None,
            tag=tags[0] if tags else None,
            isles=n.isles,
            seas=n.seas,
            arrows=n.arrows,
        )
    return record, annotator.shown


def describe(game: Game, shown: list[tuple[int, str]]) -> str:
    """The record's description, written from the game."""
    state = game.state
    assert state.winner is not None
    first = {}
    for k, point in shown:
        first.setdefault(point, k)
    points = [f"{p} (step {first[p]})" for p in sorted(first, key=first.get) if p in HIGHLIGHTS]
    return (
        f"{game.winner} wins at the end of cycle {state.cycle} "
        f"with {state.metropolises(state.winner)} Metropolises, after {len(game.moves())} "
        f"steps. Look for: {', '.join(points)}. Step numbers count from 0, as in "
        "record.game_at(k)."
    )


# --------------------------------------------------------------------------- the docs page


def docs_page(games: dict[GameSpec, tuple[GameRecord, list[tuple[int, str]]]]) -> str:
    """``docs/example-games.md``: what each game shows, with step numbers."""
    lines = [DOCS_HEAD]
    for spec, (record, shown) in games.items():
        game = record.replay()
        lines += [
            f"## {record.title}",
            "",
            f"`cyclades_widgets/data/games/{spec.file}`: {', '.join(record.players)} on "
            f"`{record.map}`, seed {record.seed}; {len(record)} steps over {game.cycle} "
            f"cycles, won by {game.winner}.",
            "",
            record.description or "",
            "",
            "| Step | Rule point |",
            "|---:|---|",
        ]
        seen: dict[str, list[int]] = {}
        for k, point in shown:
            seen.setdefault(point, []).append(k)
        for point, steps in sorted(seen.items(), key=lambda kv: kv[1][0]):
            lines.append(f"| {', '.join(map(str, steps))} | {point} |")
        lines.append("")
    return "\n".join(lines)


DOCS_HEAD = """# Example games

Four complete games ship with the package in `cyclades_widgets/data/games/`, one for each
player count. Each is annotated: a comment *before* a step says why a bid was made or what
the rules forbid there; a comment *after* it says what a rule did, naming the rule and its
source (seed 000, seed 002 or `RULES-NOTES.md`). Tags mark where a rule point is shown for
the first time.

```python
import cyclades_widgets as cw
from importlib import resources

path = resources.files("cyclades_widgets") / "data" / "games" / "example-4p.json"
record = cw.GameRecord.load(path)
cw.Replay(record)                 # step through it in a notebook
record.game_at(40).explain("zh")  # narration works in English and Chinese
```

or `python -m cyclades_widgets replay cyclades_widgets/data/games/example-4p.json`.

**Step numbers** below are record steps counted from 0, as in `record.steps[k]` and
`record.game_at(k)` (the position where step k is played). The text replay numbers moves
from 1, so step k is printed as `[k+1]`.

**How they were made.** `tools/make_example_games.py` plays each game with greedy bots,
steered by a director that makes a few teaching moves when the position allows them (it
calls creatures not yet seen, changes one with Zeus, sails a fleet that picks up and drops
off, and sends one troop against one). The dice of one land battle were chosen so that
both sides tie; the note at that step says so. Every other chance step comes from the
seed. The notes are written from the game's own events and states, so they are true of
the game they annotate. `tests/test_example_games.py` replays every game, checks that the
games together show every rule point of its list, checks facts the notes state, and fails
when a committed file differs from what the script writes.

**Languages.** The notes are in English only: a `cyclades-record/1` step holds one
`before` and one `after` comment, not one per language. The narration of every step (the
events) is available in English and Chinese.
"""


# --------------------------------------------------------------------------- writing


def outputs() -> dict[Path, str]:
    """Every file this script writes, with its text."""
    built = {spec: build(spec) for spec in SPECS}
    files = {GAMES_DIR / spec.file: record.dumps() for spec, (record, _) in built.items()}
    files[DOCS_PAGE] = docs_page(built)
    return files


def search(count: int) -> None:
    """Play seeds ``0..count-1`` per player count; print the rule points each shows."""
    for n in (2, 3, 4, 5):
        for seed in range(count):
            game, director = play(GameSpec(n, seed, ""))
            shown = sorted({p for _, p in annotate(game, director).shown})
            print(
                json.dumps({"players": n, "seed": seed, "steps": len(game.moves()), "shown": shown})
            )


def main(argv: Sequence[str] | None = None) -> int:
    """Write the files, check them (``--check``), or search seeds (``--search N``)."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if a file is stale")
    parser.add_argument("--search", type=int, default=0, help="try N seeds per player count")
    args = parser.parse_args(argv)
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
