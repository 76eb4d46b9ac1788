"""The card embedding network: a rectified card (or its top band) to a unit vector.

``models/card_embedder.onnx`` is a small CNN trained in the project
(``tools/train_embedder_real.py``) on procedurally drawn cards
(:mod:`companion.vision.cards.procedural`) and real photos of SET cards, with photo-like
augmentations; a twin trained without a third of the SET classes tells those unseen classes
apart one-shot as well (``models/README.md``), so it is meant to be generic. Two views of one
card design land close together, views of different designs far apart, so a card set is
*learned* without training: enrollment stores the embeddings of a few augmented copies of
each enrolled photo (:mod:`companion.vision.cards.enrollment`) and recognition compares
against them.

A crop's *descriptor* joins the network's embedding and a colour layout (:func:`layout`),
each a unit vector, weighted so that the cosine of two descriptors is ``w`` times the cosine of
their embeddings plus ``1 - w`` times that of their layouts (:data:`NET_WEIGHT`): the network
copes with blur, light and small misalignment, the layout sees fine differences in colour,
shading and count that a network trained only on drawn cards may miss.

Input of the network: the crop resized to :data:`INPUT_W` x :data:`INPUT_H` (portrait; a band
is stretched to the same size), as 6 channels: BGR scaled to [-1, 1], and the same
white-balanced (each channel divided by its :data:`WHITE_PERCENTILE` percentile), which makes
colour casts easy to ignore while keeping the card's own colours. Output: :data:`NET_DIM`
floats, L2-normalised here.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import cv2
import numpy as np
import numpy.typing as npt

from companion.vision.onnx_net import OnnxNet

Image = npt.NDArray[np.uint8]
FloatArray = npt.NDArray[np.float32]

MODELS_DIR = Path(__file__).resolve().parent.parent / "models"
EMBEDDER_FILE = MODELS_DIR / "card_embedder.onnx"

INPUT_W, INPUT_H = 64, 96
#: Size of the network's embedding.
NET_DIM = 128
#: The colour layout: the white-balanced crop averaged over a grid of this many cells, in
#: CIE Lab, minus its median colour (the card's paper), so it describes where the ink is.
LAYOUT_W, LAYOUT_H = 16, 24
LAYOUT_DIM = LAYOUT_W * LAYOUT_H * 3
#: Default share of the network's embedding in a descriptor (the rest is the colour layout):
#: chosen on SET classes held out of the embedder's training (99.6% one-shot at 0.6, 96.7% at
#: 0.3; that twin read the real table photos 86.9% top-1 at 0.6, 83.3% at 1.0).
NET_WEIGHT = 0.6
WHITE_PERCENTILE = 95.0
#: Visible band heights (share of the card's height) that enrollment prepares prototypes for.
BAND_SHARES = (0.2, 0.28, 0.38)


def white_point(x: FloatArray | Image) -> FloatArray:
    """Each channel's :data:`WHITE_PERCENTILE` percentile (linear, as ``np.percentile``) of an
    (H, W, 3) image: of a uint8 one from its histograms, of a float one via a partial sort
    (each several times faster than ``np.percentile``; the same values)."""
    flat = x.reshape(-1, 3)
    pos = (len(flat) - 1) * WHITE_PERCENTILE / 100
    k = int(pos)
    if k + 1 >= len(flat):
        return np.asarray(flat.max(axis=0), np.float32)
    frac = np.float32(pos - k)
    if x.dtype == np.uint8:
        low, high = np.empty(3, np.float32), np.empty(3, np.float32)
        for c in range(3):  # the k-th smallest value: how many levels hold k values or fewer
            counts = np.cumsum(cv2.calcHist([x], [c], None, [256], [0, 256]).ravel())
            low[c], high[c] = np.searchsorted(counts, (k + 0.5, k + 1.5))
        return np.asarray(low + (high - low) * frac, np.float32)
    part = np.partition(flat, (k, k + 1), axis=0)
    return np.asarray(part[k] + (part[k + 1] - part[k]) * frac, np.float32)


def white_balanced(x: FloatArray, white: FloatArray) -> FloatArray:
    """A float32 (H, W, 3) image of values 0-255 divided by its white point (each channel by
    at least 16) and clipped to [0, 1]: ``np.clip(x / np.maximum(white, 16), 0, 1)``'s values,
    at C speed (numpy's broadcast over a last axis of 3 runs an inner loop of 3)."""
    divisor = (*(float(v) for v in np.maximum(white, 16.0)), 1.0)  # a cv2 Scalar
    balanced = cv2.divide(x, divisor)  # type: ignore[call-overload]
    return np.asarray(cv2.threshold(balanced, 1.0, 1.0, cv2.THRESH_TRUNC)[1], np.float32)


def column_median(rows: npt.NDArray[Any]) -> FloatArray:
    """Each column's median of a float32 (N, C) array: ``np.median(rows, axis=0)``'s values
    (the mean of the two middle values when N is even), from one partial sort."""
    n = len(rows)
    half = n // 2
    if n % 2:
        return np.asarray(np.partition(rows, half, axis=0)[half], np.float32)
    part = np.partition(rows, (half - 1, half), axis=0)
    return np.asarray((part[half - 1] + part[half]) / np.float32(2), np.float32)


def _small(crop: Image) -> tuple[FloatArray, FloatArray]:
    """A crop at the network's input size (float32) and its white point."""
    x = np.asarray(cv2.resize(crop, (INPUT_W, INPUT_H), interpolation=cv2.INTER_AREA), np.uint8)
    return x.astype(np.float32), white_point(x)


def prepare(crops: list[Image] | Image,
            small: list[tuple[FloatArray, FloatArray]] | None = None) -> FloatArray:
    """Rectified BGR crops (any size, portrait) as the network's NCHW input (``small``: the
    crops already shrunk by :func:`_small`)."""
    batch = [crops] if isinstance(crops, np.ndarray) and crops.ndim == 3 else list(crops)
    shrunk = small if small is not None else [_small(c) for c in batch]
    out = np.empty((len(shrunk), 6, INPUT_H, INPUT_W), np.float32)
    scale = np.float32(1 / 127.5)
    for i, (x, white) in enumerate(shrunk):
        gains = np.float32(255.0) / np.maximum(white, np.float32(16.0))
        for c, plane in enumerate(cv2.split(x)):  # plane by plane: numpy is slow across 3
            np.subtract(plane * scale, np.float32(1), out=out[i, c])
            np.minimum(plane * gains[c], np.float32(320.0), out=out[i, 3 + c])
            np.subtract(out[i, 3 + c] * scale, np.float32(1), out=out[i, 3 + c])
    return out


def layout(crop: Image, small: tuple[FloatArray, FloatArray] | None = None) -> FloatArray:
    """The colour layout of a crop (see :data:`LAYOUT_W`), a unit vector."""
    x, white = small if small is not None else _small(crop)
    cells = cv2.resize(white_balanced(x, white), (LAYOUT_W, LAYOUT_H),
                       interpolation=cv2.INTER_AREA)
    lab = cv2.cvtColor(cells, cv2.COLOR_BGR2Lab).reshape(-1, 3)
    v = (lab - column_median(lab)).ravel()
    return np.asarray(v / max(float(np.linalg.norm(v)), 1e-6), np.float32)


def top_band(card: Image, share: float) -> Image:
    """The top ``share`` of a rectified card (what a covering card leaves visible)."""
    rows = max(2, round(card.shape[0] * share))
    return card[:rows]


class Embedder:
    """Descriptors of rectified crops: ``card_embedder.onnx`` (run by
    :mod:`~companion.vision.onnx_net`) joined with the colour layout (``net_weight`` of 1 is
    the network alone, 0 the layout alone). Thread-confined (one per thread)."""

    def __init__(self, path: Path = EMBEDDER_FILE, net_weight: float = NET_WEIGHT) -> None:
        self._net = OnnxNet(path, "card embedding model")
        self.net_weight = net_weight

    @property
    def dim(self) -> int:
        return NET_DIM + LAYOUT_DIM

    def network(self, crops: list[Image],
                small: list[tuple[FloatArray, FloatArray]] | None = None) -> FloatArray:
        """The network's unit embeddings (N, NET_DIM); batches of at most 32."""
        small = small if small is not None else [_small(c) for c in crops]
        parts = [np.zeros((0, NET_DIM), np.float32)]
        for start in range(0, len(crops), 32):
            out = self._net.run(prepare(crops[start:start + 32], small[start:start + 32]))
            parts.append(out.reshape(-1, NET_DIM))
        out = np.concatenate(parts)
        return out / np.maximum(np.linalg.norm(out, axis=1, keepdims=True), 1e-6)

    def layout_only(self, crops: list[Image]) -> FloatArray:
        """Descriptors (N, :attr:`dim`) with the network's part left at zero: the colour layout
        alone, weighted as in :meth:`embed`. A cheap stand-in (no network) to rank several
        crops of one card against a set; its similarities are not comparable with full ones."""
        out = np.zeros((len(crops), self.dim), np.float32)
        for i, crop in enumerate(crops):
            out[i, NET_DIM:] = layout(crop) * np.float32(np.sqrt(1 - self.net_weight))
        return out

    def embed(self, crops: list[Image]) -> FloatArray:
        """Unit descriptors (N, :attr:`dim`) of rectified crops."""
        if not crops:
            return np.zeros((0, self.dim), np.float32)
        w = self.net_weight
        small = [_small(c) for c in crops]
        net = self.network(crops, small) * np.float32(np.sqrt(w))
        lay = np.stack([layout(c, s) for c, s in zip(crops, small, strict=True)])
        lay *= np.float32(np.sqrt(1 - w))
        return np.concatenate([net, lay], axis=1)
