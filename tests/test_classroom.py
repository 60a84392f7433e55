"""The class pack for nbgrader (issue 17, part 2): ``python -m cyclades_widgets classroom
DIR`` writes a course folder with three assignments, each with autograded checks and a
manually graded question; nbgrader itself generates the students' versions, grades a
correct and a wrong submission, and gives full marks to the one and part of them to the
other.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from cyclades_widgets import cli
from cyclades_widgets.cli import classroom
from cyclades_widgets.i18n import language

ASSIGNMENTS = ("01-offerings", "02-battle-odds", "03-metropolis")
BIN = Path(sys.executable).parent

WRONG = {
    # "Apollo acts first": he acts last.
    "acting_order": (
        "def acting_order(gods_track, winners, apollo):\n"
        "    return list(apollo) + [winners[god] for god in gods_track if god in winners]\n"
    ),
    # "On a tie the attacker wins the round": both sides lose a unit.
    "attacker_wins": (
        "@cache\n"
        "def attacker_wins(attackers, defenders, defender_bonus=0):\n"
        "    if attackers == 0:\n"
        "        return Fraction(0)\n"
        "    if defenders == 0:\n"
        "        return Fraction(1)\n"
        "    lose, win, both = one_round(attackers - defenders - defender_bonus)\n"
        "    return (win + both) * attacker_wins(attackers, defenders - 1, defender_bonus) + (\n"
        "        lose * attacker_wins(attackers - 1, defenders, defender_bonus)\n"
        "    )\n"
    ),
    # Temple and University swapped between Zeus and Athena.
    "builder": (
        "BUILDER = {'fortress': 'ares', 'port': 'poseidon', 'temple': 'athena', "
        "'university': 'zeus'}\n"
    ),
}
"""One wrong answer per assignment (a common misunderstanding of the rules), by grade id."""
QUESTIONS = {
    "01-offerings": "bidding_advice",
    "02-battle-odds": "battle_advice",
    "03-metropolis": "route",
}
"""The manually graded question of each assignment (its grade id)."""


@pytest.fixture(autouse=True)
def _english():
    with language("en"):
        yield


def _cells(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def _meta(cell: dict) -> dict:
    return cell["metadata"]["nbgrader"]


# --------------------------------------------------------------------------- the pack


def test_classroom_writes_a_course_folder(tmp_path: Path, capsys):
    """nbgrader_config.py, a README for the teacher, and source/<a>/<a>.ipynb for each of
    the three assignments; the output names them and the next command."""
    assert cli.main(["classroom", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "3 assignments (01-offerings, 02-battle-odds and 03-metropolis)" in out
    assert "nbgrader generate_assignment 01-offerings" in out
    assert 'c.CourseDirectory.course_id = "cyclades"' in (
        tmp_path / "nbgrader_config.py"
    ).read_text(encoding="utf-8")
    readme = (tmp_path / "README.md").read_text(encoding="utf-8")
    assert all(name in readme for name in ASSIGNMENTS) and "nbgrader autograde" in readme
    for name in ASSIGNMENTS:
        assert (tmp_path / "source" / name / f"{name}.ipynb").is_file()


@pytest.mark.parametrize("name", ASSIGNMENTS)
def test_each_assignment_has_autograded_checks_and_a_question_to_grade(tmp_path, name):
    """nbgrader's cell metadata: solution cells with BEGIN/END SOLUTION, locked test cells
    with points, one manually graded markdown answer, every other cell read-only, unique
    ids."""
    classroom.write_pack(tmp_path)
    cells = _cells(tmp_path / "source" / name / f"{name}.ipynb")
    metas = [_meta(c) for c in cells]
    ids = [m["grade_id"] for m in metas]
    assert len(ids) == len(set(ids)), "grade ids repeat"
    tests = [c for c in cells if _meta(c)["grade"] and c["cell_type"] == "code"]
    answers = [c for c in cells if _meta(c)["grade"] and c["cell_type"] == "markdown"]
    solutions = [c for c in cells if _meta(c)["solution"] and c["cell_type"] == "code"]
    assert len(tests) >= 2 and len(answers) == 1 and len(solutions) >= 2
    assert all(_meta(c)["locked"] and _meta(c)["points"] > 0 for c in tests)
    assert all("assert" in c["source"] for c in tests)
    assert all("### BEGIN SOLUTION" in c["source"] for c in solutions)
    assert _meta(answers[0])["solution"] and not _meta(answers[0])["locked"]
    others = [c for c in cells if not _meta(c)["grade"] and not _meta(c)["solution"]]
    assert all(_meta(c)["locked"] for c in others)
    assert any(
        c["cell_type"] == "code" and "import cyclades_widgets as cw" in c["source"] for c in others
    )


def test_the_battle_assignment_is_checked_against_battle_odds(tmp_path: Path):
    classroom.write_pack(tmp_path)
    cells = _cells(tmp_path / "source" / "02-battle-odds" / "02-battle-odds.ipynb")
    checks = next(c["source"] for c in cells if _meta(c)["grade_id"] == "attacker_wins_checks")
    assert "cw.battle_odds(" in checks and 'exact["attacker_wins"]' in checks


def test_a_teachers_changes_are_kept_unless_forced(tmp_path: Path, capsys):
    classroom.write_pack(tmp_path)
    config = tmp_path / "nbgrader_config.py"
    config.write_text(config.read_text(encoding="utf-8") + "# mine\n", encoding="utf-8")
    capsys.readouterr()
    assert cli.main(["classroom", str(tmp_path)]) == 0
    assert config.read_text(encoding="utf-8").endswith("# mine\n")
    assert "Kept 1 file you have changed: nbgrader_config.py" in capsys.readouterr().out
    assert cli.main(["classroom", str(tmp_path), "--force"]) == 0
    assert not config.read_text(encoding="utf-8").endswith("# mine\n")


def test_the_source_format():
    cells = classroom.parse(
        "# Title\n+++\nText\n```python\nshown = 1\n```\n"
        "```{solution} f\n### BEGIN SOLUTION\nx = 1\n### END SOLUTION\n```\n"
        "```{tests} t 2\nassert x == 1\n```\n```{answer} a 3\nModel.\n```\n"
    )
    assert [(c.kind, c.id, c.points) for c in cells] == [
        ("markdown", "", 0),
        ("markdown", "", 0),
        ("solution", "f", 0),
        ("tests", "t", 2),
        ("answer", "a", 3),
    ]
    assert cells[1].source == "Text\n```python\nshown = 1\n```"
    with pytest.raises(ValueError, match="no points"):
        classroom.parse("```{tests} t\nassert 1\n```\n")
    with pytest.raises(ValueError, match="never closed"):
        classroom.parse("```{solution} f\nx = 1\n")


# --------------------------------------------------------------------------- nbgrader


def _submission(release: Path, source: Path, wrong: bool) -> str:
    """A student's notebook: the released one with every solution filled in (the
    teacher's answer, or for ``wrong`` the answers in WRONG) and the question answered."""
    answers = {_meta(c)["grade_id"]: c["source"] for c in _cells(source)}
    notebook = json.loads(release.read_text(encoding="utf-8"))
    for cell in notebook["cells"]:
        meta = _meta(cell)
        if not meta["solution"]:
            continue
        grade_id = meta["grade_id"]
        if cell["cell_type"] == "markdown":
            cell["source"] = "Bid what the others cannot cheaply beat."
        elif wrong and grade_id in WRONG:
            cell["source"] = WRONG[grade_id]
        else:
            lines = answers[grade_id].splitlines()
            cell["source"] = "\n".join(line for line in lines if "### " not in line)
    return json.dumps(notebook)


def _nbgrader(course: Path, *args: str) -> None:
    env = dict(os.environ, PATH=f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}")
    done = subprocess.run(
        [str(BIN / "nbgrader"), *args, "--log-level=WARN"],
        cwd=course,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]


def test_nbgrader_grades_a_correct_and_a_wrong_submission(tmp_path: Path):
    """Issue 17: generate_assignment on each assignment, a correct and a wrong sample
    submission put in place, autograde, then the scores: full marks on the checks for the
    correct one, part of them for the wrong one; the written answer waits for the teacher,
    whose grade completes the correct one's full marks."""
    pytest.importorskip("nbgrader")
    from nbgrader.api import Gradebook

    course = tmp_path / "course"
    assert cli.main(["classroom", str(course)]) == 0
    _nbgrader(course, "generate_assignment", "*")
    for name in ASSIGNMENTS:
        release = course / "release" / name / f"{name}.ipynb"
        assert release.is_file()
        released = release.read_text(encoding="utf-8")
        assert "### BEGIN SOLUTION" not in released and "raise NotImplementedError()" in released
        source = course / "source" / name / f"{name}.ipynb"
        for student, wrong in (("correct", False), ("wrong", True)):
            target = course / "submitted" / student / name / f"{name}.ipynb"
            target.parent.mkdir(parents=True)
            target.write_text(_submission(release, source, wrong), encoding="utf-8")
    _nbgrader(course, "autograde", "*")

    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gradebook:
        for name in ASSIGNMENTS:
            assignment = gradebook.find_assignment(name)
            assert assignment.max_code_score > 0 and assignment.max_written_score > 0
            good = gradebook.find_submission(name, "correct")
            bad = gradebook.find_submission(name, "wrong")
            assert good.code_score == assignment.max_code_score, name
            assert 0 < bad.code_score < assignment.max_code_score, name
            assert good.needs_manual_grade and bad.needs_manual_grade
            answer = gradebook.find_grade(QUESTIONS[name], name, name, "correct")
            assert answer.auto_score is None and answer.needs_manual_grade
            answer.manual_score = answer.max_score  # the teacher grades the written answer
            gradebook.db.commit()
            assert gradebook.find_submission(name, "correct").score == assignment.max_score
