"""Browser-test harness: real JupyterLab on 127.0.0.1, driven by Playwright in Chromium.

Facts behind the choices here are in the project's TOOLCHAIN notes:
- Chromium is found on the system (Debian's package), via ``CYCLADES_CHROMIUM``, or as
  Playwright's own download; ``playwright install`` is never needed where Debian's works.
- With no Chromium, browser tests are skipped with a message, unless
  ``CYCLADES_REQUIRE_BROWSER=1`` (CI sets it): then they fail.
- JupyterLab runs with all user state (config, settings, workspaces, runtime, data) in a temp
  folder, serving a temp copy of the English tutorials (``notebooks/en/``) so nothing a test
  writes lands in the repo.

Fixtures: ``chromium_executable``, ``lab_root`` (Path), ``lab_server`` (base URL str),
``artifacts_dir`` (Path) and ``lab``, which bundles the helpers below for tests:

    def test_x(page, lab):
        lab.write_notebook("t.ipynb", "print(1)")
        lab.open_notebook(page, "t.ipynb")
        lab.run_all_cells(page)
        lab.screenshot(page, "t")

(The module-level helpers ``open_notebook(page, base_url, name)``, ``run_all_cells(page)``,
``screenshot``, ``write_notebook``, ``wait_for_path`` are the same functions; tests reach them
through ``lab`` because two conftest modules cannot both be imported by name.)
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from artifacts import ARTIFACTS
from waits import LIMIT_MS, poll, shown, until

REPO_ROOT = Path(__file__).resolve().parents[2]

CHROMIUM_CANDIDATES = ("/usr/bin/chromium", "/usr/lib/chromium/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",  # needed as root; harmless otherwise in a throwaway headless profile
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
HOW_TO_GET_CHROMIUM = (
    "No Chromium found for the browser tests. Install one: on Debian/Ubuntu "
    "`apt-get update && apt-get install -y chromium`; or set CYCLADES_CHROMIUM=/path/to/chromium; "
    "or `.venv/bin/playwright install chromium` where downloads are possible."
)

LAB_START_TIMEOUT = 90  # seconds; it takes about 2 s on a 2-core machine
ACTION_TIMEOUT_MS = 90_000  # a bound for a busy machine (waits.LIMIT_MS), not a measure


# --------------------------------------------------------------------------- marking


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Everything under tests/browser is a browser test, whatever its module says."""
    here = Path(__file__).parent
    for item in items:
        if here in Path(item.fspath).parents:
            item.add_marker(pytest.mark.browser)


# --------------------------------------------------------------------------- Chromium


def _browser_required() -> bool:
    return os.environ.get("CYCLADES_REQUIRE_BROWSER", "").strip() not in ("", "0", "false", "no")


def _system_chromium() -> str | None:
    override = os.environ.get("CYCLADES_CHROMIUM", "").strip()
    if override:
        if Path(override).is_file() and os.access(override, os.X_OK):
            return override
        # An explicit override that does not work is always an error, never a skip.
        pytest.fail(f"CYCLADES_CHROMIUM={override!r} is not an executable file.", pytrace=False)
    for candidate in CHROMIUM_CANDIDATES:
        if Path(candidate).is_file() and os.access(candidate, os.X_OK):
            return candidate
    return None


@pytest.fixture(scope="session")
def chromium_executable(playwright) -> str:
    """Path of the Chromium to drive; skips (or fails if required) when there is none."""
    path = _system_chromium()
    if path is None:
        bundled = playwright.chromium.executable_path  # Playwright's own download, if any
        if bundled and Path(bundled).is_file():
            path = bundled
    if path is None:
        if _browser_required():
            pytest.fail(
                "CYCLADES_REQUIRE_BROWSER=1 is set, so browser tests may not be skipped. "
                + HOW_TO_GET_CHROMIUM,
                pytrace=False,
            )
        pytest.skip(HOW_TO_GET_CHROMIUM)
    return path


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args, chromium_executable):
    """pytest-playwright hook: launch our Chromium with the flags that work headless as root."""
    return {
        **browser_type_launch_args,
        "executable_path": chromium_executable,
        "args": [*browser_type_launch_args.get("args", []), *CHROMIUM_ARGS],
    }


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    return {**browser_context_args, "viewport": {"width": 1400, "height": 900}}


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo):
    report = yield
    setattr(item, f"_report_{report.when}", report)
    return report


@pytest.fixture
def page(page, request: pytest.FixtureRequest):
    """pytest-playwright's page, with our timeout; a failing test leaves a screenshot."""
    page.set_default_timeout(ACTION_TIMEOUT_MS)
    yield page
    report = getattr(request.node, "_report_call", None)
    if report is not None and report.failed:
        name = re.sub(r"[^A-Za-z0-9_.-]+", "_", request.node.name)
        # The page may be gone; the failure itself matters more than its picture.
        with contextlib.suppress(Exception):
            screenshot(page, f"FAILED-{name}")


# --------------------------------------------------------------------------- JupyterLab


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def lab_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder JupyterLab serves: a fresh copy of the English tutorials,
    ``notebooks/en/`` (what ``python -m cyclades_widgets tutorials`` gives a learner)."""
    root = tmp_path_factory.mktemp("lab-root")
    src = REPO_ROOT / "notebooks" / "en"
    if src.is_dir():
        shutil.copytree(
            src,
            root,
            dirs_exist_ok=True,
            ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__"),
        )
    return root


def _isolated_jupyter_env(home: Path) -> dict[str, str]:
    dirs = {
        "JUPYTER_CONFIG_DIR": home / "config",
        "JUPYTER_DATA_DIR": home / "data",
        "JUPYTER_RUNTIME_DIR": home / "runtime",
        "JUPYTERLAB_SETTINGS_DIR": home / "lab-settings",
        "JUPYTERLAB_WORKSPACES_DIR": home / "lab-workspaces",
        "IPYTHONDIR": home / "ipython",
    }
    for d in dirs.values():
        d.mkdir(parents=True, exist_ok=True)
    # No "receive Jupyter news?" toast over the page.
    notif = dirs["JUPYTERLAB_SETTINGS_DIR"] / "@jupyterlab" / "apputils-extension"
    notif.mkdir(parents=True, exist_ok=True)
    (notif / "notification.jupyterlab-settings").write_text(
        json.dumps({"fetchNews": "false", "checkForUpdates": False})
    )
    env = dict(os.environ)
    env.update({k: str(v) for k, v in dirs.items()})
    env["PYTHONUNBUFFERED"] = "1"
    return env


def _wait_for_status(url: str, proc: subprocess.Popen, log: Path) -> None:
    deadline = time.monotonic() + LAB_START_TIMEOUT
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(
                f"JupyterLab exited with code {proc.returncode} before it was ready.\n"
                f"--- log ({log}) ---\n{log.read_text(errors='replace')[-4000:]}"
            )
        try:
            with urllib.request.urlopen(url + "api/status", timeout=2) as r:
                if r.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError, OSError):
            pass
        time.sleep(0.2)
    raise RuntimeError(
        f"JupyterLab not ready after {LAB_START_TIMEOUT} s.\n"
        f"--- log ({log}) ---\n{log.read_text(errors='replace')[-4000:]}"
    )


def _stop(proc: subprocess.Popen) -> None:
    if proc.poll() is not None:
        return
    try:
        os.killpg(proc.pid, signal.SIGTERM)  # Jupyter shuts its kernels down on SIGTERM
        proc.wait(timeout=15)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=15)
    except ProcessLookupError:
        pass


@pytest.fixture(scope="session")
def lab_server(
    chromium_executable: str, lab_root: Path, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[str]:
    """Start JupyterLab on 127.0.0.1:<free port>; yield its base URL (ending in '/').

    Depends on ``chromium_executable`` so that a missing browser skips before Lab starts.
    The kernel is this interpreter's (the venv's), so ``cyclades_widgets`` imports in it.
    """
    home = tmp_path_factory.mktemp("jupyter-home")
    env = _isolated_jupyter_env(home)
    port = _free_port()
    cmd = [
        sys.executable,
        "-m",
        "jupyter",
        "lab",
        "--no-browser",
        "--ServerApp.ip=127.0.0.1",
        f"--ServerApp.port={port}",
        "--ServerApp.port_retries=0",
        "--IdentityProvider.token=",
        "--ServerApp.password=",
        f"--ServerApp.root_dir={lab_root}",
        "--LabApp.expose_app_in_browser=True",
    ]
    if os.geteuid() == 0:
        cmd.append("--allow-root")
    log = home / "jupyterlab.log"
    with log.open("wb") as log_fh:
        proc = subprocess.Popen(
            cmd,
            cwd=lab_root,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=log_fh,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    url = f"http://127.0.0.1:{port}/"
    try:
        _wait_for_status(url, proc, log)
        yield url
    finally:
        _stop(proc)
        ARTIFACTS.mkdir(exist_ok=True)
        shutil.copyfile(log, ARTIFACTS / "jupyterlab.log")


# --------------------------------------------------------------------------- helpers


@pytest.fixture(scope="session")
def artifacts_dir() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


def screenshot(page, name: str) -> Path:
    """Save a full-page PNG to <artifacts>/<name>.png (``tests/artifacts.py``) and return its path."""
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


def write_notebook(path: Path, *cells: str) -> Path:
    """Write a notebook of code cells (for tests that build their own)."""
    import nbformat

    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(src) for src in cells]
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    path.write_text(nbformat.writes(nb))
    return path


def open_notebook(page, base_url: str, name: str) -> None:
    """Open ``name`` (relative to the lab root) with a reset workspace; wait for its panel."""
    page.goto(f"{base_url.rstrip('/')}/lab/tree/{name}?reset")
    shown(page.locator(".jp-NotebookPanel").first, f"the notebook panel of {name}")


_KERNEL_READY_JS = """() => {
    const app = window.jupyterapp;
    const w = app && app.shell && app.shell.currentWidget;
    const sc = w && w.sessionContext;
    const kernel = sc && sc.session && sc.session.kernel;
    return !!(sc && sc.isReady && kernel && kernel.status === 'idle');
}"""

_EXECUTION_STARTED_JS = """() => {
    const prompts = document.querySelectorAll(
        '.jp-NotebookPanel:not(.lm-mod-hidden) .jp-CodeCell .jp-InputArea-prompt');
    return prompts.length > 0 && /\\[(\\*|\\d+)\\]/.test(prompts[0].textContent);
}"""


_NOTEBOOK_CURRENT_JS = """() => {
    const app = window.jupyterapp;
    const w = app && app.shell && app.shell.currentWidget;
    return !!(w && w.content && w.content.widgets && w.sessionContext);
}"""


def wait_for_kernel_idle(page, timeout_ms: int = ACTION_TIMEOUT_MS) -> None:
    """Wait until the current notebook's kernel is connected and idle.

    The toolbar indicator alone can read 'idle' before the session has a kernel, so the
    session itself is checked through ``window.jupyterapp`` (exposed by the fixture's flags).
    """
    indicator = page.locator(".jp-Notebook-ExecutionIndicator[data-status='idle']").first
    shown(indicator, "the kernel indicator saying idle", "attached", timeout_ms)
    until(page, "the notebook's kernel connected and idle", _KERNEL_READY_JS, None, timeout_ms)


def run_all_cells(page) -> None:
    """Wait for the kernel to be idle and the notebook to be the current panel, then run
    the command Run All Cells once.

    Returns once execution has visibly started (the first code cell shows [*] or [n]); it does
    not wait for the cells to finish: wait for what the notebook is expected to show. (The
    command is run directly, not through the Run menu with a time-limited fallback: on a busy
    machine that fallback could run every cell twice.)
    """
    wait_for_kernel_idle(page)
    until(page, "the notebook as JupyterLab's current panel", _NOTEBOOK_CURRENT_JS)
    page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
    until(page, "the first code cell running or run ([*] or [n])", _EXECUTION_STARTED_JS)


def wait_for_path(path: Path, timeout: float = LIMIT_MS / 1000) -> bool:
    """Wait until ``path`` exists (Python-side evidence of a browser action); fails naming
    the file if it never appears (returns True, so ``assert wait_for_path(...)`` reads
    well)."""
    bound = max(timeout, LIMIT_MS / 1000)  # never shorter than the busy-machine bound
    return poll(f"the file {path.name} written by the kernel", lambda: path.exists() or None, bound)


@dataclass
class Lab:
    """A running JupyterLab: its base ``url``, its ``root`` folder, and the helpers."""

    url: str
    root: Path

    def open_notebook(self, page, name: str) -> None:
        open_notebook(page, self.url, name)

    def run_all_cells(self, page) -> None:
        run_all_cells(page)

    def wait_for_kernel_idle(self, page, timeout_ms: int = ACTION_TIMEOUT_MS) -> None:
        wait_for_kernel_idle(page, timeout_ms)

    def screenshot(self, page, name: str) -> Path:
        return screenshot(page, name)

    def write_notebook(self, name: str, *cells: str) -> Path:
        return write_notebook(self.root / name, *cells)

    def wait_for_path(self, name: str, timeout: float = LIMIT_MS / 1000) -> bool:
        return wait_for_path(self.root / name, timeout)


@pytest.fixture
def lab(lab_server: str, lab_root: Path) -> Lab:
    return Lab(url=lab_server, root=lab_root)
