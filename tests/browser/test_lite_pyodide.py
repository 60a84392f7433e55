"""The JupyterLite site in Chromium: the Pyodide kernel starts, installs our wheel from the
site's piplite index, plays a cycle, and the anywidget Board renders.

Runs under ``make lite-test`` (it names the built site with ``CYCLADES_LITE_SITE``); skipped
otherwise. The site normally loads Pyodide from Pyodide's CDN, which this machine cannot
reach, so the test serves a copy of the site whose kernel points at a local Pyodide instead
(``static/pyodide/``, the same place ``jupyter lite build --pyodide`` puts one):

- the core runtime and standard library from the npm package ``pyodide`` 314.0.6 in
  ``lite/node_modules`` (the version the site's kernel names; ``tests/test_lite.py`` checks);
- the pure-Python packages the kernel loads from the Pyodide distribution at start-up
  (micropip, IPython, jedi and their dependencies), as the same versions' wheels from the
  package index, cached in ``build/lite/pyodide-wheels``; the copy's ``pyodide-lock.json``
  gets their checksums. PyPI's IPython 9 also needs ``ipython-pygments-lexers``, which
  Pyodide's own build does without, so it is added to the lock.

Binary packages of the distribution (numpy, pandas, rpds-py for jsonschema) are not
available this way, so the test installs ``cyclades_widgets`` without its dependencies
(``deps=False``; the engine and the Board need neither jsonschema nor tqdm) and the
Board's ``anywidget`` with its dependencies (all served by the site or pure Python). Every
request the page makes must stay on the local server.
"""

from __future__ import annotations

import functools
import hashlib
import http.server
import json
import os
import re
import shutil
import subprocess
import sys
import threading
import urllib.parse
from collections.abc import Iterator
from pathlib import Path

import pytest
from artifacts import ARTIFACTS
from ci_gate import skip_or_fail
from editorpages import BOARD, choose, click_place
from playwright.sync_api import expect
from waits import shown, until

import cyclades_widgets

REPO = Path(__file__).resolve().parents[2]
PYODIDE = REPO / "lite" / "node_modules" / "pyodide"
WHEEL_CACHE = REPO / "build" / "lite" / "pyodide-wheels"
CORE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
#: What the kernel loads from the distribution when it starts (with their dependencies).
STARTUP = ("micropip", "jedi", "ipython", "traitlets", "typing-extensions")
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
START_TIMEOUT_MS = 300_000  # kernel start + installs; about 40 s on an idle 2-core machine

CODE = [
    "import piplite",
    "await piplite.install('cyclades_widgets', deps=False)",
    "await piplite.install('anywidget')",
    "import cyclades_widgets as cw\nfrom cyclades_widgets.bots import RandomBot",
    "game = cw.Game.new(players=3, seed=7)\n"
    "bots = {name: RandomBot(seed=i) for i, name in enumerate(game.players)}",
    "game.advance(to='cycle', bots=bots)\n"
    "print('LITE-CYCLE', game.cycle, game.phase.value, len(game.moves()))",
    "cw.Board(game)",
]


def _canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


@pytest.fixture(scope="module")
def lite_site() -> Path:
    """The site `make lite` built (CYCLADES_LITE_SITE), and the npm Pyodide next to it."""
    named = os.environ.get("CYCLADES_LITE_SITE")
    if not named:
        skip_or_fail("no JupyterLite site to check: `make lite` builds one (`make test` does)")
    if not (PYODIDE / "pyodide.asm.wasm").is_file():
        pytest.fail("lite/node_modules is missing: run `npm ci` in lite/", pytrace=False)
    return Path(named)


def _startup_packages(lock: dict) -> dict[str, dict]:
    """The lock entries of STARTUP and everything they depend on."""
    entries = {_canonical(k): v for k, v in lock["packages"].items()}
    found: dict[str, dict] = {}
    todo = list(STARTUP)
    while todo:
        name = _canonical(todo.pop())
        if name not in found:
            found[name] = entries[name]
            todo += entries[name]["depends"]
    return found


def _download(pins: list[str]) -> None:
    WHEEL_CACHE.mkdir(parents=True, exist_ok=True)
    cmd = [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps"]
    cmd += ["--only-binary=:all:", "--implementation", "py", "--platform", "any"]
    subprocess.run([*cmd, "--python-version", "3.14", "-d", str(WHEEL_CACHE), *pins], check=True)


def _cached(name: str, version: str | None) -> Path | None:
    for wheel in WHEEL_CACHE.glob("*.whl"):
        stem, found = wheel.name.split("-")[:2]
        if _canonical(stem) == name and version in (None, found):
            return wheel
    return None


def _lock_entry(wheel: Path, depends: list[str]) -> dict:
    name, version = wheel.name.split("-")[:2]
    return {
        "name": _canonical(name),
        "version": version,
        "file_name": wheel.name,
        "install_dir": "site",
        "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(),
        "package_type": "package",
        "imports": [name.lower()],
        "depends": depends,
        "unvendored_tests": False,
    }


def _local_pyodide(target: Path) -> None:
    """Core runtime from npm, start-up packages as wheels, a lock that names them."""
    target.mkdir(parents=True)
    for name in CORE_FILES:
        shutil.copyfile(PYODIDE / name, target / name)
    lock = json.loads((PYODIDE / "pyodide-lock.json").read_text("utf-8"))
    startup = _startup_packages(lock)
    wanted = {name: entry["version"] for name, entry in startup.items()}
    wanted["ipython-pygments-lexers"] = None
    missing = [n if v is None else f"{n}=={v}" for n, v in wanted.items() if not _cached(n, v)]
    if missing:
        _download(missing)
    packages = {_canonical(k): v for k, v in lock["packages"].items()}
    for name, version in wanted.items():
        wheel = _cached(name, version)
        assert wheel is not None, f"no wheel for {name} {version}"
        shutil.copyfile(wheel, target / wheel.name)
        if name in packages:  # same version: only the file and its checksum change
            sha256 = hashlib.sha256(wheel.read_bytes()).hexdigest()
            packages[name] = {**packages[name], "file_name": wheel.name, "sha256": sha256}
        else:
            packages[name] = _lock_entry(wheel, ["pygments"])
    packages["ipython"]["depends"].append("ipython-pygments-lexers")
    lock["packages"] = packages
    (target / "pyodide-lock.json").write_text(json.dumps(lock), "utf-8")


@pytest.fixture(scope="module")
def local_site(lite_site: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the site whose kernel loads the local Pyodide (and exposes the app)."""
    site = tmp_path_factory.mktemp("lite") / "site"
    shutil.copytree(lite_site, site)
    _local_pyodide(site / "static" / "pyodide")
    path = site / "jupyter-lite.json"
    config = json.loads(path.read_text("utf-8"))
    data = config["jupyter-config-data"]
    data["exposeAppInBrowser"] = True
    settings = data.setdefault("litePluginSettings", {}).setdefault(KERNEL_PLUGIN, {})
    settings["pyodideUrl"] = "./static/pyodide/pyodide.mjs"
    path.write_text(json.dumps(config, indent=1), "utf-8")
    return site


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        """No access log on stderr."""


@pytest.fixture(scope="module")
def served(local_site: Path, chromium_executable: str) -> Iterator[str]:
    """The local site over HTTP on 127.0.0.1 (a web worker cannot start from file://)."""
    handler = functools.partial(_QuietHandler, directory=str(local_site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


def test_lite_kernel_installs_our_wheel_plays_a_cycle_and_shows_the_board(page, served):
    """Issue 7 C: in the Lite site's own JupyterLab, the Pyodide kernel installs
    cyclades_widgets from the site (piplite), plays a seeded cycle, and the anywidget
    extension draws the Board; nothing is fetched from outside the site."""
    requests: list[str] = []
    page.context.on("request", lambda request: requests.append(request.url))
    query = [("kernel", "python"), ("toolbar", "1")] + [("code", c) for c in CODE]
    page.goto(f"{served}repl/index.html?{urllib.parse.urlencode(query)}")
    shown(
        page.get_by_text(re.compile(r"LITE-CYCLE 2 \w+ \d+")).first,
        "the kernel's line LITE-CYCLE 2 (a seeded cycle played on Pyodide)",
        timeout_ms=START_TIMEOUT_MS,
    )
    isles = page.locator("[data-testid=cw-board] .cw-isle")
    shown(isles.first, "the Board's isles in the Lite REPL")
    assert isles.count() >= 6, "the Board drew too few isles"
    assert page.locator(".cw-root").get_by_text("Cycle 2").first.is_visible()
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "lite-repl-board.png"), full_page=True)
    outside = sorted({u for u in requests if not u.startswith((served, "data:", "blob:"))})
    assert not outside, f"the Lite page fetched from outside the site: {outside}"
    paths = {urllib.parse.urlparse(u).path for u in requests}
    for fetched in (
        "/static/pyodide/pyodide.asm.wasm",  # the kernel ran on the local Pyodide
        f"/pypi/cyclades_widgets-{cyclades_widgets.__version__}-py3-none-any.whl",  # ours
        "/pypi/anywidget-0.11.0-py3-none-any.whl",
    ):
        assert fetched in paths, f"the page never fetched {fetched}"


def test_lite_tutorial_opens_on_the_pyodide_kernel_with_its_install_cell(page, served):
    """The first tutorial opens in the Lite JupyterLab on the Pyodide kernel with no dialog,
    the kernel starts, and the install cell follows the title."""
    page.goto(f"{served}lab/index.html?path=en/01-first-look.ipynb")
    shown(page.locator(".jp-NotebookPanel").first, "the tutorial's notebook panel")
    shown(
        page.locator(".jp-Notebook-ExecutionIndicator[data-status='idle']").first,
        "the Pyodide kernel idle",
        "attached",
        START_TIMEOUT_MS,
    )
    until(
        page,
        "the kernel named Python (Pyodide) in the toolbar",
        """() => [...document.querySelectorAll('.jp-NotebookPanel .jp-Toolbar-kernelName')]
            .some(e => e.textContent.includes('Python (Pyodide)'))""",
    )
    assert page.locator(".jp-Dialog").count() == 0, "Lite asked which kernel to use"
    cells = page.locator(".jp-NotebookPanel .jp-Cell")
    # Cells render a moment after the panel appears: wait for the text, then check it.
    expect(cells.nth(0)).to_contain_text("A first look", timeout=START_TIMEOUT_MS)
    expect(cells.nth(1)).to_contain_text(
        "%pip install -q cyclades_widgets", timeout=START_TIMEOUT_MS
    )


EDITOR_CODE = [
    *CODE[:4],
    "editor = cw.Editor(players=4)\neditor.empty()\nprint('LITE-EDITOR', len(editor.history))",
    "editor",
]


def test_lite_editor_places_a_piece_by_clicks_on_the_pyodide_kernel(page, served):
    """Issue 27: the board editor in JupyterLite. A piece of the palette and a click on
    Naxos go to the Pyodide kernel, which checks the edit and redraws the board with the
    troop on Naxos."""
    query = [("kernel", "python"), ("toolbar", "1")] + [("code", c) for c in EDITOR_CODE]
    page.goto(f"{served}repl/index.html?{urllib.parse.urlencode(query)}")
    shown(page.get_by_text("LITE-EDITOR 1").first, "the editor made on Pyodide",
          timeout_ms=START_TIMEOUT_MS)  # fmt: skip
    shown(page.locator(BOARD), "the editor's board in the Lite REPL")
    choose(page, Path("."), "troop:Athens")
    click_place(page, "naxos")
    troop = page.locator(f'{BOARD} .cw-svg-slot [aria-label="1 troop · Athens (circle) · Naxos"]')
    shown(troop.first, "1 Athens troop on Naxos, drawn after the kernel checked the click")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "lite-repl-editor.png"), full_page=True)
