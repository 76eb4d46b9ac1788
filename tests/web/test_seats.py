"""Seats cannot be hijacked, and a guesser cannot lock a table out (issue 28, item 5).

A claimed seat stays with its phone until the host (or that phone) releases it; wrong join
codes are counted per client address, so a visitor's guesses slow only the visitor.
"""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from tests.web.web_support import TOKEN_HEADER, NewGame, claim, post, snapshot

TAKEN = ("Ben's seat is taken by another phone; ask the host to hand it over, "
         "or release it on that phone")


def join(client: FlaskClient, game: NewGame, seat: int, *, code: str | None = None,
         token: str | None = None, addr: str = "127.0.0.1") -> Any:
    headers = {TOKEN_HEADER: token} if token else {}
    return client.post(f"/api/games/{game.id}/join", json={"code": code or game.code,
                       "seat": seat}, headers=headers, environ_base={"REMOTE_ADDR": addr})


def release(client: FlaskClient, game: NewGame, seat: int, token: str | None) -> Any:
    return post(client, f"/api/games/{game.id}/seats/{seat}/release", {}, token)


def ben_hand(client: FlaskClient, game: NewGame, token: str | None) -> Any:
    return snapshot(client, game, token)["view"]["players"][1]["hand"]


def test_a_second_device_cannot_take_a_claimed_seat(client: FlaskClient, game: NewGame) -> None:
    ben = claim(client, game, 1)
    assert ben_hand(client, game, ben) is not None
    second = join(client, game, 1, addr="10.0.0.9")
    assert second.status_code == 409, second.get_json()
    assert second.get_json() == {"error": "seat_taken", "reason": TAKEN}
    assert "token" not in second.get_json()
    # The host's phone is refused too: the seat is handed over by releasing it, not taken.
    assert join(client, game, 1, token=game.host).status_code == 409
    assert snapshot(client, game, ben)["viewer"] == {"role": "seat", "seat": 1}
    assert snapshot(client, game)["claimed_seats"] == [1]


def test_the_phone_holding_the_seat_joins_it_again(client: FlaskClient, game: NewGame) -> None:
    ben = claim(client, game, 1)
    again = join(client, game, 1, token=ben)
    assert again.status_code == 200, again.get_json()
    assert again.get_json() == {"token": ben, "seat": 1}
    assert ben_hand(client, game, ben) is not None


def test_after_the_host_releases_a_seat_a_new_phone_claims_it_and_the_old_token_fails(
    client: FlaskClient, game: NewGame
) -> None:
    old = claim(client, game, 1)
    answer = release(client, game, 1, game.host)
    assert answer.status_code == 200, answer.get_json()
    assert answer.get_json() == {"ok": True, "seat": 1, "released": True}
    assert snapshot(client, game, game.host)["claimed_seats"] == []
    assert snapshot(client, game, old)["viewer"]["role"] == "watcher"
    assert ben_hand(client, game, old) is None
    new = join(client, game, 1, addr="10.0.0.9")
    assert new.status_code == 200, new.get_json()
    token = new.get_json()["token"]
    assert token != old
    assert ben_hand(client, game, token) is not None
    # The old token is refused: it cannot act, nor claim the seat back.
    reveal = post(client, f"/api/games/{game.id}/actions",
                  {"kind": "reveal_customers", "cards": ["ramen", "tempura"]}, old)
    assert reveal.status_code == 403, reveal.get_json()
    assert join(client, game, 1, token=old).status_code == 409


def test_a_seat_releases_itself(client: FlaskClient, game: NewGame) -> None:
    ben = claim(client, game, 1)
    assert release(client, game, 1, ben).get_json()["released"] is True
    assert snapshot(client, game, ben)["viewer"]["role"] == "watcher"
    assert claim(client, game, 1) != ben


def test_a_watcher_or_another_seat_cannot_release_a_seat(
    client: FlaskClient, game: NewGame
) -> None:
    ben = claim(client, game, 1)
    ann = claim(client, game, 0)
    for token in (None, "junk", ann):
        answer = release(client, game, 1, token)
        assert answer.status_code == 403, answer.get_json()
        assert answer.get_json()["error"] == "forbidden"
    assert release(client, game, 7, game.host).status_code == 400
    assert snapshot(client, game, ben)["viewer"] == {"role": "seat", "seat": 1}


def test_wrong_codes_from_one_client_do_not_lock_out_another(
    client: FlaskClient, game: NewGame
) -> None:
    wrong = "AAAAAA" if game.code != "AAAAAA" else "BBBBBB"
    for _ in range(10):
        assert join(client, game, 0, code=wrong, addr="10.0.0.66").status_code == 403
    slowed = join(client, game, 0, addr="10.0.0.66")
    assert slowed.status_code == 429
    body = slowed.get_json()
    assert body["error"] == "too_many_attempts"
    assert body["reason"].startswith("too many wrong join codes from this device; try again in")
    assert 1 <= int(slowed.headers["Retry-After"]) <= 60
    assert f"in {slowed.headers['Retry-After']} s" in body["reason"]
    family = join(client, game, 0, addr="10.0.0.5")
    assert family.status_code == 200, family.get_json()
