"""The production HTTP server: waitress, one process, a thread pool sized for many phones.

Why waitress: a pure-Python, well-kept WSGI server (Pylons project) that runs the same on a Pi
and a laptop, with a bounded pool of worker threads, a connection limit and no fork. One process
only: the service owns the serial port, the GPIO pins and the camera. Werkzeug's server is a
development server (a thread per connection, no limits), so it stays in the tests that build
their own.

Live streams do not hold threads (issue 28 item 3): a stream request (``web/live.py``) is
answered by a worker like any other request, up to its headers and first snapshot; then the
worker hands the socket to the :class:`~web.stream_hub.StreamHub`, one thread that serves every
open stream, and is free again. The hand-off (:class:`_LiveChannel`, :class:`_LiveTask`) is
the one place that reaches into waitress's channel (pinned in ``requirements.lock``; the tests
run it): the view finds a :class:`~web.stream_hub.Handoff` in its WSGI environ and puts its
stream there; once the task has written the response's head and first event, it marks the
channel handed off (waitress neither reads nor writes it any more) and, in waitress's own loop
thread, takes the bytes not yet sent, removes the channel from waitress's map (and from its
connection count) and gives the socket to the hub. So :data:`DEFAULT_THREADS` workers serve
any number of screens; the streams' own caps are in :class:`~web.stream_hub.StreamLimits`.
waitress polls with ``poll()`` rather than ``select()`` (no limit of 1,024 file numbers) and
the process's open-file limit is raised to its hard limit at start.

:class:`Server` wraps the server: :attr:`Server.port` (the real port when ``0`` was asked),
:meth:`Server.run` until :meth:`Server.stop` (safe from a signal handler: it sets a flag and
wakes the loop); ``before_stop`` ends the long-lived streams first so the pool drains at once;
:attr:`Server.hub` is the stream hub (its ``stats`` count the open and dropped streams).
"""

from __future__ import annotations

import contextlib
import resource
import threading
from collections.abc import Callable
from typing import Any

from waitress import wasyncore
from waitress.channel import HTTPChannel
from waitress.server import BaseWSGIServer, create_server
from waitress.task import WSGITask

from companion.settings import DEFAULT_THREADS
from web import MAX_BODY
from web.stream_hub import HANDOFF_KEY, Handoff, LiveStream, StreamHub


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
            asyncore_use_poll=True,  # select() fails on file numbers over 1,023
        )
        raise_open_file_limit()
        self.hub = StreamHub()
        channel_class = type("LiveChannel", (_LiveChannel,), {"hub": self.hub})
        for listener in list(self._map_of(self._server).values()):
            if isinstance(listener, BaseWSGIServer):
                listener.channel_class = channel_class
        self.threads = threads
        self._stopping = threading.Event()
        self._before_stop: Callable[[], None] | None = None
        #: The asyncore map of the server's sockets (one listener, or several).
        self._map: dict[int, Any] = self._map_of(self._server)

    @staticmethod
    def _map_of(server: Any) -> dict[int, Any]:
        found: dict[int, Any] = getattr(server, "_map", None) or server.map
        return found

    @property
    def port(self) -> int:
        return int(self._server.effective_port)

    def run(self, before_stop: Callable[[], None] | None = None) -> None:
        """Serve until :meth:`stop`; then call ``before_stop`` (e.g. close the session so the
        live streams end), wait up to 5 s for the workers and close every connection."""
        self._before_stop = before_stop
        adj = self._server.adj
        self.hub.start()
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
        self.hub.close()
        self._server.task_dispatcher.shutdown(cancel_pending=True, timeout=5)
        self._server.close()
        wasyncore.close_all(self._map)


def raise_open_file_limit() -> None:
    """Raise this process's soft limit of open files to its hard limit (every stream is one)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or soft < hard:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


class _LiveTask(WSGITask):
    """waitress's task, offering every request a :class:`Handoff` (see the module docstring)."""

    def get_environment(self) -> dict[str, Any]:
        environ: dict[str, Any] = super().get_environment()
        environ.setdefault(HANDOFF_KEY, Handoff())
        return environ

    def _stream(self) -> LiveStream | None:
        handoff = (self.environ or {}).get(HANDOFF_KEY)
        if not isinstance(handoff, Handoff):
            return None
        stream, handoff.stream = handoff.stream, None
        return stream

    def finish(self) -> None:
        ok = self.request.command == "GET" and self.wrote_header and self.status[:3] == "200"
        stream = self._stream()
        if stream is None:
            super().finish()
        elif ok:
            self.channel.hand_off(stream, chunked=bool(self.chunked_response))
        else:
            stream.end()
            super().finish()

    def service(self) -> None:
        try:
            super().service()
        finally:  # the stream was not handed off (an error, the client went away): end it
            stream = self._stream()
            if stream is not None:
                stream.end()


class _LiveChannel(HTTPChannel):
    """waitress's channel, which can give its socket to the stream hub."""

    task_class = _LiveTask
    hub: StreamHub
    handed_off = False

    def readable(self) -> bool:
        return not self.handed_off and bool(super().readable())

    def writable(self) -> bool:
        return not self.handed_off and bool(super().writable())

    # A poll may still report this channel after the hand-off (its flags were asked before):
    # from then on the socket is the hub's, so waitress neither reads, writes nor closes it.
    def handle_read(self) -> None:
        if not self.handed_off:
            super().handle_read()

    def handle_write(self) -> None:
        if not self.handed_off:
            super().handle_write()

    def handle_close(self) -> None:
        if not self.handed_off:
            super().handle_close()

    def hand_off(self, stream: LiveStream, chunked: bool) -> None:
        """From the task's thread: stop serving this channel, and have waitress's loop thread
        give its socket to the hub."""
        self.handed_off = True
        self.server.trigger.pull_trigger(lambda: self._detach(stream, chunked))

    def _detach(self, stream: LiveStream, chunked: bool) -> None:
        with self.outbuf_lock:
            pending = b"".join(bytes(buf.get(len(buf), skip=True))
                               for buf in self.outbufs if len(buf))
            self.total_outbufs_len = 0
        sock = self.socket
        if sock is None or sock.fileno() < 0:
            stream.end()
            return
        self.del_channel()  # out of waitress's map and connection count; the socket stays open
        self.connected = False
        self.hub.adopt(sock, pending, stream, chunked)
