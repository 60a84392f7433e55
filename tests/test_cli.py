"""Command line (issue 5 'COMMAND LINE'): ``python -m cyclades_widgets`` and the
``cyclades-widgets`` script: validate, replay (tutorials and demo: test_cli_tutorials.py;
classroom: test_classroom.py)."""

from __future__ import annotations

import json
import random
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from cyclades_widgets import Game, cli

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def record_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    game = Game.new(players=3, seed=6)
    rng = random.Random(6)
    for _ in range(20):
        game.advance(to="decision")
        game.play(rng.choice(game.legal_actions()))
    record = game.record
    record.title = "CLI lesson"
    record.annotate(4, before="What would you bid here?", tag="key move")
    path = tmp_path_factory.mktemp("records") / "lesson.json"
    record.save(path)
    return path


@pytest.fixture
def bad_file(record_file: Path, tmp_path: Path) -> Path:
    data = json.loads(record_file.read_text(encoding="utf-8"))
    data["steps"][6] = "bid ares 77"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


# --------------------------------------------------------------------------- validate


def test_validate_accepts_a_good_record(record_file: Path, capsys):
    assert cli.main(["validate", str(record_file)]) == 0
    out = capsys.readouterr().out
    assert f"{record_file}: ok (steps: " in out and ", variations: " in out


def test_validate_rejects_a_bad_record_with_path_and_non_zero_exit(record_file, bad_file, capsys):
    """Issue 5: 'validate FILE…' gives a clear error and a non-zero exit on a bad record."""
    assert cli.main(["validate", str(record_file), str(bad_file)]) == 1
    captured = capsys.readouterr()
    assert f"{record_file}: ok" in captured.out
    assert f"{bad_file}: invalid record: $.steps[6]: illegal move 'bid ares 77'" in captured.err
    assert "Invalid records: 1 of 2." in captured.err


def test_validate_reports_unreadable_and_non_json_files(tmp_path: Path, capsys):
    text = tmp_path / "notes.json"
    text.write_text("not json", encoding="utf-8")
    assert cli.main(["validate", str(text), str(tmp_path / "missing.json")]) == 1
    err = capsys.readouterr().err
    assert "not valid JSON" in err and "cannot read" in err


# --------------------------------------------------------------------------- replay


def test_replay_prints_the_narrated_game(record_file: Path, capsys):
    """Issue 5: 'replay FILE' prints the narrated game in the terminal."""
    assert cli.main(["replay", str(record_file)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("# CLI lesson\nPlayers: Athens, Sparta and Corinth")
    assert "Setup: Athens starts with 5 GP" in out
    assert "Before the move: What would you bid here?" in out and "[key move]" in out
    assert "Revenue: " in out


def test_replay_in_chinese(record_file: Path, capsys):
    """Issue 5: 'replay FILE --lang zh'."""
    assert cli.main(["replay", str(record_file), "--lang", "zh"]) == 0
    out = capsys.readouterr().out
    assert "开局:Athens 的屏风后有 5 金币" in out and "收入:" in out


def test_replay_of_a_bad_record_fails_cleanly(bad_file: Path, capsys):
    assert cli.main(["replay", str(bad_file)]) == 1
    assert "$.steps[6]" in capsys.readouterr().err


# --------------------------------------------------------------------------- entry points


def test_python_dash_m_runs_the_command_line(record_file: Path):
    """Issue 5: 'python -m cyclades_widgets' (argparse, with --help)."""
    ran = subprocess.run(
        [sys.executable, "-m", "cyclades_widgets", "validate", str(record_file)],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=REPO,
    )
    assert ran.returncode == 0, ran.stderr
    assert ": ok (steps: " in ran.stdout
    helped = subprocess.run(
        [sys.executable, "-m", "cyclades_widgets", "--help"],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=REPO,
    )
    assert helped.returncode == 0 and all(
        c in helped.stdout for c in ("validate", "replay", "tutorials", "demo", "classroom")
    )


def test_a_command_is_required():
    with pytest.raises(SystemExit) as info:
        cli.main([])
    assert info.value.code == 2


def test_script_entry_point_is_declared():
    """Installed as the script 'cyclades-widgets' → cyclades_widgets.cli:main."""
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    assert project["project"]["scripts"]["cyclades-widgets"] == "cyclades_widgets.cli:main"
