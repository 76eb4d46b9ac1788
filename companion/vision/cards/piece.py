"""A piece of a card the finder saw: its quad, its kind (whole card, band, cut by the frame).

:class:`Piece` is what :mod:`~companion.vision.cards.finder` finds and what
:mod:`~companion.vision.cards.columns` builds columns from; it sits in its own module so that
the finder can use the column geometry (:func:`~companion.vision.cards.columns.hidden_bands`)
without an import cycle. ``companion.vision.cards.finder.Piece`` is the same class.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

FloatArray = npt.NDArray[np.float32]


@dataclass(frozen=True)
class Piece:
    """One visible piece of a card, in frame pixels.

    ``quad``: four corners. For a whole card (``kind`` ``"full"``) they go round the card with
    its long side vertical (which end is the card's top is unknown: the recogniser looks both
    ways). For a ``"band"`` the first two corners are the band's free edge (the card's top, or
    its bottom if the card lies upside down), the last two the edge under the covering card,
    ``covered_by`` the index of that card's piece. ``"partial"``: cut by the frame's edge.
    ``score``: the core's peak (0-1). ``neighbours``: for a band, the pieces just beyond its
    first edge and beyond its third edge (which of the two covers it is a guess: the reader
    also tries the band the other way round, see :meth:`flipped`).
    """

    quad: FloatArray
    kind: str
    score: float
    covered_by: int | None = None
    neighbours: tuple[int | None, int | None] = (None, None)

    def flipped(self) -> Piece:
        """A band seen the other way: its other long edge taken as the free edge."""
        return Piece(np.roll(self.quad, 2, axis=0), self.kind, self.score, self.neighbours[0],
                     (self.neighbours[1], self.neighbours[0]))

    @property
    def sides(self) -> tuple[float, float]:
        """Length of the first edge and of the second edge."""
        q = self.quad
        return float(np.linalg.norm(q[1] - q[0])), float(np.linalg.norm(q[2] - q[1]))
