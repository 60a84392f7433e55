"""The built distributions and a fresh venv with the wheel installed, made once per test run
and shared by tests/test_packaging.py and the browser test of ``demo``
(tests/browser/test_demo_wheel.py).

- :func:`dist`: the sdist and the wheel. ``make test`` builds them once (``make dist``:
  ``python -m build``, then ``twine check``) and passes the folder in ``CYCLADES_DIST``;
  without it they are built here the same way, into a temporary folder.
- :func:`wheel_venv`: a new venv with ``<wheel>[widgets]`` installed by pip with its
  dependencies, not editable, and nothing from the checkout.
"""

from __future__ import annotations

import atexit
import os
import shutil
import subprocess
import sys
import tempfile
from functools import cache
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


@cache
def _scratch() -> Path:
    folder = Path(tempfile.mkdtemp(prefix="cw-wheel-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    return folder


def run(command: list[str], **kwargs: object) -> subprocess.CompletedProcess[str]:
    """Run a command; fail with its output when it fails."""
    done = subprocess.run(command, capture_output=True, text=True, timeout=900, **kwargs)  # type: ignore[call-overload]
    if done.returncode != 0:
        raise AssertionError(
            f"{' '.join(map(str, command))} exited {done.returncode}\n"
            f"{done.stdout[-4000:]}\n{done.stderr[-4000:]}"
        )
    return done


@cache
def dist() -> tuple[Path, Path]:
    """(sdist, wheel): from ``CYCLADES_DIST`` when set, else built now with ``python -m
    build`` (the sdist first, then the wheel from the sdist)."""
    given = os.environ.get("CYCLADES_DIST", "").strip()
    folder = Path(given) if given else _scratch() / "dist"
    if not given:
        run([sys.executable, "-m", "build", "--outdir", str(folder), str(REPO)])
    sdists = sorted(folder.glob("cyclades_widgets-*.tar.gz"))
    wheels = sorted(folder.glob("cyclades_widgets-*-py3-none-any.whl"))
    assert len(sdists) == 1 and len(wheels) == 1, f"expected one sdist and one wheel in {folder}"
    return sdists[0], wheels[0]


@cache
def wheel_venv() -> Path:
    """A fresh venv with the wheel and its ``widgets`` extra installed (not editable)."""
    venv = _scratch() / "venv"
    run([sys.executable, "-m", "venv", str(venv)])
    python = venv / "bin" / "python"
    wheel = dist()[1]
    # --no-compile: byte-compiling every installed module would double the install time.
    run([str(python), "-m", "pip", "install", "--quiet", "--no-compile", f"{wheel}[widgets]"])
    return venv
