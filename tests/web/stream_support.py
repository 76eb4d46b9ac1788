"""Helpers of the live-stream tests (the fixtures ``serve`` and ``tower_table`` are in
conftest.py): one game's stream read on a thread into a queue, and a Sushi Express game holding
the dice tower at Cat's first roll."""

from __future__ import annotations

import contextlib
import http.client
import json
import queue
import socket
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from flask import Flask
from flask.testing import FlaskClient

from companion.table.rolls import RollDesk
from tests.dice_table import TO_ROLL
from tests.web.web_support import NewGame, claim_device, create_game, post
from web.live import read_events

#: How long a test waits for an event before it fails (generous: no timing asserts).
WAIT_S = 30.0


class Serve(Protocol):
    """The ``serve`` fixture: serves ``app`` until the test ends and answers its port;
    ``before_stop`` is called as the server stops (waitress's stream hub only)."""

    def __call__(self, app: Flask, before_stop: Callable[[], None] | None = None) -> int: ...


class Events:
    """The events of one game's stream, read on a thread into a queue: as a device of ``lang``
    reads it (``Accept-Language``) when ``lang`` is given, with ``token`` when given."""

    def __init__(self, port: int, game_id: int, token: str | None = None,
                 lang: str | None = None) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=WAIT_S)
        query = f"?token={token}" if token else ""
        headers = {"Accept-Language": lang} if lang else {}
        self.conn.request("GET", f"/api/games/{game_id}/events{query}", headers=headers)
        self.sock = self.conn.sock  # connected by request(); shut down by close()
        self.response = self.conn.getresponse()
        assert self.response.status == 200
        self.queue: queue.Queue[tuple[str, str]] = queue.Queue()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        try:
            for event in read_events(iter(self.response.readline, b"")):
                self.queue.put(event)
        # closed by the test (a chunk cut short by close() is http.client's IncompleteRead)
        except (OSError, ValueError, AttributeError, http.client.HTTPException):
            pass

    def until(self, name: str, wanted: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
        """The first ``name`` event that ``wanted`` accepts (fails after WAIT_S)."""
        while True:
            event, data = self.queue.get(timeout=WAIT_S)
            if event == name:
                value: dict[str, Any] = json.loads(data)
                if wanted(value):
                    return value

    def devices_until(self, wanted: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
        """The first ``devices`` event that ``wanted`` accepts (fails after WAIT_S)."""
        return self.until("devices", wanted)

    def pending_until(self, wanted: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
        """The first ``pending`` event that ``wanted`` accepts (fails after WAIT_S)."""
        return self.until("pending", wanted)

    def close(self) -> None:
        """Hang up: the socket is shut down first, which ends the reader's blocked read at
        once (closing the response alone waits for the read it is in, up to the server's next
        heartbeat, 15 s by default), then the response and connection are closed."""
        if self.sock is not None:
            with contextlib.suppress(OSError):  # the server hung up first
                self.sock.shutdown(socket.SHUT_RDWR)
        self.reader.join(WAIT_S)
        self.response.close()
        self.conn.close()


def tower_game_at_roll(client: FlaskClient) -> NewGame:
    """A Sushi Express game holding the dice tower, where Cat rolls try 1."""
    game = create_game(client, roll_source="tower")
    claim_device(client, game, "tower")
    for action in TO_ROLL:
        assert post(client, f"/api/games/{game.id}/actions", action, game.host).status_code == 200
    return game


@dataclass(frozen=True)
class TowerTable:
    """A served app with a roll desk (the ``tower_table`` fixture) and its game at Cat's roll."""

    port: int
    desk: RollDesk
    client: FlaskClient
    game: NewGame

    def stream(self, lang: str | None = None) -> Events:
        """The game's stream as its host reads it (in ``lang`` when given)."""
        return Events(self.port, self.game.id, self.game.host, lang)
