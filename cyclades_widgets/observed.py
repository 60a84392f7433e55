"""Listeners of a game: every view of a game hears of each change of its position.

A game announces a change once per public call that moved it (``play``, ``step``,
``advance`` (once, when it stops), ``undo``, ``redo``, ``goto``), whatever made the call: a
notebook cell, a click on one of its boards, a bot. The boards, game views and replays of
the game listen, so none of them is left showing a position the game has left.

Listeners are held **weakly**: a game never keeps a discarded view alive. A bound method
(the usual listener, ``game.observe(self._game_changed)``) lives as long as its object; a
plain function lives as long as something else holds it (a lambda made in the call would
be gone at once, so keep a reference to it).

>>> from cyclades_widgets.history import BaseGame
>>> game = BaseGame.new(players=3, seed=7)
>>> seen = []
>>> def heard(changed): seen.append(len(changed.history))
>>> game.observe(heard)
>>> _ = game.play(game.legal_actions()[0]); _ = game.undo()
>>> seen
[6, 5]
>>> game.unobserve(heard); _ = game.redo(); seen
[6, 5]

With nobody listening, a change costs one attribute read.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import Any

__all__ = ["Listener", "Observed"]

Listener = Callable[[Any], None]
"""``callback(game)``: called after the game's position changed."""

_Ref = weakref.ref[Any] | weakref.WeakMethod[Any]


def _ref(callback: Listener) -> _Ref:
    if hasattr(callback, "__self__") and hasattr(callback, "__func__"):
        return weakref.WeakMethod(callback)
    try:
        return weakref.ref(callback)
    except TypeError:
        raise TypeError(
            f"a game's listener must be a function or a bound method, not {type(callback).__name__}"
        ) from None


class Observed:
    """The listeners of a game (mixed into :class:`~cyclades_widgets.history.BaseGame`)."""

    _listeners: list[_Ref] | None = None  # None until someone listens: free to ask

    def observe(self, callback: Listener) -> None:
        """Call ``callback(game)`` after every change of the position, held weakly (see
        the module's docstring). Observing twice with the same callback calls it once."""
        ref = _ref(callback)
        listeners = self._listeners
        if listeners is None:
            listeners = self._listeners = []
        if all(known() != callback for known in listeners):
            listeners.append(ref)

    def unobserve(self, callback: Listener) -> None:
        """Stop calling ``callback`` (nothing happens if it was not listening)."""
        if self._listeners:
            self._listeners = [r for r in self._listeners if r() not in (None, callback)]

    @property
    def observers(self) -> list[Listener]:
        """The listeners still alive, in the order they started listening."""
        return [cb for cb in (r() for r in self._listeners or ()) if cb is not None]

    def _announce(self) -> None:
        """Tell every living listener that the position changed; forget the dead ones."""
        listeners = self._listeners
        if not listeners:
            return
        alive = []
        for ref in list(listeners):
            callback = ref()
            if callback is not None:
                alive.append(ref)
                callback(self)
        if len(alive) != len(listeners):
            self._listeners = [r for r in self._listeners or () if r() is not None]
