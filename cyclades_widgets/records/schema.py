"""The parts of a record file and their strict reading: steps with annotations,
variations, JSON parsing, the shipped JSON Schema, and the checks of header values.

Every problem becomes a :class:`~cyclades_widgets.rules.errors.RecordError` whose
``path`` is a JSON path (``$.steps[12].move``) and whose message says what was expected.
Replaying (legal moves, seeking) lives in :mod:`.replay` and
:class:`cyclades_widgets.game.GameRecord`.

>>> parse_json('{"a": [1, 2]}')
{'a': [1, 2]}
>>> json_path(["steps", 12, "move"])
'$.steps[12].move'
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache, lru_cache
from importlib import resources
from typing import Any

from ..house_rules import OPTION_VALUES
from ..i18n import message
from ..rules.actions import Action
from ..rules.board import MapSpec, available_maps
from ..rules.errors import NotationError, RecordError
from ..rules.options import RuleOptions
from ..rules.setup import new_state, player_names
from ..rules.state import GameState
from . import shape
from .highlight import EMPTY, Arrow, Highlight, HighlightError
from .shape import guard
from .start import check_position

__all__ = [
    "SCHEMA_FILE",
    "Text",
    "Arrow",
    "Highlight",
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
    "parse_move",
    "read_header",
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

Text = str | dict[str, str]
"""A text of a record: one string for every language, or ``{"en": ..., "zh": ..., "fr": ...}``
(format version 2)."""


def _quoted(value: object) -> str:
    """A value of the file as it is written in Python (``'atlantis'``, ``9``)."""
    return repr(value)


def json_path(parts: Iterable[str | int]) -> str:
    """A JSON path from keys and indexes: ``["steps", 3, "move"]`` → ``$.steps[3].move``."""
    return shape.path_of(list(parts))


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise RecordError(message("record.duplicate_key", _quoted(key), key=_quoted(key)))
        out[key] = value
    return out


def _no_constant(name: str) -> Any:
    raise RecordError(message("record.not_finite", name, name=name))


def parse_json(text: str | bytes) -> Any:
    """Parse record text strictly: UTF-8, no duplicate keys, no NaN or Infinity, at most
    :data:`.shape.MAX_BYTES` bytes (checked before parsing).

    Raises :class:`RecordError` (path ``$``) with the line and column of a syntax error.
    """
    if isinstance(text, str | bytes | bytearray) and len(text) > shape.MAX_BYTES:
        size = len(text)
        raise RecordError(message("record.too_large", size=size, most=shape.MAX_BYTES))
    if isinstance(text, bytes | bytearray):
        try:
            text = bytes(text).decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise RecordError(message("record.not_utf8", byte=exc.start)) from None
    if not isinstance(text, str):
        kind = type(text).__name__
        raise RecordError(message("record.not_text", kind, type=kind))
    try:
        data = json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise RecordError(message("record.not_json", line=exc.lineno, column=exc.colno)) from None
    except RecursionError:
        raise RecordError(message("record.too_deep")) from None
    except ValueError as exc:  # e.g. an integer with too many digits
        if isinstance(exc, RecordError):
            raise
        raise RecordError(message("record.bad_json_value")) from None
    _check_encodable(data)
    return data


def _check_encodable(data: Any) -> None:
    """Reject lone surrogates (``"\\ud800"``): such a record could not be saved as UTF-8."""
    try:
        json.dumps(data, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        raise RecordError(message("record.lone_surrogate")) from None


@cache
def load_schema() -> dict[str, Any]:
    """The JSON Schema of the record format, shipped in the package (documentation, and
    the tests' second opinion: loading uses the faster, stricter :mod:`.shape`)."""
    path = resources.files("cyclades_widgets") / "data" / "schema" / SCHEMA_FILE
    schema: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return schema


def validate_shape(data: Any) -> None:
    """Check the shape of a parsed record and its limits (:func:`.shape.validate`); raise
    :class:`RecordError` at the first problem, naming its JSON path and what was expected."""
    shape.validate(data)


# --------------------------------------------------------------------------- steps


def _copy_text(value: Any) -> Any:
    """A text of the record, unshared: a per-language object is copied (as a
    :class:`.shape.LocalText`, which prints in the session's language)."""
    return shape.LocalText(value) if isinstance(value, dict) else value


@dataclass(slots=True)
class RecordStep:
    """One move of a record, with its annotations.

    The move is a decision or a chance outcome in notation (``"bid ares 3"``,
    ``"roll 2 1"``). Treat ``move`` as read-only: build a new record to change moves.
    """

    move: str
    before: Text | None = None
    """Comment shown before the move ("What would you bid here?"): a string, or one per
    language (``{"en": ..., "zh": ..., "fr": ...}``)."""
    after: Text | None = None
    """Comment shown after the move and the automatic steps that follow it."""
    tag: Text | None = None
    """A short tag: "key move", "mistake", "turning point"..."""
    highlight: Highlight = EMPTY
    """The isles and seas to outline and the arrows to draw on the board (no labels: the
    file keeps none)."""

    @property
    def isles(self) -> list[str]:
        """The isles the step highlights (a copy: change them with ``annotate``)."""
        return list(self.highlight.isles)

    @property
    def seas(self) -> list[str]:
        """The seas the step highlights (a copy)."""
        return list(self.highlight.seas)

    @property
    def arrows(self) -> list[Arrow]:
        """The arrows the step draws (a copy)."""
        return list(self.highlight.arrows)

    @property
    def is_annotated(self) -> bool:
        """True if the step carries any annotation (it is then written as an object)."""
        return bool(self.before or self.after or self.tag or self.highlight)

    def to_value(self) -> str | dict[str, Any]:
        """The JSON value: the bare notation, or an object when annotated."""
        if not self.is_annotated:
            return self.move
        out: dict[str, Any] = {"move": self.move}
        for key in ("before", "after", "tag"):
            if getattr(self, key):
                out[key] = _copy_text(getattr(self, key))
        out.update(self.highlight.to_dict())
        return out

    @classmethod
    def from_value(cls, value: str | Mapping[str, Any]) -> RecordStep:
        """Build a step from its JSON value (already checked against the schema)."""
        if isinstance(value, str):
            return cls(value)
        marks = {key: value[key] for key in ("highlights", "arrows") if key in value}
        return cls(
            value["move"],
            _copy_text(value.get("before")),
            _copy_text(value.get("after")),
            _copy_text(value.get("tag")),
            Highlight.from_dict(marks) if marks else EMPTY,
        )


@dataclass(slots=True)
class Variation:
    """An alternative line: played from the position before step ``at`` of the line
    that holds it, instead of that step and the ones after it."""

    at: int
    """Index into the steps of the holding line (equal to its length: a continuation)."""
    steps: list[RecordStep]
    comment: Text | None = None
    """Why this line: a string, or one per language."""
    variations: list[Variation] = field(default_factory=list)

    def to_value(self) -> dict[str, Any]:
        """The JSON value of this variation."""
        out: dict[str, Any] = {"at": self.at}
        if self.comment:
            out["comment"] = _copy_text(self.comment)
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
            _copy_text(value.get("comment")),
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


def read_options(raw: Mapping[str, Any]) -> RuleOptions:
    """The rule options of a header; an unknown name or value is a :class:`RecordError`
    at ``$.options.<name>``. Missing names take their default (seed) reading."""
    for key in sorted(raw):
        known = sorted(OPTION_VALUES)
        if key not in OPTION_VALUES:
            problem = message(
                "record.unknown_option", _quoted(key), *known, option=_quoted(key), known=known
            )
            raise RecordError(problem, json_path(["options", key]))
        readings = OPTION_VALUES[key]
        if raw[key] not in readings:
            value = _quoted(raw[key])
            problem = message("record.bad_option", value, key, *readings, value=value, option=key, readings=list(readings))  # fmt: skip
            raise RecordError(problem, json_path(["options", key]))
    options: RuleOptions = guard(lambda: RuleOptions.from_dict(dict(raw)), ["options"])
    return options


def read_header(data: Mapping[str, Any]) -> dict[str, Any]:
    """The header of a record whose shape is checked (:func:`validate_shape`): players,
    map, seed, options, start position and texts, as keyword arguments of
    :class:`~.tree.RecordTree`. A map this game cannot be played on, unknown options or a
    start position that does not fit are a :class:`RecordError` at their path."""
    players = guard(lambda: player_names(data["players"]), ["players"])
    options = read_options(data["options"])
    map_id = data["map"]
    if map_id not in available_maps():
        maps = list(available_maps())
        quoted = repr(map_id)
        raise RecordError(
            message("record.unknown_map", quoted, *maps, map=quoted, maps=maps), "$.map"
        )
    guard(lambda: new_state(list(players), options, map_id), ["map"])
    start = None
    if "start" in data:
        start = read_start(data["start"], players, options, map_id)
    return {
        "players": players, "map": map_id, "seed": data["seed"], "options": options,
        "start": start, "title": _copy_text(data.get("title")), "date": data.get("date"),
        "description": _copy_text(data.get("description")),
    }  # fmt: skip


def read_start(
    raw: Mapping[str, Any], players: tuple[str, ...], options: RuleOptions, map_id: str
) -> GameState:
    """The starting position of a staged game, consistent with the header, every value
    checked (:func:`.start.check_position`)."""
    return check_position(raw, players, options, map_id)


@lru_cache(maxsize=4096)
def parse_move(move: str) -> Action:
    """``Action.parse``, remembered: a record repeats its moves ("end", rolls, bids), and
    loading parses each twice (canonical form, then replay). Actions are immutable."""
    return Action.parse(move)


def canonical_move(move: str, path: list[str | int] | str) -> str:
    """A move in canonical notation; text that does not parse is a :class:`RecordError`."""
    where = path if isinstance(path, str) else json_path(path)
    try:
        return str(parse_move(move))
    except NotationError as exc:
        raise RecordError(message("record.notation", reason=exc.msg), where) from None


def check_targets(step: RecordStep, where: list[str | int], spec: MapSpec) -> None:
    """The step's highlights and arrows name isles and seas of the map (an isle where the
    file says ``isles``, a sea where it says ``seas``); its highlight then knows each
    place's kind."""
    try:
        step.highlight = step.highlight.check(spec)
    except HighlightError as exc:
        raise RecordError(exc.msg, json_path([*where, *exc.parts])) from None
