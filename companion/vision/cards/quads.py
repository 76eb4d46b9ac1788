"""Quad geometry the reader's stages share: a card's shape, moves of its outline, cards laid.

A *quad* is four corners in photo pixels, float32 (4, 2); a *portrait* quad starts at a short
side (:func:`~companion.vision.cards.finder.portrait`). Pure functions, no tuning of their own:
every share they take comes from the calling stage's config.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import numpy.typing as npt

FloatArray = npt.NDArray[np.float32]


def quad_aspect(quad: FloatArray) -> float:
    """Short side / long side of a quad (each the mean of two opposite sides)."""
    (x0, y0), (x1, y1), (x2, y2), (x3, y3) = np.asarray(quad, np.float32).tolist()
    a = (math.hypot(x1 - x0, y1 - y0) + math.hypot(x3 - x2, y3 - y2)) / 2
    b = (math.hypot(x2 - x1, y2 - y1) + math.hypot(x0 - x3, y0 - y3)) / 2
    return min(a, b) / max(a, b, 1e-6)


def frame_aspect(quads: list[FloatArray], default: float) -> float:
    """The shape (short / long side) of the frame's cards: the median of ``quads`` (cards read
    surely), or ``default`` when there are fewer than three."""
    return float(np.median([quad_aspect(q) for q in quads])) if len(quads) >= 3 else default


def typical_width(quads: list[FloatArray]) -> float | None:
    """The median short side of ``quads`` (whole cards read surely), None with fewer than 3."""
    if len(quads) < 3:
        return None
    sides = [min(float(np.linalg.norm(q[1] - q[0])), float(np.linalg.norm(q[2] - q[1])))
             for q in quads]
    return float(np.median(sides))


def other_lengths(quad: FloatArray, aspect: float, slack: float, shifts: tuple[float, ...],
                  square: float, across: bool = False) -> list[FloatArray]:
    """A whole card's quad (first edge short) made ``aspect`` by moving one short edge along
    the long sides (the first edge kept, then the opposite one) when its shape is off by more
    than ``slack`` (log ratio), and, for a quad about square (short / long at least ``square``:
    a card cut across its middle, whose width may be either pair of sides), by moving either
    of the other two edges as well; when its shape is right, shifted both ways along the long
    sides by each of ``shifts`` (shares of its length). ``across``: the quad may be a part of
    a card cut across at any length (a card whose picture splits it in two), so its long sides
    are also taken for the card's width, whatever its shape."""
    q = np.asarray(quad, np.float32)
    out: list[npt.NDArray[np.floating[Any]]] = []
    off = abs(np.log(quad_aspect(q) / aspect)) > slack
    if off:
        out += _lengthened(q, aspect)
    else:
        along = np.stack([q[3] - q[0], q[2] - q[1], q[2] - q[1], q[3] - q[0]])
        out += [q + along * (sign * shift) for shift in shifts for sign in (1, -1)]
    if across or (off and quad_aspect(q) >= square):
        out += _lengthened(np.roll(q, -1, axis=0), aspect)
    return [np.asarray(x, np.float32) for x in out]


def _lengthened(t: FloatArray, aspect: float) -> list[npt.NDArray[np.floating[Any]]]:
    """Quad ``t`` (first edge its width) made ``aspect`` by moving its third edge, then by
    moving its first."""
    width = float(np.linalg.norm(t[1] - t[0]) + np.linalg.norm(t[3] - t[2]))
    length = float(np.linalg.norm(t[2] - t[1]) + np.linalg.norm(t[3] - t[0]))
    factor = width / aspect / max(length, 1e-6)
    return [np.stack([t[0], t[1], t[1] + (t[2] - t[1]) * factor,
                      t[0] + (t[3] - t[0]) * factor]),
            np.stack([t[3] + (t[0] - t[3]) * factor, t[2] + (t[1] - t[2]) * factor,
                      t[2], t[3]])]


def near(quad: FloatArray, boxes: npt.NDArray[np.float64]) -> npt.NDArray[np.intp]:
    """The indices of the bounding ``boxes`` ((N, 2, 2): low and high corners) that meet the
    quad's."""
    low, high = quad.min(axis=0), quad.max(axis=0)
    apart = (high < boxes[:, 0]).any(axis=1) | (boxes[:, 1] < low).any(axis=1)
    return np.flatnonzero(~apart)


def long_axis(quad: FloatArray) -> tuple[FloatArray, FloatArray, float] | None:
    """A quad's middle, the unit vector along its long side and that side's length (the mean
    of two); None for a degenerate quad."""
    q = np.asarray(quad, np.float32)
    along = (q[3] + q[2] - q[0] - q[1]) / 2
    if np.linalg.norm(q[1] - q[0]) > np.linalg.norm(along):
        along = (q[1] + q[2] - q[0] - q[3]) / 2
    length = float(np.linalg.norm(along))
    return None if length < 1e-6 else (q.mean(axis=0), along / length, length)


def card_at(middle: FloatArray, u: FloatArray, width: float, aspect: float) -> FloatArray:
    """A card ``width`` wide and ``width / aspect`` long centred on ``middle``, its long side
    along the unit vector ``u`` (a portrait quad)."""
    v = np.array([-u[1], u[0]], np.float32)
    h, w = width / aspect / 2, width / 2
    return np.stack([middle - u * h - v * w, middle - u * h + v * w, middle + u * h + v * w,
                     middle + u * h - v * w]).astype(np.float32)


def _turns(unit: FloatArray) -> tuple[FloatArray, FloatArray]:
    return unit, np.array([-unit[1], unit[0]], np.float32)


def cards_on(quad: FloatArray, width: float, aspect: float) -> list[FloatArray]:
    """Cards ``width`` wide and ``width / aspect`` long centred on a quad's middle: the long
    side along the quad's long side, then across it (portrait quads)."""
    axis = long_axis(quad)
    if axis is None:
        return []
    middle, unit, _ = axis
    return [card_at(middle, u, width, aspect) for u in _turns(unit)]


def cards_across(band: FloatArray, aspect: float) -> list[FloatArray]:
    """Whole cards (portrait quads) that a band (free edge first) could be a part of: one
    card's height (its width, the band's long side, over ``aspect``) laid from the free edge
    across the band, from the other edge back across it, and centred on the band."""
    q = np.asarray(band, np.float32)
    width = float(np.linalg.norm(q[1] - q[0]) + np.linalg.norm(q[2] - q[3])) / 2
    across = (q[3] + q[2] - q[0] - q[1]) / 2
    length = float(np.linalg.norm(across))
    if length < 1e-6:
        return []
    step = across / length * (width / aspect)
    mid = (q[0] + q[1] + q[2] + q[3]) / 4 - (q[0] + q[1]) / 2 - step / 2
    return [np.stack([q[0], q[1], q[1] + step, q[0] + step]).astype(np.float32),
            np.stack([q[3] - step, q[2] - step, q[2], q[3]]).astype(np.float32),
            np.stack([q[0] + mid, q[1] + mid, q[1] + step + mid, q[0] + step + mid]
                     ).astype(np.float32)]
