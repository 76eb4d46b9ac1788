"""The camera over the table inside ``companion serve``: frames, settled rolls, rolls into games.

:class:`TableCamera` is built by the composition root (``companion/app.py``) from the ``camera``
setting (``companion/settings.py``; a spec of :func:`companion.vision.sources.make_source`, or
``demo`` / ``off``):

* one thread (``camera``) reads frames from the :class:`~companion.vision.sources.FrameSource`,
  feeds them to a :class:`~companion.vision.settle.SettleDetector` and offers every settled roll to
  the games through :class:`~companion.table.rolls.RollDesk` as a roll from the ``camera`` (an
  ``ok`` roll applies at once, ``cocked`` / ``uncertain`` ones wait for a one-tap confirm);
* when the chosen camera does not open at start, the demo camera
  (:class:`~companion.vision.demo_tray.DemoTray`, an empty rendered tray whose dice are thrown
  from the tablet) takes its place and :attr:`TableCamera.message` says why;
* when a camera stops giving frames mid-game (unplugged, a crashed driver), it is closed and
  re-opened with exponential backoff (:data:`BACKOFF`); games are untouched meanwhile and dice
  can be tapped in;
* :meth:`TableCamera.snapshot_jpeg` is the tablet's camera view: the last frame with every die
  the reader saw outlined and labelled with its value (digits: :func:`die_mark`), and the
  calibrated zones drawn (colours and seat numbers, no words; the camera card's legend names
  them in the page's language);
* the zones file of the data directory (``companion/vision/calibration.py``) tells the reader
  how big a die looks (so the detector works at the right scale) and the settle detector where
  the tray is; :meth:`TableCamera.calibrate` calibrates on the current frame and saves it. The
  demo camera knows its own die size.

Rolls the camera reads are numbered from the service's start time in milliseconds, so a pending
roll's number never repeats across restarts.
"""

from __future__ import annotations

import logging
import re
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

import cv2
import numpy as np

from companion.devices.present import DeviceStatus
from companion.devices.reasons import camera_reason
from companion.games.base import JSON, UnreadableInput
from companion.i18n import msg, said, tmsg
from companion.table.rolls import RollDesk, TableRoll
from companion.vision.calibration import (
    CalibrationError,
    Zones,
    calibrate,
    draw_zones,
    load_zones,
    save_zones,
)
from companion.vision.demo_tray import DemoTray
from companion.vision.dice import DiceReader, Die, Image, ReaderConfig
from companion.vision.settle import SettleConfig, SettleDetector, SettledRoll
from companion.vision.sources import FrameSource, SourceError, make_source

log = logging.getLogger(__name__)
NAME = "camera"
OFF, DEMO = "off", "demo"
#: Why calibration found nothing to look at (a :class:`CalibrationError`'s message).
NO_PICTURE = tmsg("the camera has no picture now (it is off, starting or lost)")
#: Seconds to wait before each new attempt to re-open a lost camera (the last one repeats).
BACKOFF = (0.5, 1.0, 2.0, 4.0, 8.0, 15.0, 30.0)
#: With a known die size the classifier sees each die in this many quarter turns (cheap: a
#: tray holds a few dice), which settles the faces a single view reads with low confidence.
CALIBRATED_VIEWS = 4
#: The camera thread looks at no more frames a second than this.
MAX_FPS = 30.0
#: Width of the tablet's camera view.
VIEW_WIDTH = 640
#: Outline colours (BGR) by die quality.
COLOURS = {"ok": (80, 200, 60), "cocked": (0, 140, 255), "uncertain": (0, 200, 255)}

Opener = Callable[[str], FrameSource]


@dataclass(frozen=True)
class Seen:
    """The last frame the camera thread looked at and the dice read in it (may be empty)."""

    index: int
    image: Image
    dice: tuple[Die, ...]
    state: str


class TableCamera:
    """The camera for one service run (see the module docstring)."""

    def __init__(self, spec: str, desk: RollDesk | None = None, *,
                 reader: Callable[[Image], list[Die]] | None = None,
                 settle: SettleConfig | None = None, opener: Opener | None = None,
                 backoff: Sequence[float] = BACKOFF, data_dir: Path | None = None) -> None:
        self.spec = spec.strip() or "auto"
        self.desk = desk
        self.message = ""
        self.source: FrameSource | None = None
        self.demo: DemoTray | None = None
        self._reader = reader
        self._injected = reader is not None
        self._settle = settle or SettleConfig()
        self.data_dir = data_dir
        self.zones: Zones | None = None
        self._configured_for: tuple[int, int] | None = None
        self._opener = opener or make_source
        self._backoff = tuple(backoff) or BACKOFF
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()
        self._seen: Seen | None = None
        self._last: SettledRoll | None = None
        self._lost_since: float | None = None
        self._attempts = 0
        self._refs = int(time.time() * 1000)
        self._frames: list[float] = []
        self._told: object = None
        #: Called with every frame read (image, time) on the camera thread, after the pip
        #: dice: the icon dice (``companion/table/icon_camera.py``) hook in here.
        self.frame_hooks: list[Callable[[Image, float], object]] = []

    @property
    def enabled(self) -> bool:
        return self.spec != OFF

    # -- lifecycle ---------------------------------------------------------------------------

    def start(self) -> None:
        """Open the camera (or the demo one, saying why) and start the camera thread."""
        if not self.enabled or self._thread is not None:
            return
        self._load_zones()
        self._open_first()
        self._stop.clear()
        self._thread = threading.Thread(target=self._run, name="camera", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        """Stop the thread and release the camera (idempotent)."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(5.0)
            self._thread = None
        self._close()
        with self._lock:
            self._seen = None
        self._tell(("lost", None, self.message))
        self._frames, self._configured_for = [], None

    def _open_first(self) -> None:
        if self.spec == DEMO:
            self._use_demo(tmsg("camera setting demo: a rendered tray, dice thrown from the "
                                "tablet"))
            return
        try:
            self.source = self._opener(self.spec)
            self.message = self._source_name()
        except SourceError as exc:
            self._use_demo(tmsg("camera {spec} did not open ({reason}); using the demo camera",
                                spec=repr(self.spec), reason=camera_reason(str(exc))))

    def _source_name(self) -> str:
        """The open source's name as the device line shows it (a device path, a folder: as they
        are; the Pi camera's in the reader's words)."""
        name = str(getattr(self.source, "name", self.spec))
        size = re.fullmatch(r"Pi camera ([0-9]+x[0-9]+)", name)
        if size:
            return tmsg("Pi camera {size}", size=size[1])
        seed = re.fullmatch(r"synthetic \(seed ([0-9]+)\)", name)
        if seed:
            return tmsg("synthetic (seed {seed})", seed=seed[1])
        if name == "demo camera (rendered dice tray)":
            return tmsg("demo camera (rendered dice tray)")
        return name

    def _use_demo(self, why: str) -> None:
        self.demo = DemoTray()
        self.source = self.demo
        self.message = why
        log.info("%s", why)

    def _close(self) -> None:
        source, self.source = self.source, None
        if source is not None:
            try:
                source.close()
            except Exception:  # a vanished device may fail to close; it is gone either way
                log.debug("closing the camera failed", exc_info=True)

    # -- the camera thread -------------------------------------------------------------------

    def _load_zones(self) -> None:
        if self.data_dir is None:
            return
        try:
            self.zones = load_zones(self.data_dir)
        except CalibrationError as exc:
            log.warning("ignoring the zones file: %s", exc)
            self.zones = None

    def _tuned(self, size: tuple[int, int]) -> tuple[SettleConfig, float | None]:
        """The settle tuning and die size (pixels) for frames of ``size`` (width, height):
        from the demo camera, else from the zones file (scaled to this resolution)."""
        if self.demo is not None:
            return self._settle, self.demo.die_px * size[0] / self.demo.width
        if self.zones is None:
            return self._settle, None
        scale = size[0] / self.zones.image_size[0]
        return (replace(self._settle, region=self.zones.tray_region()),
                self.zones.die_px * scale)

    def _detector_for(self, size: tuple[int, int]) -> SettleDetector:
        settle, die_px = self._tuned(size)
        if not self._injected:
            config = (ReaderConfig(die_px=die_px, views=CALIBRATED_VIEWS, second_look=None)
                      if die_px else ReaderConfig())
            self._reader = DiceReader(config).read
        self._configured_for = size
        return SettleDetector(self._read, settle)

    def _run(self) -> None:
        detector = SettleDetector(self._read, self._settle)
        while not self._stop.is_set():
            if self.source is None and not self._reopen():
                continue
            try:
                frame = self.source.read() if self.source is not None else None
            except Exception as exc:  # a driver error is a lost camera, not a dead thread
                log.warning("camera read failed: %s", exc)
                frame = None
            if frame is None:
                self._lost(tmsg("the camera stopped giving frames"))
                self._configured_for = None
                continue
            self._tick()
            size = (frame.image.shape[1], frame.image.shape[0])
            if self._configured_for != size:
                detector = self._detector_for(size)
            settled = detector.update(frame.image, frame.t)
            dice = tuple(detector.latest)
            with self._lock:
                self._seen = Seen(frame.index, frame.image, dice, detector.state.value)
            self._tell((self.kind(), detector.state.value, self.message))
            if settled is not None:
                self._offer(settled)
            for hook in self.frame_hooks:
                try:
                    hook(frame.image, frame.t)
                except Exception:  # a hook must not stop the camera
                    log.exception("a camera frame hook failed")

    def _tell(self, key: object) -> None:
        """Wake the live streams when what the game screens show of the camera changed (its
        kind, the tray's state, its message; not every frame: issue 24 item 10)."""
        if key != self._told:
            self._told = key
            if self.desk is not None:
                self.desk.devices_changed()

    def _read(self, image: Image) -> list[Die]:
        if self._reader is None:
            self._reader = DiceReader().read
        return self._reader(image)

    # -- calibration -------------------------------------------------------------------------

    def calibrate(self) -> Zones:
        """Calibrate on the current frame, save the zones file and use it from the next frame.
        :class:`CalibrationError` (nothing saved, the old zones kept) when it fails."""
        with self._lock:
            seen = self._seen
        if seen is None:
            raise CalibrationError(NO_PICTURE)
        zones = calibrate(seen.image)
        if self.data_dir is not None:
            save_zones(zones, self.data_dir)
        self.zones = zones
        self._configured_for = None  # the camera thread re-tunes at its next frame
        return zones

    def calibrate_summary(self) -> JSON:
        """:meth:`calibrate`, answered as what the API shows of the zones (markers, table size,
        tray and seats); :class:`UnreadableInput` when it fails (nothing saved)."""
        from companion.vision.calibrate_cmd import summary

        try:
            return summary(self.calibrate())
        except CalibrationError as exc:
            raise UnreadableInput(msg("calibration failed: {reason}", reason=said(exc))) from None

    def _tick(self) -> None:
        """Count the frame; never look at more than :data:`MAX_FPS` frames a second (a file
        or folder source would otherwise spin)."""
        now = time.monotonic()
        if self._frames and now - self._frames[-1] < 1.0 / MAX_FPS:
            self._stop.wait(1.0 / MAX_FPS - (now - self._frames[-1]))
            now = time.monotonic()
        self._frames = [t for t in self._frames if now - t < 2.0] + [now]
        self._lost_since, self._attempts = None, 0

    def _lost(self, why: str) -> None:
        if self._lost_since is None:
            self._lost_since = time.monotonic()
            log.warning("camera lost: %s; re-opening with backoff", why)
        self.message = tmsg("camera lost: {why}; re-opening", why=why)
        self._close()
        with self._lock:
            self._seen = None

    def _reopen(self) -> bool:
        """One re-open attempt after the backoff delay; whether the camera is back."""
        delay = self._backoff[min(self._attempts, len(self._backoff) - 1)]
        if self._stop.wait(delay):
            return False
        self._attempts += 1
        try:
            self.source = self._opener(self.spec)
        except SourceError as exc:
            self.message = tmsg("camera lost; re-open attempt {n} failed: {reason}",
                                n=self._attempts, reason=camera_reason(str(exc)))
            return False
        self.message = tmsg("{camera} (re-opened)", camera=self._source_name())
        log.info("camera re-opened after %d attempt(s)", self._attempts)
        return True

    def _offer(self, settled: SettledRoll) -> None:
        self._last = settled
        self._refs += 1
        roll = TableRoll(NAME, self._refs, settled.values, settled.quality,
                         time.strftime("%Y-%m-%dT%H:%M:%S"))
        if self.desk is None:
            return
        try:
            self.desk.offer(roll)
        except Exception:  # the camera must outlive any one roll (a closing session, ...)
            log.exception("camera roll %s could not be offered to the games", roll.ref)

    # -- demo --------------------------------------------------------------------------------

    def throw(self, values: object, quality: object = "ok") -> None:
        """Demo camera only: drop dice showing ``values`` in the rendered tray (``quality``
        ``cocked`` leaves one die on an edge). :class:`UnreadableInput` otherwise."""
        from companion.table.dice_input import check_values

        faces = check_values(values)
        if len(faces) > 6:
            raise UnreadableInput(msg("a throw is at most {n} dice", n=6))
        if quality not in ("ok", "cocked"):
            raise UnreadableInput(msg("'{name}' must be ok or cocked", name="quality"))
        if self.demo is None:
            raise UnreadableInput(msg("there is no {what} (start with {option})",
                                      what=msg("demo camera"), option="--camera demo"))
        self.demo.throw(faces, cocked=quality == "cocked")

    # -- what screens see --------------------------------------------------------------------

    def kind(self) -> str:
        """``off``, ``demo``, ``lost`` (re-opening) or ``real``."""
        if not self.enabled:
            return OFF
        if self.demo is not None:
            return DEMO
        return "lost" if self._lost_since is not None or self.source is None else "real"

    def fps(self) -> float:
        frames = list(self._frames)
        if len(frames) < 2:
            return 0.0
        return round((len(frames) - 1) / max(frames[-1] - frames[0], 1e-6), 1)

    def status_json(self) -> JSON:
        """``GET /api/camera`` (``docs/API.md``)."""
        with self._lock:
            seen = self._seen
        last = self._last
        return {
            "enabled": self.enabled, "kind": self.kind(), "spec": self.spec,
            "message": self.message, "fps": self.fps(),
            "state": seen.state if seen is not None else ("off" if not self.enabled else "none"),
            "frame": seen.index if seen is not None else None,
            "dice": [d.to_json() for d in seen.dice] if seen is not None else [],
            "last_roll": last.to_json() if last is not None else None,
            "zones": _zones_summary(self.zones),
        }

    def device_status(self) -> DeviceStatus:
        """The camera's part of the device line ``companion serve`` prints."""
        kind = self.kind()
        if kind == OFF:
            return DeviceStatus(NAME, False, tmsg("camera setting off; dice are tapped"), "off")
        if kind == DEMO:
            return DeviceStatus(NAME, False, self.message, "demo")
        if kind == "lost":
            return DeviceStatus(NAME, False, self.message or tmsg("camera lost"), "absent")
        return DeviceStatus(NAME, True, self.message, "real")

    def snapshot_jpeg(self, width: int = VIEW_WIDTH) -> bytes | None:
        """The last frame, ``width`` pixels wide, with each die read outlined and labelled
        (``None`` before the first frame or while the camera is lost)."""
        with self._lock:
            seen = self._seen
        if seen is None:
            return None
        image = annotate(seen.image, seen.dice, width)
        zones = self.zones
        if zones is not None:
            image = draw_zones(image, zones, width / zones.image_size[0])
        ok, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 80])
        return bytes(data) if ok else None


def _zones_summary(zones: Zones | None) -> JSON | None:
    if zones is None:
        return None
    return {"created": zones.created, "markers": sorted(zones.markers),
            "die_px": round(zones.die_px, 1), "seats": sorted(zones.seats),
            "table_mm": list(zones.table_mm) if zones.table_mm else None}


def die_mark(value: int) -> str:
    """The only text the camera's picture carries: a die's value, in digits (the zones are
    drawn with colours and seat numbers: :func:`~companion.vision.calibration.draw_zones`)."""
    return str(int(value))


def annotate(image: Image, dice: tuple[Die, ...], width: int = VIEW_WIDTH) -> Image:
    """A copy of ``image`` scaled to ``width`` with every die's box and value drawn on it (no
    words: each page says what the picture shows in its own language)."""
    scale = width / image.shape[1]
    small = cv2.resize(image, (width, round(image.shape[0] * scale)),
                       interpolation=cv2.INTER_AREA)
    out: Image = np.ascontiguousarray(small, dtype=np.uint8)
    for die in dice:
        x0, y0, x1, y1 = (round(v * scale) for v in die.box)
        colour = COLOURS["ok" if die.confidence >= 0.75 else "uncertain"]
        cv2.rectangle(out, (x0, y0), (x1, y1), colour, 2)
        label = die_mark(die.value)
        cv2.putText(out, label, (x0, max(14, y0 - 4)), cv2.FONT_HERSHEY_SIMPLEX, 0.6,
                    (0, 0, 0), 3, cv2.LINE_AA)
        cv2.putText(out, label, (x0, max(14, y0 - 4)), cv2.FONT_HERSHEY_SIMPLEX, 0.6,
                    colour, 1, cv2.LINE_AA)
    return out
