"""Helpers of the web tests (the fixtures are in conftest.py): requests with the credential
header, claiming seats, reading snapshots."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, NamedTuple

from flask import Flask
from flask.testing import FlaskClient
from werkzeug.serving import BaseWSGIServer, make_server

from companion.session.session import Session

PLAYERS = [
    {"name": "Ann", "colour": "red"},
    {"name": "Ben", "colour": "yellow"},
    {"name": "Cat", "colour": "green"},
]
TOKEN_HEADER = "X-Companion-Token"
#: How often a test's werkzeug server looks whether it is asked to shut down (seconds).
POLL_S = 0.05


@dataclass(frozen=True)
class NewGame:
    id: int
    host: str
    code: str


def create_game(client: FlaskClient, **overrides: Any) -> NewGame:
    body = {"game": "sushi-express", "players": PLAYERS, "options": {}, **overrides}
    answer = client.post("/api/games", json=body)
    assert answer.status_code == 201, answer.get_json()
    data = answer.get_json()
    return NewGame(data["id"], data["host_token"], data["join_code"])


@dataclass
class LiveServer:
    """The app on a real threaded werkzeug server (127.0.0.1, a free port)."""

    server: BaseWSGIServer
    session: Session

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_port}"


@contextmanager
def serving(app: Flask, session: Session) -> Iterator[LiveServer]:
    """``app`` (over ``session``) on a threaded werkzeug server on a free loopback port, from
    the ``with`` to its end (the server shut down, its thread joined). The server looks for the
    shutdown every :data:`POLL_S` (its default half second was waited out at every test's end)."""
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": POLL_S},
                              name="live-server", daemon=True)
    thread.start()
    try:
        yield LiveServer(server, session)
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


class ScanGame(NamedTuple):
    """A game on a live server with Ben seated (the ``ben_joined`` fixture)."""

    server: LiveServer
    game_id: int
    host_token: str
    ben_token: str


def post(client: FlaskClient, path: str, body: Any, token: str | None = None) -> Any:
    """POST ``body`` as JSON (a ``str`` body is sent as is) with the credential header."""
    headers = {TOKEN_HEADER: token} if token else {}
    if isinstance(body, str):
        return client.post(path, data=body, headers=headers, content_type="application/json")
    return client.post(path, json=body, headers=headers)


def claim(client: FlaskClient, game: NewGame, seat: int) -> str:
    answer = post(client, f"/api/games/{game.id}/join", {"code": game.code, "seat": seat})
    assert answer.status_code == 200, answer.get_json()
    token: str = answer.get_json()["token"]
    return token


def snapshot(client: FlaskClient, game: NewGame, token: str | None = None) -> dict[str, Any]:
    headers = {TOKEN_HEADER: token} if token else {}
    answer = client.get(f"/api/games/{game.id}", headers=headers)
    assert answer.status_code == 200
    data: dict[str, Any] = answer.get_json()
    return data



#: The owner PIN of the apps the tests build with :func:`test_owner` (issue 28 item 4).
OWNER_PIN = "246810"
OWNER_HEADER = "X-Companion-Owner"


def test_owner() -> Any:
    """An in-memory owner whose PIN is :data:`OWNER_PIN` (pass it to ``make_app(owner=)``)."""
    from companion.owner import Owner

    return Owner.in_memory(OWNER_PIN)


test_owner.__test__ = False  # type: ignore[attr-defined]  # not a test, despite its name


def owner_headers(client: FlaskClient, pin: str = OWNER_PIN) -> dict[str, str]:
    """The header of an owner token, got with ``pin`` (the app must have a known PIN)."""
    answer = client.post("/api/owner/session", json={"pin": pin})
    assert answer.status_code == 200, answer.get_json()
    return {OWNER_HEADER: answer.get_json()["owner_token"]}


def claim_device(client: FlaskClient, game: NewGame, device: str = "tower") -> None:
    """The game's host claims the dice tower (or the camera) for its game: device readings go
    to the game holding the device only (issue 28 item 4)."""
    answer = post(client, f"/api/games/{game.id}/devices/{device}/claim", {}, game.host)
    assert answer.status_code == 200, answer.get_json()


def make_app(session: Session, **parts: Any) -> Flask:
    """The app over ``session`` built as the composition root builds it: the keywords naming a
    part of :class:`web.services.Services` (``rolls``, ``tower``, ``camera``, ``icon``, ``scans``,
    ``health``, ``owner``, ``routes``) go into the services, the others are the app's config."""
    from dataclasses import fields

    from web import create_app
    from web.services import Services

    names = {f.name for f in fields(Services)}
    services = Services(session, **{k: v for k, v in parts.items() if k in names})
    return create_app(services, **{k: v for k, v in parts.items() if k not in names})
