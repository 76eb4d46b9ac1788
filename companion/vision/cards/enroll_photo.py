"""Enrollment from a real photo: the one card in a player's photo, rectified, or a reason why not.

A player photographs one card lying on the table (phone or camera), or gives a crop that *is*
the card. :func:`enrollment_crop` answers the card, rectified to a portrait crop, or raises
:class:`~companion.vision.cards.photo_check.PoorPhoto` with what to do:

1. The photo must be readable (:func:`~companion.vision.cards.photo_check.check_photo`: a colour
   image, not tiny, not too dark).
2. The outline stage (:mod:`~companion.vision.cards.outline`, with :data:`ENROLL_OUTLINE`: a
   card may fill most of a close-up) looks for whole cards. Exactly one that is not small
   (:data:`MIN_SHARE` of the photo) is the card; two or more are refused ("2 cards in the
   photo"), a small one beside a large one is ignored (a corner of another card).

   * In a photo that is not card-shaped (a phone's 4:3 or 16:9), edges in colour count too
     (a red card on brown wood differs more in colour than in brightness). Where no outline
     has all four sides stepping one way (a face card's picture frame can hold a side inside
     the card's white border), the outlines are looked for again without that check: a crop
     a border's width off is still the card, where the whole photo is not.
   * An image shaped like a card may be a crop of it, whose pictures colour edges (or the
     second look) would outline as cards (the onigiri and squid drawings of Sushi Go Party!
     art are card-shaped): it is outlined in grey, once. A 3:2 camera photo is card-shaped
     too: an outline found in grey is replaced by a larger one that colour edges find around
     it (the card whose grey foot alone stood out from the wood).

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
from companion.vision.cards.outline import (
    OUTLINE,
    FloatArray,
    OutlineConfig,
    across_sides,
    outline_cards,
)
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
#: A card in a camera's photo lies on one table: around its outline the photo has one colour
#: on all four sides (Lab distance between the sides' medians at most this; 4-21 on 15 3:2
#: photos of Sushi Go Party! cards on wood), where a picture inside a crop of the card has the
#: card's art around it (112 round the bowl of the tofu art).
TABLE_SPREAD = 40.0
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
    in_colour = replace(ENROLL_OUTLINE, colour=True)
    if card_shaped:
        cards = _whole_of(_large_outlines(image, ENROLL_OUTLINE), image, in_colour) or [
            q for q in _large_outlines(image, in_colour) if _on_one_table(image, q)]
    else:
        cards = _large_outlines(image, in_colour) or _large_outlines(
            image, replace(in_colour, polarity=None))
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


def _whole_of(cards: list[FloatArray], image: Image, config: OutlineConfig
              ) -> list[FloatArray]:
    """``cards`` (outlined in grey), each replaced by the larger outline ``config`` finds
    around its middle, if any: a part of a card (its grey foot, whose red top is as bright as
    the wood) inside the card that colour edges outline whole."""
    if not cards:
        return cards
    around = _large_outlines(image, config)

    def whole(quad: FloatArray) -> FloatArray:
        middle = tuple(float(x) for x in quad.mean(axis=0))
        larger = [q for q in around if cv2.contourArea(q) > cv2.contourArea(quad)
                  and cv2.pointPolygonTest(q.reshape(-1, 1, 2), middle, False) > 0]
        return max(larger, key=cv2.contourArea) if larger else quad
    return [whole(q) for q in cards]


def _on_one_table(image: Image, quad: FloatArray) -> bool:
    """Whether the photo around ``quad`` has one colour all round (:data:`TABLE_SPREAD`)."""
    lab = cv2.cvtColor(cv2.GaussianBlur(image, (5, 5), 0), cv2.COLOR_BGR2Lab)
    q = np.asarray(quad, np.float32)
    short = min(float(np.linalg.norm(q[1] - q[0])), float(np.linalg.norm(q[2] - q[1])))
    outside = np.stack([across_sides(q, share * short)[:, 0] for share in (0.05, 0.1, 0.15)],
                       axis=1)
    around = cv2.remap(lab, outside[..., 0], outside[..., 1], cv2.INTER_LINEAR,
                       borderMode=cv2.BORDER_REPLICATE)
    medians = np.median(np.asarray(around, np.float32).reshape(4, -1, 3), axis=1)
    spread = max(float(np.linalg.norm(m - n)) for m in medians for n in medians)
    return spread <= TABLE_SPREAD


def _large_outlines(image: Image, config: OutlineConfig) -> list[FloatArray]:
    """The whole cards ``config``'s outline stage finds in ``image`` that are not small."""
    h, w = image.shape[:2]
    return [q for q in outline_cards(image, config) if cv2.contourArea(q) >= MIN_SHARE * h * w]
