"""The procedural test deck and synthetic tableaux: what the accuracy floors are measured on."""

from __future__ import annotations

import numpy as np

from companion.games.sushi_go_party.cards import CARDS_BY_ID
from companion.vision.cards.procedural import (
    CARD_ASPECT,
    mutate,
    random_design,
    render_card,
    sushi_like_deck,
)
from companion.vision.cards.tableau import SceneOptions, render_tableau


def test_the_test_deck_has_forty_distinct_catalogue_cards() -> None:
    deck = sushi_like_deck()
    labels = [d.label for d in deck]
    assert len(labels) == 40 and len(set(labels)) == 40
    assert all(label in CARDS_BY_ID for label in labels)
    images = [render_card(d, 60) for d in deck]
    assert all(a.shape == (round(60 / CARD_ASPECT), 60, 3) for a in images)
    assert len({a.tobytes() for a in images}) == 40


def test_wasabi_shares_nigiris_paper_as_in_the_printed_deck() -> None:
    by_label = {d.label: d for d in sushi_like_deck()}
    assert by_label["wasabi"].paper == by_label["egg_nigiri"].paper


def test_rendering_is_deterministic_and_siblings_differ() -> None:
    design = random_design(7)
    assert np.array_equal(render_card(design, 80), render_card(random_design(7), 80))
    assert mutate(design, 1) != design


def test_a_tableau_has_its_ground_truth() -> None:
    options = SceneOptions(players=(2, 2), cards_per_player=(8, 15), columns=0.5, pairs=0.3)
    scene = render_tableau(2_000_123, sushi_like_deck(), options)
    assert scene.image.shape == (720, 1280, 3)
    assert 16 <= len(scene.cards) <= 30
    kinds = {c.visible for c in scene.cards}
    assert "full" in kinds and "band" in kinds
    for i, card in enumerate(scene.cards):
        if card.visible == "band":
            assert card.covered_by is not None and card.covered_by > i
        if card.visible == "full":
            assert card.visible_share >= 0.93
