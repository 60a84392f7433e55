"""The messages the rules give: which rule an action breaks, in the learner's language.

Every message the rules core shows is a catalog entry ``rules.<topic>.<rule>`` of
``data/messages/<lang>/rules.json``. :func:`rule` builds one, keeping the players' names as
they are; :func:`sample` shows a short list of notations (what would be legal).

The predicates that state a rule once (used by the generators of legal actions and by the
explainers) return a :class:`Why` (made by :func:`why`), or None: the message of a broken
rule is built only when it is shown, so the generators, which drop every candidate with a
``Why``, stay fast.

>>> from cyclades_widgets.rules.errors import render_message
>>> render_message(sample(["bid ares 1", "bid ares 2", "bid apollo"], limit=2), "en")
'bid ares 1, bid ares 2, … (3 in all)'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from typing import Any, Protocol

from ..i18n import Message, message
from .errors import render_message


class Named(Protocol):
    """Anything with the players' names (a game state)."""

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names, in seat order."""
        ...


SAMPLE = 8
"""How many legal notations an error lists at most."""


class Why:
    """The rule an action breaks: a catalog message, built only when it is shown.

    >>> why("offerings.at_least_one").message().key
    'rules.offerings.at_least_one'
    """

    __slots__ = ("keep", "key", "names", "params")

    def __init__(
        self, key: str, names: tuple[str, ...], keep: Iterable[str], params: dict[str, Any]
    ) -> None:
        self.key = key
        self.names = names
        self.keep = keep
        self.params = params

    def message(self) -> Message:
        """The catalog message ``rules.<key>`` (names and kept words as they are)."""
        return Message(
            f"rules.{self.key}", self.params, proper=frozenset(self.names) | frozenset(self.keep)
        )

    def render(self, lang: str | None = None) -> str:
        """The message in ``lang``, as a value inside another message."""
        return render_message(self.message(), lang)

    def __repr__(self) -> str:
        return f"Why({self.key!r}, {self.params!r})"


def why(key: str, state: Named | None = None, /, *, keep: Iterable[str] = (), **params: Any) -> Why:
    """The rule ``rules.<key>`` broken, with the players' names (and the words in ``keep``)
    kept as they are; see :class:`Why`."""
    made = _new(Why)  # the fields set here, without a second Python call
    made.key = key
    made.names = state.names if state is not None else ()
    made.keep = keep
    made.params = params
    return made


_new = object.__new__


def sample(notations: Sequence[str], limit: int = SAMPLE) -> Message:
    """A short list of notations: the first ``limit``, and how many there are in all."""
    if not notations:
        return Message("rules.sample.none")
    shown = ", ".join(notations[:limit])
    if len(notations) > limit:
        return message("rules.sample.more", shown, shown=shown, n=len(notations))
    return message("rules.sample.all", shown, shown=shown)


CLIP = 40
"""Messages quote at most this many characters of what the learner typed."""


def clip(text: str, limit: int = CLIP) -> str:
    """``text``, cut to its first ``limit`` characters (with ``…``) when longer: an error
    message quotes a short prefix of a long input, never the whole of it.

    >>> clip("bid ares 3"), clip("x" * 100, 5)
    ('bid ares 3', 'xxxxx…')
    """
    return text if len(text) <= limit else text[:limit] + "…"


def quoted(word: object) -> str:
    """A word the learner typed, quoted for a message (a short prefix when it is long):
    ``'hermes'``."""
    return repr(clip(word)) if isinstance(word, str) else clip(repr(word))


@cache
def plural(word: str) -> Message:
    """The plural of a unit or building, as a word in a sentence: "Fortresses", "troops"."""
    return Message(f"rules.plural.{word}")
