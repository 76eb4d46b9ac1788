"""Columns: the bands of the cards stacked under a whole card, rebuilt from its outline.

A column is a stack of cards, each lying on the one before it shifted by the same step along
the cards' long side, so that only each lower card's top band shows and the last card shows
whole (a nigiri on its wasabi is a column of two). The finder outlines whole cards well, but
the bands of a column less so: two bands found as one piece, a band found as two halves, a
band edge a little off. Yet a column's geometry is fixed by its whole card and its depth: the
bands continue the whole card's long sides beyond one of its short edges, and ``n`` bands share
the stretch from that edge to the column's free end equally.

:func:`find_columns` gathers, for each whole card, the band pieces that continue it (each
touching the one before, the first touching the card); :meth:`Column.bands` lays ``n`` bands
over their stretch. Which ``n`` is right is for the recogniser to say (a band cut at the wrong
depth matches no card well): :class:`~companion.vision.cards.reader.CardReader` tries them.
Pure geometry, in frame pixels.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from companion.vision.cards.finder import Piece

FloatArray = npt.NDArray[np.float32]

#: A band piece belongs to a column when its centre lies within this share of the whole
#: card's width from the column's axis ...
LATERAL = 0.3
#: ... and it begins within this many card heights of the card's edge (or of the band before).
TOUCH = 0.12
#: A column's bands each show between these shares of a card's height (a real column shows
#: 0.2-0.36 of each card; a little slack either way).
BAND_SHARE = (0.15, 0.45)
#: At most this many bands are laid over a column's stretch.
MOST_BANDS = 4


@dataclass(frozen=True)
class Column:
    """The bands found beyond one short edge of a whole card.

    ``whole``: the whole card's piece index; ``side``: which of its short edges (0: its
    first edge, 1: the opposite one); ``bands``: the band pieces' indices, nearest
    first; ``edge``: the card's short edge the column leaves from (2 corners); ``step``: for
    each of those corners, the vector one card height further out along the card's long side;
    ``depth``: how far the found bands reach, in card heights."""

    whole: int
    side: int
    bands: tuple[int, ...]
    edge: FloatArray
    step: FloatArray
    depth: float

    def at(self, lateral: float, out: float) -> FloatArray:
        """The frame point ``lateral`` (0-1) along the edge and ``out`` card heights beyond."""
        left = self.edge[0] + self.step[0] * out
        right = self.edge[1] + self.step[1] * out
        return np.asarray(left + (right - left) * lateral, np.float32)

    def bands_of(self, count: int) -> list[Piece]:
        """``count`` equal bands over the column's depth, nearest the whole card first; each
        quad free edge (the far one) first, as the finder gives bands."""
        cut = self.depth / count
        return [Piece(np.stack([self.at(0, (p + 1) * cut), self.at(1, (p + 1) * cut),
                                self.at(1, p * cut), self.at(0, p * cut)]), "band", 1.0)
                for p in range(count)]

    def counts(self) -> list[int]:
        """The numbers of bands the depth allows (each within :data:`BAND_SHARE`)."""
        low, high = BAND_SHARE
        return [n for n in range(1, MOST_BANDS + 1) if low <= self.depth / n <= high]


def _frame(edge: FloatArray, step: FloatArray) -> npt.NDArray[np.float64]:
    """The inverse of the column's affine frame: a point minus the edge's middle times it gives
    (lateral offset in card widths from the axis, card heights out)."""
    axes = np.stack([edge[1] - edge[0], (step[0] + step[1]) / 2], axis=1).astype(np.float64)
    return np.asarray(np.linalg.inv(axes), np.float64)


def _edges(quad: FloatArray) -> list[tuple[FloatArray, FloatArray]]:
    """A whole card's two short edges (corners) and their outward steps. ``quad`` is portrait:
    its first edge is a short one."""
    q = quad.astype(np.float32)
    top = (q[[0, 1]], np.stack([q[0] - q[3], q[1] - q[2]]))
    bottom = (q[[2, 3]], np.stack([q[3] - q[0], q[2] - q[1]]))
    return [top, bottom]


def find_columns(pieces: list[Piece]) -> list[Column]:
    """Every column: for each whole card and short edge, the chain of band pieces that
    continues the card (:data:`LATERAL`, :data:`TOUCH`); edges with no band are left out."""
    bands = [k for k, p in enumerate(pieces) if p.kind == "band"]
    out = []
    for w, whole in enumerate(pieces):
        if whole.kind != "full" or not bands:
            continue
        for side, (edge, step) in enumerate(_edges(whole.quad)):
            column = _chain(w, side, edge, step, pieces, bands)
            if column is not None:
                out.append(column)
    return out


def _chain(w: int, side: int, edge: FloatArray, step: FloatArray, pieces: list[Piece],
           bands: list[int]) -> Column | None:
    inverse = _frame(edge, step)
    middle = edge.mean(axis=0)
    spans = []
    for k in bands:
        local = (pieces[k].quad - middle) @ inverse.T
        lateral, out = local.mean(axis=0)
        if abs(lateral) <= LATERAL and out > 0:
            far = float(np.sort(local[:, 1])[-2:].mean())
            near = float(np.sort(local[:, 1])[:2].mean())
            spans.append((near, far, k))
    chain: list[int] = []
    reach = 0.0
    for near, far, k in sorted(spans):
        if near > reach + TOUCH:
            break
        chain.append(k)  # a piece inside the stretch is a band found twice: it goes too
        reach = max(reach, far)
    if not chain:
        return None
    return Column(w, side, tuple(chain), edge, step, reach)
