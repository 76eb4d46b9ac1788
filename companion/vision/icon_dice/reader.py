"""The icon dice reader: every die in a frame, its face (a reading) with a confidence.

:class:`IconDiceReader` = seeds from the pip reader's detector network + the verified search of
:mod:`~companion.vision.icon_dice.finder` + the enrolled :class:`~companion.vision.icon_dice.
matching.FaceSet`. It needs the die size in frame pixels (calibration's ``die_px``, scaled to
the frame's resolution).

Each die's face is decided between its close contenders each read at its own pose
(:func:`~companion.vision.icon_dice.contest.contest`: look-alike faces, such as salmon and squid
nigiri, are not judged at the pose the finder tuned for one of them).

:meth:`IconDiceReader.read` returns :class:`IconDie` values, left to right then top to bottom.
An :class:`IconDie` *is* a :class:`companion.vision.dice.Die` (box, confidence, score), so the
settle detector (:mod:`companion.vision.settle`) takes the reader as it is: its ``value`` is a
stable number for the face (1 + the index of its reading in :func:`~companion.vision.icon_dice.
faces.readings`), which is what readings are compared by; ``reading`` is the face itself
(``"maki:maki_3"``). ``uncertain`` is the face set's verdict on those (similarity or margin
too low); then ``confidence`` is capped at :data:`UNCERTAIN_CAP`, so the settle detector marks
the die ``uncertain`` too. ``cocked``: the die's silhouette, measured along its own axes
inside its own cell (its neighbours masked out, so dice touching on a belt do not look like
one long die), is :data:`COCKED_ASPECT` times longer one way than the other (a die leaning on
an edge shows a strip of a side face).

Building a reader loads the detector network once; ``read`` is pure.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

from companion.i18n import tmsg
from companion.vision.dice import DETECT_DIE_PX, DiceReader, Die, Image, ReaderConfig
from companion.vision.icon_dice.contest import contest
from companion.vision.icon_dice.faces import readings
from companion.vision.icon_dice.finder import Found, find
from companion.vision.icon_dice.matching import FaceSet, Pose, WorkImage, describe

#: Confidence given to a die the face set is unsure of (below the settle detector's 0.75).
UNCERTAIN_CAP = 0.5
#: Long over short extent of the silhouette at which a die counts as cocked.
COCKED_ASPECT = 1.14
#: Surface colour: the median of a square ring this many dice from the die's centre.
SURFACE_RING = (0.58, 0.74)
#: A pixel is the die's when its Lab colour is this far from the surface's (shadows excepted).
SILHOUETTE_DISTANCE = 22.0
SILHOUETTE_PX = 40


@dataclass(frozen=True)
class IconDie(Die):
    """A die read in a frame (see the module docstring); ``angle`` in degrees, ``aspect`` the
    silhouette's long over short extent."""

    reading: str = ""
    uncertain: bool = False
    cocked: bool = False
    angle: float = 0.0
    similarity: float = 0.0
    aspect: float = 1.0
    #: Similarity over the runner-up face's (the face set's margin).
    margin: float = 0.0
    runner_up: str | None = None

    def to_json(self) -> dict[str, object]:
        return {**super().to_json(), "reading": self.reading, "uncertain": self.uncertain,
                "cocked": self.cocked, "angle": round(self.angle, 1),
                "similarity": round(self.similarity, 3)}


def face_value(reading: str) -> int:
    """The stable number of a reading (1-based index in the readings table; 0 if unknown)."""
    table = readings()
    return table.index(reading) + 1 if reading in table else 0


class IconDiceReader:
    """Reads icon dice of size ``die_px`` (frame pixels) with the enrolled ``faces``."""

    def __init__(self, faces: FaceSet, die_px: float,
                 detector: DiceReader | None = None) -> None:
        if die_px <= 0:
            raise ValueError("the icon dice reader needs the die size in pixels")
        self.faces = faces
        self.die_px = float(die_px)
        self.detector = detector or DiceReader(ReaderConfig(die_px=die_px, min_score=0.15))

    def seeds(self, image: Image) -> list[tuple[float, float]]:
        """Where dice may be: the detector's peaks at the calibrated scale."""
        found = self.detector.detect(image, DETECT_DIE_PX / self.die_px)
        return [(c[0], c[1]) for c in found]

    def read(self, image: Image) -> list[IconDie]:
        """Every icon die in the BGR ``image`` (see the module docstring)."""
        if image.ndim != 3 or image.shape[2] != 3 or image.size == 0:
            raise ValueError("the reader needs a non-empty BGR image")
        work = WorkImage(image, self.die_px)
        found = find(work, self.faces, self.seeds(image))
        if not found:
            return []
        poses = [f.pose for f in found]
        scores = self.faces.scores(describe(work.crops(poses)))
        matches = self.faces.decide(contest(self.faces, work, poses, scores))
        dice = []
        for f, m in zip(found, matches, strict=True):
            aspect = silhouette_aspect(work, f, found)
            x, y, angle, s = f.pose
            half = s / 2 * (abs(math.cos(math.radians(angle))) +
                            abs(math.sin(math.radians(angle))))
            box = (x - half, y - half, x + half, y + half)
            confidence = min(m.confidence, UNCERTAIN_CAP) if m.uncertain else m.confidence
            dice.append(IconDie(face_value(m.label), box, confidence, f.score, reading=m.label,
                                uncertain=m.uncertain, cocked=aspect >= COCKED_ASPECT,
                                angle=angle % 90.0, similarity=m.similarity, aspect=aspect,
                                margin=m.margin, runner_up=m.runner_up))
        return sorted(dice, key=lambda d: (round(d.centre[1] / self.die_px), d.centre[0]))


def silhouette_aspect(work: WorkImage, die: Found, others: list[Found]) -> float:
    """Long over short extent, along the die's own axes, of the pixels around ``die`` that
    differ from the surface, with every other die's square masked out (1.0 for a flat die)."""
    x, y, angle, s = die.pose
    px = SILHOUETTE_PX
    span = 2.0  # dice across the window
    win = work.sample([(x, y, angle, s)], span, px)[0]
    g = ((np.arange(px) + 0.5) / px - 0.5) * span  # dice, along the die's axes
    gu, gv = np.meshgrid(g, g)
    ring = (np.maximum(abs(gu), abs(gv)) >= SURFACE_RING[0]) & (
        np.maximum(abs(gu), abs(gv)) <= SURFACE_RING[1])
    free = np.ones((px, px), bool)
    r = math.radians(angle)
    for o in others:
        if o is die:
            continue
        # the other die's centre in this die's frame (dice)
        dx, dy = (o.pose[0] - x) / s, (o.pose[1] - y) / s
        ou, ov = dx * math.cos(r) + dy * math.sin(r), -dx * math.sin(r) + dy * math.cos(r)
        if abs(ou) > 2 or abs(ov) > 2:
            continue
        # points nearer that die's centre than this one's belong to it
        free &= (gu - ou) ** 2 + (gv - ov) ** 2 > gu ** 2 + gv ** 2
    ring &= free
    if ring.sum() < 8:
        return 1.0
    surface = np.median(win[ring], axis=0)
    diff = win - surface
    # a shadow keeps the surface's chroma and is darker: only chroma counts where darker
    darker = diff[..., 0] < 0
    dist = np.where(darker, np.linalg.norm(diff[..., 1:], axis=2) * 1.6,
                    np.linalg.norm(diff, axis=2))
    mask = ((dist > SILHOUETTE_DISTANCE) & free).astype(np.uint8)
    mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    count, labels = cv2.connectedComponents(mask)
    middle = labels[px // 2 - 3:px // 2 + 3, px // 2 - 3:px // 2 + 3]
    ids = middle[middle > 0]
    if count <= 1 or not ids.size:
        return 1.0
    own = labels == int(np.bincount(ids).argmax())
    us, vs = gu[own], gv[own]
    eu = float(np.percentile(us, 98) - np.percentile(us, 2))
    ev = float(np.percentile(vs, 98) - np.percentile(vs, 2))
    if min(eu, ev) <= 0:
        return 1.0
    return max(eu, ev) / min(eu, ev)


def locate_single(image: Image) -> Pose:
    """The pose of the one die in an enrollment photo (a die alone on a plain surface): the
    biggest blob that differs from the photo's border colour, its minimum-area rectangle.
    :class:`ValueError` when there is no such blob."""
    lab = cv2.cvtColor(cv2.GaussianBlur(image, (5, 5), 0), cv2.COLOR_BGR2LAB).astype(np.float32)
    border = np.concatenate([lab[0], lab[-1], lab[:, 0], lab[:, -1]])
    surface = np.median(border, axis=0)
    spread = float(np.median(np.linalg.norm(border - surface, axis=1)))
    diff = lab - surface
    darker = diff[..., 0] < 0
    dist = np.where(darker, np.linalg.norm(diff[..., 1:], axis=2) * 1.6,
                    np.linalg.norm(diff, axis=2))
    mask = (dist > max(SILHOUETTE_DISTANCE, 3 * spread)).astype(np.uint8)
    mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, np.ones((5, 5), np.uint8))
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    if not contours:
        raise ValueError(tmsg("no die stands out from the surface in this photo"))
    (cx, cy), (w, h), angle = cv2.minAreaRect(max(contours, key=cv2.contourArea))
    if min(w, h) < 8:
        raise ValueError(tmsg("the die in this photo is too small (under {n} pixels)", n=8))
    return float(cx), float(cy), float(angle) % 90.0, float((w + h) / 2)
