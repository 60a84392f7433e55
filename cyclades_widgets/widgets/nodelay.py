"""An opt-in Jupyter Server extension that answers widget clicks sooner: ``TCP_NODELAY`` on
the kernels' websockets.

Jupyter Server writes each kernel message to the browser's websocket as it comes, with
Nagle's algorithm on (Tornado's default). After a click, the kernel's "busy" status goes
out at once; the board's update follows a few milliseconds later and waits until the
browser acknowledges the first message, which a browser on the same machine delays by up
to 40 ms (delayed ACK). In ``benchmarks/bench_browser.py`` about half of the clicks waited
so (see ``docs/board.md``). With ``TCP_NODELAY`` the update leaves when it is ready.

It changes nothing else and is off unless a teacher turns it on::

    jupyter server extension enable cyclades_widgets.widgets.nodelay

or for one run: ``jupyter lab --ServerApp.jpserver_extensions="{'cyclades_widgets.widgets.nodelay': True}"``.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, cast

__all__ = ["load_jupyter_server_extension"]

_PATCHED = "_cyclades_nodelay"


def _jupyter_server_extension_points() -> list[dict[str, str]]:
    """Where Jupyter Server finds the extension (this module)."""
    return [{"module": "cyclades_widgets.widgets.nodelay"}]


def load_jupyter_server_extension(serverapp: Any) -> None:
    """Turn on ``TCP_NODELAY`` for every kernel websocket opened from now on."""
    from jupyter_server.services.kernels.websocket import KernelWebsocketHandler

    if getattr(KernelWebsocketHandler, _PATCHED, False):
        return
    opened = cast("Callable[..., Awaitable[Any]]", KernelWebsocketHandler.open)

    async def open_without_delay(self: Any, *args: Any, **kwargs: Any) -> Any:
        self.set_nodelay(True)
        return await opened(self, *args, **kwargs)

    KernelWebsocketHandler.open = open_without_delay  # type: ignore[method-assign]
    setattr(KernelWebsocketHandler, _PATCHED, True)
    serverapp.log.info("cyclades_widgets: TCP_NODELAY on kernel websockets")


_load_jupyter_server_extension = load_jupyter_server_extension
