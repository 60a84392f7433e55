"""Learn mode around the lessons: progress kept between sessions, the course (what the
widget shows and what its buttons do), and lessons written by a teacher."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cyclades_widgets.i18n import LANGS, text
from cyclades_widgets.learn import (
    Course,
    LessonError,
    LessonRun,
    Progress,
    load_lesson,
    load_lessons,
)
from cyclades_widgets.learn.progress import FILE, default_path

# --------------------------------------------------------------------------- progress


def test_progress_round_trips_through_its_file(tmp_path):
    path = tmp_path / "sub" / "progress.json"
    progress = Progress(path)
    progress.record("take-ios", done=True, tries=2, hints=1, shown=False)
    progress.record("apollo", done=False, tries=1, hints=2, shown=True)
    again = Progress(path)
    assert again.to_dict() == progress.to_dict()
    assert again.current == "apollo"
    assert again.is_done("take-ios") and not again.is_done("apollo")
    assert again.of("apollo").shown and again.of("apollo").hints == 2


def test_a_later_failed_attempt_keeps_the_lesson_done(tmp_path):
    progress = Progress(tmp_path / "p.json")
    progress.record("take-ios", done=True, tries=1, hints=0, shown=False)
    progress.record("take-ios", done=False, tries=3, hints=0, shown=False)
    assert Progress(tmp_path / "p.json").of("take-ios").done
    assert Progress(tmp_path / "p.json").of("take-ios").tries == 3


@pytest.mark.parametrize("content", ["", "{not json", '{"format": "other"}', "[1, 2]"])
def test_a_damaged_progress_file_reads_as_empty(tmp_path, content):
    path = tmp_path / "p.json"
    path.write_text(content, encoding="utf-8")
    progress = Progress(path)
    assert progress.lessons == {} and progress.current is None
    progress.visit("goal")
    assert json.loads(path.read_text("utf-8"))["current"] == "goal"


def test_the_progress_file_lives_in_the_jupyter_data_directory(tmp_path, monkeypatch):
    monkeypatch.setenv("JUPYTER_DATA_DIR", str(tmp_path))
    assert default_path() == tmp_path / FILE
    assert Progress().path == tmp_path / FILE


# --------------------------------------------------------------------------- the course


@pytest.fixture
def course(tmp_path):
    return Course(progress=tmp_path / "progress.json", lang="en")


@pytest.mark.parametrize("lang", LANGS)
def test_a_lesson_is_played_in_every_language(tmp_path, lang):
    """Every text Learn mode shows follows the course's language, to the success text."""
    course = Course(progress=tmp_path / "p.json", lang=lang)
    course.open("take-ios")
    view = course.view()
    objective = text("learn.lesson.take-ios.objective", lang)
    assert view.goal == text("learn.ui.goal", lang, goal=objective)
    assert view.intro == text("learn.lesson.take-ios.intro", lang)
    course.hint()
    assert course.view().feedback == text("learn.lesson.take-ios.hint.0", lang)
    course.play("end")  # the wrong line: the turn ends without Ios
    assert course.view().feedback == text("learn.lesson.take-ios.failure", lang)
    assert course.view().reason == text("learn.why.controls.other", lang, holder="Sparta",
                                        place="ios")  # fmt: skip
    course.reset()
    while course.view().status == "playing":
        course.show_me()
    shown = text("learn.ui.shown", lang, move=text("board.action.move.troops", lang,
                 count=2, origin="naxos", target="ios"))  # fmt: skip
    success = text("learn.lesson.take-ios.success", lang)
    assert course.view().feedback == f"{shown} {success}"
    assert course.view().notation == "move troops naxos>ios 2"
    assert course.view().progress == text(
        "learn.ui.progress", lang, done=1, total=len(course.lessons)
    )


def test_a_new_learner_starts_with_the_first_cycle(course):
    view = course.view()
    assert course.lesson.id == "first-cycle"
    assert view.heading.startswith("Lesson 1 of ")
    assert view.goal == "Goal: Finish your first cycle with three isles."
    assert view.coach and view.can_continue and view.status == "playing"
    assert view.progress.startswith("0 of ")


def test_continue_walks_through_the_phases_to_the_learners_bid(course):
    for _ in range(4):
        assert course.view().can_continue
        course.proceed()
    view = course.view()
    assert not view.can_continue
    assert course.run.your_turn and course.run.game.phase.value == "offerings"
    assert "Offerings" in view.coach


def test_a_met_objective_is_saved_and_shown(course, tmp_path):
    course.open("take-ios")
    assert course.play("move troops naxos>ios 1")
    view = course.view()
    assert view.status == "success"
    assert view.feedback.startswith("Ios is yours")
    assert view.progress.startswith("1 of ")
    assert Progress(tmp_path / "progress.json").is_done("take-ios")


def test_an_illegal_move_becomes_the_feedback(course):
    course.open("take-ios")
    assert not course.play("move troops kea>ios 1")
    assert course.view().feedback
    assert course.view().status == "playing" and course.run.moves == []


def test_hints_light_the_board(course):
    course.open("take-ios")
    course.hint()
    view = course.view()
    assert view.feedback == course.lesson.text("hint.0", "en")
    assert view.highlights == {"places": ["ios"], "arrows": []}
    course.hint()
    course.hint()
    assert course.view().highlights["arrows"] == [["naxos", "ios"]]


def test_the_coach_lights_the_board_when_no_hint_is_shown(course):
    course.open("first-cycle")
    assert course.view().highlights["places"] == ["kea", "naxos", "c2", "g5"]


def test_next_previous_and_the_end_of_the_path(course):
    course.open(len(course.lessons) - 1)
    assert not course.view().has_next
    assert not course.next()
    assert course.view().feedback == "That was the last lesson of the path."
    assert course.previous() and course.index == len(course.lessons) - 2
    course.open(0)
    assert not course.previous()


def test_the_next_session_opens_where_the_learner_left(tmp_path):
    first = Course(progress=tmp_path / "p.json")
    first.open("harpy")
    assert Course(progress=tmp_path / "p.json").lesson.id == "harpy"


def test_failure_and_reset(course):
    course.open("take-ios")
    course.play("end")
    assert course.view().status == "failed"
    assert "Sparta" in course.view().feedback
    course.reset()
    assert course.view().status == "playing" and course.view().feedback == ""
    assert course.progress.of("take-ios").tries == 2


def test_show_me_says_the_move(course):
    course.open("take-ios")
    assert course.show_me() == "move troops naxos>ios 2"
    assert course.view().status == "success"
    course.open("take-ios")
    course.show_me()
    assert course.show_me() is None
    assert course.view().feedback == "That was the whole solution."


def test_opening_an_unknown_lesson_names_the_lessons(course):
    with pytest.raises(LessonError, match="take-ios"):
        course.open("no-such-lesson")


# --------------------------------------------------------------------------- a teacher's lesson

TEACHER_LESSON = {
    "format": "cyclades-lesson/1",
    "id": "my-lesson",
    "topic": "ares",
    "you": "Athens",
    "title": {"en": "Delos in one move"},
    "intro": {"en": "Your fleet at f6 touches Naxos and Delos."},
    "success": {"en": "Delos is yours."},
    "start": {
        "players": 3,
        "scenario": [
            ["fleets", "f6", "Athens", 1],
            ["phase", "actions", {"god": "ares", "player": "Athens"}],
        ],
    },
    "objective": {
        "text": {"en": "Take Delos this turn."},
        "goal": {"controls": "delos"},
        "by": "turn_end",
    },
    "hints": [{"text": {"en": "Look at f6."}, "places": ["f6"]}],
    "solution": ["move troops naxos>delos 1"],
    "wrong": ["end"],
}


def _write(folder: Path, name: str, data) -> Path:
    path = folder / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_a_teachers_lesson_with_inline_texts_runs_in_a_course(tmp_path):
    _write(tmp_path, "01-my-lesson.json", TEACHER_LESSON)
    lessons = load_lessons(tmp_path)
    course = Course(lessons, progress=tmp_path / "p.json", lang="zh")
    view = course.view()
    assert "Take Delos this turn." in view.goal  # English text in a Chinese session
    course.play("move troops naxos>delos 1")
    assert course.view().status == "success"


@pytest.mark.parametrize(
    ("change", "where"),
    [
        ({"format": "lesson/0"}, "$.format"),
        ({"objective": {"goal": {"owns": "delos"}, "by": "turn_end"}}, "$.objective.goal"),
        ({"start": {"players": 3, "scenario": [["teleport", "naxos"]]}}, "$.start.scenario[0]"),
        ({"solution": []}, "$.solution"),
    ],
)
def test_a_malformed_lesson_file_names_the_place(tmp_path, change, where):
    path = _write(tmp_path, "bad.json", {**TEACHER_LESSON, **change})
    with pytest.raises(LessonError) as err:
        load_lesson(path)
    assert where in str(err.value)


def test_a_position_the_rules_refuse_is_named_with_the_rule(tmp_path):
    steps = [["troops", "naxos", "Athens", 5], ["troops", "kea", "Athens", 4]]
    path = _write(tmp_path, "bad.json", {**TEACHER_LESSON, "start": {"scenario": steps}})
    with pytest.raises(LessonError, match=r"scenario\[1\].*9 troops.*limit is 8"):
        load_lesson(path)


def test_a_goal_naming_a_place_not_on_the_map_is_refused(tmp_path):
    objective = {"goal": {"controls": "thira"}, "by": "turn_end", "text": {"en": "x"}}
    path = _write(tmp_path, "bad.json", {**TEACHER_LESSON, "objective": objective})
    with pytest.raises(LessonError, match="Thira is not a player, place"):
        load_lesson(path)


def test_a_lesson_without_its_texts_is_refused(tmp_path):
    data = {k: v for k, v in TEACHER_LESSON.items() if k != "title"}
    with pytest.raises(LessonError, match="title"):
        load_lesson(_write(tmp_path, "bad.json", data))


def test_two_lessons_with_one_id_are_refused(tmp_path):
    _write(tmp_path, "01-a.json", TEACHER_LESSON)
    _write(tmp_path, "02-b.json", TEACHER_LESSON)
    with pytest.raises(LessonError, match="same id"):
        load_lessons(tmp_path)


def test_the_example_of_docs_lessons_md_loads_and_its_lines_behave(tmp_path):
    page = (Path(__file__).resolve().parents[1] / "docs" / "lessons.md").read_text("utf-8")
    example = page.split("### A complete example", 1)[1].split("```json", 1)[1].split("```", 1)[0]
    lesson = load_lesson(_write(tmp_path, "01-example.json", json.loads(example)))
    run = LessonRun(lesson)
    run.play_line(lesson.solution)
    assert run.status == "success"
    run = LessonRun(lesson)
    run.play_line(lesson.wrong)
    assert run.status == "failed"


def test_after_a_restart_learn_opens_the_next_unfinished_lesson(tmp_path):
    """Issue 25: a lesson finished, then the notebook restarted: Learn opens the next
    lesson not done, not the finished one again."""
    path = tmp_path / "p.json"
    first = Course(progress=path, lang="en")
    first.open("win-ares")
    first.play("bid ares 3")
    assert first.view().status == "success"
    assert Course(progress=path).lesson.id == "act-first"


def test_a_restart_skips_lessons_done_and_comes_back_to_an_earlier_one(tmp_path):
    """After the last lessons are done, the first one not done comes next; a lesson left
    unfinished is reopened as it was; with everything done, the last one seen."""
    path = tmp_path / "p.json"
    course = Course(progress=path, lang="en")
    ids = [lesson.id for lesson in course.lessons]
    for lesson_id in ids[-2:]:
        course.progress.record(lesson_id, done=True, tries=1, hints=0, shown=False)
    assert Course(progress=path).lesson.id == ids[0]
    course.open(ids[3])  # opened, not finished
    assert Course(progress=path).lesson.id == ids[3]
    for lesson_id in ids:
        course.progress.record(lesson_id, done=True, tries=1, hints=0, shown=False)
    course.progress.visit(ids[5])
    assert Course(progress=path).lesson.id == ids[5]
