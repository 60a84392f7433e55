"""Learn mode's engine: every lesson's solution meets its objective, a wrong line does not,
the lesson files match their schema, and the path covers the rules issue 13 asks for.

Rules each lesson stages are cited in the lesson tests below and in docs/teaching.md
(seed 000, seed 002 and its FAQ); the engine decides the outcomes (cw.Game), so a lesson
whose rule changed would fail here.
"""

from __future__ import annotations

import json
from collections import Counter
from importlib import resources
from pathlib import Path

import jsonschema
import pytest

from cyclades_widgets.i18n import LANGS
from cyclades_widgets.learn import LessonRun, builtin_lessons
from cyclades_widgets.learn.goals import GOALS
from cyclades_widgets.learn.lessons import schema
from cyclades_widgets.rules.errors import IllegalActionError
from cyclades_widgets.rules.state import GODS

LESSONS = builtin_lessons()
LESSON_DIR = Path(str(resources.files("cyclades_widgets.learn") / "lessons"))


def _ids(lessons):
    return [lesson.id for lesson in lessons]


def _played(lesson, line):
    run = LessonRun(lesson)
    run.play_line(line)
    return run


@pytest.mark.parametrize("lesson", LESSONS, ids=_ids(LESSONS))
def test_the_solution_meets_the_objective(lesson):
    run = _played(lesson, lesson.solution)
    assert run.status == "success", (run, run.game)


@pytest.mark.parametrize("lesson", LESSONS, ids=_ids(LESSONS))
def test_the_wrong_line_fails_the_objective(lesson):
    """Each lesson names one plausible wrong line; played to its end, the lesson is
    decided, and failed (not merely unfinished)."""
    run = _played(lesson, lesson.wrong)
    assert run.status == "failed", (run, run.game)
    assert list(lesson.wrong) != list(lesson.solution)


@pytest.mark.parametrize("lesson", LESSONS, ids=_ids(LESSONS))
def test_a_lesson_starts_undecided_at_the_learners_decision(lesson):
    run = LessonRun(lesson)
    assert run.status == "playing"
    assert run.your_turn or run.paused is not None


@pytest.mark.parametrize("path", sorted(LESSON_DIR.glob("*.json")), ids=lambda p: p.name)
def test_lesson_files_validate_against_the_schema(path):
    jsonschema.Draft202012Validator(schema()).validate(json.loads(path.read_text("utf-8")))


def test_the_schema_is_a_valid_schema_and_names_every_goal():
    jsonschema.Draft202012Validator.check_schema(schema())
    assert set(schema()["$defs"]["goal"]["properties"]) == set(GOALS)


def test_lesson_files_are_named_by_their_order_and_id():
    names = sorted(p.stem for p in LESSON_DIR.glob("*.json"))
    assert names == [f"{k:02d}-{lesson.id}" for k, lesson in enumerate(LESSONS)]


@pytest.mark.parametrize("lang", LANGS)
def test_every_lesson_has_every_text_in_every_language(lang):
    missing = [
        (lesson.id, name)
        for lesson in LESSONS
        for name in [*lesson.text_fields(), "failure"]
        if not lesson.has_text(name, lang)
    ]
    assert missing == []


# --------------------------------------------------------------------------- coverage


def _solution_events():
    found = Counter()
    phases = set()
    for lesson in LESSONS:
        run = _played(lesson, lesson.solution)
        for step in run.game.history:
            phases.add(step.phase.value)
        for step in run.game.history[run._since :]:
            for event in step.events:
                found[(event.kind, event.data.get("variant") or event.data.get("cause"))] += 1
    return found, phases


def test_the_path_covers_the_rules_issue_13_lists():
    """Issue 13: every phase, every god, battles, retreats, the last-isle rule, the three
    ways to a Metropolis, the end-of-cycle check (seed 000 'Turn Structure', 'Creating
    Metropolises', 'Battle', 'Last Isle Rule'; seed 002 FAQ)."""
    assert len(LESSONS) >= 15
    events, phases = _solution_events()
    assert {"setup", "creatures", "gods", "revenue", "offerings", "actions", "end"} <= phases
    for needed in [
        ("metropolis_built", "philosophers"),
        ("metropolis_built", "buildings"),
        ("metropolis_captured", None),
        ("battle_end", "attacker_wins"),
        ("battle_end", "mutual"),
        ("retreat", "sea"),
        ("eliminated", None),
        ("game_won", None),
        ("prosperity_placed", None),
        ("creature_bought", "temples"),
        ("gods_order", None),
        ("revenue", None),
        ("cycle_end", None),
    ]:
        assert events[needed], needed


def test_every_god_has_a_lesson_where_the_learner_acts_for_it():
    gods = set()
    for lesson in LESSONS:
        run = _played(lesson, lesson.solution)
        for step in run.game.history[run._since :]:
            for event in step.events:
                if event.kind == "turn_start" and event.data["player"] == run.you:
                    gods.add(event.data["god"])
                if event.kind == "bid_apollo" and event.data["player"] == run.you:
                    gods.add("apollo")
        turn = run.lesson.start.get("scenario", [])
        gods.update(s[2]["god"] for s in turn if s[0] == "phase" and len(s) > 2)
    assert gods >= {*GODS, "apollo"}


# --------------------------------------------------------------------------- the run


def _lesson(lesson_id):
    return next(lesson for lesson in LESSONS if lesson.id == lesson_id)


def test_an_illegal_move_explains_the_rule_and_changes_nothing():
    """Seed 000 'Actions': at most 8 troops per player."""
    run = LessonRun(_lesson("troop-limit"))
    run.play("recruit troop naxos")
    run.play("recruit troop naxos")
    before = run.game.state.copy()
    with pytest.raises(IllegalActionError):
        run.play("recruit troop naxos")
    assert run.game.state == before and run.status == "playing"


def test_show_me_plays_the_solution_step_by_step():
    lesson = _lesson("four-buildings")
    run = LessonRun(lesson)
    assert run.show_me() == "build fortress milos"
    assert run.status == "playing"
    assert run.show_me() == "metropolis milos"
    assert run.status == "success" and run.shown
    assert run.show_me() is None


def test_show_me_starts_again_when_the_learner_left_the_solution():
    lesson = _lesson("troop-limit")
    run = LessonRun(lesson)
    run.play("move troops milos>naxos 1")
    assert run.show_me() == "recruit troop naxos"
    assert run.moves == ["recruit troop naxos"]
    assert run.tries == 2


def test_show_me_continues_through_the_coachs_pauses():
    run = LessonRun(_lesson("first-cycle"))
    assert run.paused is not None
    assert run.show_me() == "bid ares 1"
    assert run.game.phase.value == "actions"


def test_hints_come_in_order_and_stay_on_the_last():
    lesson = _lesson("take-ios")
    run = LessonRun(lesson)
    seen = [run.hint()[0] for _ in range(len(lesson.hints) + 2)]
    assert seen == [*range(len(lesson.hints)), len(lesson.hints) - 1, len(lesson.hints) - 1]
    assert run.hints_used == len(lesson.hints)


def test_the_coach_speaks_for_the_closest_moment():
    run = LessonRun(_lesson("first-cycle"))
    assert run.coach()[0] == 0  # the setup pause
    run.play_line(["bid ares 1"])
    assert run.coach()[1].at == {"phase": "actions", "god": "ares"}


def test_moves_played_on_the_game_directly_are_taken_in():
    """The board plays on ``run.game``; ``sync`` sees the learner's move and settles."""
    lesson = _lesson("take-ios")
    run = LessonRun(lesson)
    run.game.play("move troops naxos>ios 1")
    run.sync()
    assert run.moves == ["move troops naxos>ios 1"] and run.status == "success"


def test_after_stepping_back_on_the_board_the_run_forgets_the_undone_moves():
    run = LessonRun(_lesson("troop-limit"))
    run.play("recruit troop naxos")
    run.game.undo()
    run.sync()
    assert run.moves == [] and run.status == "playing"


def test_nothing_can_be_played_once_the_lesson_is_decided():
    run = _played(_lesson("take-ios"), ["end"])
    assert run.status == "failed"
    with pytest.raises(IllegalActionError):
        run.play("end")


def test_opponents_follow_their_script_then_the_passive_policy():
    """The scripted Sparta bids Poseidon after being outbid (seed 000 'Offerings')."""
    run = _played(_lesson("win-ares"), ["bid ares 3"])
    assert run.game.state.bids["poseidon"][0] == run.game.state.seat("Sparta")
    assert run.game.state.apollo == [run.game.state.seat("Corinth")]


def test_the_wheel_ships_the_lessons_and_their_schema(tmp_path):
    """Lessons live beside their engine (cyclades_widgets/learn/), outside data/: check
    the wheel carries them."""
    import subprocess
    import sys
    import zipfile

    pytest.importorskip("hatchling")
    root = LESSON_DIR.parents[2]
    out = subprocess.run(
        [sys.executable, "-m", "hatchling", "build", "-t", "wheel", "-d", str(tmp_path)],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert out.returncode == 0, out.stdout + out.stderr
    (wheel,) = tmp_path.glob("cyclades_widgets-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    wanted = [f"cyclades_widgets/learn/lessons/{p.name}" for p in LESSON_DIR.glob("*.json")]
    wanted.append("cyclades_widgets/learn/lesson.schema.json")
    assert [w for w in wanted if w not in names] == []
