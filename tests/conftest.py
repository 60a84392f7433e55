"""Shared test settings.

- Hypothesis: no per-example deadline (timings on a 2-core CI machine are noisy, and a
  deadline failure says nothing about the rules); ``CYCLADES_LONG=1`` (``make reliability``)
  raises the number of examples.
- ``repo_root`` fixture: the checkout's top folder.
- Language: the session language is English, whatever the machine's locale (a test that
  changes it uses ``with language(...)``; ``tests/test_i18n.py`` checks the locale default
  in fresh interpreters).
"""

import os
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[1]

# The browser tests' notebooks are opened in JupyterLab from a temporary copy; nbmake
# (``pytest tests --nbmake``) must not run them in place, where they would write their
# state files into the source tree.
collect_ignore_glob = ["browser/notebooks/*.ipynb"]

try:
    from hypothesis import settings
except ImportError:  # hypothesis comes with the [test] extra
    pass
else:
    settings.register_profile("cyclades", deadline=None, print_blob=True)
    settings.register_profile(
        "cyclades-long", parent=settings.get_profile("cyclades"), max_examples=2000
    )
    settings.load_profile("cyclades-long" if os.environ.get("CYCLADES_LONG") == "1" else "cyclades")


@pytest.fixture(scope="session")
def repo_root() -> Path:
    return REPO_ROOT


@pytest.fixture(autouse=True, scope="session")
def _english_session():
    """The tests' session language is English (session-scoped: Hypothesis refuses
    function-scoped fixtures)."""
    from cyclades_widgets.i18n import set_language

    set_language("en")
