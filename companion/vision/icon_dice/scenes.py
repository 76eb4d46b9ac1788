"""Synthetic top-down frames of icon dice on the players' belts and trays, with ground truth.

An :class:`IconScene` is plain data: a table, its :class:`Surface` s (each player's belt, a long
strip with conveyor slats, and tray), the :class:`IconSceneDie` s lying on them, an optional
hand, and the photo conditions (light gradient and colour cast, shadow offset, blur, sensor
noise). :func:`render` draws it as a camera straight above would see it (no perspective, as
:mod:`companion.vision.synthetic` for pip dice): each die's face texture
(:func:`~companion.vision.icon_dice.faces.face_texture`) is warped to its place, turned by its
angle; a *cocked* die (``tilt`` > 0, leaning on a neighbour) shows its top face foreshortened
and a strip of a darker side face.

:func:`table_scene` makes a seeded random scene: ``players`` seats, each with a belt of 5-8 dice
(some touching their neighbours, as on a real belt) and a tray of 0-7 dice (loose, a nigiri
against a wasabi), the dice drawn from Sushi Roll's 30-dice box with faces from the engine's
table, sizes ``die_px``; with ``cocked`` one die leans on another. :class:`IconRollScript`
plays a belt being rolled over time (dice tumbling and changing faces, then at rest; a knock, a
hand) for the settle tests. Everything is seeded: the same seed gives the same frame.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

import cv2
import numpy as np

from companion.games.sushi_roll.dice import DICE_IN_BOX, KIND_FACES, DieKind
from companion.vision.dice import Image
from companion.vision.icon_dice.faces import TEXTURE_PX, face_texture

BGR = tuple[int, int, int]
Box = tuple[int, int, int, int]
SKIN: BGR = (120, 150, 205)
#: Belt and tray colours the random scenes choose from (BGR).
BELT_COLOURS: tuple[BGR, ...] = ((70, 70, 75), (40, 45, 120), (110, 95, 60), (160, 160, 150))
TRAY_COLOURS: tuple[BGR, ...] = ((150, 200, 215), (90, 130, 60), (200, 200, 195), (60, 60, 60))


@dataclass(frozen=True)
class IconSceneDie:
    """A die showing ``reading`` (``"kind:face"``) at ``(x, y)``, ``size`` pixels across,
    turned ``angle`` degrees; ``tilt`` > 0: resting on an edge, leaning by that many degrees.
    ``style``: the body colour's variant (:func:`~companion.vision.icon_dice.faces.
    body_colour`)."""

    reading: str
    x: float
    y: float
    size: float
    angle: float
    tilt: float = 0.0
    style: int = 0

    def corners(self) -> np.ndarray:
        """The silhouette's four corners (the top face plus the side seen when tilted)."""
        s = self.size / 2
        lean = self.size * math.sin(math.radians(self.tilt))
        face = self.size * math.cos(math.radians(self.tilt))
        pts = np.array([[-s, -face / 2], [s, -face / 2], [s, face / 2 + lean],
                        [-s, face / 2 + lean]])
        return self.place(pts)

    def place(self, pts: np.ndarray) -> np.ndarray:
        """Die-local points (pixels, unturned, centred on the top face) to frame pixels."""
        a = math.radians(self.angle)
        rot = np.array([[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]])
        return np.asarray(pts @ rot.T + [self.x, self.y])


@dataclass(frozen=True)
class Surface:
    """A belt (``kind`` ``belt``: slats across it) or a tray of ``seat``, at ``box``."""

    kind: str
    seat: int
    box: Box
    colour: BGR


@dataclass(frozen=True)
class IconScene:
    """What the camera sees (see the module docstring). ``gain``: the light's brightness at
    the frame's left/top and right/bottom edges as a plane ``(mean, dx, dy)``; ``cast``: per
    channel (BGR) factors."""

    width: int = 1280
    height: int = 960
    seed: int = 0
    table: BGR = (60, 95, 130)
    surfaces: tuple[Surface, ...] = ()
    dice: tuple[IconSceneDie, ...] = ()
    hand: tuple[float, float, float] | None = None  # x, y (fingertips), size
    light: tuple[float, float] = (0.08, 0.10)
    gain: tuple[float, float, float] = (1.0, 0.0, 0.0)
    cast: tuple[float, float, float] = (1.0, 1.0, 1.0)
    blur: float = 0.0
    noise: float = 3.0

    def surface(self, kind: str, seat: int) -> Surface:
        return next(s for s in self.surfaces if s.kind == kind and s.seat == seat)

    def on(self, surface: Surface) -> list[IconSceneDie]:
        """The dice whose centre lies on ``surface``, left to right."""
        x0, y0, x1, y1 = surface.box
        return sorted((d for d in self.dice if x0 <= d.x < x1 and y0 <= d.y < y1),
                      key=lambda d: (d.x, d.y))


# -- rendering -------------------------------------------------------------------------------


@functools.lru_cache(maxsize=8)
def _background(width: int, height: int, seed: int, table: BGR,
                surfaces: tuple[Surface, ...]) -> Image:
    rng = np.random.default_rng(seed)
    low = rng.normal(0, 1, (height // 40 + 2, width // 40 + 2)).astype(np.float32)
    grain = cv2.resize(low, (width, height), interpolation=cv2.INTER_CUBIC)
    img = np.empty((height, width, 3), np.float32)
    img[:] = table
    img += (grain * 7)[..., None]
    for s in surfaces:
        x0, y0, x1, y1 = s.box
        img[y0 - 4:y1 + 4, x0 - 4:x1 + 4] = [c * 0.45 for c in s.colour]  # rim
        img[y0:y1, x0:x1] = s.colour
        if s.kind == "belt":
            step = max(6, (y1 - y0) // 3)
            for x in range(x0 + step // 2, x1, step):
                img[y0:y1, x:x + 2] *= 0.8
    return np.asarray(np.clip(img, 0, 255).astype(np.uint8))


def _fixed(pts: np.ndarray) -> np.ndarray:
    return np.round(pts * 16).astype(np.int32)


def _draw_die(img: np.ndarray, die: IconSceneDie) -> None:
    """Warp the die's face texture (and its side face when tilted) into ``img`` (float32)."""
    s, t = die.size, TEXTURE_PX
    tilt = math.radians(die.tilt)
    tex = face_texture(die.reading, die.style).astype(np.float32)
    if die.tilt > 0:
        h = s * math.cos(tilt) / 2
        side = die.place(np.array([[-s / 2, h], [s / 2, h], [s / 2, h + s * math.sin(tilt)],
                                   [-s / 2, h + s * math.sin(tilt)]]))
        body = tex[t // 2, 2] * 0.55
        cv2.fillConvexPoly(img, _fixed(side), tuple(float(c) for c in body), cv2.LINE_AA, 4)
    # texture pixel (u, v) -> die-local (u/t - 0.5) * s, (v/t - 0.5) * s * cos(tilt) -> frame
    a = math.radians(die.angle)
    rot = np.array([[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]])
    lin = rot @ np.diag([s / t, s * math.cos(tilt) / t])
    offset = np.array([die.x, die.y]) - lin @ np.array([t / 2, t / 2])
    reach = int(s * 0.8) + 2
    x0, y0 = max(0, int(die.x) - reach), max(0, int(die.y) - reach)
    x1, y1 = min(img.shape[1], int(die.x) + reach), min(img.shape[0], int(die.y) + reach)
    if x1 <= x0 or y1 <= y0:
        return
    m = np.hstack([lin, (offset - [x0, y0])[:, None]])
    size = (x1 - x0, y1 - y0)
    warped = cv2.warpAffine(tex, m, size, flags=cv2.INTER_AREA if s < t else cv2.INTER_LINEAR)
    mask = np.zeros((t, t), np.float32)
    r = round(0.14 * t)
    cv2.rectangle(mask, (r, 0), (t - 1 - r, t - 1), 1.0, -1)
    cv2.rectangle(mask, (0, r), (t - 1, t - 1 - r), 1.0, -1)
    for cx, cy in ((r, r), (t - 1 - r, r), (r, t - 1 - r), (t - 1 - r, t - 1 - r)):
        cv2.circle(mask, (cx, cy), r, 1.0, -1, cv2.LINE_AA)
    alpha = cv2.warpAffine(mask, m, size, flags=cv2.INTER_LINEAR)[..., None]
    roi = img[y0:y1, x0:x1]
    roi[:] = roi * (1 - alpha) + warped * alpha


def _hand_shape(hand: tuple[float, float, float], height: int) -> list[np.ndarray]:
    x, y, r = hand
    arm = np.array([[x - 0.45 * r, height + 10], [x + 0.45 * r, height + 10],
                    [x + 0.5 * r, y + 0.9 * r], [x - 0.5 * r, y + 0.9 * r]])
    palm = np.asarray(cv2.ellipse2Poly((round(x), round(y + 0.6 * r)),
                                       (round(0.55 * r), round(0.45 * r)), 0, 0, 360, 15),
                      np.float64)
    fingers = [np.array([[x + k * 0.26 * r - 0.09 * r, y + 0.5 * r],
                         [x + k * 0.26 * r + 0.09 * r, y + 0.5 * r],
                         [x + k * 0.3 * r + 0.08 * r, y], [x + k * 0.3 * r - 0.08 * r, y]])
               for k in (-1.5, -0.5, 0.5, 1.5)]
    return [arm, palm, *fingers]


def render(scene: IconScene, noise_seed: int = 0) -> Image:
    """The frame (BGR ``uint8``, ``height`` x ``width``) of ``scene``."""
    base = _background(scene.width, scene.height, scene.seed, scene.table, scene.surfaces)
    img = base.astype(np.float32)
    shade = np.ones(img.shape[:2], np.float32)
    size = float(np.mean([d.size for d in scene.dice])) if scene.dice else 60.0
    off = np.array(scene.light) * size
    for d in scene.dice:
        cv2.fillConvexPoly(shade, _fixed(d.corners() + off), 0.55, cv2.LINE_AA, 4)
    hand = _hand_shape(scene.hand, scene.height) if scene.hand is not None else []
    for part in hand:
        cv2.fillPoly(shade, [_fixed(part + off * 2)], 0.6, cv2.LINE_AA, 4)
    shade = np.asarray(cv2.GaussianBlur(shade, (0, 0), max(1.0, size * 0.06)), np.float32)
    img *= shade[..., None]
    for d in scene.dice:
        _draw_die(img, d)
    for part in hand:
        cv2.fillPoly(img, [_fixed(part)], SKIN, cv2.LINE_AA, 4)
    mean, dx, dy = scene.gain
    xs = np.linspace(-0.5, 0.5, scene.width, dtype=np.float32)
    ys = np.linspace(-0.5, 0.5, scene.height, dtype=np.float32)
    light = mean + dx * xs[None, :] + dy * ys[:, None]
    img *= light[..., None] * np.array(scene.cast, np.float32)
    if scene.blur > 0:
        img = np.asarray(cv2.GaussianBlur(img, (0, 0), scene.blur), np.float32)
    if scene.noise > 0:
        rng = np.random.default_rng(scene.seed * 7919 + noise_seed)
        img += rng.normal(0, scene.noise, img.shape[:2]).astype(np.float32)[..., None]
    return np.asarray(np.clip(img, 0, 255).astype(np.uint8))


# -- random scenes ---------------------------------------------------------------------------


def random_reading(rng: np.random.Generator) -> str:
    """A die drawn from the box (kinds weighted by their count) showing a random face."""
    kinds = list(DieKind)
    weights = np.array([DICE_IN_BOX[k] for k in kinds], float)
    kind = kinds[int(rng.choice(len(kinds), p=weights / weights.sum()))]
    return f"{kind.value}:{KIND_FACES[kind][int(rng.integers(6))]}"


def _apart(x: float, y: float, angle: float, s: float, dice: list[IconSceneDie]) -> bool:
    """A die at ``(x, y)`` turned ``angle`` does not overlap any of ``dice``: farther than
    the squares' circumscribed circles, or edge to edge (aligned, a die apart along an axis)."""
    for d in dice:
        dist = math.hypot(x - d.x, y - d.y)
        if dist > s * 1.45:
            continue
        turn = (angle - d.angle + 45) % 90 - 45
        a = math.radians(d.angle)
        u = abs((x - d.x) * math.cos(a) + (y - d.y) * math.sin(a))
        v = abs(-(x - d.x) * math.sin(a) + (y - d.y) * math.cos(a))
        if abs(turn) > 4 or max(u, v) < s * 1.0 or min(u, v) > s * 0.3:
            return False
    return True


def _touching(rng: np.random.Generator, other: IconSceneDie, s: float,
              direction: int | None = None) -> tuple[float, float, float]:
    """A place edge to edge with ``other`` (along its axis ``direction``, 0-3, or at random),
    slightly shifted along the shared edge, turned like it within a degree or two."""
    k = int(rng.integers(4)) if direction is None else direction
    a = math.radians(other.angle + 90 * k)
    gap, slide = s * rng.uniform(1.005, 1.03), s * rng.uniform(-0.2, 0.2)
    x = other.x + gap * math.cos(a) - slide * math.sin(a)
    y = other.y + gap * math.sin(a) + slide * math.cos(a)
    return x, y, other.angle + float(rng.uniform(-1.5, 1.5))


def _belt_dice(rng: np.random.Generator, box: Box, n: int, s: float,
               style: int) -> list[IconSceneDie]:
    x0, y0, x1, y1 = box
    mid = (y0 + y1) / 2
    out: list[IconSceneDie] = []
    for _ in range(n):
        place: tuple[float, float, float] | None = None
        if out and rng.random() < 0.35:  # pushed against the previous die, along the belt
            prev = out[-1]
            k = int(np.argmax([math.cos(math.radians(prev.angle + 90 * j)) for j in range(4)]))
            place = _touching(rng, prev, s, k)
            if abs(place[1] - mid) > 0.2 * s or not _apart(*place, s, out[:-1]):
                place = None
        if place is None:
            x = (out[-1].x + s * rng.uniform(1.5, 1.7)) if out else x0 + s * 0.8
            place = (x, mid + rng.uniform(-0.12, 0.12) * s, float(rng.uniform(0, 90)))
        if place[0] > x1 - 0.75 * s:
            break
        out.append(IconSceneDie(random_reading(rng), float(place[0]), float(place[1]), s,
                                float(place[2]), style=style))
    return out


def _tray_dice(rng: np.random.Generator, box: Box, n: int, s: float,
               style: int) -> list[IconSceneDie]:
    x0, y0, x1, y1 = box
    out: list[IconSceneDie] = []
    for _ in range(300):
        if len(out) >= n:
            break
        if out and rng.random() < 0.3:  # a die pushed against another (a nigiri on a wasabi)
            x, y, angle = _touching(rng, out[int(rng.integers(len(out)))], s)
        else:
            x, y, angle = rng.uniform(x0 + s, x1 - s), rng.uniform(y0 + s, y1 - s), \
                rng.uniform(0, 90)
        inside = x0 + 0.75 * s < x < x1 - 0.75 * s and y0 + 0.75 * s < y < y1 - 0.75 * s
        if inside and _apart(x, y, angle, s, out):
            out.append(IconSceneDie(random_reading(rng), float(x), float(y), s, float(angle),
                                    style=style))
    return out


def _lean(rng: np.random.Generator, dice: list[IconSceneDie]) -> list[IconSceneDie]:
    """One die (not the first) leans on its left neighbour: tilted 15-30 degrees."""
    if len(dice) < 2:
        return dice
    i = int(rng.integers(1, len(dice)))
    dice[i] = replace(dice[i], tilt=float(rng.uniform(15, 30)))
    return dice


def table_scene(seed: int, players: int = 2, die_px: tuple[float, float] = (40.0, 80.0),
                cocked: bool = False, width: int = 1280, height: int = 960) -> IconScene:
    """A seeded random table (see the module docstring)."""
    rng = np.random.default_rng(seed)
    s = float(rng.uniform(*die_px))
    style = int(rng.integers(0, 4))
    surfaces: list[Surface] = []
    dice: list[IconSceneDie] = []
    band = height / players
    for seat in range(players):
        top = round(seat * band + band * 0.06)
        belt_w = round(min(width * 0.9, s * 13))
        bx0 = round(rng.uniform(0.03, 0.97) * (width - belt_w))
        belt = (bx0, top, bx0 + belt_w, top + round(s * 1.7))
        tray_w, tray_h = round(min(width * 0.8, s * 9)), round(min(band * 0.55, s * 4.2))
        tx0 = round(rng.uniform(0.05, 0.95) * (width - tray_w))
        ty0 = round(top + s * 2.1)
        tray = (tx0, ty0, tx0 + tray_w, min(ty0 + tray_h, round((seat + 1) * band) - 8))
        belt_colour = BELT_COLOURS[int(rng.integers(len(BELT_COLOURS)))]
        tray_colour = TRAY_COLOURS[int(rng.integers(len(TRAY_COLOURS)))]
        surfaces += [Surface("belt", seat, belt, belt_colour), Surface("tray", seat, tray,
                                                                       tray_colour)]
        on_belt = _belt_dice(rng, belt, int(rng.integers(5, 9)), s, style)
        dice += on_belt
        dice += _tray_dice(rng, tray, int(rng.integers(0, 8)), s, style)
    if cocked:
        dice = _lean(rng, dice)
    table = tuple(int(v) for v in rng.integers(40, 170, 3))
    return IconScene(
        width=width, height=height, seed=seed, table=table,  # type: ignore[arg-type]
        surfaces=tuple(surfaces), dice=tuple(dice),
        light=(float(rng.uniform(-0.12, 0.12)), float(rng.uniform(0.04, 0.14))),
        gain=(float(rng.uniform(0.75, 1.15)), float(rng.uniform(-0.25, 0.25)),
              float(rng.uniform(-0.25, 0.25))),
        cast=tuple(float(v) for v in rng.uniform(0.88, 1.12, 3)),  # type: ignore[arg-type]
        blur=float(rng.uniform(0.0, 1.0)), noise=float(rng.uniform(1.0, 5.0)))


# -- a roll over time ------------------------------------------------------------------------


@dataclass(frozen=True)
class Knock:
    """At ``at`` seconds die ``index`` slides for ``duration`` and ends showing ``reading``."""

    at: float
    index: int
    reading: str
    duration: float = 0.4


@dataclass(frozen=True)
class IconRollScript:
    """``rest``'s dice (those of ``rolled``, indices into ``rest.dice``; all when empty) were
    just rolled at time 0: for ``tumble`` seconds they move, turn and show changing faces, then
    lie as in ``rest``. ``knocks`` happen later; ``hands`` are ``(at, duration)`` visits of a
    hand reaching from the bottom edge over the topmost dice."""

    rest: IconScene
    tumble: float = 1.0
    rolled: tuple[int, ...] = ()
    knocks: Sequence[Knock] = ()
    hands: Sequence[tuple[float, float]] = ()

    def dice_at(self, t: float) -> list[IconSceneDie]:
        """The dice at rest at time ``t`` (knocks that have ended applied)."""
        dice = list(self.rest.dice)
        for k in self.knocks:
            if t >= k.at + k.duration:
                d = dice[k.index]
                dice[k.index] = replace(d, reading=k.reading, y=d.y + d.size * 0.1,
                                        angle=d.angle + 25)
        return dice

    def scene(self, t: float) -> IconScene:
        dice = self.dice_at(t)
        every = list(_faces_cycle())
        rolled = self.rolled or tuple(range(len(dice)))
        if t < self.tumble:
            ease = (1.0 - max(t, 0.0) / self.tumble) ** 2
            for i in rolled:
                d = dice[i]
                a = i * 2.39996
                dice[i] = replace(d, x=d.x + math.cos(a) * d.size * 0.8 * ease,
                                  y=d.y + math.sin(a) * d.size * 0.3 * ease,
                                  angle=d.angle + 400 * ease,
                                  reading=every[(i * 5 + int(t * 23)) % len(every)])
        for k in self.knocks:
            if k.at <= t < k.at + k.duration:
                u = (t - k.at) / k.duration
                d = dice[k.index]
                dice[k.index] = replace(d, y=d.y + d.size * 0.1 * u, angle=d.angle + 25 * u,
                                        reading=every[int(t * 29) % len(every)])
        hand = None
        for at, duration in self.hands:
            if at <= t < at + duration:
                size = (dice[0].size if dice else 60.0) * 2.2
                top = min((d.y for d in dice), default=self.rest.height * 0.45)
                hand = (self.rest.width / 2, top - size * 0.3, size)
        return replace(self.rest, dice=tuple(dice), hand=hand)


@functools.cache
def _faces_cycle() -> tuple[str, ...]:
    from companion.vision.icon_dice.faces import readings

    return readings()


def enrollment_photo(reading: str, seed: int = 0, size: float = 80.0,
                     style: int = 0) -> Image:
    """A photo a player takes to enroll a face: the die alone on the table, seen from above
    (320 x 320, the die ``size`` across, turned at random, mild light and noise)."""
    rng = np.random.default_rng(seed)
    die = IconSceneDie(reading, 160 + rng.uniform(-20, 20), 160 + rng.uniform(-20, 20), size,
                       float(rng.uniform(0, 90)), style=style)
    scene = IconScene(width=320, height=320, seed=seed, table=(70, 100, 130), dice=(die,),
                      gain=(float(rng.uniform(0.9, 1.05)), 0.0, 0.0), noise=2.0)
    return render(scene)
