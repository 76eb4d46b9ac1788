"""The printable marker sheets, and rendered views of markers on a table (tests, the demo tray).

:func:`sheet_svg` draws an A4 page of ArUco markers (``DICT_4X4_50``) at their exact printed size
in millimetres, each with a white quiet zone, its id and its job under it, and a 100 mm ruler to
check the print scale. The two sheets of ``hardware/printables/`` (:data:`SHEETS`) are written by
``companion calibrate --sheets DIR``.

:func:`render_top_down` draws markers lying on a table, seen from straight above at a given
resolution; :func:`warp_view` turns such a picture into what a tilted camera sees (tests check
calibration against the known truth this way).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from companion.vision.calibration import (
    CORNER_IDS,
    DICTIONARY,
    MARKER_MM,
    SEAT_IDS,
    TRAY_IDS,
)
from companion.vision.dice import Image

#: Cells across a marker: 4 data cells and a black border cell on each side.
CELLS = 6
PAGE_MM = (210.0, 297.0)
PITCH_MM = (95.0, 64.0)
CORNER_NAMES = ("top-left", "top-right", "bottom-right", "bottom-left")


@dataclass(frozen=True)
class Sheet:
    """A printable page: its file name, title and markers (id -> what it marks)."""

    name: str
    title: str
    markers: Mapping[int, str]


SHEETS = (
    Sheet("markers-table-and-tray.svg", "Table corners (0-3) and dice tray (20-23)",
          {**{i: f"table {n}" for i, n in zip(CORNER_IDS, CORNER_NAMES, strict=True)},
           **{i: f"tray {n}" for i, n in zip(TRAY_IDS, CORNER_NAMES, strict=True)}}),
    Sheet("markers-seats.svg", "Player mats: seat 1 to 8 (11-18)",
          {i: f"seat {i - SEAT_IDS[0] + 1} (this line toward the player)" for i in SEAT_IDS}),
)


def marker_cells(marker: int) -> np.ndarray:
    """The marker's 6x6 cells, True for black."""
    dictionary = cv2.aruco.getPredefinedDictionary(DICTIONARY)
    img = cv2.aruco.generateImageMarker(dictionary, marker, CELLS)
    return np.asarray(img < 128)


def _marker_svg(marker: int, x: float, y: float, size: float) -> str:
    cell = size / CELLS
    rects = [f'<rect x="{x + c * cell:.3f}" y="{y + r * cell:.3f}" width="{cell + 0.05:.3f}" '
             f'height="{cell + 0.05:.3f}"/>'
             for r, row in enumerate(marker_cells(marker)) for c, black in enumerate(row)
             if black]
    return f'<g fill="#000" shape-rendering="crispEdges">{"".join(rects)}</g>'


def sheet_svg(sheet: Sheet, marker_mm: float = MARKER_MM) -> str:
    """One A4 page (SVG, sizes in mm) with the sheet's markers in two columns."""
    w, h = PAGE_MM
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w:g}mm" height="{h:g}mm" '
             f'viewBox="0 0 {w:g} {h:g}">', f'<rect width="{w:g}" height="{h:g}" fill="#fff"/>',
             f'<text x="10" y="11" font-family="sans-serif" font-size="5">{sheet.title}</text>',
             f'<text x="10" y="17" font-family="sans-serif" font-size="3.5">Print at 100%'
             f' (no scaling, no "fit to page"): each marker is {marker_mm:g} mm across. Keep'
             " the white border round each marker.</text>"]
    for k, (marker, job) in enumerate(sorted(sheet.markers.items())):
        col, row = k % 2, k // 2
        x = 22 + col * PITCH_MM[0] + (PITCH_MM[0] - 22 - marker_mm) / 2
        y = 24 + row * PITCH_MM[1]
        parts.append(_marker_svg(marker, x, y, marker_mm))
        parts.append(f'<text x="{x}" y="{y + marker_mm + 6}" font-family="sans-serif" '
                     f'font-size="4.5">#{marker}: {job}</text>')
    parts.append('<g stroke="#000" stroke-width="0.3">'
                 f'<line x1="10" y1="{h - 10}" x2="110" y2="{h - 10}"/>'
                 + "".join(f'<line x1="{10 + t * 10}" y1="{h - 13}" x2="{10 + t * 10}" '
                           f'y2="{h - 10}"/>' for t in range(11)) + "</g>")
    parts.append(f'<text x="112" y="{h - 9}" font-family="sans-serif" font-size="4">'
                 "100 mm: measure it to check the print</text></svg>")
    return "\n".join(parts) + "\n"


@dataclass(frozen=True)
class Placed:
    """A marker lying on the table: centre in mm, turned by ``angle`` degrees."""

    marker: int
    x: float
    y: float
    angle: float = 0.0


def render_top_down(size_mm: tuple[float, float], placed: Sequence[Placed],
                    px_per_mm: float, table: tuple[int, int, int] = (70, 110, 150),
                    marker_mm: float = MARKER_MM) -> Image:
    """The table seen from straight above: ``px_per_mm`` pixels per millimetre, each marker on
    its white paper square (a quiet zone of one cell)."""
    w, h = (round(s * px_per_mm) for s in size_mm)
    img = np.full((h, w, 3), table, np.uint8)
    for p in placed:
        side = marker_mm * px_per_mm
        paper = side * (CELLS + 2) / CELLS
        tile = np.full((CELLS + 2, CELLS + 2), 255, np.uint8)
        tile[1:-1, 1:-1] = np.where(marker_cells(p.marker), 0, 255)
        n = CELLS + 2
        src = np.array([[0, 0], [n, 0], [n, n], [0, n]], np.float32)
        a = np.radians(p.angle)
        rot = np.array([[np.cos(a), -np.sin(a)], [np.sin(a), np.cos(a)]])
        half = paper / 2
        corners = np.array([[-half, -half], [half, -half], [half, half], [-half, half]])
        dst = (corners @ rot.T + [p.x * px_per_mm, p.y * px_per_mm]).astype(np.float32)
        m = cv2.getPerspectiveTransform(src, dst)
        big = cv2.resize(tile, (n * 8, n * 8), interpolation=cv2.INTER_NEAREST)
        scale = np.array([[1 / 8, 0, 0], [0, 1 / 8, 0], [0, 0, 1]])
        warped = cv2.warpPerspective(big, m @ scale, (w, h), flags=cv2.INTER_LINEAR,
                                     borderValue=0)
        mask = cv2.warpPerspective(np.full_like(big, 255), m @ scale, (w, h),
                                   flags=cv2.INTER_LINEAR, borderValue=0)
        alpha = (mask.astype(np.float32) / 255.0)[..., None]
        img = (img * (1 - alpha) + warped[..., None].astype(np.float32) * alpha).astype(np.uint8)
    return img


def warp_view(top_down: Image, corners_px: Sequence[tuple[float, float]],
              frame: tuple[int, int] = (1280, 720), noise: float = 2.0,
              seed: int = 0) -> tuple[Image, np.ndarray]:
    """What a tilted camera sees: the top-down picture's corners land on ``corners_px``
    (top-left, top-right, bottom-right, bottom-left) of a ``frame`` picture, with sensor noise.
    Returns the picture and the homography top-down pixels -> camera pixels."""
    h, w = top_down.shape[:2]
    src = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)
    m = cv2.getPerspectiveTransform(src, np.array(corners_px, np.float32))
    out = cv2.warpPerspective(top_down, m, frame, flags=cv2.INTER_AREA, borderValue=(40, 40, 40))
    rng = np.random.default_rng(seed)
    noisy = out.astype(np.float32) + rng.normal(0, noise, out.shape)
    return np.clip(noisy, 0, 255).astype(np.uint8), m
