"""``BaseGame``: a rules state plus its history (undo/redo/fork), chance and stepping.

This is the game layer: it knows the rules and nothing above them. The public
:class:`cyclades_widgets.game.Game` adds what the layers above offer (the record, the
tables, the narration, the picture); the layers in between (narration, tables, bots, the
view model) work on a ``BaseGame`` and so never import the class that imports them.

>>> game = BaseGame.new(players=3, seed=7)
>>> game.phase, game.to_act is not None
(<Phase.OFFERINGS: 'offerings'>, True)
>>> events = game.play(game.legal_actions()[0])
>>> game.undo() is not None
True
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from itertools import repeat
from operator import is_
from typing import Any, Literal, Protocol, Self

from .i18n import message
from .observed import Observed
from .rules import flow
from .rules.actions import Action
from .rules.errors import CycladesError, IllegalActionError
from .rules.events import Event
from .rules.messages import sample
from .rules.options import RuleOptions
from .rules.setup import new_state, setup_events
from .rules.state import GameState, Phase
from .steps import CHECKPOINT_EVERY, KEEP_EVENTS, Step, flatten, replay, unflatten

__all__ = ["CHECKPOINT_EVERY", "KEEP_EVENTS", "BaseGame", "Bot", "Step", "Target"]

Target = Literal["decision", "phase", "cycle", "end"]


class Bot(Protocol):
    """Anything that picks one of the legal actions for the seat to act."""

    def choose(self, state: GameState, legal: Sequence[Action]) -> Action:
        """Return one element of ``legal``."""
        ...


_OVER = Phase.OVER  # an enum member read once (a class attribute look-up each time is slow)


class BaseGame(Observed):
    """A game of Cyclades with its history: play, step, advance, undo, redo, fork.

    Every view of the game follows it: each public call that moves it announces the change
    once to the game's listeners (:meth:`observe`).
    """

    def __init__(
        self,
        state: GameState,
        *,
        seed: int = 0,
        history: Iterable[Step] = (),
        meta: Mapping[str, Any] | None = None,
    ) -> None:
        self._state = state
        self.seed = seed
        """Seeds the chance steps that are not forced (outcome k uses ``f"{seed}/{k}"``)."""
        self._history: list[Step] = list(history)
        self._redo: list[Step] = []
        self.meta: dict[str, Any] = dict(meta or {})
        """Free-form header data kept in records (title, date, description)."""
        self._initial = state.copy() if not self._history else self._history[0].before
        self.forced: list[Action] = []
        """Chance outcomes to use before the seed, in order (see :meth:`force`)."""
        self._legal: list[Action] | None = None
        self._node: tuple[flow.Node, int | None] | None = None
        self._rng = random.Random()

    # ------------------------------------------------------------------ creation
    @classmethod
    def new(
        cls,
        players: int | Sequence[str] = 4,
        seed: int = 0,
        options: RuleOptions | None = None,
        *,
        map: str | None = None,
        start: Literal["decision", "setup"] = "decision",
    ) -> Self:
        """A new game. By default it runs the opening chance and automatic steps (turn
        order, creature track, gods, revenue) and stops at the first bid; with
        ``start="setup"`` it stays before them, so every phase can be stepped."""
        game = cls(new_state(players, options, map), seed=seed)
        if start == "decision":
            game.advance(to="decision")
        return game

    # ------------------------------------------------------------------ views
    @property
    def state(self) -> GameState:
        """The current state (treat as read-only)."""
        return self._state

    @property
    def initial_state(self) -> GameState:
        """The state before the first step."""
        return self._initial

    @property
    def cycle(self) -> int:
        """The current cycle number (0 during setup)."""
        return self._state.cycle

    @property
    def phase(self) -> Phase:
        """The current phase."""
        return self._state.phase

    @property
    def players(self) -> tuple[str, ...]:
        """Player names in seat order."""
        return self._state.names

    @property
    def node(self) -> str:
        """'decision', 'chance', 'auto' or 'over'."""
        return self._node_now()[0]

    @property
    def to_act(self) -> str | None:
        """The player who must decide now, or None while nothing needs a decision."""
        kind, player = self._node_now()
        return self._state.names[player] if kind == "decision" and player is not None else None

    @property
    def is_over(self) -> bool:
        """True once a player has won at the end of a cycle."""
        return self._state.phase is _OVER

    @property
    def winner(self) -> str | None:
        """The winner's name, once the game is over."""
        w = self._state.winner
        return None if w is None else self._state.names[w]

    @property
    def history(self) -> tuple[Step, ...]:
        """Every step applied so far, oldest first."""
        return tuple(self._history)

    @property
    def events(self) -> list[Event]:
        """The events of the last step."""
        return list(self._history[-1].events) if self._history else setup_events(self._state)

    def moves(self) -> list[str]:
        """Notations of the decisions and chance outcomes so far (what a record stores)."""
        return [str(s.action) for s in self._history if s.action is not None]

    def legal_actions(self) -> list[Action]:
        """The decisions open to :attr:`to_act` (empty if no decision is due).

        They are computed once per step and shared by :meth:`play`, the bots of
        :meth:`advance` and the board, until the game moves (a step, undo, redo, goto).
        """
        return list(self._legal or self._legal_now())

    def is_legal(self, action: Action) -> bool:
        """True if ``action`` is one of the decisions open now.

        Looked up in the list shared with :meth:`legal_actions` when it is listed already;
        otherwise only this action is checked, against the rules it could break
        (``flow.explain``, which agrees with the lists: ``tests/test_rules_once.py``),
        which is cheaper than listing every legal action.
        """
        if self._legal is not None:
            return _listed(action, self._legal)
        if self._node_now()[0] != "decision" or not isinstance(action, Action):
            return False
        return flow.explain(self._state, action) is None

    def _node_now(self) -> tuple[flow.Node, int | None]:
        """``flow.node`` of the current state, found once per step."""
        node = self._node
        if node is None:
            node = self._node = flow.node(self._state)
        return node

    def _legal_now(self) -> list[Action]:
        legal = self._legal
        if legal is None:
            node = self._node
            if node is None:  # as _node_now, without a call (the first look of a step)
                node = self._node = flow.node(self._state)
            decision = node[0] == "decision"
            legal = self._legal = flow.legal_actions(self._state) if decision else []
        return legal

    def _moved(self) -> None:
        """The state changed: forget the node and legal actions found for the previous one."""
        self._legal = None
        self._node = None

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """At a chance step, each outcome with its probability."""
        return flow.chance_outcomes(self._state)

    # ------------------------------------------------------------------ playing
    def play(self, action: str | Action) -> list[Event]:
        """Play a decision or force a chance outcome, given as notation or ``Action``.

        Pending automatic steps run first, and belong to this move: one :meth:`undo`
        takes back everything one ``play`` call did (the automatic steps and the move),
        and one :meth:`redo` plays it all again. Raises :class:`NotationError` or
        :class:`IllegalActionError`; after an error the game is exactly as before.
        """
        parsed = Action.parse(action) if isinstance(action, str) else action
        if not isinstance(parsed, Action):
            name = type(action).__name__
            raise IllegalActionError(message("rules.history.not_action", name, type=name))
        node = self._node or self._node_now()
        if node[0] == "auto":
            probe = self._state.copy()
            while flow.node(probe)[0] == "auto":
                flow.auto_step(probe)
            flow.check(probe, parsed)  # raises before anything changes
            events: list[Event] = []
            joined = False
            while self.node == "auto":
                events += self._apply(None, joined=joined)
                joined = True
            events += self._apply(parsed, joined=True)
            if self._listeners:
                self._announce()
            return events
        legal = self._legal or self._legal_now()
        if not any(map(is_, legal, repeat(parsed))) and not _listed(parsed, legal):
            flow.check(self._state, parsed, legal)  # a chance outcome, or raises
        events = self._apply(parsed, node=node)
        if self._listeners:
            self._announce()
        return events

    def step(self) -> list[Event]:
        """Perform the next automatic step or draw the next chance outcome.

        Raises :class:`IllegalActionError` at a decision (use :meth:`play`).
        """
        kind, player = self._node or self._node_now()
        if kind == "over":
            raise IllegalActionError(message("rules.history.over"))
        if kind == "decision":
            assert player is not None
            legal = [str(a) for a in self._legal_now()]
            raise IllegalActionError(
                message(
                    "rules.history.must_decide",
                    *self._state.names,
                    player=self._state.names[player],
                    legal=sample(legal, limit=6),
                )
            )
        action = None if kind == "auto" else self.sample_chance()
        events = self._apply(action, node=(kind, player))
        if self._listeners:
            self._announce()
        return events

    def force(self, *outcomes: str | Action) -> None:
        """Queue chance outcomes (e.g. ``"roll 3 0"``) that :meth:`step` and
        :meth:`advance` use, in order, instead of the seed when they are possible there.
        A teacher stages a battle this way."""
        parsed = [Action.parse(o) if isinstance(o, str) else o for o in outcomes]
        self.forced.extend(parsed)  # all parsed first: a NotationError queues nothing

    def sample_chance(self) -> Action:
        """The chance outcome to use now: the next forced one if it fits, else the seed's."""
        outcomes = flow.chance_outcomes(self._state)
        if self.forced:
            kinds = {a.kind for a, _ in outcomes}
            head = self.forced[0]
            if head.kind in kinds:
                if head not in {a for a, _ in outcomes}:
                    text = str(head)
                    raise IllegalActionError(
                        message("rules.history.forced_impossible", text, action=text)
                    )
                self.forced.pop(0)
                return head
        rng = self._rng  # reseeded: the draw is random.Random(f"{seed}/{step}")'s
        rng.seed(f"{self.seed}/{self._state.step}")
        actions = [a for a, _ in outcomes]
        return rng.choices(actions, weights=[w for _, w in outcomes])[0]

    def advance(
        self,
        to: Target = "decision",
        bots: Mapping[str, Bot] | None = None,
        *,
        max_steps: int = 200_000,
    ) -> list[Event]:
        """Run automatic steps, chance and bot decisions until ``to`` is reached:

        - ``"decision"``: a decision for a player without a bot;
        - ``"phase"``: the phase changes;
        - ``"cycle"``: the next cycle begins;
        - ``"end"``: the game is over.

        It always stops at a decision for a player without a bot, and at the end.
        """
        if to not in ("decision", "phase", "cycle", "end"):
            raise CycladesError(message("rules.history.advance_to", repr(to), to=repr(to)))
        bots = dict(bots or {})
        unknown = sorted(set(bots) - set(self._state.names))
        if unknown:
            raise CycladesError(
                message(
                    "rules.history.unknown_bots",
                    *self._state.names,
                    *unknown,
                    names=unknown,
                    players=list(self.players),
                )
            )
        before = len(self._history)
        try:
            return self._run(to, bots, max_steps)
        finally:  # once, when it stops (a bot's error included, if it moved the game)
            if self._listeners and len(self._history) != before:
                self._announce()

    def _run(self, to: Target, bots: Mapping[str, Bot], max_steps: int) -> list[Event]:
        """The loop of :meth:`advance`."""
        start_phase, start_cycle = self._state.phase, self._state.cycle
        events: list[Event] = []
        for _ in range(max_steps):
            kind, player = self._node_now()
            if kind == "over":
                break
            if to == "phase" and self._state.phase != start_phase:
                break
            if to == "cycle" and self._state.cycle != start_cycle:
                break
            if kind == "decision":
                assert player is not None
                bot = bots.get(self._state.names[player])
                if bot is None:
                    break
                events += self._apply(
                    bot.choose(self._state, self._legal_now()), node=(kind, player)
                )
            elif kind == "auto":
                events += self._apply(None, node=(kind, player))
            else:
                events += self._apply(self.sample_chance(), node=(kind, player))
        return events

    def _apply(
        self,
        action: Action | None,
        *,
        joined: bool = False,
        node: tuple[str, int | None] | None = None,
    ) -> list[Event]:
        """Apply one step and record it. ``node``: ``flow.node`` of the state, if known."""
        state = self._state
        history = self._history
        index = len(history)
        base = state.copy() if index % CHECKPOINT_EVERY == 0 else None
        kind, player = flow.node(state) if node is None else node
        phase, cycle = state.phase, state.cycle
        if action is None:
            events = flow.auto_step(state)
        else:
            events = flow.apply(state, action)
        name = state.names[player] if player is not None else None
        prev = history[-1] if history else None
        history.append(
            Step(kind, action, name, events, phase, cycle, prev=prev, base=base, joined=joined)  # type: ignore[arg-type]
        )
        if index >= KEEP_EVENTS:
            history[index - KEEP_EVENTS]._events = None  # rebuilt on demand (Step.events)
        if self._redo:
            self._redo.clear()
        self._legal = None
        self._node = None
        return events

    # ------------------------------------------------------------------ history
    def undo(self) -> Step | None:
        """Take back the last step (of any kind), or everything the last :meth:`play`
        call did: the automatic steps it ran first go with its move. Returns the last
        step taken back, or None at the start.

        The state is rebuilt from the history's nearest checkpoint
        (:data:`CHECKPOINT_EVERY`), exactly as it was.
        """
        if not self._history:
            return None
        last = self._history[-1]
        first = len(self._history) - 1
        while self._history[first].joined and first > 0:
            first -= 1
        self._back_to(first)
        if self._listeners:
            self._announce()
        return last

    def redo(self) -> Step | None:
        """Re-apply the last undone step, with the steps of the same :meth:`play` call.
        Returns the last step re-applied, or None if there is none."""
        if not self._redo:
            return None
        step = self._forward()
        while self._redo and self._redo[-1].joined:
            step = self._forward()
        if self._listeners:
            self._announce()
        return step

    def _back_to(self, index: int) -> None:
        """Undo down to ``index`` steps; the steps taken back go to the redo list."""
        history = self._history
        if index >= len(history):
            return
        self._state = history[index].before
        self._redo.extend(reversed(history[index:]))
        del history[index:]
        self._moved()

    def _forward(self) -> Step:
        step = self._redo.pop()
        replay(self._state, step)
        self._history.append(step)
        self._moved()
        return step

    def undone(self) -> list[Step]:
        """The steps taken back with :meth:`undo` and not yet redone, next to redo first."""
        return list(reversed(self._redo))

    def can_redo(self) -> bool:
        """True if :meth:`redo` has a step to re-apply."""
        return bool(self._redo)

    def goto(self, index: int) -> None:
        """Move to just after step ``index`` of the history (0 = before any step),
        by undo or redo, so the steps after it stay available for redo."""
        before = self._history[-1] if self._history else None
        self._back_to(max(index, 0))
        while len(self._history) < index and self._redo:
            self._forward()
        if self._listeners and (self._history[-1] if self._history else None) is not before:
            self._announce()

    def fork(self) -> Self:
        """An independent copy with the same history, to explore another line."""
        game = type(self)(
            self._state.copy(), seed=self.seed, history=list(self._history), meta=self.meta
        )
        game._initial = self._initial.copy()
        game.forced = list(self.forced)
        return game

    def __getstate__(self) -> dict[str, Any]:
        """For pickle and deepcopy: the steps as a flat list (each step links to the one
        before it, and a long chain of links would be too deep to pickle)."""
        data = dict(self.__dict__)
        data.pop("_listeners", None)  # a copy has no listeners of its own yet
        data["_history"], data["_redo"] = flatten(self._history, self._redo)
        return data

    def __setstate__(self, data: dict[str, Any]) -> None:
        """Rebuild the links between the steps of :meth:`__getstate__`."""
        steps, done = unflatten(data.pop("_redo")), data.pop("_history")
        self.__dict__.update(data)
        self._node = None
        self._legal = None
        self._history = steps[:done]
        self._redo = steps[done:][::-1]

    def __repr__(self) -> str:
        who = f", {self.to_act} to act" if self.to_act else ""
        end = f", won by {self.winner}" if self.is_over else ""
        return (
            f"<Game {len(self.players)} players, cycle {self.cycle}, {self.phase.value}{who}{end}>"
        )


def _listed(action: Action, legal: list[Action]) -> bool:
    """True if ``action`` is in ``legal``: the very object first (an action taken from
    :meth:`BaseGame.legal_actions`), else by value."""
    return any(map(is_, legal, repeat(action))) or action in legal
