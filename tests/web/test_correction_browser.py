"""Issue 24 item 6 in Debian's Chromium: a correction uses the controls the entry was made with
(the customer colours tapped again, a guess stepped, the menu's cards as tiles), never JSON or
internal ids, and says in words what saving will check again before it is saved.

Screenshots: ``test-output/screenshots/fix-*.png`` (phone 390x844, tablet 1180x820; ``-view*``:
the sheet as the device shows it, a screenful each).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.web.browser_support import PHONE, Screen, api_snapshot, party_game, post_json
from tests.web.correction_support import sheet_shots
from tests.web.web_support import PLAYERS, LiveServer

pytestmark = pytest.mark.browser
TABLET = {"width": 1180, "height": 820}
#: Internal names a family must never read in the sheet.
IDS = ("light_blue", "dark_blue", "reveal_customers", "same_guess", "{", "egg_nigiri",
       "enter_tableau", "on_wasabi")


def wait_words(screen: Screen, text: str) -> str:
    """The sheet's recheck words once they include ``text``, read in the same look (read
    apart, they had once been redrawn to "Checking what this changes…" in between)."""
    words: str = screen.page.wait_for_function(
        "t => { const words = document.querySelector('#sheet [data-recheck]')?.innerText;"
        " return words?.includes(t) ? words : null; }", arg=text).json_value()
    return words


def no_ids(screen: Screen) -> None:
    sheet = screen.page.locator("#sheet")
    assert sheet.locator("textarea, [data-json]").count() == 0
    shown = sheet.inner_text()
    assert not [i for i in IDS if i in shown], shown


def test_a_correction_taps_the_customer_colours_again_and_says_what_it_rechecks(
    browser: Any, live_server: LiveServer, shots: Path,
) -> None:
    created = post_json(live_server, "/api/games", {"game": "sushi-express", "players": PLAYERS})
    game_id, token = created["id"], created["host_token"]
    for action in ({"kind": "reveal_customers", "cards": ["light_blue", "tip", "violet"]},
                   {"kind": "guess", "player": "Ann", "number": 7, "same_guess": False},
                   {"kind": "guess", "player": "Ben", "number": 8, "same_guess": False}):
        post_json(live_server, f"/api/games/{game_id}/actions", action, token)
    phone = Screen(browser, PHONE, "phone", shots)
    phone.open_as_host(live_server, game_id, token)
    phone.wait_version(3)
    page = phone.page

    phone.tap("[data-correct='0']")  # the customers turned up: tap the colours again
    sheet = page.locator("#sheet")
    sheet.locator("[data-fix-palette=cards]").wait_for()
    assert sheet.locator("h2").inner_text() == "Correct entry 1"
    picked = sheet.locator("[data-fix-picked=cards]").inner_text()
    assert "Light blue" in picked and "Violet" in picked
    no_ids(phone)
    save = sheet.locator("[data-do=save-correction]")
    assert save.get_attribute("aria-disabled") == "true"  # nothing changed yet
    phone.tap("#sheet [data-fix-picked=cards] [data-card=light_blue]")  # take it back
    phone.tap("#sheet [data-fix-palette=cards] [data-card=dark_blue]")
    words = wait_words(phone, "will be checked again")
    assert words.startswith("2 later entries will be checked again; all still hold."), words
    assert save.get_attribute("aria-disabled") == "false"
    no_ids(phone)
    assert api_snapshot(live_server, game_id, token)["version"] == 3  # the check changed nothing
    sheet_shots(phone, "fix-01-customers")
    phone.tap("[data-do=close-correction]")

    phone.tap("[data-correct='1']")  # Ann really guessed 8: Ben's plain 8 no longer holds
    sheet.locator("[data-fix-stepper=number]").wait_for()
    phone.tap("#sheet [data-fix-stepper=number] [data-step='1']")
    words = wait_words(phone, "no longer")
    assert words.startswith("1 later entry will be checked again; 1 no longer holds"), words
    assert "Entry 3 (Ben's guess)" in words
    no_ids(phone)
    assert api_snapshot(live_server, game_id, token)["version"] == 3
    sheet_shots(phone, "fix-02-guess-warns")
    tablet = Screen(browser, TABLET, "tablet", shots)
    tablet.open_as_host(live_server, game_id, token)
    tablet.wait_version(3)
    tablet.tap("[data-correct='1']")
    tablet.tap("#sheet [data-fix-stepper=number] [data-step='1']")
    wait_words(tablet, "no longer")
    sheet_shots(tablet, "fix-02-guess-warns")

    phone.tap("[data-do=save-correction]")
    phone.wait_version(4)
    sheet.locator("[data-result] [data-conflicts]").wait_for()
    assert "Ben" in sheet.locator("[data-result]").inner_text()
    sheet_shots(phone, "fix-03-saved")
    assert phone.errors == [] and tablet.errors == []


def test_a_tableau_is_corrected_with_the_menus_cards_by_their_printed_names(
    browser: Any, live_server: LiveServer, shots: Path,
) -> None:
    created = party_game(live_server)
    game_id, token = created["id"], created["host_token"]
    ann = ["tempura", "tempura", "sashimi", "maki_2", "salmon_nigiri", "miso_soup",
           "egg_nigiri", "tea"]
    post_json(live_server, f"/api/games/{game_id}/actions",
              {"kind": "enter_tableau", "player": "Ann", "cards": ann}, token)
    phone = Screen(browser, PHONE, "phone", shots)
    phone.open_as_host(live_server, game_id, token)
    phone.wait_version(1)
    phone.tap("[data-correct='0']")
    sheet = phone.page.locator("#sheet")
    sheet.locator("[data-fix-palette=cards]").wait_for()
    assert "Egg Nigiri" in sheet.locator("[data-fix-picked=cards]").inner_text()
    no_ids(phone)
    phone.tap("#sheet [data-fix-picked=cards] button:has-text('Tea')")  # take the tea back
    phone.tap("#sheet [data-fix-palette=cards] [data-card=squid_nigiri]")
    words = wait_words(phone, "Nothing was entered after it")
    assert "no other entry is checked again" in words
    sheet_shots(phone, "fix-04-tableau")
    tablet = Screen(browser, TABLET, "tablet", shots)
    tablet.open_as_host(live_server, game_id, token)
    tablet.wait_version(1)
    tablet.tap("[data-correct='0']")
    tablet.page.locator("#sheet [data-fix-palette=cards]").wait_for()
    tablet.tap("#sheet [data-fix-picked=cards] button:has-text('Tea')")
    wait_words(tablet, "Nothing was entered after it")
    sheet_shots(tablet, "fix-04-tableau")
    phone.tap("[data-do=save-correction]")
    phone.wait_version(2)
    cards = api_snapshot(live_server, game_id, token)["view"]["players"][0]["tableau"]["cards"]
    assert sorted(cards) == sorted([*ann[:-1], "squid_nigiri"])
    assert phone.errors == [] and tablet.errors == []
