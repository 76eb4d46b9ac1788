"""The JSON API of docs/API.md over a real Session on a temporary SQLite file.

Every refusal answers ``{"error", "reason"}`` with 400/403/404/409 and leaves the game as it was.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from flask.testing import FlaskClient

from companion.games import find_game
from companion.games.base import PlayerSpec
from companion.games.simulate import random_action
from tests.web.web_support import PLAYERS, NewGame, claim, create_game, post, snapshot
from web import api

REVEAL = {"kind": "reveal_customers", "cards": ["light_blue", "tip", "rose"]}


def refused(answer: Any, status: int, error: str, *words: str) -> str:
    """Assert a JSON refusal; returns its reason."""
    assert answer.status_code == status, answer.get_data(as_text=True)
    body = answer.get_json()
    assert set(body) == {"error", "reason"}
    assert body["error"] == error
    for word in words:
        assert word in body["reason"], body["reason"]
    reason: str = body["reason"]
    return reason


def version(client: FlaskClient, game: NewGame) -> int:
    value: int = snapshot(client, game, game.host)["version"]
    return value


# -- reading ------------------------------------------------------------------------------------


def test_titles_list_sushi_express_with_its_house_rules(client: FlaskClient) -> None:
    titles = client.get("/api/titles").get_json()["titles"]
    express = next(t for t in titles if t["id"] == "sushi-express")
    assert (express["min_players"], express["max_players"]) == (3, 6)
    keys = {o["key"] for o in express["options"]}
    assert {"start_player", "stack_lowest"} <= keys
    assert all(o["doc"] for o in express["options"])
    assert express["screens"] is True


def test_titles_say_which_have_screens_so_the_form_lists_only_those(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    titles = {t["id"]: t for t in client.get("/api/titles").get_json()["titles"]}
    assert titles["sushi-go-party"]["screens"] is True
    assert titles["sushi-go"]["screens"] is True
    # A title whose engine is built before its screens is listed without them.
    monkeypatch.setattr(api, "SCREENS", frozenset({"sushi-express", "sushi-go-party"}))
    titles = {t["id"]: t for t in client.get("/api/titles").get_json()["titles"]}
    assert titles["sushi-go"]["screens"] is False


def test_a_new_game_answers_201_with_host_token_and_join_code(client: FlaskClient) -> None:
    answer = post(client, "/api/games", {"game": "sushi-express", "players": PLAYERS})
    assert answer.status_code == 201
    body = answer.get_json()
    assert set(body) == {"id", "host_token", "join_code"}
    games = client.get("/api/games").get_json()["games"]
    assert [g["id"] for g in games] == [body["id"]]
    assert {"id", "game", "players", "status", "created", "updated", "round"} <= set(games[0])


def test_the_snapshot_is_filtered_for_its_viewer(client: FlaskClient, game: NewGame) -> None:
    host = snapshot(client, game, game.host)
    watcher = snapshot(client, game)
    seat = snapshot(client, game, claim(client, game, 1))
    assert host["viewer"] == {"role": "host", "seat": None}
    assert host["join_code"] == game.code
    assert "join_code" not in watcher and "join_code" not in seat
    assert watcher["viewer"]["role"] == "watcher" and watcher["view"]["legal"] == []
    assert seat["viewer"] == {"role": "seat", "seat": 1}
    hands = [p["hand"] for p in seat["view"]["players"]]
    assert hands[1] is not None and hands[0] is None and hands[2] is None
    assert all(p["hand"] is None for p in host["view"]["players"])


def test_an_unknown_game_is_404_json(client: FlaskClient) -> None:
    refused(client.get("/api/games/999"), 404, "not_found")
    refused(client.get("/api/games/abc"), 404, "not_found")
    refused(post(client, "/api/games/999/actions", REVEAL, "x"), 404, "not_found")
    refused(client.get("/api/nothing-here"), 404, "not_found")


# -- unreadable input: 400 naming what was wrong ---------------------------------------------


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ('{"game": "sushi-express", "players": [', ("not valid JSON", "line 1", "column")),
        ("", ("empty",)),
        ("[1, 2]", ("JSON object", "list")),
        ('{"players": []}', ("missing field 'game'",)),
        ('{"game": 7, "players": []}', ("'game' must be text",)),
        ('{"game": "sushi-express", "players": {}}', ("'players' must be a list",)),
        ('{"game": "sushi-express", "players": [], "colour": 1}', ("unexpected", "colour")),
        ('{"game": "chess", "players": []}', ("chess",)),
        ('{"game": "sushi-express", "players": [{"nom": "Ann"}]}', ("name",)),
    ],
)
def test_a_malformed_new_game_is_400(client: FlaskClient, body: str, words: tuple[str]) -> None:
    refused(post(client, "/api/games", body), 400, "unreadable", *words)
    assert client.get("/api/games").get_json()["games"] == []


def test_an_unknown_house_rule_is_400(client: FlaskClient) -> None:
    body = {"game": "sushi-express", "players": PLAYERS, "options": {"wasabi": True}}
    refused(post(client, "/api/games", body), 400, "unreadable", "wasabi")


def test_too_few_players_is_409(client: FlaskClient) -> None:
    body = {"game": "sushi-express", "players": PLAYERS[:2]}
    refused(post(client, "/api/games", body), 409, "illegal", "3 to 6")


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ("{not json", ("not valid JSON",)),
        ('{"kind": "juggle"}', ("juggle",)),
        ('{"kind": "reveal_customers"}', ("missing field 'cards'",)),
        ('{"kind": "reveal_customers", "cards": ["sushi"]}', ("sushi",)),
        ('"reveal"', ("JSON object",)),
    ],
)
def test_an_unreadable_action_is_400_and_changes_nothing(
    client: FlaskClient, game: NewGame, body: str, words: tuple[str]
) -> None:
    refused(post(client, f"/api/games/{game.id}/actions", body, game.host), 400, "unreadable",
            *words)
    assert version(client, game) == 0


# -- credentials: 403 ---------------------------------------------------------------------------


def test_a_visitor_without_a_token_cannot_write(client: FlaskClient, game: NewGame) -> None:
    base = f"/api/games/{game.id}"
    refused(post(client, f"{base}/actions", REVEAL), 403, "forbidden")
    refused(post(client, f"{base}/actions", REVEAL, "not-a-token"), 403, "forbidden")
    refused(post(client, f"{base}/undo", {}), 403, "forbidden")
    refused(post(client, f"{base}/correct", {"index": 0, "action": REVEAL}), 403, "forbidden")
    refused(client.get(f"{base}/record"), 403, "forbidden")
    refused(client.get(f"{base}/qr.svg"), 403, "forbidden")
    assert version(client, game) == 0


def test_a_request_with_only_cookies_does_nothing(client: FlaskClient, game: NewGame) -> None:
    """A page on another site can make the browser send cookies, never our header."""
    for name in ("X-Companion-Token", "token", "session", "host_token"):
        client.set_cookie(name, game.host)
    answer = client.post(
        f"/api/games/{game.id}/actions", json=REVEAL,
        headers={"Origin": "https://evil.example", "Referer": "https://evil.example/"},
    )
    refused(answer, 403, "forbidden")
    form = client.post(f"/api/games/{game.id}/actions", data={"kind": "reveal_customers"},
                       headers={"Origin": "https://evil.example"})
    assert form.status_code in (400, 403)
    assert version(client, game) == 0
    assert snapshot(client, game)["viewer"]["role"] == "watcher"


def test_a_wrong_join_code_gets_no_seat(client: FlaskClient, game: NewGame) -> None:
    wrong = "AAAAAA" if game.code != "AAAAAA" else "BBBBBB"
    refused(post(client, f"/api/games/{game.id}/join", {"code": wrong, "seat": 0}), 403,
            "forbidden")
    refused(post(client, f"/api/games/{game.id}/join", {"code": game.code, "seat": 9}), 400,
            "unreadable", "seat")
    refused(post(client, f"/api/games/{game.id}/join", {"code": game.code, "seat": "1"}), 400,
            "unreadable", "'seat' must be a whole number")
    refused(post(client, f"/api/games/{game.id}/join", {"code": game.code}), 400,
            "unreadable", "missing field 'seat'")


def test_guessing_join_codes_is_refused_with_429_after_ten_wrong_ones(
    client: FlaskClient, game: NewGame
) -> None:
    wrong = "AAAAAA" if game.code != "AAAAAA" else "BBBBBB"
    for _ in range(10):
        refused(post(client, f"/api/games/{game.id}/join", {"code": wrong, "seat": 0}), 403,
                "forbidden")
    answer = post(client, f"/api/games/{game.id}/join", {"code": game.code, "seat": 0})
    refused(answer, 429, "too_many_attempts", "too many wrong join codes")
    assert int(answer.headers["Retry-After"]) >= 1


def test_a_seat_cannot_act_for_another_seat(client: FlaskClient, game: NewGame) -> None:
    ben = claim(client, game, 1)
    ok = post(client, f"/api/games/{game.id}/actions", REVEAL, ben)  # a table input: anyone
    assert ok.status_code == 200, ok.get_json()
    before = snapshot(client, game, game.host)
    ann_guess = {"kind": "guess", "player": "Ann", "number": 7}
    refused(post(client, f"/api/games/{game.id}/actions", ann_guess, ben), 403, "forbidden",
            "Ben", "Ann")
    after = snapshot(client, game, game.host)
    assert after["version"] == before["version"]
    assert after["view"]["board"] == before["view"]["board"]


def test_undo_redo_correct_are_the_hosts_alone(client: FlaskClient, game: NewGame) -> None:
    ben = claim(client, game, 1)
    post(client, f"/api/games/{game.id}/actions", REVEAL, game.host)
    base = f"/api/games/{game.id}"
    refused(post(client, f"{base}/undo", {}, ben), 403, "forbidden")
    refused(post(client, f"{base}/redo", {}, ben), 403, "forbidden")
    refused(post(client, f"{base}/correct", {"index": 0, "action": REVEAL}, ben), 403,
            "forbidden")
    refused(client.get(f"{base}/record", headers={"X-Companion-Token": ben}), 403, "forbidden")
    refused(client.get(f"{base}/qr.svg", headers={"X-Companion-Token": ben}), 403, "forbidden")


# -- the rules: 409 -----------------------------------------------------------------------------


def test_an_illegal_action_is_409_with_the_engines_reason(
    client: FlaskClient, game: NewGame
) -> None:
    post(client, f"/api/games/{game.id}/actions", REVEAL, game.host)
    before = snapshot(client, game, game.host)
    ben_first = {"kind": "guess", "player": "Ben", "number": 7}
    reason = refused(post(client, f"/api/games/{game.id}/actions", ben_first, game.host), 409,
                     "illegal")
    assert reason
    after = snapshot(client, game, game.host)
    assert (after["version"], after["view"]) == (before["version"], before["view"])


def test_an_action_answers_ok_version_and_events(client: FlaskClient, game: NewGame) -> None:
    answer = post(client, f"/api/games/{game.id}/actions", REVEAL, game.host)
    body = answer.get_json()
    assert answer.status_code == 200
    assert body["ok"] is True and body["version"] == 1 and isinstance(body["events"], list)
    assert snapshot(client, game)["history"][0]["action"] == REVEAL


# -- undo, redo, correct ------------------------------------------------------------------------


def test_undo_and_redo(client: FlaskClient, game: NewGame) -> None:
    base = f"/api/games/{game.id}"
    refused(post(client, f"{base}/undo", {}, game.host), 409, "illegal")
    post(client, f"{base}/actions", REVEAL, game.host)
    undone = post(client, f"{base}/undo", "", game.host)  # an empty body stands for {}
    assert undone.status_code == 200 and undone.get_json()["ok"] is True
    assert snapshot(client, game)["history"] == []
    assert snapshot(client, game)["can_redo"] is True
    redone = post(client, f"{base}/redo", {}, game.host).get_json()
    assert redone["version"] == 3
    assert len(snapshot(client, game)["history"]) == 1
    refused(post(client, f"{base}/undo", {"please": True}, game.host), 400, "unreadable",
            "please")


def test_a_correction_reports_the_actions_it_sets_aside(client: FlaskClient, game: NewGame) -> None:
    base = f"/api/games/{game.id}"
    post(client, f"{base}/actions", REVEAL, game.host)
    post(client, f"{base}/actions", {"kind": "guess", "player": "Ann", "number": 7}, game.host)
    post(client, f"{base}/actions", {"kind": "guess", "player": "Ben", "number": 8}, game.host)
    # Ann guessed 8 after all: Ben's plain guess of 8 no longer holds (8 is taken).
    fixed = {"kind": "guess", "player": "Ann", "number": 8}
    answer = post(client, f"{base}/correct", {"index": 1, "action": fixed}, game.host)
    body = answer.get_json()
    assert answer.status_code == 200, body
    assert body["ok"] is True and body["conflicts"]
    assert body["conflicts"][0]["index"] == 2
    assert snapshot(client, game, game.host)["conflicts"] == body["conflicts"]
    refused(post(client, f"{base}/correct", {"index": 99, "action": REVEAL}, game.host), 400,
            "unreadable", "99")
    refused(post(client, f"{base}/correct", {"index": 0}, game.host), 400, "unreadable",
            "missing field 'action'")
    refused(post(client, f"{base}/correct", {"index": 0, "action": [1]}, game.host), 400,
            "unreadable", "'action' must be a JSON object")


# -- host reads ---------------------------------------------------------------------------------


def test_the_host_gets_the_record_and_the_join_qr_code(client: FlaskClient, game: NewGame) -> None:
    post(client, f"/api/games/{game.id}/actions", REVEAL, game.host)
    headers = {"X-Companion-Token": game.host}
    record = client.get(f"/api/games/{game.id}/record", headers=headers)
    assert record.status_code == 200
    assert record.get_json()["actions"] == [REVEAL]
    qr = client.get(f"/api/games/{game.id}/qr.svg", headers=headers)
    assert qr.status_code == 200 and qr.mimetype == "image/svg+xml"
    assert qr.get_data(as_text=True).startswith("<svg")


def test_the_join_link_uses_the_public_url_when_configured(client: FlaskClient) -> None:
    from web.qr import join_url

    app = client.application
    with app.test_request_context("/", base_url="http://127.0.0.1:8080"):
        assert join_url(3, "K7P2QX") == "http://127.0.0.1:8080/games/3/join?code=K7P2QX"
    app.config["PUBLIC_URL"] = "http://sushi.local:8080/"
    with app.test_request_context("/"):
        assert join_url(3, "K7P2QX") == "http://sushi.local:8080/games/3/join?code=K7P2QX"


# -- hidden information -------------------------------------------------------------------------


def drawn_card_game(client: FlaskClient) -> tuple[NewGame, str, str]:
    """A game played (by the host, with the engine's fair table inputs) until some seat holds
    a card it has not recorded; returns the game, that seat's name and one card it may record."""
    engine = find_game("sushi-express")
    rng = random.Random(7)
    game = create_game(client)
    state = engine.setup([PlayerSpec.from_json(p) for p in PLAYERS], {})
    for _ in range(500):
        unknown = [s for s in range(3) if state.players[s].hand.unknown]
        if unknown:
            name = PLAYERS[unknown[0]]["name"]
            card = next(a for a in engine.legal_actions(state)
                        if a.kind == "record_draw" and getattr(a, "player", "") == name)
            return game, name, card.to_json()["card"]
        action = random_action(engine, state, rng, public_only=True)
        state, _ = engine.apply(state, action)
        answer = post(client, f"/api/games/{game.id}/actions", action.to_json(), game.host)
        assert answer.status_code == 200, answer.get_json()
    raise AssertionError("nobody drew an action card in 500 actions")


def test_a_recorded_draw_is_seen_only_by_its_own_seat(client: FlaskClient) -> None:
    game, name, card = drawn_card_game(client)
    seat = [p["name"] for p in PLAYERS].index(name)
    mine = claim(client, game, seat)
    other = claim(client, game, (seat + 1) % 3)
    record = {"kind": "record_draw", "player": name, "card": card}
    refused(post(client, f"/api/games/{game.id}/actions", record, game.host), 403, "forbidden")
    refused(post(client, f"/api/games/{game.id}/actions", record, other), 403, "forbidden")
    assert post(client, f"/api/games/{game.id}/actions", record, mine).status_code == 200
    own = snapshot(client, game, mine)
    assert own["history"][-1]["action"] == record
    assert card in own["view"]["players"][seat]["hand"]["known"]
    for token in (game.host, other, None):
        seen = snapshot(client, game, token)
        assert all(h["action"]["kind"] != "record_draw" for h in seen["history"])
        assert all(p["hand"] is None for i, p in enumerate(seen["view"]["players"])
                   if i == seat)
    exported = client.get(f"/api/games/{game.id}/record",
                          headers={"X-Companion-Token": game.host}).get_json()
    assert record not in exported["actions"]


def test_a_correction_dry_run_says_what_saving_would_recheck_and_changes_nothing(
    client: FlaskClient, game: NewGame,
) -> None:
    """Issue 24 item 6: the sheet shows, before saving, how many later actions are checked
    again and which no longer hold."""
    for action in ({"kind": "reveal_customers", "cards": ["rose", "tip", "violet"]},
                   {"kind": "guess", "player": "Ann", "number": 7, "same_guess": False},
                   {"kind": "guess", "player": "Ben", "number": 8, "same_guess": False}):
        assert post(client, f"/api/games/{game.id}/actions", action, game.host).status_code == 200
    fix = {"index": 1, "action": {"kind": "guess", "player": "Ann", "number": 8,
                                  "same_guess": False}, "dry_run": True}
    answer = post(client, f"/api/games/{game.id}/correct", fix, game.host)
    assert answer.status_code == 200, answer.get_json()
    body = answer.get_json()
    assert body["dry_run"] is True and body["later"] == 1
    assert [c["index"] for c in body["conflicts"]] == [2]
    assert "Ben" in body["conflicts"][0]["reason"]
    assert snapshot(client, game)["version"] == 3  # nothing changed
    first = {**fix, "index": 0}
    first["action"] = {"kind": "reveal_customers", "cards": ["rose", "tip", "green"]}
    assert post(client, f"/api/games/{game.id}/correct", first, game.host).get_json()["later"] == 2
    refused = post(client, f"/api/games/{game.id}/correct",
                   {**first, "action": {"kind": "reveal_customers", "cards": ["rose"] * 3}},
                   game.host)
    assert refused.status_code == 409 and "rose" in refused.get_json()["reason"].lower()
    assert post(client, f"/api/games/{game.id}/correct", fix).status_code == 403  # a watcher
    assert post(client, f"/api/games/{game.id}/correct", {**fix, "dry_run": "yes"},
                game.host).status_code == 400
    assert snapshot(client, game)["version"] == 3
