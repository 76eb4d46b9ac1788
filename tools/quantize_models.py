"""Make a vision model's 8-bit twin (``NAME_int8.onnx``, see :mod:`companion.vision.onnx_net`).

A dev-time script. Needs ``onnx`` besides the project (``pip install onnx``; ONNX Runtime's
quantizer imports it). The twin is a static QDQ quantization: weights per output channel in
7 bits (``reduce_range``), activations 8-bit with ranges calibrated (min/max) on what the
network really sees
when the card reader reads synthetic tableaux of :data:`CALIBRATION_SEEDS` (a range no test,
bench or tuning run uses), read with the original models.

```
python tools/quantize_models.py                      # the card embedder (the default)
python tools/quantize_models.py card_embedder card_finder --out /tmp/twins
```

Why 7-bit weights: an x86 CPU without VNNI (AVX2 only, like the AMD EPYC that session 11
ran on) multiplies unsigned 8-bit activations by signed 8-bit weights with an instruction
(``VPMADDUBSW``) that adds pairs of products into 16 bits and saturates. With full 8-bit
weights the first twin's descriptors of drawn cards there had a cosine as low as 0.907 with
the original's (0.9865 median); with 7-bit weights the sums cannot overflow and the cosine is
at least 0.9989, on every CPU. CPUs with VNNI, and the Pi's ARM cores, never saturated.

Which models get a twin is decided by measurement (``docs/PERFORMANCE.md``, session 10): the
embedder's twin kept every synthetic tableau reading and the SET photos' top-1 within one
card; the finder's and the outline refiners' lost cards, so they have none.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import os
import sys
from collections import defaultdict
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ["COMPANION_ONNX_INT8"] = "0"  # calibrate on the original models' inputs

from companion.vision import onnx_net  # noqa: E402
from companion.vision.cards.embedding import Embedder  # noqa: E402
from companion.vision.cards.evaluate import enroll_deck  # noqa: E402
from companion.vision.cards.finder import MODELS_DIR  # noqa: E402
from companion.vision.cards.procedural import sushi_like_deck  # noqa: E402
from companion.vision.cards.reader import CardReader, PoorPhoto  # noqa: E402
from companion.vision.cards.tableau import render_tableau  # noqa: E402

CALIBRATION_SEEDS = range(3_400_000, 3_400_030)
#: Calibration batches kept per model (rows of the embedder and refiners, frames of the
#: finder).
ROWS = 800
FRAMES = 30


def calibration_inputs(models: list[str]) -> dict[str, list[np.ndarray]]:
    """What each named network is given while the card set is enrolled and the calibration
    tableaux are read: batches of at most 32 rows (whole frames for the finder)."""
    seen: dict[str, list[np.ndarray]] = defaultdict(list)
    run = onnx_net.OnnxNet.run

    def recording(self: onnx_net.OnnxNet, x: np.ndarray) -> np.ndarray:
        if self.path.stem in models:
            seen[self.path.stem].append(np.array(x, np.float32))
        return run(self, x)

    onnx_net.OnnxNet.run = recording  # type: ignore[method-assign]
    try:
        embedder = Embedder()
        reader = CardReader(enroll_deck(embedder), embedder)
        deck = sushi_like_deck()
        for seed in CALIBRATION_SEEDS:
            with contextlib.suppress(PoorPhoto):
                reader.read(render_tableau(seed, deck).image)
    finally:
        onnx_net.OnnxNet.run = run  # type: ignore[method-assign]
    rng = np.random.default_rng(0)
    out = {}
    for name, batches in seen.items():
        if name == "card_finder":
            out[name] = batches[-FRAMES:]
            continue
        rows = np.concatenate(batches)
        rows = rows[rng.choice(len(rows), min(ROWS, len(rows)), replace=False)]
        out[name] = [rows[i:i + 32] for i in range(0, len(rows), 32)]
    return out


def quantize(name: str, batches: list[np.ndarray], out_dir: Path) -> Path:
    """``name``'s twin written to ``out_dir``, calibrated on ``batches``."""
    from onnxruntime.quantization import (
        CalibrationDataReader,
        CalibrationMethod,
        QuantFormat,
        QuantType,
        quantize_static,
    )

    class Batches(CalibrationDataReader):  # type: ignore[misc]
        def __init__(self) -> None:
            self._left = iter([{"image": b} for b in batches])

        def get_next(self) -> dict[str, np.ndarray] | None:
            return next(self._left, None)

    source = MODELS_DIR / f"{name}.onnx"
    target = onnx_net.int8_twin(out_dir / source.name)
    quantize_static(str(source), str(target), Batches(), quant_format=QuantFormat.QDQ,
                    per_channel=True, activation_type=QuantType.QUInt8,
                    weight_type=QuantType.QInt8, calibrate_method=CalibrationMethod.MinMax,
                    reduce_range=True)
    record_source(target, source)
    return target


def record_source(twin: Path, source: Path) -> None:
    """Writes the original's SHA-256 into the twin's metadata (``source_sha256``): a test
    checks it, so a retrained model with a stale twin fails CI."""
    import onnx

    model = onnx.load(str(twin))
    entry = model.metadata_props.add()
    entry.key, entry.value = "source_sha256", hashlib.sha256(source.read_bytes()).hexdigest()
    onnx.save(model, str(twin))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("models", nargs="*", default=["card_embedder"],
                        help="model names in companion/vision/models (default: card_embedder)")
    parser.add_argument("--out", type=Path, default=MODELS_DIR, help="where the twins go")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    inputs = calibration_inputs(args.models)
    for name in args.models:
        if name not in inputs:
            raise SystemExit(f"{name}: the reader never ran this network")
        print(name, "->", quantize(name, inputs[name], args.out))


if __name__ == "__main__":
    main()
