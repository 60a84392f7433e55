"""Exercises: the question that ends a tutorial, with its answer checked by the engine.

``cw.exercise("win-ares")`` shows the question (its words from the catalogs, with a picture
of the position); ``cw.check("win-ares", answer)`` says right or wrong, with a hint that gets
more precise at each wrong answer. Three kinds, all in ``exercises.json``:

- ``lesson``: a position of a Learn-mode lesson; the answer is the learner's moves (one
  move, a list of moves in notation, or the game they played on the board), played from the
  lesson's start and checked against the lesson's goal;
- ``count``: a number read from a position (a staged ``start``, or the end of one of the
  example games: ``record``): revenue, isles, Metropolises, gold... (the counts of
  :data:`~cyclades_widgets.learn.goals.COUNTS`) or the ``cycle``; the engine computes it;
- ``position``: a position the learner builds (a ``cw.Game`` or ``cw.Scenario``), checked
  against a goal (:mod:`~cyclades_widgets.learn.goals`).

>>> check("win-ares", "bid ares 3", lang="en").ok
True
>>> wrong = check("win-ares", "bid ares 4", lang="en")
>>> wrong.ok, wrong.title
(False, 'Not yet.')
"""

from __future__ import annotations

import html
import json
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

from ..game import Game, GameRecord
from ..i18n import Message, catalog, resolve, text
from ..rules.actions import Action
from ..rules.errors import CycladesError
from ..svg import board
from ..view.palette import COLOURS
from .goals import COUNTS, Context, validate_goal
from .goals import check as holds
from .lessons import Lesson, builtin_lessons
from .run import LessonRun
from .staging import stage
from .texts import LessonError

__all__ = ["FORMAT", "KINDS", "Exercise", "Verdict", "check", "exercise", "exercises"]

FORMAT = "cyclades-exercises/1"
"""The ``format`` of ``exercises.json``."""
KINDS = ("lesson", "count", "position")
"""The kinds of exercise."""
MEASURES = (*COUNTS, "cycle")
"""What a ``count`` exercise may ask for."""

_TRIES: Counter[str] = Counter()
"""Wrong answers so far, by exercise, in this session: the hint shown is the next one."""


@dataclass(frozen=True, slots=True, repr=False)
class Verdict:
    """What :func:`check` says: right or not, why, and a hint. A notebook shows it as a
    coloured box; ``str()`` gives the same words as plain text."""

    ok: bool
    title: str
    """"Right!" or "Not yet."."""
    text: str
    """Why: the position reached, the rule broken, or the explanation of the answer."""
    hint: str = ""
    """A hint towards the answer ("" when right)."""
    lang: str = "en"

    def __str__(self) -> str:
        parts = [self.title, self.text, text("learn.check.hint", self.lang, hint=self.hint)]
        return " ".join(p for p in parts[: 3 if self.hint else 2] if p)

    __repr__ = __str__

    def _repr_html_(self) -> str:
        colour, mark = (COLOURS["success"], "✓") if self.ok else (COLOURS["failure"], "✗")
        background = COLOURS["success_bg"] if self.ok else COLOURS["failure_bg"]
        hint = (
            f'<div style="margin-top:4px">{html.escape(text("learn.check.hint", self.lang, hint=self.hint))}</div>'
            if self.hint
            else ""
        )
        return (
            f'<div role="status" lang="{self.lang}" style="border-left:4px solid {colour};'
            f'background:{background};padding:6px 10px;margin:4px 0;color:{COLOURS["ink"]}">'
            f'<strong aria-hidden="true" style="color:{colour}">{mark}</strong> '
            f"<strong>{html.escape(self.title)}</strong> {html.escape(self.text)}{hint}</div>"
        )


@dataclass(frozen=True, slots=True)
class Exercise:
    """One exercise (see the module's docstring for the kinds). Its words are catalog
    entries ``learn.exercise.<id>.question``, ``.right`` and ``.hint.<n>`` (a ``lesson``
    exercise uses its lesson's texts)."""

    id: str
    kind: str
    you: str = "Athens"
    """The player the question is about (``count`` on a record: ``"winner"`` allowed)."""
    lesson: str | None = None
    start: Mapping[str, Any] | None = None
    record: str | None = None
    count: Mapping[str, Any] = field(default_factory=dict)
    goal: Mapping[str, Any] | None = None

    # ------------------------------------------------------------------ the question
    @property
    def the_lesson(self) -> Lesson:
        """The lesson of a ``lesson`` exercise."""
        return next(x for x in builtin_lessons() if x.id == self.lesson)

    def game(self) -> Game:
        """A new game at the exercise's position: where the learner first acts (lesson),
        the staged start, or the end of the example game (count)."""
        if self.kind == "lesson":
            return LessonRun(self.the_lesson).game
        if self.record is not None:
            return _example(self.record).replay()
        return stage(self.start or {"players": 3}, where=f"{self.id}: $.start")

    def question(self, lang: str | None = None) -> str:
        """The question, in ``lang``."""
        if self.kind == "lesson":
            lesson = self.the_lesson
            return f"{lesson.text('intro', lang)} {text('learn.ui.goal', lang, goal=lesson.goal_text(lang))}"
        return text(f"learn.exercise.{self.id}.question", lang)

    def hints(self, lang: str | None = None) -> list[str]:
        """The hints, from the first to the most precise."""
        if self.kind == "lesson":
            lesson = self.the_lesson
            return [lesson.text(f"hint.{k}", lang) for k in range(len(lesson.hints))]
        prefix = f"learn.exercise.{self.id}.hint."
        found = sorted(k for k in catalog("en").entries if k.startswith(prefix))
        return [text(f"{prefix}{n}", lang) for n in range(len(found))]

    def _repr_html_(self) -> str:
        lang = resolve(None)
        how = text(f"learn.check.how.{self.kind}", lang, exercise=self.id)
        body = f"<p>{html.escape(self.question(lang))}</p><p><em>{html.escape(how)}</em></p>"
        if self.kind == "position" or self.record is not None:
            return f'<div class="cw-exercise" lang="{lang}">{body}</div>'
        game = self.game()
        viewer = self.you if self.kind == "count" else LessonRun(self.the_lesson).you
        picture = board(game.state, viewer=viewer, lang=lang, events=game.events)
        return f'<div class="cw-exercise" lang="{lang}">{body}{picture}</div>'

    def __repr__(self) -> str:
        return f"<Exercise {self.id!r} ({self.kind})>"

    # ------------------------------------------------------------------ the answer
    def check(self, answer: Any, lang: str | None = None) -> Verdict:
        """Right or wrong, with the reason and a hint (see :func:`check`)."""
        lang = resolve(lang)
        if answer is None or answer is ...:
            return self._wrong(Message("learn.check.no_answer"), lang, hint=False)
        if self.kind == "lesson":
            return self._check_moves(answer, lang)
        if self.kind == "count":
            return self._check_count(answer, lang)
        return self._check_position(answer, lang)

    def _right(self, said: str, lang: str) -> Verdict:
        _TRIES.pop(self.id, None)
        return Verdict(True, text("learn.check.right", lang), said, "", lang)

    def _wrong(self, why: Message | str, lang: str, *, hint: bool = True) -> Verdict:
        said = why.render(lang) if isinstance(why, Message) else why
        hints = self.hints(lang) if hint else []
        shown = hints[min(_TRIES[self.id], len(hints) - 1)] if hints else ""
        if hint:
            _TRIES[self.id] += 1
        return Verdict(False, text("learn.check.wrong", lang), said, shown, lang)

    def _check_moves(self, answer: Any, lang: str) -> Verdict:
        moves = self._moves(answer)
        if moves is None:
            return self._wrong(Message("learn.check.not_moves"), lang, hint=False)
        run = LessonRun(self.the_lesson)
        for move in moves:
            while run.paused is not None and run.status == "playing":
                run.proceed()
            if run.status != "playing":
                break
            try:
                run.play(move)
            except CycladesError as err:
                why = Message("learn.check.illegal", {"move": str(move), "reason": err.msg})
                return self._wrong(Message(why.key, why.params, frozenset([str(move)])), lang)
        while run.paused is not None and run.status == "playing":
            run.proceed()
        if run.status == "success":
            return self._right(run.message(lang), lang)
        if run.status == "failed":
            return self._wrong(run.message(lang), lang)
        goal = self.the_lesson.goal_text(lang)
        return self._wrong(Message("learn.check.unfinished", {"goal": goal}), lang)

    def _moves(self, answer: Any) -> list[str] | None:
        if isinstance(answer, str | Action):
            return [str(answer)]
        if isinstance(answer, Game):
            start = LessonRun(self.the_lesson)
            steps = answer.history[len(start.game.history) :]
            return [s.notation for s in steps if s.player == start.you and s.notation]
        if isinstance(answer, Sequence) and all(isinstance(m, str | Action) for m in answer):
            return [str(m) for m in answer]
        return None

    def _check_count(self, answer: Any, lang: str) -> Verdict:
        if isinstance(answer, bool) or not isinstance(answer, int | float):
            return self._wrong(Message("learn.check.not_number"), lang, hint=False)
        expected = self.expected()
        if answer == expected:
            return self._right(text(f"learn.exercise.{self.id}.right", lang, answer=expected), lang)
        return self._wrong(Message("learn.check.not_it", {"answer": answer}), lang)

    def expected(self) -> int:
        """The answer of a ``count`` exercise, computed by the engine."""
        game = self.game()
        ((name, params),) = self.count.items()
        if name == "cycle":
            return game.cycle
        you = game.winner if self.you == "winner" else self.you
        if you is None:
            raise LessonError("exercise.no_winner", where=self.id)
        return COUNTS[name](Context(game, you), game.state.seat(you), params)

    def _check_position(self, answer: Any, lang: str) -> Verdict:
        game = answer.game() if hasattr(answer, "game") and not isinstance(answer, Game) else answer
        if not isinstance(game, Game):
            return self._wrong(Message("learn.check.not_game"), lang, hint=False)
        assert self.goal is not None
        try:
            met = self.you in game.players and holds(self.goal, Context(game, self.you))
        except KeyError:  # a place of the goal is not on this game's map
            met = False
        if met:
            return self._right(text(f"learn.exercise.{self.id}.right", lang), lang)
        return self._wrong(Message("learn.check.not_position"), lang)


# --------------------------------------------------------------------------- loading


@cache
def _example(name: str) -> GameRecord:
    path = resources.files("cyclades_widgets") / "data" / "games" / f"{name}.json"
    return GameRecord.loads(path.read_text(encoding="utf-8"))


@cache
def _load() -> dict[str, Exercise]:
    path = resources.files(__package__) / "exercises.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    if data.get("format") != FORMAT:
        raise LessonError("schema", where="exercises.json: $.format", problem=FORMAT)
    found: dict[str, Exercise] = {}
    for k, entry in enumerate(data["exercises"]):
        where = f"exercises.json: $.exercises[{k}]"
        fields = {key: value for key, value in entry.items() if key != "id"}
        ex = Exercise(entry["id"], **fields)
        _validate(ex, where)
        found[ex.id] = ex
    return found


def _validate(ex: Exercise, where: str) -> None:
    """An exercise must name a kind, a lesson, a measure and a goal that exist."""
    if ex.kind not in KINDS:
        raise LessonError("exercise.kind", where=where, code=KINDS, kinds=list(KINDS))
    if ex.kind == "lesson" and ex.lesson not in {x.id for x in builtin_lessons()}:
        raise LessonError("lesson", code=[str(ex.lesson)], lesson=str(ex.lesson), lessons=[])
    if ex.kind == "count" and (len(ex.count) != 1 or next(iter(ex.count)) not in MEASURES):
        raise LessonError("goal", where=f"{where}.count", code=MEASURES, goals=list(MEASURES))
    if ex.kind == "position":
        validate_goal(ex.goal, stage({"players": 3}), where=f"{where}.goal")


def exercises() -> list[str]:
    """The ids of the exercises, in the order of the tutorials."""
    return list(_load())


def exercise(name: str) -> Exercise:
    """The exercise ``name``: in a notebook it shows its question and its position."""
    found = _load()
    if name not in found:
        raise LessonError("exercise", code=[name, *found], exercise=name, exercises=list(found))
    return found[name]


def check(name: str, answer: Any, *, lang: str | None = None) -> Verdict:
    """Check ``answer`` to the exercise ``name``: ``cw.check("win-ares", "bid ares 3")``.

    The answer is moves (a ``lesson`` exercise: one move, a list, or the game played on
    the board), a number (``count``) or a game or scenario (``position``). In a notebook
    the verdict shows as a green or red box: right, or not yet with the reason and a hint.
    ``None`` (the blank left for the learner) asks for an answer.
    """
    return exercise(name).check(answer, lang)
