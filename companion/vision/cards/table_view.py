"""Table view stage: a photo taken at a slant is read again as seen from above.

A phone held at a slant sees the table in perspective: far cards are foreshortened until they
look square, and the outline and evidence stages, which ask a card's outline for a card's
shape, do not take them (rd-pong's playing-card photos: 4 of 8 cards missed on a slanted
table). The cards read surely show the slant: a card's opposite sides differ in length
(:func:`slant`; at most 0.02 from above, 0.05 to 0.16 on the slanted photos).

When the median slant of the whole cards read surely is at least :attr:`TableViewConfig.slant`,
:func:`table_view` gives the homography that turns the largest of them into a rectangle of the
set's card shape at its own size: the table as seen from above (one card is enough: the table
is one plane). The reader reads that view again and lays the cards found there back on the
photo (:func:`cards_back`); the tidy stage keeps one of each card found both ways.

Pure: quads and the photo in, a homography (or ``None``), a view and quads out.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import cv2
import numpy as np
import numpy.typing as npt

from companion.vision.cards.finder import clockwise, portrait
from companion.vision.cards.results import Card

Image = npt.NDArray[np.uint8]
FloatArray = npt.NDArray[np.float32]
Matrix = npt.NDArray[np.float64]


@dataclass(frozen=True)
class TableViewConfig:
    """When a photo is slanted enough to be read again from above, and how large the view is."""

    #: The median slant (:func:`slant`) of the sure whole cards from which a photo is slanted.
    slant: float = 0.06
    #: The view holds at most this many times the photo's pixels, and at most ``pixels``
    #: (the stages read a 12 MP photo's cards from a smaller copy anyway).
    growth: float = 1.5
    pixels: int = 2_000_000


TABLE_VIEW = TableViewConfig()


def slant(quad: FloatArray) -> float:
    """How far ``quad`` is from a parallelogram: the largest log ratio of opposite sides' lengths
    (0 for a card seen from straight above, whatever its turn)."""
    q = np.asarray(quad, np.float64)
    sides = [float(np.linalg.norm(q[(k + 1) % 4] - q[k])) for k in range(4)]
    if min(sides) < 1e-6:
        return 0.0
    return max(abs(float(np.log(sides[0] / sides[2]))), abs(float(np.log(sides[1] / sides[3]))))


def table_view(cards: list[Card], aspect: float, config: TableViewConfig = TABLE_VIEW
               ) -> Matrix | None:
    """The homography from the photo to the table seen from above (see the module), or
    ``None`` when the sure whole cards do not show a slant (or there are none)."""
    sure = [c.quad for c in cards if c.visible == "full" and not c.uncertain]
    if not sure or float(np.median([slant(q) for q in sure])) < config.slant:
        return None
    q = portrait(clockwise(np.asarray(max(sure, key=lambda q: abs(cv2.contourArea(q))),
                                      np.float32)))
    width = float(np.linalg.norm(q[1] - q[0]) + np.linalg.norm(q[2] - q[3])) / 2
    height = width / aspect
    rect = np.array([[0, 0], [width, 0], [width, height], [0, height]], np.float32)
    return np.asarray(cv2.getPerspectiveTransform(q, rect), np.float64)


def view_of(image: Image, homography: Matrix, config: TableViewConfig = TABLE_VIEW
            ) -> tuple[Image, Matrix] | None:
    """``image`` warped by ``homography`` (moved so it starts at the origin), and the
    homography from the photo to that view; ``None`` when the photo reaches the horizon
    (part of the table lies beyond any view)."""
    h, w = image.shape[:2]
    corners = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float64)
    ends = np.hstack([corners, np.ones((4, 1))]) @ homography.T
    if not np.isfinite(ends).all() or (ends[:, 2] <= 1e-9).any():
        return None  # beyond the horizon, or a degenerate homography
    seen = ends[:, :2] / ends[:, 2:]
    low, high = seen.min(axis=0), seen.max(axis=0)
    size = high - low
    most = min(config.growth * w * h, float(config.pixels))
    scale = min(1.0, float(np.sqrt(most / max(size[0] * size[1], 1.0))))
    move = np.array([[scale, 0, -low[0] * scale], [0, scale, -low[1] * scale], [0, 0, 1]],
                    np.float64)
    to_view = move @ homography
    out = (max(1, int(np.ceil(size[0] * scale))), max(1, int(np.ceil(size[1] * scale))))
    view = cv2.warpPerspective(image, to_view, out, flags=cv2.INTER_LINEAR,
                               borderMode=cv2.BORDER_REPLICATE)
    return np.asarray(view, np.uint8), to_view


def cards_back(cards: list[Card], to_view: Matrix, first: int) -> list[Card]:
    """``cards`` read in the view, their quads laid back on the photo; ``covered_by`` moved on
    by ``first`` (the number of cards they will follow)."""
    back = np.linalg.inv(to_view)
    return [replace(c, quad=np.asarray(cv2.perspectiveTransform(
        np.asarray(c.quad, np.float64)[None], back)[0], np.float32),
        covered_by=None if c.covered_by is None else c.covered_by + first) for c in cards]
