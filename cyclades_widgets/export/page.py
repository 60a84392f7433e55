"""Self-contained HTML pages of the board: no kernel, no network.

:func:`replay_page` writes every position of a game (or a record, with its notes) into one
HTML file with the board's script and styles inlined. It has a title, labelled buttons
(step, phase, cycle), a step slider and the key hint; ←/→, Shift+←/→ and Home/End step
through it in any browser, even opened from ``file://``. The same view code as the widget
paints it.

To stay small (about 120 KB for a 549-step game), the page stores the first position's
view model and, for every later one, a patch of the one before
(:mod:`cyclades_widgets.view.diff`); each step's narration is stored once, and the log of
each position names the steps it shows. The data are gzipped and base64-encoded inside
the page; the browser unpacks them with its own ``DecompressionStream`` (no network).
"""

from __future__ import annotations

import base64
import gzip
import html
import json
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..history import BaseGame
from ..i18n import text
from ..records.notes import move_positions, notes_at
from ..records.shape import local_text
from ..rules.state import GameState
from ..view import STATIC
from ..view import model as view_model
from ..view.diff import diff
from ..view.log import StepLines
from ..view.palette import COLOURS

if TYPE_CHECKING:
    from ..review.entries import ReviewData

__all__ = [
    "game_views",
    "pack",
    "page_data",
    "page_payload",
    "record_views",
    "replay_page",
    "unpack",
]

View = dict[str, Any]

_CONTROLS = (
    "start", "back_cycle", "back_phase", "back_step", "forward_step", "forward_phase",
    "forward_cycle", "end",
)  # fmt: skip


def game_views(
    game: BaseGame,
    *,
    viewer: str | None = None,
    lang: str = "en",
    notes: Mapping[int, Mapping[str, Any]] | None = None,
) -> list[tuple[View, dict[str, Any]]]:
    """One ``(view, annotation)`` per position of ``game``'s history (the view model of a
    read-only board; ``notes`` maps a position to ``{"annotation", "highlights"}``)."""
    history = game.history
    states: list[GameState] = [s.before for s in history] + [game.state]
    lines = StepLines()
    out = []
    for k, state in enumerate(states):
        note = dict((notes or {}).get(k, {}))
        view = view_model.board_view(
            state,
            viewer=viewer,
            lang=lang,
            events=history[k - 1].events if k > 0 else [],
            history=history[:k],
            live=False,
            highlights=dict(note.get("highlights", {})),
            lines_of=lines,
        )
        out.append((view, dict(note.get("annotation", {}))))
    return out


def record_views(
    record: Any, *, line: tuple[int, ...] = (), viewer: str | None = None, lang: str = "en"
) -> list[tuple[View, dict[str, Any]]]:
    """One ``(view, annotation)`` per position of a record's line, with its notes."""
    game = record.replay(line)
    positions = move_positions(game)
    notes = {k: notes_at(record, line, positions, k, lang) for k in range(len(game.history) + 1)}
    return game_views(game, viewer=viewer, lang=lang, notes=notes)


def page_payload(
    views: Sequence[tuple[View, dict[str, Any]]], map_id: str, lang: str, title: str
) -> dict[str, Any]:
    """The page's data: the static payload, the first view, a patch per later position,
    every step's narration once, the notes and the controls' words."""
    lines: dict[str, list[str]] = {}
    bare: list[View] = []
    for view, _ in views:
        view = dict(view)
        log = view.get("log")
        if log is not None:
            lines.update(log["lines"])
            view["log"] = {k: v for k, v in log.items() if k != "lines"}
        bare.append(view)
    words = {key: text(f"board.control.{key}", lang) for key in _CONTROLS}
    words.update(
        slider=text("board.page.slider", lang),
        controls=text("board.page.controls", lang),
        keys=text("board.keys", lang),
    )
    length = len(bare) - 1
    return {
        "title": title,
        "static": view_model.static_payload(map_id, lang),
        "first": bare[0],
        "patches": [diff(a, b) for a, b in zip(bare, bare[1:], strict=False)],
        "lines": lines,
        "notes": {str(k): _shown(note) for k, (_, note) in enumerate(views) if _shown(note)},
        "timeline": [
            text("board.timeline", lang, index=k, length=length) for k in range(length + 1)
        ],
        "text": words,
    }


def _shown(note: Mapping[str, Any]) -> dict[str, Any]:
    """The parts of an annotation the board shows: the comments and the tag."""
    return {k: note[k] for k in ("before", "after", "tag") if note.get(k)}


def _move_words(move: int, moves: int, lang: str) -> str:
    """Which move a position follows, numbered from 1 as everywhere a learner reads."""
    if move == 0:
        return text("record.text.before_first", lang, moves=moves)
    return text("record.text.after_move", lang, move=move, moves=moves)


def _css() -> str:
    """The board's stylesheet, for the page."""
    return (STATIC / "board.css").read_text("utf-8")


def _graph_section(review: ReviewData | None, lang: str) -> str:
    """The review's win-chance graph (static SVG), or nothing."""
    if review is None:
        return ""
    from ..review.plot import Plot

    svg = Plot(review, lang=lang).svg
    return f"""<section class="cw-page-graph" style="max-width:960px;margin-top:12px">{svg}</section>
<script>
for (const hit of document.querySelectorAll(".cw-page-graph [data-goto]")) {{
  hit.style.cursor = "pointer";
  hit.addEventListener("click", () => window.cwReplay && window.cwReplay.go(Number(hit.getAttribute("data-goto"))));
}}
</script>"""


def pack(data: Any) -> str:
    """``data`` as gzipped JSON in base64 (deterministic: no time stamp), for the page."""
    raw = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return base64.b64encode(gzip.compress(raw, compresslevel=9, mtime=0)).decode("ascii")


def unpack(text: str) -> Any:
    """The data of :func:`pack` (the tests read pages with it).

    >>> unpack(pack({"a": [1, "<é>"]}))
    {'a': [1, '<é>']}
    """
    return json.loads(gzip.decompress(base64.b64decode(text)).decode("utf-8"))


def page_data(page: str) -> Any:
    """The replay data inside a page written by :func:`replay_page`."""
    start = page.index('id="cw-data">') + len('id="cw-data">')
    return unpack(page[start : page.index("</script>", start)])


def replay_page(
    source: Any,
    *,
    map_id: str | None = None,
    lang: str = "en",
    title: str | None = None,
    start: int = 0,
    viewer: str | None = None,
    review: ReviewData | None = None,
) -> str:
    """A complete HTML page replaying ``source``: a GameRecord (with its notes), a Game,
    or ``(view, annotation)`` pairs (then ``map_id`` is needed). With a ``review`` of the
    same game, its win-chance graph shows under the board (a click goes to that step)."""
    lang = view_model.check_lang(lang)
    moves_at: list[int] | None = None
    if hasattr(source, "replay") and hasattr(source, "step"):  # a GameRecord
        views = record_views(source, viewer=viewer, lang=lang)
        map_id = source.map
        title = title or local_text(source.title, lang)
        positions = move_positions(source.replay())
        moves_at = [sum(1 for p in positions if p < k) for k in range(len(views))]
    elif isinstance(source, BaseGame):
        views = game_views(source, viewer=viewer, lang=lang)
        map_id = source.state.map_id
    else:
        views = [(dict(v), dict(a)) for v, a in source]
        if map_id is None:
            raise ValueError("replay_page(views) needs map_id=")
    if not views:
        raise ValueError("a replay needs at least one position")
    title = title or text("board.page.title", lang)
    payload = page_payload(views, map_id, lang, title)
    if moves_at is not None:  # a record: each position also says which move it follows
        total = max(moves_at, default=0)
        payload["timeline"] = [
            f"{line} · {_move_words(move, total, lang)}"
            for line, move in zip(payload["timeline"], moves_at, strict=True)
        ]
    script = (STATIC / "replay-page.js").read_text("utf-8").replace("</script", "<\\/script")
    start = max(0, min(start, len(views) - 1))
    return f"""<!doctype html>
<html lang="{html.escape(lang)}">
<head><meta charset="utf-8"><title>{html.escape(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{{margin:16px;background:{COLOURS["page"]}}}{_css()}</style></head>
<body>
<main id="cw-replay"></main>
{_graph_section(review, lang)}
<script type="application/octet-stream" id="cw-data">{pack(payload)}</script>
<script>{script}</script>
<script>
CycladesReplay.unpack(document.getElementById("cw-data").textContent).then((data) => {{
  const replay = CycladesReplay.mountReplay(document.getElementById("cw-replay"), data);
  replay.go({start});
  document.querySelector(".cw-root").focus();
  window.cwReplay = replay;
}});
</script>
</body></html>
"""
