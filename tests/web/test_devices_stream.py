"""The table devices' state on a game's live stream (issue 24 item 10): a ``devices`` event
(``{"tower": GET /api/tower?game=ID, "camera": GET /api/camera?game=ID}``) at connect and
whenever it changes: a roll held at the desk, dismissed, a hold released. Over waitress's
stream hub and over werkzeug's threaded server. No timing asserts: generous waits only."""

from __future__ import annotations

import http.client
import json
import queue
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from werkzeug.serving import make_server

from companion.session.log import GameLog
from companion.session.session import Session
from companion.table.rolls import RollDesk, TableRoll
from tests.dice_table import TO_ROLL
from tests.web.web_support import claim_device, create_game, make_app, post
from web.live import read_events
from web.serving import Server

WAIT_S = 30.0


@pytest.fixture(params=["hub", "thread"])
def served(request: pytest.FixtureRequest, tmp_path: Path
           ) -> Iterator[tuple[int, Session, RollDesk, Any]]:
    """(port, session, desk, test client) of an app with a roll desk, served by waitress with
    its stream hub or by werkzeug's threaded server."""
    log = GameLog(tmp_path / "companion.sqlite3")
    session = Session(log)
    desk = RollDesk(session)
    app = make_app(session, rolls=desk)
    client = app.test_client()
    if request.param == "hub":
        server = Server(app, "127.0.0.1", 0, threads=4)
        thread = threading.Thread(target=server.run, kwargs={"before_stop": session.close},
                                  daemon=True)
        thread.start()
        try:
            yield server.port, session, desk, client
        finally:
            server.stop()
            thread.join(15)
            log.close()
    else:
        dev = make_server("127.0.0.1", 0, app, threaded=True)
        thread = threading.Thread(target=dev.serve_forever, daemon=True)
        thread.start()
        try:
            yield dev.server_port, session, desk, client
        finally:
            dev.shutdown()
            dev.server_close()
            thread.join(10)
            session.close()
            log.close()


class Events:
    """The events of one stream, read on a thread into a queue."""

    def __init__(self, port: int, game_id: int, token: str | None = None) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=WAIT_S)
        query = f"?token={token}" if token else ""
        self.conn.request("GET", f"/api/games/{game_id}/events{query}")
        self.response = self.conn.getresponse()
        assert self.response.status == 200
        self.queue: queue.Queue[tuple[str, str]] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        try:
            for event in read_events(iter(self.response.readline, b"")):
                self.queue.put(event)
        except (OSError, ValueError, AttributeError):  # closed by the test
            pass

    def devices_until(self, wanted: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
        """The first ``devices`` event that ``wanted`` accepts (fails after WAIT_S)."""
        while True:
            event, data = self.queue.get(timeout=WAIT_S)
            if event == "devices":
                value: dict[str, Any] = json.loads(data)
                if wanted(value):
                    return value

    def close(self) -> None:
        self.response.close()
        self.conn.close()


def tower_game_at_roll(client: Any) -> Any:
    """A Sushi Express game holding the dice tower, where Cat rolls try 1."""
    game = create_game(client, roll_source="tower")
    claim_device(client, game, "tower")
    for action in TO_ROLL:
        assert post(client, f"/api/games/{game.id}/actions", action, game.host).status_code == 200
    return game

def test_a_roll_at_the_desk_its_dismissal_and_the_hold_reach_the_stream(
    served: tuple[int, Session, RollDesk, Any],
) -> None:
    port, _session, desk, client = served
    game = tower_game_at_roll(client)
    stream = Events(port, game.id, game.host)
    try:
        first = stream.devices_until(lambda d: True)
        assert first["tower"]["game"]["id"] == game.id
        assert first["tower"]["game"]["pending"] == []
        assert first["tower"]["held_by"]["id"] == game.id
        assert first["camera"]["game"]["id"] == game.id
        assert first["tower"]["game"]["viewer"]["role"] == "host"

        offered = desk.offer(TableRoll("tower", 7, (3, 4), "cocked"), claim=lambda pk: True)
        assert offered.outcome == "pending"
        held = stream.devices_until(lambda d: bool(d["tower"]["game"]["pending"]))
        (pending,) = held["tower"]["game"]["pending"]
        assert pending["roll"] == 7 and pending["values"] == [3, 4]
        # what the stream pushed is what the status answers
        status = client.get(f"/api/tower?game={game.id}",
                            headers={"X-Companion-Token": game.host}).get_json()
        assert status["game"]["pending"] == held["tower"]["game"]["pending"]

        answer = post(client, f"/api/games/{game.id}/pending-roll/dismiss", {"roll": 7},
                      game.host)
        assert answer.status_code == 200, answer.get_json()
        stream.devices_until(lambda d: d["tower"]["game"]["pending"] == [])

        answer = post(client, f"/api/games/{game.id}/devices/tower/release", {}, game.host)
        assert answer.status_code == 200, answer.get_json()
        stream.devices_until(lambda d: d["tower"]["held_by"] is None)
    finally:
        stream.close()


def test_an_app_without_devices_sends_no_devices_events(tmp_path: Path) -> None:
    log = GameLog(tmp_path / "companion.sqlite3")
    session = Session(log)
    try:
        client = make_app(session, TESTING=True).test_client()
        game = create_game(client)
        response = client.get(f"/api/games/{game.id}/events", buffered=False)
        chunks = iter(response.response)
        events = list(read_events(next(chunks).splitlines(keepends=True)))
        assert [name for name, _ in events] == ["snapshot"]
        response.close()
    finally:
        session.close()
        log.close()
