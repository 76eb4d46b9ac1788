"""The tablet's camera view of icon dice: a frame with every die outlined and labelled.

:func:`annotate_icons` draws, on a copy of the frame scaled to ``width`` pixels, each seat's
belt and tray outline (thin, named) and each die read as its turned square: green when the face
set is sure, orange and thicker when it is ``uncertain``, magenta when it is ``cocked``; the
label is the face's short name (``3 Maki``, ``Salmon``), with ``?`` for an uncertain one and
``cocked`` for a leaning die. Pure: no I/O.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import cv2
import numpy as np

from companion.games.base import UnreadableInput
from companion.games.sushi_roll.dice import die
from companion.vision.dice import Image
from companion.vision.icon_dice.reader import IconDie

#: BGR colours of the outlines.
OK_BGR = (80, 200, 60)
UNCERTAIN_BGR = (0, 150, 255)
COCKED_BGR = (220, 60, 220)
REGION_BGR = (200, 200, 200)
VIEW_WIDTH = 640


def face_label(reading: str) -> str:
    """The short name of a reading's face (``"3 Maki"``); the reading itself when the dice
    table does not print it."""
    try:
        return die(reading).face.name
    except UnreadableInput:
        return reading


def die_label(d: IconDie) -> str:
    text = face_label(d.reading)
    if d.cocked:
        return f"{text} cocked"
    return f"{text}?" if d.uncertain else text


def die_colour(d: IconDie) -> tuple[int, int, int]:
    return COCKED_BGR if d.cocked else UNCERTAIN_BGR if d.uncertain else OK_BGR


def _text(out: Image, text: str, at: tuple[int, int], colour: tuple[int, int, int],
          size: float = 0.45) -> None:
    cv2.putText(out, text, at, cv2.FONT_HERSHEY_SIMPLEX, size, (0, 0, 0), 3, cv2.LINE_AA)
    cv2.putText(out, text, at, cv2.FONT_HERSHEY_SIMPLEX, size, colour, 1, cv2.LINE_AA)


def annotate_icons(image: Image, dice: Sequence[IconDie],
                   regions: Sequence[tuple[str, Sequence[tuple[float, float]]]] = (),
                   width: int = VIEW_WIDTH) -> Image:
    """A copy of the BGR ``image`` scaled to ``width`` with ``regions`` (name, polygon in frame
    pixels) and ``dice`` (boxes in frame pixels) drawn on it (module docstring)."""
    scale = width / image.shape[1]
    small = cv2.resize(image, (width, max(1, round(image.shape[0] * scale))),
                       interpolation=cv2.INTER_AREA)
    out: Image = np.ascontiguousarray(small, dtype=np.uint8)
    for name, polygon in regions:
        pts = np.round(np.asarray(polygon, np.float64) * scale).astype(np.int32)
        cv2.polylines(out, [pts], True, REGION_BGR, 1, cv2.LINE_AA)
        x, y = int(pts[:, 0].min()) + 4, int(pts[:, 1].min()) + 14
        _text(out, name, (x, y), REGION_BGR, 0.4)
    for d in dice:
        cx, cy = d.centre
        x0, _, x1, _ = d.box
        r = math.radians(d.angle)
        side = (x1 - x0) / (abs(math.cos(r)) + abs(math.sin(r)))
        corners = cv2.boxPoints(((cx * scale, cy * scale), (side * scale, side * scale),
                                 d.angle))
        colour = die_colour(d)
        thick = 1 if colour == OK_BGR else 3
        cv2.polylines(out, [np.round(corners).astype(np.int32)], True, colour, thick + 1,
                      cv2.LINE_AA)
        top = int(corners[:, 1].min())
        left = int(corners[:, 0].min())
        _text(out, die_label(d), (max(0, left), max(12, top - 4)), colour)
    return out
