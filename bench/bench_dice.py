"""Dice camera bench: the pip reader's time per photo and per frame, settle detection's frame
rate, and the reader's accuracy on held-out photos and synthetic tray frames.

Single-threaded (``cv2.setNumThreads(1)``; run it with ``OMP_NUM_THREADS=1``). Each time is
measured as wall time and as this process's CPU time (``time.process_time``): on a busy shared
machine the CPU time is the one core's cost, the wall time adds waiting for the core.

```
OMP_NUM_THREADS=1 .venv/bin/python bench/bench_dice.py [--runs 5] [--synthetic 3000]
```
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from companion.devices.camera import CALIBRATED_VIEWS  # noqa: E402
from companion.vision import synthetic  # noqa: E402
from companion.vision.commands import holdout_names  # noqa: E402
from companion.vision.dice import DiceReader, Image, ReaderConfig  # noqa: E402
from companion.vision.evaluate import evaluate, load_samples, read_image  # noqa: E402
from companion.vision.settle import SettleDetector  # noqa: E402

BYLER = ROOT.parent / "shared" / "data" / "dice" / "byler_d6"


def yardstick() -> float:
    best = min(_timeit(lambda: sum(range(1000)), 2000) for _ in range(5))
    return best * 1e6


def _timeit(fn: Callable[[], object], n: int) -> float:
    start = time.perf_counter()
    for _ in range(n):
        fn()
    return (time.perf_counter() - start) / n


def per_item(fn: Callable[[Image], object], images: Sequence[Image]) -> tuple[float, float]:
    """Mean wall and CPU milliseconds of ``fn`` per image."""
    fn(images[0])
    wall, cpu = time.perf_counter(), time.process_time()
    for image in images:
        fn(image)
    n = len(images)
    return ((time.perf_counter() - wall) * 1000 / n, (time.process_time() - cpu) * 1000 / n)


def to_1280x720(image: Image) -> Image:
    """A 640x640 photo scaled to 720 high and centred on a 1280x720 canvas (edge colour)."""
    big = cv2.resize(image, (720, 720), interpolation=cv2.INTER_LINEAR)
    return np.asarray(cv2.copyMakeBorder(big, 0, 0, 280, 280, cv2.BORDER_REPLICATE),
                      dtype=np.uint8)


def median_of(runs: list[tuple[float, float]]) -> str:
    walls, cpus = [r[0] for r in runs], [r[1] for r in runs]
    return (f"wall {statistics.median(walls):.2f} ms (runs {', '.join(f'{w:.2f}' for w in walls)})"
            f"; cpu {statistics.median(cpus):.2f} ms (runs {', '.join(f'{c:.2f}' for c in cpus)})")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--synthetic", type=int, default=3000,
                        help="synthetic two-dice frames for the exact rate (0: skip)")
    args = parser.parse_args()
    cv2.setNumThreads(1)
    reader = DiceReader()
    print(f"machine: {platform.machine()}, {platform.python_implementation()} "
          f"{platform.python_version()}, OpenCV {cv2.__version__}, yardstick "
          f"sum(range(1000)) = {yardstick():.1f} us")

    if (BYLER / "images").is_dir():
        photos = [read_image(p) for p in sorted((BYLER / "images").glob("*.jpg"))]
        runs = [per_item(reader.read, photos) for _ in range(args.runs)]
        print(f"640x640 photo ({len(photos)} byler_d6 photos, 7.4 dice each): {median_of(runs)}")
        wide = [to_1280x720(p) for p in photos[::4]]
        runs = [per_item(reader.read, wide) for _ in range(args.runs)]
        print(f"1280x720 frame ({len(wide)} photos scaled onto 1280x720): {median_of(runs)}")
        samples = load_samples(BYLER, holdout_names())
        for scale in (1.0, 2.5):
            s = evaluate(samples, reader.read, scale=scale)
            print(f"held-out photos x{scale:g}: {s.to_json()}")
    else:
        print(f"(no {BYLER}: photo figures skipped)")

    trays = [synthetic.render(synthetic.random_scene(seed, 2), seed)
             for seed in range(3_000_000, 3_000_060)]
    runs = [per_item(reader.read, trays) for _ in range(args.runs)]
    print(f"1280x720 synthetic tray frame (2 dice): {median_of(runs)}")

    detector = SettleDetector(reader.read)
    detector.update(trays[0], 0.0)

    def watch(image: Image) -> None:
        detector._reported = True  # the per-frame watching (motion, hand), not the reading
        detector.update(image, 0.0)

    runs = [per_item(watch, trays) for _ in range(args.runs)]
    fps = [1000 / r[1] for r in runs]
    print(f"settle watching per 1280x720 frame (downscaled to 160 px wide): {median_of(runs)};"
          f" {statistics.median(fps):.0f} frames/s of one core")

    if args.synthetic:
        calibrated_timing(trays, args.runs)
        for calibrated in (False, True):
            synthetic_exact(args.synthetic, calibrated)
    return 0


def calibrated_reader(die_px: float) -> DiceReader:
    """The reader as the tray camera runs it once calibrated (companion/devices/camera.py)."""
    return DiceReader(ReaderConfig(die_px=die_px, views=CALIBRATED_VIEWS, second_look=None))


def calibrated_timing(trays: list[Image], runs: int) -> None:
    reader = calibrated_reader(96.0)  # about the middle of the frames' 60-150 px dice
    times = [per_item(reader.read, trays) for _ in range(runs)]
    print(f"1280x720 synthetic tray frame (2 dice), calibrated reader: {median_of(times)}")


def synthetic_exact(count: int, calibrated: bool) -> None:
    """Exact results on fresh two-dice tray frames (seeds never used while tuning); wrong
    results split into flagged (a die under 0.75 confidence or the wrong number of dice: the
    settle detector reports such a roll as uncertain) and unflagged."""
    plain = DiceReader()
    wrong = flagged = 0
    for seed in range(5_000_000, 5_000_000 + count):
        scene = synthetic.random_scene(seed, 2)
        px = float(statistics.mean(d.size for d in scene.dice))
        found = (calibrated_reader(px) if calibrated else plain).read(
            synthetic.render(scene, seed))
        if sorted(d.value for d in found) != sorted(d.value for d in scene.dice):
            wrong += 1
            flagged += len(found) != 2 or any(d.confidence < 0.75 for d in found)
    what = "calibrated (die size known), 4 views" if calibrated else "uncalibrated"
    print(f"synthetic two-dice tray frames, {what}: {count - wrong}/{count} exact "
          f"({100 * (count - wrong) / count:.2f}%); wrong {wrong}, flagged uncertain {flagged},"
          f" unflagged {wrong - flagged}")


if __name__ == "__main__":
    raise SystemExit(main())
