"""The strict reading of a record's shape: a hand-written validator of the JSON Schema
(``data/schema/record.schema.json``), with the limits checked as it walks.

It replaces the ``jsonschema`` package at load time: importing that package costs more than
a second, and it lets through what a record must refuse (``2.0`` as an integer, a name
ending in a newline, ``2024-02-30``). One pass over the parsed JSON, linear in its size,
stops at the first problem with a :class:`~cyclades_widgets.rules.errors.RecordError`
naming its JSON path. The limits (:data:`LIMITS`) are counted during the same pass, so a
record beyond them is refused before any move is replayed.

The same text rules hold everywhere a record's text comes from (loading, ``annotate``,
``add_variation``, the constructor when saving): :func:`.strings.check_text`. A step's
highlights and arrows are read by :meth:`.highlight.Highlight.from_dict`, the one reading
of a highlight.

>>> validate({"format": "cyclades-record/2"})
Traceback (most recent call last):
...
cyclades_widgets.rules.errors.RecordError: $: missing required key 'edition'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from datetime import datetime
from typing import Any, Final

from ..i18n import Message, message
from ..rules.errors import CycladesError, RecordError
from .highlight import Highlight, HighlightError
from .strings import (
    MAX_MARKS,
    NOTATION_LENGTH,
    SHORT_LENGTH,
    TEXT_LENGTH,
    check_text,
    is_int,
    path_of,
    type_name,
)

__all__ = [
    "FORMATS",
    "LIMITS",
    "MAX_BYTES",
    "MAX_DEPTH",
    "MAX_MARKS",
    "MAX_MOVES",
    "MAX_VARIATIONS",
    "NOTATION_LENGTH",
    "SHORT_LENGTH",
    "TEXT_LENGTH",
    "LocalText",
    "check_local",
    "check_text",
    "guard",
    "is_int",
    "local_text",
    "path_of",
    "read_highlight",
    "validate",
]

FORMATS: Final = ("cyclades-record/1", "cyclades-record/2")
"""The formats read: version 2 (per-language notes, checksum) and version 1."""
MAX_BYTES: Final = 2_000_000
"""A record file holds at most this many bytes (checked before parsing)."""
MAX_MOVES: Final = 4_000
"""At most this many moves in all lines together (each is replayed once)."""
MAX_VARIATIONS: Final = 200
"""At most this many variations, nested ones included."""
MAX_DEPTH: Final = 16
"""Variations nest at most this deep."""
SEED_BOUND: Final = 2**63
"""A seed is a whole number with ``-2**63 <= seed < 2**63``."""
LIMITS: Final = {
    "bytes": MAX_BYTES,
    "moves": MAX_MOVES,
    "variations": MAX_VARIATIONS,
    "depth": MAX_DEPTH,
    "marks": MAX_MARKS,
    "text": TEXT_LENGTH,
}
"""The documented limits (``docs/records.md``)."""

_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_\-]{0,23}")
_LANG = re.compile(r"[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})?")
_DATE = re.compile(
    r"(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?"
    r"(?:Z|[+-]\d{2}:\d{2})?)?"
)
_CHECKSUM = re.compile(r"sha256:[0-9a-f]{64}")

HEADER_KEYS: Final = frozenset(
    {"format", "edition", "title", "date", "description", "players", "map", "seed", "options",
     "start", "checksum", "steps", "variations"}
)  # fmt: skip
REQUIRED: Final = ("format", "edition", "players", "map", "seed", "options", "steps")
STEP_KEYS: Final = frozenset({"move", "before", "after", "tag", "highlights", "arrows"})
VARIATION_KEYS: Final = frozenset({"at", "comment", "steps", "variations"})


def _fail(message: Message, parts: list[str | int]) -> RecordError:
    return RecordError(message, path_of(parts))


def _wrong_type(expected: str, value: Any, parts: list[str | int]) -> RecordError:
    return _fail(
        message(
            "record.wrong_type", expected=Message(f"record.type.{expected}"), got=type_name(value)
        ),
        parts,
    )


def read_highlight(value: Mapping[str, Any], parts: list[str | int]) -> Highlight:
    """The highlight of a step (its ``highlights`` and ``arrows`` keys, as the file writes
    them); a problem is a :class:`RecordError` at its JSON path under ``parts``."""
    keys = {key: value[key] for key in ("highlights", "arrows") if key in value}
    try:
        return Highlight.from_dict(keys)
    except HighlightError as exc:
        raise RecordError(exc.msg, path_of([*parts, *exc.parts])) from None


def check_local(
    value: Any, parts: list[str | int], *, limit: int = TEXT_LENGTH, lines: bool = True
) -> None:
    """A text of the record: a string (the same in every language) or, from version 2,
    an object of language codes to strings, ``{"en": ..., "zh": ..., "fr": ...}``."""
    if isinstance(value, dict):
        if not value:
            raise _fail(message("record.min_items", count=1, got=0), parts)
        if len(value) > 16:
            raise _fail(message("record.max_items", count=16, got=len(value)), parts)
        for lang, text in value.items():
            if not _LANG.fullmatch(lang):
                raise _fail(message("record.bad_lang", repr(lang), lang=repr(lang)), [*parts, lang])
            check_text(text, [*parts, lang], limit=limit, lines=lines)
        return
    check_text(value, parts, limit=limit, lines=lines)


def _int(value: Any, parts: list[str | int], least: int, most: int) -> int:
    if not is_int(value):
        raise _wrong_type("integer", value, parts)
    if value < least:
        raise _fail(message("record.too_small", least=least, got=value), parts)
    if value > most:
        raise _fail(message("record.too_big", most=most, got=value), parts)
    return int(value)


def _obj(value: Any, parts: list[str | int], allowed: frozenset[str]) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise _wrong_type("object", value, parts)
    for key in value:
        if key not in allowed:
            quoted = repr(key)
            raise _fail(message("record.unknown_key", quoted, *sorted(allowed), key=quoted, allowed=sorted(allowed)), parts)  # fmt: skip
    return value


def _list(value: Any, parts: list[str | int], most: int) -> list[Any]:
    if not isinstance(value, list):
        raise _wrong_type("array", value, parts)
    if len(value) > most:
        raise _fail(message("record.max_items", count=most, got=len(value)), parts)
    return value


def _date(value: Any, parts: list[str | int]) -> None:
    check_text(value, parts, limit=40, lines=False)
    quoted = repr(value)
    match = _DATE.fullmatch(value)
    if not match:
        raise _fail(message("record.pattern.date", quoted, value=quoted), parts)
    try:
        datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        raise _fail(message("record.bad_date", quoted, value=quoted), parts) from None


class _Walk:
    """One pass over a record's steps and variations, counting toward the limits."""

    def __init__(self, local: bool) -> None:
        self.local = local
        self.moves = 0
        self.count = 0

    def note(self, value: Any, parts: list[str | int], limit: int, lines: bool) -> None:
        if self.local:
            check_local(value, parts, limit=limit, lines=lines)
        else:
            check_text(value, parts, limit=limit, lines=lines)

    def steps(self, value: Any, parts: list[str | int], least: int) -> int:
        steps = _list(value, parts, MAX_MOVES)
        if len(steps) < least:
            raise _fail(message("record.min_items", count=least, got=len(steps)), parts)
        self.moves += len(steps)
        if self.moves > MAX_MOVES:
            raise _fail(message("record.too_many_moves", most=MAX_MOVES), parts)
        for i, step in enumerate(steps):
            self.step(step, [*parts, i])
        return len(steps)

    def step(self, value: Any, parts: list[str | int]) -> None:
        if isinstance(value, str):
            check_text(value, parts, limit=NOTATION_LENGTH, lines=False)
            return
        if not isinstance(value, dict):
            raise _fail(message("record.not_a_step", got=type_name(value)), parts)
        if "move" not in value:
            raise _fail(message("record.missing_key", "'move'", key="'move'"), parts)
        _obj(value, parts, STEP_KEYS)
        check_text(value["move"], [*parts, "move"], limit=NOTATION_LENGTH, lines=False)
        for key in ("before", "after"):
            if key in value:
                self.note(value[key], [*parts, key], TEXT_LENGTH, True)
        if "tag" in value:
            self.note(value["tag"], [*parts, "tag"], SHORT_LENGTH, False)
        if "highlights" in value or "arrows" in value:
            read_highlight(value, parts)

    def variations(self, value: Any, parts: list[str | int], depth: int, length: int) -> None:
        variations = _list(value, parts, MAX_VARIATIONS)
        if depth > MAX_DEPTH:
            raise _fail(message("record.variations_too_deep_at", most=MAX_DEPTH), parts)
        self.count += len(variations)
        if self.count > MAX_VARIATIONS:
            raise _fail(message("record.too_many_variations", most=MAX_VARIATIONS), parts)
        for j, var in enumerate(variations):
            here = [*parts, j]
            if not isinstance(var, dict):
                raise _wrong_type("object", var, here)
            for key in ("at", "steps"):
                if key not in var:
                    raise _fail(message("record.missing_key", repr(key), key=repr(key)), here)
            _obj(var, here, VARIATION_KEYS)
            at = _int(var["at"], [*here, "at"], 0, MAX_MOVES)
            if at > length:
                problem = message("record.branch_out_of_line", at=at, steps=length)
                raise _fail(problem, [*here, "at"])
            if "comment" in var:
                self.note(var["comment"], [*here, "comment"], TEXT_LENGTH, True)
            own = self.steps(var["steps"], [*here, "steps"], 1)
            if "variations" in var:
                self.variations(var["variations"], [*here, "variations"], depth + 1, own)


def _header(data: dict[str, Any]) -> bool:
    """Check the header's keys, format and edition; True for a file of the newer format
    (texts in several languages, a checksum)."""
    root: list[str | int] = []
    for key in data:
        if key not in HEADER_KEYS:
            quoted = repr(key)
            raise _fail(message("record.unknown_key", quoted, *sorted(HEADER_KEYS), key=quoted, allowed=sorted(HEADER_KEYS)), root)  # fmt: skip
    for key in REQUIRED:
        if key not in data:
            raise _fail(message("record.missing_key", repr(key), key=repr(key)), root)
    fmt = data["format"]
    if fmt not in FORMATS:
        expected, got = repr(FORMATS[-1]), repr(fmt)
        raise _fail(
            message("record.wrong_value", expected, got, expected=expected, got=got), ["format"]
        )
    local: bool = fmt != FORMATS[0]
    if data["edition"] != "matagot-2009":
        got = repr(data["edition"])
        raise _fail(message("record.wrong_value", "'matagot-2009'", got, expected="'matagot-2009'", got=got), ["edition"])  # fmt: skip
    return local


def validate(data: Any) -> None:
    """Check the shape of a parsed record (the JSON Schema, and more: whole numbers are
    never ``2.0``, names match in full, dates exist, no control characters, the limits).
    Raises :class:`RecordError` at the first problem, with its JSON path."""
    if not isinstance(data, dict):
        raise RecordError(message("record.not_object", got=type_name(data)))
    root: list[str | int] = []
    local = _header(data)
    walk = _Walk(local)
    for key in ("title", "description"):
        if key in data:
            walk.note(data[key], [key], TEXT_LENGTH, key == "description")
    if "date" in data:
        _date(data["date"], ["date"])
    players = _list(data["players"], ["players"], 5)
    if len(players) < 2:
        raise _fail(message("record.min_items", count=2, got=len(players)), ["players"])
    for i, name in enumerate(players):
        check_text(name, ["players", i], limit=24, lines=False)
        if not _NAME.fullmatch(name):
            raise _fail(
                message("record.pattern.name", repr(name), value=repr(name)), ["players", i]
            )
    check_text(data["map"], ["map"], limit=SHORT_LENGTH, lines=False)
    _int(data["seed"], ["seed"], -SEED_BOUND, SEED_BOUND - 1)
    options = data["options"]
    if not isinstance(options, dict):
        raise _wrong_type("object", options, ["options"])
    for key, value in options.items():
        if not isinstance(value, str | int):
            raise _wrong_type("string", value, ["options", key])
        if isinstance(value, str):
            check_text(value, ["options", key], limit=SHORT_LENGTH, lines=False)
    if "start" in data and not isinstance(data["start"], dict):
        raise _wrong_type("object", data["start"], ["start"])
    if "checksum" in data:
        if not local:
            raise _fail(message("record.unknown_key", "'checksum'", key="'checksum'", allowed=sorted(HEADER_KEYS - {"checksum"})), root)  # fmt: skip
        value = check_text(data["checksum"], ["checksum"], limit=80, lines=False)
        if not _CHECKSUM.fullmatch(value):
            raise _fail(
                message("record.pattern.form", repr(value), value=repr(value)), ["checksum"]
            )
    length = walk.steps(data["steps"], ["steps"], 0)
    if "variations" in data:
        walk.variations(data["variations"], ["variations"], 1, length)


def guard(fn: Callable[[], Any], parts: list[str | int]) -> Any:
    """Call ``fn()``; a ``ValueError`` (or a lookup or type error from malformed data)
    becomes a :class:`RecordError` at the JSON path ``parts``."""
    try:
        return fn()
    except RecordError:
        raise
    except CycladesError as exc:
        raise RecordError(exc.msg, path_of(parts)) from None
    except (ValueError, LookupError, TypeError, AttributeError) as exc:
        detail = str(exc).strip("'\"")
        raise RecordError(
            message("record.invalid", detail, detail=detail), path_of(parts)
        ) from None


class LocalText(dict[str, str]):
    """A text in several languages, ``{"en": ..., "zh": ..., "fr": ...}``: a dict (it is
    saved as one) that prints in the session's language (``cw.set_language``), so
    ``print(record.title)`` shows the learner's words."""

    def __str__(self) -> str:
        from ..i18n import resolve

        return local_text(self, resolve(None)) or ""

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(str(self))


def local_text(value: str | Mapping[str, str] | None, lang: str) -> str | None:
    """The text to show in ``lang``: a plain string as it is; from a per-language
    object the text in ``lang``, else English, else the first one given."""
    if value is None or isinstance(value, str):
        return value
    if lang in value:
        return value[lang]
    if "en" in value:
        return value["en"]
    return next(iter(value.values()), None)
