"""Every word the learner sees, in their language: one text catalog per language.

The catalogs are flat JSON files ``cyclades_widgets/data/messages/<lang>/*.json``; every file
of a language is read and their keys must not repeat. A key names a message
(``rules.offerings.face_down``) or a word (``god.ares``); its value is a template with
placeholders (``docs/translating.md``):

- ``{name}``: a value; ids (``ares``, ``naxos``, ``temple``) become their localized word,
  lists are joined, numbers stay digits;
- ``{name|noun}``: a number with its counted noun (``count.<noun>.one|other``: "3 troops");
- ``{{`` and ``}}``: literal braces.

This package uses only the standard library, so the rules below every other layer can raise
errors that speak the learner's language (:class:`Message`).

>>> text("god.ares", "zh")
'阿瑞斯'
>>> Message("word.none").render("en")
'none'
>>> with language("zh"):
...     get_language()
'zh'
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from types import MappingProxyType
from typing import Any

__all__ = [
    "LANGS",
    "PSEUDO",
    "Catalog",
    "LanguageError",
    "Message",
    "MissingMessageError",
    "Values",
    "catalog",
    "decimal",
    "from_environment",
    "get_language",
    "kept",
    "language",
    "message",
    "percent",
    "placeholders",
    "pseudo_template",
    "read_folder",
    "render",
    "resolve",
    "set_language",
    "text",
]

DEFAULT = "en"
PSEUDO = "pseudo"
"""A test-only language: every English entry with its words wrapped as ``⟦…⟧`` (the text
between placeholders, so values stand outside: :func:`pseudo_template`), so a test can find
any user-visible text that does not come from the catalog (``tests/test_pseudo_locale.py``)."""
PSEUDO_OPEN, PSEUDO_CLOSE = "⟦", "⟧"

_PLACEHOLDER = re.compile(r"\{\{|\}\}|\{([a-z_][a-z0-9_]*)(?:\|([a-z_]+))?\}")
_ID_PREFIXES = ("isle.", "god.", "building.", "unit.", "creature.", "phase.", "word.")
"""Where an id used as a value is looked up, in order (``naxos`` → ``isle.naxos``)."""


class LanguageError(ValueError):
    """A language code that has no catalog; the message lists the languages there are."""


class MissingMessageError(LookupError):
    """A catalog entry, or a value a template needs, is missing."""


def _messages_dir() -> Any:
    return resources.files("cyclades_widgets") / "data" / "messages"


@cache
def _discover() -> tuple[str, ...]:
    found = sorted(p.name for p in _messages_dir().iterdir() if p.is_dir())
    return (DEFAULT, *(lang for lang in found if lang != DEFAULT))


LANGS: tuple[str, ...] = _discover()
"""The languages with a catalog folder, English first. Adding a language is adding a folder
of catalogs (``docs/translating.md``); no code changes."""


# --------------------------------------------------------------------------- the setting


def resolve(lang: str | None = None) -> str:
    """The catalog language for ``lang``: None means the session's language
    (:func:`get_language`); ``"zh-CN"``, ``"zh_Hans"`` and ``"FR"`` read as ``"zh"`` and
    ``"fr"``; ``"en_US.UTF-8"`` reads as ``"en"``. Raises :class:`LanguageError` for a language without a catalog.

    >>> resolve("zh-CN"), resolve("EN_us.UTF-8")
    ('zh', 'en')
    """
    if lang is None:
        return get_language()
    if not isinstance(lang, str):
        raise LanguageError(f"a language is a code such as 'en', not {type(lang).__name__}")
    if lang == PSEUDO:
        return lang
    base = lang.strip().lower().replace("_", "-").split(".")[0].split("-")[0]
    if base not in LANGS:
        raise LanguageError(f"no catalog for {lang[:20]!r}; languages: {', '.join(LANGS)}")
    return base


def from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language the environment asks for: the first of ``LANGUAGE`` (a ``:``-separated
    list), ``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` that names one of our languages; English
    when none does or the locale is ``C``/``POSIX``.

    >>> from_environment({"LANG": "zh_CN.UTF-8"}), from_environment({"LANGUAGE": "de:fr"})
    ('zh', 'fr')
    >>> from_environment({"LC_ALL": "C.UTF-8", "LANG": "fr_FR.UTF-8"})
    'en'
    """
    environ = os.environ if environ is None else environ
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        for value in environ.get(variable, "").split(":"):
            if not value:
                continue  # unset or empty: the next variable decides
            if value.split(".")[0] in ("C", "POSIX"):
                return DEFAULT
            try:
                return resolve(value)
            except LanguageError:
                continue
    return DEFAULT


_current: list[str] = []


def get_language() -> str:
    """The session's language: the last :func:`set_language`, else the environment's locale
    when it is one of ours, else English."""
    if not _current:
        _current.append(from_environment())
    return _current[-1]


def set_language(lang: str) -> None:
    """Set the session's language (``"en"``, ``"zh"``, ``"fr"``): every text shown without
    an explicit ``lang=`` follows it, errors included."""
    chosen = resolve(lang)
    _current[:] = [chosen]


@contextmanager
def language(lang: str) -> Iterator[str]:
    """Use ``lang`` inside a ``with`` block, then go back to the language before."""
    before = get_language()
    set_language(lang)
    try:
        yield get_language()
    finally:
        _current[:] = [before]


# --------------------------------------------------------------------------- catalogs


@dataclass(frozen=True, slots=True)
class Catalog:
    """Every entry of one language."""

    lang: str
    entries: Mapping[str, str]
    """Key → template."""
    sources: Mapping[str, str] = field(default_factory=dict)
    """Key → the file that defines it."""
    duplicates: tuple[tuple[str, str, str], ...] = ()
    """(key, first file, second file) for keys defined twice (a test keeps this empty)."""
    fallback: frozenset[str] = frozenset()
    """Keys this language lacks, taken from English so that a text never breaks (a test
    lists them: every key of English must exist in every language)."""

    def get(self, key: str) -> str | None:
        """The template of ``key``, or None."""
        return self.entries.get(key)

    def name(self, value: str) -> str | None:
        """The localized word of an id (isle, god, building, unit, creature, phase), or None."""
        for prefix in _ID_PREFIXES:
            found = self.entries.get(prefix + value)
            if found is not None:
                return found
        return None


def catalog(lang: str | None = None) -> Catalog:
    """Every entry of ``lang`` (None: the session's language), loaded once per language.

    A key missing in a language reads as English (:attr:`Catalog.fallback` lists them).
    """
    return _load(resolve(lang))


@cache
def _load(lang: str) -> Catalog:
    if lang == PSEUDO:
        return _pseudo()
    entries, sources, duplicates = read_folder(lang)
    missing: frozenset[str] = frozenset()
    if lang != DEFAULT:
        english = catalog(DEFAULT)
        missing = frozenset(k for k in english.entries if k not in entries and _needed(k, entries))
        for key in missing:
            entries[key] = english.entries[key]
            sources[key] = english.sources[key]
    return Catalog(
        lang,
        MappingProxyType(entries),
        MappingProxyType(sources),
        tuple(duplicates),
        missing,
    )


def _needed(key: str, entries: Mapping[str, str]) -> bool:
    """Whether a language lacking ``key`` needs it: not the ``zero``/``one`` form of a
    counted noun whose ``other`` form it has (Chinese has a single form)."""
    if key.startswith("count.") and key.rsplit(".", 1)[-1] in ("zero", "one"):
        return key.rsplit(".", 1)[0] + ".other" not in entries
    return True


def read_folder(lang: str) -> tuple[dict[str, str], dict[str, str], list[tuple[str, str, str]]]:
    """The entries of one language folder as written (no English fallback): key → template,
    key → file, and the keys defined twice as (key, first file, second file)."""
    entries: dict[str, str] = {}
    sources: dict[str, str] = {}
    duplicates: list[tuple[str, str, str]] = []
    folder = _messages_dir() / lang
    for entry in sorted(folder.iterdir(), key=lambda p: p.name):
        if not entry.name.endswith(".json"):
            continue
        for key, template in json.loads(entry.read_text(encoding="utf-8")).items():
            if key in entries:
                duplicates.append((key, sources[key], entry.name))
                continue
            entries[key] = template
            sources[key] = entry.name
    return entries, sources, duplicates


def pseudo_template(template: str) -> str:
    """The pseudo language's form of an English template: every run of words between
    placeholders wrapped, so the values stand outside the wrappers and a value that is not
    a localized word (an id left as it is) shows up in the test.

    >>> pseudo_template("{player} offers {bid} GP to {god}.")
    '{player}⟦ offers ⟧{bid}⟦ GP to ⟧{god}.'
    """
    out: list[str] = []
    start = 0
    for m in _PLACEHOLDER.finditer(template):
        if m.group(1) is None:  # {{ or }}: literal text
            continue
        out += [_wrap_words(template[start : m.start()]), m.group(0)]
        start = m.end()
    out.append(_wrap_words(template[start:]))
    return "".join(out)


def _wrap_words(segment: str) -> str:
    if not any(ch.isalpha() for ch in segment):
        return segment
    return f"{PSEUDO_OPEN}{segment}{PSEUDO_CLOSE}"


_PSEUDO_PLAIN = ("number.decimal", "plural.", "grammar.")
"""Entries the pseudo language keeps as they are: settings, not words."""


def _pseudo() -> Catalog:
    english = catalog(DEFAULT)
    wrapped = {
        k: v if k.startswith(_PSEUDO_PLAIN) else pseudo_template(v)
        for k, v in english.entries.items()
    }
    return Catalog(PSEUDO, MappingProxyType(wrapped), english.sources, english.duplicates)


# --------------------------------------------------------------------------- rendering


def placeholders(template: str) -> list[tuple[str, str | None]]:
    """The ``(field, noun)`` placeholders of a template; noun is None for ``{field}``."""
    return [(m.group(1), m.group(2)) for m in _PLACEHOLDER.finditer(template) if m.group(1)]


class Values:
    """How values become words in one language: ids localized, lists joined, counts.

    ``proper`` names (players) are kept as they are; ``names`` overrides the word of an id.
    """

    def __init__(
        self,
        cat: Catalog,
        *,
        proper: frozenset[str] = frozenset(),
        names: Mapping[str, str] | None = None,
    ) -> None:
        self.cat = cat
        self.proper = proper
        self.names = names or {}

    def text(self, value: Any) -> str:
        """A value as text: ids localized, lists joined, numbers as digits, a
        :class:`Message` rendered in the same language."""
        if isinstance(value, Message):
            return render(value.key, value.params, self.cat.lang, proper=value.proper)
        if isinstance(value, str):
            return self.word(value)
        if isinstance(value, bool) or value is None:
            return self.entry(f"word.{str(value).lower()}", str(value))
        if isinstance(value, list | tuple):
            return self.join([self.text(v) for v in value])
        if isinstance(value, dict):
            parts = [self.count(n, k) for k, n in value.items() if isinstance(n, int) and n]
            return self.join(parts) if parts else self.entry("word.none", "none")
        return str(value)

    def entry(self, key: str, fallback: str) -> str:
        """A catalog entry without placeholders, or ``fallback``."""
        found = self.cat.get(key)
        return fallback if found is None else found

    def word(self, value: str) -> str:
        """The localized word of an id; proper names and unknown words stay as they are."""
        if value in self.proper:
            return value
        if value in self.names:
            return self.names[value]
        name = self.cat.name(value)
        return value if name is None else name

    def join(self, items: list[str]) -> str:
        """``a, b and c`` in the catalog's words (``list.separator``, ``list.and``)."""
        if not items:
            return self.entry("word.none", "none")
        if len(items) == 1:
            return items[0]
        sep = self.entry("list.separator", ", ")
        last = self.entry("list.and", " and ")
        return sep.join(items[:-1]) + last + items[-1]

    def count(self, n: Any, noun: str) -> str:
        """``3, "troop"`` → "3 troops" (forms ``count.<noun>.zero|one|other``; 0 takes the
        form ``plural.zero`` names: ``other`` in English, ``one`` in French)."""
        if not isinstance(n, int) or isinstance(n, bool):
            raise MissingMessageError(f"{{…|{noun}}} needs a whole number, got {n!r}")
        zero = self.entry("plural.zero", "other")  # 0 takes the plural in English, "one" in French
        forms = ("zero", zero, "other") if n == 0 else ("one", "other") if n == 1 else ("other",)
        for form in forms:
            template = self.cat.get(f"count.{noun}.{form}")
            if template is not None:
                return template.replace("{n}", str(n))
        raise MissingMessageError(f"no counted form 'count.{noun}' in the {self.cat.lang} catalog")

    def fill(self, template: str, data: Mapping[str, Any]) -> str:
        """Fill a template's placeholders from ``data``."""

        def repl(m: re.Match[str]) -> str:
            if m.group(1) is None:
                return m.group(0)[0]
            name, noun = m.group(1), m.group(2)
            if name not in data:
                raise MissingMessageError(f"placeholder {{{name}}} has no value")
            return self.count(data[name], noun) if noun else self.text(data[name])

        stripped = _PLACEHOLDER.sub("", template)
        if "{" in stripped or "}" in stripped:
            raise MissingMessageError(f"malformed placeholder left in {template!r}")
        return self.elide(_PLACEHOLDER.sub(repl, template))

    def elide(self, text: str) -> str:
        """Apply the language's elision (``grammar.elide``: the words that drop their last
        vowel before a vowel, as French "de Athens" → "d'Athens"); other languages leave
        the entry empty.

        >>> Values(catalog("fr")).elide("la troupe de Athens")
        "la troupe d'Athens"
        """
        words = self.cat.get("grammar.elide")
        if not words:
            return text
        pattern = _elision(words)
        return pattern.sub(lambda m: m.group(1)[:-1] + "'", text)


@cache
def _elision(words: str) -> re.Pattern[str]:
    alternatives = "|".join(re.escape(w) for w in words.split())
    return re.compile(rf"\b({alternatives}) (?=[AEIOUYÀÂÉÈÊÎÔÛaeiouyàâéèêîôû])")


def render(
    key: str,
    params: Mapping[str, Any] | None = None,
    lang: str | None = None,
    *,
    proper: frozenset[str] = frozenset(),
    names: Mapping[str, str] | None = None,
) -> str:
    """The entry ``key`` of ``lang``'s catalog with its placeholders filled from ``params``
    (the engine under :func:`text` and :class:`Message`). A key the catalog has only as
    ``key.one`` and ``key.other`` is counted by the whole number ``params["n"]``.

    Raises :class:`MissingMessageError` when the entry or one of its values is missing.
    """
    cat = catalog(lang)
    template = cat.get(key)
    if template is None and params is not None and type(params.get("n")) is int:
        template = cat.get(f"{key}.{'one' if params['n'] == 1 else 'other'}")
    if template is None:
        raise MissingMessageError(f"no {cat.lang} catalog entry {key!r}")
    return Values(cat, proper=proper, names=names).fill(template, params or {})


def decimal(value: float, digits: int = 1, lang: str | None = None) -> str:
    """A number with ``digits`` decimals in the language's way (``number.decimal``).

    >>> decimal(1.25, 1, "en"), decimal(1.25, 2, "fr")
    ('1.2', '1,25')
    """
    separator = catalog(lang).get("number.decimal") or "."
    return f"{value:.{digits}f}".replace(".", separator)


def percent(p: float, digits: int = 1, lang: str | None = None) -> str:
    """A probability as a percentage in the language's way (``number.percent``).

    >>> percent(0.3611, 1, "en"), percent(0.3611, 0, "fr")
    ('36.1%', '36\u202f%')
    """
    return render("number.percent", {"n": decimal(100 * p, digits, lang)}, lang)


def kept(words: tuple[object, ...]) -> frozenset[str]:
    """The words of ``words`` (strings, or lists of strings) to show as they are."""
    lists = (w for w in words if isinstance(w, list | tuple | set | frozenset))
    return frozenset(w for w in (*words, *(x for ws in lists for x in ws)) if isinstance(w, str))


def text(key: str, lang: str | None = None, /, *keep: object, **params: Any) -> str:
    """The catalog's lookup: the entry ``key`` in ``lang`` (None: the session's language),
    its placeholders filled from ``params``. The words in ``keep`` (player names, what the
    learner typed, paths; lists of them too) are shown as they are, never read as ids.

    >>> text("board.cycle", "zh", n=2), text("god.ares", "fr")
    ('第 2 周期', 'Arès')
    """
    return render(key, params, lang, proper=kept(keep) if keep else frozenset())


def message(key: str, /, *keep: object, **params: Any) -> Message:
    """:func:`text` kept for later: a :class:`Message` to show in any language (an
    error's text, a note).

    >>> message("rules.check.over", "bid ares 9", action="bid ares 9").render("en")
    'the game is over; bid ares 9 cannot be played'
    """
    return Message(key, params, kept(keep))


@dataclass(frozen=True, slots=True)
class Message:
    """A catalog key and its values, shown in any language; ``proper``: words never
    translated (player names)."""

    key: str
    params: Mapping[str, Any] = field(default_factory=dict)
    proper: frozenset[str] = frozenset()

    def render(self, lang: str | None = None) -> str:
        """The text in ``lang`` (None: the session's language)."""
        return render(self.key, self.params, lang, proper=self.proper)

    def __str__(self) -> str:
        return self.render()
