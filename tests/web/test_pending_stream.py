"""The one pending-input desk on a game's live stream (issue 25): a ``pending`` event
(``{"game", "pending": [{"kind", "game", "ref", "device", "summary", "reason"}]}``) at connect
and whenever the game's pending inputs change, whichever input holds them. Over waitress's
stream hub and over werkzeug's threaded server. No timing asserts: generous waits only."""

from __future__ import annotations

from companion.table.rolls import TableRoll
from tests.web.stream_support import TowerTable
from tests.web.web_support import post


def test_a_held_roll_reaches_the_stream_as_a_pending_input_until_dismissed(
    tower_table: TowerTable,
) -> None:
    desk, client, game = tower_table.desk, tower_table.client, tower_table.game
    stream = tower_table.stream()
    try:
        first = stream.pending_until(lambda p: True)
        assert first == {"game": game.id, "pending": []}

        offered = desk.offer(TableRoll("tower", 7, (3, 4), "cocked"), claim=lambda pk: True)
        assert offered.outcome == "pending"
        held = stream.pending_until(lambda p: bool(p["pending"]))
        (entry,) = held["pending"]
        assert entry["kind"] == "roll" and entry["ref"] == 7 and entry["device"] == "tower"
        assert entry["game"] == game.id and "3 4" in entry["summary"]

        answer = post(client, f"/api/games/{game.id}/pending-roll/dismiss", {"roll": 7},
                      game.host)
        assert answer.status_code == 200, answer.get_json()
        stream.pending_until(lambda p: p["pending"] == [])
    finally:
        stream.close()
