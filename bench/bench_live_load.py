"""Live streams under load (issue 28 item 3): 500 open streams plus 20 clients that never read.

Each run starts the real service (``companion serve --tower off --camera off --gpio off`` on
loopback, a fresh data directory) in its own process, so its memory is measured alone. Then:

* 500 screens open ``/api/games/<id>/events`` (host, seat and watcher credentials in turn) from
  32 loopback addresses (127.0.0.2...: at most 16 streams each, the per-client cap), and one
  thread here reads them all;
* 20 frozen clients open a stream with a 2 KB receive buffer and never read;
* the host POSTs ``--writes`` actions one at a time (a whole Sushi Express game, then undo/redo
  pairs), each once all 500 screens have the previous change; every 10th write, ``/health``.

Prints per run: the POST round trip p50/p99/max (the write being answered: the target), the
time until all 500 screens have the change (p50/p99), ``/health``'s slowest answer, the
service's resident memory after the writes (VmRSS) and its peak (VmHWM), its thread count, and
how long after they connected every frozen client was dropped (the heartbeat is 15 s, the drop
2 heartbeats after its socket stopped taking bytes). Median over the runs. Targets: write
p99 < 100 ms, memory < 300 MB.

Usage: ``.venv/bin/python bench/bench_live_load.py [--runs 3] [--writes 300] [--screens 500]
[--frozen 20]``.
"""

from __future__ import annotations

import argparse
import http.client
import json
import re
import resource
import select
import selectors
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_live import PLAYERS, percentile, scripted_game

TARGET_WRITE_P99_MS, TARGET_RSS_MB = 100.0, 300.0
PER_ADDRESS = 16
VERSION = re.compile(rb'"version":(\d+)')


def start_service(data_dir: Path) -> tuple[subprocess.Popen[str], int]:
    """``companion serve`` on a free loopback port; (process, port) once it listens."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "companion", "--data-dir", str(data_dir), "serve",
         "--host", "127.0.0.1", "--port", "0", "--tower", "off", "--camera", "off",
         "--gpio", "off"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    assert proc.stdout is not None
    for line in proc.stdout:
        found = re.search(r"open http://127\.0\.0\.1:(\d+)/", line)
        if found:
            threading.Thread(target=proc.stdout.read, daemon=True).start()  # keep draining
            return proc, int(found.group(1))
    raise RuntimeError(f"the service did not start (exit {proc.wait()})")


def call(port: int, method: str, path: str, body: Any = None,
         token: str | None = None) -> tuple[int, Any]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    headers = {"Content-Type": "application/json"}
    if token:
        headers["X-Companion-Token"] = token
    conn.request(method, path, body=None if body is None else json.dumps(body), headers=headers)
    answer = conn.getresponse()
    data = json.loads(answer.read())
    conn.close()
    return answer.status, data


def open_stream(port: int, path: str, source: str, receive_buffer: int | None = None
                ) -> socket.socket:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    if receive_buffer is not None:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
    sock.bind((source, 0))
    sock.settimeout(60)
    sock.connect(("127.0.0.1", port))
    sock.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                 "Accept: text/event-stream\r\n\r\n".encode())
    return sock


class Screens(threading.Thread):
    """Reads every stream; ``arrived[v]`` counts the screens that have version ``v``, and
    ``last[v]`` is when the last of them got it."""

    def __init__(self, socks: list[socket.socket]) -> None:
        super().__init__(name="screens", daemon=True)
        self.socks = socks
        self.cond = threading.Condition()
        self.arrived: dict[int, int] = {}
        self.last: dict[int, float] = {}
        self.seen = {s.fileno(): -1 for s in socks}
        self.tail = {s.fileno(): b"" for s in socks}
        self.lost = 0
        self.stop = threading.Event()

    def run(self) -> None:
        sel = selectors.DefaultSelector()
        for sock in self.socks:
            sock.setblocking(False)
            sel.register(sock, selectors.EVENT_READ)
        while not self.stop.is_set():
            for key, _ in sel.select(timeout=0.1):
                ready = key.fileobj
                assert isinstance(ready, socket.socket)
                fd = ready.fileno()
                try:
                    chunk = ready.recv(262144)
                except BlockingIOError:
                    continue
                except OSError:
                    chunk = b""
                if not chunk:
                    self.lost += 1
                    sel.unregister(ready)
                    continue
                data = self.tail[fd] + chunk
                self.tail[fd] = data[-32:]
                found = VERSION.findall(data)
                if found and int(found[-1]) > self.seen[fd]:
                    self.note(fd, int(found[-1]))
        sel.close()

    def note(self, fd: int, version: int) -> None:
        now = time.perf_counter()
        with self.cond:
            for v in range(self.seen[fd] + 1, version + 1):
                self.arrived[v] = self.arrived.get(v, 0) + 1
                if self.arrived[v] == len(self.socks):
                    self.last[v] = now
            self.seen[fd] = version
            self.cond.notify_all()

    def wait_all(self, version: int, timeout: float = 60) -> float:
        with self.cond:
            if not self.cond.wait_for(lambda: version in self.last, timeout):
                raise AssertionError(f"version {version}: {self.arrived.get(version, 0)} of "
                                     f"{len(self.socks)} screens ({self.lost} lost)")
            return self.last[version]


def proc_status(pid: int) -> dict[str, int]:
    """VmRSS, VmHWM (kB) and Threads of process ``pid``."""
    out = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        name, _, value = line.partition(":")
        if name in ("VmRSS", "VmHWM", "Threads"):
            out[name] = int(value.split()[0])
    return out


class Drops(threading.Thread):
    """Watches the frozen clients without reading them (reading would thaw them): ``when`` is
    the time from ``since`` until the service dropped each (a reset or an end, seen by
    ``poll``)."""

    def __init__(self, frozen: list[socket.socket], since: float) -> None:
        super().__init__(name="drops", daemon=True)
        self.frozen, self.since = frozen, since
        self.when: list[float] = []
        self.stop = threading.Event()

    def run(self) -> None:
        poller = select.poll()
        gone = select.POLLERR | select.POLLHUP | getattr(select, "POLLRDHUP", 0)
        for sock in self.frozen:
            poller.register(sock, gone)
        left = {sock.fileno() for sock in self.frozen}
        while left and not self.stop.is_set():
            for fd, _ in poller.poll(100):
                left.discard(fd)
                poller.unregister(fd)
                self.when.append(time.monotonic() - self.since)

    def all_dropped(self, limit: float = 90) -> float:
        """Seconds until the last frozen client was dropped (waits for it, up to ``limit``)."""
        self.join(max(0.0, self.since + limit - time.monotonic()))
        if len(self.when) < len(self.frozen):
            self.stop.set()
            raise AssertionError(f"{len(self.frozen) - len(self.when)} frozen clients still "
                                 f"open after {limit} s")
        return max(self.when)


def one_run(data_dir: Path, actions: list[dict[str, Any]], writes: int, screens: int,
            frozen_count: int) -> dict[str, Any]:
    proc, port = start_service(data_dir)
    try:
        status, created = call(port, "POST", "/api/games",
                               {"game": "sushi-express", "players": [p.to_json() for p in PLAYERS]})
        assert status == 201, created
        game, host = created["id"], created["host_token"]
        seats = [call(port, "POST", f"/api/games/{game}/join",
                      {"code": created["join_code"], "seat": s})[1]["token"]
                 for s in range(len(PLAYERS))]
        tokens: list[str | None] = [host, *seats, None]
        socks = []
        for i in range(screens):
            token = tokens[i % len(tokens)]
            query = f"?token={token}" if token else ""
            source = f"127.0.0.{2 + i // PER_ADDRESS}"
            socks.append(open_stream(port, f"/api/games/{game}/events{query}", source))
        readers = Screens(socks)
        readers.start()
        readers.wait_all(0)
        frozen = [open_stream(port, f"/api/games/{game}/events", f"127.0.1.{1 + i}", 2048)
                  for i in range(frozen_count)]
        drops = Drops(frozen, time.monotonic())
        drops.start()
        time.sleep(1.0)

        round_trips, fan_out, health = [], [], []
        fillers: list[tuple[str, dict[str, Any]]] = [("undo", {}), ("redo", {})]
        for i in range(writes):
            if i < len(actions):
                path, body = f"/api/games/{game}/actions", actions[i]
            else:
                verb, body = fillers[(i - len(actions)) % 2]
                path = f"/api/games/{game}/{verb}"
            started = time.perf_counter()
            status, answer = call(port, "POST", path, body, host)
            answered = time.perf_counter()
            assert status == 200, answer
            round_trips.append((answered - started) * 1000)
            fan_out.append((readers.wait_all(answer["version"]) - started) * 1000)
            if i % 10 == 0:
                started = time.perf_counter()
                status, _ = call(port, "GET", "/health")
                health.append((time.perf_counter() - started) * 1000)
                assert status in (200, 503)
        memory = proc_status(proc.pid)
        dropped_after = drops.all_dropped()
        lost = readers.lost
        readers.stop.set()
        readers.join(10)
        for sock in [*socks, *frozen]:
            sock.close()
        return {"round_trips": round_trips, "fan_out": fan_out, "health_max": max(health),
                "rss_mb": memory["VmRSS"] / 1024, "hwm_mb": memory["VmHWM"] / 1024,
                "threads": memory["Threads"], "drop_s": dropped_after, "lost": lost}
    finally:
        proc.terminate()
        proc.wait(30)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--writes", type=int, default=300)
    parser.add_argument("--screens", type=int, default=500)
    parser.add_argument("--frozen", type=int, default=20)
    args = parser.parse_args()
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))  # 520 client sockets here

    actions = scripted_game(seed=1)
    print(f"bench_live_load: {args.runs} runs x {args.writes} writes, {args.screens} screens "
          f"+ {args.frozen} frozen clients, companion serve on loopback")
    p99s, rss, hwm, fan99 = [], [], [], []
    for run in range(1, args.runs + 1):
        with tempfile.TemporaryDirectory() as tmp:
            r = one_run(Path(tmp), actions, args.writes, args.screens, args.frozen)
        trips, fan = r["round_trips"], r["fan_out"]
        p99s.append(percentile(trips, 99))
        fan99.append(percentile(fan, 99))
        rss.append(r["rss_mb"])
        hwm.append(r["hwm_mb"])
        print(f"  run {run}: write p50 {percentile(trips, 50):6.2f} ms  p99 {p99s[-1]:6.2f} ms  "
              f"max {max(trips):6.2f} ms | all {args.screens} screens p50 "
              f"{percentile(fan, 50):6.1f} ms p99 {fan99[-1]:6.1f} ms | /health max "
              f"{r['health_max']:5.1f} ms | RSS {r['rss_mb']:5.1f} MB (peak {r['hwm_mb']:5.1f}) "
              f"| {r['threads']} threads | frozen all dropped after {r['drop_s']:4.1f} s | "
              f"readers lost {r['lost']}")
    p99, mem = statistics.median(p99s), statistics.median(hwm)
    verdict = ("meets" if p99 < TARGET_WRITE_P99_MS and mem < TARGET_RSS_MB else "MISSES")
    print(f"median over runs: write p99 {p99:.2f} ms, screens p99 {statistics.median(fan99):.1f}"
          f" ms, RSS {statistics.median(rss):.1f} MB, peak {mem:.1f} MB ({verdict} the targets "
          f"write p99 < {TARGET_WRITE_P99_MS:.0f} ms, memory < {TARGET_RSS_MB:.0f} MB)")


if __name__ == "__main__":
    main()
