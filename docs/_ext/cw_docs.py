"""Sphinx extension for the cyclades_widgets site: a live widget in a tutorial's output
(the clickable board, the Battle Lab) becomes a short note on the static page, since it
needs a running kernel; the static SVG boards around it are the pictures."""

from __future__ import annotations

import re
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx

WIDGET_REPR = re.compile(r"<cyclades_widgets\.widgets\.[\w.]+ object at 0x[0-9a-f]+>")
"""The plain-text stand-in of one of our widgets (alone, or inside a box of controls)."""
NOTE = (
    "The interactive widget appears here when you run this notebook in JupyterLab "
    "(python -m cyclades_widgets demo)."
)


def _replace_widget_outputs(app: Sphinx, doctree: nodes.document) -> None:
    for node in list(doctree.findall(nodes.literal_block)):
        if "text_plain" in node["classes"] and WIDGET_REPR.search(node.astext()):
            note = nodes.paragraph(classes=["cw-widget-note"])
            note += nodes.emphasis(text=NOTE)
            node.replace_self(note)


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the doctree hook."""
    app.connect("doctree-read", _replace_widget_outputs)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
