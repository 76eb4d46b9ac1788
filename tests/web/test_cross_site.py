"""Cross-site requests and host names (docs/SECURITY.md): a page on another site cannot make a
visitor's browser change games, and a name rebound to the Pi's address (DNS rebinding) is not
served."""

from __future__ import annotations

import http.client
import json
import socket
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.session.session import Session
from companion.settings import load_settings, parse_hosts
from tests.web.web_support import PLAYERS, LiveServer, NewGame, make_app
from web.guard import JSON_TYPE, MULTIPART, body_types, host_allowed, own_host_names

BODY = json.dumps({"game": "sushi-express", "players": PLAYERS, "options": {}})
STATE_CHANGING = {"POST", "PUT", "PATCH", "DELETE"}


def games(client: FlaskClient) -> list[Any]:
    answer = client.get("/api/games")
    assert answer.status_code == 200
    listed: list[Any] = answer.get_json()["games"]
    return listed


def refused(answer: Any, status: int, error: str, *words: str) -> None:
    assert answer.status_code == status, (answer.status_code, answer.get_data(as_text=True))
    body = answer.get_json()
    assert body["error"] == error, body
    for word in words:
        assert word in body["reason"], body


def test_a_cross_origin_text_plain_post_creates_no_game(client: FlaskClient) -> None:
    answer = client.post("/api/games", data=BODY, content_type="text/plain",
                         headers={"Origin": "https://evil.example"})
    assert answer.status_code in (403, 415)
    refused(answer, answer.status_code, answer.get_json()["error"])
    # the same body from no site at all is still refused for its type
    plain = client.post("/api/games", data=BODY, content_type="text/plain")
    refused(plain, 415, "unsupported_media_type", "text/plain", "application/json")
    assert games(client) == []


def test_a_form_encoded_post_is_refused(client: FlaskClient, game: NewGame) -> None:
    answer = client.post("/api/games", data={"game": "sushi-express"})
    refused(answer, 415, "unsupported_media_type", "application/x-www-form-urlencoded")
    empty_form = client.post(f"/api/games/{game.id}/undo", data={},
                             content_type="application/x-www-form-urlencoded")
    refused(empty_form, 415, "unsupported_media_type")
    multipart = client.post(f"/api/games/{game.id}/join", data={"code": game.code, "seat": "0"},
                            content_type=MULTIPART)
    refused(multipart, 415, "unsupported_media_type", MULTIPART)
    assert len(games(client)) == 1


def test_a_foreign_origin_is_refused_and_the_own_origin_accepted(client: FlaskClient) -> None:
    for header, value in [("Origin", "https://evil.example"), ("Origin", "null"),
                          ("Origin", "http://localhost:8081"),  # another port: another site
                          ("Referer", "https://evil.example/sushi.html")]:
        answer = client.post("/api/games", data=BODY, content_type=JSON_TYPE,
                             headers={header: value})
        refused(answer, 403, "forbidden", "another site", header)
    assert games(client) == []
    own = client.post("/api/games", data=BODY, content_type=JSON_TYPE,
                      headers={"Origin": "http://localhost", "Referer": "http://localhost/"})
    assert own.status_code == 201, own.get_json()
    by_referer = client.post("/api/games", data=BODY, content_type=JSON_TYPE,
                             headers={"Referer": "http://localhost/games/1"})
    assert by_referer.status_code == 201, by_referer.get_json()
    by_ip = client.post("/api/games", data=BODY, content_type=JSON_TYPE,
                        base_url="http://192.168.4.1:8080",
                        headers={"Origin": "http://192.168.4.1:8080"})
    assert by_ip.status_code == 201, by_ip.get_json()
    assert len(games(client)) == 3


def test_a_foreign_host_is_refused(client: FlaskClient) -> None:
    for base in ("http://evil.example", "http://evil.example:8080", "http://companion.evil"):
        answer = client.get("/api/games", base_url=base)
        refused(answer, 403, "forbidden", "Host")
    for host in ("[::1", "::1", "127.0.0.1:port", "localhost.evil.example", "1.2.3.4.nip.io"):
        refused(client.get("/api/games", headers={"Host": host}), 403, "forbidden", "Host")
    page = client.get("/", base_url="http://evil.example")
    refused(page, 403, "forbidden", "evil.example")
    post = client.post("/api/games", data=BODY, content_type=JSON_TYPE,
                       base_url="http://evil.example", headers={"Origin": "http://evil.example"})
    refused(post, 403, "forbidden", "Host")
    assert games(client) == []


def test_the_companions_own_host_names_are_accepted(
        session: Session, monkeypatch: pytest.MonkeyPatch) -> None:
    real = socket.gethostname()
    client = make_app(session, TESTING=True, ALLOWED_HOSTS=("sushi.example",)).test_client()
    monkeypatch.setattr(socket, "gethostname", lambda: "companion")
    hosts = ["companion.local", "companion", "COMPANION.LOCAL:80", "companion.local.",
             "localhost:8080", "127.0.0.1:8080", "192.168.4.1", "[::1]:8080", "[fe80::1]",
             "sushi.example", "sushi.example:8443"]
    for host in hosts:
        answer = client.get("/api/games", headers={"Host": host})
        assert answer.status_code == 200, (host, answer.get_json())
        made = client.post("/api/games", data=BODY, content_type=JSON_TYPE,
                           headers={"Host": host, "Origin": f"http://{host.rstrip('.')}"})
        assert made.status_code == 201, (host, made.get_json())
    other = make_app(session, TESTING=True).test_client()  # the real host name this time
    monkeypatch.setattr(socket, "gethostname", lambda: real)
    assert other.get("/api/games", headers={"Host": real}).status_code == 200
    assert other.get("/api/games", headers={"Host": f"{real}.local:8080"}).status_code == 200
    refused(other.get("/api/games", headers={"Host": "sushi.example"}), 403, "forbidden")


def test_gets_keep_working_from_any_site(client: FlaskClient, game: NewGame) -> None:
    for path in ("/api/games", f"/api/games/{game.id}", "/api/titles", "/", f"/games/{game.id}"):
        answer = client.get(path, headers={"Origin": "https://evil.example",
                                           "Referer": "https://evil.example/"})
        assert answer.status_code == 200, path


def test_uploads_take_their_own_types(client: FlaskClient, game: NewGame) -> None:
    """The upload routes take multipart forms (and the file as the body); the JSON routes
    JSON; a body-less POST needs no type."""
    app: Flask = client.application
    assert body_types(app.view_functions["api.create_game"]) == (JSON_TYPE,)
    undo = client.post(f"/api/games/{game.id}/undo", headers={"X-Companion-Token": game.host})
    assert undo.status_code != 415


def test_every_state_changing_route_declares_a_body_type(app: Flask) -> None:
    """Enumerates the url_map: every state-changing route reads JSON unless it is an upload."""
    uploads = {"/api/games/<int:game_id>/scan/upload", "/api/games/<int:game_id>/cards/import",
               "/api/games/<int:game_id>/cards/enroll", "/api/games/<int:game_id>/icon-dice/faces"}
    rules = [r for r in app.url_map.iter_rules() if (r.methods or set()) & STATE_CHANGING]
    assert rules
    for rule in rules:
        types = body_types(app.view_functions[rule.endpoint])
        if rule.rule in uploads:
            assert MULTIPART in types, rule.rule
        else:
            assert types == (JSON_TYPE,), rule.rule


def test_host_names_come_from_the_settings() -> None:
    assert parse_hosts(" Pi.lan, sushi.example:8080 ,,") == ("pi.lan", "sushi.example:8080")
    settings = load_settings("/tmp/x", env={"COMPANION_ALLOWED_HOSTS": "pi.lan"})
    assert settings.allowed_hosts == ("pi.lan",)
    assert load_settings("/tmp/x", env={}, allowed_hosts="a.b").allowed_hosts == ("a.b",)
    with pytest.raises(ValueError, match="COMPANION_ALLOWED_HOSTS"):
        parse_hosts("http://pi.lan/")
    names = own_host_names(["sushi.example:8080"], "http://table.example:8080/")
    assert {"localhost", "sushi.example", "table.example"} <= names
    assert host_allowed("[2001:db8::1]:80", names) and not host_allowed("2001:db8::1", names)
    assert not host_allowed("evil.example", names) and not host_allowed("", names)


def _request(port: int, method: str, path: str, body: str | None = None,
             headers: dict[str, str] | None = None) -> tuple[int, Any]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        conn.request(method, path, body=body, headers=headers or {})
        answer = conn.getresponse()
        return answer.status, json.loads(answer.read() or b"null")
    finally:
        conn.close()


def test_a_real_server_refuses_another_sites_post(live_server: LiveServer) -> None:
    port = live_server.server.server_port
    # what a form or fetch(..., {mode: "no-cors"}) on another site sends: no preflight
    status, body = _request(port, "POST", "/api/games", BODY,
                            {"Content-Type": "text/plain;charset=UTF-8",
                             "Origin": "https://evil.example"})
    assert status == 403 and body["error"] == "forbidden", body
    status, body = _request(port, "POST", "/api/games", BODY,
                            {"Content-Type": "text/plain;charset=UTF-8"})
    assert status == 415 and body["error"] == "unsupported_media_type", body
    status, body = _request(port, "GET", "/api/games", headers={"Host": "evil.example"})
    assert status == 403 and "Host" in body["reason"], body
    assert _request(port, "GET", "/api/games")[1]["games"] == []
    status, body = _request(port, "POST", "/api/games", BODY,
                            {"Content-Type": JSON_TYPE, "Origin": f"http://127.0.0.1:{port}"})
    assert status == 201, body
