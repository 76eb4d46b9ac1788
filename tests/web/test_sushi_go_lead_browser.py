"""Sushi Go! in Chromium on a phone: the strawberry pudding's lead token is asked, never assumed
(issue 24, item 3; ruling G23).

Scoring mode, 2 players: Ann's tableau holds a strawberry pudding. No answer is preselected
("Never" was, and "nobody took the lead" went in silently); the send button says why it cannot
send until one is chosen. "Never" is then chosen and sent; Ben's "1x" takes the token.
Screenshots: ``test-output/screenshots/sg-lead-*.png`` (phone 390x844, tablet 1180x820).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.web.browser_support import PHONE, Screen, api_snapshot, post_json
from tests.web.web_support import LiveServer

pytestmark = pytest.mark.browser

#: The tablet of issue 24's screenshots.
TABLET = {"width": 1180, "height": 820}
PLAYERS = [{"name": "Ann", "colour": "red"}, {"name": "Ben", "colour": "blue"}]
ANN = ["strawberry_pudding_2", "tempura", "tempura", "sashimi", "sashimi", "sashimi",
       "futomaki_2", "gyoza", "gyoza", "egg_nigiri"]
BEN = ["strawberry_pudding_4", "tempura", "sashimi", "futomaki_3", "futomaki_1", "gyoza",
       "squid_nigiri", "salmon_nigiri", "chopsticks", "wasabi"]


def test_the_lead_takes_are_not_preselected_and_the_send_button_says_why_it_waits(
    browser: Any, live_server: LiveServer, shots: Path
) -> None:
    created = post_json(live_server, "/api/games", {"game": "sushi-go", "players": PLAYERS})
    game_id, token = created["id"], created["host_token"]
    phone = Screen(browser, PHONE, "phone", shots)
    phone.open_as_host(live_server, game_id, token)
    page = phone.page
    for card in ANN:
        phone.tap(f"#panel [data-add='{card}']")
    assert page.locator("[data-card-count]").get_attribute("data-card-count") == "10"
    lead = page.locator("#panel [data-lead]")
    assert lead.locator("[data-lead-takes]").count() == 2  # Never, 1x: one per pudding
    assert lead.locator("[data-lead-takes][aria-pressed=true]").count() == 0  # nothing assumed
    ask = lead.locator("[data-lead-ask]")
    assert 'Choose \u201cNever\u201d only if Ann did not take it' in ask.inner_text()
    send = page.locator("#panel [data-do=enter-tableau]")
    assert send.is_disabled()
    assert send.inner_text() == "Choose above how many times Ann took the lead token"
    phone.shot("sg-lead-01-asked")
    tablet = Screen(browser, TABLET, "tablet", shots)
    tablet.open_as_host(live_server, game_id, token)
    for card in ANN:
        tablet.tap(f"#panel [data-add='{card}']")
    tablet.shot("sg-lead-01-asked")

    phone.tap("#panel [data-lead-takes='0']")
    assert lead.locator("[data-lead-takes='0'][aria-pressed=true]").count() == 1
    assert ask.count() == 0
    assert send.is_enabled() and send.inner_text() == "Enter Ann's tableau \u00b7 10 cards"
    phone.shot("sg-lead-02-never-chosen")
    phone.tap("#panel [data-do=enter-tableau]")
    phone.wait_version(1)

    if page.locator("#panel [data-player=Ben][aria-pressed=true]").count() == 0:
        phone.tap("#panel [data-player=Ben]")
    for card in BEN:
        phone.tap(f"#panel [data-add='{card}']")
    assert send.is_disabled() and "Ben took the lead token" in send.inner_text()
    phone.tap("#panel [data-lead-takes='1']")
    phone.tap("#panel [data-do=enter-tableau]")
    phone.wait_version(2)
    view = api_snapshot(live_server, game_id, token)["view"]
    assert view["round"] == 2 and view["lead"]["holder"] == "Ben"
    phone.shot("sg-lead-03-scored")
    assert phone.errors == [] and tablet.errors == []
