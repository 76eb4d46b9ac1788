"""Is a photo readable? The checks every card photo passes first, and the error they raise.

:func:`check_photo` turns away what cannot be read (not a colour image, tiny, too dark) with
:class:`PoorPhoto` and a message a player can act on; :func:`sharpness` says how blurry it is
(:class:`~companion.vision.cards.reader.CardReader` judges blur only where it finds cards).
Both the reader and :mod:`~companion.vision.cards.enroll_photo` build on this module, which
imports neither. Pure.
"""

from __future__ import annotations

import math

import cv2
import numpy as np
import numpy.typing as npt

from companion.i18n import tmsg

Image = npt.NDArray[np.uint8]

#: Brightness (0-255) of a photo's brightest 1% below which it is too dark. The brightest
#: part, not the mean: a dark table under lit cards has a low mean (27.7 for a readable
#: synthetic scene) yet its cards are bright (99th percentile 94-177 over 100 scenes).
MIN_BRIGHTNESS = 40.0
#: Sharpness (:func:`sharpness`) below which a photo with cards in it is too blurry to read.
MIN_SHARPNESS = 0.9
MIN_SIDE = 64


class PoorPhoto(ValueError):
    """A photo that cannot be read; the message says why and what to do."""


def _grey640(image: Image) -> Image:
    """The photo in grey, shrunk to at most 640 px on its long side (uint8)."""
    grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    scale = 640 / max(grey.shape)
    if scale < 1:
        grey = cv2.resize(grey, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    return np.asarray(grey, np.uint8)


def _percentile(grey: Image, q: float) -> float:
    """``np.percentile(grey, q)`` (linear interpolation) of a uint8 image, from its histogram."""
    counts = np.asarray(cv2.calcHist([grey], [0], None, [256], [0, 256])).ravel()
    ends = np.cumsum(counts)
    rank = q / 100 * (grey.size - 1)
    below = int(np.searchsorted(ends, math.floor(rank), side="right"))
    above = int(np.searchsorted(ends, math.ceil(rank), side="right"))
    return below + (rank - math.floor(rank)) * (above - below)


def check_photo(image: object) -> Image:
    """``image`` if it is a BGR photo bright enough to read, else :class:`PoorPhoto`."""
    checked_grey(image)
    return image  # type: ignore[return-value]


def checked_grey(image: object) -> Image:
    """:func:`check_photo`'s work; the photo's :func:`_grey640`."""
    if not isinstance(image, np.ndarray) or image.dtype != np.uint8 or image.ndim != 3 \
            or image.shape[2] != 3:
        raise PoorPhoto(tmsg("not a colour photo (expected an 8-bit BGR image)"))
    h, w = image.shape[:2]
    if min(h, w) < MIN_SIDE:
        raise PoorPhoto(tmsg("the photo is too small ({width}x{height} px); take it at "
                             "640x480 or more", width=w, height=h))
    grey = _grey640(image)
    brightness = _percentile(grey, 99)
    if brightness < MIN_BRIGHTNESS:
        raise PoorPhoto(tmsg("the photo is too dark (its brightest parts at {brightness} of 255); "
                             "turn on a light or move the camera",
                             brightness=f"{brightness:.0f}"))
    return grey


def sharpness(image: Image, grey: Image | None = None) -> float:
    """How steep the photo's strongest edges are for its contrast: the 99.5th percentile of
    the gradient over the 1-99% brightness range (sharp photos about 2.5-3.5; defocused ones
    below 1). A photo of a bare table has no edges either, so it is only judged with cards.
    ``grey`` is the photo's :func:`_grey640` when already made."""
    grey = _grey640(image) if grey is None else grey
    gx = cv2.Sobel(grey, cv2.CV_32F, 1, 0)
    gy = cv2.Sobel(grey, cv2.CV_32F, 0, 1)
    lo, hi = _percentile(grey, 1), _percentile(grey, 99)
    return float(np.percentile(cv2.magnitude(gx, gy), 99.5)) / max(float(hi - lo), 1.0)
