"""Issue 24 item 8 in Debian's Chromium: an action card drawn face down is asked for at the
top of the player's phone, right under the turn bar ("You drew an action card"), not as a
small "1 not recorded" at the bottom; a tap on a switched-off control says why in a toast and
sends nothing (Sushi Express's "These are the cards" before the cards are picked, the host's
Redo with nothing to redo).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.web.browser_support import PHONE, Screen, api_snapshot, post_json
from tests.web.web_support import PLAYERS, LiveServer

pytestmark = pytest.mark.browser

TABLET = {"width": 1180, "height": 820}


def open_seat(screen: Screen, server: LiveServer, game_id: int, token: str, seat: int) -> None:
    screen.page.goto(f"{server.url}/")
    screen.page.evaluate(
        "([id, token, seat]) => localStorage.setItem(`companion.game.${id}`,"
        " JSON.stringify({token, role: 'seat', seat}))", [game_id, token, seat])
    screen.page.goto(f"{server.url}/games/{game_id}")
    screen.wait_version(0)


def tap_off(screen: Screen, selector: str) -> str:
    """Tap a switched-off control (as a finger would: no wait for it to switch on) and return
    the toast's words."""
    control = screen.page.locator(selector).first
    assert control.get_attribute("aria-disabled") == "true"
    assert control.is_disabled()
    control.click(force=True)
    toast = screen.page.locator("#toast")
    toast.wait_for(state="visible")
    return toast.inner_text()


def test_a_drawn_card_is_asked_for_at_the_top_and_off_controls_say_why(
    browser: Any, shots: Path, live_server: LiveServer,
) -> None:
    created = post_json(live_server, "/api/games", {"game": "sushi-express", "players": PLAYERS})
    game_id, token, code = created["id"], created["host_token"], created["join_code"]
    act = f"/api/games/{game_id}/actions"
    cat = post_json(live_server, f"/api/games/{game_id}/join", {"code": code, "seat": 2})
    phone = Screen(browser, PHONE, "phone", shots)
    open_seat(phone, live_server, game_id, cat["token"], 2)
    page = phone.page
    page.locator("[data-do=reveal]").wait_for()
    words = tap_off(phone, "[data-do=reveal]")
    assert words == "Tap the colour of 3 more cards first."
    phone.shot("draw-8-off-control-says-why")
    assert api_snapshot(live_server, game_id, token)["version"] == 0  # nothing was sent

    post_json(live_server, act, {"kind": "reveal_customers", "cards": ["rose", "tip", "violet"]},
              token)
    for name, number in (("Ann", 10), ("Ben", 11), ("Cat", 12)):
        post_json(live_server, act, {"kind": "guess", "player": name, "number": number}, token)
    assert page.locator("#draw").is_hidden()
    for _ in range(2):  # Cat misses twice and draws an action card face down
        post_json(live_server, act, {"kind": "roll", "player": "Cat", "dice": [1, 1]}, token)
    phone.wait_version(6)
    prompt = page.locator("#draw")
    prompt.wait_for()
    assert "You drew an action card" in prompt.inner_text()
    box = prompt.bounding_box()
    assert box is not None and box["y"] < 300, box  # under the turn bar, no scrolling
    assert prompt.locator("[data-record]").count() >= 4
    assert "face down" in page.locator("#hand").inner_text()
    phone.shot("draw-8-prompt")

    tablet = Screen(browser, TABLET, "tablet", shots)
    open_seat(tablet, live_server, game_id, cat["token"], 2)
    tablet.page.locator("#draw [data-record]").first.wait_for()
    tablet.shot("draw-8-prompt")

    phone.tap("#draw [data-record=same_guess]")
    phone.wait_version(7)
    page.wait_for_function("() => document.getElementById('draw').hidden")
    assert "Same guess" in page.locator("#hand").inner_text()

    host = Screen(browser, TABLET, "tablet", shots)
    host.open_as_host(live_server, game_id, token)
    host.wait_version(7)
    words = tap_off(host, "[data-do=redo]")
    assert words.startswith("Nothing to redo")
    host.shot("draw-8-host-redo-says-why")
    assert api_snapshot(live_server, game_id, token)["version"] == 7
    assert phone.errors == [] and tablet.errors == [] and host.errors == []
