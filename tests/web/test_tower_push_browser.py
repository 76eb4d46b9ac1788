"""The dice card (tower.js, camera.js) takes its state from the live stream only (issue 25): in
Debian's Chromium, the camera's card follows changes made elsewhere (through the API, as another
screen or the camera itself would) with no request to the endpoints it used to poll (``GET
/api/camera`` every second, ``GET /api/tower?game=ID`` while the stream was down); only the
camera's picture refreshes itself, as an <img> asking for the next one after each loads. Every
request the page makes is recorded (``page.on("request")``); each step waits for the DOM change
the stream drives, never for a time. The stream going down is its EventSource closed and failing
as a dropped connection does (game.js opens it again 3 s later): no state is asked for meanwhile.

A French phone (390x844) shows a roll the engine refused in French, "Not entered" included.
Screenshots: ``test-output/screenshots/tower-push-*.png``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest

from companion.devices.camera import TableCamera
from tests.dice_table import TO_ROLL
from tests.web.browser_support import PHONE, TABLET, Screen, card_shot, in_french, post_json
from tests.web.test_camera_browser import filmed
from tests.web.web_support import PLAYERS, LiveServer

pytestmark = pytest.mark.browser
__all__ = ["filmed"]  # the demo camera's fixture, shared with the camera's browser test
CARD = "#tower"
PICTURE = "[data-camera-view]"
LOADED = ("() => { const i = document.querySelector('[data-camera-view]');"
          " return Boolean(i && i.complete && i.naturalWidth === 640); }")


#: Keeps every EventSource the page opens in ``window.__streams`` (to drop one as a network would).
KEEP_STREAMS = """(() => {
  const Native = window.EventSource;
  window.__streams = [];
  window.EventSource = class extends Native {
    constructor(...args) { super(...args); window.__streams.push(this); }
  };
})();"""
DROP_STREAM = ("() => { const s = window.__streams.at(-1); s.close();"
               " s.dispatchEvent(new Event('error')); }")


def recorded(screen: Screen) -> list[tuple[str, str]]:
    """Every request the game page of ``screen`` makes, as (method, path?query) (not the home
    page's: its new-game form reads the tower's and the camera's status once)."""
    seen: list[tuple[str, str]] = []

    def note(request: Any) -> None:
        if "/games/" not in urlparse(request.frame.url).path:
            return
        url = urlparse(request.url)
        seen.append((request.method, url.path + (f"?{url.query}" if url.query else "")))

    screen.page.on("request", note)
    return seen


def polled(requests: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The requests to the endpoints the card used to poll (its state, not its picture)."""
    return [r for r in requests
            if r[1].split("?")[0] in ("/api/camera", "/api/tower")]


def camera_game(server: LiveServer) -> tuple[int, str]:
    """A Sushi Express game whose dice come from the camera, where Cat rolls try 1."""
    created = post_json(server, "/api/games", {
        "game": "sushi-express", "players": PLAYERS, "options": {}, "roll_source": "camera"})
    game_id, token = created["id"], created["host_token"]
    for action in TO_ROLL:
        post_json(server, f"/api/games/{game_id}/actions", action, token)
    return game_id, token


def test_the_camera_card_follows_the_stream_and_never_asks_for_its_state(
        browser: Any, filmed: tuple[LiveServer, TableCamera], shots: Path) -> None:
    server, _camera = filmed
    game_id, token = camera_game(server)
    tablet = Screen(browser, TABLET, "tablet", shots)
    tablet.context.add_init_script(KEEP_STREAMS)
    requests = recorded(tablet)
    tablet.open_as_host(server, game_id, token)
    page = tablet.page
    page.wait_for_selector(f"{CARD} [data-camera-state]")  # the stream's first devices event

    # the host claims the camera on another screen: this one learns it from the stream
    post_json(server, f"/api/games/{game_id}/devices/camera/claim", {}, token)
    page.wait_for_selector(f"{CARD} >> text=The camera is held by this game")
    page.wait_for_function(LOADED)
    first = page.locator(PICTURE).get_attribute("src")
    # the picture asks for the next one by itself, once the last is in
    page.wait_for_function("s => document.querySelector('[data-camera-view]').getAttribute('src')"
                           " !== s", arg=first)

    # a cocked roll: the card shows it, pushed
    post_json(server, f"/api/games/{game_id}/camera/throw", {"values": [3, 4], "quality": "cocked"},
              token)
    page.wait_for_selector(f"{CARD} [data-pending-kind=roll] >> text=a die is cocked")
    assert page.locator(f"{CARD}[data-pending='1']").count() == 1
    card_shot(tablet, CARD, shots / "tower-push-01-cocked-card.png")
    ref = int(page.locator(f"{CARD} [data-pending-kind=roll]").get_attribute("data-pending-ref")
              or 0)
    post_json(server, f"/api/games/{game_id}/pending-roll/dismiss", {"roll": ref}, token)
    page.wait_for_selector(f"{CARD}[data-pending='0']")

    # the stream goes down and comes back: the card waits for it, asking for nothing
    page.evaluate(DROP_STREAM)
    page.wait_for_selector("#live:not(.on)")
    page.wait_for_function("() => window.__streams.length === 2")  # game.js opens it again
    page.wait_for_selector("#live.on")
    post_json(server, f"/api/games/{game_id}/camera/throw", {"values": [5, 6], "quality": "cocked"},
              token)
    page.wait_for_selector(f"{CARD} [data-pending-kind=roll] >> text=5 + 6")

    assert polled(requests) == [], polled(requests)  # the card's state came from the stream only
    pictures = [p for _, p in requests if p.startswith("/api/camera/view.jpg")]
    assert len(pictures) >= 2, pictures  # the picture refreshed itself
    opened = [p for _, p in requests if p.startswith(f"/api/games/{game_id}/events")]
    assert len(opened) >= 2, opened  # the stream opened again after it went down
    assert not tablet.errors, tablet.errors


def test_a_french_phone_reads_the_refused_roll_in_french(
        browser: Any, filmed: tuple[LiveServer, TableCamera], shots: Path) -> None:
    server, _camera = filmed
    game_id, token = camera_game(server)
    post_json(server, f"/api/games/{game_id}/devices/camera/claim", {}, token)
    phone = Screen(browser, PHONE, "phone-fr", shots)
    requests = recorded(phone)
    in_french(phone, server)
    phone.open_as_host(server, game_id, token)
    page = phone.page
    page.wait_for_selector(f"{CARD} [data-camera-state]")
    page.wait_for_function(LOADED)
    phone.shot("tower-push-02-waiting")

    # one die in the tray: the camera reads it, the engine refuses a roll of one die
    post_json(server, f"/api/games/{game_id}/camera/throw", {"values": [2]}, token)
    note = page.locator(f"{CARD} [data-pending-kind=roll] [data-pending-note]")
    note.wait_for()
    assert note.inner_text() == "Non saisi : Un jet, ce sont deux dés de 1 à 6, pas [2]"
    assert page.locator(f"{CARD} >> text=La caméra a lu 2").count() == 1
    page.wait_for_function(LOADED)
    phone.shot("tower-push-03-refused")
    card_shot(phone, CARD, shots / "tower-push-03-refused-card-phone-fr.png")
    assert polled(requests) == [], polled(requests)
    assert not phone.errors, phone.errors
