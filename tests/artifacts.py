"""Where the tests put what a person may want to look at afterwards (screenshots, logs,
the reliability run's counts): a folder outside the checkout, so the tests never write into
the source tree. ``CYCLADES_ARTIFACTS`` chooses it; by default it is
``<temp dir>/cyclades-test-artifacts``."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

ARTIFACTS = Path(
    os.environ.get("CYCLADES_ARTIFACTS") or Path(tempfile.gettempdir()) / "cyclades-test-artifacts"
)
