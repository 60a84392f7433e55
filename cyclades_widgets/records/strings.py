"""The rules every string of a record follows, and the words of a record's errors.

A record's strings (names, notation, notes, tags, the ids and labels of a highlight) are
checked by one function, :func:`text_problem`: not empty, not too long, no lone surrogate,
no character that is not text (``U+FFFE``, ``U+FFFF``: XML, and so the SVG board, cannot
hold them), and no control character (a note may hold line breaks and tabs; a name, a tag
or an id none at all). The limits are documented in ``docs/records.md``.

>>> text_problem("Naxos", limit=SHORT_LENGTH, lines=False) is None
True
>>> text_problem("a\\x1bb", limit=SHORT_LENGTH, lines=False).render("en")
'a control character (U+001B) at position 1; names, tags and ids hold none, notes only line breaks and tabs'
>>> path_of(["steps", 3, "move"])
'$.steps[3].move'
"""

from __future__ import annotations

import re
from typing import Any, Final

from ..i18n import Message, message
from ..rules.errors import RecordError

__all__ = [
    "MAX_MARKS",
    "one_line",
    "NOTATION_LENGTH",
    "SHORT_LENGTH",
    "TEXT_LENGTH",
    "check_text",
    "is_int",
    "path_of",
    "text_problem",
    "type_name",
]

MAX_MARKS: Final = 100
"""At most this many highlighted isles, seas or arrows on one step."""
TEXT_LENGTH: Final = 20_000
"""Characters in a note, a description or a title (per language)."""
SHORT_LENGTH: Final = 40
"""Characters in a tag, a map id, or an isle or sea id."""
NOTATION_LENGTH: Final = 200
"""Characters in a move's notation."""

_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")
_CONTROL_IN_TEXT = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029]")
_SURROGATE = re.compile(r"[\ud800-\udfff]")
_NONCHARACTER = re.compile(r"[\ufffe\uffff]")
_LINE_BREAK = re.compile(r"[\t\n\r\x0b\x0c\x1c-\x1e\x85\u2028\u2029]")
_NOT_SHOWN = re.compile(r"[\x00-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")


def path_of(parts: list[str | int] | tuple[str | int, ...]) -> str:
    """A JSON path from keys and indexes: ``["steps", 3, "move"]`` → ``$.steps[3].move``."""
    out = "$"
    for part in parts:
        out += f"[{part}]" if isinstance(part, int) else f".{part}"
    return out


def is_int(value: object) -> bool:
    """True for a JSON whole number: an ``int``, never ``True``/``False`` nor ``2.0``."""
    return type(value) is int


def type_name(value: Any) -> Message:
    """The JSON type of ``value`` in words ("a whole number", "a list"...)."""
    if value is None:
        kind = "null"
    elif isinstance(value, bool):
        kind = "boolean"
    elif isinstance(value, int):
        kind = "integer"
    elif isinstance(value, float):
        kind = "number"
    elif isinstance(value, str):
        kind = "string"
    else:
        kind = "array" if isinstance(value, list | tuple) else "object"
    return Message(f"record.type.{kind}")


def text_problem(value: Any, *, limit: int = TEXT_LENGTH, lines: bool = True) -> Message | None:
    """What is wrong with one string of a record, or None: it must be a non-empty string of
    at most ``limit`` characters, with no lone surrogate, no ``U+FFFE``/``U+FFFF`` and no
    control character (``lines``: line breaks and tabs are allowed, as in a note;
    otherwise none, as in a name, a tag or an id)."""
    if not isinstance(value, str):
        return message(
            "record.wrong_type", expected=Message("record.type.string"), got=type_name(value)
        )
    if not value:
        return message("record.empty_string")
    if len(value) > limit:
        return message("record.too_long", count=limit, got=len(value))
    if _SURROGATE.search(value):
        return message("record.lone_surrogate")
    for pattern, key in ((_NONCHARACTER, "noncharacter"),
                         (_CONTROL_IN_TEXT if lines else _CONTROL, "control_char")):  # fmt: skip
        bad = pattern.search(value)
        if bad:
            code = f"U+{ord(bad.group()):04X}"
            return message("record." + key, code, code=code, at=bad.start())
    return None


def one_line(text: str) -> str:
    r"""``text`` as one line any painter can show: line breaks and tabs become spaces, and
    every other control character, lone surrogate or character that is not text (XML
    cannot hold them) becomes U+FFFD (�).

    >>> one_line("two\nlines\x00\ufffe")
    'two lines\ufffd\ufffd'
    """
    return _NOT_SHOWN.sub("\ufffd", _LINE_BREAK.sub(" ", text))


def check_text(
    value: Any, parts: list[str | int], *, limit: int = TEXT_LENGTH, lines: bool = True
) -> str:
    """Check one string of a record (:func:`text_problem`); returns it, or raises
    :class:`RecordError` at the JSON path ``parts``."""
    problem = text_problem(value, limit=limit, lines=lines)
    if problem is not None:
        raise RecordError(problem, path_of(parts))
    return str(value)
