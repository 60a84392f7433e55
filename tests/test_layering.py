"""DESIGN §2: the rules core is pure Python, standard library only.

Two checks:
- at run time, importing ``cyclades_widgets.rules`` (in a fresh interpreter) loads none of the
  heavy or front-end libraries;
- statically, every import written in ``cyclades_widgets/rules/`` is the standard library or the
  rules package itself, never a layer above it.
"""

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

RULES_DIR = Path(__file__).resolve().parents[1] / "cyclades_widgets" / "rules"

FORBIDDEN_AT_RUNTIME = (
    "traitlets",
    "ipywidgets",
    "anywidget",
    "pandas",
    "numpy",
    "IPython",
    "ipycanvas",
)


def _loaded_modules_after(statement: str) -> set[str]:
    code = f"{statement}\nimport json, sys\nprint(json.dumps(sorted(sys.modules)))"
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False, timeout=120
    )
    assert out.returncode == 0, f"{statement!r} failed:\n{out.stderr}"
    return set(json.loads(out.stdout.strip().splitlines()[-1]))


def test_rules_import_loads_no_heavy_or_frontend_library():
    loaded = _loaded_modules_after("import cyclades_widgets.rules")
    bad = sorted(name for name in loaded if name.split(".")[0] in FORBIDDEN_AT_RUNTIME)
    assert not bad, f"importing cyclades_widgets.rules loaded {bad} (DESIGN §2)"


def _rules_files() -> list[Path]:
    return sorted(RULES_DIR.rglob("*.py"))


def _absolute_imports(path: Path) -> list[tuple[int, str]]:
    """(line, module) for every absolute import in ``path``."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append((node.lineno, node.module))
    return found


ALLOWED_UPWARD = {("state.py", "_repr_svg_")}
"""The one upward reference, python-chess style (STYLE.md): ``GameState._repr_svg_``
imports the static board lazily when a notebook asks for a picture. It is never imported
at module level, so the run-time check above still holds."""


def _relative_imports_leaving_rules(path: Path) -> list[tuple[int, str]]:
    """Relative imports that climb out of the rules package (``from .. import game``),
    except inside the methods listed in :data:`ALLOWED_UPWARD`."""
    depth_in_rules = len(path.relative_to(RULES_DIR).parts) - 1  # 0 for rules/x.py
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    allowed = [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef) and (path.name, node.name) in ALLOWED_UPWARD
    ]
    exempt = {id(n) for f in allowed for n in ast.walk(f)}
    return [
        (node.lineno, "." * node.level + (node.module or ""))
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom)
        and node.level > depth_in_rules + 1
        and id(node) not in exempt
    ]


def test_only_the_listed_method_reaches_above_rules():
    """The allowance is used, and only by ``GameState._repr_svg_``."""
    source = (RULES_DIR / "state.py").read_text(encoding="utf-8")
    assert "from .. import svg" in source
    others = [p for p in _rules_files() if p.name != "state.py"]
    assert all(_relative_imports_leaving_rules(p) == [] for p in others)


def test_rules_package_exists():
    assert (RULES_DIR / "__init__.py").is_file(), "cyclades_widgets/rules/__init__.py is missing"


@pytest.mark.parametrize("path", _rules_files(), ids=lambda p: str(p.relative_to(RULES_DIR)))
def test_rules_source_imports_only_stdlib_or_rules(path: Path):
    allowed_stdlib = sys.stdlib_module_names
    bad = []
    for line, module in _absolute_imports(path):
        top = module.split(".")[0]
        if top in allowed_stdlib or top == "__future__":
            continue
        if module == "cyclades_widgets.rules" or module.startswith("cyclades_widgets.rules."):
            continue
        bad.append(f"line {line}: import {module}")
    bad += [
        f"line {line}: from {mod} import ..." for line, mod in _relative_imports_leaving_rules(path)
    ]
    assert not bad, f"{path.name} imports outside the standard library / rules package: {bad}"
