"""Pages for the browser tests of the board: the JS board on a fake model (no kernel).

The page holds the bundle (``static/replay-page.js``), the styles, and a small ``model``
object (get/set/on/off/send) with the traits a ``Board`` would sync for a game: the view
model already patched, the legal actions, the static payload.
"""

from __future__ import annotations

import json
from pathlib import Path

from ci_gate import skip_or_fail
from waits import shown

import cyclades_widgets as cw
from cyclades_widgets.i18n import render
from cyclades_widgets.view import STATIC, model

FAKE_MODEL_PAGE = """<!doctype html><html><head><meta charset="utf-8">
<style>body{margin:12px;background:#f4f1ea}%(css)s</style></head><body>
<div id="board"></div>
<script>%(js)s</script>
<script>
const traits = %(traits)s;
const handlers = {};
window.sent = [];
window.model = {
  get: (k) => traits[k],
  set: (k, v) => { traits[k] = v; (handlers[k] || []).forEach((f) => f()); },
  on: (k, f) => { (handlers[k] ||= []).push(f); },
  off: (k, f) => { handlers[k] = (handlers[k] || []).filter((g) => g !== f); },
  send: (m) => { if (m.type !== "rendered") window.sent.push(m); },
};
window.cleanup = CycladesReplay.mountBoard(document.getElementById("board"), window.model);
</script></body></html>"""


def traits_of(
    game: cw.Game,
    *,
    lang: str = "en",
    viewer: str | None = None,
    mode: str = "normal",
    highlights: dict | None = None,
) -> dict:
    """What a Board would sync for ``game`` (the view already patched)."""
    seat = model.viewer_seat(game.state, viewer)
    legal = model.state_legal(game.state, lang, seat)
    n = len(game.history)
    return {
        "static": model.static_payload(game.state.map_id, lang, mode=mode),
        "view": model.board_view(
            game.state, viewer=viewer, lang=lang,
            events=game.history[-1].events if game.history else [], history=game.history,
            legal=legal, highlights=highlights,
        ),
        "legal": legal,
        "error": "",
        "annotation": {},
        "timeline": {"index": n, "length": n, "text": render("board.timeline", {"index": n, "length": n}, lang)},
        "animate": True,
        "interactive": True,
    }  # fmt: skip


def fake_page(
    page,
    tmp_path,
    game: cw.Game,
    *,
    lang: str = "en",
    viewer: str | None = None,
    mode: str = "normal",
    highlights: dict | None = None,
    size=(1280, 800),
):
    traits = traits_of(game, lang=lang, viewer=viewer, mode=mode, highlights=highlights)
    text = FAKE_MODEL_PAGE % {
        "css": (STATIC / "board.css").read_text("utf-8"),
        "js": (STATIC / "replay-page.js").read_text("utf-8"),
        "traits": json.dumps(traits).replace("<", "\\u003c"),
    }
    path = tmp_path / f"fake-{lang}.html"
    path.write_text(text, encoding="utf-8")
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(path.as_uri())
    shown(page.locator("[data-testid=cw-board] .cw-isle").first, "the board's isles")
    return page


# --------------------------------------------------------------------------- axe-core

AXE = Path(__file__).resolve().parents[2] / "js" / "node_modules" / "axe-core" / "axe.min.js"
"""axe-core, installed with the front end's packages (``npm install`` in ``js/``): never
fetched from the network at test time."""


def axe_violations(page, selector: str) -> list[dict]:
    """The serious and critical axe-core violations inside ``selector`` on ``page``."""
    if not AXE.is_file():
        skip_or_fail("axe-core is missing: run `npm install` in js/ (make test does)")
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    found = page.evaluate(
        """async (sel) => {
          const r = await axe.run(document.querySelector(sel), {resultTypes: ['violations']});
          return r.violations.map((v) => ({id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.slice(0, 5).map((n) => n.target.join(' ') + ' :: ' + n.failureSummary)}));
        }""",
        selector,
    )
    return [v for v in found if v["impact"] in ("serious", "critical")]
