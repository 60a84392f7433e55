"""``LessonRun``: one lesson being played, with its objective checked after every step.

The learner plays their moves; the other players follow the lesson's script (then a
simple policy); automatic steps and chance run by themselves (chance as the lesson forces
it, else from its seed). After every step the objective is checked:

- ``success`` the moment the goal holds (or, with ``check="at_deadline"``, if it holds
  when the deadline comes);
- ``failed`` when the deadline passes without it, when the lesson's ``fail_if`` goal holds,
  or when the game ends.

>>> from cyclades_widgets.learn.lessons import builtin_lessons
>>> lesson = next(l for l in builtin_lessons() if l.id == "take-ios")
>>> run = LessonRun(lesson)
>>> run.status, run.game.to_act
('playing', 'Athens')
>>> for move in lesson.solution:
...     run.play(move)
>>> run.status
'success'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from ..bots import GreedyBot
from ..game import Game
from ..history import Step
from ..i18n import Message, text
from ..rules.actions import Action
from ..rules.errors import IllegalActionError, render_message
from .goals import Context, check
from .lessons import DEADLINES, GuideStep, Hint, Lesson
from .reasons import shortfall, what_happened
from .texts import LessonError

__all__ = ["PASSIVE", "LessonRun", "Status"]

Status = Literal["playing", "success", "failed"]

PASSIVE: tuple[str, ...] = (
    "end",
    "stop",
    "fight",
    "bid apollo",
    "sphinx done",
    "sylph done",
    "kraken done",
)
"""What an opponent with no scripted move does, in order of preference (then the first
legal action): nothing that changes the lesson's position on its own."""

MAX_STEPS = 5_000
"""A guard against a lesson whose opponents never hand back the move."""


class LessonRun:
    """A lesson in play: ``run.play(move)``, ``run.hint()``, ``run.show_me()``,
    ``run.reset()``; ``run.status`` says where the learner stands."""

    def __init__(self, lesson: Lesson) -> None:
        self.lesson = lesson
        self.game: Game
        self.status: Status = "playing"
        self.hints_used = 0
        """How many hints the learner has seen in this attempt (kept across resets)."""
        self.shown = False
        """True once the learner has asked to be shown the solution."""
        self.tries = 0
        """Attempts so far (1 after the first start, +1 at every reset)."""
        self.why: Message | None = None
        """Why the lesson failed ("Athens holds Ares for 4 GP; the goal allows at most
        3 GP"), once it has; None while it has not."""
        self.reset()

    # ------------------------------------------------------------------ state
    @property
    def you(self) -> str:
        """The learner's player name."""
        return self.game.players[self.game.state.seat(self.lesson.you)]

    @property
    def moves(self) -> list[str]:
        """The learner's moves in this attempt, as notation."""
        return [move for _, move in self._learner]

    @property
    def paused(self) -> GuideStep | None:
        """The coach's step the lesson waits on (press Continue: :meth:`proceed`)."""
        return None if self._pause is None else self.lesson.guide[self._pause]

    @property
    def your_turn(self) -> bool:
        """True when the learner must decide now."""
        return self.status == "playing" and self._pause is None and self.game.to_act == self.you

    # ------------------------------------------------------------------ playing
    def reset(self) -> None:
        """Start the lesson again from its position (hints and "shown" are kept)."""
        self.game = self.lesson.new_game()
        self.status = "playing"
        self.why = None
        self.tries += 1
        self._since = len(self.game.history)
        self._seen = self._since
        self._learner: list[tuple[int, str]] = []
        self._script = {
            self.game.players[self.game.state.seat(name)]: list(moves)
            for name, moves in self.lesson.opponents.items()
        }
        self._acknowledged: set[int] = set()
        self._pause: int | None = None
        self._deadline_cycle = self.lesson.objective.cycle or max(self.game.cycle, 1)
        self.settle()

    def play(self, move: str | Action) -> None:
        """Play the learner's move, then let the game run to the learner's next decision.

        Raises :class:`~cyclades_widgets.rules.errors.IllegalActionError` (or
        ``NotationError``) with the rule's explanation when the move is not legal; the
        lesson is then exactly as before.
        """
        if not self.your_turn:
            raise IllegalActionError(self._not_now())
        self.game.play(move)
        self.sync()

    def sync(self) -> None:
        """Take in moves played on :attr:`game` directly (by the board), check the
        objective, and run the game to the learner's next decision."""
        history = self.game.history
        if len(history) < self._seen:  # stepped back on the board
            self._learner = [(k, m) for k, m in self._learner if k < len(history)]
            self._seen = len(history)
            return
        new = history[self._seen :]
        for k, step in enumerate(new, start=self._seen):
            if step.kind == "decision" and step.player == self.you and step.notation:
                self._learner.append((k, step.notation))
        self._seen = len(history)
        self._evaluate(new)
        self.settle()

    def settle(self) -> None:
        """Run automatic steps, chance and the other players' moves until the learner
        must decide, a coach's pause comes, or the lesson is decided."""
        for _ in range(MAX_STEPS):
            if self.status != "playing":
                return
            node = self.game.node
            if node == "over":
                self._evaluate([], over=True)
                return
            if node == "decision":
                if self.game.to_act == self.you:
                    return
                self.game.play(self._opponent_move())
            else:
                pause = self._pause_here()
                if pause is not None:
                    self._pause = pause
                    return
                self.game.step()
            new = self.game.history[self._seen :]
            self._seen = len(self.game.history)
            self._evaluate(new)
        raise LessonError("stuck", where=self.lesson.id)

    def proceed(self) -> None:
        """Continue after a coach's pause."""
        if self._pause is not None:
            self._acknowledged.add(self._pause)
            self._pause = None
        self.settle()

    def play_line(self, moves: Sequence[str]) -> None:
        """Play several learner moves, continuing through the coach's pauses."""
        for move in moves:
            while self._pause is not None:
                self.proceed()
            self.play(move)
        while self._pause is not None and self.status == "playing":
            self.proceed()

    # ------------------------------------------------------------------ help
    def hint(self) -> tuple[int, Hint] | None:
        """The next hint (index and hint); after the last, the last again. None if the
        lesson has no hints."""
        hints = self.lesson.hints
        if not hints:
            return None
        index = min(self.hints_used, len(hints) - 1)
        self.hints_used = min(self.hints_used + 1, len(hints))
        return index, hints[index]

    def show_me(self) -> str | None:
        """Play the next move of the solution and return it. If the learner has left the
        solution's line (or the lesson is over), the lesson starts again first. Returns
        None when the solution has been played to its end."""
        self.shown = True
        solution = [_canonical(m) for m in self.lesson.solution]
        if self.status == "failed" or self.moves != solution[: len(self.moves)]:
            self.reset()
        if self.status == "success" or len(self.moves) >= len(solution):
            return None
        while self._pause is not None:
            self.proceed()
        move = solution[len(self.moves)]
        self.play(move)
        return move

    def coach(self) -> tuple[int, GuideStep] | None:
        """The coach's step that speaks now (guided lessons): the pause being waited on,
        else the step whose moment matches the game most closely (``{"phase": "actions",
        "god": "ares"}`` before ``{"phase": "actions"}``), the last one written on a tie."""
        if self._pause is not None:
            return self._pause, self.lesson.guide[self._pause]
        matching = [
            (len(step.at), k)
            for k, step in enumerate(self.lesson.guide)
            if not step.pause and self._matches(step)
        ]
        if not matching:
            return None
        k = max(matching)[1]  # the most specific moment, then the last written
        return k, self.lesson.guide[k]

    def message(self, lang: str | None = None) -> str:
        """What to tell the learner now: the success or failure text, or the objective
        (why it failed, in the game's terms, is :meth:`reason`)."""
        if self.status == "success":
            return self.lesson.text("success", lang)
        if self.status == "failed":
            if self.lesson.has_text("failure", lang):
                return self.lesson.text("failure", lang)
            return text("learn.ui.failed", lang)
        return self.lesson.goal_text(lang)

    def reason(self, lang: str | None = None) -> str:
        """Why the lesson failed, in one sentence: what the game shows against the goal
        ("Athens holds Ares for 4 GP; the goal allows at most 3 GP"); "" while it has not
        failed."""
        if self.why is None:
            return ""
        return render_message(self.why, lang).rstrip(".。!")

    # ------------------------------------------------------------------ internals
    def _evaluate(self, steps: Sequence[Step], *, over: bool = False) -> None:
        if self.status != "playing":
            return
        objective = self.lesson.objective
        ctx = Context(self.game, self.you, self._since)
        if objective.fail_if is not None and check(objective.fail_if, ctx):
            self.status = "failed"
            self.why = what_happened(objective.fail_if, ctx)
            return
        met = check(objective.goal, ctx)
        if met and objective.check == "as_soon_as":
            self.status = "success"
        elif any(self._is_deadline(step) for step in steps) or over or self.game.is_over:
            self.status = "success" if met else "failed"
            if not met:
                self.why = shortfall(objective.goal, ctx)

    def _is_deadline(self, step: Step) -> bool:
        by = self.lesson.objective.by
        kind = DEADLINES[by]
        for event in step.events:
            if by == "cycle_end" and event.kind == "game_won":
                return True
            if event.kind != kind:
                continue
            if by == "turn_end" and event.data.get("player") != self.you:
                continue
            if by == "cycle_end" and event.data.get("cycle", 0) < self._deadline_cycle:
                continue
            return True
        return False

    def _opponent_move(self) -> Action:
        name = self.game.to_act
        assert name is not None
        legal = self.game.legal_actions()
        script = self._script.get(name, [])
        if script:
            scripted = Action.parse(script[0])
            if scripted in legal:
                script.pop(0)
                return scripted
        if self.lesson.policy == "greedy":
            return GreedyBot().choose(self.game.state, legal)
        for notation in PASSIVE:
            action = Action.parse(notation)
            if action in legal:
                return action
        return legal[0]

    def _pause_here(self) -> int | None:
        for k, step in enumerate(self.lesson.guide):
            if step.pause and k not in self._acknowledged and self._matches(step):
                return k
        return None

    def _matches(self, step: GuideStep) -> bool:
        s = self.game.state
        at = step.at
        if "phase" in at and s.phase.value != at["phase"]:
            return False
        if "cycle" in at and s.cycle != at["cycle"]:
            return False
        if "god" in at and (s.turn is None or s.turn.god != at["god"]):
            return False
        if "player" in at and self.game.to_act != at["player"]:
            return False
        return not ("pending" in at and (not s.pending or s.pending[-1].kind != at["pending"]))

    def _not_now(self) -> Message:
        if self.status != "playing":
            return Message("learn.ui.lesson_over")
        if self._pause is not None:
            return Message("learn.ui.press_continue")
        return Message("learn.ui.not_your_turn", {"player": self.you}, frozenset({self.you}))

    def __repr__(self) -> str:
        return f"<LessonRun {self.lesson.id!r}: {self.status}, moves {self.moves}>"


def _canonical(move: str) -> str:
    return str(Action.parse(move))
