"""A card scan on a French phone (390x844), in Debian's Chromium (issue 26): the photo carries
each card's number only (no English name drawn on it), and the card list beside it names each
card by that same number in French, as the French rulebook prints it. Screenshot:
``test-output/screenshots/scan-fr-01-read-phone-fr.png``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.web.browser_support import PHONE, Screen, card_shot, in_french, open_as
from tests.web.scan_support import BEN, SCAN_IMAGE_SHOWN
from tests.web.web_support import ScanGame

pytestmark = pytest.mark.browser
#: Ben's cards by their number on the photo, as the French chips name them.
FRENCH = {1: "Tempura", 5: "Sushi saumon", 6: "Soupe miso", 7: "Sushi omelette", 8: "Thé"}


def test_a_french_phone_names_the_scanned_cards_by_their_numbers_in_french(
    browser: Any, shots: Path, ben_joined: ScanGame, ben_photo: Path,
) -> None:
    server, game_id, _host_token, ben_token = ben_joined

    phone = Screen(browser, PHONE, "phone-fr", shots)
    in_french(phone, server)
    open_as(phone, server, game_id, ben_token, "seat", 1)
    page = phone.page
    page.locator("[data-scan-photo]").set_input_files(str(ben_photo))
    page.locator("[data-scan-image]").wait_for()
    page.wait_for_function(SCAN_IMAGE_SHOWN)
    # each chip carries the number drawn on the photo and the card's French name
    chips = page.locator("#scan [data-scan-card]")
    assert chips.count() == len(BEN)
    for n in range(1, len(BEN) + 1):
        chip = page.locator(f"#scan [data-scan-card='{n - 1}']")
        assert chip.locator(".scan-n").inner_text() == str(n)
        if n in FRENCH:
            assert chip.inner_text().endswith(FRENCH[n]), chip.inner_text()
    unsure = page.locator("#scan [data-scan-card='2']")
    assert unsure.get_attribute("aria-label") == "Carte 3 : Tempura, pas sûr", (
        unsure.get_attribute("aria-label"))
    head = page.locator("#scan [data-scan-seat-block='1'] .scan-seat-head").inner_text()
    assert "· 8 cartes · 1 carte incertaine ·" in head, head  # a plural, not "incertaine(s)"
    card_shot(phone, "#scan", shots / "scan-fr-01-read-phone-fr.png")
    assert not phone.errors, phone.errors
