"""docs/architecture.md 'The layers': dependencies point one way, and the rules core is pure Python.

Checks:
- at run time, importing ``cyclades_widgets.rules`` (in a fresh interpreter) loads none of the
  heavy or front-end libraries;
- statically, every import written in ``cyclades_widgets/rules/`` is the standard library, the
  rules package itself or the text catalogs (``i18n``, standard library only too);
- over the whole package, every import (at module level, inside functions and under
  ``TYPE_CHECKING``) points to the same layer or a lower one, and the import graph has no
  cycle. The one exception is python-chess's pattern: ``GameState._repr_svg_`` imports the
  static board when a notebook asks for a picture.
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
    assert not bad, (
        f"importing cyclades_widgets.rules loaded {bad} (docs/architecture.md 'The layers')"
    )


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
"""The one upward reference, python-chess style: ``GameState._repr_svg_``
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
        and not (node.level == depth_in_rules + 2 and (node.module or "").split(".")[0] == "i18n")
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
        if module.split(".")[:2] in (["cyclades_widgets", "rules"], ["cyclades_widgets", "i18n"]):
            continue
        bad.append(f"line {line}: import {module}")
    bad += [
        f"line {line}: from {mod} import ..." for line, mod in _relative_imports_leaving_rules(path)
    ]
    assert not bad, f"{path.name} imports outside the standard library / rules package: {bad}"


I18N_DIR = RULES_DIR.parent / "i18n"


@pytest.mark.parametrize("path", sorted(I18N_DIR.rglob("*.py")), ids=lambda p: p.name)
def test_the_catalogs_import_only_the_standard_library(path: Path):
    """The rules raise errors in the learner's language, so the catalogs' code sits with them
    at the bottom: standard library only."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    relative = [n.lineno for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.level]
    outside = [
        (line, module)
        for line, module in _absolute_imports(path)
        if module.split(".")[0] not in sys.stdlib_module_names and module != "__future__"
    ]
    assert (relative, outside) == ([], [])


# --------------------------------------------------------------------------- the whole graph

PACKAGE_DIR = RULES_DIR.parent
TOP = "cyclades_widgets"

LAYERS: dict[str, int] = {
    # 0: the rules and their words, standard library only
    "i18n": 0,
    "rules": 0,
    # 1: a game with its history, and the facts that hold after every step
    "history": 1,
    "steps": 1,
    "observed": 1,
    "house_rules": 1,
    "invariants": 1,
    # 2: game records: the format, its schema and shape checks, highlights, the start
    # position's checks, replaying a line and the notes of each position
    "records": 2,
    # 3: what is computed from a game: narration, tables, odds, bots, the view model
    "narrate": 3,
    "tables": 3,
    "odds": 3,
    "bots": 3,
    "view": 3,
    # 4: the painters of the view model, the HTML page, and a game's review (the search
    # over every decision, its table and its graph)
    "svg": 4,
    "export": 4,
    "review": 4,
    # 5: the public game and record, which hand each other out
    "game": 5,
    # 6: built on the public game
    "scenario": 6,
    "editor": 6,
    "learn": 6,
    # 7: widgets and the command line (with a record's text form)
    "widgets": 7,
    "learn.widget": 7,
    "editor.widget": 7,
    "cli": 7,
    "__main__": 7,
}
"""Each module's layer (by its dotted name under the package, longest prefix wins). An
import may point to its own layer or a lower one. ``docs/architecture.md`` draws this table."""

ALLOWED_UP = {("cyclades_widgets.rules.state", "cyclades_widgets.svg")}
"""(importer, imported) pairs allowed to point up: ``GameState._repr_svg_`` (python-chess)."""


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE_DIR.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _all_modules() -> dict[str, Path]:
    return {_module_name(p): p for p in sorted(PACKAGE_DIR.rglob("*.py"))}


def _resolve(importer: str, is_package: bool, node: ast.ImportFrom, names: set[str]) -> list[str]:
    """The package modules an ``ImportFrom`` loads: ``from .a import b`` is ``pkg.a``, plus
    ``pkg.a.b`` when ``b`` is a module."""
    if node.level:
        base = importer.split(".")
        base = base if is_package else base[:-1]
        base = base[: len(base) - (node.level - 1)]
        target = ".".join([*base, *(node.module.split(".") if node.module else [])])
    else:
        target = node.module or ""
    submodules = [f"{target}.{a.name}" for a in node.names if f"{target}.{a.name}" in names]
    whole = node.module is not None or len(submodules) < len(node.names)
    return [target] * (whole and target in names) + submodules


def import_graph() -> dict[str, set[str]]:
    """Module → the package modules it imports, anywhere in its source, including the
    package ``__init__`` files Python runs on the way (except the top-level one, the
    public API, which imports lazily on first use)."""
    modules = _all_modules()
    names = set(modules)
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        is_package = path.name == "__init__.py"
        targets: set[str] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                targets.update(_resolve(name, is_package, node, names))
            elif isinstance(node, ast.Import):
                targets.update(a.name for a in node.names if a.name in names)
        for target in list(targets):
            parts = target.split(".")
            for k in range(2, len(parts)):
                parent = ".".join(parts[:k])
                if not name.startswith(parent + ".") and name != parent:
                    targets.add(parent)
        graph[name] = {t for t in targets if t != name and t != TOP}
    return graph


def layer_of(module: str) -> int:
    """The layer of a module of the package (``__init__`` of the package: above all)."""
    if module == TOP:
        return max(LAYERS.values()) + 1
    rest = module.removeprefix(TOP + ".")
    for prefix in sorted(LAYERS, key=len, reverse=True):
        if rest == prefix or rest.startswith(prefix + "."):
            return LAYERS[prefix]
    raise AssertionError(f"{module} has no layer in LAYERS: add it")


def test_every_module_has_a_layer():
    assert [m for m in _all_modules() if m != TOP and not _has_layer(m)] == []


def _has_layer(module: str) -> bool:
    try:
        layer_of(module)
    except AssertionError:
        return False
    return True


def test_imports_point_to_the_same_layer_or_lower():
    upward = sorted(
        f"{a} ({layer_of(a)}) imports {b} ({layer_of(b)})"
        for a, targets in import_graph().items()
        for b in targets
        if layer_of(b) > layer_of(a) and (a, b) not in ALLOWED_UP
    )
    assert upward == []


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_the_import_graph_has_no_cycle():
    graph = {a: {b for b in bs if (a, b) not in ALLOWED_UP} for a, bs in import_graph().items()}
    assert _cycles(graph) == []


def test_the_cycle_finder_finds_a_cycle():
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_the_one_upward_import_is_still_there():
    """The allowance is used (else it should go)."""
    graph = import_graph()
    assert all(b in graph[a] for a, b in ALLOWED_UP)


def test_the_architecture_page_draws_this_table():
    """docs/architecture.md's layer table lists every entry of LAYERS at its layer."""
    page = (Path(__file__).resolve().parents[1] / "docs" / "architecture.md").read_text()
    rows = {}
    for line in page.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 3 and cells[0].isdigit():
            for name in cells[1].split(","):
                rows[name.strip().strip("`")] = int(cells[0])
    assert rows == LAYERS
