"""``bench_live`` with the café's hub down and up (issue 27 target: a table's action is never
slowed by the hub).

Runs :func:`bench_live.one_run` (a POSTed action to its snapshot on 8 screens, the whole
service on loopback, the log fsynced) on a table log that is, in turns: **not paired**;
**paired with a hub that is down** (the link names a loopback port nobody listens on: the
table's real pusher, :class:`companion.hub.pusher.HubPusher`, retries with its backoff); and
**paired with a hub that is up** (the real hub, ``companion hub serve`` on a throw-away
PostgreSQL cluster, ``tests/hub/postgres.py``; the pusher forwards every action as it is
committed). The three kinds of run are taken in turns (``--runs`` rounds), so the machine's
load falls on all three alike. Prints each run's p50/p99 and, per kind, the median over the
runs; with the hub up, also how many actions the hub acknowledged.

Usage: ``.venv/bin/python bench/bench_live_hub.py [--runs 3] [--writes 200] [--screens 8]``.
"""

from __future__ import annotations

import argparse
import logging
import shutil
import signal
import socket
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_live import one_run, percentile, scripted_game

from companion.hub.outbox import Link, Outbox
from companion.hub.pusher import HubPusher
from companion.session.log import GameLog
from tests.hub.postgres import Cluster
from tests.hub.procs import HubProc, http

KINDS = ("not paired", "hub down", "hub up")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def paired(folder: Path, kind: str, hub: HubProc) -> HubPusher | None:
    """Make the log in ``folder`` as ``kind`` says and start its pusher (``None``: unpaired)."""
    db = folder / "companion.sqlite3"
    GameLog(db).close()
    if kind == "not paired":
        return None
    outbox = Outbox(db)
    if kind == "hub down":
        link = Link(f"http://127.0.0.1:{free_port()}", 1, "no-hub-here", "bench", "now")
    else:
        status, answer = http("POST", f"{hub.url}/api/pair",
                              {"code": hub.pairing_code(), "name": f"bench {folder.name}"})
        assert status == 200, answer
        link = Link(hub.url, answer["table"], answer["token"], "bench", "now")
    outbox.pair_with(link)
    pusher = HubPusher(outbox)
    pusher.start()
    return pusher


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--writes", type=int, default=200)
    parser.add_argument("--screens", type=int, default=8)
    args = parser.parse_args()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))
    logging.getLogger("werkzeug").setLevel(logging.ERROR)
    actions = scripted_game(seed=1)
    cluster = Cluster.start()
    hub = None
    p50s: dict[str, list[float]] = {k: [] for k in KINDS}
    p99s: dict[str, list[float]] = {k: [] for k in KINDS}
    try:
        hub = HubProc(cluster.new_database(), free_port()).start()
        print(f"bench_live_hub: {args.runs} rounds x {len(KINDS)} kinds x {args.writes} "
              f"writes, {args.screens} screens")
        for run in range(1, args.runs + 1):
            for kind in KINDS:
                folder = Path(tempfile.mkdtemp(prefix="bench-live-hub-"))
                try:
                    pusher = paired(folder, kind, hub)
                    latencies, trips = one_run(folder, actions, args.writes, args.screens)
                    note = ""
                    if pusher is not None:
                        if kind == "hub up":
                            deadline = time.monotonic() + 60
                            while pusher.outbox.pending() and time.monotonic() < deadline:
                                time.sleep(0.1)
                        status = pusher.status()
                        note = f"  pushed {status['pushed']}, waiting {status['pending']}"
                        pusher.close()
                finally:
                    shutil.rmtree(folder, ignore_errors=True)
                p50, p99 = percentile(latencies, 50), percentile(latencies, 99)
                p50s[kind].append(p50)
                p99s[kind].append(p99)
                print(f"  run {run} {kind:>10}: POST -> all screens p50 {p50:6.2f} ms  "
                      f"p99 {p99:6.2f} ms  (POST answered p50 {percentile(trips, 50):5.2f} ms)"
                      f"{note}")
        for kind in KINDS:
            print(f"median over runs, {kind:>10}: p50 {statistics.median(p50s[kind]):.2f} ms, "
                  f"p99 {statistics.median(p99s[kind]):.2f} ms")
    finally:
        if hub is not None:
            hub.kill()
        cluster.stop()


if __name__ == "__main__":
    main()
