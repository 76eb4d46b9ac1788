"""Look-alike cards are told apart by where their enrolled crops differ (issue 22 item 4).

A card set learns its look-alike pairs (labels whose enrolled crops' descriptors are close) and,
for each, a mask of where the pair's enrolled crops differ; the masks are stored with the set,
and a set saved before them learns them on load. On the real SET crops of
``../shared/data/cards/set_cards`` (one crop a class enrolled, the other crops read), every
query is decided between its class and each class one attribute apart (count, colour, shading,
shape) inside the pair's mask: counted over the set with a tolerance, as
``bench/bench_lookalikes.py`` measures it.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

import numpy as np
import pytest

from companion.vision.cards.embedding import Embedder
from companion.vision.cards.enrollment import CardSet
from companion.vision.cards.lookalike import MASK_H, MASK_W, difference_mask, mask_weights
from companion.vision.cards.procedural import render_card, sushi_like_deck
from companion.vision.cards.store import load_set, model_digest, save_set, set_dir
from companion.vision.cards.verify import FINE_H, FINE_W
from tests.vision.cards.conftest import set_cards_or_skip

ROOT = Path(__file__).resolve().parents[3]
#: Floor for the share of one-attribute pairs the look-alike check decides right (a little
#: under what bench_lookalikes.py measured on the diamonds, the classes held out of tuning).
PAIRWISE_FLOOR = 0.95


def test_the_mask_marks_where_two_cards_differ() -> None:
    rng = np.random.default_rng(0)
    base = rng.uniform(20, 80, (FINE_H, FINE_W, 3)).astype(np.float32)
    other = base.copy()
    other[10:30, 10:30] += 30  # the one place they differ
    mask = difference_mask([base], [other])
    assert mask.shape == (MASK_H, MASK_W)
    inside = mask[5:15, 5:15].astype(float).mean()
    assert inside > 200 and mask[30:, 20:].mean() < 0.05 * inside
    weights = mask_weights(mask, (FINE_H, FINE_W), turned=True)  # upside down: the far corner
    assert weights[-30:, -30:].mean() > weights[:60].mean()


def _small_set(embedder: Embedder) -> CardSet:
    card_set = CardSet(name="alike", model=model_digest())
    for design in sushi_like_deck()[:6]:
        card_set.add(design.label, [render_card(design, 128)], embedder)
    return card_set


def test_the_lookalike_masks_are_stored_with_the_set_and_old_sets_learn_them(
        tmp_path: Path, embedder: Embedder) -> None:
    card_set = _small_set(embedder)
    card_set.learn_lookalikes()
    save_set(tmp_path, card_set)
    loaded = load_set(tmp_path, "alike", embedder)
    assert loaded.lookalikes.keys() == card_set.lookalikes.keys()
    for key, mask in card_set.lookalikes.items():
        assert np.array_equal(loaded.lookalikes[key], mask)
    folder = set_dir(tmp_path, "alike")
    npz = next(folder.glob("set-*.npz"))
    arrays = dict(np.load(npz))
    del arrays["lookalike_pairs"], arrays["lookalike_masks"]  # as sets were saved before
    buffer = io.BytesIO()
    np.savez_compressed(buffer, **arrays)
    npz.write_bytes(buffer.getvalue())
    old = load_set(tmp_path, "alike", embedder)
    assert old.lookalikes.keys() == card_set.lookalikes.keys()


@pytest.mark.slow
def test_real_set_lookalikes_one_attribute_apart_are_told_apart_inside_their_masks() -> None:
    set_cards_or_skip()
    sys.path.insert(0, str(ROOT / "bench"))
    from bench_lookalikes import held_out_pairwise

    tally = held_out_pairwise()
    pairs, masked, whole = tally["pairs"], tally["masked"], tally["whole_card"]
    assert pairs["all"] >= 1500
    assert masked["all"] >= PAIRWISE_FLOOR * pairs["all"], (dict(pairs), dict(masked))
    assert masked["all"] >= whole["all"] - 0.01 * pairs["all"], (dict(masked), dict(whole))
    assert all(masked[k] >= 0.85 * pairs[k] for k in pairs), (dict(pairs), dict(masked))
