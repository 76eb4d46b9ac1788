"""The card reader: a photo and an enrolled set in, every card's label, quad and confidence out.

:class:`CardReader` = :class:`~companion.vision.cards.finder.CardFinder` (where the cards are)
+ :class:`~companion.vision.cards.embedding.Embedder` (what each looks like) + a
:class:`~companion.vision.cards.enrollment.CardSet` (what the player's cards look like).

* A whole card is rectified to a portrait crop and compared with the set's whole-card views.
* A *band* (a card lying under another one: a column, a nigiri on its wasabi) is rectified with
  its free edge up, cut to the largest prepared band share it shows, and compared with the
  set's top-band views; :attr:`Card.covered_by` is the index of the card lying on it, so a
  nigiri on a wasabi comes out as the wasabi (``visible == "band"``) covered by the nigiri.
* A card cut by the photo's edge is read but always marked uncertain.

:func:`check_photo` turns away what cannot be read (not a colour image, tiny, too dark, too
blurry) with :class:`PoorPhoto` and a message a player can act on; nothing found is not an
error, :attr:`Scan.notes` says so (and that the photo looks blurry, if it does: a bare table has
no edges either, so blur is only judged where cards are found). ``cv2.setNumThreads`` is left
to the caller.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np
import numpy.typing as npt

from companion.vision.cards.embedding import Embedder
from companion.vision.cards.enrollment import (
    CROP_H,
    CROP_W,
    FULL_VIEW,
    CardSet,
    Match,
    band_view,
    fit_crop,
    rectify,
)
from companion.vision.cards.finder import CardFinder, Piece, clockwise

Image = npt.NDArray[np.uint8]
FloatArray = npt.NDArray[np.float32]

#: Mean brightness (0-255) below which a photo is too dark.
MIN_BRIGHTNESS = 28.0
#: Sharpness (:func:`sharpness`) below which a photo with cards in it is too blurry to read.
MIN_SHARPNESS = 0.9
MIN_SIDE = 64
#: A whole card can also be read with its quad shrunk by these factors (about its centre);
#: 0.9 read 44 rather than 35 of 118 synthetic cards right for 70% more time, so it is off.
SHRINK: tuple[float, ...] = ()


class PoorPhoto(ValueError):
    """A photo that cannot be read; the message says why and what to do."""


@dataclass(frozen=True)
class Card:
    """One card read in a photo. ``quad``: its visible part's corners in the photo's pixels (a
    whole card: the card; a band: the band, free edge first). ``visible``: ``"full"``,
    ``"band"`` or ``"partial"`` (cut by the photo's edge). ``covered_by``: index (in the same
    scan) of the card lying on this one."""

    label: str
    quad: FloatArray
    confidence: float
    uncertain: bool
    visible: str = "full"
    covered_by: int | None = None
    runner_up: str | None = None
    similarity: float = 0.0
    margin: float = 0.0

    def to_json(self) -> dict[str, object]:
        return {"label": self.label,
                "quad": [[round(float(x), 1), round(float(y), 1)] for x, y in self.quad],
                "confidence": round(self.confidence, 3), "uncertain": self.uncertain,
                "visible": self.visible, "covered_by": self.covered_by,
                "runner_up": self.runner_up}


@dataclass(frozen=True)
class Scan:
    cards: tuple[Card, ...]
    notes: tuple[str, ...] = ()


def _grey640(image: Image) -> npt.NDArray[np.float32]:
    grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    scale = 640 / max(grey.shape)
    if scale < 1:
        grey = cv2.resize(grey, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    return np.asarray(grey, np.float32)


def check_photo(image: object) -> Image:
    """``image`` if it is a BGR photo bright enough to read, else :class:`PoorPhoto`."""
    if not isinstance(image, np.ndarray) or image.dtype != np.uint8 or image.ndim != 3 \
            or image.shape[2] != 3:
        raise PoorPhoto("not a colour photo (expected an 8-bit BGR image)")
    h, w = image.shape[:2]
    if min(h, w) < MIN_SIDE:
        raise PoorPhoto(f"the photo is too small ({w}x{h} px); take it at 640x480 or more")
    brightness = float(_grey640(image).mean())
    if brightness < MIN_BRIGHTNESS:
        raise PoorPhoto(f"the photo is too dark (mean brightness {brightness:.0f} of 255); "
                        "turn on a light or move the camera")
    return image


def sharpness(image: Image) -> float:
    """How steep the photo's strongest edges are for its contrast: the 99.5th percentile of
    the gradient over the 1-99% brightness range (sharp photos about 2.5-3.5; defocused ones
    below 1). A photo of a bare table has no edges either, so it is only judged with cards."""
    grey = _grey640(image)
    gx = cv2.Sobel(grey, cv2.CV_32F, 1, 0)
    gy = cv2.Sobel(grey, cv2.CV_32F, 0, 1)
    lo, hi = np.percentile(grey, [1, 99])
    return float(np.percentile(np.hypot(gx, gy), 99.5)) / max(float(hi - lo), 1.0)


def band_crop(image: Image, quad: FloatArray, aspect: float) -> tuple[Image, int]:
    """A band (quad free edge first) as a crop the set can compare, and the view to use."""
    q = clockwise(quad)
    width = float(np.linalg.norm(q[1] - q[0]) + np.linalg.norm(q[2] - q[3])) / 2
    height = float(np.linalg.norm(q[3] - q[0]) + np.linalg.norm(q[2] - q[1])) / 2
    share = height * aspect / max(width, 1e-6)
    view, cut = band_view(share)
    f = min(1.0, cut / max(share, 1e-6))
    sub = np.stack([q[0], q[1], q[1] + (q[2] - q[1]) * f, q[0] + (q[3] - q[0]) * f])
    return rectify(image, sub, (CROP_W, max(4, round(CROP_H * cut)))), view


class CardReader:
    """Finds and recognises the cards of ``card_set`` in photos; thread-confined."""

    def __init__(self, card_set: CardSet, embedder: Embedder | None = None,
                 finder: CardFinder | None = None) -> None:
        self.card_set = card_set
        self.embedder = embedder or Embedder()
        self.finder = finder or CardFinder()

    def read(self, image: Image) -> Scan:
        """Every card in ``image`` (BGR uint8); :class:`PoorPhoto` if it cannot be read."""
        check_photo(image)
        pieces = self.finder.find(image)
        sharp = sharpness(image)
        if not pieces:
            note = "no cards found: put the cards on the table, face up, in view"
            if sharp < MIN_SHARPNESS:
                note += " (the photo also looks blurry: hold the camera still and let it focus)"
            return Scan((), (note,))
        if sharp < MIN_SHARPNESS:
            raise PoorPhoto(f"the photo is too blurry (sharpness {sharp:.2f}, at least "
                            f"{MIN_SHARPNESS} needed); hold the camera still and let it focus")
        return Scan(tuple(self.recognise_pieces(image, pieces)))

    def recognise_pieces(self, image: Image, pieces: list[Piece]) -> list[Card]:
        """Labels for found pieces. A whole card is also tried with its quad shrunk by
        :data:`SHRINK` (a quad that runs into a touching neighbour), a band both ways round
        (either long edge as its free edge); the better match decides, and for a band which
        neighbour covers it."""
        tries: list[list[tuple[Piece, Image, int]]] = []
        for piece in pieces:
            if piece.kind == "band":
                ways = [piece, piece.flipped()]
                tries.append([(way, *band_crop(image, way.quad, self.card_set.aspect))
                              for way in ways])
            else:
                quad = clockwise(piece.quad)
                centre = quad.mean(axis=0)
                tries.append([(piece, rectify(image, centre + (quad - centre) * f), FULL_VIEW)
                              for f in (1.0, *SHRINK)])
        flat = [t for group in tries for t in group]
        embeddings = self.embedder.embed([crop for _, crop, _ in flat])
        cards = []
        row = 0
        for piece, group in zip(pieces, tries, strict=True):
            # the way whose descriptor matches best is chosen; only it goes through the fine
            # check (which does not change the similarity the choice is made on)
            sims = [self.card_set.classify(embeddings[row + k], view).similarity
                    for k, (_, _, view) in enumerate(group)]
            k = int(np.argmax(sims))
            chosen, crop, view = group[k]
            match = self.card_set.classify(embeddings[row + k], view, crop)
            row += len(group)
            covered_by = chosen.covered_by
            if chosen.kind == "band" and covered_by is None:
                covered_by = chosen.neighbours[0]
            cards.append(Card(match.label, chosen.quad, match.confidence,
                              match.uncertain or piece.kind == "partial", piece.kind,
                              covered_by, match.runner_up, match.similarity, match.margin))
        return cards

    def recognise_crops(self, crops: list[Image]) -> list[Match]:
        """Labels of photos that each *are* one card (rectified crops)."""
        fitted = [fit_crop(c) for c in crops]
        embeddings = self.embedder.embed(fitted)
        return [self.card_set.classify(e, FULL_VIEW, c) for e, c in zip(embeddings, fitted,
                                                                          strict=True)]

    def enrollment_crop(self, image: Image, name: str = "the photo") -> Image:
        """The card to enroll from a photo: the one card found in it, or the photo itself
        when it is card-shaped and no single card found in it explains it (a crop of a card,
        whose art the finder may take for several pieces); :class:`PoorPhoto` otherwise."""
        check_photo(image)
        h, w = image.shape[:2]
        pieces = [p for p in self.finder.find(image) if p.kind != "band"]
        big = [p for p in pieces if cv2.contourArea(p.quad) >= 0.15 * h * w]
        card_shaped = abs(min(h, w) / max(h, w) - self.card_set.aspect) <= 0.12
        if len(big) == 1 and (not card_shaped or cv2.contourArea(big[0].quad) < 0.7 * h * w):
            return rectify(image, clockwise(big[0].quad))
        if card_shaped:
            return fit_crop(image)
        raise PoorPhoto(f"{name}: found {len(big)} large cards; enroll a photo of one card "
                        "(or a crop of it)")
