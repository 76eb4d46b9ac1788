"""The one pending-input desk on a game's live stream (issue 25): a ``pending`` event
(``{"game", "pending": [{"kind", "game", "ref", "device", "summary", "reason"}]}``) at connect
and whenever the game's pending inputs change, whichever input holds them. Over waitress's
stream hub and over werkzeug's threaded server. No timing asserts: generous waits only."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from companion.session.session import Session
from companion.table.rolls import RollDesk, TableRoll
from tests.web.test_devices_stream import WAIT_S, Events, served, tower_game_at_roll
from tests.web.web_support import post

__all__ = ["served"]  # the fixture, shared with the devices' stream tests


def pending_until(stream: Events, wanted: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    """The first ``pending`` event that ``wanted`` accepts (fails after WAIT_S)."""
    while True:
        event, data = stream.queue.get(timeout=WAIT_S)
        if event == "pending":
            value: dict[str, Any] = json.loads(data)
            if wanted(value):
                return value


def test_a_held_roll_reaches_the_stream_as_a_pending_input_until_dismissed(
    served: tuple[int, Session, RollDesk, Any],
) -> None:
    port, _session, desk, client = served
    game = tower_game_at_roll(client)
    stream = Events(port, game.id, game.host)
    try:
        first = pending_until(stream, lambda p: True)
        assert first == {"game": game.id, "pending": []}

        offered = desk.offer(TableRoll("tower", 7, (3, 4), "cocked"), claim=lambda pk: True)
        assert offered.outcome == "pending"
        held = pending_until(stream, lambda p: bool(p["pending"]))
        (entry,) = held["pending"]
        assert entry["kind"] == "roll" and entry["ref"] == 7 and entry["device"] == "tower"
        assert entry["game"] == game.id and "3 4" in entry["summary"]

        answer = post(client, f"/api/games/{game.id}/pending-roll/dismiss", {"roll": 7},
                      game.host)
        assert answer.status_code == 200, answer.get_json()
        pending_until(stream, lambda p: p["pending"] == [])
    finally:
        stream.close()
