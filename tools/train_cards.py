"""Train the card reader's two networks and export them to ONNX (a dev-time script).

Needs PyTorch (CPU: ``pip install torch==2.13.0 onnx``) besides the project; the service only
runs the exported files with ``cv2.dnn``. Both networks learn from procedurally drawn cards
only (``companion/vision/cards/procedural.py``, :func:`random_design` seeds below
``TRAIN_SEED_LIMIT``; synthetic tableaux with seeds below ``TRAIN_SEED_LIMIT``): no real photo
is used, so every figure measured on ``../shared/data/cards/set_cards`` is on photos the
networks never saw.

```
python tools/train_cards.py embed [--minutes 15] [--designs 4000]   # card_embedder.onnx
python tools/train_cards.py finder [--minutes 15] [--scenes 400]    # card_finder.onnx
```

Each run stops after ``--minutes`` of wall time; ``--save FILE.pt`` keeps the weights and
``--init FILE.pt`` continues from them, so a network is trained as a chain of short runs;
``--scene-cache FILE.npz`` keeps the finder's rendered scenes between runs. ``--out`` chooses
where the ``.onnx`` goes (default: ``companion/vision/models/``). How the shipped files were
made: ``companion/vision/models/README.md``.

Run single-threaded and niced on the shared machine:
``nice -n 10 env OMP_NUM_THREADS=1 PYTHONPATH=. /work/trainenv/bin/python tools/train_cards.py``.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

import cv2
import numpy as np
import torch
import torch.nn.functional as F
from torch import nn

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from companion.vision.cards import embedding as emb  # noqa: E402
from companion.vision.cards import finder as fnd  # noqa: E402
from companion.vision.cards import procedural as proc  # noqa: E402
from companion.vision.cards import tableau as tab  # noqa: E402

MODELS = ROOT / "companion" / "vision" / "models"


# -- embedding data ------------------------------------------------------------------------------


def photo_view(card: np.ndarray, rng: np.random.Generator, table: np.ndarray) -> np.ndarray:
    """A card as a camera and an imperfect rectification would show it (same size out)."""
    h, w = card.shape[:2]
    mask = proc.card_mask(w, h)
    # put it on the table, seen through a slightly off rectification
    pad = int(w * 0.1)
    big = cv2.resize(table, (w + 2 * pad, h + 2 * pad))
    big[pad:pad + h, pad:pad + w][mask > 0] = card[mask > 0]
    src = np.array([[pad, pad], [pad + w, pad], [pad + w, pad + h], [pad, pad + h]], np.float32)
    src += rng.normal(0, 0.03, (4, 2)).astype(np.float32) * (w, h) * rng.uniform(0.2, 1.0)
    dst = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)
    m = cv2.getPerspectiveTransform(src.astype(np.float32), dst)
    out = cv2.warpPerspective(big, m, (w, h), flags=cv2.INTER_LINEAR)
    # light: gain, colour cast, gradient, gamma
    x = out.astype(np.float32) / 255
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    a = rng.uniform(0, 2 * math.pi)
    ramp = (xx * math.cos(a) + yy * math.sin(a)) / max(w, h)
    gain = rng.uniform(0.45, 1.25) * (1 + rng.uniform(-0.4, 0.4) * ramp)
    cast = rng.uniform(0.7, 1.3, 3).astype(np.float32)
    x = np.clip(x * gain[..., None] * cast, 0, 1) ** rng.uniform(0.7, 1.4)
    if rng.random() < 0.3:  # a soft shadow
        cx, cy = rng.uniform(0, w), rng.uniform(0, h)
        r = rng.uniform(0.2, 0.7) * w
        sh = np.exp(-((xx - cx) ** 2 + (yy - cy) ** 2) / (2 * r * r))
        x *= (1 - rng.uniform(0.2, 0.5) * sh)[..., None]
    out = (x * 255).astype(np.uint8)
    return tab.degrade(out, rng, blur=1.6, noise=8.0)


def band_share(rng: np.random.Generator) -> float | None:
    return float(rng.uniform(0.17, 0.42)) if rng.random() < 0.3 else None


def view(card: np.ndarray, rng: np.random.Generator, table: np.ndarray,
         share: float | None) -> np.ndarray:
    v = photo_view(card, rng, table)
    if share is not None:
        v = emb.top_band(v, share + rng.uniform(-0.03, 0.03))
    return v


# -- networks -------------------------------------------------------------------------------------


def conv_bn(i: int, o: int, stride: int = 1, dilation: int = 1) -> nn.Sequential:
    return nn.Sequential(nn.Conv2d(i, o, 3, stride, dilation, dilation=dilation, bias=False),
                         nn.BatchNorm2d(o), nn.ReLU(inplace=True))


def stages(inputs: int, widths: tuple[int, ...]) -> nn.Sequential:
    """One stage per width: a strided 3x3 convolution to that width, then one more."""
    layers: list[nn.Module] = []
    for width in widths:
        layers += [conv_bn(inputs, width, 2), conv_bn(width, width)]
        inputs = width
    return nn.Sequential(*layers)


class Embedder(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.body = stages(6, (24, 48, 80, 128))
        self.head = nn.Linear(256, emb.NET_DIM)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        f = self.body(x)
        pooled = torch.cat([f.mean((2, 3)), f.amax((2, 3))], 1)
        return self.head(pooled)


class Finder(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.e1 = nn.Sequential(conv_bn(3, 16, 2), conv_bn(16, 16))        # /2
        self.e2 = nn.Sequential(conv_bn(16, 32, 2), conv_bn(32, 32))       # /4
        self.e3 = nn.Sequential(conv_bn(32, 48, 2), conv_bn(48, 48))       # /8
        self.e4 = nn.Sequential(conv_bn(48, 64, 2), conv_bn(64, 64, dilation=2),
                                conv_bn(64, 64, dilation=4))              # /16
        self.up = nn.Upsample(scale_factor=2, mode="nearest")
        self.d3 = conv_bn(64 + 48, 48)
        self.d2 = conv_bn(48 + 32, 24)
        self.d1 = nn.Sequential(nn.Conv2d(24 + 16, 16, 1, bias=False), nn.BatchNorm2d(16),
                                nn.ReLU(inplace=True), conv_bn(16, 16))
        self.out = nn.Conv2d(16, 3, 1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        a = self.e1(x)
        b = self.e2(a)
        c = self.e3(b)
        d = self.e4(c)
        y = self.d3(torch.cat([self.up(d), c], 1))
        y = self.d2(torch.cat([self.up(y), b], 1))
        y = self.d1(torch.cat([self.up(y), a], 1))
        return self.out(y)


def export(net: nn.Module, shape: tuple[int, ...], path: Path) -> None:
    net.eval()
    torch.onnx.export(net, torch.zeros(shape), str(path), dynamo=False, opset_version=13,
                      input_names=["image"], output_names=["out"],
                      dynamic_axes={"image": {0: "n", 2: "h", 3: "w"}, "out": {0: "n"}})
    print(f"wrote {path} ({path.stat().st_size // 1024} KB)", flush=True)


# -- training -------------------------------------------------------------------------------------


FAMILY = 4  # a design and 3 siblings (procedural.mutate), rendered together


def train_embedder(minutes: float, designs: int, seed: int,
                   init: Path | None = None) -> Embedder:
    """Supervised contrastive training: each batch holds whole families (a design and its
    siblings, which differ in one detail), two photo-like views of each design."""
    rng = np.random.default_rng(seed)
    torch.manual_seed(seed)
    families = designs // FAMILY
    print(f"rendering {families} families of {FAMILY}", flush=True)
    cards = []
    for f in range(families):
        base = proc.random_design(f)
        members = [base] + [proc.mutate(base, f * 10 + k) for k in range(1, FAMILY)]
        width = int(rng.integers(80, 140))
        cards.extend(proc.render_card(d, width) for d in members)
    tables = [tab.render_table(rng, 96, 128) for _ in range(200)]
    net = Embedder()
    if init is not None:
        net.load_state_dict(torch.load(init))
    opt = torch.optim.AdamW(net.parameters(), 2e-3, weight_decay=1e-4)
    per_batch = 12  # families
    start = time.time()
    step = 0
    total_s = minutes * 60
    while time.time() - start < total_s:
        lr = 2e-3 * 0.5 * (1 + math.cos(math.pi * min(1.0, (time.time() - start) / total_s)))
        for group in opt.param_groups:
            group["lr"] = lr
        chosen = rng.choice(families, per_batch, replace=False)
        ids = [f * FAMILY + k for f in chosen for k in range(FAMILY)]
        crops = []
        for i in ids:
            share = band_share(rng)
            for _ in range(2):
                table = tables[int(rng.integers(len(tables)))]
                crops.append(view(cards[i], rng, table, share))
        x = torch.from_numpy(emb.prepare(crops))
        z = F.normalize(net(x), dim=1)
        labels = torch.from_numpy(np.repeat(np.arange(len(ids)), 2))
        loss = supcon(z, labels, 0.1)
        opt.zero_grad()
        loss.backward()
        opt.step()
        step += 1
        if step % 25 == 0:
            print(f"embed step {step} loss {loss.item():.3f} lr {lr:.5f} "
                  f"{time.time() - start:.0f}s", flush=True)
    return net


def supcon(z: torch.Tensor, labels: torch.Tensor, t: float) -> torch.Tensor:
    sim = z @ z.T / t
    n = len(z)
    eye = torch.eye(n, dtype=torch.bool, device=z.device)
    sim = sim.masked_fill(eye, -1e9)
    pos = (labels[:, None] == labels[None]) & ~eye
    logp = sim - torch.logsumexp(sim, 1, keepdim=True)
    return -(logp * pos).sum(1).div(pos.sum(1)).mean()


def scene_options(rng: np.random.Generator, columns: float = 0.25) -> tab.SceneOptions:
    """A training scene's options; ``columns``: the chance that a stack is a column."""
    w, h = fnd.FINDER_LONG_SIDE, fnd.FINDER_LONG_SIDE * 9 // 16
    if rng.random() < 0.25:  # close-up: a phone over a few cards
        return tab.SceneOptions(width=w, height=h, players=(1, 1), cards_per_player=(1, 8),
                                card_width=(45, 110), blur=1.0, noise=5.0, columns=columns)
    if rng.random() < 0.3:
        return tab.SceneOptions(width=h, height=w, players=(1, 1), cards_per_player=(4, 15),
                                card_width=(22, 48), blur=0.8, noise=5.0, columns=columns)
    return tab.SceneOptions(width=w, height=h, cards_per_player=(6, 15), card_width=(22, 50),
                            blur=0.8, noise=5.0, columns=columns)


def scene_pool(scenes: int, seed: int, cache: Path | None,
               columns: float = 0.25) -> list[tuple[np.ndarray, np.ndarray]]:
    """Synthetic tableaux and their targets (read from ``cache`` if it holds them)."""
    if cache is not None and cache.is_file():
        data = np.load(cache)
        print(f"scenes from {cache}", flush=True)
        return list(zip(data["images"], data["targets"], strict=True))
    rng = np.random.default_rng(seed)
    print(f"rendering {scenes} scenes", flush=True)
    pool = []
    for s in range(scenes):
        deck = [proc.random_design(int(rng.integers(0, proc.TRAIN_SEED_LIMIT)))
                for _ in range(12)]
        t = tab.render_tableau(s, deck, scene_options(rng, columns))
        covered = {i + 1 for i, c in enumerate(t.cards) if c.visible == "band"}
        image, target = t.image, fnd.finder_targets(t.instances, covered)
        if image.shape[0] > image.shape[1]:  # portrait scenes: stored turned, like the rest
            image = np.ascontiguousarray(np.rot90(image))
            target = np.ascontiguousarray(np.rot90(target, axes=(1, 2)))
        pool.append((image, target))
    if cache is not None:
        np.savez(cache, images=np.stack([p[0] for p in pool]),
                 targets=np.stack([p[1] for p in pool]).astype(np.float16))
    print("rendered", flush=True)
    return pool


CORE_WEIGHT = 3.0  # the shipped finder: 2.0 and 0.5 for its first 3 runs, then 3.0 and 1.5
COVERED_WEIGHT = 1.5


def zoomed_crop(image: np.ndarray, target: np.ndarray, rng: np.random.Generator, crop: int,
                zoom: float) -> tuple[np.ndarray, np.ndarray]:
    """A ``crop`` x ``crop`` patch of a scene and its targets (at half resolution), the scene
    magnified by ``zoom`` (>= 1): cards as the reader sees them when it shrinks frames less
    than the training scenes were drawn (:data:`~companion.vision.cards.finder.READ_LONG_SIDE`).
    The targets are scale-free (probabilities, the core's normalised distance)."""
    h, w = image.shape[:2]
    side = round(crop / zoom / 2) * 2
    y0 = int(rng.integers(0, (h - side) // 2 + 1)) * 2
    x0 = int(rng.integers(0, (w - side) // 2 + 1)) * 2
    im = image[y0:y0 + side, x0:x0 + side]
    tg = target[:, y0 // 2:(y0 + side) // 2, x0 // 2:(x0 + side) // 2].astype(np.float32)
    if side != crop:
        im = cv2.resize(im, (crop, crop), interpolation=cv2.INTER_LINEAR)
        tg = np.stack([cv2.resize(t, (crop // 2, crop // 2), interpolation=cv2.INTER_LINEAR)
                       for t in tg])
    return im, tg


def train_finder(minutes: float, scenes: int, seed: int, init: Path | None = None,
                 cache: Path | None = None, lr_peak: float = 3e-3,
                 zoom: float = 1.0, columns: float = 0.25) -> Finder:
    rng = np.random.default_rng(seed)
    torch.manual_seed(seed)
    pool = scene_pool(scenes, seed, cache, columns)
    net = Finder()
    if init is not None:
        net.load_state_dict(torch.load(init))
    opt = torch.optim.AdamW(net.parameters(), lr_peak, weight_decay=1e-4)
    start = time.time()
    total_s = minutes * 60
    step = 0
    crop = 160
    while time.time() - start < total_s:
        lr = lr_peak * 0.5 * (1 + math.cos(math.pi * min(1.0, (time.time() - start) / total_s)))
        for group in opt.param_groups:
            group["lr"] = lr
        xs, ys = [], []
        for _ in range(16):
            image, target = pool[int(rng.integers(len(pool)))]
            z = float(rng.uniform(1.0, zoom)) if rng.random() < 0.7 else 1.0
            im, tg = zoomed_crop(image, target, rng, crop, z)
            k = int(rng.integers(4))
            im = np.rot90(im, k).copy()
            tg = np.rot90(tg, k, axes=(1, 2)).copy()
            gain = rng.uniform(0.7, 1.3, 3)
            im = np.clip(im * gain, 0, 255).astype(np.uint8)
            xs.append(im)
            ys.append(tg)
        x = torch.from_numpy(np.stack(xs).astype(np.float32) / 127.5 - 1).permute(0, 3, 1, 2)
        y = torch.from_numpy(np.stack(ys).astype(np.float32))
        out = net(x)
        loss = (F.binary_cross_entropy_with_logits(out[:, 0], y[:, 0])
                + CORE_WEIGHT * F.binary_cross_entropy_with_logits(out[:, 1], y[:, 1])
                + COVERED_WEIGHT * F.binary_cross_entropy_with_logits(out[:, 2], y[:, 2]))
        opt.zero_grad()
        loss.backward()
        opt.step()
        step += 1
        if step % 50 == 0:
            print(f"finder step {step} loss {loss.item():.4f} lr {lr:.5f} "
                  f"{time.time() - start:.0f}s", flush=True)
    return net


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("stage", choices=["embed", "finder"])
    parser.add_argument("--minutes", type=float, default=12.0)
    parser.add_argument("--designs", type=int, default=4000)
    parser.add_argument("--scenes", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=MODELS)
    parser.add_argument("--init", type=Path, help="continue from this state dict (.pt)")
    parser.add_argument("--save", type=Path, help="also write the state dict here (.pt)")
    parser.add_argument("--lr", type=float, default=3e-3, help="finder: peak learning rate")
    parser.add_argument("--zoom", type=float, default=1.0,
                        help="finder: scenes magnified by up to this (7 in 10 patches)")
    parser.add_argument("--columns", type=float, default=0.25,
                        help="finder: chance that a stack of the scenes is a column")
    parser.add_argument("--scene-cache", type=Path,
                        help="finder: keep the rendered scenes in this .npz (outside the repo)")
    args = parser.parse_args()
    torch.set_num_threads(1)
    cv2.setNumThreads(1)
    if args.stage == "embed":
        net: nn.Module = train_embedder(args.minutes, args.designs, args.seed, args.init)
        export(net, (1, 6, emb.INPUT_H, emb.INPUT_W), args.out / "card_embedder.onnx")
    else:
        net = train_finder(args.minutes, args.scenes, args.seed, args.init, args.scene_cache,
                           args.lr, args.zoom, args.columns)
        export(net, (1, 3, 288, 512), args.out / "card_finder.onnx")
    if args.save:
        torch.save(net.state_dict(), args.save)
    return 0


if __name__ == "__main__":
    sys.exit(main())
