"""The soak: the virtual tower against the real bridge over a paced pty, with faults.

:func:`run_soak` throws ``rolls`` rolls into a :class:`~firmware_bridge.fake.VirtualTower`
(per-frame faults at ``faults``, ``unplugs`` cable pulls and ``resets`` tower resets at seeded
moments) while a :class:`~firmware_bridge.service.TowerService` commits them to a fresh SQLite
inbox, then compares what was thrown with what was committed. Each throw's faces encode its
index (base 6 over enough dice), so a lost, duplicated or reordered roll is seen exactly.

How the events land, so that each one tests the link rather than physics:

* a cable pull without power cut comes right after a throw (the tower queues the roll while
  nobody listens, and must deliver it after the replug);
* a pull with power cut (odd-numbered pulls) and a tower reset come while the dice are still
  moving, once the tower has marked the motion in flash (a die that starts and stops while
  the tower is off cannot be seen by any tower);
* the player throws again only once the tower has queued the previous throw (the dice must be
  picked up), and only while the tower has room in its queue.

The result is a dict (the last stdout line of ``python -m firmware_bridge soak``): ``sent``,
``recorded``, ``lost``, ``duplicated``, ``reordered``, ``reconnects``, ``p50_ms``/``p99_ms``
(settled roll to durable commit), ``loss_detected_within_5s`` and details.
"""

from __future__ import annotations

import math
import random
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from firmware_bridge.fake import FaultPlan, VirtualTower
from firmware_bridge.inbox import StoredRoll
from firmware_bridge.service import TowerService


def dice_for(rolls: int) -> int:
    """How many dice encode ``rolls`` distinct throws (at least 2, at most 8)."""
    return min(8, max(2, math.ceil(math.log(max(rolls, 2), 6))))


def encode_index(index: int, dice: int) -> tuple[int, ...]:
    """Throw ``index`` as faces: its base-6 digits, plus one."""
    faces = []
    for _ in range(dice):
        faces.append(index % 6 + 1)
        index //= 6
    return tuple(faces)


def decode_values(values: tuple[int, ...]) -> int:
    return sum((v - 1) * 6 ** k for k, v in enumerate(values))


def percentile(values: list[float], q: float) -> float:
    """The ``q``-quantile (nearest rank) of ``values``; 0 when empty."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q * len(ordered)) - 1)]


def _wait(condition: Callable[[], bool], timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.001)
    return True


def schedule_events(rolls: int, unplugs: int, resets: int, rng: random.Random) -> dict[int, str]:
    """Roll index -> ``unplug``/``reset``, spread evenly with a little jitter."""
    kinds = ["unplug"] * unplugs + ["reset"] * resets
    rng.shuffle(kinds)
    width = rolls / (len(kinds) + 1)
    out: dict[int, str] = {}
    for j, kind in enumerate(kinds):
        at = int((j + 1) * width + rng.uniform(-width / 4, width / 4))
        while at in out:
            at += 1
        out[min(max(at, 1), rolls - 1)] = kind
    return out


def run_soak(
    rolls: int,
    faults: float,
    unplugs: int,
    seed: int = 0,
    resets: int = 1,
    *,
    gap_s: tuple[float, float] = (0.003, 0.015),
    settle_s: tuple[float, float] = (0.005, 0.03),
    workdir: Path | None = None,
    progress: Callable[[str], None] | None = None,
) -> dict[str, Any]:
    """Run the soak; see the module docstring. ``workdir`` (default: a temp dir) holds the
    pty symlink, the tower's flash file and the SQLite file."""
    if workdir is None:
        with tempfile.TemporaryDirectory(prefix="tower-soak-") as tmp:
            return run_soak(rolls, faults, unplugs, seed, resets, gap_s=gap_s,
                            settle_s=settle_s, workdir=Path(tmp), progress=progress)
    rng = random.Random(seed)
    dice = dice_for(rolls)
    tower = VirtualTower(workdir / "tower", workdir, faults=FaultPlan(faults, seed + 1),
                         seed=seed + 2)
    service = TowerService(workdir / "companion.sqlite3", ports=[str(workdir / "tower")],
                           patterns=[], seed=seed + 3)
    committed: list[tuple[float, StoredRoll]] = []
    lock = threading.Lock()

    def on_roll(stored: StoredRoll) -> None:
        now = time.monotonic()
        with lock:
            committed.append((now, stored))

    service.add_listener(on_roll)
    events = schedule_events(rolls, unplugs, resets, rng)
    pulls: list[tuple[float, str]] = []
    settled: dict[int, float] = {}
    started = time.monotonic()
    stuck = ""
    pull_count = 0
    tower.start()
    service.start()
    try:
        room = tower.capacity - 2
        for i in range(rolls):
            if not _wait(lambda: tower.powered and (tower.queue_depth() or 0) < room, 30):
                stuck = f"the tower had no room for throw {i}"
                break
            kind = events.get(i)
            power_cut = False
            if kind == "unplug":
                pull_count += 1
                power_cut = pull_count % 2 == 0
            mid_roll = kind == "reset" or power_cut
            if kind is not None:
                _wait(lambda: service.status().connected, 30)
            generation, settles_at = tower.tray.throw(
                encode_index(i, dice), 0.15 if mid_roll else rng.uniform(*settle_s))
            settled[i] = settles_at
            if kind is not None:
                if mid_roll:
                    _wait(lambda g=generation: tower.motion_marked()  # type: ignore[misc]
                          or tower.tray.reported == g, 1.0)
                pulls.append((time.monotonic(), kind))
                if kind == "reset":
                    tower.reset()
                else:
                    tower.unplug(rng.uniform(0.2, 0.8), power_cut=power_cut)
            if not _wait(lambda g=generation: tower.tray.reported == g, 30):  # type: ignore[misc]
                stuck = f"the tower never reported throw {i}"
                break
            if progress is not None and (i + 1) % 100 == 0:
                progress(f"soak: {i + 1}/{rolls} thrown, {len(committed)} committed")
            time.sleep(rng.uniform(*gap_s))
        sent = len(settled)
        _wait(lambda: len({decode_values(s.roll.values) for _, s in committed}) >= sent, 60)
        time.sleep(0.3)  # let late duplicates show themselves
    finally:
        service.link.stop()
        rows = service.inbox.rolls(limit=10 * max(rolls, 1))
        status = service.status()
        link_events = service.link.events()
        service.stop()
        tower.stop()
    return _summary(rolls, sent, faults, seed, rows, committed, settled, pulls, link_events,
                    status, tower, time.monotonic() - started, stuck)


def _summary(rolls: int, sent: int, faults: float, seed: int, rows: list[StoredRoll],
             committed: list[tuple[float, StoredRoll]],
             settled: dict[int, float], pulls: list[tuple[float, str]], link_events: list[Any],
             status: Any, tower: VirtualTower, duration: float, stuck: str) -> dict[str, Any]:
    order = [decode_values(r.roll.values) for r in rows]
    distinct = set(order)
    reordered = 0
    highest = -1
    for index in order:
        if index < highest:
            reordered += 1
        highest = max(highest, index)
    latencies = []
    seen: set[int] = set()
    for t, stored in committed:
        index = decode_values(stored.roll.values)
        if index in settled and index not in seen:
            seen.add(index)
            latencies.append((t - settled[index]) * 1000.0)
    detect = []
    for t, _kind in pulls:
        lost = [e.time - t for e in link_events if e.kind == "lost" and e.time >= t]
        detect.append(min(lost) if lost else math.inf)
    lost_count = len({i for i in range(sent)} - distinct)
    duplicated = len(order) - len(distinct)
    result: dict[str, Any] = {
        "sent": sent,
        "recorded": len(order),
        "lost": lost_count,
        "duplicated": duplicated,
        "reordered": reordered,
        "in_order": order == list(range(sent)),
        "reconnects": status.reconnects,
        "p50_ms": round(percentile(latencies, 0.50), 2),
        "p99_ms": round(percentile(latencies, 0.99), 2),
        "max_ms": round(max(latencies, default=0.0), 2),
        "loss_detected_within_5s": all(d <= 5.0 for d in detect),
        "loss_detect_max_s": round(max(detect, default=0.0), 3),
        "rolls": rolls,
        "faults": faults,
        "unplugs": sum(1 for _, k in pulls if k == "unplug"),
        "resets": sum(1 for _, k in pulls if k == "reset"),
        "seed": seed,
        "frames_faulted": dict(sorted(tower.faults.counts.items())),
        "host_frame_errors": status.frame_errors,
        "duplicates_acked_again": status.duplicates,
        "tower_boots": tower.stats["boots"],
        "duration_s": round(duration, 1),
    }
    if stuck:
        result["error"] = stuck
    result["ok"] = (not stuck and lost_count == 0 and duplicated == 0 and reordered == 0
                    and sent == rolls)
    return result
