"""Synthetic tableau photos: procedurally drawn cards laid out on a table, photographed.

:func:`render_tableau` lays out 1-2 players' tableaux (8-15 cards each by default) on a wood,
cloth or play-mat texture: rows of cards, some touching, some in *columns* (cards of one stack
overlapping so that only each card's top band shows) and some *pairs* (a card lying on another
one, shifted so the lower card's top band shows: a nigiri on its wasabi). Each tableau is turned
by any angle; the whole scene is then seen through a random perspective, under uneven and
tinted light, with blur, noise and JPEG compression.

The ground truth comes with it: every card's full quadrilateral (corners in the card's own
order: top left, top right, bottom right, bottom left), whether it is fully visible or only its
band shows, which card covers it, and an instance map (``0`` the table, ``i + 1`` the visible
part of card ``i``) that the card finder is trained on.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np
import numpy.typing as npt

from companion.vision.cards.procedural import CARD_ASPECT, CardDesign, card_mask, render_card

Image = npt.NDArray[np.uint8]
FloatArray = npt.NDArray[np.float64]

#: A card whose visible share is at least this is "fully visible".
FULL_VISIBLE = 0.93


@dataclass(frozen=True)
class PlacedCard:
    """One card of a synthetic scene."""

    label: str
    quad: tuple[tuple[float, float], ...]  # full card, frame pixels, TL TR BR BL
    visible: str  # "full", "band" (covered but for a band) or "partial" (cut by the frame)
    covered_by: int | None  # index of the card lying on this one
    visible_share: float


@dataclass(frozen=True)
class Tableau:
    image: Image
    cards: tuple[PlacedCard, ...]
    instances: npt.NDArray[np.int16]


@dataclass(frozen=True)
class SceneOptions:
    width: int = 1280
    height: int = 720
    players: tuple[int, int] = (1, 2)
    cards_per_player: tuple[int, int] = (8, 15)
    card_width: tuple[float, float] = (70.0, 120.0)  # before perspective
    columns: float = 0.25  # chance that a stack is a column of 2-4 cards
    pairs: float = 0.15  # chance that a stack is a pair (a card on another one)
    touching: float = 0.5  # chance that a player's cards touch their neighbours
    blur: float = 1.2  # largest Gaussian blur sigma
    noise: float = 6.0  # largest noise sigma (grey levels)
    perspective: float = 0.06  # corner jitter of the camera's homography, share of the frame


# -- tables ---------------------------------------------------------------------------------------


def _smooth_noise(rng: np.random.Generator, h: int, w: int, cells: int) -> FloatArray:
    small = rng.standard_normal((max(2, h * cells // w), cells)).astype(np.float32)
    return cv2.resize(small, (w, h), interpolation=cv2.INTER_CUBIC).astype(np.float64)


def render_table(rng: np.random.Generator, w: int, h: int) -> Image:
    """A wood, cloth, play-mat or plain table texture, BGR."""
    kind = rng.choice(["wood", "cloth", "mat", "plain"], p=[0.35, 0.25, 0.25, 0.15])
    if kind == "wood":
        base = np.array([rng.uniform(40, 110), rng.uniform(80, 150), rng.uniform(120, 200)])
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float64)
        a = rng.uniform(0, math.pi)
        u = xx * math.cos(a) + yy * math.sin(a)
        warp = _smooth_noise(rng, h, w, 6) * 25
        grain = np.sin((u + warp) / rng.uniform(3, 9)) * 0.5 + _smooth_noise(rng, h, w, 40) * 0.3
        shade = 1 + 0.12 * grain[..., None] + 0.05 * _smooth_noise(rng, h, w, 3)[..., None]
        table = base * shade
    elif kind == "cloth":
        base = rng.uniform(30, 220, 3)
        weave = (np.indices((h, w)).sum(0) % 4 < 2).astype(np.float64) * 0.06
        table = base * (1 + weave[..., None] + 0.04 * rng.standard_normal((h, w, 1))
                        + 0.05 * _smooth_noise(rng, h, w, 4)[..., None])
    elif kind == "mat":
        base = rng.uniform(10, 90, 3)
        table = base * (1 + 0.1 * _smooth_noise(rng, h, w, 3)[..., None]) * np.ones((h, w, 3))
        for _ in range(int(rng.integers(0, 4))):  # faint printed circles
            centre = (int(rng.integers(0, w)), int(rng.integers(0, h)))
            cv2.circle(table, centre, int(rng.integers(40, 200)), tuple(base * 1.5), 3)
    else:
        base = rng.uniform(60, 230) * np.ones(3) + rng.uniform(-15, 15, 3)
        table = base * (1 + 0.03 * _smooth_noise(rng, h, w, 5)[..., None]) * np.ones((h, w, 3))
    return np.clip(table, 0, 255).astype(np.uint8)


# -- layout ---------------------------------------------------------------------------------------


def _rotation(angle: float) -> FloatArray:
    return np.array([[math.cos(angle), -math.sin(angle)], [math.sin(angle), math.cos(angle)]])


def _layout(rng: np.random.Generator, n: int, options: SceneOptions,
            cw: float) -> list[tuple[FloatArray, int | None]]:
    """One player's cards as (quad in the player's frame, index of the card below or None),
    in drawing order (lower cards first)."""
    ch = cw / CARD_ASPECT
    touching = rng.random() < options.touching
    gap_x = rng.uniform(0.0, 0.02) * cw if touching else rng.uniform(0.05, 0.35) * cw
    gap_y = rng.uniform(0.0, 0.02) * ch if touching else rng.uniform(0.05, 0.3) * ch
    stacks: list[int] = []
    left = n
    while left > 0:
        r = rng.random()
        size = 1
        if r < options.columns and left >= 2:
            size = int(rng.integers(2, min(4, left) + 1))
        elif r < options.columns + options.pairs and left >= 2:
            size = 2
        stacks.append(size)
        left -= size
    per_row = max(1, math.ceil(math.sqrt(len(stacks) * 1.8)))
    band = rng.uniform(0.2, 0.36) * ch
    out: list[tuple[FloatArray, int | None]] = []
    x = y = 0.0
    row_h = 0.0
    for k, size in enumerate(stacks):
        if k and k % per_row == 0:
            x, y = 0.0, y + row_h + gap_y
            row_h = 0.0
        jitter = 0.0 if touching else 3.0
        for j in range(size):
            lateral = rng.uniform(-0.04, 0.04) * cw if j and size == 2 else 0.0
            ox, oy = x + lateral, y + j * band
            quad = np.array([[ox, oy], [ox + cw, oy], [ox + cw, oy + ch], [ox, oy + ch]])
            angle = math.radians(rng.uniform(-jitter, jitter))
            c = quad.mean(0)
            rot = _rotation(angle)
            out.append(((quad - c) @ rot.T + c, len(out) - 1 if j else None))
        row_h = max(row_h, ch + (size - 1) * band)
        x += cw + gap_x
    return out


def _paste(canvas: Image, ids: npt.NDArray[np.int16], card: Image, quad: FloatArray,
           ident: int, shadow: float) -> None:
    h, w = card.shape[:2]
    src = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)
    x0, y0 = np.floor(quad.min(0)).astype(int) - 4
    x1, y1 = np.ceil(quad.max(0)).astype(int) + 6
    x0, y0 = max(x0, 0), max(y0, 0)
    x1, y1 = min(x1, canvas.shape[1]), min(y1, canvas.shape[0])
    if x1 <= x0 or y1 <= y0:
        return
    m = cv2.getPerspectiveTransform(src, (quad - (x0, y0)).astype(np.float32))
    size = (x1 - x0, y1 - y0)
    patch = cv2.warpPerspective(card, m, size, flags=cv2.INTER_AREA)
    alpha = cv2.warpPerspective(card_mask(w, h) * 255, m, size, flags=cv2.INTER_LINEAR)
    roi = canvas[y0:y1, x0:x1].astype(np.float32)
    if shadow > 0:
        sh = cv2.GaussianBlur(alpha, (0, 0), 2.5).astype(np.float32) / 255
        sh = np.roll(sh, (2, 2), (0, 1))
        roi *= 1 - shadow * sh[..., None]
    a = alpha.astype(np.float32)[..., None] / 255
    canvas[y0:y1, x0:x1] = (roi * (1 - a) + patch.astype(np.float32) * a).astype(np.uint8)
    ids[y0:y1, x0:x1][alpha > 127] = ident


def _light(image: Image, rng: np.random.Generator) -> Image:
    h, w = image.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    a = rng.uniform(0, 2 * math.pi)
    ramp = (xx * math.cos(a) + yy * math.sin(a)) / max(w, h)
    gain = rng.uniform(0.55, 1.25) * (1 + rng.uniform(-0.35, 0.35) * ramp)
    gain = gain + 0.12 * _smooth_noise(rng, h, w, 3).astype(np.float32)
    tint = np.array([rng.uniform(0.8, 1.15), 1.0, rng.uniform(0.8, 1.15)], np.float32)
    out = image.astype(np.float32) * gain[..., None] * tint
    return np.clip(out, 0, 255).astype(np.uint8)


def degrade(image: Image, rng: np.random.Generator, blur: float, noise: float) -> Image:
    """Blur, sensor noise and JPEG compression as a camera adds them."""
    sigma = rng.uniform(0, blur)
    if sigma > 0.3:
        image = np.asarray(cv2.GaussianBlur(image, (0, 0), sigma), np.uint8)
    if noise > 0:
        n = rng.standard_normal(image.shape).astype(np.float32) * rng.uniform(0, noise)
        image = np.clip(image.astype(np.float32) + n, 0, 255).astype(np.uint8)
    ok, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(55, 95))])
    decoded = cv2.imdecode(data, cv2.IMREAD_COLOR) if ok else None
    return image if decoded is None else np.asarray(decoded, np.uint8)


def render_tableau(seed: int, deck: Sequence[CardDesign],
                   options: SceneOptions | None = None) -> Tableau:
    """A synthetic photo of 1-2 players' tableaux with its ground truth (see the module)."""
    options = options or SceneOptions()
    rng = np.random.default_rng(seed)
    w, h = options.width, options.height
    canvas = render_table(rng, w, h)
    ids = np.zeros((h, w), np.int16)
    players = int(rng.integers(options.players[0], options.players[1] + 1))
    quads: list[FloatArray] = []
    below: list[int | None] = []
    labels: list[str] = []
    for p in range(players):
        n = int(rng.integers(options.cards_per_player[0], options.cards_per_player[1] + 1))
        cw = rng.uniform(*options.card_width)
        zone_w = w / players
        for _ in range(12):
            placed = _layout(rng, n, options, cw)
            pts = np.concatenate([q for q, _ in placed])
            angle = math.radians(rng.uniform(0, 360) if rng.random() < 0.5
                                 else rng.choice([0, 90, 180, 270]) + rng.uniform(-10, 10))
            rot = _rotation(angle)
            centre = pts.mean(0)
            turned = (pts - centre) @ rot.T
            span = turned.max(0) - turned.min(0)
            if span[0] <= zone_w * 0.94 and span[1] <= h * 0.94:
                break
            cw *= 0.88
        room = np.array([zone_w, h]) - span
        offset = np.array([p * zone_w, 0]) - turned.min(0) + rng.uniform(0.03, 0.97, 2) * room
        base = len(quads)
        for q, under in placed:
            quads.append((q - centre) @ rot.T + offset)
            below.append(None if under is None else base + under)
            labels.append(str(rng.integers(0, len(deck))))
    for i, under in enumerate(below):  # a pair or a column: the same label or any
        if under is not None and rng.random() < 0.5:
            labels[i] = labels[under]
    shadow = rng.uniform(0, 0.5)
    card_px = max(60, int(max(np.linalg.norm(q[1] - q[0]) for q in quads) * 1.6))
    for i, quad in enumerate(quads):
        design = deck[int(labels[i])]
        _paste(canvas, ids, render_card(design, card_px), quad, i + 1, shadow)
    canvas, ids, quads = _camera(canvas, ids, quads, rng, options.perspective)
    canvas = degrade(_light(canvas, rng), rng, options.blur, options.noise)
    cards = _truth(ids, quads, below, [deck[int(x)].label for x in labels])
    return Tableau(canvas, cards, ids)


def _camera(canvas: Image, ids: npt.NDArray[np.int16], quads: list[FloatArray],
            rng: np.random.Generator, amount: float
            ) -> tuple[Image, npt.NDArray[np.int16], list[FloatArray]]:
    h, w = canvas.shape[:2]
    frame = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)
    inward = np.array([[1, 1], [-1, 1], [-1, -1], [1, -1]], np.float32)
    src = (frame + inward * rng.uniform(0, amount, (4, 2)) * (w, h)).astype(np.float32)
    m = cv2.getPerspectiveTransform(src, frame)
    canvas = np.asarray(cv2.warpPerspective(canvas, m, (w, h), flags=cv2.INTER_LINEAR,
                                            borderMode=cv2.BORDER_REFLECT), np.uint8)
    ids = np.asarray(cv2.warpPerspective(ids, m, (w, h), flags=cv2.INTER_NEAREST,
                                         borderMode=cv2.BORDER_CONSTANT, borderValue=-1),
                     np.int16)
    quads = [cv2.perspectiveTransform(q[None].astype(np.float64), m)[0] for q in quads]
    return canvas, ids, quads


def _truth(ids: npt.NDArray[np.int16], quads: list[FloatArray], below: list[int | None],
           labels: list[str]) -> tuple[PlacedCard, ...]:
    h, w = ids.shape
    counts = np.bincount(np.clip(ids, 0, None).ravel().astype(np.int64), minlength=len(quads) + 1)
    covered_by: dict[int, int] = {under: i for i, under in enumerate(below) if under is not None}
    out = []
    for i, quad in enumerate(quads):
        area = abs(cv2.contourArea(quad.astype(np.float32)))
        share = float(counts[i + 1] / area) if area else 0.0
        inside = bool(np.all((quad >= 0) & (quad < (w, h))))
        visible = ("full" if share >= FULL_VISIBLE else "band") if inside else "partial"
        out.append(PlacedCard(labels[i], tuple((float(x), float(y)) for x, y in quad), visible,
                              covered_by.get(i), min(1.0, share)))
    return tuple(out)
