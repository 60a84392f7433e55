"""Drawing primitives for the static SVG board (:mod:`cyclades_widgets.svg`).

Markup is built as strings, safely: :func:`el` is the one text writer. It writes every
plain ``str`` it is given, as text or as an attribute value, through :func:`xml_text`
(escaped, each character XML 1.0 forbids replaced by U+FFFD), and only :class:`Markup` (what
:func:`el` returns) is inserted as is. So user text (player names, comments, highlight
labels) can never become markup, and the picture is always well-formed XML, whatever the
text contains.

Shapes, icons and colours are not defined here: they come in the static payload
(:mod:`cyclades_widgets.view.icons`, :mod:`~cyclades_widgets.view.palette`), the same
the widget paints.

>>> str(el("text", {"x": 1.25, "y": 2.0}, "<b>"))
'<text x="1.2" y="2">&lt;b&gt;</text>'
>>> str(el("text", {"aria-label": "a\\x0cb"}, "c\\x00d"))
'<text aria-label="a\ufffdb">c\ufffdd</text>'
"""

from __future__ import annotations

import html
import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ..view.metrics import text_width

__all__ = [
    "Markup",
    "el",
    "group",
    "icon",
    "num",
    "path_d",
    "points",
    "text_width",
    "titled",
    "wrap",
    "xml_text",
]

_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
"""The characters XML 1.0 forbids in a document (most control characters, lone surrogates,
U+FFFE and U+FFFF)."""

_UNUSUAL = re.compile("[\x00-\x08\x0b-\x1f\ud800-\udfff\ufffe\uffff]")
"""What :func:`xml_text` does more than escape: a forbidden character or a carriage return."""


class Markup(str):
    """A string of SVG markup that :func:`el` inserts without escaping."""

    __slots__ = ()


def num(value: float) -> str:
    """A coordinate as short text: rounded to 0.1, without a trailing ``.0``.

    >>> num(3.0), num(2.25), num(-0.04)
    ('3', '2.2', '0')
    """
    text = f"{round(value, 1):.1f}"
    if text.endswith(".0"):
        text = text[:-2]
    return "0" if text == "-0" else text


def xml_text(value: Any, *, quote: bool = False) -> str:
    """``value`` as text that is always well-formed inside an XML document (``quote``: as
    an attribute value): escaped, each character XML 1.0 forbids replaced by U+FFFD (�),
    and a carriage return written ``&#13;`` (a bare one would be read back as a newline).
    This is the one text writer of the picture: every text and attribute value goes
    through it (:func:`el`).

    >>> xml_text("a\\x0cb <c> & \\ufffe")
    'a\ufffdb &lt;c&gt; &amp; \ufffd'
    """
    text = str(value)
    if _UNUSUAL.search(text) is None:  # the usual text: nothing but escaping to do
        return html.escape(text, quote=quote)
    text = _NOT_XML.sub("\ufffd", html.escape(text, quote=quote))
    return text.replace("\r", "&#13;")


def _attr(value: Any) -> str:
    if isinstance(value, float):
        return num(value)
    if isinstance(value, int):
        return str(value)
    return xml_text(value, quote=True)


def el(tag: str, attrs: Mapping[str, Any] | None = None, *children: Any) -> Markup:
    """One element. ``None`` attributes are left out; floats are rounded with :func:`num`.

    Children may be :class:`Markup` (inserted as is), plain text (escaped), numbers,
    ``None`` (skipped) or iterables of these.
    """
    parts = [f"<{tag}"]
    for key, value in (attrs or {}).items():
        if value is not None:
            parts.append(f' {key}="{_attr(value)}"')
    body = "".join(_children(children))
    if not body:
        return Markup("".join(parts) + "/>")
    return Markup("".join(parts) + ">" + body + f"</{tag}>")


def _children(children: Iterable[Any]) -> Iterable[str]:
    for child in children:
        if child is None:
            continue
        if isinstance(child, Markup):
            yield child
        elif isinstance(child, str):
            yield xml_text(child)
        elif isinstance(child, int | float):
            yield num(child) if isinstance(child, float) else str(child)
        else:
            yield from _children(child)


def group(attrs: Mapping[str, Any] | None, *children: Any) -> Markup:
    """A ``<g>``, or nothing when it would be empty."""
    body = "".join(_children(children))
    return el("g", attrs, Markup(body)) if body else Markup("")


def titled(label: str, attrs: Mapping[str, Any] | None, *children: Any) -> Markup:
    """A ``<g role="img">`` named by a ``<title>`` (screen readers and hover tooltips)."""
    return el("g", {"role": "img", **(attrs or {})}, el("title", None, label), *children)


def points(pts: Iterable[Iterable[float]]) -> str:
    """``x,y x,y ...`` for a polygon."""
    return " ".join(",".join(num(c) for c in p) for p in pts)


def icon(
    d: str,
    x: float,
    y: float,
    r: float,
    *,
    fill: str | None = None,
    stroke: str | None = None,
    width: float = 1.2,
) -> Markup:
    """An icon of the static payload (path data in a box from -1 to 1) centred on (x, y)
    at radius ``r``; ``width`` is the stroke width in pixels (whatever ``r`` is)."""
    return el(
        "path",
        {
            "d": d,
            "transform": f"translate({num(x)},{num(y)}) scale({r:.3g})",
            "fill": fill,
            "fill-rule": "evenodd",
            "stroke": stroke,
            "stroke-width": f"{width / r:.3g}" if stroke else None,
            "stroke-linejoin": "round" if stroke else None,
        },
    )


def path_d(loops: Iterable[Iterable[Sequence[float]]]) -> str:
    """Path data of closed loops: the first point absolute, the rest relative (short text).

    Points are rounded to 0.1 first and the steps taken between rounded points, so the
    path lands exactly where the absolute points would.

    >>> path_d([[(0, 0), (10.04, 0), (10, 5.55)]])
    'M0,0l10,0 0,5.6z'
    """
    out = []
    for loop in loops:
        tenths = [(round(p[0] * 10), round(p[1] * 10)) for p in loop]
        if not tenths:
            continue
        (x0, y0), rest = tenths[0], tenths[1:]
        steps = [f"{_tenths(b[0] - a[0])},{_tenths(b[1] - a[1])}" for a, b in zip(tenths, rest)]
        out.append(f"M{_tenths(x0)},{_tenths(y0)}" + ("l" + " ".join(steps) if steps else "") + "z")
    return "".join(out)


def _tenths(n: int) -> str:
    """An integer count of tenths as short text: 12 → "1.2", -5 → "-.5", 30 → "3"."""
    sign, n = ("-", -n) if n < 0 else ("", n)
    whole, frac = divmod(n, 10)
    if frac == 0:
        return f"{sign}{whole}"
    return f"{sign}{whole if whole else ''}.{frac}"


def wrap(text: str, width: float, size: float, bold: bool = False) -> list[str]:
    """Break ``text`` into lines of at most ``width`` pixels at font ``size`` (``bold``:
    measured as bold text, which is wider).

    Lines break at spaces, or between any two wide (CJK) characters; a word too long for a
    line is cut. Newlines in ``text`` are kept.
    """
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for token in _tokens(paragraph):
            candidate = line + token
            if line and text_width(candidate.rstrip(), size, bold=bold) > width:
                lines.append(line.rstrip())
                line = token.lstrip()
            else:
                line = candidate
            while text_width(line, size, bold=bold) > width and len(line) > 1:
                cut = _fit(line, width, size, bold)
                lines.append(line[:cut])
                line = line[cut:]
        lines.append(line.rstrip())
    return lines


def _tokens(paragraph: str) -> list[str]:
    """Words with their trailing space, and wide characters one by one."""
    tokens: list[str] = []
    word = ""
    for ch in paragraph:
        if unicodedata.east_asian_width(ch) in ("W", "F"):
            if word:
                tokens.append(word)
                word = ""
            tokens.append(ch)
        else:
            word += ch
            if ch == " ":
                tokens.append(word)
                word = ""
    if word:
        tokens.append(word)
    return tokens


def _fit(line: str, width: float, size: float, bold: bool = False) -> int:
    """How many characters of ``line`` fit in ``width`` (at least one)."""
    for cut in range(len(line), 0, -1):
        if text_width(line[:cut], size, bold=bold) <= width:
            return cut
    return 1
