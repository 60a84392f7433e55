"""The messages the rules give: which rule an action breaks, in the learner's language.

Every message the rules core shows is a catalog entry ``rules.<topic>.<rule>`` of
``data/messages/<lang>/rules.json``. :func:`rule` builds one, keeping the players' names as
they are; :func:`sample` shows a short list of notations (what would be legal).

>>> from cyclades_widgets.rules.errors import render_message
>>> render_message(sample(["bid ares 1", "bid ares 2", "bid apollo"], limit=2), "en")
'bid ares 1, bid ares 2, … (3 in all)'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Protocol

from ..i18n import Message


class Named(Protocol):
    """Anything with the players' names (a game state)."""

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names, in seat order."""
        ...


SAMPLE = 8
"""How many legal notations an error lists at most."""


def rule(
    key: str, state: Named | None = None, /, *, keep: Iterable[str] = (), **params: Any
) -> Message:
    """``Message("rules.<key>", params)``, with the players' names (and the words in
    ``keep``: what the learner typed, notation) kept as they are, never translated."""
    names = frozenset(state.names) if state is not None else frozenset()
    return Message(f"rules.{key}", params, proper=names | frozenset(keep))


def sample(notations: Sequence[str], limit: int = SAMPLE) -> Message:
    """A short list of notations: the first ``limit``, and how many there are in all."""
    if not notations:
        return Message("rules.sample.none")
    shown = ", ".join(notations[:limit])
    if len(notations) > limit:
        return rule("sample.more", keep=[shown], shown=shown, n=len(notations))
    return rule("sample.all", keep=[shown], shown=shown)


def quoted(word: object) -> str:
    """A word the learner typed, quoted for a message: ``'hermes'``."""
    return repr(word)


def plural(word: str) -> Message:
    """The plural of a unit or building, as a word in a sentence: "Fortresses", "troops"."""
    return Message(f"rules.plural.{word}")
