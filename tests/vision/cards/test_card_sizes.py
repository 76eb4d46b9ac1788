"""Cards of more than one size on one table: the outline stage's one-size rule (an outline
much larger than the frame's cards may be two touching cards seen as one) does not hide a card
that is simply larger than the others, as a close-up of one card beside smaller ones is."""

from __future__ import annotations

import cv2
import numpy as np
import numpy.typing as npt

from companion.vision.cards.outline import card_outlines, with_outlines
from companion.vision.cards.piece import Piece
from companion.vision.cards.procedural import card_mask, render_card, sushi_like_deck
from companion.vision.cards.reader import CardReader

Image = npt.NDArray[np.uint8]


def _table_with(cards: list[tuple[int, int, int, int]]) -> Image:
    """A plain dark table (1280x960) with deck cards ``(index, x, y, width)`` pasted upright
    at their top-left corners."""
    table = np.full((960, 1280, 3), (70, 72, 68), np.uint8)
    deck = sushi_like_deck()
    for index, x, y, width in cards:
        card = render_card(deck[index], width)
        h, w = card.shape[:2]
        mask = card_mask(w, h) > 0
        table[y:y + h, x:x + w][mask] = card[mask]
    return np.asarray(cv2.GaussianBlur(table, (3, 3), 0), np.uint8)


def _centre_inside(quad: npt.NDArray[np.float32], box: tuple[int, int, int, int]) -> bool:
    x, y, w, h = box
    cx, cy = quad.mean(axis=0)
    return bool(x <= cx <= x + w and y <= cy <= y + h)


def test_an_outline_larger_than_the_others_is_read_beside_the_pieces_inside_it() -> None:
    """Four cards 100 px wide and one 240 px wide (almost six times the area): the large
    one's outline is kept aside as larger than the frame's cards. It becomes a whole card to
    read like the others, but unlike theirs it does not stand for the finder's pieces inside
    it (it may be two cards outlined as one)."""
    small = [(0, 60, 60, 100), (5, 260, 60, 100), (10, 460, 60, 100), (15, 660, 60, 100)]
    large = (20, 700, 400, 240)
    image = _table_with([*small, large])
    regular, larger = card_outlines(image)
    assert len(regular) == 4 and len(larger) == 1
    box = (700, 400, 240, round(240 * 1.5))
    assert _centre_inside(larger[0], box)

    def piece_at(x: float, y: float) -> Piece:
        return Piece(np.float32([[x - 20, y - 30], [x + 20, y - 30], [x + 20, y + 30],
                                 [x - 20, y + 30]]), "full", 0.9)
    inside_small, inside_large = piece_at(110, 135), piece_at(820, 580)
    pieces = with_outlines(image, [inside_small, inside_large])
    assert len(pieces) == 6 and all(p.kind == "full" for p in pieces)
    assert any(_centre_inside(p.quad, box) and p.score == 1.0 for p in pieces)
    assert pieces[-1].quad is inside_large.quad


def test_the_larger_card_and_the_smaller_ones_are_all_read(
        deck_reader: CardReader) -> None:
    """Read whole, the large card is named as surely as the small ones."""
    deck = sushi_like_deck()
    small = [(0, 60, 60, 100), (5, 260, 60, 100), (10, 460, 60, 100), (15, 660, 60, 100)]
    large = (20, 700, 400, 240)
    scan = deck_reader.read(_table_with([*small, large]))
    read = sorted(c.label for c in scan.cards if not c.uncertain)
    assert read == sorted(deck[i].label for i, *_ in [*small, large])


def test_two_touching_cards_outlined_as_one_are_read_as_two(
        deck_reader: CardReader) -> None:
    """Two cards side by side with no gap make one outline of twice a card's area (and a
    card's shape): it is read beside the two cards, and the two read more surely."""
    deck = sushi_like_deck()
    cards = [(0, 60, 60, 100), (5, 260, 60, 100), (10, 460, 60, 100),
             (15, 300, 500, 100), (20, 400, 500, 100)]
    scan = deck_reader.read(_table_with(cards))
    read = sorted(c.label for c in scan.cards if not c.uncertain)
    assert read == sorted(deck[i].label for i, *_ in cards)
    assert len(scan.cards) == len(cards)
