"""The composition root: builds the log, the session, the devices and the web app.

No logic of its own: :func:`build` wires the collaborators (nothing runs yet),
:meth:`Service.start` starts the devices (the dice tower's bridge, per the ``tower`` setting),
:func:`serve` runs everything until SIGINT/SIGTERM and shuts down cleanly (the log is durable
after every change anyway, so a SIGKILL or a pulled plug loses nothing that was acknowledged).
The buttons and lights come from the ``gpio`` setting (``companion/devices/controls.py``; the scan
button scans the camera's frame through :class:`~companion.scans.ScanDesk`), ``/health``
from ``companion/devices/health.py``; the HTTP server is waitress (``web/serving.py``).
"""

from __future__ import annotations

import signal
import socket
import sqlite3
import sys
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path
from types import FrameType
from typing import TextIO

from flask import Flask

from companion.backup import ServiceRunning, service_lock
from companion.devices.camera import TableCamera
from companion.devices.controls import TableControls
from companion.devices.health import build_health
from companion.devices.present import DeviceReport, DeviceStatus, Health, probe_devices
from companion.devices.tower import TableTower
from companion.hub import table_api as hub_api
from companion.hub.pusher import HubPusher, for_table
from companion.i18n import tmsg
from companion.owner import Owner
from companion.scans import ScanDesk, camera_frame
from companion.session.log import GameLog, LogError
from companion.session.session import Session
from companion.settings import Settings
from companion.storage_check import LogCheck, check_log, is_storage_full, repair_command
from companion.table.holds import HOLDS_FILE, DeviceHolds
from companion.table.icon_camera import DataDirHook, IconDesk
from companion.table.pending import PendingDesk
from companion.table.rolls import RollDesk
from web import create_app
from web.safe_mode import create_safe_app
from web.services import Services
from web.serving import Server


@dataclass
class Service:
    """Everything ``companion serve`` runs."""

    settings: Settings
    log: GameLog
    session: Session
    app: Flask
    devices: DeviceReport
    rolls: RollDesk
    tower: TableTower
    camera: TableCamera
    scans: ScanDesk
    controls: TableControls
    health: Health
    #: Sushi Roll's icon dice from the camera (pending readings for the screens).
    icon_desk: IconDesk | None = None
    #: The Pi's owner (PIN, owner tokens, who may start games; ``companion/owner.py``).
    owner: Owner | None = None
    #: The owner PIN made up at this start (none was set yet): printed once by :func:`serve`.
    new_owner_pin: str | None = None
    #: Forwards the log's outbox to the café's hub once paired (``companion/hub``).
    hub: HubPusher | None = None

    def start(self) -> None:
        """Start the devices; the tower's and the camera's lines of :attr:`devices` then say
        what they found."""
        self.tower.start()
        self.camera.start()
        self.tower.settle_at_start()
        self.devices = replace(self.devices, tower=self.tower.device_status(),
                               camera=self.camera.device_status())
        self.controls.start()
        if self.hub is not None:
            self.hub.start()

    def close(self) -> None:
        if self.hub is not None:
            self.hub.close()
        self.controls.close()
        self.camera.stop()
        self.tower.stop()
        self.session.close()
        self.log.close()


def build(settings: Settings) -> Service:
    """Wire the service for ``settings`` (creates the data directory if needed)."""
    settings.data_dir.mkdir(parents=True, exist_ok=True)
    devices = probe_devices()
    log = GameLog(settings.db_path)
    session = Session(log)
    owner, new_pin = Owner.load(settings.data_dir)
    holds = DeviceHolds(settings.data_dir / HOLDS_FILE)  # which game holds tower and camera
    pending = PendingDesk(session.poke)  # one pending-input desk: rolls, icon dice, scans
    rolls = RollDesk(session, holds, pending)
    tower = TableTower(settings.tower, settings.db_path, rolls)
    camera = TableCamera(settings.camera, rolls, data_dir=settings.data_dir)
    icon_desk = IconDesk(session, holds, pending)
    icon = DataDirHook(icon_desk, settings.data_dir)
    camera.frame_hooks.append(icon)
    scans = ScanDesk(session, settings.data_dir, frame=lambda: camera_frame(camera),
                     zones=lambda: camera.zones, holds=holds, desk=pending)
    controls = TableControls(settings.gpio, settings.pins, session, rolls, tower,
                             scanner=scans.button_scan)
    devices = replace(devices, tower=tower.device_status(), camera=camera.device_status(),
                      gpio=controls.device_status())
    health = build_health(settings, session, tower, camera, controls)
    hub = for_table(settings.db_path)
    services = Services(session, rolls=rolls, tower=tower, camera=camera, icon=icon,
                        scans=scans, health=health, owner=owner,
                        routes=(partial(hub_api.install, pusher=hub),))
    app = create_app(services, ALLOWED_HOSTS=settings.allowed_hosts)
    return Service(settings, log, session, app, devices, rolls, tower, camera, scans, controls,
                   health, icon_desk=icon_desk, owner=owner, new_owner_pin=new_pin, hub=hub)


def lan_addresses() -> list[str]:
    """IPv4 addresses of this machine that a phone on the same network can reach."""
    found: set[str] = set()
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            found.add(str(info[4][0]))
    except OSError:
        pass
    return sorted(a for a in found if not a.startswith("127."))


def urls_for(settings: Settings, port: int) -> list[str]:
    """The addresses to print: the LAN ones when listening on all interfaces, and loopback."""
    hosts = [settings.host]
    if settings.host in ("0.0.0.0", ""):
        hosts = [*lan_addresses(), "127.0.0.1"]
    return [f"http://{h}:{port}/" for h in hosts]


def serve(settings: Settings, out: TextIO = sys.stdout) -> int:
    """Run the service until SIGINT or SIGTERM; returns the exit status.

    A game log that cannot be used (not SQLite, truncated, damaged, or the disk too full to
    open it) starts :func:`serve_safe_mode` instead of failing: systemd would only restart it
    in a loop (``companion/storage_check.py``)."""
    settings.data_dir.mkdir(parents=True, exist_ok=True)
    check = check_log(settings.db_path)
    if check.problem is not None:
        return serve_safe_mode(settings, check.problem, out)
    # held while the service runs: `companion restore` refuses meanwhile (companion/backup.py)
    try:
        with service_lock(settings.data_dir):
            return _serve_log(settings, check, out)
    except ServiceRunning as exc:
        print(f"companion: {exc}", file=out)
        return 2


def _serve_log(settings: Settings, check: LogCheck, out: TextIO) -> int:
    """:func:`serve` once the log checked out and the data directory's lock is held."""
    try:
        service = build(settings)
    except (sqlite3.DatabaseError, LogError, OSError) as exc:
        if is_storage_full(exc):
            return serve_safe_mode(settings, tmsg(
                "the Pi's storage is full: the game log {path} cannot be opened",
                path=str(settings.db_path)), out, full=True)
        if isinstance(exc, OSError):
            raise
        return serve_safe_mode(settings, tmsg("the game log {path} cannot be opened: {error}",
                                              path=str(settings.db_path), error=str(exc)), out)
    if check.note is not None:
        note = check.note
        storage_probe = service.health.probes["storage"]
        service.health.probes["storage"] = lambda: _with_note(storage_probe(), note)
    try:
        server = Server(service.app, settings.host, settings.port, settings.threads)
        service.start()
    except BaseException:
        service.close()
        raise
    port = server.port
    urls = urls_for(settings, port)
    service.app.config["PUBLIC_URL"] = settings.public_url or urls[0]

    # before the start-up lines: whoever reads them may stop the service at once
    _stop_on_signals(server)
    print(f"companion: data in {settings.db_path}", file=out)
    print(f"companion: {service.devices.describe()}", file=out)
    if service.new_owner_pin is not None:
        print(f"companion: {owner_pin_line(service.new_owner_pin)}", file=out)
    if check.note is not None:
        print(f"companion: NOTE: {check.note}", file=out)
    for url in urls:
        print(f"companion: open {url} on a phone or tablet", file=out)
    for line in host_code_lines(service.log, urls[0]):
        print(f"companion: {line}", file=out)
    out.flush()
    try:
        # closing the session first ends the live streams, so the server's workers drain
        server.run(before_stop=service.session.close)
    finally:
        service.close()
        print("companion: stopped", file=out)
    return 0


def owner_pin_line(pin: str) -> str:
    """The start-up line that shows a new owner PIN (only the start that made it up)."""
    return (f"owner PIN {pin} (shown only this once: write it down. It alone changes card "
            "sets, calibration and who may start games; change it with `companion owner-pin "
            "set`)")


def show_host_code(code: str) -> str:
    """A host code as the screens show it: ``ABCD-EFGH``."""
    return f"{code[:4]}-{code[4:]}" if len(code) == 8 else code


def host_code_lines(log: GameLog, base_url: str) -> list[str]:
    """One line per game in progress with its host code (issue 24 item 5): a device that types
    it at ``<base_url>games/<id>/host`` becomes the host, should the host tablet be gone. A
    take-over replaces the code (the Pi's status page, ``/status``, shows the current one)."""
    lines = []
    for row in log.games():
        if row.status != "playing" or not row.host_code:
            continue
        names = ", ".join(str(p.get("name", "?")) for p in row.players)
        lines.append(f"game {row.id} ({row.game}: {names}): host code "
                     f"{show_host_code(row.host_code)}, take over at "
                     f"{base_url.rstrip('/')}/games/{row.id}/host")
    return lines


def _stop_on_signals(server: Server) -> None:
    """SIGTERM (systemd) and SIGINT (Ctrl-C) stop ``server`` cleanly."""

    def stop(signum: int, frame: FrameType | None) -> None:
        server.stop()

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)


def _with_note(status: DeviceStatus, note: str) -> DeviceStatus:
    """``status`` with ``note`` added to its detail and facts (still OK)."""
    return replace(status, detail=tmsg("{detail}; NOTE: {note}", detail=status.detail, note=note),
                   facts={**(status.facts or {}), "note": note})


#: The command that restarts the service (in the safe-mode remedies; never translated).
RESTART = "sudo systemctl restart sushi-companion"


def safe_mode_remedy(data_dir: Path, full: bool = False) -> str:
    """What the owner can do in safe mode (a message: the pages answer in the reader's
    language, the start-up output in English)."""
    if full:
        return tmsg("Free some space on the SD card (old files in the data directory, logs), "
                    "then restart the companion: {restart}", restart=RESTART)
    return tmsg("Nothing was deleted. To keep the file aside and start a fresh game log, run on "
                "the Pi: {repair} then restart the companion ({restart})",
                repair=repair_command(data_dir), restart=RESTART)


def serve_safe_mode(settings: Settings, problem: str, out: TextIO = sys.stdout,
                    full: bool = False) -> int:
    """Serve only the safe-mode pages (``web/safe_mode.py``) until SIGINT or SIGTERM: the log
    is left untouched and nothing is written. Exit status 0 when stopped."""
    remedy = safe_mode_remedy(settings.data_dir, full)
    server = Server(create_safe_app(problem, remedy, str(settings.db_path)), settings.host,
                    settings.port, settings.threads)

    _stop_on_signals(server)
    print(f"companion: data in {settings.db_path}", file=out)
    print(f"companion: SAFE MODE: {problem}", file=out)
    print(f"companion: {remedy}", file=out)
    for url in urls_for(settings, server.port):
        print(f"companion: open {url} on a phone or tablet", file=out)
    out.flush()
    try:
        server.run()
    finally:
        print("companion: stopped", file=out)
    return 0
