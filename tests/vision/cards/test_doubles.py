"""What the finder's clean-up and the reader's tidy stage know of a frame: a card's expected
size in a frame seen in perspective, and one card whose two pieces were both mended onto it."""

from __future__ import annotations

import cv2
import numpy as np
import numpy.typing as npt
import pytest

from companion.vision.cards.finder import Piece, expected_area
from companion.vision.cards.results import Card
from companion.vision.cards.tidy import drop_doubles as _drop_doubles

Quad = npt.NDArray[np.float32]


def test_a_cards_expected_area_follows_the_tables_perspective() -> None:
    """Cards on a table seen at a slant are smaller further away. The expected area where a
    quad lies is fitted over the whole cards (size affine in the position) and a card found
    twice as one piece does not bend the fit; with few cards it is the median."""
    to_image = cv2.getPerspectiveTransform(
        np.float32([[0, 0], [1000, 0], [1000, 600], [0, 600]]),
        np.float32([[300, 100], [980, 100], [1280, 700], [0, 700]]))

    def card_at(x: float, y: float, w: float = 64, h: float = 96) -> Quad:
        table = np.float32([[x, y], [x + w, y], [x + w, y + h], [x, y + h]])
        return np.asarray(cv2.perspectiveTransform(table[None], to_image)[0], np.float32)

    spots = [(x, y) for x in (50, 300, 550, 800) for y in (40, 250, 450)]
    pieces = [Piece(card_at(x, y), "full", 1.0) for x, y in spots]
    pieces.append(Piece(card_at(400, 150, 128, 96), "full", 1.0))  # two cards as one
    area = expected_area(pieces)
    for x, y in ((150, 100), (700, 480), (900, 30)):
        quad = card_at(x, y)
        assert area(quad) == pytest.approx(abs(cv2.contourArea(quad)), rel=0.08)
    near, far = card_at(500, 480), card_at(500, 20)
    assert abs(cv2.contourArea(near)) > 1.5 * abs(cv2.contourArea(far))
    few = expected_area(pieces[:4])
    median = float(np.median([abs(cv2.contourArea(p.quad)) for p in pieces[:4]]))
    assert few(near) == few(far) == pytest.approx(median)


def test_two_outlines_mended_onto_one_card_are_read_once() -> None:
    """Two pieces of one card whose outlines were both mended onto it read as one card twice:
    the one read less surely goes (uncertain before sure, then the less similar), whether
    they name one card or two. Two whole cards lying apart both stay."""
    def quad(x: float, y: float) -> Quad:
        return np.float32([[x, y], [x + 64, y], [x + 64, y + 96], [x, y + 96]])

    first = Card("temaki", quad(100, 100), 0.9, False, similarity=0.86)
    again = Card("temaki", quad(102, 103), 0.9, False, similarity=0.89)
    other = Card("tempura", quad(104, 100), 0.9, False, similarity=0.9)
    apart = Card("temaki", quad(300, 100), 0.9, False, similarity=0.8)
    kept = _drop_doubles([first, again, apart])
    assert [(c.label, c.similarity) for c in kept] == [("temaki", 0.89), ("temaki", 0.8)]
    assert [c.label for c in _drop_doubles([first, other])] == ["tempura"]
    unsure = Card("temaki", quad(101, 98), 0.6, True, similarity=0.95)
    guess = Card("tempura", quad(99, 102), 0.5, True, similarity=0.8)
    assert [c.label for c in _drop_doubles([unsure, guess])] == ["temaki"]
    assert [c.label for c in _drop_doubles([unsure, first])] == ["temaki"]
    assert _drop_doubles([unsure, first])[0].similarity == 0.86


def test_a_card_in_doubt_only_between_look_alikes_is_not_outlined_again() -> None:
    """Mend reads an uncertain whole card again at other outlines, unless it is of the
    frame's shape and reads at least ``good`` like its card: then its doubt is between
    look-alikes, and another outline would not settle it (no read is made)."""
    from types import SimpleNamespace

    from companion.vision.cards.mend import LENGTHS, mend_lengths

    class NoReads:
        card_set = SimpleNamespace(aspect=64 / 96, thresholds=SimpleNamespace(similarity=0.7))

        def layout_similarities(self, *_: object) -> list[float]:
            raise AssertionError("read again")

    quad = np.float32([[100, 100], [164, 100], [164, 196], [100, 196]])
    doubt = Card("maki_2", quad, 0.8, True, similarity=LENGTHS.good + 0.01)
    cards = [doubt]
    assert mend_lengths(NoReads(), np.zeros((300, 300, 3), np.uint8), cards, None,  # type: ignore[arg-type]
                        LENGTHS) is cards
    far = Card("maki_2", quad, 0.8, True, similarity=LENGTHS.good - 0.2)
    with pytest.raises(AssertionError, match="read again"):
        mend_lengths(NoReads(), np.zeros((300, 300, 3), np.uint8), [far], None,  # type: ignore[arg-type]
                     LENGTHS)
