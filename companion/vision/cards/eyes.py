"""Rectify -> describe -> decide: what every stage of the reader reads an outline with.

:class:`Eyes` holds the enrolled set, the descriptor network and the finder (for its outline
refiners). Given quads in a photo it rectifies each to the set's crop, describes the crops in
one batch and decides each label with the set (:meth:`CardSet.classify
<companion.vision.cards.enrollment.CardSet.classify>`: descriptor, fine check, calibrated doubt).
It keeps no state of its own between photos.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from companion.vision.cards.embedding import INPUT_H, INPUT_W, Embedder
from companion.vision.cards.enrollment import (
    CROP_H,
    CROP_W,
    FULL_VIEW,
    CardSet,
    Match,
    band_view,
    rectify,
)
from companion.vision.cards.finder import CardFinder, Piece, clockwise
from companion.vision.cards.results import Card

Image = npt.NDArray[np.uint8]
FloatArray = npt.NDArray[np.float32]


def band_crop(image: Image, quad: FloatArray, aspect: float) -> tuple[Image, int]:
    """A band (quad free edge first) as a crop the set can compare, and the view to use: cut
    to the largest prepared band share it shows
    (:func:`~companion.vision.cards.enrollment.band_view`)."""
    q = clockwise(quad)
    width = float(np.linalg.norm(q[1] - q[0]) + np.linalg.norm(q[2] - q[3])) / 2
    height = float(np.linalg.norm(q[3] - q[0]) + np.linalg.norm(q[2] - q[1])) / 2
    share = height * aspect / max(width, 1e-6)
    view, cut = band_view(share)
    f = min(1.0, cut / max(share, 1e-6))
    sub = np.stack([q[0], q[1], q[1] + (q[2] - q[1]) * f, q[0] + (q[3] - q[0]) * f])
    return rectify(image, sub, (CROP_W, max(4, round(CROP_H * cut)))), view


def chosen_difference(match: Match) -> float:
    """A reading's fine difference when the fine check chose it among several labels, else 0
    (see :attr:`Card.distance <companion.vision.cards.results.Card.distance>`)."""
    return match.distance if match.compared > 1 else 0.0


@dataclass(frozen=True)
class Eyes:
    """The set, the descriptor and the finder a reader reads outlines with."""

    card_set: CardSet
    embedder: Embedder
    finder: CardFinder

    def sure_reading(self, embedding: FloatArray, view: int, crop: Image) -> Match:
        """A try's reading where only a sure one counts: a descriptor too far from every card
        (under the set's similarity threshold) is uncertain whatever the fine check says, so it
        is answered from the descriptor alone (the fine check is most of a reading's cost)."""
        return self.card_set.classify(embedding, view, crop, sure_only=True)

    def wholes(self, image: Image, quads: list[FloatArray]
               ) -> list[tuple[Match, Image, FloatArray]]:
        """Each quad (its first corner the card's top left) read as a whole card: (its
        sure-only reading, crop, descriptor)."""
        crops = [rectify(image, q) for q in quads]
        if not crops:
            return []
        return [(self.sure_reading(e, FULL_VIEW, c), c, e)
                for c, e in zip(crops, self.embedder.embed(crops), strict=True)]

    @staticmethod
    def whole_card(quad: FloatArray, match: Match, fine: bool = True) -> Card:
        """A whole card read as ``match`` at ``quad``; ``fine``: with the fine check's
        difference (:func:`chosen_difference`), else 0."""
        return Card(match.label, quad, match.confidence, match.uncertain, "full",
                    runner_up=match.runner_up, similarity=match.similarity,
                    margin=match.margin, distance=chosen_difference(match) if fine else 0.0)

    def bands(self, image: Image, quads: list[FloatArray]) -> list[Card]:
        """Each quad (free edge first) read as a band."""
        crops = [band_crop(image, q, self.card_set.aspect) for q in quads]
        if not crops:
            return []
        out = []
        for q, (crop, view), e in zip(quads, crops, self.embedder.embed([c for c, _ in crops]),
                                      strict=True):
            m = self.sure_reading(e, view, crop)
            out.append(Card(m.label, q, m.confidence, m.uncertain, "band", None, m.runner_up,
                            m.similarity, m.margin))
        return out

    def layout_similarities(self, image: Image, quads: list[FloatArray]) -> FloatArray:
        """How well each quad's colour layout alone (no network: a fifth of a reading's cost)
        matches its best card of the set; ranks outlines before reading the best."""
        cheap = self.embedder.layout_only([_layout_crop(image, q) for q in quads])
        return self.card_set.best_similarities(cheap, FULL_VIEW)


def _layout_crop(image: Image, quad: FloatArray) -> Image:
    """The crop a quad's colour layout is made from. A card at least twice the stored crop's
    width (a 12 MP photo's) is rectified straight to the network's input size, the layout's
    source (averaged down once, not twice: a slanted 12 MP photo read 15% faster); a smaller
    one at the stored size, which the layout shrinks by averaging (a straight warp to the
    input size would alias it)."""
    if float(np.linalg.norm(quad[1] - quad[0])) >= 2 * CROP_W:
        return rectify(image, quad, (INPUT_W, INPUT_H))
    return rectify(image, quad)


def read_pieces(eyes: Eyes, image: Image, pieces: list[Piece]) -> list[Card]:
    """One card a piece: a whole or cut card rectified to a portrait crop, a band read both
    ways round (either long edge its free edge), the way whose descriptor matches the set
    better deciding which neighbour covers it. All crops are described in one batch; only
    the chosen way goes through the fine check."""
    ways = [_ways(image, piece, eyes.card_set.aspect) for piece in pieces]
    flat = [crop for group in ways for _, crop, _ in group]
    embeddings = eyes.embedder.embed(flat) if flat else None
    cards, row = [], 0
    for piece, group in zip(pieces, ways, strict=True):
        assert embeddings is not None
        sims = [eyes.card_set.classify(embeddings[row + k], view).similarity
                for k, (_, _, view) in enumerate(group)] if len(group) > 1 else [0.0]
        k = int(np.argmax(sims))
        way, crop, view = group[k]
        match = eyes.sure_reading(embeddings[row + k], view, crop)
        row += len(group)
        covered_by = way.covered_by
        if way.kind == "band" and covered_by is None:
            covered_by = way.neighbours[0]
        cards.append(Card(match.label, way.quad, match.confidence,
                          match.uncertain or piece.kind == "partial", piece.kind, covered_by,
                          match.runner_up, match.similarity, match.margin,
                          chosen_difference(match)))
    return cards


def _ways(image: Image, piece: Piece, aspect: float) -> list[tuple[Piece, Image, int]]:
    """The ways to read a piece: (the piece as read, its crop, the set's view to use)."""
    if piece.kind == "band":
        return [(way, *band_crop(image, way.quad, aspect)) for way in (piece, piece.flipped())]
    return [(piece, rectify(image, clockwise(piece.quad)), FULL_VIEW)]
