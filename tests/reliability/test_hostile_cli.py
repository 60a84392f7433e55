"""The command line under attack (issue 18): files that are not records, terminals that
read control characters, readers that go away.

- ``validate`` and ``replay`` read regular files only, of at most ``MAX_FILE_BYTES``: a
  named pipe, a device (``/dev/zero``, ``/dev/null``), a folder, a missing or an oversized
  file ends with a message naming the file and status 1, never a traceback or a hang.
- Nothing printed carries a control character: ESC, BEL, CR, C1 controls and the marks that
  reorder text, in a record's comments or in a file name, are written as escapes.
- ``replay FILE | head -1`` stops quietly (status 141, nothing on stderr).

On the main branch before issue 18 the pipe hung, ``/dev/zero`` read until memory ran out,
ESC reached the terminal and the closed pipe ended in a BrokenPipeError traceback.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cyclades_widgets import Game, cli
from cyclades_widgets.cli.records import MAX_FILE_BYTES
from cyclades_widgets.rules.errors import RecordError

SETTINGS = settings(
    max_examples=25,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
CONTROL = re.compile(
    "[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]"
)
"""What must never reach the terminal (line ends and tabs may)."""
HANG_GUARD = 120
"""Seconds after which a command that should return at once is taken to hang (a guard
against the old behaviour, not a measure: the commands take about a second)."""

_NASTY = st.characters(categories=["Cc", "Cf", "Zl", "Zp"]) | st.sampled_from(
    ["\x1b[2J", "\x1b]0;owned\x07", "\r", "\x9b31m", "\u202e", "\x07", "\x08"]
)
NASTY_TEXT = st.lists(st.one_of(_NASTY, st.text(max_size=4)), min_size=1, max_size=6).map("".join)
"""Text with control sequences mixed in."""


def _run(argv: list[str]) -> tuple[int, str, str]:
    """Run the command line in this process; (status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = cli.main(argv)
        except SystemExit as exc:  # argparse
            status = int(exc.code or 0)
    return status, out.getvalue(), err.getvalue()


def _record() -> object:
    game = Game.new(players=3, seed=4)
    for _ in range(12):
        game.advance(to="decision")
        game.play(game.legal_actions()[0])
    return game.record


@SETTINGS
@given(comment=NASTY_TEXT, name=NASTY_TEXT, command=st.sampled_from(["replay", "validate"]))
def test_control_characters_never_reach_the_terminal(tmp_path_factory, comment, name, command):
    """A record whose comment (when the record accepts it) and file name hold control
    characters: whatever the command prints has them escaped."""
    record = _record()
    with contextlib.suppress(RecordError, ValueError):
        record.annotate(3, after=comment)  # type: ignore[attr-defined]
    safe = name.replace("/", "_").replace("\x00", "_").encode("utf-8", "surrogatepass")
    folder = tmp_path_factory.mktemp("nasty")
    path = os.path.join(os.fsencode(folder), safe[:120] + b".json")
    try:
        with open(path, "w", encoding="utf-8") as f:
            f.write(record.dumps())  # type: ignore[attr-defined]
    except (OSError, UnicodeError):
        return  # a name this file system refuses
    status, out, err = _run([command, os.fsdecode(path)])
    assert status in (0, 1)
    for text in (out, err):
        found = CONTROL.search(text)
        assert found is None, f"{found.group()!r} printed raw in {text[:200]!r}"


@SETTINGS
@given(junk=NASTY_TEXT)
def test_control_characters_in_arguments_are_escaped(junk):
    """argparse's own errors (an unknown --lang, a missing file) are escaped too."""
    for argv in (["replay", "--lang", junk, "x.json"], ["validate", junk], [junk]):
        status, out, err = _run(argv)
        assert status != 0
        assert CONTROL.search(out + err) is None, (out + err)[:200]


# --------------------------------------------------------------------------- files


def _special_file(kind: str, tmp: Path) -> str:
    if kind == "fifo":
        path = tmp / "pipe.json"
        os.mkfifo(path)
        return str(path)
    if kind == "huge":  # sparse: large on paper, nothing written
        path = tmp / "huge.json"
        with open(path, "wb") as f:
            f.truncate(MAX_FILE_BYTES + 1)
        return str(path)
    if kind == "link_to_zero":
        path = tmp / "zero.json"
        path.symlink_to("/dev/zero")
        return str(path)
    if kind == "folder":
        return str(tmp)
    if kind == "missing":
        return str(tmp / "missing.json")
    return kind  # a device: /dev/zero, /dev/null, /dev/urandom


KINDS = ["fifo", "huge", "link_to_zero", "folder", "missing", "/dev/zero", "/dev/null"]


@settings(SETTINGS, max_examples=10)
@given(
    kinds=st.lists(st.sampled_from(KINDS), min_size=1, max_size=3, unique=True),
    command=st.sampled_from(["validate", "replay"]),
)
def test_files_that_are_not_records_end_with_a_message(tmp_path_factory, kinds, command):
    """Pipes, devices, folders, missing and oversized files, alone or together: status 1,
    one message per file naming it, no traceback, and no wait (run in a child process so a
    hang shows as a failure, not a stuck suite)."""
    tmp = tmp_path_factory.mktemp("special")
    files = [_special_file(kind, tmp) for kind in kinds]
    argv = [command, *(files if command == "validate" else files[:1])]
    try:
        done = subprocess.run(
            [sys.executable, "-m", "cyclades_widgets", *argv],
            capture_output=True,
            text=True,
            timeout=HANG_GUARD,
            env={**os.environ, "LANG": "C.UTF-8"},
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"{argv} did not return: it waits on a pipe or reads a device")
    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stderr, done.stderr
    for name in argv[1:]:
        assert name in done.stderr, done.stderr


@pytest.mark.parametrize(
    ("argv", "statuses"),
    [
        (["replay", "{file}"], {cli.BROKEN_PIPE}),
        (["replay", "{file}", "--lang", "zh"], {cli.BROKEN_PIPE}),
        (["validate", "{file}"], {cli.BROKEN_PIPE}),
        (["--help"], {0, cli.BROKEN_PIPE}),  # argparse itself ignores a closed pipe
    ],
)
def test_a_reader_that_goes_away_stops_the_command_quietly(argv, statuses, tmp_path):
    """The reader closes the pipe before anything is written (``| head -0``): status 141
    (128 + SIGPIPE, as the shell shows for Unix tools) and nothing on stderr."""
    path = tmp_path / "game.json"
    path.write_text(_record().dumps(), encoding="utf-8")  # type: ignore[attr-defined]
    args = [a.replace("{file}", str(path)) for a in argv]
    read_end, write_end = os.pipe()
    os.close(read_end)  # nobody will read
    done = subprocess.run(
        [sys.executable, "-m", "cyclades_widgets", *args],
        stdout=write_end,
        stderr=subprocess.PIPE,
        text=True,
        timeout=HANG_GUARD,
    )
    os.close(write_end)
    assert done.stderr == "", done.stderr
    assert done.returncode in statuses


def test_head_dash_1_reads_the_first_line_and_the_command_stops_quietly(tmp_path):
    """The issue's example: ``replay FILE | head -1`` prints the first line only."""
    path = tmp_path / "game.json"
    record = _record()
    path.write_text(record.dumps(), encoding="utf-8")  # type: ignore[attr-defined]
    command = f"{sys.executable} -m cyclades_widgets replay {path} | head -1"
    done = subprocess.run(
        ["bash", "-c", f"set -o pipefail; {command}"],
        capture_output=True,
        text=True,
        timeout=HANG_GUARD,
    )
    assert done.stdout.count("\n") == 1 and done.stderr == ""
    assert done.returncode in (0, cli.BROKEN_PIPE)  # 0: everything fitted in the pipe
