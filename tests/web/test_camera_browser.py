"""The camera over the table on the tablet, in Debian's Chromium: a roll the camera reads
cleanly goes straight into the game, and a cocked one waits for a one-tap correction.

The service's camera is the demo camera (``companion serve --camera demo``): a rendered tray whose
dice are thrown through the API, watched by the real settle detector on the camera thread (a
stand-in reader answers with the thrown faces, so the screens' flow is deterministic), and
offered to the game through the roll desk like the tower's rolls.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.devices.camera import TableCamera
from companion.session.session import Session
from companion.table.rolls import RollDesk
from companion.vision.dice import Die
from tests.dice_table import TO_ROLL
from tests.web.browser_support import TABLET, Screen, api_snapshot, fill_players, post_json
from tests.web.web_support import PLAYERS, LiveServer, make_app, serving

pytestmark = pytest.mark.browser
CARD = "#tower"


@pytest.fixture
def filmed(session: Session) -> Iterator[tuple[LiveServer, TableCamera]]:
    desk = RollDesk(session)
    camera = TableCamera("demo", desk, reader=lambda image: truth(camera))
    camera.start()
    try:
        with serving(make_app(session, rolls=desk, camera=camera), session) as server:
            yield server, camera
    finally:
        camera.stop()


def truth(camera: TableCamera) -> list[Die]:
    """A stand-in reader that knows the demo tray: the flow on screen is what this test checks
    (the real reader on the demo tray is tests/test_camera.py's and the benches' business)."""
    tray = camera.demo
    dice = tray.resting() if tray is not None else ()
    return [Die(d.value, d.box, 0.99, 0.9) for d in dice]


def create_with_the_camera(host: Screen, server: LiveServer) -> int:
    page = host.page
    page.goto(f"{server.url}/#new")
    page.wait_for_selector("[data-roll-source=camera]")
    fill_players(page, PLAYERS)
    host.tap("[data-roll-source=camera]")
    host.shot("camera-01-new-game")
    page.click("text=Start the game")
    page.wait_for_url("**/games/*")
    return int(page.url.rsplit("/", 1)[1])


def wait_for_picture(screen: Screen) -> None:
    """Wait (5 s at most, else the test fails) for the camera's picture to show, loaded: a new
    picture is fetched after each throw, and on a busy machine it may still be loading when
    the text has changed."""
    screen.page.wait_for_function(
        "() => { const i = document.querySelector('[data-camera-view]');"
        " return Boolean(i && i.complete && i.naturalWidth === 640); }", timeout=5000)


def test_a_clean_roll_applies_and_a_cocked_roll_is_corrected(
    browser: Any, shots: Path, filmed: tuple[LiveServer, TableCamera],
) -> None:
    server, _camera = filmed
    host = Screen(browser, TABLET, "tablet", shots)
    game_id = create_with_the_camera(host, server)
    token = host.token(game_id)
    assert api_snapshot(server, game_id, token)["roll_source"] == "camera"
    for action in TO_ROLL:
        post_json(server, f"/api/games/{game_id}/actions", action, token)
    host.wait_version(4)
    host.page.wait_for_selector(f"{CARD} >> text=waiting for Cat's roll, try 1")
    # rolls go only to the game holding the camera (issue 28 item 4): the host claims it
    host.tap("[data-do=claim-camera]")
    host.page.wait_for_selector(f"{CARD} >> text=The camera is held by this game")
    host.page.wait_for_selector(f"{CARD} [data-do=camera-throw]")
    host.page.wait_for_function(
        "() => { const i = document.querySelector('[data-camera-view]');"
        " return i && i.complete && i.naturalWidth === 640; }", timeout=5000)
    host.shot("camera-02-empty-tray")

    # try 1: the dice land cleanly, the camera reads them, the game takes them at once
    post_json(server, f"/api/games/{game_id}/camera/throw", {"values": [1, 2]}, token)
    host.wait_version(5)
    snap = api_snapshot(server, game_id, token)
    action = snap["history"][-1]["action"]
    assert action["kind"] == "roll" and action["player"] == "Cat"
    assert sorted(action["dice"]) == [1, 2], "the dice as they lie"
    host.page.wait_for_selector(f"{CARD} >> text=waiting for Cat's roll, try 2")
    host.page.wait_for_selector(f"{CARD} >> text=Seen: ")
    wait_for_picture(host)
    host.shot("camera-03-read-and-applied")

    # try 2: one die lands on its edge: the roll waits for a person
    post_json(server, f"/api/games/{game_id}/camera/throw",
              {"values": [3, 4], "quality": "cocked"}, token)
    host.page.wait_for_selector(f"{CARD} >> text=The camera read")
    host.page.wait_for_selector(f"{CARD} >> text=a die is cocked")
    assert api_snapshot(server, game_id, token)["version"] == 5, "nothing applied yet"
    host.shot("camera-04-cocked-roll")
    host.tap("[data-do=correct-roll]")
    host.tap("[data-fix-die='0'][data-face='6']")
    host.tap("[data-fix-die='1'][data-face='5']")
    host.tap("[data-do=enter-fixed]")
    host.wait_version(6)
    snap = api_snapshot(server, game_id, token)
    assert snap["history"][-1]["action"] == {"kind": "roll", "player": "Cat", "dice": [6, 5]}
    host.page.wait_for_function("() => document.querySelector('#tower').dataset.pending === '0'")
    host.shot("camera-05-corrected")
    assert host.taps == 6 and not host.errors
