"""The status panel on a tablet and a phone, in Debian's Chromium: one card per device, real or
fake, OK or faulty with the reason, and it follows the devices without a reload."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.devices.controls import TableControls
from companion.devices.health import last_write
from companion.devices.present import DeviceStatus, Health, storage_status
from companion.session.access import HOST
from companion.session.session import Act, Session
from companion.settings import Pins
from tests.web.browser_support import PHONE, TABLET, Screen
from tests.web.web_support import PLAYERS, LiveServer, make_app, serving

pytestmark = pytest.mark.browser
CAMERA_FAULT = DeviceStatus("camera", False, "demo camera instead", "demo").faulty(
    "camera 'picamera' did not open: Picamera2 is not installed (not a Raspberry Pi?)")
CAMERA_OK = DeviceStatus("camera", True, "Pi camera 1280x720, 30 fps", "real")


@pytest.fixture
def status_server(session: Session, tmp_path: Path) -> Iterator[tuple[LiveServer, dict[str, Any]]]:
    game = session.create_game("sushi-express", PLAYERS).game_pk
    session.submit(game, HOST, Act({"kind": "reveal_customers",
                                    "cards": ["light_blue", "rose", "tip"]}))
    controls = TableControls("mock", Pins(), session)
    state: dict[str, Any] = {"camera": CAMERA_FAULT}
    health = Health({
        "camera": lambda: state["camera"],
        "tower": lambda: DeviceStatus("dice tower", False,
                                      "virtual tower on a pty /tmp/tower/tty, connected",
                                      "virtual"),
        "gpio": controls.device_status,
        "storage": lambda: storage_status(tmp_path, last_write(session)),
    })
    try:
        with serving(make_app(session, health=health), session) as server:
            yield server, state
    finally:
        controls.close()


def test_the_status_panel_lists_every_device_and_follows_them(
    browser: Any, shots: Path, status_server: tuple[LiveServer, dict[str, Any]]
) -> None:
    server, state = status_server
    tablet = Screen(browser, TABLET, "tablet", shots)
    page = tablet.page
    page.goto(f"{server.url}/status")
    page.wait_for_selector(".health-device[data-device=storage]")
    cards = page.locator(".health-device")
    assert cards.count() == 4
    camera = page.locator(".health-device[data-device=camera]")
    assert "fault" in (camera.get_attribute("class") or "")
    assert "Picamera2 is not installed" in camera.inner_text()
    gpio = page.locator(".health-device[data-device=GPIO]").inner_text()
    assert "fake" in gpio and "Test buttons (no real buttons connected" in gpio and "OK" in gpio
    assert "MockFactory" not in gpio and "BCM" not in gpio and "gpiozero" not in gpio
    storage = page.locator(".health-device[data-device=storage]").inner_text()
    assert "free of" in storage and "Last durable write" in storage
    assert "nothing written yet" not in storage
    assert page.locator("#health-summary").inner_text().startswith("1 fault: Camera")
    # On the Pi itself (loopback) the panel lists each game's host code (issue 24 item 5).
    code = server.session.log.games()[0].host_code
    page.wait_for_selector("#host-codes:not([hidden]) .host-code-item")
    assert f"{code[:4]}-{code[4:]}" in page.locator("#host-codes").inner_text()
    tablet.shot("health-01-status-panel")

    state["camera"] = CAMERA_OK
    page.wait_for_function("document.body.dataset.healthOk === '1'", timeout=8000)
    assert page.locator("#health-summary").inner_text().startswith("All well")

    phone = Screen(browser, PHONE, "phone", shots)
    phone.page.goto(f"{server.url}/status")
    phone.page.wait_for_selector(".health-device[data-device=storage]")
    phone.shot("health-02-status-panel")
    assert tablet.errors == [] and phone.errors == []


def test_the_home_page_links_to_the_status_panel(
    browser: Any, shots: Path, status_server: tuple[LiveServer, dict[str, Any]]
) -> None:
    server, _state = status_server
    tablet = Screen(browser, TABLET, "tablet", shots)
    tablet.page.goto(f"{server.url}/")
    tablet.tap("a[href='/status']")
    tablet.page.wait_for_url("**/status")
    tablet.page.wait_for_selector(".health-device")
