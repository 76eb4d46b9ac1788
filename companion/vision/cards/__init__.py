"""Cards scanned on the table: enroll a card set from photos, then find and name every card.

Pure recognisers, no I/O but :mod:`store` (the data dir) and :mod:`commands` (files):

* :mod:`~companion.vision.cards.finder`: :class:`CardFinder` finds every card piece in a frame
  as a quadrilateral: whole cards, *bands* of cards lying under another card (a column, a
  nigiri on its wasabi) with the card covering them, and cards cut by the frame's edge.
* :mod:`~companion.vision.cards.embedding`: :class:`Embedder` turns a rectified card (or band)
  into a descriptor: a small CNN's embedding joined with a colour layout.
* :mod:`~companion.vision.cards.enrollment`: :class:`CardSet`, a learned set (labels: the
  catalogue's card ids or any string) and how a descriptor is matched, with a confidence and an
  ``uncertain`` flag; enrolling is embedding augmented copies, no training on the device.
* :mod:`~companion.vision.cards.reader`: :class:`CardReader` = finder + embedder + set;
  ``read(image) -> Scan`` of :class:`Card` (label, quad, confidence, uncertain, visible,
  covered_by); :class:`PoorPhoto` for photos that cannot be read.
* :mod:`~companion.vision.cards.store`: sets in ``<data dir>/card_sets/<NAME>/``, export and
  import as one ZIP file.
* :mod:`~companion.vision.cards.procedural` and :mod:`~companion.vision.cards.tableau`: drawn
  cards (a 40-card Sushi-Go-like test deck, endless random designs) and synthetic tableau
  photos with ground truth, for tests, benches and training.
* :mod:`~companion.vision.cards.evaluate`: scoring (``companion cards eval``, the benches).
* :mod:`~companion.vision.cards.commands`: ``companion cards enroll|read|eval|export|import``.

Wiring for the game and UI: build one :class:`CardReader` per thread from
``store.load_set(data_dir, name, embedder)``; ``reader.read(frame)`` gives the cards of a
photo in its pixels; assign them to seats by the calibrated zones (or by the phone that took
the photo); a card with ``visible == "band"`` and ``covered_by == k`` lies under card ``k``
(the wasabi under its nigiri). Uncertain cards are the ones to offer for a one-tap correction;
``CardSet.add(label, [crop])`` + ``store.save_set`` learns the correction.

Importing this package does no work; the networks load when a reader is built.
"""

from companion.vision.cards.embedding import Embedder
from companion.vision.cards.enrollment import CardSet, Match, Thresholds
from companion.vision.cards.finder import CardFinder, Piece
from companion.vision.cards.reader import Card, CardReader, PoorPhoto, Scan

__all__ = ["Card", "CardFinder", "CardReader", "CardSet", "Embedder", "Match", "Piece",
           "PoorPhoto", "Scan", "Thresholds"]
