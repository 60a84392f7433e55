"""``Learn``: the lesson path as a Jupyter widget (ipywidgets around the board).

The widget is a thin skin over :class:`~cyclades_widgets.learn.course.Course`: each button
calls one method of the course, each click on the board is taken in by
:meth:`Course.board_changed`, and everything shown comes from :meth:`Course.view`. It
uses only the board's public face: its ``game``, its ``highlights``, ``on_change`` and
its ``lang`` (and the ``viewer``, so the learner sees the game from their own seat:
other players' gold stays behind their screens).

All texts are shown as text (escaped), never as HTML from the lessons.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import ipywidgets as w

from ..i18n import text
from ..view.palette import COLOURS
from ..widgets.board import Board
from .course import Course, LessonView
from .lessons import Lesson
from .progress import Progress

__all__ = ["Learn"]

_STATUS_STYLE = {
    "success": f"border-left:4px solid {COLOURS['success']};background:{COLOURS['success_bg']};",
    "failed": f"border-left:4px solid {COLOURS['failure']};background:{COLOURS['failure_bg']};",
    "playing": f"border-left:4px solid {COLOURS['neutral']};background:{COLOURS['neutral_bg']};",
}


def _feedback(view: LessonView) -> str:
    """The answer to the last button or move, in the lesson's status colours, with the
    notation of a shown move after its words, in a code font."""
    if not view.feedback:
        return ""
    body = html.escape(view.feedback)
    if view.notation:
        body += f" <code>{html.escape(view.notation)}</code>"
    return f'<div style="margin:2px 0;padding:6px 10px;{_STATUS_STYLE[view.status]}">{body}</div>'


def _text(value: str, style: str = "") -> str:
    """A paragraph of plain text (escaped)."""
    return f'<div style="margin:2px 0;{style}">{html.escape(value)}</div>'


class Learn(w.VBox):  # type: ignore[misc]  # ipywidgets has no type information
    """``cw.Learn()``: short lessons, each with one goal checked on the board, hints, a
    "Show me" solution, and progress kept between sessions.

    - ``lessons``: the lessons (default: the package's path, ``docs/lessons.md``);
    - ``lesson``: the id (or position) of the lesson to open (default: where the learner
      left off, else the first lesson not done);
    - ``progress``: a :class:`~cyclades_widgets.learn.progress.Progress` or the path of its
      JSON file (default: in the Jupyter data directory);
    - ``lang``: the language of every text (default: the session's).
    """

    def __init__(
        self,
        lessons: Sequence[Lesson] | None = None,
        *,
        lesson: str | int | None = None,
        progress: Progress | str | Path | None = None,
        lang: str | None = None,
    ) -> None:
        self.course = Course(lessons, progress=progress, lang=lang)
        """The engine behind the widget (tested without a browser)."""
        if lesson is not None:
            self.course.open(lesson)
        lang = self.course.lang
        self._updating = False
        self._seen: tuple[Any, Any] | None = None
        self.heading = w.HTML(tooltip="")
        self.progress_label = w.HTML(tooltip="")
        self.goal = w.HTML(tooltip="")
        self.reason = w.HTML(tooltip="")
        """Why the lesson failed, next to the goal (empty while playing or after a success)."""
        self.intro = w.HTML(tooltip="")
        self.coach = w.HTML(tooltip="")
        self.feedback = w.HTML(tooltip="")
        self.board = Board(self.course.run.game, viewer=self.course.run.you, lang=lang)
        """The board the learner plays on."""
        self.board.on_change(self._board_changed)
        self.buttons = {
            "hint": self._button("learn.ui.hint", "lightbulb-o", self.course.hint),
            "show_me": self._button("learn.ui.show_me", "eye", self.course.show_me),
            "reset": self._button("learn.ui.reset", "refresh", self.course.reset),
            "continue": self._button("learn.ui.continue", "play", self.course.proceed),
            "previous": self._button("learn.ui.previous", "arrow-left", self.course.previous),
            "next": self._button("learn.ui.next", "arrow-right", self.course.next),
        }
        """The buttons by name: hint, show_me, reset, continue, previous, next."""
        self.buttons["continue"].button_style = "primary"
        self.buttons["next"].button_style = "success"
        for name in ("goal", "reason", "coach", "feedback"):
            getattr(self, name).add_class(f"cw-learn-{name}")
        super().__init__(self._layout(), layout=w.Layout(width="100%"))
        self.add_class("cw-fit")  # one view: the board's map fits what the rest leaves
        self.add_class("cw-learn")
        self._show()

    def _layout(self) -> list[w.Widget]:
        """The goal first, then the lesson's buttons and its messages, then the board: all
        in one view (the board's map takes the height that is left)."""
        top = w.HBox(
            [self.heading, self.progress_label],
            layout=w.Layout(justify_content="space-between", width="100%"),
        )
        controls = w.HBox(list(self.buttons.values()), layout=w.Layout(flex_flow="row wrap"))
        controls.add_class("cw-learn-bar")
        return [top, self.goal, self.reason, self.intro, controls, self.coach, self.feedback,
                self.board]  # fmt: skip

    # ------------------------------------------------------------------ wiring
    def _button(self, key: str, icon: str, action: Callable[[], Any]) -> w.Button:
        button = w.Button(description=text(key, self.course.lang), icon=icon)
        button.layout.width = "auto"

        def clicked(_: Any) -> None:
            action()
            self._show()

        button.on_click(clicked)
        return button

    def _board_changed(self, board: Board) -> None:
        """The board redrew: take in a move on the lesson's game (once per position)."""
        if self._updating:
            return
        game = board.game
        seen = (game, game.history[-1] if game.history else None)
        if self._seen is not None and all(a is b for a, b in zip(seen, self._seen)):
            return
        self._seen = seen
        self.course.board_changed()
        self._show()

    def _show(self) -> None:
        """Show the course's view: texts, buttons, and the game on the board."""
        view = self.course.view()
        self._updating = True
        try:
            if self.board.game is not self.course.run.game:
                self.board.viewer = None  # the new lesson may seat other players
                self.board.game = self.course.run.game
                self.board.viewer = self.course.run.you
            else:
                self.board.game = self.course.run.game  # redraw after the other players' moves
            self.board.highlights = {
                "places": list(view.highlights.get("places", [])),
                "arrows": [list(a) for a in view.highlights.get("arrows", [])],
            }
            game = self.board.game
            self._seen = (game, game.history[-1] if game.history else None)
        finally:
            self._updating = False
        self._texts(view)

    def _texts(self, view: LessonView) -> None:
        self.heading.value = _text(f"{view.heading} · {view.you}", "font-weight:600;")
        self.progress_label.value = _text(view.progress, f"color:{COLOURS['muted']};")
        self.goal.value = _text(view.goal, "font-size:1.25em;font-weight:700;")
        self.intro.value = _text(view.intro, f"color:{COLOURS['ink']};")
        self.coach.value = (
            _text(view.coach, f"padding:6px 10px;border-radius:4px;background:{COLOURS['coach']};")
            if view.coach
            else ""
        )
        self.feedback.value = _feedback(view)
        self.reason.value = (
            _text(view.reason, f"color:{COLOURS['failure']};font-weight:600;")
            if view.status == "failed" and view.reason
            else ""
        )
        self._buttons(view)
        self.buttons["previous"].disabled = not view.has_previous
        self.buttons["next"].disabled = not view.has_next
        self.buttons["hint"].disabled = not self.course.lesson.hints

    def _buttons(self, view: LessonView) -> None:
        """While playing: Hint, Show me, Reset, (Continue at a coach's pause), Previous,
        Next. A success leaves Next lesson (and Previous, Reset); a failure, Reset first.
        The board then takes no more moves."""
        playing = view.status == "playing"
        shown = {
            "hint": playing,
            "show_me": playing,
            "continue": view.can_continue,
            "reset": True,
            "previous": True,
            "next": True,
        }
        for name, button in self.buttons.items():
            button.layout.display = None if shown[name] else "none"
        self.buttons["next"].button_style = "success" if view.status == "success" else ""
        self.buttons["reset"].button_style = "warning" if view.status == "failed" else ""
        if self.board.interactive != playing:
            self.board.interactive = playing
