"""Fine check: which of a few close candidates a card is, pixel by pixel where they differ.

Descriptors (:mod:`~companion.vision.cards.embedding`) see a card at 64x96 and 16x24: enough
for its colours and layout, not for a small corner number or a name printed at the top, which
are all that tells some variants apart (chopsticks 1/2/3, menu 7/8/9). So the best few labels
by descriptor are compared again with the enrolled crops themselves, at :data:`FINE_W` x
:data:`FINE_H`, white-balanced, in CIE Lab: each candidate's squared difference to the query,
weighted by a map of where the candidates differ from each other (so what they share, and the
query's own lighting, weigh little) and minimised over shifts of up to :data:`SHIFT` pixels (a
slightly off rectification), after the query's colours are matched to the candidates' (the
light's colour and contrast that white balance leaves). The lowest difference wins.
"""

from __future__ import annotations

import functools
from typing import Any

import cv2
import numpy as np
import numpy.typing as npt

from companion.vision.cards.embedding import white_balanced, white_point

Image = npt.NDArray[np.uint8]
FloatArray = npt.NDArray[np.float32]
Spectrum = npt.NDArray[np.float32]

FINE_W, FINE_H = 80, 120
SHIFT = 3
#: Share of the weight spread evenly (the rest follows where candidates differ).
FLOOR = 0.15
#: The query is also compared blurred by these sigmas (pixels at the fine size): a sharp photo
#: then still matches an enrolled photo that was a little out of focus.
QUERY_BLURS = (0.0,)
#: A whole card too different from its best label's enrolled crops is compared again with
#: them blurred by these sigmas (pixels at the fine size) before it is called unknown.
SOFTENED = (1.0, 1.6)


def normalise(crop: Image, height: int = FINE_H) -> FloatArray:
    """A crop as the fine check compares it: resized, white-balanced, CIE Lab (float32)."""
    small = np.asarray(cv2.resize(crop, (FINE_W, height), interpolation=cv2.INTER_AREA), np.uint8)
    x = white_balanced(small.astype(np.float32), white_point(small))
    return np.asarray(cv2.cvtColor(x, cv2.COLOR_BGR2Lab), np.float32)


#: The gain of :func:`matched` is kept within these bounds (a least-squares gain did less:
#: SET 93.0% against 94.8%).
GAIN = (0.6, 1.6)


Stats = tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]


def matched(query: FloatArray, target: FloatArray, stats: Stats | None = None) -> FloatArray:
    """``query`` with each Lab channel given ``target``'s mean and spread (the gain kept within
    :data:`GAIN`): what white balance leaves of the light's colour and contrast. ``target`` is
    the candidates' mean image, so every candidate is compared with the same query; ``stats``
    are its ``cv2.meanStdDev`` when already known."""
    x_mean, x_spread = cv2.meanStdDev(query)
    y_mean, y_spread = stats if stats is not None else cv2.meanStdDev(target)
    gain = np.clip(y_spread[:, 0] / np.maximum(x_spread[:, 0], 1e-6), *GAIN)
    gain[x_spread[:, 0] <= 1e-6] = 1.0
    offset = y_mean[:, 0] - gain * x_mean[:, 0]
    affine = np.zeros((3, 4), np.float64)
    affine[[0, 1, 2], [0, 1, 2]] = gain
    affine[:, 3] = offset
    return np.asarray(cv2.transform(query, affine), np.float32)  # per channel, at C speed


class FineImage:
    """An enrolled crop as the fine check compares it (a :func:`normalise` output, ``lab``),
    with what the check needs of it computed once, on first use: the Fourier spectra of its
    three channels and of its per-pixel energy (the sum of squares over channels), that
    energy under each shift of an even window, and its channels' mean and spread."""

    def __init__(self, lab: FloatArray) -> None:
        self.lab = lab

    @functools.cached_property
    def spectra(self) -> tuple[list[Spectrum], Spectrum]:
        """(each channel's spectrum, the energy's spectrum): ``cv2.dft`` packed, float32."""
        channels = [_spectrum(plane) for plane in cv2.split(self.lab)]
        return channels, _spectrum(np.asarray((self.lab * self.lab).sum(axis=2), np.float32))

    @functools.cached_property
    def box_energy(self) -> FloatArray:
        """corr(energy, ones) at every shift of :data:`SHIFT` (:func:`_box_energy`)."""
        h, w = self.lab.shape[:2]
        return _box_energy(self.lab, (h - 2 * SHIFT, w - 2 * SHIFT))

    @functools.cached_property
    def stats(self) -> Stats:
        """``cv2.meanStdDev`` of ``lab`` (what :func:`matched` matches a query to)."""
        mean, spread = cv2.meanStdDev(self.lab)
        return np.asarray(mean, np.float64), np.asarray(spread, np.float64)


def _spectrum(plane: npt.NDArray[Any]) -> Spectrum:
    return np.asarray(cv2.dft(np.ascontiguousarray(plane, np.float32)), np.float32)


def _padded_spectra(image: FloatArray, shape: tuple[int, int]) -> list[Spectrum]:
    """The spectra of each channel of ``image`` laid at the top left of zeros of ``shape``."""
    bottom, right = shape[0] - image.shape[0], shape[1] - image.shape[1]
    padded = cv2.copyMakeBorder(image, 0, bottom, 0, right, cv2.BORDER_CONSTANT, value=0)
    planes = cv2.split(padded) if padded.ndim == 3 else [padded]
    return [_spectrum(plane) for plane in planes]


def _cross(image: list[Spectrum], template: list[Spectrum]) -> Spectrum:
    """sum over channels of the spectrum of corr(image, template)."""
    total = np.asarray(cv2.mulSpectrums(image[0], template[0], 0, conjB=True), np.float32)
    for a, b in zip(image[1:], template[1:], strict=True):
        total += np.asarray(cv2.mulSpectrums(a, b, 0, conjB=True), np.float32)
    return total


def _inverse(spectrum: Spectrum, reach: int) -> FloatArray:
    """The correlation a spectrum stands for, at shifts 0..``reach`` each way: circular, and
    exact because the image is the template's size plus ``reach``."""
    flags = cv2.DFT_INVERSE | cv2.DFT_SCALE | cv2.DFT_REAL_OUTPUT
    return np.asarray(cv2.dft(spectrum, flags=flags)[:reach + 1, :reach + 1], np.float32)


def _mean_image(images: list[FloatArray]) -> FloatArray:
    if len(images) == 1:
        return images[0]
    return np.asarray(sum(images[1:], images[0]) / np.float32(len(images)), np.float32)


def difference_weights(candidates: list[list[FloatArray]]) -> FloatArray:
    """Where the candidates' (mean) images differ: a map summing to its pixel count."""
    return _weights([_mean_image(images) for images in candidates])


def _weights(means: list[FloatArray]) -> FloatArray:
    centre = _mean_image(means)
    variance = sum(np.square(m - centre) for m in means) / np.float32(len(means))
    spread = np.asarray(cv2.transform(np.sqrt(variance), np.ones((1, 3))), np.float32)
    spread = np.asarray(cv2.GaussianBlur(spread, (0, 0), 1.5), np.float32)
    total = float(spread.mean())
    w = spread / total if total > 1e-6 else np.ones_like(spread)
    return np.asarray((1 - FLOOR) * w + FLOOR, np.float32)


def fine_distances(query: FloatArray, candidates: list[list[FineImage]],
                   match: bool = True, weights: FloatArray | None = None) -> list[float]:
    """Each candidate's weighted mean squared difference to ``query`` (best image, best shift;
    infinite for a candidate without images). ``query`` and every candidate image are
    :func:`normalise` outputs of the same size; with ``match`` the query's colours are first
    matched to the candidates' (:func:`matched`). The weights are where the candidates differ
    (:func:`difference_weights`), or ``weights`` (a map of the query's size) where given.

    The weighted difference sum(w (T - I)^2) over the shifts is computed as
    sum(w T^2) - 2 corr(I, w T) + corr(I^2, w); the correlations are products of Fourier
    spectra (float32), the enrolled images' computed once (:class:`FineImage`), and one
    inverse transform gives both. With one candidate the weights are even and corr(I^2, w)
    is a box sum (an integral image)."""
    means = [_mean_image([image.lab for image in images]) for images in candidates if images]
    if match and means:
        alone = len(candidates) == 1 and len(candidates[0]) == 1
        query = matched(query, means[0] if len(means) == 1 else _mean_image(means),
                        candidates[0][0].stats if alone else None)
    s = SHIFT
    shape = query.shape[:2]
    even = len(candidates) <= 1 and weights is None
    if weights is None:
        weights = np.ones(shape, np.float32) if even else _weights(means)
    w = weights[s:-s, s:-s]
    norm = 3.0 * float(w.sum())
    templates = []
    for sigma in QUERY_BLURS:
        q = query if sigma <= 0 else cv2.GaussianBlur(query, (0, 0), sigma)
        planes = cv2.split(np.ascontiguousarray(q[s:-s, s:-s]))
        weighted = [w * t for t in planes]
        constant = sum(float(np.vdot(wt, t)) for wt, t in zip(weighted, planes, strict=True))
        templates.append(([_padded_spectra(wt, shape)[0] for wt in weighted], constant))
    weight_spectrum = None if even else _padded_spectra(w, shape)
    out = []
    for images in candidates:
        best = np.inf
        for image in images:
            channels, energy_spectrum = image.spectra
            energy = None if weight_spectrum is None else \
                _cross([energy_spectrum], weight_spectrum)
            for spectra, constant in templates:
                total = _cross(channels, spectra)
                if energy is None:
                    ssd = _inverse(total, 2 * s) * np.float32(-2) + image.box_energy
                else:
                    ssd = _inverse(np.asarray(cv2.scaleAdd(total, -2.0, energy), np.float32),
                                   2 * s)
                best = min(best, max(0.0, float(ssd.min()) + constant) / norm)
        out.append(best)
    return out


def _box_energy(image: FloatArray, size: tuple[int, int]) -> FloatArray:
    """corr(image^2, ones of ``size``): the sum of squares under each placement of the
    template (summed over channels), from an integral image."""
    square = (image.astype(np.float64) ** 2).sum(axis=2)
    total = cv2.integral(square)
    h, w = size
    return np.asarray(total[h:, w:] - total[:-h, w:] - total[h:, :-w] + total[:-h, :-w],
                      np.float32)
