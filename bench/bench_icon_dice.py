"""Sushi Roll icon dice: how well the icon reader reads synthetic tables it was never tuned on.

Enrolls a face set from one rendered photo per face (seeds 900-916), then reads ``--frames``
table frames (2 players: belts of 5-8 dice, some touching; trays of 0-7 dice; every 4th frame
with a die leaning on another) from table seed 10,000 on (``companion/vision/icon_dice/
evaluate.py``), ``--runs`` times with different start seeds, and prints each run and the
median. Single-threaded OpenCV, as on the Pi's camera thread.

    OMP_NUM_THREADS=1 .venv/bin/python bench/bench_icon_dice.py --frames 20 --runs 3

``--start`` picks another seed range (tuning used seeds 1-30, 20,000-20,119 and 50,000-50,199;
the figures of ``docs/PERFORMANCE.md`` name the range they were measured on).
"""

from __future__ import annotations

import argparse
import statistics
import time

import cv2

from companion.vision.icon_dice.enroll import enroll_photos
from companion.vision.icon_dice.evaluate import EVAL_SEED, score
from companion.vision.icon_dice.faces import readings
from companion.vision.icon_dice.scenes import enrollment_photo


def yardstick() -> float:
    t = time.perf_counter()
    for _ in range(1000):
        sum(range(1000))
    return (time.perf_counter() - t) * 1e3  # µs per sum(range(1000))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--frames", type=int, default=20)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--start", type=int, default=EVAL_SEED,
                        help="first table seed (a fresh range re-measures without re-use)")
    args = parser.parse_args()
    cv2.setNumThreads(1)
    t = time.perf_counter()
    faces = enroll_photos({r: enrollment_photo(r, seed=900 + i)
                           for i, r in enumerate(readings())})
    print(f"enrolled {len(faces.labels)} faces in {time.perf_counter() - t:.2f} s")
    accs, ms, unflagged = [], [], []
    for run in range(args.runs):
        tally = score(faces, args.frames, args.start + run * args.frames)
        accs.append(100 * tally.accuracy)
        ms.append(sorted(tally.seconds)[len(tally.seconds) // 2] * 1000)
        unflagged.append(tally.unflagged_wrong)
        print(f"run {run + 1}: {tally.line()}")
    print(f"median of {args.runs} runs: {statistics.median(accs):.2f}% faces right, "
          f"unflagged wrong {max(unflagged)} at most, {statistics.median(ms):.0f} ms a frame; "
          f"yardstick {yardstick():.1f} µs")


if __name__ == "__main__":
    main()
