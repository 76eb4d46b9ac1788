"""The tower's link logic (tower firmware; the virtual tower runs this very module).

:class:`Tower` owns the protocol state of one boot: it answers the host's handshake,
heartbeats and state queries, turns its roll source's events into flash-queued rolls, and sends
the head of the queue until the host acknowledges it (one roll in flight, resent after an
adaptive timeout, and at once when a damaged frame arrives while it waits: likely its ack).
It knows nothing of the hardware: the port, the queue, the source and the clock are handed in
(``hal.py`` builds the real ones; tests and ``firmware_bridge.fake`` build fakes). Call
:meth:`Tower.step` from the main loop as often as possible.

Link rules (``hardware/PROTOCOL.md``): nothing but errors is sent before a compatible
``host_hello``; every ``host_hello`` is answered with ``tower_hello`` (and, for another major
version, ``tower_error incompatible_version``); after :data:`LINK_TIMEOUT_MS` without a good frame
from the host the link is down again and the tower waits for the next ``host_hello``.
"""

try:
    from firmware_bridge import protocol
except ImportError:  # on the tower
    import protocol  # type: ignore[no-redef]

from rollqueue import QueueFull
from rollsources import EVENT_FAULT, EVENT_MOTION, EVENT_SETTLED

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

FW_VERSION = (1, 0, 0)
#: Resend timeout: starts at RESEND_MS, then follows the measured ack round trip (smoothed, as
#: TCP does: srtt + 4 * rttvar + 10 ms, only from rolls acknowledged without a resend),
#: doubling after each resend, always within RESEND_MIN_MS..RESEND_MAX_MS.
RESEND_MS = 150
RESEND_MIN_MS = 30
RESEND_MAX_MS = 1000
LINK_TIMEOUT_MS = 4000


def _diff(a: int, b: int) -> int:
    return a - b


class Tower:
    """One boot of the tower.

    ``port``: ``read() -> bytes`` (what has arrived, possibly ``b""``) and ``write(bytes)``.
    ``queue``: a :class:`rollqueue.FlashQueue`. ``source``: a roll source (``rollsources``).
    ``device_id``: 8 bytes. ``boot_id``: non-zero 32-bit, new at every power-up.
    ``ticks_ms``/``ticks_diff``: the clock (``time.ticks_ms``/``time.ticks_diff`` on the tower).
    """

    def __init__(self, port: "Any", queue: "Any", source: "Any", device_id: bytes,
                 boot_id: int, ticks_ms: "Callable[[], int]",
                 ticks_diff: "Callable[[int, int], int]" = _diff,
                 fw: "tuple[int, int, int]" = FW_VERSION) -> None:
        self.port = port
        self.queue = queue
        self.source = source
        self.device_id = device_id
        self.boot_id = boot_id
        self.ticks_ms = ticks_ms
        self.ticks_diff = ticks_diff
        self.fw = fw
        self.booted = ticks_ms()
        self.decoder = protocol.Decoder()
        self.linked = False
        self.last_rx = self.booted
        self.next_seq = 1
        self.last_key = (0, 0)
        self.tray = protocol.TRAY_IDLE
        self.sent_key = None  # type: Any
        self.sent_at = 0
        self.resent = False
        self.rto = RESEND_MS
        self.srtt = -1
        self.rttvar = 0
        self.full_reported = False
        # counters, for tests and the debug console
        self.frame_errors = 0
        self.rolls_queued = 0
        self.rolls_sent = 0
        self.resends = 0
        self.host_errors = 0
        source.start(queue.motion_marked)

    def uptime(self, now: int) -> int:
        return self.ticks_diff(now, self.booted) & 0xFFFFFFFF

    # -- the main loop --------------------------------------------------------------------

    def step(self) -> None:
        """Read what arrived, poll the roll source, send or resend the queue's head."""
        now = self.ticks_ms()
        data = self.port.read()
        if data:
            for item in self.decoder.feed(data):
                self._on_item(item, now)
        if self.linked and self.ticks_diff(now, self.last_rx) > LINK_TIMEOUT_MS:
            self.linked = False
            self.sent_key = None
        self._poll_source(now)
        if self.linked:
            self._send_head(now)

    def _send(self, message: "protocol.Message") -> None:
        self.port.write(protocol.encode(message))

    def _error(self, code: int, arg: int = 0, text: str = "") -> None:
        self._send(protocol.TowerError(code, arg, text[:protocol.MAX_ERROR_TEXT]))

    # -- rolls ----------------------------------------------------------------------------

    def _poll_source(self, now: int) -> None:
        if self.queue.full():
            if self.linked and not self.full_reported:
                self.full_reported = True
                self._error(protocol.ERR_QUEUE_FULL, self.queue.depth, "roll queue full")
            return
        self.full_reported = False
        event = self.source.poll(now)
        if event is None:
            return
        kind = event[0]
        if kind == EVENT_MOTION:
            self.tray = protocol.TRAY_MOVING
            self.queue.mark_motion()
        elif kind == EVENT_SETTLED:
            self.tray = protocol.TRAY_IDLE
            entry = (self.boot_id, self.next_seq, self.uptime(now), event[2], tuple(event[1]))
            try:
                self.queue.append(entry)
            except QueueFull:
                return
            self.last_key = (self.boot_id, self.next_seq)
            self.next_seq += 1
            self.rolls_queued += 1
        elif kind == EVENT_FAULT:
            self.tray = protocol.TRAY_FAULT
            if self.linked:
                self._error(event[2], 0, "roll source fault")

    def _send_head(self, now: int) -> None:
        head = self.queue.head()
        if head is None:
            return
        key = (head[0], head[1])
        if key == self.sent_key and self.ticks_diff(now, self.sent_at) < self.rto:
            return
        if key == self.sent_key:
            self.resends += 1
            self.resent = True
            self.rto = min(self.rto * 2, RESEND_MAX_MS)
        else:
            self.resent = False
        self._send(protocol.Roll(head[0], head[1], head[2], head[3], head[4]))
        self.rolls_sent += 1
        self.sent_key = key
        self.sent_at = now

    # -- what the host says ---------------------------------------------------------------

    def _on_item(self, item: "Any", now: int) -> None:
        if not isinstance(item, protocol.Frame):
            self.frame_errors += 1
            if self.linked and self.sent_key is not None:
                self.sent_at = now - self.rto  # resend now: it may have been the ack
            return
        try:
            message = protocol.decode(item)
        except protocol.ProtocolError as e:
            self._error(e.code, e.arg, e.detail)
            return
        self.last_rx = now
        if isinstance(message, protocol.HostHello):
            self._on_hello(message)
        elif not self.linked:
            self._error(protocol.ERR_NOT_LINKED, message.TYPE, "say host_hello first")
        elif isinstance(message, protocol.Heartbeat):
            self._send(protocol.HeartbeatReply(message.counter, self.queue.depth, self.tray,
                                               self.uptime(now)))
        elif isinstance(message, protocol.Ack):
            if self.queue.pop(message.boot_id, message.seq):
                if self.sent_key == (message.boot_id, message.seq) and not self.resent:
                    self._measure(self.ticks_diff(now, self.sent_at))
                self.sent_key = None
        elif isinstance(message, protocol.StateQuery):
            self._send(self.state(now))
        elif isinstance(message, protocol.HostError):
            self.host_errors += 1
        else:  # a tower-to-host message sent to the tower
            self._error(protocol.ERR_UNKNOWN_TYPE, message.TYPE, "not a host message")

    def _measure(self, sample: int) -> None:
        """Fold one ack round trip (ms) into the resend timeout."""
        if self.srtt < 0:
            self.srtt = sample
            self.rttvar = sample // 2
        else:
            self.rttvar = (3 * self.rttvar + abs(sample - self.srtt)) // 4
            self.srtt = (7 * self.srtt + sample) // 8
        self.rto = max(RESEND_MIN_MS, min(RESEND_MAX_MS, self.srtt + 4 * self.rttvar + 10))

    def _on_hello(self, hello: "protocol.HostHello") -> None:
        self._send(protocol.TowerHello(protocol.PROTOCOL_MAJOR, protocol.PROTOCOL_MINOR,
                                       self.fw, self.device_id, self.boot_id, hello.nonce,
                                       self.source.KIND, self.queue.capacity))
        if not protocol.compatible(hello.major):
            self.linked = False
            self._error(protocol.ERR_INCOMPATIBLE_VERSION, protocol.PROTOCOL_MAJOR,
                        "tower speaks protocol " + str(protocol.PROTOCOL_MAJOR) + ".x")
            return
        self.linked = True
        self.sent_key = None  # resend the head at once: the host may have missed it

    def state(self, now: int) -> "protocol.State":
        flags = 0
        if self.queue.motion_marked:
            flags |= protocol.FLAG_MOTION_MARKED
        if self.queue.fault:
            flags |= protocol.FLAG_FLASH_FAULT
        return protocol.State(self.boot_id, self.uptime(now), self.queue.depth,
                              self.queue.capacity, self.next_seq, self.tray, self.last_key[0],
                              self.last_key[1], flags)
