"""Card reading on real photos: whole tables, and photos with no card at all.

The figures issue 22 counts (real photos, not our renderer):

* **Real tables** (``../shared/data/cards/set_tables``: 16 phone photos of 9 SET cards, 2
  webcam frames of 12): the deck is enrolled one-shot from ``../shared/data/cards/set_cards``
  (the first crop of each of the 81 classes by name, as ``cards eval --enroll-per-class 1``),
  each photo is read, and its cards are compared with the photo's label multiset (positions are
  not given): *right* = sure cards whose label the photo holds (as a multiset), *wrong and sure*
  = the other sure cards, *uncertain* = cards asking for a tap, *missed* = cards of the photo no
  sure card stands for. Per photo kind (phone, webcam) and together.
* **Phantoms**: cards reported (sure or not) on the 200 real photos of
  ``../shared/data/dice/byler_d6`` (dice on tables, no card) and on 50 frames of the demo
  camera's empty tray.

Prints one JSON object on the last line. Usage:
``OMP_NUM_THREADS=1 .venv/bin/python bench/bench_real_cards.py [--dice N] [--trays N]
[--no-outline]``
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import Counter
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path

import cv2

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.vision.cards.embedding import Embedder
from companion.vision.cards.enrollment import CardSet
from companion.vision.cards.evaluate import image_files, labelled_folder, read_image
from companion.vision.cards.finder import CardFinder
from companion.vision.cards.reader import READER, CardReader, PoorPhoto, ReaderConfig
from companion.vision.cards.store import model_digest

SHARED = Path(__file__).resolve().parents[2] / "shared" / "data"
SET_CARDS = SHARED / "cards" / "set_cards" / "images"
SET_TABLES = SHARED / "cards" / "set_tables"
DICE = SHARED / "dice" / "byler_d6" / "images"


@dataclass
class TableScore:
    """Cards of real table photos against their label multisets."""

    photos: int = 0
    cards: int = 0
    right: int = 0
    wrong_sure: int = 0
    uncertain: int = 0
    missed: int = 0
    ms: list[float] = field(default_factory=list)

    def add(self, truth: list[str], sure: list[str], uncertain: int, ms: float) -> None:
        want, got = Counter(truth), Counter(sure)
        right = sum((want & got).values())
        self.photos += 1
        self.cards += len(truth)
        self.right += right
        self.wrong_sure += len(sure) - right
        self.uncertain += uncertain
        self.missed += len(truth) - right
        self.ms.append(ms)

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {k: v for k, v in asdict(self).items() if k != "ms"}
        n = max(1, self.cards)
        out |= {"right_rate": round(self.right / n, 4),
                "wrong_sure_rate": round(self.wrong_sure / n, 4),
                "uncertain_rate": round(self.uncertain / n, 4),
                "median_ms": round(statistics.median(self.ms), 1) if self.ms else None}
        return out


def one_shot_reader(config: ReaderConfig = READER) -> CardReader:
    """A reader (its stages ``config``) over the SET deck enrolled from the first crop of each
    class."""
    embedder, finder = Embedder(), CardFinder()
    card_set = CardSet(name="set-one-shot", model=model_digest())
    reader = CardReader(card_set, embedder, finder, config)
    for label, paths in labelled_folder(SET_CARDS).items():
        first = sorted(paths)[0]
        card_set.add(label, [reader.enrollment_crop(read_image(first), str(first))], embedder)
    return reader


def read_cards(reader: CardReader, path: Path) -> tuple[list[str], int, float]:
    """(sure labels, uncertain count, ms) of one photo; a photo refused as poor reads empty."""
    image = read_image(path)
    start = time.perf_counter()
    try:
        cards = reader.read(image).cards
    except PoorPhoto:
        cards = ()
    ms = 1000 * (time.perf_counter() - start)
    return [c.label for c in cards if not c.uncertain], sum(c.uncertain for c in cards), ms


def tables(reader: CardReader) -> dict[str, object]:
    kinds: dict[str, TableScore] = {"phone": TableScore(), "webcam": TableScore()}
    every = TableScore()
    for meta in sorted(SET_TABLES.glob("*.json")):
        info = json.loads(meta.read_text())
        sure, unsure, ms = read_cards(reader, SET_TABLES / info["image"])
        for score in (kinds[info["kind"]], every):
            score.add(info["cards"], sure, unsure, ms)
        print(f"  {info['image']}: {len(info['cards'])} cards; sure right "
              f"{sum((Counter(info['cards']) & Counter(sure)).values())}, sure "
              f"{len(sure)}, uncertain {unsure} ({ms:.0f} ms)", flush=True)
    return {kind: s.to_json() for kind, s in (*kinds.items(), ("all", every))}


def phantoms(reader: CardReader, images: list[Path]) -> dict[str, int]:
    out = Counter[str]()
    for path in images:
        sure, unsure, _ = read_cards(reader, path)
        out["photos"] += 1
        out["sure_cards"] += len(sure)
        out["uncertain_cards"] += unsure
        out["photos_with_a_card"] += bool(sure or unsure)
    return dict(out)


def empty_trays(reader: CardReader, frames: int) -> dict[str, int]:
    """Cards reported on the demo camera's empty tray, one frame of each of ``frames`` seeds."""
    from companion.vision.demo_tray import DemoTray

    out = Counter[str]()
    for seed in range(frames):
        frame = DemoTray(seed=seed, realtime=False).read()
        assert frame is not None
        try:
            cards = reader.read(frame.image).cards
        except PoorPhoto:
            cards = ()
        out["frames"] += 1
        out["cards"] += len(cards)
        out["frames_with_a_card"] += bool(cards)
    return dict(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dice", type=int, default=200, help="dice photos to read (of 200)")
    parser.add_argument("--trays", type=int, default=50, help="empty demo tray frames")
    parser.add_argument("--no-outline", action="store_true",
                        help="ablation: without the outline stage (the finder network alone)")
    args = parser.parse_args()
    cv2.setNumThreads(1)
    for folder in (SET_CARDS, SET_TABLES, DICE):
        if not folder.is_dir():
            raise SystemExit(f"bench: {folder} is missing (../shared/data)")
    reader = one_shot_reader(replace(READER, outline=None) if args.no_outline else READER)
    result: dict[str, object] = {"tables": tables(reader)}
    result["dice_photos"] = phantoms(reader, image_files(DICE)[: args.dice])
    result["empty_tray"] = empty_trays(reader, args.trays)
    print(json.dumps(result))


if __name__ == "__main__":
    main()
