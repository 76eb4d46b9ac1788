"""The host role moves with the host code (issue 24 item 5).

If the host tablet dies, another device types the host code (shown on the host screen, on the
Pi's own status panel and in ``companion serve``'s output) and becomes the host: it gets a new
host token, the old one stops working, the code is spent (a new one replaces it) and undo stays
the host's alone. Wrong codes go through the join codes' throttle.
"""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from companion.app import host_code_lines
from companion.devices.present import Health
from companion.session.log import HOST_CODE_LENGTH, JOIN_ALPHABET
from companion.session.session import Session
from tests.web.web_support import TOKEN_HEADER, NewGame, claim, make_app, post, snapshot

REVEAL = {"kind": "reveal_customers", "cards": ["light_blue", "tip", "rose"]}


def host_code(client: FlaskClient, game: NewGame, token: str) -> str:
    code: str = snapshot(client, game, token)["host_code"]
    return code


def take_over(client: FlaskClient, game: NewGame, code: str, *, addr: str = "127.0.0.1",
              headers: dict[str, str] | None = None) -> Any:
    return client.post(f"/api/games/{game.id}/host/claim", json={"code": code},
                       headers=headers or {}, environ_base={"REMOTE_ADDR": addr})


def wrong_code(right: str) -> str:
    return "AAAAAAAA" if right != "AAAAAAAA" else "BBBBBBBB"


def test_the_host_sees_a_host_code_distinct_from_the_join_code(
    client: FlaskClient, game: NewGame
) -> None:
    code = host_code(client, game, game.host)
    assert len(code) == HOST_CODE_LENGTH and set(code) <= set(JOIN_ALPHABET)
    assert code != game.code
    ben = claim(client, game, 1)
    assert "host_code" not in snapshot(client, game, ben)
    assert "host_code" not in snapshot(client, game)
    assert all("host_code" not in g for g in client.get("/api/games").get_json()["games"])


def test_the_right_code_gives_a_new_host_token_that_can_undo(
    client: FlaskClient, game: NewGame
) -> None:
    base = f"/api/games/{game.id}"
    post(client, f"{base}/actions", REVEAL, game.host)
    code = host_code(client, game, game.host)
    # Typed as a person would: lower case, with the dash the screens show.
    answer = take_over(client, game, f"{code[:4].lower()}-{code[4:].lower()}")
    assert answer.status_code == 200, answer.get_json()
    body = answer.get_json()
    assert body["id"] == game.id and body["host_token"] != game.host
    new = body["host_token"]
    assert snapshot(client, game, new)["viewer"] == {"role": "host", "seat": None}
    undone = post(client, f"{base}/undo", {}, new)
    assert undone.status_code == 200, undone.get_json()
    assert snapshot(client, game)["history"] == []


def test_after_a_claim_the_old_host_token_and_the_old_code_stop_working(
    client: FlaskClient, game: NewGame
) -> None:
    base = f"/api/games/{game.id}"
    post(client, f"{base}/actions", REVEAL, game.host)
    old_code = host_code(client, game, game.host)
    new = take_over(client, game, old_code).get_json()["host_token"]
    assert snapshot(client, game, game.host)["viewer"] == {"role": "watcher", "seat": None}
    refused = post(client, f"{base}/undo", {}, game.host)
    assert refused.status_code == 403 and refused.get_json()["error"] == "forbidden"
    # The code is spent: the new host sees a fresh one, and the old one opens nothing.
    fresh = host_code(client, game, new)
    assert fresh != old_code
    again = take_over(client, game, old_code)
    assert again.status_code == 403, again.get_json()
    # The host can hand the role on again (or back) with the fresh code.
    back = take_over(client, game, fresh)
    assert back.status_code == 200
    assert snapshot(client, game, new)["viewer"]["role"] == "watcher"


def test_seat_tokens_are_unaffected_by_a_host_claim(client: FlaskClient, game: NewGame) -> None:
    ben = claim(client, game, 1)
    take_over(client, game, host_code(client, game, game.host))
    assert snapshot(client, game, ben)["viewer"] == {"role": "seat", "seat": 1}
    assert snapshot(client, game)["claimed_seats"] == [1]
    refused = post(client, f"/api/games/{game.id}/undo", {}, ben)
    assert refused.status_code == 403  # undo stays the host's alone


def test_a_wrong_code_is_refused_with_a_reason_and_changes_nothing(
    client: FlaskClient, game: NewGame
) -> None:
    code = host_code(client, game, game.host)
    for guess in (wrong_code(code), game.code):  # the join code is not the host code
        answer = take_over(client, game, guess)
        assert answer.status_code == 403, answer.get_json()
        body = answer.get_json()
        assert body["error"] == "forbidden"
        assert "that host code does not open this game" in body["reason"]
        assert "host_token" not in body
    assert snapshot(client, game, game.host)["viewer"]["role"] == "host"
    assert host_code(client, game, game.host) == code


def test_unreadable_claims_are_400(client: FlaskClient, game: NewGame) -> None:
    base = f"/api/games/{game.id}/host/claim"
    for body in ({}, {"code": 12345678}, {"code": "ÄBCDEFGH"}, {"code": "x", "seat": 1}):
        answer = client.post(base, json=body)
        assert answer.status_code == 400, (body, answer.get_json())
        assert answer.get_json()["error"] == "unreadable"
    assert client.post("/api/games/999/host/claim", json={"code": "AAAAAAAA"}).status_code == 404


def test_guessing_host_codes_is_throttled_like_join_codes(
    client: FlaskClient, game: NewGame
) -> None:
    code = host_code(client, game, game.host)
    for _ in range(10):
        assert take_over(client, game, wrong_code(code), addr="10.0.0.66").status_code == 403
    slowed = take_over(client, game, code, addr="10.0.0.66")
    assert slowed.status_code == 429
    assert slowed.get_json()["error"] == "too_many_attempts"
    assert slowed.get_json()["reason"].startswith("too many wrong host codes from this device")
    assert 1 <= int(slowed.headers["Retry-After"]) <= 60
    # One throttle for both codes: the guesser cannot switch to join codes.
    join = client.post(f"/api/games/{game.id}/join/check", json={"code": game.code},
                       environ_base={"REMOTE_ADDR": "10.0.0.66"})
    assert join.status_code == 429
    # Another device at the table is not slowed.
    assert take_over(client, game, code, addr="10.0.0.5").status_code == 200


def test_a_repeated_claim_with_one_idempotency_key_gets_the_same_token(
    client: FlaskClient, game: NewGame
) -> None:
    code = host_code(client, game, game.host)
    headers = {"Idempotency-Key": "claim-1"}
    first = take_over(client, game, code, headers=headers)
    assert first.status_code == 200
    # The answer was lost on the way; the phone asks again with the same key (the code is spent).
    again = take_over(client, game, code, headers=headers)
    assert again.status_code == 200
    assert again.headers.get("Idempotent-Replayed") == "true"
    assert again.get_json() == first.get_json()
    token = first.get_json()["host_token"]
    assert snapshot(client, game, token)["viewer"]["role"] == "host"
    assert client.get(f"/api/games/{game.id}", headers={TOKEN_HEADER: token}).status_code == 200


def test_only_the_host_gets_the_take_over_qr_code(client: FlaskClient, game: NewGame) -> None:
    path = f"/api/games/{game.id}/host/qr.svg"
    answer = client.get(path, headers={TOKEN_HEADER: game.host})
    assert answer.status_code == 200 and answer.mimetype == "image/svg+xml"
    assert answer.headers["Cache-Control"] == "no-store"
    ben = claim(client, game, 1)
    for headers in ({}, {TOKEN_HEADER: ben}):
        refused = client.get(path, headers=headers)
        assert refused.status_code == 403
        assert "took over with the host code" in refused.get_json()["reason"]
    page = client.get(f"/games/{game.id}/host?code=ABCDEFGH")
    assert page.status_code == 200 and b'value="ABCDEFGH"' in page.data


def test_the_pi_itself_lists_the_host_codes_of_games_in_progress(
    session: Session, game: NewGame, client: FlaskClient
) -> None:
    code = host_code(client, game, game.host)
    app = make_app(session, health=Health({}), TESTING=True)
    on_the_pi = app.test_client().get("/status/host-codes",
                                      environ_base={"REMOTE_ADDR": "127.0.0.1"})
    assert on_the_pi.status_code == 200
    assert app.test_client().get("/status/host-codes", environ_base={
        "REMOTE_ADDR": "::ffff:127.0.0.1"}).status_code == 200
    assert on_the_pi.headers["Cache-Control"] == "no-store"
    assert on_the_pi.get_json() == {"games": [{"id": game.id, "game": "sushi-express",
                                               "players": ["Ann", "Ben", "Cat"],
                                               "host_code": code}]}
    for addr in ("192.168.1.20", "::ffff:10.0.0.5", ""):
        phone = app.test_client().get("/status/host-codes", environ_base={"REMOTE_ADDR": addr})
        assert phone.status_code == 403, addr
        assert "only on the Pi's own screen" in phone.get_json()["reason"]
        assert code not in phone.get_data(as_text=True)


def test_serve_prints_the_host_code_of_each_game_in_progress(
    session: Session, game: NewGame, client: FlaskClient
) -> None:
    code = host_code(client, game, game.host)
    lines = host_code_lines(session.log, "http://10.0.0.2:8080/")
    assert lines == [f"game {game.id} (sushi-express: Ann, Ben, Cat): host code "
                     f"{code[:4]}-{code[4:]}, take over at "
                     f"http://10.0.0.2:8080/games/{game.id}/host"]
