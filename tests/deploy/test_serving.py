"""The production server (waitress, ``web/serving.py``): 64 phones keep their live view open
and a write still goes through; the views hold no worker thread (the stream hub serves them,
issue 28 item 3); closed views end their streams; a stop is clean. Many streams and clients
that stop reading: ``tests/web/test_stream_hub.py``."""

from __future__ import annotations

import json
import select
import socket
import threading
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from companion.devices.present import Health, storage_status
from companion.session.log import GameLog
from companion.session.session import Session
from tests.web.web_support import make_app
from web.serving import Server

SCREENS = 64
PLAYERS = [{"name": "Ann", "colour": "red"}, {"name": "Ben", "colour": "yellow"},
           {"name": "Cat", "colour": "green"}]


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[Server, Session]]:
    log = GameLog(tmp_path / "companion.sqlite3")
    session = Session(log)
    app = make_app(session, SSE_PER_CLIENT=SCREENS,
                   health=Health({"storage": lambda: storage_status(tmp_path, None)}))
    server = Server(app, "127.0.0.1", 0)
    thread = threading.Thread(target=server.run, kwargs={"before_stop": session.close},
                              name="waitress-test", daemon=True)
    thread.start()
    try:
        yield server, session
    finally:
        server.stop()
        thread.join(15)
        assert not thread.is_alive(), "the server stops"
        log.close()


def post(port: int, path: str, body: object, token: str | None = None) -> dict[str, object]:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["X-Companion-Token"] = token
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", method="POST",
                                     data=json.dumps(body).encode(), headers=headers)
    with urllib.request.urlopen(request, timeout=30) as answer:
        data: dict[str, object] = json.load(answer)
        return data


class Screen:
    """One phone's live view: a raw socket reading the event stream."""

    def __init__(self, port: int, game: int) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=30)
        self.sock.sendall(f"GET /api/games/{game}/events HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                          "Accept: text/event-stream\r\n\r\n".encode())
        self.seen = b""

    def read_until(self, needle: bytes, seconds: float) -> bool:
        deadline = time.monotonic() + seconds
        while needle not in self.seen:
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            ready, _, _ = select.select([self.sock], [], [], left)
            if ready:
                chunk = self.sock.recv(65536)
                if not chunk:
                    return needle in self.seen
                self.seen += chunk
        return True


def settles(predicate: Callable[[], bool], seconds: float = 30.0) -> bool:
    deadline = time.monotonic() + seconds
    while not predicate():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def busy_workers(server: Server) -> int:
    return int(server._server.task_dispatcher.active_count)


@pytest.mark.slow
def test_64_live_screens_and_a_write_still_goes_through(
    served: tuple[Server, Session],
) -> None:
    server, _session = served
    created = post(server.port, "/api/games", {"game": "sushi-express", "players": PLAYERS})
    game, host = int(str(created["id"])), str(created["host_token"])
    screens = [Screen(server.port, game) for _ in range(SCREENS)]
    try:
        for screen in screens:
            assert screen.read_until(b"event: snapshot", 30), "every screen gets its snapshot"
        assert settles(lambda: server.hub.stats.open == SCREENS), server.hub.stats
        assert settles(lambda: busy_workers(server) == 0), "no live view holds a worker"
        answer = post(server.port, f"/api/games/{game}/actions",
                      {"kind": "reveal_customers", "cards": ["light_blue", "rose", "tip"]},
                      token=host)
        assert answer["ok"] is True  # how fast: bench/bench_live.py --screens 64
        for screen in screens:
            assert screen.read_until(b'"version":1', 30), "every screen sees the change"
        with urllib.request.urlopen(f"http://127.0.0.1:{server.port}/health",
                                    timeout=10) as health:
            assert health.status == 200
    finally:
        for screen in screens:
            screen.sock.close()
    deadline = time.monotonic() + 60
    while server.hub.stats.open > 0 and time.monotonic() < deadline:
        time.sleep(0.1)
    assert server.hub.stats.open == 0, "closed views end their streams within seconds"


def test_health_is_503_when_storage_cannot_take_a_move(tmp_path: Path) -> None:
    log = GameLog(tmp_path / "companion.sqlite3")
    session = Session(log)
    try:
        full = lambda: storage_status(tmp_path, None, min_free=1 << 62)  # noqa: E731
        app = make_app(session, health=Health({"storage": full}))
        answer = app.test_client().get("/health")
        assert answer.status_code == 503
        report = answer.get_json()
        assert report["ok"] is False and report["storage_ok"] is False
        assert "MiB free" in report["devices"][0]["reason"]
    finally:
        session.close()
        log.close()
