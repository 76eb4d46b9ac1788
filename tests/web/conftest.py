"""Fixtures of the web tests: a real Session on a temporary SQLite file, the Flask app over it,
a threaded werkzeug server on a free loopback port (plain, with the scripted scan desk, with the
icon-dice camera on Ann's belt; a game on each), an app served both ways for the live-stream
tests, and for the browser tests the screenshot folder (Debian's Chromium, ``browser``, is in
``tests/conftest.py``, shared with the hub's browser tests; helpers:
``web_support.py``, ``browser_support.py``, ``stream_support.py``, ``scan_support.py``,
``icon_dice_support.py``)."""

from __future__ import annotations

import shutil
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.serving import make_server

from companion.session.session import Session
from companion.table.rolls import RollDesk
from tests.web import browser_support
from tests.web.stream_support import Serve, TowerTable, tower_game_at_roll
from tests.web.web_support import (
    POLL_S,
    LiveServer,
    NewGame,
    ScanGame,
    create_game,
    make_app,
    serving,
    test_owner,
)
from web.serving import Server

if TYPE_CHECKING:
    from tests.web.icon_dice_support import BeltGame


@pytest.fixture
def app(session: Session) -> Flask:
    return make_app(session, owner=test_owner(), SSE_HEARTBEAT=0.2, TESTING=True)


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture
def game(client: FlaskClient) -> NewGame:
    """A Sushi Express game for Ann, Ben and Cat, waiting for the first customers."""
    return create_game(client)


@pytest.fixture
def live_server(session: Session) -> Iterator[LiveServer]:
    # every test client is 127.0.0.1: more streams than a phone may hold (issue 28 item 3)
    with serving(make_app(session, owner=test_owner(), SSE_PER_CLIENT=64), session) as server:
        yield server


@pytest.fixture
def scanning(session: Session, tmp_path: Path) -> Iterator[LiveServer]:
    """A live server whose scan desk reads Ben's cards (``scan_support.phone_cards``) on any
    photo, with a card set in the test's folder."""
    from tests.web.scan_support import scan_desk  # cv2 and the card reader: imported here only

    desk = scan_desk(session, tmp_path)
    with serving(make_app(session, scans=desk, owner=test_owner()), session) as server:
        yield server


@pytest.fixture
def ben_joined(scanning: LiveServer) -> ScanGame:
    """On the ``scanning`` server, a new Sushi Go Party! game for Ann and Ben (My First Meal)
    where Ben has taken his seat (seat 1)."""
    created = browser_support.party_game(scanning)
    ben_token = browser_support.join(scanning, created, 1)
    return ScanGame(scanning, created["id"], created["host_token"], ben_token)


@pytest.fixture
def ben_photo(tmp_path: Path) -> Path:
    """Ben's tableau photographed as his phone takes it (``scan_support.ben_photo_file``), a
    file in the test's folder."""
    from tests.web.scan_support import ben_photo_file  # cv2: imported here only

    return ben_photo_file(tmp_path)


@pytest.fixture
def belt_game(session: Session, tmp_path: Path) -> Iterator[BeltGame]:
    """A live server whose icon-dice camera watches Ann's belt (``icon_dice_support``), and on
    it a new Sushi Roll game whose dice the camera reads (``browser_support.icon_dice_game``)."""
    from tests.web.icon_dice_support import BeltGame, filmed_hook  # the icon dice' vision

    hook, frame = filmed_hook(session, tmp_path)
    with serving(make_app(session, icon=hook), session) as server:
        game_id, token = browser_support.icon_dice_game(server)
        yield BeltGame(server, hook, frame, game_id, token)


@pytest.fixture(params=["hub", "thread"])
def serve(request: pytest.FixtureRequest) -> Iterator[Serve]:
    """Serves an app by waitress with its stream hub or by werkzeug's threaded server (the
    test runs once with each) and answers its port; every server stops after the test."""
    stops: list[Callable[[], None]] = []

    def start(app: Flask, before_stop: Callable[[], None] | None = None) -> int:
        if request.param == "hub":
            server = Server(app, "127.0.0.1", 0, threads=4)
            thread = threading.Thread(target=server.run, kwargs={"before_stop": before_stop},
                                      daemon=True)
            thread.start()

            def stop_hub() -> None:
                server.stop()
                thread.join(15)

            stops.append(stop_hub)
            return server.port
        dev = make_server("127.0.0.1", 0, app, threaded=True)
        thread = threading.Thread(target=dev.serve_forever, kwargs={"poll_interval": POLL_S},
                                  daemon=True)
        thread.start()

        def stop_thread() -> None:
            dev.shutdown()
            dev.server_close()
            thread.join(10)

        stops.append(stop_thread)
        return dev.server_port

    yield start
    for stop in stops:
        stop()


@pytest.fixture
def tower_table(session: Session, serve: Serve) -> TowerTable:
    """An app with a roll desk, served both ways (``serve``; the hub closes the session as it
    stops, so the live streams end), and a Sushi Express game holding the dice tower at Cat's
    first roll."""
    desk = RollDesk(session)
    app = make_app(session, rolls=desk)
    port = serve(app, before_stop=session.close)
    client = app.test_client()
    return TowerTable(port, desk, client, tower_game_at_roll(client))


@pytest.fixture
def pseudo(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[None]:
    """The pseudo language (``pseudo_locale.py``: every catalogue entry ``[!! ... !!]``)
    installed for the test, the catalogues' caches cleared after it."""
    from tests.web import pseudo_locale  # babel's catalogue tools: imported here only

    pseudo_locale.install(monkeypatch, tmp_path / "locale")
    yield
    monkeypatch.undo()
    pseudo_locale.clear_caches()


@pytest.fixture(scope="session")
def shots() -> Path:
    """The screenshot folder, emptied once per test session."""
    shutil.rmtree(browser_support.SHOTS, ignore_errors=True)
    browser_support.SHOTS.mkdir(parents=True, exist_ok=True)
    return browser_support.SHOTS
