"""The card finder: every card in a frame as a quadrilateral, fully visible or only a band.

``models/card_finder.onnx`` is a small fully convolutional network (a U-Net of four levels)
trained in the project on synthetic tableaux (:mod:`companion.vision.cards.tableau`). The frame
is shrunk so its long side is :data:`READ_LONG_SIDE` pixels; the network outputs, at half
that resolution, three maps:

* ``visible``: the probability that a pixel shows a card (any card);
* ``core``: for each visible *piece* (the part of one card that is not covered by another),
  the distance to the piece's edge divided by the piece's largest such distance (1 in its
  middle, 0 at its edge). Touching cards have separate cores even where no gap shows;
* ``covered``: the probability that the piece belongs to a card lying partly under another.

Each core peak (:class:`FinderConfig`) seeds a region grown over the visible map, downhill on
the core map; the region's minimum-area rectangle is the piece's quad. A piece the ``covered`` map
marks, or much thinner than a card, is the *band* of a card lying under another one (a
column, a nigiri on its wasabi): its quad is the visible band, and the pieces beyond its two
long edges are the candidates for the card covering it. A piece cut by the frame's edge is
*partial*.

Pure: :meth:`CardFinder.find` takes a BGR ``uint8`` frame and returns :class:`Piece` values in
the frame's pixels; ``cv2.setNumThreads`` is left to the caller.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

import cv2
import numpy as np
import numpy.typing as npt

from companion.vision.cards.columns import hidden_bands
from companion.vision.cards.piece import Piece
from companion.vision.cards.refine import BlurredFrames, OutlineRefiner
from companion.vision.cards.refine import band_refiner as make_band_refiner
from companion.vision.onnx_net import OnnxNet

Image = npt.NDArray[np.uint8]
FloatArray = npt.NDArray[np.float32]

MODELS_DIR = Path(__file__).resolve().parent.parent / "models"
FINDER_FILE = MODELS_DIR / "card_finder.onnx"

#: The long side of the scenes the network was trained on (the cards 22-50 px wide there,
#: 45-110 px in close-ups).
FINDER_LONG_SIDE = 512
#: The long side a frame is shrunk to for reading (:attr:`FinderConfig.long_side`): a little
#: larger than in training, so a table's cards and the bands of a column come out bigger. On 12
#: tuning scenes (seeds 2,400,000-011) it read 118 of 132 whole cards and 32 of 70 covered ones
#: against 108 and 24 at 512 (768: 114 and 28), for about 15% more time a frame.
READ_LONG_SIDE = 640
#: The network's input is padded to a multiple of this.
FINDER_PAD = 16
#: The network's output stride.
FINDER_STRIDE = 2


def finder_targets(instances: npt.NDArray[np.int16], covered: set[int]) -> FloatArray:
    """Training targets (3, H/2, W/2) from an instance map at the network's input size:
    ``visible`` (0/1), ``core`` (normalised distance to the piece's edge) and ``covered``
    (1 on the pieces of the instance ids in ``covered``: cards partly under another card)."""
    h, w = instances.shape
    core = np.zeros((h, w), np.float32)
    under = np.isin(instances, sorted(covered)).astype(np.float32)
    for ident in np.unique(instances):
        if ident <= 0:
            continue
        mask = (instances == ident).astype(np.uint8)
        dist = cv2.distanceTransform(np.pad(mask, 1), cv2.DIST_L2, 3)[1:-1, 1:-1]
        top = float(dist.max())
        if top > 0:
            core = np.maximum(core, dist / top)
    visible = (instances > 0).astype(np.float32)
    size = (w // FINDER_STRIDE, h // FINDER_STRIDE)
    return np.stack([cv2.resize(visible, size, interpolation=cv2.INTER_AREA),
                     cv2.resize(core, size, interpolation=cv2.INTER_AREA),
                     cv2.resize(under, size, interpolation=cv2.INTER_AREA)])


def finder_input(image: Image, long_side: int = FINDER_LONG_SIDE) -> tuple[Image, float]:
    """The frame shrunk to ``long_side`` and padded to :data:`FINDER_PAD`; and the scale."""
    h, w = image.shape[:2]
    scale = long_side / max(h, w)
    nw, nh = max(1, round(w * scale)), max(1, round(h * scale))
    small = cv2.resize(image, (nw, nh), interpolation=cv2.INTER_AREA)
    ph, pw = -nh % FINDER_PAD, -nw % FINDER_PAD
    if ph or pw:
        small = cv2.copyMakeBorder(small, 0, ph, 0, pw, cv2.BORDER_REPLICATE)
    return np.asarray(small, np.uint8), scale


@dataclass(frozen=True)
class FinderConfig:
    """``visible``: probability above which a pixel shows a card; ``core``: the core map's
    level a seed must exceed, and ``relative``: the share of the highest core value within
    ``window`` pixels it must reach (0: a window of about half a card's short side, measured
    on the visible map), so each piece keeps one seed however high its core peaks;
    ``min_core``: the peak a piece's core must reach; ``covered``: the mean ``covered``
    probability over a piece above which it is a band, as is a piece whose short / long side is
    below ``band_ratio``; ``snap``: see :func:`_region_quad`; ``min_side``: the shortest side
    (network-input pixels) a piece may have."""

    long_side: int = READ_LONG_SIDE
    visible: float = 0.5
    core: float = 0.25
    min_core: float = 0.4
    relative: float = 0.85
    window: int = 0
    band_ratio: float = 0.48
    snap: float = 0.0
    covered: float = 0.25
    min_side: float = 4.0
    #: Two whole cards whose refined outlines share more than this share of the smaller one
    #: are one card found twice (the network's core split it: both halves' outlines move onto
    #: it); so is a band lying this much on a whole card or on a larger band.
    duplicate: float = 0.5
    #: Two small whole cards are halves of one when together they make a card of the frame's
    #: typical area and shape within these log ratios (and each is at most ``half`` of it) ...
    join_area: float = 0.2
    join_aspect: float = 0.12
    half: float = 0.75
    #: ... and a whole card at most ``short`` of the typical area, with a "band" beside it that
    #: makes up the rest, is one card whose top strip (a title, a coloured header) the network
    #: took for the band of a card under it (a column's real band lies beside a card of the
    #: typical size, so it is not joined).
    short: float = 0.9
    #: A band or cut piece is the frame's typical whole card when, refined as one, its area is
    #: within ``whole_area`` (log ratio) of the median or expected whole card's and its shape
    #: within ``whole_aspect``, and it reaches no further out of the frame than ``edge_slack``
    #: of its short side.
    whole_area: float = 0.2
    whole_aspect: float = 0.1
    edge_slack: float = 0.04
    #: A whole card's expected area follows the table's perspective (:func:`expected_area`)
    #: when the frame has at least ``fit_cards`` whole cards (fitted again without those whose
    #: size is off the first fit by more than ``fit_off``); else it is the median.
    fit_cards: int = 6
    fit_off: float = 0.15


#: The shipped finder.
FINDER = FinderConfig()


def _sigmoid(x: FloatArray) -> FloatArray:
    return np.asarray(1.0 / (1.0 + np.exp(-x)), np.float32)


def _region_quad(points: FloatArray, snap: float = 0.25) -> FloatArray:
    """The corners of a region (contour points): its minimum-area rectangle, each corner moved
    to the region's hull point nearest to it if that is within ``snap`` of a side (which
    follows a perspective's trapezoid; off by default: rounded corners pull it inwards)."""
    rect = cv2.boxPoints(cv2.minAreaRect(points.astype(np.float32))).astype(np.float32)
    hull = cv2.convexHull(points.astype(np.float32)).reshape(-1, 2)
    out = rect.copy()
    d = np.sqrt(np.square(hull[None] - rect[:, None]).sum(axis=2))  # (corner, hull point)
    j = np.argmin(d, axis=1)
    side = min(np.linalg.norm(rect[1] - rect[0]), np.linalg.norm(rect[2] - rect[1]))
    near = d[np.arange(4), j] < snap * side
    out[near] = hull[j[near]]
    return out


def clockwise(quad: FloatArray) -> FloatArray:
    """The corners in clockwise order on screen (y down), keeping the first edge first."""
    (x0, y0), (x1, y1), (x2, y2), (x3, y3) = quad.tolist()  # plain floats: 4 corners
    area = x0 * y1 - x1 * y0 + x1 * y2 - x2 * y1 + x2 * y3 - x3 * y2 + x3 * y0 - x0 * y3
    return quad if area >= 0 else quad[[1, 0, 3, 2]]


def _first_edge_longer(quad: FloatArray) -> bool:
    (x0, y0), (x1, y1), (x2, y2), _ = quad.tolist()
    return (x1 - x0) ** 2 + (y1 - y0) ** 2 > (x2 - x1) ** 2 + (y2 - y1) ** 2


def portrait(quad: FloatArray) -> FloatArray:
    """Corners starting so that the first edge is a short one (the card's top or bottom)."""
    return quad[[1, 2, 3, 0]] if _first_edge_longer(quad) else quad


def _landscape(quad: FloatArray) -> FloatArray:
    (x0, y0), (x1, y1), (x2, y2), _ = quad.tolist()
    if (x1 - x0) ** 2 + (y1 - y0) ** 2 < (x2 - x1) ** 2 + (y2 - y1) ** 2:
        quad = quad[[1, 2, 3, 0]]
    return quad


@dataclass(frozen=True)
class Found:
    """What the finder saw in a frame: the card ``pieces`` (frame pixels) and its card map
    (``visible``: True where a pixel shows a card, at the frame's size times ``scale``), and
    the frame's blurred copies the outline refiners used (``blurs``: more refining of the same
    frame shares them)."""

    pieces: list[Piece]
    visible: npt.NDArray[np.bool_]
    scale: float
    blurs: BlurredFrames | None = None

    def shown(self, quad: FloatArray) -> float:
        """The share of ``quad`` (frame pixels) that the card map shows as card (0 outside
        the frame)."""
        h, w = self.visible.shape
        q = np.round((np.asarray(quad, np.float32) + 0.5) * self.scale - 0.5).astype(np.int32)
        x0, y0 = np.maximum(q.min(axis=0), 0)
        x1, y1 = np.minimum(q.max(axis=0) + 1, (w, h))
        mask = np.zeros((max(1, int(q[:, 1].max() - q[:, 1].min()) + 1),
                         max(1, int(q[:, 0].max() - q[:, 0].min()) + 1)), np.uint8)
        cv2.fillPoly(mask, [q - q.min(axis=0)], 1)
        area = cv2.countNonZero(mask)
        if area == 0 or x1 <= x0 or y1 <= y0:
            return 0.0
        ox, oy = q.min(axis=0)
        inside = mask[y0 - oy:y1 - oy, x0 - ox:x1 - ox]
        return cv2.countNonZero(cv2.bitwise_and(self._card_bytes[y0:y1, x0:x1], inside)) / area

    @functools.cached_property
    def _card_bytes(self) -> npt.NDArray[np.uint8]:
        """``visible`` as 0/1 bytes (what :meth:`shown` counts with OpenCV)."""
        return self.visible.astype(np.uint8)


class CardFinder:
    """Runs ``card_finder.onnx`` (:mod:`~companion.vision.onnx_net`); thread-confined (one per
    thread)."""

    def __init__(self, path: Path = FINDER_FILE, config: FinderConfig | None = None,
                 refiner: OutlineRefiner | bool | None = True,
                 band_refiner: OutlineRefiner | bool | None = True, hidden: bool = True) -> None:
        """``refiner`` and ``band_refiner``: the outline refiners of whole cards and of bands
        (``True``: the shipped ones; ``None`` or ``False``: keep the coarse outlines);
        ``hidden``: also give the bands no piece was found for beyond whole cards
        (:func:`~companion.vision.cards.columns.hidden_bands`)."""
        self._net = OnnxNet(path, "card finder model")
        self.config = config or FINDER
        self.refiner = OutlineRefiner() if refiner is True else refiner or None
        self.band_refiner = make_band_refiner() if band_refiner is True else band_refiner or None
        self.hidden = hidden

    def maps(self, image: Image) -> tuple[FloatArray, float]:
        """The network's three probability maps (3, H, W) at its input size, and the scale."""
        small, scale = finder_input(image, self.config.long_side)
        x = small.astype(np.float32) * (1 / 127.5) - 1
        out = _sigmoid(self._net.run(x.transpose(2, 0, 1)[None])[0])
        h, w = small.shape[:2]
        up = np.stack([cv2.resize(m, (w, h), interpolation=cv2.INTER_LINEAR) for m in out])
        nh, nw = round(image.shape[0] * scale), round(image.shape[1] * scale)
        return up[:, :nh, :nw], scale

    def find(self, image: Image) -> list[Piece]:
        """Every card piece in ``image`` (BGR uint8). The outlines of whole cards and of
        bands are then moved onto them by the outline refiners
        (:mod:`~companion.vision.cards.refine`; a band keeps its free edge first); a card
        split in two is joined (:func:`join_split_cards`) and a card found twice is kept once
        (:func:`distinct_cards`); last come the hidden bands (refined too)."""
        return self.locate(image).pieces

    def locate(self, image: Image) -> Found:
        """:meth:`find`'s pieces with the card map they were found on."""
        maps, scale = self.maps(image)
        visible = maps[0] > self.config.visible
        blurs = BlurredFrames(image)
        return Found(self._pieces(blurs, maps, scale), visible, scale, blurs)

    def _pieces(self, blurs: BlurredFrames, maps: FloatArray, scale: float) -> list[Piece]:
        pieces = self._refined(blurs, pieces_from_maps(maps, scale, self.config))
        if self.refiner is None:
            return pieces
        pieces = self._whole_after_all(blurs, pieces)
        pieces, joined = join_split_cards(pieces, self.config)
        if joined:
            again = self._refined(blurs, [pieces[k] for k in joined])
            for k, piece in zip(joined, again, strict=True):
                pieces[k] = piece
        pieces = distinct_cards(pieces, self.config)
        if self.hidden:
            pieces += self._refined(blurs, hidden_bands(pieces, maps[0] > self.config.visible,
                                                        scale))
        return pieces

    def _whole_after_all(self, blurs: BlurredFrames, pieces: list[Piece]) -> list[Piece]:
        """Whole cards the network called something else: a piece cut by the frame's edge,
        or a "band" of a whole card's size and shape, whose outline, refined as a whole
        card's, lies inside the frame with the frame's typical card size and shape
        (:attr:`FinderConfig.whole_area`, :attr:`FinderConfig.whole_aspect`) is a whole
        card."""
        typical = _typical_card(pieces)
        if typical is None or self.refiner is None:
            return pieces
        median, aspect = typical
        local = expected_area(pieces, self.config)
        config = self.config

        def like(quad: FloatArray, slack: float) -> bool:
            """Card-like at the frame's median card area or at the one expected there."""
            return any(_card_like(quad, a, aspect, slack, config.whole_aspect)
                       for a in (median, local(quad)))
        chosen = [k for k, p in enumerate(pieces) if p.kind == "partial"
                  or (p.kind == "band" and like(p.quad, 0.3))]
        if not chosen:
            return pieces
        h, w = blurs.frame.shape[:2]
        quads = self.refiner.refine(blurs.frame, [portrait(clockwise(pieces[k].quad))
                                                  for k in chosen], blurs)
        out = list(pieces)
        for k, quad in zip(chosen, quads, strict=True):
            quad = portrait(clockwise(quad))
            slack = config.edge_slack * min(map(float, Piece(quad, "full", 0.0).sides))
            inside = bool(np.all((quad >= -slack) & (quad <= (w - 1 + slack, h - 1 + slack))))
            if inside and like(quad, config.whole_area):
                out[k] = Piece(quad, "full", pieces[k].score)
        return out

    def _refined(self, blurs: BlurredFrames, pieces: list[Piece]) -> list[Piece]:
        """``pieces`` with their outlines refined (whole cards and bands) in ``blurs.frame``."""
        pieces = list(pieces)
        for kind, refiner in (("full", self.refiner), ("band", self.band_refiner)):
            chosen = [k for k, p in enumerate(pieces) if p.kind == kind]
            if refiner is None or not chosen:
                continue
            quads = refiner.refine(blurs.frame, [pieces[k].quad for k in chosen], blurs)
            for k, quad in zip(chosen, quads, strict=True):
                pieces[k] = replace(pieces[k], quad=portrait(clockwise(quad))
                                    if kind == "full" else quad)
        return pieces


def overlap(a: FloatArray, b: FloatArray) -> float:
    """The area two convex quads share over the smaller one's area."""
    ax, ay = zip(*a.tolist(), strict=True)  # plain floats: numpy is slow on 4 corners
    bx, by = zip(*b.tolist(), strict=True)
    if max(ax) < min(bx) or max(bx) < min(ax) or max(ay) < min(by) or max(by) < min(ay):
        return 0.0  # apart: the usual case, quickly
    return max(_inside(a, b), _inside(b, a))


def _oddness(quad: FloatArray, aspect: float, area: float) -> float:
    """How far a quad is from the typical card of the frame (log ratios of shape and size)."""
    a, b = (float(np.linalg.norm(quad[1] - quad[0])), float(np.linalg.norm(quad[2] - quad[1])))
    own = min(a, b) / max(a, b, 1e-6)
    size = max(abs(cv2.contourArea(quad)), 1e-6)
    return abs(np.log(max(own, 1e-6) / aspect)) + abs(np.log(size / area))


def distinct_cards(pieces: list[Piece], config: FinderConfig = FINDER) -> list[Piece]:
    """``pieces`` without whole cards found twice (:attr:`FinderConfig.duplicate`): of two, the
    one whose shape and size are further from the frame's typical whole card (the median)
    goes, and bands that named it name the one kept. A band lying mostly on a whole card
    (the network took part of a card's art for a band), or mostly on a larger band (one band
    found twice), goes too."""
    whole = [k for k, p in enumerate(pieces) if p.kind == "full"]
    same = _duplicates(pieces, whole, config.duplicate) if whole else {}
    gone = {k for k, p in enumerate(pieces) if p.kind == "band"
            and any(_inside(p.quad, pieces[j].quad) > config.duplicate
                    for j in whole if j not in same)}
    bands = sorted((k for k, p in enumerate(pieces) if p.kind == "band" and k not in gone),
                   key=lambda k: -abs(cv2.contourArea(pieces[k].quad)))
    for n, k in enumerate(bands):  # a band found twice: the smaller one goes
        if any(j not in gone and _inside(pieces[k].quad, pieces[j].quad) > config.duplicate
               for j in bands[:n]):
            gone.add(k)
    if not same and not gone:
        return pieces
    index: dict[int, int] = {}
    for k in range(len(pieces)):
        if k not in same and k not in gone:
            index[k] = len(index)

    def renamed(k: int | None) -> int | None:
        return None if k is None else index.get(same.get(k, k))

    return [replace(p, covered_by=renamed(p.covered_by),
                    neighbours=(renamed(p.neighbours[0]), renamed(p.neighbours[1])))
            for k, p in enumerate(pieces) if k in index]


def _typical_card(pieces: list[Piece]) -> tuple[float, float] | None:
    """The median area and shape of the whole cards (None with fewer than three)."""
    quads = [p.quad for p in pieces if p.kind == "full"]
    if len(quads) < 3:
        return None
    sides = [sorted(map(float, (np.linalg.norm(q[1] - q[0]), np.linalg.norm(q[2] - q[1]))))
             for q in quads]
    return (float(np.median([abs(cv2.contourArea(q)) for q in quads])),
            float(np.median([a / max(b, 1e-6) for a, b in sides])))


def expected_area(pieces: list[Piece], config: FinderConfig = FINDER
                  ) -> Callable[[FloatArray], float]:
    """A whole card's expected area where a quad lies. On a flat table seen in perspective a
    card's size (the square root of its area) is proportional to the inverse of its depth,
    which is an affine function of its position in the image; so the size is fitted as
    a + b x + c y over the whole cards' centres (least squares, refitted without the outliers:
    two cards found as one). With fewer than :attr:`FinderConfig.fit_cards` whole cards it is
    the median area everywhere."""
    quads = [p.quad for p in pieces if p.kind == "full"]
    areas = np.array([abs(cv2.contourArea(q)) for q in quads], np.float64)
    median = float(np.median(areas)) if len(areas) else 0.0
    if len(quads) < config.fit_cards:
        return lambda quad: median
    design = np.array([[1.0, *np.mean(q, axis=0)] for q in quads], np.float64)
    size = np.sqrt(areas)
    keep = np.ones(len(size), bool)
    for _ in range(2):
        coef = np.linalg.lstsq(design[keep], size[keep], rcond=None)[0]
        off = np.abs(design @ coef - size) / np.maximum(size, 1e-6)
        if int((off <= config.fit_off).sum()) < config.fit_cards:
            break
        keep = off <= config.fit_off

    def area(quad: FloatArray) -> float:
        x, y = np.mean(quad, axis=0)
        return float(max(coef[0] + coef[1] * x + coef[2] * y, 1.0) ** 2)
    return area


def _card_like(quad: FloatArray, area: float, aspect: float, area_slack: float,
               aspect_slack: float) -> bool:
    a, b = sorted(map(float, (np.linalg.norm(quad[1] - quad[0]),
                              np.linalg.norm(quad[2] - quad[1]))))
    own = max(abs(cv2.contourArea(quad)), 1e-6)
    return (abs(np.log(own / area)) <= area_slack
            and abs(np.log(max(a, 1e-6) / max(b, 1e-6) / aspect)) <= aspect_slack)


def join_split_cards(pieces: list[Piece], config: FinderConfig = FINDER
                     ) -> tuple[list[Piece], list[int]]:
    """Whole cards the network split in two (two core peaks on one card: each half's outline
    then stays a half): two pieces each much smaller than the frame's typical whole card
    whose joint outline (the smallest rectangle round both) has that card's area
    and shape become one piece; so do a whole card a little short of it (``short``) and a
    band that together make one. Returns the pieces (the second of each pair gone, references
    renamed) and the indices of the joined ones, whose outlines want refining again. The
    typical card is the 75th percentile of the areas (halves are small, so they do not set it)
    and the median shape of the cards about that size."""
    whole = [k for k, p in enumerate(pieces) if p.kind == "full"]
    if len(whole) < 3:
        return pieces, []
    areas = {k: abs(cv2.contourArea(pieces[k].quad)) for k in whole}
    area = float(np.percentile(list(areas.values()), 75))  # halves must not set the size
    big = [sorted(map(float, pieces[k].sides)) for k in whole if areas[k] > config.half * area]
    aspect = float(np.median([a / max(b, 1e-6) for a, b in big]))
    small = [k for k in whole if areas[k] <= config.half * area]
    short = [k for k in whole if config.half * area < areas[k] <= config.short * area]
    bands = [k for k, p in enumerate(pieces) if p.kind == "band"]
    pairs = [(i, j) for n, i in enumerate(small) for j in small[n + 1:]]
    pairs += [(i, j) for i in short for j in bands]
    out, joined, gone = list(pieces), [], {}
    for i, j in pairs:
        if i in gone or j in gone or i in joined or j in joined:
            continue
        rect = cv2.minAreaRect(np.concatenate([pieces[i].quad, pieces[j].quad]))
        w, h = sorted(rect[1])
        if w <= 0 or abs(np.log(w * h / area)) > config.join_area \
                or abs(np.log(w / h / aspect)) > config.join_aspect:
            continue
        quad = portrait(clockwise(cv2.boxPoints(rect).astype(np.float32)))
        out[i] = replace(pieces[i], quad=quad)
        joined.append(i)
        gone[j] = i
    if not gone:
        return pieces, []
    index = {k: n for n, k in enumerate(k for k in range(len(out)) if k not in gone)}

    def renamed(k: int | None) -> int | None:
        return None if k is None else index[gone.get(k, k)]

    kept = [replace(p, covered_by=renamed(p.covered_by),
                    neighbours=(renamed(p.neighbours[0]), renamed(p.neighbours[1])))
            for k, p in enumerate(out) if k not in gone]
    return kept, [index[k] for k in joined]


def _duplicates(pieces: list[Piece], whole: list[int], limit: float) -> dict[int, int]:
    """Whole cards found twice: each one to drop, and the one it duplicates."""
    quads = {k: pieces[k].quad for k in whole}
    sides = [sorted(map(float, pieces[k].sides)) for k in whole]
    aspect = float(np.median([a / max(b, 1e-6) for a, b in sides]))
    area = float(np.median([abs(cv2.contourArea(quads[k])) for k in whole]))
    odd = {k: _oddness(quads[k], aspect, area) for k in whole}
    same: dict[int, int] = {}
    for i, j in ((i, j) for n, i in enumerate(whole) for j in whole[n + 1:]):
        if i in same or j in same or overlap(quads[i], quads[j]) <= limit:
            continue
        gone, kept = (i, j) if odd[i] > odd[j] else (j, i)
        same[gone] = kept
    return same


def _inside(a: FloatArray, b: FloatArray) -> float:
    """The share of quad ``a``'s area that lies inside quad ``b``."""
    inter, _ = cv2.intersectConvexConvex(a.astype(np.float32), b.astype(np.float32))
    own = abs(cv2.contourArea(a))
    return float(inter) / own if own > 0 else 0.0


def pieces_from_maps(maps: FloatArray, scale: float, config: FinderConfig) -> list[Piece]:
    """Pieces from the finder's maps (see the module's docstring); quads in frame pixels."""
    visible, core, covered = maps
    h, w = visible.shape
    window = config.window or _window(visible > config.visible)
    peaks = cv2.dilate(core, np.ones((window, window), np.uint8))
    seeds = ((core > config.core) & (visible > config.visible)
             & (core >= config.relative * peaks)).astype(np.uint8)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(seeds, connectivity=4)
    keep = [i for i in range(1, count)
            if stats[i, cv2.CC_STAT_AREA] >= config.min_side ** 2 * 0.25
            and float(core[_box(stats[i])][labels[_box(stats[i])] == i].max())
            >= config.min_core]
    if not keep:
        return []
    markers = np.zeros((h, w), np.uint16)
    for n, i in enumerate(keep):
        box = _box(stats[i])
        markers[box][labels[box] == i] = n + 2
    regions = _grow(markers, core, visible > config.visible).astype(np.int32)
    raw: list[tuple[FloatArray, str, float, int]] = []
    for n, around in enumerate(_region_boxes(regions, len(keep))):
        if around is None:
            continue
        contours = _outlines(regions, n + 2, around)
        if not contours:
            continue
        # the region's own pixels, looked at within its bounding box (all its parts)
        x0, y0, bw, bh = cv2.boundingRect(np.concatenate(contours))
        box = np.s_[y0:y0 + bh, x0:x0 + bw]
        inside = regions[box] == n + 2
        points = max(contours, key=cv2.contourArea).reshape(-1, 2).astype(np.float32)
        quad = clockwise(_region_quad(points, config.snap))
        short = min(np.linalg.norm(quad[1] - quad[0]), np.linalg.norm(quad[2] - quad[1]))
        if short < config.min_side:
            continue
        on_edge = (points[:, 0].min() <= 1 or points[:, 1].min() <= 1
                   or points[:, 0].max() >= w - 2 or points[:, 1].max() >= h - 2)
        long = max(np.linalg.norm(quad[1] - quad[0]), np.linalg.norm(quad[2] - quad[1]))
        is_band = (float(covered[box][inside].mean()) > config.covered
                   or short / long < config.band_ratio)
        kind = "partial" if on_edge else "band" if is_band else "full"
        raw.append((quad, kind, float(core[box][inside].max()), n + 2))
    pieces = _link_bands(raw, regions)
    return [Piece(((p.quad + 0.5) / scale - 0.5).astype(np.float32), p.kind, p.score,
                  p.covered_by, p.neighbours) for p in pieces]


def _region_boxes(regions: npt.NDArray[np.int32], count: int
                  ) -> list[tuple[slice, slice] | None]:
    """For regions labelled 2 .. count + 1, each one's bounding box grown by a pixel (within
    the map), or None for a label no pixel has."""
    ys, xs = np.nonzero(regions >= 2)
    label = regions[ys, xs] - 2
    big = np.iinfo(np.int64).max
    low_x, low_y = np.full(count, big), np.full(count, big)
    high_x, high_y = np.full(count, -1), np.full(count, -1)
    np.minimum.at(low_x, label, xs)
    np.minimum.at(low_y, label, ys)
    np.maximum.at(high_x, label, xs)
    np.maximum.at(high_y, label, ys)
    h, w = regions.shape
    return [np.s_[max(0, int(low_y[n]) - 1):min(h, int(high_y[n]) + 2),
                  max(0, int(low_x[n]) - 1):min(w, int(high_x[n]) + 2)]
            if high_x[n] >= 0 else None for n in range(count)]


def _outlines(regions: npt.NDArray[np.int32], label: int, around: tuple[slice, slice]
              ) -> list[npt.NDArray[np.int32]]:
    """The outer contours (map pixels) of region ``label``, traced within ``around`` (its box
    grown by a pixel, :func:`_region_boxes`): the same contours as traced on the whole map,
    whose one-pixel rim ``cv2.findContours`` takes as background, as it does the box's
    rim (background but where it is the map's own)."""
    mask = (regions[around] == label).astype(np.uint8)
    offset = (around[1].start, around[0].start)
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE,
                                   offset=offset)
    return list(contours)


def _box(stat: npt.NDArray[np.int32]) -> tuple[slice, slice]:
    """The bounding box of a connected component (a row of its stats) as array slices."""
    x, y = int(stat[cv2.CC_STAT_LEFT]), int(stat[cv2.CC_STAT_TOP])
    return np.s_[y:y + int(stat[cv2.CC_STAT_HEIGHT]), x:x + int(stat[cv2.CC_STAT_WIDTH])]


def _grow(markers: npt.NDArray[np.uint16], core: FloatArray,
          visible: npt.NDArray[np.bool_]) -> npt.NDArray[np.uint16]:
    """Grow each piece's seed over the visible pixels, downhill on the core map: at each
    level only pixels whose core is above it are taken, so touching pieces meet where their
    cores meet (the valley between them). Only the visible pixels' bounding box is worked on
    (nothing grows outside it)."""
    out = markers.copy()
    rows, cols = np.flatnonzero(visible.any(axis=1)), np.flatnonzero(visible.any(axis=0))
    if not len(rows):
        return out
    box = np.s_[rows[0]:rows[-1] + 1, cols[0]:cols[-1] + 1]
    kernel = np.ones((3, 3), np.uint8)
    sub = np.ascontiguousarray(out[box])
    for level in (0.3, 0.18, 0.08, -1.0):
        free = visible[box] & (core[box] > level) & (sub == 0)
        for _ in range(40):
            grown = cv2.dilate(sub, kernel)
            new = free & (grown > 0)
            if not new.any():
                break
            np.copyto(sub, grown, where=new)
            free &= ~new
    out[box] = sub
    return out


def _window(mask: npt.NDArray[np.bool_]) -> int:
    """The neighbourhood (odd, pixels) within which a piece has one core peak: about half a
    card's short side, from the distance transform of the visible cards."""
    if not mask.any():
        return 9
    dist = cv2.distanceTransform(mask.astype(np.uint8), cv2.DIST_L2, 3)
    half_side = float(np.percentile(dist[mask], 90))
    return int(np.clip(round(1.3 * half_side), 9, 61)) | 1


def _neighbour(regions: npt.NDArray[np.int32], centre: FloatArray, normal: FloatArray,
               reach: float, own: int) -> int | None:
    """The piece (region label - 2) just beyond an edge (centre + normal * reach), if any."""
    h, w = regions.shape
    for step in (0.5, 1.0, 1.6):
        x, y = centre + normal * reach * step
        xi, yi = round(x), round(y)
        if 0 <= xi < w and 0 <= yi < h:
            r = int(regions[yi, xi])
            if r >= 2 and r != own:
                return r - 2
    return None


def _link_bands(raw: list[tuple[FloatArray, str, float, int]],
                regions: npt.NDArray[np.int32]) -> list[Piece]:
    """Orient every band (free edge first) and find the card covering it. ``raw`` holds each
    piece's quad, kind, score and region label."""
    index_of = {rid: k for k, (_, _, _, rid) in enumerate(raw)}
    sides: dict[int, tuple[FloatArray, list[int | None]]] = {}
    for k, (quad, kind, _, rid) in enumerate(raw):
        if kind != "band":
            continue
        q = _landscape(quad)
        short = float(np.linalg.norm(q[2] - q[1]))
        centre = q.mean(0)
        found: list[int | None] = []
        for a, b in ((0, 1), (2, 3)):
            mid = (q[a] + q[b]) / 2
            normal = (mid - centre) / max(1e-6, float(np.linalg.norm(mid - centre)))
            other = _neighbour(regions, mid, normal, max(3.0, short * 0.4), rid)
            found.append(index_of.get(other + 2) if other is not None else None)
        sides[k] = (q, found)
    cover: dict[int, int] = {}
    for k, (_, found) in sides.items():
        real = [f for f in found if f is not None]
        if len(real) == 1:
            cover[k] = real[0]
    for _ in range(6):  # a band between two cards: covered by the one towards a whole card
        for k, (_, found) in sides.items():
            first, second = found
            if k in cover or first is None or second is None:
                continue
            if raw[first][1] == "full" or cover.get(second) == k:
                cover[k] = first
            elif raw[second][1] == "full" or cover.get(first) == k:
                cover[k] = second
    out = []
    for k, (quad, kind, score, _) in enumerate(raw):
        if kind != "band":
            out.append(Piece(portrait(quad), kind, score))
            continue
        q, found = sides[k]
        by = cover.get(k, found[1] if found[1] is not None else found[0])
        piece = Piece(q, kind, score, found[1], (found[0], found[1]))
        out.append(piece.flipped() if by is not None and found[0] == by else piece)
    return out
