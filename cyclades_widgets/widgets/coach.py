"""The seats and the coach on the board (issue 15, the widgets' side).

- Who plays each seat: :data:`YOU` (a person), or a bot level of :data:`~cyclades_widgets.bots.LEVELS`
  (:func:`seat_choice`, :func:`make_bot`), or :data:`OWN`, the bot given to the board's
  ``bots=`` argument.
- The hint: :func:`hint_marks` turns a :class:`~cyclades_widgets.bots.Hint`'s target into the
  board's highlights (an isle or a sea; a move also gets its arrow).
- A strong bot's reason: :class:`Explaining` wraps a :class:`~cyclades_widgets.bots.StrongBot`
  while the board lets it play, and keeps the :class:`~cyclades_widgets.bots.Hint` of each
  move it searched (:func:`~cyclades_widgets.bots.explain_move`).

>>> seat_choice(None), seat_choice(make_bot("easy", 3)), make_bot("strong", 3).playouts
('you', 'easy', 400)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..bots import LEVELS, Hint, StrongBot, explain_move, level_name
from ..game import Bot
from ..i18n import text
from ..rules.actions import Action
from ..rules.state import GameState

__all__ = [
    "HINT_LEVEL",
    "HINT_PLAYOUTS",
    "OWN",
    "STRONG_PLAYOUTS",
    "YOU",
    "CoachNote",
    "Explaining",
    "hint_marks",
    "make_bot",
    "seat_bots",
    "seat_choice",
    "seat_label",
]

YOU = "you"
"""The seat choice of a person."""

OWN = "own"
"""The seat choice of a bot given to the board (``bots=``) that is not one of the levels."""

HINT_LEVEL = "strong"
"""The level of the coach behind the Hint button."""

HINT_PLAYOUTS = 400
"""Playouts of a hint from the board: about a third of a second on one core (the coach's
own strong budget is 900)."""

STRONG_PLAYOUTS = 400
"""Playouts per decision of a strong bot chosen in the seat picker (its default budget)."""


def seat_choice(bot: Bot | None) -> str:
    """What plays a seat: :data:`YOU`, a level name, or :data:`OWN` (any other bot)."""
    if bot is None:
        return YOU
    chosen = getattr(bot, "level", None)
    return str(chosen) if chosen in LEVELS else OWN


def seat_label(choice: str, lang: str) -> str:
    """A seat choice in the learner's words ("You (a person)", "Bot: Strong", ...)."""
    if choice == YOU:
        return text("board.seat.you", lang)
    if choice == OWN:
        return text("board.seat.own", lang)
    return text("board.seat.bot", lang, level=level_name(choice, lang))


def make_bot(level: str, seed: int | None) -> Any:
    """A bot of ``level`` for a seat (a strong one searches :data:`STRONG_PLAYOUTS` playouts)."""
    from ..bots import level as make

    if level == "strong":
        return make(level, seed=seed, playouts=STRONG_PLAYOUTS)
    return make(level, seed=seed)


def seat_bots(
    bots: dict[str, Bot],
    own: Mapping[str, Bot],
    names: Sequence[str],
    seed: int | None,
    player: str,
    choice: str,
) -> None:
    """Make ``player`` played by ``choice`` in ``bots``: :data:`YOU` takes its bot off, a
    level puts a new bot of that level (seeded from ``seed`` and the seat; kept if the
    seat has that level already), :data:`OWN` puts back ``own[player]``. Raises
    ``ValueError`` for an unknown player or choice (``bots`` then unchanged)."""
    if player not in names:
        raise ValueError(f"no player {player!r}; the players are {', '.join(names)}")
    if choice == YOU:
        bots.pop(player, None)
    elif choice == OWN and player in own:
        bots[player] = own[player]
    elif choice in LEVELS:
        if seat_choice(bots.get(player)) != choice:
            bots[player] = make_bot(choice, (seed or 0) * 10 + list(names).index(player))
    else:
        raise ValueError(
            f"a seat is {YOU!r}, {OWN!r} or one of {', '.join(LEVELS)}; not {choice!r}"
        )


def hint_marks(hint: Hint) -> dict[str, Any]:
    """The board's highlights for a hint: its target isle or sea, and for a move the
    arrow from where the units leave. A god's or creature's target is named by the
    reason only (the tracks are lit by the legal actions already): no highlight."""
    if hint.target is None or hint.target_kind not in ("isle", "sea"):
        return {}
    action = hint.action
    if action.kind == "move" and isinstance(action.args[1], str) and action.args[1] != hint.target:
        return {"places": [hint.target], "arrows": [[action.args[1], hint.target]]}
    return {"places": [hint.target]}


@dataclass(frozen=True)
class CoachNote:
    """One line of the coach's log: a hint asked for (``bot_level`` None) or the reason
    of a strong bot's move."""

    player: str
    hint: Hint
    bot_level: str | None = None

    def text(self, lang: str) -> str:
        """The line in ``lang``."""
        reason = self.hint.reason(lang)
        if self.bot_level is None:
            return text("board.hint.line", lang, self.player, player=self.player, reason=reason)  # fmt: skip
        level = level_name(self.bot_level, lang)
        params = {"player": self.player, "level": level, "reason": reason}
        return text("board.hint.bot_line", lang, self.player, **params)

    def annotation(self, lang: str) -> dict[str, str]:
        """The note as the board shows it: ``{"title": "Hint for Athens", "text": the
        reason}`` (a coach's note has a title and a text; a record's comments have
        ``before``, ``after`` and ``tag``)."""
        return {"title": self.tag(lang), "text": self.hint.reason(lang)}

    def tag(self, lang: str) -> str:
        """The title of the note on the board."""
        if self.bot_level is None:
            return text("board.hint.tag", lang, self.player, player=self.player)  # fmt: skip
        params = {"player": self.player, "level": level_name(self.bot_level, lang)}
        return text("board.hint.bot_tag", lang, self.player, **params)


@dataclass
class Explaining:
    """A strong bot as the board lets it play: it plays exactly as ``bot`` does, and
    each move it searched leaves a :class:`CoachNote` in ``notes``."""

    bot: StrongBot
    player: str
    notes: list[CoachNote] = field(default_factory=list)

    def choose(self, state: GameState, legal: Sequence[Action]) -> Action:
        """The wrapped bot's choice (a forced move leaves no note)."""
        before = self.bot.last
        action = self.bot.choose(state, legal)
        if self.bot.last is not before:
            hint = explain_move(self.bot)
            if hint is not None:
                self.notes.append(CoachNote(self.player, hint, "strong"))
        return action
