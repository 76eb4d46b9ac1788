"""Train the card embedder on real card photos as well as drawn cards (a dev-time script).

``tools/train_cards.py embed`` learns from procedurally drawn cards only; its embedder told
real SET cards apart badly on table photos (issue 22: 59% of the cards of
``../shared/data/cards/set_tables`` top-1 with the reader's own crops). This script adds real
photos: a folder of real rectified crops, ``DIR/<class>/*.jpg`` (for us
``../shared/data/cards/set_cards/images``, 10 photos a class taken on different days, light
and cameras). Each batch holds

* procedural families (a design and 3 siblings that differ in one detail), two photo-like views
  of each, as before; and
* real classes in *look-alike groups*: a class and the classes whose name differs from it in
  one ``-``-separated part (``2-red-empty-ovals`` and ``2-red-striped-ovals``), two views
  each, each view one of the class's real photos, put on a table texture behind the card's
  rounded corners, seen through an imperfect rectification, with light jitter.

Supervised contrastive loss over the whole batch. ``--hold-out K`` keeps every class whose
sorted index is ``0 mod K`` out of training, so a one-shot figure on those classes is on card
types the network never saw (the figure issue 22 asks for: a new card set learned by
enrollment, not by training). Batches are made by ``--workers`` processes. Writes
``card_embedder.onnx`` to ``--out`` and the state dict to ``--save``.

```
python tools/train_embedder_real.py --real ../shared/data/cards/set_cards/images \
    --minutes 4 --workers 12 --device cuda --out /tmp/emb [--hold-out 3]
```
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

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

from train_cards import FAMILY, Embedder, export, photo_view, supcon  # noqa: E402

from companion.vision.cards import embedding as emb  # noqa: E402
from companion.vision.cards import procedural as proc  # noqa: E402
from companion.vision.cards import tableau as tab  # noqa: E402

#: Procedural families and real look-alike groups in one batch.
PROC_FAMILIES = 12
REAL_GROUPS = 6
#: At most this many classes of a look-alike group go into a batch.
GROUP_MAX = 5


def real_classes(folder: Path, hold_out: int) -> tuple[list[list[np.ndarray]], list[str]]:
    """The training classes' photos (every class whose sorted index is 0 mod ``hold_out``
    left out when ``hold_out`` > 0) and their names."""
    names = sorted(p.name for p in folder.iterdir() if p.is_dir())
    kept = [n for i, n in enumerate(names) if hold_out <= 0 or i % hold_out != 0]
    photos = [[cv2.imread(str(f)) for f in sorted((folder / n).glob("*.jpg"))] for n in kept]
    return photos, kept


def look_alikes(names: list[str]) -> list[list[int]]:
    """For each class, the classes whose name differs in exactly one ``-`` part."""
    parts = [n.split("-") for n in names]
    return [[j for j, q in enumerate(parts) if len(q) == len(p)
             and sum(a != b for a, b in zip(p, q, strict=True)) == 1] for p in parts]


def real_view(photo: np.ndarray, rng: np.random.Generator, table: np.ndarray) -> np.ndarray:
    """A real crop as the reader would cut it from another photo (a little rotation of the
    card in its crop, the table at its corners, light), at a random card width."""
    width = int(rng.integers(70, 150))
    card = cv2.resize(photo, (width, round(width * photo.shape[0] / photo.shape[1])),
                      interpolation=cv2.INTER_AREA)
    if rng.random() < 0.5:
        card = cv2.rotate(card, cv2.ROTATE_180)
    return photo_view(card, rng, table)


class Batches(torch.utils.data.IterableDataset):  # type: ignore[type-arg]
    """Endless training batches: (NCHW input, labels), made in a worker process."""

    def __init__(self, cards: list[np.ndarray], photos: list[list[np.ndarray]],
                 groups: list[list[int]], seed: int) -> None:
        self.cards, self.photos, self.groups, self.seed = cards, photos, groups, seed

    def __iter__(self):  # type: ignore[no-untyped-def]
        info = torch.utils.data.get_worker_info()
        rng = np.random.default_rng([self.seed, info.id if info else 0])
        tables = [tab.render_table(rng, 96, 128) for _ in range(100)]
        while True:
            yield self.batch(rng, tables)

    def batch(self, rng: np.random.Generator, tables: list[np.ndarray]
              ) -> tuple[torch.Tensor, torch.Tensor]:
        crops: list[np.ndarray] = []
        labels: list[int] = []
        families = len(self.cards) // FAMILY
        for f in rng.choice(families, PROC_FAMILIES, replace=False):
            for k in range(FAMILY):
                for _ in range(2):
                    crops.append(photo_view(self.cards[f * FAMILY + k], rng,
                                            tables[int(rng.integers(len(tables)))]))
                    labels.append(int(f * FAMILY + k))
        chosen: set[int] = set()
        for anchor in rng.choice(len(self.photos), REAL_GROUPS, replace=False):
            group = [int(anchor), *(int(j) for j in rng.permutation(self.groups[anchor]))]
            chosen.update(group[:GROUP_MAX])
        for c in chosen:
            for i in rng.choice(len(self.photos[c]), 2, replace=False):
                crops.append(real_view(self.photos[c][i], rng,
                                       tables[int(rng.integers(len(tables)))]))
                labels.append(len(self.cards) + c)
        return torch.from_numpy(emb.prepare(crops)), torch.tensor(labels)


def render_cards(designs: int) -> list[np.ndarray]:
    rng = np.random.default_rng(0)
    cards = []
    for f in range(designs // FAMILY):
        base = proc.random_design(f)
        members = [base] + [proc.mutate(base, f * 10 + k) for k in range(1, FAMILY)]
        width = int(rng.integers(80, 140))
        cards.extend(proc.render_card(d, width) for d in members)
    return cards


def train(args: argparse.Namespace) -> Embedder:
    torch.manual_seed(args.seed)
    photos, names = real_classes(args.real, args.hold_out)
    print(f"{len(names)} real classes, rendering {args.designs} designs", flush=True)
    data = Batches(render_cards(args.designs), photos, look_alikes(names), args.seed)
    loader = torch.utils.data.DataLoader(data, batch_size=None, num_workers=args.workers,
                                         prefetch_factor=4 if args.workers else None)
    net = Embedder().to(args.device)
    opt = torch.optim.AdamW(net.parameters(), args.lr, weight_decay=1e-4)
    start, total = time.time(), args.minutes * 60
    for step, (x, labels) in enumerate(loader, 1):
        done = (time.time() - start) / total
        if done >= 1:
            break
        for group in opt.param_groups:
            group["lr"] = args.lr * 0.5 * (1 + math.cos(math.pi * done))
        z = F.normalize(net(x.to(args.device)), dim=1)
        loss = supcon(z, labels.to(args.device), 0.1)
        opt.zero_grad()
        loss.backward()
        opt.step()
        if step % 50 == 0:
            print(f"step {step} loss {loss.item():.3f} {time.time() - start:.0f}s", flush=True)
    return net.cpu()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--real", type=Path, required=True, help="DIR/<class>/*.jpg real crops")
    parser.add_argument("--hold-out", type=int, default=0,
                        help="leave out every class whose sorted index is 0 mod this")
    parser.add_argument("--minutes", type=float, default=4.0)
    parser.add_argument("--designs", type=int, default=4000)
    parser.add_argument("--workers", type=int, default=8)
    parser.add_argument("--lr", type=float, default=2e-3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--device", default="cpu")
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--save", type=Path)
    args = parser.parse_args()
    cv2.setNumThreads(1)
    net = train(args)
    args.out.mkdir(parents=True, exist_ok=True)
    export(net, (1, 6, emb.INPUT_H, emb.INPUT_W), args.out / "card_embedder.onnx")
    if args.save:
        torch.save(net.state_dict(), args.save)
    return 0


if __name__ == "__main__":
    sys.exit(main())
