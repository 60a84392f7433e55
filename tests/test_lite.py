"""Launching without installing (issue 7, part C): Binder and JupyterLite.

Three groups of checks:

1. Always (fast, no network): the Binder files (pins, runtime, postBuild, launch link), the
   README's section, the Lite build configuration, and the Lite copies of the notebooks.
2. With Node.js and ``lite/node_modules`` (``npm ci`` in ``lite/``; ``make test`` does it):
   the package's wheel, unpacked into the Pyodide runtime that the JupyterLite kernel loads
   (npm ``pyodide`` 314.0.6, Python 3.14), plays one full cycle of a seeded game with bots,
   and the transcript (moves, final state, events, narration, board snapshot) is identical to
   the one CPython prints for the same wheel. Skipped without them, except in CI (``CI`` or
   ``CYCLADES_REQUIRE_BROWSER`` set), where they fail.
3. With a built site (``make lite-test`` sets ``CYCLADES_LITE_SITE``): the site holds the
   tutorials, the wheels, the lab extensions, a kernel on the same Pyodide version, and every
   dependency of the install cell resolves inside the site or the Pyodide distribution.
   The site's own wheel is also played under Pyodide. Skipped when no site is named:
   building it needs the ``lite`` extra, which ``make test`` does not install.
"""

from __future__ import annotations

import email.parser
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path
from types import ModuleType

import pytest
from ci_gate import skip_or_fail
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

REPO = Path(__file__).resolve().parents[1]
LITE = REPO / "lite"
BINDER = REPO / "binder"
NOTEBOOKS = REPO / "notebooks"
PYODIDE = LITE / "node_modules" / "pyodide"
TUTORIALS = sorted(p.relative_to(NOTEBOOKS).as_posix() for p in NOTEBOOKS.glob("*/*.ipynb"))
"""The tutorials by language folder: ``en/01-first-look.ipynb``..."""

#: Dependencies Binder leaves out on purpose (docs/launching.md says why).
BINDER_EXEMPT = {"watchfiles": "hot reload while developing the board's JavaScript only"}
#: What the Pyodide kernel installs at start-up (pyodide-kernel's worker, initKernel).
KERNEL_STARTUP = ("ipykernel", "comm", "pyodide-kernel", "jedi", "ipython")


def _load(path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


prepare_contents = _load(LITE / "prepare_contents.py")
launch = _load(BINDER / "launch_url.py")


def _pins(path: Path) -> dict[str, Version]:
    """``name==version`` lines of a requirements file, by canonical name."""
    pins = {}
    for line in path.read_text("utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            req = Requirement(line)
            (spec,) = req.specifier
            assert spec.operator == "==", f"{path.name}: {line!r} is not pinned with =="
            pins[canonicalize_name(req.name)] = Version(spec.version)
    return pins


def _pyproject() -> dict:
    return tomllib.loads((REPO / "pyproject.toml").read_text("utf-8"))


# ----------------------------------------------------------------------------- Binder
def test_binder_pins_every_dependency_of_the_tutorials():
    """Issue 7 C 'binder/: pinned requirements': each runtime dependency and each [widgets]
    dependency is pinned with == to a version that satisfies pyproject.toml."""
    project = _pyproject()["project"]
    wanted = [Requirement(r) for r in project["dependencies"]]
    wanted += [Requirement(r) for r in project["optional-dependencies"]["widgets"]]
    pins = _pins(BINDER / "requirements.txt")
    for req in wanted:
        name = canonicalize_name(req.name)
        if name in BINDER_EXEMPT:
            assert name not in pins, f"{name} is exempt ({BINDER_EXEMPT[name]}) but pinned"
            continue
        assert name in pins, f"binder/requirements.txt does not pin {req.name} ({req})"
        assert req.specifier.contains(pins[name], prereleases=True), (
            f"binder pins {name}=={pins[name]}, outside pyproject's {req}"
        )
    assert "ipykernel" in pins, "Binder needs a pinned kernel for the notebooks"


def test_binder_runtime_satisfies_requires_python():
    """repo2docker's runtime.txt ('python-X.Y') names a Python the package supports."""
    text = (BINDER / "runtime.txt").read_text("utf-8").strip()
    match = re.fullmatch(r"python-(\d+\.\d+)", text)
    assert match, f"binder/runtime.txt should read python-X.Y, not {text!r}"
    requires = Requirement(f"x{_pyproject()['project']['requires-python']}").specifier
    assert requires.contains(Version(match[1])), f"{text} is outside requires-python {requires}"


def test_binder_postbuild_is_executable_and_installs_the_package():
    """repo2docker runs binder/postBuild only if it is executable (in git, mode 100755)."""
    post = BINDER / "postBuild"
    assert os.access(post, os.X_OK), "binder/postBuild must be executable"
    tracked = subprocess.run(
        ["git", "ls-files", "-s", "binder/postBuild"], cwd=REPO, capture_output=True, text=True
    ).stdout.split()
    if tracked:  # a fresh clone (CI) has it tracked: the mode that Binder sees
        assert tracked[0] == "100755", f"git stores binder/postBuild as {tracked[0]}"
    text = post.read_text("utf-8")
    assert text.startswith("#!/usr/bin/env bash") and "set -euo pipefail" in text
    assert re.search(r"pip install .*-e \.$", text, re.M), "postBuild must install the package"
    assert "import cyclades_widgets" in text, "postBuild should fail the build if imports fail"


def test_binder_link_opens_the_first_tutorial():
    """The README badge's target: Binder builds the repository and opens tutorial 1."""
    url = launch.launch_url("someone/cyclades_widgets", "main")
    assert url == (
        "https://mybinder.org/v2/gh/someone/cyclades_widgets/main"
        "?urlpath=lab/tree/notebooks/en/01-first-look.ipynb"
    )
    assert (REPO / launch.FIRST_TUTORIAL).is_file(), f"{launch.FIRST_TUTORIAL} is missing"
    assert launch.badge("someone/cyclades_widgets").endswith(f"({url})")


@pytest.mark.parametrize(
    "remote",
    [
        "https://github.com/someone/cyclades_widgets.git",
        "https://github.com/someone/cyclades_widgets",
        "git@github.com:someone/cyclades_widgets.git",
        "ssh://git@github.com/someone/cyclades_widgets.git",
        "someone/cyclades_widgets",
    ],
)
def test_binder_link_reads_github_remotes(remote):
    """Any GitHub form of a fork's remote gives the same owner/repo for the link."""
    assert launch.github_slug(remote) == "someone/cyclades_widgets"


@pytest.mark.parametrize("remote", ["", "/srv/git/cyclades.git", "https://example.org/a/b.git"])
def test_binder_link_refuses_what_binder_cannot_build(remote, capsys):
    """Binder's gh provider serves GitHub only: anything else is refused with what to give."""
    with pytest.raises(ValueError, match="OWNER/REPO"):
        launch.github_slug(remote)
    assert launch.main([remote] if remote else ["not a slug"]) == 1
    assert "OWNER/REPO" in capsys.readouterr().err


def test_readme_has_a_generic_badge_and_the_section():
    """Issue 7 C 'Put a badge in the README': it must not pretend to work for an unknown
    owner, so it points at the README section, which explains how to make the real link."""
    readme = (REPO / "README.md").read_text("utf-8")
    links = re.findall(r"\]\((https://mybinder\.org/[^)]*)\)", readme)
    assert not [u for u in links if "OWNER" in u], "the README still links to an OWNER placeholder"
    assert "## Run it without installing" in readme
    section = readme.split("## Run it without installing", 1)[1].split("\n## ", 1)[0]
    assert "(#run-it-without-installing)" in readme, "the badge should link to the section"
    for needle in ("binder/launch_url.py", "make lite", "docs/launching.md", "http.server"):
        assert needle in section, f"the README section should mention {needle}"


# ----------------------------------------------------------------------------- Lite config
def test_lite_and_binder_pin_the_same_widget_libraries():
    """Lite serves the same anywidget/ipywidgets/ipycanvas as Binder installs."""
    lite, binder = _pins(LITE / "wheels.txt"), _pins(BINDER / "requirements.txt")
    shared = set(lite) & set(binder)
    assert {"anywidget", "ipywidgets", "ipycanvas"} <= shared
    for name in shared:
        assert lite[name] == binder[name], f"{name}: lite {lite[name]} != binder {binder[name]}"


def test_lite_build_config_names_the_folders_the_makefile_fills():
    """lite/jupyter_lite_config.json and the Makefile's lite target agree on build/lite/."""
    config = json.loads((LITE / "jupyter_lite_config.json").read_text("utf-8"))
    makefile = (REPO / "Makefile").read_text("utf-8")
    stage = re.search(r"^LITE_STAGE\s*:=\s*(\S+)", makefile, re.M)
    assert stage, "the Makefile should define LITE_STAGE"
    assert config["LiteBuildConfig"]["contents"] == [f"../{stage[1]}/contents"]
    assert config["PipliteAddon"]["piplite_urls"] == [f"../{stage[1]}/wheels"]
    recipe = makefile.split("\nlite:", 1)[1].split("\n\n", 1)[0]
    assert "lite/prepare_contents.py notebooks $(LITE_STAGE)/contents" in recipe
    assert "-r lite/wheels.txt -d $(LITE_STAGE)/wheels" in recipe
    assert "cp $(DIST)/*.whl $(LITE_STAGE)/wheels/" in recipe  # the one wheel of make dist
    assert "jupyter lite build --lite-dir lite --output-dir _output" in recipe


def _notebook(cells: list[dict]) -> dict:
    return {"cells": cells, "metadata": {"kernelspec": {"name": "python3"}}, "nbformat": 4}


def _md(text: str) -> dict:
    return {"cell_type": "markdown", "id": "t", "metadata": {}, "source": [text]}


def test_lite_copy_installs_the_package_right_after_the_title():
    """In Lite each tab starts with a bare Pyodide kernel: the first code cell installs
    cyclades_widgets from the site (``%pip`` is piplite there); the title stays first."""
    source = _notebook([_md("# Title"), {"cell_type": "code", "source": ["import x"]}])
    copy = prepare_contents.lite_notebook(source)
    assert [c.get("id") for c in copy["cells"]] == ["t", "lite-install", None]
    install = "".join(copy["cells"][1]["source"])
    assert "%pip install -q cyclades_widgets anywidget ipycanvas pandas" in install
    assert copy["metadata"]["kernelspec"]["name"] == "python"
    assert source["cells"][1] == {"cell_type": "code", "source": ["import x"]}, "source changed"
    assert source["metadata"]["kernelspec"]["name"] == "python3", "source changed"


def test_lite_copy_is_idempotent_and_respects_an_existing_install_cell():
    """Preparing twice adds one cell; a notebook that installs the package itself is kept."""
    once = prepare_contents.lite_notebook(_notebook([_md("# T")]))
    twice = prepare_contents.lite_notebook(once)
    assert twice == once
    own = {"cell_type": "code", "source": ["%pip install cyclades_widgets==0.1.0"]}
    kept = prepare_contents.lite_notebook(_notebook([own]))
    assert kept["cells"] == [own]


def test_lite_copy_without_a_title_puts_the_install_cell_first():
    """A notebook that opens with code gets the install cell before that code."""
    copy = prepare_contents.lite_notebook(_notebook([{"cell_type": "code", "source": ["1"]}]))
    assert copy["cells"][0]["id"] == "lite-install"


def test_prepare_contents_copies_every_tutorial(tmp_path):
    """Issue 7 C 'the tutorial notebooks as content': every notebook and the README go into
    the staging folder, each notebook with exactly one install cell; notebooks/ is unchanged."""
    before = {
        p.relative_to(NOTEBOOKS).as_posix(): p.read_bytes()
        for p in NOTEBOOKS.rglob("*")
        if p.is_file()
    }
    assert TUTORIALS, "no tutorial notebooks in notebooks/"
    assert "en/01-first-look.ipynb" in TUTORIALS
    written = prepare_contents.prepare(NOTEBOOKS, tmp_path / "contents")
    assert sorted(p.relative_to(tmp_path / "contents").as_posix() for p in written) == TUTORIALS
    for name in TUTORIALS:
        copy = json.loads((tmp_path / "contents" / name).read_text("utf-8"))
        ids = [c.get("id") for c in copy["cells"]]
        assert ids.count("lite-install") == 1, name
        original = json.loads(before[name])
        assert len(copy["cells"]) == len(original["cells"]) + 1, name
    for readme in ("README.md", "en/README.md"):
        assert (tmp_path / "contents" / readme).read_bytes() == before[readme]
    after = {
        p.relative_to(NOTEBOOKS).as_posix(): p.read_bytes()
        for p in NOTEBOOKS.rglob("*")
        if p.is_file()
    }
    assert after == before, "prepare_contents must not touch notebooks/"


def test_prepare_contents_refuses_a_folder_without_notebooks(tmp_path, capsys):
    """An empty source would build a Lite site with no tutorials: refuse it by name."""
    (tmp_path / "empty").mkdir()
    assert prepare_contents.main([str(tmp_path / "empty"), str(tmp_path / "out")]) == 1
    assert "no notebooks" in capsys.readouterr().err
    assert not (tmp_path / "out").exists()


# ----------------------------------------------------------------------------- Pyodide
@pytest.fixture(scope="module")
def node() -> str:
    """Node.js with lite/node_modules, or a skip (a failure in CI)."""
    node = shutil.which("node")
    missing = None
    if node is None:
        missing = "Node.js is not installed"
    elif not (PYODIDE / "pyodide.asm.wasm").is_file():
        missing = "lite/node_modules is missing: run `npm ci` in lite/ (make test does)"
    if missing:
        skip_or_fail(missing)
    return node


@pytest.fixture(scope="module")
def pyodide_lock(node) -> dict:
    """The package list of the Pyodide distribution the Lite kernel loads."""
    return json.loads((PYODIDE / "pyodide-lock.json").read_text("utf-8"))


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """A fresh wheel of the working tree (hatchling, as `make lite` builds it)."""
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [sys.executable, "-m", "hatchling", "build", "-t", "wheel", "-d", str(out)],
        cwd=REPO,
        check=True,
        capture_output=True,
    )
    (built,) = out.glob("cyclades_widgets-*.whl")
    return built


def _transcripts(node: str, wheel: Path) -> tuple[list[str], list[str]]:
    """(Pyodide, CPython) outputs of lite/pyodide_check.py for the same wheel."""
    script = LITE / "pyodide_check.py"
    pyo = subprocess.run(
        [node, str(LITE / "pyodide_check.mjs"), str(wheel), str(script)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert pyo.returncode == 0, f"under Pyodide:\n{pyo.stdout}\n{pyo.stderr}"
    cpy = subprocess.run(
        [sys.executable, str(script), str(wheel)], capture_output=True, text=True, timeout=120
    )
    assert cpy.returncode == 0, f"under CPython:\n{cpy.stdout}\n{cpy.stderr}"
    return pyo.stdout.splitlines(), cpy.stdout.splitlines()


def _assert_same_cycle(node: str, wheel: Path) -> None:
    pyo, cpy = _transcripts(node, wheel)
    assert pyo[0] == f"pyodide {_npm_pyodide_version()}", pyo[0]
    assert pyo[1].startswith("platform emscripten python 3."), pyo[1]
    assert cpy[0].startswith(f"platform {sys.platform} "), cpy[0]
    assert "start cycle 1 phase offerings" in pyo
    assert any(line.startswith("reached cycle 2 ") for line in pyo), "\n".join(pyo)
    assert pyo[-1] == "ok" and "modules " in pyo, "\n".join(pyo)
    assert pyo[2:] == cpy[1:], "Pyodide and CPython played the seeded cycle differently"


def _npm_pyodide_version() -> str:
    lock = json.loads((LITE / "package-lock.json").read_text("utf-8"))
    return lock["packages"]["node_modules/pyodide"]["version"]


def test_pyodide_pin_is_exact_and_installed(node):
    """lite/package.json pins one Pyodide version; the lock and node_modules hold it."""
    wanted = json.loads((LITE / "package.json").read_text("utf-8"))["dependencies"]["pyodide"]
    assert re.fullmatch(r"\d+\.\d+\.\d+", wanted), f"pin pyodide exactly, not {wanted!r}"
    assert _npm_pyodide_version() == wanted
    installed = json.loads((PYODIDE / "package.json").read_text("utf-8"))["version"]
    assert installed == wanted, f"lite/node_modules has pyodide {installed}: run npm ci in lite/"


def test_a_full_cycle_under_the_lite_kernels_python(node, wheel):
    """Issue 7 C: the rules package imports and plays a cycle under the Lite build's Python.
    The wheel is unpacked into Pyodide (in Node, offline), a 3-player game with seed 7 is
    played with bots through a whole cycle, and everything matches CPython exactly; pandas,
    jsonschema and tqdm were not needed for it."""
    _assert_same_cycle(node, wheel)


def test_install_cell_packages_come_from_the_site_or_pyodide(pyodide_lock):
    """Every package of the install cell is either served by the site (our wheel, the
    lite/wheels.txt wheels) or part of the Pyodide distribution."""
    served = set(_pins(LITE / "wheels.txt")) | {"cyclades-widgets"}
    distribution = {canonicalize_name(n) for n in pyodide_lock["packages"]}
    for package in prepare_contents.LITE_PACKAGES:
        name = canonicalize_name(package)
        assert name in served or name in distribution, f"{package} would come from PyPI"
    assert "pandas" in distribution and "jsonschema" in distribution and "tqdm" in distribution


# ----------------------------------------------------------------------------- built site
@pytest.fixture(scope="module")
def site() -> Path:
    """The site built by `make lite`, named by CYCLADES_LITE_SITE (make lite-test sets it)."""
    named = os.environ.get("CYCLADES_LITE_SITE")
    if not named:
        skip_or_fail("no JupyterLite site to check: `make lite` builds one (`make test` does)")
    path = Path(named)
    assert (path / "jupyter-lite.json").is_file(), f"{path} is not a JupyterLite site"
    return path


def _site_config(site: Path) -> dict:
    return json.loads((site / "jupyter-lite.json").read_text("utf-8"))["jupyter-config-data"]


def _index(path: Path) -> dict[str, list[Path]]:
    """A piplite all.json: canonical name → its wheel files (next to the index)."""
    data = json.loads(path.read_text("utf-8"))
    return {
        canonicalize_name(name): [
            path.parent / Path(f["url"].split("?")[0]).name
            for files in entry["releases"].values()
            for f in files
        ]
        for name, entry in data.items()
    }


def test_site_has_every_tutorial_with_its_install_cell(site):
    """The tutorials are the site's content (files/), each ready for the Pyodide kernel."""
    files = site / "files"
    assert sorted(p.relative_to(files).as_posix() for p in files.glob("*/*.ipynb")) == TUTORIALS
    for name in TUTORIALS:
        notebook = json.loads((files / name).read_text("utf-8"))
        assert [c.get("id") for c in notebook["cells"]].count("lite-install") == 1, name
        assert notebook["metadata"]["kernelspec"]["name"] == "python", name
    listing = json.loads((site / "api" / "contents" / "all.json").read_text("utf-8"))
    assert {"README.md", "en"} <= {item["name"] for item in listing["content"]}


def test_site_serves_our_wheel_and_the_widget_wheels(site):
    """The piplite index lists cyclades_widgets (this version, with rules, data and the
    board's front end) and every pinned wheel of lite/wheels.txt."""
    import cyclades_widgets

    index = _index(site / "pypi" / "all.json")
    (ours,) = index["cyclades-widgets"]
    assert ours.name == f"cyclades_widgets-{cyclades_widgets.__version__}-py3-none-any.whl"
    names = set(zipfile.ZipFile(ours).namelist())
    for needed in ("cyclades_widgets/rules/flow.py", "cyclades_widgets/game.py"):
        assert needed in names
    assert any(n.startswith("cyclades_widgets/data/maps/") for n in names)
    assert any(n.startswith("cyclades_widgets/static/") for n in names)
    for name, version in _pins(LITE / "wheels.txt").items():
        assert name in index, f"{name} is not in the site's piplite index"
        assert [Version(p.name.split("-")[1]) for p in index[name]] == [version]
        assert all(p.is_file() for p in index[name])


def test_site_includes_the_widget_lab_extensions(site):
    """Issue 7 C 'with the anywidget extension included': ipywidgets' manager, anywidget,
    ipycanvas and the Pyodide kernel are federated extensions whose bundles are present."""
    extensions = {e["name"]: e for e in _site_config(site)["federated_extensions"]}
    for name in (
        "@jupyter-widgets/jupyterlab-manager",
        "anywidget",
        "ipycanvas",
        "@jupyterlite/pyodide-kernel-extension",
    ):
        assert name in extensions, f"{name} is missing from the Lite site"
        entry = site / "extensions" / name / extensions[name]["load"]
        assert entry.is_file(), f"{entry} is missing"


def _kernel_pyodide_version(site: Path) -> str:
    schema = (
        site
        / "extensions/@jupyterlite/pyodide-kernel-extension/static/schema/kernel.v0.schema.json"
    )
    url = json.loads(schema.read_text("utf-8"))["properties"]["pyodideUrl"]["default"]
    match = re.search(r"/v(\d+\.\d+\.\d+)/", url)
    assert match, f"no Pyodide version in the kernel's pyodideUrl {url}"
    return match[1]


def test_site_kernel_runs_the_pyodide_version_we_test(site, node):
    """The Node check is only meaningful on the kernel's own Pyodide: same version."""
    assert _kernel_pyodide_version(site) == _npm_pyodide_version()


def _requirements(wheel: Path, env: dict[str, str]) -> list[Requirement]:
    with zipfile.ZipFile(wheel) as z:
        (meta,) = [n for n in z.namelist() if n.endswith(".dist-info/METADATA")]
        message = email.parser.Parser().parsestr(z.read(meta).decode("utf-8"))
    reqs = [Requirement(r) for r in message.get_all("Requires-Dist") or []]
    return [r for r in reqs if r.marker is None or r.marker.evaluate(env)]


def test_site_resolves_without_the_package_index(site, pyodide_lock):
    """Everything the kernel start-up and the install cell need is in the site's indexes or
    the Pyodide distribution, at a fitting version: only Pyodide itself comes from its CDN."""
    python = pyodide_lock["info"]["python"]
    env = {
        "python_version": ".".join(python.split(".")[:2]),
        "python_full_version": python,
        "sys_platform": "emscripten",
        "platform_system": "Emscripten",
        "os_name": "posix",
        "platform_machine": "wasm32",
        "implementation_name": "cpython",
        "platform_python_implementation": "CPython",
        "extra": "",
    }
    kernel_index = site / "extensions/@jupyterlite/pyodide-kernel-extension/static/pypi/all.json"
    wheels = _index(site / "pypi" / "all.json") | _index(kernel_index)
    lock = {canonicalize_name(n): p for n, p in pyodide_lock["packages"].items()}
    todo = [Requirement(p) for p in (*KERNEL_STARTUP, *prepare_contents.LITE_PACKAGES)]
    seen: set[str] = set()
    while todo:
        req = todo.pop()
        name = canonicalize_name(req.name)
        if name in lock:
            version = Version(lock[name]["version"])
            deps = [Requirement(d) for d in lock[name]["depends"]]
        else:
            assert name in wheels, f"{req} would be fetched from the package index"
            version, newest = max((Version(p.name.split("-")[1]), p) for p in wheels[name])
            deps = _requirements(newest, env)
        assert req.specifier.contains(version, prereleases=True), f"{req}: found {version}"
        if name not in seen:
            seen.add(name)
            todo += deps
    assert {"cyclades-widgets", "anywidget", "jsonschema", "pandas", "comm"} <= seen


def test_site_wheel_plays_a_cycle_under_pyodide(site, node):
    """The wheel the site serves (not just a fresh build) plays the seeded cycle under
    Pyodide exactly as under CPython."""
    (ours,) = _index(site / "pypi" / "all.json")["cyclades-widgets"]
    _assert_same_cycle(node, ours)
