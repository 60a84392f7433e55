"""Run the benchmarks, print one table, and write ``benchmarks/results.json``.

    python benchmarks/run.py            # the full run (a few minutes)
    python benchmarks/run.py --quick    # a short run, under a minute
    python benchmarks/run.py --only engine,odds --no-browser --profile
    python benchmarks/run.py --quick --no-browser --check   # CI: fail below half a goal

Sections: engine (random playouts against python-chess, the copy share and the history's
memory), profile (where the hot path's time goes), imports (import time), pool (what-if on
a process pool of 1 and 2 workers), odds (exact battle odds), records (seek and replay),
widget (payload per step), browser (redraw times in real JupyterLab), bots (GreedyBot
against RandomBots), dask (what-if throughput on a Dask LocalCluster of 1 and 2 workers).

The table shows each figure's goal (issue 16) beside it. ``--check`` fails (exit status 1)
when a *ratio* misses its goal by more than a factor of 2 (below half a "≥" goal, above
twice a "≤" goal); absolute times and sizes are shown against their goals but never
checked, so the check holds on any machine.
See ``docs/benchmarks.md`` for what each figure means. ``results.json`` is generated (not
committed) so that two versions can be compared.
"""

from __future__ import annotations

import argparse
import importlib
import json
import platform
import subprocess
import sys
import time
import traceback
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from common import Figure, format_value  # noqa: E402

SECTIONS = (
    "engine",
    "profile",
    "imports",
    "pool",
    "odds",
    "records",
    "widget",
    "browser",
    "bots",
    "dask",
    "review",
)
"""Section names, in the order they run; each is the module ``bench_<name>``."""


@dataclass(frozen=True)
class Goal:
    """A figure's goal: ``value >= goal`` or ``value <= goal``."""

    key: str
    op: str
    """``">="`` or ``"<="``."""
    goal: float
    at: str | None = None
    """For a per-player-count figure: the entry that counts ("4"); None: every entry."""
    ratio: bool = True
    """A ratio measured in one run (checked by ``--check``); False: an absolute figure."""

    def value(self, figure: Figure) -> float | None:
        """The number compared with the goal (the worst entry when ``at`` is None)."""
        value = figure.value
        if isinstance(value, dict):
            if self.at is not None:
                found = value.get(self.at)
                return None if found is None else float(found)
            numbers = [float(v) for v in value.values()]
            return (min if self.op == ">=" else max)(numbers) if numbers else None
        return None if value is None else float(value)

    def met(self, value: float, factor: float = 1.0) -> bool:
        """True if ``value`` meets the goal (eased by ``factor``: 2 for ``--check``)."""
        if self.op == ">=":
            return value >= self.goal / factor
        return value <= self.goal * factor

    def text(self, unit: str) -> str:
        """``≥ 2× (4p)``."""
        sign = "≥" if self.op == ">=" else "≤"
        where = f" ({self.at}p)" if self.at else ""
        return f"{sign} {self.goal:g}{'' if unit in ('×', '%') else ' '}{unit}{where}"


GOALS = (
    Goal("engine_ratio_vs_python_chess", ">=", 4.0, at="4"),
    Goal("game_ratio_vs_python_chess", ">=", 2.0, at="4"),
    Goal("game_copy_share_pct", "<=", 5.0),
    Goal("history_bytes_per_step", "<=", 1024, ratio=False),
    Goal("import_ms", "<=", 100, ratio=False),
    Goal("seek_600_ms", "<=", 5, ratio=False),
    Goal("replay_600_ms", "<=", 40, ratio=False),
    Goal("whatif_pool_2w_speedup", ">=", 1.8),
    Goal("reason_vs_search", "<=", 0.5),
    Goal("review_4p_2w_s", "<=", 120, ratio=False),
)
"""Issue 16's goals, by figure key. Record loading's figures are measured by the
``records`` section; their goals apply to whatever keys it reports."""


def main(argv: list[str] | None = None) -> int:
    """Run the chosen sections; return 1 if the engine is below its target or one failed."""
    args = _parser().parse_args(argv)
    chosen = _chosen(args)
    started = time.perf_counter()
    figures: list[Figure] = []
    failed: dict[str, str] = {}
    for name in chosen:
        print(f"… {name}", file=sys.stderr, flush=True)
        try:
            module = importlib.import_module(f"bench_{name}")
            figures += module.run(args.quick)
        except Exception as exc:  # report the others anyway; the exit status says it failed
            failed[name] = f"{type(exc).__name__}: {exc}"
            traceback.print_exc()
    elapsed = time.perf_counter() - started
    print(table(figures, failed))
    print(f"\n{len(figures)} figures in {elapsed:.0f} s ({'quick' if args.quick else 'full'} run)")
    if args.profile:
        from bench_profile import top_functions

        print("\nBusiest functions (cProfile, own time):\n" + top_functions(3.0))
    results = _results(figures, failed, args.quick, elapsed)
    args.output.write_text(json.dumps(results, indent=1, ensure_ascii=False) + "\n")
    print(f"written to {args.output}")
    return _status(figures, failed, args.check)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a short run, under a minute")
    parser.add_argument("--only", default="", help=f"comma-separated sections of {SECTIONS}")
    parser.add_argument("--no-browser", action="store_true", help="skip the JupyterLab section")
    parser.add_argument(
        "--profile", action="store_true", help="also print cProfile's top functions"
    )
    parser.add_argument("--output", type=Path, default=HERE / "results.json", help="results file")
    parser.add_argument(
        "--check",
        action="store_true",
        help="exit 1 when a ratio is below half its goal (or above twice a '≤' goal)",
    )
    return parser


def _chosen(args: argparse.Namespace) -> list[str]:
    chosen = [s.strip() for s in args.only.split(",") if s.strip()] or list(SECTIONS)
    unknown = sorted(set(chosen) - set(SECTIONS))
    if unknown:
        raise SystemExit(f"unknown section(s) {unknown}; known: {', '.join(SECTIONS)}")
    if args.no_browser:
        chosen = [s for s in chosen if s != "browser"]
    return [s for s in SECTIONS if s in chosen]


def goal_of(figure: Figure) -> Goal | None:
    """The goal of a figure, if it has one."""
    return next((g for g in GOALS if g.key == figure.key), None)


def goal_cell(figure: Figure) -> str:
    """``≥ 2× (4p) ✓``: the goal, and whether the figure meets it."""
    goal = goal_of(figure)
    if goal is None:
        return ""
    value = goal.value(figure)
    mark = "?" if value is None else ("✓" if goal.met(value) else "✗")
    return f"{goal.text(figure.unit)} {mark}"


def table(figures: list[Figure], failed: dict[str, str]) -> str:
    """All figures as one plain-text table, with the goals beside them."""
    rows = [("figure", "value", "goal", "note")]
    rows += [(f.what, format_value(f.value, f.unit), goal_cell(f), f.note) for f in figures]
    rows += [(f"{name} (failed)", "—", "", why[:70]) for name, why in failed.items()]
    widths = [max(len(r[i]) for r in rows) for i in range(3)]
    lines = []
    for i, (what, value, goal, note) in enumerate(rows):
        line = f"{what:<{widths[0]}}  {value:<{widths[1]}}  {goal:<{widths[2]}}  {note}"
        lines.append(line.rstrip())
        if i == 0:
            lines.append("-" * (sum(widths) + 6 + max(len(r[3]) for r in rows)))
    return "\n".join(lines)


def _results(
    figures: list[Figure], failed: dict[str, str], quick: bool, elapsed: float
) -> dict[str, Any]:
    from cyclades_widgets import __version__

    out: dict[str, Any] = {
        "version": __version__,
        "commit": _git_commit(),
        "date": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
        "python": platform.python_version(),
        "machine": f"{platform.machine()}, {_cpus()} CPUs",
        "quick": quick,
        "seconds": round(elapsed, 1),
        "failed": failed,
    }
    for f in figures:
        out[f.key] = f.value
        if f.extra:
            out[f"{f.key}_detail"] = f.extra
    return out


def misses(figures: list[Figure]) -> list[str]:
    """The ratios that miss their goal by more than a factor of 2 (what ``--check`` fails on)."""
    out = []
    for figure in figures:
        goal = goal_of(figure)
        if goal is None or not goal.ratio:
            continue
        value = goal.value(figure)
        if value is not None and not goal.met(value, factor=2.0):
            out.append(f"{figure.key} = {value:g}, goal {goal.text(figure.unit)}")
    return out


def _status(figures: list[Figure], failed: dict[str, str], check: bool) -> int:
    status = 1 if failed else 0
    if check:
        for miss in misses(figures):
            print(f"check: {miss}, missed by more than a factor of 2", file=sys.stderr)
            status = 1
    return status


def _git_commit() -> str | None:
    try:
        out = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=HERE, capture_output=True, text=True
        )
    except OSError:
        return None
    return out.stdout.strip() or None


def _cpus() -> int:
    import os

    return os.cpu_count() or 1


if __name__ == "__main__":
    raise SystemExit(main())
