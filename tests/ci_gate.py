"""One rule for checks that need something outside Python (Node.js, a built site, the
seeds): locally they skip with a message saying how to get it; in CI they fail, because
CI installs everything and may not skip (`.ci/run` sets CI and CYCLADES_REQUIRE_BROWSER)."""

from __future__ import annotations

import os
from typing import NoReturn

import pytest


def is_required() -> bool:
    """True in CI, or whenever CYCLADES_REQUIRE_BROWSER is set."""
    flags = (os.environ.get("CI", ""), os.environ.get("CYCLADES_REQUIRE_BROWSER", ""))
    return any(f.strip().lower() not in ("", "0", "false", "no") for f in flags)


def skip_or_fail(reason: str) -> NoReturn:
    """Skip with ``reason`` locally; fail with it where skipping is not allowed."""
    if is_required():
        pytest.fail(f"{reason}; CI may not skip this check", pytrace=False)
    pytest.skip(reason)
