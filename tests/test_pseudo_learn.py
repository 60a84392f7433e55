"""The pseudo-locale walk of Learn mode (issue 14 with issue 13): in the test-only language
``pseudo`` every catalog word comes wrapped as ``⟦…⟧``, so a word Learn mode shows that is
not from the catalogs stands out.

Walked: every lesson of the path as Learn mode shows it (heading, "you play", goal, intro,
every hint, the coach's prompts, every move of the solution, success, a wrong line and its
failure, the refusals of a move at the wrong moment), every kind of error a lesson file can
raise, and the whole rules reference. Allowed outside the wrappers: player names, notation
(moves, lesson ids, JSON paths, the house rules' code) and what the author wrote in a file.
The board's pictures are walked by the board's own pseudo-locale test.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import pytest
from pseudo import unwrapped

import cyclades_widgets as cw
from cyclades_widgets.i18n import PSEUDO, Message, catalog, language
from cyclades_widgets.learn import (
    Course,
    LessonError,
    builtin_lessons,
    load_lesson,
    load_lessons,
)
from cyclades_widgets.learn import exercises as ex
from cyclades_widgets.learn.exercises import KINDS, Exercise, exercise, exercises
from cyclades_widgets.learn.goals import validate_goal
from cyclades_widgets.learn.lessons import schema
from cyclades_widgets.learn.reference import PART_IDS, house_rules, rules_reference
from cyclades_widgets.learn.reference_content import CREATURE_FORMS, NOTATION, PICTURES
from cyclades_widgets.learn.staging import stage

PLAYERS = {"Athens", "Sparta", "Corinth", "Thebes", "Argos"}


@pytest.fixture(autouse=True)
def pseudo_session():
    with language(PSEUDO):
        yield


def check(text: str, allowed: Iterable[str] = ()) -> None:
    words = unwrapped(text, [*PLAYERS, *allowed])
    assert words == [], f"words not from the catalogs: {words} in {text!r}"


def verbatim(msg: Any) -> set[str]:
    """The names a message and the messages inside it keep as written."""
    if not isinstance(msg, Message):
        return set()
    return set(msg.proper).union(*(verbatim(v) for v in msg.params.values()))


def shown(course: Course) -> list[str]:
    """Every text of Learn mode's current view (the notation of a move shown apart)."""
    v = course.view()
    return [v.heading, v.you, v.goal, v.intro, v.coach, v.feedback, v.progress, v.reason]


# --------------------------------------------------------------------------- the lessons


@pytest.mark.parametrize("lesson", [lesson.id for lesson in builtin_lessons()])
def test_every_lesson_speaks_only_the_catalogs_words(lesson: str, tmp_path: Path):
    course = Course(progress=tmp_path / "p.json")
    course.open(lesson)
    texts = shown(course)
    moves = set(course.lesson.solution) | set(course.lesson.wrong)
    for _ in course.lesson.hints:
        course.hint()
        texts += shown(course)
    course.hint()  # after the last hint, the last again
    texts += shown(course)
    while (move := course.show_me()) is not None:
        moves.add(move)
        texts += shown(course)
    while course.view().can_continue:  # the coach's last pause
        course.proceed()
        texts += shown(course)
    assert course.view().status == "success"
    texts += shown(course)
    course.play("end")  # the lesson is over: refused, with the reason
    texts.append(course.feedback if isinstance(course.feedback, str) else "")
    texts += shown(course)
    course.reset()
    for move in course.lesson.wrong:
        while course.view().can_continue:
            course.proceed()
            texts += shown(course)
        course.play(move)
        texts += shown(course)
    while course.view().can_continue and course.view().status == "playing":
        course.proceed()
        texts += shown(course)
    assert course.view().status == "failed" and course.view().reason
    texts += shown(course)
    for text in texts:  # moves in words: no notation but in its own field (issue 25)
        check(text)
    assert moves


def test_a_guided_lesson_shows_every_prompt_of_its_coach(tmp_path: Path):
    """The first cycle: every prompt of the coach is shown along the solution."""
    course = Course(progress=tmp_path / "p.json")
    course.open("first-cycle")
    seen = set()
    while course.view().status == "playing":
        seen.add(course.view().coach)
        if course.view().can_continue:
            course.proceed()
        elif course.show_me() is None:
            break
    prompts = {course.lesson.text(f"guide.{k}") for k in range(len(course.lesson.guide))}
    assert prompts - seen <= {course.lesson.text("guide.6")}  # Apollo's players: none here
    for text in seen:
        check(text)


def test_a_move_during_a_pause_and_the_end_of_the_path_are_explained(tmp_path: Path):
    """Learn mode's own refusals (an illegal move's reason is the rules' text, walked by
    the rules' tests)."""
    course = Course(progress=tmp_path / "p.json")
    course.open("first-cycle")
    assert course.view().can_continue
    course.play("bid ares 1")  # the coach waits for Continue
    check(course.view().feedback)
    assert course.next() and course.index > 0
    course.open(len(course.lessons) - 1)
    assert not course.next()
    check(course.view().feedback)


# --------------------------------------------------------------------------- errors


BASE: dict[str, Any] = {
    "format": "cyclades-lesson/1",
    "id": "my-lesson",
    "topic": "ares",
    "you": "Athens",
    "title": {"en": "My lesson"},
    "intro": {"en": "Intro."},
    "start": {
        "players": 3,
        "scenario": [
            ["fleets", "f6", "Athens", 1],
            ["phase", "actions", {"god": "ares", "player": "Athens"}],
        ],
    },
    "objective": {"text": {"en": "Take Delos."}, "goal": {"controls": "delos"}, "by": "turn_end"},
    "success": {"en": "Done."},
    "solution": ["move troops naxos>delos 1"],
    "wrong": ["end"],
}


def _with(**change: Any) -> dict[str, Any]:
    return {**BASE, **change}


def _start(*steps: list[Any]) -> dict[str, Any]:
    return _with(start={"players": 3, "scenario": [list(s) for s in steps]})


def _objective(goal: Any) -> dict[str, Any]:
    return _with(objective={**BASE["objective"], "goal": goal})


def _file(tmp_path: Path, text: str | bytes) -> Callable[[], object]:
    path = tmp_path / f"lesson-{len(list(tmp_path.iterdir()))}.json"
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return lambda: load_lesson(path)


SCHEMA_CASES: list[dict[str, Any]] = [
    _with(format="lesson/0"),  # const
    _with(id="Not An Id"),  # pattern
    _with(topic="juggling"),  # enum
    _with(extra=1),  # additionalProperties
    {k: v for k, v in BASE.items() if k != "you"},  # required
    _with(solution="end"),  # type
    _with(solution=[]),  # minItems
    _with(start={"players": 9}),  # maximum
    _with(start={"players": 1}),  # minimum
    _with(title={"en": ""}),  # minLength
    _with(solution=["x" * 81]),  # maxLength
    _with(solution=[3]),  # type (a number)
    _with(intro={"en": True}),  # type (true or false)
    _objective({}),  # minProperties
    _objective({"controls": "delos", "isles": {"least": 1}}),  # maxProperties
]
"""Lesson files that break the schema, one per kind of rule it states."""


def test_every_schema_rule_a_lesson_breaks_is_told_in_the_catalogs_words(tmp_path: Path):
    keys = set()
    for data in SCHEMA_CASES:
        with pytest.raises(LessonError) as info:
            load_lesson(data)
        err = info.value
        assert err.msg.key == "learn.error.schema"
        problem = err.msg.params["problem"]
        keys.add(problem.key)
        check(str(err), {*verbatim(err.msg), "lesson", "$"})
    own = {k for k in catalog().entries if k.startswith("learn.error.schema.")}
    assert own - keys == {"learn.error.schema.other"}, "schema messages no case shows"


def errors(tmp_path: Path) -> list[tuple[Callable[[], object], set[str]]]:
    """Every kind of lesson error, with the words the author wrote that it may repeat."""
    twice = tmp_path / "twice"
    twice.mkdir()
    for name in ("01-a.json", "02-b.json"):
        (twice / name).write_text(json.dumps(BASE), encoding="utf-8")
    return [
        (_file(tmp_path, "{"), set()),
        (_file(tmp_path, b"\xff\xfe"), set()),
        (lambda: load_lesson(tmp_path / "none.json"), set()),
        (lambda: load_lessons(twice), set()),
        (lambda: stage({"players": 3, "scenario": [["teleport", "naxos"]]}), {"teleport"}),
        (lambda: load_lesson(_start(["troops", "naxos"])), set()),
        (lambda: load_lesson(_start(["troops", "naxos", "Athens", 9])), set()),
        (lambda: validate_goal({"owns": "delos"}, stage(BASE["start"]), where="$.goal"),
         {"$.goal"}),
        (lambda: load_lesson(_objective({"controls": "thira"})), set()),
        (lambda: load_lesson(_with(you="Rome")), {"Rome"}),
        (lambda: load_lesson(_with(title={"zh": "只有中文"})), set()),
        (lambda: Course(lessons=[], progress=tmp_path / "p.json"), set()),
        (lambda: Course(progress=tmp_path / "p.json").open("juggling"), {"juggling"}),
        (lambda: rules_reference(part="cheat-sheet"), {"cheat-sheet"}),
        (lambda: cw.check("juggling", 1), {"juggling", *exercises()}),
        (lambda: ex._validate(Exercise("x", "riddle"), "x"), {"x", "riddle", *KINDS}),
        (lambda: Exercise("x", "count", you="winner", count={"isles": {}}).expected(), {"x"}),
    ]  # fmt: skip


def test_every_kind_of_lesson_error_comes_from_the_catalogs(tmp_path: Path):
    keys = {"learn.error.schema"}  # walked above
    for action, allowed in errors(tmp_path):
        with pytest.raises(LessonError) as info:
            action()
        err = info.value
        keys.add(err.msg.key)
        check(
            str(err),
            {*verbatim(err.msg), *allowed, "lesson-0.json", "lesson-1.json", "none.json", "en"},
        )
    own = {
        k
        for k in catalog().entries
        if k.startswith("learn.error.")
        and not k.startswith(("learn.error.schema.", "learn.error.type."))
    }
    assert own - keys == {"learn.error.stuck"}, "lesson errors no case raises"


def test_the_stuck_guard_speaks_the_catalogs_words():
    """A lesson whose other players never hand back the move (a guard, not a file error)."""
    err = LessonError("stuck", where="my-lesson")
    check(str(err), {"my-lesson"})


def test_the_schema_is_the_one_walked():
    """The cases above cover the schema's kinds of rules (a new kind needs a case)."""
    text = json.dumps(schema())
    for kind in ("const", "pattern", "enum", "additionalProperties", "required", "minItems",
                 "maximum", "minimum", "minLength", "minProperties", "maxProperties"):  # fmt: skip
        assert f'"{kind}"' in text, kind


# --------------------------------------------------------------------------- the reference


def test_the_rules_reference_speaks_only_the_catalogs_words():
    code = {row.code for row in house_rules()}
    ref = rules_reference()
    example = ref.to_markdown().split("```python\n")[-1].split("\n```")[0]
    notation = {w for row in NOTATION for f in row.forms for w in re.split(r"\{\w+\}|\W", f)}
    notation |= {row.example for row in NOTATION}
    notation |= {
        w for forms in CREATURE_FORMS.values() for f in forms for w in re.split(r"\{\w+\}|\W", f)
    }
    text = ref.to_markdown(images="img")
    for line in text.splitlines():
        line = re.sub(r"<svg .*?</svg>", " ", line)  # the creatures' pictures: no words
        allowed = {*code, *notation, example, "python", "img", "src", "width", "alt", "svg"}
        check(line, allowed | set(PICTURES))
    assert ref.titles() == [ref.title(p) for p in PART_IDS]
    for title in ref.titles():
        check(title)


# --------------------------------------------------------------------------- exercises


def _answers(name: str) -> list[Any]:
    """A right answer, a wrong one and answers of the wrong form, for every exercise."""
    e = exercise(name)
    if e.kind == "lesson":
        lesson = e.the_lesson
        return [list(lesson.solution), list(lesson.wrong), 7]
    if e.kind == "count":
        return [e.expected(), e.expected() + 1, "four"]
    return [cw.Scenario(players=3), "a position"]


@pytest.mark.parametrize("name", exercises())
def test_every_exercise_speaks_only_the_catalogs_words(name: str):
    """The question, the hints, and what the check says to a right answer, a wrong one,
    no answer and an answer of the wrong form."""
    e = exercise(name)
    texts = [e.question(), *e.hints()]
    moves: set[str] = set()
    if e.kind == "lesson":
        moves = {*e.the_lesson.solution, *e.the_lesson.wrong}
    for answer in [None, *_answers(name)]:
        verdict = cw.check(name, answer)
        texts += [str(verdict), verdict.title, verdict.text, verdict.hint]
    for text in texts:
        check(text, {*moves, "None"})
