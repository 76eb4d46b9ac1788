"""Bad input gives a clear message: no cards, a dark or blurry photo, an unknown card, not an
image at all."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from companion.vision.cards.embedding import Embedder
from companion.vision.cards.enrollment import CardSet
from companion.vision.cards.procedural import random_design, render_card, sushi_like_deck
from companion.vision.cards.reader import (
    MIN_SHARPNESS,
    CardReader,
    PoorPhoto,
    check_photo,
    sharpness,
)
from companion.vision.cards.tableau import SceneOptions, render_table, render_tableau


def test_a_photo_without_cards_says_so(deck_reader: CardReader) -> None:
    table = render_table(np.random.default_rng(3), 1280, 720)
    scan = deck_reader.read(table)
    assert scan.cards == ()
    assert "no cards found" in scan.notes[0]


def test_a_dark_photo_is_turned_away(deck_reader: CardReader) -> None:
    scene = render_tableau(2_300_000, sushi_like_deck())
    with pytest.raises(PoorPhoto, match="too dark"):
        deck_reader.read((scene.image * 0.06).astype(np.uint8))


def test_a_blurry_photo_is_turned_away(deck_reader: CardReader) -> None:
    scene = render_tableau(2_300_001, sushi_like_deck())
    assert check_photo(scene.image) is scene.image
    assert sharpness(scene.image) > 2 * MIN_SHARPNESS
    blurred = cv2.GaussianBlur(scene.image, (0, 0), 9)
    assert sharpness(blurred) < MIN_SHARPNESS
    try:
        scan = deck_reader.read(blurred)
    except PoorPhoto as exc:
        assert "too blurry" in str(exc)
    else:  # nothing found at all: the note says it looks blurry
        assert scan.cards == () and "blurry" in scan.notes[0]


@pytest.mark.parametrize("bad", [np.zeros((10, 10, 3), np.uint8), np.zeros((200, 200), np.uint8),
                                 np.zeros((200, 200, 3), np.float32), "photo.jpg"])
def test_what_is_not_a_photo_is_turned_away(bad: object) -> None:
    with pytest.raises(PoorPhoto):
        check_photo(bad)


def test_a_card_that_was_not_enrolled_is_uncertain(embedder: Embedder) -> None:
    deck = sushi_like_deck()
    card_set = CardSet(name="half")
    for design in deck[:20]:
        card_set.add(design.label, [render_card(design, 128)], embedder)
    strangers = [render_card(random_design(5_000_000 + i), 128) for i in range(10)]
    strangers += [render_card(d, 128) for d in deck[20:30]]
    matches = CardReader(card_set, embedder, finder=None).recognise_crops(strangers)
    assert sum(m.uncertain for m in matches) >= 0.8 * len(matches)


def test_a_scene_with_only_unknown_cards_marks_them_uncertain(deck_reader: CardReader) -> None:
    strangers = [random_design(5_100_000 + i) for i in range(12)]
    scene = render_tableau(2_300_002, strangers, SceneOptions(columns=0.0, pairs=0.0))
    scan = deck_reader.read(scene.image)
    assert scan.cards
    assert sum(c.uncertain for c in scan.cards) >= 0.8 * len(scan.cards)


def test_a_photos_brightness_percentiles_come_from_its_histogram_exactly() -> None:
    """The brightness and contrast checks read percentiles off a 256-bin histogram: the
    same values numpy's linear-interpolation percentile gives."""
    from companion.vision.cards.photo_check import _percentile

    rng = np.random.default_rng(1)
    for _ in range(100):
        grey = rng.integers(0, 256, tuple(rng.integers(1, 40, 2)), dtype=np.uint8)
        if rng.random() < 0.5:
            grey = (grey // 37 * 37).astype(np.uint8)  # few levels: ties between ranks
        for q in (0, 1, 37.3, 50, 99, 100):
            assert _percentile(grey, q) == pytest.approx(float(np.percentile(grey, q)))


def test_a_layouts_median_and_white_balance_are_numpys_exactly() -> None:
    """The colour layout's paper colour (each channel's median of its cells) and the white
    balance (divide by the white point, clip to [0, 1]) come from a partial sort and OpenCV
    calls: bit for bit numpy's ``np.median`` and ``np.clip(x / white, 0, 1)``, so descriptors
    and fine differences do not change with the faster code."""
    from companion.vision.cards.embedding import column_median, white_balanced

    rng = np.random.default_rng(2)
    for n in (1, 2, 3, 383, 384):
        for _ in range(50):
            rows = (rng.normal(0, 40, (n, 3)) * rng.choice([1, 0.01])).astype(np.float32)
            if rng.random() < 0.3:
                rows = np.round(rows / 7) * 7  # ties
            assert np.array_equal(column_median(rows), np.median(rows, axis=0))
            assert column_median(rows).dtype == np.float32
            x = rng.integers(0, 256, (n, 1, 3)).astype(np.float32)
            white = rng.uniform(0, 255, 3).astype(np.float32)
            expected = np.clip(x / np.maximum(white, 16.0), 0.0, 1.0)
            assert np.array_equal(white_balanced(x, white), expected)


@pytest.mark.parametrize("shift", [(0, 0), (-900, 0), (5000, 0), (0, 4000)],
                         ids=["inside", "half-out", "right-of", "below"])
def test_a_large_quad_reaching_beyond_the_photo_is_still_rectified(shift: tuple[int, int]) -> None:
    """A band's far end can lie beyond the photo (found on a real 6000x4000 photo, whose read
    failed as an internal error): the crop repeats the photo's edge rather than failing."""
    from companion.vision.cards.enrollment import CROP_H, CROP_W, rectify

    photo = np.full((2000, 3000, 3), 90, np.uint8)
    quad = np.float32([[100, 100], [1300, 100], [1300, 1900], [100, 1900]]) + np.float32(shift)
    crop = rectify(photo, quad)
    assert crop.shape == (CROP_H, CROP_W, 3)
    assert int(crop.min()) == int(crop.max()) == 90
