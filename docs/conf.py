"""Sphinx configuration of the documentation site (``make docs``; docs/site.md says why
Sphinx with MyST-NB).

The source folder is the repository's top folder, so the README, the guides in ``docs/``
and the tutorials in ``notebooks/en/`` keep their paths and their links between each other
work on the site as they do on a code host. Only the files named in ``include_patterns``
are read. The tutorials are stored without outputs and executed at build time (their
static board pictures are SVG outputs); an error in a cell fails the build.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "docs" / "_ext"))

import cyclades_widgets  # noqa: E402  (the version and the API come from the package)

project = "cyclades_widgets"
author = "cyclades_widgets contributors"
copyright = "cyclades_widgets contributors, MIT licence"
release = cyclades_widgets.__version__
version = release

root_doc = "docs/index"
include_patterns = [
    "README.md",
    "CHANGELOG.md",
    "docs/*.md",
    "docs/api/*.md",
    "notebooks/en/*.ipynb",
    "notebooks/en/README.md",
]
exclude_patterns = [
    ".venv",
    "_build",
    "_output",
    "build",
    "dist",
    "**/node_modules",
    "**/.ipynb_checkpoints",
]

extensions = [
    "myst_nb",
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.viewcode",
    "cw_docs",
]

# A JSON example with "..." in it (docs/maps.md) is still shown, only not coloured.
suppress_warnings = ["misc.highlighting_failure"]

# --- MyST and notebooks
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3
nb_execution_mode = "cache"  # a rebuild only runs notebooks that changed
nb_execution_cache_path = str(ROOT / "_build" / ".jupyter_cache")
nb_execution_timeout = 600
nb_execution_raise_on_error = True
nb_execution_show_tb = True
nb_merge_streams = True
# The static SVG board is the picture on the site; a live widget needs a kernel (cw_docs
# shows a note in its place, see docs/_ext/cw_docs.py).
nb_mime_priority_overrides = [
    ("html", "application/vnd.jupyter.widget-view+json", None),
]

# --- API reference
autodoc_default_options = {"members": True, "show-inheritance": True}
autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_class_signature = "separated"
napoleon_google_docstring = False

# --- HTML
html_theme = "furo"
html_title = f"cyclades_widgets {release}"
html_static_path: list[str] = []
html_show_sourcelink = False
