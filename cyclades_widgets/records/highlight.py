"""A teacher's highlight on the board: places outlined and arrows drawn, with their labels.

:class:`Highlight` is the one value every part of the package uses for this: the static
board (``cw.svg.board``), the widget's ``Board.highlights``, a lesson's hints, the coach and
a record's annotated steps. It is checked when it is built, in one place:

- a place is an isle or sea id, or ``(id, label)``;
- an arrow is ``(from, to)``, ``(from, to, label)``, or ``{"from": id, "to": id}`` as a
  record file writes it; it joins two different places;
- an id is a short one-line text (at most 40 characters, no control character); a label
  is a text of at most 80 characters, made one line any painter can show (line breaks
  become spaces, what XML cannot hold becomes U+FFFD; an empty label is no label);

and against a map with :meth:`Highlight.check`: every id is an isle or a sea of that map.
A problem raises :class:`HighlightError` (a ``ValueError``) in the learner's language.

>>> h = Highlight(["naxos", ("e7", "the fleet")], [("naxos", "paros")])
>>> h.check("map-5").to_board()
{'places': ['naxos', ['e7', 'the fleet']], 'arrows': [['naxos', 'paros']]}
>>> Highlight.from_dict({"highlights": {"isles": ["naxos"]}, "arrows": [{"from": "naxos", "to": "e7"}]})
Highlight(places=(Place(id='naxos', label=None),), arrows=(Arrow(source='naxos', target='e7', label=None),))
>>> Highlight(arrows=[("naxos",)])
Traceback (most recent call last):
...
cyclades_widgets.records.highlight.HighlightError: an arrow is (from, to) or (from, to, label), or {"from": id, "to": id} as in a record file; not ('naxos',)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal, TypeVar

from ..i18n import Message, message
from ..rules.board import MapSpec
from ..rules.errors import CycladesError
from .strings import MAX_MARKS, SHORT_LENGTH, one_line, text_problem, type_name

__all__ = [
    "EMPTY",
    "LABEL_LENGTH",
    "Arrow",
    "ArrowLike",
    "Highlight",
    "HighlightError",
    "Place",
    "PlaceLike",
]

LABEL_LENGTH = 80
"""Characters in a label (one line)."""
PlaceKind = Literal["isle", "sea"]
Parts = list[str | int]
T = TypeVar("T")


class HighlightError(CycladesError):
    """A highlight that cannot be drawn: a malformed place or arrow, a label that is not a
    short line of text, or an id that is not an isle or sea of the map. The message says
    what was expected; :attr:`parts` says where, in the record file's form."""

    def __init__(self, message: Message, parts: Parts | None = None) -> None:
        self.parts: Parts = list(parts or [])
        """Where the problem is: ``["arrows", 0, "to"]``, ``["highlights", "isles", 2]``."""
        super().__init__(message)


def _quoted(value: Any) -> str:
    """A value as Python writes it, cut short (``'atlantis'``, ``('naxos',)``)."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _fail(key: str, parts: Parts | None = None, **values: Any) -> HighlightError:
    literal = frozenset(v for v in values.values() if isinstance(v, str)) | frozenset(
        item for v in values.values() if isinstance(v, list) for item in v
    )
    return HighlightError(Message(f"highlight.{key}", values, literal), parts)


def _text(value: Any, parts: Parts) -> None:
    problem = text_problem(value, limit=SHORT_LENGTH, lines=False)
    if problem is not None:
        raise HighlightError(problem, parts)


def _label(value: Any) -> str | None:
    """A label made one line (:func:`.strings.one_line`); ``""`` is no label."""
    if value is None or value == "":
        return None
    if not isinstance(value, str):
        expected = Message("record.type.string")
        raise HighlightError(
            message("record.wrong_type", expected=expected, got=type_name(value)), ["label"]
        )
    if len(value) > LABEL_LENGTH:
        raise HighlightError(
            message("record.too_long", count=LABEL_LENGTH, got=len(value)), ["label"]
        )
    return one_line(value)


@dataclass(frozen=True, slots=True)
class Place:
    """An isle or sea to outline, with an optional label shown beside it."""

    id: str
    """The isle or sea id (``"naxos"``, ``"e7"``)."""
    label: str | None = None
    """A short text shown by the place (at most 80 characters, made one line)."""
    kind: PlaceKind | None = field(default=None, compare=False, repr=False)
    """``"isle"`` or ``"sea"`` once known: read from a record's lists, or found by
    :meth:`Highlight.check`."""

    def __post_init__(self) -> None:
        _text(self.id, [])
        object.__setattr__(self, "label", _label(self.label))
        if self.kind not in (None, "isle", "sea"):
            raise ValueError(f"a place's kind is 'isle', 'sea' or None, not {self.kind!r}")


@dataclass(frozen=True, slots=True)
class Arrow:
    """An arrow drawn on the board from one isle or sea to another, with an optional
    label at its middle."""

    source: str
    """Isle or sea id where the arrow starts (``"from"`` in a record file)."""
    target: str
    """Isle or sea id where it points (``"to"`` in a record file)."""
    label: str | None = None
    """A short text shown by the arrow (at most 80 characters, made one line)."""

    def __post_init__(self) -> None:
        _text(self.source, ["from"])
        _text(self.target, ["to"])
        object.__setattr__(self, "label", _label(self.label))
        if self.source == self.target:
            raise _fail("same_place", [], place=repr(self.source))


PlaceLike = Place | str | Sequence[str]
"""A place as callers write it: a :class:`Place`, an id, or ``(id, label)``."""
ArrowLike = Arrow | Sequence[str] | Mapping[str, str]
"""An arrow as callers write it: an :class:`Arrow`, ``(from, to)``, ``(from, to, label)``,
or ``{"from": id, "to": id}``; any object with ``source`` and ``target`` is read too."""


def as_place(value: Any) -> Place:
    """A :class:`Place` from any of the forms of :data:`PlaceLike`."""
    if isinstance(value, Place):
        return value
    if isinstance(value, str):
        return Place(value)
    if isinstance(value, tuple | list) and len(value) == 2:
        return Place(value[0], value[1])
    raise _fail("not_a_place", value=_quoted(value))


def _kind_place(kind: PlaceKind) -> Callable[[Any], Place]:
    """An entry of a record's ``isles`` or ``seas`` list: an id (or a Place), of that kind."""

    def convert(value: Any) -> Place:
        if isinstance(value, Place):
            return replace(value, kind=kind)
        return Place(value, kind=kind)

    return convert


def as_arrow(value: Any) -> Arrow:
    """An :class:`Arrow` from any of the forms of :data:`ArrowLike`."""
    if isinstance(value, Arrow):
        return value
    if isinstance(value, Mapping):
        if {"from", "to"} <= set(value) <= {"from", "to", "label"}:
            return Arrow(value["from"], value["to"], value.get("label"))
    elif isinstance(value, tuple | list):
        if len(value) in (2, 3):
            return Arrow(*value)
    elif hasattr(value, "source") and hasattr(value, "target"):
        return Arrow(value.source, value.target, getattr(value, "label", None))
    raise _fail("not_an_arrow", value=_quoted(value))


def _each(values: Any, parts: Parts, convert: Callable[[Any], T]) -> list[T]:
    """Every item of a list, converted, each error placed at its index."""
    if isinstance(values, str | bytes | Mapping) or not isinstance(values, Iterable):
        expected = Message("record.type.array")
        raise HighlightError(
            message("record.wrong_type", expected=expected, got=type_name(values)), parts
        )
    items = list(values)
    if len(items) > MAX_MARKS:
        raise HighlightError(message("record.max_items", count=MAX_MARKS, got=len(items)), parts)
    out: list[T] = []
    for i, item in enumerate(items):
        try:
            out.append(convert(item))
        except HighlightError as exc:
            exc.parts[:0] = [*parts, i]
            raise
    return out


def _keys(value: Any, parts: Parts, allowed: frozenset[str]) -> Mapping[str, Any]:
    """A JSON object with no key but ``allowed``."""
    if not isinstance(value, Mapping):
        expected = Message("record.type.object")
        raise HighlightError(
            message("record.wrong_type", expected=expected, got=type_name(value)), parts
        )
    for key in value:
        if key not in allowed:
            quoted = repr(key)
            problem = message("record.unknown_key", quoted, *sorted(allowed), key=quoted, allowed=sorted(allowed))  # fmt: skip
            raise HighlightError(problem, parts)
    return value


def _file_arrow(value: Any) -> Arrow:
    """An arrow as a record file writes it: exactly ``{"from": id, "to": id}``."""
    _keys(value, [], frozenset({"from", "to"}))
    for end in ("from", "to"):
        if end not in value:
            raise HighlightError(message("record.missing_key", repr(end), key=repr(end)))
    return Arrow(value["from"], value["to"])


@dataclass(frozen=True, slots=True, init=False)
class Highlight:
    """Places to outline and arrows to draw on the board, each with an optional label.

    ``Highlight(["naxos", ("e7", "your fleet")], [("kea", "naxos")])``: see the module's
    documentation for the forms of places and arrows. Build it once, then give it to
    ``svg.board``, a ``Board`` or a record's ``annotate``; :meth:`check` checks it against
    a map. An empty highlight is false.
    """

    places: tuple[Place, ...]
    """The isles and seas to outline, in order."""
    arrows: tuple[Arrow, ...]
    """The arrows to draw, in order."""

    def __init__(self, places: Iterable[PlaceLike] = (), arrows: Iterable[ArrowLike] = ()) -> None:
        if isinstance(places, str):  # one place
            places = [places]
        object.__setattr__(self, "places", tuple(_each(places, ["places"], as_place)))
        object.__setattr__(self, "arrows", tuple(_each(arrows, ["arrows"], as_arrow)))

    # ------------------------------------------------------------------ other forms
    @classmethod
    def of(cls, value: Highlight | Mapping[str, Any] | None) -> Highlight:
        """A highlight from any form: a :class:`Highlight`; None (nothing); the board's
        ``{"places": [...], "arrows": [...]}``; or a record step's
        ``{"highlights": {"isles": [...], "seas": [...]}, "arrows": [...]}``."""
        if isinstance(value, Highlight):
            return value
        if value is None or (isinstance(value, Mapping) and not value):
            return EMPTY
        if not isinstance(value, Mapping):
            raise _fail("not_a_highlight", value=_quoted(value))
        _keys(value, [], frozenset({"places", "highlights", "arrows"}))
        kinds = _keys(value.get("highlights", {}), ["highlights"], frozenset({"isles", "seas"}))
        return cls.from_lists(
            kinds.get("isles", ()), kinds.get("seas", ()), value.get("arrows", ()),
            places=value.get("places", ()),
        )  # fmt: skip

    @classmethod
    def from_lists(
        cls,
        isles: Iterable[str | Place] = (),
        seas: Iterable[str | Place] = (),
        arrows: Iterable[ArrowLike] = (),
        *,
        places: Iterable[PlaceLike] = (),
    ) -> Highlight:
        """A highlight whose isles and seas are given apart, as a record keeps them (then
        :meth:`check` makes sure each isle is an isle and each sea a sea), and other
        ``places`` of either kind."""
        new = cls(places, arrows)
        known = [
            *_each(isles, ["highlights", "isles"], _kind_place("isle")),
            *_each(seas, ["highlights", "seas"], _kind_place("sea")),
        ]
        object.__setattr__(new, "places", (*known, *new.places))
        return new

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Highlight:
        """A highlight from a record step's keys, exactly as the file writes them:
        ``{"highlights": {"isles": [...], "seas": [...]}, "arrows": [{"from": ..., "to":
        ...}]}`` (both optional). Raises :class:`HighlightError` with its path."""
        _keys(data, [], frozenset({"highlights", "arrows"}))
        kinds = _keys(data.get("highlights", {}), ["highlights"], frozenset({"isles", "seas"}))
        for key, ids in kinds.items():
            if not isinstance(ids, list):
                expected = Message("record.type.array")
                problem = message("record.wrong_type", expected=expected, got=type_name(ids))
                raise HighlightError(problem, ["highlights", key])
        arrows = data.get("arrows", [])
        if not isinstance(arrows, list):
            problem = message(
                "record.wrong_type", expected=Message("record.type.array"), got=type_name(arrows)
            )
            raise HighlightError(problem, ["arrows"])
        drawn = _each(arrows, ["arrows"], _file_arrow)
        return cls.from_lists(kinds.get("isles", ()), kinds.get("seas", ()), drawn)

    def to_dict(self) -> dict[str, Any]:
        """The record file's form (the keys of an annotated step): ``{"highlights":
        {"isles": [...], "seas": [...]}, "arrows": [{"from": ..., "to": ...}]}``, each
        key only when it has something. A record keeps no labels: a labelled place or
        arrow raises :class:`HighlightError`, as does a place whose kind is not known
        (:meth:`check` first)."""
        for i, place in enumerate(self.places):
            if place.kind is None:
                raise _fail("unchecked", self._parts(i), place=repr(place.id))
        for where, label in self._labels():
            raise _fail("no_label", where, label=repr(label))
        out: dict[str, Any] = {}
        lists = {"isles": list(self.isles), "seas": list(self.seas)}
        if any(lists.values()):
            out["highlights"] = {key: ids for key, ids in lists.items() if ids}
        if self.arrows:
            out["arrows"] = [{"from": a.source, "to": a.target} for a in self.arrows]
        return out

    def to_board(self) -> dict[str, list[Any]]:
        """The form of ``Board.highlights`` (JSON-safe): ``{"places": [id or [id, label]],
        "arrows": [[from, to] or [from, to, label]]}``."""
        return {
            "places": [p.id if p.label is None else [p.id, p.label] for p in self.places],
            "arrows": [
                [a.source, a.target] if a.label is None else [a.source, a.target, a.label]
                for a in self.arrows
            ],
        }

    # ------------------------------------------------------------------ reading
    @property
    def isles(self) -> tuple[str, ...]:
        """The ids of the places known to be isles."""
        return tuple(p.id for p in self.places if p.kind == "isle")

    @property
    def seas(self) -> tuple[str, ...]:
        """The ids of the places known to be seas."""
        return tuple(p.id for p in self.places if p.kind == "sea")

    def __bool__(self) -> bool:
        return bool(self.places or self.arrows)

    def _parts(self, index: int) -> Parts:
        """Where place ``index`` is in the record's form (its kind's list), or in
        ``places``."""
        kind = self.places[index].kind
        if kind is None:
            return ["places", index]
        before = sum(1 for p in self.places[:index] if p.kind == kind)
        return ["highlights", "isles" if kind == "isle" else "seas", before]

    def _labels(self) -> Iterable[tuple[Parts, str]]:
        for i, place in enumerate(self.places):
            if place.label is not None:
                yield [*self._parts(i), "label"], place.label
        for i, arrow in enumerate(self.arrows):
            if arrow.label is not None:
                yield ["arrows", i, "label"], arrow.label

    # ------------------------------------------------------------------ the map
    def check(self, map: str | MapSpec) -> Highlight:
        """This highlight checked against a map (an id or a :class:`MapSpec`): every place
        is an isle or a sea of it (a place read from a record's ``isles`` list must be an
        isle, and so on), and so is each end of every arrow. Returns the highlight with
        each place's kind known; raises :class:`HighlightError` naming the first unknown
        id and the isles there are."""
        if not self:
            return self
        spec = map if isinstance(map, MapSpec) else MapSpec.load(map)
        places = [self._checked(i, spec) for i in range(len(self.places))]
        for i, arrow in enumerate(self.arrows):
            for end, key in ((arrow.source, "from"), (arrow.target, "to")):
                if not (spec.is_isle(end) or spec.is_sea(end)):
                    raise _unknown("unknown_end", end, spec, ["arrows", i, key])
        if all(a is b for a, b in zip(places, self.places, strict=True)):
            return self
        checked = Highlight(arrows=self.arrows)
        object.__setattr__(checked, "places", tuple(places))
        return checked

    def _checked(self, index: int, spec: MapSpec) -> Place:
        place = self.places[index]
        kind: PlaceKind | None = (
            "isle" if spec.is_isle(place.id) else "sea" if spec.is_sea(place.id) else None
        )
        if place.kind == "isle" and kind != "isle":
            quoted, isles = repr(place.id), list(spec.isles)
            raise _fail("no_isle", self._parts(index), isle=quoted, isles=isles)
        if place.kind == "sea" and kind != "sea":
            quoted = repr(place.id)
            raise _fail("no_sea", self._parts(index), sea=quoted, example=spec.seas[0])
        if kind is None:
            raise _unknown("unknown_place", place.id, spec, self._parts(index))
        return place if place.kind == kind else replace(place, kind=kind)


def _unknown(key: str, place: str, spec: MapSpec, parts: Parts) -> HighlightError:
    """An id that is no isle or sea of the map: the message lists the isles."""
    return _fail(
        key, parts, place=_quoted(place), map=spec.id, isles=sorted(spec.isles),
        seas=sorted(spec.seas)[:3],
    )  # fmt: skip


EMPTY = Highlight()
"""The highlight with nothing in it."""
