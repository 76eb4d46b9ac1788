"""The table devices' state on a game's live stream (issue 24 item 10): a ``devices`` event
(``{"tower": GET /api/tower?game=ID, "camera": GET /api/camera?game=ID}``) at connect and
whenever it changes: a roll held at the desk, dismissed, a hold released. Over waitress's
stream hub and over werkzeug's threaded server. No timing asserts: generous waits only."""

from __future__ import annotations

from companion.session.session import Session
from companion.table.rolls import TableRoll
from tests.web.stream_support import TowerTable
from tests.web.web_support import create_game, make_app, post
from web.live import read_events


def test_a_roll_at_the_desk_its_dismissal_and_the_hold_reach_the_stream(
    tower_table: TowerTable,
) -> None:
    desk, client, game = tower_table.desk, tower_table.client, tower_table.game
    stream = tower_table.stream()
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


def test_an_app_without_devices_sends_no_devices_events(session: Session) -> None:
    client = make_app(session, TESTING=True).test_client()
    game = create_game(client)
    response = client.get(f"/api/games/{game.id}/events", buffered=False)
    chunks = iter(response.response)
    events = list(read_events(next(chunks).splitlines(keepends=True)))
    assert [name for name, _ in events] == ["snapshot"]
    response.close()
