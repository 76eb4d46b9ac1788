"""The pictures the pages show carry no words (issue 26): a Hershey font cannot draw French or
Polish, and every phone reads its own language. Each picture's text comes from one small
function giving digits (a number, with ``?`` on a card the reader is not sure of); these tests
draw every picture with ``cv2.putText`` recorded and fail on any letter drawn."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import cv2
import numpy as np
import pytest

from companion.devices.camera import annotate, die_mark
from companion.scans.model import PendingScan, ScannedCard
from companion.scans.photos import annotate as annotate_scan
from companion.scans.photos import badge_text
from companion.vision.calibration import Zone, Zones, draw_zones, zone_mark
from companion.vision.dice import Die
from companion.vision.icon_dice.annotate import annotate_icons, legend, mark
from companion.vision.icon_dice.reader import IconDie

DIGITS = re.compile(r"[0-9]+\??")


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every text ``cv2.putText`` draws meanwhile (it still draws it)."""
    texts: list[str] = []
    real = cv2.putText

    def record(img: Any, text: str, *args: Any, **kwargs: Any) -> Any:
        texts.append(text)
        return real(img, text, *args, **kwargs)

    monkeypatch.setattr(cv2, "putText", record)
    yield texts


def only_digits(texts: list[str]) -> None:
    assert texts, "something is drawn"
    letters = [x for x in texts if not DIGITS.fullmatch(x)]
    assert not letters, f"words drawn on a picture: {letters}"


def test_the_marks_are_digits() -> None:
    assert [mark(n) for n in (1, 12)] == ["1", "12"]
    assert badge_text(0, False) == "1" and badge_text(6, True) == "7?"
    assert zone_mark(3) == "3" and zone_mark(None) == ""
    assert die_mark(6) == "6"


def icon(reading: str, x: float, **kw: Any) -> IconDie:
    return IconDie(1, (x, 40.0, x + 40.0, 80.0), 0.9, 0.9, reading=reading, **kw)


def test_the_icon_dice_view_numbers_dice_and_seats(drawn: list[str]) -> None:
    frame = np.full((240, 320, 3), 90, np.uint8)
    dice = [icon("maki:maki_3", 20), icon("nigiri:salmon", 90, uncertain=True),
            icon("special:wasabi", 160, cocked=True), icon("nigiri:unknown", 230)]
    belt = ((10.0, 10.0), (310.0, 10.0), (310.0, 110.0), (10.0, 110.0))
    tray = ((10.0, 120.0), (310.0, 120.0), (310.0, 230.0), (10.0, 230.0))
    out = annotate_icons(frame, dice, [(1, "belt", belt), (1, "tray", tray)], 320)
    assert (out != frame).any()
    only_digits(drawn)
    assert "3" not in drawn[:2] and {"1", "2", "3", "4"} <= set(drawn)
    said = legend([(1, "belt", d) for d in dice], [(1, "belt", belt), (1, "tray", tray)])
    assert [(d["n"], d["seat"], d["reading"], d["quality"]) for d in said["dice"]] == [
        (1, 0, "maki:maki_3", "ok"), (2, 0, "nigiri:salmon", "uncertain"),
        (3, 0, "special:wasabi", "cocked"), (4, 0, "nigiri:unknown", "ok")]
    assert said["regions"] == [{"seat": 1, "surface": "belt"}, {"seat": 1, "surface": "tray"}]


def test_the_scan_picture_numbers_cards_as_the_chips_do(drawn: list[str]) -> None:
    photo = np.full((400, 600, 3), 120, np.uint8)
    cards = tuple(ScannedCard(i, "maki_2" if i else "tempura",
                              ((20.0 + 150 * i, 40.0), (140.0 + 150 * i, 40.0),
                               (140.0 + 150 * i, 220.0), (20.0 + 150 * i, 220.0)),
                              0.5 if i == 1 else 0.99, uncertain=i == 1, seat=0)
                  for i in range(3))
    scan = PendingScan(1, 1, "phone", photo, cards, "sushi-go-party", 1, "2026-11-27T03:00:00")
    out = annotate_scan(scan)
    assert (out != photo).any() and (photo == 120).all()  # drawn on a copy
    only_digits(drawn)
    assert drawn == ["1", "2?", "3"]


def test_the_zones_and_the_dice_camera_draw_digits(drawn: list[str]) -> None:
    square = ((10.0, 10.0), (300.0, 10.0), (300.0, 200.0), (10.0, 200.0))
    mat = ((20.0, 20.0), (120.0, 20.0), (120.0, 90.0), (20.0, 90.0))
    zones = Zones((320, 240), {}, Zone("tray", square), {1: Zone("seat 1", mat, None, 11),
                                                      2: Zone("seat 2", mat, None, 12)},
                  Zone("table", square))
    image = np.full((240, 320, 3), 60, np.uint8)
    assert (draw_zones(image, zones) != image).any()
    assert drawn == ["1", "2"]  # the seats' numbers; the table and the tray: colours alone
    drawn.clear()
    annotate(image, (Die(5, (40.0, 40.0, 80.0, 80.0), 0.9, 0.9),), 320)
    only_digits(drawn)
