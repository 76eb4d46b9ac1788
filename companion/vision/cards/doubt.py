"""Honest doubt (issue 22 item 5): a card's ``confidence`` is the probability that its label
is right, and a card is sure only where that probability is at least :data:`SURE`.

The probability is a logistic function of three things :meth:`CardSet.classify
<companion.vision.cards.enrollment.CardSet.classify>` already knows of an answer
(:func:`features`): the descriptor similarity's lead of the best label over the next, the best
similarity itself, and whether the fine check named another label than the descriptor. Its
weights are fitted off the device, on real photos, by ``tools/fit_card_confidence.py``, and
shipped as ``models/card_confidence.json`` (:data:`CONFIDENCE_FILE`, versioned by
:data:`FORMAT`); nothing is fitted at run time. The fitting and scoring helpers
(:func:`fit_logistic`, :func:`photo_folds`, :func:`calibration_error`) are here, pure numpy,
so the tool and the tests measure the same way.
"""

from __future__ import annotations

import functools
import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt

CONFIDENCE_FILE = Path(__file__).resolve().parent.parent / "models" / "card_confidence.json"
#: The JSON's format; a file of another format is refused.
FORMAT = 1
#: A card is sure only where its calibrated probability is at least this.
SURE = 0.995
#: The features' names, in :func:`features`' order.
FEATURES = ("gap", "similarity", "disagree")
#: The similarity lead counts up to this (beyond, a lead is a lead).
GAP_CAP = 0.3

FloatArray = npt.NDArray[np.float64]


def features(gap: float, similarity: float, agrees: bool) -> tuple[float, float, float]:
    """An answer's features: its descriptor lead (capped at :data:`GAP_CAP`, in tenths), its
    best similarity, and 1 where the fine check disagreed with the descriptor."""
    return (min(max(gap, 0.0), GAP_CAP) * 10.0, similarity, 0.0 if agrees else 1.0)


@dataclass(frozen=True)
class Calibration:
    """P(label right) = 1 / (1 + exp(-(bias + weights . features)))."""

    weights: tuple[float, ...]
    bias: float
    fitted_on: str = ""

    def probability(self, x: Sequence[float]) -> float:
        z = self.bias + sum(w * v for w, v in zip(self.weights, x, strict=True))
        return 1.0 / (1.0 + math.exp(-max(min(z, 50.0), -50.0)))

    def to_json(self) -> dict[str, object]:
        return {"format": FORMAT, "features": list(FEATURES), "weights": list(self.weights),
                "bias": self.bias, "fitted_on": self.fitted_on}

    @classmethod
    def from_json(cls, data: dict[str, object]) -> Calibration:
        if data.get("format") != FORMAT or data.get("features") != list(FEATURES):
            raise ValueError(f"not a card confidence calibration of format {FORMAT} "
                             f"with features {FEATURES}")
        weights = data["weights"]
        bias = data["bias"]
        assert isinstance(weights, list) and isinstance(bias, (int, float))
        return cls(tuple(float(w) for w in weights), float(bias), str(data.get("fitted_on", "")))


@functools.lru_cache(maxsize=4)
def load_calibration(path: Path = CONFIDENCE_FILE) -> Calibration:
    """The shipped calibration (read once)."""
    return Calibration.from_json(json.loads(path.read_text(encoding="utf-8")))


def fit_logistic(x: FloatArray, y: FloatArray, l2: float = 1.0,
                 steps: int = 50) -> Calibration:
    """A logistic fit (Newton's method) of ``y`` (1 right, 0 wrong; fractions allowed) on the
    rows of ``x``, the weights (not the bias) held back by an ``l2`` penalty."""
    x = np.asarray(x, np.float64)
    y = np.asarray(y, np.float64)
    a = np.c_[np.ones(len(x)), x]
    beta = np.zeros(a.shape[1])
    penalty = np.full(a.shape[1], l2)
    penalty[0] = 1e-6
    for _ in range(steps):
        p = 1.0 / (1.0 + np.exp(-np.clip(a @ beta, -50, 50)))
        grad = a.T @ (p - y) + penalty * beta
        hess = (a * (p * (1 - p))[:, None]).T @ a + np.diag(penalty)
        step = np.linalg.solve(hess, grad)
        beta -= step
        if float(np.abs(step).max()) < 1e-9:
            break
    return Calibration(tuple(float(b) for b in beta[1:]), float(beta[0]))


def photo_folds(groups: Sequence[str], folds: int) -> list[npt.NDArray[np.bool_]]:
    """``folds`` test masks over rows, each photo (group) in exactly one (photos dealt round
    in sorted order), so a model fitted on the other rows never saw a test row's photo."""
    names = sorted(set(groups))
    fold_of = {name: k % folds for k, name in enumerate(names)}
    which = np.array([fold_of[g] for g in groups])
    return [which == k for k in range(folds)]


def out_of_photo(x: FloatArray, y: FloatArray, groups: Sequence[str], folds: int = 10,
                 l2: float = 1.0) -> FloatArray:
    """Each row's probability from a model fitted without its photo (:func:`photo_folds`)."""
    p = np.zeros(len(y))
    for test in photo_folds(groups, folds):
        model = fit_logistic(x[~test], y[~test], l2)
        p[test] = [model.probability(row) for row in x[test]]
    return p


@dataclass(frozen=True)
class Reliability:
    """One bin of a reliability table: its rows, mean probability and share right."""

    count: int
    mean_p: float
    right: float


def calibration_error(p: FloatArray, y: FloatArray,
                      bins: int = 10) -> tuple[float, list[Reliability]]:
    """Expected calibration error over ``bins`` equal-mass bins (rows sorted by ``p``): the
    row-weighted mean of |mean p - share right|; and the table."""
    order = np.argsort(p, kind="stable")
    table = []
    total = 0.0
    for part in np.array_split(order, bins):
        if len(part) == 0:
            continue
        mean_p, right = float(p[part].mean()), float(y[part].mean())
        table.append(Reliability(len(part), mean_p, right))
        total += len(part) * abs(mean_p - right)
    return total / max(len(p), 1), table
