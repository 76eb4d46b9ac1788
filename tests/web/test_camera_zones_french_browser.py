"""The dice camera's picture on a French phone (390x844), in Debian's Chromium (issue 26): the
calibrated zones are drawn with colours and seat numbers only (``draw_zones``), and the key
under the picture names them in French. Screenshot:
``test-output/screenshots/camera-zones-fr-01-phone-fr.png``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.devices.camera import TableCamera
from companion.vision.calibration import Zone, Zones
from tests.web.browser_support import PHONE, Screen, card_shot, in_french, post_json
from tests.web.test_camera_browser import filmed
from tests.web.test_tower_push_browser import LOADED
from tests.web.web_support import PLAYERS, LiveServer

pytestmark = pytest.mark.browser
__all__ = ["filmed"]  # the demo camera's fixture, shared with the camera's browser test
CARD = "#tower"


def zones() -> Zones:
    table = ((8.0, 8.0), (632.0, 8.0), (632.0, 352.0), (8.0, 352.0))
    tray = ((220.0, 90.0), (420.0, 90.0), (420.0, 270.0), (220.0, 270.0))
    mats = {1: ((20.0, 20.0), (200.0, 20.0), (200.0, 120.0), (20.0, 120.0)),
            2: ((440.0, 240.0), (620.0, 240.0), (620.0, 340.0), (440.0, 340.0))}
    return Zones((640, 360), {}, Zone("tray", tray),
                 {n: Zone(f"seat {n}", p, None, 10 + n) for n, p in mats.items()},
                 Zone("table", table), table_mm=(700.0, 400.0))


def test_a_french_phone_reads_the_zones_key_in_french(
        browser: Any, filmed: tuple[LiveServer, TableCamera], shots: Path) -> None:
    server, camera = filmed
    camera.zones = zones()
    created = post_json(server, "/api/games", {
        "game": "sushi-express", "players": PLAYERS, "options": {}, "roll_source": "camera"})
    game_id, token = created["id"], created["host_token"]
    phone = Screen(browser, PHONE, "phone-fr", shots)
    in_french(phone, server)
    phone.open_as_host(server, game_id, token)
    page = phone.page
    key = page.locator(f"{CARD} [data-zones-key]")
    key.wait_for()
    page.wait_for_function(LOADED)
    assert key.locator(".zone-key").all_inner_texts() == ["Table", "Plateau des dés", "Places12"]
    assert key.locator("[data-zone-seat]").all_inner_texts() == ["1", "2"]
    card_shot(phone, CARD, shots / "camera-zones-fr-01-phone-fr.png")
    assert not phone.errors, phone.errors
