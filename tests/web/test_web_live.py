"""The live stream: a full snapshot on connect, one per change, heartbeats, a clean end, and
32 screens at once on a real threaded server."""

from __future__ import annotations

import http.client
import json
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.web.web_support import PLAYERS, LiveServer, NewGame, post
from web.live import read_events

REVEAL = {"kind": "reveal_customers", "cards": ["light_blue", "tip", "rose"]}


class Stream:
    """An ``EventSource`` stand-in over one HTTP connection."""

    def __init__(self, server: LiveServer, game_id: int, token: str | None = None) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", server.server.server_port, timeout=10)
        query = f"?token={token}" if token else ""
        self.conn.request("GET", f"/api/games/{game_id}/events{query}",
                          headers={"Accept": "text/event-stream"})
        self.response = self.conn.getresponse()
        assert self.response.status == 200
        assert self.response.getheader("Content-Type", "").startswith("text/event-stream")
        self.events: Iterator[tuple[str, str]] = read_events(
            iter(self.response.readline, b"")
        )

    def snapshot(self) -> dict[str, Any]:
        for event, data in self.events:
            if event == "snapshot":
                value: dict[str, Any] = json.loads(data)
                return value
        raise EOFError("the stream ended")

    def close(self) -> None:
        self.response.close()  # the socket closes only once its file object is closed too
        self.conn.close()


def request(server: LiveServer, method: str, path: str, body: Any = None,
            token: str | None = None) -> tuple[int, Any]:
    conn = http.client.HTTPConnection("127.0.0.1", server.server.server_port, timeout=10)
    headers = {"Content-Type": "application/json"}
    if token:
        headers["X-Companion-Token"] = token
    conn.request(method, path, body=None if body is None else json.dumps(body), headers=headers)
    response = conn.getresponse()
    data = json.loads(response.read())
    conn.close()
    return response.status, data


def new_game(server: LiveServer) -> NewGame:
    status, data = request(server, "POST", "/api/games",
                           {"game": "sushi-express", "players": PLAYERS})
    assert status == 201
    return NewGame(data["id"], data["host_token"], data["join_code"])


def test_the_stream_opens_with_the_snapshot_then_heartbeats_then_changes(
    client: FlaskClient, game: NewGame
) -> None:
    response = client.get(f"/api/games/{game.id}/events", buffered=False)
    assert response.status_code == 200
    assert response.mimetype == "text/event-stream"
    assert response.headers["Cache-Control"].startswith("no-cache")
    chunks: Iterator[bytes] = iter(response.response)  # type: ignore[arg-type]
    events = list(read_events(next(chunks).splitlines(keepends=True)))
    assert events[0][0] == "snapshot"
    assert json.loads(events[0][1])["version"] == 0
    assert next(chunks).decode() == ": heartbeat\n\n"  # SSE_HEARTBEAT is 0.2 s in tests
    assert post(client, f"/api/games/{game.id}/actions", REVEAL, game.host).status_code == 200
    (event, data), = read_events(next(chunks).splitlines(keepends=True))
    assert event == "snapshot" and json.loads(data)["version"] == 1
    response.close()


def test_the_stream_of_an_unknown_game_is_404(client: FlaskClient) -> None:
    answer = client.get("/api/games/42/events")
    assert answer.status_code == 404 and answer.get_json()["error"] == "not_found"


def test_each_stream_is_filtered_for_its_token(live_server: LiveServer) -> None:
    game = new_game(live_server)
    status, seat = request(live_server, "POST", f"/api/games/{game.id}/join",
                           {"code": game.code, "seat": 2})
    assert status == 200
    cat, watcher = Stream(live_server, game.id, seat["token"]), Stream(live_server, game.id)
    try:
        mine, theirs = cat.snapshot(), watcher.snapshot()
        assert mine["viewer"] == {"role": "seat", "seat": 2}
        assert mine["view"]["players"][2]["hand"] is not None
        assert theirs["viewer"]["role"] == "watcher"
        assert all(p["hand"] is None for p in theirs["view"]["players"])
    finally:
        cat.close()
        watcher.close()


def serving_threads() -> int:
    """Request threads of the werkzeug server (one per open connection)."""
    return sum("process_request_thread" in t.name for t in threading.enumerate())


def settles(predicate: Callable[[], bool], seconds: float = 5.0) -> bool:
    deadline = time.monotonic() + seconds
    while not predicate():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True


def test_a_stream_ends_when_its_client_goes_away(live_server: LiveServer) -> None:
    game = new_game(live_server)
    assert settles(lambda: serving_threads() == 0)
    streams = [Stream(live_server, game.id) for _ in range(5)]
    for s in streams:
        s.snapshot()
    assert serving_threads() == 5
    for s in streams:
        s.close()
    assert settles(lambda: serving_threads() == 0), "streams outlived their clients"


@pytest.mark.slow
def test_32_screens_get_every_change_and_writes_go_through(live_server: LiveServer) -> None:
    game = new_game(live_server)
    status, ben = request(live_server, "POST", f"/api/games/{game.id}/join",
                          {"code": game.code, "seat": 1})
    assert status == 200
    tokens = [None, game.host, ben["token"]]
    streams = [Stream(live_server, game.id, tokens[i % 3]) for i in range(32)]
    try:
        assert all(s.snapshot()["version"] == 0 for s in streams)
        writes = [REVEAL, {"kind": "guess", "player": "Ann", "number": 7},
                  {"kind": "guess", "player": "Ben", "number": 9}]
        for expected, action in enumerate(writes, start=1):
            status, answer = request(live_server, "POST", f"/api/games/{game.id}/actions",
                                     action, game.host)
            assert status == 200, answer  # how fast: bench/bench_live.py --screens 32
            seen = [s.snapshot() for s in streams]
            assert [snap["version"] for snap in seen] == [expected] * 32
        ben_view = seen[2]["view"]
        assert ben_view["players"][1]["hand"] is not None
        assert ben_view["players"][0]["hand"] is None
    finally:
        for s in streams:
            s.close()
