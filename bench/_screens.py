"""Live-update clients for the end-to-end benches: each screen is one open event stream."""

from __future__ import annotations

import http.client
import json
import threading
import time

from web.live import read_events


class Screen(threading.Thread):
    """One live stream of game ``game``: the monotonic time each snapshot version first
    arrived. ``ready`` is set at the first snapshot (the stream is open)."""

    def __init__(self, port: int, game: int, timeout: float = 120.0) -> None:
        super().__init__(daemon=True)
        self.port, self.game, self.timeout = port, game, timeout
        self.seen: dict[int, float] = {}
        self.ready = threading.Event()
        self.lock = threading.Lock()

    def run(self) -> None:
        self.conn = conn = http.client.HTTPConnection("127.0.0.1", self.port,
                                                      timeout=self.timeout)
        conn.request("GET", f"/api/games/{self.game}/events")
        response = conn.getresponse()
        if response.status != 200:  # the service refuses more streams than it serves
            raise RuntimeError(f"stream of game {self.game}: {response.status}")
        try:
            for event, data in read_events(iter(response.readline, b"")):
                if event != "snapshot":
                    continue
                version = int(json.loads(data)["version"])
                with self.lock:
                    self.seen.setdefault(version, time.monotonic())
                self.ready.set()
        except (OSError, ValueError):  # closed by close()
            return

    def close(self) -> None:
        """Close the stream (the service keeps a bounded number open)."""
        conn = getattr(self, "conn", None)
        if conn is not None and conn.sock is not None:
            conn.sock.shutdown(2)
            conn.close()

    def arrival(self, version: int) -> float | None:
        """When ``version`` arrived on this screen (None: not yet)."""
        with self.lock:
            return self.seen.get(version)


def wait_all(screens: list[Screen], version: int, timeout: float = 10.0) -> float:
    """The moment the last screen received ``version``; RuntimeError after ``timeout`` s."""
    deadline = time.monotonic() + timeout
    while True:
        times = [s.arrival(version) for s in screens]
        if all(t is not None for t in times):
            return max(t for t in times if t is not None)
        if time.monotonic() > deadline:
            raise RuntimeError(f"version {version} did not reach every screen in {timeout} s")
        time.sleep(0.002)
