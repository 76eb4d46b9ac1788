"""The stream hub: one thread that serves every open live stream after its first event.

Why: a stream that held a server thread (waitress's pool is bounded) let 128 screens, or 128
sockets that never read, take every thread, so writes and ``/health`` hung (issue 28 item 3).
Here the number of streams does not bound the writers: waitress answers the request as any
other (the view in ``web/live.py`` checks the game and the token, takes the stream's place
under :class:`StreamLimits` and subscribes), writes the headers and the first snapshot, then
hands the socket over (``web/serving.py``) and its thread is free again.

Contract of :class:`StreamHub`:

* :meth:`StreamHub.adopt` (any thread) gives the hub a connected socket, the bytes waitress had
  not sent yet and the :class:`LiveStream`; from then on the hub alone writes to the socket
  (non-blocking, from its own thread, with ``selectors``: epoll on Linux) and closes it.
* **Small per-stream memory.** A stream holds at most one event's bytes (the one being sent).
  Changes that come while a client is behind are not queued: the :class:`Subscription`
  coalesces them, and the next event is built (the newest snapshot) only once the socket has
  taken the previous one. The kernel's send buffer of a stream socket is set to
  :data:`SEND_BUFFER` bytes. Encoded events are shared by the streams of the same game,
  revision and viewer (500 watchers cost one ``json.dumps``).
* **Heartbeats.** A ``: heartbeat`` comment once nothing was sent for the stream's heartbeat
  (``SSE_HEARTBEAT``, 15 s).
* **Clients that do not read are dropped**: a stream whose socket has not taken all the bytes
  waiting for it (the socket's buffer full) for ``stall_heartbeats`` heartbeats (2: 30 s) is
  closed with a reset (nothing of it stays in the kernel either). Only catching up restarts
  that clock: a frozen client's kernel that takes a few bytes now and then (as Linux does
  when it compacts its receive queue) does not keep it open. A peer that vanished (no FIN)
  is dropped the same way, or by ``TCP_USER_TIMEOUT`` where the platform has it.
* A stream ends when its client closes, when its subscription closes (the session shut down,
  the seat was released, the host role moved) or at :meth:`StreamHub.close`; ending closes the
  subscription and calls the stream's ``release`` (its place under the caps) exactly once.

:attr:`StreamHub.stats` counts open, adopted, dropped (did not read) and ended streams, for
``/health``-like checks, the tests and the bench.
"""

from __future__ import annotations

import contextlib
import json
import logging
import selectors
import socket
import struct
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from companion.session.access import Viewer
from companion.session.session import Subscription

log = logging.getLogger(__name__)

#: The kernel's send buffer of a stream socket (bytes; Linux doubles it). Large enough for a
#: few snapshots, small enough that 1,000 streams' buffers stay a few tens of MB at most.
SEND_BUFFER = 64 * 1024
#: How often the hub looks for due heartbeats and stalled clients (seconds, at most).
TICK = 0.25
HEARTBEAT = b": heartbeat\n\n"
#: The WSGI environ key under which the server offers a view a :class:`Handoff`.
HANDOFF_KEY = "companion.stream_handoff"


@dataclass
class LiveStream:
    """What the hub needs of one stream: its subscription, its heartbeat and what gives back
    its place under the caps (:class:`StreamLimits`)."""

    subscription: Subscription
    heartbeat: float
    release: Callable[[], None]
    #: The table devices' state for this stream (``web/device_events.py``: ``devices_json``, as JSON
    #: text; ``None``: none to send), sent as a ``devices`` event when it changed (issue 24
    #: item 10). ``None``: this app runs no tower or camera, the stream sends none.
    devices: Callable[[], str | None] | None = None
    #: The game's pending inputs (``web/device_events.py``: ``pending_json``, as JSON text),
    #: sent as a ``pending`` event when they changed (issue 25). ``None``: this app has no
    #: pending-input desk, the stream sends none.
    pending: Callable[[], str | None] | None = None
    _ended: bool = field(default=False, init=False)
    _devices_sent: str | None = field(default=None, init=False)
    _pending_sent: str | None = field(default=None, init=False)

    def devices_event(self) -> str | None:
        """The text of the table's events whose state differs from the one sent last (and
        remember it as sent): the ``devices`` event, then the ``pending`` event; ``None`` when
        neither changed."""
        devices = self._changed("devices", self.devices)
        pending = self._changed("pending", self.pending)
        if devices is None and pending is None:
            return None
        return (devices or "") + (pending or "")

    def _changed(self, name: str, state: Callable[[], str | None] | None) -> str | None:
        if state is None:
            return None
        data = state()
        if data is None or data == getattr(self, f"_{name}_sent"):
            return None
        setattr(self, f"_{name}_sent", data)
        return f"event: {name}\ndata: {data}\n\n"

    def end(self) -> None:
        """Close the subscription and give the place back (idempotent)."""
        if not self._ended:
            self._ended = True
            self.subscription.close()
            self.release()


@dataclass
class Handoff:
    """Offered by a server with a hub (``web/serving.py``) in the WSGI environ: a view that
    puts its :class:`LiveStream` here answers only the stream's head and first event, and the
    server hands the socket to the hub. Elsewhere (werkzeug, the test client) there is no
    offer and the view streams from its own thread."""

    stream: LiveStream | None = None


@dataclass
class HubStats:
    """Counts since the hub started (``open`` is the number served now)."""

    open: int = 0
    adopted: int = 0
    dropped: int = 0
    ended: int = 0


class StreamLimits:
    """At most ``per_client`` open streams per client address and ``total`` in all.

    :meth:`take` answers a release function (idempotent) or ``None`` when a cap is reached
    (the view answers ``429 too_many_streams``). Thread-safe."""

    def __init__(self, per_client: int, total: int) -> None:
        self.per_client, self.total = per_client, total
        self._lock = threading.Lock()
        self._open: dict[str, int] = {}
        self._count = 0

    def take(self, client: str) -> Callable[[], None] | None:
        with self._lock:
            if self._count >= self.total or self._open.get(client, 0) >= self.per_client:
                return None
            self._open[client] = self._open.get(client, 0) + 1
            self._count += 1
        released = False

        def release() -> None:
            nonlocal released
            with self._lock:
                if released:
                    return
                released = True
                self._count -= 1
                left = self._open[client] - 1
                if left:
                    self._open[client] = left
                else:
                    del self._open[client]

        return release

    def open_for(self, client: str) -> int:
        with self._lock:
            return self._open.get(client, 0)


class _Conn:
    """One adopted stream: its socket and the rest of the event being sent."""

    __slots__ = ("chunked", "closed", "devices_due", "out", "sent_at", "sock", "stream",
                 "stuck_since")

    def __init__(self, sock: socket.socket, stream: LiveStream, chunked: bool,
                 pending: bytes, now: float) -> None:
        self.sock, self.stream, self.chunked = sock, stream, chunked
        self.out = memoryview(pending)
        self.sent_at = now
        self.stuck_since: float | None = now if pending else None
        self.closed = False
        self.devices_due = False


class StreamHub:
    """The thread that serves adopted streams (see the module docstring)."""

    def __init__(self, stall_heartbeats: float = 2.0, send_buffer: int = SEND_BUFFER) -> None:
        self.stall_heartbeats = stall_heartbeats
        self.send_buffer = send_buffer
        self.stats = HubStats()
        self._sel = selectors.DefaultSelector()
        self._wake_r, self._wake_w = socket.socketpair()
        self._wake_r.setblocking(False)
        self._wake_w.setblocking(False)
        self._sel.register(self._wake_r, selectors.EVENT_READ, None)
        self._lock = threading.Lock()
        self._inbox: list[_Conn] = []
        self._dirty: set[_Conn] = set()
        self._woken = False
        self._conns: set[_Conn] = set()
        self._encoded: dict[tuple[int, Viewer, bool], tuple[int, bytes]] = {}
        self._stopping = False
        self._next_sweep = 0.0
        self._shut = False
        self._thread = threading.Thread(target=self._run, name="stream-hub", daemon=True)

    # -- any thread ------------------------------------------------------------------------

    def start(self) -> None:
        self._thread.start()

    def adopt(self, sock: socket.socket, pending: bytes, stream: LiveStream,
              chunked: bool) -> None:
        """Serve ``stream`` on ``sock`` from now on (``pending``: bytes still to send first;
        ``chunked``: frame every write as an HTTP/1.1 chunk)."""
        conn = _Conn(sock, stream, chunked, pending, time.monotonic())
        stream.subscription.on_change = lambda: self._mark(conn)
        with self._lock:
            stopping = self._stopping
            if not stopping:
                self._inbox.append(conn)
        if stopping:
            stream.subscription.on_change = None
            stream.end()
            sock.close()
            return
        self._wake()

    def close(self, timeout: float = 5.0) -> None:
        """End every stream and stop the thread."""
        with self._lock:
            self._stopping = True
        self._wake(force=True)
        if self._thread.is_alive():
            self._thread.join(timeout)
        else:
            self._end_all()

    # -- the hub's thread ------------------------------------------------------------------

    def _mark(self, conn: _Conn) -> None:
        with self._lock:
            self._dirty.add(conn)
        self._wake()

    def _wake(self, force: bool = False) -> None:
        with self._lock:
            if self._woken and not force:
                return
            self._woken = True
        with contextlib.suppress(OSError):  # a full pipe: the hub is awake anyway
            self._wake_w.send(b"x")

    def _run(self) -> None:
        try:
            while True:
                ready = self._sel.select(timeout=TICK)
                now = time.monotonic()
                for key, mask in ready:
                    if key.data is None:
                        self._drain_wake()
                    else:
                        self._on_ready(key.data, mask, now)
                with self._lock:
                    if self._stopping:
                        break
                    inbox, self._inbox = self._inbox, []
                    dirty, self._dirty = self._dirty, set()
                for conn in inbox:
                    self._start(conn, now)
                for conn in dirty:
                    if conn in self._conns and not conn.closed:
                        self._pump(conn, now)
                if now >= self._next_sweep:
                    self._next_sweep = now + TICK
                    self._sweep(now)
        except Exception:  # pragma: no cover - a bug; end the streams, clients reconnect
            log.exception("the stream hub failed")
        finally:
            self._end_all()

    def _drain_wake(self) -> None:
        # Read the wake bytes first, then allow the next wake: the other way round, a wake
        # between the two would leave ``_woken`` set with no byte to read, and every later
        # change would wait for the select's timeout. (The marks themselves are taken after
        # this, so none is lost.)
        with contextlib.suppress(OSError):
            while self._wake_r.recv(4096):
                pass
        with self._lock:
            self._woken = False

    def _start(self, conn: _Conn, now: float) -> None:
        sock = conn.sock
        try:
            sock.setblocking(False)
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, self.send_buffer)
            user_timeout = getattr(socket, "TCP_USER_TIMEOUT", None)
            if user_timeout is not None and sock.family in (socket.AF_INET, socket.AF_INET6):
                limit_ms = int(self._stall_limit(conn) * 1000) + 5000
                sock.setsockopt(socket.IPPROTO_TCP, user_timeout, limit_ms)
            self._sel.register(sock, selectors.EVENT_READ, conn)
        except (OSError, ValueError):
            conn.closed = True
            conn.stream.end()
            sock.close()
            return
        self._conns.add(conn)
        self.stats.adopted += 1
        self.stats.open = len(self._conns)
        self._pump(conn, now)

    def _on_ready(self, conn: _Conn, mask: int, now: float) -> None:
        if mask & selectors.EVENT_READ:
            try:
                if not conn.sock.recv(4096):
                    self._end(conn)  # the client closed the stream
                    return
            except BlockingIOError:
                pass
            except OSError:
                self._end(conn)
                return
        if mask & selectors.EVENT_WRITE and not conn.closed:
            self._pump(conn, now)

    def _pump(self, conn: _Conn, now: float) -> None:
        """Send what is due until the socket is full or nothing is left."""
        while True:
            if not conn.out:
                data = self._next(conn, now)
                if data is None:
                    break
                conn.out = memoryview(data)
            try:
                sent = conn.sock.send(conn.out)
            except BlockingIOError:
                sent = 0
            except OSError:
                self._end(conn)
                return
            if sent:
                conn.sent_at = now
                conn.out = conn.out[sent:]
                if not conn.out:
                    conn.stuck_since = None  # caught up
            if conn.out:
                if conn.stuck_since is None:
                    conn.stuck_since = now
                break
        self._watch_writes(conn, bool(conn.out))

    def _next(self, conn: _Conn, now: float) -> bytes | None:
        """The next event's bytes for ``conn``, or ``None`` (it may end ``conn``)."""
        sub = conn.stream.subscription
        if sub.closed:
            self._end(conn, graceful=True)
            return None
        snap = sub.get(timeout=0)
        if sub.take_poke() or snap is not None:  # a new snapshot may change them too
            conn.devices_due = True
        if snap is not None:
            return self._encode(sub, snap, conn.chunked)
        if sub.closed:
            self._end(conn, graceful=True)
            return None
        if conn.devices_due:
            conn.devices_due = False
            try:
                event = conn.stream.devices_event()
            except Exception:  # a device's status must not end the stream
                log.exception("the devices event failed")
                event = None
            if event is not None:
                return self._frame(conn, event.encode())
        if now - conn.sent_at >= conn.stream.heartbeat:
            return self._frame(conn, HEARTBEAT)
        return None

    def _encode(self, sub: Subscription, snap: dict[str, object], chunked: bool) -> bytes:
        """The snapshot event's bytes (framed as a chunk or not), shared by every stream of
        the same game, viewer and revision."""
        key = (sub.game_pk, sub.viewer, chunked)
        cached = self._encoded.get(key)
        if cached is not None and cached[0] == sub.revision:
            return cached[1]
        body = json.dumps(snap, separators=(",", ":"))
        data = _framed(f"event: snapshot\ndata: {body}\n\n".encode(), chunked)
        if len(self._encoded) > 1024:
            self._encoded.clear()
        self._encoded[key] = (sub.revision, data)
        return data

    @staticmethod
    def _frame(conn: _Conn, data: bytes) -> bytes:
        return _framed(data, conn.chunked)

    def _watch_writes(self, conn: _Conn, writes: bool) -> None:
        if conn.closed:
            return
        events = selectors.EVENT_READ | (selectors.EVENT_WRITE if writes else 0)
        try:
            if self._sel.get_key(conn.sock).events != events:
                self._sel.modify(conn.sock, events, conn)
        except (KeyError, ValueError, OSError):
            self._end(conn)

    def _stall_limit(self, conn: _Conn) -> float:
        return self.stall_heartbeats * conn.stream.heartbeat

    def _sweep(self, now: float) -> None:
        """Heartbeats that are due; drop the clients that stopped reading."""
        for conn in list(self._conns):
            if conn.closed:
                continue
            if conn.out:
                assert conn.stuck_since is not None
                if now - conn.stuck_since >= self._stall_limit(conn):
                    self.stats.dropped += 1
                    self._end(conn, reset=True)
            elif now - conn.sent_at >= conn.stream.heartbeat or conn.stream.subscription.closed:
                self._pump(conn, now)

    def _end(self, conn: _Conn, graceful: bool = False, reset: bool = False) -> None:
        if conn.closed:
            return
        conn.closed = True
        conn.stream.subscription.on_change = None
        conn.stream.end()
        with contextlib.suppress(KeyError, ValueError, OSError):
            self._sel.unregister(conn.sock)
        try:
            if graceful and conn.chunked and not conn.out:
                conn.sock.send(b"0\r\n\r\n")  # the end of the chunked body, if it fits
            if reset:  # close with RST: the unsent bytes are thrown away at once
                conn.sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER,
                                     struct.pack("ii", 1, 0))
        except OSError:
            pass
        conn.sock.close()
        conn.out = memoryview(b"")
        self._conns.discard(conn)
        self.stats.ended += 1
        self.stats.open = len(self._conns)

    def _end_all(self) -> None:
        with self._lock:
            self._stopping = True
            inbox, self._inbox = self._inbox, []
        for conn in [*self._conns, *inbox]:
            self._end(conn, graceful=True)
        if self._shut:
            return
        self._shut = True
        self._sel.close()
        self._wake_r.close()
        self._wake_w.close()


def _framed(data: bytes, chunked: bool) -> bytes:
    """``data`` as one HTTP/1.1 chunk, or as it is."""
    return b"%X\r\n%b\r\n" % (len(data), data) if chunked else data
