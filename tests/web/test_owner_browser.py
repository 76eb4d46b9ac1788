"""The owner PIN prompt (issue 28 item 4), in Debian's Chromium: the card set serves every
table, so the enrollment page asks for the owner PIN before it imports a set; a wrong PIN is
said plainly, Cancel changes nothing, the right PIN lets the import through, and the device
keeps its owner token (no second prompt).

Screenshots: ``test-output/screenshots/owner-*.png`` (tablet 1180x820, phone 390x844).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.devices.present import DeviceStatus, Health
from companion.scans import ScanDesk
from companion.session.session import Session
from companion.table.rolls import RollDesk
from tests.web.browser_support import (
    MIN_TARGET_PX,
    PHONE,
    SMALL_TARGETS_JS,
    Screen,
    party_game,
)
from tests.web.web_support import OWNER_PIN, LiveServer, make_app, serving, test_owner

pytestmark = pytest.mark.browser
#: The café's tablet in landscape.
WIDE_TABLET = {"width": 1180, "height": 820}


def shot(screen: Screen, label: str) -> None:
    """What the device shows (the dialog covers the viewport, and the page under it does not
    scroll, so a full-page picture would show the page below it instead); every control on it
    can be tapped."""
    screen.page.screenshot(path=str(screen.shots / f"{label}-{screen.name}.png"))
    small = screen.page.evaluate(SMALL_TARGETS_JS, MIN_TARGET_PX)
    assert not small, f"{label} on the {screen.name}: touch targets under 44 px: {small}"



@pytest.fixture
def enrolling(session: Session, tmp_path: Path) -> Iterator[LiveServer]:
    desk = ScanDesk(session, tmp_path)
    app = make_app(session, rolls=RollDesk(session), scans=desk, owner=test_owner(),
                   health=Health({
                       "storage": lambda: DeviceStatus("storage", True, "fine", "real")}))
    with serving(app, session) as server:
        yield server


def open_enrollment(screen: Screen, server: LiveServer, game_id: int, token: str) -> None:
    screen.open_as_host(server, game_id, token)
    screen.page.goto(f"{server.url}/games/{game_id}/enroll")
    screen.page.wait_for_selector("[data-do='enroll-import-button']")


def pick_set_file(screen: Screen, tmp_path: Path) -> None:
    junk = tmp_path / "cafe-set.zip"
    junk.write_bytes(b"not a card set")
    screen.page.set_input_files("[data-enroll-import]", str(junk))
    screen.page.wait_for_selector("[data-owner-dialog] [data-owner-pin]")


def test_the_enrollment_page_asks_for_the_owner_pin_before_importing_a_set(
    browser: Any, enrolling: LiveServer, shots: Path, tmp_path: Path,
) -> None:
    created = party_game(enrolling)
    tablet = Screen(browser, WIDE_TABLET, "tablet", shots)
    open_enrollment(tablet, enrolling, created["id"], created["host_token"])
    note = tablet.page.locator("[data-owner-note]").inner_text()
    assert "owner PIN" in note
    pick_set_file(tablet, tmp_path)
    dialog = tablet.page.locator("[data-owner-dialog]")
    assert "This changes the card set for every table" in dialog.inner_text()
    shot(tablet, "owner-01-pin-prompt")

    tablet.page.fill("[data-owner-pin]", "1234")  # too short: said before anything is sent
    tablet.tap("[data-do='owner-unlock']")
    assert "6 to 12 digits" in tablet.page.locator(".owner-pin-error").inner_text()
    tablet.page.fill("[data-owner-pin]", "999999")
    tablet.tap("[data-do='owner-unlock']")
    tablet.page.wait_for_selector(".owner-pin-error:has-text('not the owner PIN')")
    shot(tablet, "owner-02-wrong-pin")
    tablet.tap("[data-do='owner-cancel']")
    assert dialog.count() == 0 and tablet.banner() is None  # nothing sent, nothing changed

    pick_set_file(tablet, tmp_path)
    tablet.page.fill("[data-owner-pin]", OWNER_PIN)
    tablet.page.press("[data-owner-pin]", "Enter")
    tablet.page.wait_for_selector("[data-owner-dialog]", state="detached")
    # past the owner check: the server read the file and says it is not a card set
    tablet.page.wait_for_selector("#banner:not([hidden])")
    assert "owner" not in (tablet.banner() or "").lower()
    pick_set_file_again = tablet.page.locator("[data-enroll-import]")
    pick_set_file_again.set_input_files(str(tmp_path / "cafe-set.zip"))
    tablet.page.wait_for_timeout(500)
    assert tablet.page.locator("[data-owner-dialog]").count() == 0  # the token is kept
    assert not tablet.errors, tablet.errors

    phone = Screen(browser, PHONE, "phone", shots)
    open_enrollment(phone, enrolling, created["id"], created["host_token"])
    pick_set_file(phone, tmp_path)
    shot(phone, "owner-01-pin-prompt")
    phone.page.fill("[data-owner-pin]", "999999")
    phone.tap("[data-do='owner-unlock']")
    phone.page.wait_for_selector(".owner-pin-error:has-text('not the owner PIN')")
    shot(phone, "owner-02-wrong-pin")
    assert not phone.errors, phone.errors


def test_the_status_panel_shows_the_holds_and_the_owner_closes_game_starting(
    browser: Any, enrolling: LiveServer, shots: Path,
) -> None:
    tablet = Screen(browser, WIDE_TABLET, "tablet", shots)
    tablet.page.goto(f"{enrolling.url}/status")
    tablet.page.wait_for_selector("[data-device=tower]:has-text('free')")
    tablet.tap("[data-create-games=owner]")
    tablet.page.fill("[data-owner-dialog] [data-owner-pin]", OWNER_PIN)
    tablet.page.press("[data-owner-pin]", "Enter")
    tablet.page.wait_for_selector("[data-create-games=owner][aria-pressed=true]")
    tablet.shot("owner-03-status-panel")
    assert not tablet.errors, tablet.errors

    # a phone without the PIN starting a game is asked for it; with it, the game starts
    phone = Screen(browser, PHONE, "phone", shots)
    page = phone.page
    page.goto(f"{enrolling.url}/#new")
    rows = page.locator(".player-row input")
    rows.first.wait_for()
    for i, name in enumerate(["Ann", "Ben", "Cat"]):
        rows.nth(i).fill(name)
    page.click("text=Start the game")
    page.wait_for_selector("[data-owner-dialog]:has-text('only the owner starts games')")
    shot(phone, "owner-04-start-needs-pin")
    page.fill("[data-owner-pin]", OWNER_PIN)
    page.press("[data-owner-pin]", "Enter")
    page.wait_for_url("**/games/*")
    assert not phone.errors, phone.errors
