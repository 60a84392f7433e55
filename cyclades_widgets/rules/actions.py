"""Actions and their notation: one short, stable, human-readable string per action.

The grammar is a table of patterns per action kind (``docs/notation.md``). Modules that
add actions (movement, battles, creatures) register their own patterns with
:func:`register_notation`.

>>> a = Action.parse("bid ares 3")
>>> a
Action.parse('bid ares 3')
>>> a.kind, a.args
('bid', ('ares', 3))
>>> str(Action("move", ("troops", "naxos", "paros", 2)))
'move troops naxos>paros 2'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from difflib import get_close_matches
from functools import lru_cache
from typing import Any

from ..i18n import Message, message, text
from .errors import NotationError, RegistryError
from .messages import clip
from .state import CREATURES

MAX_NUMBER = 9_999
"""The largest whole number the notation writes (``{i}`` is 1 to 4 ASCII digits)."""

MAX_NOTATION = 200
"""The longest notation accepted, in characters (the longest action is far shorter)."""

_ALLOWED = frozenset(map(chr, range(0x20, 0x7F))) | {"\t", "\n", "\r"}
"""The notation is ASCII: printable characters, and spaces, tabs and line ends between
words. Other digits (``３``, ``٣``), other spaces (no-break) and control characters
(``\x1c``) are refused rather than read as digits or separators."""

_TOKEN = {
    "w": r"([a-z][a-z0-9_\-]*)",
    "i": r"([0-9]{1,4})",
    "l": r"([a-z][a-z0-9_\-]*(?:,[a-z][a-z0-9_\-]*)*)",
}

_PATTERNS: dict[str, list[tuple[str, re.Pattern[str], tuple[str, ...]]]] = {}


def register_notation(kind: str, *patterns: str) -> None:
    """Declare the notation of an action kind.

    A pattern lists the words after the kind: ``{w}`` is a word (an id or keyword),
    ``{i}`` a whole number, ``{l}`` a comma-separated list of words; anything else
    is literal. ``register_notation("bid", "{w}", "{w} {i}")`` accepts ``bid apollo``
    and ``bid ares 3``.
    """
    if kind in _PATTERNS:
        raise RegistryError(f"the notation of {kind!r} is registered twice")
    entries = _PATTERNS.setdefault(kind, [])
    for pattern in patterns:
        types = tuple(re.findall(r"\{([wil])\}", pattern))
        body = re.sub(r"\\\{([wil])\\\}", lambda m: _TOKEN[m.group(1)], re.escape(pattern))
        regex = re.compile(rf"{re.escape(kind)} {body}\Z" if pattern else rf"{re.escape(kind)}\Z")
        entries.append((pattern, regex, types))


@dataclass(frozen=True, slots=True)
class Forms:
    """The accepted forms of an action's notation, shown in errors with their slots named
    in the learner's language: ``bid <name> | bid <name> <n>``.

    >>> Forms("bid").render("en")
    'bid <name> | bid <name> <n>'
    """

    kind: str

    def render(self, lang: str | None = None) -> str:
        """The forms, ``{w}``, ``{i}`` and ``{l}`` named (``<name>``, ``<n>``...)."""
        slots = {
            token: text(f"rules.notation.slot.{key}", lang)
            for token, key in (("{w}", "word"), ("{i}", "number"), ("{l}", "list"))
        }
        out = []
        for pattern, _regex, _types in _PATTERNS.get(self.kind, ()):
            form = f"{self.kind} {pattern}".strip()
            for token, word in slots.items():
                form = form.replace(token, word)
            out.append(form)
        return " | ".join(out)


def known_kinds() -> list[str]:
    """Action kinds with a registered notation."""
    return sorted(_PATTERNS)


_INTERNED: dict[tuple[str, tuple[Any, ...]], Action] = {}
"""Every action made so far, by value (up to :data:`_INTERN_LIMIT`): an action is
immutable, so one object serves every list of legal actions that holds it."""
_INTERN_LIMIT = 1 << 14
_set = object.__setattr__


class Action:
    """One step's content: a player decision or a chance outcome.

    ``kind`` is the first word of the notation; ``args`` are the remaining values
    (strings, ints, or tuples of strings for ``{l}`` lists). Actions are immutable and
    equal by value; equal actions are usually the very same object (they are made once
    and shared), which makes listing and finding them cheap.
    """

    __slots__ = ("_text", "args", "kind")

    kind: str
    args: tuple[Any, ...]
    _text: str | None

    def __new__(cls, kind: str, args: tuple[Any, ...] = ()) -> Action:
        """The action ``kind args`` (the same object as an equal action made before)."""
        key = (kind, args)
        try:
            return _INTERNED[key]
        except KeyError:
            cached = len(_INTERNED) < _INTERN_LIMIT
        except TypeError:  # unhashable arguments (a list, from code): not shared
            cached = False
        self = object.__new__(cls)
        _set(self, "kind", kind)
        _set(self, "args", args)
        _set(self, "_text", None)
        if cached:
            _INTERNED[key] = self
        return self

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"cannot assign to field {name!r}: an Action is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cannot delete field {name!r}: an Action is immutable")

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, Action):
            return NotImplemented
        return self.kind == other.kind and self.args == other.args

    def __hash__(self) -> int:
        return hash((self.kind, self.args))

    def __reduce__(self) -> tuple[type[Action], tuple[str, tuple[Any, ...]]]:
        return (Action, (self.kind, self.args))

    def __copy__(self) -> Action:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Action:
        return self

    def __str__(self) -> str:
        text: str | None = self._text
        if text is None:
            text = self._notation()
            _set(self, "_text", text)
        return text

    def _notation(self) -> str:
        for pattern, regex, types in _PATTERNS.get(self.kind, ()):
            if len(types) != len(self.args):
                continue
            text = self._fill(pattern, types)
            if text is not None and regex.match(text):
                return text
        return " ".join([str(self.kind), *(arg_text(a) for a in self.args)])

    def _fill(self, pattern: str, types: tuple[str, ...]) -> str | None:
        values = iter(self.args)
        out = pattern
        for t in types:
            v = next(values)
            if t == "l":
                if not isinstance(v, tuple) or not all(isinstance(w, str) for w in v):
                    return None
                v = ",".join(v)
            elif t == "i" and (not isinstance(v, int) or not 0 <= v <= MAX_NUMBER):
                return None
            elif t == "w" and not isinstance(v, str):
                return None
            out = out.replace("{" + t + "}", str(v), 1)
        return f"{self.kind} {out}" if out else self.kind

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Action:
        """Parse notation such as ``"recruit troop naxos"`` (case and extra spaces ignored).

        Raises :class:`NotationError` when it does not parse: for a known action, its
        accepted forms and an example, or the nearest text that parses ("did you mean
        `bid ares 2`?"); for an unknown first word, the nearest action a player takes and
        an example. The notation is ASCII (:data:`_ALLOWED`), at most
        :data:`MAX_NOTATION` characters; errors quote at most a short prefix of the text.

        >>> Action.parse("bid Ares 2 GP")
        Traceback (most recent call last):
        ...
        cyclades_widgets.rules.errors.NotationError: cannot read 'bid Ares 2 GP': did you mean `bid ares 2`?
        >>> Action.parse("bid ares \uff13")
        Traceback (most recent call last):
        ...
        cyclades_widgets.rules.errors.NotationError: the notation is plain ASCII: 'bid ares \uff13' has U+FF13 at position 10; write digits 0-9, letters a-z and spaces
        """
        norm = _normalized(text)
        kind = norm.split(" ", 1)[0]
        entries = _PATTERNS.get(kind)
        if entries is None:
            raise NotationError(_unknown_kind(kind, norm, text))
        found = _match(entries, norm)
        if found is None:
            raise NotationError(_bad_form(kind, norm, text))
        return cls(kind, found)


def _normalized(text: object) -> str:
    """``text`` in lower case with single spaces; refuses what is not notation at all (not
    text, too long, not ASCII, empty)."""
    if not isinstance(text, str):
        kind_name = type(text).__name__
        raise NotationError(message("rules.notation.not_text", kind_name, type=kind_name))
    if len(text) > MAX_NOTATION:
        shown = repr(clip(text))
        raise NotationError(
            message("rules.notation.too_long", shown, text=shown, limit=MAX_NOTATION)
        )
    bad = next((i for i, c in enumerate(text) if c not in _ALLOWED), None)
    if bad is not None:
        shown, code = repr(clip(text)), f"U+{ord(text[bad]):04X}"
        raise NotationError(
            message("rules.notation.not_ascii", shown, code, text=shown, char=code, at=bad + 1)
        )
    norm = " ".join(text.strip().lower().split())
    if not norm:
        raise NotationError(message("rules.notation.empty"))
    return norm


def _match(
    entries: list[tuple[str, re.Pattern[str], tuple[str, ...]]], norm: str
) -> tuple[Any, ...] | None:
    """The arguments of ``norm`` by the first of a kind's patterns it matches, or None."""
    for _pattern, regex, types in entries:
        m = regex.match(norm)
        if m is None:
            continue
        args: list[Any] = []
        for t, g in zip(types, m.groups(), strict=True):
            if t == "i":
                args.append(int(g))
            elif t == "l":
                args.append(tuple(g.split(",")))
            else:
                args.append(g)
        return tuple(args)
    return None


CHANCE_KINDS: frozenset[str] = frozenset({"order", "gods", "draw", "roll"})
"""The chance outcomes: the engine draws them (a teacher may force one); a player never
decides them, so an error never offers them to a learner who typed a decision."""

EXAMPLES: dict[str, str] = {
    "bid": "bid ares 3",
    "recruit": "recruit troop naxos",
    "build": "build temple kea",
    "move": "move troops naxos>ios 2",
    "sail": "sail f6",
    "pickup": "pickup 1",
    "drop": "drop 1",
    "stop": "stop",
    "retreat": "retreat paros",
    "fight": "fight",
    "buy": "buy pegasus",
    "change": "change harpy",
    "prosperity": "prosperity naxos",
    "metropolis": "metropolis naxos",
    "end": "end",
    "order": "order sparta,athens,corinth",
    "gods": "gods zeus,ares,athena,poseidon",
    "draw": "draw pegasus",
    "roll": "roll 3 0",
    "siren": "siren c5",
    "pegasus": "pegasus naxos>paros 2",
    "giant": "giant fortress paros",
    "chimera": "chimera harpy",
    "cyclopes": "cyclopes naxos port>temple",
    "sphinx": "sphinx troop naxos",
    "sylph": "sylph c4>c5 2",
    "harpy": "harpy paros",
    "griffon": "griffon sparta",
    "satyr": "satyr sparta",
    "dryad": "dryad corinth",
    "kraken": "kraken c5",
    "minotaur": "minotaur naxos",
    "medusa": "medusa paros",
    "chiron": "chiron milos",
    "polyphemus": "polyphemus ios",
}
"""One valid notation of each kind, shown in errors (``tests/test_notation.py`` checks
that each parses)."""

SYNONYMS: dict[str, str] = {
    **dict.fromkeys(("attack", "invade", "go", "march", "send", "transport"), "move"),
    **dict.fromkeys(("offer", "offering", "pay", "bet", "wager", "outbid"), "bid"),
    **dict.fromkeys(("hire", "train", "add", "levy"), "recruit"),
    **dict.fromkeys(("construct", "erect", "make"), "build"),
    **dict.fromkeys(("purchase", "call", "summon"), "buy"),
    **dict.fromkeys(("pass", "done", "finish", "skip", "next"), "end"),
    **dict.fromkeys(("flee", "withdraw", "escape"), "retreat"),
}
"""Words a learner may type for an action, and the action's kind."""

_FILLERS = frozenset(
    ("gp", "po", "gold", "with", "to", "on", "in", "at", "from", "into", "the", "a", "an", "of")
)
"""Words a learner adds that the notation leaves out (``bid ares 2 gp``)."""


def example(kind: str) -> str:
    """A valid notation of ``kind``: :data:`EXAMPLES`, else its first form with a word or
    number in each slot.

    >>> example("move"), example("end")
    ('move troops naxos>ios 2', 'end')
    """
    if kind in EXAMPLES:
        return EXAMPLES[kind]
    pattern = _PATTERNS[kind][0][0] if _PATTERNS.get(kind) else ""
    filled = pattern.replace("{w}", "naxos").replace("{i}", "1").replace("{l}", "naxos")
    return f"{kind} {filled}".strip()


def decision_kinds() -> list[str]:
    """The actions a player takes, without the creatures' own choices (named by the
    creature) and the chance outcomes: what an error offers a learner.

    >>> decision_kinds()[:4]
    ['bid', 'build', 'buy', 'change']
    """
    return [k for k in known_kinds() if k not in CHANCE_KINDS and k not in CREATURES]


def _unknown_kind(kind: str, norm: str, text: str) -> Message:
    """The first word is no action: the nearest one a player takes (a synonym, a typo),
    or the list of them, with an example."""
    word, shown = repr(clip(kind)), repr(clip(text))
    choices = [k for k in known_kinds() if k not in CHANCE_KINDS]
    near = SYNONYMS.get(kind) or next(iter(get_close_matches(kind, choices, 1, 0.75)), None)
    if near is None:
        known = ", ".join(decision_kinds())
        return message(
            "rules.notation.unknown", word, shown, known, kind=word, text=shown, known=known
        )
    fixed = _repair(near, [near, *norm.split(" ")[1:]])
    if fixed is not None:
        return message("rules.notation.unknown_fix", word, fixed, kind=word, fix=fixed)
    return message(
        "rules.notation.unknown_near",
        word,
        near,
        example(near),
        kind=word,
        near=near,
        example=example(near),
    )


def _bad_form(kind: str, norm: str, text: str) -> Message:
    """A known action written in none of its forms: the nearest text that parses, or the
    forms and an example."""
    shown = repr(clip(text))
    fixed = _repair(kind, norm.split(" "))
    if fixed is not None:
        return message("rules.notation.did_you_mean", shown, fixed, text=shown, fix=fixed)
    return message(
        "rules.notation.bad_form",
        shown,
        kind,
        example(kind),
        text=shown,
        kind=kind,
        forms=Forms(kind),
        example=example(kind),
    )


def _repair(kind: str, tokens: list[str]) -> str | None:
    """The nearest notation of ``kind`` to ``tokens`` (the kind first): ``a > b`` and
    ``a to b`` joined as ``a>b``, number words as digits, the words the notation leaves
    out dropped (``gp``, ``with``...), a number moved to the end, and the words past the
    longest form dropped. None when nothing near parses (a word in a slot of the wrong
    type is never dropped: ``bid ares lots`` gets the forms, not ``bid ares``)."""
    entries = _PATTERNS[kind]
    joined = " ".join(_NUMBER_WORDS.get(t, t) for t in tokens[1:])
    joined = joined.replace(" > ", ">").replace(" ,", ",").replace(", ", ",")
    joined = re.sub(r"([a-z0-9]) to ([a-z])", r"\1>\2", joined)
    kept = [t for t in joined.split(" ") if t and t not in _FILLERS]
    numbers = [t for t in kept if t.isdigit()]
    longest = max(len(pattern.split()) for pattern, _regex, _types in entries)
    for words in (kept, [t for t in kept if not t.isdigit()] + numbers[-1:], kept[:longest]):
        candidate = " ".join([kind, *words])
        if _match(entries, candidate) is not None:
            return candidate
    return None


_NUMBER_WORDS = {
    w: str(n)
    for n, w in enumerate(
        ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]
    )
}
"""Numbers written as English words, read as digits in a suggestion."""


@lru_cache(maxsize=_INTERN_LIMIT)
def made(kind: str, prefix: tuple[Any, ...], lasts: tuple[Any, ...]) -> tuple[Action, ...]:
    """``Action(kind, (*prefix, last))`` for each of ``lasts``, in order: the actions a
    generator lists again and again (places, counts), made once and shared (actions are
    immutable; a bounded cache).

    >>> [str(a) for a in made("recruit", ("troop",), ("naxos", "paros"))]
    ['recruit troop naxos', 'recruit troop paros']
    """
    return tuple(Action(kind, (*prefix, last)) for last in lasts)


def arg_text(value: Any) -> str:
    """One argument of an action that fits none of its forms, written as well as it can be
    (never raising: a number too long to write in full is shown by its size)."""
    if isinstance(value, tuple):
        return ",".join(arg_text(v) for v in value)
    if isinstance(value, int) and value.bit_length() > 64:
        return f"{'-' if value < 0 else ''}~10^{round(value.bit_length() * 0.30103)}"
    return str(value)


register_notation("end", "")
register_notation("bid", "{w}", "{w} {i}")
register_notation("recruit", "{w}", "{w} {w}")
register_notation("build", "{w} {w}")
register_notation("metropolis", "{w}", "{w} destroy {l}")
register_notation("prosperity", "{w}")
register_notation("order", "{l}")
register_notation("gods", "{l}")
register_notation("draw", "{w}")
register_notation("roll", "{i} {i}")
