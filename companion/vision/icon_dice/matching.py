"""Die faces as descriptors, and a face set learned from one photo per face.

**Work image.** A frame is looked at through :class:`WorkImage`: shrunk so that a die is
:data:`WORK_DIE_PX` pixels across (the calibrated die size says how much), converted once to
CIE Lab (float32). A *pose* ``(x, y, angle, size)`` (frame pixels, degrees) names a square on
it; :meth:`WorkImage.crops` samples the inner :data:`FACE_SHARE` of many poses at once (one
``cv2.remap``) as :data:`CROP_PX` square crops, turned so the die's edges are axis-aligned.

**Descriptor** (:func:`describe`): the crop's lightness with its mean removed, as a unit vector
(the icons' shape, blind to the light's brightness); its chroma ``a, b`` with the crop's mean
chroma removed (where the icons' colours are); and that mean chroma (mostly the body's colour,
which tells the die's kind; a colour cast moves it a little). The *similarity* of two crops is
the cosine of their shapes minus :data:`CHROMA_WEIGHT` times the mean squared difference of
their chroma layouts (over :data:`CHROMA_SCALE` squared) minus :data:`MEAN_WEIGHT` times the
squared distance of their mean chromas (over :data:`MEAN_SCALE` squared): 1 for the same view,
about 0 or below for different faces or a crop that is not a die. Every part is a dot product,
so a batch of crops is compared with every prototype in a few matrix products.

**FaceSet.** Enrolling a face (:meth:`FaceSet.add`) takes one rectified image of it (a die seen
from above, axis-aligned, :func:`enrolled_crop`), and stores the descriptors of
:data:`AUGMENTED` augmented copies (a slightly shifted, turned and scaled crop; brighter or
dimmer light, a colour cast, blur, noise) plus the image itself, each in its four quarter turns
(a die lies any way round). No training: a set is learned in well under a second.
:meth:`FaceSet.match` gives, for each crop, the label whose best prototype is most similar, a
confidence (softmax of the labels' similarities at :attr:`Thresholds.temperature`) and
``uncertain`` when the best similarity is below :attr:`Thresholds.similarity` or its margin over
the runner-up label is below :attr:`Thresholds.margin`. :meth:`FaceSet.decide` does the same
from a matrix of similarities (the reader's, after :mod:`~companion.vision.icon_dice.contest`
read each close contender at its own pose).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

import cv2
import numpy as np
import numpy.typing as npt

from companion.i18n import tmsg
from companion.vision.dice import Image

FloatArray = npt.NDArray[np.float32]
#: A pose: centre x, centre y (frame pixels), angle (degrees), die size (frame pixels).
Pose = tuple[float, float, float, float]

#: A die is this many pixels across in the work image.
WORK_DIE_PX = 24.0
#: Side of a face crop in pixels, and the share of the die's side it covers.
CROP_PX = 16
FACE_SHARE = 0.86
CHROMA_WEIGHT = 0.5
CHROMA_SCALE = 15.0
MEAN_WEIGHT = 0.5
MEAN_SCALE = 25.0
#: Augmented copies per enrolled face (plus the face itself), each in 4 quarter turns.
AUGMENTED = 11
#: Enrolled images are rectified dice, the die :data:`ENROLL_DIE_PX` across in the middle of a
#: square :data:`ENROLL_CONTEXT` times larger.
ENROLL_DIE_PX = 48
ENROLL_CONTEXT = 1.5


class WorkImage:
    """A frame at the work scale, in Lab (see the module docstring)."""

    def __init__(self, image: Image, die_px: float) -> None:
        self.scale = WORK_DIE_PX / max(die_px, 1.0)
        h, w = image.shape[:2]
        size = (max(1, round(w * self.scale)), max(1, round(h * self.scale)))
        small = cv2.resize(image, size, interpolation=cv2.INTER_AREA)
        self.bgr = np.asarray(small, np.uint8)
        self.lab = np.asarray(cv2.cvtColor(small, cv2.COLOR_BGR2LAB), np.float32)
        self.die_px = die_px

    def sample(self, poses: Sequence[Pose], side: float, px: int) -> FloatArray:
        """Lab samples ``(N, px, px, 3)`` of squares ``side`` (share of each pose's size)
        across, turned by each pose's angle."""
        if not poses:
            return np.zeros((0, px, px, 3), np.float32)
        p = np.asarray(poses, np.float64)
        g = (np.arange(px) + 0.5) / px - 0.5
        gu, gv = np.meshgrid(g, g)  # (px, px): u across, v down
        half = (p[:, 3] * side * self.scale)[:, None, None]
        a = np.radians(p[:, 2])[:, None, None]
        cos, sin = np.cos(a), np.sin(a)
        u, v = gu[None] * half, gv[None] * half
        mx = p[:, 0, None, None] * self.scale + u * cos - v * sin - 0.5
        my = p[:, 1, None, None] * self.scale + u * sin + v * cos - 0.5
        out = cv2.remap(self.lab, mx.reshape(-1, px).astype(np.float32),
                        my.reshape(-1, px).astype(np.float32), cv2.INTER_LINEAR,
                        borderMode=cv2.BORDER_REPLICATE)
        return np.asarray(out, np.float32).reshape(len(poses), px, px, 3)

    def crops(self, poses: Sequence[Pose]) -> FloatArray:
        """The face crops of ``poses`` (see :data:`FACE_SHARE`)."""
        return self.sample(poses, FACE_SHARE, CROP_PX)


@dataclass(frozen=True)
class Descriptors:
    """Descriptors of a batch of crops: unit shape vectors, chroma layouts (the mean chroma
    removed) and mean chromas."""

    shape: FloatArray
    chroma: FloatArray
    mean: FloatArray

    @staticmethod
    def concat(parts: Sequence[Descriptors]) -> Descriptors:
        return Descriptors(np.concatenate([p.shape for p in parts]),
                           np.concatenate([p.chroma for p in parts]),
                           np.concatenate([p.mean for p in parts]))

    def take(self, rows: npt.NDArray[np.bool_] | npt.NDArray[np.int64]) -> Descriptors:
        return Descriptors(self.shape[rows], self.chroma[rows], self.mean[rows])

    def __len__(self) -> int:
        return len(self.shape)


def describe(crops: FloatArray) -> Descriptors:
    """Descriptors of Lab crops ``(N, CROP_PX, CROP_PX, 3)``."""
    n = len(crops)
    light = crops[..., 0].reshape(n, -1)
    light = light - light.mean(axis=1, keepdims=True)
    light /= np.maximum(np.linalg.norm(light, axis=1, keepdims=True), 1e-3)
    ab = crops[..., 1:].reshape(n, -1, 2) - 128.0
    mean = ab.mean(axis=1)
    chroma = ((ab - mean[:, None, :]) / CHROMA_SCALE).reshape(n, -1)
    return Descriptors(np.ascontiguousarray(light, np.float32),
                       np.ascontiguousarray(chroma, np.float32),
                       np.ascontiguousarray(mean / MEAN_SCALE, np.float32))


def _msd(q: FloatArray, p: FloatArray) -> FloatArray:
    """Mean squared differences of every row of ``q`` with every row of ``p``."""
    qq = (q * q).sum(axis=1)[:, None]
    pp = (p * p).sum(axis=1)[None, :]
    return np.asarray(np.maximum(qq + pp - 2.0 * (q @ p.T), 0.0) / q.shape[1], np.float32)


def similarity(q: Descriptors, p: Descriptors) -> FloatArray:
    """``(len(q), len(p))`` similarities (see the module docstring)."""
    shape = q.shape @ p.shape.T
    return np.asarray(shape - CHROMA_WEIGHT * _msd(q.chroma, p.chroma)
                      - MEAN_WEIGHT * 2 * _msd(q.mean, p.mean), np.float32)


def turns(crops: FloatArray) -> FloatArray:
    """Each crop in its four quarter turns: ``(4N, ...)``, turn-major."""
    return np.concatenate([np.rot90(crops, k, axes=(1, 2)) for k in range(4)])


# -- enrollment ------------------------------------------------------------------------------


def enrolled_crop(image: Image, pose: Pose) -> Image:
    """The die at ``pose`` in ``image`` rectified as an enrolled face is stored: axis-aligned,
    :data:`ENROLL_DIE_PX` across in a square :data:`ENROLL_CONTEXT` times larger."""
    x, y, angle, size = pose
    side = round(ENROLL_DIE_PX * ENROLL_CONTEXT)
    k = ENROLL_DIE_PX / size
    a = math.radians(angle)
    # output (u, v) -> input: centre + R(angle) (u - side/2, v - side/2) / k
    lin = np.array([[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]]) / k
    off = np.array([x, y]) - lin @ np.array([side / 2, side / 2])
    m = np.hstack([lin, off[:, None]])
    if k < 0.7:  # shrinking: smooth first so the icons do not alias
        image = np.asarray(cv2.GaussianBlur(image, (0, 0), 0.4 / k), np.uint8)
    out = cv2.warpAffine(image, m, (side, side), flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                         borderMode=cv2.BORDER_REPLICATE)
    return np.asarray(out, np.uint8)


def _augment(face: Image, rng: np.random.Generator) -> Image:
    x = face.astype(np.float32)
    x *= rng.uniform(0.72, 1.2) * rng.uniform(0.9, 1.1, 3)
    x += rng.uniform(-1, 1, 3) * (np.linspace(-1, 1, x.shape[1])[None, :, None] * 15)
    sigma = rng.uniform(0.0, 1.4)
    if sigma > 0.3:
        x = np.asarray(cv2.GaussianBlur(x, (0, 0), sigma), np.float32)
    x += rng.normal(0, rng.uniform(1, 6), x.shape[:2])[..., None]
    return np.asarray(np.clip(x, 0, 255), np.uint8)


def enrolled_descriptors(face: Image, seed: int = 0) -> Descriptors:
    """The descriptors stored for one enrolled face image (see the module docstring)."""
    rng = np.random.default_rng(seed)
    centre = face.shape[1] / 2
    images = [face] + [_augment(face, rng) for _ in range(AUGMENTED)]
    parts = []
    for i, img in enumerate(images):
        work = WorkImage(img, ENROLL_DIE_PX)
        if i == 0:
            pose: Pose = (centre, centre, 0.0, ENROLL_DIE_PX)
        else:
            j = rng.uniform(-1, 1, 4)
            pose = (centre + j[0] * 0.05 * ENROLL_DIE_PX, centre + j[1] * 0.05 * ENROLL_DIE_PX,
                    j[2] * 5.0, ENROLL_DIE_PX * (1 + j[3] * 0.05))
        parts.append(describe(turns(work.crops([pose]))))
    return Descriptors.concat(parts)


@dataclass(frozen=True)
class Thresholds:
    """When a match is uncertain (see the module docstring); ``die``: the least similarity at
    which a crop counts as a die at all (the finder's test)."""

    similarity: float = 0.72
    margin: float = 0.08
    temperature: float = 0.03
    die: float = 0.45


@dataclass(frozen=True)
class Match:
    """A crop's answer: ``label``, ``confidence`` (0-1), ``uncertain``, the best
    ``similarity``, the runner-up label and the ``margin`` over it."""

    label: str
    confidence: float
    uncertain: bool
    similarity: float
    runner_up: str | None
    margin: float


@dataclass
class FaceSet:
    """Enrolled faces: label (a reading ``kind:face``) -> enrolled image and descriptors."""

    name: str = "icon dice"
    thresholds: Thresholds = field(default_factory=Thresholds)
    images: dict[str, Image] = field(default_factory=dict)
    _labels: list[str] = field(default_factory=list)
    _owner: list[FloatArray] = field(default_factory=list)
    _desc: list[Descriptors] = field(default_factory=list)
    _stacked: tuple[Descriptors, npt.NDArray[np.int64]] | None = None

    @property
    def labels(self) -> list[str]:
        return list(self._labels)

    def add(self, label: str, face: Image) -> None:
        """Enroll (or replace) ``label`` from one rectified face image (:func:`enrolled_crop`);
        the image is resized to the stored size if needed."""
        side = round(ENROLL_DIE_PX * ENROLL_CONTEXT)
        if face.shape[:2] != (side, side):
            face = np.asarray(cv2.resize(face, (side, side), interpolation=cv2.INTER_AREA),
                              np.uint8)
        desc = enrolled_descriptors(face, seed=sum(map(ord, label)))
        if label in self._labels:
            i = self._labels.index(label)
            self._desc[i] = desc
        else:
            self._labels.append(label)
            self._desc.append(desc)
        self.images[label] = face
        self._stacked = None

    def _all(self) -> tuple[Descriptors, npt.NDArray[np.int64]]:
        if self._stacked is None:
            owner = np.concatenate([np.full(len(d), i) for i, d in enumerate(self._desc)])
            self._stacked = (Descriptors.concat(self._desc), owner.astype(np.int64))
        return self._stacked

    def scores(self, q: Descriptors) -> FloatArray:
        """``(len(q), len(labels))``: each crop's best similarity to each label."""
        if not self._labels:
            raise ValueError(tmsg("the face set is empty: enroll its faces first"))
        every, owner = self._all()
        sims = similarity(q, every)
        out = np.full((len(q), len(self._labels)), -np.inf, np.float32)
        for i in range(len(self._labels)):
            out[:, i] = sims[:, owner == i].max(axis=1)
        return out

    def label_scores(self, q: Descriptors, labels: npt.NDArray[np.int64]) -> FloatArray:
        """Each crop's best similarity to its own label (``labels[i]``, an index)."""
        every, owner = self._all()
        out = np.empty(len(q), np.float32)
        for label in np.unique(labels):
            rows = np.flatnonzero(labels == label)
            out[rows] = similarity(q.take(rows), every.take(owner == label)).max(axis=1)
        return out

    def match(self, q: Descriptors) -> list[Match]:
        """The best label of each crop (see the module docstring)."""
        return self.decide(self.scores(q))

    def decide(self, scores: FloatArray) -> list[Match]:
        """The answer for each row of ``scores`` (``(N, len(labels))``, a crop's similarity to
        each label, as :meth:`scores` gives or as a second look revised them): the best
        label, its confidence, and ``uncertain`` when the best similarity is below
        :attr:`Thresholds.similarity` or its margin over the runner-up below
        :attr:`Thresholds.margin`."""
        t = self.thresholds
        out = []
        for row in np.asarray(scores, np.float32):
            order = np.argsort(-row)
            best = float(row[order[0]])
            second = float(row[order[1]]) if len(order) > 1 else -1.0
            z = np.exp((row - best) / t.temperature)
            confidence = float(1.0 / z.sum())
            margin = best - second
            out.append(Match(self._labels[int(order[0])], confidence,
                             best < t.similarity or margin < t.margin, best,
                             self._labels[int(order[1])] if len(order) > 1 else None, margin))
        return out
