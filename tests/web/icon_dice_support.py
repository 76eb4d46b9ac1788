"""Helpers of the icon-dice web tests: a rendered Sushi Roll belt, a stand-in reader that knows
it, and a :class:`~companion.table.icon_camera.DataDirHook` whose camera watches that belt.

The stand-in reader answers with the rendered dice (one marked uncertain), so the screens' flow
is deterministic; the real reader is tests/vision/icon_dice's and the bench's business.
"""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

import numpy as np

from companion.session.session import Session
from companion.table.icon_camera import BELT, DataDirHook, IconCamera, IconDesk, box_region
from companion.vision.dice import Image
from companion.vision.icon_dice.reader import IconDie, face_value
from companion.vision.icon_dice.scenes import IconScene, IconSceneDie, Surface, render
from tests.web.web_support import LiveServer

ANN_BELT = ["special:wasabi", "maki:maki_3", "appetizer:tempura", "appetizer:tempura",
            "appetizer:dumpling", "nigiri:egg", "dessert:dessert_2", "special:menu_1"]
BELT_BOX = (40.0, 120.0, 760.0, 260.0)
DIE_PX = 64.0
#: The die the stand-in reader is unsure of.
UNSURE = 5


class BeltGame(NamedTuple):
    """The ``belt_game`` fixture: the live server, its camera's hook watching Ann's belt, the
    frame to feed it, and the Sushi Roll game (its id, its host's token) the camera reads for."""

    server: LiveServer
    hook: DataDirHook
    frame: Image
    game_id: int
    token: str


def belt_scene() -> IconScene:
    x0, y0, _, y1 = BELT_BOX
    dice = tuple(IconSceneDie(r, x0 + 50 + i * 86, (y0 + y1) / 2, DIE_PX, 8.0 * (i % 3))
                 for i, r in enumerate(ANN_BELT))
    belt = Surface("belt", 0, tuple(int(v) for v in BELT_BOX), (70, 70, 80))  # type: ignore[arg-type]
    return IconScene(width=800, height=400, seed=3, surfaces=(belt,), dice=dice, noise=2.0)


def stand_in_reader(scene: IconScene) -> object:
    """Reads a crop starting at the belt box's corner (margin 0): the scene's dice."""
    x0, y0 = int(BELT_BOX[0]), int(BELT_BOX[1])

    def read(crop: Image) -> list[IconDie]:
        out = []
        for i, d in enumerate(scene.dice):
            half = d.size / 2
            unsure = i == UNSURE
            out.append(IconDie(face_value(d.reading), (d.x - x0 - half, d.y - y0 - half,
                                                         d.x - x0 + half, d.y - y0 + half),
                               0.5 if unsure else 0.97, 0.9, reading=d.reading,
                               uncertain=unsure, angle=d.angle))
        return out

    return read


def filmed_hook(session: Session, data_dir: Path) -> tuple[DataDirHook, Image]:
    """A hook watching Ann's belt (seat 0) with the stand-in reader, and the frame to feed."""
    scene = belt_scene()
    frame = np.ascontiguousarray(render(scene))
    desk = IconDesk(session)
    hook = DataDirHook(desk, data_dir)
    hook.camera = IconCamera(desk, stand_in_reader(scene),  # type: ignore[arg-type]
                             [box_region(BELT, 0, BELT_BOX)])
    hook._size = (frame.shape[1], frame.shape[0])
    return hook, frame


def settle(hook: DataDirHook, frame: Image, seconds: float = 3.0) -> None:
    """Feed the same frame for ``seconds`` of camera time (it settles)."""
    t = 0.0
    while t < seconds:
        hook(frame, t)
        t += 0.1
