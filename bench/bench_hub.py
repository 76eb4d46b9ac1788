"""The café's hub under 50 tables (issue 27, targets): every table pushes a whole game.

A throw-away PostgreSQL cluster (``tests/hub/postgres.py``: as an unprivileged user when run as
root) and the real hub (``companion hub serve``, its own process) on loopback. One Sushi Express
game (a random legal game, about 170 actions) is played once through a real session into a
table log; the log is copied for each of ``--tables`` tables, each is paired with the hub
(a pairing code, ``POST /api/pair``, :meth:`Outbox.pair_with`, which queues the whole game), then
every table's real pusher (:class:`companion.hub.pusher.HubPusher`, one thread per table here)
forwards its outbox at once. ``--batch 1`` pushes each action alone, as in live play (the
worst case: one request per action); ``--batch 200`` sends the backlog of a table that was cut
off. Prints the time until every outbox is empty and the hub holds every action exactly once
(target: at most 60 s for 50 tables), requests per second, and then the wall screen's delay:
a long poll ``GET /api/wall?after=V`` waits while one action is committed to a table's log,
from the commit to the answer that shows it (target: within 1 s), median and max of
``--wall-samples``; and how often a wall screen long-polling during the pushes was answered,
and its slowest answer. Last, a table's commit (``GameLog.append``, fsynced) p50/p99 over
``--commits``: not paired, paired with the hub down (its pusher retrying), and paired with the
hub up (its pusher forwarding every action): the target is the same figures.

Usage: ``.venv/bin/python bench/bench_hub.py [--tables 50] [--batch 1] [--wall-samples 10]``.
"""

from __future__ import annotations

import argparse
import json
import shutil
import signal
import socket
import statistics
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.hub.outbox import Link, Outbox
from companion.hub.pusher import HubPusher
from companion.hub.store import HubStore
from companion.session.log import GameLog, NewEntry
from companion.session.session import Session
from tests.hub.postgres import Cluster
from tests.hub.procs import HubProc, http
from tests.played_games import play


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def one_game(folder: Path) -> tuple[Path, int]:
    """A table log holding one whole Sushi Express game; its path and entry count."""
    path = folder / "template.sqlite3"
    log = GameLog(path)
    session = Session(log)
    game = play(session, "sushi-express", 1)
    count = log.version(game)
    session.close()
    log.close()
    return path, count


def pair_tables(hub: HubProc, template: Path, folder: Path, n: int, batch: int) -> list[HubPusher]:
    pushers = []
    for i in range(n):
        path = folder / f"table{i}.sqlite3"
        shutil.copy(template, path)
        status, answer = http("POST", f"{hub.url}/api/pair",
                              {"code": hub.pairing_code(), "name": f"Table {i + 1}"})
        assert status == 200, answer
        outbox = Outbox(path)
        outbox.pair_with(Link(hub.url, int(answer["table"]), str(answer["token"]),
                              f"Table {i + 1}", "bench"))
        pushers.append(HubPusher(outbox, batch_size=batch))
    return pushers


class WallWatcher(threading.Thread):
    """A wall screen long-polling the hub while the tables push: how often it was answered
    and the slowest answer that carried a change (the request's round trip)."""

    def __init__(self, url: str) -> None:
        super().__init__(daemon=True)
        self.url, self.answers, self.slowest = url, 0, 0.0
        self.done = threading.Event()

    def run(self) -> None:
        version = http("GET", f"{self.url}/api/wall")[1]["version"]
        while not self.done.is_set():
            start = time.perf_counter()
            wall = http("GET", f"{self.url}/api/wall?after={version}")[1]
            if wall["version"] != version:
                self.answers += 1
                self.slowest = max(self.slowest, time.perf_counter() - start)
            version = wall["version"]


def drain(pushers: list[HubPusher], timeout: float = 600.0) -> None:
    """Wait until every outbox is empty; every 10 s, how many rows wait and why."""
    deadline = time.monotonic() + timeout
    last = time.monotonic()
    while True:
        pending = sum(p.outbox.pending() for p in pushers)
        if pending == 0:
            return
        if time.monotonic() > deadline:
            raise SystemExit(f"gave up: {pending} rows still waiting")
        if time.monotonic() - last > 10:
            last = time.monotonic()
            errors = {str(p.status()["last_error"])[:120] for p in pushers}
            print(f"  ... {pending} rows waiting; errors: {errors}", file=sys.stderr)
        time.sleep(0.05)


def wall_delay(hub: HubProc, table: Path, samples: int) -> list[float]:
    """Seconds from an action's commit on a table to the wall's answer that shows it."""
    log = GameLog(table)
    pusher = HubPusher(Outbox(table), batch_size=200)
    pusher.start()
    delays = []
    try:
        for _ in range(samples):
            version = http("GET", f"{hub.url}/api/wall")[1]["version"]
            seen: list[float] = []

            def waiter(v: int = version, seen: list[float] = seen) -> None:
                with urllib.request.urlopen(f"{hub.url}/api/wall?after={v}", timeout=30) as r:
                    json.loads(r.read())
                seen.append(time.perf_counter())

            thread = threading.Thread(target=waiter)
            thread.start()
            time.sleep(0.3)  # the long poll is waiting
            kind = "undo" if len(delays) % 2 == 0 else "redo"
            start = time.perf_counter()
            log.append(1, NewEntry(kind, {}, "host"), "playing", None)
            thread.join(timeout=30)
            delays.append(seen[0] - start)
    finally:
        pusher.stop()
        pusher.outbox.close()
        log.close()
    return delays


def append_times(log: GameLog, n: int, first: int) -> list[float]:
    """Seconds each of ``n`` appends to game 1 of ``log`` took (undo/redo entries: one
    transaction each, fsynced, as the session's writer does)."""
    times = []
    for i in range(first, first + n):
        start = time.perf_counter()
        log.append(1, NewEntry("undo" if i % 2 == 0 else "redo", {}, "host"), "playing", None)
        times.append(time.perf_counter() - start)
    return times


def table_cost(hub: HubProc, template: Path, folder: Path, n: int, rounds: int = 10) -> None:
    """An action's commit on a table: unpaired, paired with the hub down (the pusher retrying)
    and paired with the hub up (the pusher forwarding): p50/p99 of ``n`` commits each, the
    three taken in turns of ``n / rounds`` so that the machine's noise falls on all three."""
    logs: dict[str, GameLog] = {}
    pushers = []
    for label, url in (("not paired", ""), ("hub down", f"http://127.0.0.1:{free_port()}"),
                       ("hub up", hub.url)):
        path = folder / f"{label.replace(' ', '-')}.sqlite3"
        shutil.copy(template, path)
        if url:
            status, answer = http("POST", f"{hub.url}/api/pair",
                                  {"code": hub.pairing_code(), "name": label})
            assert status == 200, answer
            outbox = Outbox(path)
            outbox.pair_with(Link(url, int(answer["table"]), str(answer["token"]), label, "-"))
            pushers.append(HubPusher(outbox, batch_size=200))
        logs[label] = GameLog(path)
    for pusher in pushers:
        pusher.start()
    times: dict[str, list[float]] = {label: [] for label in logs}
    try:
        for r in range(rounds):
            for label, log in logs.items():
                times[label] += append_times(log, n // rounds, r * (n // rounds))
    finally:
        for pusher in pushers:
            pusher.stop()
            pusher.outbox.close()
        for log in logs.values():
            log.close()
    for label, found in times.items():
        found.sort()
        print(f"table commit, {label}: p50 {found[len(found) // 2] * 1000:.2f} ms,"
              f" p99 {found[int(len(found) * 0.99)] * 1000:.2f} ms over {len(found)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--batch", type=int, default=1)
    parser.add_argument("--wall-samples", type=int, default=10)
    parser.add_argument("--commits", type=int, default=300,
                        help="table commits timed unpaired, hub down and hub up")
    args = parser.parse_args()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))  # clean up on timeout(1) too
    folder = Path(tempfile.mkdtemp(prefix="bench-hub-"))
    cluster = Cluster.start()
    hub = None
    try:
        dsn = cluster.new_database()
        hub = HubProc(dsn, free_port()).start()
        template, count = one_game(folder)
        pushers = pair_tables(hub, template, folder, args.tables, args.batch)
        store = HubStore(dsn)
        watcher = WallWatcher(hub.url)
        watcher.start()
        start = time.perf_counter()
        for pusher in pushers:
            pusher.start()
        drain(pushers)
        elapsed = time.perf_counter() - start
        watcher.done.set()
        for pusher in pushers:
            pusher.stop()
        total = sum(len(store.entry_keys(t)) for t in range(1, args.tables + 1))
        requests = args.tables * -(-(count + 1) // args.batch)
        print(f"hub: {args.tables} tables x {count} actions (batch {args.batch}): "
              f"{total} actions stored in {elapsed:.1f} s "
              f"({total / elapsed:.0f} actions/s, about {requests / elapsed:.0f} pushes/s)")
        assert total == args.tables * count, "an action is missing or counted twice"
        print(f"wall screen during the pushes: {watcher.answers} refreshes, the slowest "
              f"{watcher.slowest * 1000:.0f} ms (every table's scores and both standings)")
        delays = wall_delay(hub, folder / "table0.sqlite3", args.wall_samples)
        print(f"wall screen: commit -> answer median {statistics.median(delays) * 1000:.0f} ms,"
              f" max {max(delays) * 1000:.0f} ms over {len(delays)} actions")
        for pusher in pushers:
            pusher.outbox.close()
        store.close()
        table_cost(hub, template, folder, args.commits)
    finally:
        if hub is not None:
            hub.kill()
        cluster.stop()
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
