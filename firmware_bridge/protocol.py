"""The dice-tower wire protocol: framing, CRC and messages (see ``hardware/PROTOCOL.md``).

PURE and shared: the host bridge imports it as ``firmware_bridge.protocol`` and the tower
firmware runs this very file as ``protocol.py``. So it is written in the subset of Python that
MicroPython (1.17 or later) runs: no ``enum``, ``dataclasses`` or ``typing`` at run time, no
``from __future__``, no imports at all at run time (``TYPE_CHECKING`` is ``False`` on the tower;
mypy treats any name ``TYPE_CHECKING`` as true). Function annotations are fine: MicroPython
parses and ignores them.

Contract:

* A frame on the wire is ``00 COBS(body) 00``; ``body`` is ``type(1) payload CRC(2)``, the CRC
  being CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final xor) over
  ``type payload``, big-endian. A body is at most :data:`MAX_BODY` bytes.
* :class:`Decoder` turns any byte stream into :class:`Frame` and :class:`FrameError` items and
  never raises; every :class:`Frame` it yields passed its CRC. It resynchronises at the next
  ``00`` after garbage or an over-long frame.
* :func:`encode` turns a message into wire bytes; :func:`decode` turns a frame into a message,
  raising :class:`ProtocolError` (unknown type, bad length, bad value) with a protocol error code.
* Integers are unsigned big-endian. Payloads may grow at their end in a later minor version:
  decoders ignore trailing bytes of known types (but not missing ones).
"""

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

PROTOCOL_MAJOR = 1
PROTOCOL_MINOR = 0

#: Largest body (type + payload + CRC) a sender may frame and a receiver accepts.
MAX_BODY = 64
#: Largest payload (body less the type byte and the CRC).
MAX_PAYLOAD = MAX_BODY - 3
#: Largest COBS-encoded body (COBS adds one byte to a body shorter than 254 bytes).
MAX_ENCODED = MAX_BODY + 1
#: Largest frame on the wire, both delimiters included.
MAX_FRAME = MAX_ENCODED + 2
#: The most dice one roll may carry.
MAX_DICE = 8
#: The longest error text, in bytes of ASCII.
MAX_ERROR_TEXT = 32

# -- message types: host to tower 0x01-0x7F, tower to host 0x81-0xFF ------------------------
HOST_HELLO = 0x01
HEARTBEAT = 0x02
ACK = 0x03
STATE_QUERY = 0x04
HOST_ERROR = 0x0F
TOWER_HELLO = 0x81
HEARTBEAT_REPLY = 0x82
ROLL = 0x83
STATE = 0x84
TOWER_ERROR = 0x8F

MESSAGE_NAMES = {
    HOST_HELLO: "host_hello",
    HEARTBEAT: "heartbeat",
    ACK: "ack",
    STATE_QUERY: "state_query",
    HOST_ERROR: "host_error",
    TOWER_HELLO: "tower_hello",
    HEARTBEAT_REPLY: "heartbeat_reply",
    ROLL: "roll",
    STATE: "state",
    TOWER_ERROR: "tower_error",
}

# -- roll quality ---------------------------------------------------------------------------
QUALITY_OK = 0
QUALITY_COCKED = 1
QUALITY_UNCERTAIN = 2
QUALITY_NAMES = ("ok", "cocked", "uncertain")

# -- tray state (the tower's view of its dice) ----------------------------------------------
TRAY_IDLE = 0
TRAY_MOVING = 1
TRAY_FAULT = 2
TRAY_NAMES = ("idle", "moving", "fault")

# -- roll source kinds ------------------------------------------------------------------------
SOURCE_BUTTON = 0
SOURCE_CAMERA = 1
SOURCE_VIRTUAL = 2
SOURCE_NAMES = ("button", "camera", "virtual")

# -- STATE flags --------------------------------------------------------------------------
FLAG_MOTION_MARKED = 0x01
FLAG_FLASH_FAULT = 0x02

# -- error codes (in HOST_ERROR / TOWER_ERROR) ----------------------------------------------
ERR_UNKNOWN_TYPE = 1
ERR_BAD_LENGTH = 2
ERR_BAD_VALUE = 3
ERR_INCOMPATIBLE_VERSION = 4
ERR_NOT_LINKED = 5
ERR_QUEUE_FULL = 6
ERR_FLASH = 7
ERR_SOURCE = 8

ERROR_NAMES = {
    ERR_UNKNOWN_TYPE: "unknown_type",
    ERR_BAD_LENGTH: "bad_length",
    ERR_BAD_VALUE: "bad_value",
    ERR_INCOMPATIBLE_VERSION: "incompatible_version",
    ERR_NOT_LINKED: "not_linked",
    ERR_QUEUE_FULL: "queue_full",
    ERR_FLASH: "flash",
    ERR_SOURCE: "source",
}

# -- why a stretch of bytes between delimiters is not a frame ----------------------------------
FRAME_TOO_LONG = 1
FRAME_BAD_COBS = 2
FRAME_TOO_SHORT = 3
FRAME_BAD_CRC = 4
FRAME_ERROR_NAMES = ("", "too_long", "bad_cobs", "too_short", "bad_crc")


# == CRC and COBS ==============================================================================


def crc16(data: bytes, crc: int = 0xFFFF) -> int:
    """CRC-16/CCITT-FALSE of ``data`` (``crc16(b"123456789") == 0x29B1``)."""
    for byte in data:
        crc ^= byte << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) & 0xFFFF if crc & 0x8000 else (crc << 1) & 0xFFFF
    return crc


def cobs_encode(data: bytes) -> bytes:
    """Consistent Overhead Byte Stuffing: ``data`` without any ``00`` byte."""
    out = bytearray(1)
    code_at = 0
    code = 1
    for byte in data:
        if byte == 0:
            out[code_at] = code
            code_at = len(out)
            out.append(0)
            code = 1
        else:
            out.append(byte)
            code += 1
            if code == 0xFF:
                out[code_at] = code
                code_at = len(out)
                out.append(0)
                code = 1
    out[code_at] = code
    return bytes(out)


def cobs_decode(data: bytes) -> "bytes | None":
    """The bytes :func:`cobs_encode` made ``data`` from, or ``None`` when ``data`` is not COBS."""
    out = bytearray()
    i = 0
    n = len(data)
    while i < n:
        code = data[i]
        end = i + code
        if code == 0 or end > n:
            return None
        for j in range(i + 1, end):
            if data[j] == 0:
                return None
        out.extend(data[i + 1:end])
        i = end
        if code != 0xFF and i < n:
            out.append(0)
    return bytes(out)


def frame_body(msg_type: int, payload: bytes) -> bytes:
    """``type payload CRC``: the body of a frame before COBS."""
    head = bytes((msg_type,)) + payload
    crc = crc16(head)
    return head + bytes(((crc >> 8) & 0xFF, crc & 0xFF))


def encode_frame(msg_type: int, payload: bytes) -> bytes:
    """The wire bytes of one frame: ``00 COBS(type payload CRC) 00``."""
    if len(payload) > MAX_PAYLOAD:
        raise ValueError(f"payload of {len(payload)} bytes is over the {MAX_PAYLOAD}-byte limit")
    return b"\x00" + cobs_encode(frame_body(msg_type, payload)) + b"\x00"


class Frame:
    """A frame that passed its CRC: its type, payload and CRC."""

    def __init__(self, msg_type: int, payload: bytes, crc: int) -> None:
        self.msg_type = msg_type
        self.payload = payload
        self.crc = crc

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Frame) and other.msg_type == self.msg_type
                and other.payload == self.payload)

    def __repr__(self) -> str:
        return f"Frame(0x{self.msg_type:02x}, {self.payload!r})"


class FrameError:
    """Bytes between two delimiters that are not a frame: why (``FRAME_*``) and how many."""

    def __init__(self, reason: int, length: int) -> None:
        self.reason = reason
        self.length = length

    @property
    def name(self) -> str:
        return FRAME_ERROR_NAMES[self.reason]

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, FrameError) and other.reason == self.reason
                and other.length == self.length)

    def __repr__(self) -> str:
        return f"FrameError({self.name}, {self.length})"


def unframe(encoded: bytes) -> "Frame | FrameError":
    """The frame in the bytes between two delimiters (no ``00`` inside)."""
    if len(encoded) > MAX_ENCODED:
        return FrameError(FRAME_TOO_LONG, len(encoded))
    body = cobs_decode(encoded)
    if body is None:
        return FrameError(FRAME_BAD_COBS, len(encoded))
    if len(body) < 3:
        return FrameError(FRAME_TOO_SHORT, len(encoded))
    crc = (body[-2] << 8) | body[-1]
    if crc16(body[:-2]) != crc:
        return FrameError(FRAME_BAD_CRC, len(encoded))
    return Frame(body[0], bytes(body[1:-2]), crc)


class Decoder:
    """A stream decoder: :meth:`feed` it bytes as they arrive, get frames and errors back.

    Never raises on any input. Bytes up to the next ``00`` are skipped once a frame grew past
    :data:`MAX_ENCODED` (one ``FRAME_TOO_LONG`` error for the lot); empty frames (``00 00``)
    are silently ignored.
    """

    def __init__(self) -> None:
        self._buf = bytearray()
        self._overflow = 0

    def feed(self, data: bytes) -> "list[Frame | FrameError]":
        out = []  # type: list[Frame | FrameError]
        buf = self._buf
        for byte in data:
            if byte == 0:
                if self._overflow:
                    out.append(FrameError(FRAME_TOO_LONG, self._overflow))
                    self._overflow = 0
                elif buf:
                    out.append(unframe(bytes(buf)))
                buf = self._buf = bytearray()
            elif self._overflow:
                self._overflow += 1
            elif len(buf) >= MAX_ENCODED:
                self._overflow = len(buf) + 1
                buf = self._buf = bytearray()
            else:
                buf.append(byte)
        return out

    @property
    def pending(self) -> int:
        """Bytes held since the last delimiter (an unfinished frame)."""
        return len(self._buf) + self._overflow


# == messages ===================================================================================


class ProtocolError(Exception):
    """A frame with a good CRC that is not a valid message; ``code`` is an ``ERR_*``."""

    def __init__(self, code: int, detail: str, arg: int = 0) -> None:
        Exception.__init__(self, detail)
        self.code = code
        self.arg = arg
        self.detail = detail


def _u16(value: int) -> bytes:
    return bytes(((value >> 8) & 0xFF, value & 0xFF))


def _u32(value: int) -> bytes:
    return bytes(((value >> 24) & 0xFF, (value >> 16) & 0xFF, (value >> 8) & 0xFF, value & 0xFF))


def _get16(data: bytes, at: int) -> int:
    return (data[at] << 8) | data[at + 1]


def _get32(data: bytes, at: int) -> int:
    return (data[at] << 24) | (data[at + 1] << 16) | (data[at + 2] << 8) | data[at + 3]


def _need(data: bytes, length: int, name: str) -> None:
    if len(data) < length:
        got = len(data)
        raise ProtocolError(ERR_BAD_LENGTH, f"{name} needs {length} payload bytes, got {got}", got)


def _check(ok: bool, detail: str) -> None:
    if not ok:
        raise ProtocolError(ERR_BAD_VALUE, detail)


def _text(data: bytes) -> str:
    for byte in data:
        _check(32 <= byte < 127, "error text is not printable ASCII")
    return data.decode()


class Message:
    """Base of every message: ``TYPE``, ``FIELDS``; equality and repr by field values."""

    TYPE = 0
    FIELDS = ()  # type: tuple[str, ...]

    def field_values(self) -> tuple:
        return tuple([getattr(self, name) for name in self.FIELDS])

    def payload(self) -> bytes:
        return b""

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Message) and type(other) is type(self)
                and self.field_values() == other.field_values())

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    def __hash__(self) -> int:
        return hash((self.TYPE, self.field_values()))

    def __repr__(self) -> str:
        parts = []
        for name in self.FIELDS:
            parts.append(f"{name}={getattr(self, name)!r}")
        return "{}({})".format(MESSAGE_NAMES.get(self.TYPE, "message"), ", ".join(parts))


class HostHello(Message):
    """Host to tower, first on every connect: the host's protocol version and a nonce the
    tower echoes in its :class:`TowerHello`."""

    TYPE = HOST_HELLO
    FIELDS = ("major", "minor", "nonce")

    def __init__(self, major: int, minor: int, nonce: int) -> None:
        self.major = major
        self.minor = minor
        self.nonce = nonce

    def payload(self) -> bytes:
        return bytes((self.major, self.minor)) + _u32(self.nonce)


class Heartbeat(Message):
    """Host to tower every second; the tower answers with :class:`HeartbeatReply`."""

    TYPE = HEARTBEAT
    FIELDS = ("counter",)

    def __init__(self, counter: int) -> None:
        self.counter = counter

    def payload(self) -> bytes:
        return _u16(self.counter)


class Ack(Message):
    """Host to tower: the roll ``(boot_id, seq)`` is durably committed; drop it."""

    TYPE = ACK
    FIELDS = ("boot_id", "seq")

    def __init__(self, boot_id: int, seq: int) -> None:
        self.boot_id = boot_id
        self.seq = seq

    def payload(self) -> bytes:
        return _u32(self.boot_id) + _u32(self.seq)


class StateQuery(Message):
    """Host to tower: send your full :class:`State`."""

    TYPE = STATE_QUERY


class _ErrorMessage(Message):
    FIELDS = ("code", "arg", "text")

    def __init__(self, code: int, arg: int = 0, text: str = "") -> None:
        self.code = code
        self.arg = arg
        self.text = text

    def payload(self) -> bytes:
        return bytes((self.code, self.arg & 0xFF)) + self.text.encode()[:MAX_ERROR_TEXT]

    @property
    def name(self) -> str:
        return ERROR_NAMES.get(self.code, f"error_{self.code}")


class HostError(_ErrorMessage):
    """Host to tower: an error code, a one-byte argument and a short ASCII text."""

    TYPE = HOST_ERROR


class TowerHello(Message):
    """Tower to host, the answer to every :class:`HostHello`: who and what the tower is.

    ``fw`` is ``(major, minor, patch)``, ``device_id`` 8 bytes unique to the board, ``boot_id``
    a random non-zero 32-bit number drawn at power-up, ``nonce`` the host's, ``source`` a
    ``SOURCE_*``, ``capacity`` the size of the flash-backed roll queue.
    """

    TYPE = TOWER_HELLO
    FIELDS = ("major", "minor", "fw", "device_id", "boot_id", "nonce", "source", "capacity")

    def __init__(self, major: int, minor: int, fw: "tuple[int, int, int]", device_id: bytes,
                 boot_id: int, nonce: int, source: int, capacity: int) -> None:
        self.major = major
        self.minor = minor
        self.fw = fw
        self.device_id = device_id
        self.boot_id = boot_id
        self.nonce = nonce
        self.source = source
        self.capacity = capacity

    def payload(self) -> bytes:
        return (bytes((self.major, self.minor, self.fw[0], self.fw[1], self.fw[2]))
                + self.device_id + _u32(self.boot_id) + _u32(self.nonce)
                + bytes((self.source, self.capacity)))


class HeartbeatReply(Message):
    """Tower to host, the answer to :class:`Heartbeat`: counter echoed, queue depth, tray
    state (``TRAY_*``) and the tower's uptime in ms."""

    TYPE = HEARTBEAT_REPLY
    FIELDS = ("counter", "depth", "tray", "uptime_ms")

    def __init__(self, counter: int, depth: int, tray: int, uptime_ms: int) -> None:
        self.counter = counter
        self.depth = depth
        self.tray = tray
        self.uptime_ms = uptime_ms

    def payload(self) -> bytes:
        return _u16(self.counter) + bytes((self.depth, self.tray)) + _u32(self.uptime_ms)


class Roll(Message):
    """Tower to host: one settled roll, resent until acknowledged.

    ``boot_id`` and ``seq`` are those of the boot that saw the roll settle (a roll kept in
    flash across a reset keeps them); ``settled_ms`` that boot's uptime at the settle;
    ``quality`` a ``QUALITY_*``; ``values`` one to :data:`MAX_DICE` die faces, 1 to 6.
    """

    TYPE = ROLL
    FIELDS = ("boot_id", "seq", "settled_ms", "quality", "values")

    def __init__(self, boot_id: int, seq: int, settled_ms: int, quality: int,
                 values: "tuple[int, ...]") -> None:
        self.boot_id = boot_id
        self.seq = seq
        self.settled_ms = settled_ms
        self.quality = quality
        self.values = tuple(values)

    def payload(self) -> bytes:
        return (_u32(self.boot_id) + _u32(self.seq) + _u32(self.settled_ms)
                + bytes((self.quality, len(self.values))) + bytes(self.values))

    @property
    def key(self) -> "tuple[int, int]":
        return (self.boot_id, self.seq)


class State(Message):
    """Tower to host, the answer to :class:`StateQuery`: everything needed to resync.

    ``last_boot_id``/``last_seq`` name the newest roll the tower queued (0/0 for none this
    boot), ``next_seq`` the sequence number its next roll gets, ``flags`` ``FLAG_*`` bits.
    """

    TYPE = STATE
    FIELDS = ("boot_id", "uptime_ms", "depth", "capacity", "next_seq", "tray",
              "last_boot_id", "last_seq", "flags")

    def __init__(self, boot_id: int, uptime_ms: int, depth: int, capacity: int, next_seq: int,
                 tray: int, last_boot_id: int, last_seq: int, flags: int) -> None:
        self.boot_id = boot_id
        self.uptime_ms = uptime_ms
        self.depth = depth
        self.capacity = capacity
        self.next_seq = next_seq
        self.tray = tray
        self.last_boot_id = last_boot_id
        self.last_seq = last_seq
        self.flags = flags

    def payload(self) -> bytes:
        return (_u32(self.boot_id) + _u32(self.uptime_ms)
                + bytes((self.depth, self.capacity)) + _u32(self.next_seq)
                + bytes((self.tray,)) + _u32(self.last_boot_id) + _u32(self.last_seq)
                + bytes((self.flags,)))


class TowerError(_ErrorMessage):
    """Tower to host: an error code, a one-byte argument and a short ASCII text."""

    TYPE = TOWER_ERROR


def encode(message: Message) -> bytes:
    """The wire bytes of ``message`` (one frame, both delimiters)."""
    return encode_frame(message.TYPE, message.payload())


def _parse_host_hello(p: bytes) -> Message:
    _need(p, 6, "host_hello")
    return HostHello(p[0], p[1], _get32(p, 2))


def _parse_heartbeat(p: bytes) -> Message:
    _need(p, 2, "heartbeat")
    return Heartbeat(_get16(p, 0))


def _parse_ack(p: bytes) -> Message:
    _need(p, 8, "ack")
    return Ack(_get32(p, 0), _get32(p, 4))


def _parse_state_query(p: bytes) -> Message:
    return StateQuery()


def _parse_error(p: bytes, cls: "Any") -> Message:
    _need(p, 2, "error")
    text = p[2:2 + MAX_ERROR_TEXT]
    message = cls(p[0], p[1], _text(text))  # type: Message
    return message


def _parse_host_error(p: bytes) -> Message:
    return _parse_error(p, HostError)


def _parse_tower_error(p: bytes) -> Message:
    return _parse_error(p, TowerError)


def _parse_tower_hello(p: bytes) -> Message:
    _need(p, 23, "tower_hello")
    _check(p[21] < len(SOURCE_NAMES), f"unknown roll source {p[21]}")
    return TowerHello(p[0], p[1], (p[2], p[3], p[4]), bytes(p[5:13]), _get32(p, 13),
                      _get32(p, 17), p[21], p[22])


def _parse_heartbeat_reply(p: bytes) -> Message:
    _need(p, 8, "heartbeat_reply")
    _check(p[3] < len(TRAY_NAMES), f"unknown tray state {p[3]}")
    return HeartbeatReply(_get16(p, 0), p[2], p[3], _get32(p, 4))


def _parse_roll(p: bytes) -> Message:
    _need(p, 14, "roll")
    quality = p[12]
    count = p[13]
    _check(quality < len(QUALITY_NAMES), f"unknown roll quality {quality}")
    _check(1 <= count <= MAX_DICE, f"a roll has 1 to {MAX_DICE} dice, not {count}")
    _need(p, 14 + count, "roll")
    values = tuple([v for v in p[14:14 + count]])
    for v in values:
        _check(1 <= v <= 6, f"a die shows 1 to 6, not {v}")
    return Roll(_get32(p, 0), _get32(p, 4), _get32(p, 8), quality, values)


def _parse_state(p: bytes) -> Message:
    _need(p, 24, "state")
    _check(p[14] < len(TRAY_NAMES), f"unknown tray state {p[14]}")
    return State(_get32(p, 0), _get32(p, 4), p[8], p[9], _get32(p, 10), p[14],
                 _get32(p, 15), _get32(p, 19), p[23])


_PARSERS = {
    HOST_HELLO: _parse_host_hello,
    HEARTBEAT: _parse_heartbeat,
    ACK: _parse_ack,
    STATE_QUERY: _parse_state_query,
    HOST_ERROR: _parse_host_error,
    TOWER_HELLO: _parse_tower_hello,
    HEARTBEAT_REPLY: _parse_heartbeat_reply,
    ROLL: _parse_roll,
    STATE: _parse_state,
    TOWER_ERROR: _parse_tower_error,
}


def decode(frame: Frame) -> Message:
    """The message in ``frame``; :class:`ProtocolError` when it is not one."""
    parser = _PARSERS.get(frame.msg_type)
    if parser is None:
        raise ProtocolError(ERR_UNKNOWN_TYPE, f"unknown message type 0x{frame.msg_type:02x}",
                            frame.msg_type)
    return parser(frame.payload)


def compatible(major: int) -> bool:
    """Whether a peer speaking protocol ``major``.x can talk to this codec."""
    return major == PROTOCOL_MAJOR
