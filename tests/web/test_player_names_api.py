"""Players' names at game creation, one rule for every title (issue 24 item 14c, d): names that
differ only by capital letters or surrounding spaces are one name, refused with a reason naming
both; a name over 24 characters is refused with a reason, never cut."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from companion.games import available_games
from companion.games.base import GameInfo

TITLES = [game.info for game in available_games()]


def create(client: FlaskClient, game: str, names: list[str]) -> tuple[int, dict[str, str]]:
    answer = client.post("/api/games", json={"game": game, "players": [{"name": n} for n in names]})
    return answer.status_code, answer.get_json()


@pytest.mark.parametrize("info", TITLES, ids=[t.id for t in TITLES])
def test_names_differing_only_by_case_are_refused_for_every_title(
    client: FlaskClient, info: GameInfo
) -> None:
    names = ["Bob", " bob ", *["Cat", "Dan", "Eve", "Fay"][: max(0, info.min_players - 2)]]
    code, data = create(client, info.id, names)
    assert code == 409, data
    assert '"Bob"' in data["reason"] and '"bob"' in data["reason"], data["reason"]
    assert client.get("/api/games").get_json()["games"] == []


def test_a_name_over_24_characters_is_refused_with_a_reason(client: FlaskClient) -> None:
    long = "Bartholomew the Magnificent"  # 27 characters
    code, data = create(client, "sushi-express", [long, "Ann", "Cat"])
    assert code == 400, data
    assert long in data["reason"] and "1 to 24 characters" in data["reason"]
    code, data = create(client, "sushi-express", ["B" * 24, "Ann", "Cat"])
    assert code == 201, data
