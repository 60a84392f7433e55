"""Per-field codecs: how one field of the state is copied, written to JSON and read back.

:class:`~.state.GameState` declares its fields once, each with a :class:`Codec` in the
field's metadata; ``copy``, ``to_dict`` and ``from_dict`` are derived from that list. The
codecs compose: ``list_of(row(Player))`` is a list of players, each stored as the list of
its fields.

Copies are on the hot path (every step keeps an undo snapshot; bots copy states to look
ahead), so :func:`compile_copy` turns the field list into one straight-line function, the
way :mod:`dataclasses` writes ``__init__``.

>>> from typing import NamedTuple
>>> class Bid(NamedTuple):
...     player: int
...     amount: int
>>> bids = dict_of(record(Bid))
>>> bids.dump({"ares": Bid(0, 3)}), bids.load({"ares": [0, 3]})
({'ares': [0, 3]}, {'ares': Bid(player=0, amount=3)})
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import MISSING, dataclass, field, fields
from operator import attrgetter
from typing import Any, TypeVar

T = TypeVar("T")

__all__ = [
    "DICT",
    "LIST",
    "TUPLE",
    "VALUE",
    "Codec",
    "codec_of",
    "compile_copy",
    "declare",
    "dict_of",
    "list_of",
    "optional",
    "record",
    "row",
    "row_values",
]


@dataclass(frozen=True, slots=True)
class Codec:
    """How a field's value is copied, dumped to JSON-safe data and loaded back.

    ``copy=None`` means the value is immutable and is shared by the copies (the fast case).
    """

    dump: Callable[[Any], Any]
    load: Callable[[Any], Any]
    copy: Callable[[Any], Any] | None = None


def _same(value: Any) -> Any:
    return value


VALUE = Codec(_same, _same)
"""An immutable JSON value (a number, a string, True/False, None)."""
LIST = Codec(list, list, list)
"""A list of immutable JSON values."""
DICT = Codec(dict, dict, dict)
"""A dict of string keys to immutable JSON values."""
TUPLE = Codec(list, tuple)
"""A tuple of JSON values, stored as a list."""


def declare(codec: Codec = VALUE, default: Any = MISSING, *, factory: Any = MISSING) -> Any:
    """A dataclass field carrying its codec: ``cycle: int = declare(VALUE, 0)``."""
    return field(default=default, default_factory=factory, metadata={"codec": codec})


def codec_of(f: Any) -> Codec:
    """The codec declared for a dataclass field (:data:`VALUE` when none is)."""
    found: Codec = f.metadata.get("codec", VALUE)
    return found


def row_values(cls: type) -> Callable[[Any], tuple[Any, ...]]:
    """A fast getter of all the dataclass fields of ``cls``, in declaration order."""
    names = [f.name for f in fields(cls)]
    if len(names) == 1:
        return lambda obj: (getattr(obj, names[0]),)
    return attrgetter(*names)


def row(cls: Any) -> Codec:
    """A small dataclass with a ``copy()`` method, stored as the list of its fields in
    declaration order (lists in it are copied): a player is
    ``[gold, priests, philosophers, eliminated]``."""
    values = row_values(cls)

    def dump(obj: Any) -> list[Any]:
        return [list(v) if isinstance(v, list) else v for v in values(obj)]

    def load(data: Any) -> Any:
        return cls(*(list(v) if isinstance(v, list) else v for v in data))

    return Codec(dump, load, compile_copy(cls))


def record(cls: Callable[..., Any]) -> Codec:
    """An immutable ``NamedTuple``, stored as the list of its fields."""
    return Codec(list, lambda data: cls(*data))


def optional(inner: Codec) -> Codec:
    """``inner``, or None."""
    copy = inner.copy
    return Codec(
        lambda v: None if v is None else inner.dump(v),
        lambda d: None if d is None else inner.load(d),
        None if copy is None else (lambda v: None if v is None else copy(v)),
    )


def list_of(inner: Codec) -> Codec:
    """A list whose items use ``inner``."""
    copy = inner.copy
    return Codec(
        lambda vs: [inner.dump(v) for v in vs],
        lambda ds: [inner.load(d) for d in ds],
        list if copy is None else (lambda vs: [copy(v) for v in vs]),
    )


def dict_of(inner: Codec, key: Callable[[str], Any] = str) -> Codec:
    """A dict whose values use ``inner``; JSON keys are strings, read back with ``key``."""
    copy = inner.copy
    return Codec(
        lambda d: {str(k): inner.dump(v) for k, v in d.items()},
        lambda d: {key(k): inner.load(v) for k, v in d.items()},
        dict if copy is None else (lambda d: {k: copy(v) for k, v in d.items()}),
    )


def compile_copy(cls: type[T]) -> Callable[[T], T]:
    """A function copying instances of the dataclass ``cls`` field by field, each with its
    codec: shared when immutable, ``list(...)``/``dict(...)`` for lists and dicts of
    immutable values, the codec's own copy otherwise.

    >>> from dataclasses import dataclass
    >>> @dataclass
    ... class Box:
    ...     label: str
    ...     items: list[int] = declare(LIST, factory=list)
    >>> box = Box("a", [1]); twin = compile_copy(Box)(box)
    >>> twin == box, twin.items is box.items
    (True, False)
    """
    env: dict[str, Any] = {"cls": cls, "new": object.__new__}
    parts = []
    for i, f in enumerate(fields(cls)):  # type: ignore[arg-type]
        copy = codec_of(f).copy
        if copy is None:
            expr = f"s.{f.name}"
        elif copy is list or copy is dict:
            expr = f"{copy.__name__}(s.{f.name})"
        else:
            env[f"copy_{i}"] = copy
            expr = f"copy_{i}(s.{f.name})"
        parts.append((f, expr))
    params = getattr(cls, "__dataclass_params__", None)
    if params is None or params.frozen or hasattr(cls, "__post_init__"):
        args = ", ".join(f"{f.name}={expr}" if f.kw_only else expr for f, expr in parts)
        source = f"def copy(s):\n    return cls({args})\n"
    else:  # each field set on a bare instance: no __init__ call (a copy needs no defaults)
        lines = "".join(f"    c.{f.name} = {expr}\n" for f, expr in parts)
        source = f"def copy(s):\n    c = new(cls)\n{lines}    return c\n"
    exec(source, env)  # noqa: S102  (our own field names; as dataclasses writes __init__)
    function: Callable[[T], T] = env["copy"]
    return function
