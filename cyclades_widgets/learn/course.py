"""``Course``: the path of lessons with the learner's progress; what Learn mode shows.

The ``Learn`` widget is a thin skin over this class: every button calls one method here,
and :meth:`Course.view` says what to show. So the whole of Learn mode is tested without a
browser.

>>> import tempfile, pathlib
>>> course = Course(progress=pathlib.Path(tempfile.mkdtemp()) / "p.json")
>>> course.open("take-ios")
>>> course.view().goal
'Goal: Take Ios this turn.'
>>> course.show_me()
'move troops naxos>ios 2'
>>> course.view().feedback.startswith("Shown: Move 2 troops from Naxos to Ios.")
True
>>> course.view().notation, course.view().status, course.progress.is_done("take-ios")
('move troops naxos>ios 2', 'success', True)

After a restart, the course opens the next lesson not done yet:

>>> Course(progress=course.progress.path).lesson.id
'sea-battle'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from ..i18n import Message, resolve, text
from ..rules.actions import Action
from ..rules.errors import CycladesError, render_message
from ..view.actions import action_label
from ..view.text import Words
from .lessons import Lesson, builtin_lessons
from .progress import Progress
from .run import LessonRun
from .texts import LessonError

__all__ = ["Course", "LessonView"]


@dataclass(frozen=True, slots=True)
class LessonView:
    """Everything Learn mode shows for the current moment, in the learner's language."""

    heading: str
    """"Lesson 3 of 21: Win a god for the least gold"."""
    you: str
    """"You play Athens."."""
    goal: str
    """The objective in one sentence, "Goal: ..."."""
    intro: str
    """What the lesson teaches, before the first move."""
    coach: str
    """The coach's prompt of a guided lesson ("" when none)."""
    feedback: str
    """The answer to the last button or move: a hint, a shown move, success, failure,
    an illegal move's explanation ("" when none)."""
    status: str
    """``playing``, ``success`` or ``failed``."""
    progress: str
    """"5 of 21 lessons done"."""
    highlights: dict[str, list[Any]] = field(default_factory=dict)
    """For the board: ``{"places": [...], "arrows": [[a, b]]}``."""
    can_continue: bool = False
    """A coach's pause waits for Continue."""
    has_previous: bool = False
    has_next: bool = False
    notation: str = ""
    """The notation of the move Show me just played ("" when none), to show after the
    feedback's words, in a code font."""
    reason: str = ""
    """Why the lesson failed, in one sentence, to show next to the goal ("" unless it
    failed): "Athens holds Ares for 4 GP; the goal allows at most 3 GP". The feedback
    holds the lesson's failure text, which says what to do instead."""


class Course:
    """The lesson path and the learner's progress.

    ``lessons``: the lessons (default: the package's path); ``progress``: a
    :class:`~cyclades_widgets.learn.progress.Progress` or the path of its file (default:
    the Jupyter data directory); ``lang``: the language of every text (default: the
    session's).
    """

    def __init__(
        self,
        lessons: Sequence[Lesson] | None = None,
        *,
        progress: Progress | str | Path | None = None,
        lang: str | None = None,
    ) -> None:
        self.lessons = list(lessons) if lessons is not None else builtin_lessons()
        if not self.lessons:
            raise LessonError("lesson", lesson="", lessons=[])
        self.progress = progress if isinstance(progress, Progress) else Progress(progress)
        self.lang = resolve(lang)
        self.feedback: Message | str = ""
        self._shown = ""
        self._highlights: dict[str, list[Any]] = {}
        self._recorded = False
        self.index = self._start()
        self.run = LessonRun(self.lessons[self.index])

    # ------------------------------------------------------------------ moving along
    @property
    def lesson(self) -> Lesson:
        """The current lesson."""
        return self.lessons[self.index]

    def open(self, lesson: str | int) -> None:
        """Go to a lesson, by id or by position in the path (0 is the first)."""
        ids = [x.id for x in self.lessons]
        if isinstance(lesson, str):
            if lesson not in ids:
                raise LessonError("lesson", code=[lesson, *ids], lesson=lesson, lessons=ids)
            lesson = ids.index(lesson)
        if not 0 <= lesson < len(self.lessons):
            raise LessonError("lesson", code=[str(lesson), *ids], lesson=str(lesson), lessons=ids)
        self.index = lesson
        self.run = LessonRun(self.lesson)
        self._fresh()
        self.progress.visit(self.lesson.id)

    def next(self) -> bool:
        """Open the next lesson; False (and a message) after the last one."""
        if self.index + 1 >= len(self.lessons):
            self.feedback = Message("learn.ui.last_lesson")
            return False
        self.open(self.index + 1)
        return True

    def previous(self) -> bool:
        """Open the previous lesson; False at the first."""
        if self.index == 0:
            return False
        self.open(self.index - 1)
        return True

    def _start(self) -> int:
        """Where the learner left off: the lesson they were on, unless it is done; then
        the next lesson not done (after it, then from the start); the first lesson when
        none was open yet, the last one seen when all are done."""
        ids = [lesson.id for lesson in self.lessons]
        current = self.progress.current
        here: int | None = ids.index(current) if current in ids else None
        if here is not None and not self.progress.is_done(current or ""):
            return here
        after: list[int] = [] if here is None else list(range(here + 1, len(ids)))
        order: list[int] = after + list(range(len(ids)))
        for k in order:
            if not self.progress.is_done(ids[k]):
                return k
        return here if here is not None else 0

    def _fresh(self) -> None:
        self.feedback = ""
        self._shown = ""
        self._highlights = {}
        self._recorded = False

    # ------------------------------------------------------------------ buttons
    def reset(self) -> None:
        """Start the current lesson again."""
        self.run.reset()
        self._fresh()
        self._save()

    def hint(self) -> None:
        """Show the next hint (text and highlights)."""
        found = self.run.hint()
        if found is None:
            self.feedback = Message("learn.ui.no_hint")
            return
        k, hint = found
        self.feedback = self.lesson.text(f"hint.{k}", self.lang)
        self._highlights = {"places": list(hint.places), "arrows": [list(a) for a in hint.arrows]}
        self._save()

    def show_me(self) -> str | None:
        """Play the next move of the solution; returns it (None at its end)."""
        game = self.run.game
        move = self.run.show_me()
        self._highlights = {}
        self._shown = move or ""
        self.feedback = (
            Message("learn.ui.solution_done")
            if move is None
            else Message(
                "learn.ui.shown", {"move": MoveWords(move, game.state.map_id, game.players)}
            )
        )
        # The shown move was played on an undecided lesson (show_me resets a failed one).
        self._after_move("playing" if move is not None else self.run.status)
        return move

    def proceed(self) -> None:
        """Continue after a coach's pause."""
        self.run.proceed()
        self.feedback = ""
        self._shown = ""
        self._after_move("playing")

    def play(self, move: str) -> bool:
        """Play a learner's move typed as notation. An illegal move becomes the feedback
        (its rule explanation) and changes nothing; returns whether it was played."""
        try:
            self.run.play(move)
        except CycladesError as err:
            self.feedback = err.message(self.lang)
            return False
        self.feedback = ""
        self._shown = ""
        self._highlights = {}
        self._after_move("playing")
        return True

    def board_changed(self) -> None:
        """The board played a move on :attr:`LessonRun.game` (a click): take it in."""
        before = self.run.status
        self.run.sync()
        self._highlights = {}
        self.feedback = ""
        self._shown = ""
        self._after_move(before)

    def _after_move(self, before: str) -> None:
        """When this move decided the lesson, its success or failure text is the feedback."""
        if before == "playing" and self.run.status != "playing":
            shown = self.feedback if self._shown else None
            self.feedback = self.run.message(self.lang)
            if shown is not None:  # the move shown, then what it did
                self.feedback = f"{_render(shown, self.lang)} {self.feedback}"
        self._save()

    def _save(self) -> None:
        run = self.run
        done = run.status == "success"
        if done and self._recorded:
            return
        self._recorded = done
        self.progress.record(
            self.lesson.id, done=done, tries=run.tries, hints=run.hints_used, shown=run.shown
        )

    # ------------------------------------------------------------------ what to show
    def view(self) -> LessonView:
        """What Learn mode shows now (every text in :attr:`lang`)."""
        lang, lesson, run = self.lang, self.lesson, self.run
        coach = run.coach()
        highlights = self._highlights
        if not highlights and coach is not None and (coach[1].places or coach[1].arrows):
            step = coach[1]
            highlights = {"places": list(step.places), "arrows": [list(a) for a in step.arrows]}
        feedback = _render(self.feedback, lang)
        done = sum(self.progress.is_done(x.id) for x in self.lessons)
        return LessonView(
            heading=text(
                "learn.ui.lesson_of",
                lang,
                n=self.index + 1,
                total=len(self.lessons),
                title=lesson.title(lang),
            ),
            you=Message("learn.ui.you_play", {"player": run.you}, frozenset({run.you})).render(
                lang
            ),
            goal=text("learn.ui.goal", lang, goal=lesson.goal_text(lang)),
            intro=lesson.text("intro", lang),
            coach="" if coach is None else lesson.text(f"guide.{coach[0]}", lang),
            feedback=feedback,
            status=run.status,
            progress=text("learn.ui.progress", lang, done=done, total=len(self.lessons)),
            highlights=highlights,
            can_continue=run.paused is not None and run.status == "playing",
            has_previous=self.index > 0,
            has_next=self.index + 1 < len(self.lessons),
            notation=self._shown,
            reason=run.reason(lang) if run.status == "failed" else "",
        )


def _render(feedback: Message | str, lang: str) -> str:
    return render_message(feedback, lang) if isinstance(feedback, Message) else feedback


class MoveWords(NamedTuple):
    """A move as words in the learner's language ("Move 2 troops from Naxos to Ios"), for
    a message: its notation goes in a field of its own (:attr:`LessonView.notation`)."""

    notation: str
    map_id: str
    players: tuple[str, ...]

    def render(self, lang: str | None = None) -> str:
        """The move's sentence in ``lang``."""
        words = Words(resolve(lang), self.map_id, self.players)
        return action_label(Action.parse(self.notation), words)
