"""The scan's pictures: an upload decoded and shrunk, the annotated photo screens show, a
card's rectified crop (what a correction teaches the set) and its larger view (what the "not
sure" prompt shows).

The annotated photo carries no words (a Hershey font cannot draw French or Polish, and every
phone reads its own language): each card's outline in its colour and its number in a badge,
``?`` added where the reader is not sure (:func:`badge_text`, the only text drawn). The number
is the card's ``index + 1``, the number the screens' card chips show beside the card's name in
their language (``web/static/scan.js``).

Pure image functions (OpenCV and NumPy); the card reader itself is
:mod:`companion.vision.cards`, imported on first use.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

import cv2
import numpy as np
import numpy.typing as npt

from companion.games.base import UnreadableInput
from companion.i18n import Msg, msg
from companion.scans.model import Image, PendingScan

#: Photos are read at most this many pixels on their long side (phones send 1600).
MAX_SIDE = 1600
#: Width of the annotated photo screens show.
VIEW_WIDTH = 1280
#: Outline colours (BGR): a card read with confidence, an uncertain one, one a person set,
#: one left out.
COLOURS = {"ok": (80, 190, 40), "uncertain": (0, 150, 255), "corrected": (230, 140, 30),
           "ignored": (140, 140, 140)}


def decode_photo(data: bytes) -> Image:
    """A BGR photo from an uploaded file's bytes (OpenCV decodes it, so the type is what the
    bytes are, not what the upload claims), at most :data:`MAX_SIDE` px on its long side.
    The header is checked first (:func:`~companion.vision.image_limits.decode_image`): a photo
    declaring more than :data:`~companion.vision.image_limits.MAX_IMAGE_PIXELS` is refused
    before any pixel is decoded."""
    from companion.vision.image_limits import ImageRefused, decode_image
    if not data:
        raise UnreadableInput(msg("the upload is empty: choose or take a photo"))
    try:
        image = decode_image(data, "the photo")
    except ImageRefused as exc:
        raise UnreadableInput(photo_refusal(str(exc))) from None
    return shrink(image)


def shrink(image: Image, side: int = MAX_SIDE) -> Image:
    """``image`` at most ``side`` px on its long side (never enlarged)."""
    scale = side / max(image.shape[:2])
    if scale >= 1:
        return image
    return np.asarray(cv2.resize(image, None, fx=scale, fy=scale,
                                 interpolation=cv2.INTER_AREA), np.uint8)


def badge_text(index: int, uncertain: bool) -> str:
    """The only text the annotated photo carries: card ``index``'s number as the screens'
    chips show it (``index + 1``), with ``?`` when the reader is not sure of it."""
    return f"{int(index) + 1}{'?' if uncertain else ''}"


def annotate(scan: PendingScan, width: int = VIEW_WIDTH) -> Image:
    """The scan's photo ``width`` px wide (never enlarged) with every card outlined and a badge
    with its number (as the screens' chips show it) in its middle; uncertain cards in orange
    with a thick outline and a ``?``. No names: the screens name each card by its number in
    their language (module docstring)."""
    image = scan.image
    scale = min(1.0, width / image.shape[1])
    small = shrink(image, round(max(image.shape[:2]) * scale))
    # never drawn on the scan's own photo (the card crops are cut from it)
    out = np.ascontiguousarray(small.copy() if small is image else small)
    thick = max(2, round(out.shape[1] / 400))
    for card in scan.cards:
        kind = ("ignored" if card.ignored else "corrected" if card.corrected
                else "uncertain" if card.uncertain else "ok")
        pts = np.array([[x * scale, y * scale] for x, y in card.quad], np.float32)
        colour = COLOURS[kind]
        cv2.polylines(out, [pts.astype(np.int32)], True, colour,
                      thick * (2 if kind == "uncertain" else 1), cv2.LINE_AA)
        _badge(out, pts, badge_text(card.index, kind == "uncertain"), colour)
    return np.asarray(out, np.uint8)


def _badge(out: Image, pts: npt.NDArray[np.float32], number: str,
           colour: tuple[int, int, int]) -> None:
    """A filled circle with ``number`` at the card's centre, sized to the card (readable on a
    phone)."""
    side = min(float(np.linalg.norm(pts[1] - pts[0])), float(np.linalg.norm(pts[2] - pts[1])))
    r = max(9, round(side * 0.2))
    cx, cy = (int(v) for v in pts.mean(0))
    cv2.circle(out, (cx, cy), r, colour, -1, cv2.LINE_AA)
    cv2.circle(out, (cx, cy), r, (255, 255, 255), max(1, r // 8), cv2.LINE_AA)
    font = cv2.FONT_HERSHEY_SIMPLEX
    size = r / 22
    weight = max(1, round(r / 8))
    (tw, th), _ = cv2.getTextSize(number, font, size, weight)
    cv2.putText(out, number, (cx - tw // 2, cy + th // 2), font, size, (255, 255, 255), weight,
                cv2.LINE_AA)


#: The refusals of ``companion/vision/image_limits.py`` for "the photo" (English there), each
#: as a message of the catalogue; its figures and format names stay parameters.
_PHOTO_REFUSALS: tuple[tuple[re.Pattern[str], Callable[..., Msg]], ...] = (
    (re.compile(r"the photo is a HEIC/AVIF photo, which is not accepted: send a (?P<accepted>.+?) "
                r"file \(a phone's camera can save JPEG: 'Most compatible'\)"),
     lambda accepted: msg("the photo is a HEIC/AVIF photo, which is not accepted: send a "
                          "{accepted} file (a phone's camera can save JPEG: 'Most compatible')",
                          accepted=accepted)),
    (re.compile(r"the photo is a (?P<format>.+?) image, which is not accepted: send a "
                r"(?P<accepted>.+) file"),
     lambda format, accepted: msg("the photo is a {format} image, which is not accepted: send a "
                                  "{accepted} file", format=format, accepted=accepted)),
    (re.compile(r"the photo is not an image \(not a photo in (?P<accepted>.+)\)"),
     lambda accepted: msg("the photo is not an image (not a photo in {accepted})",
                          accepted=accepted)),
    (re.compile(r"the photo is (?P<size>[0-9]+x[0-9]+) pixels \((?P<mp>[0-9]+) MP\); at most "
                r"(?P<most>[0-9]+) MP \((?P<pixels>[0-9,]+) pixels\) accepted: send a smaller "
                r"photo"),
     lambda size, mp, most, pixels: msg(
         "the photo is {size} pixels ({mp} MP); at most {most} MP ({pixels} pixels) accepted: "
         "send a smaller photo", size=size, mp=mp, most=most, pixels=pixels)),
    (re.compile(r"the photo cannot be decoded \(a damaged or truncated (?P<format>.+) file\?\)"),
     lambda format: msg("the photo cannot be decoded (a damaged or truncated {format} file?)",
                        format=format)),
    (re.compile(r"the photo is empty"), lambda: msg("the photo is empty")),
)


def photo_refusal(text: str) -> Msg | str:
    """An image refusal of "the photo" as a message (another one stays as it is)."""
    for pattern, build in _PHOTO_REFUSALS:
        found = pattern.fullmatch(text)
        if found:
            return build(**found.groupdict())
    return text


def annotated_jpeg(scan: PendingScan) -> bytes:
    """:func:`annotate`'s picture as JPEG bytes; :class:`UnreadableInput` if it cannot be
    encoded."""
    ok, data = cv2.imencode(".jpg", annotate(scan), [cv2.IMWRITE_JPEG_QUALITY, 82])
    if not ok:
        raise UnreadableInput(msg("the scan's picture could not be encoded"))
    return bytes(data)


def card_crop(image: Image, quad: Sequence[tuple[float, float]]) -> Image:
    """A whole card's rectified crop (as the reader compares it) from the photo."""
    from companion.vision.cards.enrollment import rectify
    from companion.vision.cards.finder import clockwise
    return np.asarray(rectify(image, clockwise(np.array(quad, np.float32))), np.uint8)


#: Width of a card's view in the "not sure" prompt (never wider than the card in the photo
#: allows, at least :data:`CARD_VIEW_MIN`).
CARD_VIEW_WIDTH = 360
CARD_VIEW_MIN = 160


def card_view(image: Image, quad: Sequence[tuple[float, float]],
              width: int = CARD_VIEW_WIDTH) -> Image:
    """Card ``quad`` cut from the photo, straightened and upright (portrait), as wide as the
    card is in the photo (between :data:`CARD_VIEW_MIN` and ``width`` px): what a person
    looks at to say which card it is."""
    from companion.vision.cards.enrollment import CROP_H, CROP_W, rectify
    from companion.vision.cards.finder import clockwise, portrait
    corners = portrait(clockwise(np.array(quad, np.float32)))
    short = float(np.linalg.norm(corners[1] - corners[0]))
    w = int(min(width, max(CARD_VIEW_MIN, round(short))))
    h = round(w * CROP_H / CROP_W)
    return np.asarray(rectify(image, corners, (w, h)), np.uint8)


def card_jpeg(scan: PendingScan, index: int) -> bytes:
    """:func:`card_view` of the scan's card ``index`` as JPEG bytes."""
    card = scan.cards[index]
    ok, data = cv2.imencode(".jpg", card_view(scan.image, card.quad),
                            [cv2.IMWRITE_JPEG_QUALITY, 85])
    if not ok:
        raise UnreadableInput("the card's picture could not be encoded")
    return bytes(data)
