"""Pulling the plug: SIGKILL the running service again and again in the middle of a game.

After every restart the game must show exactly the last acknowledged state: every action whose
POST was answered is there, nothing else is. A POST that was in flight when the process died may
or may not have been committed (the writer commits before it answers), but never half: the state
is then either the acknowledged one or the acknowledged one plus that single action.
"""

from __future__ import annotations

import http.client
import json
import random
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from companion.games import find_game
from companion.games.base import PlayerSpec
from companion.games.simulate import random_game

PLAYERS = [PlayerSpec("Ann", "red"), PlayerSpec("Ben", "blue"), PlayerSpec("Cat", "green")]


def scripted_game(seed: int, limit: int) -> list[dict[str, Any]]:
    """A legal Sushi Express game played from ``seed``, as the host would send it."""
    game = find_game("sushi-express")
    actions, _state = random_game(game, PLAYERS, seed, public_only=True, limit=limit)
    return [a.to_json() for a in actions]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """``companion serve`` in a child process on a fixed loopback port."""

    def __init__(self, data_dir: Path, port: int) -> None:
        self.data_dir = data_dir
        self.port = port
        self.proc: subprocess.Popen[str] | None = None

    def start(self) -> None:
        cmd = [sys.executable, "-m", "companion", "--data-dir", str(self.data_dir), "serve",
               "--host", "127.0.0.1", "--port", str(self.port)]
        self.proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                     text=True)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                request("GET", self.url("/api/games"))
                return
            except OSError:
                time.sleep(0.05)
        raise AssertionError("companion serve did not start within 30 s")

    def kill(self) -> None:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=10)

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.port}{path}"


def request(method: str, url: str, body: Any = None, token: str | None = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(url, data=data, method=method)
    req.add_header("Content-Type", "application/json")
    if token:
        req.add_header("X-Companion-Token", token)
    with urllib.request.urlopen(req, timeout=10) as resp:
        return json.loads(resp.read())


def history_kinds(server: Server, game_id: int, token: str) -> list[dict[str, Any]]:
    req = urllib.request.Request(server.url(f"/api/games/{game_id}"))
    req.add_header("X-Companion-Token", token)
    with urllib.request.urlopen(req, timeout=10) as resp:
        snapshot = json.loads(resp.read())
    return [entry["action"] for entry in snapshot["history"]]


@pytest.mark.slow
@pytest.mark.timeout(900)  # ~17 restarts of the service: minutes on a loaded 2-core machine
def test_sigkill_at_any_moment_keeps_exactly_the_acknowledged_actions(tmp_path: Path) -> None:
    rng = random.Random(2005)
    script = scripted_game(seed=7, limit=60)
    server = Server(tmp_path / "data", free_port())
    server.start()
    try:
        created = request("POST", server.url("/api/games"), {
            "game": "sushi-express", "players": [p.to_json() for p in PLAYERS], "options": {}})
        game_id, token = created["id"], created["host_token"]
        acknowledged = 0
        kills = 0
        while acknowledged < len(script):
            burst = rng.randint(1, 6)
            for action in script[acknowledged: acknowledged + burst]:
                request("POST", server.url(f"/api/games/{game_id}/actions"), action, token)
                acknowledged += 1
            in_flight = rng.random() < 0.5 and acknowledged < len(script)
            if in_flight:
                acknowledged = _kill_during_post(server, game_id, token, script, acknowledged)
            else:
                server.kill()
            kills += 1
            server.start()
            seen = history_kinds(server, game_id, token)
            assert seen == script[:acknowledged], f"after kill {kills}"
        assert kills >= 10
    finally:
        if server.proc and server.proc.poll() is None:
            server.kill()


def _kill_during_post(
    server: Server, game_id: int, token: str, script: list[dict[str, Any]], acknowledged: int
) -> int:
    """Send the next action and SIGKILL the server while it may be handling it.

    Returns the number of actions now known to be in the log: the acknowledged ones, plus the
    in-flight one when the restarted server shows it (it was committed before the kill).
    """
    answered: list[bool] = []

    def post() -> None:
        try:
            request("POST", server.url(f"/api/games/{game_id}/actions"),
                    script[acknowledged], token)
            answered.append(True)
        except (OSError, urllib.error.URLError, http.client.HTTPException):
            # killed before the answer was whole (e.g. the body cut short): not acknowledged
            answered.append(False)

    sender = threading.Thread(target=post)
    sender.start()
    time.sleep(random.Random(acknowledged).uniform(0.0, 0.01))
    server.kill()
    sender.join(timeout=15)
    server.start()
    seen = history_kinds(server, game_id, token)
    server.kill()
    if answered == [True]:
        assert seen == script[: acknowledged + 1]
        return acknowledged + 1
    assert seen in (script[:acknowledged], script[: acknowledged + 1])
    return len(seen)

