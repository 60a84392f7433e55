"""Self-contained HTML pages of the board: no kernel, no network.

:func:`replay_page` writes every position of a game (or given frames) into one HTML file
with the board's script and styles inlined; ←/→, Shift+←/→ and Home/End step through it in
any browser, even opened from ``file://``. The same view code as the widget draws it.
"""

from __future__ import annotations

import html
import json
from collections.abc import Mapping
from typing import Any

from ..history import BaseGame
from ..rules.state import GameState
from ..view import STATIC
from ..view import model as serialize
from .notes import move_positions, notes_at

Frame = Mapping[str, Any]


def game_frames(
    game: BaseGame,
    *,
    viewer: str | None = None,
    lang: str = "en",
    notes: Mapping[int, Mapping[str, Any]] | None = None,
) -> list[dict[str, Any]]:
    """One frame per position of ``game``'s history: ``{snapshot, annotation, highlights}``.

    ``notes`` maps a position to ``{"annotation": {...}, "highlights": {...}}``.
    """
    history = game.history
    states: list[GameState] = [s.before for s in history] + [game.state]
    frames = []
    for k, state in enumerate(states):
        events = history[k - 1].events if k > 0 else []
        note = dict((notes or {}).get(k, {}))
        frames.append(
            {
                "snapshot": serialize.snapshot(state, viewer=viewer, lang=lang, events=events),
                "annotation": dict(note.get("annotation", {})),
                "highlights": dict(note.get("highlights", {})),
            }
        )
    return frames


def _script_json(data: Any) -> str:
    """JSON that is safe inside a ``<script>`` element (no ``<``, ``>`` or ``&``)."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def record_frames(
    record: Any, *, line: tuple[int, ...] = (), viewer: str | None = None, lang: str = "en"
) -> list[dict[str, Any]]:
    """One frame per position of a record's line, with its notes (see :mod:`.replay`)."""
    game = record.replay(line)
    positions = move_positions(game)
    notes = {k: notes_at(record, line, positions, k) for k in range(len(game.history) + 1)}
    return game_frames(game, viewer=viewer, lang=lang, notes=notes)


def replay_page(
    source: Any,
    *,
    map_id: str | None = None,
    lang: str = "en",
    title: str = "Cyclades replay",
    start: int = 0,
    viewer: str | None = None,
) -> str:
    """A complete HTML page replaying ``source``: a GameRecord (with its notes), a Game,
    or frames (then ``map_id`` is needed)."""
    if hasattr(source, "replay") and hasattr(source, "step"):  # a GameRecord
        frames = record_frames(source, viewer=viewer, lang=lang)
        map_id = source.map
        title = source.title or title
    elif isinstance(source, BaseGame):
        frames = game_frames(source, viewer=viewer, lang=lang)
        map_id = source.state.map_id
    else:
        frames = [dict(f) for f in source]
        if map_id is None:
            raise ValueError("replay_page(frames) needs map_id=")
    if not frames:
        raise ValueError("a replay needs at least one frame")
    payload = {"static": serialize.static_payload(map_id, lang), "frames": frames}
    script = (STATIC / "replay-page.js").read_text("utf-8")
    css = (STATIC / "board.css").read_text("utf-8")
    start = max(0, min(start, len(frames) - 1))
    script = script.replace("</script", "<\\/script")
    return f"""<!doctype html>
<html lang="{html.escape(lang)}">
<head><meta charset="utf-8"><title>{html.escape(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{{margin:16px;background:#f4f1ea}}{css}</style></head>
<body>
<div id="cw-replay"></div>
<script type="application/json" id="cw-data">{_script_json(payload)}</script>
<script>{script}</script>
<script>
const data = JSON.parse(document.getElementById("cw-data").textContent);
const replay = CycladesReplay.mountReplay(document.getElementById("cw-replay"), data);
replay.go({start});
document.querySelector(".cw-root").focus();
window.cwReplay = replay;
</script>
</body></html>
"""
