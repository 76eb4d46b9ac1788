"""The roll source and the pending rolls over HTTP (``docs/API.md``, "Dice from the table").

Tower rolls go only to the game holding the tower (issue 28 item 4): the games that get rolls
here claim it first (``at_roll(..., hold=True)``)."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from companion.session.session import Session
from companion.table.rolls import RollDesk, TableRoll
from tests.dice_table import TO_ROLL
from tests.web.web_support import (
    PLAYERS,
    TOKEN_HEADER,
    NewGame,
    claim_device,
    create_game,
    make_app,
    owner_headers,
    post,
)


@pytest.fixture
def desk(session: Session) -> RollDesk:
    return RollDesk(session)


@pytest.fixture
def dice_client(session: Session, desk: RollDesk) -> FlaskClient:
    """The app with a roll desk (no tower: rolls are offered by the test)."""
    return make_app(session, rolls=desk, TESTING=True).test_client()


def at_roll(client: FlaskClient, roll_source: str = "tower", hold: bool = False) -> NewGame:
    """A Sushi Express game at Cat's roll; with ``hold`` its host claims the tower."""
    game = create_game(client, roll_source=roll_source)
    if hold:
        claim_device(client, game, "tower")
    for action in TO_ROLL:
        assert post(client, f"/api/games/{game.id}/actions", action, game.host).status_code == 200
    return game


def seat_token(client: FlaskClient, game: NewGame, seat: int) -> str:
    answer = post(client, f"/api/games/{game.id}/join", {"code": game.code, "seat": seat})
    token: str = answer.get_json()["token"]
    return token


def tower_status(client: FlaskClient, game: NewGame, token: str | None = None) -> Any:
    headers = {TOKEN_HEADER: token} if token else {}
    answer = client.get(f"/api/tower?game={game.id}", headers=headers)
    assert answer.status_code == 200, answer.get_json()
    return answer.get_json()


def test_the_dice_asked_for_read_in_the_device_s_language(client: FlaskClient) -> None:
    game = at_roll(client)
    for lang, prompt in (("fr", "Cat lance, essai 1 : il faut 9 ou plus"),
                         ("en", "Cat's roll, try 1, needing 9 or more")):
        answer = client.get(f"/api/tower?game={game.id}",
                            headers={TOKEN_HEADER: game.host, "Accept-Language": lang})
        assert answer.get_json()["game"]["waiting"]["prompt"] == prompt

def test_titles_say_which_are_played_with_dice(client: FlaskClient) -> None:
    titles = {t["id"]: t["dice"] for t in client.get("/api/titles").get_json()["titles"]}
    assert titles["sushi-express"] and titles["sushi-go"] and not titles["sushi-go-party"]


def test_a_new_game_takes_its_roll_source_and_lists_it(client: FlaskClient) -> None:
    game = create_game(client, roll_source="tower")
    assert client.get("/api/games").get_json()["games"][0]["roll_source"] == "tower"
    assert client.get(f"/api/games/{game.id}").get_json()["roll_source"] == "tower"
    assert create_game(client).id and client.get("/api/games").get_json()["games"][0][
        "roll_source"] == "tap"
    bad = client.post("/api/games", json={"game": "sushi-express", "players": PLAYERS,
                                          "roll_source": "owl"})
    assert bad.status_code == 400 and "roll_source" in bad.get_json()["reason"]
    party = client.post("/api/games", json={"game": "sushi-go-party", "players": PLAYERS,
                                            "roll_source": "tower"})
    assert party.status_code == 409 and "without dice" in party.get_json()["reason"]


def test_only_the_host_changes_the_roll_source(client: FlaskClient, game: NewGame) -> None:
    path = f"/api/games/{game.id}/roll-source"
    assert post(client, path, {"roll_source": "tower"}).status_code == 403
    seat = seat_token(client, game, 1)
    assert post(client, path, {"roll_source": "tower"}, seat).status_code == 403
    assert post(client, path, {"roll_source": "pigeon"}, game.host).status_code == 400
    assert post(client, path, {"source": "tower"}, game.host).status_code == 400
    answer = post(client, path, {"roll_source": "tower"}, game.host)
    assert answer.get_json() == {"ok": True, "roll_source": "tower"}
    assert client.get(f"/api/games/{game.id}").get_json()["roll_source"] == "tower"


def test_without_a_tower_the_status_says_so_and_tells_what_the_game_waits_for(
    client: FlaskClient,
) -> None:
    assert client.get("/api/tower").get_json()["enabled"] is False
    game = at_roll(client)
    status = tower_status(client, game, game.host)
    assert (status["connected"], status["pending"]) == (False, [])
    assert status["game"] == {
        "id": game.id, "title": "sushi-express", "roll_source": "tower", "dice": True,
        "status": "playing", "sources": ["tap"], "pending": [],
        "viewer": {"role": "host", "seat": None},
        "waiting": {"player": "Cat", "dice": 2,
                    "prompt": "Cat's roll, try 1, needing 9 or more"}}
    assert client.get("/api/tower?game=x").status_code == 400
    assert client.get("/api/tower?game=99").status_code == 404
    assert post(client, f"/api/games/{game.id}/pending-roll", {"roll": 1}, game.host
                ).status_code == 404
    assert post(client, f"/api/games/{game.id}/tower/throw", {"values": [1, 2]}, game.host
                ).status_code == 400


def test_a_seat_corrects_a_pending_roll_and_a_watcher_cannot(
    dice_client: FlaskClient, desk: RollDesk,
) -> None:
    game = at_roll(dice_client, hold=True)
    offered = desk.offer(TableRoll("tower", 7, (3, 4), "cocked"), claim=lambda pk: True)
    assert (offered.outcome, offered.game) == ("pending", game.id)
    [pending] = tower_status(dice_client, game)["game"]["pending"]
    assert (pending["roll"], pending["values"], pending["quality"]) == (7, [3, 4], "cocked")
    path = f"/api/games/{game.id}/pending-roll"
    assert post(dice_client, path, {"roll": 7}).status_code == 403
    seat = seat_token(dice_client, game, 0)
    assert post(dice_client, path, {"roll": 7, "values": [6]}, seat).status_code == 400
    assert post(dice_client, path, {"roll": 8}, seat).status_code == 404
    answer = post(dice_client, path, {"roll": 7, "values": [6, 5]}, seat)
    assert answer.status_code == 200, answer.get_json()
    assert answer.get_json()["events"][0]["dice"] == [6, 5]
    assert tower_status(dice_client, game)["game"]["pending"] == []


def test_a_refused_roll_is_409_on_confirm_and_can_be_dismissed(
    dice_client: FlaskClient, desk: RollDesk,
) -> None:
    game = at_roll(dice_client, hold=True)
    version = dice_client.get(f"/api/games/{game.id}").get_json()["version"]
    offered = desk.offer(TableRoll("tower", 3, (2,), "ok"))
    assert offered.outcome == "refused"
    path = f"/api/games/{game.id}/pending-roll"
    answer = post(dice_client, path, {"roll": 3}, game.host)
    assert answer.status_code == 409
    assert answer.get_json()["reason"] == "A roll is two dice showing 1 to 6, not [2]"
    [pending] = tower_status(dice_client, game)["game"]["pending"]
    assert pending["reason"] == "A roll is two dice showing 1 to 6, not [2]"
    assert post(dice_client, f"{path}/dismiss", {"roll": 3}).status_code == 403
    assert post(dice_client, f"{path}/dismiss", {"roll": 3}, game.host).get_json() == {
        "ok": True}
    assert tower_status(dice_client, game)["game"]["pending"] == []
    assert dice_client.get(f"/api/games/{game.id}").get_json()["version"] == version


def test_without_a_camera_its_endpoints_say_so_and_change_nothing(client: FlaskClient) -> None:
    status = client.get("/api/camera").get_json()
    assert (status["enabled"], status["kind"], status["dice"]) == (False, "off", [])
    assert client.get("/api/camera/view.jpg").status_code == 404
    game = at_roll(client, "tap")
    before = client.get(f"/api/games/{game.id}").get_json()["version"]
    answer = post(client, f"/api/games/{game.id}/camera/throw", {"values": [1, 2]}, game.host)
    assert answer.status_code == 400 and "no demo camera" in answer.get_json()["reason"]
    assert post(client, f"/api/games/{game.id}/camera/throw", {"values": [1, 2]},
                None).status_code == 403
    answer = post(client, f"/api/games/{game.id}/camera/calibrate", {}, game.host)
    assert answer.status_code == 403 and "owner PIN" in answer.get_json()["reason"]
    answer = client.post(f"/api/games/{game.id}/camera/calibrate", json={},
                         headers=owner_headers(client))
    assert answer.status_code == 400 and "no camera" in answer.get_json()["reason"]
    assert client.get(f"/api/games/{game.id}").get_json()["version"] == before
