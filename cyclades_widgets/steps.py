"""The steps of a game's history, and how the state before any of them is rebuilt.

A :class:`Step` stores its action, not a copy of the state: a full copy is kept only
before every :data:`CHECKPOINT_EVERY`-th step, and the state before any other step is
rebuilt by replaying the steps since that checkpoint (the rules are deterministic given
the state and the action, so this is exact). :class:`~cyclades_widgets.history.BaseGame`
keeps a list of steps; this module knows nothing of playing.
"""

from __future__ import annotations

import weakref
from typing import Any, Literal

from .rules import flow
from .rules.actions import Action
from .rules.events import Event
from .rules.state import GameState, Phase

__all__ = [
    "CHECKPOINT_EVERY", "KEEP_EVENTS", "Step", "flatten", "rebuild", "replay", "unflatten",
]  # fmt: skip

CHECKPOINT_EVERY = 64
"""The history keeps a full copy of the state before every 64th step (a checkpoint); the
state before any other step is rebuilt by replaying the steps since the checkpoint (at most
63, well under a millisecond), which the rules make exact. See :attr:`Step.before`."""

KEEP_EVENTS = 64
"""The events of the newest 64 steps stay in memory (the board's log looks back over 60);
older steps rebuild theirs on demand, by replaying, like :attr:`Step.before`."""


class Step:
    """One applied step: what happened, and how to rebuild the state just before it.

    A step stores its action, not a copy of the state: the state before it
    (:attr:`before`) is rebuilt from the nearest checkpoint (:data:`CHECKPOINT_EVERY`), so
    a step costs a few hundred bytes. Steps are never changed once made, and are shared
    by forks and sliced histories.
    """

    __slots__ = (
        "__weakref__",
        "_base",
        "_events",
        "_prev",
        "action",
        "cycle",
        "joined",
        "kind",
        "phase",
        "player",
    )

    def __init__(
        self,
        kind: Literal["decision", "chance", "auto"],
        action: Action | None,
        player: str | None,
        events: list[Event],
        phase: Phase,
        cycle: int,
        *,
        prev: Step | None,
        base: GameState | None,
        joined: bool = False,
    ) -> None:
        self.kind = kind
        self.action = action
        """The decision or chance outcome; None for an automatic step."""
        self.player = player
        """The deciding player's name (None at a chance or automatic step)."""
        self._events: list[Event] | None = events
        self.phase = phase
        self.cycle = cycle
        self.joined = joined
        """True when one :meth:`~cyclades_widgets.history.BaseGame.play` call made this step and the one before it
        (pending automatic steps, then the move): :meth:`~cyclades_widgets.history.BaseGame.undo` takes them back
        together."""
        self._prev = prev
        self._base = base
        if prev is None and base is None:
            raise ValueError("the first step of a history needs the state before it")

    @property
    def notation(self) -> str | None:
        """The action's notation, or None for an automatic step."""
        return None if self.action is None else str(self.action)

    @property
    def before(self) -> GameState:
        """The state just before this step: a new, independent copy on each call."""
        return rebuild(self).copy()

    @property
    def events(self) -> list[Event]:
        """The events of this step (rebuilt by replaying it, for an old step)."""
        events = self._events
        if events is None:
            events = replay(rebuild(self).copy(), self)
        return events

    def __copy__(self) -> Step:
        return self  # a step never changes once made

    def __deepcopy__(self, memo: dict[int, Any]) -> Step:
        return self

    def _flat(self, first: bool) -> tuple[Any, ...]:
        """This step without its link to the one before (see :meth:`BaseGame.__getstate__`)."""
        base = self._base if self._base is not None or not first else self.before
        fields = (self.kind, self.action, self.player, self._events, self.phase, self.cycle)
        return (*fields, self.joined, base)

    @classmethod
    def _unflat(cls, flat: tuple[Any, ...], prev: Step | None) -> Step:
        kind, action, player, events, phase, cycle, joined, base = flat
        step = cls(kind, action, player, [], phase, cycle, prev=prev, base=base, joined=joined)
        step._events = events
        return step

    def __repr__(self) -> str:
        what = self.notation or "auto"
        return f"<Step {self.kind} {what!r} {self.phase.value}, cycle {self.cycle}>"


def replay(state: GameState, step: Step) -> list[Event]:
    """Apply ``step`` again to ``state`` (the state before it); its events."""
    if step.action is None:
        return flow.auto_step(state)
    return flow.apply(state, step.action)


_cursor: tuple[weakref.ref[Step], GameState] | None = None
"""The state before the step most recently rebuilt (never changed once stored), so that
going through a history in order, or undoing step after step, replays one step each."""


def rebuild(step: Step) -> GameState:
    """The state before ``step``, shared with the cursor: copy it before changing it."""
    global _cursor
    if step._base is not None:
        return step._base
    cursor = _cursor
    at = cursor[0]() if cursor is not None else None
    chain: list[Step] = []
    walk: Step | None = step
    while walk is not None:
        if walk is at and cursor is not None:
            state = cursor[1].copy()
            break
        if walk._base is not None:
            state = walk._base.copy()
            break
        walk = walk._prev
        assert walk is not None
        chain.append(walk)
    else:  # pragma: no cover - the first step of a history always has a base
        raise AssertionError("a history without a checkpoint")
    for earlier in reversed(chain):
        replay(state, earlier)
    _cursor = (weakref.ref(step), state)
    return state


def flatten(history: list[Step], redo: list[Step]) -> tuple[int, list[tuple[Any, ...]]]:
    """A history and its redo list as a flat list of steps without their links (for pickle
    and deepcopy: a long chain of links would be too deep to pickle), and how many of them
    are the history."""
    chain = [*history, *reversed(redo)]
    return len(history), [step._flat(k == 0) for k, step in enumerate(chain)]


def unflatten(flats: list[tuple[Any, ...]]) -> list[Step]:
    """The steps of :func:`flatten`, linked again, oldest first."""
    steps: list[Step] = []
    prev: Step | None = None
    for flat in flats:
        prev = Step._unflat(flat, prev)
        steps.append(prev)
    return steps
