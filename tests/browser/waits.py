"""Waits that name the state they wait for (issue 18: browser tests on a busy machine).

A browser test waits for *states*, never for times: a redraw that shows step 5, a menu that
is visible, a file the kernel wrote. Each wait here takes the state's name and, when the
state never comes, fails with ``AssertionError: never reached: <name>`` (plus what was seen
last), so a failure on a slow machine says which state was missing rather than "Timeout
60000ms exceeded". The time limits are generous bounds for a machine whose cores are busy
(``docs/reliability.md``), not a measure: nothing waits for a time to pass.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, TypeVar

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeout

T = TypeVar("T")

LIMIT_MS = 90_000
"""The longest any single state may take to come, on a busy 2-core machine."""

POLL_S = 0.05
"""How often Python-side states (files the kernel writes) are looked at."""


class NeverReached(AssertionError):
    """A state a browser test waited for never came; the message names it."""


def until(page: Any, what: str, js: str, arg: Any = None, timeout_ms: int = LIMIT_MS) -> Any:
    """Wait until the JavaScript predicate ``js`` (called with ``arg``) is true in ``page``;
    returns its value. ``what`` names the state: ``"the board at step 5"``."""
    try:
        return page.wait_for_function(js, arg=arg, timeout=timeout_ms).json_value()
    except PlaywrightTimeout:
        raise NeverReached(f"never reached: {what} (within {timeout_ms // 1000} s)") from None


def shown(locator: Any, what: str, state: str = "visible", timeout_ms: int = LIMIT_MS) -> Any:
    """Wait until ``locator`` is in ``state`` (visible, attached, hidden, detached); returns
    the locator. ``what`` names it: ``"the action menu"``."""
    try:
        locator.wait_for(state=state, timeout=timeout_ms)
    except PlaywrightTimeout:
        raise NeverReached(
            f"never reached: {what} {state} (within {timeout_ms // 1000} s; {locator})"
        ) from None
    return locator


def frames(page: Any, count: int = 2) -> None:
    """Wait until the page has painted ``count`` more frames (a redraw scheduled for the
    next frame has happened by then): a state of the page, not a time."""
    page.evaluate(
        """(n) => new Promise((done) => {
             const next = (k) => (k ? requestAnimationFrame(() => next(k - 1)) : done());
             next(n);
           })""",
        count,
    )


ANIMATIONS_DONE = """() => document.getAnimations().every(
    (a) => a.playState !== 'running' && a.playState !== 'pending')"""
"""A page state: no CSS or Web animation is running (the pieces have landed)."""


def animations_done(page: Any, what: str = "every animation finished") -> None:
    """Wait until no animation runs on the page."""
    until(page, what, ANIMATIONS_DONE)


def poll(what: str, probe: Callable[[], T | None], timeout_s: float = LIMIT_MS / 1000) -> T:
    """Look at a Python-side state (a file the kernel writes, a port) until ``probe()``
    returns something other than None; returns it. Fails naming ``what`` and the last
    exception seen."""
    deadline = time.monotonic() + timeout_s
    last: BaseException | None = None
    while True:
        try:
            value = probe()
        except (OSError, ValueError, PlaywrightError) as exc:  # half-written file, no port yet
            value, last = None, exc
        if value is not None:
            return value
        if time.monotonic() > deadline:
            raise NeverReached(
                f"never reached: {what} (within {timeout_s:.0f} s; last: {last!r})"
            ) from None
        time.sleep(POLL_S)
