"""The board's front end: the committed bundle is fresh, and the JS unit tests pass.

Both need Node.js and the packages of ``js/package-lock.json`` (``npm ci`` in ``js/``; the
Makefile's ``test`` target does it). Without them the tests are skipped with a message,
except in CI (``CI`` or ``CYCLADES_REQUIRE_BROWSER`` set), where they fail.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from ci_gate import skip_or_fail

REPO = Path(__file__).resolve().parents[1]
JS = REPO / "js"
STATIC = REPO / "cyclades_widgets" / "static"
BUNDLES = ("board.js", "replay-page.js")


@pytest.fixture(scope="module")
def node() -> str:
    node = shutil.which("node")
    missing = None
    if node is None:
        missing = "Node.js is not installed"
    elif not (JS / "node_modules" / "esbuild").is_dir():
        missing = "js/node_modules is missing: run `npm ci` in js/ (make test does)"
    if missing:
        skip_or_fail(missing)
    return node


def test_committed_bundle_is_fresh(node, tmp_path):
    """Issue 6: the bundle in cyclades_widgets/static is committed, and CI checks it is
    what js/src builds to."""
    subprocess.run([node, str(JS / "build.mjs"), str(tmp_path)], check=True, cwd=tmp_path)
    for name in BUNDLES:
        built = (tmp_path / name).read_text("utf-8")
        committed = (STATIC / name).read_text("utf-8")
        assert built == committed, (
            f"cyclades_widgets/static/{name} is stale: run `npm run build` in js/ and commit it"
        )


def test_js_unit_tests_pass(node, tmp_path):
    """The pure view functions, on real serializer output (js/test/*.test.js, vitest)."""
    fixtures = tmp_path / "fixtures"
    subprocess.run([sys.executable, str(JS / "test" / "fixtures.py"), str(fixtures)], check=True)
    vitest = JS / "node_modules" / "vitest" / "vitest.mjs"
    result = subprocess.run(
        [node, str(vitest), "run", "--reporter=verbose"],
        cwd=JS,
        env={**os.environ, "CW_FIXTURES": str(fixtures), "NO_COLOR": "1", "CI": "1"},
        capture_output=True,
        text=True,
        timeout=300,
    )
    output = result.stdout + result.stderr
    assert result.returncode == 0, output[-6000:]
    assert " passed" in output and " failed" not in output.split("Tests", 1)[-1]
