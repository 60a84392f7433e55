"""``Game`` and ``GameRecord``: the public faces of a game and of its record.

:class:`Game` is a :class:`~cyclades_widgets.history.BaseGame` (the rules state and its
history) with what the layers above the game offer: its record, its tables, its narration
and its picture. :class:`GameRecord` is a :class:`~cyclades_widgets.records.tree.RecordTree`
(the record's data) that replays into a ``Game``. The two live in one module because each
hands out the other (``game.record``, ``record.replay()``); every module below imports
neither, so the import graph has no cycle (``docs/architecture.md``).

>>> game = Game.new(players=3, seed=2)  # turn order, creature, gods: 3 chance moves
>>> record = game.record
>>> len(record), record.steps[2].move
(3, 'gods zeus,poseidon,athena,ares')
>>> record.annotate(2, after="What would you bid here?", tag="key move").tag
'key move'
>>> again = GameRecord.loads(record.dumps())
>>> again.dumps() == record.dumps()
True
>>> again.replay().state == game.state
True

Loading is strict: every problem raises :class:`RecordError` with a JSON path, e.g.
``$.steps[12].move: illegal move 'bid ares 9' ...``, and nothing else.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, Self

from .history import BaseGame, Bot, Step
from .invariants import check_invariants
from .records.replay import (
    LineReplay,
    TrustError,
    no_gc,
    play_checked,
    play_trusted,
    run_autos,
)
from .records.schema import json_path, validate_shape, var_parts
from .records.shape import local_text
from .records.tree import HEADER_TEXT, LinePath, RecordTree, Variation
from .records.verify import check_start
from .rules.setup import new_state

if TYPE_CHECKING:
    from concurrent.futures import Executor

    from .bots.coach import Hint
    from .review import Label, Review
    from .review.core import Progress
    from .review.entries import ReviewData
    from .tables import Tables

__all__ = ["Bot", "Game", "GameRecord", "Step"]


class Game(BaseGame):
    """A game of Cyclades: its position, its history, and the ways to look at it.

    Start one with :meth:`new`, play decisions by their notation (or as an
    :class:`~cyclades_widgets.rules.Action`), and read what happened:

    >>> game = Game.new(players=3, seed=7)
    >>> game.cycle, game.phase.value, game.to_act
    (1, 'offerings', 'Corinth')
    >>> game.play("bid ares 1")
    [Event(kind='bid', data={'player': 'Corinth', 'god': 'ares', 'bid': 1})]
    >>> game.explain()
    'Corinth offers 1 GP to Ares.'

    Everything about playing (:meth:`play`, :meth:`step`, :meth:`advance`, :meth:`undo`,
    :meth:`fork`...) comes from :class:`~cyclades_widgets.history.BaseGame`; this class
    adds the views: the :attr:`record`, the pandas :attr:`tables`, the narration
    (:meth:`explain`), the coach's :meth:`hint` and the picture a notebook shows. How the
    game fits with the rest of the package is in ``docs/architecture.md``.
    """

    # ------------------------------------------------------------------ records
    @property
    def record(self) -> GameRecord:
        """This game as an annotatable :class:`GameRecord`."""
        return GameRecord.from_game(self)

    def to_dict(self) -> dict[str, Any]:
        """The game as a record (``cyclades-record/1``, see ``docs/records.md``)."""
        return self.record.to_dict()

    def to_json(self) -> str:
        """The game as record text (canonical JSON, see :meth:`GameRecord.dumps`)."""
        return self.record.dumps()

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Game:
        """Rebuild a game from record data by replaying its moves; every move is
        checked, and a bad record raises :class:`RecordError` with the JSON path."""
        return GameRecord.from_dict(data).replay()

    @classmethod
    def from_json(cls, text: str) -> Game:
        """Rebuild a game saved with :meth:`to_json` (any ``cyclades-record/1`` text)."""
        return GameRecord.loads(text).replay()

    # ------------------------------------------------------------------ views
    @property
    def tables(self) -> Tables:
        """pandas views of the state: ``game.tables.players()`` and friends."""
        from .tables import Tables

        return Tables(self)

    def explain(self, lang: str | None = None) -> str:
        """The last step's events in plain language, in ``lang`` (None: the session's
        language, :func:`cyclades_widgets.i18n.set_language`)."""
        from .narrate import narrate_events

        return narrate_events(self.events, lang=lang, state_or_map=self.state)

    def hint(
        self, level: str = "strong", *, playouts: int | None = None, seed: int | None = None
    ) -> Hint:
        """A suggested move for the player to act, with its best alternatives, their
        estimated win rates and a one-sentence reason (``hint.reason(lang)``); ``hint.target``
        is the isle, sea, god or creature to highlight. See ``docs/bots.md``.

        ``level`` (``"easy"``, ``"medium"``, ``"strong"``) sets the search's budget;
        ``seed`` defaults to the game's, so the same position gives the same hint.
        """
        from .bots.coach import hint

        chosen = self.seed if seed is None else seed
        return hint(self.state, level=level, playouts=playouts, seed=chosen)

    def review(
        self,
        level: str = "strong",
        executor: Executor | None = None,
        seed: int = 0,
        progress: Progress | bool | None = None,
    ) -> Review:
        """Review every decision of the game: the mover's win chance with the best move
        the search finds and after the move played, the loss, and a label (good,
        inaccuracy, mistake, blunder); chance and automatic steps are listed, not judged.
        ``executor`` (a process pool, a Dask client's executor) judges decisions in
        parallel; the same ``seed`` gives the same review. See ``docs/review.md``."""
        from .review import review

        return review(self, level, executor, seed, progress)

    def _repr_svg_(self) -> str:
        """The position as a static SVG board (notebooks, nbconvert, GitHub), with the last
        step's moves drawn as trails and its battle in the battle panel."""
        from . import svg

        return str(svg.board(self.state, events=self.events))


def _joined(old: str | None, new: str) -> str:
    """A note added after the one already there (unless it says it already)."""
    if not old:
        return new
    return old if new in old else f"{old}\n\n{new}"


def _meta_text(value: Any) -> Any:
    """A header text from ``game.meta``: a per-language dict as it is, else a string."""
    if not value:
        return None
    return dict(value) if isinstance(value, Mapping) else str(value)


class GameRecord(RecordTree):
    """An annotated game record that replays into a :class:`Game`. See ``docs/records.md``.

    Build one with :meth:`from_game` (or ``game.record``), :meth:`load` or :meth:`loads`;
    write it with :meth:`save` or :meth:`dumps`. Loading replays every line and checks
    every move.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._lines: dict[LinePath, LineReplay[Game]] = {}
        self._trusted = False

    # ------------------------------------------------------------------ building
    @classmethod
    def from_game(
        cls, game: BaseGame, *, variations: bool = False, forks: Iterable[BaseGame] = ()
    ) -> GameRecord:
        """A record of the moves played in ``game``.

        With ``variations=True`` the steps taken back with ``undo`` (and not redone)
        become a variation; each game in ``forks`` (from ``game.fork()``) is merged in
        as a variation where it leaves the main line. Title, date and description come
        from ``game.meta``.
        """
        init = game.initial_state
        standard = new_state(list(init.names), init.options, init.map_id)
        text = {k: _meta_text(game.meta.get(k)) for k in HEADER_TEXT}
        record = cls(
            init.names,
            map=init.map_id,
            seed=game.seed,
            options=init.options,
            steps=game.moves(),
            start=None if init == standard else init.copy(),
            title=text["title"],
            date=text["date"],
            description=text["description"],
        )
        validate_shape(record._header_dict())
        if variations:
            undone = [s.notation for s in game.undone() if s.notation is not None]
            if undone:
                record.add_line([*game.moves(), *undone], comment="undone line")
        for other in forks:
            if other.initial_state != init:
                raise ValueError("a fork must start from the same position as the game")
            record.add_line(other.moves())
        record._verified = record.checksum()  # every move was played through the rules
        return record

    @classmethod
    def from_dict(cls, data: Any) -> Self:
        """Build and fully check a record from parsed JSON (every line is replayed).

        When the file's ``checksum`` matches its moves, the lines are replayed without
        listing the legal actions at each move (the fast path); any failure there, or a
        position breaking an invariant at the end of a line, falls back to the checked
        replay, which names the illegal move."""

        def build() -> GameRecord:
            record = cls._from_shape(data)
            if record.start is not None:
                check_start(record.start)
            record._trusted = data.get("checksum") == record.checksum()
            try:
                record.validate()
            finally:
                record._trusted = False
            return record

        with no_gc():
            return cls._guarded(build)  # type: ignore[return-value]  # build makes a cls

    def to_html(
        self,
        path: str | Path,
        *,
        lang: str = "en",
        viewer: str | None = None,
        review: Review | None = None,
    ) -> Path:
        """Write a self-contained HTML page that steps through the main line with its
        notes (no kernel, no network; it opens from ``file://``). Returns the path. With a
        ``review`` (:meth:`review`), the page shows its win-chance graph under the board.

        The page is :func:`cyclades_widgets.export.page.replay_page`: the board's own
        script and styles, inlined.
        """
        from .export.page import replay_page

        target = Path(path)
        page = replay_page(self, lang=lang, viewer=viewer, review=review)
        target.write_text(page, encoding="utf-8")
        return target

    def review(
        self,
        level: str = "strong",
        executor: Executor | None = None,
        seed: int = 0,
        progress: Progress | bool | None = None,
        *,
        line: LinePath = (),
    ) -> Review:
        """Review the decisions of a line (the main line by default): :meth:`Game.review`
        on its replay. Entry ``move`` numbers are this record's step indices."""
        return self.replay(line).review(level, executor, seed, progress)

    def annotate_review(self, review: ReviewData, least: Label = "mistake") -> int:
        """Write a review into the main line: at each decision labelled ``least`` or
        worse, a note after the move (what was played, what was better and what it cost,
        in every language; added after a note already there) and a tag, and the better
        move as a variation with its comment (unless the record has that variation
        already). Returns how many moves were annotated.

        The review must be of this record's main line (:meth:`review`); else a
        ``ValueError`` says where they differ, and the record is unchanged.
        """
        from .review.notes import review_notes

        moves = self.moves()
        notes = review_notes(review, least)
        for note in notes:
            if note.move >= len(moves) or moves[note.move] != note.played:
                found = moves[note.move] if note.move < len(moves) else None
                raise ValueError(
                    f"the review is not of this record: move {note.move + 1} is {found!r} "
                    f"here and {note.played!r} in the review"
                )
        for note in notes:
            step = self.steps[note.move]
            after = {lang: _joined(local_text(step.after, lang), text)
                     for lang, text in note.after.items()}  # fmt: skip
            self.annotate(note.move, after=after, tag=step.tag or note.tag)
            if not any(v.at == note.move and v.steps and v.steps[0].move == note.best
                       for v in self.variations):  # fmt: skip
                self.add_variation(note.move, [note.best], comment=note.comment)
        return len(notes)

    # ------------------------------------------------------------------ replaying
    def validate(self) -> None:
        """Replay every line and check each move; raise :class:`RecordError` at the first
        illegal one, with its JSON path. Once all are legal, :meth:`dumps` writes the
        moves' checksum."""

        def walk(line: LinePath, variations: list[Variation]) -> None:
            self._line(line)
            for j, var in enumerate(variations):
                walk((*line, j), var.variations)

        walk((), self.variations)
        self._verified = self.checksum()

    def replay(self, line: LinePath = ()) -> Game:
        """The game at the end of a line (automatic steps run after the last move)."""
        return self.game_at(len(self.moves(line)), line)

    def game_at(self, step: int, line: LinePath = ()) -> Game:
        """The game after ``step`` moves of a line, with the automatic steps that follow
        run up to the next decision or chance step. The game has the full history
        (undo works back to the start) and is independent of the record."""
        replayed = self._line(line)
        if not 0 <= step < len(replayed.positions):
            raise IndexError(f"step {step} out of range 0 to {len(replayed.positions) - 1}")
        return replayed.game_at(step)

    def _check_variation(self, new_line: LinePath, var: Variation) -> bool:
        """Replay a variation about to be added, every move checked, from its branch point
        (an illegal move is a :class:`RecordError` at its path, and nothing changes); its
        replay is kept for the new line."""
        line = new_line[:-1]
        branch = self._offset(line) + var.at
        parent = self._line(line)
        game, positions = parent.game_at(branch), parent.positions[:branch]
        moves = (*parent.moves[:branch], *(step.move for step in var.steps))
        where = var_parts(new_line)
        for i, step in enumerate(var.steps):
            path = lambda i=i: json_path([*where, "steps", i])  # noqa: E731
            positions.append(play_checked(game, step.move, path))
        run_autos(game, lambda: json_path([*where, "steps", len(var.steps) - 1]))
        positions.append(len(game.history))
        self._lines[new_line] = LineReplay(game, moves, positions)
        return True

    def _line_start(self, line: LinePath) -> tuple[Game, list[int]]:
        """The game where ``line`` starts, and the positions of the moves before it."""
        if not line:
            meta = {k: getattr(self, k) for k in HEADER_TEXT if getattr(self, k)}
            return Game(self.initial_state(), seed=self.seed, meta=meta), []
        branch = self._offset(line[:-1]) + self.variation(line).at
        parent = self._line(line[:-1])
        return parent.game_at(branch), parent.positions[:branch]

    @staticmethod
    def _replay_trusted(game: Game, moves: tuple[str, ...]) -> list[int] | None:
        """The fast path: the positions of ``moves`` replayed unchecked, or None if it
        failed or ended in a position that breaks an invariant."""
        try:
            positions = play_trusted(game, moves)
        except TrustError:
            return None
        return None if check_invariants(game.state) else positions

    def _line(self, line: LinePath) -> LineReplay[Game]:
        moves = tuple(self.moves(line))
        cached = self._lines.get(line)
        if cached is not None and cached.moves == moves:
            return cached
        game, positions = self._line_start(line)
        start = len(positions)
        trusted = self._trusted and self._replay_trusted(game, moves[start:])
        if trusted:
            positions += trusted
        else:
            if self._trusted:  # the fast path failed: start the line again, checked
                game, positions = self._line_start(line)
            for k in range(start, len(moves)):
                path = lambda k=k: self._step_path(line, k)  # noqa: E731
                positions.append(play_checked(game, moves[k], path))
            run_autos(game, lambda: self._step_path(line, len(moves) - 1) if moves else "$")
            positions.append(len(game.history))
        result = LineReplay(game, moves, positions)
        self._lines[line] = result
        return result
