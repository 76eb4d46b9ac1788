"""Card scanning bench: one-shot recognition on the real SET photos, reading synthetic tableaux,
and the time to read a 1280x720 frame with 20 cards.

Single-threaded (``cv2.setNumThreads(1)``; run it with ``OMP_NUM_THREADS=1``). Times are wall
time and this process's CPU time (``time.process_time``): on a busy shared machine the CPU time
is the one core's cost, the wall time adds waiting for the core. Accuracy figures are
deterministic; times are the median of ``--runs``.

```
OMP_NUM_THREADS=1 .venv/bin/python bench/bench_cards.py [--runs 5] [--scenes 60] [--skip-set]
```
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import time
from pathlib import Path

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from companion.vision.cards.embedding import Embedder  # noqa: E402
from companion.vision.cards.evaluate import (  # noqa: E402
    TableauScore,
    enroll_deck,
    evaluate_folder,
    score_tableau,
)
from companion.vision.cards.finder import CardFinder  # noqa: E402
from companion.vision.cards.procedural import sushi_like_deck  # noqa: E402
from companion.vision.cards.reader import CardReader, PoorPhoto, Scan  # noqa: E402
from companion.vision.cards.tableau import SceneOptions, render_tableau  # noqa: E402

SET_CARDS = ROOT.parent / "shared" / "data" / "cards" / "set_cards" / "images"
#: Synthetic tableaux for tests and benches use seeds from here (training uses lower ones).
SCENE_SEED = 2_000_000
BENCH_SEED = 3_000_000


def tableaux(reader: CardReader, seeds: range, options: SceneOptions | None = None
             ) -> TableauScore:
    deck = sushi_like_deck()
    score = TableauScore()
    for seed in seeds:
        truth = render_tableau(seed, deck, options)
        start = time.perf_counter()
        try:
            scan = reader.read(truth.image)
        except PoorPhoto as refused:  # every card of it counts as not read
            print(f"scene {seed} refused: {refused}")
            scan = Scan(())
        score_tableau(score, truth, scan, 1000 * (time.perf_counter() - start))
    return score


def frame_times(reader: CardReader, runs: int) -> tuple[float, float, int]:
    """Median wall and CPU ms to read 1280x720 frames with 20 cards (10 frames a run)."""
    deck = sushi_like_deck()
    options = SceneOptions(players=(2, 2), cards_per_player=(10, 10), columns=0.0, pairs=0.0)
    frames = [render_tableau(BENCH_SEED + i, deck, options).image for i in range(10)]
    found = len(reader.read(frames[0]).cards)
    walls, cpus = [], []
    for _ in range(runs):
        for frame in frames:
            w0, c0 = time.perf_counter(), time.process_time()
            reader.read(frame)
            walls.append(1000 * (time.perf_counter() - w0))
            cpus.append(1000 * (time.process_time() - c0))
    return statistics.median(walls), statistics.median(cpus), found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--scenes", type=int, default=60)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--skip-set", action="store_true", help="skip the SET photos")
    parser.add_argument("--first-seed", type=int, default=SCENE_SEED,
                        help="seed of the first synthetic tableau (default %(default)s)")
    args = parser.parse_args()
    cv2.setNumThreads(1)
    print(f"{time.strftime('%Y-%m-%d %H:%M')}  {platform.node()}  {platform.processor() or ''}"
          f"  Python {platform.python_version()}  OpenCV {cv2.__version__}")
    embedder, finder = Embedder(), CardFinder()
    result: dict[str, object] = {}
    if SET_CARDS.is_dir() and not args.skip_set:  # the real photos, one-shot
        set_runs = [evaluate_folder(SET_CARDS, 1, embedder) for _ in range(max(1, args.runs // 2))]
        s = set_runs[0]
        ms = statistics.median(r.ms_per_card for r in set_runs)
        print(f"SET one-shot: {s.classes} classes, {s.queries} queries: top-1 {100 * s.top1:.1f}%"
              f", uncertain {100 * s.uncertain_rate:.1f}%, accuracy when certain "
              f"{100 * s.accuracy_when_certain:.1f}%, {ms:.2f} ms per card, enrollment "
              f"{statistics.median(r.enroll_s for r in set_runs):.1f} s")
        result["set_cards"] = {**s.to_json(), "ms_per_card": round(ms, 2)}
    elif not args.skip_set:
        print(f"SET photos missing ({SET_CARDS}); skipped")
    t0 = time.perf_counter()
    card_set = enroll_deck(embedder)
    print(f"synthetic deck: {len(card_set.labels)} labels enrolled one-shot in "
          f"{time.perf_counter() - t0:.1f} s")
    reader = CardReader(card_set, embedder, finder)
    if args.scenes > 0:  # --scenes 0: the frame's time alone
        score = tableaux(reader, range(args.first_seed, args.first_seed + args.scenes))
        print(f"synthetic tableaux ({score.images} photos, 1280x720): fully visible "
              f"{score.full_right}/{score.full} right ({100 * score.full_rate:.2f}%), "
              f"{score.full_wrong} wrong and certain, {score.full_uncertain} uncertain; "
              f"covered {score.covered_right}/{score.covered} "
              f"({100 * score.covered_rate:.2f}%), {score.covered_wrong} wrong and certain; "
              f"pairs with the right top card {score.pairs_right}/{score.pairs}; "
              f"{score.extra} certain extras; median {float(np.median(score.ms)):.0f} ms a photo")
        result["tableaux"] = score.to_json()
    wall, cpu, found = frame_times(reader, args.runs)
    print(f"1280x720 frame with 20 cards ({found} found in the first): median {wall:.0f} ms "
          f"wall, {cpu:.0f} ms CPU ({args.runs} runs x 10 frames)")
    result["frame_20_cards"] = {"wall_ms": round(wall, 1), "cpu_ms": round(cpu, 1)}
    if args.json:
        print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
