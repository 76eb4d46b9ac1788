"""POST /api/games/<id>/join/check: a join code is checked before the seats are offered, and
claims nothing (issue 24 item 14f)."""

from __future__ import annotations

from flask.testing import FlaskClient

from tests.web.web_support import NewGame, post, snapshot


def test_a_right_code_is_accepted_and_claims_no_seat(client: FlaskClient, game: NewGame) -> None:
    answer = post(client, f"/api/games/{game.id}/join/check", {"code": game.code.lower()})
    assert answer.status_code == 200 and answer.get_json() == {"ok": True}
    assert snapshot(client, game, game.host)["claimed_seats"] == []


def test_a_wrong_code_is_refused(client: FlaskClient, game: NewGame) -> None:
    wrong = "22222222" if game.code != "22222222" else "33333333"
    answer = post(client, f"/api/games/{game.id}/join/check", {"code": wrong})
    assert answer.status_code == 403
    assert "does not open this game" in answer.get_json()["reason"]
