"""Columns: the bands of the cards stacked under a whole card continue its long sides, so a
column the finder outlined badly (two bands as one piece) is read again from the whole card."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import numpy.typing as npt
import pytest

from companion.vision.cards.columns import find_columns, hidden_bands
from companion.vision.cards.evaluate import TableauScore, score_tableau
from companion.vision.cards.finder import Piece, clockwise, portrait
from companion.vision.cards.procedural import sushi_like_deck
from companion.vision.cards.reader import CardReader, Scan
from companion.vision.cards.tableau import SceneOptions, Tableau, render_tableau
from tests.vision.cards.conftest import network_only


def _quad(x0: float, y0: float, x1: float, y1: float) -> np.ndarray:
    return np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], np.float32)


WHOLE = Piece(_quad(100, 300, 164, 396), "full", 1.0)  # 64 x 96: the column leaves its top
MERGED = Piece(_quad(100, 252, 164, 300), "band", 1.0)  # two bands of 24 px found as one


def test_a_band_piece_beyond_a_whole_cards_short_edge_is_its_column() -> None:
    columns = find_columns([WHOLE, MERGED])
    assert len(columns) == 1
    column = columns[0]
    assert (column.whole, column.bands) == (0, (1,))
    assert abs(column.depth - 0.5) < 1e-3  # half a card height
    assert column.shares(0.0) == pytest.approx([0.25, 0.5 / 3])  # one band of 0.5 is too deep
    assert column.shares(0.25) == pytest.approx([0.25])
    np.testing.assert_allclose(column.band(0.25, 0.25).quad, _quad(100, 252, 164, 276))
    near, far = column.bands_of(2)
    # nearest the whole card first; each band's free edge (the far one) first
    np.testing.assert_allclose(near.quad, _quad(100, 276, 164, 300))
    np.testing.assert_allclose(far.quad[:2, 1], [252, 252])
    np.testing.assert_allclose(far.quad[2:, 1], [276, 276])


def test_pieces_beside_or_away_from_the_card_are_not_its_column() -> None:
    beside = Piece(_quad(170, 252, 234, 300), "band", 1.0)  # the next card's column
    away = Piece(_quad(100, 200, 164, 240), "band", 1.0)  # a gap of 0.6 card heights
    whole_above = Piece(_quad(100, 190, 164, 286), "full", 1.0)  # not a band
    assert find_columns([WHOLE, beside, away, whole_above]) == []


def _column_of(scene: Tableau) -> tuple[int, list[int]] | None:
    """A fully visible card with at least two cards stacked under it, all away from the
    frame's edges: (its index, the cards under it, nearest first)."""
    h, w = scene.instances.shape
    for top, card in enumerate(scene.cards):
        chain, at = [], top
        while (under := next((i for i, c in enumerate(scene.cards) if c.covered_by == at),
                             None)) is not None:
            chain.append(under)
            at = under
        quads = np.array([scene.cards[i].quad for i in [top, *chain]])
        inside = quads.min() > 20 and quads[..., 0].max() < w - 20 and quads[..., 1].max() < h - 20
        if card.visible == "full" and len(chain) >= 2 and inside \
                and all(scene.cards[i].visible == "band" for i in chain):
            return top, chain
    return None


def test_a_columns_bands_found_as_one_piece_are_read_card_by_card(
        deck_reader: CardReader) -> None:
    """The pieces of a real rendered column: its whole card as found, and all the bands under
    it as one piece (what the finder gives when it misses the edges between them). Each band
    comes out as its own card, labelled surely and rightly, covered by the card before."""
    deck = sushi_like_deck()
    for seed in range(2_300_400, 2_300_440):
        scene = render_tableau(seed, deck, SceneOptions(columns=0.7, pairs=0.0))
        found = _column_of(scene)
        if found is not None:
            break
    assert found is not None, "no scene with a column of three cards or more"
    top, chain = found
    whole = np.array(scene.cards[top].quad, np.float32)
    farthest = np.array(scene.cards[chain[-1]].quad, np.float32)
    merged = np.stack([farthest[0], farthest[1], whole[1], whole[0]])  # free edge first
    cards = deck_reader.recognise_pieces(scene.image, [Piece(whole, "full", 1.0),
                                                       Piece(merged, "band", 1.0)])
    assert cards[0].label == scene.cards[top].label and not cards[0].uncertain
    bands = cards[1:]
    assert [c.label for c in bands] == [scene.cards[i].label for i in chain]
    assert not any(c.uncertain for c in bands)
    assert [c.covered_by for c in bands] == [0, *range(1, len(bands))]


def test_a_whole_card_outlined_too_long_is_read_at_the_frames_card_length(
        deck_reader: CardReader) -> None:
    """A whole card whose outline runs a fifth of a card too far past one end (the finder took
    in a neighbour's band or the table there) is read again at the shape of the frame's other
    cards, with either end kept: the right end kept reads surely and rightly. So is one whose
    outline is shifted a tenth of a card along its long side. (A card whose readings disagree
    stays uncertain: of these six, one chopsticks card, told from its siblings by a number.)"""
    deck = sushi_like_deck()
    scene = render_tableau(2_300_450, deck, SceneOptions(columns=0.0, pairs=0.0))
    whole = [i for i, c in enumerate(scene.cards) if c.visible == "full"]
    assert len(whole) >= 6
    pieces = [Piece(np.array(scene.cards[i].quad, np.float32), "full", 1.0) for i in whole]
    odd = []
    for n, piece in enumerate(pieces[:6]):
        q = piece.quad
        long = q.copy()
        if n in (0, 2):  # past the card's top ...
            long[[0, 1]] = q[[0, 1]] + (q[[0, 1]] - q[[3, 2]]) * 0.2
        elif n in (1, 3):  # ... or past its bottom
            long[[3, 2]] = q[[3, 2]] + (q[[3, 2]] - q[[0, 1]]) * 0.2
        else:  # or the whole outline a tenth of a card up or down
            long = q + (q[[3, 2, 2, 3]] - q[[0, 1, 1, 0]]) * (0.1 if n == 4 else -0.1)
        pieces[n] = Piece(long.astype(np.float32), "full", 1.0)
        odd.append(n)
    cards = deck_reader.recognise_pieces(scene.image, pieces)
    rescued = 0
    for n in odd:
        truth = np.array(scene.cards[whole[n]].quad, np.float32)
        card = cards[n]
        if card.uncertain:  # the readings did not agree: left for a person, never a guess
            continue
        assert card.label == scene.cards[whole[n]].label, n
        width = float(np.linalg.norm(truth[1] - truth[0]))
        assert np.abs(card.quad - truth).max() < 0.1 * width, n
        rescued += 1
    assert rescued >= 5


def test_card_pixels_no_piece_explains_beyond_a_whole_card_are_its_hidden_band() -> None:
    """The finder's card map shows a card continuing 0.3 card heights past the whole card's
    top edge where no piece was found: that stretch comes back as one band, free edge first,
    covered by the whole card. Where another piece explains the pixels, nothing comes back."""
    visible = np.zeros((500, 300), bool)
    visible[300 - 29:396, 100:164] = True  # the whole card and 29 px (0.3 card height) above
    visible[396:420, 100:164] = True  # beyond its bottom edge, explained by a piece below
    below = Piece(_quad(100, 396, 164, 492), "full", 1.0)
    bands = hidden_bands([WHOLE, below], visible, 1.0)
    assert len(bands) == 1
    band = bands[0]
    assert band.kind == "band" and band.covered_by == 0
    free_edge = band.quad[:2, 1]
    assert np.all(np.abs(free_edge - (300 - 0.3 * 96)) <= 0.03 * 96), free_edge
    np.testing.assert_allclose(band.quad[2:, 1], [300, 300])


@pytest.fixture(scope="module")
def column_scenes() -> list[Tableau]:
    deck = sushi_like_deck()
    return [render_tableau(seed, deck, SceneOptions(columns=0.5, pairs=0.2))
            for seed in range(2_300_460, 2_300_476)]


def test_a_column_the_finder_left_out_is_found_and_read(deck_reader: CardReader,
                                                        column_scenes: list[Tableau]) -> None:
    """Hidden bands end to end on rendered columns: the reader reads no fewer covered cards
    of a few scenes with them than without (one card of 149 either way is noise: the outline
    stage's one-way sides moved one), and adds no wrong or extra card. (They read more before
    the walk went past the band pieces along the card map, next test; on 40 tuning scenes they
    still read 2 more.)"""
    finder = deck_reader.finder
    finder.hidden = False
    try:
        without = _score(deck_reader, column_scenes)
    finally:
        finder.hidden = True
    with_hidden = _score(deck_reader, column_scenes)
    assert with_hidden.covered_right >= without.covered_right - 1
    assert with_hidden.covered_wrong <= without.covered_wrong
    assert with_hidden.extra <= without.extra


def test_a_column_is_walked_past_its_band_pieces_along_the_card_map(
        deck_reader: CardReader, column_scenes: list[Tableau]) -> None:
    """Bands the finder found no piece for, or found merged with the band before: with the
    finder's card map the walk goes on past the band pieces' reach (a band like the last
    one, or a typical first band, where the map shows card and no other whole card lies),
    and reads more covered cards than without the map, none wrong and no extra one."""
    finder = deck_reader.finder
    with_map, without = TableauScore(), TableauScore()
    for scene in column_scenes:
        found = finder.locate(scene.image)
        score_tableau(with_map, scene, Scan(tuple(deck_reader.recognise_pieces(
            scene.image, found.pieces, found))), 0.0)
        score_tableau(without, scene, Scan(tuple(deck_reader.recognise_pieces(
            scene.image, found.pieces))), 0.0)
    assert with_map.covered_right >= without.covered_right + 10  # 131 against 110
    assert with_map.covered_wrong <= without.covered_wrong
    assert with_map.extra <= without.extra


def _score(reader: CardReader, scenes: list[Tableau]) -> TableauScore:
    score = TableauScore()
    for scene in scenes:
        score_tableau(score, scene, reader.read(scene.image), 0.0)
    return score


def test_one_card_found_twice_is_read_once() -> None:
    """An uncertain band lying on a whole card read surely (a part of its art taken for the
    band of a card under it) goes; of two bands on one card, the one read surely stays; the
    references of the cards kept follow them."""
    from companion.vision.cards.results import Card
    from companion.vision.cards.tidy import drop_doubles as _drop_doubles

    whole = Card("tempura", _quad(100, 300, 164, 396), 0.9, False)
    art = Card("maki_1", _quad(100, 370, 164, 396), 0.3, True, "band")
    sure = Card("wasabi", _quad(100, 276, 164, 300), 0.9, False, "band", covered_by=0)
    again = Card("egg_nigiri", _quad(102, 274, 166, 299), 0.4, True, "band", covered_by=0)
    kept = _drop_doubles([again, whole, art, sure])
    assert [c.label for c in kept] == ["tempura", "wasabi"]
    assert kept[1].covered_by is None  # it named the card at 0, which went: see below
    kept = _drop_doubles([whole, art, sure])
    assert [(c.label, c.covered_by) for c in kept] == [("tempura", None), ("wasabi", 0)]


def test_a_cards_own_top_read_as_a_band_and_a_half_outline_go() -> None:
    """A band read surely as the whole card it lies within is that card's own top (its
    banner); a band of another card lying on a whole card stays (the whole card may be the
    one outlined too long). An uncertain whole card lying on a sure one is a part of it
    whose outline was not mended: it goes."""
    from companion.vision.cards.results import Card
    from companion.vision.cards.tidy import drop_doubles as _drop_doubles

    whole = Card("tempura", _quad(100, 300, 164, 396), 0.9, False)
    own_top = Card("tempura", _quad(100, 300, 164, 324), 0.9, False, "band")
    other = Card("wasabi", _quad(100, 300, 164, 324), 0.9, False, "band")
    half = Card("maki_1", _quad(100, 348, 164, 396), 0.3, True)
    assert [c.label for c in _drop_doubles([whole, own_top, half])] == ["tempura"]
    assert [c.label for c in _drop_doubles([whole, other])] == ["tempura", "wasabi"]
    beside = Card("tempura", _quad(100, 276, 164, 300), 0.9, False, "band", covered_by=0)
    assert len(_drop_doubles([whole, beside])) == 2  # the next card of a column: no double

def test_a_cards_own_end_read_as_a_band_joins_the_card() -> None:
    """A whole card outlined short of one end (a row of icons along it, outlined apart) has
    that end read as a band of a card lying under it. Card and band together make one card's
    shape: the band goes. Read as another card (the icons tell uramaki 3 from 5, the rest of
    the card cannot), the card is uncertain between the two. The next card of a column beyond
    a card of the frame's shape makes a shape too long: it stays."""
    from companion.vision.cards.results import Card
    from companion.vision.cards.tidy import drop_doubles as _drop_doubles

    short = Card("uramaki_3", _quad(100, 300, 164, 372), 0.9, False)
    end = Card("uramaki_3", _quad(100, 372, 164, 396), 0.99, False, "band", covered_by=0)
    kept = _drop_doubles([short, end], aspect=64 / 96)
    assert [(c.label, c.uncertain) for c in kept] == [("uramaki_3", False)]
    assert len(_drop_doubles([short, end])) == 2  # no frame shape known: nothing joined
    icons = Card("uramaki_5", end.quad, 0.99, False, "band", covered_by=0)
    kept = _drop_doubles([short, icons], aspect=64 / 96)
    assert [(c.label, c.uncertain, c.runner_up) for c in kept] == [
        ("uramaki_3", True, "uramaki_5")]
    whole = Card("uramaki_3", _quad(100, 300, 164, 396), 0.9, False)
    column = Card("uramaki_5", _quad(100, 396, 164, 420), 0.99, False, "band", covered_by=0)
    assert len(_drop_doubles([whole, column], aspect=64 / 96)) == 2


def test_a_band_may_be_part_of_a_whole_card_laid_across_it() -> None:
    """The whole cards an uncertain band could be a part of (its art taken for a band): one
    card height (the band's long side over the card's shape) from the free edge across the
    band, from the other edge back across it, and centred on it; each a portrait quad."""
    from companion.vision.cards.quads import cards_across as _cards_across

    band = _quad(100, 276, 164, 300)  # free edge (y = 276) first
    tries = _cards_across(band, 64 / 96)
    assert len(tries) == 3
    np.testing.assert_allclose(tries[0], _quad(100, 276, 164, 372), atol=1e-3)
    np.testing.assert_allclose(tries[1], _quad(100, 204, 164, 300), atol=1e-3)
    np.testing.assert_allclose(tries[2], _quad(100, 240, 164, 336), atol=1e-3)
    assert _cards_across(np.repeat(band[:1], 4, axis=0), 64 / 96) == []  # no band at all


def test_the_card_map_tells_how_much_of_a_quad_shows_card() -> None:
    """:meth:`Found.shown`: the share of a quad (frame pixels) on card pixels of the finder's
    map (kept at half the frame's size here); nothing outside the frame counts."""
    from companion.vision.cards.finder import Found

    visible = np.zeros((100, 200), bool)
    visible[20:60, 40:120] = True  # frame pixels 80-240 x 40-120
    found = Found([], visible, 0.5)
    assert found.shown(_quad(100, 50, 200, 110)) == pytest.approx(1.0, abs=0.05)
    assert found.shown(_quad(200, 50, 280, 110)) == pytest.approx(0.5, abs=0.08)
    assert found.shown(_quad(300, 150, 380, 190)) == 0.0
    assert found.shown(_quad(-80, -80, -10, -10)) == 0.0  # outside the frame


def test_whole_cards_edges_without_a_column_are_lone_edges() -> None:
    """Every whole card's short edge that no column leaves from comes as an empty column, for
    the walk to look beyond on the card map."""
    from companion.vision.cards.columns import lone_edges

    pieces = [WHOLE, MERGED]
    columns = find_columns(pieces)
    lone = lone_edges(pieces, columns)
    assert [(c.whole, c.side, c.bands, c.depth) for c in lone] == [(0, 1, (), 0.0)]
    np.testing.assert_allclose(lone[0].at(0.5, 0.25), [132, 420])  # a quarter card below


def test_a_lost_whole_card_is_tried_at_the_frames_card_size_both_ways_round() -> None:
    """An uncertain whole card matching nothing well may be outlined across two cards or
    turned: cards of the frame's typical size are laid on its middle, the long side along the
    outline's long side and across it (portrait quads: the first edge is a short one)."""
    from companion.vision.cards.quads import cards_on as _cards_on
    from companion.vision.cards.quads import typical_width as _typical_width

    assert _typical_width([_quad(0, 0, 64, 96)] * 2) is None  # too few to tell
    assert _typical_width([_quad(0, 0, 60, 90), _quad(0, 0, 64, 96), _quad(0, 0, 96, 64)]) \
        == pytest.approx(64)
    along, across = _cards_on(_quad(100, 100, 180, 300), 64, 64 / 96)  # too long, 80 wide
    np.testing.assert_allclose(sorted(along[:, 0]), [108, 108, 172, 172], atol=1e-3)
    np.testing.assert_allclose(sorted(along[:, 1]), [152, 152, 248, 248], atol=1e-3)
    np.testing.assert_allclose(sorted(across[:, 0]), [92, 92, 188, 188], atol=1e-3)
    np.testing.assert_allclose(sorted(across[:, 1]), [168, 168, 232, 232], atol=1e-3)
    for quad in (along, across):
        assert np.linalg.norm(quad[1] - quad[0]) == pytest.approx(64, abs=1e-3)


def _six_cards_of_a_scene() -> tuple[Tableau, list[int], list[int]]:
    """A tableau with no columns, its whole cards' indices, and six of them to outline
    wrongly."""
    scene = render_tableau(2_300_450, sushi_like_deck(), SceneOptions(columns=0.0, pairs=0.0))
    every = [i for i, c in enumerate(scene.cards) if c.visible == "full"]
    return scene, every, every[6:12]

def test_a_whole_card_outlined_only_to_its_middle_is_read_whole(
        deck_reader: CardReader) -> None:
    """A card on top of a column may be outlined from its far end to its middle only (the
    motifs' edge taken for the card's): a quad about square whose longer sides are the card's
    width. It is tried lengthened along either pair of sides to the shape of the frame's other
    cards, and read whole and surely."""
    from companion.vision.cards.mend import LENGTHS, tries_of
    from companion.vision.cards.quads import quad_aspect

    scene, every, whole = _six_cards_of_a_scene()
    pieces, truths = [], []
    for n, i in enumerate(whole):
        truth = np.array(scene.cards[i].quad, np.float32)  # first edge short (the top)
        half = truth.copy()
        if n % 2:  # the bottom half ...
            half[[0, 1]] = (truth[[0, 1]] + truth[[3, 2]]) / 2
        else:  # ... or the top half
            half[[3, 2]] = (truth[[0, 1]] + truth[[3, 2]]) / 2
        assert quad_aspect(half) >= LENGTHS.square
        tries = tries_of(half, quad_aspect(truth), LENGTHS)
        width = float(np.linalg.norm(truth[1] - truth[0]))
        assert min(_corner_error(t, truth) for t in tries) < 0.02 * width
        pieces.append(Piece(half, "full", 1.0))
        truths.append((truth, scene.cards[i].label, width))
    others = [Piece(np.array(scene.cards[i].quad, np.float32), "full", 1.0)
              for i in every if i not in whole]
    cards = deck_reader.recognise_pieces(scene.image, pieces + others)
    right = 0
    for card, (truth, label, width) in zip(cards[:len(truths)], truths, strict=True):
        if card.uncertain:
            continue
        # the frame's median shape, not this card's own (perspective): the far end may be off
        assert card.label == label and _corner_error(card.quad, truth) < 0.15 * width
        right += 1
    assert right >= 5



def test_a_whole_card_outlined_only_to_where_its_picture_cuts_it_is_read_whole(
        deck_reader: CardReader) -> None:
    """A card whose picture cuts it across (a coloured top over a grey foot, as on Sushi Go
    Party! cards) may be outlined from one end to that cut only: a quad whose long sides are
    the card's width, too far from every enrolled card to be read. Such a card is tried
    lengthened across its long sides, both ways, to the frame's card shape, and read whole
    (sure or not); a card that reads well as it is never is."""
    from companion.vision.cards.mend import LENGTHS, tries_of
    from companion.vision.cards.quads import quad_aspect

    scene, every, whole = _six_cards_of_a_scene()
    pieces, truths = [], []
    for n, i in enumerate(whole):
        truth = np.array(scene.cards[i].quad, np.float32)  # first edge short (the top)
        part = truth.copy()
        share = 0.4 if n % 2 else 0.45
        if n % 2:  # the foot ...
            part[[0, 1]] = truth[[3, 2]] + (truth[[0, 1]] - truth[[3, 2]]) * share
        else:  # ... or the top
            part[[3, 2]] = truth[[0, 1]] + (truth[[3, 2]] - truth[[0, 1]]) * share
        part = portrait(clockwise(part))  # as outlines come: first edge short
        assert quad_aspect(part) < LENGTHS.square
        width = float(np.linalg.norm(truth[1] - truth[0]))
        aspect = quad_aspect(truth)
        assert min(_corner_error(t, truth) for t in tries_of(part, aspect, LENGTHS)) \
            > 0.1 * width
        assert min(_corner_error(t, truth) for t in tries_of(part, aspect, LENGTHS, True)) \
            < 0.02 * width
        pieces.append(Piece(part, "full", 1.0))
        truths.append((truth, scene.cards[i].label, width))
    others = [Piece(np.array(scene.cards[i].quad, np.float32), "full", 1.0)
              for i in every if i not in whole]
    cards = deck_reader.recognise_pieces(scene.image, pieces + others)
    right = sum(card.label == label and _corner_error(card.quad, truth) < 0.15 * width
                for card, (truth, label, width) in zip(cards[:len(truths)], truths,
                                                       strict=True))
    assert right >= 5
    alone = deck_reader.recognise_pieces(scene.image, others)
    assert [(c.label, c.uncertain) for c in alone] == [
        (c.label, c.uncertain) for c in cards[len(truths):]]

def _corner_error(quad: npt.NDArray[np.float32], truth: npt.NDArray[np.float32]) -> float:
    """The largest corner distance between two quads, over the four ways to pair corners."""
    return min(float(np.linalg.norm(np.roll(quad, k, axis=0) - truth, axis=1).max())
               for k in range(4))


#: Scenes (default options) where a band lies beyond a whole card that is read uncertain while
#: the walk runs, its outline running over the band (session 12, tuning, bench and five fresh
#: ranges): one covered card each read with the wider room, none without.
UNSURE_ROOM_SCENES = (2_450_057, 2_000_026, 3_800_001, 3_800_049, 3_800_050, 4_000_019,
                      4_000_024, 3_700_003, 3_700_006, 3_700_032, 3_700_045, 4_200_030,
                      4_200_031)


def test_a_band_may_run_further_under_an_uncertain_whole_card(
        deck_reader: CardReader) -> None:
    """A column's walk lays a band on no other whole card; an uncertain whole card may hold
    more of it (:attr:`~companion.vision.cards.walk.ColumnsConfig.unsure_room`: its outline
    may have taken in the band). Over the scenes where that mattered, most of those covered
    cards are read, and no card is read wrong or extra for it."""
    from companion.vision.cards.walk import COLUMNS

    scenes = [render_tableau(seed, sushi_like_deck()) for seed in UNSURE_ROOM_SCENES]
    wide = _score(network_only(deck_reader), scenes)
    narrow = _score(network_only(deck_reader, columns=replace(
        COLUMNS, unsure_room=COLUMNS.same_band)), scenes)
    assert wide.covered_right >= narrow.covered_right + 9  # 13 measured (both embedders)
    assert wide.covered_wrong <= narrow.covered_wrong
    assert wide.extra <= narrow.extra


def test_an_uncertain_whole_card_leaves_a_walk_more_room() -> None:
    from companion.vision.cards.walk import COLUMNS, Room

    same, unsure_room = COLUMNS.same_band, COLUMNS.unsure_room
    sure, unsure = _quad(0, 0, 64, 96), _quad(200, 0, 264, 96)
    own = _quad(0, 300, 64, 396)
    room = Room.of(None, [sure, unsure, own], (same, unsure_room, same), COLUMNS.shown)
    half = (same + unsure_room) / 2  # a band with this share on the card
    depth = 24
    for card, free in ((sure, False), (unsure, True)):
        x0, y1 = float(card[0, 0]), float(card[2, 1])
        band = _quad(x0, y1 - half * depth, x0 + 64, y1 - half * depth + depth)
        assert room.free(band, own, on_map=False) is free
    assert room.free(_quad(0, 96, 64, 120), own, on_map=False)  # beyond: on neither
