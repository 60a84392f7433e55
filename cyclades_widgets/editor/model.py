"""The editing model of the board editor: a position, its edits, their history.

Every edit is an intent (:mod:`.intents`) applied to a copy of the scenario; the copy's
position is built and checked against every invariant of the game, and only then does it
replace the editor's. A refused edit raises :class:`~cyclades_widgets.scenario.ScenarioError`
in the learner's language and leaves the position exactly as it was.

>>> editor = EditorModel(players=3)
>>> _ = editor.apply({"type": "empty"})
>>> _ = editor.place("troop", "naxos", player="Athens", count=3)
>>> print(editor.code())
cw.Scenario(players=3).empty().troops("naxos", "Athens", 3)
>>> editor.place("fleet", "naxos", player="Athens")
Traceback (most recent call last):
...
cyclades_widgets.scenario.core.ScenarioError: Naxos is an isle; fleets go on sea spaces such as a1
>>> _ = editor.undo()
>>> editor.state.isles["naxos"].troops
0
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from contextlib import nullcontext
from pathlib import Path
from typing import Any, Self

from .. import bots as _bots
from .. import svg
from ..game import Game, GameRecord
from ..history import BaseGame, Bot
from ..i18n import Message, language
from ..rules.options import RuleOptions
from ..rules.state import GameState
from ..scenario import Scenario, ScenarioError
from .intents import apply_intent, check_shape
from .panels import palette, panels, targets

__all__ = ["EditorModel"]

Source = int | Sequence[str] | Scenario | BaseGame | GameRecord | GameState | None
Listener = Callable[["EditorModel"], None]


def _refused(key: str, literal: Sequence[str] = (), **params: object) -> ScenarioError:
    return ScenarioError(Message(f"editor.{key}", params, frozenset(literal)))


def scenario_of(
    source: Source, options: RuleOptions | None = None, map: str | None = None
) -> Scenario:
    """The scenario an editor starts from: a number of players (or their names) at the
    game's set-up, a scenario (copied), or the position of a game, a record's start or a
    state."""
    if source is None or isinstance(source, int | list | tuple):
        return Scenario(4 if source is None else source, options=options, map=map)
    if isinstance(source, Scenario):
        return source.copy()
    if isinstance(source, BaseGame):
        return Scenario.from_state(source.state)
    if isinstance(source, GameRecord):
        if source.start is None:
            raise _refused("record_no_start")
        return Scenario.from_state(source.start)
    if isinstance(source, GameState):
        return Scenario.from_state(source)
    got = type(source).__name__
    raise _refused("source", [got], got=got)


class EditorModel:
    """A position being set up by edits, with undo and redo: what the board editor shows.

    ``EditorModel(players=4)``, ``EditorModel(scenario)``, ``EditorModel(game)`` (its
    current position) or ``EditorModel(record)`` (its start). ``lang`` sets the language
    of the refusals (None: the session's language).
    """

    def __init__(
        self,
        source: Source = None,
        *,
        players: int | Sequence[str] | None = None,
        options: RuleOptions | None = None,
        map: str | None = None,
        lang: str | None = None,
    ) -> None:
        self.lang = lang
        """The language of the refusals (None: the session's language)."""
        with self._speaking():
            scenario = scenario_of(players if source is None else source, options, map)
            self._steps: list[tuple[Scenario, GameState, dict[str, Any] | None]] = [
                (scenario, scenario.state(), None)
            ]
        self._at = 0
        self._listeners: list[Listener] = []

    # ------------------------------------------------------------------ the position
    @property
    def scenario(self) -> Scenario:
        """The position as a :class:`~cyclades_widgets.scenario.Scenario` (a copy:
        changing it leaves the editor as it is)."""
        return self._steps[self._at][0].copy()

    @property
    def state(self) -> GameState:
        """The position as a :class:`~cyclades_widgets.rules.state.GameState` (a copy)."""
        return self._steps[self._at][1].copy()

    @property
    def players(self) -> tuple[str, ...]:
        """The players' names, in seat order."""
        return self._steps[0][0].players

    def code(self, prefix: str = "cw.") -> str:
        """The Python chain that rebuilds the position exactly, shortest form first."""
        return self._steps[self._at][0].code(prefix)

    def game(self, seed: int = 0) -> Game:
        """A new :class:`~cyclades_widgets.game.Game` from the position; ``seed`` draws
        its chance outcomes."""
        return self._steps[self._at][0].game(seed)

    def _repr_svg_(self) -> str:
        """The position as a static board, so a notebook shows it."""
        return str(svg.board(self._steps[self._at][1]))

    # ------------------------------------------------------------------ edits
    def apply(self, intent: Mapping[str, Any]) -> dict[str, Any]:
        """Apply one edit intent (see :mod:`cyclades_widgets.editor.intents`), or
        ``{"type": "undo"}`` / ``{"type": "redo"}``; return the intent as applied.
        A refused edit raises :class:`ScenarioError` and changes nothing."""
        with self._speaking():
            edit = check_shape(intent)
            if edit["type"] in ("undo", "redo"):
                self._at = self._step_to(-1 if edit["type"] == "undo" else 1)
                self._notify()
                return edit
            scenario = self._steps[self._at][0].copy()
            applied = apply_intent(scenario, edit)
            state = scenario.state()
        if state == self._steps[self._at][1]:
            return applied  # the position is the same: no step in the history
        del self._steps[self._at + 1 :]
        self._steps.append((scenario, state, applied))
        self._at += 1
        self._notify()
        return applied

    def check(self, intent: Mapping[str, Any]) -> ScenarioError | None:
        """The refusal ``intent`` would meet now, or None if it would be applied (nothing
        is changed either way)."""
        with self._speaking():
            scenario = self._steps[self._at][0].copy()
            try:
                edit = check_shape(intent)
                if edit["type"] in ("undo", "redo"):
                    self._step_to(-1 if edit["type"] == "undo" else 1)
                    return None
                apply_intent(scenario, edit)
                scenario.state()
            except ScenarioError as refusal:
                return refusal
        return None

    def place(
        self, piece: str, place: str, *, player: str | None = None, count: int | None = None
    ) -> dict[str, Any]:
        """Place ``count`` (default 1) of ``piece`` on ``place``: ``count`` is how many
        stand there afterwards."""
        return self.apply(_intent("place", piece=piece, place=place, player=player, count=count))

    def remove(
        self, piece: str, place: str, *, player: str | None = None, count: int | None = None
    ) -> dict[str, Any]:
        """Take ``count`` of ``piece`` (default: all of them) off ``place``."""
        return self.apply(_intent("remove", piece=piece, place=place, player=player, count=count))

    def toggle(
        self, piece: str, place: str, *, player: str | None = None, count: int | None = None
    ) -> dict[str, Any]:
        """A click: take ``piece`` away if it is on ``place``, else place it."""
        return self.apply(_intent("toggle", piece=piece, place=place, player=player, count=count))

    def clear(self, place: str) -> dict[str, Any]:
        """Take everything off one isle or sea."""
        return self.apply({"type": "clear", "place": place})

    def empty(self) -> dict[str, Any]:
        """Empty the board: no troops, fleets, buildings or markers anywhere."""
        return self.apply({"type": "empty"})

    def set(self, field: str, value: Any, *, player: str | None = None) -> dict[str, Any]:
        """Set a side-panel field: ``gold``, ``priests``, ``philosophers`` (of
        ``player``), ``cycle``, ``gods``, ``order``, ``creatures``, ``discard``, ``phase``
        or ``turn`` (``{"god": "ares", "player": "Athens"}``)."""
        return self.apply(_intent("set", field=field, value=value, player=player))

    # ------------------------------------------------------------------ history
    def undo(self) -> dict[str, Any]:
        """Take back the last edit."""
        return self.apply({"type": "undo"})

    def redo(self) -> dict[str, Any]:
        """Make again the last edit taken back."""
        return self.apply({"type": "redo"})

    @property
    def can_undo(self) -> bool:
        """Whether there is an edit to take back."""
        return self._at > 0

    @property
    def can_redo(self) -> bool:
        """Whether there is an edit taken back to make again."""
        return self._at < len(self._steps) - 1

    @property
    def history(self) -> list[dict[str, Any]]:
        """The edits that made the position, oldest first (those taken back excluded)."""
        return [dict(intent) for _, _, intent in self._steps[1 : self._at + 1] if intent]

    def _step_to(self, by: int) -> int:
        """The place in the history ``by`` edits away (-1: back), if there is one."""
        at = self._at + by
        if not 0 <= at < len(self._steps):
            raise _refused("nothing_to_undo" if by < 0 else "nothing_to_redo")
        return at

    # ------------------------------------------------------------------ what the board shows
    def palette(self) -> list[dict[str, Any]]:
        """What can be placed (:func:`.panels.palette`)."""
        return palette(self._steps[self._at][0])

    def panels(self) -> dict[str, Any]:
        """The side panels' values (:func:`.panels.panels`)."""
        scenario, state, _ = self._steps[self._at]
        return panels(scenario, state)

    def targets(self, piece: str, player: str | None = None, count: int | None = None) -> list[str]:
        """The places where ``piece`` (``player``'s, ``count`` of them) would be accepted
        now (:func:`.panels.targets`)."""
        with self._speaking():
            return targets(self._steps[self._at][0], piece, player, count)

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call ``listener(editor)`` after every change of the position (an edit, an undo
        or a redo); returns the function that stops it."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener) if listener in self._listeners else None

    def _notify(self) -> None:
        for listener in list(self._listeners):
            listener(self)

    # ------------------------------------------------------------------ from the editor
    def bots(self, seats: Mapping[str, str | Bot | None], seed: int = 0) -> dict[str, Bot]:
        """Bots for the seats named: a level (``"easy"``, ``"medium"``, ``"strong"``) or a
        bot; a seat given None, or not named, is played by hand."""
        scenario = self._steps[self._at][0]
        chosen: dict[str, Bot] = {}
        with self._speaking():
            for offset, (player, bot) in enumerate(seats.items()):
                name = scenario.player(player)
                if isinstance(bot, str):
                    chosen[name] = _bots.level(bot, seed=seed + offset)
                elif bot is not None:
                    chosen[name] = bot
        return chosen

    def whatif(
        self,
        n: int = 200,
        *,
        bots: Mapping[str, str | Bot | None] | None = None,
        level: str | None = None,
        seed: int = 0,
        progress: bool = False,
        **options: Any,
    ) -> _bots.WhatIf:
        """Win rates from the position: ``n`` continuations played by bots
        (:func:`cyclades_widgets.whatif`; ``bots`` as in :meth:`bots`, every other seat a
        bot of ``level``)."""
        game = self.game(seed)
        chosen = self.bots(bots or {}, seed)
        return _bots.whatif(game, n, chosen, seed=seed, level=level, progress=progress, **options)

    def record(self, seed: int = 0, **meta: Any) -> GameRecord:
        """The position as the start of a :class:`~cyclades_widgets.game.GameRecord` with
        no moves yet (``meta``: ``title``, ``date``, ``description``)."""
        game = self.game(seed)
        game.meta.update(meta)
        return game.record

    def save(self, path: str | Path, seed: int = 0, **meta: Any) -> Path:
        """Write the position as a record file (:meth:`record`); returns the path."""
        self.record(seed, **meta).save(path)
        return Path(path)

    @classmethod
    def load(cls, path: str | Path, *, lang: str | None = None) -> Self:
        """An editor on the start of the record at ``path``."""
        return cls(GameRecord.load(path), lang=lang)

    def _speaking(self) -> Any:
        return language(self.lang) if self.lang is not None else nullcontext()


def _intent(kind: str, **values: Any) -> dict[str, Any]:
    return {"type": kind, **{k: v for k, v in values.items() if v is not None or k == "value"}}
