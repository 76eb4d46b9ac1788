"""Sushi Go Party! scoring mode on a phone (390x844): what a new table stumbles on (issue 24).

* An empty tableau sent by one tap on "Enter Ann's tableau · 0 cards" is refused at once, naming
  the player and the cards a tableau holds with the cards dealt (RULINGS P12).
* Two tableaux that together hold more wasabi than the deck are refused when the second is
  entered, naming both players and their counts; the refusal offers to correct the earlier
  tableau, and the host does so (RULINGS P11).

Screenshots: ``test-output/screenshots/sgp-size-*.png`` and ``sgp-round-*.png``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.web.browser_support import PHONE, Screen, api_snapshot, post_json
from tests.web.test_sgp_browser import enter, tableau
from tests.web.web_support import LiveServer

pytestmark = pytest.mark.browser

NAMES = ["Ann", "Ben", "Cat", "Dan"]
SEVEN = ["tempura", "tempura", "sashimi", "sashimi", "sashimi", "dumpling", "dumpling"]


def host_phone(browser: Any, server: LiveServer, shots: Path) -> tuple[Screen, int, str]:
    """A 4-player Sushi Go menu game (9 cards dealt), its host on a phone."""
    created = post_json(server, "/api/games", {
        "game": "sushi-go-party", "players": [{"name": n} for n in NAMES],
        "options": {"menu": "sushi_go", "mode": "scoring"}})
    phone = Screen(browser, PHONE, "phone", shots)
    phone.open_as_host(server, created["id"], created["host_token"])
    return phone, created["id"], created["host_token"]


def test_an_empty_tableau_sent_by_one_tap_is_refused_naming_the_player_and_the_deal(
    browser: Any, live_server: LiveServer, shots: Path
) -> None:
    phone, game_id, token = host_phone(browser, live_server, shots)
    send = phone.page.locator("#panel [data-do=enter-tableau]")
    assert "Ann's tableau · 0 cards" in send.inner_text()
    phone.tap("#panel [data-do=enter-tableau]")
    refusal = phone.page.locator("[data-refusal]")
    refusal.wait_for()
    assert "Ann's tableau has 0 cards; with 9 cards dealt it holds 9" in refusal.inner_text()
    phone.shot("sgp-size-refused-empty")
    assert api_snapshot(live_server, game_id, token)["version"] == 0
    enter(phone, tableau("Ann", *SEVEN, "maki_1", "maki_2"))
    phone.wait_version(1)
    assert phone.page.locator("[data-refusal]").count() == 0
    assert phone.errors == []


def test_wasabi_over_the_deck_names_both_players_and_the_host_corrects_the_earlier_one(
    browser: Any, live_server: LiveServer, shots: Path
) -> None:
    phone, game_id, token = host_phone(browser, live_server, shots)
    enter(phone, tableau("Ann", "wasabi", "wasabi", *SEVEN))
    phone.wait_version(1)
    ben = tableau("Ben", "wasabi", "wasabi", "maki_1", "maki_2", "maki_3", "egg_nigiri",
                  "salmon_nigiri", "dumpling", "dumpling")
    enter(phone, ben)
    refusal = phone.page.locator("[data-refusal]")
    refusal.wait_for()
    text = refusal.inner_text()
    assert "4 x Wasabi on the table this round" in text and "Ann 2, Ben 2" in text
    assert phone.page.locator("[data-fix-player=Ann]").is_visible()
    phone.shot("sgp-round-refused-names-both")
    assert api_snapshot(live_server, game_id, token)["version"] == 1

    phone.tap("[data-fix-player=Ann]")  # Ann's tableau, as entered, with the refusal above it
    phone.page.locator("#panel [data-player=Ann][aria-pressed=true]").wait_for()
    assert phone.page.locator("#panel [data-player=Ann][aria-pressed=true]").count() == 1
    assert "Ann 2, Ben 2" in phone.page.locator("[data-refusal]").inner_text()
    phone.shot("sgp-round-correct-ann")
    phone.tap("#panel [data-remove=wasabi]")
    phone.tap("#panel [data-add=egg_nigiri]")
    assert "Replace Ann's tableau · 9 cards" in phone.page.locator(
        "#panel [data-do=enter-tableau]").inner_text()
    phone.tap("#panel [data-do=enter-tableau]")
    phone.wait_version(2)
    # The panel went back to Ben, whose draft was kept: sent again, it is accepted.
    phone.page.locator("#panel [data-player=Ben][aria-pressed=true]").wait_for()
    assert phone.page.locator("#panel [data-player=Ben][aria-pressed=true]").count() == 1
    assert phone.page.locator("[data-card-count]").get_attribute("data-card-count") == "9"
    phone.tap("#panel [data-do=enter-tableau]")
    phone.wait_version(3)
    view = api_snapshot(live_server, game_id, token)["view"]
    wasabi = {p["name"]: p["tableau"]["cards"].count("wasabi") for p in view["players"]
              if p["tableau"]}
    assert wasabi == {"Ann": 1, "Ben": 2}
    phone.shot("sgp-round-corrected")
    assert phone.errors == []
