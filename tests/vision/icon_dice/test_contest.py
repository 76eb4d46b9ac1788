"""Faces whose icons share an outline (salmon and squid nigiri: a slab over rice) are told
apart by reading every close contender at its own pose (``contest.py``), not at the pose the
finder tuned for whichever face looked best while it climbed."""

from __future__ import annotations

import numpy as np
import pytest

from companion.vision.icon_dice.contest import PLAN, contenders, contest
from companion.vision.icon_dice.evaluate import score
from companion.vision.icon_dice.faces import readings
from companion.vision.icon_dice.finder import climb
from companion.vision.icon_dice.matching import FaceSet, Pose, WorkImage, describe
from companion.vision.icon_dice.scenes import IconScene, IconSceneDie, render

#: Tuning frames (seeds 50,000-50,199) on which the reader without the contest read a salmon
#: nigiri as squid (50,174 at similarity 0.74, not marked uncertain).
CONFUSED_FRAMES = (50_003, 50_038, 50_110, 50_174)


def _every_face(style: int, size: float) -> tuple[IconScene, list[Pose]]:
    dice = tuple(IconSceneDie(r, 60 + 100 * (i % 6), 60 + 100 * (i // 6), size, 11.0 * i,
                              style=style) for i, r in enumerate(readings()))
    scene = IconScene(width=640, height=340, seed=3, dice=dice, cast=(1.08, 0.95, 0.92))
    return scene, [(d.x, d.y, d.angle, d.size) for d in dice]


@pytest.mark.parametrize("style", [0, 1, 3])
def test_a_pose_tuned_for_the_look_alike_face_does_not_change_the_reading(
        faces: FaceSet, style: int) -> None:
    """Each die's pose is first hill-climbed on the similarity of its most similar *other*
    face (what the finder does when a die off its centre first looks like that face); read
    there, the face set alone names the look-alike for a salmon nigiri (squid); with the
    contest every die is read as its own face."""
    scene, poses = _every_face(style, 52.0)
    work = WorkImage(render(scene), 52.0)
    truth = np.array([faces.labels.index(d.reading) for d in scene.dice])
    at_true = faces.scores(describe(work.crops(poses)))
    at_true[np.arange(len(poses)), truth] = -np.inf
    tuned, _ = climb(faces, work, poses, at_true.argmax(axis=1), PLAN)
    scores = faces.scores(describe(work.crops(tuned)))
    before = [m.label for m in faces.decide(scores)]
    after = [m.label for m in faces.decide(contest(faces, work, tuned, scores))]
    assert after == [d.reading for d in scene.dice]
    assert before != after  # the case the contest is for did occur


@pytest.mark.parametrize("seed", CONFUSED_FRAMES)
def test_salmon_nigiri_that_read_as_squid_are_read_right(faces: FaceSet, seed: int) -> None:
    tally = score(faces, 1, seed)
    assert tally.dice >= 10
    assert tally.wrong == 0, tally.line()


def test_contenders_are_the_labels_close_to_the_best() -> None:
    scores = np.array([[0.9, 0.85, 0.1, 0.7], [0.9, 0.2, 0.1, 0.3]], np.float32)
    assert contenders(scores) == [[0, 1, 3], [0]]


def test_the_contest_never_lowers_a_score_and_leaves_clear_dice_alone(faces: FaceSet) -> None:
    scene, poses = _every_face(0, 52.0)
    work = WorkImage(render(scene), 52.0)
    scores = faces.scores(describe(work.crops(poses)))
    revised = contest(faces, work, poses, scores)
    assert np.all(revised >= scores)
    alone = [i for i, c in enumerate(contenders(scores)) if len(c) == 1]
    assert alone
    assert np.array_equal(revised[alone], scores[alone])
