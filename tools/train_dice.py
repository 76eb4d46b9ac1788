"""Train the pip reader's two networks and export them to ONNX (a dev-time script).

Needs PyTorch (CPU is enough: ``pip install torch==2.13.0 onnx``) besides the project; the
service itself only runs the exported ONNX files with ``cv2.dnn``.

Photos: ``../shared/data/dice/byler_d6`` (BSD-3-Clause, see its SOURCE.md and LICENSE). They are
split, sorted by name, into :data:`FOLDS` contiguous blocks (photos taken one after the other
land in the same block, so a test block has no near-twin in training). Synthetic tray frames
from ``companion.vision.synthetic`` (seeds below 1,000,000; tests use higher seeds) are mixed in.

```
python tools/train_dice.py ship            # train on every block but HOLDOUT_FOLD, write
                                           # companion/vision/models/ (+ the held-out list)
python tools/train_dice.py kfold [--folds 0,1,2,3,4]
                                           # one model per block, scored on that block only
python tools/train_dice.py summary LOG...  # totals over the folds in several runs' logs
python tools/train_dice.py score [--folds 0,1,2,3,4]
                                           # re-score trained blocks with the reader's current
                                           # defaults (block 0: the shipped models)
```

Options: ``--stages det|cls|det,cls`` trains one network only (``cls`` mines its hard negatives
with the detector already in the output folder), ``--det-steps``, ``--cls-steps``,
``--synthetic N`` (synthetic frames mixed in), ``--crop-size-jitter LO HI``. The shipped models
were made with ``--stages det --det-steps 2500 --synthetic 400`` and ``--stages cls --cls-steps
5000 --synthetic 60`` (the classifier's hard negatives mined with an earlier detector); see
``companion/vision/models/README.md``.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import torch
import torch.nn.functional as F
from torch import nn

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from companion.vision import dice as reader  # noqa: E402
from companion.vision import evaluate as ev  # noqa: E402

DATA = ROOT.parent / "shared" / "data" / "dice" / "byler_d6"
FOLDS = 5
HOLDOUT_FOLD = 0
DET_CROP = 128  # detector training patch (detector-input pixels)
DIE_PX_RANGE = (10.0, 48.0)  # die box sizes the detector learns (detector-input pixels)
CROP_SIZE_JITTER = [0.82, 1.25]  # classifier crops: size relative to the labelled box
SYNTH_SEED_LIMIT = 1_000_000

# -- data ------------------------------------------------------------------------------------


def fold_of(names: list[str]) -> dict[str, int]:
    names = sorted(names)
    return {n: i * FOLDS // len(names) for i, n in enumerate(names)}


class Photo:
    def __init__(self, image: np.ndarray, boxes: np.ndarray, values: np.ndarray) -> None:
        self.image, self.boxes, self.values = image, boxes, values  # boxes (N,4) xyxy

    @property
    def die_px(self) -> float:
        if len(self.boxes) == 0:
            return 40.0
        s = ((self.boxes[:, 2] - self.boxes[:, 0]) + (self.boxes[:, 3] - self.boxes[:, 1])) / 2
        return float(np.median(s))


def load_photos(samples: list[ev.Sample]) -> list[Photo]:
    out = []
    for s in samples:
        img = ev.read_image(s.image)
        boxes = np.array([d.box for d in s.dice], np.float32).reshape(-1, 4)
        values = np.array([d.value for d in s.dice], np.int64)
        out.append(Photo(img, boxes, values))
    return out


def synthetic_photos(count: int, seed: int) -> list[Photo]:
    from companion.vision import synthetic

    rng = np.random.default_rng(seed)
    out = []
    for _ in range(count):
        scene = synthetic.random_scene(int(rng.integers(0, SYNTH_SEED_LIMIT)),
                                       dice=int(rng.integers(1, 7)))
        frame = synthetic.render(scene)
        boxes = np.array([d.box for d in scene.dice], np.float32).reshape(-1, 4)
        values = np.array([d.value for d in scene.dice], np.int64)
        out.append(Photo(frame, boxes, values))
    return out


def colour_jitter(img: np.ndarray, rng: np.random.Generator, light: bool = False) -> np.ndarray:
    """Hue, saturation, brightness, contrast, blur and noise jitter; ``light``: milder (for the
    classifier's crops, whose pips a strong blur would erase)."""
    if light:
        return _light_jitter(img, rng)
    x = img.astype(np.float32)
    if rng.random() < 0.5:  # hue / saturation
        hsv = cv2.cvtColor(img, cv2.COLOR_BGR2HSV).astype(np.float32)
        hsv[..., 0] = (hsv[..., 0] + rng.uniform(-12, 12)) % 180
        hsv[..., 1] *= rng.uniform(0.6, 1.3)
        hsv8 = np.clip(hsv, 0, 255).astype(np.uint8)
        x = np.asarray(cv2.cvtColor(hsv8, cv2.COLOR_HSV2BGR), dtype=np.float32)
    x = x * rng.uniform(0.65, 1.35) + rng.uniform(-30, 30)
    x += rng.uniform(-12, 12, size=3)
    if rng.random() < 0.3:
        x = np.asarray(cv2.GaussianBlur(x, (0, 0), rng.uniform(0.4, 1.2)), dtype=np.float32)
    if rng.random() < 0.5:
        x += rng.normal(0, rng.uniform(1, 8), x.shape)
    return np.clip(x, 0, 255).astype(np.uint8)


def _light_jitter(img: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    x = img.astype(np.float32)
    if rng.random() < 0.5:
        hsv = cv2.cvtColor(img, cv2.COLOR_BGR2HSV).astype(np.float32)
        hsv[..., 0] = (hsv[..., 0] + rng.uniform(-10, 10)) % 180
        hsv[..., 1] *= rng.uniform(0.7, 1.3)
        hsv8 = np.clip(hsv, 0, 255).astype(np.uint8)
        x = np.asarray(cv2.cvtColor(hsv8, cv2.COLOR_HSV2BGR), dtype=np.float32)
    x = (x * rng.uniform(0.75, 1.25) + rng.uniform(-20, 20)
         + rng.uniform(-8, 8, size=3)).astype(np.float32)
    if rng.random() < 0.15:
        x = np.asarray(cv2.GaussianBlur(x, (0, 0), rng.uniform(0.3, 0.7)), dtype=np.float32)
    if rng.random() < 0.3:
        x = x + rng.normal(0, rng.uniform(1, 5), x.shape).astype(np.float32)
    return np.clip(x, 0, 255).astype(np.uint8)


def flip_rot(img: np.ndarray, pts: np.ndarray, k: int, flip: bool) -> tuple[np.ndarray, np.ndarray]:
    """Rotate by k*90 degrees and maybe flip; pts (N,2) move along."""
    w = img.shape[1]
    pts = pts.copy()
    if flip:
        img = img[:, ::-1]
        pts[:, 0] = w - pts[:, 0]
    for _ in range(k):
        w = img.shape[1]
        img = np.rot90(img)  # counter-clockwise: (x, y) -> (y, w - x)
        pts = np.stack([pts[:, 1], w - pts[:, 0]], axis=1)
    return np.ascontiguousarray(img), pts


def detector_sample(p: Photo, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """A DET_CROP patch at a random die scale and its target (6, H/4, W/4): heat, offsets,
    log sizes, and a regression weight."""
    target_px = math.exp(rng.uniform(math.log(DIE_PX_RANGE[0]), math.log(DIE_PX_RANGE[1])))
    f = target_px / p.die_px
    side = DET_CROP / f  # the patch's side in photo pixels
    c = np.stack([(p.boxes[:, 0] + p.boxes[:, 2]) / 2, (p.boxes[:, 1] + p.boxes[:, 3]) / 2], 1)
    sz = np.stack([p.boxes[:, 2] - p.boxes[:, 0], p.boxes[:, 3] - p.boxes[:, 1]], 1)
    h, w = p.image.shape[:2]
    if len(c) and rng.random() < 0.8:  # near a die
        j = int(rng.integers(len(c)))
        x0 = c[j, 0] + rng.uniform(-0.4, 0.4) * side - side / 2
        y0 = c[j, 1] + rng.uniform(-0.4, 0.4) * side - side / 2
    else:
        x0 = -side / 4 + rng.random() * (w - side / 2)
        y0 = -side / 4 + rng.random() * (h - side / 2)
    ix0, iy0, n = math.floor(x0), math.floor(y0), math.ceil(side) + 1
    big = cv2.copyMakeBorder(p.image[max(0, iy0):iy0 + n, max(0, ix0):ix0 + n], 0, 0, 0, 0,
                             cv2.BORDER_REPLICATE)
    top, left = max(0, -iy0), max(0, -ix0)
    bottom, right = max(0, n - top - big.shape[0]), max(0, n - left - big.shape[1])
    big = cv2.copyMakeBorder(big, top, bottom, left, right, cv2.BORDER_REPLICATE)
    patch = cv2.resize(big, None, fx=f, fy=f,
                       interpolation=cv2.INTER_AREA if f < 1 else cv2.INTER_LINEAR)
    patch = np.ascontiguousarray(patch[:DET_CROP, :DET_CROP])
    if patch.shape[0] < DET_CROP or patch.shape[1] < DET_CROP:
        patch = cv2.copyMakeBorder(patch, 0, DET_CROP - patch.shape[0], 0,
                                   DET_CROP - patch.shape[1], cv2.BORDER_REPLICATE)
    c = (c - [ix0, iy0]) * f
    sz = sz * f
    k, flip = int(rng.integers(4)), bool(rng.random() < 0.5)
    patch, c = flip_rot(patch, c, k, flip)
    if k % 2:
        sz = sz[:, ::-1]
    patch = colour_jitter(patch, rng)
    st = reader.DETECT_STRIDE
    g = DET_CROP // st
    t = np.zeros((6, g, g), np.float32)
    for (cx, cy), (bw, bh) in zip(c, sz, strict=True):
        gx, gy = cx / st, cy / st
        if not (-1 <= gx < g + 1 and -1 <= gy < g + 1):
            continue
        sigma = max(0.6, (bw + bh) / 2 / st / 6)
        r = int(3 * sigma) + 1
        xa, xb = max(0, int(gx) - r), min(g, int(gx) + r + 1)
        ya, yb = max(0, int(gy) - r), min(g, int(gy) + r + 1)
        if xa < xb and ya < yb:
            yy, xx = np.mgrid[ya:yb, xa:xb].astype(np.float32)
            blob = np.exp(-((xx + 0.5 - gx) ** 2 + (yy + 0.5 - gy) ** 2) / (2 * sigma**2))
            t[0, ya:yb, xa:xb] = np.maximum(t[0, ya:yb, xa:xb], blob)
        ix, iy = int(gx), int(gy)
        if 0 <= ix < g and 0 <= iy < g:
            t[0, iy, ix] = 1.0
            t[1, iy, ix] = gx - ix - 0.5
            t[2, iy, ix] = gy - iy - 0.5
            t[3, iy, ix] = math.log(bw / st)
            t[4, iy, ix] = math.log(bh / st)
            t[5, iy, ix] = 1.0
    return patch, t


def classifier_pool(photos: list[Photo], rng: np.random.Generator, per_die: int,
                    neg_ratio: float = 0.5) -> tuple[np.ndarray, np.ndarray]:
    """``per_die`` augmented crops of every die (any rotation, off-centre, scaled, colour
    jittered), and about ``neg_ratio`` as many crops of no die (beside dice, bare table)."""
    crops, labels = [], []
    for p in photos:
        if len(p.boxes) == 0:
            continue
        c = np.stack([(p.boxes[:, 0] + p.boxes[:, 2]) / 2, (p.boxes[:, 1] + p.boxes[:, 3]) / 2], 1)
        s = np.maximum(p.boxes[:, 2] - p.boxes[:, 0], p.boxes[:, 3] - p.boxes[:, 1])
        for (cx, cy), size, v in zip(c, s, p.values, strict=True):
            for _ in range(per_die):
                jx, jy = rng.normal(0, 0.06 * size, 2)
                lo, hi = CROP_SIZE_JITTER
                side = size * reader.CROP_MARGIN * rng.uniform(lo, hi)
                crops.append(reader.crop_die(p.image, cx + jx, cy + jy, side,
                                             rng.uniform(0, 360)))
                labels.append(int(v))
        for _ in range(int(rng.poisson(neg_ratio * per_die * len(s)))):
            size = float(s[int(rng.integers(len(s)))]) * rng.uniform(0.8, 1.25)
            if rng.random() < 0.6:  # beside a die
                j = int(rng.integers(len(s)))
                a = rng.uniform(0, 2 * math.pi)
                d = s[j] * rng.uniform(0.6, 1.1)
                x, y = c[j, 0] + d * math.cos(a), c[j, 1] + d * math.sin(a)
            else:
                h, w = p.image.shape[:2]
                x, y = rng.uniform(0, w), rng.uniform(0, h)
            if (np.hypot(c[:, 0] - x, c[:, 1] - y) < 0.5 * s).any():
                continue
            crops.append(reader.crop_die(p.image, x, y, size * reader.CROP_MARGIN,
                                         rng.uniform(0, 360)))
            labels.append(0)
    out = np.stack(crops)
    for i in range(len(out)):
        out[i] = colour_jitter(out[i], rng, light=True)
    return out, np.array(labels, np.int64)


def hard_negatives(photos: list[Photo], det_path: Path, rng: np.random.Generator,
                   per_candidate: int) -> np.ndarray:
    """Crops of what the trained detector finds where no die is labelled (screw heads, tray
    corners, half-visible dice at the photo's edge): the classifier must learn to say "no die"."""
    cv2.setNumThreads(1)
    net = cv2.dnn.readNetFromONNX(str(det_path))
    crops = []
    for p in photos:
        scale = reader.detect_scale(p.image.shape, reader.ReaderConfig())
        net.setInput(reader.to_blob(reader.detector_input(p.image, scale)))
        out = np.asarray(net.forward(), dtype=np.float32)[0]
        c = np.stack([(p.boxes[:, 0] + p.boxes[:, 2]) / 2, (p.boxes[:, 1] + p.boxes[:, 3]) / 2], 1)
        for cx, cy, w, h, _ in reader.decode_heatmap(out, 0.1):
            cx, cy, w, h = cx / scale, cy / scale, w / scale, h / scale
            inside = ((p.boxes[:, 0] <= cx) & (cx <= p.boxes[:, 2]) & (p.boxes[:, 1] <= cy)
                      & (cy <= p.boxes[:, 3])) if len(c) else np.zeros(0, bool)
            if inside.any():
                continue
            for _ in range(per_candidate):
                side = max(w, h) * reader.CROP_MARGIN * rng.uniform(0.85, 1.2)
                jx, jy = rng.normal(0, 0.08 * max(w, h), 2)
                crop = reader.crop_die(p.image, cx + jx, cy + jy, side, rng.uniform(0, 360))
                crops.append(colour_jitter(crop, rng, light=True))
    size = reader.CROP_PX
    return np.stack(crops) if crops else np.zeros((0, size, size, 3), np.uint8)


def batch_augment(x: torch.Tensor, gen: torch.Generator) -> torch.Tensor:
    """Cheap per-sample augmentation of a normalised batch: 90° turns, mirror, contrast and
    brightness."""
    k = int(torch.randint(4, (1,), generator=gen))
    x = torch.rot90(x, k, (2, 3))
    if torch.rand(1, generator=gen) < 0.5:
        x = torch.flip(x, (3,))
    n = x.shape[0]
    contrast = 0.8 + 0.4 * torch.rand(n, 1, 1, 1, generator=gen)
    shift = 0.2 * (torch.rand(n, 1, 1, 1, generator=gen) - 0.5)
    return x * contrast + shift


# -- networks --------------------------------------------------------------------------------


def conv_bn(i: int, o: int, stride: int = 1, groups: int = 1, k: int = 3) -> nn.Sequential:
    return nn.Sequential(nn.Conv2d(i, o, k, stride, k // 2, groups=groups, bias=False),
                         nn.BatchNorm2d(o), nn.ReLU(inplace=True))


def sep(i: int, o: int, stride: int = 1) -> nn.Sequential:
    return nn.Sequential(conv_bn(i, i, stride, groups=i), conv_bn(i, o, k=1))


class Detector(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.stem = conv_bn(3, 12, 2)                                   # /2
        self.s4 = nn.Sequential(sep(12, 24, 2), sep(24, 24))            # /4
        self.s8 = nn.Sequential(sep(24, 48, 2), sep(48, 48))            # /8
        self.s16 = nn.Sequential(sep(48, 64, 2), sep(64, 64), sep(64, 64),
                                 conv_bn(64, 48, k=1))                  # /16: large dice
        self.to4 = conv_bn(48, 24, k=1)
        self.fuse = sep(24, 32)
        self.head = nn.Conv2d(32, 5, 1)
        nn.init.constant_(self.head.bias, 0.0)
        with torch.no_grad():
            self.head.bias[0] = -2.2

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        a = self.s4(self.stem(x))
        b = self.s8(a)
        b = b + F.interpolate(self.s16(b), scale_factor=2.0, mode="nearest")
        c = F.interpolate(self.to4(b), scale_factor=2.0, mode="nearest")
        return self.head(self.fuse(a + c))


class Classifier(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.features = nn.Sequential(
            conv_bn(3, 16), conv_bn(16, 24, 2), sep(24, 32), sep(32, 48, 2), sep(48, 64),
            nn.MaxPool2d(2))
        self.head = nn.Sequential(nn.Flatten(), nn.Dropout(0.2), nn.Linear(64 * 16, 64),
                                  nn.ReLU(inplace=True), nn.Linear(64, 7))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.head(self.features(x))


def blob(images: np.ndarray) -> torch.Tensor:
    return torch.from_numpy(reader.to_blob(images))


def detector_loss(out: torch.Tensor, t: torch.Tensor) -> torch.Tensor:
    heat = out[:, 0]
    gt = t[:, 0]
    p = torch.sigmoid(heat).clamp(1e-4, 1 - 1e-4)
    pos = (gt >= 1.0).float()
    neg_w = (1 - gt) ** 4
    focal = -(pos * (1 - p) ** 2 * torch.log(p) + (1 - pos) * neg_w * p**2 * torch.log(1 - p))
    n = pos.sum().clamp(min=1)
    w = t[:, 5:6]
    reg = (F.smooth_l1_loss(out[:, 1:5], t[:, 1:5], reduction="none") * w).sum() / n
    return focal.sum() / n + reg


def train_detector(photos: list[Photo], steps: int, seed: int) -> Detector:
    rng = np.random.default_rng(seed)
    torch.manual_seed(seed)
    net = Detector()
    opt = torch.optim.AdamW(net.parameters(), 3e-3, weight_decay=1e-4)
    start, batch = time.time(), 16
    net.train()
    for step in range(1, steps + 1):
        elapsed = time.time() - start
        for g in opt.param_groups:
            g["lr"] = 3e-3 * 0.5 * (1 + math.cos(math.pi * step / steps))
        xs, ts = zip(*(detector_sample(photos[int(rng.integers(len(photos)))], rng)
                       for _ in range(batch)), strict=True)
        loss = detector_loss(net(blob(np.stack(xs))), torch.from_numpy(np.stack(ts)))
        opt.zero_grad()
        loss.backward()
        opt.step()
        if step % 100 == 0:
            print(f"  detector step {step} loss {loss.item():.3f} ({elapsed:.0f}s)", flush=True)
    return net.eval()


def train_classifier(photos: list[Photo], steps: int, seed: int,
                     det_path: Path | None = None) -> Classifier:
    rng = np.random.default_rng(seed + 1)
    torch.manual_seed(seed + 1)
    gen = torch.Generator().manual_seed(seed + 1)
    net = Classifier()
    opt = torch.optim.AdamW(net.parameters(), 3e-3, weight_decay=5e-4)
    start = time.time()
    x_all, y_all = classifier_pool(photos, rng, per_die=8)
    if det_path is not None:
        hard = hard_negatives(photos, det_path, rng, per_candidate=6)
        print(f"  {len(hard)} hard negative crops", flush=True)
        x_all = np.concatenate([x_all, hard])
        y_all = np.concatenate([y_all, np.zeros(len(hard), np.int64)])
    xs, ys = blob(x_all), torch.from_numpy(y_all)
    print(f"  classifier pool {len(ys)} crops ({time.time() - start:.0f}s)", flush=True)
    net.train()
    for step in range(1, steps + 1):
        for g in opt.param_groups:
            g["lr"] = 3e-3 * 0.5 * (1 + math.cos(math.pi * step / steps))
        idx = torch.randint(len(ys), (64,), generator=gen)
        out = net(batch_augment(xs[idx], gen))
        loss = F.cross_entropy(out, ys[idx], label_smoothing=0.05)
        opt.zero_grad()
        loss.backward()
        opt.step()
        if step % 500 == 0:
            print(f"  classifier step {step} loss {loss.item():.3f} "
                  f"({time.time() - start:.0f}s)", flush=True)
    return net.eval()


def export(net: nn.Module, shape: tuple[int, ...], path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    torch.onnx.export(net, torch.zeros(shape), str(path), dynamo=False, opset_version=13,
                      input_names=["image"], output_names=["out"],
                      dynamic_axes={"image": {0: "n", 2: "h", 3: "w"}, "out": {0: "n"}})


def train_and_export(photos: list[Photo], out_dir: Path, det_s: int, cls_s: int,
                     seed: int, stages: str) -> tuple[Path, Path]:
    torch.set_num_threads(1)
    det_path = out_dir / "dice_detector.onnx"
    cls_path = out_dir / "dice_classifier.onnx"
    if "det" in stages:
        export(train_detector(photos, det_s, seed), (1, 3, 320, 320), det_path)
    if "cls" in stages:
        export(train_classifier(photos, cls_s, seed, det_path),
               (8, 3, reader.CROP_PX, reader.CROP_PX), cls_path)
    return det_path, cls_path


def score(samples: list[ev.Sample], det: Path, cls: Path, scale: float = 1.0) -> ev.Score:
    cv2.setNumThreads(1)
    r = reader.DiceReader(detector=det, classifier=cls, second_classifier=None)
    return ev.evaluate(samples, r.read, scale=scale)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("mode", choices=("ship", "kfold", "summary", "score"))
    ap.add_argument("--folds", default=",".join(str(i) for i in range(FOLDS)))
    ap.add_argument("--data", type=Path, default=DATA)
    ap.add_argument("--det-steps", type=int, default=2000)
    ap.add_argument("--cls-steps", type=int, default=6000)
    ap.add_argument("--stages", default="det,cls", help="det, cls or both (det,cls)")
    ap.add_argument("--synthetic", type=int, default=150, help="synthetic frames mixed in")
    ap.add_argument("--out", type=Path, default=Path("/tmp/dice_folds"))
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--crop-size-jitter", type=float, nargs=2, default=CROP_SIZE_JITTER)
    ap.add_argument("logs", nargs="*", help="summary: the logs of kfold/ship runs")
    args = ap.parse_args()
    CROP_SIZE_JITTER[:] = args.crop_size_jitter
    if args.mode == "summary":
        return summarise_logs(args.logs)
    if args.mode == "score":
        return score_folds(args.data, args.out, [int(f) for f in args.folds.split(",")])
    samples = ev.load_samples(args.data)
    folds = fold_of([s.image.name for s in samples])
    synth = synthetic_photos(args.synthetic, args.seed) if args.synthetic else []
    wanted = [HOLDOUT_FOLD] if args.mode == "ship" else [int(f) for f in args.folds.split(",")]
    results: dict[int, dict[str, Any]] = {}
    for k in wanted:
        train = [s for s in samples if folds[s.image.name] != k]
        test = [s for s in samples if folds[s.image.name] == k]
        ship = args.mode == "ship"
        out_dir = ROOT / "companion" / "vision" / "models" if ship else args.out / str(k)
        print(f"fold {k}: {len(train)} training photos, {len(test)} held out", flush=True)
        det, cls = train_and_export(load_photos(train) + synth, out_dir, args.det_steps,
                                    args.cls_steps, args.seed + k, args.stages)
        if not cls.is_file():
            continue
        s1, s2 = score(test, det, cls), score(test, det, cls, scale=2.5)
        results[k] = {"photos": s1.to_json(), "photos_x2.5": s2.to_json()}
        print(f"fold {k}: {json.dumps(results[k])}", flush=True)
        if args.mode == "ship":
            names = sorted(s.image.name for s in test)
            (out_dir / "dice_holdout.txt").write_text(
                "# byler_d6 photos the shipped models never trained on (fold "
                f"{k} of {FOLDS}, sorted names)\n" + "\n".join(names) + "\n")
    if len(results) > 1:
        summarise(results)
    return 0


def summarise(results: dict[int, dict[str, Any]]) -> None:
    """Totals over folds (each fold scored only on its own held-out block)."""
    for key in ("photos", "photos_x2.5"):
        tot = {f: sum(int(r[key][f]) for r in results.values())
               for f in ("images", "dice", "correct", "exact_images", "missed", "extra")}
        ms = [float(r[key]["ms_per_image"]) for r in results.values()]
        print(f"{key} over folds {sorted(results)}: per-die {tot['correct'] / tot['dice']:.4f} "
              f"({tot['correct']}/{tot['dice']}), exact {tot['exact_images'] / tot['images']:.4f} "
              f"({tot['exact_images']}/{tot['images']}), missed {tot['missed']}, extra "
              f"{tot['extra']}, ms per image (wall, as run) {min(ms):.1f}-{max(ms):.1f}")


def score_folds(data: Path, out: Path, wanted: list[int]) -> int:
    """``python tools/train_dice.py score``: re-score trained folds with the reader's current
    defaults, each on its own held-out block (fold 0: the shipped models)."""
    samples = ev.load_samples(data)
    folds = fold_of([s.image.name for s in samples])
    results: dict[int, dict[str, Any]] = {}
    for k in wanted:
        where = ROOT / "companion" / "vision" / "models" if k == HOLDOUT_FOLD else out / str(k)
        det, cls = where / "dice_detector.onnx", where / "dice_classifier.onnx"
        test = [s for s in samples if folds[s.image.name] == k]
        s1, s2 = score(test, det, cls), score(test, det, cls, scale=2.5)
        results[k] = {"photos": s1.to_json(), "photos_x2.5": s2.to_json()}
        print(f"fold {k}: {json.dumps(results[k])}", flush=True)
    summarise(results)
    return 0


def summarise_logs(paths: list[str]) -> int:
    """``python tools/train_dice.py summary LOG...``: totals from the logs of separate runs."""
    results: dict[int, dict[str, Any]] = {}
    for path in paths:
        for line in Path(path).read_text().splitlines():
            head, _, rest = line.partition(": ")
            if head.startswith("fold ") and rest.startswith("{"):
                results[int(head.split()[1])] = json.loads(rest)
    summarise(results)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
