"""The dice card with the camera (tower.js, camera.js, the one pending card) in the pseudo
language (issue 26 item 5; ``tests/web/pseudo_locale.py``): on a 390x844 phone, the camera's
state, its hold, its picture's caption, a roll the engine refused ("Not entered: ..." with the
engine's reason) and the calibration row show no word outside the catalogue, and the longer words
do not make the page scroll sideways. The service runs the demo camera. Screenshot:
``test-output/screenshots/pseudo-dice-camera-refused-phone.png``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.devices.camera import TableCamera
from tests.dice_table import TO_ROLL
from tests.web.browser_support import PHONE, Screen, post_json
from tests.web.test_camera_browser import filmed
from tests.web.test_pseudo_locale_browser import bypasses, open_in_pseudo
from tests.web.test_tower_push_browser import LOADED
from tests.web.web_support import PLAYERS, LiveServer

pytestmark = pytest.mark.browser
__all__ = ["filmed"]  # the demo camera's fixture, shared with the camera's browser test
CARD = "#tower"


def test_the_dice_camera_card_shows_no_text_outside_the_catalogue(
        browser: Any, filmed: tuple[LiveServer, TableCamera], shots: Path, pseudo: None) -> None:
    server, _camera = filmed
    created = post_json(server, "/api/games", {
        "game": "sushi-express", "players": PLAYERS, "options": {}, "roll_source": "camera"})
    game_id, token = created["id"], created["host_token"]
    for action in TO_ROLL:  # Cat rolls, try 1
        post_json(server, f"/api/games/{game_id}/actions", action, token)
    post_json(server, f"/api/games/{game_id}/devices/camera/claim", {}, token)
    post_json(server, f"/api/games/{game_id}/camera/throw", {"values": [2]}, token)
    phone = Screen(browser, PHONE, "phone", shots)
    open_in_pseudo(phone, server, "/")
    phone.open_as_host(server, game_id, token)
    page = phone.page
    note = page.locator(f"{CARD} [data-pending-kind=roll] [data-pending-note]")
    note.wait_for()
    assert note.inner_text().count("[!!") == 2  # "Not entered: {reason}", the engine's reason
    page.wait_for_function(LOADED)
    found = bypasses(phone, "dice-camera-refused", (created["join_code"],))
    assert found == [], "\n".join(found)
    assert not phone.errors, phone.errors
