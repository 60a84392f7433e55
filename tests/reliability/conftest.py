"""Settings of the reliability suite (issue 8).

- Every test here is marked ``slow``: ``make reliability`` selects them with ``-m slow``.
- ``CYCLADES_LONG=1`` scales the suite up: 200 → 10,000 random games, and more
  hypothesis examples. The short size runs in the README's test command (CI).
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
    """Everything under tests/reliability is marked ``reliability``: its short sizes run in
    ``make test``, its long sizes (``CYCLADES_LONG=1``) in ``make reliability``, which also
    runs what is marked ``slow``."""
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
