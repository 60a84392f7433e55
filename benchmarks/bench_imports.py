"""Import time: ``import cyclades_widgets`` in a fresh process, and the first game.

Each figure is the median over fresh interpreters (``python -c``), timed inside the child
with ``perf_counter`` around the statement, so the interpreter's own start-up is left out.
``import_ms`` is the package import alone (every name is imported on first use);
``first_game_ms`` adds ``cw.Game.new()``, which imports the rules. python-chess's import
is measured in the same run for scale.
"""

from __future__ import annotations

import statistics
import subprocess
import sys

from common import Figure


def fresh_ms(statement: str, runs: int) -> float:
    """Median milliseconds of ``statement`` in ``runs`` fresh interpreters."""
    code = f"import time\nt = time.perf_counter()\n{statement}\nprint(time.perf_counter() - t)"
    times = []
    for _ in range(runs):
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
        if out.returncode != 0:
            raise RuntimeError(f"{statement!r} failed:\n{out.stderr}")
        times.append(float(out.stdout.strip().splitlines()[-1]))
    return statistics.median(times) * 1000


def run(quick: bool) -> list[Figure]:
    """The import figures."""
    runs = 5 if quick else 15
    package = fresh_ms("import cyclades_widgets", runs)
    first = fresh_ms("import cyclades_widgets as cw\ncw.Game.new()", runs)
    chess = fresh_ms("import chess", runs)
    return [
        Figure(
            "import_ms",
            round(package, 1),
            "ms",
            "import cyclades_widgets",
            f"median of {runs} fresh processes",
        ),
        Figure(
            "first_game_ms",
            round(first, 1),
            "ms",
            "import + first Game.new()",
            f"import chess: {chess:.0f} ms",
            extra={"import_chess_ms": round(chess, 1)},
        ),
    ]
