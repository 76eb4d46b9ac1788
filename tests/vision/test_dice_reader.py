"""The pip reader: the accuracy floor on real photos it never trained on, larger dice,
synthetic tray frames, and what it does with frames that hold no dice.

The shipped models never saw the photos listed in ``companion/vision/models/dice_holdout.txt``
(block 0 of 5 of byler_d6, sorted by name); the floors below are asserted on those only.
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from companion.vision import synthetic
from companion.vision.commands import holdout_names
from companion.vision.dice import (
    SHARED_SIZE_RANGE,
    DiceReader,
    ReaderConfig,
    default_reader,
    shared_size,
)
from companion.vision.evaluate import Score, evaluate, load_samples
from tests.vision import helpers
from tests.vision.helpers import byler_or_skip

# The targets are 0.90 per die and 0.60 exact on photos the models never saw. The shipped
# reader reads 0.968 / 0.625 on these 40 photos (docs/PERFORMANCE.md, "Dice camera"): the floors
# hold it to the targets (exact: one photo of slack).
PER_DIE_FLOOR = 0.95
EXACT_FLOOR = 0.6
SYNTHETIC_EXACT_FLOOR = 0.85


@pytest.fixture(scope="module")
def holdout_scores() -> dict[float, Score]:
    folder = byler_or_skip()
    cv2.setNumThreads(1)
    samples = load_samples(folder, holdout_names())
    assert len(samples) == 40
    return {scale: evaluate(samples, default_reader().read, scale=scale)
            for scale in (1.0, 2.5)}


def test_the_held_out_photos_were_never_trained_on_and_exist() -> None:
    folder = byler_or_skip()
    names = holdout_names()
    assert len(names) == 40 and len(set(names)) == 40
    assert all((folder / "images" / name).is_file() for name in names)


def test_real_photos_per_die_accuracy_and_exact_rate_hold_the_floor(
        holdout_scores: dict[float, Score]) -> None:
    score = holdout_scores[1.0]
    assert score.per_die_accuracy >= PER_DIE_FLOOR, score.to_json()
    assert score.exact_rate >= EXACT_FLOOR, score.to_json()


def test_tray_sized_dice_read_at_least_as_well(holdout_scores: dict[float, Score]) -> None:
    # x2.5: the photos' 30-45 px dice become 75-110 px, what a tray camera sees
    score = holdout_scores[2.5]
    assert score.per_die_accuracy >= PER_DIE_FLOOR, score.to_json()
    assert score.exact_rate >= EXACT_FLOOR, score.to_json()


def test_synthetic_tray_frames_of_two_dice_read_exactly() -> None:
    reader = default_reader()
    frames, wrong = 200, []
    for seed in range(2_000_000, 2_000_000 + frames):  # seeds the training never used
        scene = synthetic.random_scene(seed, 2)
        found = reader.read(synthetic.render(scene, seed))
        if sorted(d.value for d in found) != sorted(d.value for d in scene.dice):
            wrong.append(seed)
    assert 1 - len(wrong) / frames >= SYNTHETIC_EXACT_FLOOR, wrong


def test_a_calibrated_tray_camera_reads_two_dice_exactly_or_says_it_is_unsure() -> None:
    # the tray camera knows how big a die looks (calibration): boxes checked against it, each
    # die re-centred on its silhouette or pips, four views; seeds never used while tuning
    frames, wrong, unflagged = 300, [], []
    reader = DiceReader()
    for seed in range(6_000_000, 6_000_000 + frames):
        scene = synthetic.random_scene(seed, 2)
        reader.config = ReaderConfig(die_px=sum(d.size for d in scene.dice) / 2, views=4,
                                     second_look=None)
        found = reader.read(synthetic.render(scene, seed))
        if sorted(d.value for d in found) != sorted(d.value for d in scene.dice):
            wrong.append(seed)
            if len(found) == 2 and all(d.confidence >= 0.75 for d in found):
                unflagged.append(seed)
    assert len(wrong) <= 1, f"wrong on seeds {wrong}"
    assert not unflagged, f"read wrong with confidence on seeds {unflagged}"


def test_a_table_without_dice_reads_no_dice() -> None:
    scene = synthetic.random_scene(5, 2)
    image = synthetic.render(synthetic.Scene(seed=5, table=scene.table, tray=scene.tray,
                                             tray_colour=scene.tray_colour))
    assert default_reader().read(image) == []


def test_boxes_and_confidences_are_in_the_frame() -> None:
    scene = synthetic.random_scene(9, 3)
    dice = default_reader().read(synthetic.render(scene, 1))
    assert len(dice) == 3
    for die in dice:
        x0, y0, x1, y1 = die.box
        assert 0 <= x0 < x1 <= 1280 and 0 <= y0 < y1 <= 720
        assert 0.0 <= die.confidence <= 1.0 and 0.0 <= die.score <= 1.0


def test_an_empty_image_is_refused() -> None:
    with pytest.raises(ValueError, match="non-empty BGR"):
        default_reader().read(np.zeros((0, 0, 3), np.uint8))


def test_missing_shared_photos_fail_in_ci_and_skip_elsewhere(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(helpers, "BYLER", tmp_path / "byler_d6")
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="shared dice photos are missing"):
        helpers.byler_or_skip()
    monkeypatch.delenv("CI")
    with pytest.raises(pytest.skip.Exception, match="skipped outside CI"):
        helpers.byler_or_skip()


def test_a_box_drawn_far_from_the_dice_size_is_brought_to_it() -> None:
    # a camera above the table sees its dice at one size: a box the detector drew at half or
    # twice that size would hide pips or show a neighbour's
    found = [(10.0, 10.0, 40.0, 40.0, 0.9), (60.0, 10.0, 42.0, 38.0, 0.8),
             (110.0, 10.0, 38.0, 40.0, 0.7), (160.0, 10.0, 18.0, 20.0, 0.6),
             (210.0, 10.0, 80.0, 70.0, 0.3)]
    out = shared_size(found)
    assert out[:3] == found[:3]
    lo, hi = SHARED_SIZE_RANGE
    assert max(out[3][2:4]) == pytest.approx(lo * 40.0)
    assert max(out[4][2:4]) == pytest.approx(hi * 40.0)
    assert out[4][2] / out[4][3] == pytest.approx(80 / 70)  # aspect and centre kept
    assert out[3][:2] == found[3][:2] and out[3][4] == found[3][4]


def test_too_few_strong_dice_leave_the_sizes_alone() -> None:
    found = [(10.0, 10.0, 40.0, 40.0, 0.9), (60.0, 10.0, 15.0, 15.0, 0.4)]
    assert shared_size(found) == found
