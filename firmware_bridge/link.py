"""The host end of the dice-tower link: discovery, handshake, heartbeats, ack-after-commit.

:class:`TowerLink` runs one thread that

1. looks for the tower: every candidate serial port (the configured paths, then the globs
   :data:`DEFAULT_PATTERNS`) is opened and sent ``host_hello`` until a ``tower_hello`` with the
   same nonce comes back (many boards share one USB VID/PID, so only the handshake tells). A port
   that does not answer is not probed again for :attr:`LinkTiming.not_a_tower_s` (unless it was
   a tower before); a tower of another protocol major version is refused, with a clear reason;
2. then serves the link: asks for the full ``state``, sends a ``heartbeat`` every second, and
   for every ``roll`` first commits it to the :class:`~firmware_bridge.inbox.RollInbox` and only
   then sends its ``ack`` (a duplicate is acknowledged again, not stored twice);
3. declares the link lost when the port fails (cable pulled, tower reset) or after
   :attr:`LinkTiming.lost_after_s` without one good frame, and starts looking again with
   exponential backoff.

Bad input never stops it: bad frames are counted, invalid messages answered with
``host_error`` and logged, and no roll is ever made up (only a decoded ``roll`` whose CRC
passed is committed). :meth:`TowerLink.status` is a snapshot for the tablet.
"""

from __future__ import annotations

import enum
import glob
import logging
import os
import random
import sqlite3
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from firmware_bridge import protocol
from firmware_bridge.inbox import RollInbox, StoredRoll, TowerRoll
from firmware_bridge.protocol import TowerHello

log = logging.getLogger(__name__)

#: Ports probed when none are configured: USB CDC (RP2040, ESP32-S3) and USB-serial adapters.
DEFAULT_PATTERNS = ("/dev/ttyACM*", "/dev/ttyUSB*")
BAUD = 115200


class SerialLike(Protocol):
    """What the link needs of a port (pyserial's ``Serial`` has it)."""

    @property
    def in_waiting(self) -> int: ...

    def read(self, size: int = 1) -> bytes: ...

    def write(self, data: bytes) -> int | None: ...

    def reset_input_buffer(self) -> None: ...

    def close(self) -> None: ...


def open_serial(path: str, timeout: float = 0.02) -> SerialLike:
    """The default opener: pyserial at 115200 8N1, short read timeout, exclusive."""
    import serial

    port: SerialLike = serial.Serial(path, BAUD, timeout=timeout, write_timeout=1.0,
                                     exclusive=True)
    return port


class LinkState(enum.Enum):
    SEARCHING = "searching"
    CONNECTED = "connected"
    LOST = "lost"
    REFUSED = "refused"
    STOPPED = "stopped"


@dataclass(frozen=True)
class LinkTiming:
    """The link's clocks, in seconds (tests shorten some)."""

    heartbeat_s: float = 1.0
    lost_after_s: float = 4.0
    probe_timeout_s: float = 0.8
    hello_every_s: float = 0.2
    backoff_min_s: float = 0.05
    backoff_max_s: float = 2.0
    not_a_tower_s: float = 30.0
    refused_retry_s: float = 10.0


@dataclass(frozen=True)
class TowerInfo:
    """Who answered the handshake."""

    port: str
    device_id: str
    firmware: str
    protocol: str
    boot_id: int
    source: str
    capacity: int

    @classmethod
    def from_hello(cls, port: str, hello: TowerHello) -> TowerInfo:
        return cls(port, hello.device_id.hex(), "{}.{}.{}".format(*hello.fw),
                   f"{hello.major}.{hello.minor}", hello.boot_id,
                   protocol.SOURCE_NAMES[hello.source], hello.capacity)


@dataclass(frozen=True)
class TowerStatus:
    """What the tablet shows: connected or not (and why), which tower, its queue, last roll."""

    state: LinkState
    tower: TowerInfo | None = None
    queue_depth: int | None = None
    tray: str | None = None
    last_roll: StoredRoll | None = None
    reason: str = ""
    since: float = 0.0
    connects: int = 0
    losses: int = 0
    frame_errors: int = 0
    duplicates: int = 0

    @property
    def connected(self) -> bool:
        return self.state is LinkState.CONNECTED

    @property
    def reconnects(self) -> int:
        return max(0, self.connects - 1)

    def to_json(self) -> dict[str, Any]:
        t = self.tower
        return {
            "state": self.state.value,
            "connected": self.connected,
            "port": t.port if t else None,
            "device_id": t.device_id if t else None,
            "firmware": t.firmware if t else None,
            "protocol": t.protocol if t else None,
            "source": t.source if t else None,
            "queue_depth": self.queue_depth,
            "tray": self.tray,
            "last_roll": self.last_roll.to_json() if self.last_roll else None,
            "reason": self.reason,
            "reconnects": self.reconnects,
            "losses": self.losses,
        }


@dataclass(frozen=True)
class LinkEvent:
    """``connected``, ``lost`` or ``refused`` at ``time`` (the link's clock)."""

    time: float
    kind: str
    detail: str


class _Lost(Exception):
    """The current connection is over (the message says why)."""


class _Refused(Exception):
    """The tower speaks an incompatible protocol version."""


@dataclass
class _Conn:
    path: str
    port: SerialLike
    decoder: protocol.Decoder
    hello: protocol.TowerHello
    backlog: list[protocol.Frame | protocol.FrameError] = field(default_factory=list)


class TowerLink:
    """The link thread. ``on_roll(stored)`` is called (on the link thread) after each new
    roll was committed; ``on_status(status)`` after each state change."""

    def __init__(
        self,
        inbox: RollInbox,
        ports: Sequence[str] = (),
        patterns: Sequence[str] = DEFAULT_PATTERNS,
        *,
        opener: Callable[[str], SerialLike] = open_serial,
        timing: LinkTiming | None = None,
        clock: Callable[[], float] = time.monotonic,
        on_roll: Callable[[StoredRoll], None] | None = None,
        on_status: Callable[[TowerStatus], None] | None = None,
        exclude: Sequence[str] = (),
        seed: int | None = None,
    ) -> None:
        self.inbox = inbox
        self.ports = list(ports)
        self.patterns = list(patterns)
        self.exclude = {os.path.realpath(p) for p in exclude}
        self.opener = opener
        self.timing = timing or LinkTiming()
        self.clock = clock
        self.on_roll = on_roll
        self.on_status = on_status
        self._rng = random.Random(seed)
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._status = TowerStatus(LinkState.SEARCHING, reason="looking for the tower",
                                   since=clock())
        self._events: list[LinkEvent] = []
        self._cooldown: dict[str, float] = {}
        self._known_towers: set[str] = set()
        self._heartbeat = 0
        self._last_error_log = 0.0

    # -- lifecycle -----------------------------------------------------------------------

    def start(self) -> None:
        if self._thread is not None:
            return
        self._stop.clear()
        self._thread = threading.Thread(target=self._run, name="tower-link", daemon=True)
        self._thread.start()

    def stop(self, timeout: float = 5.0) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout)
            self._thread = None
        self._update(state=LinkState.STOPPED, reason="stopped")

    def status(self) -> TowerStatus:
        with self._lock:
            return self._status

    def events(self) -> list[LinkEvent]:
        with self._lock:
            return list(self._events)

    # -- state ---------------------------------------------------------------------------

    def _update(self, **changes: Any) -> None:
        with self._lock:
            old = self._status
            if "state" in changes and changes["state"] is not old.state:
                changes.setdefault("since", self.clock())
            self._status = replace(old, **changes)
            status = self._status
        if self.on_status is not None and status.state is not old.state:
            self.on_status(status)

    def _event(self, kind: str, detail: str) -> None:
        with self._lock:
            self._events.append(LinkEvent(self.clock(), kind, detail))

    # -- discovery -----------------------------------------------------------------------

    def candidates(self) -> list[str]:
        """Ports to probe now: configured paths that exist, then pattern matches (no repeats,
        none excluded, none cooling down after failing to answer)."""
        found: list[str] = []
        seen: set[str] = set()
        now = self.clock()
        for path in [*self.ports, *(p for pat in self.patterns for p in sorted(glob.glob(pat)))]:
            if not os.path.exists(path):
                continue
            real = os.path.realpath(path)
            if real in seen or real in self.exclude or self._cooldown.get(path, 0.0) > now:
                continue
            seen.add(real)
            found.append(path)
        return found

    def _run(self) -> None:
        backoff = self.timing.backoff_min_s
        while not self._stop.is_set():
            conn = None
            for path in self.candidates():
                conn = self._probe(path)
                if conn is not None or self._stop.is_set():
                    break
            if conn is None:
                self._stop.wait(backoff)
                backoff = min(backoff * 2, self.timing.backoff_max_s)
                continue
            backoff = self.timing.backoff_min_s
            self._serve(conn)

    def _probe(self, path: str) -> _Conn | None:
        """Open ``path`` and handshake; the connection, or ``None`` (logged why)."""
        try:
            port = self.opener(path)
        except Exception as e:  # pyserial raises SerialException (an OSError) or ValueError
            log.debug("tower probe: cannot open %s: %s", path, e)
            return None
        try:
            port.reset_input_buffer()
            conn = self._handshake(path, port)
        except _Refused as e:
            self._close(port)
            self._cooldown[path] = self.clock() + self.timing.refused_retry_s
            self._update(state=LinkState.REFUSED, reason=str(e))
            self._event("refused", str(e))
            log.warning("%s", e)
            return None
        except Exception as e:
            self._close(port)
            log.debug("tower probe: %s failed: %s", path, e)
            return None
        if conn is None:
            self._close(port)
            if path not in self._known_towers:
                self._cooldown[path] = self.clock() + self.timing.not_a_tower_s
                log.info("%s: no tower answered the handshake (not a tower?); "
                         "next try in %.0f s", path, self.timing.not_a_tower_s)
        return conn

    def _handshake(self, path: str, port: SerialLike) -> _Conn | None:
        nonce = self._rng.getrandbits(32)
        decoder = protocol.Decoder()
        hello = protocol.encode(protocol.HostHello(protocol.PROTOCOL_MAJOR,
                                                   protocol.PROTOCOL_MINOR, nonce))
        deadline = self.clock() + self.timing.probe_timeout_s
        next_hello = 0.0
        while not self._stop.is_set():
            now = self.clock()
            if now >= deadline:
                return None
            if now >= next_hello:
                port.write(hello)
                next_hello = now + self.timing.hello_every_s
            items = decoder.feed(port.read(max(1, port.in_waiting)))
            for k, item in enumerate(items):
                message = _message(item)
                if not isinstance(message, protocol.TowerHello) or message.nonce != nonce:
                    continue
                if not protocol.compatible(message.major):
                    self._send(port, protocol.HostError(
                        protocol.ERR_INCOMPATIBLE_VERSION, protocol.PROTOCOL_MAJOR,
                        f"host speaks {protocol.PROTOCOL_MAJOR}.x"))
                    raise _Refused(
                        f"tower on {path} speaks protocol {message.major}.{message.minor}, "
                        f"this bridge {protocol.PROTOCOL_MAJOR}.{protocol.PROTOCOL_MINOR}: "
                        "refused (update the tower's firmware or the bridge)")
                rest: list[protocol.Frame | protocol.FrameError] = list(items[k + 1:])
                return _Conn(path, port, decoder, message, rest)
        return None

    # -- serving -------------------------------------------------------------------------

    def _serve(self, conn: _Conn) -> None:
        info = TowerInfo.from_hello(conn.path, conn.hello)
        self._known_towers.add(conn.path)
        self._update(state=LinkState.CONNECTED, tower=info, reason="",
                     connects=self.status().connects + 1)
        self._event("connected", f"{info.device_id} on {conn.path} (boot {info.boot_id:08x})")
        log.info("tower %s connected on %s: firmware %s, protocol %s, %s source",
                 info.device_id, conn.path, info.firmware, info.protocol, info.source)
        try:
            self._send(conn.port, protocol.StateQuery())
            last_rx = self.clock()
            next_heartbeat = last_rx + self.timing.heartbeat_s
            for item in conn.backlog:
                self._handle(conn, item)
            while not self._stop.is_set():
                data = conn.port.read(max(1, conn.port.in_waiting))
                now = self.clock()
                for item in conn.decoder.feed(data):
                    if self._handle(conn, item):
                        last_rx = now
                if now - last_rx > self.timing.lost_after_s:
                    raise _Lost(f"no frame from the tower for {now - last_rx:.1f} s")
                if now >= next_heartbeat:
                    self._heartbeat = (self._heartbeat + 1) & 0xFFFF
                    self._send(conn.port, protocol.Heartbeat(self._heartbeat))
                    next_heartbeat = now + self.timing.heartbeat_s
        except _Refused as e:
            self._cooldown[conn.path] = self.clock() + self.timing.refused_retry_s
            self._update(state=LinkState.REFUSED, reason=str(e))
            self._event("refused", str(e))
            log.warning("%s", e)
        except (_Lost, OSError) as e:  # pyserial's SerialException is an OSError
            reason = str(e) if isinstance(e, _Lost) else f"port failed ({e})"
            self._update(state=LinkState.LOST, reason=f"tower disconnected: {reason}",
                         losses=self.status().losses + 1, queue_depth=None, tray=None)
            self._event("lost", reason)
            log.warning("tower link lost: %s", reason)
        finally:
            self._close(conn.port)

    def _handle(self, conn: _Conn, item: protocol.Frame | protocol.FrameError) -> bool:
        """Act on one decoded item; ``True`` when it was a good frame (the link is alive)."""
        if isinstance(item, protocol.FrameError):
            self._update(frame_errors=self.status().frame_errors + 1)
            now = self.clock()
            if now - self._last_error_log > 10.0:
                self._last_error_log = now
                log.info("bad frame from the tower (%s, %d bytes); dropped", item.name,
                         item.length)
            return False
        try:
            message = protocol.decode(item)
        except protocol.ProtocolError as e:
            log.warning("tower sent an invalid message: %s (ignored)", e.detail)
            self._send(conn.port, protocol.HostError(e.code, e.arg, e.detail[:32]))
            return True
        if isinstance(message, protocol.Roll):
            self._on_roll(conn, message)
        elif isinstance(message, protocol.HeartbeatReply):
            self._update(queue_depth=message.depth, tray=protocol.TRAY_NAMES[message.tray])
        elif isinstance(message, protocol.State):
            self._update(queue_depth=message.depth, tray=protocol.TRAY_NAMES[message.tray])
            if message.flags & protocol.FLAG_FLASH_FAULT:
                log.warning("the tower reports a flash fault: rolls survive no reset now")
        elif isinstance(message, protocol.TowerHello):
            self._on_hello(conn, message)
        elif isinstance(message, protocol.TowerError):
            self._on_tower_error(conn, message)
        return True

    def _on_roll(self, conn: _Conn, roll: protocol.Roll) -> None:
        tower_roll = TowerRoll(conn.hello.device_id.hex(), roll.boot_id, roll.seq, roll.values,
                               protocol.QUALITY_NAMES[roll.quality], roll.settled_ms)
        try:
            stored, new = self.inbox.record(tower_roll)
        except sqlite3.Error as e:
            log.error("cannot commit tower roll %s: %s (not acknowledged; the tower resends)",
                      tower_roll.key, e)
            return
        self._send(conn.port, protocol.Ack(roll.boot_id, roll.seq))  # only after the commit
        if not new:
            self._update(duplicates=self.status().duplicates + 1)
            return
        self._update(last_roll=stored)
        if self.on_roll is not None:
            try:
                self.on_roll(stored)
            except Exception:
                log.exception("a tower roll listener failed")

    def _on_hello(self, conn: _Conn, hello: protocol.TowerHello) -> None:
        if not protocol.compatible(hello.major):
            raise _Refused(f"tower now speaks protocol {hello.major}.{hello.minor}: refused")
        if hello.boot_id != conn.hello.boot_id:
            log.info("the tower restarted (boot %08x, was %08x)", hello.boot_id,
                     conn.hello.boot_id)
        conn.hello = hello
        self._update(tower=TowerInfo.from_hello(conn.path, hello))
        self._send(conn.port, protocol.StateQuery())

    def _on_tower_error(self, conn: _Conn, error: protocol.TowerError) -> None:
        if error.code == protocol.ERR_NOT_LINKED:
            log.info("the tower forgot the link (%s); saying hello again", error.text)
            nonce = self._rng.getrandbits(32)
            self._send(conn.port, protocol.HostHello(protocol.PROTOCOL_MAJOR,
                                                     protocol.PROTOCOL_MINOR, nonce))
        elif error.code == protocol.ERR_INCOMPATIBLE_VERSION:
            raise _Refused(f"the tower refused this bridge's protocol ({error.text})")
        else:
            log.warning("tower error %s (arg %d): %s", error.name, error.arg, error.text)

    # -- plumbing ------------------------------------------------------------------------

    @staticmethod
    def _send(port: SerialLike, message: protocol.Message) -> None:
        port.write(protocol.encode(message))

    @staticmethod
    def _close(port: SerialLike) -> None:
        try:
            port.close()
        except Exception as e:
            log.debug("closing the port: %s", e)


def _message(item: protocol.Frame | protocol.FrameError) -> protocol.Message | None:
    if not isinstance(item, protocol.Frame):
        return None
    try:
        return protocol.decode(item)
    except protocol.ProtocolError:
        return None
