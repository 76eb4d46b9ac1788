"""Roll sources: what tells the tower that dice have been rolled (tower firmware).

A source has ``KIND`` (a ``protocol.SOURCE_*``), ``start(motion_marked)`` called once per boot
with the flash queue's motion marker, and ``poll(now_ms)`` called from the main loop, which
returns ``None`` or an event tuple:

* ``(EVENT_MOTION, None, 0)``: dice started moving (the tower marks it in flash);
* ``(EVENT_SETTLED, values, quality)``: a roll settled: faces 1..6 and a ``QUALITY_*``;
* ``(EVENT_FAULT, None, code)``: the sensor failed (``code`` a ``protocol.ERR_*``).

The tower does not poll its source while the roll queue is full, so nothing settles that it
could not keep.
"""

try:
    from firmware_bridge import protocol
except ImportError:  # on the tower
    import protocol  # type: ignore[no-redef]

import pipcount
from pipcount import EVENT_FAULT, EVENT_MOTION, EVENT_SETTLED

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

__all__ = ["EVENT_FAULT", "EVENT_MOTION", "EVENT_SETTLED", "ButtonSource", "CameraSource"]


def _diff(a: int, b: int) -> int:
    return a - b


class ButtonSource:
    """For the bench: each press of a button is a roll of ``dice`` fair random dice.

    ``button`` has ``value()`` (1 while pressed); ``random_bytes(n)`` gives random bytes
    (``os.urandom`` on the tower). Presses shorter than ``debounce_ms`` are ignored, and a
    button held down at boot is not a press.
    """

    KIND = protocol.SOURCE_BUTTON

    def __init__(self, button: "Any", random_bytes: "Callable[[int], bytes]", dice: int = 2,
                 debounce_ms: int = 30, ticks_diff: "Callable[[int, int], int]" = _diff) -> None:
        self.button = button
        self.random_bytes = random_bytes
        self.dice = dice
        self.debounce_ms = debounce_ms
        self.ticks_diff = ticks_diff
        self._stable = 1
        self._raw = 1
        self._since = 0

    def start(self, motion_marked: bool) -> None:
        self._stable = self._raw = 1 if self.button.value() else 0

    def roll(self) -> "tuple[int, ...]":
        """``dice`` fair faces (bytes of 252 or more are drawn again: no modulo bias)."""
        values = []  # type: list[int]
        while len(values) < self.dice:
            for b in self.random_bytes(self.dice):
                if b < 252 and len(values) < self.dice:
                    values.append(b % 6 + 1)
        return tuple(values)

    def poll(self, now: int) -> "tuple[int, Any, int] | None":
        raw = 1 if self.button.value() else 0
        if raw != self._raw:
            self._raw = raw
            self._since = now
            return None
        if raw == self._stable or self.ticks_diff(now, self._since) < self.debounce_ms:
            return None
        self._stable = raw
        if raw:
            return (EVENT_SETTLED, self.roll(), pipcount.QUALITY_OK)
        return None


class CameraSource:
    """The reference source: a small camera over the lit tray, read by :mod:`pipcount`.

    ``camera.capture()`` returns one ``width * height`` grayscale frame (``None`` on a sensor
    fault); a frame is taken every ``period_ms``.
    """

    KIND = protocol.SOURCE_CAMERA

    def __init__(self, camera: "Any", width: int, height: int, period_ms: int = 100,
                 die_px: int = 26, expected_dice: int = 0, background: "bytes | None" = None,
                 ticks_diff: "Callable[[int, int], int]" = _diff) -> None:
        self.camera = camera
        self.period_ms = period_ms
        self.ticks_diff = ticks_diff
        self.tracker = pipcount.SettleTracker(width, height, die_px, expected_dice=expected_dice,
                                              background=background)
        self._last = None  # type: Any
        self.frames = 0

    def start(self, motion_marked: bool) -> None:
        self.tracker.reset(report_current=motion_marked)
        self._last = None

    def poll(self, now: int) -> "tuple[int, Any, int] | None":
        if self._last is not None and self.ticks_diff(now, self._last) < self.period_ms:
            return None
        self._last = now
        frame = self.camera.capture()
        if frame is None:
            return (EVENT_FAULT, None, protocol.ERR_SOURCE)
        self.frames += 1
        return self.tracker.update(frame)
