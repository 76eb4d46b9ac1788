"""Scoring few-shot recognition on a folder of labelled card crops (``DIR/<class>/*.jpg``).

For each class (a sub-folder) the first ``k`` images in name order are enrolled, every other
image is recognised as a whole card. Uncertain answers count as wrong in ``top1``;
``accuracy_when_certain`` is the share right among the answers not marked uncertain;
``best_guess`` is top-1 if uncertain answers were taken as they are. ``ms_per_card`` is this
process's CPU time per recognised card (one core: the commands set ``cv2.setNumThreads(1)``),
so a busy shared machine does not inflate it.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import numpy.typing as npt

from companion.vision.cards.embedding import Embedder
from companion.vision.cards.enrollment import CardSet, Match, Thresholds
from companion.vision.cards.finder import CardFinder
from companion.vision.cards.reader import CardReader
from companion.vision.cards.store import model_digest
from companion.vision.image_limits import ImageRefused, decode_image

Image = npt.NDArray[np.uint8]
IMAGE_SUFFIXES = (".jpg", ".jpeg", ".png", ".bmp", ".webp")
#: Largest image file the commands read.
MAX_IMAGE_BYTES = 40 * 1024 * 1024


class UnreadableImage(ValueError):
    """A file that is not an image OpenCV can decode (or is too large)."""


def read_image(path: str | Path) -> Image:
    """A BGR image from ``path``, or :class:`UnreadableImage` naming the file and the fault."""
    p = Path(path)
    try:
        size = p.stat().st_size
        if size > MAX_IMAGE_BYTES:
            raise UnreadableImage(f"{p} is too large ({size // 2 ** 20} MB; at most "
                                  f"{MAX_IMAGE_BYTES // 2 ** 20} MB)")
        data = np.fromfile(p, np.uint8)
    except OSError as exc:
        raise UnreadableImage(f"cannot read {p}: {exc.strerror or exc}") from None
    try:
        return decode_image(data, str(p))  # header checked (pixel cap) before decoding
    except ImageRefused as exc:
        raise UnreadableImage(str(exc)) from None


def image_files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.iterdir()
                  if p.is_file() and p.suffix.lower() in IMAGE_SUFFIXES)


def labelled_folder(folder: Path) -> dict[str, list[Path]]:
    """``{class: [image files]}`` of ``folder/<class>/*``; UnreadableImage if there is none."""
    if not folder.is_dir():
        raise UnreadableImage(f"{folder} is not a folder")
    classes = {d.name: image_files(d) for d in sorted(folder.iterdir()) if d.is_dir()}
    classes = {k: v for k, v in classes.items() if v}
    if not classes:
        raise UnreadableImage(f"{folder} has no <class>/ sub-folders with images")
    return classes


@dataclass
class EvalScore:
    classes: int = 0
    enrolled: int = 0
    queries: int = 0
    correct: int = 0
    uncertain: int = 0
    certain_correct: int = 0
    best_guess_correct: int = 0
    ms_per_card: float = 0.0
    enroll_s: float = 0.0
    failures: list[dict[str, object]] = field(default_factory=list)

    @property
    def top1(self) -> float:
        return self.correct / self.queries if self.queries else 0.0

    @property
    def best_guess(self) -> float:
        """Top-1 if uncertain answers were taken as they are."""
        return self.best_guess_correct / self.queries if self.queries else 0.0

    @property
    def uncertain_rate(self) -> float:
        return self.uncertain / self.queries if self.queries else 0.0

    @property
    def accuracy_when_certain(self) -> float:
        certain = self.queries - self.uncertain
        return self.certain_correct / certain if certain else 0.0

    def to_json(self) -> dict[str, object]:
        return {"classes": self.classes, "enrolled": self.enrolled, "queries": self.queries,
                "top1": round(self.top1, 4), "best_guess": round(self.best_guess, 4),
                "uncertain_rate": round(self.uncertain_rate, 4),
                "accuracy_when_certain": round(self.accuracy_when_certain, 4),
                "ms_per_card": round(self.ms_per_card, 2), "enroll_s": round(self.enroll_s, 2)}


def evaluate_folder(folder: Path, k: int, embedder: Embedder | None = None,
                    thresholds: Thresholds | None = None) -> EvalScore:
    """Enroll ``k`` crops per class of ``folder``, recognise the rest (see the module)."""
    if k < 1:
        raise ValueError("--enroll-per-class must be at least 1")
    classes = labelled_folder(folder)
    embedder = embedder or Embedder()
    card_set = CardSet(name="eval", thresholds=thresholds or Thresholds(),
                       model=model_digest())
    score = EvalScore(classes=len(classes))
    start = time.perf_counter()
    queries: list[tuple[str, Path]] = []
    for label, files in classes.items():
        card_set.add(label, [read_image(f) for f in files[:k]], embedder)
        score.enrolled += len(files[:k])
        queries += [(label, f) for f in files[k:]]
    score.enroll_s = time.perf_counter() - start
    reader = CardReader(card_set, embedder, finder=_NoFinder())
    spent = 0.0
    for label, file in queries:
        image = read_image(file)
        t0 = time.process_time()
        match = reader.recognise_crops([image])[0]
        spent += time.process_time() - t0
        score.queries += 1
        right = match.label == label
        score.best_guess_correct += right
        if match.uncertain:
            score.uncertain += 1
        elif right:
            score.certain_correct += 1
        if right and not match.uncertain:
            score.correct += 1
        if not right or match.uncertain:
            score.failures.append({"image": str(file), "truth": label, "read": match.label,
                                   "uncertain": match.uncertain,
                                   "similarity": round(match.similarity, 3)})
    score.ms_per_card = 1000 * spent / score.queries if score.queries else 0.0
    return score


@dataclass(frozen=True)
class OneShotRead:
    """One query of :func:`one_shot_reads`: its class, file, source photo and the answer."""

    truth: str
    image: str
    photo: str
    match: Match

    @property
    def right(self) -> bool:
        return self.match.label == self.truth


def source_photo(path: Path) -> str:
    """The photo a crop of ``set_cards`` was cut from: its name without the crop's row and
    column (``20170311_133111_1_0.jpg`` -> ``20170311_133111``)."""
    return re.sub(r"(_\d+){2}$", "", path.stem)


def one_shot_reads(folder: Path, enrolled: int, embedder: Embedder,
                   thresholds: Thresholds | None = None) -> list[OneShotRead]:
    """Enroll the ``enrolled``-th crop (in name order) of every class of ``folder``, recognise
    every other crop as a whole card: what :func:`evaluate_folder` scores with ``k`` of 1 when
    ``enrolled`` is 0, and, over every ``enrolled``, many real answers (and real mistakes)
    to calibrate ``confidence`` on (:mod:`~companion.vision.cards.doubt`)."""
    classes = labelled_folder(folder)
    card_set = CardSet(name="one-shot", thresholds=thresholds or Thresholds(),
                       model=model_digest())
    queries: list[tuple[str, Path]] = []
    for label, files in classes.items():
        pick = enrolled % len(files)
        card_set.add(label, [read_image(files[pick])], embedder)
        queries += [(label, f) for k, f in enumerate(files) if k != pick]
    reader = CardReader(card_set, embedder, finder=_NoFinder())
    out = []
    for label, file in queries:
        match = reader.recognise_crops([read_image(file)])[0]
        out.append(OneShotRead(label, file.name, source_photo(file), match))
    return out


class _NoFinder(CardFinder):
    """A stand-in: crops need no finder (and no finder model)."""

    def __init__(self) -> None:
        pass


def enroll_deck(embedder: Embedder, seed: int = 5) -> CardSet:
    """The synthetic test deck (:func:`~companion.vision.cards.procedural.sushi_like_deck`)
    enrolled one-shot, each card from one slightly blurred, noisy, JPEG-compressed rendering."""
    from companion.vision.cards.procedural import render_card, sushi_like_deck
    from companion.vision.cards.tableau import degrade

    card_set = CardSet(name="synthetic", model=model_digest())
    rng = np.random.default_rng(seed)
    for design in sushi_like_deck():
        photo = degrade(render_card(design, 160), rng, blur=0.6, noise=3.0)
        card_set.add(design.label, [photo], embedder)
    return card_set


@dataclass
class TableauScore:
    """Synthetic tableaux read against their ground truth (partial cards are not scored).

    ``full_*`` count fully visible cards, ``covered_*`` cards under another one (bands);
    ``*_right``: found, labelled right and not uncertain; ``*_wrong``: labelled wrong and NOT
    marked uncertain (the failure that must not happen); ``pairs_right``: bands labelled right
    whose covering card is the right one; ``extra``: certain cards where there is none."""

    images: int = 0
    full: int = 0
    full_right: int = 0
    full_wrong: int = 0
    full_uncertain: int = 0
    covered: int = 0
    covered_right: int = 0
    covered_wrong: int = 0
    pairs: int = 0
    pairs_right: int = 0
    extra: int = 0
    ms: list[float] = field(default_factory=list)

    @property
    def full_rate(self) -> float:
        return self.full_right / self.full if self.full else 0.0

    @property
    def covered_rate(self) -> float:
        return self.covered_right / self.covered if self.covered else 0.0

    def to_json(self) -> dict[str, object]:
        return {"images": self.images, "full": self.full, "full_right": self.full_right,
                "full_rate": round(self.full_rate, 4), "full_wrong": self.full_wrong,
                "full_uncertain": self.full_uncertain, "covered": self.covered,
                "covered_right": self.covered_right, "covered_wrong": self.covered_wrong,
                "covered_rate": round(self.covered_rate, 4), "pairs": self.pairs,
                "pairs_right": self.pairs_right, "extra": self.extra,
                "ms_median": round(float(np.median(self.ms)), 1) if self.ms else 0.0}


def score_tableau(score: TableauScore, truth: object, scan: object, ms: float) -> None:
    """Add one synthetic photo (a :class:`~companion.vision.cards.tableau.Tableau`) and what
    the reader made of it (a :class:`~companion.vision.cards.reader.Scan`) to ``score``."""
    from companion.vision.cards.reader import Scan
    from companion.vision.cards.tableau import Tableau

    assert isinstance(truth, Tableau) and isinstance(scan, Scan)
    score.images += 1
    score.ms.append(ms)
    h, w = truth.instances.shape
    matched: dict[int, int] = {}  # truth index -> found index
    for k, card in enumerate(scan.cards):
        cx, cy = np.clip(np.asarray(card.quad, np.float64).mean(0), 0, (w - 1, h - 1))
        ident = int(truth.instances[round(cy), round(cx)]) - 1
        if ident < 0 or ident in matched:
            score.extra += not card.uncertain
            continue
        matched[ident] = k
    for i, placed in enumerate(truth.cards):
        if placed.visible == "partial":
            continue
        found = scan.cards[matched[i]] if i in matched else None
        right = found is not None and found.label == placed.label and not found.uncertain
        wrong = found is not None and found.label != placed.label and not found.uncertain
        if placed.visible == "full":
            score.full += 1
            score.full_right += right
            score.full_wrong += wrong
            score.full_uncertain += found is not None and found.uncertain
        else:
            score.covered += 1
            score.covered_right += right
            score.covered_wrong += wrong
            if placed.covered_by is not None:
                score.pairs += 1
                top = matched.get(placed.covered_by)
                score.pairs_right += bool(right and found is not None and top is not None
                                          and found.covered_by == top)
