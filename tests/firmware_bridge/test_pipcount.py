"""The camera roll source's pip counter: synthetic lit-tray frames (with a floor) and real
photos (a report, no floor)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from firmware_bridge.fake import Firmware
from firmware_bridge.traysim import TrayScene
from tests.firmware_bridge.conftest import REPO, need

BYLER = (REPO.parent / "shared" / "data" / "dice" / "byler_d6").resolve()
MOTION, SETTLED = 1, 2


def run_throws(firmware: Firmware, count: int, seed: int, background: bool = False
               ) -> dict[str, int]:
    """``count`` throws in one continuous stream of frames through a SettleTracker."""
    scene = TrayScene(seed=seed)
    tracker = firmware.pipcount.SettleTracker(
        160, 120, background=scene.background() if background else None)
    tracker.reset(False)
    tally = {"right": 0, "wrong": 0, "while_moving": 0, "cocked_seen": 0, "cocked": 0,
             "false_cocked": 0, "cleared_reported": 0}
    last = scene.render(())
    for _ in range(4):
        tracker.update(last)
    for k in range(count):
        dice = 1 + k % 3
        cocked = 1 if k % 10 == 5 else 0
        throw = scene.throw(dice, cocked=cocked)
        reports = []
        for i, frame in enumerate(throw.frames):
            event = tracker.update(frame)
            if event is not None and event[0] == SETTLED:
                reports.append((i, event))
        if any(i < throw.moving for i, _ in reports):
            tally["while_moving"] += 1
        # a roll's dice are a multiset: two dice side by side may come in either order
        if len(reports) == 1 and sorted(reports[0][1][1]) == sorted(throw.values):
            tally["right"] += 1
            quality = reports[0][1][2]
            tally["cocked"] += cocked
            tally["cocked_seen"] += bool(cocked and quality == 1)
            tally["false_cocked"] += bool(not cocked and quality != 0)
        else:
            tally["wrong"] += 1
        if k % 25 == 24:  # someone sweeps the dice out: motion, then an empty tray
            for frame in scene.clear(throw.dice):
                event = tracker.update(frame)
                if event is not None and event[0] == SETTLED:
                    tally["cleared_reported"] += 1
    return tally


def test_synthetic_tray_rolls_are_read_right_and_never_while_moving(firmware: Firmware) -> None:
    tally = run_throws(firmware, 300, seed=11)
    print(f"\nsynthetic tray, 300 throws of 1-3 dice: {tally}")
    assert tally["right"] >= 297, tally  # the floor: 99%
    assert tally["while_moving"] == 0
    assert tally["cleared_reported"] == 0
    assert tally["cocked_seen"] >= 0.9 * tally["cocked"]
    assert tally["false_cocked"] <= 3


def test_a_stored_empty_tray_background_works_as_well(firmware: Firmware) -> None:
    tally = run_throws(firmware, 60, seed=12, background=True)
    assert tally["right"] >= 59 and tally["while_moving"] == 0, tally


def test_dice_lying_still_at_boot_are_a_baseline_unless_a_roll_was_marked(
    firmware: Firmware,
) -> None:
    scene = TrayScene(seed=3)
    dice = scene.place(2)
    for marked, expected in ((False, None), (True, tuple(d.value for d in
                                                          sorted(dice, key=lambda d: d.x)))):
        tracker = firmware.pipcount.SettleTracker(160, 120)
        tracker.reset(report_current=marked)
        events = [tracker.update(scene.render(dice)) for _ in range(6)]
        settled = [e for e in events if e is not None]
        assert (settled[0][1] if settled else None) == expected


def test_an_empty_tray_is_no_roll(firmware: Firmware) -> None:
    scene = TrayScene(seed=4)
    assert firmware.pipcount.read_tray(scene.render(()), 160, 120) is None


def test_touching_dice_or_a_wrong_count_are_uncertain(firmware: Firmware) -> None:
    from firmware_bridge.traysim import DieSpec

    scene = TrayScene(seed=5)
    touching = (DieSpec(3, 60, 60, 0), DieSpec(4, 84, 60, 0))
    _values, quality = firmware.pipcount.read_tray(scene.render(touching), 160, 120)
    assert quality == 2
    apart = (DieSpec(3, 40, 60, 10), DieSpec(4, 110, 60, 20))
    assert firmware.pipcount.read_tray(scene.render(apart), 160, 120, expected_dice=2) == \
        ((3, 4), 0)
    assert firmware.pipcount.read_tray(scene.render(apart), 160, 120, expected_dice=3)[1] == 2


def byler_crops(size: int = 48) -> list[tuple[str, int, bytes]]:
    """Every labelled die of byler_d6: ``(photo, value, grayscale size x size crop)``."""
    import cv2

    crops = []
    for label in sorted((BYLER / "labels").glob("*.json")):
        info = json.loads(label.read_text())
        image = cv2.imread(str(BYLER / "images" / info["image"]), cv2.IMREAD_GRAYSCALE)
        if image is None:
            raise AssertionError(f"cannot read {info['image']}")
        for die in info["dice"]:
            x0, y0, x1, y1 = die["bbox_xyxy"]
            m = 0.1 * max(x1 - x0, y1 - y0)
            xa, ya = max(0, int(x0 - m)), max(0, int(y0 - m))
            xb, yb = min(image.shape[1], int(x1 + m)), min(image.shape[0], int(y1 + m))
            crop = cv2.resize(image[ya:yb, xa:xb], (size, size), interpolation=cv2.INTER_AREA)
            crops.append((info["image"], int(die["value"]), crop.tobytes()))
    return crops


def test_real_photos_of_byler_d6_are_reported_without_a_floor(firmware: Firmware) -> None:
    need(BYLER.is_dir(), f"{BYLER} is missing: the real-photo report needs shared/data")
    crops = byler_crops()
    assert crops, "byler_d6 has no labelled dice"
    right = 0
    photos: dict[str, bool] = {}
    for photo, value, crop in crops:
        pips, _quality = firmware.pipcount.read_die(crop, 48, 48)
        right += pips == value
        photos[photo] = photos.get(photo, True) and pips == value
    whole = sum(photos.values())
    print(f"\nbyler_d6 (real photos, 48x48 grayscale crops): {right}/{len(crops)} dice right "
          f"({100 * right / len(crops):.1f}%), {whole}/{len(photos)} photos with every die right")
    assert 0 <= right <= len(crops)


def test_without_the_photos_ci_fails_and_a_desk_skips(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CI", "1")
    with pytest.raises(pytest.fail.Exception, match="missing"):
        need(Path("/nonexistent").is_dir(), "/nonexistent is missing")
    monkeypatch.delenv("CI")
    with pytest.raises(pytest.skip.Exception, match="missing"):
        need(Path("/nonexistent").is_dir(), "/nonexistent is missing")
    assert "CI" not in os.environ
