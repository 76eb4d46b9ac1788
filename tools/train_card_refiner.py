"""Train the card outline refiner (``card_refiner.onnx``) and export it (a dev-time script).

Needs PyTorch like ``tools/train_cards.py``. The network learns from synthetic tableaux of
procedurally drawn cards only (designs and scene seeds below ``TRAIN_SEED_LIMIT``, scenes from
:data:`SCENE_BASE`: never the seeds the tests and benches measure on). For every fully visible
card it sees crops (:func:`companion.vision.cards.refine.refiner_crop`) around rough quads:
the finder's own outline of that card, and the true outline disturbed (shifted, turned, scaled,
stretched over a neighbour, corners jittered; big and small disturbances, so the second pass
learns too). It answers the true corners as offsets from the rough quad's corners in the crop.

```
python tools/train_card_refiner.py data --scenes 600 --cache /tmp/refiner.npz
python tools/train_card_refiner.py train --cache /tmp/refiner.npz --minutes 25 --save r.pt
python tools/train_card_refiner.py data --kind band --scenes 600 --cache /tmp/bands.npz
python tools/train_card_refiner.py train --kind band --cache /tmp/bands.npz --minutes 25
```

Run single-threaded and niced on the shared machine (``nice -n 10 env OMP_NUM_THREADS=1``).
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
sys.path.insert(0, str(ROOT / "tools"))

from train_cards import export, stages  # noqa: E402

from companion.vision.cards import finder as fnd  # noqa: E402
from companion.vision.cards import procedural as proc  # noqa: E402
from companion.vision.cards import refine as ref  # noqa: E402
from companion.vision.cards import tableau as tab  # noqa: E402

SCENE_BASE = 200_000
#: Rough quads made per card by disturbing its true outline (besides the finder's own); bands
#: are fewer, so each gives more.
DISTURBED = {"full": 3, "band": 8}
#: The head's answers are scaled by this (offsets are a few hundredths of the crop): with
#: unscaled answers and an L1-like loss the network did not learn at all.
OUTPUT_SCALE = 0.1
#: Shares of the disturbed rough quads that spill over a neighbour on one side (big
#: disturbances only), and that have one end out of place along the long side (the finder's
#: commonest miss on whole cards: session 6 added these, 0.15 spills before).
SPILL = 0.2
ONE_END = 0.3
LEARNING_RATE = 1e-3


class Refiner(nn.Module):
    def __init__(self, spec: ref.CropSpec) -> None:
        super().__init__()
        self.body = stages(3, (16, 32, 48, 64))
        cells = (spec.width // 16) * (spec.height // 16)
        self.head = nn.Sequential(nn.Flatten(), nn.Linear(64 * cells, 192), nn.ReLU(inplace=True),
                                  nn.Linear(192, 8))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.head(self.body(x)) * OUTPUT_SCALE


# -- data -----------------------------------------------------------------------------------------


def scene_options(rng: np.random.Generator, kind: str, dense: float = 0.0
                  ) -> tab.SceneOptions:
    stacks = {"columns": 0.5, "pairs": 0.3} if kind == "band" else {}
    if rng.random() < dense:  # two players' rows of 8-12 touching cards, no stacks
        return tab.SceneOptions(players=(2, 2), cards_per_player=(8, 12), columns=0.0,
                                pairs=0.0)
    if rng.random() < 0.3:  # a phone over one player's cards
        return tab.SceneOptions(players=(1, 1), cards_per_player=(3, 12),
                                card_width=(130.0, 260.0), **stacks)
    return tab.SceneOptions(**stacks)


def disturbed(truth: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """The true outline moved, turned, scaled, stretched and jittered (corners keep their
    order); big or small disturbances."""
    s = 1.0 if rng.random() < 0.6 else 0.3
    centre = truth.mean(axis=0)
    short = float(np.linalg.norm(truth[1] - truth[0]))
    across = (truth[1] - truth[0]) / max(short, 1e-6)
    along = (truth[3] - truth[0]) / max(float(np.linalg.norm(truth[3] - truth[0])), 1e-6)
    local = np.stack([(truth - centre) @ across, (truth - centre) @ along], axis=1)
    local *= np.exp(rng.normal(0, 0.1 * s, 2))
    if s == 1.0 and rng.random() < SPILL:  # spilling over a neighbour on one side
        axis, sign = int(rng.integers(2)), float(rng.choice([-1.0, 1.0]))
        grow = rng.uniform(0.2, 0.8)
        extent = local[:, axis].max() - local[:, axis].min()
        moved = local[:, axis] * sign > 0
        local[moved, axis] += sign * grow * extent
    elif rng.random() < ONE_END:  # one end out of place along the long side: a neighbour's
        sign = float(rng.choice([-1.0, 1.0]))  # band taken in, or a header taken for an edge
        extent = local[:, 1].max() - local[:, 1].min()
        moved = local[:, 1] * sign > 0
        local[moved, 1] += sign * rng.uniform(-0.25, 0.3) * extent
    angle = math.radians(rng.normal(0, 6 * s))
    rot = np.array([[math.cos(angle), -math.sin(angle)], [math.sin(angle), math.cos(angle)]])
    local = local @ rot.T
    out = centre + local[:, :1] * across + local[:, 1:] * along
    out += rng.normal(0, 0.1 * s * short, 2) + rng.normal(0, 0.03 * s * short, (4, 2))
    return out.astype(np.float32)


def aligned(truth: np.ndarray, rough: np.ndarray) -> np.ndarray:
    """The true corners rolled to start where the rough quad's first corner is."""
    rolls = [np.roll(truth, k, axis=0) for k in range(4)]
    return min(rolls, key=lambda t: float(np.linalg.norm(t - rough, axis=1).sum()))


def samples_of(image: np.ndarray, truth: np.ndarray, roughs: list[np.ndarray],
               spec: ref.CropSpec) -> tuple[list[np.ndarray], list[np.ndarray]]:
    crops, targets = [], []
    base = spec.base_corners()
    for rough in roughs:
        rough = fnd.clockwise(rough.astype(np.float32))
        rough = fnd.portrait(rough) if spec is ref.FULL_CROP else fnd._landscape(rough)
        crop, h = ref.refiner_crop(image, rough, spec)
        target = ref.crop_corners(h, aligned(truth, rough), spec) - base
        if np.all(np.isfinite(target)) and float(np.abs(target).max()) < 1.5:
            crops.append(crop)
            targets.append(target.reshape(-1))
    return crops, targets


def band_truth(t: tab.Tableau, i: int) -> np.ndarray | None:
    """The visible band of card ``i`` (free edge first), from the instance map: the card's
    top edge and the line across the card through its visible part's lowest reach."""
    whole = np.asarray(t.cards[i].quad, np.float32)
    ys, xs = np.nonzero(t.instances == i + 1)
    if len(xs) < 20:
        return None
    axis = whole[3] - whole[0]
    length = float(np.linalg.norm(axis))
    reach = (np.stack([xs, ys], axis=1) - whole[0]) @ (axis / length)
    share = float(np.percentile(reach, 99)) / length
    if not 0.1 <= share <= 0.6:
        return None
    return np.stack([whole[0], whole[1], whole[1] + (whole[2] - whole[1]) * share,
                     whole[0] + axis * share]).astype(np.float32)


def make_data(scenes: int, seed: int, cache: Path, kind: str, scene_base: int = SCENE_BASE,
              dense: float = 0.0) -> None:
    rng = np.random.default_rng(seed)
    spec = ref.FULL_CROP if kind == "full" else ref.BAND_CROP
    finder = fnd.CardFinder(refiner=None)
    crops: list[np.ndarray] = []
    targets: list[np.ndarray] = []
    start = time.time()
    for s in range(scenes):
        deck = [proc.random_design(int(rng.integers(0, proc.TRAIN_SEED_LIMIT)))
                for _ in range(12)]
        t = tab.render_tableau(scene_base + s, deck, scene_options(rng, kind, dense))
        h, w = t.instances.shape
        found: dict[int, np.ndarray] = {}
        for piece in finder.find(t.image):
            cx, cy = np.clip(piece.quad.mean(0), 0, (w - 1, h - 1))
            ident = int(t.instances[round(cy), round(cx)]) - 1
            if piece.kind == kind and ident >= 0:
                found.setdefault(ident, piece.quad)
        for i, card in enumerate(t.cards):
            if card.visible != kind:
                continue
            truth = (np.asarray(card.quad, np.float32) if kind == "full"
                     else band_truth(t, i))
            if truth is None:
                continue
            roughs = [disturbed(truth, rng) for _ in range(DISTURBED[kind])]
            if i in found:
                roughs.append(found[i])
            c, g = samples_of(t.image, truth, roughs, spec)
            crops += c
            targets += g
        if s % 25 == 0:
            print(f"scene {s}: {len(crops)} samples, {time.time() - start:.0f}s", flush=True)
    np.savez(cache, crops=np.stack(crops), targets=np.stack(targets).astype(np.float32))
    print(f"wrote {cache}: {len(crops)} samples", flush=True)


# -- training -------------------------------------------------------------------------------------


def train(cache: Path, minutes: float, seed: int, init: Path | None,
          spec: ref.CropSpec, rate: float = LEARNING_RATE) -> Refiner:
    data = np.load(cache)
    crops, targets = data["crops"], data["targets"]
    held = len(crops) // 20
    rng = np.random.default_rng(seed)
    torch.manual_seed(seed)
    net = Refiner(spec)
    if init is not None and init.suffix == ".onnx":
        load_onnx(net, init)
    elif init is not None:
        net.load_state_dict(torch.load(init))
    opt = torch.optim.AdamW(net.parameters(), rate, weight_decay=1e-4)
    start, total, step = time.time(), minutes * 60, 0
    net.train()
    frozen_norms(net)
    while time.time() - start < total:
        lr = rate * 0.5 * (1 + math.cos(math.pi * min(1.0, (time.time() - start) / total)))
        for group in opt.param_groups:
            group["lr"] = lr
        idx = rng.integers(held, len(crops), 64)
        x = crops[idx].astype(np.float32) * rng.uniform(0.75, 1.25, (64, 1, 1, 3))
        x = torch.from_numpy(np.clip(x, 0, 255) / 127.5 - 1).float().permute(0, 3, 1, 2)
        y = torch.from_numpy(targets[idx])
        loss = F.smooth_l1_loss(net(x), y, beta=0.1)
        opt.zero_grad()
        loss.backward()
        opt.step()
        step += 1
        if step % 100 == 0:
            print(f"step {step} loss {loss.item():.5f} lr {lr:.5f} held-out corner error "
                  f"{held_out(net, crops[:held], targets[:held]):.4f} "
                  f"{time.time() - start:.0f}s", flush=True)
            net.train()
            frozen_norms(net)
    return net


def load_onnx(net: Refiner, path: Path) -> None:
    """``net`` given an exported refiner's weights (its ONNX file: the batch norms folded
    into the convolutions). Each batch norm becomes the folded bias alone (mean 0, variance
    1, scale 1) and stays frozen (:func:`frozen_norms`): fine-tuning a shipped model whose
    training state was not kept."""
    import onnx
    from onnx import numpy_helper

    model = onnx.load(str(path))
    weights = {i.name: numpy_helper.to_array(i) for i in model.graph.initializer}
    convs = [n for n in model.graph.node if n.op_type == "Conv"]
    layers = [m for m in net.body.modules() if isinstance(m, nn.Sequential) and len(m) == 3]
    assert len(convs) == len(layers), (len(convs), len(layers))
    with torch.no_grad():
        for node, (conv, norm, _) in zip(convs, layers, strict=True):
            conv.weight.copy_(torch.from_numpy(weights[node.input[1]]))
            norm.running_mean.zero_()
            norm.running_var.fill_(1.0 - norm.eps)
            norm.weight.fill_(1.0)
            norm.bias.copy_(torch.from_numpy(weights[node.input[2]]))
        for name, param in net.head.named_parameters():
            param.copy_(torch.from_numpy(weights[f"head.{name}"]))
    net.frozen_norms = True


def frozen_norms(net: Refiner) -> None:
    """Batch norms of a net loaded by :func:`load_onnx` keep their statistics (eval mode)."""
    if getattr(net, "frozen_norms", False):
        for m in net.body.modules():
            if isinstance(m, nn.BatchNorm2d):
                m.eval()


def held_out(net: Refiner, crops: np.ndarray, targets: np.ndarray) -> float:
    """Median worst-corner error on held-out samples, as a share of the crop's width."""
    net.eval()
    with torch.no_grad():
        x = torch.from_numpy(crops[:512].astype(np.float32) / 127.5 - 1).permute(0, 3, 1, 2)
        out = net(x).numpy().reshape(-1, 4, 2)
    err = np.abs(out - targets[:512].reshape(-1, 4, 2)).max(axis=(1, 2))
    return float(np.median(err))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("stage", choices=["data", "train"])
    parser.add_argument("--kind", choices=["full", "band"], default="full",
                        help="whole cards (card_refiner.onnx) or bands (card_band_refiner.onnx)")
    parser.add_argument("--scenes", type=int, default=500)
    parser.add_argument("--cache", type=Path, required=True)
    parser.add_argument("--minutes", type=float, default=30.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--init", type=Path, help="weights to start from: a saved state "
                        "(.pt) or an exported model (.onnx, batch norms then frozen)")
    parser.add_argument("--lr", type=float, default=LEARNING_RATE,
                        help="peak learning rate (cosine decay); lower to fine-tune")
    parser.add_argument("--scene-base", type=int, default=SCENE_BASE,
                        help="seed of the first data scene (below 1,000,000)")
    parser.add_argument("--dense", type=float, default=0.0,
                        help="share of data scenes with two rows of touching cards")
    parser.add_argument("--save", type=Path)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    cv2.setNumThreads(1)
    torch.set_num_threads(1)
    if args.stage == "data":
        make_data(args.scenes, args.seed, args.cache, args.kind, args.scene_base, args.dense)
        return 0
    spec = ref.FULL_CROP if args.kind == "full" else ref.BAND_CROP
    net = train(args.cache, args.minutes, args.seed, args.init, spec, args.lr)
    if args.save:
        torch.save(net.state_dict(), args.save)
    out = args.out or (ref.REFINER_FILE if args.kind == "full" else ref.BAND_REFINER_FILE)
    export(net, (1, 3, spec.height, spec.width), out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
