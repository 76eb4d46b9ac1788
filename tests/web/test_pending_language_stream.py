"""A pending input the engine refused reads in each device's language on the live stream (issue
26): the desk keeps the refusal's catalogue message, not its English, so a French tablet's
"Not entered: {reason}" is French through and through. Over waitress's stream hub and over
werkzeug's threaded server; no timing asserts."""

from __future__ import annotations

import http.client
import json
import queue
import threading
from collections.abc import Callable
from typing import Any

from companion.session.session import Session
from companion.table.rolls import RollDesk, TableRoll
from tests.web.test_devices_stream import WAIT_S, served, tower_game_at_roll
from tests.web.web_support import post
from web.live import read_events

__all__ = ["served"]  # the fixture, shared with the devices' stream tests

FRENCH = "Un jet, ce sont deux dés de 1 à 6, pas [2]"
ENGLISH = "A roll is two dice showing 1 to 6, not [2]"


class Stream:
    """One game's live stream as a device of ``lang`` reads it (its events in a queue)."""

    def __init__(self, port: int, game_id: int, token: str, lang: str) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=WAIT_S)
        self.conn.request("GET", f"/api/games/{game_id}/events?token={token}",
                          headers={"Accept-Language": lang})
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

    def until(self, name: str, wanted: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
        """The first ``name`` event that ``wanted`` accepts (fails after WAIT_S)."""
        while True:
            event, data = self.queue.get(timeout=WAIT_S)
            if event == name:
                value: dict[str, Any] = json.loads(data)
                if wanted(value):
                    return value

    def close(self) -> None:
        self.response.close()
        self.conn.close()


def reasons(event: dict[str, Any]) -> list[Any]:
    return [p["reason"] for p in event["pending"]]


def test_a_refused_confirm_is_kept_in_each_devices_language(
    served: tuple[int, Session, RollDesk, Any],
) -> None:
    port, _session, desk, client = served
    game = tower_game_at_roll(client)
    french = Stream(port, game.id, game.host, "fr")
    english = Stream(port, game.id, game.host, "en")
    try:
        french.until("pending", lambda p: True)
        # a cocked roll waits with no reason; confirming it is refused by the engine
        assert desk.offer(TableRoll("tower", 7, (2,), "cocked"),
                          claim=lambda pk: True).outcome == "pending"
        french.until("pending", lambda p: reasons(p) == [None])
        answer = post(client, f"/api/games/{game.id}/pending-roll", {"roll": 7}, game.host)
        assert answer.status_code == 409, answer.get_json()

        # each wake sends the devices event, then the pending event
        devices = french.until("devices", lambda d: [p["reason"] for p in d["tower"]["game"][
            "pending"]] not in ([], [None]))
        assert devices["tower"]["game"]["pending"][0]["reason"] == FRENCH
        kept = french.until("pending", lambda p: reasons(p) not in ([], [None]))
        (entry,) = kept["pending"]
        assert entry["reason"] == FRENCH
        assert entry["detail"]["reason"] == FRENCH  # what the pending card shows
        assert reasons(english.until("pending", lambda p: reasons(p) not in ([], [None]))) == [
            ENGLISH]
    finally:
        french.close()
        english.close()


def test_a_roll_refused_as_it_lands_is_kept_in_each_devices_language(
    served: tuple[int, Session, RollDesk, Any],
) -> None:
    port, _session, desk, client = served
    game = tower_game_at_roll(client)
    stream = Stream(port, game.id, game.host, "fr")
    try:
        stream.until("pending", lambda p: True)
        offered = desk.offer(TableRoll("tower", 3, (2,), "ok"), claim=lambda pk: True)
        assert (offered.outcome, offered.reason) == ("refused", ENGLISH)  # logs: English
        (entry,) = stream.until("pending", lambda p: bool(p["pending"]))["pending"]
        assert entry["reason"] == FRENCH and entry["detail"]["reason"] == FRENCH
    finally:
        stream.close()
