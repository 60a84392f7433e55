"""The house's sizes (issue 28): no module of the package over 500 lines, no function over 60
lines, in Python and in the board's JavaScript (``js/src``).

A function's lines run from its ``def`` (or ``function``) line to its last line, docstring,
comments and blank lines included; a module's are all its lines. Python is measured here
with ``ast``; JavaScript by ESLint's ``max-lines`` and ``max-lines-per-function`` rules
(``js/eslint.config.js``, ESLint from ``js/package.json``). There is no list of exceptions:
a module or a function over its size is split (``docs/architecture.md``, "Sizes").
"""

from __future__ import annotations

import ast
import json
import shutil
import subprocess
from pathlib import Path

import pytest
from ci_gate import skip_or_fail

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "cyclades_widgets"
JS = ROOT / "js"
MAX_MODULE_LINES = 500
MAX_FUNCTION_LINES = 60


def module_lines(source: str) -> int:
    """The lines of a module, as an editor counts them."""
    return len(source.splitlines())


def long_functions(source: str, limit: int = MAX_FUNCTION_LINES) -> list[tuple[str, int, int]]:
    """(qualified name, first line, lines) of every function or method longer than
    ``limit`` lines, nested ones included.

    >>> body = "".join(f"        x = {i}\\n" for i in range(60))
    >>> long_functions("def short():\\n    pass\\n" + "class A:\\n    def long(self):\\n" + body)
    [('A.long', 4, 61)]
    """
    found: list[tuple[str, int, int]] = []

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                name = f"{prefix}{child.name}"
                if not isinstance(child, ast.ClassDef):
                    assert child.end_lineno is not None
                    lines = child.end_lineno - child.lineno + 1
                    if lines > limit:
                        found.append((name, child.lineno, lines))
                visit(child, name + ".")
            else:
                visit(child, prefix)

    visit(ast.parse(source), "")
    return found


def _python_modules() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def test_the_python_size_checks_can_fail():
    """A module of 501 lines and a function of 61 are caught; 500 and 60 pass."""
    assert module_lines("x = 1\n" * 501) == 501 > MAX_MODULE_LINES
    assert module_lines("x = 1\n" * 500) == MAX_MODULE_LINES
    body = "".join(f"    y = {i}\n" for i in range(59))
    assert long_functions("def f():\n" + body) == []
    assert long_functions("def f():\n" + body + "    return y\n") == [("f", 1, 61)]
    nested = "def outer():\n    def inner():\n" + "".join(f"        z = {i}\n" for i in range(60))
    assert [name for name, _, _ in long_functions(nested)] == ["outer", "outer.inner"]


def test_no_python_module_is_over_500_lines():
    modules = _python_modules()
    assert len(modules) > 50
    over = {
        str(path.relative_to(ROOT)): lines
        for path in modules
        if (lines := module_lines(path.read_text(encoding="utf-8"))) > MAX_MODULE_LINES
    }
    assert over == {}


def test_no_python_function_is_over_60_lines():
    over = [
        f"{path.relative_to(ROOT)}:{line} {name} ({lines} lines)"
        for path in _python_modules()
        for name, line, lines in long_functions(path.read_text(encoding="utf-8"))
    ]
    assert over == []


# --------------------------------------------------------------------------- JavaScript


@pytest.fixture(scope="module")
def eslint() -> list[str]:
    """The command that runs the repository's ESLint with Node."""
    node = shutil.which("node")
    script = JS / "node_modules" / "eslint" / "bin" / "eslint.js"
    if node is None:
        skip_or_fail("Node.js is not installed")
    if not script.is_file():
        skip_or_fail("js/node_modules has no eslint: run `npm install` in js/ (make test does)")
    return [node, str(script)]


def _eslint_messages(
    eslint: list[str], *paths: str, cwd: Path = JS
) -> list[tuple[Path, int, str, str]]:
    """Every message ESLint gives on ``paths`` (relative to ``cwd``, which holds the
    configuration): (file, line, rule, text); the rule is "" for a message about the
    configuration or a comment."""
    result = subprocess.run(
        [*eslint, "--format", "json", *paths],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.stdout.strip(), result.stderr[-3000:]  # ESLint ran (not a crash or bad config)
    return [
        (Path(report["filePath"]), m.get("line", 0), m.get("ruleId") or "", m["message"])
        for report in json.loads(result.stdout)
        for m in report["messages"]
    ]


def test_the_javascript_size_checks_can_fail(eslint, tmp_path):
    """The configuration (a copy of js/eslint.config.js, over files in a temporary src/)
    catches a function of 61 lines and a module of 501, passes a function of 60, and
    ignores an inline comment that tries to switch a rule off."""
    shutil.copy(JS / "eslint.config.js", tmp_path / "eslint.config.js")
    src = tmp_path / "src"
    src.mkdir()
    body = "".join(f"  const v{i} = {i};\n" for i in range(57))
    (src / "short.js").write_text(f"export function f() {{\n{body}  return v0;\n}}\n")
    (src / "long.js").write_text(
        "/* eslint-disable max-lines-per-function */\n"
        f"export function g() {{\n{body}  const w = 1;\n  return w;\n}}\n"
    )
    (src / "big.js").write_text("".join(f"export const a{i} = {i};\n" for i in range(501)))
    found = _eslint_messages(eslint, "src", cwd=tmp_path)
    assert sorted((path.name, rule) for path, _, rule, _ in found) == [
        ("big.js", "max-lines"),
        ("long.js", ""),  # the comment is reported as having no effect...
        ("long.js", "max-lines-per-function"),  # ...and the rule still holds
    ], found
    assert "noInlineConfig" in next(text for _, _, rule, text in found if not rule)


def test_no_javascript_module_over_500_lines_nor_function_over_60(eslint):
    """ESLint's ``max-lines`` and ``max-lines-per-function`` over every module of js/src."""
    assert len(list((JS / "src").glob("*.js"))) > 5
    found = _eslint_messages(eslint, "src")
    assert [f"{p.relative_to(ROOT)}:{line} {rule}: {text}" for p, line, rule, text in found] == []
