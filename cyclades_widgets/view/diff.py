"""Small JSON patches between two view models, so a step sends what changed.

A patch turns one JSON value (a dict or a list) into another. It is a dict with:

- ``"s"``: key (or list index, as text) → new value;
- ``"u"``: key (or index) → a patch of the value there;
- ``"d"``: keys to delete (dicts only);
- ``"n"``: the new length (lists only; set before ``"s"`` and ``"u"`` apply).

The JS board applies patches with the same rules (``js/src/patch.js``); the HTML page
stores its frames as patches of the one before. :func:`apply` here is the reference the
tests compare it with.

>>> a = {"step": 1, "pieces": {"troops:naxos": {"n": 2, "label": "2 troops · Naxos"}}}
>>> b = {"step": 2, "pieces": {"troops:naxos": {"n": 2, "label": "2 troops · Naxos"},
...                            "fleet:g5": {"n": 1}}}
>>> p = diff(a, b)
>>> p
{'s': {'step': 2}, 'u': {'pieces': {'s': {'fleet:g5': {'n': 1}}}}}
>>> apply(a, p) == b
True
>>> diff(b, b)
{}
"""

from __future__ import annotations

import copy
from typing import Any

__all__ = ["apply", "diff"]

Patch = dict[str, Any]


def _is_container(value: Any) -> bool:
    return isinstance(value, dict | list)


def _child(old: Any, new: Any) -> tuple[str, Any] | None:
    """("s", value) to replace, ("u", patch) to update, or None when equal."""
    if old == new and type(old) is type(new):
        return None
    if type(old) is type(new) and _is_container(new) and len(new) > 0:
        patch = diff(old, new)
        if len(repr(patch)) < len(repr(new)):
            return "u", patch
    return "s", copy.deepcopy(new)


def diff(old: Any, new: Any) -> Patch:
    """The patch that turns ``old`` into ``new`` (two dicts or two lists)."""
    out: Patch = {}
    if isinstance(old, dict) and isinstance(new, dict):
        gone = [k for k in old if k not in new]
        if gone:
            out["d"] = gone
        pairs = [(k, old.get(k, _MISSING), v) for k, v in new.items()]
    elif isinstance(old, list) and isinstance(new, list):
        if len(old) != len(new):
            out["n"] = len(new)
        pairs = [(str(i), old[i] if i < len(old) else _MISSING, v) for i, v in enumerate(new)]
    else:
        raise TypeError("diff needs two dicts or two lists")
    for key, before, after in pairs:
        change = ("s", copy.deepcopy(after)) if before is _MISSING else _child(before, after)
        if change is not None:
            out.setdefault(change[0], {})[key] = change[1]
    return out


def apply(value: Any, patch: Patch) -> Any:
    """A copy of ``value`` with ``patch`` applied."""
    out = copy.deepcopy(value)
    _apply_in_place(out, patch)
    return out


def _apply_in_place(value: Any, patch: Patch) -> None:
    if isinstance(value, list):
        if "n" in patch:
            del value[patch["n"] :]
            value.extend([None] * (patch["n"] - len(value)))
        for key, new in patch.get("s", {}).items():
            value[int(key)] = copy.deepcopy(new)
        for key, sub in patch.get("u", {}).items():
            _apply_in_place(value[int(key)], sub)
        return
    for key in patch.get("d", ()):
        value.pop(key, None)
    for key, new in patch.get("s", {}).items():
        value[key] = copy.deepcopy(new)
    for key, sub in patch.get("u", {}).items():
        _apply_in_place(value[key], sub)


class _Missing:
    def __repr__(self) -> str:
        return "<missing>"


_MISSING: Any = _Missing()
