"""Synthetic top-down frames of dice on a table: the demo camera and the tests' ground truth.

A :class:`Scene` is plain data (table, tray, dice, an optional hand); :func:`render` draws it as
a BGR frame with soft shadows, a table texture and sensor noise. :class:`RollScript` moves dice
through a roll over time (thrown in, tumbling, coming to rest; optionally a die knocked later or
a hand reaching into the tray), so a :class:`~companion.vision.sources.SyntheticSource` can play
it as a camera would. Everything is seeded: the same seed gives the same frames.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

import cv2
import numpy as np

from companion.vision.dice import Image

BGR = tuple[int, int, int]

#: Body and pip colours of the dice the renderer draws (BGR): light dice with dark pips, dark
#: and coloured dice with light pips.
DIE_STYLES: tuple[tuple[BGR, BGR], ...] = (
    ((235, 238, 240), (25, 25, 25)),    # white
    ((200, 228, 240), (40, 30, 30)),    # ivory
    ((40, 40, 200), (240, 240, 240)),   # red
    ((60, 150, 40), (240, 240, 240)),   # green
    ((170, 80, 30), (245, 245, 245)),   # blue
    ((35, 35, 35), (235, 235, 235)),    # black
    ((40, 200, 230), (30, 30, 30)),     # yellow
    ((120, 60, 130), (230, 230, 230)),  # purple
)
#: Where the pips of each face lie, in face units (the face spans -1..1).
PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0, 0),),
    2: ((-1, -1), (1, 1)),
    3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)),
}
PIP_SPREAD = 0.27  # pip offset as a fraction of the die's side
PIP_RADIUS = 0.09
SHIFT = 4  # fixed-point bits for cv2 drawing
SKIN: BGR = (120, 150, 205)


@dataclass(frozen=True)
class SceneDie:
    """A die lying with ``value`` up at ``(x, y)`` (pixels), ``size`` across, turned by
    ``angle`` degrees. ``tilt`` > 0 degrees: resting on an edge (cocked), leaning towards
    ``angle``; ``marbled`` adds swirls to the body."""

    value: int
    x: float
    y: float
    size: float
    angle: float
    body: BGR = DIE_STYLES[0][0]
    pips: BGR = DIE_STYLES[0][1]
    marbled: bool = False
    tilt: float = 0.0

    def corners(self) -> np.ndarray:
        """The silhouette's four corners (top face plus the side seen when tilted)."""
        s = self.size / 2
        lean = self.size * math.sin(math.radians(self.tilt))
        face = self.size * math.cos(math.radians(self.tilt))
        pts = np.array([[-s, -face / 2], [s, -face / 2], [s, face / 2 + lean],
                        [-s, face / 2 + lean]], np.float64)
        return self._place(pts)

    def _place(self, pts: np.ndarray) -> np.ndarray:
        a = math.radians(self.angle)
        rot = np.array([[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]])
        return np.asarray(pts @ rot.T + [self.x, self.y])

    @property
    def box(self) -> tuple[float, float, float, float]:
        c = self.corners()
        return (float(c[:, 0].min()), float(c[:, 1].min()),
                float(c[:, 0].max()), float(c[:, 1].max()))


@dataclass(frozen=True)
class Hand:
    """A hand (palm and four fingers) reaching in from the bottom edge towards ``(x, y)``."""

    x: float
    y: float
    size: float


@dataclass(frozen=True)
class Scene:
    """What the camera sees: a table with a tray, dice, maybe a hand."""

    width: int = 1280
    height: int = 720
    seed: int = 0
    table: BGR = (60, 95, 130)
    tray: tuple[int, int, int, int] | None = (160, 60, 1120, 660)
    tray_colour: BGR = (70, 110, 45)
    dice: tuple[SceneDie, ...] = ()
    hand: Hand | None = None
    light: tuple[float, float] = (0.08, 0.10)  # shadow offset per die size
    noise: float = 3.0


@functools.lru_cache(maxsize=8)
def _background(width: int, height: int, seed: int, table: BGR,
                tray: tuple[int, int, int, int] | None, tray_colour: BGR) -> Image:
    """The table (wood-like grain) and the tray (felt with a dark rim and its shadow), drawn at
    a quarter of the size and enlarged, then the rim sharp on top."""
    rng = np.random.default_rng(seed)
    lw, lh = max(1, width // 4), max(1, height // 4)
    low = rng.normal(0, 1, (lh // 10 + 2, lw // 10 + 2)).astype(np.float32)
    grain = cv2.resize(low, (lw, lh), interpolation=cv2.INTER_CUBIC)
    fine = rng.normal(0, 1, (lh, lw)).astype(np.float32)
    img = np.empty((lh, lw, 3), np.float32)
    img[:] = table
    img += (grain * 6 + fine * 4)[..., None]
    if tray is not None:
        x0, y0, x1, y1 = (v // 4 for v in tray)
        img[y0:y1, x0:x1] = tray_colour
        img[y0:y1, x0:x1] += (fine[y0:y1, x0:x1] * 3)[..., None]
        rim = min(4, y1 - y0, x1 - x0)
        img[y0:y0 + rim, x0:x1] *= np.linspace(0.7, 1.0, rim, dtype=np.float32)[:, None, None]
        img[y0:y1, x0:x0 + rim] *= np.linspace(0.7, 1.0, rim, dtype=np.float32)[None, :, None]
    big = cv2.resize(np.clip(img, 0, 255).astype(np.uint8), (width, height),
                     interpolation=cv2.INTER_LINEAR)
    if tray is not None:
        x0, y0, x1, y1 = tray
        cv2.rectangle(big, (x0 - 6, y0 - 6), (x1 + 6, y1 + 6), (30, 30, 30), 12)
    return np.asarray(big, dtype=np.uint8)


def _fixed(pts: np.ndarray) -> np.ndarray:
    return np.round(pts * (1 << SHIFT)).astype(np.int32)


def _rounded(half: float, radius: float, points: int = 5) -> np.ndarray:
    """A rounded square of half-side ``half`` (corner ``radius``) as a polygon."""
    out = []
    for cx, cy, a0 in ((half - radius, half - radius, 0), (-half + radius, half - radius, 90),
                       (-half + radius, -half + radius, 180), (half - radius, -half + radius, 270)):
        for k in range(points):
            a = math.radians(a0 + 90 * k / (points - 1))
            out.append((cx + radius * math.cos(a), cy + radius * math.sin(a)))
    return np.array(out, np.float64)


def _draw_die(img: Image, die: SceneDie) -> None:
    s = die.size
    tilt = math.radians(die.tilt)
    face_h = math.cos(tilt)
    # side face (seen when the die rests on an edge)
    if die.tilt > 0:
        side = die._place(np.array([[-s / 2, face_h * s / 2], [s / 2, face_h * s / 2],
                                    [s / 2, face_h * s / 2 + s * math.sin(tilt)],
                                    [-s / 2, face_h * s / 2 + s * math.sin(tilt)]]))
        darker = tuple(int(c * 0.6) for c in die.body)
        cv2.fillConvexPoly(img, _fixed(side), darker, cv2.LINE_AA, SHIFT)
    face = _rounded(s / 2, 0.14 * s)
    face[:, 1] *= face_h
    cv2.fillPoly(img, [_fixed(die._place(face))], die.body, cv2.LINE_AA, SHIFT)
    if die.marbled:
        rng = np.random.default_rng(int(die.x * 7 + die.y * 13) % 10_000)
        for _ in range(4):
            u, v = rng.uniform(-0.35, 0.35, 2) * s
            pts = die._place(np.array([[u, v * face_h]]))[0]
            swirl = tuple(int(c * 0.55 + 60) for c in die.body)
            cv2.ellipse(img, (round(pts[0] * 16), round(pts[1] * 16)),
                        (round(s * 0.2 * 16), round(s * 0.06 * 16)),
                        die.angle + rng.uniform(0, 180), 0, 360, swirl, -1, cv2.LINE_AA, SHIFT)
    for px, py in PIPS[die.value]:
        centre = die._place(np.array([[px * PIP_SPREAD * s, py * PIP_SPREAD * s * face_h]]))[0]
        axes = (PIP_RADIUS * s, PIP_RADIUS * s * face_h)
        cv2.ellipse(img, (round(centre[0] * 16), round(centre[1] * 16)),
                    (round(axes[0] * 16), round(axes[1] * 16)), die.angle, 0, 360,
                    die.pips, -1, cv2.LINE_AA, SHIFT)


def _arm(hand: Hand, height: int) -> np.ndarray:
    r = hand.size
    return np.array([[hand.x - 0.45 * r, height + 10], [hand.x + 0.45 * r, height + 10],
                     [hand.x + 0.5 * r, hand.y + 0.3 * r], [hand.x - 0.5 * r, hand.y + 0.3 * r]])


def _cast_hand_shadow(shade: np.ndarray, hand: Hand, height: int, x0: int, y0: int) -> None:
    r = hand.size
    off = (round(0.1 * r) - x0, round(0.12 * r) - y0)
    cv2.fillConvexPoly(shade, _fixed(_arm(hand, height) + off), 0.6, cv2.LINE_AA, SHIFT)
    cv2.ellipse(shade, (round(hand.x) + off[0], round(hand.y) + off[1]),
                (round(0.6 * r), round(0.5 * r)), 0, 0, 360, 0.6, -1, cv2.LINE_AA)


def _draw_hand(img: np.ndarray, hand: Hand, height: int) -> None:
    r = hand.size
    arm = _arm(hand, height)
    cv2.fillConvexPoly(img, _fixed(arm), SKIN, cv2.LINE_AA, SHIFT)
    cv2.ellipse(img, (round(hand.x), round(hand.y)), (round(0.55 * r), round(0.45 * r)),
                0, 0, 360, SKIN, -1, cv2.LINE_AA)
    for k in range(4):
        fx = hand.x + (k - 1.5) * 0.26 * r
        cv2.line(img, (round(fx), round(hand.y)), (round(fx + (k - 1.5) * 0.05 * r),
                                                   round(hand.y - 0.85 * r)),
                 tuple(c - 10 for c in SKIN), max(2, round(0.2 * r)), cv2.LINE_AA)


@functools.lru_cache(maxsize=8)
def _noise_bank(width: int, height: int, sigma: float) -> list[tuple[Image, Image]]:
    """A few frames of sensor noise as (positive, negative) ``uint8`` parts, reused in turn."""
    cv2.setRNGSeed(round(sigma * 10))
    bank = []
    for _ in range(4):
        n = np.zeros((height, width), np.int16)
        cv2.randn(n, np.zeros(1), np.full(1, sigma))
        pos = cv2.cvtColor(np.clip(n, 0, 255).astype(np.uint8), cv2.COLOR_GRAY2BGR)
        neg = cv2.cvtColor(np.clip(-n, 0, 255).astype(np.uint8), cv2.COLOR_GRAY2BGR)
        bank.append((np.asarray(pos, dtype=np.uint8), np.asarray(neg, dtype=np.uint8)))
    return bank


def _shift(pts: np.ndarray, x0: int, y0: int) -> np.ndarray:
    return pts - [x0, y0]


def render(scene: Scene, noise_seed: int | None = None) -> Image:
    """The frame a camera straight above would see (BGR ``uint8``, ``height`` x ``width``)."""
    img = _background(scene.width, scene.height, scene.seed, scene.table, scene.tray,
                      scene.tray_colour).copy()
    for die in scene.dice:
        _draw_die(img, die)
    shapes = [d.corners() for d in scene.dice]
    if scene.hand is not None:
        r = scene.hand.size
        shapes.append(np.vstack([_arm(scene.hand, scene.height),
                                 [[scene.hand.x - r, scene.hand.y - r],
                                  [scene.hand.x + r, scene.hand.y - r]]]))
    if shapes:
        blur = max(1.0, _mean_size(scene) * 0.06)
        pts = np.vstack(shapes)
        reach = _mean_size(scene) * 0.3 + 4 * blur
        x0 = max(0, int(pts[:, 0].min() - reach))
        y0 = max(0, int(pts[:, 1].min() - reach))
        x1 = min(scene.width, int(pts[:, 0].max() + reach) + 1)
        y1 = min(scene.height, int(pts[:, 1].max() + reach) + 1)
    if shapes and x1 > x0 and y1 > y0:  # (dice tumbling in from outside the frame cast none)
        shade = np.ones((y1 - y0, x1 - x0), np.float32)
        for die in scene.dice:
            sil = np.add(die.corners(), [scene.light[0] * die.size, scene.light[1] * die.size])
            cv2.fillConvexPoly(shade, _fixed(_shift(sil, x0, y0)), 0.55, cv2.LINE_AA, SHIFT)
        if scene.hand is not None:
            _cast_hand_shadow(shade, scene.hand, scene.height, x0, y0)
        shade = np.asarray(cv2.GaussianBlur(shade, (0, 0), blur), dtype=np.float32)
        for die in scene.dice:  # a die's own top stays lit (its shadow falls beside it)
            cv2.fillConvexPoly(shade, _fixed(_shift(die.corners(), x0, y0)), 1.0,
                               cv2.LINE_AA, SHIFT)
        roi = img[y0:y1, x0:x1]
        roi[:] = np.clip(roi.astype(np.float32) * shade[..., None], 0, 255).astype(np.uint8)
        if scene.hand is not None:
            _draw_hand(img, scene.hand, scene.height)
    if scene.noise > 0:
        bank = _noise_bank(scene.width, scene.height, float(round(scene.noise)))
        pos, neg = bank[(scene.seed + (noise_seed or 0)) % len(bank)]
        return np.asarray(cv2.subtract(cv2.add(img, pos), neg), dtype=np.uint8)
    return img


def _mean_size(scene: Scene) -> float:
    return float(np.mean([d.size for d in scene.dice])) if scene.dice else 60.0


def random_die(rng: np.random.Generator, x: float, y: float, size: float,
               tilt: float = 0.0) -> SceneDie:
    body, pips = DIE_STYLES[int(rng.integers(len(DIE_STYLES)))]
    return SceneDie(value=int(rng.integers(1, 7)), x=x, y=y, size=size,
                    angle=float(rng.uniform(0, 90)), body=body, pips=pips,
                    marbled=bool(rng.random() < 0.2), tilt=tilt)


def random_scene(seed: int, dice: int = 2, width: int = 1280, height: int = 720,
                 die_px: tuple[float, float] = (60.0, 150.0)) -> Scene:
    """A tray with ``dice`` dice lying flat at random places (none overlapping), seeded."""
    rng = np.random.default_rng(seed)
    size = float(rng.uniform(*die_px))
    margin = 0.08
    tray = (round(width * margin), round(height * margin),
            round(width * (1 - margin)), round(height * (1 - margin)))
    placed: list[SceneDie] = []
    for _ in range(200):
        if len(placed) == dice:
            break
        x = rng.uniform(tray[0] + size, tray[2] - size)
        y = rng.uniform(tray[1] + size, tray[3] - size)
        if all(math.hypot(x - d.x, y - d.y) > size * 1.5 for d in placed):
            placed.append(random_die(rng, x, y, size))
    table = tuple(int(v) for v in rng.integers(40, 170, 3))
    felt = tuple(int(v) for v in rng.integers(30, 150, 3))
    return Scene(width=width, height=height, seed=seed, table=table,  # type: ignore[arg-type]
                 tray=tray, tray_colour=felt, dice=tuple(placed),  # type: ignore[arg-type]
                 light=(float(rng.uniform(-0.12, 0.12)), float(rng.uniform(0.04, 0.14))),
                 noise=float(rng.uniform(1.0, 5.0)))


@dataclass(frozen=True)
class Knock:
    """At ``at`` seconds die ``index`` is knocked: it slides for ``duration`` and ends on
    ``value`` (and ``tilt``)."""

    at: float
    index: int
    value: int
    duration: float = 0.4
    tilt: float = 0.0


@dataclass(frozen=True)
class HandVisit:
    """A hand reaches into the tray from ``at`` for ``duration`` seconds (still while there)."""

    at: float
    duration: float


@dataclass
class RollScript:
    """Dice thrown into the tray at time 0: they tumble (moving, turning, showing changing faces)
    for ``tumble`` seconds, slowing down, then rest on their final faces. Knocks and hand
    visits come afterwards. :meth:`scene` gives the scene at any time."""

    rest: Scene
    tumble: float = 1.0
    knocks: Sequence[Knock] = ()
    hands: Sequence[HandVisit] = ()
    seed: int = 0
    _paths: list[tuple[float, float, float, float]] = field(default_factory=list)

    def __post_init__(self) -> None:
        rng = np.random.default_rng(self.seed + 17)
        for die in self.rest.dice:
            a = rng.uniform(0, 2 * math.pi)
            dist = die.size * rng.uniform(3.0, 6.0)
            self._paths.append((dist * math.cos(a), dist * math.sin(a),
                                float(rng.uniform(180, 720)), float(rng.uniform(0, 1000))))

    def final_values(self, t: float = math.inf) -> list[int]:
        """The values up at time ``t`` once the dice rest (knocks applied)."""
        return [d.value for d in self._dice_at(t)]

    def _dice_at(self, t: float) -> list[SceneDie]:
        dice = list(self.rest.dice)
        for k in self.knocks:
            if t >= k.at + k.duration:
                d = dice[k.index]
                dice[k.index] = replace(d, value=k.value, x=d.x + d.size * 0.8,
                                        angle=d.angle + 25, tilt=k.tilt)
        return dice

    def scene(self, t: float) -> Scene:
        dice = self._dice_at(t)
        if t < self.tumble:
            left = 1.0 - max(t, 0.0) / self.tumble
            ease = left * left
            moving = []
            for die, (dx, dy, spin, phase) in zip(dice, self._paths, strict=True):
                face = 1 + int(phase + t * 23) % 6
                moving.append(replace(die, x=die.x + dx * ease, y=die.y + dy * ease,
                                      angle=die.angle + spin * ease, value=face))
            dice = moving
        for k in self.knocks:
            if k.at <= t < k.at + k.duration:
                u = (t - k.at) / k.duration
                d = dice[k.index]
                dice[k.index] = replace(d, x=d.x + d.size * 0.8 * u, angle=d.angle + 25 * u,
                                        value=1 + int(t * 29) % 6)
        hand = None
        for h in self.hands:
            if h.at <= t < h.at + h.duration:
                tray = self.rest.tray or (0, 0, self.rest.width, self.rest.height)
                reach = min(1.0, (t - h.at) / 0.25, (h.at + h.duration - t) / 0.25)
                size = (dice[0].size if dice else 80.0) * 2.2
                y = self.rest.height + size - reach * (self.rest.height - tray[1] - size * 0.2)
                y = max(y, (tray[1] + tray[3]) / 2)
                hand = Hand(x=(tray[0] + tray[2]) / 2, y=y, size=size)
        return replace(self.rest, dice=tuple(dice), hand=hand)
