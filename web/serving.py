"""The production HTTP server: waitress, one process, a thread pool sized for many phones.

Why waitress: a pure-Python, well-kept WSGI server (Pylons project) that runs the same on a Pi
and a laptop, with a bounded pool of worker threads, a connection limit and no fork. One process
only: the service owns the serial port, the GPIO pins and the camera. Werkzeug's server is a
development server (a thread per connection, no limits), so it stays in the tests that build
their own.

Threads: every open live-update stream (``web/live.py``) holds one worker thread for as long as
the phone listens; writes and page loads need free ones. :data:`DEFAULT_THREADS` (the
``threads`` setting) covers 64 screens with room to spare; ``connection_limit`` is twice that.
waitress tells a stream that its phone went away through ``waitress.client_disconnected``
(``channel_request_lookahead`` makes it notice), so a closed tab frees its thread within a
second.

:class:`Server` wraps the server: :attr:`Server.port` (the real port when ``0`` was asked),
:meth:`Server.run` until :meth:`Server.stop` (safe from a signal handler: it sets a flag and
wakes the loop); ``before_stop`` ends the long-lived streams first so the pool drains at once.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from waitress import wasyncore
from waitress.server import create_server

from companion.settings import DEFAULT_THREADS
from web import MAX_BODY


class Server:
    """``app`` on ``host:port`` with ``threads`` workers (see the module docstring)."""

    def __init__(self, app: Any, host: str, port: int, threads: int = DEFAULT_THREADS) -> None:
        self._server: Any = create_server(
            app, host=host, port=port, threads=threads,
            connection_limit=max(100, 2 * threads),
            channel_request_lookahead=1,  # keep reading: notice a phone that went away
            ident="sushi-companion", clear_untrusted_proxy_headers=True,
            expose_tracebacks=False,
            max_request_body_size=MAX_BODY,  # larger bodies: 413 before they are buffered
        )
        self.threads = threads
        self._stopping = threading.Event()
        self._before_stop: Callable[[], None] | None = None
        #: The asyncore map of the server's sockets (one listener, or several).
        self._map: dict[int, Any] = getattr(self._server, "_map", None) or self._server.map

    @property
    def port(self) -> int:
        return int(self._server.effective_port)

    def run(self, before_stop: Callable[[], None] | None = None) -> None:
        """Serve until :meth:`stop`; then call ``before_stop`` (e.g. close the session so the
        live streams end), wait up to 5 s for the workers and close every connection."""
        self._before_stop = before_stop
        adj = self._server.adj
        try:
            while not self._stopping.is_set():
                wasyncore.loop(timeout=adj.asyncore_loop_timeout, map=self._map,
                               use_poll=adj.asyncore_use_poll, count=1)
        finally:
            self._shutdown()

    def stop(self) -> None:
        """Ask :meth:`run` to return soon (from a signal handler or any thread: it sets a flag
        and wakes the loop through waitress's trigger)."""
        self._stopping.set()
        self._server.pull_trigger()

    def _shutdown(self) -> None:
        if self._before_stop is not None:
            self._before_stop()
        self._server.task_dispatcher.shutdown(cancel_pending=True, timeout=5)
        self._server.close()
        wasyncore.close_all(self._map)
