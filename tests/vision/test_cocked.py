"""A die lying flat shows a square from above; a die resting on an edge does not."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from companion.vision import synthetic
from companion.vision.cocked import silhouette_aspect


def aspects(tilt: float, seeds: range) -> list[float]:
    out = []
    for seed in seeds:
        scene = synthetic.random_scene(seed, 1, 640, 360, (30, 75))
        die = replace(scene.dice[0], tilt=tilt)
        image = synthetic.render(replace(scene, dice=(die,)), seed)
        x0, y0, x1, y1 = die.box
        out.append(silhouette_aspect(image, (x0 + x1) / 2, (y0 + y1) / 2, die.size))
    return out


def test_flat_dice_have_square_silhouettes() -> None:
    flat = aspects(0.0, range(40))
    assert np.median(flat) < 1.08 and sum(a >= 1.25 for a in flat) <= 1


def test_dice_resting_on_an_edge_have_long_silhouettes() -> None:
    cocked = aspects(30.0, range(40, 70))
    assert sum(a >= 1.25 for a in cocked) >= 28


def test_no_silhouette_on_a_bare_table() -> None:
    scene = synthetic.random_scene(3, 1, 320, 180, (20, 30))
    image = synthetic.render(replace(scene, dice=()), 0)
    assert silhouette_aspect(image, 160, 90, 25) == 0.0
