"""Named errors. Each subclasses ``ValueError`` and says which rule was broken.

An error carries a :class:`~cyclades_widgets.i18n.Message` (a catalog key and its values), so
it speaks the learner's language: ``str(err)`` is rendered in the session's language at the
moment it is raised, and ``err.message(lang)`` renders it in any language.

>>> from cyclades_widgets.i18n import Message
>>> err = NotationError(Message("word.none"))
>>> str(err), err.message("zh")
('none', '无')
"""

from __future__ import annotations

from ..i18n import Message, get_language


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
            return self.msg.render(lang or self.lang)
        return self.msg


class NotationError(CycladesError):
    """The text does not parse as an action (see ``docs/notation.md``)."""


class IllegalActionError(CycladesError):
    """The action parses, but it is not legal now. The message names the rule."""


class RecordError(CycladesError):
    """A game record is malformed. The message gives the JSON path and what was expected."""

    def __init__(self, message: Message | str, path: str = "$") -> None:
        self.path = path
        """Where in the record (a JSON path such as ``$.steps[3].move``)."""
        self.reason = message if isinstance(message, str) else message.render()
        """What is wrong there, without the path."""
        super().__init__(message)

    def message(self, lang: str | None = None) -> str:
        """``<path>: <reason>`` in ``lang``."""
        return f"{self.path}: {super().message(lang)}"
