"""Enrollment: a card set learned from a few photos of each card, and how it recognises.

A :class:`CardSet` holds, for every label, the enrolled card images (rectified crops) and the
embeddings of :data:`AUGMENTED` augmented copies of each (lighting, colour cast, a slightly off
rectification, blur, noise), each turned both ways up (a card on the table may lie upside
down), as a whole card and as its top band at each of
:data:`~companion.vision.cards.embedding.BAND_SHARES` (what a covering card leaves visible).
No network is trained on the device: enrolling is embedding (a second or so per card on this
machine), so a set can be learned, extended and corrected on a Raspberry Pi.

Recognition (:meth:`CardSet.classify`) compares a query's descriptor with every stored one of
the same view: a label's similarity is the best of its rows. The labels within
:attr:`Thresholds.window` of the best (at most :attr:`Thresholds.candidates`, and always the
runner-up) then go through the fine check (:mod:`~companion.vision.cards.verify`), which
compares the query crop with their enrolled crops pixel by pixel where they differ; the
smallest difference names the card; where the descriptor's two best labels are a look-alike
pair (:mod:`~companion.vision.cards.lookalike`, learned as labels are enrolled), the two are
told apart inside the pair's difference mask instead. ``confidence`` is the calibrated
probability that the label is right (:mod:`~companion.vision.cards.doubt`, fitted on real
photos), and an answer under :data:`~companion.vision.cards.doubt.SURE` is uncertain. It is
also *uncertain* when the best descriptor similarity is below :attr:`Thresholds.similarity`
or the fine difference above :attr:`Thresholds.distance` (an unknown card, a card of another
game, a bad crop), or the fine check's relative lead over the runner-up is below
:attr:`Thresholds.fine_margin` (two cards it cannot tell apart here), or the fine check names
another card than the descriptor (the fine check's label then comes first, the descriptor's
next: :attr:`Thresholds.overrule`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

import cv2
import numpy as np
import numpy.typing as npt

from companion.vision.cards.doubt import SURE, Calibration, features, load_calibration
from companion.vision.cards.embedding import BAND_SHARES, Embedder, top_band
from companion.vision.cards.lookalike import Mask, difference_mask, mask_weights
from companion.vision.cards.verify import FINE_H, SOFTENED, FineImage, fine_distances, normalise

Image = npt.NDArray[np.uint8]
FloatArray = npt.NDArray[np.float32]

#: Augmented copies embedded per enrolled image (plus the image itself).
AUGMENTED = 3
#: Rectified crops are stored and embedded at this size (width x height, portrait).
CROP_W, CROP_H = 128, 192
#: Whether a band's fine check matches the query's colours to its candidates' too
#: (:func:`~companion.vision.cards.verify.matched`). Off: a band shows little but its banner,
#: whose colour tells families apart; on, 40 tuning scenes read 2 covered cards fewer, and the
#: column test scenes one more wrong and certain.
BAND_MATCH = False
#: View 0 is the whole card; view ``1 + i`` the top band of share ``BAND_SHARES[i]``.
FULL_VIEW = 0


@dataclass(frozen=True)
class Thresholds:
    """When an answer is uncertain (see the module's docstring). ``window``: labels whose
    descriptor similarity is within this of the best go to the fine check (at most
    ``candidates`` of them; the runner-up always goes); ``fine_margin``: the fine check's
    relative lead needed; ``distance``: the fine check's largest difference to the enrolled
    crop (beyond it the card is not one of the set's); ``overrule``: whether the fine check's
    label may replace the descriptor's best one, else a disagreement is uncertain;
    ``decisive``: a lead of the best label's similarity over the runner-up's at least this
    large (with the similarity itself above ``similarity``) is final: only the best label's
    fine difference is measured, for ``distance`` (on tuning scenes the fine check never
    changed a label whose lead was 0.1 or more)."""

    similarity: float = 0.7
    margin: float = 0.04
    #: Unused since the confidence is calibrated (:mod:`doubt`); kept so saved sets load.
    temperature: float = 0.03
    window: float = 0.08
    candidates: int = 3
    # 0.08 until session 7: 0.12 made the sure misreads of number variants (spoon 4 as 5,
    # chopsticks 2 as 1: leads 0.08-0.11) uncertain, cost SET 0.5 points of top-1 (92.3% to
    # 91.8%) and changed 72 tuning scenes by -2 whole and +2 covered cards
    fine_margin: float = 0.12
    distance: float = 300.0
    decisive: float = 0.15
    # Whether the fine check's label (weighted to where the candidates' enrolled crops differ)
    # comes first where it disagrees with the descriptor's (issue 22 item 4). Such a card is
    # uncertain either way: the calibration counts the disagreement as doubt
    # (:mod:`~companion.vision.cards.doubt`), so this orders the tap's labels only. Session 17,
    # real tables read with an embedder that never saw the deck, as a family's own deck is:
    # the fine check named the right card in 76 of 152 disagreements, the descriptor in 62;
    # with the shipped embedder, trained on these SET crops, the descriptor in all 10 and the
    # fine check in none; sure answers the same either way (docs/CARDS.md). On: a deck is
    # the players' own, not the one the network was trained on. (Session 14 turned it off when
    # a disagreement could still be sure: 2 wrong and sure on the real tables then.)
    overrule: bool = True
    #: Issue 22 item 4: whether a query whose two best labels by descriptor are a look-alike
    #: pair (:mod:`~companion.vision.cards.lookalike`) is decided between them inside the
    #: pair's difference mask rather than by the whole-card fine check. Off: on the real tables
    #: (10 one-shot enrollments) it decided 126 whole cards and named the descriptor's label,
    #: right in all 126, in 104 (the whole-card fine check in 109): 22 disagreements against
    #: 17, each one more tap; on real SET crops it ties the whole-card check
    #: (``bench/bench_lookalikes.py``). The pairs and masks are learned anyway.
    lookalike: bool = False
    #: Whether the fine check matches the query's colours to the candidates' before comparing
    #: (:func:`~companion.vision.cards.verify.matched`; whole cards only, bands unless
    #: :data:`BAND_MATCH`). On 72 tuning scenes: whole cards 714 -> 722 of 754 (spoon 4 against
    #: 5 and 6 above all), covered 426 -> 424; SET one-shot top-1 91.8% -> 94.8%, wrong and
    #: certain 27 -> 12 of 729.
    match_colours: bool = True
    #: Two labels whose enrolled crops' descriptors are at least this similar are a look-alike
    #: pair. On one crop a class of the real SET crops, 0.5 pairs 88 of the 324 class pairs
    #: one attribute apart and 5 of the other 2,916 (with the shipped embedder).
    alike: float = 0.5


@dataclass(frozen=True)
class Match:
    """A query's answer: ``label``, ``confidence`` (0-1), ``uncertain``, the best
    ``similarity`` (cosine), the runner-up label and the ``margin`` of similarity over it."""

    label: str
    confidence: float
    uncertain: bool
    similarity: float
    runner_up: str | None = None
    margin: float = 0.0
    distance: float = 0.0
    #: How many labels the fine check compared (0: none; 1: only the best label's difference
    #: was measured, its descriptor being decisive).
    compared: int = 0
    #: The descriptor similarity's lead of the best label over the next (``margin`` is the
    #: fine check's relative lead where it compared several labels).
    gap: float = 0.0
    #: Whether the fine check named the descriptor's best label (True where it compared none).
    agrees: bool = True
    #: Whether the look-alike check decided (the two best labels a look-alike pair).
    alike: bool = False


def band_view(share: float) -> tuple[int, float]:
    """The stored band view to compare a band with ``share`` of its card visible, and the share
    to cut the query's band to (the largest prepared share it can show, else the smallest)."""
    fitting = [i for i, s in enumerate(BAND_SHARES) if s <= share + 0.02]
    i = fitting[-1] if fitting else 0
    return 1 + i, BAND_SHARES[i]


def rectify(image: Image, quad: FloatArray, size: tuple[int, int] = (CROP_W, CROP_H)) -> Image:
    """The quad's content warped to ``size`` (its first corner at the top left); where the
    quad reaches beyond the photo, the photo's edge pixels are repeated."""
    w, h = size
    dst = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)
    m = cv2.getPerspectiveTransform(quad.astype(np.float32), dst)
    src_w = float(np.linalg.norm(quad[1] - quad[0]))
    flags = cv2.INTER_AREA if src_w > 1.5 * w else cv2.INTER_LINEAR
    if src_w > 2 * w:  # shrinking a lot: averaged down, then smoothed, so stripes do not alias
        times = int(src_w // (2 * w))  # a whole factor: area averaging's fast path
        sigma = 0.4 * src_w / w / times
        pad = int(np.ceil(3 * sigma * times)) + times
        height, width = image.shape[:2]
        x0, y0 = np.floor(quad.min(0)).astype(int) - pad
        x1, y1 = np.ceil(quad.max(0)).astype(int) + pad
        # kept inside the photo and at least a pixel wide: a quad (a band's far end) may lie
        # beyond the photo's edge, even wholly
        x0, y0 = min(max(int(x0), 0), width - 1), min(max(int(y0), 0), height - 1)
        x1, y1 = min(max(int(x1), x0 + 1), width), min(max(int(y1), y0 + 1), height)
        roi, times = _averaged(image[y0:y1, x0:x1], times)
        roi = np.asarray(cv2.GaussianBlur(roi, (0, 0), sigma), np.uint8)
        small = (quad - (x0, y0) + 0.5) / times - 0.5
        m = cv2.getPerspectiveTransform(small.astype(np.float32), dst)
        return np.asarray(cv2.warpPerspective(roi, m, (w, h), flags=cv2.INTER_LINEAR,
                                              borderMode=cv2.BORDER_REPLICATE), np.uint8)
    return np.asarray(cv2.warpPerspective(image, m, (w, h), flags=flags,
                                          borderMode=cv2.BORDER_REPLICATE), np.uint8)


def _averaged(region: Image, times: int) -> tuple[Image, int]:
    """``region`` shrunk ``times`` over by averaging blocks of ``times`` x ``times`` pixels (a
    ragged last row or column left out), and the factor it was shrunk by (1 for a region
    smaller than a block)."""
    h, w = region.shape[0] // times, region.shape[1] // times
    if times == 1 or not h or not w:
        return region, 1
    return np.asarray(cv2.resize(region[:h * times, :w * times], (w, h),
                                 interpolation=cv2.INTER_AREA), np.uint8), times


def fit_crop(image: Image) -> Image:
    """A photo that *is* a card (an enrolled crop), portrait and at the stored size."""
    if image.shape[1] > image.shape[0]:
        image = np.asarray(cv2.rotate(image, cv2.ROTATE_90_CLOCKWISE), np.uint8)
    return np.asarray(cv2.resize(image, (CROP_W, CROP_H), interpolation=cv2.INTER_AREA),
                      np.uint8)


def augment(card: Image, rng: np.random.Generator) -> Image:
    """A copy of a rectified card as another photo and another rectification might give it."""
    h, w = card.shape[:2]
    src = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)
    jitter = (rng.normal(0, 0.02, (4, 2)) * (w, h)).astype(np.float32)
    m = cv2.getPerspectiveTransform(src + jitter, src)
    out = cv2.warpPerspective(card, m, (w, h), flags=cv2.INTER_LINEAR,
                              borderMode=cv2.BORDER_REPLICATE).astype(np.float32)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    a = rng.uniform(0, 2 * math.pi)
    ramp = (xx * math.cos(a) + yy * math.sin(a)) / max(w, h)
    gain = rng.uniform(0.7, 1.2) * (1 + rng.uniform(-0.3, 0.3) * ramp)
    cast = rng.uniform(0.85, 1.15, 3).astype(np.float32)
    out = np.clip(out * gain[..., None] * cast, 0, 255)
    sigma = rng.uniform(0, 1.2)
    if sigma > 0.3:
        out = cv2.GaussianBlur(out, (0, 0), sigma)
    out += rng.normal(0, rng.uniform(0, 5), out.shape).astype(np.float32)
    return np.clip(out, 0, 255).astype(np.uint8)


def views_of(card: Image) -> list[Image]:
    """The crops stored for one (augmented) card: whole, then each top band."""
    return [card] + [top_band(card, s) for s in BAND_SHARES]


@dataclass
class CardSet:
    """An enrolled card set (see the module's docstring). ``images[label]`` are the enrolled
    rectified crops; ``embeddings`` (N, descriptor size) float16 with ``owners`` (label index) and
    ``views`` (view index) per row."""

    name: str
    labels: list[str] = field(default_factory=list)
    images: dict[str, list[Image]] = field(default_factory=dict)
    embeddings: npt.NDArray[np.float16] = field(
        default_factory=lambda: np.zeros((0, 128), np.float16))
    owners: npt.NDArray[np.int32] = field(default_factory=lambda: np.zeros(0, np.int32))
    views: npt.NDArray[np.int8] = field(default_factory=lambda: np.zeros(0, np.int8))
    turns: npt.NDArray[np.int8] = field(default_factory=lambda: np.zeros(0, np.int8))
    thresholds: Thresholds = Thresholds()
    model: str = ""
    #: What turns an answer's features into its ``confidence`` (:mod:`doubt`); the shipped
    #: calibration unless given.
    calibration: Calibration = field(default_factory=load_calibration)
    #: The look-alike pairs (label indices, the smaller first) and where their enrolled crops
    #: differ (:mod:`~companion.vision.cards.lookalike`), learned as labels are enrolled.
    lookalikes: dict[tuple[int, int], Mask] = field(default_factory=dict)
    _fine: dict[tuple[int, int, int, int, float], FineImage] = field(
        default_factory=dict, repr=False)
    _by_view: dict[int, tuple[npt.NDArray[np.intp], FloatArray]] = field(
        default_factory=dict, repr=False)
    _groups: dict[int, tuple[npt.NDArray[np.intp], npt.NDArray[np.int32]]] = field(
        default_factory=dict, repr=False)

    def _view_rows(self, view: int) -> tuple[npt.NDArray[np.intp], FloatArray]:
        """The rows of ``view`` (grouped by owner, in enrollment order within each) and their
        descriptors as float32 (cached)."""
        if view not in self._by_view:
            rows = np.flatnonzero(self.views == view)
            rows = rows[np.argsort(self.owners[rows], kind="stable")]
            self._by_view[view] = (rows, self.embeddings[rows].astype(np.float32))
            owners = self.owners[rows]
            starts = np.flatnonzero(np.r_[True, owners[1:] != owners[:-1]]) if len(rows) else \
                np.zeros(0, np.intp)
            self._groups[view] = (starts, owners[starts])
        return self._by_view[view]

    def _best_per_label(self, view: int, sims: FloatArray) -> FloatArray:
        """Each label's best similarity among ``sims`` (one per row of ``view``, as
        :meth:`_view_rows` orders them); -1 for a label with no row of that view."""
        starts, owners = self._groups[view]
        best = np.full(len(self.labels), -1.0, np.float32)
        if len(starts):
            best[owners] = np.maximum(np.maximum.reduceat(sims, starts), -1.0)
        return best

    @property
    def aspect(self) -> float:
        """Card width / height (the crops are stored portrait at a fixed size)."""
        return CROP_W / CROP_H

    def add(self, label: str, crops: Sequence[Image], embedder: Embedder, seed: int = 0) -> None:
        """Enroll ``crops`` (rectified card images, portrait) under ``label``."""
        if not crops:
            raise ValueError(f"no image to enroll for {label!r}")
        if label not in self.labels:
            self.labels.append(label)
            self.images[label] = []
        owner = self.labels.index(label)
        rng = np.random.default_rng(seed + 7919 * owner + len(self.images[label]))
        rows, views, turns = [], [], []
        for crop in crops:
            crop = fit_crop(crop)
            self.images[label].append(crop)
            copies = [crop] + [augment(crop, rng) for _ in range(AUGMENTED)]
            for copy in copies:
                for turn in (0, 1):
                    for v, view in enumerate(views_of(_turned(copy, turn))):
                        rows.append(view)
                        views.append(v)
                        turns.append(turn)
        emb = embedder.embed(rows).astype(np.float16)
        self.embeddings = np.concatenate([self.embeddings.reshape(-1, emb.shape[1]), emb])
        self.owners = np.concatenate([self.owners, np.full(len(rows), owner, np.int32)])
        self.views = np.concatenate([self.views, np.array(views, np.int8)])
        self.turns = np.concatenate([self.turns, np.array(turns, np.int8)])
        self._by_view.clear()
        self._groups.clear()
        self.learn_lookalikes(owner)

    def learn_lookalikes(self, owner: int | None = None) -> None:
        """Finds the look-alike pairs of label ``owner`` (of every label when None) and where
        each pair's enrolled crops differ (:mod:`~companion.vision.cards.lookalike`)."""
        owners = range(len(self.labels)) if owner is None else [owner]
        rows, matrix = self._view_rows(FULL_VIEW)
        for me in owners:
            self.lookalikes = {k: v for k, v in self.lookalikes.items() if me not in k}
            mine = self.owners[rows] == me
            if not mine.any():
                continue
            best = self._best_per_label(FULL_VIEW, (matrix @ matrix[mine].T).max(axis=1))
            best[me] = -1.0
            for other in np.flatnonzero(best >= self.thresholds.alike):
                a, b = sorted((me, int(other)))
                self.lookalikes[(a, b)] = difference_mask(
                    [normalise(c) for c in self.images[self.labels[a]]],
                    [normalise(c) for c in self.images[self.labels[b]]])

    def best_similarities(self, embeddings: FloatArray, view: int = FULL_VIEW) -> FloatArray:
        """For each descriptor (rows of ``embeddings``), its similarity to the best label seen
        as ``view``: :meth:`classify`'s ``similarity``, for many at once."""
        if not self.labels:
            raise ValueError(f"the card set {self.name!r} is empty")
        _, matrix = self._view_rows(view)
        return np.asarray((np.asarray(embeddings, np.float32) @ matrix.T).max(axis=1),
                          np.float32)

    def label_similarities(self, embeddings: FloatArray, label: str,
                           view: int = FULL_VIEW) -> FloatArray:
        """For each descriptor (rows of ``embeddings``), its similarity to ``label`` seen as
        ``view`` (the best of that label's enrolled descriptors)."""
        rows, matrix = self._view_rows(view)
        mine = self.owners[rows] == self.labels.index(label)
        return np.asarray((np.asarray(embeddings, np.float32) @ matrix[mine].T).max(axis=1),
                          np.float32)

    def classify(self, embedding: FloatArray, view: int = FULL_VIEW,
                 crop: Image | None = None, sure_only: bool = False) -> Match:
        """The label of one query descriptor seen as ``view``; with the query's ``crop`` (as
        embedded) close candidates also go through the fine check (:mod:`verify`). With
        ``sure_only`` a descriptor under :attr:`Thresholds.similarity` (uncertain whatever the
        fine check says) is answered from the descriptor alone."""
        if not self.labels:
            raise ValueError(f"the card set {self.name!r} is empty")
        rows, matrix = self._view_rows(view)
        sims = matrix @ embedding.astype(np.float32)
        best = self._best_per_label(view, sims)
        order = np.argsort(-best)
        top = float(best[order[0]])
        second = float(best[order[1]]) if len(order) > 1 else -1.0
        t = self.thresholds
        close = [int(i) for i in order[:t.candidates] if best[i] >= top - t.window]
        if crop is not None and not (sure_only and top < t.similarity):
            if top - second >= t.decisive and top >= t.similarity:
                return self._doubted(self._distance_check(crop, view, order, rows, sims, best))
            if len(close) == 1 and len(order) > 1:
                close.append(int(order[1]))
            return self._doubted(self._fine_check(crop, view, close, rows, sims, top,
                                                  top - second))
        uncertain = top < t.similarity or top - second < t.margin
        return self._doubted(Match(self.labels[order[0]], 0.0, uncertain, top,
                                   self.labels[order[1]] if len(order) > 1 else None,
                                   top - second, gap=top - second))

    def _doubted(self, match: Match) -> Match:
        """``match`` with its ``confidence`` the calibrated probability that it is right
        (:mod:`~companion.vision.cards.doubt`), uncertain too where that is under
        :data:`~companion.vision.cards.doubt.SURE`."""
        p = self.calibration.probability(features(match.gap, match.similarity, match.agrees))
        return replace(match, confidence=p, uncertain=match.uncertain or p < SURE)

    def _fine_check(self, crop: Image, view: int, close: list[int],
                    rows: npt.NDArray[np.intp], sims: FloatArray, top: float,
                    gap: float) -> Match:
        share = 1.0 if view == FULL_VIEW else BAND_SHARES[view - 1]
        height = max(2 * 3 + 2, round(FINE_H * share))
        query = normalise(crop, height)
        candidates, turns = [], []
        for owner in close:
            mine = self.owners[rows] == owner
            turns.append(int(self.turns[rows][mine][int(np.argmax(sims[mine]))]))
            candidates.append([self._fine_image(owner, k, turns[-1], view, height)
                               for k in range(len(self.images[self.labels[owner]]))])
        distances = np.array(fine_distances(query, candidates, self._matches_colours(view)))
        order = np.argsort(distances)
        t = self.thresholds
        pair = (min(close[0], close[1]), max(close[0], close[1]))
        alike = t.lookalike and view == FULL_VIEW and pair in self.lookalikes and order[0] < 2
        if alike:  # the fine check chose within the pair: decided inside its mask instead
            weights = mask_weights(self.lookalikes[pair], query.shape[:2], turns[0] == 1)
            apart = fine_distances(query, candidates[:2], True, weights)
            order = np.array([0, 1] if apart[0] <= apart[1] else [1, 0])
        else:
            apart = [float(distances[order[0]]), float(distances[order[1]])]
        near, far = min(apart), max(apart)
        lead = (far - near) / far if far > 0 else 0.0
        e1 = float(distances[order[0]])
        if top >= t.similarity and lead >= t.fine_margin:
            e1 = self._softened(query, view, close[order[0]], turns[order[0]], e1)
        uncertain = top < t.similarity or lead < t.fine_margin or e1 > t.distance
        agrees = int(order[0]) == 0
        first, runner_up = close[order[0]], close[order[1]]
        if not agrees and not t.overrule:  # the descriptor's label first, the fine check's next
            uncertain, first, runner_up = True, close[0], close[order[0]]
        return Match(self.labels[first], 0.0, uncertain, top, self.labels[runner_up], lead, e1,
                     len(close), gap, agrees, alike)

    def _distance_check(self, crop: Image, view: int, order: npt.NDArray[np.intp],
                        rows: npt.NDArray[np.intp], sims: FloatArray, best: FloatArray) -> Match:
        """A decisive descriptor match (see :attr:`Thresholds.decisive`): no runner-up can
        win the fine check, so only its difference to the best label is measured (an unknown
        card or a bad crop still comes out uncertain)."""
        t = self.thresholds
        owner = int(order[0])
        share = 1.0 if view == FULL_VIEW else BAND_SHARES[view - 1]
        height = max(2 * 3 + 2, round(FINE_H * share))
        mine = self.owners[rows] == owner
        turn = int(self.turns[rows][mine][int(np.argmax(sims[mine]))])
        images = [self._fine_image(owner, k, turn, view, height)
                  for k in range(len(self.images[self.labels[owner]]))]
        query = normalise(crop, height)
        e1 = self._softened(query, view, owner, turn,
                            fine_distances(query, [images], self._matches_colours(view))[0])
        top = float(best[owner])
        second = float(best[order[1]]) if len(order) > 1 else -1.0
        return Match(self.labels[owner], 0.0, e1 > t.distance, top,
                     self.labels[int(order[1])] if len(order) > 1 else None, top - second, e1,
                     1, top - second)

    def _matches_colours(self, view: int) -> bool:
        """Whether the fine check matches colours for a crop of ``view``."""
        return self.thresholds.match_colours and (BAND_MATCH or view == FULL_VIEW)

    def _softened(self, query: FloatArray, view: int, owner: int, turn: int,
                  distance: float) -> float:
        """A whole card's fine ``distance`` to label ``owner`` beyond the unknown-card limit
        (:attr:`Thresholds.distance`) measured again against the enrolled crops blurred by
        :data:`~companion.vision.cards.verify.SOFTENED` (a photo blurrier than the enrolled
        one loses a fine texture, dotted fills, that the enrolled crop still has): the smaller
        of the two. On 40 tuning scenes 10 more whole cards read right (textured ones), and of
        58 cards whose label was left out of the set one more read surely (as its sibling)."""
        if distance <= self.thresholds.distance or view != FULL_VIEW:
            return distance
        height = query.shape[0]
        images = [self._fine_image(owner, k, turn, view, height, s)
                  for k in range(len(self.images[self.labels[owner]])) for s in SOFTENED]
        return min(distance, fine_distances(query, [images])[0])

    def _fine_image(self, owner: int, index: int, turn: int, view: int,
                    height: int, blur: float = 0.0) -> FineImage:
        """An enrolled crop as the fine check compares it (cached, with its spectra),
        blurred by ``blur`` (pixels at the fine size) when above 0."""
        key = (owner, index, turn, view, blur)
        if key not in self._fine:
            if blur > 0:
                sharp = self._fine_image(owner, index, turn, view, height).lab
                self._fine[key] = FineImage(
                    np.asarray(cv2.GaussianBlur(sharp, (0, 0), blur), np.float32))
            else:
                card = _turned(self.images[self.labels[owner]][index], turn)
                if view != FULL_VIEW:
                    card = top_band(card, BAND_SHARES[view - 1])
                self._fine[key] = FineImage(normalise(card, height))
        return self._fine[key]


def _turned(card: Image, turn: int) -> Image:
    return card if turn == 0 else np.asarray(cv2.rotate(card, cv2.ROTATE_180), np.uint8)
