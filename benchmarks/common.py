"""Helpers shared by the benchmark sections: timing, the results table, and seeded bot games.

A section is a function ``run(quick: bool) -> list[Figure]``; :mod:`run` prints every
figure in one table and writes them to ``benchmarks/results.json``.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


@dataclass
class Figure:
    """One measured number (or a per-player-count dict of numbers) with its unit."""

    key: str
    """The key in results.json, e.g. ``"odds_8v8_ms"``."""
    value: Any
    """A number, or ``{"2": x, "3": y, ...}``."""
    unit: str
    what: str
    """A few words for the table."""
    note: str = ""
    extra: dict[str, Any] = field(default_factory=dict)
    """More detail kept in results.json only."""


def timed(fn: Callable[[], Any]) -> tuple[float, Any]:
    """(seconds, result) of one call."""
    t0 = time.perf_counter()
    result = fn()
    return time.perf_counter() - t0, result


def median_ms(samples: list[float]) -> float:
    """The median of samples given in seconds, in milliseconds."""
    return statistics.median(samples) * 1000


def per_players(values: dict[int, float], digits: int = 2) -> dict[str, float]:
    """``{2: x}`` → ``{"2": round(x)}`` (JSON keys are strings)."""
    return {str(k): round(v, digits) for k, v in sorted(values.items())}


def format_value(value: Any, unit: str) -> str:
    """A figure's value for the table: numbers rounded, dicts as ``2p 1.2 · 3p 1.3 …``."""
    if isinstance(value, dict):
        label = "{}p" if all(str(k).isdigit() for k in value) else "{}"
        return " · ".join(f"{label.format(k)} {_num(v)}" for k, v in value.items()) + f" {unit}"
    if value is None:
        return "n/a"
    return f"{_num(value)} {unit}"


def _num(value: Any) -> str:
    if isinstance(value, float):
        if value >= 100:
            return f"{value:,.0f}"
        return f"{value:.3g}" if value < 1 else f"{value:.2f}"
    if isinstance(value, int):
        return f"{value:,}"
    return str(value)
