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

import cv2
import numpy as np
import numpy.typing as npt

from companion.vision.cards.embedding import white_point

Image = npt.NDArray[np.uint8]
FloatArray = npt.NDArray[np.float32]

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
    x = np.clip(small.astype(np.float32) / np.maximum(white_point(small), 16.0), 0.0, 1.0)
    return np.asarray(cv2.cvtColor(x, cv2.COLOR_BGR2Lab), np.float32)


#: Whether the query's colours are matched to the candidates' before comparing
#: (:func:`matched`). On 72 tuning scenes: whole cards 714 → 722 of 754 (spoon 4 against 5 and
#: 6 above all), covered 426 → 424; SET one-shot top-1 91.8% → 94.8%, wrong and certain
#: 27 → 12 of 729. A least-squares gain did less (SET 93.0%).
MATCH = True
#: The gain of that match is kept within these bounds.
GAIN = (0.6, 1.6)


def matched(query: FloatArray, target: FloatArray) -> FloatArray:
    """``query`` with each Lab channel given ``target``'s mean and spread (the gain kept within
    :data:`GAIN`): what white balance leaves of the light's colour and contrast. ``target`` is
    the candidates' mean image, so every candidate is compared with the same query."""
    if not MATCH:
        return query
    x_mean, x_spread = cv2.meanStdDev(query)
    y_mean, y_spread = cv2.meanStdDev(target)
    gain = np.clip(y_spread[:, 0] / np.maximum(x_spread[:, 0], 1e-6), *GAIN)
    gain[x_spread[:, 0] <= 1e-6] = 1.0
    offset = y_mean[:, 0] - gain * x_mean[:, 0]
    return np.asarray(query * gain.astype(np.float32) + offset.astype(np.float32), np.float32)


def _mean_image(images: list[FloatArray]) -> FloatArray:
    return images[0] if len(images) == 1 else np.asarray(np.mean(images, axis=0), np.float32)


def difference_weights(candidates: list[list[FloatArray]]) -> FloatArray:
    """Where the candidates' (mean) images differ: a map summing to its pixel count."""
    return _weights([_mean_image(images) for images in candidates])


def _weights(means: list[FloatArray]) -> FloatArray:
    spread = np.stack(means).std(axis=0).sum(axis=2)
    spread = cv2.GaussianBlur(spread, (0, 0), 1.5)
    total = float(spread.mean())
    w = spread / total if total > 1e-6 else np.ones_like(spread)
    return np.asarray((1 - FLOOR) * w + FLOOR, np.float32)


def fine_distances(query: FloatArray, candidates: list[list[FloatArray]],
                   match: bool = True) -> list[float]:
    """Each candidate's weighted mean squared difference to ``query`` (best image, best shift;
    infinite for a candidate without images). ``query`` and every candidate image are
    :func:`normalise` outputs of the same size; with ``match`` the query's colours are first
    matched to the candidates' (:func:`matched`).

    The weighted difference sum(w (T - I)^2) over the shifts is computed as
    sum(w T^2) - 2 corr(I, w T) + corr(I^2, w), with plain (fast) template correlations; with
    one candidate the weights are even and corr(I^2, w) is a box sum (an integral image)."""
    means = [_mean_image(images) for images in candidates if len(images)]
    if match and means:
        query = matched(query, means[0] if len(means) == 1 else np.mean(means, axis=0))
    s = SHIFT
    even = len(candidates) <= 1
    weights = np.ones(query.shape[:2], np.float32) if even else _weights(means)
    w = np.ascontiguousarray(np.repeat(weights[s:-s, s:-s, None], 3, axis=2))
    norm = float(w.sum())
    templates = []
    for sigma in QUERY_BLURS:
        q = query if sigma <= 0 else cv2.GaussianBlur(query, (0, 0), sigma)
        t = np.ascontiguousarray(q[s:-s, s:-s])
        wt = np.ascontiguousarray(w * t)
        templates.append((wt, float((wt * t).sum())))
    out = []
    for images in candidates:
        best = np.inf
        for image in images:
            energy = _box_energy(image, w.shape[:2]) if even else cv2.matchTemplate(
                np.ascontiguousarray(image * image), w, cv2.TM_CCORR)
            for wt, constant in templates:
                cross = cv2.matchTemplate(image, wt, cv2.TM_CCORR)
                best = min(best, max(0.0, float((constant - 2 * cross + energy).min())) / norm)
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
