"""Mending what the finder missed: a whole card no piece stands for, a card cut by the photo's
edge in a frame seen in perspective, and one card whose two pieces were both mended onto it."""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np
import numpy.typing as npt
import pytest

from companion.vision.cards.evaluate import TableauScore, score_tableau
from companion.vision.cards.finder import Piece, expected_area
from companion.vision.cards.laid import LAID
from companion.vision.cards.procedural import sushi_like_deck
from companion.vision.cards.reader import CardReader
from companion.vision.cards.results import Card
from companion.vision.cards.tableau import SceneOptions, Tableau, render_tableau
from companion.vision.cards.tidy import drop_doubles as _drop_doubles
from tests.vision.cards.conftest import network_only

Quad = npt.NDArray[np.float32]
Image = npt.NDArray[np.uint8]


def _score(reader: CardReader, scenes: list[Tableau]) -> TableauScore:
    """``scenes`` read by ``reader``, scored against their truth."""
    out = TableauScore()
    for scene in scenes:
        score_tableau(out, scene, reader.read(scene.image), 0.0)
    return out


def _inside(quad: Quad, point: npt.NDArray[np.float32]) -> bool:
    contour = np.asarray(quad, np.float32).reshape(-1, 1, 2)
    return cv2.pointPolygonTest(contour, (float(point[0]), float(point[1])), False) >= 0


#: Scenes where three whole cards lose their pieces (:func:`_read_unexplained`).
UNEXPLAINED_SCENES = range(2_300_450, 2_300_462)


def _read_unexplained(reader: CardReader, seed: int) -> list[bool]:
    """Scene ``seed`` read with the pieces of three whole cards taken away (spread over those
    the finder found as one whole piece): for each of those cards, whether exactly one card
    was read on it, surely, whole, with its label and an outline within a tenth of its
    width."""
    scene = render_tableau(seed, sushi_like_deck(), SceneOptions(columns=0.0, pairs=0.0))
    found = reader.finder.locate(scene.image)
    quads = {i: np.array(c.quad, np.float32) for i, c in enumerate(scene.cards)
             if c.visible == "full"}
    whole = [i for i, t in quads.items() if sum(
        p.kind == "full" and _inside(t, p.quad.mean(axis=0)) for p in found.pieces) == 1]
    truths = {i: quads[i] for i in whole[::max(1, len(whole) // 3)][:3]}
    pieces = [p for p in found.pieces if not any(
        p.kind == "full" and _inside(t, p.quad.mean(axis=0)) for t in truths.values())]
    assert len(pieces) == len(found.pieces) - 3
    cards = reader.recognise_pieces(scene.image, pieces, replace(found, pieces=pieces))
    out = []
    for i, truth in truths.items():
        on = [c for c in cards if _inside(truth, np.mean(c.quad, axis=0))]
        width = float(np.linalg.norm(truth[1] - truth[0]))
        out.append(len(on) == 1 and (on[0].label, on[0].uncertain, on[0].visible) == (
            scene.cards[i].label, False, "full") and min(
            float(np.linalg.norm(np.roll(on[0].quad, k, axis=0) - truth, axis=1).max())
            for k in range(4)) < 0.1 * width)
    return out


@pytest.mark.parametrize("unexplained", [True, False])
def test_a_whole_card_no_piece_stands_for_is_read_from_the_card_map(
        deck_reader: CardReader, unexplained: bool) -> None:
    """The finder may merge a card with a neighbour's band, and a column's walk then takes the
    piece as a band: no piece is left for the card, but the card map still shows its body.
    Three whole cards' pieces are taken away in each of 12 scenes: at least three in four of
    the 36 cards are found again where the map shows card that no card read explains, and
    read surely and rightly; without that step hardly any is (0 with the first embedder, 1
    with the one trained on real photos too, whose other passes find one of them). (A count,
    not each card: which few are lost shifts with the last bits of the CPU's arithmetic; 30
    to 32 read on an AMD EPYC with AVX2, with the 8-bit and the float embedder.)"""
    reader = network_only(deck_reader) if unexplained else network_only(deck_reader, laid=None)
    read = sum(sum(_read_unexplained(reader, seed)) for seed in UNEXPLAINED_SCENES)
    if unexplained:
        assert read >= 27
    else:
        assert read <= 3


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


def test_two_sure_outlines_mended_onto_one_card_are_read_once() -> None:
    """Two pieces of one card whose outlines were both mended onto it read as the same card
    twice: the less similar goes. Two sure whole cards of different labels, or lying apart,
    both stay."""
    def quad(x: float, y: float) -> Quad:
        return np.float32([[x, y], [x + 64, y], [x + 64, y + 96], [x, y + 96]])

    first = Card("temaki", quad(100, 100), 0.9, False, similarity=0.86)
    again = Card("temaki", quad(102, 103), 0.9, False, similarity=0.89)
    other = Card("tempura", quad(104, 100), 0.9, False, similarity=0.9)
    apart = Card("temaki", quad(300, 100), 0.9, False, similarity=0.8)
    kept = _drop_doubles([first, again, apart])
    assert [(c.label, c.similarity) for c in kept] == [("temaki", 0.89), ("temaki", 0.8)]
    assert len(_drop_doubles([first, other])) == 2


#: Scenes (default options) with a whole card the finder gave no piece for, smaller than the
#: frame's typical card (further from the camera), found on the card map only when a patch of
#: 0.35 of a typical card may be one (session 12: tuning, bench and two fresh ranges).
SMALL_PATCH_SCENES = (2_400_026, 2_000_027, 3_800_010, 4_200_003)


def test_a_small_card_no_piece_stands_for_is_read_from_the_card_map(
        deck_reader: CardReader) -> None:
    """A card further from the camera than most shows less of the map than the frame's typical
    card: a patch of :attr:`~companion.vision.cards.laid.LaidConfig.area` (0.35) of a
    typical card is tried, where 0.5 left these cards out. Over the scenes where that
    mattered most of the six such cards are read, and nothing is read wrong or extra."""
    scenes = [render_tableau(seed, sushi_like_deck()) for seed in SMALL_PATCH_SCENES]
    small = _score(network_only(deck_reader), scenes)
    typical = _score(network_only(deck_reader, laid=replace(LAID, area=0.5)), scenes)
    assert small.full_right >= typical.full_right + 4  # 6 measured (both embedders)
    assert small.full_wrong <= typical.full_wrong
    assert small.extra <= typical.extra
