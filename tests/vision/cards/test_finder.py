"""The card finder: pieces from maps (pure) and the network on synthetic tableaux."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from companion.vision.cards.finder import (
    CardFinder,
    FinderConfig,
    Piece,
    distinct_cards,
    finder_targets,
    join_split_cards,
    pieces_from_maps,
)
from companion.vision.cards.procedural import sushi_like_deck
from companion.vision.cards.tableau import SceneOptions, render_tableau

#: Floors a little below what the shipped finder (with its outline refiners) measured on these 4
#: photos (see docs/PERFORMANCE.md): share of fully visible cards found as whole cards, and the
#: median of the largest corner error over the card's width.
FOUND_FLOOR = 0.88  # measured 0.955 (0.82 before the refiners and the last training run)
CORNER_CEILING = 0.05  # measured 0.026 (0.139 before the refiners)
BAND_FLOOR = 0.7  # covered cards found as bands: measured 27 of 32


def _found(pieces: list[Piece], instances: np.ndarray) -> dict[int, Piece]:
    out = {}
    for piece in pieces:
        cx, cy = piece.quad.mean(0)
        ident = int(instances[int(cy), int(cx)]) - 1
        if ident >= 0:
            out[ident] = piece
    return out


def test_perfect_maps_give_every_card_and_every_band() -> None:
    options = SceneOptions(width=512, height=288, card_width=(28, 48), columns=0.4, pairs=0.2)
    deck = sushi_like_deck()
    total = right_kind = 0
    for seed in range(2_100_000, 2_100_006):
        scene = render_tableau(seed, deck, options)
        covered = {i + 1 for i, c in enumerate(scene.cards) if c.visible == "band"}
        maps = finder_targets(scene.instances, covered)
        maps = np.stack([cv2.resize(m, (512, 288)) for m in maps])
        found = _found(pieces_from_maps(maps, 1.0, FinderConfig()), scene.instances)
        for i, card in enumerate(scene.cards):
            if card.visible == "partial":
                continue
            total += 1
            piece = found.get(i)
            right_kind += piece is not None and piece.kind == card.visible
    assert right_kind / total >= 0.97


def test_the_network_finds_the_cards_of_synthetic_tableaux(finder: CardFinder) -> None:
    deck = sushi_like_deck()
    total = hit = bands = bands_found = 0
    corner_error = []
    for seed in range(2_200_000, 2_200_004):
        scene = render_tableau(seed, deck)
        found = _found(finder.find(scene.image), scene.instances)
        for i, card in enumerate(scene.cards):
            if card.visible == "band":
                bands += 1
                bands_found += found.get(i) is not None and found[i].kind == "band"
            if card.visible != "full":
                continue
            total += 1
            piece = found.get(i)
            if piece is not None and piece.kind == "full":
                hit += 1
                truth = np.array(card.quad)
                d = [np.linalg.norm(truth - np.roll(piece.quad, k, 0), axis=1).max()
                     for k in range(4)]
                corner_error.append(min(d) / np.linalg.norm(truth[1] - truth[0]))
    assert hit / total >= FOUND_FLOOR
    assert float(np.median(corner_error)) < CORNER_CEILING
    assert bands_found / bands >= BAND_FLOOR


def _card(x: float, y: float, w: float = 60, h: float = 93) -> np.ndarray:
    return np.array([[x, y], [x + w, y], [x + w, y + h], [x, y + h]], np.float32)


def test_a_card_found_twice_is_kept_once_and_bands_follow_it() -> None:
    cards = [Piece(_card(0, 0), "full", 0.9), Piece(_card(100, 0), "full", 0.9),
             Piece(_card(100, 0, 60, 50), "full", 0.6),  # the lower half split off card 1
             Piece(_card(200, 0), "full", 0.9), Piece(_card(300, 0), "full", 0.9),
             Piece(_card(100, 95, 60, 25), "band", 0.8, covered_by=2, neighbours=(2, None))]
    kept = distinct_cards(cards)
    assert len(kept) == 5
    assert [p.kind for p in kept] == ["full", "full", "full", "full", "band"]
    assert np.allclose(kept[1].quad, cards[1].quad)  # the card-shaped one stays
    assert kept[4].covered_by == 1 and kept[4].neighbours == (1, None)


def test_cards_side_by_side_are_not_duplicates() -> None:
    cards = [Piece(_card(60.0 * k, 0), "full", 0.9) for k in range(5)]
    assert len(distinct_cards(cards)) == 5


def test_a_card_split_in_two_is_joined() -> None:
    cards = [Piece(_card(0, 0), "full", 0.9), Piece(_card(100, 0), "full", 0.9),
             Piece(_card(200, 0, 60, 50), "full", 0.6), Piece(_card(200, 50, 60, 43), "full", 0.6),
             Piece(_card(300, 0), "full", 0.9),
             Piece(_card(300, 95, 60, 25), "band", 0.8, covered_by=4, neighbours=(4, None))]
    kept, joined = join_split_cards(cards)
    assert len(kept) == 5 and joined == [2]
    x, y = kept[2].quad[:, 0], kept[2].quad[:, 1]
    assert (x.min(), x.max(), y.min(), y.max()) == pytest.approx((200, 260, 0, 93), abs=1)
    assert kept[4].kind == "band" and kept[4].covered_by == 3


def test_a_card_whose_header_was_taken_for_a_band_is_one_card_again() -> None:
    # the network took card 2's coloured top strip for the band of a card under it: the rest
    # of the card is a short "whole card", and the two together make one typical card
    cards = [Piece(_card(0, 0), "full", 0.9), Piece(_card(100, 0), "full", 0.9),
             Piece(_card(200, 18, 60, 75), "full", 0.8),
             Piece(_card(300, 0), "full", 0.9),
             Piece(_card(200, 0, 60, 18), "band", 0.7, covered_by=2, neighbours=(None, 2))]
    kept, joined = join_split_cards(cards)
    assert [p.kind for p in kept] == ["full"] * 4 and joined == [2]
    x, y = kept[2].quad[:, 0], kept[2].quad[:, 1]
    assert (x.min(), x.max(), y.min(), y.max()) == pytest.approx((200, 260, 0, 93), abs=1)


def test_a_column_band_beside_a_whole_card_stays_a_band() -> None:
    # a real column: card 2 lies on card 5, whose top band shows above it; card 2 is whole
    cards = [Piece(_card(0, 0), "full", 0.9), Piece(_card(100, 0), "full", 0.9),
             Piece(_card(200, 20), "full", 0.9), Piece(_card(300, 0), "full", 0.9),
             Piece(_card(200, 0, 60, 20), "band", 0.7, covered_by=2, neighbours=(None, 2))]
    kept, joined = join_split_cards(cards)
    assert kept == cards and joined == []


def test_two_small_cards_apart_are_not_joined() -> None:
    cards = [Piece(_card(100.0 * k, 0), "full", 0.9) for k in range(3)]
    cards += [Piece(_card(400, 0, 40, 60), "full", 0.6), Piece(_card(600, 0, 40, 60), "full", 0.6)]
    kept, joined = join_split_cards(cards)
    assert len(kept) == 5 and joined == []


def test_a_band_found_twice_is_kept_once() -> None:
    cards = [Piece(_card(0, 0), "full", 0.9), Piece(_card(100, 30), "full", 0.9),
             Piece(_card(100, 0, 60, 30), "band", 0.8, covered_by=1, neighbours=(None, 1)),
             Piece(_card(110, 5, 40, 20), "band", 0.7, covered_by=1, neighbours=(None, 1))]
    kept = distinct_cards(cards)
    assert [p.kind for p in kept] == ["full", "full", "band"]
    assert np.allclose(kept[2].quad, cards[2].quad) and kept[2].covered_by == 1


def test_a_whole_card_close_to_the_frames_edge_is_whole(finder: CardFinder) -> None:
    """A card a few pixels from the photo's edge touches it on the network's map, but its
    refined outline lies inside the photo with the size and shape of the other cards: it is
    a whole card (read surely), not one cut by the edge (always uncertain). Each whole card
    of three scenes in turn is put 3 px from the left edge (the frame cropped); most come out
    whole (before this rule: 21 of 61, now 44)."""
    whole = tried = 0
    for seed in (2_300_450, 2_300_451, 2_300_452):
        scene = render_tableau(seed, sushi_like_deck(), SceneOptions(columns=0.0, pairs=0.0))
        h = scene.instances.shape[0]
        for card in scene.cards:
            quad = np.array(card.quad, np.float32)
            left = int(np.floor(quad[:, 0].min())) - 3
            if card.visible != "full" or quad[:, 1].min() < 8 or quad[:, 1].max() > h - 8 \
                    or left <= 0:
                continue
            centre = tuple(map(float, quad.mean(axis=0) - (left, 0)))
            on_card = [p for p in finder.find(np.ascontiguousarray(scene.image[:, left:]))
                       if cv2.pointPolygonTest(p.quad.astype(np.float32), centre, False) > 0]
            tried += 1
            whole += bool(on_card) and on_card[0].kind == "full"
    assert tried >= 50 and whole >= 0.65 * tried, (whole, tried)


def test_a_regions_outline_traced_in_its_box_is_the_one_traced_on_the_whole_map() -> None:
    """Each region's contours are traced within its bounding box grown by a pixel: the same
    points as on the whole map, whose one-pixel rim counts as background in both, for
    regions in the middle, touching the rim, or in several parts."""
    from companion.vision.cards.finder import _outlines, _region_boxes

    rng = np.random.default_rng(5)
    for _ in range(20):
        regions = np.zeros((60, 90), np.int32)
        for label in range(2, 8):
            for _ in range(int(rng.integers(1, 3))):
                x, y = int(rng.integers(-5, 85)), int(rng.integers(-5, 55))
                regions[max(0, y):y + int(rng.integers(2, 15)),
                        max(0, x):x + int(rng.integers(2, 15))] = label
        boxes = _region_boxes(regions, 7)
        for n, around in enumerate(boxes):
            whole, _ = cv2.findContours((regions == n + 2).astype(np.uint8),
                                        cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
            if around is None:
                assert not (regions == n + 2).any()
                continue
            boxed = _outlines(regions, n + 2, around)
            assert [c.tolist() for c in boxed] == [c.tolist() for c in whole]
