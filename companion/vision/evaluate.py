"""Scoring a dice reader on a labelled folder laid out like ``../shared/data/dice/byler_d6``.

A folder holds ``images/`` and ``labels/<photo>.json`` (``{"image", "dice": [{"value",
"bbox_xyxy"}]}``). Matching is one to one: each labelled die is paired with at most one
prediction whose box centre lies inside the labelled box (closest centres first); a labelled die
with no prediction is *missed* and counts as wrong; a prediction paired with no labelled die is
*extra*. A photo is *exact* when the multiset of predicted values equals the labelled one.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np

from companion.vision.dice import Die, Image
from companion.vision.image_limits import ImageRefused, decode_image


class UnreadableImage(ValueError):
    """An image file that is missing, empty or not an image."""


@dataclass(frozen=True)
class LabelledDie:
    value: int
    box: tuple[float, float, float, float]


@dataclass(frozen=True)
class Sample:
    """One labelled photo."""

    image: Path
    dice: tuple[LabelledDie, ...]


def read_image(path: Path | str) -> Image:
    """The BGR image in ``path``; :class:`UnreadableImage` naming the fault."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise UnreadableImage(f"cannot read {path}: {exc.strerror or exc}") from None
    if not data:
        raise UnreadableImage(f"{path} is empty")
    try:
        return decode_image(data, str(path))  # header checked (pixel cap) before decoding
    except ImageRefused as exc:
        raise UnreadableImage(str(exc)) from None


def _box(values: object) -> tuple[float, float, float, float]:
    if not isinstance(values, list | tuple) or len(values) != 4:
        raise ValueError("a box is [x0, y0, x1, y1]")
    x0, y0, x1, y1 = (float(v) for v in values)
    return x0, y0, x1, y1


def load_samples(folder: Path | str, names: Iterable[str] | None = None) -> list[Sample]:
    """The labelled photos of ``folder`` (sorted by name; only ``names`` when given)."""
    folder = Path(folder)
    labels = folder / "labels"
    if not (folder / "images").is_dir() or not labels.is_dir():
        raise UnreadableImage(f"{folder} has no images/ and labels/ folders")
    wanted = None if names is None else set(names)
    samples = []
    for label in sorted(labels.glob("*.json")):
        try:
            obj = json.loads(label.read_text(encoding="utf-8"))
            image = folder / "images" / str(obj["image"])
            dice = tuple(LabelledDie(int(d["value"]), _box(d["bbox_xyxy"])) for d in obj["dice"])
        except (OSError, ValueError, KeyError, TypeError) as exc:
            raise UnreadableImage(f"{label} is not a dice label file: {exc}") from None
        if wanted is None or image.name in wanted or image.stem in wanted:
            samples.append(Sample(image, dice))
    if not samples:
        raise UnreadableImage(f"{folder} has no labelled photos")
    return samples


def match(truth: Sequence[LabelledDie], found: Sequence[Die]) -> list[tuple[int, int]]:
    """One-to-one pairs ``(truth index, found index)``: a prediction is paired with a labelled
    die only when its box centre lies inside the labelled box; closest centres first."""
    pairs = []
    for i, t in enumerate(truth):
        x0, y0, x1, y1 = t.box
        tx, ty = (x0 + x1) / 2, (y0 + y1) / 2
        for j, d in enumerate(found):
            cx, cy = d.centre
            if x0 <= cx <= x1 and y0 <= cy <= y1:
                pairs.append(((cx - tx) ** 2 + (cy - ty) ** 2, i, j))
    used_t: set[int] = set()
    used_f: set[int] = set()
    result = []
    for _, i, j in sorted(pairs):
        if i not in used_t and j not in used_f:
            used_t.add(i)
            used_f.add(j)
            result.append((i, j))
    return result


@dataclass
class Score:
    """Totals over a folder; :meth:`to_json` has the CLI's keys."""

    images: int = 0
    dice: int = 0
    correct: int = 0
    exact: int = 0
    missed: int = 0
    extra: int = 0
    seconds: float = 0.0
    failures: list[dict[str, object]] = field(default_factory=list)

    def add(self, sample: Sample, found: Sequence[Die], seconds: float) -> None:
        pairs = match(sample.dice, found)
        correct = sum(sample.dice[i].value == found[j].value for i, j in pairs)
        exact = sorted(d.value for d in sample.dice) == sorted(d.value for d in found)
        self.images += 1
        self.dice += len(sample.dice)
        self.correct += correct
        self.exact += exact
        self.missed += len(sample.dice) - len(pairs)
        self.extra += len(found) - len(pairs)
        self.seconds += seconds
        if not exact:
            self.failures.append({
                "image": sample.image.name,
                "truth": sorted(d.value for d in sample.dice),
                "read": sorted(d.value for d in found)})

    @property
    def per_die_accuracy(self) -> float:
        return self.correct / self.dice if self.dice else 0.0

    @property
    def exact_rate(self) -> float:
        return self.exact / self.images if self.images else 0.0

    @property
    def ms_per_image(self) -> float:
        return 1000.0 * self.seconds / self.images if self.images else 0.0

    def to_json(self) -> dict[str, object]:
        return {"images": self.images, "dice": self.dice, "correct": self.correct,
                "per_die_accuracy": round(self.per_die_accuracy, 4),
                "exact_images": self.exact, "exact_rate": round(self.exact_rate, 4),
                "missed": self.missed, "extra": self.extra,
                "ms_per_image": round(self.ms_per_image, 2)}


def evaluate(samples: Iterable[Sample], read: Callable[[Image], list[Die]],
             scale: float = 1.0) -> Score:
    """Score ``read`` on ``samples``; ``scale`` resizes each photo (and its labels) first, to
    check larger dice. Time is the reader's alone (not the decoding or the resizing)."""
    score = Score()
    for sample in samples:
        image = read_image(sample.image)
        if scale != 1.0:
            image = np.asarray(cv2.resize(image, None, fx=scale, fy=scale,
                                          interpolation=cv2.INTER_LINEAR), dtype=np.uint8)
            sample = Sample(sample.image, tuple(
                LabelledDie(d.value, _box([v * scale for v in d.box])) for d in sample.dice))
        start = time.perf_counter()
        found = read(image)
        score.add(sample, found, time.perf_counter() - start)
    return score
