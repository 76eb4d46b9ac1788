"""Forbidden and not-found answers in the request's language (issue 26): the reason is a
catalogue message, rendered in the language the request asks for (Accept-Language), English
by default."""

from __future__ import annotations

from flask.testing import FlaskClient

from tests.web.web_support import create_game


def reason(client: FlaskClient, path: str, lang: str = "", method: str = "GET") -> tuple[int, str]:
    answer = client.open(path, method=method, json={} if method == "POST" else None,
                         headers={"Accept-Language": lang})
    return answer.status_code, answer.get_json()["reason"]


def test_a_missing_game_is_named_in_each_language(client: FlaskClient) -> None:
    assert reason(client, "/api/games/999") == (404, "there is no game 999")
    assert reason(client, "/api/games/999", "fr") == (404, "il n'y a pas de partie 999")
    assert reason(client, "/api/games/999", "pl") == (404, "nie ma gry 999")
    assert reason(client, "/api/no-such-thing", "fr") == (
        404, "cette partie ou cette adresse n'existe pas")


def test_a_watcher_is_refused_in_its_language(client: FlaskClient) -> None:
    game = create_game(client)
    body = {"kind": "guess", "player": "Ann", "number": 7}
    answer = client.post(f"/api/games/{game.id}/actions", json=body,
                         headers={"Accept-Language": "pl"})
    assert answer.status_code == 403
    assert answer.get_json()["reason"].startswith("obserwujący nie mogą")
