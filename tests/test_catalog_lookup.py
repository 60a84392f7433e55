"""One name for the catalog lookup: the code looks an entry up with ``i18n.text`` (now) or
``i18n.message`` (kept as a ``Message`` for later), by its whole key. No module wraps the
lookup in a helper of its own that adds a key prefix (the names it once had: ``say``,
``ui``, ``msg``, ``_msg``, ``rule``, ``_t``, ``_b``...), and only the catalog's own engine
users call ``render`` directly (docs/architecture.md, "The catalogs")."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from cyclades_widgets.i18n import message, text

PACKAGE = Path(__file__).resolve().parents[1] / "cyclades_widgets"
LOOKUPS = {"text", "message", "render", "Message", "Why"}
ENGINE = {"i18n/__init__.py", "view/text.py"}
"""The catalog itself, and the board's words (``Words``: the names it keeps and the
players' names bound once for a whole view model)."""


def _modules() -> list[tuple[str, ast.Module]]:
    return [
        (path.relative_to(PACKAGE).as_posix(), ast.parse(path.read_text("utf-8")))
        for path in sorted(PACKAGE.rglob("*.py"))
    ]


def _prefixing_wrappers(tree: ast.Module) -> list[str]:
    """Functions that take a ``key``, look up ``f"<prefix>{key}"`` and give the text or the
    message: a second name for the lookup. (A constructor of a named error from its key,
    such as ``ScenarioError``'s, gives an error, not a text.)"""
    found = []
    for fn in ast.walk(tree):
        if not isinstance(fn, ast.FunctionDef):
            continue
        if fn.returns is None or ast.unparse(fn.returns) not in {"str", "Message", "Why"}:
            continue
        params = {a.arg for a in (*fn.args.posonlyargs, *fn.args.args)}
        if "key" not in params:
            continue
        for call in ast.walk(fn):
            if not (isinstance(call, ast.Call) and call.args):
                continue
            name = getattr(call.func, "id", None)
            first = call.args[0]
            if name in LOOKUPS and isinstance(first, ast.JoinedStr):
                parts = [v for v in first.values if isinstance(v, ast.FormattedValue)]
                if any(getattr(p.value, "id", None) == "key" for p in parts):
                    found.append(f"{fn.name} (line {fn.lineno})")
    return found


def test_no_module_wraps_the_lookup_under_a_name_of_its_own():
    wrappers = {
        name: found
        for name, tree in _modules()
        if name not in ENGINE and (found := _prefixing_wrappers(tree))
    }
    assert wrappers == {}


def test_only_the_engine_calls_render_directly():
    direct = {
        name
        for name, tree in _modules()
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "render"
    }
    assert direct <= ENGINE, direct - ENGINE


@pytest.mark.parametrize("lang", ["en", "fr", "zh"])
def test_text_and_message_agree_and_keep_the_words_asked(lang):
    """A kept word is shown as written even when it is also an id (a player called
    "Naxos"); the same entry now or later reads the same."""
    now = text("rules.check.over", lang, "naxos", action="naxos")
    later = message("rules.check.over", "naxos", action="naxos").render(lang)
    assert now == later
    assert "naxos" in now


def test_a_counted_entry_is_chosen_by_n():
    assert text("cli.tutorials.added", "en", n=1) == "Copied 1 new file."
    assert text("cli.tutorials.added", "en", n=2) == "Copied 2 new files."
