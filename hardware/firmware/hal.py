"""The tower's thin hardware layer: USB serial, clock, ids, button, LED, camera.

Only this module (and ``main.py``) touches MicroPython's hardware modules (``machine``,
``micropython``, ``select``, ``sys.stdin``/``sys.stdout``, the ``camera`` driver); everything it
returns has the small interface ``tower.Tower`` and the roll sources expect. Tests import it
under CPython with fakes of those modules in ``sys.modules``.

USB serial: the native USB CDC port that MicroPython also uses for its REPL. :func:`quiet_usb`
turns off Ctrl-C handling so a ``0x03`` byte in a frame does not interrupt the firmware (to get
the REPL back, hold the button while plugging in: ``main.py`` then does not start the link).
"""

import sys
import time

import machine

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


def ticks_ms() -> int:
    return time.ticks_ms()  # type: ignore[attr-defined]


def ticks_diff(a: int, b: int) -> int:
    return time.ticks_diff(a, b)  # type: ignore[attr-defined]


def idle() -> None:
    """Give the USB stack a moment between main-loop passes."""
    time.sleep_ms(1)  # type: ignore[attr-defined]


def quiet_usb() -> None:
    import micropython

    micropython.kbd_intr(-1)


def device_id() -> bytes:
    """8 bytes unique to the board (the flash chip's id on RP2040, the MAC on ESP32)."""
    uid = bytes(machine.unique_id())
    return (uid + bytes(8))[:8] if len(uid) < 8 else uid[-8:]


def boot_id(random_bytes: "Any" = None) -> int:
    """A random non-zero 32-bit number, new at every power-up."""
    if random_bytes is None:
        import os

        random_bytes = os.urandom
    while True:
        b = random_bytes(4)
        value = (b[0] << 24) | (b[1] << 16) | (b[2] << 8) | b[3]
        if value:
            return value


class UsbPort:
    """Non-blocking byte port over the USB CDC serial (``sys.stdin``/``sys.stdout``)."""

    def __init__(self, stdin: "Any" = None, stdout: "Any" = None, poller: "Any" = None,
                 chunk: int = 64) -> None:
        import select

        self.stdin = stdin if stdin is not None else sys.stdin.buffer
        self.stdout = stdout if stdout is not None else sys.stdout.buffer
        if poller is None:
            poller = select.poll()
            poller.register(self.stdin, select.POLLIN)
        self.poller = poller
        self.chunk = chunk

    def read(self) -> bytes:
        out = bytearray()
        while len(out) < self.chunk and self.poller.poll(0):
            b = self.stdin.read(1)
            if not b:
                break
            out.extend(b)
        return bytes(out)

    def write(self, data: bytes) -> None:
        self.stdout.write(data)


class Button:
    """A push button to ground with the internal pull-up: ``value()`` is 1 while pressed."""

    def __init__(self, pin: int) -> None:
        self.pin = machine.Pin(pin, machine.Pin.IN, machine.Pin.PULL_UP)

    def value(self) -> int:
        return 0 if self.pin.value() else 1


class Led:
    """Status LED: steady when linked, blinking when not, fast blinking with rolls queued."""

    def __init__(self, pin: "Any") -> None:
        self.pin = machine.Pin(pin, machine.Pin.OUT)

    def show(self, now: int, linked: bool, depth: int) -> None:
        if linked and not depth:
            on = 1
        else:
            period = 200 if depth else 1000
            on = 1 if (now // period) % 2 else 0
        self.pin.value(on)


class Camera:
    """Grayscale frames from the ``camera`` driver of an ESP32-S3 camera board (QQVGA).

    ``capture()`` returns ``width * height`` bytes, or ``None`` when the sensor fails.
    """

    def __init__(self, width: int, height: int, driver: "Any" = None) -> None:
        if driver is None:
            import camera

            driver = camera
            driver.init(0, format=driver.GRAYSCALE, framesize=driver.FRAME_QQVGA)
        self.driver = driver
        self.size = width * height

    def capture(self) -> "bytes | None":
        try:
            frame = self.driver.capture()
        except OSError:
            return None
        if not frame or len(frame) != self.size:
            return None
        return bytes(frame)


def load_background(path: str, size: int) -> "bytes | None":
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError:
        return None
    return data if len(data) == size else None


def save_background(path: str, frame: bytes) -> None:
    with open(path, "wb") as f:
        f.write(frame)
