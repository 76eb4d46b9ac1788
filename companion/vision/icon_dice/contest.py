"""A second look between close candidates: every contender for a die read at its own pose.

**Why.** The finder (:mod:`~companion.vision.icon_dice.finder`) leaves each die at the pose
where the label that was best *during its climb* fits best. Faces whose icons share their
outline (the nigiri: a slab over a block of rice; what tells them apart is the slab's colour
and its stripes or scoring) trade places there: a die a few hundredths of a die off its
centre can look a little more like the other face, the climb then settles on *that* face's
optimum, and at that pose the die's own face fits badly (similarity 0.6 where it would
reach 0.85-0.9 when centred). Matching every label at one shared pose is then biased
towards the face the pose was tuned for, and the colour terms of the similarity, which
favour the right face, cannot make up for it.

**What.** :func:`contest` takes, for each die, the labels whose similarity at the found pose
is within :data:`WINDOW` of the best (at most :data:`CONTENDERS` of them, the best
included), climbs the pose again for each of them on that label's similarity alone
(:func:`~companion.vision.icon_dice.finder.climb`, the steps of :data:`PLAN`: at most
:data:`REACH` dice from the found pose, so it stays on this die) and scores each contender at
its own best pose. The face set then decides on those scores
(:meth:`~companion.vision.icon_dice.matching.FaceSet.decide`): the best label, and the margin
over the runner-up, are measured between contenders each given its best chance. Nothing
depends on which faces are enrolled: the contenders are whichever labels come close.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from companion.vision.icon_dice.finder import climb
from companion.vision.icon_dice.matching import FaceSet, FloatArray, Pose, WorkImage

#: A label is a contender when its similarity at the found pose is within this of the best.
WINDOW = 0.3
#: At most this many contenders per die (the best included).
CONTENDERS = 3
#: The climb of each contender: ``(True, dice)`` a position step along the die's axes,
#: ``(False, degrees)`` an angle step.
PLAN: tuple[tuple[bool, float], ...] = (
    (True, 0.05), (True, 0.05), (True, 0.025), (True, 0.025), (False, 4.0), (False, 2.0),
    (True, 0.025))
#: How far (dice, along either axis) a contender's pose may move from the found pose.
REACH = sum(step for position, step in PLAN if position)


def contenders(scores: FloatArray) -> list[list[int]]:
    """For each row of ``scores`` (a die's similarity to every label), the indices of its
    contenders, best first: within :data:`WINDOW` of the best, at most :data:`CONTENDERS`."""
    out = []
    for row in scores:
        order = np.argsort(-row)[:CONTENDERS]
        best = float(row[order[0]])
        out.append([int(i) for i in order if float(row[i]) >= best - WINDOW])
    return out


def contest(faces: FaceSet, work: WorkImage, poses: Sequence[Pose],
            scores: FloatArray) -> FloatArray:
    """``scores`` (``(len(poses), len(labels))``, each die's similarity to each label at its
    found pose) with every contender's entry replaced by its similarity at its own best pose
    nearby (see the module docstring); never lower than before. Dice with one contender keep
    their row as it was."""
    out = np.array(scores, np.float32, copy=True)
    pairs = [(i, label) for i, labels in enumerate(contenders(out)) if len(labels) > 1
             for label in labels]
    if not pairs:
        return out
    _, got = climb(faces, work, [poses[i] for i, _ in pairs],
                np.array([label for _, label in pairs], np.int64), PLAN)
    for (i, label), value in zip(pairs, got, strict=True):
        out[i, label] = max(float(out[i, label]), float(value))
    return out
