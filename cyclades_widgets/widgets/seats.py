"""Who plays each seat of a board, and the coach: a part of :class:`~.board.Board`.

- :meth:`Seats.set_seat`: a person, a bot level or the bot given to the board;
- Continue lets the bots play (a strong bot leaves its reason on the board);
- :meth:`Seats.hint`: the coach's move for the person to act, its reason on the board;
- against bots, Undo takes back to the person's own last decision (the bots' moves since
  go with it) and Redo plays forward to their next one.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..bots import LEVELS, level_name
from ..game import Bot
from .coach import (
    HINT_LEVEL,
    OWN,
    CoachNote,
    Explaining,
    hint_marks,
    seat_bots,
    seat_choice,
    seat_label,
)
from .host import BoardHost
from .intents import IntentError, read_only
from .timeline import Timeline

__all__ = ["Seats"]


class Seats:
    """The seats and the coach of :class:`~.board.Board` (a mixin: see :mod:`.host`)."""

    _shown_note: CoachNote | None

    def set_seat(self: BoardHost, player: str, choice: str) -> None:
        """Who plays ``player``: ``"you"`` (a person), a bot level (``"easy"``, ``"medium"``,
        ``"strong"``) or ``"own"`` (the bot given in ``bots=``); Continue plays the bots."""
        game = self.game
        seat_bots(self.bots, self.own_bots, game.state.names, game.seed, player, choice)
        self.refresh()

    def bot_levels(self: BoardHost) -> dict[str, str]:
        """The players a bot plays, each with its level's name ("" for another bot)."""
        levels: dict[str, str] = {}
        for name, bot in self.bots.items():
            choice = seat_choice(bot)
            levels[name] = level_name(choice, self.lang) if choice in LEVELS else ""
        return levels

    def hint(self: BoardHost) -> bool:
        """Ask the coach (``Game.hint``, strong, with ``hint_playouts`` playouts) for the
        move of the person to act, as the Hint button does: its reason goes to the note
        panel and ``coach_notes``, its target is highlighted. The game does not change.
        False (and ``error`` says why) at a bot's turn, where no decision is due, or on
        another player's screen."""
        return self.send_intent("hint")

    def _hint(self: BoardHost) -> None:
        game = self.game
        if not self.interactive:
            raise read_only(self)
        if game.is_over:
            raise IntentError(self.text("board.error.over", player=game.winner))
        who = game.to_act
        if game.node != "decision" or who is None:
            raise IntentError(self.text("board.hint.no_decision"))
        if who in self.bots:
            choice = seat_choice(self.bots[who])
            shown = (
                seat_label(choice, self.lang) if choice == OWN else level_name(choice, self.lang)
            )
            raise IntentError(self.text("board.hint.bot_turn", player=who, level=shown))
        if self.viewer is not None and self.viewer != who:
            raise IntentError(self.text("board.hint.not_yours", player=who, viewer=self.viewer))
        hint = game.hint(HINT_LEVEL, playouts=self.hint_playouts)
        note = CoachNote(who, hint)
        self.coach_notes.append(note)
        self._note(note, marks=hint_marks(hint))

    def _note(self: BoardHost, note: CoachNote, marks: Mapping[str, Any] | None = None) -> None:
        """Show a coach's note on the board (a hint with its highlights)."""
        self._shown_note = note
        with self.hold_trait_notifications():
            self.annotation = note.annotation(self.lang)
            self.highlights = dict(marks or {})
        self._coached = True

    def _let_bots_play(self: BoardHost) -> None:
        """Continue: the automatic and chance steps, and the bots' decisions, up to the
        next decision of a person (a strong bot explains each move it searched)."""
        bots: dict[str, Bot] = dict(self.bots)
        if self.explain_bots:
            for name, bot in bots.items():
                if seat_choice(bot) == "strong":
                    bots[name] = Explaining(bot, name)  # type: ignore[arg-type]
        try:
            self.game.advance(to="decision", bots=bots)
        finally:
            notes = [n for b in bots.values() if isinstance(b, Explaining) for n in b.notes]
            if notes:
                self.coach_notes.extend(notes)
                self._note(notes[-1])

    def _undo_own(self: BoardHost, kind: str) -> bool:
        """Undo (``kind="undo"``) or redo; False when there is nothing to take back or
        play again. Without bots, one ``game.undo()`` / ``game.redo()``. With bots in
        some seats, Undo goes back to the person's own last decision (where they may decide
        again) and Redo forward to their next one, or to the end."""
        game = self.game
        if not self.bots:
            return (game.undo() if kind == "undo" else game.redo()) is not None
        timeline = Timeline(game)
        target = _own_decision(timeline, set(self.bots), kind)
        if target is None:
            return False
        game.goto(target)
        return True


def _own_decision(timeline: Timeline, bots: set[str], kind: str) -> int | None:
    """The position of a person's decision before (undo) or after (redo) the current one:
    a position ``k`` where step ``k`` is a decision of a player no bot plays (or the start,
    or the end of the history); None when there is nowhere to go."""
    here, length = timeline.index, timeline.length
    steps = timeline.steps
    if kind == "undo":
        if here == 0:
            return None
        return next(
            (k for k in range(here - 1, -1, -1) if _is_own(steps[k], bots)),
            0,
        )
    if here == length:
        return None
    return next((k for k in range(here + 1, length) if _is_own(steps[k], bots)), length)


def _is_own(step: Any, bots: set[str]) -> bool:
    return bool(step.kind == "decision" and step.player not in bots)
