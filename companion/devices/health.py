"""The probes behind ``GET /health``: each table device judged OK or faulty, with the reason.

:func:`build_health` gives the composition root a :class:`~companion.devices.present.Health` over
the running devices. The judging rules (``companion/devices/present.py`` says what a fault is):

* camera: ``lost`` (it stopped giving frames and is being re-opened) is a fault; the demo camera
  standing in for a camera that was asked for by name (``picamera``, ``/dev/video0``, ...) is a
  fault; the demo camera under ``auto`` (none fitted) or ``demo`` is a fake that works.
* dice tower: a link in state ``refused`` (protocol mismatch) or ``lost`` (it was there and went
  away) is a fault; ``searching`` in ``auto`` mode (no tower plugged in) is not.
* GPIO: what :meth:`companion.devices.controls.TableControls.device_status` says.
* storage: :func:`companion.devices.present.storage_status` on the data directory, with the time of
  the last committed change of any game as the last durable write.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.devices.present import DeviceStatus, Health, storage_status
from companion.i18n import tmsg
from companion.session.session import Session
from companion.settings import Settings

if TYPE_CHECKING:
    from companion.devices.camera import TableCamera
    from companion.devices.controls import TableControls
    from companion.devices.tower import TableTower

#: Camera specs under which the demo camera is expected, not a fault.
QUIET_CAMERA_SPECS = ("auto", "demo", "off")
#: Tower link states that are faults.
TOWER_FAULTS = ("refused", "lost")


def camera_health(camera: TableCamera) -> DeviceStatus:
    status = camera.device_status()
    kind = camera.kind()
    if kind == "lost":
        return status.faulty(tmsg("the camera stopped giving frames: {why}; re-opening it "
                                  "(check the ribbon cable or USB plug)",
                                  why=camera.message or "lost"))
    if kind == "demo" and camera.spec.lower() not in QUIET_CAMERA_SPECS:
        return status.faulty(tmsg("camera {spec} did not open: {why}", spec=repr(camera.spec),
                                  why=camera.message))
    return status


def tower_health(tower: TableTower) -> DeviceStatus:
    status = tower.device_status()
    service = tower.service
    if service is None:
        return status
    link = service.status()
    state = link.state.value
    if state in TOWER_FAULTS:
        return status.faulty(link.reason or tmsg("the tower link is {state}", state=state))
    return status


def last_write(session: Session) -> str | None:
    """When any game last committed a change (ISO text), ``None`` before the first."""
    times = [str(g["updated"]) for g in session.list_games() if g.get("updated")]
    return max(times) if times else None


def build_health(settings: Settings, session: Session, tower: TableTower | None = None,
                 camera: TableCamera | None = None,
                 controls: TableControls | None = None) -> Health:
    """Probes for every device given, and storage (always)."""
    probes = {}
    if camera is not None:
        probes["camera"] = lambda: camera_health(camera)
    if tower is not None:
        probes["tower"] = lambda: tower_health(tower)
    if controls is not None:
        probes["gpio"] = controls.device_status
    probes["storage"] = lambda: storage_status(settings.data_dir, last_write(session))
    return Health(probes)
