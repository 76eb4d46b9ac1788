"""Calibration with ArUco markers: from one camera frame to the table's zones.

The printable sheets (``hardware/printables/``, made by :mod:`companion.vision.markers`) carry
markers of OpenCV's ``DICT_4X4_50`` dictionary, each :data:`MARKER_MM` millimetres across:

* **table corners**, ids 0-3 (:data:`CORNER_IDS`): one at each corner of the play area, in the
  order top-left, top-right, bottom-right, bottom-left as the camera sees the table. They give
  the mapping from camera pixels to table millimetres (a homography), with the table's size
  measured from the markers' own known size;
* **dice tray**, ids 20-23 (:data:`TRAY_IDS`): at the tray's corners, same order. Without them
  the tray is the whole play area;
* **seats**, ids 11-18 (:data:`SEAT_IDS`, seat 1-8): one on each player's mat, at the top-left
  corner of the area where that player lays their cards, the marker upright as the player reads
  it. The seat's zone is a :attr:`Layout.mat_mm` rectangle right of and below the marker, in the
  marker's own frame, so a seat needs no corner markers.

:func:`calibrate` finds the markers (:func:`find_markers`) and returns :class:`Zones`; its
:meth:`Zones.to_json` is the **zones file** saved in the data directory (:data:`ZONES_FILE`,
documented in ``docs/CALIBRATION.md``) that the dice camera (the tray: where to look and how big a
die is) and the card scanner (which seat a card lies in) read. :class:`CalibrationError` says
what is missing (no markers at all, an incomplete set of corners, ...). :func:`draw_zones`
draws the zones on a picture with colours and seat numbers only, no words (each page names
them in its language). Pure: no I/O except :func:`save_zones` / :func:`load_zones`.
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import numpy.typing as npt

from companion.i18n import tmsg
from companion.vision.dice import Image

Points = npt.NDArray[np.float64]
ZONES_FILE = "zones.json"
ZONES_VERSION = 1
DICTIONARY = cv2.aruco.DICT_4X4_50
DICTIONARY_NAME = "DICT_4X4_50"
MARKER_MM = 50.0
CORNER_IDS = (0, 1, 2, 3)
TRAY_IDS = (20, 21, 22, 23)
SEAT_IDS = tuple(range(11, 19))
#: A standard d6 is 16 mm across.
DIE_MM = 16.0


class CalibrationError(ValueError):
    """The frame cannot be calibrated; the message names what is missing."""


@dataclass(frozen=True)
class Layout:
    """What the markers stand for: their printed size, the seat mats' size and the dice'."""

    marker_mm: float = MARKER_MM
    mat_mm: tuple[float, float] = (420.0, 260.0)
    die_mm: float = DIE_MM


@dataclass(frozen=True)
class Zone:
    """An area of the table: its outline in camera pixels (and in table millimetres when the
    corner markers were seen)."""

    name: str
    polygon_px: tuple[tuple[float, float], ...]
    polygon_mm: tuple[tuple[float, float], ...] | None = None
    marker: int | None = None

    def contains(self, x: float, y: float) -> bool:
        """Whether camera pixel ``(x, y)`` lies inside (or on the edge of) the zone."""
        contour = np.array(self.polygon_px, np.float32).reshape(-1, 1, 2)
        return cv2.pointPolygonTest(contour, (float(x), float(y)), False) >= 0

    def bounds(self) -> tuple[float, float, float, float]:
        xs = [p[0] for p in self.polygon_px]
        ys = [p[1] for p in self.polygon_px]
        return min(xs), min(ys), max(xs), max(ys)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name,
                               "polygon_px": [[round(x, 1), round(y, 1)] for x, y in
                                              self.polygon_px]}
        if self.polygon_mm is not None:
            out["polygon_mm"] = [[round(x, 1), round(y, 1)] for x, y in self.polygon_mm]
        if self.marker is not None:
            out["marker"] = self.marker
        return out

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> Zone:
        mm = data.get("polygon_mm")
        return Zone(str(data["name"]), _pairs(data["polygon_px"]),
                    _pairs(mm) if mm is not None else None,
                    int(data["marker"]) if data.get("marker") is not None else None)


@dataclass(frozen=True)
class Zones:
    """What one calibration found (see the module docstring)."""

    image_size: tuple[int, int]
    markers: Mapping[int, Points]
    tray: Zone
    seats: Mapping[int, Zone] = field(default_factory=dict)
    table: Zone | None = None
    #: Camera pixels -> table millimetres (``None`` without the four corner markers).
    camera_to_table: Points | None = None
    table_mm: tuple[float, float] | None = None
    px_per_mm: float = 1.0
    layout: Layout = Layout()
    created: str = ""

    @property
    def die_px(self) -> float:
        """How many pixels across a die looks in the tray."""
        return self.layout.die_mm * self.px_per_mm

    def tray_region(self) -> tuple[float, float, float, float]:
        """The tray's bounding box as fractions of the frame (the settle detector's region)."""
        w, h = self.image_size
        x0, y0, x1, y1 = self.tray.bounds()
        return (max(0.0, x0 / w), max(0.0, y0 / h), min(1.0, x1 / w), min(1.0, y1 / h))

    def seat_at(self, x: float, y: float) -> int | None:
        """The seat whose zone holds camera pixel ``(x, y)``, if any."""
        for seat, zone in sorted(self.seats.items()):
            if zone.contains(x, y):
                return seat
        return None

    def to_table(self, points: Sequence[tuple[float, float]]) -> list[tuple[float, float]]:
        """Camera pixels to table millimetres (needs the corner markers)."""
        if self.camera_to_table is None:
            raise CalibrationError(tmsg("no table mapping: the four corner markers were not "
                                        "seen"))
        pts = np.array(points, np.float64).reshape(-1, 1, 2)
        out = cv2.perspectiveTransform(pts, self.camera_to_table).reshape(-1, 2)
        return [(float(x), float(y)) for x, y in out]

    def to_json(self) -> dict[str, Any]:
        """The zones file (``docs/CALIBRATION.md``)."""
        return {
            "version": ZONES_VERSION, "created": self.created,
            "dictionary": DICTIONARY_NAME, "marker_mm": self.layout.marker_mm,
            "mat_mm": list(self.layout.mat_mm), "die_mm": self.layout.die_mm,
            "image_size": list(self.image_size),
            "px_per_mm": round(self.px_per_mm, 4), "die_px": round(self.die_px, 1),
            "table_mm": list(self.table_mm) if self.table_mm else None,
            "camera_to_table": (self.camera_to_table.tolist()
                                if self.camera_to_table is not None else None),
            "table": self.table.to_json() if self.table else None,
            "tray": self.tray.to_json(),
            "seats": {str(seat): zone.to_json() for seat, zone in sorted(self.seats.items())},
            "markers": {str(i): [[round(x, 1), round(y, 1)] for x, y in c]
                        for i, c in sorted(self.markers.items())},
        }

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> Zones:
        """Read a zones file; :class:`CalibrationError` for another version or a broken one."""
        if data.get("version") != ZONES_VERSION:
            raise CalibrationError(tmsg("zones file version {version} is not {expected}: "
                                        "calibrate again", version=repr(data.get("version")),
                                        expected=ZONES_VERSION))
        try:
            layout = Layout(float(data["marker_mm"]), _pair(data["mat_mm"]),
                            float(data["die_mm"]))
            h = data.get("camera_to_table")
            table = data.get("table")
            size = data.get("table_mm")
            w_h = data["image_size"]
            return Zones(
                image_size=(int(w_h[0]), int(w_h[1])),
                markers={int(k): np.array(v, np.float64) for k, v in data["markers"].items()},
                tray=Zone.from_json(data["tray"]),
                seats={int(k): Zone.from_json(v) for k, v in data["seats"].items()},
                table=Zone.from_json(table) if table else None,
                camera_to_table=np.array(h, np.float64) if h is not None else None,
                table_mm=_pair(size) if size else None,
                px_per_mm=float(data["px_per_mm"]), layout=layout,
                created=str(data.get("created", "")))
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise CalibrationError(tmsg("the zones file is broken ({error}): calibrate again",
                                        error=repr(exc))) from None


def _pair(v: Sequence[Any]) -> tuple[float, float]:
    return float(v[0]), float(v[1])


def _pairs(v: Sequence[Sequence[Any]]) -> tuple[tuple[float, float], ...]:
    return tuple(_pair(p) for p in v)


# -- finding markers -----------------------------------------------------------------------------


def _detector() -> cv2.aruco.ArucoDetector:
    params = cv2.aruco.DetectorParameters()
    params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
    return cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(DICTIONARY), params)


def find_markers(image: Image) -> dict[int, Points]:
    """Every marker of the dictionary in the BGR ``image``: id -> its four corners (pixels,
    clockwise from the marker's own top-left). A marker seen twice keeps its larger copy."""
    if image.ndim != 3 or image.size == 0:
        raise CalibrationError(tmsg("calibration needs a non-empty colour image"))
    grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    corners, ids, _ = _detector().detectMarkers(grey)
    found: dict[int, Points] = {}
    if ids is None:
        return found
    for quad, marker in zip(corners, ids.ravel(), strict=True):
        pts = np.asarray(quad, np.float64).reshape(4, 2)
        key = int(marker)
        if key not in found or cv2.contourArea(pts.astype(np.float32)) > cv2.contourArea(
                found[key].astype(np.float32)):
            found[key] = pts
    return found


# -- from markers to zones ---------------------------------------------------------------------


def _side_px(quad: Points) -> float:
    return float(np.mean([np.linalg.norm(quad[i] - quad[(i + 1) % 4]) for i in range(4)]))


def _table_mapping(markers: Mapping[int, Points], layout: Layout
                   ) -> tuple[Points, tuple[float, float]]:
    """The homography camera -> table millimetres from the corner markers' centres, and the
    play area's size in millimetres, measured with the markers' known size."""
    centres = np.array([markers[i].mean(axis=0) for i in CORNER_IDS], np.float64)
    unit = np.array([[0, 0], [1, 0], [1, 1], [0, 1]], np.float64)
    to_unit = cv2.getPerspectiveTransform(centres.astype(np.float32), unit.astype(np.float32))
    widths, heights = [], []
    for i in CORNER_IDS:
        q = cv2.perspectiveTransform(markers[i].reshape(-1, 1, 2), to_unit).reshape(4, 2)
        widths.append(float(np.linalg.norm(q[1] - q[0]) + np.linalg.norm(q[2] - q[3])) / 2)
        heights.append(float(np.linalg.norm(q[3] - q[0]) + np.linalg.norm(q[2] - q[1])) / 2)
    size = (layout.marker_mm / float(np.mean(widths)), layout.marker_mm / float(np.mean(heights)))
    target = (unit * np.array(size)).astype(np.float32)
    mapping = cv2.getPerspectiveTransform(centres.astype(np.float32), target)
    return np.asarray(mapping, np.float64), (round(size[0], 1), round(size[1], 1))


def _seat_zone(seat: int, marker: int, quad: Points, layout: Layout,
               to_table: Points | None) -> Zone:
    """The mat right of and below a seat marker, in the marker's own frame."""
    w, h = layout.mat_mm
    if to_table is not None:  # the table mapping is steadier than one marker's own
        q = cv2.perspectiveTransform(quad.reshape(-1, 1, 2), to_table).reshape(4, 2)
        ex = (q[1] - q[0]) / np.linalg.norm(q[1] - q[0])
        ey = (q[3] - q[0]) / np.linalg.norm(q[3] - q[0])
        mm = np.array([q[0], q[0] + w * ex, q[0] + w * ex + h * ey, q[0] + h * ey])
        back = np.linalg.inv(to_table)
        px = cv2.perspectiveTransform(mm.reshape(-1, 1, 2), back).reshape(4, 2)
        return Zone(f"seat {seat}", _pairs(px.tolist()), _pairs(mm.tolist()), marker)
    m = layout.marker_mm
    own = np.array([[0, 0], [m, 0], [m, m], [0, m]], np.float32)
    from_marker = cv2.getPerspectiveTransform(own, quad.astype(np.float32))
    mat = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float64).reshape(-1, 1, 2)
    px = cv2.perspectiveTransform(mat, from_marker).reshape(4, 2)
    return Zone(f"seat {seat}", _pairs(px.tolist()), None, marker)


def _polygon_zone(name: str, ids: Sequence[int], markers: Mapping[int, Points],
                  to_table: Points | None) -> Zone:
    px = np.array([markers[i].mean(axis=0) for i in ids], np.float64)
    mm = (cv2.perspectiveTransform(px.reshape(-1, 1, 2), to_table).reshape(-1, 2)
          if to_table is not None else None)
    return Zone(name, _pairs(px.tolist()), _pairs(mm.tolist()) if mm is not None else None)


def _px_per_mm(markers: Mapping[int, Points], ids: Sequence[int], layout: Layout) -> float:
    """Pixels per millimetre near the tray (its markers, else every marker seen)."""
    near = [markers[i] for i in ids if i in markers] or list(markers.values())
    return float(np.median([_side_px(q) for q in near])) / layout.marker_mm


def _missing(ids: Sequence[int], markers: Mapping[int, Points]) -> list[int]:
    return [i for i in ids if i not in markers]


def calibrate(image: Image, layout: Layout = Layout()) -> Zones:
    """The zones of the table in ``image`` (see the module docstring).

    Needs either the four corner markers or at least one seat marker (with tray markers or
    corners for the tray); :class:`CalibrationError` names what is missing."""
    markers = find_markers(image)
    if not markers:
        raise CalibrationError(tmsg("no calibration markers found: lay the printed marker "
                                    "sheets on the table, in good light, all in the camera's "
                                    "view"))
    corners_missing = _missing(CORNER_IDS, markers)
    partial = [i for i in CORNER_IDS if i in markers]
    if partial and corners_missing:
        raise CalibrationError(tmsg(
            "only corner markers {found} were found; markers {missing} are missing (hidden, out "
            "of the picture or too small): all four table corners are needed",
            found=str(partial), missing=str(corners_missing)))
    to_table, size, table = None, None, None
    if not corners_missing:
        to_table, size = _table_mapping(markers, layout)
        table = _polygon_zone("table", CORNER_IDS, markers, to_table)
    tray_missing = _missing(TRAY_IDS, markers)
    if not tray_missing:
        tray = _polygon_zone("tray", TRAY_IDS, markers, to_table)
    elif len(tray_missing) < len(TRAY_IDS):
        raise CalibrationError(tmsg("tray markers {missing} are missing: the tray needs all "
                                    "four (or none, and the tray is the whole table)",
                                    missing=str(tray_missing)))
    elif table is not None:
        tray = Zone("tray", table.polygon_px, table.polygon_mm)
    else:
        raise CalibrationError(tmsg("no table corners (markers 0-3) and no tray markers "
                                    "(20-23): the dice tray cannot be placed"))
    seats = {i - SEAT_IDS[0] + 1: _seat_zone(i - SEAT_IDS[0] + 1, i, markers[i], layout,
                                             to_table)
             for i in SEAT_IDS if i in markers}
    h, w = image.shape[:2]
    return Zones(image_size=(w, h), markers=markers, tray=tray, seats=seats, table=table,
                 camera_to_table=to_table, table_mm=size,
                 px_per_mm=_px_per_mm(markers, TRAY_IDS, layout), layout=layout,
                 created=time.strftime("%Y-%m-%dT%H:%M:%S"))


# -- the zones file and the overlay --------------------------------------------------------------


def save_zones(zones: Zones, data_dir: Path) -> Path:
    """Write the zones file into ``data_dir`` atomically; its path."""
    path = data_dir / ZONES_FILE
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(zones.to_json(), indent=2) + "\n", encoding="utf-8")
    tmp.replace(path)
    return path


def load_zones(data_dir: Path) -> Zones | None:
    """The zones file of ``data_dir`` (``None`` when there is none yet)."""
    path = data_dir / ZONES_FILE
    if not path.exists():
        return None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise CalibrationError(tmsg("cannot read {path} ({error}): calibrate again",
                                    path=str(path), error=str(exc))) from None
    if not isinstance(data, dict):
        raise CalibrationError(tmsg("{path} is not a zones file: calibrate again",
                                    path=str(path)))
    return Zones.from_json(data)


ZONE_COLOURS = {"table": (200, 200, 200), "tray": (60, 200, 255)}
SEAT_COLOUR = (255, 160, 60)


def zone_mark(seat: int | None) -> str:
    """The only text the zones picture carries: a seat's number (digits); the table and the
    tray (``None``) are told by their colour alone."""
    return "" if seat is None else str(int(seat))


def draw_zones(image: Image, zones: Zones, scale: float = 1.0) -> Image:
    """``image`` (already scaled by ``scale`` from the calibrated frame) with the zones drawn:
    the table grey, the tray yellow, each seat's mat blue with the seat's number
    (:func:`zone_mark`). No words (a Hershey font cannot draw French or Polish): the camera
    card's legend names the colours and the numbers in the page's language
    (``web/static/camera.js``)."""
    out = np.ascontiguousarray(image.copy())
    sx = image.shape[1] / zones.image_size[0] if scale == 1.0 else scale
    shapes: list[tuple[Zone, tuple[int, int, int], int | None]] = [
        (z, ZONE_COLOURS[name], None) for name, z in
        (("table", zones.table), ("tray", zones.tray)) if z is not None]
    shapes += [(z, SEAT_COLOUR, seat) for seat, z in sorted(zones.seats.items())]
    for zone, colour, seat in shapes:
        pts = np.round(np.array(zone.polygon_px) * sx).astype(np.int32).reshape(-1, 1, 2)
        cv2.polylines(out, [pts], True, colour, 2, cv2.LINE_AA)
        text = zone_mark(seat)
        if text:  # white on a filled square of the seat's colour (readable on a phone)
            x, y = pts.reshape(-1, 2).min(axis=0)
            font, size, weight = cv2.FONT_HERSHEY_SIMPLEX, 0.6, 2
            (w, h), _ = cv2.getTextSize(text, font, size, weight)
            at = (int(x) + 6, int(y) + h + 7)
            cv2.rectangle(out, (at[0] - 4, at[1] - h - 4), (at[0] + w + 4, at[1] + 5), colour, -1)
            cv2.putText(out, text, at, font, size, (255, 255, 255), weight, cv2.LINE_AA)
    return out


def mean_error_mm(zones: Zones, truth_px: Sequence[tuple[float, float]],
                  truth_mm: Sequence[tuple[float, float]]) -> float:
    """Mean distance (mm) between where ``truth_px`` maps and where it should (for tests)."""
    got = zones.to_table(truth_px)
    return float(np.mean([math.dist(a, b) for a, b in zip(got, truth_mm, strict=True)]))
