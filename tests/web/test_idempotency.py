"""The ``Idempotency-Key`` header (docs/API.md): a write sent twice with one key is applied once
and the repeat gets the first answer, even when both arrive at once or the repeat comes after a
restart; the same key with another body is 422, a malformed key 400; no key, no change."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from companion.session.log import GameLog
from companion.session.session import Session
from tests.web.web_support import PLAYERS, TOKEN_HEADER, NewGame, claim, make_app, snapshot

KEY = "Idempotency-Key"
GAME = {"game": "sushi-express", "players": PLAYERS, "options": {}}
REVEAL = {"kind": "reveal_customers", "cards": ["light_blue", "tip", "rose"]}


def send(client: FlaskClient, path: str, body: Any, key: str | None = None,
         token: str | None = None) -> Any:
    headers = {}
    if key is not None:
        headers[KEY] = key
    if token is not None:
        headers[TOKEN_HEADER] = token
    return client.post(path, json=body, headers=headers)


def game_count(client: FlaskClient) -> int:
    return len(client.get("/api/games").get_json()["games"])


def test_a_repeated_new_game_with_one_key_creates_one_game(client: FlaskClient) -> None:
    first = send(client, "/api/games", GAME, "start-1")
    again = send(client, "/api/games", GAME, "start-1")
    assert first.status_code == again.status_code == 201
    assert again.get_json() == first.get_json()
    assert again.headers.get("Idempotent-Replayed") == "true"
    assert "Idempotent-Replayed" not in first.headers
    assert game_count(client) == 1
    # The replayed host token is the real one.
    game = NewGame(first.get_json()["id"], first.get_json()["host_token"], "")
    assert send(client, f"/api/games/{game.id}/actions", REVEAL, token=game.host).status_code \
        == 200


def test_a_repeated_action_applies_once_and_answers_the_first_answer(
    client: FlaskClient, game: NewGame
) -> None:
    path = f"/api/games/{game.id}/actions"
    first = send(client, path, REVEAL, "tap-1", game.host)
    again = send(client, path, REVEAL, "tap-1", game.host)
    assert first.status_code == again.status_code == 200
    assert again.get_json() == first.get_json()
    assert first.get_json()["version"] == 1
    assert len(snapshot(client, game)["history"]) == 1
    # Undo with a key: a double tap undoes once.
    undo = [send(client, f"/api/games/{game.id}/undo", {}, "undo-1", game.host)
            for _ in range(2)]
    assert undo[0].get_json() == undo[1].get_json() == {"ok": True, "version": 2}


def test_two_simultaneous_requests_with_one_key_apply_once(app: Flask, game: NewGame) -> None:
    answers: list[Any] = []
    barrier = threading.Barrier(4)

    def tap(path: str, body: Any, key: str, token: str | None) -> None:
        client = app.test_client()
        barrier.wait()
        answers.append(send(client, path, body, key, token))

    threads = [threading.Thread(target=tap, args=("/api/games", GAME, "same", None))
               for _ in range(2)]
    threads += [threading.Thread(target=tap, args=(f"/api/games/{game.id}/actions", REVEAL,
                                                   "same", game.host)) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    client = app.test_client()
    created = [a.get_json() for a in answers if a.status_code == 201]
    acted = [a.get_json() for a in answers if a.status_code == 200]
    assert len(created) == 2 and created[0] == created[1]
    assert len(acted) == 2 and acted[0] == acted[1]
    assert game_count(client) == 2  # the fixture's game and one new one
    assert len(snapshot(client, game)["history"]) == 1


def test_a_key_reused_with_another_body_is_422(client: FlaskClient, game: NewGame) -> None:
    path = f"/api/games/{game.id}/actions"
    assert send(client, path, REVEAL, "k", game.host).status_code == 200
    other = {**REVEAL, "cards": ["rose", "tip", "light_blue"]}
    answer = send(client, path, other, "k", game.host)
    assert answer.status_code == 422
    assert answer.get_json()["error"] == "key_reused"
    assert "different request" in answer.get_json()["reason"]
    # Another endpoint with the same key is another request too.
    assert send(client, f"/api/games/{game.id}/undo", {}, "k", game.host).status_code == 422
    assert len(snapshot(client, game)["history"]) == 1


def test_a_key_is_scoped_by_the_credential(client: FlaskClient, game: NewGame) -> None:
    path = f"/api/games/{game.id}/actions"
    assert send(client, path, REVEAL, "k", game.host).status_code == 200
    ben = claim(client, game, 1)
    # Ben's same key is his own: not the host's answer replayed, but his request, refused.
    answer = send(client, path, REVEAL, "k", ben)
    assert answer.status_code == 409 and "Idempotent-Replayed" not in answer.headers


def test_a_refusal_is_not_stored_so_a_retry_can_go_through(
    client: FlaskClient, game: NewGame
) -> None:
    path = f"/api/games/{game.id}/undo"
    assert send(client, path, {}, "u", game.host).status_code == 409  # nothing to undo
    send(client, f"/api/games/{game.id}/actions", REVEAL, token=game.host)
    assert send(client, path, {}, "u", game.host).status_code == 200


def test_a_retry_after_a_restart_is_recognised(tmp_path: Path) -> None:
    path = tmp_path / "companion.sqlite3"
    answers = []
    for _ in range(2):  # the same file, a fresh log, session and app each time
        log = GameLog(path)
        session = Session(log)
        try:
            client = make_app(session, TESTING=True).test_client()
            created = send(client, "/api/games", GAME, "start")
            game_id, host = created.get_json()["id"], created.get_json()["host_token"]
            acted = send(client, f"/api/games/{game_id}/actions", REVEAL, "act", host)
            answers.append((created.get_json(), acted.status_code, acted.get_json()))
            history = client.get(f"/api/games/{game_id}").get_json()["history"]
            assert game_count(client) == 1 and len(history) == 1
        finally:
            session.close()
            log.close()
    assert answers[0] == answers[1]


def test_old_keys_are_pruned_when_the_log_opens(tmp_path: Path) -> None:
    now = [1_000_000.0]
    path = tmp_path / "companion.sqlite3"
    log = GameLog(path, clock=lambda: now[0])
    session = Session(log)
    client = make_app(session, TESTING=True).test_client()
    first = send(client, "/api/games", GAME, "old").get_json()
    session.close()
    log.close()
    now[0] += 25 * 3600
    log = GameLog(path, clock=lambda: now[0])
    try:
        assert log.answer_for("anonymous", "old") is None
    finally:
        log.close()
    assert first["id"] == 1


def test_without_a_key_two_requests_still_apply_twice(client: FlaskClient) -> None:
    assert send(client, "/api/games", GAME).status_code == 201
    assert send(client, "/api/games", GAME).status_code == 201
    assert game_count(client) == 2


def test_a_malformed_key_is_400(client: FlaskClient) -> None:
    for key in ("", "has space", "x" * 201, "caf\u00e9"):
        headers = {KEY: key.encode("utf-8").decode("latin-1")}
        answer = client.post("/api/games", json=GAME, headers=headers)
        assert answer.status_code == 400, key
        assert answer.get_json()["error"] == "unreadable"
        assert KEY in answer.get_json()["reason"]
    assert send(client, "/api/games", GAME, "x" * 200).status_code == 201
    assert game_count(client) == 1
