"""Synthetic frames of the tower's lit dice tray, for tests and the virtual tower's camera.

A :class:`TrayScene` is a fixed, evenly lit dark tray seen from above at low resolution
(160x120 grayscale by default, as the tower's camera gives). :meth:`TrayScene.render` draws
white dice with dark pips (anti-aliased by supersampling, with per-frame sensor noise), and
:meth:`TrayScene.throw` produces a whole throw: dice tumbling in (positions, angles and the
face up change every frame), then lying still. Seeded: the same seed gives the same frames.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

import cv2
import numpy as np

#: Pip centres in units of 0.27 die sides from the centre, per face.
PIPS: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((0, 0),),
    2: ((-1, -1), (1, 1)),
    3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)),
}
PIP_OFFSET = 0.27
PIP_RADIUS = 0.095
SUPERSAMPLE = 2


@dataclass(frozen=True)
class DieSpec:
    """One die as drawn: face up, centre (px), angle (degrees), foreshortened when cocked."""

    value: int
    x: float
    y: float
    angle: float
    cocked: bool = False


@dataclass(frozen=True)
class Throw:
    """A whole throw: ``frames`` (bytes, row-major) of which the first ``moving`` show dice
    in motion; the rest show ``dice`` lying still."""

    frames: list[bytes]
    moving: int
    dice: tuple[DieSpec, ...]

    @property
    def values(self) -> tuple[int, ...]:
        """Faces left to right, as the firmware reports them."""
        return tuple(d.value for d in sorted(self.dice, key=lambda d: d.x))

    @property
    def cocked(self) -> bool:
        return any(d.cocked for d in self.dice)


class TrayScene:
    """The tray: size, die size in pixels, lighting, sensor noise."""

    def __init__(self, width: int = 160, height: int = 120, die_px: float = 26.0,
                 noise: float = 2.5, seed: int = 0) -> None:
        self.width = width
        self.height = height
        self.die_px = die_px
        self.noise = noise
        self.rng = random.Random(seed)
        self._noise_rng = np.random.default_rng(seed)
        ys, xs = np.mgrid[0:height, 0:width].astype(np.float64)
        # a lit tray: dark felt, a little brighter in the middle, a fixed faint weave
        light = 1.0 - 0.25 * (((xs - width / 2) / width) ** 2 + ((ys - height / 2) / height) ** 2)
        weave = 3.0 * np.sin(xs * 0.9) * np.sin(ys * 0.7)
        self._background = 52.0 * light + weave
        #: sensor noise: a bank of independent frames, one drawn per render (cheaper)
        self._noise = self._noise_rng.normal(0.0, noise, (48, height, width)).astype(np.float32)
        s = SUPERSAMPLE
        self._big = np.repeat(np.repeat(self._background, s, axis=0), s, axis=1).astype(
            np.float32)

    def background(self) -> bytes:
        """The empty tray without noise (what the firmware may store as its background)."""
        return bytes(np.clip(self._background, 0, 255).astype(np.uint8).tobytes())

    def render(self, dice: tuple[DieSpec, ...] | list[DieSpec]) -> bytes:
        """One frame with ``dice`` on the tray, with fresh sensor noise."""
        canvas = self._big.copy()
        for die in dice:
            self._draw(canvas, die)
        small = cv2.resize(canvas, (self.width, self.height), interpolation=cv2.INTER_AREA)
        small += self._noise[int(self._noise_rng.integers(len(self._noise)))]
        return bytes(np.clip(np.rint(small), 0, 255).astype(np.uint8).tobytes())

    def _draw(self, canvas: np.ndarray, die: DieSpec) -> None:
        s = SUPERSAMPLE
        side = self.die_px * s
        cx, cy = die.x * s, die.y * s
        reach = int(side * 0.75) + 2
        x0, x1 = max(0, int(cx) - reach), min(canvas.shape[1], int(cx) + reach)
        y0, y1 = max(0, int(cy) - reach), min(canvas.shape[0], int(cy) + reach)
        if x0 >= x1 or y0 >= y1:
            return
        ys, xs = np.mgrid[y0:y1, x0:x1].astype(np.float32)
        a = np.deg2rad(die.angle)
        u = (xs + 0.5 - cx) * np.cos(a) + (ys + 0.5 - cy) * np.sin(a)
        v = -(xs + 0.5 - cx) * np.sin(a) + (ys + 0.5 - cy) * np.cos(a)
        squash = 0.6 if die.cocked else 1.0
        half_u, half_v = side / 2, side * squash / 2
        corner = side * 0.12
        du = np.maximum(np.abs(u) - (half_u - corner), 0)
        dv = np.maximum(np.abs(v) - (half_v - corner), 0)
        face = du * du + dv * dv <= corner * corner
        region = canvas[y0:y1, x0:x1]
        if die.cocked:  # the side face shows as a darker strip below the squashed top
            side_face = (np.abs(u) <= half_u) & (v > half_v) & (v <= half_v + side * 0.3)
            region[side_face] = 95.0
        region[face] = 218.0
        r = PIP_RADIUS * side
        for pu, pv in PIPS[die.value]:
            pu_px, pv_px = pu * PIP_OFFSET * side, pv * PIP_OFFSET * side * squash
            pip = (u - pu_px) ** 2 + ((v - pv_px) / squash) ** 2 <= r * r
            region[pip & face] = 38.0

    # -- throws ----------------------------------------------------------------------------

    def place(self, count: int, cocked: int = 0) -> tuple[DieSpec, ...]:
        """``count`` dice at random, not touching, inside the tray; ``cocked`` of them tilted."""
        margin = self.die_px * 0.85
        for _ in range(1000):
            dice: list[DieSpec] = []
            for k in range(count):
                x = self.rng.uniform(margin, self.width - margin)
                y = self.rng.uniform(margin, self.height - margin)
                if all((x - d.x) ** 2 + (y - d.y) ** 2 >= (1.6 * self.die_px) ** 2
                       for d in dice):
                    dice.append(DieSpec(self.rng.randint(1, 6), x, y,
                                        self.rng.uniform(0, 90), k < cocked))
            if len(dice) == count:
                return tuple(dice)
        raise ValueError(f"cannot place {count} dice on this tray")

    def tumbling(self, final: tuple[DieSpec, ...], t: float) -> list[DieSpec]:
        """The dice at fraction ``t`` (0..1) of their fall towards ``final``: somewhere between
        the drop point and their rest, never closer than 3 px to it, face and angle changing."""
        dice = []
        for die in final:
            start_y = -self.die_px
            x = die.x + (1 - t) * self.rng.uniform(-20, 20) + self.rng.choice((-3, 3))
            y = start_y + t * (die.y - start_y) + self.rng.choice((-3, 3))
            dice.append(replace(die, x=x, y=y, value=self.rng.randint(1, 6),
                                angle=self.rng.uniform(0, 90), cocked=False))
        return dice

    def throw(self, count: int, moving: int = 6, still: int = 5, cocked: int = 0) -> Throw:
        """Dice tumbling for ``moving`` frames, then lying still for ``still`` frames."""
        final = self.place(count, cocked)
        frames: list[bytes] = []
        for k in range(moving):
            frames.append(self.render(self.tumbling(final, (k + 1) / (moving + 1))))
        frames.extend(self.render(final) for _ in range(still))
        return Throw(frames, moving, final)

    def clear(self, dice: tuple[DieSpec, ...], frames: int = 4) -> list[bytes]:
        """A hand sweeping the dice out: moving frames, then the empty tray."""
        out = []
        for k in range(2):
            moved = [replace(d, x=d.x + 8 * (k + 1), angle=d.angle + 15 * (k + 1)) for d in dice]
            out.append(self.render(moved))
        out.extend(self.render(()) for _ in range(frames))
        return out
