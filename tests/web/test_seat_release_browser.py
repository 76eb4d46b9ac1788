"""A seat cannot be taken by a second phone; the host hands it over by releasing it (issue 28,
item 5), in Debian's Chromium: Ben's phone claims his seat, a second phone is refused with the
reason, the host's tablet shows Ben's seat as held and releases it, Ben's phone drops to
watching and the second phone claims the seat; then it releases itself from its own screen.

Screenshots: ``test-output/screenshots/seat-*.png``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.web.browser_support import PHONE, TABLET, Screen, api_snapshot, post_json
from tests.web.web_support import PLAYERS, LiveServer

pytestmark = pytest.mark.browser
TAKEN = ("Ben's seat is taken by another phone; ask the host to hand it over, "
         "or release it on that phone")


def claim_ben(phone: Screen, server: LiveServer, game_id: int, code: str) -> None:
    phone.page.goto(f"{server.url}/games/{game_id}/join?code={code}")
    phone.page.wait_for_selector("[data-seat='1']")
    phone.tap("[data-seat='1']")


def is_ben(phone: Screen, game_id: int) -> None:
    phone.page.wait_for_url(f"**/games/{game_id}")
    phone.page.wait_for_function(
        "() => document.querySelector('#whoami')?.innerText.includes('Ben')")


def test_a_seat_is_handed_over_only_when_the_host_releases_it(
    browser: Any, live_server: LiveServer, shots: Path
) -> None:
    created = post_json(live_server, "/api/games",
                        {"game": "sushi-express", "players": PLAYERS, "options": {}})
    game_id, code = created["id"], created["join_code"]
    host = Screen(browser, TABLET, "tablet", shots)
    ben = Screen(browser, PHONE, "phone", shots)
    other = Screen(browser, PHONE, "phone2", shots)
    for screen in (host, ben, other):
        screen.page.on("dialog", lambda dialog: dialog.accept())
    host.open_as_host(live_server, game_id, created["host_token"])

    claim_ben(ben, live_server, game_id, code)
    is_ben(ben, game_id)
    ben_token = ben.token(game_id)
    assert api_snapshot(live_server, game_id, ben_token)["viewer"]["seat"] == 1
    ben.page.wait_for_selector("[data-release='1']")  # "Release my seat"
    ben.shot("seat-01-ben-holds")

    # A reload of the join page on Ben's phone, tapping Ben again, keeps his seat.
    claim_ben(ben, live_server, game_id, code)
    is_ben(ben, game_id)
    assert ben.token(game_id) == ben_token

    claim_ben(other, live_server, game_id, code)
    other.page.wait_for_selector("#banner:visible")
    assert TAKEN in (other.banner() or "")
    assert "/join" in other.page.url
    assert "on a phone" in other.page.locator("[data-seat='1']").inner_text()
    other.shot("seat-02-second-phone-refused")

    held = host.page.locator("[data-seats] li[data-seat='1'][data-claimed]")
    held.wait_for()
    assert "Release" in held.inner_text()
    assert host.page.locator("[data-seats] li[data-seat='0'] [data-release]").count() == 0
    host.shot("seat-03-host-sees-ben-held")
    host.tap("[data-seats] [data-release='1']")
    host.page.wait_for_selector("[data-seats] li[data-seat='1']:not([data-claimed])")
    host.shot("seat-04-host-released")

    # Ben's old phone is told and falls back to watching: no hand any more.
    ben.page.wait_for_function(
        "() => document.querySelector('#whoami')?.innerText.includes('Claim a seat')")
    assert "not recognised" in (ben.banner() or "")
    assert api_snapshot(live_server, game_id, ben_token)["viewer"]["role"] == "watcher"
    ben.shot("seat-05-old-phone-watching")

    other.tap("[data-seat='1']")
    is_ben(other, game_id)
    new_token = other.token(game_id)
    assert new_token != ben_token
    assert api_snapshot(live_server, game_id, new_token)["viewer"] == {"role": "seat", "seat": 1}
    host.page.wait_for_selector("[data-seats] li[data-seat='1'][data-claimed]")
    other.shot("seat-06-second-phone-is-ben")

    # The seat's own phone releases it: back to the join page, the token no longer works.
    other.tap("[data-release='1']")
    other.page.wait_for_url(f"**/games/{game_id}/join")
    other.page.fill("#code", code)  # the seats come once the code is checked
    other.page.press("#code", "Enter")
    other.page.wait_for_selector("[data-seat='1']")
    assert "on a phone" not in other.page.locator("[data-seat='1']").inner_text()
    assert api_snapshot(live_server, game_id, new_token)["viewer"]["role"] == "watcher"
    host.page.wait_for_selector("[data-seats] li[data-seat='1']:not([data-claimed])")
    other.shot("seat-07-released-itself")
    assert host.errors == [] and ben.errors == [] and other.errors == []
