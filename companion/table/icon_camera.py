"""Sushi Roll's icon dice from the camera: settled belts and trays into the game.

Wiring (``companion/app.py``): :class:`IconCamera` is fed every frame the table camera reads
(:attr:`companion.devices.camera.TableCamera.frame_hooks`); it routes what settles through an
:class:`IconDesk` into the session. Nothing runs while no icon-dice game takes its dice from the
``camera`` (:meth:`IconDesk.wanted` is asked at most once a second), so pip-dice games pay
nothing.

* **Regions** (:class:`Region`): each seat's belt and tray, in frame pixels. From the zones file
  (:func:`regions_from_zones`): a seat's mat (``docs/CALIBRATION.md``) is split in two along its
  depth, the half by the marker (away from the player) being the belt and the half towards the
  player the tray; seat marker ``k`` is the game's ``k``-th player. Tests and other layouts
  pass regions directly.
* **Settling**: one :class:`~companion.vision.settle.SettleDetector` per region watches that
  region's crop (so a hand over one belt does not hold the others back) and reads it with the
  :class:`~companion.vision.icon_dice.reader.IconDiceReader` (dice whose centre lies outside
  the region are left out). A reported die is ``cocked`` when the icon reader says so (its own
  measure, which tells dice touching on a belt from a die on its edge; the pip silhouette test
  is switched off), ``uncertain`` when the face set is unsure or the readings disagreed.
* **Desk** (:class:`IconDesk`, the icon-dice twin of :class:`companion.table.rolls.RollDesk`): a
  settled region goes to the game that holds the camera
  (:class:`~companion.table.holds.DeviceHolds`, shared with the roll desk; issue 28 item 4), if it
  takes camera dice and waits for that
  surface of that seat (:func:`companion.table.dice_input.face_request_for`). An ``ok`` reading is
  submitted at once as a table input (undoable like any action); an ``uncertain`` or
  ``cocked`` one, one the engine refuses (with its reason) and one whose request always needs
  a person (a tray in scoring mode) becomes the game's *pending reading* for that surface,
  which a screen confirms (:meth:`IconDesk.confirm`: the readings seen, or the readings a
  person corrected) or dismisses. One pending reading per game, seat and surface; a newer one
  replaces it; one whose decision has passed is dropped when next read. Pending readings are
  the ``icon`` entries of the one pending-input desk
  (:class:`companion.table.pending.PendingDesk`, shared with the dice and the card scans).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from companion.games.base import JSON, IllegalAction, UnreadableInput
from companion.i18n import msg, ntmsg, said, tmsg
from companion.session.access import HOST, TABLE, Viewer
from companion.session.errors import Forbidden, NotFound
from companion.session.session import Outcome, Session
from companion.table.dice_input import FaceRequest, check_readings, face_request_for
from companion.table.holds import DeviceHolds
from companion.table.pending import Pending, PendingDesk, refusal
from companion.vision.calibration import Zones
from companion.vision.dice import Image
from companion.vision.icon_dice.reader import IconDie
from companion.vision.settle import COCKED, OK, UNCERTAIN, SettleConfig, SettleDetector

log = logging.getLogger(__name__)
SOURCE = "camera"
BELT, TRAY = "belt", "tray"
#: How often (seconds) the camera asks the session whether an icon-dice game waits.
WANTED_EVERY = 1.0

IconReader = Callable[[Image], list[IconDie]]


@dataclass(frozen=True)
class Region:
    """``surface`` (``belt`` or ``tray``) of ``seat`` (0-based player index), a quadrilateral
    in frame pixels."""

    surface: str
    seat: int
    polygon: tuple[tuple[float, float], ...]

    def bounds(self, width: int, height: int) -> tuple[int, int, int, int]:
        xs, ys = [p[0] for p in self.polygon], [p[1] for p in self.polygon]
        return (max(0, int(min(xs))), max(0, int(min(ys))),
                min(width, int(max(xs)) + 1), min(height, int(max(ys)) + 1))

    def contains(self, x: float, y: float) -> bool:
        inside = False
        pts = self.polygon
        for (x0, y0), (x1, y1) in zip(pts, pts[1:] + pts[:1], strict=True):
            if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
                inside = not inside
        return inside


def box_region(surface: str, seat: int, box: tuple[float, float, float, float]) -> Region:
    x0, y0, x1, y1 = box
    return Region(surface, seat, ((x0, y0), (x1, y0), (x1, y1), (x0, y1)))


def regions_from_zones(zones: Zones, scale: float = 1.0) -> list[Region]:
    """Every seat's belt and tray from the zones file (see the module docstring), scaled by
    ``scale`` (frame width over the calibrated image's width)."""
    out = []
    for seat, zone in sorted(zones.seats.items()):
        a, b, c, d = (np.array(p, float) * scale for p in zone.polygon_px[:4])
        mid_bc, mid_ad = (b + c) / 2, (a + d) / 2
        def pts(*ps: np.ndarray) -> tuple[tuple[float, float], ...]:
            return tuple((float(p[0]), float(p[1])) for p in ps)
        out.append(Region(BELT, seat - 1, pts(a, b, mid_bc, mid_ad)))
        out.append(Region(TRAY, seat - 1, pts(mid_ad, mid_bc, c, d)))
    return out


# -- what settled ------------------------------------------------------------------------------


@dataclass(frozen=True)
class FaceReading:
    """A settled region: its dice's readings (left to right), the overall ``quality`` and each
    die's (``ok``, ``cocked``, ``uncertain``), and ``ref``, its number."""

    ref: int
    surface: str
    seat: int
    readings: tuple[str, ...]
    quality: str
    qualities: tuple[str, ...] = ()
    received: str = ""

    def to_json(self) -> JSON:
        return {"roll": self.ref, "surface": self.surface, "seat": self.seat,
                "readings": list(self.readings), "quality": self.quality,
                "qualities": list(self.qualities), "received": self.received}


@dataclass(frozen=True)
class PendingReading:
    """A reading a game took that waits for a person (``reason``: why, or the engine's
    refusal)."""

    reading: FaceReading
    game: int
    request: FaceRequest
    reason: str | None = None

    def to_json(self) -> JSON:
        return {**self.reading.to_json(), "game": self.game, **self.request.to_json(),
                "reason": self.reason}


@dataclass(frozen=True)
class Offered:
    """What :meth:`IconDesk.offer` did: ``applied``, ``pending``, ``refused`` or
    ``unwanted``."""

    reading: FaceReading
    outcome: str
    game: int | None = None
    reason: str = ""


class IconDesk:
    """Routes settled icon-dice readings into ``session``'s games (module docstring)."""

    #: This input's kind on the pending-input desk.
    KIND = "icon"
    #: What a watcher's refusal calls a pending reading.
    noun = "a reading"

    def __init__(self, session: Session, holds: DeviceHolds | None = None,
                 desk: PendingDesk | None = None) -> None:
        self.session = session
        #: Which game holds the camera (shared with the roll desk by the composition root):
        #: readings go to that game only (issue 28 item 4).
        self.holds = holds if holds is not None else DeviceHolds()
        if holds is None:  # its own holds: a claim or release is news for the live streams
            self.holds.on_change = self.changed
        #: The one pending-input desk (its own when none is given).
        self.desk = desk if desk is not None else PendingDesk(_poke(session))
        self.desk.register(self.KIND, self)
        self.last: Offered | None = None

    def changed(self) -> None:
        """Tell every game's live streams that the icon camera's state changed (its picture
        came or went, its face set or calibration, a hold): they send a ``devices`` event."""
        try:
            self.session.poke(None)
        except Exception:  # a closing session: nobody listens any more
            log.debug("could not wake the live streams", exc_info=True)

    def wanted(self) -> list[tuple[int, str]]:
        """``(game pk, title)`` of the games that take icon dice from the camera now."""
        from companion.table.dice_input import FACE_TITLES

        holder = self.holds.holder(SOURCE)
        return [(g["id"], g["game"]) for g in self.session.list_games()
                if g["id"] == holder and g.get("roll_source") == SOURCE
                and g.get("game") in FACE_TITLES and g.get("status") != "over"]

    def _request(self, seat: int, surface: str) -> tuple[int, FaceRequest] | None:
        """The request of the game holding the camera for this die, if it waits for one."""
        holder = self.holds.holder(SOURCE)
        games = [g for g in self.session.list_games()
                 if g["id"] == holder and g.get("roll_source") == SOURCE
                 and g.get("status") != "over"]
        for g in games:
            try:
                view = self.session.snapshot(g["id"], HOST)["view"]
            except (NotFound, UnreadableInput):
                continue
            request = face_request_for(g["game"], view, seat, surface)
            if request is not None:
                return g["id"], request
        return None

    def offer(self, reading: FaceReading) -> Offered:
        found = self._request(reading.seat, reading.surface)
        if found is None:
            seat = reading.seat + 1
            reason = (tmsg("no game waits for seat {seat}'s belt", seat=seat)
                      if reading.surface == "belt"
                      else tmsg("no game waits for seat {seat}'s tray", seat=seat))
            offered = Offered(reading, "unwanted", reason=reason)
        else:
            offered = self._take(reading, *found)
        self.last = offered
        log.info("camera %s of seat %s %s: %s", reading.surface, reading.seat + 1,
                 list(reading.readings), offered.outcome)
        return offered

    def _take(self, reading: FaceReading, game_pk: int, request: FaceRequest) -> Offered:
        # why it waits, as the pending card says it (in each device's language: a Text)
        why = (tmsg("the camera does not read tokens or which nigiri lies on a wasabi: confirm "
                    "or correct") if request.confirm else
               (tmsg("a die leans on an edge or another die: confirm or correct")
                if reading.quality == COCKED else
                tmsg("the camera is unsure of a face: confirm or correct"))
               if reading.quality != OK else None)
        if why is not None:
            self._hold(PendingReading(reading, game_pk, request, why))
            return Offered(reading, "pending", game_pk, why)
        try:
            self._apply(game_pk, TABLE, request, reading.readings)
        except (IllegalAction, UnreadableInput, Forbidden) as exc:
            reason = refusal(exc)
            self._hold(PendingReading(reading, game_pk, request, reason))
            return Offered(reading, "refused", game_pk, reason)
        self._drop((game_pk, request.seat, request.surface))
        return Offered(reading, "applied", game_pk)

    def _apply(self, game_pk: int, viewer: Viewer, request: FaceRequest,
               readings: Sequence[str]) -> Outcome:
        def build(view: JSON) -> JSON:
            now = face_request_for(request.game, view, request.seat, request.surface)
            if now is None or now.slot != request.slot:
                raise IllegalAction(msg("the game no longer waits for {prompt}; it moved on",
                                        prompt=request.prompt))
            return now.action(readings)

        return self.session.submit_from_view(game_pk, viewer, build)

    # -- pending readings: the ``icon`` entries of the pending-input desk ----------------------

    def _hold(self, pending: PendingReading) -> None:
        reading, request = pending.reading, pending.request
        summary = f"{request.prompt}: {', '.join(reading.readings)} ({reading.quality})"
        self.desk.offer(Pending(self.KIND, pending.game, (request.seat, request.surface),
                                reading.ref, SOURCE, summary, pending, pending.reason))

    def _drop(self, key: tuple[int, int, str], ref: int | None = None) -> None:
        game_pk, seat, surface = key
        self.desk.drop(game_pk, self.KIND, (seat, surface), ref)

    def pending(self, game_pk: int | None = None) -> list[PendingReading]:
        """The pending readings (of one game), dropping those whose decision has passed."""
        return [p.reading for p in self.desk.held(game_pk, self.KIND)]

    def still_wanted(self, entry: Pending) -> bool:
        """The game takes camera dice, holds the camera and waits for this very decision."""
        p: PendingReading = entry.reading
        try:
            snap = self.session.snapshot(p.game, HOST)
        except NotFound:
            return False
        now = face_request_for(p.request.game, snap["view"], p.request.seat, p.request.surface)
        return (snap["roll_source"] == SOURCE and now is not None
                and now.slot == p.request.slot and self.holds.holder(SOURCE) == p.game)

    def values(self, entry: Pending, corrected: Any) -> tuple[str, ...]:
        """The readings seen, or the ``corrected`` ones checked."""
        p: PendingReading = entry.reading
        return p.reading.readings if corrected is None else check_readings(corrected)

    def submit(self, entry: Pending, viewer: Viewer, values: Any) -> Outcome:
        p: PendingReading = entry.reading
        return self._apply(entry.game, viewer, p.request, values)

    def detail(self, entry: Pending) -> JSON:
        """The pending reading as ``GET /api/icon-dice?game=ID`` lists it (the ``pending``
        event: what Sushi Roll's camera card shows)."""
        p: PendingReading = entry.reading
        return p.to_json()

    def confirm(self, game_pk: int, ref: int, viewer: Viewer, values: Any = None) -> Outcome:
        """Submit pending reading ``ref`` as ``viewer``: the readings seen, or ``values`` (a
        list of readings) typed as a correction. Refused (raises) with it still pending."""
        return self.desk.confirm(game_pk, self.KIND, ref, viewer, values,
                                 _missing(game_pk, ref))

    def dismiss(self, game_pk: int, ref: int, viewer: Viewer) -> None:
        self.desk.dismiss(game_pk, self.KIND, ref, viewer, _missing(game_pk, ref))

    def status(self) -> JSON:
        last = self.last
        return {"pending": [p.to_json() for p in self.pending()],
                "last_offer": None if last is None else
                {**last.reading.to_json(), "outcome": last.outcome, "game": last.game,
                 "reason": last.reason}}


def _missing(game_pk: int, ref: int) -> str:
    return f"there is no pending camera reading {ref} in game {game_pk}"


def _poke(session: Session) -> Callable[[int], None]:
    """Wakes the game's live streams (its pending readings changed)."""
    return lambda game_pk: session.poke(game_pk)


# -- the camera side ---------------------------------------------------------------------------


def _quality(dice: Sequence[Any], reported: Sequence[str]) -> tuple[tuple[str, ...], str]:
    """Per-die qualities with the icon reader's own cocked verdict, and the overall one."""
    out = []
    for die, q in zip(dice, reported, strict=True):
        cocked = bool(getattr(die, "cocked", False))
        out.append(COCKED if cocked else UNCERTAIN if q != OK else OK)
    overall = COCKED if COCKED in out else UNCERTAIN if UNCERTAIN in out else OK
    return tuple(out), overall


def _shifted(die: Any, dx: float, dy: float) -> Any:
    """``die`` with its box moved by ``(dx, dy)`` (crop to frame pixels)."""
    x0, y0, x1, y1 = die.box
    try:
        return replace(die, box=(x0 + dx, y0 + dy, x1 + dx, y1 + dy))
    except TypeError:  # not a dataclass (a test's stand-in): shown where it is
        return die


class _Watch:
    """One region's settle detector (reads its crop, keeps the dice inside the region)."""

    def __init__(self, region: Region, reader: IconReader, settle: SettleConfig,
                 margin: float) -> None:
        self.region = region
        self.margin = margin
        self.reader = reader
        self.offset = (0, 0)
        self.detector = SettleDetector(self._read, settle)
        #: The dice of the last read, boxes in frame pixels (for the camera view).
        self.seen: list[Any] = []

    def _read(self, crop: Image) -> list[Any]:
        ox, oy = self.offset
        dice = [d for d in self.reader(crop)
                if self.region.contains(d.centre[0] + ox, d.centre[1] + oy)]
        self.seen = [_shifted(d, ox, oy) for d in dice]
        return dice

    def update(self, frame: Image, t: float) -> tuple[list[Any], list[str], str] | None:
        m = round(self.margin)
        x0, y0, x1, y1 = self.region.bounds(frame.shape[1], frame.shape[0])
        x0, y0 = max(0, x0 - m), max(0, y0 - m)
        x1, y1 = min(frame.shape[1], x1 + m), min(frame.shape[0], y1 + m)
        if x1 - x0 < 8 or y1 - y0 < 8:
            return None
        self.offset = (x0, y0)
        settled = self.detector.update(np.ascontiguousarray(frame[y0:y1, x0:x1]), t)
        if settled is None:
            return None
        dice = [r.die for r in settled.dice]
        qualities, overall = _quality(dice, [r.quality for r in settled.dice])
        if settled.quality == UNCERTAIN and overall == OK:
            overall = UNCERTAIN
        return dice, list(qualities), overall


class IconCamera:
    """Feeds frames to one settle detector per region and offers what settles to ``desk``.

    ``reader``: reads icon dice in a BGR crop (an :class:`~companion.vision.icon_dice.reader.
    IconDiceReader`'s ``read``). ``regions``: the belts and trays (:func:`regions_from_zones`).
    :meth:`feed` is the frame hook; ``always``: feed even when no game waits (tests).
    ``margin``: pixels of frame around each region that its detector also watches (about a
    die: a die at rest on the belt's edge then never touches the crop's edge, which the settle
    detector would take for a hand)."""

    def __init__(self, desk: IconDesk | None, reader: IconReader, regions: Sequence[Region],
                 settle: SettleConfig | None = None, always: bool = False,
                 margin: float = 0.0) -> None:
        self.desk = desk
        self.regions = list(regions)
        config = settle or SettleConfig()
        config = replace(config, region=None, cocked_aspect=1e9)
        self._watches = [_Watch(r, reader, config, margin) for r in self.regions]
        self._always = always
        self._checked = -1e9
        self._active = False
        self._refs = int(time.time() * 1000)
        self.offers: list[Offered] = []

    def _wanted(self) -> bool:
        if self._always or self.desk is None:
            return True
        now = time.monotonic()
        if now - self._checked >= WANTED_EVERY:
            self._checked = now
            self._active = bool(self.desk.wanted())
        return self._active

    def feed(self, frame: Image, t: float) -> list[FaceReading]:
        """Take one frame (captured at ``t`` seconds); the readings that settled in it (each
        offered to the desk)."""
        if not self._wanted():
            return []
        out = []
        for watch in self._watches:
            got = watch.update(frame, t)
            if got is None:
                continue
            dice, qualities, overall = got
            self._refs += 1
            reading = FaceReading(self._refs, watch.region.surface, watch.region.seat,
                                  tuple(str(getattr(d, "reading", "")) for d in dice), overall,
                                  tuple(qualities), time.strftime("%Y-%m-%dT%H:%M:%S"))
            out.append(reading)
            if self.desk is not None:
                try:
                    self.offers.append(self.desk.offer(reading))
                except Exception:  # the camera outlives any one reading
                    log.exception("camera reading %s could not be offered", reading.ref)
        return out

    def seen(self) -> list[tuple[Region, Any]]:
        """Each region's dice of its last read (boxes in frame pixels), for the camera view."""
        return [(w.region, d) for w in self._watches for d in w.seen]

    def states(self) -> dict[str, str]:
        """Each region's settle state (``seat 1 belt``: ``settled``, ...), for the screens."""
        return {f"seat {w.region.seat + 1} {w.region.surface}": w.detector.state.value
                for w in self._watches}


#: The face set the service uses (``<data dir>/icon_dice/<name>/``).
DEFAULT_SET = "default"


class DataDirHook:
    """The frame hook ``companion serve`` installs: builds the :class:`IconCamera` from the
    data directory (zones file and face set :data:`DEFAULT_SET`) when an icon-dice game first
    takes camera dice, and says why it cannot (``message``) when one of them is missing."""

    def __init__(self, desk: IconDesk, data_dir: Any) -> None:
        self.desk, self.data_dir = desk, data_dir
        self.camera: IconCamera | None = None
        self.message: str = tmsg("idle: no Sushi Roll game takes its dice from the camera")
        self._checked = -1e9
        self._size: tuple[int, int] | None = None
        #: The last frame the camera gave (kept for the view and enrollment) and its number.
        self.frame: Image | None = None
        self.frames = 0
        self._draft: Any = None

    def __call__(self, frame: Image, t: float) -> None:
        first = self.frame is None
        self.frame, self.frames = frame, self.frames + 1
        if first:
            self.desk.changed()  # the screens show a picture now (their <img> refreshes it)
        size = (frame.shape[1], frame.shape[0])
        if self.camera is None or self._size != size:
            now = time.monotonic()
            if now - self._checked < WANTED_EVERY * 5 or not self.desk.wanted():
                return
            self._checked = now
            said = self.message
            self.camera = self._build(size)
            self._size = size
            if self.camera is not None or self.message != said:
                self.desk.changed()  # reading now, or off and why: the screens say so
            if self.camera is None:
                return
        self.camera.feed(frame, t)

    def _build(self, size: tuple[int, int]) -> IconCamera | None:
        from companion.vision.calibration import CalibrationError, load_zones
        from companion.vision.icon_dice.reader import IconDiceReader
        from companion.vision.icon_dice.store import load_set

        try:
            zones = load_zones(self.data_dir)
            faces = load_set(self.data_dir, DEFAULT_SET)
        except (CalibrationError, FileNotFoundError, ValueError) as exc:
            self.message = tmsg("icon dice off: {why}", why=said(exc))
            return None
        if zones is None or not zones.seats:
            self.message = tmsg("icon dice off: calibrate with the seat markers first")
            return None
        scale = size[0] / zones.image_size[0]
        die_px = zones.die_px * scale
        reader = IconDiceReader(faces, die_px)
        self.message = ntmsg("reading {n} seat's belt and tray",
                             "reading {n} seats' belts and trays", len(zones.seats))
        return IconCamera(self.desk, reader.read, regions_from_zones(zones, scale),
                          margin=1.2 * die_px)

    # -- for the screens (web/icon_dice.py) ------------------------------------------------

    def reload(self) -> None:
        """Build the reader again at the next frame (a new face set or calibration)."""
        self.camera, self._checked = None, -1e9
        self.desk.changed()  # the face set's summary on the screens

    def draft(self) -> Any:
        """The :class:`~companion.vision.icon_dice.draft.EnrollmentDraft` of the set
        :data:`DEFAULT_SET` (one per service; saving it reloads the reader)."""
        from companion.vision.icon_dice.draft import EnrollmentDraft

        if self._draft is None:
            self._draft = EnrollmentDraft(self.data_dir, DEFAULT_SET, on_save=self.reload)
        return self._draft

    def die_px(self, size: tuple[int, int]) -> float | None:
        """The calibrated die size in pixels of a frame of ``size`` (``None``: not
        calibrated)."""
        from companion.vision.calibration import CalibrationError, load_zones

        try:
            zones = load_zones(self.data_dir)
        except (CalibrationError, FileNotFoundError, ValueError):
            return None
        if zones is None:
            return None
        return float(zones.die_px * size[0] / zones.image_size[0])

    def face_from_photo(self, data: bytes) -> Image:
        """The die face to enroll from an uploaded photo (:class:`UnreadableInput` for bytes
        that are not one)."""
        from companion.vision.icon_dice.draft import decode_photo

        try:
            return decode_photo(data)
        except ValueError as exc:
            raise UnreadableInput(str(exc)) from None

    def face_from_camera(self) -> Image:
        """The die face to enroll from the camera's last frame, cropped at the calibrated die
        size (:class:`UnreadableInput` without a picture, a calibration or one die)."""
        from companion.vision.icon_dice.draft import single_die_crop

        frame = self.frame
        if frame is None:
            raise UnreadableInput(msg("the camera has no picture now: upload a photo instead"))
        die_px = self.die_px((frame.shape[1], frame.shape[0]))
        if die_px is None:
            raise UnreadableInput(msg("the camera is not calibrated, so it cannot tell a die's "
                                      "size: calibrate it, or upload a photo instead"))
        try:
            return single_die_crop(frame, die_px)
        except ValueError as exc:
            raise UnreadableInput(said(exc)) from None

    def status_json(self) -> JSON:
        """What the icon camera does now: ``state`` (``off``: no reader, ``idle``: no game
        waits, ``reading``), the ``message``, each region's settle state, the number of the
        last ``frame`` (``None`` before the first) and the dice of the last reads. Its changes
        that the screens show (a first picture, the reader built or off, a new face set) wake
        the live streams (:meth:`IconDesk.changed`), which send it in their ``devices``
        event."""
        camera = self.camera
        if camera is None:
            state = "off" if self.message.startswith("icon dice off") else "idle"
        else:
            state = "reading" if self.desk.wanted() else "idle"
        dice = [] if camera is None else [
            {"seat": r.seat, "surface": r.surface, "reading": str(getattr(d, "reading", "")),
             "uncertain": bool(getattr(d, "uncertain", False)),
             "cocked": bool(getattr(d, "cocked", False)),
             "confidence": round(float(d.confidence), 3)} for r, d in camera.seen()]
        return {"state": state, "message": self.message,
                "regions": camera.states() if camera is not None else {},
                "frame": self.frames if self.frame is not None else None, "dice": dice}

    def view_jpeg(self, width: int = 640) -> bytes | None:
        """The last frame with each icon die outlined and numbered (``None`` before the first
        frame); :meth:`view` gives it with its legend."""
        got = self.view(width)
        return got[0] if got is not None else None

    def view(self, width: int = 640) -> tuple[bytes, JSON] | None:
        """The last frame as JPEG with each belt and tray outlined and tagged with its seat's
        number and each icon die outlined and numbered (1, 2, ... region by region, each
        region's dice as it read them), and the legend saying what each number stands for
        (:func:`~companion.vision.icon_dice.annotate.legend`: the page names them in its
        language); ``None`` before the first frame."""
        import cv2

        from companion.vision.icon_dice.annotate import annotate_icons, legend

        frame, camera = self.frame, self.camera
        if frame is None:
            return None
        seen = [] if camera is None else [
            (r.seat + 1, r.surface, d) for r, d in camera.seen() if hasattr(d, "reading")]
        regions = [] if camera is None else [
            (r.seat + 1, r.surface, r.polygon) for r in camera.regions]
        image = annotate_icons(frame, [d for _, _, d in seen], regions, width)
        ok, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 80])
        return (bytes(data), legend(seen, regions)) if ok else None
