"""The parts of a record file and their strict reading: steps with annotations,
variations, JSON parsing, the shipped JSON Schema, and the checks of header values.

Every problem becomes a :class:`~cyclades_widgets.rules.errors.RecordError` whose
``path`` is a JSON path (``$.steps[12].move``) and whose message says what was expected.
Replaying (legal moves, seeking) lives in :mod:`cyclades_widgets.record`.

>>> parse_json('{"a": [1, 2]}')
{'a': [1, 2]}
>>> json_path(["steps", 12, "move"])
'$.steps[12].move'
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

from ..house_rules import OPTION_VALUES
from ..i18n import Message
from ..rules.actions import Action
from ..rules.board import MapSpec
from ..rules.errors import CycladesError, NotationError, RecordError
from ..rules.options import RuleOptions
from ..rules.state import GameState

__all__ = [
    "SCHEMA_FILE",
    "Arrow",
    "LinePath",
    "RecordStep",
    "Variation",
    "canonical_move",
    "check_targets",
    "count_variations",
    "guard",
    "json_path",
    "load_schema",
    "parse_json",
    "read_options",
    "read_start",
    "validate_shape",
    "var_parts",
]

LinePath = tuple[int, ...]
"""Which line of a record: ``()`` is the main line, ``(0,)`` its first variation,
``(0, 2)`` the third variation inside that one."""
SCHEMA_FILE = "record.schema.json"
"""The schema's file name under ``cyclades_widgets/data/schema/``."""

_TYPES = ("object", "array", "string", "integer", "number", "boolean", "null")
"""JSON Schema types; each has its words in the catalogs (``record.type.<type>``)."""


def _msg(key: str, /, *literal: object, **params: object) -> Message:
    """A record message; ``literal`` values (the file's own text, JSON keys, notation)
    are shown as they are, never read as ids to translate."""
    return Message(f"record.{key}", params, frozenset(v for v in literal if isinstance(v, str)))


def _quoted(value: object) -> str:
    """A value of the file as it is written in Python (``'atlantis'``, ``9``)."""
    return repr(value)


def json_path(parts: Iterable[str | int]) -> str:
    """A JSON path from keys and indexes: ``["steps", 3, "move"]`` → ``$.steps[3].move``."""
    out = "$"
    for part in parts:
        out += f"[{part}]" if isinstance(part, int) else f".{part}"
    return out


def _json_type(value: Any) -> Message:
    """The words for the JSON type of ``value`` ("a whole number")."""
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
        kind = "array" if isinstance(value, list) else "object"
    return Message(f"record.type.{kind}")


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise RecordError(_msg("duplicate_key", _quoted(key), key=_quoted(key)))
        out[key] = value
    return out


def _no_constant(name: str) -> Any:
    raise RecordError(_msg("not_finite", name, name=name))


def parse_json(text: str | bytes) -> Any:
    """Parse record text strictly: UTF-8, no duplicate keys, no NaN or Infinity.

    Raises :class:`RecordError` (path ``$``) with the line and column of a syntax error.
    """
    if isinstance(text, bytes | bytearray):
        try:
            text = bytes(text).decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise RecordError(_msg("not_utf8", byte=exc.start)) from None
    if not isinstance(text, str):
        kind = type(text).__name__
        raise RecordError(_msg("not_text", kind, type=kind))
    try:
        data = json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise RecordError(_msg("not_json", line=exc.lineno, column=exc.colno)) from None
    except RecursionError:
        raise RecordError(_msg("too_deep")) from None
    except ValueError as exc:  # e.g. an integer with too many digits
        if isinstance(exc, RecordError):
            raise
        raise RecordError(_msg("bad_json_value")) from None
    _check_encodable(data)
    return data


def _check_encodable(data: Any) -> None:
    """Reject lone surrogates (``"\\ud800"``): such a record could not be saved as UTF-8."""
    try:
        json.dumps(data, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        raise RecordError(_msg("lone_surrogate")) from None


@cache
def load_schema() -> dict[str, Any]:
    """The JSON Schema of ``cyclades-record/1``, shipped in the package."""
    path = resources.files("cyclades_widgets") / "data" / "schema" / SCHEMA_FILE
    schema: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return schema


@cache
def _validator() -> Any:
    from jsonschema import Draft202012Validator

    schema = load_schema()
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def validate_shape(data: Any) -> None:
    """Check ``data`` against the JSON Schema; raise :class:`RecordError` at the first
    problem (the most specific one), naming its JSON path and what was expected."""
    if not isinstance(data, dict):
        raise RecordError(_msg("not_object", got=_json_type(data)))
    from jsonschema.exceptions import best_match

    errors = list(_validator().iter_errors(data))
    if not errors:
        return
    error = _resolve(best_match(errors, key=_relevance))
    raise RecordError(_message(error), json_path(error.absolute_path))


def _relevance(error: Any) -> tuple[int, int]:
    # Deeper paths are more specific; prefer them, then jsonschema's own ordering.
    return (-len(error.absolute_path), 0)


def _resolve(error: Any) -> Any:
    """For a step that matches neither form (notation or annotated object), descend into
    the form its type suggests, so the message names the precise problem."""
    if error.validator not in ("oneOf", "anyOf"):
        return error
    instance = error.instance
    if not isinstance(instance, dict | str):
        return error
    from jsonschema.exceptions import best_match

    branch = 1 if isinstance(instance, dict) else 0
    inner = [e for e in error.context if e.schema_path and e.schema_path[0] == branch]
    return _resolve(best_match(inner, key=_relevance)) if inner else error


def _message(error: Any) -> Message:
    kind, value, instance = error.validator, error.validator_value, error.instance
    if kind in ("oneOf", "anyOf"):
        return _msg("not_a_step", got=_json_type(instance))
    if kind == "type":
        wanted = [value] if isinstance(value, str) else list(value)
        names = [Message(f"record.type.{w}") for w in wanted if w in _TYPES] or [_msg("schema")]
        expected = names[0] if len(names) == 1 else _msg("either", a=names[0], b=names[1])
        return _msg("wrong_type", expected=expected, got=_json_type(instance))
    if kind == "required":
        missing = [k for k in value if k not in instance]
        key = _quoted(missing[0] if missing else value[0])
        return _msg("missing_key", key, key=key)
    if kind == "additionalProperties":
        allowed = sorted(error.schema.get("properties", {}))
        extra = _quoted(sorted(set(instance) - set(allowed))[0])
        return _msg("unknown_key", extra, *allowed, key=extra, allowed=allowed)
    if kind == "const":
        return _msg("wrong_value", _quoted(value), _quoted(instance),
                    expected=_quoted(value), got=_quoted(instance))  # fmt: skip
    if kind == "pattern":
        what = "date" if list(error.absolute_path)[-1:] == ["date"] else "form"
        return _msg(f"pattern.{what}", _quoted(instance), value=_quoted(instance))
    if kind in ("minItems", "maxItems"):
        return _msg(f"{kind[:3]}_items", count=value, got=len(instance))
    if kind == "minLength":
        return _msg("empty_string")
    if kind == "maxLength":
        return _msg("too_long", count=value, got=len(instance))
    if kind == "minimum":
        return _msg("too_small", least=value, got=instance)
    return _msg("schema")


# --------------------------------------------------------------------------- steps


@dataclass(frozen=True, slots=True)
class Arrow:
    """An arrow drawn on the board, from one isle or sea to another."""

    source: str
    """Isle or sea id where the arrow starts (``"from"`` in the file)."""
    target: str
    """Isle or sea id where it points (``"to"`` in the file)."""


@dataclass(slots=True)
class RecordStep:
    """One move of a record, with its annotations.

    The move is a decision or a chance outcome in notation (``"bid ares 3"``,
    ``"roll 2 1"``). Treat ``move`` as read-only: build a new record to change moves.
    """

    move: str
    before: str | None = None
    """Comment shown before the move ("What would you bid here?")."""
    after: str | None = None
    """Comment shown after the move and the automatic steps that follow it."""
    tag: str | None = None
    """A short tag: "key move", "mistake", "rule point"..."""
    isles: list[str] = field(default_factory=list)
    """Isles to highlight on the board."""
    seas: list[str] = field(default_factory=list)
    """Seas to highlight on the board."""
    arrows: list[Arrow] = field(default_factory=list)
    """Arrows to draw on the board."""

    @property
    def is_annotated(self) -> bool:
        """True if the step carries any annotation (it is then written as an object)."""
        return bool(self.before or self.after or self.tag or self.isles or self.seas or self.arrows)

    def to_value(self) -> str | dict[str, Any]:
        """The JSON value: the bare notation, or an object when annotated."""
        if not self.is_annotated:
            return self.move
        out: dict[str, Any] = {"move": self.move}
        for key in ("before", "after", "tag"):
            if getattr(self, key):
                out[key] = getattr(self, key)
        if self.isles or self.seas:
            out["highlights"] = {
                k: list(v) for k, v in (("isles", self.isles), ("seas", self.seas)) if v
            }
        if self.arrows:
            out["arrows"] = [{"from": a.source, "to": a.target} for a in self.arrows]
        return out

    @classmethod
    def from_value(cls, value: str | Mapping[str, Any]) -> RecordStep:
        """Build a step from its JSON value (already checked against the schema)."""
        if isinstance(value, str):
            return cls(value)
        highlights = value.get("highlights", {})
        return cls(
            value["move"],
            value.get("before"),
            value.get("after"),
            value.get("tag"),
            list(highlights.get("isles", [])),
            list(highlights.get("seas", [])),
            [Arrow(a["from"], a["to"]) for a in value.get("arrows", [])],
        )


@dataclass(slots=True)
class Variation:
    """An alternative line: played from the position before step ``at`` of the line
    that holds it, instead of that step and the ones after it."""

    at: int
    """Index into the steps of the holding line (equal to its length: a continuation)."""
    steps: list[RecordStep]
    comment: str | None = None
    variations: list[Variation] = field(default_factory=list)

    def to_value(self) -> dict[str, Any]:
        """The JSON value of this variation."""
        out: dict[str, Any] = {"at": self.at}
        if self.comment:
            out["comment"] = self.comment
        out["steps"] = [s.to_value() for s in self.steps]
        if self.variations:
            out["variations"] = [v.to_value() for v in self.variations]
        return out

    @classmethod
    def from_value(cls, value: Mapping[str, Any]) -> Variation:
        """Build a variation from its JSON value (already checked against the schema)."""
        return cls(
            value["at"],
            [RecordStep.from_value(s) for s in value["steps"]],
            value.get("comment"),
            [cls.from_value(v) for v in value.get("variations", [])],
        )


# --------------------------------------------------------------------------- helpers


def var_parts(line: LinePath) -> list[str | int]:
    """JSON path parts of a variation: ``(0, 2)`` → ``["variations", 0, "variations", 2]``."""
    parts: list[str | int] = []
    for index in line:
        parts += ["variations", index]
    return parts


def count_variations(variations: list[Variation]) -> int:
    """The number of variations, nested ones included."""
    return sum(1 + count_variations(v.variations) for v in variations)


def guard(fn: Any, parts: list[str | int]) -> Any:
    """Call ``fn()``; a ``ValueError`` (or a lookup or type error from malformed data)
    becomes a :class:`RecordError` at the JSON path ``parts``."""
    try:
        return fn()
    except RecordError:
        raise
    except CycladesError as exc:
        raise RecordError(exc.msg, json_path(parts)) from None
    except (ValueError, LookupError, TypeError, AttributeError) as exc:
        detail = str(exc).strip("'\"")
        raise RecordError(_msg("invalid", detail, detail=detail), json_path(parts)) from None


def read_options(raw: Mapping[str, Any]) -> RuleOptions:
    """The rule options of a header; an unknown name or value is a :class:`RecordError`
    at ``$.options.<name>``. Missing names take their default (seed) reading."""
    for key in sorted(raw):
        known = sorted(OPTION_VALUES)
        if key not in OPTION_VALUES:
            message = _msg("unknown_option", _quoted(key), *known, option=_quoted(key), known=known)
            raise RecordError(message, json_path(["options", key]))
        readings = OPTION_VALUES[key]
        if raw[key] not in readings:
            value = _quoted(raw[key])
            message = _msg("bad_option", value, key, *readings, value=value, option=key,
                           readings=list(readings))  # fmt: skip
            raise RecordError(message, json_path(["options", key]))
    options: RuleOptions = guard(lambda: RuleOptions.from_dict(dict(raw)), ["options"])
    return options


def read_start(
    raw: Mapping[str, Any], players: tuple[str, ...], options: RuleOptions, map_id: str
) -> GameState:
    """The starting position of a staged game, consistent with the header."""
    state: GameState = guard(lambda: GameState.from_dict(dict(raw)), ["start"])
    if state.names != players or state.map_id != map_id or state.options != options:
        raise RecordError(_msg("start_mismatch"), "$.start")
    return state


def canonical_move(move: str, path: list[str | int] | str) -> str:
    """A move in canonical notation; text that does not parse is a :class:`RecordError`."""
    where = path if isinstance(path, str) else json_path(path)
    try:
        return str(Action.parse(move))
    except NotationError as exc:
        raise RecordError(_msg("notation", reason=exc.msg), where) from None


def check_targets(step: RecordStep, where: list[str | int], spec: MapSpec) -> None:
    """Highlights and arrows must name isles or seas of the map."""
    for i, isle in enumerate(step.isles):
        if not spec.is_isle(isle):
            message = _msg("no_isle", _quoted(isle), *spec.isles, isle=_quoted(isle),
                           isles=list(spec.isles))  # fmt: skip
            raise RecordError(message, json_path([*where, "highlights", "isles", i]))
    for i, sea in enumerate(step.seas):
        if not spec.is_sea(sea):
            message = _msg("no_sea", _quoted(sea), sea=_quoted(sea), example=spec.seas[0])
            raise RecordError(message, json_path([*where, "highlights", "seas", i]))
    for i, arrow in enumerate(step.arrows):
        for end, key in ((arrow.source, "from"), (arrow.target, "to")):
            if not (spec.is_isle(end) or spec.is_sea(end)):
                message = _msg("arrow_end", _quoted(end), end=_quoted(end))
                raise RecordError(message, json_path([*where, "arrows", i, key]))
