"""Learn mode: a path of short lessons with one checked objective each, and the rules
reference (``cw.rules_reference()``).

- :mod:`.lessons`: lessons are data, one JSON file each (``docs/lessons.md``);
- :mod:`.staging`: a lesson's position as data (Scenario calls);
- :mod:`.goals`: the vocabulary of checkable goals;
- :mod:`.run`: one lesson in play (:class:`LessonRun`);
- :mod:`.progress`: progress kept between sessions;
- :mod:`.course`: the path with its progress, and what Learn mode shows;
- :mod:`.reference`: the rules summary, glossary, board legend and house rules;
- :mod:`.widget`: the ``Learn`` widget (ipywidgets), imported only when used.

>>> from cyclades_widgets.learn import LessonRun, builtin_lessons
>>> run = LessonRun(builtin_lessons()[1])
>>> run.lesson.goal_text("en")
'Win the game at the end of this cycle.'
"""

from __future__ import annotations

from .course import Course, LessonView
from .lessons import Lesson, builtin_lessons, load_lesson, load_lessons
from .progress import Progress
from .run import LessonRun
from .texts import LessonError

__all__ = [
    "Course",
    "Lesson",
    "LessonError",
    "LessonRun",
    "LessonView",
    "Progress",
    "builtin_lessons",
    "load_lesson",
    "load_lessons",
]
