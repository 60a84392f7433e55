"""Settings of the reliability suite (issue 8).

- Every test here is marked ``reliability``. ``make test`` runs the folder at its short
  size, except the tests marked ``slow`` (most batches of random games);
  ``make reliability`` runs all of it (``-m "slow or reliability"``) with
  ``CYCLADES_LONG=1``, which scales it up: 10,000 random games and more hypothesis
  examples (``docs/reliability.md``).
- At the end of the session the counts (games, steps, checks, breaches) are printed, and
  written to ``reliability-counts.json`` in the test artifacts folder (``tests/artifacts.py``) so the docs can quote the latest run.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from artifacts import ARTIFACTS
from reliability_support import COUNTS, LONG

HERE = Path(__file__).parent
_T0 = time.perf_counter()


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Everything under tests/reliability is part of the long run (``-m reliability``)."""
    for item in items:
        if HERE in Path(item.fspath).parents:
            item.add_marker(pytest.mark.reliability)


def pytest_terminal_summary(terminalreporter, exitstatus, config) -> None:  # noqa: ANN001
    """Print the counts, and keep them in the test artifacts folder for the docs."""
    if not COUNTS:
        return
    elapsed = time.perf_counter() - _T0
    if COUNTS["games"] or COUNTS["crashes"] or COUNTS["invariant_breaks"]:
        COUNTS.update(crashes=0, invariant_breaks=0)  # listed even when zero
    report = {
        "mode": "long" if LONG else "short",
        "exit_status": int(exitstatus),
        "seconds": round(elapsed, 1),
        **dict(sorted(COUNTS.items())),
    }
    terminalreporter.write_sep("-", "reliability counts")
    for key, value in report.items():
        terminalreporter.write_line(f"{key:>32}: {value}")
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "reliability-counts.json").write_text(json.dumps(report, indent=1) + "\n")
