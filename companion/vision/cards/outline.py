"""Outline stage: whole cards lying apart, found by their edges (no network).

A card lying on a table shows a closed outline: its edge against the table. The photo is
shrunk to :attr:`OutlineConfig.long_side`, its edges found (Canny on the grey image, then
closed), and every closed outline whose convex hull is card-shaped becomes a card:

* its area is a share of the frame in :attr:`OutlineConfig.area`;
* its minimum-area rectangle has a long/short side ratio in :attr:`OutlineConfig.aspect`;
* the hull fills that rectangle (:attr:`OutlineConfig.fill`): a card is a rectangle with
  rounded corners, not a blob;
* it keeps clear of the frame's edge (:attr:`OutlineConfig.clear`): a card cut by the edge
  shows no whole outline (the finder network marks it partial).

The quad is then *fitted*: each side is a straight line fitted to the outline's points along
that side, away from the rounded corners, and the corners are where those lines meet (so a
rounded corner does not pull its corner in). Then each side is *sharpened* at the photo's own
resolution: along :attr:`OutlineConfig.samples` normals across the side's middle, the
strongest step in brightness (within :attr:`OutlineConfig.reach` of the card's width) marks
the edge, and the side's line is fitted to those points again.

A card's four sides all step the same way (the card brighter than the table all round, or
darker), by at least :data:`MIN_STEP`: an outline whose fourth side runs along the next card's
edge, or across plain table to a speck joined to the card, is not a card (:func:`one_way`, at
:attr:`OutlineConfig.polarity`; checked after sharpening). Of outlines found twice (the inner
and outer edge of one border, or a card and such an outline around it), the larger that is a
card is kept. Cards on one table are mostly one size: with at least
:attr:`OutlineConfig.quorum` outlines found, one much larger than their median
(:attr:`OutlineConfig.oversize`) may be two touching cards seen as one, or one card larger
than the others (a close-up): it does not stand for the pieces inside it
(:func:`with_outlines`).

Cards that touch or lie on one another have no closed outline of their own; this stage does
not see them (the finder network does: :mod:`companion.vision.cards.finder`).

Pure: :func:`outline_cards` takes a BGR ``uint8`` frame and returns quads in the frame's
pixels, clockwise from the top-left corner of a portrait card (which end is the card's top is
unknown). ``cv2.setNumThreads`` is left to the caller.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

import cv2
import numpy as np
import numpy.typing as npt

from companion.vision.cards.piece import Piece

Image = npt.NDArray[np.uint8]
FloatArray = npt.NDArray[np.float32]


@dataclass(frozen=True)
class OutlineConfig:
    """What counts as a card's outline (see the module)."""

    #: The frame is shrunk so its long side is this many pixels.
    long_side: int = 800
    #: Canny's thresholds on the blurred grey image (0-255).
    edges: tuple[int, int] = (30, 90)
    #: A card's area as a share of the frame's (a phone's close-up of one card can fill 40%).
    area: tuple[float, float] = (0.002, 0.6)
    #: A card's long side over its short side.
    aspect: tuple[float, float] = (1.25, 1.85)
    #: The hull's area over its minimum-area rectangle's, at least.
    fill: float = 0.88
    #: Share of each side (about its middle) whose points fit that side's line.
    side_share: float = 0.7
    #: Pixels (at ``long_side``) an outline's hull keeps from the frame's edge.
    clear: int = 3
    #: Normals sampled across each side when sharpening, and how far each looks either way
    #: (a share of the card's short side, plus 2 pixels).
    samples: int = 24
    reach: float = 0.03
    #: With this many outlines or more, one of more than ``oversize`` times their median
    #: area holds no piece (:func:`with_outlines`).
    quorum: int = 3
    oversize: float = 1.6
    #: Whether those are read beside the pieces inside them (else they are left out).
    large: bool = True
    #: Pixels (at ``long_side``) either side of an outline where its sides' steps are read:
    #: a card's four sides all step the same way (the card brighter than the table all round,
    #: or darker). ``None`` skips the check.
    polarity: int | None = 3
    #: Whether edges in colour count too (Canny on the Lab colour planes, at
    #: ``colour_edges``): a red card on brown wood differs more in colour than in brightness.
    colour: bool = False
    colour_edges: tuple[int, int] = (20, 60)
    #: Whether a side that steps in colour need not step in brightness the way the others do
    #: (:func:`one_way`): a card whose coloured top is darker than the table and whose pale
    #: body is lighter (Sushi Go Party! cards, cards with a banner) is still a card.
    colour_sides: bool = True


#: The shipped configuration.
OUTLINE = OutlineConfig()


def soft_grey(image: Image) -> Image:
    """``image`` in grey at its own resolution, softened by a Gaussian of sigma 1: what the
    sharpening here and the evidence stage (:mod:`~companion.vision.cards.evidence`) sample
    (the reader makes it once for both)."""
    return np.asarray(cv2.GaussianBlur(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY), (0, 0), 1.0),
                      np.uint8)


def side_profiles(grey: Image, base: FloatArray, normal: FloatArray,
                  offsets: FloatArray) -> FloatArray:
    """The brightness of ``grey`` across a side: row ``i`` samples the line through
    ``base[i]`` along ``normal`` at ``offsets`` pixels (bilinear, edges replicated)."""
    grid = base[:, None, :] + offsets[None, :, None] * normal[None, None, :]
    return np.asarray(cv2.remap(grey, grid[..., 0], grid[..., 1], cv2.INTER_LINEAR,
                                borderMode=cv2.BORDER_REPLICATE), np.float32)


def outline_cards(image: Image, config: OutlineConfig = OUTLINE,
                  soft: Image | None = None) -> list[FloatArray]:
    """The quads of the whole cards lying apart in ``image`` (see the module); ``soft``: its
    :func:`soft_grey`, when the caller has it already."""
    return card_outlines(image, config, soft)[0]


def card_outlines(image: Image, config: OutlineConfig = OUTLINE, soft: Image | None = None
                  ) -> tuple[list[FloatArray], list[FloatArray]]:
    """:func:`outline_cards`'s quads, and the card-shaped outlines left out as much larger
    than the frame's cards (:attr:`OutlineConfig.oversize`): two touching cards seen as one,
    or one card larger than the others, which only reading it can tell apart."""
    scale = config.long_side / max(image.shape[:2])
    small = cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    grey = cv2.GaussianBlur(cv2.cvtColor(small, cv2.COLOR_BGR2GRAY), (5, 5), 0)
    edges = np.asarray(cv2.Canny(grey, *config.edges), np.uint8)
    if config.colour:
        blurred = cv2.GaussianBlur(small, (5, 5), 0)
        for plane in cv2.split(cv2.cvtColor(blurred, cv2.COLOR_BGR2Lab))[1:]:
            edges = np.asarray(cv2.bitwise_or(edges, cv2.Canny(plane, *config.colour_edges)),
                               np.uint8)
    dilated = cv2.dilate(edges, np.ones((3, 3), np.uint8))
    contours, _ = cv2.findContours(dilated, cv2.RETR_LIST, cv2.CHAIN_APPROX_NONE)
    frame_area = grey.shape[0] * grey.shape[1]
    size = (grey.shape[1], grey.shape[0])
    outlines = [np.asarray(c, np.int32) for c in contours]
    found = [q / np.float32(scale) for c in outlines if _clear_of_edge(c, size, config.clear)
             and (q := _card_quad(c, frame_area, config)) is not None]
    if not found:
        return [], []
    full = soft_grey(image) if soft is None else soft

    def card(quad: FloatArray) -> FloatArray | None:
        if scale < 1:
            quad = sharpened(full, quad, config)
        if config.polarity is None or one_way(full, quad, config.polarity / min(scale, 1.0),
                                              image if config.colour_sides else None):
            return quad
        return None
    regular, large = _one_size(found, config)
    return _largest_apart(regular, card), _largest_apart(large, card)


def sharpened(grey: Image, quad: FloatArray, config: OutlineConfig) -> FloatArray:
    """``quad`` with each side refitted to the strongest brightness step across it in
    ``grey`` (the photo at its own resolution, see the module)."""
    short = min(float(np.linalg.norm(quad[1] - quad[0])),
                float(np.linalg.norm(quad[2] - quad[1])))
    reach = config.reach * short + 2
    steps = np.arange(-reach, reach + 1, 1.0, dtype=np.float32)
    centre = quad.mean(axis=0)
    lines = []
    for k in range(4):
        a, b = quad[k], quad[(k + 1) % 4]
        unit = (b - a) / max(float(np.linalg.norm(b - a)), 1e-6)
        normal = np.array([-unit[1], unit[0]], np.float32)
        if float((a - centre) @ normal) < 0:
            normal = -normal  # outwards
        ts = np.linspace(0.5 - config.side_share / 2, 0.5 + config.side_share / 2,
                         config.samples, dtype=np.float32)
        base = a[None] + ts[:, None] * (b - a)[None]
        values = side_profiles(grey, base, normal, steps)
        jump = np.abs(np.diff(values, axis=1))
        at = jump.argmax(axis=1)
        strong = jump[np.arange(len(at)), at] >= 8
        if strong.sum() < 5:
            lines.append((a, unit))
            continue
        points = base[strong] + (steps[at[strong]] + 0.5)[:, None] * normal[None]
        vx, vy, x0, y0 = cv2.fitLine(points, cv2.DIST_HUBER, 0, 0.01, 0.01).ravel()
        lines.append((np.array([x0, y0], np.float32), np.array([vx, vy], np.float32)))
    corners = [_meet(lines[k - 1], lines[k]) for k in range(4)]
    if any(c is None for c in corners):
        return quad
    return np.asarray(corners, np.float32)


#: The least brightness step (0-255) across each side of a card's outline, and the points
#: along each side's middle where it is read.
MIN_STEP = 8.0
SIDE_SAMPLES = 12


def one_way(grey: Image, quad: FloatArray, offset: float, colour: Image | None = None) -> bool:
    """Whether every side of ``quad`` steps the same way in ``grey`` (inside minus outside,
    ``offset`` pixels each side, the median over each side's middle): false for an outline
    that runs along a card's edge on three sides and along the next card's on the fourth, or
    one whose side runs across plain table (a speck on the cloth joined to the card's edge):
    each side's step must be at least :data:`MIN_STEP`.

    With ``colour`` (the photo, BGR), a side may step in colour instead (Lab a*b* distance at
    least :data:`MIN_STEP`), and only the sides that step in brightness alone must step the
    same way: a Sushi Go card's red top is darker than brown wood where its grey foot is
    lighter, while a white card's neighbour across a dark gap differs in brightness only."""
    grid = across_sides(np.asarray(quad, np.float32), offset)
    values = cv2.remap(grey, grid[..., 0], grid[..., 1], cv2.INTER_LINEAR,
                       borderMode=cv2.BORDER_REPLICATE).astype(np.float32)
    steps = np.median((values[:, 1] - values[:, 0]).reshape(4, SIDE_SAMPLES), axis=1)
    strong = np.abs(steps) >= MIN_STEP
    plain = np.ones(4, bool)  # the sides that do not step in colour
    if colour is not None:
        sampled = cv2.remap(colour, grid[..., 0], grid[..., 1], cv2.INTER_LINEAR,
                            borderMode=cv2.BORDER_REPLICATE)
        ab = cv2.cvtColor(sampled, cv2.COLOR_BGR2Lab)[..., 1:].astype(np.float32)
        apart = np.median(np.linalg.norm(ab[:, 1] - ab[:, 0], axis=-1).reshape(4, SIDE_SAMPLES),
                          axis=1)
        plain = apart < MIN_STEP
    if not (strong | ~plain).all():
        return False  # a side steps neither in brightness nor in colour
    signs = np.sign(steps[strong & plain])
    return bool(abs(float(signs.sum())) == len(signs))


def across_sides(q: FloatArray, offset: float) -> FloatArray:
    """Sample points across each side of ``q`` (its middle, :data:`SIDE_SAMPLES` a side):
    rows of (outside, inside) points ``offset`` pixels off the side, side by side."""
    along = np.roll(q, -1, axis=0) - q                                   # side k: q[k] -> q[k+1]
    normals = np.stack([-along[:, 1], along[:, 0]], axis=1)
    normals /= np.maximum(np.linalg.norm(normals, axis=1, keepdims=True), 1e-6)
    outward = ((q - q.mean(axis=0)) * normals).sum(axis=1) > 0
    normals[outward] *= -1                                               # inwards
    ts = np.linspace(0.2, 0.8, SIDE_SAMPLES, dtype=np.float32)
    base = q[:, None, :] + ts[None, :, None] * along[:, None, :]        # (4, n, 2)
    either = np.array([-offset, offset], np.float32)                      # outside, inside
    return np.asarray((base[:, :, None, :] + either[None, None, :, None]
                       * normals[:, None, None, :]).reshape(-1, 2, 2), np.float32)


def _one_size(quads: list[FloatArray], config: OutlineConfig
              ) -> tuple[list[FloatArray], list[FloatArray]]:
    """``quads`` of the frame's card size, and those much larger."""
    if len(quads) < config.quorum:
        return quads, []
    limit = config.oversize * float(np.median([cv2.contourArea(q) for q in quads]))
    return ([q for q in quads if cv2.contourArea(q) <= limit],
            [q for q in quads if cv2.contourArea(q) > limit])


def _clear_of_edge(contour: npt.NDArray[np.int32], size: tuple[int, int], clear: int) -> bool:
    x, y, w, h = cv2.boundingRect(contour)
    return x >= clear and y >= clear and x + w <= size[0] - clear and y + h <= size[1] - clear


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
    box = portrait(np.asarray(cv2.boxPoints(((cx, cy), (w, h), angle)), np.float32))
    return fitted(contour.reshape(-1, 2).astype(np.float32), box, config.side_share)


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


def _largest_apart(quads: list[FloatArray],
                   card: Callable[[FloatArray], FloatArray | None]) -> list[FloatArray]:
    """The quads largest first as ``card`` makes them (``None``: not a card, left out),
    leaving out any whose centre lies inside one kept."""
    kept: list[FloatArray] = []
    for q in sorted(quads, key=lambda q: -cv2.contourArea(q)):
        centre = tuple(float(x) for x in q.mean(axis=0))
        if any(cv2.pointPolygonTest(k.reshape(-1, 1, 2), centre, False) >= 0 for k in kept):
            continue
        made = card(q)
        if made is not None:
            kept.append(made)
    return kept


def with_outlines(image: Image, pieces: list[Piece], config: OutlineConfig = OUTLINE,
                  soft: Image | None = None) -> list[Piece]:
    """The outline stage: the whole cards :func:`card_outlines` finds in ``image``, then the
    finder's ``pieces`` that none of them holds (a piece whose centre lies inside an outline is
    the same card, or a part of it); references to pieces left out become ``None``. An
    outline much larger than the frame's cards holds no piece: it is read beside them, and
    the tidy stage keeps what reads more surely (the one card, or the two it may be)."""
    outlines, large = card_outlines(image, config, soft)
    large = large if config.large else []
    if not outlines and not large:
        return pieces

    def inside(piece: Piece) -> bool:
        centre = tuple(float(x) for x in piece.quad.mean(axis=0))
        return any(cv2.pointPolygonTest(q.reshape(-1, 1, 2), centre, False) >= 0
                   for q in outlines)
    first = len(outlines) + len(large)
    index = {k: first + n for n, k in enumerate(
        k for k, p in enumerate(pieces) if not inside(p))}

    def renamed(k: int | None) -> int | None:
        return None if k is None else index.get(k)

    kept = [replace(p, covered_by=renamed(p.covered_by),
                    neighbours=(renamed(p.neighbours[0]), renamed(p.neighbours[1])))
            for k, p in enumerate(pieces) if k in index]
    return [Piece(q, "full", 1.0) for q in outlines + large] + kept
