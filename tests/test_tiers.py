"""The test tiers (issue 28, ``docs/reliability.md``): ``make test`` (and so CI, which calls
it) leaves out what is marked ``slow``; ``make reliability`` runs every slow test and the
reliability suite at its long size. A slow check keeps a short version in ``make test``.
"""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def _recipe(target: str) -> str:
    """The lines of a Makefile target's recipe, joined (continuation lines included)."""
    makefile = (REPO / "Makefile").read_text(encoding="utf-8")
    match = re.search(rf"^{target}:[^\n]*\n((?:\t[^\n]*\n)+)", makefile, re.M)
    assert match, f"no target {target} in the Makefile"
    return match.group(1).replace("\\\n", " ")


def _collected(marks: str, *paths: str) -> set[str]:
    """The test ids pytest selects under ``-m marks`` in ``paths``."""
    out = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-m", marks, *paths],
        cwd=REPO, capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert out.returncode == 0, out.stdout + out.stderr
    return {line.strip() for line in out.stdout.splitlines() if "::" in line}


def test_make_test_leaves_out_the_slow_tests_and_make_reliability_runs_them():
    test = _recipe("test")
    assert re.search(r'\$\(BIN\)/pytest tests \$\(NB_DIR\) --nbmake\S* [^\n]*-m "not slow"', test)
    reliability = _recipe("reliability")
    assert re.search(
        r'CYCLADES_LONG=1 \$\(BIN\)/pytest tests -m "slow or reliability"', reliability
    )
    ci = (REPO / ".ci" / "run").read_text(encoding="utf-8")
    assert re.search(r"^make test\b", ci, re.M)


def test_both_markers_are_declared():
    config = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    markers = config["tool"]["pytest"]["ini_options"]["markers"]
    assert {m.split(":")[0] for m in markers} >= {"slow", "reliability"}


def test_every_slow_check_keeps_a_short_version_in_make_test():
    """The 200-game playout and all but four batches of random games are slow; 16 playouts
    and 40 random games (2 to 5 players) stay in ``make test``."""
    paths = ("tests/test_playout.py", "tests/reliability/test_random_games.py")
    fast = _collected("not slow", *paths)
    long = _collected("slow or reliability", *paths)
    playout = "tests/test_playout.py::test_{}_keep_every_invariant"
    batch = "tests/reliability/test_random_games.py::test_random_games_keep_every_invariant[{}]"
    assert playout.format("random_playouts") in fast
    assert playout.format("many_random_playouts") in long - fast
    assert {batch.format(b) for b in range(4)} <= fast
    assert {batch.format(b) for b in range(4, 20)} <= long - fast
    assert {t for t in fast if "reliability/" in t} <= long  # the short run, long there too
