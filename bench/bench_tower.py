"""Dice tower: settled roll to durable commit, over the virtual tower's paced pty.

The real tower firmware (``hardware/firmware/tower.py``, flash queue in a file) runs on a pty
paced like a 115200-baud line, in its own process (``python -m firmware_bridge simulate``: a
real tower is a separate microcontroller, so it should not share this process's interpreter
lock); the real bridge (``firmware_bridge.service.TowerService``: pyserial, SQLite inbox in WAL
mode with ``synchronous=FULL``) runs here, commits every roll and acknowledges it. The time
measured for a roll runs from the moment its dice stop moving in the virtual tray (the simulator
prints it) to the moment the bridge's commit returned, both on the machine's monotonic clock.
Rolls come one at a time, each ``--gap`` after the previous one was committed, so that they do
not queue behind each other: the figure is the latency of one roll, not of a backlog.
``--in-process`` runs tower and bridge in one process instead (``firmware_bridge.soak``).

Per fault rate (per frame, both directions: dropped, corrupted, duplicated or delayed frames, no
cable pulls), ``--runs`` runs of ``--rolls`` rolls each; the bench prints each run's p50/p99 and
the median of the runs. Target (no faults): p99 < 20 ms. Every run must also deliver every roll
exactly once and in order, or the bench fails.

Usage: ``.venv/bin/python bench/bench_tower.py [--runs 5] [--rolls 200] [--faults 0,0.01,0.05]
[--in-process]``
"""

from __future__ import annotations

import argparse
import os
import platform
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from firmware_bridge.inbox import StoredRoll
from firmware_bridge.service import TowerService
from firmware_bridge.soak import decode_values, encode_index, percentile, run_soak


def yardstick() -> float:
    """Microseconds for ``sum(range(1000))`` (the machine's speed right now)."""
    best = float("inf")
    for _ in range(200):
        start = time.perf_counter()
        sum(range(1000))
        best = min(best, time.perf_counter() - start)
    return best * 1e6


def fsync_rate(directory: Path, count: int = 200) -> float:
    with tempfile.TemporaryDirectory(dir=directory) as tmp:
        fd = os.open(Path(tmp) / "f", os.O_WRONLY | os.O_CREAT | os.O_APPEND)
        try:
            start = time.perf_counter()
            for _ in range(count):
                os.write(fd, b"x" * 512)
                os.fsync(fd)
            return count / (time.perf_counter() - start)
        finally:
            os.close(fd)


def one_run(rolls: int, rate: float, seed: int, gap: float) -> dict[str, Any]:
    """``rolls`` rolls through a ``simulate`` process at fault ``rate``: latency figures."""
    with tempfile.TemporaryDirectory(prefix="bench-tower-") as tmp:
        link = Path(tmp) / "tower"
        proc = subprocess.Popen(
            [sys.executable, "-m", "firmware_bridge", "simulate", "--link", str(link),
             "--flash", tmp, "--faults", str(rate), "--seed", str(seed), "--settle", "0.01"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        assert proc.stdin is not None and proc.stdout is not None
        service = TowerService(Path(tmp) / "companion.sqlite3", ports=[str(link)], patterns=[])
        commits: list[tuple[float, StoredRoll]] = []
        done = threading.Event()

        def on_roll(stored: StoredRoll) -> None:
            commits.append((time.monotonic(), stored))
            done.set()

        service.add_listener(on_roll)
        latencies: list[float] = []
        try:
            proc.stdout.readline()
            service.start()
            deadline = time.monotonic() + 10
            while not service.status().connected and time.monotonic() < deadline:
                time.sleep(0.01)
            for i in range(rolls):
                faces = encode_index(i, 4)
                done.clear()
                proc.stdin.write("roll " + " ".join(map(str, faces)) + "\n")
                proc.stdin.flush()
                line = proc.stdout.readline()
                settles_at = float(line.rsplit("settles_at=", 1)[1])
                if not done.wait(10):
                    raise RuntimeError(f"roll {i} was never committed")
                t, stored = commits[-1]
                assert stored.roll.values == faces, (stored, faces)
                latencies.append((t - settles_at) * 1000.0)
                time.sleep(gap)
            proc.stdin.write("quit\n")
            proc.stdin.flush()
            proc.wait(10)
        finally:
            service.stop()
            if proc.poll() is None:
                proc.kill()
                proc.wait()
        order = [decode_values(c[1].roll.values) for c in commits]
    return {"ok": order == list(range(rolls)), "sent": rolls, "recorded": len(order),
            "p50_ms": percentile(latencies, 0.5), "p99_ms": percentile(latencies, 0.99),
            "max_ms": max(latencies), "frames_faulted": {}}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--rolls", type=int, default=200)
    parser.add_argument("--faults", default="0,0.01,0.05")
    parser.add_argument("--gap", type=float, default=0.05,
                        help="seconds between one roll's commit and the next throw")
    parser.add_argument("--in-process", action="store_true",
                        help="tower and bridge in this process (firmware_bridge.soak)")
    args = parser.parse_args(argv)
    rates = [float(r) for r in args.faults.split(",")]
    print(f"machine: {platform.node()} {platform.machine()}, {os.cpu_count()} cpus, "
          f"python {platform.python_version()}, sqlite {sqlite3.sqlite_version}")
    print(f"yardstick sum(range(1000)): {yardstick():.1f} us; "
          f"fsync rate in {tempfile.gettempdir()}: {fsync_rate(Path(tempfile.gettempdir())):.0f}/s")
    print(f"command: {' '.join([Path(sys.executable).name, *sys.argv])}; "
          f"load average {os.getloadavg()[0]:.1f}")
    failed = False
    for rate in rates:
        p50s, p99s = [], []
        for run in range(args.runs):
            if args.in_process:
                result = run_soak(args.rolls, rate, unplugs=0, seed=100 + run, resets=0,
                                  gap_s=(args.gap, args.gap), settle_s=(0.01, 0.01))
            else:
                result = one_run(args.rolls, rate, 100 + run, args.gap)
            if not result["ok"]:
                print(f"  FAILED run: {result}")
                failed = True
            p50s.append(result["p50_ms"])
            p99s.append(result["p99_ms"])
            print(f"  faults {rate:.2f} run {run + 1}: p50 {result['p50_ms']:.1f} ms, "
                  f"p99 {result['p99_ms']:.1f} ms, max {result['max_ms']:.1f} ms, "
                  f"{result['recorded']}/{result['sent']} in order", flush=True)
        print(f"faults {rate:.2f}: median of {args.runs} runs: "
              f"p50 {statistics.median(p50s):.1f} ms, p99 {statistics.median(p99s):.1f} ms "
              f"(run p99s {', '.join(f'{v:.1f}' for v in p99s)})", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
