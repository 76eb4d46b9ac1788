"""Finding icon dice in a frame of known die size: seeds, a verified search, neighbours.

The die size is known (calibration's ``die_px``), so a die is a square of known side whose
face must look like one of the enrolled faces. :func:`find` works on a
:class:`~companion.vision.icon_dice.matching.WorkImage`:

1. **Seeds**: places where a die may be, from the pip reader's detector network
   (:class:`companion.vision.dice.DiceReader`, run at the calibrated scale): it finds the
   square bodies of icon dice too, but between two dice touching it often gives one peak.
2. **Orientation** (:func:`orientation`): a square's edges turn its gradients' angles into one
   value modulo 90 degrees: the magnitude-weighted mean of ``4 * angle`` over a square ring
   around the position (the icon in the middle left out), from integral images.
3. **Verified search**: around each seed, a 3 x 3 grid half a die apart (along the die's axes)
   is scored by how similar each crop is to its most similar enrolled face
   (:meth:`~companion.vision.icon_dice.matching.FaceSet.scores`); poses scoring at least
   :attr:`~companion.vision.icon_dice.matching.Thresholds.die` are refined by a small
   hill-climb (position, then angle) and the best of those closer than :data:`MIN_APART` dice
   is kept (dice never overlap).
4. **Neighbours**: next to every die found, the four places one die away along its axes are
   tried the same way (a belt's dice often touch), twice.

:func:`climb` is the same hill-climb on one fixed label per pose (the reader's second look
between close faces, :mod:`~companion.vision.icon_dice.contest`).

Pure; :class:`Found` poses are in frame pixels.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from companion.vision.icon_dice.matching import FaceSet, Pose, WorkImage, describe

#: Centres of two dice are at least this many dice apart.
MIN_APART = 0.72
#: The orientation ring: outer and inner half-sides, in dice.
RING = (0.62, 0.3)
#: Hill-climb steps (dice) and angle steps (degrees).
STEPS = (0.2, 0.1, 0.05, 0.025)
ANGLE_STEPS = (4.0, 2.0)

Seeder = Callable[[np.ndarray], list[tuple[float, float]]]


@dataclass(frozen=True)
class Found:
    """A die found at ``pose`` (x, y, angle, size; frame pixels) with its best ``score``."""

    pose: Pose
    score: float


class Orientation:
    """Integral images of the work image's gradient energy at 4x its angle."""

    def __init__(self, work: WorkImage) -> None:
        grey = cv2.cvtColor(work.bgr, cv2.COLOR_BGR2GRAY).astype(np.float32)
        gx = cv2.Sobel(grey, cv2.CV_32F, 1, 0, ksize=3)
        gy = cv2.Sobel(grey, cv2.CV_32F, 0, 1, ksize=3)
        mag2 = gx * gx + gy * gy
        phi = np.arctan2(gy, gx)
        self._c = cv2.integral(mag2 * np.cos(4 * phi), sdepth=cv2.CV_64F)
        self._s = cv2.integral(mag2 * np.sin(4 * phi), sdepth=cv2.CV_64F)
        self.work = work

    def _box(self, table: np.ndarray, x: float, y: float, half: float) -> float:
        h, w = table.shape[0] - 1, table.shape[1] - 1
        x0, x1 = int(np.clip(round(x - half), 0, w)), int(np.clip(round(x + half), 0, w))
        y0, y1 = int(np.clip(round(y - half), 0, h)), int(np.clip(round(y + half), 0, h))
        return float(table[y1, x1] - table[y0, x1] - table[y1, x0] + table[y0, x0])

    def angle(self, x: float, y: float) -> float:
        """The die's angle (degrees, 0-90) at frame point ``(x, y)``."""
        k = self.work.scale
        d = self.work.die_px * k
        cx, cy = x * k, y * k
        c = self._box(self._c, cx, cy, RING[0] * d) - self._box(self._c, cx, cy, RING[1] * d)
        s = self._box(self._s, cx, cy, RING[0] * d) - self._box(self._s, cx, cy, RING[1] * d)
        return (math.degrees(math.atan2(s, c)) / 4) % 90.0


#: The body window: side (dice) and pixels; the body colour ring (dice from the centre); the
#: largest colour distance of a body pixel; accepted rectangle sides (dice) for one die.
BODY_WINDOW = (2.4, 64)
BODY_RING = (0.3, 0.42)
BODY_DISTANCE = 20.0
ONE_DIE = (0.8, 1.25)
TWO_DICE = (1.75, 2.3)


def body_poses(work: WorkImage, x: float, y: float) -> list[Pose] | None:
    """The pose of the die whose body is around frame point ``(x, y)`` (a little off its
    centre is fine): the region of the body's colour (the median of a ring inside the die)
    connected to the middle, holes filled, its minimum-area rectangle. Two poses when the
    region is two dice long (two dice of one kind touching); ``None`` when it is neither one
    nor two dice (a die the colour of the surface, dice in a cluster)."""
    side, px = BODY_WINDOW
    s = work.die_px
    win = work.sample([(x, y, 0.0, s)], side, px)[0]
    g = ((np.arange(px) + 0.5) / px - 0.5) * side
    gu, gv = np.meshgrid(g, g)
    r = np.maximum(abs(gu), abs(gv))
    ring = (r >= BODY_RING[0]) & (r <= BODY_RING[1])
    body = np.median(win[ring], axis=0)
    diff = win - body
    dist = np.sqrt(diff[..., 1] ** 2 + diff[..., 2] ** 2 + (0.5 * diff[..., 0]) ** 2)
    mask = (dist < BODY_DISTANCE).astype(np.uint8)
    mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    count, labels = cv2.connectedComponents(mask)
    ids = labels[ring & (labels > 0)]  # the icon may fill the middle: the ring is the body
    if count <= 1 or not ids.size:
        return None
    own = (labels == int(np.bincount(ids).argmax())).astype(np.uint8)
    if own[0].any() or own[-1].any() or own[:, 0].any() or own[:, -1].any():
        return None  # runs out of the window: the surface has the body's colour
    contours, _ = cv2.findContours(own, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    (cx, cy), (w, h), angle = cv2.minAreaRect(max(contours, key=cv2.contourArea))
    unit = px / side  # window pixels per die
    w, h = w / unit, h / unit
    fx, fy = x + (cx - px / 2) / unit * s, y + (cy - px / 2) / unit * s
    lo, hi = ONE_DIE
    if lo <= w <= hi and lo <= h <= hi:
        return [(fx, fy, angle % 90.0, s)]
    long_w = TWO_DICE[0] <= w <= TWO_DICE[1] and lo <= h <= hi
    long_h = TWO_DICE[0] <= h <= TWO_DICE[1] and lo <= w <= hi
    if not (long_w or long_h):
        return None
    a = math.radians(angle if long_w else angle + 90)
    dx, dy = math.cos(a) * s * 0.5, math.sin(a) * s * 0.5
    return [(fx - dx, fy - dy, angle % 90.0, s), (fx + dx, fy + dy, angle % 90.0, s)]


def _best(faces: FaceSet, work: WorkImage, poses: Sequence[Pose],
          labels: np.ndarray | None = None) -> np.ndarray:
    """Each pose's best similarity: to any label, or to its own of ``labels`` (indices)."""
    if not poses:
        return np.zeros(0, np.float32)
    q = describe(work.crops(poses))
    if labels is None:
        return np.asarray(faces.scores(q).max(axis=1))
    return faces.label_scores(q, np.asarray(labels))


def _labels(faces: FaceSet, work: WorkImage, poses: Sequence[Pose]) -> np.ndarray:
    if not poses:
        return np.zeros(0, np.int64)
    return np.asarray(faces.scores(describe(work.crops(poses))).argmax(axis=1))


def _offset(pose: Pose, du: float, dv: float) -> Pose:
    x, y, a, s = pose
    r = math.radians(a)
    return (x + (du * math.cos(r) - dv * math.sin(r)) * s,
            y + (du * math.sin(r) + dv * math.cos(r)) * s, a, s)


#: The moves of a hill-climb: position (along the die's axes), then angle.
Move = Callable[[Pose, float], Pose]
MOVES: tuple[Move, ...] = (
    lambda p, d: _offset(p, d, 0), lambda p, d: _offset(p, -d, 0),
    lambda p, d: _offset(p, 0, d), lambda p, d: _offset(p, 0, -d))
SPINS: tuple[Move, ...] = (
    lambda p, d: (p[0], p[1], p[2] + d, p[3]), lambda p, d: (p[0], p[1], p[2] - d, p[3]))


def _step(faces: FaceSet, work: WorkImage, poses: list[Pose], scores: np.ndarray,
          own: np.ndarray, group: Sequence[Move], step: float) -> None:
    """One hill-climb step, in place: each pose takes the best of its ``group`` moves by
    ``step`` when that beats its score on the similarity to its label ``own[i]``."""
    tries = [m(p, step) for p in poses for m in group]
    got = _best(faces, work, tries, np.repeat(own, len(group))).reshape(len(poses), len(group))
    for i, row in enumerate(got):
        j = int(np.argmax(row))
        if row[j] > scores[i]:
            poses[i], scores[i] = tries[i * len(group) + j], row[j]


def refine(faces: FaceSet, work: WorkImage, poses: list[Pose],
           scores: np.ndarray) -> tuple[list[Pose], np.ndarray]:
    """Hill-climb every pose on the similarity to its best label (read again before every
    step): position steps :data:`STEPS`, then angle steps :data:`ANGLE_STEPS`, a batch at a
    time."""
    poses, scores = list(poses), np.asarray(scores, np.float32).copy()
    for group, steps in ((MOVES, STEPS), (SPINS, ANGLE_STEPS)):
        for step in steps:
            # the label is read again where the pose now is: a start off the die's centre
            # may first look like another face, whose climb would lead nowhere
            own = _labels(faces, work, poses)
            scores = np.maximum(scores, _best(faces, work, poses, own))
            _step(faces, work, poses, scores, own, group, step)
    return poses, scores


def climb(faces: FaceSet, work: WorkImage, poses: Sequence[Pose], labels: np.ndarray,
          plan: Sequence[tuple[bool, float]]) -> tuple[list[Pose], np.ndarray]:
    """Each pose hill-climbed on its similarity to its own fixed label ``labels[i]`` (an
    index) alone, and that similarity where it ends; ``plan`` lists the steps,
    ``(True, dice)`` a position step, ``(False, degrees)`` an angle step. A similarity is
    never lower than at the starting pose; a pose moves at most the sum of the plan's
    position steps along each of the die's axes."""
    moved, own = list(poses), np.asarray(labels, np.int64)
    scores = np.asarray(_best(faces, work, moved, own), np.float32).copy()
    for position, step in plan:
        _step(faces, work, moved, scores, own, MOVES if position else SPINS, step)
    return moved, scores


def _keep(found: list[Found], new: list[Found], size: float) -> list[Found]:
    kept = list(found)
    for f in sorted(new, key=lambda f: -f.score):
        near = [k for k in kept if math.hypot(k.pose[0] - f.pose[0],
                                              k.pose[1] - f.pose[1]) < MIN_APART * size]
        if not near:
            kept.append(f)
        elif all(k.score < f.score for k in near) and all(k in new for k in near):
            kept = [k for k in kept if k not in near] + [f]
    return kept


def _search(faces: FaceSet, work: WorkImage, turn: Orientation, starts: list[Pose],
            threshold: float) -> list[Found]:
    if not starts:
        return []
    poses, got = refine(faces, work, starts, _best(faces, work, starts))
    # starts that climbed to the same die: keep the best of each
    kept: list[tuple[Pose, float]] = []
    for p, s in sorted(zip(poses, got, strict=True), key=lambda ps: -ps[1]):
        if s >= threshold * 0.8 and _inside(work, p) and all(
                math.hypot(p[0] - k[0][0], p[1] - k[0][1]) > 0.3 * p[3] for k in kept):
            kept.append((p, float(s)))
    poses = [p for p, _ in kept]
    if not poses:
        return []
    # re-read the angle where the die really is, and polish once more
    poses = [(p[0], p[1], _near_angle(turn.angle(p[0], p[1]), p[2]), p[3]) for p in poses]
    poses, got = refine(faces, work, poses, _best(faces, work, poses))
    got = _best(faces, work, poses)
    return [Found(p, float(s)) for p, s in zip(poses, got, strict=True)
            if s >= threshold and border_contrast(work, p) >= BORDER_CONTRAST]


#: Strips inside and outside a die's edge (dice from its centre), and the least Lab distance
#: between them, on at least one side, for a pose to be a die (not a patch of belt or tray).
INNER_STRIP = (0.34, 0.44)
OUTER_STRIP = (0.56, 0.68)
BORDER_CONTRAST = 14.0
#: ... and the largest Lab distance between the four inner strips (a die's body is one colour).
BODY_SPREAD = 28.0


def border_contrast(work: WorkImage, pose: Pose) -> float:
    """The largest, over the die's four sides, Lab distance between the median colour just
    inside its edge and just outside (a die always stands out somewhere: the surface, a
    neighbour of another kind, the dark seam between two dice of one kind); 0 when the four
    inside strips differ by more than :data:`BODY_SPREAD` (not one body: the edge of a belt)."""
    px, span = 32, 1.5
    win = work.sample([pose], span, px)[0]
    g = ((np.arange(px) + 0.5) / px - 0.5) * span
    gu, gv = np.meshgrid(g, g)
    best = 0.0
    bodies = []
    for coord, other in ((gu, gv), (-gu, gv), (gv, gu), (-gv, gu)):
        along = abs(other) < 0.3
        inner = np.median(win[along & (coord >= INNER_STRIP[0]) & (coord <= INNER_STRIP[1])],
                          axis=0)
        outer = np.median(win[along & (coord >= OUTER_STRIP[0]) & (coord <= OUTER_STRIP[1])],
                          axis=0)
        best = max(best, float(np.linalg.norm(inner - outer)))
        bodies.append(inner)
    spread = max(float(np.linalg.norm(a - b)) for a in bodies for b in bodies)
    return best if spread <= BODY_SPREAD else 0.0


def _near_angle(measured: float, previous: float) -> float:
    """``measured`` (mod 90) the closest to ``previous``."""
    k = round((previous - measured) / 90.0)
    return measured + 90.0 * k


def find(work: WorkImage, faces: FaceSet, seeds: Sequence[tuple[float, float]],
         rounds: int = 2) -> list[Found]:
    """Every die found from ``seeds`` (frame points) and their neighbours (see the module
    docstring), as :class:`Found` poses, unordered."""
    size = work.die_px
    threshold = faces.thresholds.die
    turn = Orientation(work)
    starts: list[Pose] = []
    unique: list[tuple[float, float]] = []
    for x, y in seeds:
        if all(math.hypot(x - u[0], y - u[1]) > 0.25 * size for u in unique):
            unique.append((x, y))
    for x, y in unique:
        starts += _starts(work, turn, (x, y, turn.angle(x, y), size))
    found = _keep([], _search(faces, work, turn, starts, threshold), size)
    frontier = list(found)
    for _ in range(rounds):
        probes = [_offset(f.pose, du, dv) for f in frontier
                  for du, dv in ((1.03, 0), (-1.03, 0), (0, 1.03), (0, -1.03))]
        probes = [p for p in probes if _inside(work, p) and all(
            math.hypot(k.pose[0] - p[0], k.pose[1] - p[1]) >= MIN_APART * size for k in found)]
        if not probes:
            break
        probes = [q for p in probes for q in (body_poses(work, p[0], p[1]) or [p])]
        new = _search(faces, work, turn, probes, threshold)
        before = set(found)
        found = _keep(found, new, size)
        frontier = [f for f in found if f not in before]
        if not frontier:
            break
    return found


def _starts(work: WorkImage, turn: Orientation, seed: Pose) -> list[Pose]:
    """Where to start the search from a seed: the body's pose(s) when the body stands out,
    else a 3 x 3 grid half a die apart."""
    found = body_poses(work, seed[0], seed[1])
    if found is not None:
        return found
    return [_offset(seed, du, dv) for du in (-0.35, 0.0, 0.35) for dv in (-0.35, 0.0, 0.35)]


def _inside(work: WorkImage, pose: Pose) -> bool:
    h, w = work.lab.shape[:2]
    x, y, s = pose[0] * work.scale, pose[1] * work.scale, pose[3] * work.scale * 0.45
    return s <= x <= w - s and s <= y <= h - s
