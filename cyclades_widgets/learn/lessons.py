"""Lessons are data: one JSON file each, checked against ``lesson.schema.json``.

The package's own path of lessons lives in ``cyclades_widgets/learn/lessons/``, one file
per lesson, in the order of their file names (``07-take-ios.json``). A teacher writes a new
one the same way (``docs/lessons.md``) and loads a folder of them with
:func:`load_lessons`.

>>> path = builtin_lessons()
>>> len(path) >= 15, path[0].id
(True, 'first-cycle')
>>> path[0].title("en")
'Your first cycle'
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import jsonschema

from ..game import Game
from .goals import validate_goal
from .staging import stage
from .texts import Inline, LessonError, has_text, lesson_text, schema_message

__all__ = [
    "DEADLINES",
    "FORMAT",
    "GuideStep",
    "Hint",
    "Lesson",
    "Objective",
    "builtin_lessons",
    "load_lesson",
    "load_lessons",
    "schema",
]

FORMAT = "cyclades-lesson/1"
"""The ``format`` every lesson file declares."""

DEADLINES: dict[str, str] = {
    "turn_end": "turn_end",
    "phase_end": "phase",
    "battle_end": "battle_end",
    "cycle_end": "cycle_end",
    "game_end": "game_won",
}
"""Each deadline (``objective.by``) and the event that marks it. ``cycle_end`` is also
reached when the game is won at the end of the cycle; ``turn_end`` is the learner's turn."""


@dataclass(frozen=True, slots=True)
class Hint:
    """One hint: a text and what to light on the board."""

    text: Inline
    places: tuple[str, ...] = ()
    arrows: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True, slots=True)
class GuideStep:
    """A coach's prompt in a guided lesson, shown while the game is at a moment ``at``
    (phase, cycle, god, player, pending step). ``pause``: the lesson stops before the
    automatic steps of that moment until the learner presses Continue."""

    at: Mapping[str, Any]
    text: Inline = None
    pause: bool = False
    places: tuple[str, ...] = ()
    arrows: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True, slots=True)
class Objective:
    """What the lesson asks: a goal, checked until a deadline."""

    goal: Mapping[str, Any]
    by: str
    """A key of :data:`DEADLINES`."""
    check: str = "as_soon_as"
    """``as_soon_as``: done the moment the goal holds; ``at_deadline``: the goal must hold
    when the deadline comes."""
    cycle: int | None = None
    """With ``by="cycle_end"``: the cycle whose end is the deadline."""
    fail_if: Mapping[str, Any] | None = None
    """A goal that ends the lesson as failed the moment it holds."""
    text: Inline = None


@dataclass(frozen=True, slots=True)
class Lesson:
    """One lesson of the path (see ``docs/lessons.md`` for the file format)."""

    id: str
    topic: str
    you: str
    """The player the learner plays."""
    start: Mapping[str, Any]
    objective: Objective
    solution: tuple[str, ...]
    """The learner's moves that meet the objective (the "Show me" line)."""
    wrong: tuple[str, ...]
    """A plausible line that does not meet it (tested)."""
    hints: tuple[Hint, ...] = ()
    guide: tuple[GuideStep, ...] = ()
    opponents: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    policy: str = "passive"
    texts: Mapping[str, Inline] = field(default_factory=dict)
    """Inline texts of ``title``, ``intro``, ``success`` and ``failure`` (None: catalog)."""
    source: str = ""
    """The file the lesson was read from."""

    # ------------------------------------------------------------------ texts
    def text(self, name: str, lang: str | None = None) -> str:
        """A text of the lesson: ``title``, ``intro``, ``success``, ``failure``,
        ``objective``, ``hint.<n>`` or ``guide.<n>`` (``n`` from 0)."""
        return lesson_text(self.id, name, self._inline(name), lang)

    def has_text(self, name: str, lang: str | None = None) -> bool:
        """True if the lesson has this text in ``lang`` (``failure`` is optional)."""
        return has_text(self.id, name, self._inline(name), lang)

    def title(self, lang: str | None = None) -> str:
        """The lesson's title."""
        return self.text("title", lang)

    def goal_text(self, lang: str | None = None) -> str:
        """The objective in one sentence."""
        return self.text("objective", lang)

    def text_fields(self) -> list[str]:
        """Every text field this lesson needs (``failure`` included when it has one)."""
        names = ["title", "intro", "objective", "success"]
        names += [f"hint.{k}" for k in range(len(self.hints))]
        names += [f"guide.{k}" for k in range(len(self.guide))]
        return names

    def _inline(self, name: str) -> Inline:
        if name == "objective":
            return self.objective.text
        kind, _, index = name.partition(".")
        if kind == "hint":
            return self.hints[int(index)].text
        if kind == "guide":
            return self.guide[int(index)].text
        return self.texts.get(name)

    # ------------------------------------------------------------------ the position
    def new_game(self) -> Game:
        """The lesson's position as a new game (the staged start, before any settling)."""
        return stage(self.start, where=f"{self.id}: $.start")

    def __repr__(self) -> str:
        return f"<Lesson {self.id!r}: {self.topic}>"


# --------------------------------------------------------------------------- loading


@cache
def schema() -> dict[str, Any]:
    """The JSON Schema of lesson files (``cyclades_widgets/learn/lesson.schema.json``)."""
    text = (resources.files(__package__) / "lesson.schema.json").read_text(encoding="utf-8")
    loaded: dict[str, Any] = json.loads(text)
    return loaded


def load_lesson(source: str | Path | Mapping[str, Any], *, where: str | None = None) -> Lesson:
    """Read and check one lesson: a file path, or the parsed JSON (``where`` names it in
    error messages).

    The file must match the schema, its position must stage, and its goal may only name
    players and places of that position. Raises :class:`LessonError` saying where.
    """
    if where is None:
        where = str(source) if not isinstance(source, Mapping) else "lesson"
    data = _read(source) if not isinstance(source, Mapping) else dict(source)
    errors = sorted(
        jsonschema.Draft202012Validator(schema()).iter_errors(data), key=lambda e: list(e.path)
    )
    if errors:
        first = _specific(errors[0])
        path = "$" + "".join(
            f"[{p}]" if isinstance(p, int) else f".{p}" for p in first.absolute_path
        )
        raise LessonError("schema", where=f"{where}: {path}", problem=schema_message(first))
    lesson = _build(data, where)
    _check(lesson)
    return lesson


def _specific(error: Any) -> Any:
    """For a value that matches none of the forms a field allows, the problem with the
    form closest to what was written (``"players": 9`` is too large, not "no form")."""
    while error.validator in ("oneOf", "anyOf") and error.context:
        fitting = [e for e in error.context if e.validator != "type"]  # forms of the right type
        error = jsonschema.exceptions.best_match(fitting or error.context)
    return error


def _read(path: str | Path) -> dict[str, Any]:
    try:
        data: dict[str, Any] = json.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError as err:
        raise LessonError("file.missing", where=str(path)) from err
    except json.JSONDecodeError as err:
        raise LessonError("file.json", where=str(path), line=err.lineno, column=err.colno) from err
    except (OSError, UnicodeDecodeError) as err:
        raise LessonError("file", where=str(path)) from err
    return data


def _build(data: Mapping[str, Any], where: str) -> Lesson:
    o = data["objective"]
    objective = Objective(
        goal=o["goal"],
        by=o["by"],
        check=o.get("check", "as_soon_as"),
        cycle=o.get("cycle"),
        fail_if=o.get("fail_if"),
        text=o.get("text"),
    )
    return Lesson(
        id=data["id"],
        topic=data["topic"],
        you=data["you"],
        start=data["start"],
        objective=objective,
        solution=tuple(data["solution"]),
        wrong=tuple(data["wrong"]),
        hints=tuple(
            Hint(h.get("text"), tuple(h.get("places", ())), _arrows(h))
            for h in data.get("hints", ())
        ),
        guide=tuple(
            GuideStep(
                g["at"],
                g.get("text"),
                g.get("pause", False),
                tuple(g.get("places", ())),
                _arrows(g),
            )
            for g in data.get("guide", ())
        ),
        opponents={k: tuple(v) for k, v in data.get("opponents", {}).items()},
        policy=data.get("policy", "passive"),
        texts={k: data.get(k) for k in ("title", "intro", "success", "failure")},
        source=where,
    )


def _arrows(entry: Mapping[str, Any]) -> tuple[tuple[str, str], ...]:
    return tuple((a, b) for a, b in entry.get("arrows", ()))


def _check(lesson: Lesson) -> None:
    """The checks the schema cannot make: the position stages, the names exist."""
    game = lesson.new_game()
    where = f"{lesson.id}: $.objective"
    validate_goal(lesson.objective.goal, game, where=f"{where}.goal")
    if lesson.objective.fail_if is not None:
        validate_goal(lesson.objective.fail_if, game, where=f"{where}.fail_if")
    names = {n.lower() for n in game.players}
    for name in [lesson.you, *lesson.opponents]:
        if name.lower() not in names:
            raise LessonError("name", where=f"{lesson.id}: {name}", value=name)
    for name in lesson.text_fields():
        if not lesson.has_text(name, "en"):
            raise LessonError("text", where=f"{lesson.id}: {name}", lang="en")


def load_lessons(folder: str | Path) -> list[Lesson]:
    """Every ``*.json`` lesson of a folder, in the order of their file names."""
    files = sorted(Path(folder).glob("*.json"))
    lessons = [load_lesson(f) for f in files]
    _unique(lessons)
    return lessons


def _unique(lessons: Sequence[Lesson]) -> None:
    seen: dict[str, str] = {}
    for lesson in lessons:
        if lesson.id in seen:
            raise LessonError(
                "duplicate", where=lesson.source, code=[seen[lesson.id]], other=seen[lesson.id]
            )
        seen[lesson.id] = lesson.source


@cache
def _builtin() -> tuple[Lesson, ...]:
    folder = resources.files(__package__) / "lessons"
    entries = sorted(
        (p for p in folder.iterdir() if p.name.endswith(".json")), key=lambda p: p.name
    )
    lessons = [
        load_lesson(json.loads(p.read_text(encoding="utf-8")), where=p.name) for p in entries
    ]
    _unique(lessons)
    return tuple(lessons)


def builtin_lessons() -> list[Lesson]:
    """The package's path of lessons, in order."""
    return list(_builtin())
