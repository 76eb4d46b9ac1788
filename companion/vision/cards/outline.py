"""Outline stage: whole cards lying apart, found by their edges (no network).

A card lying on a table shows a closed outline: its edge against the table. The photo is
shrunk to :attr:`OutlineConfig.long_side`, its edges found (Canny on the grey image, then
closed), and every closed outline whose convex hull is card-shaped becomes a card:

* its area is a share of the frame in :attr:`OutlineConfig.area`;
* its minimum-area rectangle has a long/short side ratio in :attr:`OutlineConfig.aspect`;
* the hull fills that rectangle (:attr:`OutlineConfig.fill`): a card is a rectangle with
  rounded corners, not a blob;
* its contour is not much longer than the hull's (:attr:`OutlineConfig.ragged`): a card's
  edge is straight, while a gap between dice or a hand's outline wanders.

The quad is then *fitted*: each side is a straight line fitted to the outline's points along
that side, away from the rounded corners, and the corners are where those lines meet (so a
rounded corner does not pull its corner in). Of outlines found twice (the inner and outer
edge of one border), the larger is kept. Cards on one table are one size: with at least
:attr:`OutlineConfig.quorum` outlines found, one much larger than their median
(:attr:`OutlineConfig.oversize`) is two touching cards seen as one, and is left out.

Cards that touch or lie on one another have no closed outline of their own; this stage does
not see them (the finder network does: :mod:`companion.vision.cards.finder`).

Pure: :func:`outline_cards` takes a BGR ``uint8`` frame and returns quads in the frame's
pixels, clockwise from the top-left corner of a portrait card (which end is the card's top is
unknown). ``cv2.setNumThreads`` is left to the caller.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np
import numpy.typing as npt

Image = npt.NDArray[np.uint8]
FloatArray = npt.NDArray[np.float32]


@dataclass(frozen=True)
class OutlineConfig:
    """What counts as a card's outline (see the module)."""

    #: The frame is shrunk so its long side is this many pixels.
    long_side: int = 800
    #: Canny's thresholds on the blurred grey image (0-255).
    edges: tuple[int, int] = (30, 90)
    #: A card's area as a share of the frame's.
    area: tuple[float, float] = (0.002, 0.3)
    #: A card's long side over its short side.
    aspect: tuple[float, float] = (1.25, 1.85)
    #: The hull's area over its minimum-area rectangle's, at least.
    fill: float = 0.88
    #: The contour's length over the hull's, at most.
    ragged: float = 1.6
    #: Share of each side (about its middle) whose points fit that side's line.
    side_share: float = 0.7
    #: With this many outlines or more, one of more than ``oversize`` times their median
    #: area is left out.
    quorum: int = 3
    oversize: float = 1.6


#: The shipped configuration.
OUTLINE = OutlineConfig()


def outline_cards(image: Image, config: OutlineConfig = OUTLINE) -> list[FloatArray]:
    """The quads of the whole cards lying apart in ``image`` (see the module)."""
    scale = config.long_side / max(image.shape[:2])
    small = cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    grey = cv2.GaussianBlur(cv2.cvtColor(small, cv2.COLOR_BGR2GRAY), (5, 5), 0)
    edges = cv2.dilate(cv2.Canny(grey, *config.edges), np.ones((3, 3), np.uint8))
    contours, _ = cv2.findContours(edges, cv2.RETR_LIST, cv2.CHAIN_APPROX_NONE)
    frame_area = grey.shape[0] * grey.shape[1]
    found = [q for c in contours
             if (q := _card_quad(np.asarray(c, np.int32), frame_area, config)) is not None]
    return [q / np.float32(scale) for q in _largest_apart(_one_size(found, config))]


def _one_size(quads: list[FloatArray], config: OutlineConfig) -> list[FloatArray]:
    if len(quads) < config.quorum:
        return quads
    limit = config.oversize * float(np.median([cv2.contourArea(q) for q in quads]))
    return [q for q in quads if cv2.contourArea(q) <= limit]


def _card_quad(contour: npt.NDArray[np.int32], frame_area: int,
               config: OutlineConfig) -> FloatArray | None:
    hull = cv2.convexHull(contour)
    hull_area = cv2.contourArea(hull)
    low, high = config.area
    if not low * frame_area <= hull_area <= high * frame_area:
        return None
    (cx, cy), (w, h), angle = cv2.minAreaRect(hull)
    if min(w, h) < 8 or not config.aspect[0] <= max(w, h) / min(w, h) <= config.aspect[1]:
        return None
    if hull_area / (w * h) < config.fill:
        return None
    if cv2.arcLength(contour, True) > config.ragged * cv2.arcLength(hull, True):
        return None
    box = portrait(np.asarray(cv2.boxPoints(((cx, cy), (w, h), angle)), np.float32))
    return fitted(hull.reshape(-1, 2).astype(np.float32), box, config.side_share)


def portrait(quad: FloatArray) -> FloatArray:
    """``quad``'s corners clockwise (in image coordinates) from the one that makes its first
    edge a short one, starting at the corner nearest the top left of those two."""
    centre = quad.mean(axis=0)
    order = np.argsort(np.arctan2(quad[:, 1] - centre[1], quad[:, 0] - centre[0]))
    q = quad[order]
    if np.linalg.norm(q[1] - q[0]) > np.linalg.norm(q[2] - q[1]):
        q = np.roll(q, -1, axis=0)
    if q[0].sum() > q[2].sum():
        q = np.roll(q, 2, axis=0)
    return np.asarray(q, np.float32)


def fitted(points: FloatArray, box: FloatArray, share: float) -> FloatArray:
    """``box`` with each side moved onto the line fitted to ``points`` near that side (its
    middle ``share``); a side with too few points keeps the box's."""
    lines = []
    for k in range(4):
        a, b = box[k], box[(k + 1) % 4]
        along = b - a
        length = float(np.linalg.norm(along))
        unit = along / max(length, 1e-6)
        normal = np.array([-unit[1], unit[0]], np.float32)
        rel = points - a
        t = rel @ unit
        d = rel @ normal
        near = (np.abs(d) < 0.06 * length + 2) & (np.abs(t / length - 0.5) < share / 2)
        if near.sum() < 5:
            lines.append((a, unit))
            continue
        vx, vy, x0, y0 = cv2.fitLine(points[near], cv2.DIST_HUBER, 0, 0.01, 0.01).ravel()
        lines.append((np.array([x0, y0], np.float32), np.array([vx, vy], np.float32)))
    corners = [_meet(lines[k - 1], lines[k]) for k in range(4)]
    if any(c is None for c in corners):
        return box
    return np.asarray(corners, np.float32)


def _meet(l1: tuple[FloatArray, FloatArray], l2: tuple[FloatArray, FloatArray]
          ) -> FloatArray | None:
    (p, u), (q, v) = l1, l2
    det = float(u[0] * -v[1] + v[0] * u[1])
    if abs(det) < 1e-3:
        return None
    d = q - p
    t = (d[0] * -v[1] + v[0] * d[1]) / det
    return np.asarray(p + t * u, np.float32)


def _largest_apart(quads: list[FloatArray]) -> list[FloatArray]:
    """The quads largest first, leaving out any whose centre lies inside one kept."""
    kept: list[FloatArray] = []
    for q in sorted(quads, key=lambda q: -cv2.contourArea(q)):
        centre = tuple(float(x) for x in q.mean(axis=0))
        if any(cv2.pointPolygonTest(k.reshape(-1, 1, 2), centre, False) >= 0 for k in kept):
            continue
        kept.append(q)
    return kept
