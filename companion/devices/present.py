"""Which table devices are present, and the fakes that stand in for missing ones.

``probe_devices()`` looks (cheaply, without opening anything) for a camera, a serial dice tower
and the Pi's GPIO; the composition root replaces the tower's line with what the running bridge
found (``companion/devices/tower.py``: a real tower that answered the handshake, the virtual one, or
none). For each device that is missing the service runs on a fake, and
:meth:`DeviceReport.describe` says so in one line at start-up. GPIO uses gpiozero's own
``MockFactory`` as its fake pin factory; the camera and tower fakes are the ones shipped with the
dice-camera and dice-tower work, and until a source is present dice are entered by tapping.

Health (``GET /health``, ``web/health.py``): every device is also judged OK or faulty, with the
reason (:attr:`DeviceStatus.ok`, :attr:`DeviceStatus.reason`). Being a fake is not a fault; a
fault is a device that was asked for and does not work (a camera that was lost, a tower that
refused the handshake or dropped off, a Pi whose pin factory did not load, a data directory
that is not writable or nearly full). :func:`storage_status` checks the data directory;
:class:`Health` gathers every device's probe into the ``/health`` document.
"""

from __future__ import annotations

import glob
import os
import shutil
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.i18n import tmsg

PI_MODEL_FILE = Path("/proc/device-tree/model")
#: Below this much free space in the data directory, storage is faulty (64 MiB).
MIN_FREE_BYTES = 64 * 1024 * 1024


@dataclass(frozen=True)
class DeviceStatus:
    """One device: its name, whether a real one was found, and what stands in or was found."""

    name: str
    real: bool
    detail: str
    #: What the line calls it instead of ``real``/``FAKE`` (the tower: ``virtual``, ``absent``).
    label: str | None = None
    #: Whether it works as asked; when not, ``reason`` says why (a fake can be OK).
    ok: bool = True
    reason: str | None = None
    #: Figures for the status panel (storage: free bytes, last durable write, ...).
    facts: Mapping[str, Any] | None = field(default=None, compare=False)

    def describe(self) -> str:
        label = self.label or ("real" if self.real else "FAKE")
        fault = "" if self.ok else f"; FAULT: {self.reason}"
        return f"{self.name}: {label} ({self.detail}{fault})"

    def to_json(self) -> dict[str, Any]:
        """``{"name", "real", "label", "ok", "detail", "reason", "facts"}`` for ``/health``."""
        return {"name": self.name, "real": self.real,
                "label": self.label or ("real" if self.real else "fake"), "ok": self.ok,
                "detail": self.detail, "reason": None if self.ok else (self.reason or "fault"),
                "facts": dict(self.facts or {})}

    def faulty(self, reason: str) -> DeviceStatus:
        """This status, judged faulty for ``reason``."""
        return DeviceStatus(self.name, self.real, self.detail, self.label, False, reason,
                            self.facts)


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
        return DeviceStatus("camera", True, tmsg("found {path}", path=videos[0]))
    return DeviceStatus("camera", False,
                        tmsg("no camera found; dice are entered by tapping"))


def _tower() -> DeviceStatus:
    ports = sorted(glob.glob("/dev/ttyACM*") + glob.glob("/dev/ttyUSB*"))
    if ports:
        return DeviceStatus("dice tower", True,
                            tmsg("serial port {port} to probe", port=ports[0]))
    return DeviceStatus("dice tower", False,
                        tmsg("no serial port found; rolls are entered by tapping"))


def _is_raspberry_pi() -> bool:
    try:
        return "Raspberry Pi" in PI_MODEL_FILE.read_text(errors="replace")
    except OSError:
        return False


def _gpio() -> DeviceStatus:
    if _is_raspberry_pi() and glob.glob("/dev/gpiochip*"):
        return DeviceStatus("GPIO", True, tmsg("Raspberry Pi GPIO chip"))
    from gpiozero import Device
    from gpiozero.pins.mock import MockFactory

    Device.pin_factory = MockFactory()
    return DeviceStatus("GPIO", False,
                        tmsg("Test buttons (no real buttons connected: not a Raspberry Pi)"))


def probe_devices() -> DeviceReport:
    """Look for each device; install gpiozero's MockFactory when there is no GPIO."""
    return DeviceReport(camera=_camera(), tower=_tower(), gpio=_gpio())


# -- health ----------------------------------------------------------------------------------


def storage_status(data_dir: Path, last_write: str | None,
                   min_free: int = MIN_FREE_BYTES) -> DeviceStatus:
    """The data directory: writable, its free space (fault below ``min_free`` bytes) and the
    time of the last durable write (``last_write``, ISO text; ``None`` before the first)."""
    facts: dict[str, Any] = {"path": str(data_dir), "last_write": last_write}
    try:
        usage = shutil.disk_usage(data_dir)
    except OSError as exc:
        return DeviceStatus("storage", True, tmsg("data in {path}", path=str(data_dir)), ok=False,
                            reason=tmsg("cannot read the data directory: {why}",
                                        why=str(exc.strerror or exc)),
                            facts=facts)
    facts.update(free_bytes=usage.free, total_bytes=usage.total)
    free = tmsg("{free} GiB free of {total} GiB", free=f"{usage.free / 2**30:.1f}",
                total=f"{usage.total / 2**30:.1f}")
    written = (tmsg("last durable write {when}", when=last_write) if last_write
               else tmsg("nothing written yet"))
    status = DeviceStatus("storage", True, tmsg("{free}; {written}", free=free, written=written),
                          facts=facts)
    if not os.access(data_dir, os.W_OK):
        return status.faulty(tmsg("the data directory {path} is not writable by this user",
                                 path=str(data_dir)))
    if usage.free < min_free:
        return status.faulty(tmsg("only {mib} MiB free in {path}: new moves may not be saved",
                                 mib=usage.free // 2**20, path=str(data_dir)))
    return status


Probe = Callable[[], DeviceStatus]


class Health:
    """Every device's probe, called afresh for each ``/health`` document.

    ``probes`` maps a device's key (``camera``, ``tower``, ``gpio``, ``storage``) to a function
    returning its :class:`DeviceStatus`; a probe that raises is reported as that device's
    fault. ``clock`` gives the uptime.
    """

    def __init__(self, probes: Mapping[str, Probe], clock: Callable[[], float] = time.monotonic
                 ) -> None:
        self.probes = dict(probes)
        self._clock = clock
        self._started = clock()

    def devices(self) -> Sequence[DeviceStatus]:
        out = []
        for key, probe in self.probes.items():
            try:
                out.append(probe())
            except Exception as exc:
                out.append(DeviceStatus(key, False, tmsg("the probe failed"), ok=False,
                                        reason=f"{type(exc).__name__}: {exc}"))
        return out

    def report(self) -> dict[str, Any]:
        """``{"ok", "storage_ok", "uptime_s", "devices": [...]}`` (``docs/API.md``)."""
        devices = self.devices()
        storage_ok = all(d.ok for d in devices if d.name == "storage")
        return {"ok": all(d.ok for d in devices), "storage_ok": storage_ok,
                "uptime_s": round(self._clock() - self._started, 1),
                "devices": [d.to_json() for d in devices]}

