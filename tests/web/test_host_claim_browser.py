"""The host role moves to another device (issue 24 item 5), in Debian's Chromium: the host
tablet reveals its host code (Hand the host role to another device), a phone types it on the
home page's Join tab ("Take over as host") and becomes the host, the tablet drops to watching,
the phone undoes; then the tablet takes the role back through the take-over page the hand-over
QR code links to.

Screenshots: ``test-output/screenshots/host-*.png``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.web.browser_support import PHONE, TABLET, Screen, api_snapshot, post_json
from tests.web.web_support import PLAYERS, LiveServer

pytestmark = pytest.mark.browser
REVEAL = {"kind": "reveal_customers", "cards": ["light_blue", "tip", "rose"]}


def shown_code(screen: Screen) -> str:
    """The host code the host screen shows (``ABCD-EFGH``)."""
    screen.tap("[data-hand-off-open]")
    code: str = screen.page.locator("[data-host-code]").inner_text().strip()
    screen.page.wait_for_selector("[data-hand-off] .qr svg")
    return code


def is_host(screen: Screen, game_id: int) -> None:
    screen.page.wait_for_url(f"**/games/{game_id}")
    screen.page.wait_for_selector("body[data-role='host'] [data-do='undo']")


def test_a_phone_takes_over_as_host_with_the_host_code_and_undoes(
    browser: Any, live_server: LiveServer, shots: Path
) -> None:
    created = post_json(live_server, "/api/games",
                        {"game": "sushi-express", "players": PLAYERS, "options": {}})
    game_id, old_token = created["id"], created["host_token"]
    post_json(live_server, f"/api/games/{game_id}/actions", REVEAL, old_token)
    tablet = Screen(browser, TABLET, "tablet", shots)
    phone = Screen(browser, PHONE, "phone", shots)
    tablet.open_as_host(live_server, game_id, old_token)
    tablet.wait_version(1)
    assert tablet.page.locator("[data-host-code]").count() == 0  # hidden until asked for

    code = shown_code(tablet)
    assert len(code) == 9 and code[4] == "-"
    assert code.replace("-", "") != created["join_code"]
    tablet.shot("host-01-hand-off-shown")

    phone.page.goto(f"{live_server.url}/#join")
    phone.page.wait_for_selector(f"#join-id option[value='{game_id}']", state="attached")
    phone.page.fill("#host-code", code.lower())
    phone.shot("host-02-home-take-over")
    phone.tap("#host-game [data-take-over]")
    is_host(phone, game_id)
    assert phone.page.locator("[data-do='undo']").is_enabled()
    phone.shot("host-03-phone-is-host")

    # The tablet's token stopped working: its stream ended, it says so and watches.
    tablet.page.wait_for_selector("body[data-role='watcher']")
    assert "took over as host" in (tablet.banner() or "")
    assert tablet.page.locator("[data-do='undo']").count() == 0
    assert api_snapshot(live_server, game_id, old_token)["viewer"]["role"] == "watcher"
    tablet.shot("host-04-tablet-watches")

    phone.tap("[data-do='undo']")
    phone.wait_version(2)
    phone.page.wait_for_function("() => !document.querySelector('.history li')")
    phone.shot("host-05-phone-undid")

    # The phone hands the role back: the tablet opens the take-over link (the QR code's).
    new_code = shown_code(phone)
    assert new_code != code  # a claim spends the code
    phone.shot("host-06-phone-hands-back")
    tablet.page.goto(f"{live_server.url}/games/{game_id}/host?code={new_code.replace('-', '')}")
    tablet.page.wait_for_selector("#host-code")
    assert tablet.page.input_value("#host-code") == new_code
    tablet.shot("host-07-take-over-page")
    tablet.tap("[data-take-over]")
    is_host(tablet, game_id)
    phone.page.wait_for_selector("body[data-role='watcher']")
    assert not tablet.errors and not phone.errors
