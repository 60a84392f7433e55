"""The record tree: a game record's header, main line, variations and annotations.

:class:`RecordTree` is the data of a ``cyclades-record/1`` file (``docs/records.md``,
JSON Schema in ``data/schema/record.schema.json``): reading and writing it, annotating a
step, and the tree of lines (the main line and variations to any depth). It never replays
a move; :class:`cyclades_widgets.game.GameRecord` adds the replaying (legal moves, seeking)
on top of it.

>>> tree = RecordTree(["Athens", "Sparta"], map="map-2-3", steps=["order athens,sparta,athens,sparta"])
>>> tree.annotate(0, after="Athens bids first.", tag="key move").tag
'key move'
>>> RecordTree.loads(tree.dumps()).dumps() == tree.dumps()
True
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, Self, TypeVar

from ..i18n import Message, message
from ..rules.actions import Action
from ..rules.board import MapSpec
from ..rules.errors import RecordError
from ..rules.options import RuleOptions
from ..rules.setup import new_state
from ..rules.state import GameState
from . import shape
from .files import read_record_file
from .highlight import ArrowLike, Highlight, HighlightError
from .schema import (
    Arrow,
    LinePath,
    RecordStep,
    Text,
    Variation,
    canonical_move,
    check_targets,
    count_variations,
    json_path,
    parse_json,
    read_header,
    validate_shape,
    var_parts,
)

__all__ = [
    "EDITION",
    "FORMAT",
    "HEADER_TEXT",
    "Arrow",
    "Highlight",
    "LinePath",
    "RecordStep",
    "RecordTree",
    "Text",
    "Variation",
]

R = TypeVar("R")

FORMAT = "cyclades-record/2"
"""The ``format`` string of the records this module writes. It reads version 1 too
(:data:`.shape.FORMATS`); version 2 adds per-language texts and the checksum."""
EDITION = "matagot-2009"
"""The rules a record is played under: the Matagot 2009 base game."""
HEADER_TEXT = ("title", "date", "description")


class RecordTree:
    """A record's header and its tree of annotated lines. See ``docs/records.md``.

    Read one with :meth:`load` or :meth:`loads`; write it with :meth:`save` or
    :meth:`dumps`. Step indexes count the moves of a line (decisions and chance outcomes),
    from 0. Loading here checks the shape of the file, not the legality of its moves
    (:class:`cyclades_widgets.game.GameRecord` replays them).
    """

    def __init__(
        self,
        players: Sequence[str],
        *,
        map: str,
        seed: int = 0,
        options: RuleOptions | None = None,
        steps: Iterable[RecordStep | str] = (),
        variations: Iterable[Variation] = (),
        title: Text | None = None,
        date: str | None = None,
        description: Text | None = None,
        start: GameState | None = None,
    ) -> None:
        self.players: tuple[str, ...] = tuple(players)
        """Player names in seat order."""
        self.map = map
        """The map id."""
        self.seed = seed
        """The game's seed (unforced chance in a game continued from the record)."""
        self.options = options or RuleOptions()
        """The rule options the game was played with."""
        self.edition = EDITION
        """Always ``"matagot-2009"`` in this format."""
        self.title = title
        """A title for the game (optional)."""
        self.date = date
        """When it was played, ISO 8601 such as ``2024-05-01`` (optional)."""
        self.description = description
        """Free text about the game (optional)."""
        self.start = start
        """The starting position if it is not the standard setup (a staged scenario)."""
        self.steps: list[RecordStep] = [
            s if isinstance(s, RecordStep) else RecordStep(s) for s in steps
        ]
        """The main line."""
        self.variations: list[Variation] = list(variations)
        """Variations branching from the main line."""
        self._verified: str | None = None
        """The :meth:`checksum` of the moves when every line was last found legal."""

    # ------------------------------------------------------------------ building
    @classmethod
    def loads(cls, text: str | bytes) -> Self:
        """Read a record from JSON text; raises :class:`RecordError` and nothing else."""
        return cls._guarded(lambda: cls.from_dict(parse_json(text)))

    @classmethod
    def load(cls, path: str | Path) -> Self:
        """Read a record file; raises :class:`RecordError` (also for an unreadable file,
        anything but a regular file, or a file over the size limit: ``records.files``)."""
        data = read_record_file(path)
        return cls.loads(data)

    @classmethod
    def from_dict(cls, data: Any) -> Self:
        """Build a record from parsed JSON, checking its shape, notation and targets."""
        return cls._guarded(lambda: cls._from_shape(data))

    @classmethod
    def _from_shape(cls, data: Any) -> Self:
        validate_shape(data)
        return cls._from_checked_dict(data)

    @staticmethod
    def _guarded(fn: Callable[[], R]) -> R:
        try:
            result = fn()
        except RecordError:
            raise
        except RecursionError:
            raise RecordError(Message("record.too_deep")) from None
        except Exception as exc:  # an engine bug must still surface as a RecordError
            detail = f"{type(exc).__name__}: {exc}"
            message = Message("record.bug", {"detail": detail}, frozenset({detail}))
            raise RecordError(message) from exc
        return result

    @classmethod
    def _from_checked_dict(cls, data: Mapping[str, Any]) -> Self:
        header = read_header(data)
        record = cls(
            header.pop("players"),
            **header,
            steps=[RecordStep.from_value(s) for s in data["steps"]],
            variations=[Variation.from_value(v) for v in data.get("variations", [])],
        )
        spec = MapSpec.load(record.map)
        record._normalize(record.steps, record.variations, ["steps"], [], spec)
        return record

    def _normalize(
        self,
        steps: list[RecordStep],
        variations: list[Variation],
        steps_path: list[str | int],
        var_path: list[str | int],
        spec: MapSpec,
    ) -> None:
        """Parse every move to its canonical notation and check annotation targets and
        variation branch points, line by line."""
        for i, step in enumerate(steps):
            where = [*steps_path, i]
            step.move = canonical_move(step.move, where + (["move"] if step.is_annotated else []))
            check_targets(step, where, spec)
        for j, var in enumerate(variations):
            here = [*var_path, "variations", j]
            if var.at > len(steps):
                message = Message("record.branch_out_of_line", {"at": var.at, "steps": len(steps)})
                raise RecordError(message, json_path([*here, "at"]))
            self._normalize(var.steps, var.variations, [*here, "steps"], here, spec)

    # ------------------------------------------------------------------ writing
    def _header_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"format": FORMAT, "edition": self.edition}
        for key in HEADER_TEXT:
            if getattr(self, key):
                value = getattr(self, key)
                out[key] = shape.LocalText(value) if isinstance(value, dict) else value
        out["players"] = list(self.players)
        out["map"] = self.map
        out["seed"] = self.seed
        out["options"] = dict(sorted(self.options.to_dict().items()))
        if self.start is not None:
            out["start"] = self.start.to_dict()
        out["steps"] = []
        return out

    def checksum(self) -> str:
        """``sha256:`` and the hash of what replaying depends on: players, map, rule
        options, start position, and every line's moves and branch points (not the notes).
        A file whose checksum matches is replayed without checking each move again."""

        def lines(variations: list[Variation]) -> list[Any]:
            return [[v.at, [s.move for s in v.steps], lines(v.variations)] for v in variations]

        start = self.start.to_dict() if self.start is not None else None
        data = [list(self.players), self.map, self.options.to_dict(), start,
                [s.move for s in self.steps], lines(self.variations)]  # fmt: skip
        text = json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
        return "sha256:" + hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()

    def to_dict(self) -> dict[str, Any]:
        """The record as JSON-safe data, keys in the canonical order. The checksum is
        written only when every line's moves were found legal (and not changed since)."""
        out = self._header_dict()
        out["steps"] = [s.to_value() for s in self.steps]
        if self.variations:
            out["variations"] = [v.to_value() for v in self.variations]
        if self._verified is not None:
            checksum = self.checksum()
            if checksum == self._verified:
                out = {**{k: v for k, v in out.items() if k not in ("steps", "variations")},
                       "checksum": checksum,
                       **{k: out[k] for k in ("steps", "variations") if k in out}}  # fmt: skip
        return out

    def dumps(self) -> str:
        """Canonical JSON text: fixed key order, 2-space indent, UTF-8, final newline.
        ``GameRecord.loads(r.dumps()).dumps() == r.dumps()`` always holds. A record that
        loading would refuse (a name with a line break, a tag too long...) raises
        :class:`RecordError` here instead of being written."""
        data = self.to_dict()
        validate_shape(data)
        return json.dumps(data, indent=2, ensure_ascii=False) + "\n"

    def save(self, path: str | Path) -> None:
        """Write :meth:`dumps` to ``path`` as UTF-8 (byte-identical on every save)."""
        Path(path).write_bytes(self.dumps().encode("utf-8"))

    # ------------------------------------------------------------------ lines
    def variation(self, line: LinePath) -> Variation:
        """The variation at ``line`` (``(0,)``, ``(0, 2)``...). Raises ``IndexError``."""
        if not line:
            raise IndexError("() is the main line, not a variation")
        holder: list[Variation] = self.variations
        var: Variation | None = None
        for depth, index in enumerate(line):
            if not 0 <= index < len(holder):
                raise IndexError(
                    f"no variation {index} at depth {depth} of line {line}; there are {len(holder)}"
                )
            var = holder[index]
            holder = var.variations
        assert var is not None
        return var

    def _offset(self, line: LinePath) -> int:
        """Absolute move index of the first own step of ``line``."""
        return sum(self.variation(line[: d + 1]).at for d in range(len(line)))

    def _own_steps(self, line: LinePath) -> list[RecordStep]:
        return self.steps if not line else self.variation(line).steps

    def moves(self, line: LinePath = ()) -> list[str]:
        """Every move of a line from the start of the game (a variation includes the
        moves of the lines it branches from, up to its branch point)."""
        if not line:
            return [s.move for s in self.steps]
        parent = self.moves(line[:-1])
        var = self.variation(line)
        return parent[: self._offset(line[:-1]) + var.at] + [s.move for s in var.steps]

    def step(self, index: int, line: LinePath = ()) -> RecordStep:
        """The record step (with its annotations) at absolute move ``index`` of a line."""
        own = self._own_steps(line)
        offset = self._offset(line)
        if not offset <= index < offset + len(own):
            if line and 0 <= index < offset:
                return self.step(index, line[:-1])
            raise IndexError(f"step {index} is not in line {line} (0 to {offset + len(own) - 1})")
        return own[index - offset]

    def __len__(self) -> int:
        """The number of moves in the main line."""
        return len(self.steps)

    # ------------------------------------------------------------------ replaying
    def initial_state(self) -> GameState:
        """A fresh copy of the position before the first move."""
        if self.start is not None:
            return self.start.copy()
        return new_state(list(self.players), self.options, self.map)

    def _step_parts(self, line: LinePath, index: int) -> list[str | int]:
        """JSON path parts of the step at absolute ``index`` of a line (the line that
        holds it may be an ancestor when the index comes before the branch point)."""
        offset = self._offset(line)
        if index < offset:
            return self._step_parts(line[:-1], index)
        return [*var_parts(line), "steps", index - offset]

    def _step_path(self, line: LinePath, index: int) -> str:
        parts = self._step_parts(line, index)
        if self.step(index, line).is_annotated:
            parts.append("move")
        return json_path(parts)

    # ------------------------------------------------------------------ editing
    def annotate(
        self,
        step: int,
        *,
        line: LinePath = (),
        before: Text | Mapping[str, str] | None = None,
        after: Text | Mapping[str, str] | None = None,
        tag: Text | Mapping[str, str] | None = None,
        isles: Iterable[str] = (),
        seas: Iterable[str] = (),
        arrows: Iterable[ArrowLike] = (),
        highlight: Highlight | Mapping[str, Any] | None = None,
    ) -> RecordStep:
        """Add annotations to the move at absolute index ``step`` of a line; values
        given replace the old ones. A text is a string, or one per language
        (``{"en": ..., "zh": ..., "fr": ...}``).

        ``isles``, ``seas`` and ``arrows`` replace that part of the step's highlight; an
        arrow is ``(from, to)``, an :class:`Arrow` or ``{"from": id, "to": id}`` as the
        file writes it. Or give the whole ``highlight`` at once (a :class:`Highlight`;
        ``Highlight()`` clears it). A record keeps no labels on them.

        Every value is checked at once, by the rules loading applies (length, no control
        character, isles and seas of the map...): a :class:`RecordError` names the
        problem and where it would be in the file, and the step is then unchanged. So
        ``save()`` never writes what ``load()`` would refuse.
        """
        target = self.step(step, line)
        parts = self._step_parts(line, step)
        texts: dict[str, Any] = {}
        for key, value in (("before", before), ("after", after), ("tag", tag)):
            if isinstance(value, Mapping):
                value = shape.LocalText(value)
            if value is not None:
                short = key == "tag"
                limit = shape.SHORT_LENGTH if short else shape.TEXT_LENGTH
                shape.check_local(value, [*parts, key], limit=limit, lines=not short)
            texts[key] = value if value is not None else getattr(target, key)
        if highlight is not None and (isles or seas or arrows):
            raise TypeError("give highlight= or isles=, seas= and arrows=, not both")
        marks = self._new_highlight(target.highlight, parts, highlight, (isles, seas, arrows))
        new = RecordStep(target.move, texts["before"], texts["after"], texts["tag"], marks)
        for slot in RecordStep.__slots__:
            setattr(target, slot, getattr(new, slot))
        return target

    def _new_highlight(
        self,
        old: Highlight,
        parts: list[str | int],
        given: Highlight | Mapping[str, Any] | None,
        lists: tuple[Iterable[str], Iterable[str], Iterable[ArrowLike]],
    ) -> Highlight:
        """The highlight of an annotated step: ``given`` whole, else the parts given
        (isles, seas, arrows) in place of the old ones; checked against the map and
        writable in the file (no labels), or a :class:`RecordError` at its path."""
        try:
            if given is not None:
                new = Highlight.of(given)
            else:
                isles, seas, arrows = list(lists[0]), list(lists[1]), list(lists[2])
                new = Highlight.from_lists(
                    isles or old.isles, seas or old.seas, arrows or old.arrows
                )
            new = new.check(self.map)
            new.to_dict()
        except HighlightError as exc:
            where = exc.parts if exc.parts[:1] != ["places"] else ["highlights"]
            raise RecordError(exc.msg, json_path([*parts, *where])) from None
        return new

    def add_variation(
        self,
        at: int,
        moves: Iterable[str | Action],
        *,
        line: LinePath = (),
        comment: Text | Mapping[str, str] | None = None,
    ) -> LinePath:
        """Add a variation replacing the moves of ``line`` from absolute index ``at``.

        Everything is checked first, then the variation is added: every move's notation,
        the comment (by the rules loading applies), the limits (:data:`.shape.LIMITS`)
        and :meth:`_check_variation` (a :class:`cyclades_widgets.game.GameRecord` replays
        the moves there). On error (a :class:`RecordError`) the record is unchanged.
        Returns the new variation's line path.
        """
        if not shape.is_int(at):
            raise TypeError(f"at must be an int, not {type(at).__name__}")
        offset = self._offset(line)
        own = self._own_steps(line)
        if not offset <= at <= offset + len(own):
            raise IndexError(f"line {line} has steps {offset} to {offset + len(own)}; not {at}")
        holder = self.variations if not line else self.variation(line).variations
        new_line = (*line, len(holder))
        where = var_parts(new_line)
        if isinstance(comment, Mapping):
            comment = shape.LocalText(comment)
        if comment is not None:
            shape.check_local(comment, [*where, "comment"])
        var = Variation(at - offset, [], comment)
        for i, move in enumerate(moves):
            path = json_path([*where, "steps", i])
            var.steps.append(RecordStep(canonical_move(str(move), path)))
        if not var.steps:
            raise RecordError(
                message("record.min_items", count=1, got=0), json_path([*where, "steps"])
            )
        self._check_room(new_line, len(var.steps))
        verified = self._verified is not None and self._verified == self.checksum()
        legal = self._check_variation(new_line, var)
        holder.append(var)
        if verified and legal:
            self._verified = self.checksum()
        return new_line

    def _check_variation(self, new_line: LinePath, var: Variation) -> bool:
        """A last check of a variation about to be added at ``new_line``, before anything
        changes; True when its moves were found legal. The tree replays nothing, so it
        says False; :class:`cyclades_widgets.game.GameRecord` replays them."""
        return False

    def _check_room(self, new_line: LinePath, moves: int) -> None:
        """A new variation of ``moves`` moves at ``new_line`` stays within the limits."""
        where = json_path(var_parts(new_line))
        if len(new_line) > shape.MAX_DEPTH:
            raise RecordError(message("record.variations_too_deep_at", most=shape.MAX_DEPTH), where)
        if count_variations(self.variations) + 1 > shape.MAX_VARIATIONS:
            raise RecordError(
                message("record.too_many_variations", most=shape.MAX_VARIATIONS), where
            )

        def total(variations: list[Variation]) -> int:
            return sum(len(v.steps) + total(v.variations) for v in variations)

        if len(self.steps) + total(self.variations) + moves > shape.MAX_MOVES:
            raise RecordError(message("record.too_many_moves", most=shape.MAX_MOVES), where)

    def add_line(
        self, moves: Sequence[str | Action], *, comment: Text | Mapping[str, str] | None = None
    ) -> LinePath:
        """Merge a full line of moves (from the start of the game) into the tree: it
        becomes a variation where it first leaves the lines already recorded.
        Returns the path of the line that ends with it (possibly an existing one)."""
        wanted = [canonical_move(str(m), "$") for m in moves]
        line: LinePath = ()
        while True:
            have = self.moves(line)
            common = 0
            while common < min(len(have), len(wanted)) and have[common] == wanted[common]:
                common += 1
            if common == len(wanted) and common <= len(have):
                return line
            offset = self._offset(line)
            holder = self.variations if not line else self.variation(line).variations
            # Descending into a variation that starts with the next wanted move makes
            # the common prefix grow, so this loop ends.
            for j, var in enumerate(holder):
                at = offset + var.at
                if at == common and var.steps and var.steps[0].move == wanted[common]:
                    line = (*line, j)
                    break
            else:
                return self.add_variation(common, wanted[common:], line=line, comment=comment)

    # ------------------------------------------------------------------ comparison
    def __eq__(self, other: object) -> bool:
        if not isinstance(other, RecordTree):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        title = f" {str(self.title)!r}" if self.title else ""
        return (
            f"<{type(self).__name__}{title} {len(self.players)} players, {len(self.steps)} steps, "
            f"{count_variations(self.variations)} variations>"
        )
