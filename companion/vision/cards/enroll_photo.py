"""Enrollment from a real photo: the one card in a player's photo, rectified, or a reason why not.

A player photographs one card lying on the table (phone or camera), or gives a crop that *is*
the card. :func:`enrollment_crop` answers the card, rectified to a portrait crop, or raises
:class:`~companion.vision.cards.photo_check.PoorPhoto` with what to do:

1. The photo must be readable (:func:`~companion.vision.cards.photo_check.check_photo`: a colour
   image, not tiny, not too dark).
2. The outline stage (:mod:`~companion.vision.cards.outline`, with :data:`ENROLL_OUTLINE`: a
   card may fill most of a close-up) looks for whole cards. Exactly one that is not small
   (:data:`MIN_SHARE` of the photo) is the card; two or more are refused ("2 cards in the
   photo"), a small one beside a large one is ignored (a corner of another card). Where no
   outline has all four sides stepping one way (a face card's picture frame can hold a side
   inside the card's white border), the outlines are looked for again without that check:
   a crop a border's width off is still the card, where the whole photo is not. In a photo
   that is not card-shaped (a phone's 4:3 or 16:9), edges in colour count too (a red card on
   brown wood differs more in colour than in brightness); a card-shaped image may be a crop
   of the card, whose pictures the colour edges would outline as cards, so there they do not.
3. With none, a photo shaped like a card (within :data:`SHAPE_SLACK` of :data:`CARD_RATIO`:
   a 4:3 or 16:9 photo is not) that shows something (:data:`MIN_CONTRAST`) is taken as a
   crop of the card; otherwise "no card found", or "the photo is plain" for an image with
   nothing in it (a grey JPEG is not a card).

Pure: takes a BGR ``uint8`` image, returns the crop (:data:`~enrollment.CROP_W` x
:data:`~enrollment.CROP_H`).
"""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np
import numpy.typing as npt

from companion.i18n import ntmsg, tmsg
from companion.vision.cards.enrollment import fit_crop, rectify
from companion.vision.cards.outline import OUTLINE, FloatArray, OutlineConfig, outline_cards
from companion.vision.cards.photo_check import PoorPhoto, check_photo

Image = npt.NDArray[np.uint8]

#: The outline stage for enrollment photos: a close-up's card may fill most of the photo, and
#: is photographed from above, so its sides keep a card's ratio (1.4 for playing cards, 1.5
#: to 1.56 for Sushi Go and SET): the 4:3 floor of a dice tray (1.33) is not a card.
ENROLL_OUTLINE = replace(OUTLINE, area=(0.01, 0.9), aspect=(1.36, 1.85), quorum=99)
#: A card found in an enrollment photo covers at least this share of it.
MIN_SHARE = 0.04
#: A card-shaped photo with no outline in it is taken as a crop when its grey values spread
#: at least this much (standard deviation, 0-255): a card shows ink on paper.
MIN_CONTRAST = 6.0
#: A photo is card-shaped when its short/long side ratio is within this of the card's
#: (0.61-0.73: SET crops 0.64, playing cards 0.71; a 4:3 photo's 0.75 is a photo, not a crop).
SHAPE_SLACK = 0.06
#: Short side over long side of the stored crops.
CARD_RATIO = 2 / 3


def enrollment_crop(image: Image, name: str | None = None) -> Image:
    """The one card of ``image`` rectified, or ``image`` itself when it is a card-shaped crop
    (see the module); :class:`PoorPhoto` with the reason otherwise (``name``: the photo's, as
    the reason names it; "the photo" when None)."""
    check_photo(image)
    name = tmsg("the photo") if name is None else name
    h, w = image.shape[:2]
    card_shaped = abs(min(h, w) / max(h, w) - CARD_RATIO) <= SHAPE_SLACK
    config = ENROLL_OUTLINE if card_shaped else replace(ENROLL_OUTLINE, colour=True)
    cards = _large_outlines(image, config)
    if not cards:
        cards = _large_outlines(image, replace(config, polarity=None))
    if len(cards) > 1:
        raise PoorPhoto(ntmsg("{name}: {n} card in the photo; photograph one card alone, the "
                              "others out of view",
                              "{name}: {n} cards in the photo; photograph one card alone, the "
                              "others out of view", len(cards), name=name))
    if cards:
        return rectify(image, cards[0])
    grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    if float(grey.std()) < MIN_CONTRAST:
        raise PoorPhoto(tmsg("{name}: the photo is plain, no card in it; photograph the card "
                             "lying on the table", name=name))
    if card_shaped:
        return fit_crop(image)
    raise PoorPhoto(tmsg("{name}: no card found; lay the card on a plain table, face up, with "
                         "a little table all round it, and photograph it from above", name=name))


def _large_outlines(image: Image, config: OutlineConfig) -> list[FloatArray]:
    """The whole cards ``config``'s outline stage finds in ``image`` that are not small."""
    h, w = image.shape[:2]
    return [q for q in outline_cards(image, config) if cv2.contourArea(q) >= MIN_SHARE * h * w]
