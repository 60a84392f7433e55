"""Run the benchmarks, print one table, and write ``benchmarks/results.json``.

    python benchmarks/run.py            # the full run (a few minutes)
    python benchmarks/run.py --quick    # a short run, under a minute
    python benchmarks/run.py --only engine,odds --no-browser --profile

Sections: engine (random playouts against python-chess), profile (where the hot path's
time goes), odds (exact battle odds), records (seek and replay), widget (payload per
step), browser (redraw times in real JupyterLab), bots (GreedyBot against RandomBots),
dask (what-if throughput on a Dask LocalCluster of 1 and 2 workers).
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
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from common import Figure, format_value  # noqa: E402

SECTIONS = ("engine", "profile", "odds", "records", "widget", "browser", "bots", "dask")
"""Section names, in the order they run; each is the module ``bench_<name>``."""

ENGINE_TARGET = 0.25
"""Issue 8: the engine's random playout must reach at least 0.25× python-chess's."""


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
    return _status(figures, failed)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a short run, under a minute")
    parser.add_argument("--only", default="", help=f"comma-separated sections of {SECTIONS}")
    parser.add_argument("--no-browser", action="store_true", help="skip the JupyterLab section")
    parser.add_argument(
        "--profile", action="store_true", help="also print cProfile's top functions"
    )
    parser.add_argument("--output", type=Path, default=HERE / "results.json", help="results file")
    return parser


def _chosen(args: argparse.Namespace) -> list[str]:
    chosen = [s.strip() for s in args.only.split(",") if s.strip()] or list(SECTIONS)
    unknown = sorted(set(chosen) - set(SECTIONS))
    if unknown:
        raise SystemExit(f"unknown section(s) {unknown}; known: {', '.join(SECTIONS)}")
    if args.no_browser:
        chosen = [s for s in chosen if s != "browser"]
    return [s for s in SECTIONS if s in chosen]


def table(figures: list[Figure], failed: dict[str, str]) -> str:
    """All figures as one plain-text table."""
    rows = [("figure", "value", "note")]
    rows += [(f.what, format_value(f.value, f.unit), f.note) for f in figures]
    rows += [(f"{name} (failed)", "—", why[:70]) for name, why in failed.items()]
    widths = [max(len(r[i]) for r in rows) for i in range(2)]
    lines = []
    for i, (what, value, note) in enumerate(rows):
        lines.append(f"{what:<{widths[0]}}  {value:<{widths[1]}}  {note}".rstrip())
        if i == 0:
            lines.append("-" * (widths[0] + widths[1] + 4 + max(len(r[2]) for r in rows)))
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


def _status(figures: list[Figure], failed: dict[str, str]) -> int:
    engine = next((f for f in figures if f.key == "engine_ratio_vs_python_chess"), None)
    if engine is not None and min(engine.value.values()) < ENGINE_TARGET:
        print(f"engine ratio below the {ENGINE_TARGET}× target", file=sys.stderr)
        return 1
    return 1 if failed else 0


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
