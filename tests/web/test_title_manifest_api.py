"""``GET /api/titles`` names each title's page modules (issue 25): the pages load a title's
screens by the prefix its package declares, so a fifth title's screens are its own files."""

from __future__ import annotations

from pathlib import Path

import pytest
from flask.testing import FlaskClient

from companion.session.session import Session
from tests.fifth_title import GAME_SCRIPT, ID, fifth_title
from tests.played_games import play

__all__ = ["fifth_title"]  # the fixture, used by name

STATIC = Path(__file__).resolve().parents[2] / "web" / "static"


def scripts(client: FlaskClient) -> dict[str, dict[str, str]]:
    return {t["id"]: t["scripts"] for t in client.get("/api/titles").get_json()["titles"]}


def test_each_title_names_the_modules_it_has(client: FlaskClient) -> None:
    found = scripts(client)
    assert found["sushi-go"]["game"] == "/static/sg-game.js"
    assert found["sushi-go"]["setup"] == "/static/sg-setup.js"
    assert found["sushi-go-party"]["setup"] == "/static/sgp-setup.js"
    assert found["sushi-roll"]["game"] == "/static/sr-game.js"
    for listed in found.values():
        for address in listed.values():
            assert (STATIC / address.removeprefix("/static/")).is_file()


def test_a_fifth_title_is_offered_with_its_own_screens(
    fifth_title: Path, client: FlaskClient, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    answer = {t["id"]: t for t in client.get("/api/titles").get_json()["titles"]}
    assert answer[ID]["screens"] is True and answer[ID]["name"] == "Fifth Title"
    assert answer[ID]["scripts"] == {}  # no zz5-*.js among the pages yet
    static = tmp_path / "static"
    static.mkdir()
    (static / "zz5-game.js").write_text(GAME_SCRIPT, encoding="utf-8")
    monkeypatch.setattr(client.application, "static_folder", str(static))
    assert scripts(client)[ID] == {"game": "/static/zz5-game.js"}
    created = client.post("/api/games", json={"game": ID, "players": [
        {"name": "Ann", "colour": "red"}, {"name": "Ben", "colour": "blue"}]})
    assert created.status_code == 201


@pytest.mark.parametrize("title", ["sushi-express", "sushi-go"])
def test_a_replays_board_names_the_titles_screens(
    client: FlaskClient, session: Session, title: str
) -> None:
    """The replay finds the title's game module from the board's answer alone (``screens``):
    the café's hub serves the same page over its own API, which has no /api/titles."""
    game = play(session, title, seed=1)
    board = client.get(f"/api/history/{game}/board?step=1").get_json()
    listed = scripts(client)[title]["game"]
    assert listed == f"/static/{board['screens']}-game.js"
