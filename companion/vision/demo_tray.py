"""The demo camera: a rendered dice tray whose dice are thrown on demand.

:class:`DemoTray` is the frame source ``companion serve`` uses when no camera opens (and when the
camera setting is ``demo``): it shows an empty tray until :meth:`DemoTray.throw` drops dice in,
then plays a :class:`~companion.vision.synthetic.RollScript` (the dice tumble, slow down and come
to rest on the thrown faces; a ``cocked`` throw leaves one die leaning on an edge). Unlike the
free-running :class:`~companion.vision.sources.SyntheticSource` it never rolls by itself, so a
game whose dice come from the camera only receives the rolls someone asked for.

Frames are paced to :attr:`DemoTray.fps` in real time. While nothing moves the last rendered
image is returned again (a still camera costs nothing to render).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence
from dataclasses import replace

import numpy as np

from companion.vision.dice import Image
from companion.vision.sources import Frame, FrameSource
from companion.vision.synthetic import (
    RollScript,
    Scene,
    SceneDie,
    random_die,
    random_scene,
    render,
)

#: Dice of the demo tray are about this many pixels across at 1280x720 (a 16 mm die seen by a
#: tray camera about 45 cm above the tray): the demo camera's own "calibration".
DEMO_DIE_PX = 96.0
#: The demo tray's colours (BGR): a mid-grey felt that every die style stands out from, on a
#: wooden table.
DEMO_FELT = (118, 128, 132)
DEMO_TABLE = (60, 95, 130)
#: A cocked die leans this many degrees.
COCKED_TILT = 35.0


class DemoTray(FrameSource):
    """An empty rendered tray; :meth:`throw` plays a roll that ends on the given faces."""

    def __init__(self, seed: int = 0, fps: float = 15.0, width: int = 1280, height: int = 720,
                 realtime: bool = True) -> None:
        self.name = "demo camera (rendered dice tray)"
        self.seed, self.fps, self.width, self.height = seed, fps, width, height
        self.realtime = realtime
        self._lock = threading.Lock()
        self._throws = 0
        self._script: RollScript | None = None
        self._thrown_at = 0.0
        self._index = 0
        self._start = time.monotonic()
        self._empty = replace(random_scene(seed, 0, width, height), dice=(),
                              table=DEMO_TABLE, tray_colour=DEMO_FELT)
        self._still: tuple[int, Image] | None = None

    @property
    def die_px(self) -> float:
        """How many pixels across a die of this tray looks (what calibration would measure)."""
        return DEMO_DIE_PX * self.width / 1280

    def throw(self, values: Sequence[int], cocked: bool = False) -> float:
        """Drop dice that come to rest showing ``values`` (faces 1-6; one die leans on an edge
        when ``cocked``); they appear at the next frame and lie still after the seconds
        returned."""
        if not values or any(not 1 <= v <= 6 for v in values):
            raise ValueError("a throw is one or more faces from 1 to 6")
        with self._lock:
            self._throws += 1
            seed = self.seed * 7919 + self._throws
            k = self.width / 1280
            layout = random_scene(seed, len(values), self.width, self.height,
                                  (DEMO_DIE_PX * k * 0.96, DEMO_DIE_PX * k * 1.04))
            rng = np.random.default_rng(seed)
            dice = tuple(replace(random_die(rng, d.x, d.y, d.size), value=v)
                         for d, v in zip(layout.dice, values, strict=True))
            if cocked:
                dice = (replace(dice[0], tilt=COCKED_TILT), *dice[1:])
            rest = replace(self._empty, dice=dice)
            self._script = RollScript(rest, seed=seed)
            self._thrown_at = self._index / self.fps
            return self._script.tumble

    def resting(self) -> tuple[SceneDie, ...]:
        """The dice of the last throw as they will lie once still (none after :meth:`clear`):
        the truth a test's stand-in reader can answer with."""
        with self._lock:
            script = self._script
        return () if script is None else tuple(script.rest.dice)

    def clear(self) -> None:
        """Take the dice out of the tray."""
        with self._lock:
            self._script = None

    def _scene(self, t: float) -> tuple[Scene, bool]:
        """The scene at time ``t`` and whether anything in it moves."""
        with self._lock:
            script, since = self._script, t - self._thrown_at
        if script is None:
            return self._empty, False
        return script.scene(since), since < script.tumble + 1.0 / self.fps

    def read(self) -> Frame | None:
        t = self._index / self.fps
        if self.realtime:
            delay = self._start + t - time.monotonic()
            if delay > 0:
                time.sleep(delay)
        scene, moving = self._scene(t)
        key = hash((scene.dice, scene.hand))
        if moving or self._still is None or self._still[0] != key:
            image = render(scene, noise_seed=self._index % 8)
            self._still = None if moving else (key, image)
        else:
            image = self._still[1]
        frame = Frame(image, t, self._index)
        self._index += 1
        return frame

