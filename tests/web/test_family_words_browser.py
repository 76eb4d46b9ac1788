"""The new-game form's option notes in a family's words (issue 24 item 11): the names printed
on the cards and in the rulebook, no internal ids or rulings; screenshot at 390x844."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.web.browser_support import PHONE, Screen
from tests.web.test_family_words_api import INTERNAL
from tests.web.web_support import LiveServer


def test_the_sushi_go_form_notes_name_the_printed_cards(
    browser: Any, shots: Path, live_server: LiveServer
) -> None:
    phone = Screen(browser, PHONE, "phone", shots)
    page = phone.page
    page.goto(f"{live_server.url}/#new")
    page.wait_for_selector("#title option[value=sushi-go]", state="attached")
    page.select_option("#title", "sushi-go")
    page.wait_for_selector("[data-option=dessert][data-value=mochi]")
    form = page.locator("#house-rules").inner_text()
    assert not INTERNAL.search(form), form
    assert "Frozen yogurt, Bubble tea, Old-fashioned pudding or Mochi" in form
    assert "Tableaux at round end: enter each player's cards" in form
    page.locator("[data-rule=dessert]").scroll_into_view_if_needed()
    phone.shot("words-01-sushi-go-options")
    assert phone.errors == []
