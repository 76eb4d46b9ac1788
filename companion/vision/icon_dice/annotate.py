"""The tablet's camera view of icon dice: a frame with every die outlined and numbered.

The picture carries no words (a Hershey font cannot draw French or Polish, and every phone
reads its own language): only colours and digits, each drawn by :func:`mark`.
:func:`annotate_icons` draws, on a copy of the frame scaled to ``width`` pixels, each seat's
belt (grey) and tray (blue) outline with the seat's number in a filled square of that colour,
and each die read as its turned square: green when the face set is sure, orange and thicker
when it is ``uncertain``, magenta when it is ``cocked``, with its number (1, 2, ... in the order
given) in a disc of its colour at its top-left corner. The page names what the numbers stand
for in its own language, next to the picture (``web/static/sr-camera.js``, from the legend
:func:`legend` builds and ``GET /api/icon-dice/view.jpg`` sends with the picture). Pure: no
I/O.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import cv2
import numpy as np

from companion.games.base import JSON
from companion.vision.dice import Image
from companion.vision.icon_dice.reader import IconDie

#: BGR colours of the outlines.
OK_BGR = (80, 200, 60)
UNCERTAIN_BGR = (0, 150, 255)
COCKED_BGR = (220, 60, 220)
#: A seat's belt and tray (the region's ``surface``).
REGION_BGR = {"belt": (200, 200, 200), "tray": (235, 190, 90)}
OTHER_REGION_BGR = (200, 200, 200)
VIEW_WIDTH = 640

#: A region drawn: its seat's number (1-based), its ``surface`` and its polygon in frame pixels.
DrawnRegion = tuple[int, str, Sequence[tuple[float, float]]]


def mark(n: int) -> str:
    """The only text the picture carries: a die's or a seat's number, in digits."""
    return str(int(n))


def die_quality(d: IconDie) -> str:
    """``cocked``, ``uncertain`` or ``ok`` (the die's colour, and its key on the page)."""
    return "cocked" if d.cocked else "uncertain" if d.uncertain else "ok"


def die_colour(d: IconDie) -> tuple[int, int, int]:
    return COCKED_BGR if d.cocked else UNCERTAIN_BGR if d.uncertain else OK_BGR


def legend(dice: Sequence[tuple[int, str, IconDie]],
           regions: Sequence[DrawnRegion] = ()) -> JSON:
    """What the picture's numbers stand for, for the page to name in its language: ``dice``
    (``n`` as drawn, the region's ``seat`` (0-based) and ``surface``, the ``reading`` and its
    ``quality``) and ``regions`` (``seat`` 1-based as drawn, ``surface``). ``dice``: each
    die with its region's 1-based seat and surface, in the order :func:`annotate_icons` numbers
    them."""
    return {"dice": [{"n": i + 1, "seat": seat - 1, "surface": surface, "reading": d.reading,
                      "quality": die_quality(d)} for i, (seat, surface, d) in enumerate(dice)],
            "regions": [{"seat": seat, "surface": surface} for seat, surface, _ in regions]}


def _badge(out: Image, n: int, at: tuple[int, int], colour: tuple[int, int, int]) -> None:
    """A die's number, dark on a filled circle of the die's colour (readable on a phone, where
    the picture is about half its width)."""
    text = mark(n)
    font, size, weight = cv2.FONT_HERSHEY_SIMPLEX, 0.55, 2
    (w, h), _ = cv2.getTextSize(text, font, size, weight)
    r = max(w, h) // 2 + 5
    x = min(max(r, at[0]), out.shape[1] - r - 1)
    y = min(max(r, at[1]), out.shape[0] - r - 1)
    cv2.circle(out, (x, y), r, colour, -1, cv2.LINE_AA)
    cv2.circle(out, (x, y), r, (20, 20, 20), 1, cv2.LINE_AA)
    cv2.putText(out, text, (x - w // 2, y + h // 2), font, size, (20, 20, 20), weight,
                cv2.LINE_AA)


def _tag(out: Image, n: int, at: tuple[int, int], colour: tuple[int, int, int]) -> None:
    """A seat's number, dark on a filled square of its region's colour."""
    text = mark(n)
    font, size, weight = cv2.FONT_HERSHEY_SIMPLEX, 0.5, 2
    (w, h), _ = cv2.getTextSize(text, font, size, weight)
    x, y = at
    cv2.rectangle(out, (x - 3, y - h - 4), (x + w + 3, y + 4), colour, -1)
    cv2.putText(out, text, (x, y), font, size, (20, 20, 20), weight, cv2.LINE_AA)


def annotate_icons(image: Image, dice: Sequence[IconDie],
                   regions: Sequence[DrawnRegion] = (),
                   width: int = VIEW_WIDTH) -> Image:
    """A copy of the BGR ``image`` scaled to ``width`` with ``regions`` (seat number, surface,
    polygon in frame pixels) and ``dice`` (boxes in frame pixels; numbered 1, 2, ... in this
    order) drawn on it (module docstring)."""
    scale = width / image.shape[1]
    small = cv2.resize(image, (width, max(1, round(image.shape[0] * scale))),
                       interpolation=cv2.INTER_AREA)
    out: Image = np.ascontiguousarray(small, dtype=np.uint8)
    for seat, surface, polygon in regions:
        colour = REGION_BGR.get(surface, OTHER_REGION_BGR)
        pts = np.round(np.asarray(polygon, np.float64) * scale).astype(np.int32)
        cv2.polylines(out, [pts], True, colour, 1, cv2.LINE_AA)
        x, y = int(pts[:, 0].min()) + 6, int(pts[:, 1].min()) + 17
        _tag(out, seat, (x, y), colour)
    for number, d in enumerate(dice, 1):
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
        _badge(out, number, (left, top), colour)
    return out
