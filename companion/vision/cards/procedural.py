"""Procedurally drawn cards: a Sushi-Go-like test deck and endless random designs for training.

Nothing here copies real card art. A :class:`CardDesign` is a small value (paper colour, a
title band, a main motif drawn ``count`` times, a row of small icons, a corner number) and
:func:`render_card` draws it with OpenCV at any width, portrait, with rounded corners.

* :func:`sushi_like_deck` is the test deck: about 40 classes named after the Sushi Go Party
  catalogue's card ids (``egg_nigiri``, ``maki_1`` ...). Cards of one type share a *family*
  look (paper colour, title band, motif), and their variants differ only in what tells the real
  variants apart: the motif's colour (nigiri), the number of icons (maki, uramaki), the motif's
  shape (onigiri), the corner number (chopsticks, spoon, menu, takeout box) or two motifs
  (fruit). Wasabi shares nigiri's paper colour, as in the printed deck. Like a printed card,
  each card has its name at the top (a word-like row of marks, :attr:`CardDesign.title`), so
  a card covered but for its top band can still be told apart.
* :func:`random_design` draws any design from a seed (training the embedding network uses seeds
  below :data:`TRAIN_SEED_LIMIT`; tests use the deck above and higher seeds).

Scenes (tableaux on a table) are made from these cards by :mod:`companion.vision.cards.tableau`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

import cv2
import numpy as np
import numpy.typing as npt

Image = npt.NDArray[np.uint8]
Colour = tuple[int, int, int]

#: Card width / height (Sushi Go cards are 56 x 87 mm).
CARD_ASPECT = 0.645
#: Seeds of :func:`random_design` used for training are below this.
TRAIN_SEED_LIMIT = 1_000_000

SHAPES = ("circle", "oval", "diamond", "square", "triangle", "star", "hexagon", "squiggle",
          "fish", "drop", "cross", "crescent")
FILLS = ("solid", "empty", "striped", "dotted")


@dataclass(frozen=True)
class Motif:
    """A shape drawn ``count`` times: ``fill`` is solid, empty (outline), striped or dotted."""

    shape: str
    colour: Colour
    fill: str = "solid"
    count: int = 1
    size: float = 0.3  # of the card's width
    angle: float = 0.0  # degrees
    variant: int = 0  # the squiggle's and blob's seed


@dataclass(frozen=True)
class CardDesign:
    """One card type's look. ``motifs`` are stacked in the card's middle (one group each);
    ``icons`` is drawn as a small row near the bottom; ``corner`` a number in the top left."""

    label: str
    paper: Colour
    motifs: tuple[Motif, ...]
    banner: Colour | None = None
    banner_marks: int = 0
    border: Colour | None = None
    icons: Motif | None = None
    corner: int | None = None
    pattern: int = 0  # 0 none, 1 dots, 2 diagonal lines on the paper
    title: int | None = None  # seed of the card's printed name (word-like marks at the top)


# -- drawing ------------------------------------------------------------------------------------


def _shape_points(shape: str, cx: float, cy: float, r: float, angle: float,
                  variant: int) -> list[npt.NDArray[np.int32]]:
    """Polygons (fixed point, 4 fractional bits) outlining ``shape`` of radius ``r``."""
    t = np.linspace(0, 2 * math.pi, 96, endpoint=False)
    if shape == "circle":
        xy = np.stack([np.cos(t), np.sin(t)], 1)
    elif shape == "oval":  # a stadium, long side horizontal
        a = np.linspace(-math.pi / 2, math.pi / 2, 24)
        right = np.stack([0.5 + 0.5 * np.cos(a), 0.5 * np.sin(a)], 1)
        xy = np.concatenate([right, -right])
    elif shape == "diamond":
        xy = np.array([[1, 0], [0, 0.55], [-1, 0], [0, -0.55]], float)
    elif shape == "square":
        xy = np.array([[0.75, 0.75], [-0.75, 0.75], [-0.75, -0.75], [0.75, -0.75]], float)
    elif shape == "triangle":
        a = np.array([-90, 30, 150]) * math.pi / 180
        xy = np.stack([np.cos(a), np.sin(a) + 0.2], 1)
    elif shape == "star":
        a = np.arange(10) * math.pi / 5 - math.pi / 2
        rad = np.where(np.arange(10) % 2 == 0, 1.0, 0.45)
        xy = np.stack([np.cos(a) * rad, np.sin(a) * rad], 1)
    elif shape == "hexagon":
        a = np.arange(6) * math.pi / 3
        xy = np.stack([np.cos(a), np.sin(a) * 0.85], 1)
    elif shape == "cross":
        w = 0.33
        xy = np.array([[w, 1], [-w, 1], [-w, w], [-1, w], [-1, -w], [-w, -w], [-w, -1], [w, -1],
                       [w, -w], [1, -w], [1, w], [w, w]], float)
    elif shape == "drop":
        x = np.cos(t) * (0.55 + 0.45 * np.sin(t))
        xy = np.stack([x * 1.1, np.sin(t)], 1)
    elif shape == "crescent":
        outer = np.stack([np.cos(t[:48] * 2), np.sin(t[:48] * 2)], 1)
        ta = np.linspace(2 * math.pi, 0, 48, endpoint=False)
        inner = np.stack([np.cos(ta) * 0.8 + 0.45, np.sin(ta) * 0.8], 1)
        xy = np.concatenate([outer[(outer[:, 0] - 0.45) ** 2 + outer[:, 1] ** 2 > 0.64],
                             inner[inner[:, 0] ** 2 + inner[:, 1] ** 2 < 1]])
    elif shape == "fish":
        body = np.stack([np.cos(t) * 0.75 - 0.15, np.sin(t) * 0.42], 1)
        tail = np.array([[0.55, 0.0], [1.0, 0.45], [1.0, -0.45]])
        turn = angle * math.pi / 180
        spin = np.array([[math.cos(turn), -math.sin(turn)], [math.sin(turn), math.cos(turn)]])
        return [_fixed((p @ spin.T) * r + (cx, cy)) for p in (body, tail)]
    else:  # squiggle: a smooth seeded blob, elongated
        g = np.random.default_rng(variant + 17)
        rad = np.ones_like(t)
        for k in (2, 3, 4):
            rad += g.uniform(-0.22, 0.22) * np.cos(k * t + g.uniform(0, 6.3))
        xy = np.stack([np.cos(t) * rad, np.sin(t) * rad * 0.5], 1)
        xy[:, 1] += 0.25 * np.sin(xy[:, 0] * 3.0 + variant)
    turn = angle * math.pi / 180
    rot = np.array([[math.cos(turn), -math.sin(turn)], [math.sin(turn), math.cos(turn)]])
    return [_fixed((xy @ rot.T) * r + (cx, cy))]


def _fixed(points: npt.NDArray[np.float64]) -> npt.NDArray[np.int32]:
    return np.round(points * 16).astype(np.int32).reshape(-1, 1, 2)


def _draw_motif(card: Image, motif: Motif, cx: float, cy: float, r: float) -> None:
    polys = _shape_points(motif.shape, cx, cy, r, motif.angle, motif.variant)
    line = max(1, round(r * 0.09))
    if motif.fill == "solid":
        cv2.fillPoly(card, polys, motif.colour, cv2.LINE_AA, 4)
    elif motif.fill in ("striped", "dotted"):
        mask = np.zeros(card.shape[:2], np.uint8)
        cv2.fillPoly(mask, polys, 255, cv2.LINE_AA, 4)
        pattern = np.zeros_like(mask)
        step = max(3, round(r * 0.16))
        if motif.fill == "striped":
            for x in range(0, card.shape[1], step):
                cv2.line(pattern, (x, 0), (x, card.shape[0]), 255, max(1, step // 3))
        else:
            for y in range(step // 2, card.shape[0], step):
                for x in range(step // 2 + (y // step % 2) * step // 2, card.shape[1], step):
                    cv2.circle(pattern, (x, y), max(1, step // 3), 255, -1)
        alpha = (mask.astype(np.float32) * pattern.astype(np.float32) / 65025.0)[..., None]
        card[:] = (card * (1 - alpha) + np.array(motif.colour, np.float32) * alpha).astype(
            np.uint8)
    if motif.fill != "solid":
        cv2.polylines(card, polys, True, motif.colour, line, cv2.LINE_AA, 4)


def _motif_centres(count: int, cx: float, cy: float, w: float, h: float,
                   r: float) -> list[tuple[float, float]]:
    """Where ``count`` copies go in a box of ``w`` x ``h``: a column, or a grid beyond 3."""
    if count <= 3:
        gap = min(h / count, 2.3 * r * 0.62)
        return [(cx, cy + (i - (count - 1) / 2) * gap) for i in range(count)]
    cols = 2
    rows = math.ceil(count / cols)
    gap_y = min(h / rows, 1.4 * r)
    out = []
    for i in range(count):
        row, col = divmod(i, cols)
        in_row = min(cols, count - row * cols)
        out.append((cx + (col - (in_row - 1) / 2) * w * 0.45, cy + (row - (rows - 1) / 2) * gap_y))
    return out


def _draw_title(card: Image, seed: int, band: float, on_banner: bool) -> None:
    """A word-like row of marks (the card's printed name) across the top ``band`` pixels."""
    rng = np.random.default_rng(seed * 31 + 7)
    width = card.shape[1]
    colour = (245, 245, 245) if on_banner else (40, 40, 40)
    x = width * 0.26
    y0, y1 = round(band * 0.32), round(band * 0.68)
    while x < width * 0.92:
        length = width * rng.uniform(0.03, 0.16)
        if x + length > width * 0.92:
            break
        tall = rng.random() < 0.3
        cv2.rectangle(card, (round(x), y0 - (round(band * 0.12) if tall else 0)),
                      (round(x + length), y1), colour, -1)
        x += length + width * rng.uniform(0.025, 0.06)


def render_card(design: CardDesign, width: int = 200) -> Image:
    """The card drawn ``width`` pixels wide (height ``width / CARD_ASPECT``), BGR; the corners
    outside the rounded outline are black (use :func:`card_mask` to cut it out)."""
    height = round(width / CARD_ASPECT)
    card = np.full((height, width, 3), design.paper, np.uint8)
    if design.pattern:
        tint = tuple(int(c * 0.85) for c in design.paper)
        step = max(6, width // 12)
        for y in range(0, height + width, step):
            if design.pattern == 1:
                for x in range((y // step % 2) * step // 2, width, step):
                    cv2.circle(card, (x, y), max(1, step // 6), tint, -1, cv2.LINE_AA)
            else:
                cv2.line(card, (0, y), (width, y - width), tint, max(1, step // 5), cv2.LINE_AA)
    top = 0.0
    if design.banner is not None:
        bh = round(height * 0.16)
        cv2.rectangle(card, (0, 0), (width, bh), design.banner, -1)
        for i in range(design.banner_marks if design.title is None else 0):
            x0 = round(width * (0.3 + 0.13 * i))
            cv2.rectangle(card, (x0, round(bh * 0.4)), (x0 + round(width * 0.09),
                          round(bh * 0.62)), (245, 245, 245), -1)
        top = bh
    if design.title is not None:
        _draw_title(card, design.title, max(top, height * 0.1), design.banner is not None)
    if design.corner is not None:
        cv2.circle(card, (round(width * 0.14), round(width * 0.14) + round(top)),
                   round(width * 0.1), (250, 250, 250), -1, cv2.LINE_AA)
        cv2.putText(card, str(design.corner), (round(width * 0.08 if design.corner < 10 else
                    width * 0.055), round(width * 0.185) + round(top)), cv2.FONT_HERSHEY_SIMPLEX,
                    width * 0.0042 * (1 if design.corner < 10 else 0.75), (30, 30, 30),
                    max(1, width // 70), cv2.LINE_AA)
    bottom = height * (0.78 if design.icons else 0.92)
    art_top = top + height * 0.08
    groups = len(design.motifs)
    for g, motif in enumerate(design.motifs):
        r = motif.size * width
        if groups == 1:
            gx, gw = width / 2, width * 0.8
        else:
            gx, gw = width * (0.3 + 0.4 * g), width * 0.4
            r *= 0.7
        for cx, cy in _motif_centres(motif.count, gx, (art_top + bottom) / 2, gw,
                                     bottom - art_top, r):
            _draw_motif(card, motif, cx, cy, r)
    if design.icons is not None:
        icon = design.icons
        r = width * 0.065
        n = icon.count
        for i in range(n):
            cx = width / 2 + (i - (n - 1) / 2) * r * 2.6
            _draw_motif(card, replace(icon, count=1), cx, height * 0.88, r)
    if design.border is not None:
        bw = max(2, width // 25)
        cv2.rectangle(card, (bw // 2, bw // 2), (width - 1 - bw // 2, height - 1 - bw // 2),
                      design.border, bw)
    return card * card_mask(width, height)[..., None]


def card_mask(width: int, height: int) -> Image:
    """1 inside a ``width`` x ``height`` card with rounded corners, 0 outside."""
    mask = np.ones((height, width), np.uint8)
    r = max(2, round(width * 0.06))
    corners = ((r, r), (width - 1 - r, r), (r, height - 1 - r), (width - 1 - r, height - 1 - r))
    for cx, cy in corners:
        xs = slice(0, r) if cx == r else slice(width - r, width)
        ys = slice(0, r) if cy == r else slice(height - r, height)
        yy, xx = np.mgrid[ys, xs]
        mask[ys, xs] = ((xx - cx) ** 2 + (yy - cy) ** 2 <= r * r).astype(np.uint8)
    return mask


# -- designs --------------------------------------------------------------------------------------


def _hsv(h: float, s: float, v: float) -> Colour:
    pixel = np.array([[[h % 180, s, v]]], np.uint8)
    b, g, r = cv2.cvtColor(pixel, cv2.COLOR_HSV2BGR)[0, 0]
    return int(b), int(g), int(r)


def _random_colour(rng: np.random.Generator, light: bool | None = None) -> Colour:
    if light is None:
        light = bool(rng.random() < 0.5)
    if light:
        return _hsv(rng.uniform(0, 180), rng.uniform(0, 90), rng.uniform(200, 255))
    return _hsv(rng.uniform(0, 180), rng.uniform(120, 255), rng.uniform(60, 230))


def random_design(seed: int, label: str | None = None) -> CardDesign:
    """Any card: random paper, 1-2 motifs (shape, colour, fill, count 1-5), maybe a title band,
    icons and a corner number. Seeds below :data:`TRAIN_SEED_LIMIT` are for training."""
    rng = np.random.default_rng(seed)
    white_paper = rng.random() < 0.4
    paper = (_hsv(0, 0, rng.uniform(215, 255)) if white_paper else _random_colour(rng))
    groups = 1 if rng.random() < 0.8 else 2
    motifs = tuple(
        Motif(shape=str(rng.choice(SHAPES)), colour=_random_colour(rng, False),
              fill=str(rng.choice(FILLS, p=[0.4, 0.2, 0.25, 0.15])),
              count=int(rng.choice([1, 1, 2, 2, 3, 3, 4, 5])), size=float(rng.uniform(0.16, 0.34)),
              angle=float(rng.choice([0, 0, 90, rng.uniform(-40, 40)])),
              variant=int(rng.integers(0, 1000)))
        for _ in range(groups))
    icons = None
    if rng.random() < 0.35:
        icons = Motif(shape=str(rng.choice(SHAPES)), colour=_random_colour(rng, False),
                      count=int(rng.integers(1, 6)), variant=int(rng.integers(0, 1000)))
    return CardDesign(
        label=label or f"random_{seed}", paper=paper, motifs=motifs,
        banner=_random_colour(rng, False) if rng.random() < 0.35 else None,
        banner_marks=int(rng.integers(0, 4)),
        border=_random_colour(rng) if rng.random() < 0.2 else None,
        icons=icons, corner=int(rng.integers(1, 13)) if rng.random() < 0.2 else None,
        pattern=int(rng.choice([0, 0, 0, 1, 2])),
        title=int(rng.integers(1, 10 ** 6)) if rng.random() < 0.5 else None)


# The test deck: (card id, family, variant rule, variant value); families share a look.
_DECK: tuple[tuple[str, str, str, object], ...] = (
    ("egg_nigiri", "nigiri", "colour", (60, 220, 250)),
    ("salmon_nigiri", "nigiri", "colour", (90, 130, 250)),
    ("squid_nigiri", "nigiri", "colour", (235, 235, 240)),
    ("maki_1", "maki", "icons", 1), ("maki_2", "maki", "icons", 2), ("maki_3", "maki", "icons", 3),
    ("temaki", "temaki", "none", None),
    ("uramaki_3", "uramaki", "icons", 3), ("uramaki_4", "uramaki", "icons", 4),
    ("uramaki_5", "uramaki", "icons", 5),
    ("tempura", "tempura", "none", None), ("sashimi", "sashimi", "none", None),
    ("dumpling", "dumpling", "none", None), ("eel", "eel", "none", None),
    ("tofu", "tofu", "none", None),
    ("onigiri_circle", "onigiri", "shape", "circle"),
    ("onigiri_triangle", "onigiri", "shape", "triangle"),
    ("onigiri_square", "onigiri", "shape", "square"),
    ("onigiri_rectangle", "onigiri", "shape", "oval"),
    ("edamame", "edamame", "none", None), ("miso_soup", "miso_soup", "none", None),
    ("chopsticks_1", "chopsticks", "corner", 1), ("chopsticks_2", "chopsticks", "corner", 2),
    ("chopsticks_3", "chopsticks", "corner", 3),
    ("spoon_4", "spoon", "corner", 4), ("spoon_5", "spoon", "corner", 5),
    ("spoon_6", "spoon", "corner", 6),
    ("menu_7", "menu", "corner", 7), ("menu_8", "menu", "corner", 8),
    ("menu_9", "menu", "corner", 9),
    ("wasabi", "wasabi", "none", None), ("soy_sauce", "soy_sauce", "none", None),
    ("tea", "tea", "none", None), ("special_order", "special_order", "none", None),
    ("pudding", "pudding", "none", None), ("green_tea_ice_cream", "ice_cream", "none", None),
    ("fruit_watermelon_watermelon", "fruit", "fruit", ("watermelon", "watermelon")),
    ("fruit_orange_orange", "fruit", "fruit", ("orange", "orange")),
    ("fruit_watermelon_orange", "fruit", "fruit", ("watermelon", "orange")),
    ("fruit_pineapple_pineapple", "fruit", "fruit", ("pineapple", "pineapple")),
)
_FRUIT = {"watermelon": Motif("circle", (60, 60, 220), "striped", 1, 0.3),
          "orange": Motif("circle", (20, 140, 250), "solid", 1, 0.3),
          "pineapple": Motif("hexagon", (30, 200, 230), "dotted", 1, 0.3)}


def _family(name: str, index: int) -> CardDesign:
    rng = np.random.default_rng(1000 + index * 7919)
    hue = (index * 180 / 23 + 5) % 180
    paper = _hsv(hue, rng.uniform(60, 150), rng.uniform(190, 250))
    if name == "wasabi":  # shares nigiri's paper colour, as in the printed deck
        paper = _family("nigiri", 0).paper
    motif = Motif(shape=SHAPES[index % len(SHAPES)], colour=_hsv(hue + 90, 200, 150),
                  fill=FILLS[index % 3], count=1 + index % 2, size=0.3, angle=0.0,
                  variant=index)
    return CardDesign(label=name, paper=paper, motifs=(motif,),
                      banner=_hsv(hue, 220, 120), banner_marks=1 + index % 3, border=None,
                      pattern=index % 3)


def sushi_like_deck() -> list[CardDesign]:
    """The 40-class test deck, in catalogue order (see the module's docstring)."""
    families: dict[str, int] = {}
    for _, family, _, _ in _DECK:
        families.setdefault(family, len(families))
    out: list[CardDesign] = []
    for card_id, family, rule, value in _DECK:
        base = replace(_family(family, families[family]), label=card_id, title=len(out) + 1)
        motif = base.motifs[0]
        if rule == "colour":
            colour = tuple(int(c) for c in value) if isinstance(value, tuple) else (0, 0, 0)
            base = replace(base, motifs=(replace(motif, colour=(colour[0], colour[1], colour[2]),
                                                 fill="solid", count=1, shape="oval",
                                                 size=0.33),))
        elif rule == "icons":
            base = replace(base, icons=Motif("circle", (40, 40, 40), "solid", int(str(value))))
        elif rule == "shape":
            base = replace(base, motifs=(replace(motif, shape=str(value), fill="solid",
                                                 colour=(245, 245, 245), count=1),))
        elif rule == "corner":
            base = replace(base, corner=int(str(value)))
        elif rule == "fruit":
            pair = tuple(str(x) for x in value) if isinstance(value, tuple) else ()
            base = replace(base, motifs=(_FRUIT[pair[0]], _FRUIT[pair[1]]))
        out.append(base)
    return out


def mutate(design: CardDesign, seed: int) -> CardDesign:
    """A sibling of ``design`` that differs in one thing a player would name: the main motif's
    count, fill, shape or colour, the number of icons, the corner number or the paper colour.
    Training on such siblings teaches the embedding the small differences between variants."""
    rng = np.random.default_rng(seed)
    motif = design.motifs[0]
    what = rng.choice(["count", "fill", "shape", "colour", "colour", "icons", "corner", "paper"])
    if what == "count":
        new = replace(motif, count=int(rng.choice([c for c in range(1, 6) if c != motif.count])))
    elif what == "fill":
        new = replace(motif, fill=str(rng.choice([f for f in FILLS if f != motif.fill])))
    elif what == "shape":
        new = replace(motif, shape=str(rng.choice([s for s in SHAPES if s != motif.shape])))
    elif what == "colour":
        new = replace(motif, colour=_random_colour(rng, False))
    elif what == "icons" and design.icons is not None:
        count = int(rng.choice([c for c in range(1, 6) if c != design.icons.count]))
        return replace(design, icons=replace(design.icons, count=count))
    elif what == "corner" and design.corner is not None:
        return replace(design, corner=int(rng.choice([c for c in range(1, 13)
                                                       if c != design.corner])))
    else:
        return replace(design, paper=_random_colour(rng))
    return replace(design, motifs=(new, *design.motifs[1:]))
