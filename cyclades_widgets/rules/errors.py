"""Named errors. Each subclasses ``ValueError`` and says which rule was broken.

An error carries a :class:`~cyclades_widgets.i18n.Message` (a catalog key and its values), so
it speaks the learner's language: ``str(err)`` is rendered in the session's language at the
moment it is raised, and ``err.message(lang)`` renders it in any language. A value of the
message may itself be a message (the rule broken, inside "…; Athens to act; legal: …"): it
is rendered in the same language.

>>> from cyclades_widgets.i18n import Message
>>> err = NotationError(Message("word.none"))
>>> str(err), err.message("zh")
('none', '无')
"""

from __future__ import annotations

import sys
from typing import Any, Protocol, runtime_checkable

from ..i18n import Message, get_language, text


@runtime_checkable
class Renderable(Protocol):
    """Anything that renders itself in a language: a :class:`Message`, a notation form."""

    def render(self, lang: str | None = None) -> str:
        """The text in ``lang`` (None: the session's language)."""
        ...


def render_message(message: Message, lang: str | None = None) -> str:
    """``message`` in ``lang``, the messages among its values (or in lists of values)
    rendered first in the same language and kept as they are.

    >>> inner = Message("word.none")
    >>> render_message(Message("count.gp.other", {"n": 3}), "en")
    '3 GP'
    >>> render_message(Message("board.viewer.player", {"player": inner}), "zh")
    '无 的视角'
    """
    values: dict[str, Any] = {}
    kept: set[str] = set()
    for name, value in message.params.items():
        values[name] = _nested(value, lang, kept)
    return text(message.key, lang, *(message.proper | frozenset(kept)), **values)


def _nested(value: Any, lang: str | None, kept: set[str]) -> Any:
    if isinstance(value, Message):
        text = render_message(value, lang)
    elif isinstance(value, Renderable):
        text = value.render(lang)
    elif isinstance(value, list | tuple) and any(isinstance(v, Renderable) for v in value):
        return [_nested(v, lang, kept) for v in value]
    else:
        return value
    kept.add(text)
    return text


class CycladesError(ValueError):
    """Base class of every error this package raises on bad input."""

    def __init__(self, message: Message | str) -> None:
        self.msg: Message | str = message
        """What went wrong: a catalog message, or plain text (engine faults only)."""
        self.lang = get_language()
        """The language the error was raised in (the language of ``str(err)``)."""
        super().__init__(self.message(self.lang))

    def message(self, lang: str | None = None) -> str:
        """The error's text in ``lang`` (None: the language it was raised in)."""
        if isinstance(self.msg, Message):
            return render_message(self.msg, lang or self.lang)
        return self.msg

    def _render_traceback_(self) -> list[str]:
        """What a notebook cell shows for a learner's mistake: the message alone, in the
        learner's language, without the traceback into the package. After ``%xmode
        Verbose`` the whole traceback shows again, as for any other error."""
        if _traceback_wanted():
            raise RuntimeError("the full traceback was asked for")  # IPython shows it
        return [f"\x1b[0;31m{self.message()}\x1b[0m"]


def _traceback_wanted() -> bool:
    """True when the notebook's user asked for full tracebacks (``%xmode Verbose``)."""
    ipython = sys.modules.get("IPython")  # never imported here: only read if already loaded
    shell = ipython.get_ipython() if ipython is not None else None
    tb = getattr(shell, "InteractiveTB", None)
    return getattr(tb, "mode", "Context") == "Verbose"


class RegistryError(RuntimeError):
    """A rule module registered a name (handler, explainer, pending kind, notation or
    hook) that is already registered: a programming error, never the learner's."""


class NotationError(CycladesError):
    """The text does not parse as an action (see ``docs/notation.md``)."""


class IllegalActionError(CycladesError):
    """The action parses, but it is not legal now. The message names the rule."""

    def __init__(self, message: Message | str, *, rule: Message | None = None) -> None:
        self.rule = rule
        """The rule the action breaks, on its own (without who is to act and what is
        legal), when there is one: what a board shows next to the refused move."""
        super().__init__(message)


class RecordError(CycladesError):
    """A game record is malformed. The message gives the JSON path and what was expected."""

    def __init__(self, message: Message | str, path: str = "$") -> None:
        self.path = path
        """Where in the record (a JSON path such as ``$.steps[3].move``)."""
        self.reason = message if isinstance(message, str) else render_message(message)
        """What is wrong there, without the path."""
        super().__init__(message)

    def message(self, lang: str | None = None) -> str:
        """``<path>: <reason>`` in ``lang``."""
        return f"{self.path}: {super().message(lang)}"
