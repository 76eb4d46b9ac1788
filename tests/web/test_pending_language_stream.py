"""A pending input the engine refused reads in each device's language on the live stream (issue
26): the desk keeps the refusal's catalogue message, not its English, so a French tablet's
"Not entered: {reason}" is French through and through. Over waitress's stream hub and over
werkzeug's threaded server; no timing asserts."""

from __future__ import annotations

from typing import Any

from companion.table.rolls import TableRoll
from tests.web.stream_support import TowerTable
from tests.web.web_support import post

FRENCH = "Un jet, ce sont deux dés de 1 à 6, pas [2]"
ENGLISH = "A roll is two dice showing 1 to 6, not [2]"


def reasons(event: dict[str, Any]) -> list[Any]:
    return [p["reason"] for p in event["pending"]]


def test_a_refused_confirm_is_kept_in_each_devices_language(
    tower_table: TowerTable,
) -> None:
    desk, client, game = tower_table.desk, tower_table.client, tower_table.game
    french = tower_table.stream("fr")
    english = tower_table.stream("en")
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
    tower_table: TowerTable,
) -> None:
    desk = tower_table.desk
    stream = tower_table.stream("fr")
    try:
        stream.until("pending", lambda p: True)
        offered = desk.offer(TableRoll("tower", 3, (2,), "ok"), claim=lambda pk: True)
        assert (offered.outcome, offered.reason) == ("refused", ENGLISH)  # logs: English
        (entry,) = stream.until("pending", lambda p: bool(p["pending"]))["pending"]
        assert entry["reason"] == FRENCH and entry["detail"]["reason"] == FRENCH
    finally:
        stream.close()
