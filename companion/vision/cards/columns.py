"""Columns: the bands of the cards stacked under a whole card, rebuilt from its outline.

A column is a stack of cards, each lying on the one before it shifted by the same step along
the cards' long side, so that only each lower card's top band shows and the last card shows
whole (a nigiri on its wasabi is a column of two). The finder outlines whole cards well, but
the bands of a column less so: two bands found as one piece, a band found as two halves, a
band edge a little off. Yet a column's geometry follows from its whole card: the bands
continue the card's long sides beyond one of its short edges, each the same share of a card.

:func:`find_columns` gathers, for each whole card, the band pieces that continue it (each
touching the one before, the first touching the card) and how far they reach;
:meth:`Column.shares` and :meth:`Column.band` propose bands over that stretch, which
:class:`~companion.vision.cards.reader.CardReader` reads band by band from the whole card out
(a band cut at the wrong depth matches no card well).
:func:`hidden_bands` finds the columns the finder gave no band piece for at all (their bands
grown into the whole card's region, then left out of its refined outline): card pixels on the
finder's map that no piece explains, continuing a whole card beyond a short edge.

Pure geometry, in frame pixels.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import cv2
import numpy as np
import numpy.typing as npt

from companion.vision.cards.piece import Piece

FloatArray = npt.NDArray[np.float32]

@dataclass(frozen=True)
class ColumnGeometry:
    """Where a column's bands may lie (see the functions that take it)."""

    #: A band piece belongs to a column when its centre lies within this share of the whole
    #: card's width from the column's axis ...
    lateral: float = 0.3
    #: ... and it begins within this many card heights of the card's edge (or of the band
    #: before; 0.12 at first: on 30 tuning scenes 0.2 read 3 more covered cards, 0.3 no more).
    touch: float = 0.2
    #: A column's bands each show between these shares of a card's height (a real column shows
    #: 0.2-0.36 of each card; a little slack either way) ...
    band_share: tuple[float, float] = (0.15, 0.45)
    #: ... and at most this many bands are laid over a column's stretch.
    most_bands: int = 4
    #: A hidden column (:func:`hidden_bands`): card pixels no piece explains continue a whole
    #: card at least ``hidden_min`` card heights beyond a short edge, sampled in steps of
    #: ``hidden_step`` across the middle ``hidden_across`` of its width, a share
    #: ``hidden_share`` of them showing a card; at most ``hidden_most`` card heights.
    hidden_min: float = 0.15
    hidden_step: float = 0.02
    hidden_across: tuple[float, ...] = (0.25, 0.5, 0.75)
    hidden_share: float = 0.6
    hidden_most: float = 1.5


#: The shipped geometry.
GEOMETRY = ColumnGeometry()


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

    def band(self, start: float, share: float) -> Piece:
        """The band from ``start`` to ``start + share`` card heights beyond the whole card's
        edge, free edge (the far one) first."""
        far = start + share
        return Piece(np.stack([self.at(0, far), self.at(1, far), self.at(1, start),
                               self.at(0, start)]), "band", 1.0)

    def reach_of(self, quad: FloatArray) -> float:
        """How far beyond the whole card's edge (card heights) a band's free edge (its quad's
        first two corners) lies."""
        local = (np.asarray(quad[:2], np.float64) - self.edge.mean(axis=0)) \
            @ _frame(self.edge, self.step).T
        return float(local[:, 1].mean())

    def shares(self, start: float, geometry: ColumnGeometry = GEOMETRY) -> list[float]:
        """The band shares that split the stretch left beyond ``start`` into 1 to
        ``most_bands`` equal bands (each within ``band_share``)."""
        low, high = geometry.band_share
        left = self.depth - start
        return [left / n for n in range(1, geometry.most_bands + 1) if low <= left / n <= high]


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


def find_columns(pieces: list[Piece], geometry: ColumnGeometry = GEOMETRY) -> list[Column]:
    """Every column: for each whole card and short edge, the chain of band pieces that
    continues the card (``lateral``, ``touch``); edges with no band are left out."""
    bands = [k for k, p in enumerate(pieces) if p.kind == "band"]
    out = []
    for w, whole in enumerate(pieces):
        if whole.kind != "full" or not bands:
            continue
        for side, (edge, step) in enumerate(_edges(whole.quad)):
            column = _chain(w, side, edge, step, pieces, bands, geometry)
            if column is not None:
                out.append(column)
    return out


def lone_edges(pieces: list[Piece], columns: list[Column]) -> list[Column]:
    """The whole cards' short edges no column leaves from, as empty columns (no band, no
    depth): a band may lie beyond one that the finder gave no piece for."""
    used = {(c.whole, c.side) for c in columns}
    return [column for w, whole in enumerate(pieces) if whole.kind == "full"
            for column in edge_columns(w, whole.quad) if (w, column.side) not in used]


def edge_columns(whole: int, quad: FloatArray) -> list[Column]:
    """Both short edges of whole card ``whole`` (its portrait ``quad``) as empty columns."""
    return [Column(whole, side, (), edge, step, 0.0)
            for side, (edge, step) in enumerate(_edges(quad))]


def _chain(w: int, side: int, edge: FloatArray, step: FloatArray, pieces: list[Piece],
           bands: list[int], geometry: ColumnGeometry) -> Column | None:
    inverse = _frame(edge, step)
    middle = edge.mean(axis=0)
    spans = []
    for k in bands:
        local = (pieces[k].quad - middle) @ inverse.T
        lateral, out = local.mean(axis=0)
        if abs(lateral) <= geometry.lateral and out > 0:
            far = float(np.sort(local[:, 1])[-2:].mean())
            near = float(np.sort(local[:, 1])[:2].mean())
            spans.append((near, far, k))
    chain: list[int] = []
    reach = 0.0
    for near, far, k in sorted(spans):
        if near > reach + geometry.touch:
            break
        chain.append(k)  # a piece inside the stretch is a band found twice: it goes too
        reach = max(reach, far)
    if not chain:
        return None
    return Column(w, side, tuple(chain), edge, step, reach)


def hidden_bands(pieces: list[Piece], visible: npt.NDArray[np.bool_], scale: float,
                 geometry: ColumnGeometry = GEOMETRY) -> list[Piece]:
    """Bands the finder gave no piece for: beyond a short edge of a whole card, where
    ``visible`` (the finder's card map, frame scaled by ``scale``) shows card pixels that no
    piece covers, continuing the card for at least ``hidden_min`` of its height (a column's
    bands grown into the whole card's region and left out of its refined outline). Each comes
    as one band (free edge first, ``covered_by`` the whole card) over the whole stretch, for
    the reader to split (:meth:`Column.bands_of`)."""
    h, w = visible.shape
    explained = np.zeros((h, w), np.uint8)
    for piece in pieces:
        cv2.fillPoly(explained, [np.round((piece.quad + 0.5) * scale - 0.5).astype(np.int32)], 1)
    free = visible & ~cv2.dilate(explained, np.ones((3, 3), np.uint8)).astype(bool)
    out = []
    for k, whole in enumerate(pieces):
        if whole.kind != "full":
            continue
        for side, (edge, step) in enumerate(_edges(whole.quad)):
            column = Column(k, side, (), edge, step, 0.0)
            depth = _free_depth(column, free, scale, geometry)
            if depth >= geometry.hidden_min:
                band = replace(column, depth=depth).bands_of(1)[0]
                out.append(replace(band, score=0.0, covered_by=k, neighbours=(None, k)))
    return out


def _free_depth(column: Column, free: npt.NDArray[np.bool_], scale: float,
                geometry: ColumnGeometry) -> float:
    """How far (card heights) the free card pixels continue beyond the column's edge: the
    last step of the first unbroken run of steps showing them (the first two steps, the
    whole card's own edge zone, may not)."""
    h, w = free.shape
    outs = np.arange(geometry.hidden_step, geometry.hidden_most + 1e-6, geometry.hidden_step)
    across = np.asarray(geometry.hidden_across)
    left = column.edge[0] + column.step[0] * outs[:, None]
    right = column.edge[1] + column.step[1] * outs[:, None]
    points = left[:, None] + (right - left)[:, None] * across[None, :, None]  # (outs, across, 2)
    x, y = np.round((points + 0.5) * scale - 0.5).astype(int).transpose(2, 0, 1)
    inside = (x >= 0) & (x < w) & (y >= 0) & (y < h)
    shown = np.zeros(x.shape, bool)
    shown[inside] = free[y[inside], x[inside]]
    showing = shown.mean(axis=1) >= geometry.hidden_share
    first = 0 if showing[0] else 1 if showing[1] else 2 if len(showing) > 2 and showing[2] else -1
    if first < 0:
        return 0.0
    gaps = np.flatnonzero(~showing[first:])
    last = first + (int(gaps[0]) if len(gaps) else len(showing) - first) - 1
    return float(outs[last])
