"""``companion dice read`` and ``companion dice eval``: the pip reader on files.

Both run single-threaded (``cv2.setNumThreads(1)``) so the times they print are one core's.
Unreadable, empty or non-image files raise :class:`~companion.games.base.UnreadableInput`
(exit status 2 in the CLI) naming the file.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from pathlib import Path
from typing import Protocol

import cv2

from companion.games.base import JSON, UnreadableInput
from companion.vision.dice import MODELS_DIR, DiceReader, Die
from companion.vision.evaluate import UnreadableImage, evaluate, load_samples, read_image

HOLDOUT_FILE = MODELS_DIR / "dice_holdout.txt"


class Output(Protocol):
    def line(self, text: str = "") -> None: ...

    def result(self, obj: JSON) -> None: ...


def holdout_names() -> list[str]:
    """The byler_d6 photos the shipped models never trained on (``models/dice_holdout.txt``)."""
    lines = HOLDOUT_FILE.read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


def _reader() -> DiceReader:
    cv2.setNumThreads(1)
    try:
        return DiceReader()
    except FileNotFoundError as exc:
        raise UnreadableInput(str(exc)) from None


def _box(die: Die) -> str:
    x0, y0, x1, y1 = die.box
    return f"({x0:.0f},{y0:.0f})-({x1:.0f},{y1:.0f})"


def cmd_dice_read(files: Sequence[str], output: Output) -> int:
    """Read every image in ``files``; print each die's value, box and confidence."""
    try:
        images = [(file, read_image(file)) for file in files]
    except UnreadableImage as exc:
        raise UnreadableInput(str(exc)) from None
    reader = _reader()
    results: list[JSON] = []
    for file, image in images:
        start = time.perf_counter()
        dice = reader.read(image)
        ms = 1000.0 * (time.perf_counter() - start)
        values = " ".join(str(d.value) for d in dice) or "-"
        output.line(f"{file}: {len(dice)} {'die' if len(dice) == 1 else 'dice'}: {values}"
                    f"  ({ms:.1f} ms)")
        for d in dice:
            output.line(f"  {d.value}  box {_box(d)}  confidence {d.confidence:.2f}")
        results.append({"image": file, "width": image.shape[1], "height": image.shape[0],
                        "dice": [d.to_json() for d in dice], "ms": round(ms, 2)})
    output.result({"ok": True, "images": results})
    return 0


def cmd_dice_eval(folder: str, output: Output, scale: float = 1.0,
                  holdout: bool = False) -> int:
    """Score the reader on a labelled folder (images/ + labels/*.json)."""
    if scale <= 0:
        raise UnreadableInput("--scale must be positive")
    try:
        samples = load_samples(Path(folder), holdout_names() if holdout else None)
        score = evaluate(samples, _reader().read, scale=scale)
    except UnreadableImage as exc:
        raise UnreadableInput(str(exc)) from None
    output.line(f"{folder}: {score.images} images, {score.dice} dice"
                + (f" (photos scaled x{scale:g})" if scale != 1.0 else "")
                + (" (held-out photos only)" if holdout else ""))
    output.line(f"per-die accuracy {100 * score.per_die_accuracy:.1f}% "
                f"({score.correct}/{score.dice}); exact result {100 * score.exact_rate:.1f}% "
                f"({score.exact}/{score.images}); missed {score.missed}, extra {score.extra}; "
                f"{score.ms_per_image:.1f} ms per image")
    for failure in score.failures:
        output.line(f"  {failure['image']}: labelled {failure['truth']}, read {failure['read']}")
    output.result({"ok": True, "folder": folder, "scale": scale, "holdout": holdout,
                   **score.to_json()})
    return 0
