"""Which table devices are present, and the fakes that stand in for missing ones.

``probe_devices()`` looks (cheaply, without opening anything) for a camera, a serial dice tower
and the Pi's GPIO; the composition root replaces the tower's line with what the running bridge
found (``companion/tower.py``: a real tower that answered the handshake, the virtual one, or
none). For each device that is missing the service runs on a fake, and
:meth:`DeviceReport.describe` says so in one line at start-up. GPIO uses gpiozero's own
``MockFactory`` as its fake pin factory; the camera and tower fakes are the ones shipped with the
dice-camera and dice-tower work, and until a source is present dice are entered by tapping.
"""

from __future__ import annotations

import glob
from dataclasses import dataclass
from pathlib import Path

PI_MODEL_FILE = Path("/proc/device-tree/model")


@dataclass(frozen=True)
class DeviceStatus:
    """One device: its name, whether a real one was found, and what stands in or was found."""

    name: str
    real: bool
    detail: str
    #: What the line calls it instead of ``real``/``FAKE`` (the tower: ``virtual``, ``absent``).
    label: str | None = None

    def describe(self) -> str:
        label = self.label or ("real" if self.real else "FAKE")
        return f"{self.name}: {label} ({self.detail})"


@dataclass(frozen=True)
class DeviceReport:
    """The result of :func:`probe_devices`."""

    camera: DeviceStatus
    tower: DeviceStatus
    gpio: DeviceStatus

    @property
    def fakes(self) -> list[str]:
        return [d.name for d in (self.camera, self.tower, self.gpio) if not d.real]

    def describe(self) -> str:
        """One line naming every device and saying which are fakes."""
        parts = "; ".join(d.describe() for d in (self.camera, self.tower, self.gpio))
        fakes = ", ".join(self.fakes) or "none"
        return f"devices: {parts}. Running on fakes for: {fakes}"


def _camera() -> DeviceStatus:
    videos = sorted(glob.glob("/dev/video*"))
    if videos:
        return DeviceStatus("camera", True, f"found {videos[0]}")
    return DeviceStatus("camera", False, "no camera found; dice are entered by tapping")


def _tower() -> DeviceStatus:
    ports = sorted(glob.glob("/dev/ttyACM*") + glob.glob("/dev/ttyUSB*"))
    if ports:
        return DeviceStatus("dice tower", True, f"serial port {ports[0]} to probe")
    return DeviceStatus("dice tower", False, "no serial port found; rolls are entered by tapping")


def _is_raspberry_pi() -> bool:
    try:
        return "Raspberry Pi" in PI_MODEL_FILE.read_text(errors="replace")
    except OSError:
        return False


def _gpio() -> DeviceStatus:
    if _is_raspberry_pi() and glob.glob("/dev/gpiochip*"):
        return DeviceStatus("GPIO", True, "Raspberry Pi GPIO chip")
    from gpiozero import Device
    from gpiozero.pins.mock import MockFactory

    Device.pin_factory = MockFactory()
    return DeviceStatus("GPIO", False, "not a Raspberry Pi; gpiozero MockFactory")


def probe_devices() -> DeviceReport:
    """Look for each device; install gpiozero's MockFactory when there is no GPIO."""
    return DeviceReport(camera=_camera(), tower=_tower(), gpio=_gpio())
