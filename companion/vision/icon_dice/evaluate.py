"""Scoring the icon dice reader on synthetic frames with ground truth (tests and the bench).

A die of a scene is *right* when the reader reports a die within 0.4 dice of its centre with
its reading; *wrong* when the reading differs (``wrong_flagged``: and marked uncertain);
*missed* when no die is reported there. Reports matching no die are *extra*. Cocked dice
(leaning) are counted apart: their faces are foreshortened, and whether they were flagged
``cocked`` is what matters for them.

Seeds: the bench and the tests use table seeds from :data:`EVAL_SEED` on. Tuning used table
seeds 1-30, 20,000-20,119 and 50,000-50,199 (enrollment seeds 900-916); which ranges were
measured, once each, is in ``docs/PERFORMANCE.md``.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field

from companion.vision.icon_dice.matching import FaceSet
from companion.vision.icon_dice.reader import IconDiceReader
from companion.vision.icon_dice.scenes import render, table_scene

EVAL_SEED = 10_000


@dataclass
class Tally:
    dice: int = 0
    right: int = 0
    wrong: int = 0
    wrong_flagged: int = 0
    right_flagged: int = 0
    missed: int = 0
    extra: int = 0
    cocked: int = 0
    cocked_flagged: int = 0
    false_cocked: int = 0
    seconds: list[float] = field(default_factory=list)

    @property
    def accuracy(self) -> float:
        return self.right / max(1, self.dice)

    @property
    def unflagged_wrong(self) -> int:
        return self.wrong - self.wrong_flagged

    def line(self) -> str:
        ms = sorted(self.seconds)[len(self.seconds) // 2] * 1000 if self.seconds else 0.0
        return (f"{self.right}/{self.dice} flat faces right ({100 * self.accuracy:.2f}%), "
                f"wrong {self.wrong} (unflagged {self.unflagged_wrong}), missed {self.missed}, "
                f"extra {self.extra}, right but uncertain {self.right_flagged}; cocked "
                f"{self.cocked_flagged}/{self.cocked} flagged, {self.false_cocked} flat dice "
                f"flagged cocked; median {ms:.0f} ms a frame")


def score(faces: FaceSet, frames: int, start: int = EVAL_SEED, cocked_every: int = 4,
          players: int = 2) -> Tally:
    """Read ``frames`` seeded table frames (every ``cocked_every``-th with a leaning die)."""
    tally = Tally()
    for seed in range(start, start + frames):
        scene = table_scene(seed, players=players, cocked=seed % cocked_every == 0)
        image = render(scene)
        size = scene.dice[0].size if scene.dice else 60.0
        reader = IconDiceReader(faces, size)
        t0 = time.perf_counter()
        got = reader.read(image)
        tally.seconds.append(time.perf_counter() - t0)
        used: set[int] = set()
        for d in scene.dice:
            near = [i for i, e in enumerate(got) if i not in used and
                    math.hypot(e.centre[0] - d.x, e.centre[1] - d.y) < 0.4 * size]
            if d.tilt > 0:
                tally.cocked += 1
                if near:
                    used.add(near[0])
                    tally.cocked_flagged += got[near[0]].cocked
                continue
            tally.dice += 1
            if not near:
                tally.missed += 1
                continue
            e = got[near[0]]
            used.add(near[0])
            tally.false_cocked += e.cocked
            if e.reading == d.reading:
                tally.right += 1
                tally.right_flagged += e.uncertain
            else:
                tally.wrong += 1
                tally.wrong_flagged += e.uncertain or e.cocked
        tally.extra += len(got) - len(used)
    return tally
