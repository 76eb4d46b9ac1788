"""The pending cards take their state from the live stream only (issue 25): in Debian's Chromium,
Sushi Roll's icon-dice camera card and the card scan follow changes made elsewhere (through the
API, as another screen would) with no request to the endpoints they used to poll
(``GET /api/icon-dice?game=ID`` and ``GET /api/games/<id>/scan``). Every request the page makes is
recorded (``page.on("request")``); each step waits for the DOM change the stream drives, never for
a time. Screenshots: ``test-output/screenshots/pending-push-*.png``.
"""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import cv2
import pytest

from tests.test_scans import table_photo
from tests.web.browser_support import (
    TABLET,
    Screen,
    card_shot,
    post_json,
)
from tests.web.icon_dice_support import UNSURE, BeltGame, settle
from tests.web.scan_support import BEN, SCAN_IMAGE_SHOWN
from tests.web.web_support import LiveServer, ScanGame

pytestmark = pytest.mark.browser
CARD = "#sr-camera"


def recorded(screen: Screen) -> list[tuple[str, str]]:
    """Every request ``screen``'s page makes from now on, as (method, path?query)."""
    seen: list[tuple[str, str]] = []

    def note(request: Any) -> None:
        url = urlparse(request.url)
        seen.append((request.method, url.path + (f"?{url.query}" if url.query else "")))

    screen.page.on("request", note)
    return seen


def upload(server: LiveServer, game_id: int, token: str, photo: bytes, seat: int) -> Any:
    request = urllib.request.Request(
        f"{server.url}/api/games/{game_id}/scan/upload?seat={seat}", data=photo, method="POST",
        headers={"Content-Type": "image/jpeg", "X-Companion-Token": token})
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.load(answer)


def test_the_icon_dice_card_follows_the_stream_and_never_asks_for_its_state(
        browser: Any, belt_game: BeltGame, shots: Path) -> None:
    server, hook, frame, game_id, token = belt_game
    tablet = Screen(browser, TABLET, "tablet", shots)
    requests = recorded(tablet)
    tablet.open_as_host(server, game_id, token)
    page = tablet.page
    page.wait_for_selector(f"{CARD} [data-icon-state]")  # the stream's first devices event

    # the host claims the camera on another screen: this one learns it from the stream
    post_json(server, f"/api/games/{game_id}/devices/camera/claim", {}, token)
    page.wait_for_selector(f"{CARD} >> text=The camera is held by this game")

    settle(hook, frame)  # the camera reads Ann's belt, one die unsure: pushed, not asked for
    page.wait_for_selector(f"{CARD} [data-pending-roll]")
    page.wait_for_function("() => document.querySelector('[data-icon-view]')?.naturalWidth > 0")
    assert page.locator(f"{CARD} [data-read-die]").count() == 8
    assert page.locator(f"{CARD} [data-read-die='{UNSURE}']").get_attribute(
        "data-quality") == "uncertain"
    assert page.locator(f"{CARD}[data-pending='1']").count() == 1
    tablet.shot("pending-push-01-icon-reading")
    card_shot(tablet, CARD, shots / "pending-push-01-icon-card.png")

    (reading,) = hook.desk.pending(game_id)  # dismissed on another screen: the card goes
    post_json(server, f"/api/games/{game_id}/icon-dice/dismiss", {"roll": reading.reading.ref},
              token)
    page.wait_for_selector(f"{CARD} [data-pending-roll]", state="detached")
    assert page.locator(f"{CARD}[data-pending='0']").count() == 1

    # (the roll source form reads GET /api/icon-dice once, without a game: whether a camera runs)
    asked = [r for r in requests if r[1].startswith("/api/icon-dice?game=")]
    assert asked == [], asked  # the card's state came from the stream only
    assert any(path.startswith("/api/icon-dice/view.jpg") for _, path in requests)  # the picture
    assert any(path.startswith(f"/api/games/{game_id}/events") for _, path in requests)
    assert not tablet.errors, tablet.errors


def test_the_scan_card_follows_the_stream_and_never_asks_for_the_scan(
        browser: Any, ben_joined: ScanGame, shots: Path) -> None:
    server, game_id, host_token, ben_token = ben_joined
    tablet = Screen(browser, TABLET, "tablet", shots)
    requests = recorded(tablet)
    tablet.open_as_host(server, game_id, host_token)
    page = tablet.page
    page.locator("[data-do=scan-photo]").wait_for()

    # Ben's phone sends his photo (1600 px wide, as a phone shrinks it): the tablet shows it
    photo = table_photo([BEN])
    photo = cv2.resize(photo, None, fx=1600 / photo.shape[1], fy=1600 / photo.shape[1],
                       interpolation=cv2.INTER_AREA)
    ok, jpeg = cv2.imencode(".jpg", photo)
    assert ok
    upload(server, game_id, ben_token, jpeg.tobytes(), 1)
    page.locator("[data-pending-kind=scan] [data-scan-image]").wait_for()
    assert page.locator("[data-scan-card='2'].uncertain").count() == 1

    # Ben says what his unsure card is: the tablet shows it corrected, then entered
    post_json(server, f"/api/games/{game_id}/scan/correct", {"card": 2, "label": "sashimi"},
              ben_token)
    page.locator("[data-scan-card='2'].corrected").wait_for()
    page.wait_for_function(SCAN_IMAGE_SHOWN)
    tablet.shot("pending-push-02-scan-corrected")
    card_shot(tablet, "[data-pending-kind=scan]", shots / "pending-push-02-scan-card.png")
    post_json(server, f"/api/games/{game_id}/scan/confirm", {"seat": 1}, ben_token)
    page.locator("[data-scan-seat-block='1'].entered").wait_for()
    tablet.wait_version(1)

    post_json(server, f"/api/games/{game_id}/scan/dismiss", {}, host_token)
    page.locator("[data-pending-kind=scan]").wait_for(state="detached")

    asked = [r for r in requests if r == ("GET", f"/api/games/{game_id}/scan")]
    assert asked == [], asked  # the scan came from the stream only
    assert any(path.startswith(f"/api/games/{game_id}/scan/image.jpg") for _, path in requests)
    assert not tablet.errors, tablet.errors
