"""The log panel: what happened since the player to act last decided, grouped by phase and
player, newest step marked. During a god's action, the player's own moves of that action
stay in view with the others'.

After a bot's turn (or a Continue), the whole of it stays visible: the log covers every
step since the current player's previous decision (at a chance or automatic step: since
the last decision). The newest steps are kept, whole, up to :data:`MAX_LINES` lines (or the
newest step alone when it is longer), so a step's lines are the same in every position that
shows it; the panel says how many earlier lines it left out.

Each item names its step (its number in the history, 1-based), so the HTML page stores
every step's narration once and its frames refer to it (:mod:`cyclades_widgets.records.page`).

>>> import cyclades_widgets as cw
>>> game = cw.Game.new(players=3, seed=7)
>>> game.play("bid ares 1")
[...]
>>> words = Words("en", game.state.map_id, game.state.names)
>>> log = turn_log(game.history, game.state, words)
>>> group = log["groups"][-1]
>>> group["head"], [log["lines"][str(k)] for k in group["steps"]]
('Offerings · Corinth', [['Corinth offers 1 GP to Ares.']])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..narrate import narrate_events
from ..rules import flow
from ..rules.state import GameState
from .text import Words

__all__ = ["MAX_LINES", "MAX_STEPS", "StepLines", "turn_log"]

MAX_LINES = 24
"""The most lines the panel holds (the newest steps, whole, are kept)."""

MAX_STEPS = 60
"""The most steps it looks back over."""


class StepLines:
    """Narration of history steps, computed once per step and language."""

    def __init__(self) -> None:
        self._done: dict[tuple[int, str], tuple[Any, list[str]]] = {}

    def __call__(self, step: Any, state: GameState, lang: str) -> list[str]:
        """The lines of one step (its events in plain language)."""
        key = (id(step), lang)
        found = self._done.get(key)
        if found is not None and found[0] is step:
            return found[1]
        lines = _narrate(step.events, state, lang)
        if len(self._done) > 4096:
            self._done.clear()
        self._done[key] = (step, lines)
        return lines


def _narrate(events: Sequence[Any], state: GameState, lang: str) -> list[str]:
    try:
        text = narrate_events(events, lang, state_or_map=state)
    except ValueError:  # a language the narration has no sentences for yet: English
        text = narrate_events(events, "en", state_or_map=state)
    return [line for line in text.split("\n") if line]


def _player_of(step: Any, state: GameState) -> str | None:
    """Whose step it is: the deciding player, or the one player all its events are about
    (the start of a god's action, a bot's creature), else None (revenue, shuffles...)."""
    if step.kind == "decision":
        player: str | None = step.player
        return player
    named = {e.data.get("player") for e in step.events if e.data.get("player") in state.names}
    return named.pop() if len(named) == 1 and all("player" in e.data for e in step.events) else None


def _start(history: Sequence[Any], state: GameState) -> int:
    """Index of the first step to show: the step after the player to act last decided
    before the current god's action (so their own moves of this action stay in view),
    or after the last decision at a chance or automatic step."""
    kind, seat = flow.node(state)
    actor = state.names[seat] if kind == "decision" and seat is not None else None
    first = max(0, len(history) - MAX_STEPS)
    end = len(history)
    if actor is not None and state.turn is not None:
        end = _turn_start(history, first)
    for i in range(end - 1, first - 1, -1):
        step = history[i]
        if step.kind != "decision":
            continue
        if actor is None:
            return i
        if step.player == actor:
            return i + 1
    return first


def _turn_start(history: Sequence[Any], first: int) -> int:
    """Index of the step that began the god's action under way."""
    for i in range(len(history) - 1, first - 1, -1):
        if any(event.kind == "turn_start" for event in history[i].events):
            return i
    return first


def turn_log(
    history: Sequence[Any],
    state: GameState,
    words: Words,
    *,
    lines_of: StepLines | None = None,
) -> dict[str, Any]:
    """The steps since the player to act last decided (see the module docstring):

    ``{"groups": [{"head", "seat", "steps": [k, ...]}], "lines": {"k": [line, ...]},
    "newest": k, "earlier": "… 3 earlier lines"}``: the groups by phase and player, each
    step's lines by its number (1-based), the newest step, and the lines left out (absent
    when none). Steps are keys, not positions, so one position's log differs from the
    next one's by a few entries (:mod:`.diff`).
    """
    lines_of = lines_of or StepLines()
    kept: list[tuple[int, Any, list[str]]] = []
    for index in range(_start(history, state), len(history)):
        lines = lines_of(history[index], state, words.lang)
        if lines:
            kept.append((index + 1, history[index], lines))
    earlier = 0
    total = sum(len(lines) for _, _, lines in kept)
    while len(kept) > 1 and total - earlier > MAX_LINES:  # whole steps: a step's lines
        earlier += len(kept.pop(0)[2])  # are the same in every position (the HTML page)
    groups: list[dict[str, Any]] = []
    key: tuple[str, str | None] | None = None
    for number, step, _ in kept:
        here = (step.phase.value, _player_of(step, state))
        if here != key:
            key = here
            phase = words(f"board.phase.{step.phase.value}")
            head = (
                phase if here[1] is None else words("board.log.head", phase=phase, player=here[1])
            )
            seat = state.names.index(here[1]) if here[1] in state.names else None
            groups.append({"head": head, "seat": seat, "steps": []})
        groups[-1]["steps"].append(number)
    out: dict[str, Any] = {
        "groups": groups,
        "lines": {str(number): lines for number, _, lines in kept},
        "newest": len(history),
    }
    if earlier:
        out["earlier"] = words("board.log.earlier", n=earlier)
    return out
