"""Events: the small structured facts each step produces.

Narration, the log, the widget's animations and the tables are all built from events.
``data`` holds JSON-safe values; players appear by name, isles and seas by id.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(slots=True)
class Event:
    """One fact, e.g. ``Event("pay_offering", {"player": "Athens", "bid": 3, "paid": 2})``."""

    kind: str
    data: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe form: ``{"kind": ..., **data}``."""
        return {"kind": self.kind, **self.data}

    def __str__(self) -> str:
        inner = ", ".join(f"{k}={v}" for k, v in self.data.items())
        return f"{self.kind}({inner})"


def ev(kind: str, /, **data: Any) -> Event:
    """Shorthand constructor: ``ev("revenue", player="Athens", gold=2)``.

    ``kind`` is positional-only, so the data may itself hold a ``kind`` key
    (e.g. a battle's ``kind="land"``).
    """
    return Event(kind, data)
