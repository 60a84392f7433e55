"""Package data: what lies under cyclades_widgets/data and cyclades_widgets/static is reachable
through importlib.resources, parses where it is JSON, and goes into the wheel.

Building the wheel is cheap (hatchling, no build isolation, well under a second).
"""

import json
import subprocess
import sys
import zipfile
from importlib.resources import files
from pathlib import Path

import pytest

PKG_DIR = Path(__file__).resolve().parents[1] / "cyclades_widgets"
DATA_FOLDERS = ("data", "static")
SKIP_PARTS = {"__pycache__", ".ipynb_checkpoints"}


def _package_data_files() -> list[str]:
    """Files under data/ and static/, as posix paths relative to the package."""
    found = []
    for folder in DATA_FOLDERS:
        root = PKG_DIR / folder
        if not root.is_dir():
            continue
        for path in root.rglob("*"):
            if path.is_file() and not SKIP_PARTS & set(path.parts) and path.suffix != ".pyc":
                found.append(path.relative_to(PKG_DIR).as_posix())
    return sorted(found)


DATA_FILES = _package_data_files()


def test_there_is_package_data():
    assert DATA_FILES, "expected files under cyclades_widgets/data (the maps at least)"


@pytest.mark.parametrize("relpath", DATA_FILES)
def test_data_file_is_readable_via_importlib_resources(relpath: str):
    resource = files("cyclades_widgets").joinpath(*relpath.split("/"))
    assert resource.is_file(), f"{relpath} not reachable via importlib.resources"
    content = resource.read_bytes()
    assert content == (PKG_DIR / relpath).read_bytes()
    if relpath.endswith(".json"):
        json.loads(content.decode("utf-8"))  # raises on a malformed file


def test_wheel_contains_all_package_data(tmp_path: Path):
    pytest.importorskip("hatchling")
    out = subprocess.run(
        [sys.executable, "-m", "hatchling", "build", "-t", "wheel", "-d", str(tmp_path)],
        cwd=PKG_DIR.parent,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert out.returncode == 0, out.stdout + out.stderr
    (wheel,) = tmp_path.glob("cyclades_widgets-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    missing = [p for p in DATA_FILES if f"cyclades_widgets/{p}" not in names]
    assert not missing, f"package data missing from the wheel: {missing}"
    entry_points = next(n for n in names if n.endswith(".dist-info/entry_points.txt"))
    eps = zipfile.ZipFile(wheel).read(entry_points).decode()
    assert "cyclades-widgets = cyclades_widgets.cli:main" in eps
