"""The fine check's arithmetic: Fourier-space differences equal the difference computed pixel
by pixel, shift by shift (what :func:`~companion.vision.cards.verify.fine_distances` states)."""

from __future__ import annotations

import numpy as np

from companion.vision.cards.verify import (
    SHIFT,
    FineImage,
    _weights,
    fine_distances,
    matched,
    normalise,
)


def _by_hand(query: np.ndarray, images: list[list[np.ndarray]]) -> list[float]:
    """sum(w (T - I)^2) / (3 sum w) at each shift of up to SHIFT pixels, the lowest, in float64."""
    means = [np.mean(group, axis=0) for group in images]
    target = means[0] if len(means) == 1 else np.mean(means, axis=0)
    q = matched(query, np.asarray(target, np.float32)).astype(np.float64)
    s = SHIFT
    h, w = q.shape[:2]
    weights = np.ones((h, w)) if len(images) == 1 else \
        _weights([np.asarray(m, np.float32) for m in means]).astype(np.float64)
    window = weights[s:-s, s:-s, None]
    template = q[s:-s, s:-s]
    out = []
    for group in images:
        best = np.inf
        for image in group:
            for dy in range(2 * s + 1):
                for dx in range(2 * s + 1):
                    part = image[dy:dy + h - 2 * s, dx:dx + w - 2 * s].astype(np.float64)
                    best = min(best, float((window * (template - part) ** 2).sum()))
        out.append(best / (3 * float(window.sum())))
    return out


def test_fine_distances_equal_the_pixel_by_pixel_difference() -> None:
    rng = np.random.default_rng(5)
    base = rng.integers(0, 256, (60, 40, 3), np.uint8)
    for trial in range(6):
        n = 1 + trial % 3
        crops = [np.clip(base.astype(int) + rng.integers(-60, 60, base.shape), 0, 255)
                 .astype(np.uint8) for _ in range(n)]
        images = [[normalise(crop)] for crop in crops]
        if trial == 5:
            images[0].append(normalise(rng.integers(0, 256, base.shape, np.uint8)))
        query = normalise(np.roll(crops[0], trial % 3, axis=1))
        got = fine_distances(query, [[FineImage(i) for i in group] for group in images])
        expected = _by_hand(query, images)
        assert np.allclose(got, expected, rtol=1e-4, atol=1e-3), (trial, got, expected)
