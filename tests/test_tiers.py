"""The test tiers (issue 28, ``docs/reliability.md``): ``make test`` (and so CI, which calls
it) leaves out what is marked ``slow``; ``make reliability`` runs every slow test and the
reliability suite at its long size. A slow check keeps a short version in ``make test``.
"""

from __future__ import annotations

import json
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


_MARKS = """
import json, sys, pytest
class Marks:
    def pytest_collection_finish(self, session):
        self.found = {i.nodeid: sorted({m.name for m in i.iter_markers()}) for i in session.items}
marks = Marks()
pytest.main(["--collect-only", "-q", "-p", "no:cacheprovider", *sys.argv[1:]], plugins=[marks])
print(json.dumps(marks.found))
"""


def _markers(*paths: str) -> dict[str, set[str]]:
    """Each test of ``paths`` and its markers, as pytest collects them (in a child process,
    so the conftests of ``tests/reliability`` apply as in a run)."""
    out = subprocess.run(
        [sys.executable, "-c", _MARKS, *paths],
        cwd=REPO, capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert out.returncode == 0, out.stdout + out.stderr
    return {k: set(v) for k, v in json.loads(out.stdout.strip().splitlines()[-1]).items()}


def test_make_test_leaves_out_the_slow_tests_and_make_reliability_runs_them():
    test = _recipe("test")
    assert re.search(r'\$\(BIN\)/pytest tests \$\(NB_DIR\) --nbmake\S* [^\n]*-m "not slow"', test)
    runs = re.findall(r"\$\(BIN\)/pytest tests\S*[^\n]*", test)
    assert runs and all('-m "not slow"' in run for run in runs), runs
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
    and 40 random games (2 to 5 players) stay in ``make test``. What ``make test`` leaves
    out runs in ``make reliability``, and so does the short reliability run, long."""
    marks = _markers("tests/test_playout.py", "tests/reliability/test_random_games.py")
    fast = {t for t, m in marks.items() if "slow" not in m}
    long = {t for t, m in marks.items() if m & {"slow", "reliability"}}
    playout = "tests/test_playout.py::test_{}_keep_every_invariant"
    batch = "tests/reliability/test_random_games.py::test_random_games_keep_every_invariant[{}]"
    assert playout.format("random_playouts") in fast
    assert playout.format("many_random_playouts") in long - fast
    assert {batch.format(b) for b in range(4)} <= fast
    assert {batch.format(b) for b in range(4, 20)} <= long - fast
    assert {t for t in marks if "reliability/" in t} <= long
