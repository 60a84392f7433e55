"""What the parts of a board need from it: the contract between :class:`~.board.Board` and
its intent protocol (:mod:`.intents`) and its seats with the coach (:mod:`.seats`).

The board is one widget made of three parts, each in its own module: the synced fields
and the redraws (:mod:`.board`), the intents from the front end (:mod:`.intents`), and who
plays each seat with the coach's hints (:mod:`.seats`). The parts are mixins of
:class:`~.board.Board`; each method of a part declares ``self`` as a :class:`BoardHost`, so
each part uses only what is listed here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from ..game import Bot, Game
from ..rules.actions import Action
from .coach import CoachNote


class BoardHost(Protocol):
    """The board as its parts see it."""

    error: str
    notice: str
    annotation: dict[str, Any]
    highlights: dict[str, Any]
    interactive: bool
    viewer: str | None
    lang: str
    bots: dict[str, Bot]
    own_bots: dict[str, Bot]
    hint_playouts: int
    explain_bots: bool
    coach_notes: list[CoachNote]
    render_stats: list[dict[str, Any]]
    _actions: list[Action]
    _sent_at: dict[int, float]
    _coached: bool
    _clear_error: bool
    _shown_note: CoachNote | None

    @property
    def game(self) -> Game:
        """The game shown and played."""
        ...

    def text(self, key: str, /, **params: Any) -> str:
        """A catalog entry in the board's language."""
        ...

    def refresh(self) -> None:
        """Recompute and send what the board shows."""
        ...

    def handle_intent(self, msg: Any) -> bool:
        """Check and carry out one intent."""
        ...

    def send_intent(self, kind: str, **fields: Any) -> bool:
        """Carry out an intent of the board's own controls."""
        ...

    def may_act(self) -> bool:
        """Whether the person at this screen may decide now."""
        ...

    def _dispatch(self, kind: str, msg: Mapping[str, Any], made_at: int) -> None: ...

    def _hint(self) -> None: ...

    def _note(self, note: CoachNote, marks: Mapping[str, Any] | None = None) -> None: ...

    def _undo_own(self, kind: str) -> bool: ...

    def _let_bots_play(self) -> None: ...

    def hold_trait_notifications(self) -> Any:
        """traitlets' context manager."""
        ...
