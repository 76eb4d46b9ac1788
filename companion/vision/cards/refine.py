"""Outline refinement: a card's rough quad (from the finder's coarse maps) moved onto the card.

The finder sees the frame at :data:`~companion.vision.cards.finder.READ_LONG_SIDE` pixels and
outputs maps at half that, so one map pixel is several frame pixels; where cards touch, its
regions also spill into a neighbour. Its outlines are off by a tenth of a card's width or more,
enough to blur what the recogniser compares (with the true outlines the recogniser is right on
nearly every card).

``models/card_refiner.onnx`` is a small convolutional network trained in the project
(``tools/train_card_refiner.py``) on synthetic tableaux. It looks at the frame around the rough
quad (:func:`refiner_crop` with :data:`FULL_CROP`: the quad warped upright into the middle of a
64 x 96 crop with room around it, so every card is seen at the same size and turn)
and answers where the card's four corners are in that crop. Mapped back to the frame they are
the new quad; :class:`OutlineRefiner` runs :data:`PASSES` such passes, each from the last
answer. ``models/card_band_refiner.onnx`` does the same for *bands* (the visible top of a card
lying under another one, free edge first) in a landscape crop (:data:`BAND_CROP`).

Pure: takes BGR ``uint8`` frames and quads in frame pixels; ``cv2.setNumThreads`` is left to
the caller.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np
import numpy.typing as npt

from companion.vision.onnx_net import OnnxNet

Image = npt.NDArray[np.uint8]
FloatArray = npt.NDArray[np.float32]

MODELS_DIR = Path(__file__).resolve().parent.parent / "models"
REFINER_FILE = MODELS_DIR / "card_refiner.onnx"
BAND_REFINER_FILE = MODELS_DIR / "card_band_refiner.onnx"

#: At most this many passes of the network, each starting from the last answer.
PASSES = 3
#: A quad whose last pass moved no corner by more than this share of its short side has
#: settled (it gets no further pass).
SETTLED = 0.04
#: A pass may not move a corner further than this share of the quad's short side (an answer
#: that far off is not about this card).
MAX_MOVE = 0.6


@dataclass(frozen=True)
class CropSpec:
    """The crop a refiner network reads: ``width`` x ``height`` pixels, in which the rough
    quad's first edge lies along the top and the quad fills ``1 / expand_x`` of the width and
    ``1 / expand_y`` of the height, centred (so a piece the rough quad cut short is still in
    view)."""

    width: int
    height: int
    expand_x: float
    expand_y: float

    @property
    def size(self) -> tuple[int, int]:
        return self.width, self.height

    def base_corners(self) -> FloatArray:
        """Where the rough quad's corners fall in the crop, as shares of its width and height
        (the network answers offsets from these)."""
        x0, x1 = 0.5 - 0.5 / self.expand_x, 0.5 + 0.5 / self.expand_x
        y0, y1 = 0.5 - 0.5 / self.expand_y, 0.5 + 0.5 / self.expand_y
        return np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], np.float32)


#: A whole card (portrait, like a card).
FULL_CROP = CropSpec(64, 96, 1.5, 1.5)
#: A band (a card under another one: its free edge first, so landscape); more room across
#: the band, whose covered edge the finder places least well.
BAND_CROP = CropSpec(96, 48, 1.4, 2.2)


#: :class:`BlurredFrames`: blur sigmas are rounded to this many steps per doubling.
SIGMA_STEPS_PER_OCTAVE = 3
#: :class:`BlurredFrames`: a blur of at least this sigma (frame pixels) is made on a copy shrunk
#: by halves, until less than this is left to blur.
HALVE_FROM = 2.0
#: :class:`BlurredFrames`: a smoothed copy holds at most this many pixels; a larger frame is
#: shrunk by halves first whatever the blur (a 12 MP photo's one small piece smoothed the
#: whole photo: 100 ms, where a copy shrunk once takes 20 ms and still has more pixels than
#: the crop).
LARGEST = 4_000_000


class BlurredFrames:
    """One frame and its smoothed copies, made on demand and kept for the frame's crops:
    crops of cards of about one size need the same smoothing, and smoothing the whole frame
    once costs less than each crop's region. A copy for a large blur is first shrunk by
    halves (area averaging, each half a quarter of the pixels: a 12 MP photo's large cards
    would otherwise blur the whole photo with a kernel tens of pixels wide), then blurred by
    what is left. Sigmas are rounded to :data:`SIGMA_STEPS_PER_OCTAVE` steps per doubling (a
    rounded sigma is within 13% of the asked one). No copy holds more than :data:`LARGEST`
    pixels."""

    def __init__(self, frame: Image) -> None:
        self.frame = frame
        self._halves: list[Image] = [frame]
        self._blurred: dict[int, tuple[Image, int]] = {}

    def blurred(self, sigma: float) -> tuple[Image, int]:
        """The frame smoothed by about ``sigma`` (a Gaussian's, in frame pixels), and the
        factor (a power of 2) it was shrunk by."""
        step = round(np.log2(sigma) * SIGMA_STEPS_PER_OCTAVE)
        if step not in self._blurred:
            rounded = float(2.0 ** (step / SIGMA_STEPS_PER_OCTAVE))
            halvings = max(0, int(np.floor(np.log2(rounded / HALVE_FROM))) + 1,
                           self._fitting())
            small = self._halved(halvings)
            left = rounded / 2 ** halvings
            self._blurred[step] = (np.asarray(cv2.GaussianBlur(small, (0, 0), left), np.uint8),
                                   2 ** halvings)
        return self._blurred[step]

    def _fitting(self) -> int:
        """The fewest halvings that leave at most :data:`LARGEST` pixels."""
        h, w = self.frame.shape[:2]
        times = 0
        while (h >> times) * (w >> times) > LARGEST:
            times += 1
        return times

    def _halved(self, times: int) -> Image:
        while len(self._halves) <= times:
            last = self._halves[-1]
            size = (max(1, last.shape[1] // 2), max(1, last.shape[0] // 2))
            self._halves.append(np.asarray(cv2.resize(last, size, interpolation=cv2.INTER_AREA),
                                           np.uint8))
        return self._halves[times]


def refiner_crop(frame: Image, quad: FloatArray, spec: CropSpec = FULL_CROP,
                 blurs: BlurredFrames | None = None) -> tuple[Image, FloatArray]:
    """The crop ``spec`` around ``quad`` (corners going round the piece, its first edge along
    the crop's top), and the homography from frame pixels to crop pixels. A crop that shrinks
    the frame a lot is smoothed first: from ``blurs`` when given (the same frame), else by
    blurring the region it shows."""
    quad = np.asarray(quad, np.float32)
    dst = spec.base_corners() * np.array(spec.size, np.float32)
    m = np.asarray(cv2.getPerspectiveTransform(quad, dst), np.float32)
    side = float(np.linalg.norm(quad[1] - quad[0])) * spec.expand_x
    if side <= 2 * spec.width:
        crop = cv2.warpPerspective(frame, m, spec.size, flags=cv2.INTER_LINEAR,
                                   borderMode=cv2.BORDER_REPLICATE)
        return np.asarray(crop, np.uint8), m
    # shrinking a lot: smooth first so stripes do not alias
    sigma = 0.4 * side / spec.width
    if blurs is not None:
        smooth, factor = blurs.blurred(sigma)
        grown = np.array([[factor, 0, (factor - 1) / 2], [0, factor, (factor - 1) / 2],
                          [0, 0, 1]], np.float32)  # small pixels to frame pixels
        crop = cv2.warpPerspective(smooth, m @ grown, spec.size, flags=cv2.INTER_LINEAR,
                                   borderMode=cv2.BORDER_REPLICATE)
        return np.asarray(crop, np.uint8), m
    corners = np.array([[0, 0], [spec.width, 0], [spec.width, spec.height],
                        [0, spec.height]], np.float32)
    seen = cv2.perspectiveTransform(corners[None], np.linalg.inv(m))[0]
    pad = int(np.ceil(3 * sigma)) + 2
    h, w = frame.shape[:2]
    x0, y0 = (max(0, int(np.floor(v)) - pad) for v in seen.min(axis=0))
    x1, y1 = (int(np.ceil(v)) + pad for v in seen.max(axis=0))
    x1, y1 = min(w, max(x1, x0 + 1)), min(h, max(y1, y0 + 1))
    roi = cv2.GaussianBlur(frame[y0:y1, x0:x1], (0, 0), sigma)
    shift = np.array([[1, 0, x0], [0, 1, y0], [0, 0, 1]], np.float32)
    crop = cv2.warpPerspective(roi, m @ shift, spec.size, flags=cv2.INTER_LINEAR,
                               borderMode=cv2.BORDER_REPLICATE)
    return np.asarray(crop, np.uint8), m


def crop_corners(m: FloatArray, quad: FloatArray, spec: CropSpec = FULL_CROP) -> FloatArray:
    """``quad`` (frame pixels) in the crop of homography ``m``, as shares of its size."""
    pts = cv2.perspectiveTransform(np.asarray(quad, np.float32)[None], m)[0]
    return np.asarray(pts / np.array(spec.size, np.float32), np.float32)


def frame_corners(m: FloatArray, shares: FloatArray, spec: CropSpec = FULL_CROP
                  ) -> FloatArray:
    """Corners given as shares of the crop of homography ``m`` back in frame pixels."""
    pts = np.asarray(shares, np.float32) * np.array(spec.size, np.float32)
    return np.asarray(cv2.perspectiveTransform(pts[None], np.linalg.inv(m))[0], np.float32)


def network_input(crops: list[Image]) -> FloatArray:
    """A batch (N, 3, H, W) of crops scaled to -1..1, as the network was trained."""
    x = np.stack(crops).astype(np.float32) * (1 / 127.5) - 1
    return np.ascontiguousarray(x.transpose(0, 3, 1, 2))


class OutlineRefiner:
    """Runs ``card_refiner.onnx`` (:mod:`~companion.vision.onnx_net`); thread-confined (one per
    thread)."""

    def __init__(self, path: Path = REFINER_FILE, passes: int = PASSES,
                 spec: CropSpec = FULL_CROP) -> None:
        """``spec``: the network's crop (:data:`FULL_CROP` for whole cards, :data:`BAND_CROP`
        for bands, see :func:`band_refiner`)."""
        self._net = OnnxNet(path, "card outline model")
        self.passes = passes
        self.spec = spec

    def refine(self, frame: Image, quads: list[FloatArray],
               blurs: BlurredFrames | None = None) -> list[FloatArray]:
        """Each rough quad (corners going round the piece) moved onto its piece, corners in
        the same order. Every quad gets a pass; it gets another (up to ``passes``) while its
        last pass moved a corner by more than :data:`SETTLED` of its short side. An answer
        that moves a corner by more than :data:`MAX_MOVE` of it is not taken (the quad stays
        where it was and settles). ``blurs``: the frame's blurred copies, when the caller
        shares them between refiners (it must hold ``frame``)."""
        out = [np.asarray(q, np.float32) for q in quads]
        active = list(range(len(out)))
        blurs = blurs if blurs is not None else BlurredFrames(frame)
        for _ in range(self.passes):
            if not active:
                break
            moves = self._pass(blurs, [out[i] for i in active])
            still = []
            for i, moved in zip(active, moves, strict=True):
                short = max(1.0, min(float(np.linalg.norm(out[i][1] - out[i][0])),
                                     float(np.linalg.norm(out[i][2] - out[i][1]))))
                step = float(np.abs(moved - out[i]).max()) if moved is not None else 0.0
                if moved is not None and step <= MAX_MOVE * short:
                    out[i] = moved
                    if step > SETTLED * short:
                        still.append(i)
            active = still
        return out

    def _pass(self, blurs: BlurredFrames, quads: list[FloatArray]) -> list[FloatArray | None]:
        """One answer of the network for each quad (None where it is not a number)."""
        crops, homographies = zip(*(refiner_crop(blurs.frame, q, self.spec, blurs)
                                    for q in quads), strict=True)
        offsets = self._net.run(network_input(list(crops))).reshape(-1, 4, 2)
        base = self.spec.base_corners()
        out: list[FloatArray | None] = []
        for h, off in zip(homographies, offsets, strict=True):
            moved = frame_corners(h, base + off, self.spec)
            out.append(moved if np.all(np.isfinite(moved)) else None)
        return out


def band_refiner(path: Path = BAND_REFINER_FILE, passes: int = PASSES) -> OutlineRefiner:
    """The refiner of bands (cards under another one), from ``card_band_refiner.onnx``."""
    return OutlineRefiner(path, passes, BAND_CROP)
