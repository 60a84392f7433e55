"""Named errors. Each subclasses ``ValueError`` and says which rule was broken."""

from __future__ import annotations


class CycladesError(ValueError):
    """Base class of every error this package raises on bad input."""


class NotationError(CycladesError):
    """The text does not parse as an action (see ``docs/notation.md``)."""


class IllegalActionError(CycladesError):
    """The action parses, but it is not legal now. The message names the rule."""


class RecordError(CycladesError):
    """A game record is malformed. The message gives the JSON path and what was expected."""

    def __init__(self, message: str, path: str = "$") -> None:
        super().__init__(f"{path}: {message}")
        self.path = path
        self.reason = message
