"""The hub over real HTTP on loopback (an in-process hub on a real PostgreSQL): pairing's
refusals, the wall's data and long poll, and the wall screen in Chromium."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

from companion.hub.outbox import Link, Outbox
from companion.hub.pusher import HubPusher
from companion.session.log import GameLog, NewEntry
from companion.session.session import Session
from tests.hub.live import LiveHub
from tests.hub.procs import http, wait_for
from tests.played_games import play
from tests.web import browser_support


def paired_table(hub: LiveHub, path: Path, stop: int | None = None,
                 ) -> tuple[GameLog, int, HubPusher]:
    """A table log with a Sushi Go! game played (``stop`` actions), paired with ``hub``."""
    log = GameLog(path)
    session = Session(log)
    game = play(session, "sushi-go", 2, stop=stop)
    session.close()
    status, answer = http("POST", f"{hub.url}/api/pair",
                          {"code": hub.store.new_pairing_code(), "name": "Window table"})
    assert status == 200, answer
    outbox = Outbox(path)
    outbox.pair_with(Link(hub.url, answer["table"], answer["token"], "Window table", "now"))
    return log, game, HubPusher(outbox, poll=0.05)


def drained(pusher: HubPusher) -> bool:
    return pusher.outbox.pending() == 0


def test_wrong_pairing_codes_are_refused_then_slowed(hub: LiveHub) -> None:
    for _ in range(10):
        status, answer = http("POST", f"{hub.url}/api/pair", {"code": "AAAA-AAAA", "name": "x"})
        assert status == 403 and "pairing code" in answer["reason"]
    status, answer = http("POST", f"{hub.url}/api/pair",
                          {"code": hub.store.new_pairing_code(), "name": "x"})
    assert status == 429 and answer["error"] == "too_many_attempts"


def test_pairing_codes_are_shown_to_the_hub_itself_only(hub: LiveHub) -> None:
    client = hub.app.test_client()
    assert client.get("/pairing", environ_base={"REMOTE_ADDR": "192.168.1.20"}).status_code == 403
    answer = client.get("/pairing", environ_base={"REMOTE_ADDR": "127.0.0.1"})
    assert answer.status_code == 200 and len(answer.get_json()["code"]) == 9
    rebound = client.get("/pairing", base_url="http://evil.example:8090",
                         environ_base={"REMOTE_ADDR": "127.0.0.1"})
    assert rebound.status_code == 403


def test_the_wall_shows_each_table_and_answers_a_long_poll_after_a_push(
        hub: LiveHub, tmp_path: Path) -> None:
    log, game, pusher = paired_table(hub, tmp_path / "t.sqlite3", stop=4)
    pusher.start()
    try:
        wait_for(lambda: drained(pusher), "the first pushes")
        status, wall = http("GET", f"{hub.url}/api/wall")
        assert status == 200
        (card,) = wall["tables"]
        assert (card["table_name"], card["title"], card["game"], card["seq"]) == (
            "Window table", "sushi-go", game, 4)
        assert card["players"] == [p["name"] for p in log.game(game).players]
        assert card["totals"] is not None and wall["today"] == []
        answer: list[Any] = []
        waiter = threading.Thread(target=lambda: answer.append(
            http("GET", f"{hub.url}/api/wall?after={wall['version']}")[1]))
        waiter.start()
        log.append(game, NewEntry("undo", {}, "host"), "playing", card["round"])
        waiter.join(timeout=30)
        assert answer and answer[0]["tables"][0]["seq"] == 5
    finally:
        pusher.stop()
        log.close()


def test_the_wall_screen_shows_a_finished_game_and_todays_standings(
        hub: LiveHub, tmp_path: Path, browser: Any) -> None:
    log, game, pusher = paired_table(hub, tmp_path / "t.sqlite3", stop=2)
    pusher.start()
    try:
        page = browser.new_page(viewport={"width": 1280, "height": 720})
        page.goto(hub.url + "/")
        page.locator(f'[data-game="{game}"]').wait_for(timeout=30_000)
        assert "Window table" in page.inner_text("#tables")
        session = Session(log)  # a whole game, while the screen watches
        second = play(session, "sushi-go", 3)
        session.close()
        page.locator(f'.table.over[data-game="{second}"]').wait_for(timeout=30_000)
        page.locator("#today td", has_text="Ann").wait_for(timeout=30_000)
        browser_support.SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(browser_support.SHOTS / "hub-wall-1280x720.png"))
        one_game_opens_with_its_rounds_and_replay(browser, hub)
    finally:
        pusher.stop()
        log.close()


def one_game_opens_with_its_rounds_and_replay(browser: Any, hub: LiveHub) -> None:
    """The café's past games: the finished game opens on the table's own page (its points
    per round and its replay, stepped back one move), at the wall's size then a phone's."""
    page = browser.new_page(viewport={"width": 1280, "height": 720})
    page.goto(hub.url + "/history")
    page.locator("[data-open]").first.click()
    page.locator("table[data-rounds]").wait_for(timeout=30_000)
    frame = page.locator("#replay[data-replay-step]")
    frame.wait_for(timeout=30_000)
    last = int(frame.get_attribute("data-replay-step") or 0)
    assert last > 1 and "Ann" in page.inner_text("#ranking")
    page.click("[data-do=step-back]")
    page.locator(f'#replay[data-replay-step="{last - 1}"]').wait_for(timeout=30_000)
    assert page.inner_text("[data-step-text]").strip()
    assert page.locator("[data-replay]:not([hidden])").count() > 0
    for width, height in ((1280, 720), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        page.screenshot(path=str(browser_support.SHOTS / f"hub-game-{width}x{height}.png"),
                        full_page=True)
    page.close()
