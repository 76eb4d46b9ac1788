"""Procedural icon dice: every face of Sushi Roll's five die kinds drawn with OpenCV primitives.

A face is a square texture :data:`TEXTURE_PX` pixels across (BGR ``uint8``): the die's body
colour (:data:`BODY`, one per kind), a slightly darker rim where a real die's rounded edge
turns away from the light, and the face's icons drawn in the middle, each with a dark outline
so it stands out from any body colour. Faces come from the engine's editable table
(:data:`companion.games.sushi_roll.dice.KIND_FACES`), named by their *reading*
``"kind:face"`` (``"maki:maki_3"``), so a face added to that table needs a drawing here
(:data:`ICONS`, by symbol) and nothing else.

The icons (face units: the face spans -1..1, y down):

* dumpling: a half moon with pleats; tempura: a golden battered shrimp with a red tail;
  sashimi: three salmon slices on a green leaf;
* maki: a roll seen end on (black nori ring, white rice, red filling);
* egg, salmon, squid nigiri: a rice block under a yellow omelette with a nori band, an orange
  slab with white stripes, a pale slab with grey scoring and tentacles;
* wasabi: a green teardrop mound with a swirl; menu: a red booklet with lines; chopsticks: a
  pair of brown sticks; dessert: a pudding (caramel top on a yellow custard).

A face with ``count`` icons (maki 1-3, menu and chopsticks 1-2, dessert 1-3) draws that many,
smaller, in a fixed pattern (one in the middle, two on a diagonal, three in a triangle).

Pure and deterministic: :func:`face_texture` is cached per ``(reading, style)``; a ``style``
other than 0 shifts the body colour a little (another print run, another batch of plastic).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable

import cv2
import numpy as np

from companion.games.sushi_roll.dice import FACES, KIND_FACES, DieKind, Symbol
from companion.i18n import tmsg
from companion.vision.dice import Image

BGR = tuple[int, int, int]

#: Side of a face texture in pixels (drawn at this size with anti-aliasing).
TEXTURE_PX = 96
#: Body colour of each die kind (BGR). Our choice for the procedural dice; real dice are
#: learned from their enrollment photos, whatever their colours.
BODY: dict[DieKind, BGR] = {
    DieKind.APPETIZER: (185, 120, 45),   # blue
    DieKind.MAKI: (50, 45, 195),         # red
    DieKind.NIGIRI: (226, 232, 236),     # white
    DieKind.SPECIAL: (40, 185, 230),     # yellow
    DieKind.DESSERT: (185, 125, 230),    # pink
}
OUTLINE: BGR = (30, 30, 35)
SHIFT = 4  # fixed-point bits for cv2 drawing
#: Icon centres (face units) and icon scale for 1, 2 and 3 icons on a face.
LAYOUTS: dict[int, tuple[tuple[tuple[float, float], ...], float]] = {
    1: (((0.0, 0.0),), 1.0),
    2: (((-0.33, -0.33), (0.33, 0.33)), 0.6),
    3: (((0.0, -0.38), (-0.38, 0.3), (0.38, 0.3)), 0.52),
}

Painter = Callable[[Image, float, float, float], None]


def readings() -> tuple[str, ...]:
    """Every distinct reading of the table, kinds in table order (17 with the shipped table)."""
    return tuple(f"{kind.value}:{face}" for kind in DieKind
                 for face in dict.fromkeys(KIND_FACES[kind]))


# -- drawing helpers (pixel coordinates of the texture; s = pixels per face unit) ------------


def _pt(x: float, y: float) -> tuple[int, int]:
    return round(x * (1 << SHIFT)), round(y * (1 << SHIFT))


def _ellipse(img: Image, cx: float, cy: float, ax: float, ay: float, angle: float,
             colour: BGR, start: float = 0, end: float = 360, outline: bool = True) -> None:
    axes = (round(ax * (1 << SHIFT)), round(ay * (1 << SHIFT)))
    cv2.ellipse(img, _pt(cx, cy), axes, angle, start, end, colour, -1, cv2.LINE_AA, SHIFT)
    if outline:
        cv2.ellipse(img, _pt(cx, cy), axes, angle, start, end, OUTLINE, 2, cv2.LINE_AA, SHIFT)


def _poly(img: Image, pts: list[tuple[float, float]], colour: BGR,
          outline: bool = True) -> None:
    arr = np.round(np.array(pts) * (1 << SHIFT)).astype(np.int32)
    cv2.fillPoly(img, [arr], colour, cv2.LINE_AA, SHIFT)
    if outline:
        cv2.polylines(img, [arr], True, OUTLINE, 2, cv2.LINE_AA, SHIFT)


def _rect(cx: float, cy: float, w: float, h: float, angle: float) -> list[tuple[float, float]]:
    a = math.radians(angle)
    c, s = math.cos(a), math.sin(a)
    return [(cx + x * c - y * s, cy + x * s + y * c)
            for x, y in ((-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2))]


def _line(img: Image, a: tuple[float, float], b: tuple[float, float], colour: BGR,
          width: int) -> None:
    cv2.line(img, _pt(*a), _pt(*b), colour, width, cv2.LINE_AA, SHIFT)


# -- the icons -------------------------------------------------------------------------------


def _dumpling(img: Image, x: float, y: float, s: float) -> None:
    _ellipse(img, x, y + 0.25 * s, 0.75 * s, 0.6 * s, 0, (170, 215, 235), 180, 360)
    _line(img, (x - 0.75 * s, y + 0.25 * s), (x + 0.75 * s, y + 0.25 * s), OUTLINE, 2)
    for k in (-0.4, 0.0, 0.4):
        _line(img, (x + k * s, y - 0.25 * s), (x + k * 0.8 * s, y + 0.1 * s), (120, 150, 170), 2)


def _tempura(img: Image, x: float, y: float, s: float) -> None:
    _poly(img, [(x + 0.45 * s, y - 0.45 * s), (x + 0.85 * s, y - 0.8 * s),
                (x + 0.8 * s, y - 0.3 * s)], (40, 60, 215))
    for k in range(7):
        u = -0.55 + k * 0.17
        _ellipse(img, x + u * s, y - u * s, 0.2 * s, 0.2 * s, 0, (40, 150, 225), outline=False)
    _ellipse(img, x, y, 0.7 * s, 0.3 * s, -45, (60, 175, 240))


def _sashimi(img: Image, x: float, y: float, s: float) -> None:
    _ellipse(img, x, y, 0.85 * s, 0.45 * s, -20, (60, 160, 60))
    for k in (-0.4, 0.0, 0.4):
        pts = _rect(x + k * s, y + k * 0.2 * s, 0.32 * s, 0.75 * s, 15)
        _poly(img, pts, (90, 135, 250))
        _line(img, (x + (k - 0.05) * s, y + (k * 0.2 - 0.2) * s),
              (x + (k + 0.08) * s, y + (k * 0.2 + 0.25) * s), (235, 235, 245), 2)


def _maki(img: Image, x: float, y: float, s: float) -> None:
    _ellipse(img, x, y, 0.75 * s, 0.75 * s, 0, (45, 50, 40))
    _ellipse(img, x, y, 0.55 * s, 0.55 * s, 0, (245, 245, 245), outline=False)
    _ellipse(img, x, y, 0.24 * s, 0.24 * s, 0, (60, 70, 225), outline=False)


def _rice(img: Image, x: float, y: float, s: float) -> None:
    _ellipse(img, x, y + 0.2 * s, 0.8 * s, 0.42 * s, 0, (240, 240, 240))


def _egg(img: Image, x: float, y: float, s: float) -> None:
    _rice(img, x, y, s)
    _poly(img, _rect(x, y - 0.08 * s, 1.6 * s, 0.62 * s, 0), (60, 205, 250))
    _poly(img, _rect(x, y - 0.08 * s, 0.35 * s, 0.66 * s, 0), (40, 45, 35))


def _salmon(img: Image, x: float, y: float, s: float) -> None:
    _rice(img, x, y, s)
    _ellipse(img, x, y - 0.1 * s, 0.85 * s, 0.38 * s, 0, (80, 130, 250))
    for k in (-0.45, -0.15, 0.15, 0.45):
        _line(img, (x + (k - 0.1) * s, y - 0.38 * s), (x + (k + 0.1) * s, y + 0.18 * s),
              (230, 235, 250), 2)


def _squid(img: Image, x: float, y: float, s: float) -> None:
    _rice(img, x, y, s)
    for k in (-0.3, -0.1, 0.1, 0.3):
        _line(img, (x + k * s, y + 0.1 * s), (x + k * 1.3 * s, y + 0.8 * s), (150, 120, 200), 3)
    _ellipse(img, x, y - 0.1 * s, 0.85 * s, 0.36 * s, 0, (225, 205, 235))
    for k in (-0.4, 0.0, 0.4):
        _line(img, (x + (k - 0.15) * s, y - 0.3 * s), (x + (k + 0.15) * s, y + 0.1 * s),
              (120, 110, 140), 1)


def _wasabi(img: Image, x: float, y: float, s: float) -> None:
    _poly(img, [(x, y - 0.85 * s), (x + 0.55 * s, y), (x - 0.55 * s, y)], (70, 175, 95),
          outline=False)
    _ellipse(img, x, y + 0.2 * s, 0.62 * s, 0.55 * s, 0, (70, 175, 95), outline=False)
    _ellipse(img, x, y + 0.2 * s, 0.3 * s, 0.25 * s, 20, (40, 120, 60), 0, 270, outline=False)
    cv2.ellipse(img, _pt(x, y + 0.2 * s), (round(0.62 * s * 16), round(0.55 * s * 16)), 0,
                -40, 220, OUTLINE, 2, cv2.LINE_AA, SHIFT)


def _menu(img: Image, x: float, y: float, s: float) -> None:
    _poly(img, _rect(x, y, 1.1 * s, 1.45 * s, 0), (45, 45, 175))
    _poly(img, _rect(x + 0.08 * s, y, 0.8 * s, 1.2 * s, 0), (235, 240, 245), outline=False)
    for k in (-0.35, -0.1, 0.15, 0.4):
        _line(img, (x - 0.2 * s, y + k * s), (x + 0.35 * s, y + k * s), (60, 60, 60), 2)


def _chopsticks(img: Image, x: float, y: float, s: float) -> None:
    for dx, tilt in ((-0.22, 12), (0.22, -12)):
        _poly(img, _rect(x + dx * s, y, 0.17 * s, 1.75 * s, tilt), (45, 95, 150))


def _dessert(img: Image, x: float, y: float, s: float) -> None:
    _poly(img, [(x - 0.7 * s, y + 0.6 * s), (x + 0.7 * s, y + 0.6 * s),
                (x + 0.45 * s, y - 0.35 * s), (x - 0.45 * s, y - 0.35 * s)], (80, 210, 245))
    _ellipse(img, x, y - 0.35 * s, 0.45 * s, 0.22 * s, 0, (35, 75, 125))
    _ellipse(img, x, y - 0.62 * s, 0.16 * s, 0.16 * s, 0, (40, 40, 200))


#: How each symbol is drawn: ``painter(image, x, y, s)`` draws one icon centred at ``(x, y)``
#: (texture pixels), ``s`` pixels per icon unit.
ICONS: dict[Symbol, Painter] = {
    Symbol.DUMPLING: _dumpling, Symbol.TEMPURA: _tempura, Symbol.SASHIMI: _sashimi,
    Symbol.MAKI: _maki, Symbol.EGG: _egg, Symbol.SALMON: _salmon, Symbol.SQUID: _squid,
    Symbol.WASABI: _wasabi, Symbol.MENU: _menu, Symbol.CHOPSTICKS: _chopsticks,
    Symbol.DESSERT: _dessert,
}


def body_colour(kind: DieKind, style: int = 0) -> BGR:
    """The body colour of ``kind``, shifted a little for ``style`` > 0 (seeded by it)."""
    base = BODY[kind]
    if style == 0:
        return base
    rng = np.random.default_rng(style * 31 + list(DieKind).index(kind))
    return tuple(int(np.clip(c + rng.integers(-22, 23), 0, 255)) for c in base)  # type: ignore[return-value]


@functools.lru_cache(maxsize=256)
def face_texture(reading: str, style: int = 0) -> Image:
    """The face showing ``reading`` (``"kind:face"``), :data:`TEXTURE_PX` square, BGR."""
    kind_text, _, face_id = reading.partition(":")
    kind = DieKind(kind_text)
    if face_id not in KIND_FACES[kind]:
        raise ValueError(tmsg("a {kind} die has no face {face}", kind=kind.value,
                              face=repr(face_id)))
    face = FACES[face_id]
    t = TEXTURE_PX
    img = np.empty((t, t, 3), np.uint8)
    img[:] = body_colour(kind, style)
    rim = np.minimum.outer(*(2 * [np.minimum(np.arange(t), np.arange(t)[::-1])]))
    shade = 0.78 + 0.22 * np.clip(rim / (0.12 * t), 0, 1)
    img[:] = np.clip(img * shade[..., None], 0, 255).astype(np.uint8)
    centres, scale = LAYOUTS[face.count]
    unit = 0.36 * t  # face units -> pixels (the face spans -1..1, icons stay inside +-0.72)
    for cx, cy in centres:
        ICONS[face.symbol](img, t / 2 + cx * unit, t / 2 + cy * unit, scale * unit * 0.95)
    img.setflags(write=False)
    return img
