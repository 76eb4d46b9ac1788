"""Scoring a reader on labelled photos: one-to-one matching, missed, extra, exact multisets."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.vision.dice import Die
from companion.vision.evaluate import (
    LabelledDie,
    Sample,
    Score,
    UnreadableImage,
    load_samples,
    match,
    read_image,
)

BOX = (10.0, 10.0, 50.0, 50.0)


def die(value: int, cx: float, cy: float, size: float = 40.0) -> Die:
    return Die(value, (cx - size / 2, cy - size / 2, cx + size / 2, cy + size / 2), 0.9, 0.9)


def test_a_prediction_counts_only_when_its_centre_lies_inside_the_labelled_box() -> None:
    truth = [LabelledDie(3, BOX)]
    assert match(truth, [die(3, 30, 30)]) == [(0, 0)]
    assert match(truth, [die(3, 55, 30)]) == []


def test_each_labelled_die_is_paired_with_at_most_one_prediction_closest_first() -> None:
    truth = [LabelledDie(3, BOX)]
    found = [die(4, 45, 45), die(3, 31, 29)]
    assert match(truth, found) == [(0, 1)]
    score = Score()
    score.add(Sample(Path("a.jpg"), tuple(truth)), found, 0.01)
    assert (score.correct, score.missed, score.extra, score.exact) == (1, 0, 1, 0)


def test_a_missed_die_counts_as_wrong_and_exact_needs_the_same_multiset() -> None:
    truth = (LabelledDie(2, BOX), LabelledDie(5, (60.0, 10.0, 100.0, 50.0)))
    score = Score()
    score.add(Sample(Path("a.jpg"), truth), [die(2, 30, 30)], 0.002)
    score.add(Sample(Path("b.jpg"), truth), [die(5, 30, 30), die(2, 80, 30)], 0.004)
    assert score.dice == 4 and score.correct == 1 and score.missed == 1
    assert score.exact == 1  # b has both values, even though they sit in swapped places
    assert score.per_die_accuracy == 0.25 and score.exact_rate == 0.5
    assert score.to_json()["ms_per_image"] == pytest.approx(3.0)


def test_unreadable_inputs_are_named(tmp_path: Path) -> None:
    empty = tmp_path / "empty.jpg"
    empty.write_bytes(b"")
    junk = tmp_path / "junk.jpg"
    junk.write_bytes(b"not a jpeg at all")
    with pytest.raises(UnreadableImage, match="empty"):
        read_image(empty)
    with pytest.raises(UnreadableImage, match="not an image"):
        read_image(junk)
    with pytest.raises(UnreadableImage, match="cannot read"):
        read_image(tmp_path / "missing.jpg")
    with pytest.raises(UnreadableImage, match="no images/ and labels/"):
        load_samples(tmp_path)
