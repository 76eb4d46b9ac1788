"""The pip reader: every die in a frame, its value, its box and a confidence.

Two small networks trained in the project (``tools/train_dice.py``; see ``models/README.md``) and
run with ONNX Runtime (:mod:`~companion.vision.onnx_net`); nothing is downloaded at run time.

1. **Detector** (``models/dice_detector.onnx``): the frame, shrunk so that its long side is
   :attr:`ReaderConfig.detect_long_side` pixels (or so that a die is about
   :data:`DETECT_DIE_PX` pixels across when :attr:`ReaderConfig.die_px` is known), goes through a
   fully convolutional network that outputs, at 1/4 of that resolution, a heat map of die centres,
   a sub-cell offset and the die's width and height. Peaks of the heat map are the candidates
   (trained for dice of 10-48 px at its input: from the byler_d6 photos' 30-45 px dice to a
   tray camera's 60-150 px dice in a 1280x720 frame).
2. **Classifier** (``models/dice_classifier.onnx``): each candidate is cut out of the *full
   resolution* frame as a square around its centre (:data:`CROP_MARGIN` times its size), resized
   to :data:`CROP_PX` pixels and classified into ``not a die`` or the face values 1 to 6. All
   crops of a frame go through the network in one batch.

Pure: :meth:`DiceReader.read` takes a BGR ``uint8`` image and returns :class:`Die` values; the
networks are loaded once when the reader is built. ``cv2.setNumThreads`` is left to the caller
(the CLI and the benches set 1).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np
import numpy.typing as npt

from companion.vision.cocked import silhouette_box
from companion.vision.onnx_net import OnnxNet

Image = npt.NDArray[np.uint8]
#: A detector candidate: centre x, centre y, width, height (frame pixels), heat-map score.
Candidate = tuple[float, float, float, float, float]
FloatArray = npt.NDArray[np.float32]

MODELS_DIR = Path(__file__).resolve().parent / "models"
DETECTOR_FILE = MODELS_DIR / "dice_detector.onnx"
CLASSIFIER_FILE = MODELS_DIR / "dice_classifier.onnx"
#: A second classifier, same recipe and photos, another seed: the dice the first one is unsure
#: of are read by both (see :meth:`DiceReader.views`).
SECOND_CLASSIFIER_FILE = MODELS_DIR / "dice_classifier_b.onnx"

#: The detector's output stride (input pixels per heat-map cell).
DETECT_STRIDE = 4
#: The detector's input is padded to a multiple of this.
DETECT_PAD = 16
#: A die's size (pixels across) at the detector's input that the detector was trained around.
DETECT_DIE_PX = 20.0
#: Default long side of the detector's input (384 reads the photos' small dice better than 320
#: did: 92.1% against 86.3% per die on the held-out photos, at about twice the time).
DETECT_LONG_SIDE = 384
#: Without a known die size: when the dice found at the default scale are bigger than this at
#: the detector's input (a tray camera's big dice rather than a photo's small ones), the frame
#: is looked at again this much smaller, nearer the sizes the detector knows best.
BIG_DIE_PX = 24.0
BIG_DIE_RESCALE = 320 / 384
#: Without a known die size, a candidate's size is kept within this range of the median size
#: of the frame's strong candidates (detector score at least 0.5, at least
#: :data:`SHARED_SIZE_MIN` of them): a camera above a table sees its dice at one size, and a
#: box the detector drew too small or too big makes the crop hide pips or show a neighbour's.
SHARED_SIZE_RANGE = (0.75, 1.35)
SHARED_SIZE_MIN = 3
#: A silhouette box is used when its size is within this range of the detector's.
REFINE_RANGE = (0.45, 0.8)
#: Two peaks closer than this fraction of a die's half size are one die.
NMS_OVERLAP = 0.8
#: The classifier's crop: side in pixels, and its size relative to the die's box.
CROP_PX = 32
CROP_MARGIN = 1.3
#: Class 0 of the classifier is "not a die"; classes 1..6 are the face values.
BACKGROUND = 0


@dataclass(frozen=True)
class Die:
    """One die read in a frame: its face ``value`` (1-6), its box ``(x0, y0, x1, y1)`` in the
    frame's pixels, the classifier's ``confidence`` in that value (0-1) and the detector's
    ``score`` that a die is there at all (0-1)."""

    value: int
    box: tuple[float, float, float, float]
    confidence: float
    score: float

    @property
    def centre(self) -> tuple[float, float]:
        x0, y0, x1, y1 = self.box
        return (x0 + x1) / 2, (y0 + y1) / 2

    @property
    def size(self) -> float:
        x0, y0, x1, y1 = self.box
        return ((x1 - x0) + (y1 - y0)) / 2

    def to_json(self) -> dict[str, object]:
        return {"value": self.value, "box": [round(v, 1) for v in self.box],
                "confidence": round(self.confidence, 3), "score": round(self.score, 3)}


@dataclass(frozen=True)
class ReaderConfig:
    """How the reader looks at a frame.

    ``detect_long_side``: the detector's input long side when the die size is not known.
    ``die_px``: the expected die size in frame pixels (from calibration); when given, the frame
    is scaled so a die is :data:`DETECT_DIE_PX` across at the detector, whatever the frame size.
    ``min_score``: heat-map peak needed to consider a candidate. ``min_die``: the classifier's
    probability that a candidate is a die (any value) needed to keep it. ``views``: how many
    quarter turns of each crop the classifier sees (1, 2 or 4), their probabilities averaged;
    ``second_look``: when set, only crops whose first view's best class is below it get the
    other turns (most dice are read at the cost of one view).
    """

    detect_long_side: int = DETECT_LONG_SIDE
    die_px: float | None = None
    min_score: float = 0.2
    min_die: float = 0.5
    views: int = 4
    second_look: float | None = 0.9
    refine: bool = False


def to_blob(image: Image) -> FloatArray:
    """A BGR ``uint8`` image (H, W, 3) or batch (N, H, W, 3) as the networks' NCHW float input."""
    batch = image[None] if image.ndim == 3 else image
    x = np.ascontiguousarray(batch.transpose(0, 3, 1, 2)).astype(np.float32)  # turn the bytes
    x *= 1.0 / 127.5  # first: a quarter of the memory to move
    x -= 1.0
    return x


def detect_scale(shape: Sequence[int], config: ReaderConfig) -> float:
    """The factor from frame pixels to detector-input pixels."""
    if config.die_px:
        return DETECT_DIE_PX / config.die_px
    return config.detect_long_side / max(shape[0], shape[1])


#: :func:`detector_input`: before the last, bilinear, shrink the frame is blurred by OpenCV's
#: fixed 3x3 Gaussian (1-2-1), or its 5x5 one when that shrink is by more than this factor.
WIDE_BLUR_BELOW = 0.45


def detector_input(image: Image, scale: float) -> Image:
    """The frame resized by ``scale`` and padded (edge-replicated) to a multiple of
    :data:`DETECT_PAD`. Shrinking: halved by Gaussian pyramid steps while it is at least four
    times the target, then blurred (:data:`WIDE_BLUR_BELOW`) and resized bilinearly. (The
    detector was trained on area-averaged inputs; OpenCV's area resize by a fraction such as
    0.6 takes 3-4 ms of a 640x640 photo, this about 1 ms, and it reads the training photos as
    well: see ``docs/PERFORMANCE.md``, "Dice camera".)"""
    h, w = image.shape[:2]
    nw, nh = max(1, round(w * scale)), max(1, round(h * scale))
    source = image
    while nw * 4 <= source.shape[1] and nh * 4 <= source.shape[0]:
        source = np.asarray(cv2.pyrDown(source), np.uint8)  # halve cheaply first
    if nw < source.shape[1]:
        k = 5 if nw < WIDE_BLUR_BELOW * source.shape[1] else 3
        source = np.asarray(cv2.GaussianBlur(source, (k, k), 0,
                                             borderType=cv2.BORDER_REPLICATE), np.uint8)
    small = cv2.resize(source, (nw, nh), interpolation=cv2.INTER_LINEAR)
    ph, pw = -nh % DETECT_PAD, -nw % DETECT_PAD
    if ph or pw:
        small = cv2.copyMakeBorder(small, 0, ph, 0, pw, cv2.BORDER_REPLICATE)
    return np.asarray(small, dtype=np.uint8)


def decode_heatmap(
    out: FloatArray, min_score: float, max_dice: int = 64
) -> list[tuple[float, float, float, float, float]]:
    """Peaks of the detector's output ``(5, H, W)`` (heat logit, dx, dy, log w, log h) as
    ``(cx, cy, w, h, score)`` in detector-input pixels, strongest first."""
    heat = 1.0 / (1.0 + np.exp(-out[0]))
    peaks = heat >= cv2.dilate(heat, np.ones((3, 3), np.uint8))
    ys, xs = np.nonzero(peaks & (heat >= min_score))
    order = np.argsort(-heat[ys, xs])[:max_dice]
    ys, xs = ys[order], xs[order]
    cx = (xs + 0.5 + out[1, ys, xs]) * DETECT_STRIDE
    cy = (ys + 0.5 + out[2, ys, xs]) * DETECT_STRIDE
    w = np.exp(np.clip(out[3, ys, xs], -1.0, 6.0)) * DETECT_STRIDE
    h = np.exp(np.clip(out[4, ys, xs], -1.0, 6.0)) * DETECT_STRIDE
    found = [(float(a), float(b), float(c), float(d), float(e))
             for a, b, c, d, e in zip(cx, cy, w, h, heat[ys, xs], strict=True)]
    return suppress(found)


def suppress(
    found: list[tuple[float, float, float, float, float]], overlap: float = NMS_OVERLAP
) -> list[tuple[float, float, float, float, float]]:
    """Keep one candidate per die: strongest first, a candidate is dropped when its centre lies
    within ``overlap`` of a kept one's half-width and half-height (two peaks on one die).
    Touching dice are kept: their centres are a whole die apart."""
    kept: list[tuple[float, float, float, float, float]] = []
    for c in sorted(found, key=lambda c: -c[4]):
        if not any(abs(c[0] - k[0]) < overlap * k[2] / 2 and abs(c[1] - k[1]) < overlap * k[3] / 2
                   for k in kept):
            kept.append(c)
    return kept


def shared_size(found: list[Candidate]) -> list[Candidate]:
    """Candidates whose size (the longer side) lies outside :data:`SHARED_SIZE_RANGE` of the
    median size of the strong ones brought into it, aspect and centre kept; unchanged when
    fewer than :data:`SHARED_SIZE_MIN` candidates are strong."""
    strong = [max(c[2], c[3]) for c in found if c[4] >= 0.5]
    if len(strong) < SHARED_SIZE_MIN:
        return found
    median = float(np.median(strong))
    lo, hi = SHARED_SIZE_RANGE[0] * median, SHARED_SIZE_RANGE[1] * median
    out = []
    for cx, cy, w, h, score in found:
        size = max(w, h, 1e-6)
        k = min(max(size, lo), hi) / size
        out.append((cx, cy, w * k, h * k, score))
    return out


def crop_die(image: Image, cx: float, cy: float, size: float, angle: float = 0.0,
             out_px: int = CROP_PX) -> Image:
    """The square of side ``size`` centred on ``(cx, cy)`` (rotated by ``angle`` degrees),
    resized to ``out_px`` pixels; what lies outside the frame is edge-replicated."""
    scale = out_px / max(size, 1.0)
    m = cv2.getRotationMatrix2D((cx, cy), angle, scale)
    m[0, 2] += out_px / 2 - cx
    m[1, 2] += out_px / 2 - cy
    flags = cv2.INTER_AREA if scale < 0.5 else cv2.INTER_LINEAR
    crop = cv2.warpAffine(image, m, (out_px, out_px), flags=flags,
                          borderMode=cv2.BORDER_REPLICATE)
    return np.asarray(crop, dtype=np.uint8)


def _softmax(logits: FloatArray) -> FloatArray:
    z = logits - logits.max(axis=1, keepdims=True)
    e = np.exp(z)
    return np.asarray(e / e.sum(axis=1, keepdims=True), dtype=np.float32)


def refine(image: Image, c: Candidate) -> Candidate:
    """The candidate's box fitted to the die's silhouette when there is a clear one of a
    plausible size (:func:`companion.vision.cocked.silhouette_box`), else as detected."""
    cx, cy, w, h, score = c
    box = silhouette_box(image, cx, cy, max(w, h))
    if box is None:
        return c
    x0, y0, x1, y1 = box
    nw, nh = x1 - x0, y1 - y0
    if not REFINE_RANGE[0] <= max(nw, nh) / max(w, h) <= REFINE_RANGE[1]:
        return c
    return ((x0 + x1) / 2, (y0 + y1) / 2, nw, nh, score)


#: With a known die size, a candidate's box is kept within these multiples of it: from a die
#: lying square to the camera (plus the margin the classifier was trained with) to one turned
#: by 45 degrees.
CALIBRATED_BOX = (1.1, 1.45)
#: With a known die size, two candidates closer than this many die sizes are one die.
CALIBRATED_NMS = 0.8
#: :func:`recentre`: the window's half side, the blob areas accepted and how far the centre may
#: move, in dice (sizes) and square dice (areas).
RECENTRE_WINDOW = 1.4
RECENTRE_AREA = (0.5, 1.8)
RECENTRE_REACH = 0.7
#: The windows are looked at with a die at most this many pixels across (silhouette, pips).
RECENTRE_SIDE = 40.0
PIP_SIDE = 56.0
#: :func:`pip_centre`: the top-hat kernel and the pip radius in dice, the pip areas accepted
#: (times a drawn pip's), and the least grey-level contrast that counts as pips.
PIP_KERNEL = 0.3
PIP_RADIUS = 0.09
PIP_AREA = (0.3, 3.0)
PIP_CONTRAST = 25.0


def _window(image: Image, cx: float, cy: float, radius: float
            ) -> tuple[Image, int, int]:
    h, w = image.shape[:2]
    x0, y0 = max(0, int(cx - radius)), max(0, int(cy - radius))
    x1, y1 = min(w, int(cx + radius)), min(h, int(cy + radius))
    return image[y0:y1, x0:x1], x0, y0


def _small_window(image: Image, cx: float, cy: float, die_px: float, side: float
                  ) -> tuple[Image, int, int, float]:
    """The window of :func:`_window` shrunk so that a die is at most ``side`` pixels across
    (the shape of a blob, not its detail, is what matters; a big die costs no more), with its
    origin and the factor ``k`` (window pixel = ``k`` x frame pixel)."""
    win, x0, y0 = _window(image, cx, cy, RECENTRE_WINDOW * die_px)
    k = min(1.0, side / die_px)
    if k < 1.0 and win.shape[0] >= 8 and win.shape[1] >= 8:
        size = (max(1, round(win.shape[1] * k)), max(1, round(win.shape[0] * k)))
        return np.asarray(cv2.resize(win, size, interpolation=cv2.INTER_AREA), np.uint8), x0, \
            y0, k
    return win, x0, y0, k


def recentre(image: Image, c: Candidate, die_px: float) -> Candidate:
    """The candidate moved onto the centre of the die's silhouette: in a window around it,
    the pixels that differ from the surrounding colour (the window's rim) by more than
    three times its spread form blobs; the blob of about a die's area, not touching the rim,
    nearest the candidate (within :data:`RECENTRE_REACH` dice) gives the centre. The detector
    places big dice only roughly, and a crop off the die's centre can hide pips. When no such
    blob stands out (a die the colour of the cloth) its pips place it (:func:`pip_centre`); when
    they do not either, the candidate is kept as it is."""
    cx, cy, w, h, score = c
    win, x0, y0, k = _small_window(image, cx, cy, die_px, RECENTRE_SIDE)
    if win.shape[0] < 8 or win.shape[1] < 8:
        return c
    lab = cv2.cvtColor(cv2.GaussianBlur(win, (3, 3), 0), cv2.COLOR_BGR2LAB).astype(np.float32)
    rim = np.concatenate([lab[0], lab[-1], lab[:, 0], lab[:, -1]])
    background = np.median(rim, axis=0)
    spread = float(np.median(np.linalg.norm(rim - background, axis=1)))
    mask = (np.linalg.norm(lab - background, axis=2) > max(18.0, 3.0 * spread))
    mask = cv2.morphologyEx(mask.astype(np.uint8), cv2.MORPH_CLOSE, np.ones((3, 3), np.uint8))
    count, _, stats, centres = cv2.connectedComponentsWithStats(mask)
    best: tuple[float, float, float] | None = None
    small = die_px * k
    area_lo, area_hi = RECENTRE_AREA[0] * small ** 2, RECENTRE_AREA[1] * small ** 2
    for i in range(1, count):
        bx, by, bw, bh, area = (int(v) for v in stats[i])
        rim_touch = bx == 0 or by == 0 or bx + bw >= mask.shape[1] or by + bh >= mask.shape[0]
        if rim_touch or not area_lo <= area <= area_hi:
            continue
        x, y = float(centres[i][0]) / k + x0, float(centres[i][1]) / k + y0
        d = math.hypot(x - cx, y - cy)
        if d < RECENTRE_REACH * die_px and (best is None or d < best[0]):
            best = (d, x, y)
    if best is not None:
        return (best[1], best[2], w, h, score)
    centre = pip_centre(image, cx, cy, die_px)
    return c if centre is None else (centre[0], centre[1], w, h, score)


def _pips(win: Image, die_px: float) -> list[tuple[float, float]]:
    """Centres of the pip-sized round blobs, light or dark, in a window (window pixels)."""
    grey = cv2.cvtColor(win, cv2.COLOR_BGR2GRAY)
    k = max(3, round(PIP_KERNEL * die_px) | 1)
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k))
    pip_area = math.pi * (PIP_RADIUS * die_px) ** 2
    found: list[tuple[float, float]] = []
    for op in (cv2.MORPH_TOPHAT, cv2.MORPH_BLACKHAT):
        response = cv2.morphologyEx(grey, op, kernel)
        _, mask = cv2.threshold(response, 0, 255, cv2.THRESH_BINARY | cv2.THRESH_OTSU)
        if float(_) < PIP_CONTRAST:
            continue
        count, _, stats, centres = cv2.connectedComponentsWithStats(mask)
        for i in range(1, count):
            bw, bh, area = int(stats[i][2]), int(stats[i][3]), int(stats[i][4])
            round_enough = 0.5 <= bw / max(bh, 1) <= 2.0 and area >= 0.5 * bw * bh
            if round_enough and PIP_AREA[0] * pip_area <= area <= PIP_AREA[1] * pip_area:
                found.append((float(centres[i][0]), float(centres[i][1])))
    return found


def pip_centre(image: Image, cx: float, cy: float, die_px: float) -> tuple[float, float] | None:
    """The die's centre from its pips (every face's pips are centred on the face): the
    pips near the candidate, then twice those within half a die of the middle of their
    bounding box. ``None`` when no pip stands out."""
    win, x0, y0, k = _small_window(image, cx, cy, die_px, PIP_SIDE)
    if win.shape[0] < 8 or win.shape[1] < 8:
        return None
    pips = [(x / k + x0, y / k + y0) for x, y in _pips(win, die_px * k)]
    centre, reach = (cx, cy), 0.8 * die_px
    for _ in range(3):
        near = [p for p in pips if math.hypot(p[0] - centre[0], p[1] - centre[1]) <= reach]
        if not near:
            return None
        xs, ys = [p[0] for p in near], [p[1] for p in near]
        centre, reach = ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2), 0.5 * die_px
    if math.hypot(centre[0] - cx, centre[1] - cy) > RECENTRE_REACH * die_px:
        return None
    return centre


def calibrated(found: list[Candidate], die_px: float) -> list[Candidate]:
    """Candidates (already :func:`recentre`-d) checked against the known die size: boxes
    clamped to
    :data:`CALIBRATED_BOX` times ``die_px`` (the detector's boxes wander on big dice), and of
    two peaks closer than :data:`CALIBRATED_NMS` dice only the stronger kept (dice do not
    overlap, so their centres are at least a die apart)."""
    lo, hi = CALIBRATED_BOX[0] * die_px, CALIBRATED_BOX[1] * die_px
    kept: list[Candidate] = []
    for cx, cy, w, h, score in sorted(found, key=lambda c: -c[4]):
        if all(math.hypot(cx - k[0], cy - k[1]) >= CALIBRATED_NMS * die_px for k in kept):
            kept.append((cx, cy, min(max(w, lo), hi), min(max(h, lo), hi), score))
    return kept


class DiceReader:
    """Reads dice with the two shipped networks (or the ONNX files given)."""

    def __init__(self, config: ReaderConfig | None = None,
                 detector: Path = DETECTOR_FILE, classifier: Path = CLASSIFIER_FILE,
                 second_classifier: Path | None = SECOND_CLASSIFIER_FILE) -> None:
        """``second_classifier``: ``None`` reads with the first classifier alone."""
        self.config = config or ReaderConfig()
        self._detector = OnnxNet(detector, "dice model")
        self._classifier = OnnxNet(classifier, "dice model")
        self._second = (OnnxNet(second_classifier, "dice model")
                        if second_classifier is not None else None)

    def detect(self, image: Image, scale: float) -> list[tuple[float, float, float, float, float]]:
        """One detector pass at ``scale``: candidates ``(cx, cy, w, h, score)`` in frame
        pixels."""
        return self._detect_input(detector_input(image, scale), scale)

    def _detect_input(self, small: Image, scale: float) -> list[Candidate]:
        out = self._detector.run(to_blob(small))[0]
        inv = 1.0 / scale
        return [(cx * inv, cy * inv, w * inv, h * inv, s)
                for cx, cy, w, h, s in decode_heatmap(out, self.config.min_score)]

    def candidates(self, image: Image) -> list[tuple[float, float, float, float, float]]:
        """The detector's candidates ``(cx, cy, w, h, score)`` in frame pixels; with a known
        die size (:attr:`ReaderConfig.die_px`) see :func:`calibrated`."""
        scale = detect_scale(image.shape, self.config)
        small = detector_input(image, scale)
        found = self._detect_input(small, scale)
        px = self.config.die_px
        if not px:
            strong = [max(c[2], c[3]) * scale for c in found if c[4] >= 0.5]
            if strong and float(np.median(strong)) > BIG_DIE_PX:  # big dice: a coarser look,
                # shrunk from the first look's input (its padding cut off)
                h, w = image.shape[:2]
                unpadded = small[:max(1, round(h * scale)), :max(1, round(w * scale))]
                found = self._detect_input(detector_input(unpadded, BIG_DIE_RESCALE),
                                           scale * BIG_DIE_RESCALE)
            return shared_size(found)
        return calibrated([recentre(image, c, px) for c in found], px)

    def views(self, crops: Image) -> FloatArray:
        """Class probabilities of crops, each averaged over :attr:`ReaderConfig.views` quarter
        turns; with :attr:`ReaderConfig.second_look` only the crops whose first view is less
        sure than that get the extra turns (the others keep their first answer). With a second
        classifier, those crops are also read by it in as many turns, and the two classifiers'
        averages are averaged."""
        probs = self.classify(crops)
        views = self.config.views
        if views <= 1:
            return probs
        look = self.config.second_look
        unsure = (np.arange(len(crops)) if look is None else
                  np.flatnonzero(probs.max(axis=1) < look))
        if not len(unsure):
            return probs
        subset = crops[unsure]
        turned = np.ascontiguousarray(
            np.concatenate([np.rot90(subset, turns, (1, 2)) for turns in range(views)]))
        n = len(unsure)
        first = probs[unsure] + self.classify(turned[n:]).reshape(views - 1, n, -1).sum(axis=0)
        out = probs.copy()
        out[unsure] = first / views
        if self._second is not None:
            second = self.classify(turned, self._second).reshape(views, n, -1).mean(axis=0)
            out[unsure] = (out[unsure] + second) / 2
        return np.asarray(out, dtype=np.float32)

    def classify(self, crops: Image, net: OnnxNet | None = None) -> FloatArray:
        """Class probabilities ``(N, 7)`` (not a die, 1..6) of crops (N, CROP_PX, CROP_PX, 3)
        by the first classifier (or ``net``)."""
        return _softmax((net or self._classifier).run(to_blob(crops)))

    def read(self, image: Image) -> list[Die]:
        """Every die in the BGR ``image``, left to right then top to bottom."""
        if image.ndim != 3 or image.shape[2] != 3 or image.size == 0:
            raise ValueError("the reader needs a non-empty BGR image")
        found = self.candidates(image)
        if not found:
            return []
        if self.config.refine:
            found = [refine(image, c) for c in found]
        crops = np.stack([crop_die(image, cx, cy, max(w, h) * CROP_MARGIN)
                          for cx, cy, w, h, _ in found])
        probs = self.views(crops)
        dice = []
        for (cx, cy, w, h, score), p in zip(found, probs, strict=True):
            if 1.0 - float(p[BACKGROUND]) < self.config.min_die:
                continue
            value = int(np.argmax(p[1:])) + 1
            height, width = image.shape[:2]
            box = (max(0.0, cx - w / 2), max(0.0, cy - h / 2),
                   min(float(width), cx + w / 2), min(float(height), cy + h / 2))
            dice.append(Die(value, box, float(p[value]), score))
        return sorted(dice, key=lambda d: (round(d.centre[1] / max(d.size, 1.0)), d.centre[0]))


_READER: DiceReader | None = None


def default_reader() -> DiceReader:
    """One shared reader with the shipped models and default settings (built on first use)."""
    global _READER
    if _READER is None:
        _READER = DiceReader()
    return _READER
