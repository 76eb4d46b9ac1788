"""The table's café hub panel (the status page, ``web/static/owner-hub.js``) and the API under
it: unpairing, the backlog and the last error in words; the owner PIN asked first."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.app import Service, build
from companion.session.session import Session
from companion.settings import load_settings
from tests.hub.live import LiveHub
from tests.hub.procs import wait_for
from tests.hub.test_table_api import owner_headers, pair
from tests.played_games import play
from tests.web import browser_support
from web.serving import Server


@pytest.fixture
def hub(hub_dsn: str) -> Iterator[LiveHub]:
    live = LiveHub(hub_dsn)
    yield live
    if not getattr(live, "closed", False):
        live.close()


def stop(hub: LiveHub) -> None:
    """The hub goes away mid-test (the fixture then leaves it)."""
    hub.close()
    hub.closed = True  # type: ignore[attr-defined]


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Service]:
    service = build(load_settings(str(tmp_path / "data"), "127.0.0.1", 0, tower="off",
                                  camera="off", gpio="mock"))
    yield service
    service.close()


def test_unpairing_drops_the_link_and_the_backlog_and_is_owner_only(
        table: Service, hub: LiveHub) -> None:
    owner = owner_headers(table)
    play(table.session, "sushi-go", 2, stop=3)
    answer = pair(table, {"url": hub.url, "code": hub.store.new_pairing_code(), "name": "Bar"},
                  owner)
    assert answer.status_code == 200 and answer.get_json()["pending"] == 3
    client = table.app.test_client()
    assert client.delete("/api/owner/hub").status_code == 403
    gone = client.delete("/api/owner/hub", headers=owner).get_json()
    assert gone["paired"] is False and gone["pending"] == 0 and gone["dropped"] == 3
    play(table.session, "sushi-go", 2, stop=2)  # no triggers left: nothing queued
    assert client.get("/api/owner/hub", headers=owner).get_json()["pending"] == 0


def test_a_hub_that_stops_answering_is_said_in_words(table: Service, hub: LiveHub) -> None:
    owner = owner_headers(table)
    assert table.hub is not None
    table.hub.poll, table.hub.backoff = 0.05, (0.05, 0.2)
    play(table.session, "sushi-go", 2, stop=1)
    pair(table, {"url": hub.url, "code": hub.store.new_pairing_code(), "name": "Bar"}, owner)
    table.hub.start()
    client = table.app.test_client()
    wait_for(lambda: client.get("/api/owner/hub", headers=owner).get_json()["last_ack"],
             "the first push")
    stop(hub)
    play(table.session, "sushi-go", 2, stop=2)
    status = wait_for(lambda: (s := client.get("/api/owner/hub", headers=owner).get_json())
                      ["error_kind"] and s, "the pusher's error")
    assert status["error_kind"] == "unreachable" and status["pending"] == 2
    assert "cannot be reached" in status["last_error"]


def test_the_owner_pairs_sees_the_backlog_and_unpairs_on_the_status_page(
        table: Service, hub: LiveHub, browser: Any) -> None:
    assert table.hub is not None and table.new_owner_pin is not None
    session: Session = table.session
    play(session, "sushi-go", 2, stop=4)
    server = Server(table.app, "127.0.0.1", 0, threads=4)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    url = f"http://127.0.0.1:{server.port}"
    shots = browser_support.SHOTS
    shots.mkdir(parents=True, exist_ok=True)
    try:
        phone = browser_support.Screen(browser, browser_support.PHONE, "phone", shots)
        page = phone.page
        page.goto(f"{url}/status")
        phone.tap('[data-do="hub-unlock"]')
        page.fill("[data-owner-pin]", table.new_owner_pin)
        phone.tap('[data-do="owner-unlock"]')
        page.locator("[data-hub-form]").wait_for()
        page.fill('[data-hub-field="url"]', hub.url)
        page.fill('[data-hub-field="code"]', hub.store.new_pairing_code())
        page.fill('[data-hub-field="name"]', "Window table")
        phone.shot("hub-pair-form")
        phone.tap('[data-do="hub-pair"]')
        page.locator('[data-hub-pending="4"]').wait_for()  # the pusher is not started
        assert "Window table" in page.inner_text("#owner-hub")
        page.set_viewport_size({"width": 390, "height": 844})
        phone.shot("hub-paired-backlog")
        table.hub.poll, table.hub.backoff = 0.05, (0.05, 0.2)
        table.hub.start()
        page.locator('[data-hub-pending="0"]').wait_for()
        stop(hub)
        play(session, "sushi-go", 2, stop=2)
        page.locator('[data-hub-problem="unreachable"]').wait_for()
        assert "does not answer" in page.inner_text("#owner-hub")
        phone.shot("hub-unreachable")
        page.set_viewport_size({"width": 1180, "height": 820})
        phone.name = "1180x820"
        phone.shot("hub-unreachable")
        page.on("dialog", lambda dialog: dialog.accept())
        phone.tap('[data-do="hub-unpair"]')
        page.locator("[data-hub-form]").wait_for()
        assert table.hub.outbox.link() is None
        assert not phone.errors, phone.errors
    finally:
        for context in browser.contexts:  # the page's streams end before the server stops
            context.close()
        server.stop()
        thread.join(timeout=30)
