"""The package as released (issue 17, part 4): package data reachable through
importlib.resources and in the wheel; ``python -m build`` makes the sdist and the wheel and
``twine check`` passes; complete metadata with the version from one place; an sdist with
everything needed to build and test; and the wheel installed with its dependencies in a
fresh venv, where ``tutorials`` copies the tutorials and the first one runs (nbclient).

The distributions and the venv are made once per run (tests/wheel_env.py); ``make test``
builds the distributions once (``make dist``) and passes them in ``CYCLADES_DIST``.
"""

import email
import json
import os
import re
import subprocess
import sys
import tarfile
import tomllib
import zipfile
from importlib.resources import files
from pathlib import Path

import pytest
from wheel_env import dist, run, wheel_venv

import cyclades_widgets

REPO = Path(__file__).resolve().parents[1]
PKG_DIR = REPO / "cyclades_widgets"
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


def _wheel_names() -> set[str]:
    return set(zipfile.ZipFile(dist()[1]).namelist())


def _metadata() -> email.message.Message:
    wheel = zipfile.ZipFile(dist()[1])
    name = next(n for n in wheel.namelist() if n.endswith(".dist-info/METADATA"))
    return email.message_from_bytes(wheel.read(name))


def test_wheel_contains_all_package_data():
    names = _wheel_names()
    missing = [p for p in DATA_FILES if f"cyclades_widgets/{p}" not in names]
    assert not missing, f"package data missing from the wheel: {missing}"
    entry_points = next(n for n in names if n.endswith(".dist-info/entry_points.txt"))
    eps = zipfile.ZipFile(dist()[1]).read(entry_points).decode()
    assert "cyclades-widgets = cyclades_widgets.cli:main" in eps


def test_the_wheel_carries_the_tutorials_and_the_type_marker():
    """notebooks/<lang>/ becomes cyclades_widgets/data/tutorials/<lang>/; py.typed marks
    the package as typed (PEP 561)."""
    names = _wheel_names()
    assert "cyclades_widgets/py.typed" in names
    tutorials = sorted((REPO / "notebooks").glob("*/*"))
    assert tutorials
    for path in tutorials:
        relative = path.relative_to(REPO / "notebooks").as_posix()
        assert f"cyclades_widgets/data/tutorials/{relative}" in names, relative
    assert not any(n.startswith(("notebooks/", "tests/", "tools/")) for n in names)


def test_twine_check_passes():
    """The README renders on a package index, and the metadata is well-formed."""
    done = run([sys.executable, "-m", "twine", "check", "--strict", *map(str, dist())])
    assert done.stdout.count("PASSED") == 2, done.stdout


def test_the_version_is_written_in_one_place():
    """__version__ in cyclades_widgets/__init__.py: pyproject.toml reads it from there
    (dynamic), the built metadata carries it, and no other file repeats it."""
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    assert "version" not in project["project"] and project["project"]["dynamic"] == ["version"]
    assert project["tool"]["hatch"]["version"]["path"] == "cyclades_widgets/__init__.py"
    assert _metadata()["Version"] == cyclades_widgets.__version__
    assert dist()[1].name == f"cyclades_widgets-{cyclades_widgets.__version__}-py3-none-any.whl"
    for name in ("README.md", "docs/conf.py", "binder/postBuild", "Makefile"):
        text = (REPO / name).read_text(encoding="utf-8")
        assert f"version {cyclades_widgets.__version__}" not in text, name
        assert f'"{cyclades_widgets.__version__}"' not in text, name


def test_the_metadata_is_complete():
    """Classifiers (the Jupyter framework ones included), project URLs, the licence, the
    Python versions, the extras, and the README as the long description."""
    meta = _metadata()
    classifiers = set(meta.get_all("Classifier"))
    assert {
        "Framework :: Jupyter",
        "Framework :: Jupyter :: JupyterLab",
        "Framework :: Jupyter :: JupyterLab :: 4",
        "Intended Audience :: Education",
        "Topic :: Games/Entertainment :: Board Games",
        "Typing :: Typed",
    } <= classifiers
    python = re.findall(r"Programming Language :: Python :: (3\.\d+)", "\n".join(classifiers))
    assert python and min(python, key=lambda v: int(v.split(".")[1])) == "3.11"
    assert meta["Requires-Python"] == ">=3.11"
    assert meta["License-Expression"] == "MIT"
    urls = dict(u.split(", ", 1) for u in meta.get_all("Project-URL"))
    assert {"Homepage", "Documentation", "Source", "Issues", "Changelog"} <= set(urls)
    assert all(u.startswith(urls["Source"]) for u in urls.values())
    assert set(meta.get_all("Provides-Extra")) >= {"widgets", "classroom", "dask", "docs", "test"}
    assert meta["Description-Content-Type"] == "text/markdown"
    assert meta.get_payload().startswith("# cyclades_widgets")


SDIST_MUST_HOLD = (
    "pyproject.toml",
    "README.md",
    "CHANGELOG.md",
    "LICENSE",
    "Makefile",
    "tools/make_notebooks.py",
    "tools/notebooks/en/01-first-look.md",
    "notebooks/en/01-first-look.ipynb",
    "js/package.json",
    "js/package-lock.json",
    "js/build.mjs",
    "js/src/widget.js",
    "tests/test_packaging.py",
    "tests/browser/conftest.py",
    "docs/conf.py",
    "lite/prepare_contents.py",
)


def test_the_sdist_holds_everything_to_build_and_test():
    """The tests, the notebook sources and their generator, the JS sources, the docs: every
    file git tracks in those folders, and nothing installed (no node_modules)."""
    with tarfile.open(dist()[0]) as sdist:
        members = {m.name.split("/", 1)[1] for m in sdist.getmembers() if "/" in m.name}
    missing = [name for name in SDIST_MUST_HOLD if name not in members]
    assert not missing, f"missing from the sdist: {missing}"
    assert not any("node_modules" in m for m in members)
    if (REPO / ".git").exists():
        folders = ["cyclades_widgets", "tests", "tools", "notebooks", "js", "docs"]

        def git_files(*flags: str) -> set[str]:
            done = subprocess.run(["git", "ls-files", *flags, *folders], cwd=REPO,
                                  capture_output=True, text=True, check=True)  # fmt: skip
            return set(done.stdout.split())

        # Files git tracks but ignores are outputs that tests write (browser state files).
        tracked = git_files() - git_files("-ci", "--exclude-standard")
        absent = sorted(t for t in tracked if t not in members and (REPO / t).exists())
        assert not absent, f"tracked files missing from the sdist: {absent[:10]}"


def test_the_sdist_builds_and_checks_itself(tmp_path: Path):
    """Unpacked, the sdist regenerates its notebooks identically from their sources and
    passes its own notebook tests, run against its own copy of the package. (That
    ``python -m build`` made the wheel from the sdist shows it builds.)"""
    with tarfile.open(dist()[0]) as sdist:
        sdist.extractall(tmp_path, filter="data")
    (root,) = tmp_path.iterdir()
    run([sys.executable, "tools/make_notebooks.py", "--check"], cwd=root)
    env = dict(os.environ, PYTHONPATH=str(root))
    done = run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
         "tests/test_notebooks_hygiene.py"],
        cwd=root, env=env,
    )  # fmt: skip
    assert " passed" in done.stdout and "failed" not in done.stdout
    where = run(
        [sys.executable, "-c", "import cyclades_widgets; print(cyclades_widgets.__file__)"],
        cwd=root, env=env,
    )  # fmt: skip
    assert Path(where.stdout.strip()).is_relative_to(root)


# --------------------------------------------------------------------------- the wheel alone


def test_the_wheel_installs_with_its_dependencies_in_a_fresh_venv():
    """pip installs ``<wheel>[widgets]`` into a new venv: the package is the installed copy
    (not the checkout, not editable) and pip finds nothing missing."""
    python = wheel_venv() / "bin" / "python"
    where = run(
        [str(python), "-c", "import cyclades_widgets as cw; print(cw.__file__, cw.__version__)"],
        cwd=wheel_venv(),
    )
    path, version = where.stdout.split()
    assert Path(path).is_relative_to(wheel_venv()) and version == cyclades_widgets.__version__
    run([str(python), "-m", "pip", "check"])


def test_tutorials_from_the_wheel_run_in_a_fresh_venv(tmp_path: Path):
    """Issue 17: ``python -m cyclades_widgets tutorials DIR`` from the installed wheel copies
    the tutorials, and the first one runs to the end with nbclient on that venv's kernel."""
    python = wheel_venv() / "bin" / "python"
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "JUPYTER"))}
    env["JUPYTER_PATH"] = str(wheel_venv() / "share" / "jupyter")
    done = run([str(python), "-m", "cyclades_widgets", "tutorials", "class", "--lang", "en"],
               cwd=tmp_path, env=env)  # fmt: skip
    copied = tmp_path / "class"
    assert "01-first-look.ipynb" in {p.name for p in copied.iterdir()}, done.stdout
    for path in (REPO / "notebooks" / "en").iterdir():
        assert (copied / path.name).read_bytes() == path.read_bytes(), path.name
    script = (
        "import json, sys, nbformat, nbclient\n"
        "nb = nbformat.read('01-first-look.ipynb', as_version=4)\n"
        "nb.cells.append(nbformat.v4.new_code_cell("
        "'import sys, cyclades_widgets; print(sys.prefix, cyclades_widgets.__file__)'))\n"
        "nbclient.NotebookClient(nb, timeout=600, kernel_name='python3').execute()\n"
        "print(json.dumps(nb.cells[-1].outputs[0]['text'].split()))\n"
    )
    executed = run([str(python), "-c", script], cwd=copied, env=env)
    prefix, module = json.loads(executed.stdout.strip().splitlines()[-1])
    assert Path(prefix) == wheel_venv() and Path(module).is_relative_to(wheel_venv())


def test_the_readme_opens_with_a_quick_start_of_two_commands():
    """The README's first section is a Quick start of exactly two commands: one opens
    JupyterLab on the first tutorial (make demo, on notebooks/en/01-first-look.ipynb), one
    runs the whole suite (make test)."""
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    sections = re.split(r"^## ", readme, flags=re.M)
    assert sections[1].startswith("Quick start\n")
    block = re.search(r"```bash\n(.*?)```", sections[1], re.S)
    assert block is not None
    commands = [line.split("#")[0].strip() for line in block[1].splitlines() if line.strip()]
    assert commands == ["make demo", "make test"]
    for lang in ("en", "fr", "zh"):  # `make demo DEMO_LANG=zh` opens the Chinese track
        args = ["make", "--no-print-directory", "-n", "demo"]
        args += [f"DEMO_LANG={lang}"] if lang != "en" else []
        dry = subprocess.run(args, cwd=REPO, capture_output=True, text=True, check=True)
        notebook = f"notebooks/{lang}/01-first-look.ipynb"
        lab = [line for line in dry.stdout.splitlines() if "jupyter lab" in line]
        assert len(lab) == 1, dry.stdout  # under `make test` too (a make within make)
        assert "--ServerApp.ip=127.0.0.1" in lab[0] and lab[0].endswith(notebook), lab[0]
        assert (REPO / notebook).is_file()
