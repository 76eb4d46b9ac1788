"""Sushi Roll's icon-dice camera on a French phone (390x844), in Debian's Chromium (issue 26):
why a reading waits ("the camera is unsure of a face", "1 unsure" in the singular), the
enrollment's ask ("Show me the Appetizer die's Dumpling face") and a refusal from the vision
edge (the camera not calibrated) read in French, names as the French rulebook prints them; the
camera view's legend names the picture's numbers (each die's face, each seat) in French.
Screenshots: ``test-output/screenshots/sr-camera-fr-*.png``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.web.browser_support import (
    PHONE,
    Screen,
    card_shot,
    in_french,
    post_json,
)
from tests.web.icon_dice_support import BeltGame, settle

pytestmark = pytest.mark.browser
CARD = "#sr-camera"


def test_a_french_phone_reads_the_icon_camera_and_the_enrollment_in_french(
        browser: Any, belt_game: BeltGame, shots: Path) -> None:
    server, hook, frame, game_id, token = belt_game
    post_json(server, f"/api/games/{game_id}/devices/camera/claim", {}, token)
    phone = Screen(browser, PHONE, "phone-fr", shots)
    in_french(phone, server)
    phone.open_as_host(server, game_id, token)
    page = phone.page
    page.wait_for_selector(f"{CARD} [data-icon-state]")

    settle(hook, frame)  # Ann's belt, one die unsure: it waits, saying why
    note = page.locator(f"{CARD} [data-pending-roll] [data-pending-note]")
    note.wait_for()
    assert note.inner_text() == "la caméra n'est pas sûre d'une face : confirmez ou corrigez"
    heading = page.locator(f"{CARD} [data-pending-roll] h3").inner_text()
    assert heading.endswith("· 8 dés, 1 incertain"), heading  # one unsure die: singular
    page.wait_for_function("() => document.querySelector('[data-icon-view]')?.naturalWidth > 0")
    # the picture carries numbers only; its legend names each one in French, beside it
    legend = page.locator(f"{CARD} [data-icon-legend]")
    legend.locator("[data-icon-die='8']").wait_for()
    row = legend.locator("[data-icon-region='0-belt']")
    assert row.locator(".sr-region-name").inner_text() == "Ann · Tapis"
    named = {n: row.locator(f"[data-icon-die='{n}']") for n in (2, 5, 6)}
    assert [named[n].locator(".sr-num").inner_text() for n in (2, 5, 6)] == ["2", "5", "6"]
    assert named[2].inner_text().endswith("3 makis")
    assert named[5].inner_text().endswith("Ravioli")
    assert named[6].inner_text().endswith("Sushi à l'omelette ?")  # the unsure one
    assert named[6].get_attribute("data-icon-quality") == "uncertain"
    assert legend.locator("[data-icon-seat='1']").inner_text().strip() == "1 Ann"
    assert "Tapis" in legend.inner_text() and "Plateau" in legend.inner_text()
    card_shot(phone, CARD, shots / "sr-camera-fr-01-unsure-card-phone-fr.png")

    page.click(f"{CARD} [data-do=enroll-dice]")
    step = page.locator("#sr-enroll-step [data-enroll-face]")
    step.wait_for()
    assert step.inner_text() == "Montrez-moi la face Ravioli du dé Hors-d'œuvre"
    hook.frame = frame  # the camera sees the belt, but it is not calibrated
    page.click("[data-do=enroll-camera]")
    page.wait_for_function("() => !document.querySelector('#banner')?.hidden"
                           " && document.querySelector('#banner').innerText.length > 0")
    said = phone.banner() or ""
    assert said.startswith("la caméra n'est pas étalonnée et ne connaît donc pas la taille d'un "
                           "dé : étalonnez-la, ou envoyez plutôt une photo\n")  # then: close
    phone.shot("sr-camera-fr-02-enroll")
    assert not phone.errors, phone.errors
