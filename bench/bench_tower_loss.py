"""Dice tower: how long until the link notices a pulled cable and a silent tower.

The real bridge (``firmware_bridge.service.TowerService``) serves the virtual tower
(``firmware_bridge.fake.VirtualTower``: the real firmware on a pseudo-terminal). For each run
the bench connects, then either pulls the cable (the pty closes) or freezes the tower (it sends
nothing while the pty stays open), and times from that moment to the link's ``lost`` state on
the monotonic clock. The link must notice a pulled cable at once (target: under 1 s) and a
silent tower after ``LinkTiming.lost_after_s`` (4 s) of silence (target: 3.5-5 s). The tests
check only what the link says and why (``tests/firmware_bridge/test_link.py``); the wall-clock
figures are this bench's.

Prints each run's seconds and the median per fault. Usage:
``.venv/bin/python bench/bench_tower_loss.py [--runs 5]``
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from firmware_bridge.fake import VirtualTower
from firmware_bridge.link import LinkState
from firmware_bridge.service import TowerService


def wait_for(condition: Callable[[], bool], timeout: float = 30.0) -> float:
    """Seconds until ``condition`` holds (polled every 5 ms); fails after ``timeout``."""
    started = time.monotonic()
    while not condition():
        if time.monotonic() - started > timeout:
            raise SystemExit(f"bench: condition not met within {timeout} s")
        time.sleep(0.005)
    return time.monotonic() - started


def one_loss(fault: str, seed: int) -> float:
    """Seconds from ``fault`` (``pull`` or ``silence``) to the link's lost state."""
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        tower = VirtualTower(folder / "tower", folder, seed=seed)
        tower.start()
        service = TowerService(folder / "companion.sqlite3", ports=[str(folder / "tower")],
                               patterns=[], seed=seed)
        service.start()
        try:
            wait_for(lambda: service.status().connected)
            if fault == "pull":
                tower.unplug(2.0)
            else:
                tower.freeze(6.0)
            return wait_for(lambda: service.status().state is LinkState.LOST)
        finally:
            service.stop()
            tower.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    print(f"machine: {platform.machine()} {platform.processor() or ''}, python "
          f"{platform.python_version()}")
    for fault, target in (("pull", "< 1 s"), ("silence", "3.5-5 s")):
        seconds = [one_loss(fault, seed) for seed in range(args.runs)]
        shown = ", ".join(f"{s:.2f}" for s in seconds)
        print(f"{fault}: runs {shown} s; median {statistics.median(seconds):.2f} s"
              f" (target {target})")


if __name__ == "__main__":
    main()
