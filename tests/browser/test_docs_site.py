"""The documentation site in Chromium (issue 17, part 3): the built site (``make docs``;
``make test`` builds it with warnings as errors and names it in ``CYCLADES_DOCS_SITE``) is
served from 127.0.0.1; the home page leads to the first tutorial, whose executed outputs
show the static SVG board, and a second tutorial page shows its board too.
"""

from __future__ import annotations

import functools
import http.server
import os
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from artifacts import ARTIFACTS
from ci_gate import skip_or_fail
from waits import shown, until

pytestmark = pytest.mark.browser

BOARD_PICTURE = ".cell_output img[src$='.svg']"

_LOADED_JS = """selector => {
    const images = [...document.querySelectorAll(selector)];
    return images.length > 0 && images.every(i => i.complete && i.naturalWidth > 0);
}"""


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        pass


@pytest.fixture(scope="module")
def docs_site(chromium_executable: str) -> Iterator[str]:
    """The built site, served on a free local port; yields its base URL."""
    named = os.environ.get("CYCLADES_DOCS_SITE", "")
    site = Path(named) if named else Path(__file__).resolve().parents[2] / "_build" / "docs"
    if not (site / "docs" / "index.html").is_file():
        skip_or_fail(f"no documentation site in {site}: `make docs` builds one (`make test` does)")
    handler = functools.partial(_QuietHandler, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def _board_is_shown(page, request) -> None:
    """Every SVG picture in the cell outputs has loaded, is visible, and is our board."""
    until(page, "every board picture of the page loaded", _LOADED_JS, BOARD_PICTURE)
    first = page.locator(BOARD_PICTURE).first
    first.scroll_into_view_if_needed()
    shown(first, "the first board picture")
    box = first.bounding_box()
    assert box is not None and box["width"] > 200 and box["height"] > 150, box
    svg = request.get(first.evaluate("img => img.src")).text()
    assert 'class="cws-board"' in svg and "Cyclades board" in svg


def test_the_home_page_leads_to_the_first_tutorial_with_its_board(page, docs_site):
    """Page 1: the home page lists the tutorials and the API reference; following the
    first tutorial's link opens it with its outputs, the board picture among them."""
    page.goto(f"{docs_site}docs/index.html")
    assert page.title().startswith("cyclades_widgets")
    shown(page.get_by_role("link", name="API reference").first, "the API reference link")
    page.get_by_role("link", name="1. A first look at Cyclades").first.click()
    page.wait_for_url("**/notebooks/en/01-first-look.html")
    shown(page.locator("h1").filter(has_text="1. A first look"), "the first tutorial's title")
    _board_is_shown(page, page.request)
    page.screenshot(path=str(_artifact("docs-first-tutorial.png")), full_page=False)


def test_a_second_tutorial_page_shows_its_board(page, docs_site):
    """Page 2: the offerings tutorial, opened directly, shows its executed board too."""
    page.goto(f"{docs_site}notebooks/en/02-offerings.html")
    shown(page.locator("h1").filter(has_text="2. Offerings"), "the offerings tutorial's title")
    _board_is_shown(page, page.request)


def _artifact(name: str) -> Path:
    folder = ARTIFACTS
    folder.mkdir(exist_ok=True)
    return folder / name
