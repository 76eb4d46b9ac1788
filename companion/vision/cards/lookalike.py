"""Look-alike cards told apart by what differs (issue 22 item 4), learned from the enrolled set.

At enrollment, two labels whose enrolled crops have a descriptor similarity of at least
:attr:`Thresholds.alike <companion.vision.cards.enrollment.Thresholds.alike>` are a
*look-alike pair* (SET cards one count, colour or shading apart; maki
1/2/3). For each pair, :func:`difference_mask` finds where their enrolled crops differ: the
per-pixel colour difference of the two crops as the fine check sees them
(:func:`~companion.vision.cards.verify.normalise`: white-balanced Lab, the second's colours
matched to the first's), of which only the :data:`SHARE` of the card that differs most is kept,
as weights (a uint8 map of :data:`MASK_W` x :data:`MASK_H`, stored with the set). A slightly
off rectification is met by the comparison's own shift search (up to
:data:`~companion.vision.cards.verify.SHIFT` pixels); spreading the mask by a max-pool of 3 or
5 pixels, or adding a gradient difference (for fills), lost pairs on the tuning crops (SET
ovals and squiggles: 2,115 of 2,160 pairs right with neither, 2,079-2,105 with them).

When a query's two best labels by descriptor are such a pair, the pair is decided by comparing
the query crop with each label's enrolled crops only inside that mask
(:func:`~companion.vision.cards.verify.fine_distances` with the mask as its weights), not by
a whole-card similarity. Pure functions; :class:`~companion.vision.cards.enrollment.CardSet`
keeps the masks.
"""

from __future__ import annotations

import cv2
import numpy as np
import numpy.typing as npt

from companion.vision.cards.verify import FINE_W, matched

FloatArray = npt.NDArray[np.float32]
Mask = npt.NDArray[np.uint8]

#: Share of the card's area a mask keeps (where the pair differs most): 0.1 kept 2,099 of
#: the 2,160 tuning pairs, 0.2 2,115, 0.3 2,114 (the whole-card fine check 2,104).
SHARE = 0.2
#: The stored mask's size (half the fine check's).
MASK_W, MASK_H = FINE_W // 2, 60


def _mean(images: list[FloatArray]) -> FloatArray:
    return np.asarray(np.mean(np.stack(images), axis=0), np.float32)


def difference_mask(first: list[FloatArray], second: list[FloatArray]) -> Mask:
    """Where two labels' enrolled crops (``normalise`` outputs at the fine size, whole cards,
    the same way up) differ most: a :data:`MASK_W` x :data:`MASK_H` map, 0 outside the
    :data:`SHARE` of the card that differs most, up to 255 inside."""
    a = _mean(first)
    b = matched(_mean(second), a)
    diff = np.asarray(np.sqrt(np.square(a - b).sum(axis=2)), np.float32)
    small = np.asarray(cv2.resize(diff, (MASK_W, MASK_H), interpolation=cv2.INTER_AREA),
                       np.float32)
    cut = float(np.quantile(small, 1.0 - SHARE))
    kept = np.where(small >= cut, small, 0.0)
    top = float(kept.max())
    if top <= 1e-6:
        return np.full((MASK_H, MASK_W), 255, np.uint8)
    return np.asarray(np.round(255.0 * kept / top), np.uint8)


def mask_weights(mask: Mask, shape: tuple[int, int], turned: bool) -> FloatArray:
    """A stored mask as fine-check weights of ``shape`` (rows, columns), turned 180 degrees
    where the cards are compared upside down; never all zero."""
    w = np.asarray(cv2.resize(mask.astype(np.float32), (shape[1], shape[0]),
                              interpolation=cv2.INTER_LINEAR), np.float32)
    if turned:
        w = np.ascontiguousarray(w[::-1, ::-1])
    total = float(w.mean())
    return w / total if total > 1e-6 else np.ones(shape, np.float32)

