"""The tower's flash-backed roll queue (tower firmware; MicroPython and CPython).

Every settled roll is written to flash BEFORE it is first sent, and leaves flash only when the
host has acknowledged it (which the host does only after its own durable commit). So a tower
reset, a cable pull or a host crash loses no roll: after the next handshake the head of the
queue is sent again, with the boot id and sequence number it was given when it settled, and the
host drops it if it had committed it already.

The file also holds the *motion marker*: set when dice start moving, cleared by the same write
that queues the settled roll. A tower that boots with the marker set knows a roll was in
progress when it went down and reports the dice as soon as they are still.

File format (big-endian): ``b"SQ1"``, flags (bit 0: motion marker), count, then per roll
``boot_id u32, seq u32, settled_ms u32, quality u8, n u8, n faces``, then CRC-16/CCITT-FALSE of
all that. Writes go to ``PATH.tmp`` and are renamed over ``PATH`` (atomic on littlefs, the
default filesystem of MicroPython on RP2040 and ESP32, and on POSIX). A file that fails its CRC
is treated as empty and reported as a flash fault.
"""

try:
    from firmware_bridge.protocol import crc16
except ImportError:  # on the tower, protocol.py sits beside this file
    from protocol import crc16  # type: ignore[no-redef]

import os

MAGIC = b"SQ1"
DEFAULT_CAPACITY = 32


class QueueFull(Exception):
    """No room for another roll until the host acknowledges one."""


def _u32(v: int) -> bytes:
    return bytes(((v >> 24) & 0xFF, (v >> 16) & 0xFF, (v >> 8) & 0xFF, v & 0xFF))


def _get32(b: bytes, i: int) -> int:
    return (b[i] << 24) | (b[i + 1] << 16) | (b[i + 2] << 8) | b[i + 3]


class FlashQueue:
    """Queued rolls as tuples ``(boot_id, seq, settled_ms, quality, values)``, oldest first."""

    def __init__(self, path: str, capacity: int = DEFAULT_CAPACITY) -> None:
        self.path = path
        self.capacity = capacity
        self.entries = []  # type: list[tuple[int, int, int, int, tuple[int, ...]]]
        self.motion_marked = False
        self.fault = False
        self.writes = 0
        self._load()

    # -- reading --------------------------------------------------------------------------

    def _load(self) -> None:
        try:
            with open(self.path, "rb") as f:
                data = f.read()
        except OSError:
            return  # never written: empty
        if not self._parse(data):
            self.fault = True
            self.entries = []
            self.motion_marked = False

    def _parse(self, data: bytes) -> bool:
        if len(data) < 7 or data[:3] != MAGIC:
            return False
        if crc16(data[:-2]) != (data[-2] << 8) | data[-1]:
            return False
        self.motion_marked = bool(data[3] & 1)
        count = data[4]
        at = 5
        entries = []
        for _ in range(count):
            if at + 14 > len(data) - 2:
                return False
            n = data[at + 13]
            values = tuple([v for v in data[at + 14:at + 14 + n]])
            entries.append((_get32(data, at), _get32(data, at + 4), _get32(data, at + 8),
                            data[at + 12], values))
            at += 14 + n
        self.entries = entries
        return at == len(data) - 2

    # -- writing --------------------------------------------------------------------------

    def _serialise(self) -> bytes:
        out = bytearray(MAGIC)
        out.append(1 if self.motion_marked else 0)
        out.append(len(self.entries))
        for boot_id, seq, settled_ms, quality, values in self.entries:
            out.extend(_u32(boot_id) + _u32(seq) + _u32(settled_ms))
            out.append(quality)
            out.append(len(values))
            out.extend(bytes(values))
        crc = crc16(bytes(out))
        out.append(crc >> 8)
        out.append(crc & 0xFF)
        return bytes(out)

    def _save(self) -> None:
        tmp = self.path + ".tmp"
        try:
            with open(tmp, "wb") as f:
                f.write(self._serialise())
            os.rename(tmp, self.path)
            self.writes += 1
        except OSError:
            self.fault = True  # the RAM copy still goes out; only a reset could lose it

    # -- the queue ------------------------------------------------------------------------

    @property
    def depth(self) -> int:
        return len(self.entries)

    def full(self) -> bool:
        return len(self.entries) >= self.capacity

    def head(self) -> "tuple[int, int, int, int, tuple[int, ...]] | None":
        return self.entries[0] if self.entries else None

    def append(self, entry: "tuple[int, int, int, int, tuple[int, ...]]") -> None:
        """Queue a settled roll (and clear the motion marker) in one flash write."""
        if self.full():
            raise QueueFull()
        self.entries.append(entry)
        self.motion_marked = False
        self._save()

    def mark_motion(self) -> None:
        """Remember that dice are moving (one write; none if already marked)."""
        if not self.motion_marked:
            self.motion_marked = True
            self._save()

    def pop(self, boot_id: int, seq: int) -> bool:
        """Drop the head if it is roll ``(boot_id, seq)``; ``False`` for any other roll."""
        head = self.head()
        if head is None or head[0] != boot_id or head[1] != seq:
            return False
        self.entries.pop(0)
        self._save()
        return True
