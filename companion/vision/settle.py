"""Settle detection: from a stream of frames to one reported roll per throw.

:class:`SettleDetector` watches a downscaled grey copy of each frame (:attr:`SettleConfig.
analysis_width` pixels wide; cheap enough for far more than 30 frames a second):

* **Moving**: more than :attr:`SettleConfig.motion_fraction` of the dice region changed by more
  than :attr:`SettleConfig.motion_threshold` grey levels since the previous frame. Nothing is
  read or reported while anything moves.
* **Hand**: a region that differs from the last quiet view of the tray (the reference) and
  touches the region's edge, larger than :attr:`SettleConfig.hand_fraction` of it: an arm
  reaching in. Dice at rest never touch the edge; an arm always does. Nothing is reported while
  it is there, even if it holds still.
* **Settling**: still (and no hand) since ``t0``. The full frame is read by the pip reader every
  :attr:`SettleConfig.read_interval` seconds.
* **Settled**: still for :attr:`SettleConfig.still_seconds` and the last
  :attr:`SettleConfig.agree_readings` readings agree (the same values at the same places):
  :meth:`SettleDetector.update` returns a :class:`SettledRoll`, once. The next roll can only be
  reported after the dice moved again (a die knocked afterwards gives a new report).

Each die of a reported roll has a quality: ``cocked`` when its silhouette is not square
(:mod:`companion.vision.cocked`), ``uncertain`` when the reader's confidence is below
:attr:`SettleConfig.min_confidence`; otherwise ``ok``. The roll's quality is the worst of its
dice (``cocked`` before ``uncertain``), and ``uncertain`` when the number of dice differs from
:attr:`SettleConfig.expected_dice`. When readings keep disagreeing for
:attr:`SettleConfig.max_readings` readings, the most frequent one is reported as ``uncertain``.
A still frame with no dice reports nothing (:attr:`SettleDetector.state` is ``empty``; such a
tray is read again every :attr:`SettleConfig.empty_interval` seconds, not every frame).
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import cv2
import numpy as np

from companion.vision.cocked import silhouette_aspect
from companion.vision.dice import Die, Image

OK, COCKED, UNCERTAIN = "ok", "cocked", "uncertain"
QUALITIES = (OK, COCKED, UNCERTAIN)


class TrayState(enum.Enum):
    """What the tray looks like now."""

    STARTING = "starting"
    MOVING = "moving"
    HAND = "hand"
    SETTLING = "settling"
    SETTLED = "settled"
    EMPTY = "empty"


@dataclass(frozen=True)
class SettleConfig:
    """Tuning of :class:`SettleDetector` (see the module docstring)."""

    still_seconds: float = 0.5
    read_interval: float = 0.1
    #: While the still tray shows no dice, it is read again only this often (an idle camera
    #: costs little).
    empty_interval: float = 1.0
    agree_readings: int = 3
    max_readings: int = 12
    motion_threshold: int = 18
    motion_fraction: float = 0.0015
    hand_fraction: float = 0.03
    min_confidence: float = 0.75
    cocked_aspect: float = 1.25
    expected_dice: int | None = None
    analysis_width: int = 160
    #: The dice region as fractions of the frame ``(x0, y0, x1, y1)``; the whole frame if None.
    region: tuple[float, float, float, float] | None = None


@dataclass(frozen=True)
class ReadDie:
    """A die of a settled roll: what the reader saw, and its quality."""

    die: Die
    quality: str
    aspect: float

    def to_json(self) -> dict[str, object]:
        return {**self.die.to_json(), "quality": self.quality, "aspect": round(self.aspect, 2)}


@dataclass(frozen=True)
class SettledRoll:
    """A roll that came to rest at ``t`` (seconds, the frame's time): its dice, left to right,
    and its overall ``quality`` (``ok``, ``cocked`` or ``uncertain``)."""

    t: float
    dice: tuple[ReadDie, ...]
    quality: str
    readings: int

    @property
    def values(self) -> tuple[int, ...]:
        return tuple(d.die.value for d in self.dice)

    def to_json(self) -> dict[str, object]:
        return {"t": round(self.t, 3), "values": list(self.values), "quality": self.quality,
                "readings": self.readings, "dice": [d.to_json() for d in self.dice]}


Reader = Callable[[Image], list[Die]]


def _signature(dice: Sequence[Die], cell: float) -> tuple[tuple[int, int, int], ...]:
    """Values with coarse positions, so that two readings of the same dice compare equal."""
    return tuple(sorted((d.value, round(d.centre[0] / cell), round(d.centre[1] / cell))
                        for d in dice))


def _same(a: Sequence[Die], b: Sequence[Die]) -> bool:
    if len(a) != len(b):
        return False
    if sorted(d.value for d in a) != sorted(d.value for d in b):
        return False
    for d in a:  # every die of a has a die of b with the same value close by
        if not any(e.value == d.value and abs(e.centre[0] - d.centre[0]) < d.size / 2
                   and abs(e.centre[1] - d.centre[1]) < d.size / 2 for e in b):
            return False
    return True


@dataclass
class SettleDetector:
    """Feed frames with :meth:`update`; it returns a :class:`SettledRoll` once per throw."""

    read: Reader
    config: SettleConfig = field(default_factory=SettleConfig)
    state: TrayState = TrayState.STARTING
    _previous: np.ndarray | None = None
    _reference: np.ndarray | None = None
    _still_since: float | None = None
    _last_read: float | None = None
    _readings: list[list[Die]] = field(default_factory=list)
    _reported: bool = False

    @property
    def latest(self) -> list[Die]:
        """The dice of the last reading (empty before the first one and while dice move)."""
        return list(self._readings[-1]) if self._readings else []

    def analyse(self, frame: Image) -> np.ndarray:
        """The downscaled, blurred grey view of the dice region that motion is judged on."""
        h, w = frame.shape[:2]
        if self.config.region is not None:
            x0, y0, x1, y1 = self.config.region
            frame = frame[round(y0 * h):round(y1 * h), round(x0 * w):round(x1 * w)]
            h, w = frame.shape[:2]
        width = min(self.config.analysis_width, w)
        small = cv2.resize(frame, (width, max(1, round(h * width / w))),
                           interpolation=cv2.INTER_AREA)
        grey = cv2.cvtColor(small, cv2.COLOR_BGR2GRAY)
        return np.asarray(cv2.GaussianBlur(grey, (3, 3), 0), dtype=np.uint8)

    def moving(self, small: np.ndarray) -> bool:
        if self._previous is None or self._previous.shape != small.shape:
            return True
        changed = cv2.absdiff(small, self._previous) > self.config.motion_threshold
        return bool(np.count_nonzero(changed) > self.config.motion_fraction * small.size)

    def hand(self, small: np.ndarray) -> bool:
        """A changed region (against the reference) touching the edge and large enough."""
        if self._reference is None or self._reference.shape != small.shape:
            return False
        changed = (cv2.absdiff(small, self._reference) > self.config.motion_threshold)
        mask = changed.astype(np.uint8)
        count, _, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=8)
        h, w = mask.shape
        for i in range(1, count):
            x, y, bw, bh, area = (int(v) for v in stats[i])
            edge = x == 0 or y == 0 or x + bw == w or y + bh == h
            if edge and area > self.config.hand_fraction * mask.size:
                return True
        return False

    def update(self, frame: Image, t: float) -> SettledRoll | None:
        """Take the frame captured at ``t`` seconds; a :class:`SettledRoll` when a roll has
        just settled, else ``None``. :attr:`state` says what the tray looks like."""
        small = self.analyse(frame)
        moving = self.moving(small)
        self._previous = small
        if self._reference is None:
            self._reference = small
        if moving or self.hand(small):
            self.state = TrayState.MOVING if moving else TrayState.HAND
            self._still_since, self._last_read, self._readings = None, None, []
            self._reported = False
            return None
        if self._still_since is None:
            self._still_since = t
        if self._reported:
            self._reference = small
            return None
        interval = (self.config.empty_interval if self.state is TrayState.EMPTY
                    else self.config.read_interval)
        if self._last_read is None or t - self._last_read >= interval - 1e-6:
            self._last_read = t
            self._readings.append(self.read(frame))
        if not self._readings[-1]:
            self.state = TrayState.EMPTY
            self._reference = small
            return None
        self.state = TrayState.SETTLING
        if t - self._still_since < self.config.still_seconds - 1e-6:
            return None
        recent = self._readings[-self.config.agree_readings:]
        agree = len(recent) == self.config.agree_readings and all(
            _same(recent[0], other) for other in recent[1:])
        if not agree and len(self._readings) < self.config.max_readings:
            return None
        self.state = TrayState.SETTLED
        self._reported = True
        self._reference = small
        return self._report(frame, t, agree)

    def _report(self, frame: Image, t: float, agree: bool) -> SettledRoll:
        if agree:
            dice = self._readings[-1]
        else:
            cell = max(1.0, float(np.median([d.size for r in self._readings for d in r] or [1])))
            counts = Counter(_signature(r, cell) for r in self._readings)
            best = counts.most_common(1)[0][0]
            dice = next(r for r in reversed(self._readings) if _signature(r, cell) == best)
        read: list[ReadDie] = []
        for d in dice:
            aspect = silhouette_aspect(frame, d.centre[0], d.centre[1], d.size)
            if aspect >= self.config.cocked_aspect:
                quality = COCKED
            elif d.confidence < self.config.min_confidence or not agree:
                quality = UNCERTAIN
            else:
                quality = OK
            read.append(ReadDie(d, quality, aspect))
        qualities = {r.quality for r in read}
        overall = COCKED if COCKED in qualities else UNCERTAIN if UNCERTAIN in qualities else OK
        expected = self.config.expected_dice
        if expected is not None and len(read) != expected and overall == OK:
            overall = UNCERTAIN
        return SettledRoll(t, tuple(read), overall, len(self._readings))
