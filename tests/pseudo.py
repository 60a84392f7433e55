"""The pseudo-locale check: every word a user sees must come from the catalogs.

In the test-only language ``"pseudo"`` (``cyclades_widgets.i18n.PSEUDO``) every catalog entry
is the English one wrapped as ``⟦…⟧``. :func:`unwrapped` takes any text the package showed
in that language and returns what stands outside every ``⟦…⟧`` and is a word: a text that did
not come from the catalog. Proper names (players, places), numbers, notation and punctuation
are allowed; the caller names the proper names and notation it expects.

>>> unwrapped("⟦Athens to act: ⟦Ares⟧⟧ 3 GP", allowed={"Athens"})
['GP']
>>> unwrapped("Athens ⟦bids⟧ 3 (bid ares 3)", allowed={"Athens", "bid ares 3"})
[]
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

from cyclades_widgets.i18n import PSEUDO_CLOSE, PSEUDO_OPEN

SEA_ID = re.compile(r"\b[a-z]\d{1,2}\b")
"""Sea ids (``g5``): coordinates, as in notation."""


def strip_wrapped(text: str) -> str:
    """``text`` without every ``⟦…⟧`` (nested ones included); an unclosed ``⟦`` runs to the
    end, an unopened ``⟧`` is dropped."""
    out: list[str] = []
    depth = 0
    for ch in text:
        if ch == PSEUDO_OPEN:
            depth += 1
            out.append(" ")
        elif ch == PSEUDO_CLOSE:
            depth = max(0, depth - 1)
            out.append(" ")
        elif depth == 0:
            out.append(ch)
    return "".join(out)


def unwrapped(text: str, allowed: Iterable[str] = ()) -> list[str]:
    """The words of ``text`` that stand outside every ``⟦…⟧`` and are not ``allowed``
    (proper names, notation), nor numbers, sea ids or punctuation."""
    rest = strip_wrapped(text)
    for token in sorted({a for a in allowed if a}, key=len, reverse=True):
        rest = rest.replace(token, " ")
    rest = SEA_ID.sub(" ", rest)
    words = re.findall(r"\w+", rest)
    return [w for w in words if any(unicodedata.category(c).startswith("L") for c in w)]
