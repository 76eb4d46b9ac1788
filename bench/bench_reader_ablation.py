"""Ablation of the card reader's stages on real photos: what each stage earns its keep by.

Each variant is the shipped :data:`~companion.vision.cards.reader.READER` with one stage (or one
rule of a stage) left out. For each it reads what ``bench_real_cards.py`` reads (real SET
tables, deck enrolled one-shot; the 200 real dice photos and 50 empty demo trays, which hold no
card) and, for information only, 40 synthetic tableaux with columns (our own renderer: not a
result, but the only place cards lie under cards today) and the CPU time of a 1280x720 frame
with 20 cards. A stage stays only where the real photos show it earns its keep (the table in
docs/PERFORMANCE.md).

Prints one JSON object per variant, the last line a list of all. Usage:
``OMP_NUM_THREADS=1 .venv/bin/python bench/bench_reader_ablation.py [--only NAME,...]
[--dice N] [--trays N] [--scenes N]``
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

import cv2

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_cards import BENCH_SEED, SCENE_SEED
from bench_real_cards import DICE, empty_trays, one_shot_reader, phantoms, tables

from companion.vision.cards.evaluate import TableauScore, enroll_deck, image_files, score_tableau
from companion.vision.cards.evidence import EVIDENCE
from companion.vision.cards.mend import LENGTHS
from companion.vision.cards.outline import OUTLINE
from companion.vision.cards.procedural import sushi_like_deck
from companion.vision.cards.reader import READER, CardReader, PoorPhoto, ReaderConfig, Scan
from companion.vision.cards.tableau import SceneOptions, render_tableau
from companion.vision.cards.tidy import TIDY

#: Each variant: the shipped reader with one stage or rule left out.
VARIANTS: dict[str, ReaderConfig] = {
    "shipped": READER,
    "no outline": replace(READER, outline=None),
    "no mend": replace(READER, lengths=None),
    "mend without refined tries": replace(READER, lengths=replace(LENGTHS, refine=False)),
    "mend without tries across": replace(READER, lengths=replace(LENGTHS, across=False)),
    "outline without large outlines": replace(READER, outline=replace(OUTLINE, large=False)),
    "outline without colour sides": replace(READER, outline=replace(OUTLINE, colour_sides=False)),
    "tidy without cards' ends": replace(READER, tidy=replace(TIDY, ends=False)),
    "no columns": replace(READER, columns=None),
    "no laid": replace(READER, laid=None),
    "no tidy": replace(READER, tidy=None),
    "no evidence": replace(READER, evidence=None),
    "evidence without likeness for edges": replace(
        READER, evidence=replace(EVIDENCE, alike_support=EVIDENCE.support)),
    "no table view": replace(READER, table_view=None),
}


def synthetic(reader: CardReader, scenes: int) -> dict[str, object]:
    """Synthetic tableaux (for information: not a result) and a 20-card frame's CPU ms."""
    deck = sushi_like_deck()
    score = TableauScore()
    for seed in range(SCENE_SEED, SCENE_SEED + scenes):
        truth = render_tableau(seed, deck)
        try:
            scan = reader.read(truth.image)
        except PoorPhoto:
            scan = Scan(())
        score_tableau(score, truth, scan, 0.0)
    options = SceneOptions(players=(2, 2), cards_per_player=(10, 10), columns=0.0, pairs=0.0)
    cpu = []
    for i in range(10):
        frame = render_tableau(BENCH_SEED + i, deck, options).image
        start = time.process_time()
        reader.read(frame)
        cpu.append(1000 * (time.process_time() - start))
    counts = {k: v for k, v in vars(score).items() if isinstance(v, int)}
    return {"synthetic": counts, "frame_20_cards_cpu_ms": round(statistics.median(cpu), 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", default="", help="comma-separated variant names")
    parser.add_argument("--dice", type=int, default=200)
    parser.add_argument("--trays", type=int, default=50)
    parser.add_argument("--scenes", type=int, default=40)
    args = parser.parse_args()
    cv2.setNumThreads(1)
    names = [n for n in args.only.split(",") if n] or list(VARIANTS)
    real = one_shot_reader()
    deck = CardReader(enroll_deck(real.embedder), real.embedder, real.finder)
    dice = image_files(DICE)[: args.dice]
    out = []
    for name in names:
        real.config = deck.config = VARIANTS[name]
        result: dict[str, object] = {"variant": name, "tables": tables(real)}
        result["dice_photos"] = phantoms(real, dice)
        result["empty_tray"] = empty_trays(real, args.trays)
        result |= synthetic(deck, args.scenes)
        print(json.dumps(result), flush=True)
        out.append(result)
    print(json.dumps(out))


if __name__ == "__main__":
    main()
