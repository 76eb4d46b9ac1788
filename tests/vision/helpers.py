"""Shared helpers for the vision tests: the shared photos, an oracle reader, synthetic folders."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path

import cv2
import pytest

from companion.vision import synthetic
from companion.vision.dice import Die, Image

ROOT = Path(__file__).resolve().parents[2]
BYLER = ROOT.parent / "shared" / "data" / "dice" / "byler_d6"


def byler_or_skip() -> Path:
    """The shared real photos; in CI (``CI`` set) their absence fails the test loudly."""
    if (BYLER / "images").is_dir() and (BYLER / "labels").is_dir():
        return BYLER
    message = (f"the shared dice photos are missing: expected {BYLER} (images/ + labels/), "
               "the accuracy floor of the pip reader cannot be checked")
    if os.environ.get("CI"):
        pytest.fail(message)
    pytest.skip(message + " (skipped outside CI)")


class Oracle:
    """A reader that knows the scene: returns the script's dice at the current time."""

    def __init__(self, script: synthetic.RollScript, confidence: float = 0.99,
                 override: Callable[[list[Die]], list[Die]] | None = None) -> None:
        self.script, self.confidence, self.override = script, confidence, override
        self.t = 0.0
        self.calls = 0

    def __call__(self, image: Image) -> list[Die]:
        self.calls += 1
        dice = [Die(d.value, d.box, self.confidence, 0.9) for d in self.script.scene(self.t).dice]
        return self.override(dice) if self.override else dice


def write_labelled_folder(folder: Path, seeds: range, dice: int = 2) -> list[list[int]]:
    """Synthetic frames laid out like byler_d6 (images/ + labels/*.json); their values."""
    (folder / "images").mkdir(parents=True)
    (folder / "labels").mkdir()
    values = []
    for seed in seeds:
        scene = synthetic.random_scene(seed, dice, 640, 360, (40, 70))
        name = f"frame_{seed:04d}.png"
        cv2.imwrite(str(folder / "images" / name), synthetic.render(scene, seed))
        label = {"image": name, "width": 640, "height": 360, "split": "test",
                 "dice": [{"value": d.value, "bbox_xyxy": list(d.box)} for d in scene.dice]}
        (folder / "labels" / f"frame_{seed:04d}.json").write_text(json.dumps(label))
        values.append([d.value for d in scene.dice])
    return values
