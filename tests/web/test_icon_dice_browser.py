"""Sushi Roll's icon dice on the tablet, in Debian's Chromium: a belt the camera read with one
unsure die waits on the game screen (the camera view outlines every die, the unsure one
orange), a correction picker opens with big targets, and one tap confirms the reading, which
rolls Ann's belt. The enrollment walk-through page asks for the first face.

The camera is a :class:`~companion.table.icon_camera.DataDirHook` fed a rendered belt, read by a
stand-in reader (tests/web/icon_dice_support.py). Screenshots: ``test-output/screenshots/
sr-camera-*.png``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.web.browser_support import TABLET, Screen, api_snapshot
from tests.web.icon_dice_support import ANN_BELT, UNSURE, BeltGame, settle

pytestmark = pytest.mark.browser
CARD = "#sr-camera"


def test_a_pending_belt_is_confirmed_on_the_tablet(
        browser: Any, belt_game: BeltGame, shots: Path) -> None:
    server, hook, frame, game_id, token = belt_game
    tablet = Screen(browser, TABLET, "tablet", shots)
    tablet.open_as_host(server, game_id, token)
    page = tablet.page
    page.wait_for_selector(f"{CARD} [data-icon-state]")
    assert page.locator(f"{CARD} [data-pending-roll]").count() == 0
    # readings go only to the game holding the camera (issue 28 item 4): the host claims it
    tablet.tap(f"{CARD} [data-do=claim-camera]")
    page.wait_for_selector(f"{CARD} >> text=The camera is held by this game")

    settle(hook, frame)  # the camera reads Ann's belt, one die unsure
    page.wait_for_selector(f"{CARD} [data-pending-roll]")
    page.wait_for_function("() => document.querySelector('[data-icon-view]')?.naturalWidth > 0")
    dice = page.locator(f"{CARD} [data-read-die]")
    assert dice.count() == 8
    assert page.locator(f"{CARD} [data-quality=uncertain]").count() == 1
    assert page.locator(f"{CARD} [data-read-die='{UNSURE}']").get_attribute(
        "data-quality") == "uncertain"
    assert "1 unsure" in page.locator(f"{CARD} h3").inner_text()
    tablet.shot("sr-camera-01-pending")

    tablet.tap(f"{CARD} [data-do=correct-icons]")  # the picker: the unsure die chosen
    page.wait_for_selector(f"{CARD} [data-fix-face]")
    selected = page.locator(f"{CARD} [data-read-die][aria-pressed=true]")
    assert selected.get_attribute("data-read-die") == str(UNSURE)
    box = page.locator(f"{CARD} [data-fix-face='nigiri:squid']").bounding_box()
    assert box is not None and box["width"] >= 56 and box["height"] >= 56
    tablet.shot("sr-camera-02-correct")
    page.locator(f"{CARD} button", has_text="Back").click()

    before = api_snapshot(server, game_id, token)["version"]
    tablet.tap(f"{CARD} [data-do=confirm-icons]")  # one tap
    tablet.wait_version(before + 1)
    page.wait_for_selector(f"{CARD} [data-pending-roll]", state="detached")
    belt = [d["die"] for d in api_snapshot(server, game_id, token)["view"]["players"][0]["belt"]]
    assert sorted(belt) == sorted(ANN_BELT)
    page.wait_for_selector("[data-belt-of=Ann] .sr-die")
    assert tablet.taps == 3 and not tablet.errors, tablet.errors
    tablet.shot("sr-camera-03-confirmed")

    page.click(f"{CARD} [data-do=enroll-dice]")
    page.wait_for_selector("#sr-enroll-step [data-enroll-face]")
    assert "Show me the Appetizer die's Dumpling face" in page.locator(
        "#sr-enroll-step").inner_text()
    tablet.shot("sr-camera-04-enroll")
    assert not tablet.errors, tablet.errors
