"""Enrollment from a real photo of one card (issue 22 item 2; issue 28 item 13).

The photos: windows cut around each card of the 16 real phone photos of
``../shared/data/cards/set_tables`` (the card plus 15-50% of its size of table and neighbours
on each side, cut by the window), as a player's close-up of one card would show it. The truth:
``tests/data/set_tables_corners.json``, every card's corners fitted by another method than the
reader's and checked by eye (the file says how). Counted over the set: the one card is found
in nearly every window, and its corners are within 3% of the card's width of the truth on at
least 98% (the issue's target; session 17, AVX-512 EPYC: 144 of 144, median 0.2%). Photos with
no card, several cards, or nothing at all are refused with the reason.
"""

from __future__ import annotations

import json
import os
import struct
from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np
import pytest

from companion.vision.cards.enroll_photo import ENROLL_OUTLINE, MIN_SHARE, enrollment_crop
from companion.vision.cards.enrollment import CROP_H, CROP_W, fit_crop, rectify
from companion.vision.cards.outline import outline_cards
from companion.vision.cards.reader import PoorPhoto
from companion.vision.image_limits import decode_image

SHARED = Path(__file__).resolve().parents[3].parent / "shared" / "data"
CORNERS = Path(__file__).resolve().parents[2] / "data" / "set_tables_corners.json"
SET_TABLES = SHARED / "cards" / "set_tables"
DICE = SHARED / "dice" / "byler_d6" / "images"


def shared_or_skip(folder: Path) -> Path:
    if folder.is_dir() and any(folder.iterdir()):
        return folder
    message = f"the shared photos are missing: expected {folder}"
    if os.environ.get("CI"):
        pytest.fail(message)
    pytest.skip(message + " (skipped outside CI)")


def phone_photos() -> list[tuple[np.ndarray, list[np.ndarray]]]:
    """Each phone photo of ``set_tables`` with its cards' true corners."""
    tables = shared_or_skip(SET_TABLES)
    truth = json.loads(CORNERS.read_text())["photos"]
    photos = []
    for meta in sorted(tables.glob("*.json")):
        info = json.loads(meta.read_text())
        if info["kind"] == "phone":
            photos.append((cv2.imread(str(tables / info["image"])),
                           [np.float32(q) for q in truth[info["image"]]]))
    return photos


def corner_error(found: np.ndarray, truth: np.ndarray) -> float:
    """The largest corner distance (best rotation of the corners) over the card's width."""
    width = min(float(np.linalg.norm(truth[1] - truth[0])),
                float(np.linalg.norm(truth[2] - truth[1])))
    return min(float(np.linalg.norm(np.roll(found, k, axis=0) - truth, axis=1).max())
               for k in range(4)) / width


@pytest.mark.slow
def test_the_one_card_of_a_close_up_is_found_with_its_true_corners() -> None:
    rng = np.random.default_rng(5)
    windows = one = agree = 0
    for photo, quads in phone_photos():
        h, w = photo.shape[:2]
        for quad in quads:
            (x0, y0), (x1, y1) = quad.min(axis=0), quad.max(axis=0)
            m = rng.uniform(0.15, 0.5, 4)
            left, right = int(max(0, x0 - m[0] * (x1 - x0))), int(min(w, x1 + m[1] * (x1 - x0)))
            top, bottom = int(max(0, y0 - m[2] * (y1 - y0))), int(min(h, y1 + m[3] * (y1 - y0)))
            window = photo[top:bottom, left:right]
            area = MIN_SHARE * window.shape[0] * window.shape[1]
            found = [q for q in outline_cards(window, ENROLL_OUTLINE)
                     if cv2.contourArea(q) >= area]
            windows += 1
            if len(found) == 1:
                one += 1
                agree += corner_error(found[0], quad - np.float32([left, top])) <= 0.03
    assert windows == 144
    assert one >= 0.98 * windows, (one, windows)
    assert agree >= 0.98 * windows, (agree, windows)


def test_the_whole_photos_cards_are_outlined_at_their_true_corners() -> None:
    found = agree = 0
    for photo, quads in phone_photos():
        for quad in outline_cards(photo):
            found += 1
            truth = min(quads, key=lambda t: float(np.linalg.norm(t.mean(0) - quad.mean(0))))
            agree += corner_error(quad, truth) <= 0.03
    assert found == 144
    assert agree >= 0.98 * found, (agree, found)


def test_a_close_up_gives_the_card_rectified() -> None:
    photo, quads = phone_photos()[0]
    quad = quads[0]
    (x0, y0), (x1, y1) = quad.min(axis=0).astype(int), quad.max(axis=0).astype(int)
    pad = (x1 - x0) // 3
    window = photo[max(0, y0 - pad):y1 + pad, max(0, x0 - pad):x1 + pad]
    crop = enrollment_crop(window)
    assert crop.shape == (CROP_H, CROP_W, 3)
    whole = rectify(photo, quad)  # the card as its true corners cut it
    turns = (whole, cv2.rotate(whole, cv2.ROTATE_180))
    assert min(float(np.abs(crop.astype(float) - t).mean()) for t in turns) < 12


def test_a_photo_of_a_whole_table_is_refused_as_several_cards() -> None:
    with pytest.raises(PoorPhoto, match=r"\d cards in the photo; photograph one card alone"):
        enrollment_crop(phone_photos()[0][0])


def test_a_plain_grey_photo_is_no_card() -> None:
    grey = np.full((200, 300, 3), 128, np.uint8)
    with pytest.raises(PoorPhoto, match="plain, no card in it"):
        enrollment_crop(grey)


def test_photos_of_dice_on_a_table_are_refused() -> None:
    photos = sorted(p for p in shared_or_skip(DICE).iterdir() if p.suffix.lower() == ".jpg")
    refused = 0
    for path in photos[::10]:
        try:
            enrollment_crop(cv2.imread(str(path)))
        except PoorPhoto as exc:
            refused += "no card found" in str(exc) or "cards in the photo" in str(exc)
    assert refused == len(photos[::10])


def test_a_crop_that_is_the_card_is_taken_as_it_is() -> None:
    card = np.full((267, 171, 3), 235, np.uint8)
    cv2.ellipse(card, (85, 133), (50, 22), 0, 0, 360, (40, 40, 200), -1)
    crop = enrollment_crop(card)
    assert crop.shape == (CROP_H, CROP_W, 3)


@pytest.mark.parametrize("size", [(300, 400), (270, 480)], ids=["4:3", "16:9"])
def test_a_phone_photo_with_no_card_found_is_not_taken_for_a_crop(size: tuple[int, int]) -> None:
    """A 4:3 or 16:9 photo in which no card is outlined is a photo of a table, not a crop of
    a card: it is refused rather than stored whole (wood around the card)."""
    rows = np.arange(size[0], dtype=np.float32)[:, None] + np.zeros(size, np.float32)
    grain = 110 + 40 * np.sin(rows / 6 + np.sin(np.arange(size[1]) / 40)[None, :])
    table = np.dstack([grain * 0.6, grain * 0.8, grain]).astype(np.uint8)  # wood grain
    with pytest.raises(PoorPhoto, match="no card found"):
        enrollment_crop(table)


def with_orientation(jpeg: bytes, orientation: int) -> bytes:
    """``jpeg`` with an EXIF block whose Orientation tag is ``orientation`` (6: the camera
    was turned a quarter clockwise; a viewer turns the pixels to show the photo upright)."""
    tiff = (b"II*\x00" + struct.pack("<I", 8) + struct.pack("<H", 1)
            + struct.pack("<HHII", 0x0112, 3, 1, orientation) + struct.pack("<I", 0))
    app1 = b"Exif\x00\x00" + tiff
    return jpeg[:2] + b"\xff\xe1" + struct.pack(">H", len(app1) + 2) + app1 + jpeg[2:]


def test_a_phone_photos_exif_orientation_is_honoured() -> None:
    """A phone stores a portrait photo as landscape pixels and an EXIF Orientation tag; the
    upload's decoder turns it upright, so the card is found as the player saw it."""
    photo, quads = phone_photos()[0]
    quad = quads[0]
    (x0, y0), (x1, y1) = quad.min(axis=0).astype(int), quad.max(axis=0).astype(int)
    pad = (x1 - x0) // 3
    window = photo[max(0, y0 - pad):y1 + pad, max(0, x0 - pad):x1 + pad]
    stored = cv2.rotate(window, cv2.ROTATE_90_COUNTERCLOCKWISE)  # as the sensor wrote it
    ok, jpeg = cv2.imencode(".jpg", stored, [cv2.IMWRITE_JPEG_QUALITY, 92])
    assert ok
    upright = decode_image(with_orientation(jpeg.tobytes(), 6))
    assert upright.shape[:2] == window.shape[:2]
    crop = enrollment_crop(upright)
    whole = rectify(photo, quad)
    turns = (whole, cv2.rotate(whole, cv2.ROTATE_180))
    assert min(float(np.abs(crop.astype(float) - t).mean()) for t in turns) < 14


@pytest.mark.parametrize("size", [(1200, 1600), (1200, 1800)], ids=["4:3", "3:2"])
def test_a_two_tone_card_on_wood_is_cropped_whole(size: tuple[int, int]) -> None:
    """A Sushi Go Party! card is red at the top and grey at the foot: on brown wood its top is
    darker than the table and its foot lighter, and its top differs from the wood in colour
    more than in brightness. The whole card is enrolled, not its grey foot, from a phone's
    4:3 photo and from a camera's 3:2 one (card-shaped, as a crop may be)."""
    rng = np.random.default_rng(7)
    photo = np.clip(rng.normal((45, 60, 95), 4, (*size, 3)), 0, 255).astype(np.uint8)
    cv2.rectangle(photo, (620, 290), (1020, 880), (35, 25, 190), -1)  # red
    cv2.rectangle(photo, (620, 620), (1020, 880), (165, 165, 165), -1)  # the grey foot
    cv2.circle(photo, (820, 640), 110, (40, 40, 40), -1)  # a maki on its plate
    crop = enrollment_crop(cv2.GaussianBlur(photo, (0, 0), 1.5))
    ends = [crop[: CROP_H // 4], crop[-CROP_H // 4:]]
    reds = [float(e[..., 2].mean()) - float(e[..., 0].mean()) for e in ends]
    assert max(reds) > 100 and min(reds) < 30, reds  # one end red, the other grey


def test_a_crop_with_a_card_shaped_picture_in_it_is_taken_whole() -> None:
    """A crop that is the card (a game's printed art) may hold a drawing with a card's shape
    and clear edges, as the Sushi Go Party! onigiri and squid nigiri art do, whose sides do
    not all step one way (dark on one side, light on the other): the crop is the card, not
    the drawing (which a look without the one-way check would outline)."""
    card = np.full((610, 410, 3), 200, np.uint8)
    card[130:480, 90:205] = 60  # the drawing's dark half ...
    card[130:480, 205:320] = 255  # ... and its light half
    card = np.asarray(cv2.GaussianBlur(card, (0, 0), 1.0), np.uint8)
    assert outline_cards(card, replace(ENROLL_OUTLINE, polarity=None))  # a drawing to outline
    crop = enrollment_crop(card)
    assert float(np.abs(crop.astype(float) - fit_crop(card)).mean()) < 2
