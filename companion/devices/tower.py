"""The dice tower inside ``companion serve``: the bridge, the virtual tower, rolls into games.

:class:`TableTower` is built by the composition root (``companion/app.py``) from the ``tower``
setting (``companion/settings.py``):

* ``auto``: a :class:`~firmware_bridge.service.TowerService` probing the candidate serial ports
  (``/dev/ttyACM*``, ``/dev/ttyUSB*``) for the tower's handshake, and watching for hot-plug;
* ``virtual``: the same service connected to a :class:`~firmware_bridge.fake.VirtualTower` that
  runs the real firmware on a pseudo-terminal (its symlink and flash file live in a temporary
  directory removed at :meth:`TableTower.stop`); :meth:`TableTower.throw` drops dice in it;
* ``off``: nothing runs; rolls are tapped.

The service's roll inbox is the ``tower_rolls`` table of the session's SQLite file. One thread
(``tower-rolls``) takes every committed roll from the service's feed and offers it to the games
through :class:`~companion.table.rolls.RollDesk` (which claims it in the inbox when a game takes
it), so neither the link thread nor the session's writer waits for the other.

No acknowledged roll is lost to a crash (issue 28 item 7): an ``ok`` roll is claimed in the
same SQLite transaction as the action it becomes (:meth:`RollInbox.claim_on` run by the
session's writer inside ``GameLog.append``; the inbox and the log share the file), and a roll
whose offer never finished (``routed`` still 0: the service died after acknowledging it) is
offered again when the tower starts, before any new roll. The claim in the action's commit
makes a second offer of a roll already applied come out ``taken``, so each roll is applied at
most once.
"""

from __future__ import annotations

import glob
import logging
import os
import shutil
import tempfile
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from companion.devices.present import DeviceStatus
from companion.devices.reasons import tower_reason
from companion.games.base import JSON, UnreadableInput
from companion.i18n import msg, tmsg
from companion.table.rolls import RollDesk, TableRoll
from firmware_bridge.fake import VirtualTower
from firmware_bridge.inbox import StoredRoll
from firmware_bridge.link import DEFAULT_PATTERNS, LinkTiming
from firmware_bridge.protocol import MAX_DICE, QUALITY_NAMES
from firmware_bridge.service import RollFeed, TowerService

log = logging.getLogger(__name__)
NAME = "dice tower"
#: How many unclaimed rolls the status lists (it counts them all).
RECENT = 5
#: Quality name -> the code the virtual tower's roll source reports.
_QUALITY_CODES = {name: code for code, name in enumerate(QUALITY_NAMES)}


class TableTower:
    """The tower for one service run (see the module docstring)."""

    def __init__(
        self,
        mode: str,
        db_path: str | Path,
        desk: RollDesk | None = None,
        *,
        patterns: Sequence[str] = DEFAULT_PATTERNS,
        timing: LinkTiming | None = None,
        seed: int | None = None,
    ) -> None:
        if mode not in ("auto", "virtual", "off"):
            raise ValueError(f"unknown tower mode {mode!r}")
        self.mode = mode
        self.desk = desk
        self.virtual: VirtualTower | None = None
        self.service: TowerService | None = None
        self._workdir: Path | None = None
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._feed: RollFeed | None = None
        self._lock = threading.Lock()
        self._unclaimed: list[StoredRoll] = []
        if mode == "off":
            return
        ports: list[str] = []
        if mode == "virtual":
            self._workdir = Path(tempfile.mkdtemp(prefix="companion-tower-"))
            link = self._workdir / "tty"
            rng_seed = seed if seed is not None else int.from_bytes(os.urandom(4), "big")
            self.virtual = VirtualTower(link, self._workdir, seed=rng_seed)
            ports, patterns = [str(link)], ()
        self.service = TowerService(db_path, ports=ports, patterns=patterns, timing=timing,
                                    seed=seed)

    # -- lifecycle ---------------------------------------------------------------------------

    def start(self) -> None:
        """Plug in the virtual tower (virtual mode), start the bridge and the roll feed."""
        if self.service is None or self._thread is not None:
            return
        if self.virtual is not None:
            self.virtual.start()
        self._feed = self.service.subscribe()  # before the link runs: no roll slips past
        backlog = self.service.inbox.unrouted()  # before the link runs: none is in the feed
        self._refresh_unclaimed()
        self._stop.clear()
        self._thread = threading.Thread(target=self._run, args=(backlog,), name="tower-rolls",
                                        daemon=True)
        self._thread.start()
        self.service.start()

    def stop(self) -> None:
        """Stop the feed, the bridge (closing the inbox) and the virtual tower (idempotent)."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(5.0)
            self._thread = None
        if self._feed is not None:
            self._feed.close()
            self._feed = None
        if self.service is not None:
            self.service.stop()
            self.service = None
        if self.virtual is not None:
            self.virtual.stop()
            self.virtual = None
        if self._workdir is not None:
            shutil.rmtree(self._workdir, ignore_errors=True)
            self._workdir = None

    def wait_connected(self, timeout: float) -> bool:
        """Wait up to ``timeout`` seconds for the link to be up; whether it is."""
        deadline = time.monotonic() + timeout
        while self.service is not None:
            if self.service.status().connected:
                return True
            if time.monotonic() >= deadline:
                return False
            time.sleep(0.02)
        return False

    def settle_at_start(self) -> None:
        """Give the bridge its first chance to find the tower before the device line is
        printed: the virtual tower answers at once; in ``auto`` mode every candidate port is
        probed once (up to about a second each, 3 s in all)."""
        if self.service is None:
            return
        if self.virtual is not None:
            self.wait_connected(3.0)
            return
        ports = self.service.link.candidates()
        if ports:
            probe = self.service.link.timing.probe_timeout_s
            self.wait_connected(min(3.0, probe * len(ports) + 0.5))

    # -- rolls -------------------------------------------------------------------------------

    def _run(self, backlog: Sequence[StoredRoll] = ()) -> None:
        for old in backlog:  # acknowledged before a crash, never routed: offered first
            if self._stop.is_set():
                return
            log.info("tower roll %s was never offered to the games: offering it now", old.id)
            self._offer(old)
        link = None
        while not self._stop.is_set():
            feed = self._feed
            stored = feed.get(timeout=0.2) if feed is not None else None
            if stored is not None:
                self._offer(stored)
            link = self._watch_link(link)

    def _watch_link(self, before: object) -> object:
        """The link's state now; when it changed (connected, lost, another firmware) the
        live streams are told (issue 24 item 10: the game screens show it at once)."""
        service = self.service
        if service is None:
            return before
        status = service.status()
        now = (status.connected, getattr(status, "state", None),
               getattr(status.tower, "firmware", None) if status.tower else None)
        if before is not None and now != before and self.desk is not None:
            self.desk.devices_changed()
        return now

    def _offer(self, stored: StoredRoll) -> None:
        service = self.service
        if self.desk is not None and service is not None:
            roll = TableRoll("tower", stored.id, tuple(stored.roll.values), stored.roll.quality,
                             stored.received)
            inbox = service.inbox
            try:
                self.desk.offer(roll, claim=lambda pk: inbox.claim(stored.id, pk),
                                claim_in=lambda db, pk: inbox.claim_on(db, stored.id, pk))
                inbox.mark_routed(stored.id)
            except Exception:  # the feed must outlive any one roll (a closing session, ...)
                log.exception("tower roll %s could not be offered to the games (it is offered"
                              " again at the next start)", stored.id)
        self._refresh_unclaimed()
        if self.desk is not None:
            self.desk.devices_changed()  # the unclaimed rolls the tower's status lists

    def _refresh_unclaimed(self) -> None:
        service = self.service
        if service is None:
            return
        try:
            unclaimed = service.inbox.unclaimed()
        except Exception as exc:  # a closed inbox at shutdown
            log.debug("cannot read the unclaimed rolls: %s", exc)
            return
        with self._lock:
            self._unclaimed = unclaimed

    def throw(self, values: Any, quality: Any = "ok") -> None:
        """Virtual mode: drop dice showing ``values`` in the virtual tower's tray; it reports
        them with ``quality`` once they lie still. :class:`UnreadableInput` for bad values or
        when there is no virtual tower."""
        from companion.table.dice_input import check_values

        faces = check_values(values)
        if len(faces) > MAX_DICE:
            raise UnreadableInput(msg("a tower roll is at most {n} dice", n=MAX_DICE))
        if quality not in _QUALITY_CODES:
            raise UnreadableInput(msg("'{name}' must be one of {values}", name="quality",
                                      values=", ".join(QUALITY_NAMES)))
        if self.virtual is None:
            raise UnreadableInput(msg("there is no {what} (start with {option})",
                                      what=msg("virtual tower"), option="--tower virtual"))
        self.virtual.tray.throw(faces, 0.15, quality=_QUALITY_CODES[quality])

    # -- what screens and the console see -------------------------------------------------------

    def kind(self) -> str:
        """``real``, ``virtual``, ``absent`` (auto mode, no tower answering) or ``off``."""
        if self.mode == "off":
            return "off"
        if self.mode == "virtual":
            return "virtual"
        service = self.service
        return "real" if service is not None and service.status().connected else "absent"

    def device_status(self) -> DeviceStatus:
        """The tower's part of the device line ``companion serve`` prints."""
        kind = self.kind()
        if kind == "off":
            return DeviceStatus(NAME, False, tmsg("tower setting off; dice are tapped"), "off")
        status = self.service.status() if self.service is not None else None
        tower = status.tower if status is not None else None
        if kind == "virtual":
            connected = status is not None and status.connected
            if tower:
                detail = (tmsg("virtual tower on a pty on {port}, connected", port=tower.port)
                          if connected else
                          tmsg("virtual tower on a pty on {port}, not answering", port=tower.port))
            else:
                detail = (tmsg("virtual tower on a pty, connected") if connected
                          else tmsg("virtual tower on a pty, not answering"))
            return DeviceStatus(NAME, False, detail, "virtual")
        if kind == "real" and tower is not None:
            return DeviceStatus(NAME, True, tmsg("{device} on {port}, firmware {firmware}",
                                                 device=tower.device_id, port=tower.port,
                                                 firmware=tower.firmware), "real")
        link = self.service.link if self.service is not None else None
        present = link is not None and any(
            glob.glob(pattern) for pattern in [*link.ports, *link.patterns])
        detail = (tmsg("no tower answered on a serial port; watching for one (dice are tapped "
                       "meanwhile)") if present else
                  tmsg("no serial port found; watching for one (dice are tapped meanwhile)"))
        return DeviceStatus(NAME, False, detail, "absent")

    def status_json(self) -> JSON:
        """``GET /api/tower`` (``docs/API.md``): the link, the rolls no game took, the pending
        rolls and what became of the last roll."""
        out: JSON = {"mode": self.mode, "kind": self.kind(), "enabled": self.service is not None}
        service = self.service
        if service is None:
            reason = (tmsg("no dice tower: the tower setting is off") if self.mode == "off"
                      else tmsg("the tower is stopped"))
            out.update(state="off", connected=False, reason=reason, firmware=None,
                       last_roll=None)
        else:
            out.update(service.status().to_json())
            out["reason"] = tower_reason(out.get("reason"))  # the bridge's English, as a message
        with self._lock:
            unclaimed = list(self._unclaimed)
        out["unclaimed"] = {"count": len(unclaimed),
                            "recent": [r.to_json() for r in unclaimed[-RECENT:]]}
        if self.desk is not None:
            out.update(self.desk.status())
        else:
            out.update(pending=[], last_offer=None)
        return out
