"""What a scenario holds, its error, and the look-ups every call shares.

A scenario keeps the board, the players' holdings and the supplies in a
:class:`~cyclades_widgets.rules.state.GameState` (``_base``), changed at once by each
board call and checked against the rules' limits there; and the cycle's settings (phase,
gods, turn track, offerings, creature track, forced outcomes) as plain values, laid out
together when the state is built (:mod:`.layout`).
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Sequence
from typing import Self

from ..i18n import Message
from ..rules.actions import Action
from ..rules.board import MapSpec, map_for_players
from ..rules.errors import CycladesError
from ..rules.options import RuleOptions
from ..rules.setup import new_state
from ..rules.state import BUILDINGS, CITIES, MAX_TROOPS, GameState

__all__ = [
    "PHASES",
    "Core",
    "ScenarioError",
    "check_count",
    "error",
    "header_text",
    "literal",
    "norm",
]

PHASES = ("revenue", "offerings", "actions", "end")
"""The phases a scenario can start in (see :meth:`Scenario.phase`)."""


class ScenarioError(CycladesError):
    """A scenario, or an edit in the board editor, asks for a position the rules do not
    allow. The message says which rule, and what would be allowed; the scenario is left
    exactly as it was."""


def error(key: str, literal: Iterable[str] = (), /, **params: object) -> ScenarioError:
    """The error ``scenario.<key>``; ``literal`` values (names and ids as the caller wrote
    them, code examples) are shown as written, never translated."""
    return ScenarioError(Message(f"scenario.{key}", params, frozenset(literal)))


def norm(text: object) -> str:
    """An id or name as given, trimmed and in lower case; anything but text is refused."""
    if not isinstance(text, str):
        raise error("not_text", [repr(text)], got=repr(text))
    return text.strip().lower()


def check_count(value: object, what: str, limit: int, least: int = 0) -> int:
    """``value`` if it is a whole number from ``least`` to ``limit``, else the error that
    names ``what`` (a key of ``scenario.what``)."""
    if not isinstance(value, int) or isinstance(value, bool) or not least <= value <= limit:
        got = repr(value)
        raise error("count", [got], what=Message(f"scenario.what.{what}"), least=least,
                    limit=limit, got=got)  # fmt: skip
    return value


def header_text(names: Sequence[str], options: RuleOptions, map_id: str, prefix: str) -> str:
    """The constructor that starts a scenario's chain: ``cw.Scenario(players=3)``, with
    the rule options and the map when they are not the defaults."""
    n = len(names)
    players: object = n if tuple(names) == CITIES[:n] else list(names)
    parts = [f"players={literal(players)}"]
    changed = options.differences()
    if changed:
        inner = ", ".join(f"{k}={literal(v)}" for k, v in changed.items())
        parts.append(f"options={prefix}RuleOptions({inner})")
    if map_id != map_for_players(n):
        parts.append(f"map={literal(map_id)}")
    return f"{prefix}Scenario({', '.join(parts)})"


def literal(value: object) -> str:
    """Python source for a value, strings in double quotes."""
    if isinstance(value, str) and '"' not in value and "\\" not in value:
        return f'"{value}"'
    if isinstance(value, list):
        return "[" + ", ".join(literal(v) for v in value) + "]"
    return repr(value)


class Core:
    """The data of a scenario and the look-ups of ids and names (every call uses them)."""

    def __init__(
        self,
        players: int | Sequence[str] = 4,
        *,
        options: RuleOptions | None = None,
        map: str | None = None,
    ) -> None:
        self._base: GameState = new_state(players, options, map)
        self._spec = MapSpec.load(self._base.map_id)
        base = self._base
        self._calls = [header_text(base.names, base.options, base.map_id, prefix="")]
        self._cycle = 1
        self._phase = "offerings"
        self._turn: tuple[str, int | None] | None = None
        self._recruited = 0
        self._gods: list[str] | None = None
        self._shuffled = True
        self._order: list[int] | None = None
        self._track: list[str | None] | None = None
        self._discard: list[str] = []
        self._bids: dict[str, list[int]] = {}
        self._apollo: list[int] = []
        self._forced: list[Action] = []

    def copy(self) -> Self:
        """An independent copy: changing one leaves the other as it is."""
        other = copy.copy(self)
        other._base = self._base.copy()
        other._calls = list(self._calls)
        for name in ("_gods", "_order", "_track"):
            value = getattr(self, name)
            setattr(other, name, None if value is None else list(value))
        other._discard = list(self._discard)
        other._bids = {god: list(bid) for god, bid in self._bids.items()}
        other._apollo = list(self._apollo)
        other._forced = list(self._forced)
        return other

    def fresh(self) -> Self:
        """A new scenario with the same players, rule options and map, at the set-up."""
        base = self._base
        return type(self)(list(base.names), options=base.options, map=base.map_id)

    def __repr__(self) -> str:
        return ".".join(self._calls)

    def _log(self, name: str, *args: object, **kwargs: object) -> None:
        """Add a call to the chain :func:`repr` shows."""
        items = [literal(a) for a in args] + [f"{k}={literal(v)}" for k, v in kwargs.items()]
        self._calls.append(f"{name}({', '.join(items)})")

    @property
    def players(self) -> tuple[str, ...]:
        """The players' names, in seat order."""
        return self._base.names

    @property
    def map_id(self) -> str:
        """The id of the map (``map-2-3``, ``map-4``, ``map-5``)."""
        return self._base.map_id

    # ------------------------------------------------------------------ look-ups
    def _seat(self, player: str) -> int:
        names = list(self._base.names)
        if not isinstance(player, str):
            example, got = repr(names[0]), repr(player)
            raise error("player_type", [example, got], example=example, got=got)
        try:
            return self._base.seat(player.strip())
        except KeyError:
            raise error("unknown_player", [repr(player), *names], player=repr(player),
                        players=names) from None  # fmt: skip

    def _name(self, player: str) -> str:
        return self._base.names[self._seat(player)]

    def _isle(self, isle: str) -> str:
        isle_id = norm(isle)
        if self._spec.is_isle(isle_id):
            return isle_id
        if self._spec.is_sea(isle_id):
            raise error("sea_not_isle", sea=isle_id)
        isles = list(self._spec.isles)
        raise error("unknown_isle", [repr(isle), *isles], isle=repr(isle), isles=isles)

    def _sea(self, sea: str) -> str:
        sea_id = norm(sea)
        if self._spec.is_sea(sea_id):
            return sea_id
        if self._spec.is_isle(sea_id):
            raise error("isle_not_sea", isle=sea_id, example=self._spec.seas[0])
        raise error("unknown_sea", [repr(sea)], sea=repr(sea), examples=list(self._spec.seas[:4]))

    def _building(self, kind: str) -> str:
        kind = norm(kind)
        if kind not in BUILDINGS:
            buildings = list(BUILDINGS)
            raise error("unknown_building", [repr(kind), *buildings], building=repr(kind),
                        buildings=buildings)  # fmt: skip
        return kind

    def _cap(self, seat: int, unit: str, elsewhere: int, count: object) -> int:
        """``count`` troops or fleets for ``seat``, with ``elsewhere`` more on the board:
        at most 8 of each on the board, the pieces of one colour in the box."""
        count = check_count(count, unit, MAX_TROOPS)
        if elsewhere + count > MAX_TROOPS:
            name = self._base.names[seat]
            raise error(f"limit.{unit}", [name], player=name, count=elsewhere + count,
                        limit=MAX_TROOPS)  # fmt: skip
        return count
