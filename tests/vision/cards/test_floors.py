"""Accuracy floors, asserted in CI (set a little below what docs/PERFORMANCE.md reports).

* Real photos: the 81 classes of ``../shared/data/cards/set_cards`` enrolled one-shot (the first
  photo of each class by name), the other 729 recognised. The networks never saw a real photo.
* Synthetic tableaux (seeds from 2,000,000; training used lower seeds): fully visible cards
  found and labelled right, and labelled wrong without being marked uncertain; covered cards
  (columns, a card on another) measured separately (the finder's share of covered cards found
  as bands is asserted in ``test_finder.py``).
"""

from __future__ import annotations

import pytest

from companion.vision.cards.embedding import Embedder
from companion.vision.cards.evaluate import TableauScore, evaluate_folder, score_tableau
from companion.vision.cards.procedural import sushi_like_deck
from companion.vision.cards.reader import CardReader
from companion.vision.cards.tableau import render_tableau
from tests.vision.cards.conftest import set_cards_or_skip

# Measured with the shipped models (docs/PERFORMANCE.md, "Card scanning"): SET top-1 0.947
# and 0.983 when certain; on these 12 synthetic photos (session 10) 140 of 141 fully visible
# cards right (0.993), none wrong and certain, 73 of 77 covered cards right (0.948). The
# bench's 60 scenes meet the synthetic targets (0.99, none wrong, covered 0.95), but
# not every set of scenes does (see docs/PERFORMANCE.md); these floors keep what is reached
# from sliding back.
# Session 14 (issue 22): the embedder is now trained on real SET photos as well
# (tools/train_embedder_real.py), so the SET one-shot floor no longer measures a set the
# network never saw (docs/PERFORMANCE.md gives the class-held-out figure); what counts is
# real table photos (bench/bench_real_cards.py: 60.1% -> 89.9% right, 13.1% -> 0.6% wrong and
# sure). With the outline and evidence stages, on these 12 synthetic photos it reads 139 of
# 141 whole cards right (0.986; none wrong) and 67 of 77 covered ones (0.870; 69 without the
# evidence stage, which drops a band when it found no card lying on it). With the fine check
# no longer overruling the descriptor (Thresholds.overrule, off then: real photos 2 wrong and
# sure -> none; on again since session 17, the calibration keeping a disagreement uncertain),
# 132 whole (0.936; 6 uncertain, 1 wrong and sure) and 65 covered
# (0.844): the floors are re-based there and one wrong whole card is allowed.
# Issue 22 item 5: a card is sure only where its calibrated probability of being right
# (companion/vision/cards/doubt.py, fitted on real table photos of whole cards) is at least
# 0.995. The drawn deck's look-alikes and the bands lead their runner-ups by less than the
# real photos' whole cards, so more of them ask for a tap: 109 whole (0.773; 15 uncertain, 1
# wrong and sure) and 33 covered (0.429). These synthetic floors are re-based there; the real
# tables (test_real_tables.py) decide.
# Session 18: a lost card tried across its long sides and taken uncertain, large outlines read,
# and a band no surer than the card lying on it: 107 whole right (0.759; 33 uncertain, none
# wrong and sure, 1 missed where 16 were) and 28 covered (0.364): the cards found where they
# were missed ask for a tap, and 5 bands under uncertain cards do too.
SET_TOP1_FLOOR = 0.93
SET_CERTAIN_FLOOR = 0.97
FULL_FLOOR = 0.74
FULL_WRONG_CEILING = 1
COVERED_FLOOR = 0.34
SCENES = 12


@pytest.mark.slow
def test_set_cards_one_shot_floor(embedder: Embedder) -> None:
    score = evaluate_folder(set_cards_or_skip(), 1, embedder)
    assert score.classes == 81 and score.queries == 729
    assert score.top1 >= SET_TOP1_FLOOR, score.to_json()
    assert score.accuracy_when_certain >= SET_CERTAIN_FLOOR, score.to_json()


@pytest.mark.slow
def test_synthetic_tableaux_floor(shipped_reader: CardReader) -> None:
    deck = sushi_like_deck()
    score = TableauScore()
    for seed in range(2_000_000, 2_000_000 + SCENES):
        truth = render_tableau(seed, deck)
        score_tableau(score, truth, shipped_reader.read(truth.image), 0.0)
    assert score.full >= 100
    assert score.full_rate >= FULL_FLOOR, score.to_json()
    assert score.full_wrong <= FULL_WRONG_CEILING, score.to_json()
    assert score.covered_rate >= COVERED_FLOOR, score.to_json()
