"""Live streams on the production server do not bound the writers (issue 28 item 3): 150 open
streams plus clients that never read leave writes and ``/health`` answering on a pool of four
workers, the clients that do not read are dropped, the readers get every change, and one
client address holds at most ``SSE_PER_CLIENT`` streams. No timing here: the figures (500
streams, 20 frozen clients, write p99, memory) come from ``bench/bench_live_load.py``."""

from __future__ import annotations

import json
import re
import selectors
import socket
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.devices.present import Health, storage_status
from companion.session.log import GameLog
from companion.session.session import Session
from tests.web.web_support import make_app
from web.serving import Server

PLAYERS = [{"name": "Ann", "colour": "red"}, {"name": "Ben", "colour": "yellow"},
           {"name": "Cat", "colour": "green"}]
REVEAL = {"kind": "reveal_customers", "cards": ["light_blue", "rose", "tip"]}
VERSION = re.compile(rb'"version":(\d+)')


def serve(tmp_path: Path, **config: Any) -> Iterator[Server]:
    log = GameLog(tmp_path / "companion.sqlite3")
    session = Session(log)
    app = make_app(session, health=Health({"storage": lambda: storage_status(tmp_path, None)}),
                   **config)
    server = Server(app, "127.0.0.1", 0, threads=4)
    server.hub.send_buffer = 8192  # a client that does not read fills it after a few events
    thread = threading.Thread(target=server.run, kwargs={"before_stop": session.close},
                              name="waitress-hub-test", daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.stop()
        thread.join(15)
        assert not thread.is_alive(), "the server stops"
        log.close()


@pytest.fixture
def crowded(tmp_path: Path) -> Iterator[Server]:
    """Four workers, heartbeats every 0.5 s, no per-client cap to speak of."""
    yield from serve(tmp_path, SSE_HEARTBEAT=0.5, SSE_PER_CLIENT=1000)


@pytest.fixture
def capped(tmp_path: Path) -> Iterator[Server]:
    """At most 3 streams per client address."""
    yield from serve(tmp_path, SSE_HEARTBEAT=0.5, SSE_PER_CLIENT=3)


def call(port: int, method: str, path: str, body: object = None,
         token: str | None = None) -> tuple[int, dict[str, object], dict[str, str]]:
    """(status, JSON answer, headers), waiting generously: these ask whether it answers."""
    headers = {"Content-Type": "application/json"}
    if token:
        headers["X-Companion-Token"] = token
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", method=method,
                                     data=data, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=60) as answer:
            return answer.status, json.load(answer), dict(answer.headers)
    except urllib.error.HTTPError as refused:
        return refused.code, json.load(refused), dict(refused.headers)


def open_stream(port: int, game: int, receive_buffer: int | None = None,
                version: str = "1.1", path_query: str = "") -> socket.socket:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    if receive_buffer is not None:  # before connecting, so the window stays small
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
    sock.settimeout(30)
    sock.connect(("127.0.0.1", port))
    sock.sendall(f"GET /api/games/{game}/events{path_query} HTTP/{version}\r\n"
                 "Host: 127.0.0.1\r\n"
                 "Accept: text/event-stream\r\n\r\n".encode())
    return sock


def read_until(sock: socket.socket, needle: bytes) -> bytes:
    """What ``sock`` received up to and with ``needle`` (or up to its end)."""
    seen = b""
    while needle not in seen:
        chunk = sock.recv(65536)
        if not chunk:
            break
        seen += chunk
    return seen


class Readers(threading.Thread):
    """Screens that read: one thread drains every socket and notes the newest version seen."""

    def __init__(self, socks: list[socket.socket]) -> None:
        super().__init__(name="readers", daemon=True)
        self.socks = socks
        self.version = {s.fileno(): -1 for s in socks}
        self.closed: set[int] = set()
        self.tail = {s.fileno(): b"" for s in socks}
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
                    chunk = ready.recv(65536)
                except BlockingIOError:
                    continue
                except OSError:
                    chunk = b""
                if not chunk:
                    self.closed.add(fd)
                    sel.unregister(ready)
                    continue
                tail = self.tail[fd] + chunk
                found = VERSION.findall(tail)
                if found:
                    self.version[fd] = max(self.version[fd], int(found[-1]))
                self.tail[fd] = tail[-64:]
        sel.close()

    def all_at(self, version: int) -> bool:
        return all(v >= version for v in self.version.values())


def settles(predicate: Callable[[], bool], seconds: float = 60.0) -> bool:
    deadline = time.monotonic() + seconds
    while not predicate():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def busy_workers(server: Server) -> int:
    return int(server._server.task_dispatcher.active_count)


def new_game(port: int) -> tuple[int, str]:
    status, created, _ = call(port, "POST", "/api/games",
                              {"game": "sushi-express", "players": PLAYERS})
    assert status == 201
    return int(str(created["id"])), str(created["host_token"])


@pytest.mark.slow
def test_150_streams_and_clients_that_never_read_leave_writes_and_health_answering(
    crowded: Server,
) -> None:
    port, hub = crowded.port, crowded.hub
    game, host = new_game(port)
    readers = Readers([open_stream(port, game) for _ in range(150)])
    readers.start()
    frozen = [open_stream(port, game, receive_buffer=2048) for _ in range(10)]
    try:
        assert settles(lambda: hub.stats.open == 160), hub.stats
        assert settles(lambda: busy_workers(crowded) == 0), "no stream holds a worker"
        assert settles(lambda: readers.all_at(0)), "every reader has the first snapshot"

        status, answer, _ = call(port, "POST", f"/api/games/{game}/actions", REVEAL, host)
        assert status == 200, answer
        version = int(str(answer["version"]))
        writes = 1
        while hub.stats.dropped < len(frozen) and writes < 400:
            verb = "undo" if writes % 2 else "redo"
            status, answer, _ = call(port, "POST", f"/api/games/{game}/{verb}", {}, host)
            assert status == 200, answer
            version = int(str(answer["version"]))
            writes += 1
            assert call(port, "GET", "/health")[0] == 200
            if writes > 40:
                time.sleep(0.1)  # the frozen clients' buffers are full: wait for the drop
        assert hub.stats.dropped == len(frozen), (hub.stats, writes)
        assert settles(lambda: readers.all_at(version)), "the readers get every change"
        assert hub.stats.open == 150 and not readers.closed, "no reader was dropped"
        for sock in frozen:  # a dropped client finds its stream reset or ended
            sock.settimeout(30)
            with pytest.raises(ConnectionResetError):
                while sock.recv(65536):
                    pass
                raise ConnectionResetError  # ended cleanly: as good
    finally:
        readers.stop.set()
        readers.join(10)
        for sock in [*readers.socks, *frozen]:
            sock.close()
    assert settles(lambda: hub.stats.open == 0), "closed streams end"


def test_a_client_address_holds_at_most_its_cap_of_streams(capped: Server) -> None:
    port = capped.port
    game, _host = new_game(port)
    streams = [open_stream(port, game) for _ in range(3)]
    try:
        for sock in streams:
            assert b"event: snapshot" in read_until(sock, b"event: snapshot")
        status, refused, headers = call(port, "GET", f"/api/games/{game}/events")
        assert status == 429 and refused["error"] == "too_many_streams"
        assert "close a tab" in str(refused["reason"]) and headers["Retry-After"] == "15"
        streams.pop().close()
        assert settles(lambda: capped.hub.stats.open == 2)
        late = open_stream(port, game)
        streams.append(late)
        assert read_until(late, b"event: snapshot").startswith(b"HTTP/1.1 200")
    finally:
        for sock in streams:
            sock.close()


def test_a_stream_over_http_1_0_goes_on_unchunked_with_heartbeats(capped: Server) -> None:
    game, host = new_game(capped.port)
    sock = open_stream(capped.port, game, version="1.0")
    try:
        seen, posted = b"", False
        while seen.count(b": heartbeat\n\n") < 1 or b'"version":1' not in seen:
            if b"event: snapshot" in seen and not posted:
                posted = True
                status, _, _ = call(capped.port, "POST", f"/api/games/{game}/actions",
                                    REVEAL, host)
                assert status == 200
            chunk = sock.recv(65536)
            assert chunk, "the stream goes on"
            seen += chunk
        head, _, body = seen.partition(b"\r\n\r\n")
        assert head.startswith(b"HTTP/1.0 200") and b"chunked" not in head
        assert body.startswith(b"retry: 1500\n\nevent: snapshot\ndata: {")
        assert b"\r\n" not in body  # no chunk framing
    finally:
        sock.close()


def test_a_released_seat_s_stream_ends_on_the_hub_and_a_watcher_s_goes_on(
    capped: Server,
) -> None:
    port = capped.port
    status, created, _ = call(port, "POST", "/api/games",
                              {"game": "sushi-express", "players": PLAYERS})
    assert status == 201
    game, host = int(str(created["id"])), str(created["host_token"])
    status, seat, _ = call(port, "POST", f"/api/games/{game}/join",
                           {"code": created["join_code"], "seat": 1})
    assert status == 200
    mine = open_stream(port, game, path_query=f"?token={seat['token']}")
    watcher = open_stream(port, game)
    try:
        assert b'"role":"seat"' in read_until(mine, b'"role":"seat"')
        read_until(watcher, b"event: snapshot")
        assert settles(lambda: capped.hub.stats.open == 2)
        status, _, _ = call(port, "POST", f"/api/games/{game}/seats/1/release", {}, host)
        assert status == 200
        assert settles(lambda: capped.hub.stats.open == 1), capped.hub.stats
        ended = read_until(mine, b"0\r\n\r\n")
        assert ended.endswith(b"0\r\n\r\n"), "the chunked body ends cleanly"
        assert capped.hub.stats.dropped == 0
    finally:
        mine.close()
        watcher.close()
