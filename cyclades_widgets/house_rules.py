"""The rule options, described for people: what each named reading of a contested rule says.

Where the sources of the rules disagree or stay silent, the engine follows one reading by
default and keeps the others as named options (:class:`~cyclades_widgets.rules.options.RuleOptions`).
Learner texts teach the reading in use as the rule; this module says, once, what every
reading is, in the learner's language (catalog entries ``option.<name>`` for the question
and ``option.<name>.<value>`` for each reading), for a "House rules" page or a record's
header.

>>> describe(RuleOptions(tie_break="metropolises_then_gold"), "en")[0].title
'Tie-break'
>>> OPTION_VALUES["kraken_moves"]
('paid', 'none')
"""

from __future__ import annotations

from dataclasses import fields
from typing import Literal, NamedTuple, get_args, get_origin, get_type_hints

from .i18n import text
from .rules.options import RuleOptions

__all__ = ["OPTION_VALUES", "HouseRule", "describe"]


def _values() -> dict[str, tuple[str, ...]]:
    hints = get_type_hints(RuleOptions)
    out: dict[str, tuple[str, ...]] = {}
    for f in fields(RuleOptions):
        hint = hints[f.name]
        if get_origin(hint) is not Literal:
            raise TypeError(f"RuleOptions.{f.name} must be a Literal of its readings")
        out[f.name] = tuple(str(v) for v in get_args(hint))
    return out


OPTION_VALUES: dict[str, tuple[str, ...]] = _values()
"""Each rule option's name → its readings, the default first."""


class HouseRule(NamedTuple):
    """One rule option as people read it."""

    name: str
    """The option's name (``tie_break``)."""
    value: str
    """The reading (``gold``)."""
    title: str
    """What the option is about, in the language asked for."""
    rule: str
    """What the reading says, in the language asked for."""
    default: bool
    """True for the default reading."""


def describe(
    options: RuleOptions | None = None, lang: str | None = None, *, every: bool = False
) -> list[HouseRule]:
    """The readings in use that differ from the default (all options with ``every=True``)
    in ``lang`` (None: the session's language). With ``options=None`` and ``every=True``:
    every reading of every option, for a page that lists them all."""
    chosen = options or RuleOptions()
    defaults = RuleOptions()
    out: list[HouseRule] = []
    for name, values in OPTION_VALUES.items():
        value = getattr(chosen, name)
        wanted = values if options is None and every else (value,)
        for reading in wanted:
            is_default = reading == getattr(defaults, name)
            if every or not is_default:
                title = text(f"option.{name}", lang)
                rule = text(f"option.{name}.{reading}", lang)
                out.append(HouseRule(name, reading, title, rule, is_default))
    return out
