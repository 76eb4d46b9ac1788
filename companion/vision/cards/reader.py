"""The card reader: a photo and an enrolled set in, every card's label, quad and confidence out.

The reader is a pipeline of stages, each a pure function with one frozen config
(:class:`ReaderConfig` holds them all; ``None`` leaves a stage out, which is how the ablation
bench, ``bench/bench_reader_ablation.py``, measures what each earns on real photos):

1. **find** (:class:`~companion.vision.cards.finder.CardFinder`): the finder network's card
   map, cut into pieces: whole cards, bands (a card under another) and cards cut by the edge.
2. **outline** (:mod:`~companion.vision.cards.outline`): straight-edged card outlines from the
   photo's own edges replace the pieces they hold.
3. **rectify, describe, decide** (:mod:`~companion.vision.cards.eyes`): each piece warped to
   the set's crop, described by the network, decided by the set with a calibrated confidence
   (:mod:`~companion.vision.cards.doubt`); a band both ways round.
4. **mend** (:mod:`~companion.vision.cards.mend`): an uncertain or too long whole card read
   again with a short edge moved.
5. **columns** (:mod:`~companion.vision.cards.walk`): cards under cards, walked out from the
   card on top; :attr:`Card.covered_by` says which card lies on a band.
6. **laid** (:mod:`~companion.vision.cards.laid`): whole cards laid over a band or an
   outline that the finder saw only in part, where the card map shows card.
7. **tidy** (:mod:`~companion.vision.cards.tidy`): a card found twice reported once.
8. **evidence** (:mod:`~companion.vision.cards.evidence`): a card is kept only where the photo
   shows a card's shape, edges and likeness (nothing where nothing is).
9. **table view** (:mod:`~companion.vision.cards.table_view`): a photo whose sure cards show
   it was taken at a slant is read again (stages 1-8) as seen from above, and the cards found
   there laid back on it (one of each kept, as in tidy).

:func:`~companion.vision.cards.photo_check.check_photo` (re-exported here) turns away what
cannot be read (not a colour image, tiny, too dark, too blurry) with :class:`PoorPhoto`;
nothing found is not an error, :attr:`Scan.notes` says so. ``cv2.setNumThreads`` is left to
the caller.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np
import numpy.typing as npt

from companion.i18n import N_, tmsg
from companion.vision.cards.embedding import Embedder
from companion.vision.cards.enroll_photo import enrollment_crop
from companion.vision.cards.enrollment import FULL_VIEW, CardSet, Match, fit_crop
from companion.vision.cards.evidence import EVIDENCE, EvidenceConfig, with_evidence
from companion.vision.cards.eyes import Eyes, read_pieces
from companion.vision.cards.finder import CardFinder, Found, Piece, clockwise, portrait
from companion.vision.cards.laid import LAID, LaidConfig, wholes_from_bands
from companion.vision.cards.mend import LENGTHS, LengthsConfig, mend_lengths
from companion.vision.cards.outline import OUTLINE, OutlineConfig, soft_grey, with_outlines
from companion.vision.cards.photo_check import MIN_SHARPNESS, PoorPhoto, checked_grey, sharpness
from companion.vision.cards.photo_check import check_photo as check_photo  # re-exported
from companion.vision.cards.quads import frame_aspect
from companion.vision.cards.results import Card, Scan
from companion.vision.cards.table_view import (
    TABLE_VIEW,
    TableViewConfig,
    cards_back,
    table_view,
    view_of,
)
from companion.vision.cards.tidy import TIDY, TidyConfig, drop_doubles
from companion.vision.cards.walk import COLUMNS, ColumnsConfig, read_columns

Image = npt.NDArray[np.uint8]

NOTHING = N_("no cards found: put the cards on the table, face up, in view")
BLURRY = N_("no cards found: put the cards on the table, face up, in view (the photo also "
            "looks blurry: hold the camera still and let it focus)")


@dataclass(frozen=True)
class ReaderConfig:
    """Every stage's config; ``None`` leaves that stage out."""

    outline: OutlineConfig | None = OUTLINE
    lengths: LengthsConfig | None = LENGTHS
    columns: ColumnsConfig | None = COLUMNS
    laid: LaidConfig | None = LAID
    tidy: TidyConfig | None = TIDY
    evidence: EvidenceConfig | None = EVIDENCE
    table_view: TableViewConfig | None = TABLE_VIEW


#: The shipped reader.
READER = ReaderConfig()


class CardReader:
    """Finds and recognises the cards of ``card_set`` in photos; thread-confined."""

    def __init__(self, card_set: CardSet, embedder: Embedder | None = None,
                 finder: CardFinder | None = None, config: ReaderConfig = READER) -> None:
        self.card_set = card_set
        self.embedder = embedder or Embedder()
        self.finder = finder or CardFinder()
        self.config = config

    @property
    def eyes(self) -> Eyes:
        return Eyes(self.card_set, self.embedder, self.finder)

    def read(self, image: Image) -> Scan:
        """Every card in ``image`` (BGR uint8); :class:`PoorPhoto` if it cannot be read."""
        config = self.config
        grey = checked_grey(image)
        found = self.finder.locate(image)                                    # 1 find
        soft = soft_grey(image) if config.outline or config.evidence else None
        if config.outline is not None:                                       # 2 outline
            found = replace(found, pieces=with_outlines(image, found.pieces, config.outline,
                                                        soft))
        sharp = sharpness(image, grey)
        if not found.pieces:
            return Scan((), (tmsg(BLURRY if sharp < MIN_SHARPNESS else NOTHING),))
        if sharp < MIN_SHARPNESS:
            raise PoorPhoto(tmsg("the photo is too blurry (sharpness {sharpness}, at least "
                                 "{least} needed); hold the camera still and let it focus",
                                 sharpness=f"{sharp:.2f}", least=MIN_SHARPNESS))
        cards = self.recognise_pieces(image, found.pieces, found)            # 3-7
        if config.evidence is not None:                                      # 8 evidence
            cards = with_evidence(image, cards, config.evidence, soft)
        if config.table_view is not None:                                    # 9 table view
            cards = self.from_above(image, cards, config.table_view)
        return Scan(tuple(cards)) if cards else Scan((), (tmsg(NOTHING),))

    def from_above(self, image: Image, cards: list[Card], config: TableViewConfig
                   ) -> list[Card]:
        """``cards`` with those read again in the table seen from above, when ``cards`` show
        that ``image`` was taken at a slant (:mod:`~companion.vision.cards.table_view`)."""
        homography = table_view(cards, self.card_set.aspect, config)
        seen = None if homography is None else view_of(image, homography, config)
        if seen is None:
            return cards
        view, to_view = seen
        again = CardReader(self.card_set, self.embedder, self.finder,
                           replace(self.config, table_view=None))
        try:
            more = cards_back(list(again.read(view).cards), to_view, len(cards))
        except PoorPhoto:
            return cards
        return drop_doubles(cards + more, self.config.tidy or TIDY)

    def recognise_pieces(self, image: Image, pieces: list[Piece],
                         found: Found | None = None) -> list[Card]:
        """Stages 3-7 on found ``pieces`` (``found``: the finder's map, for the stages that
        lay cards on it; without it they are left out)."""
        config, eyes = self.config, self.eyes
        cards = read_pieces(eyes, image, pieces)                             # 3 read
        if config.lengths is not None:                                       # 4 mend
            cards = mend_lengths(eyes, image, cards, found, config.lengths)
        if config.columns is not None:                                       # 5 columns
            pieces = [replace(p, quad=portrait(clockwise(c.quad))) if c.visible == "full"
                      else p for p, c in zip(pieces, cards, strict=True)]
            cards = read_columns(eyes, image, pieces, cards, found, config.columns)
        if config.laid is not None and found is not None:                   # 6 laid
            cards = wholes_from_bands(eyes, image, cards, found, config.laid)
        if config.tidy is not None:                                          # 7 tidy
            sure = [c.quad for c in cards if c.visible == "full" and not c.uncertain]
            cards = drop_doubles(cards, config.tidy, frame_aspect(sure, self.card_set.aspect))
        return cards

    def recognise_crops(self, crops: list[Image]) -> list[Match]:
        """Labels of photos that each *are* one card (rectified crops)."""
        fitted = [fit_crop(c) for c in crops]
        embeddings = self.embedder.embed(fitted)
        return [self.card_set.classify(e, FULL_VIEW, c)
                for e, c in zip(embeddings, fitted, strict=True)]

    def enrollment_crop(self, image: Image, name: str | None = None) -> Image:
        """The card to enroll from a photo of one card (or a crop of it), rectified;
        :class:`PoorPhoto` with the reason otherwise
        (:func:`~companion.vision.cards.enroll_photo.enrollment_crop`)."""
        return enrollment_crop(image, name)
