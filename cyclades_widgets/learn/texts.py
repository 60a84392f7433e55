"""Words of Learn mode: the ``learn.*`` catalog entries, and lesson texts.

Every text of the shipped lessons and of the rules reference lives in the catalogs
(``data/messages/<lang>/learn.json``), so a translator works in one file per language. A
lesson written by a teacher may instead carry its texts inline, as a map from language to
text (``{"en": "Take Ios this turn."}``); :func:`lesson_text` reads the inline text first,
then the catalog entry ``learn.lesson.<lesson id>.<field>``, then the inline English text
(a teacher's lesson written in one language still runs in a session in another). The
words of Learn's own buttons and messages are :func:`cyclades_widgets.i18n.text` lookups
(``text("learn.ui.hint", lang)``), like every other word of the package.

>>> lesson_text("take-ios", "title", {"en": "My title"}, "en")
'My title'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ..i18n import PSEUDO, PSEUDO_CLOSE, PSEUDO_OPEN, Message, catalog, resolve, text
from ..rules.errors import CycladesError

__all__ = ["LessonError", "catalog_key", "has_text", "lesson_text", "schema_message"]

Inline = Mapping[str, str] | None
"""A text given in the lesson file: language → text, or None (the catalog has it)."""


class LessonError(CycladesError):
    """A lesson file (or a rules-reference picture) that cannot be used: the message says
    where and what was expected."""

    def __init__(
        self, key: str, *, where: str = "", code: Iterable[str] = (), **values: Any
    ) -> None:
        self.where = where
        """The lesson and the JSON path of the problem (``take-ios: $.start.scenario[2]``)."""
        verbatim = frozenset([where, *code])  # names written in lesson files, never translated
        super().__init__(Message(f"learn.error.{key}", {"where": where, **values}, verbatim))


_JSON_TYPES = ("object", "array", "string", "integer", "number", "boolean", "null")


def _json_type(value: object) -> Message:
    name = {dict: "object", list: "array", str: "string", bool: "boolean", int: "integer",
            float: "number", type(None): "null"}.get(type(value), "object")  # fmt: skip
    return Message(f"learn.error.type.{name}")


def _shown(value: object) -> str:
    """A value the lesson's author wrote, shown as they wrote it (short)."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def schema_message(error: Any) -> Message:
    """What a ``jsonschema`` error says about a lesson file, as a catalog message in the
    reader's language (never the library's English).

    >>> import jsonschema
    >>> err = next(jsonschema.Draft202012Validator({"type": "integer"}).iter_errors("3"))
    >>> schema_message(err).render("en")
    'should be a whole number, not a text'
    """
    kind, value, instance = error.validator, error.validator_value, error.instance
    if kind == "type":
        wanted = [value] if isinstance(value, str) else list(value)
        names = [Message(f"learn.error.type.{w}") for w in wanted if w in _JSON_TYPES]
        return Message("learn.error.schema.type", {"expected": names, "got": _json_type(instance)})
    if kind == "required":
        missing = [k for k in value if k not in instance] or list(value)
        return Message("learn.error.schema.required", {"key": missing[0]}, frozenset(missing[:1]))
    if kind == "additionalProperties":
        allowed = sorted(error.schema.get("properties", {}))
        extra = sorted(set(instance) - set(allowed))[:1] or [""]
        proper = frozenset([*extra, *allowed])
        return Message("learn.error.schema.unknown", {"key": extra[0], "allowed": allowed}, proper)
    if kind in ("enum", "const"):
        allowed = [_shown(v) for v in (value if kind == "enum" else [value])]
        got = _shown(instance)
        return Message("learn.error.schema.enum", {"got": got, "allowed": allowed},
                       frozenset([got, *allowed]))  # fmt: skip
    if kind == "pattern":
        got = _shown(instance)
        return Message("learn.error.schema.pattern", {"got": got}, frozenset([got]))
    if kind in ("minItems", "minProperties"):
        return Message("learn.error.schema.too_few", {"least": value})
    if kind in ("maxItems", "maxProperties"):
        return Message("learn.error.schema.too_many", {"most": value})
    if kind == "minimum":
        return Message("learn.error.schema.too_small", {"least": value, "got": instance})
    if kind == "maximum":
        return Message("learn.error.schema.too_large", {"most": value, "got": instance})
    if kind == "minLength":
        return Message("learn.error.schema.empty")
    if kind == "maxLength":
        return Message("learn.error.schema.too_long", {"most": value})
    return Message("learn.error.schema.other")


def catalog_key(lesson_id: str, field: str) -> str:
    """The catalog key of a shipped lesson's text: ``learn.lesson.<id>.<field>``."""
    return f"learn.lesson.{lesson_id}.{field}"


def has_text(lesson_id: str, field: str, inline: Inline, lang: str | None = None) -> bool:
    """True if :func:`lesson_text` finds a text for this field in ``lang``."""
    lang = resolve(lang)
    if inline and (lang in inline or (lang == PSEUDO and "en" in inline)):
        return True
    return catalog(lang).get(catalog_key(lesson_id, field)) is not None


def lesson_text(lesson_id: str, field: str, inline: Inline, lang: str | None = None) -> str:
    """The text of a lesson field in ``lang``: the inline text if the file has one, else
    the catalog entry. Raises :class:`LessonError` when neither exists."""
    lang = resolve(lang)
    if inline:
        if lang == PSEUDO and "en" in inline:
            return f"{PSEUDO_OPEN}{inline['en']}{PSEUDO_CLOSE}"
        if lang in inline:
            return inline[lang]
    key = catalog_key(lesson_id, field)
    if catalog(lang).get(key) is not None:
        return text(key, lang)
    if inline and "en" in inline:
        return inline["en"]  # a teacher's lesson written in English only
    raise LessonError("text", where=f"{lesson_id}: {field}", lang=lang)
