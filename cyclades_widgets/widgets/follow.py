"""When the views of a game redraw: once per notebook cell, or once per click.

A game announces each change to its views (:meth:`~cyclades_widgets.history.BaseGame.observe`).
A view does not redraw at once: it asks :data:`REDRAWS` for a redraw, which comes

- at the end of the notebook cell that changed the game, when a cell is running (IPython's
  ``post_run_cell`` event): ``game.advance(to="end", bots=...)`` through 300 steps sends one
  view, and nothing is sent that the next step of the same cell would make stale;
- at the end of the message being handled, inside :meth:`Redraws.batch` (a click on a board
  changes the game, and every view of it redraws once, together);
- at once otherwise (a plain Python script, a test).

:meth:`Redraws.flush` redraws every waiting view now (a board's ``refresh()`` does so for
itself).
"""

from __future__ import annotations

import weakref
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, Protocol

__all__ = ["REDRAWS", "Redraws", "Redrawable"]


class Redrawable(Protocol):
    """A view that can bring itself up to date with its game."""

    def redraw(self) -> None:
        """Recompute what the view shows from its game, and send it."""


class Redraws:
    """The views waiting for a redraw, and when to redraw them (see the module)."""

    def __init__(self) -> None:
        self._waiting: dict[int, weakref.ref[Any]] = {}
        self._depth = 0
        self._in_cell = False
        self._hooked = False

    @property
    def deferred(self) -> bool:
        """True while redraws wait: a cell is running, or a batch is open."""
        return self._depth > 0 or self._in_cell

    def request(self, view: Redrawable) -> None:
        """Redraw ``view`` when the current cell or batch ends (at once if neither)."""
        self.hook()
        self._waiting[id(view)] = weakref.ref(view)
        if not self.deferred:
            self.flush()

    def done(self, view: Redrawable) -> None:
        """``view`` has just redrawn itself: it no longer waits."""
        self._waiting.pop(id(view), None)

    def waits(self, view: Redrawable) -> bool:
        """True if ``view`` waits for a redraw."""
        ref = self._waiting.get(id(view))
        return ref is not None and ref() is view

    def flush(self) -> None:
        """Redraw every waiting view now, once each (views that ask again while this runs
        are redrawn too). A view that fails does not keep the others from redrawing: its
        error is raised after."""
        failed: BaseException | None = None
        while self._waiting:
            _, ref = self._waiting.popitem()
            view = ref()
            try:
                if view is not None:
                    view.redraw()
            except Exception as exc:  # noqa: BLE001 - the others redraw; raised after
                failed = failed or exc
        if failed is not None:
            raise failed

    @contextmanager
    def batch(self) -> Iterator[None]:
        """Hold the redraws asked for inside the block until it ends, then do them."""
        self._depth += 1
        try:
            yield
        finally:
            self._depth -= 1
            if not self.deferred:
                self.flush()

    def hook(self) -> None:
        """Listen to IPython's cells, once (nothing happens outside IPython)."""
        if self._hooked:
            return
        self._hooked = True
        shell = _shell()
        if shell is None:
            return
        shell.events.register("pre_run_cell", self._cell_starts)
        shell.events.register("post_run_cell", self._cell_ends)
        self._in_cell = _running_a_cell(shell)

    def _cell_starts(self, info: Any = None) -> None:
        self._in_cell = True

    def _cell_ends(self, result: Any = None) -> None:
        self._in_cell = False
        if not self.deferred:
            self.flush()


def _shell() -> Any:
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - IPython comes with the widgets
        return None
    return get_ipython()


def _running_a_cell(shell: Any) -> bool:
    """Whether the shell is running a cell right now (the first view is made in a cell,
    almost always; in a kernel we can ask which message is being handled)."""
    kernel = getattr(shell, "kernel", None)
    get_parent = getattr(kernel, "get_parent", None)
    if get_parent is None:
        return True
    try:
        parent = get_parent("shell")
    except TypeError:  # older ipykernel: no channel argument
        parent = get_parent()
    kind = (parent or {}).get("header", {}).get("msg_type")
    return kind in (None, "execute_request")


REDRAWS = Redraws()
"""The one schedule of redraws of this Python process."""
