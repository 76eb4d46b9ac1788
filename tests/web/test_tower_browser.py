"""The dice tower on the tablet, in Debian's Chromium: the badge follows the cable, and a cocked
roll is corrected with a few taps.

The service runs as ``companion serve --tower virtual`` wires it (the virtual tower on a real
pty, the bridge, the roll desk); the host creates the game on the home page choosing the dice
tower; pulling the virtual tower's cable (closing its pty) must show "Tower disconnected" within
5 s, and plugging it back must bring "Dice tower connected" back without a restart.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.devices.tower import TableTower
from companion.session.session import Session
from companion.table.rolls import RollDesk
from firmware_bridge.link import LinkTiming
from tests.dice_table import TO_ROLL
from tests.web.browser_support import PHONE, TABLET, Screen, api_snapshot, fill_players, post_json
from tests.web.web_support import PLAYERS, LiveServer, make_app, serving

pytestmark = pytest.mark.browser
BADGE = "#tower-badge"


@pytest.fixture
def towered(session: Session) -> Iterator[tuple[LiveServer, TableTower]]:
    desk = RollDesk(session)
    tower = TableTower("virtual", session.log.path, desk, seed=4,
                       timing=LinkTiming(backoff_max_s=0.5))
    tower.start()
    try:
        with serving(make_app(session, rolls=desk, tower=tower), session) as server:
            assert tower.wait_connected(5.0)
            yield server, tower
    finally:
        tower.stop()


def create_with_the_tower(host: Screen, server: LiveServer) -> int:
    page = host.page
    page.goto(f"{server.url}/#new")
    page.wait_for_selector("[data-roll-source=tower]")
    fill_players(page, PLAYERS)
    host.tap("[data-roll-source=tower]")
    host.shot("tower-01-new-game")
    page.click("text=Start the game")
    page.wait_for_url("**/games/*")
    return int(page.url.rsplit("/", 1)[1])


def badge_says(screen: Screen, text: str, within_s: float = 30.0) -> None:
    """Wait until the badge shows ``text`` (fails after ``within_s``, a generous bound: how
    fast it shows is ``bench/bench_tower_loss.py``'s figure, not a test's)."""
    screen.page.wait_for_function(
        "([sel, text]) => { const b = document.querySelector(sel);"
        " return b && !b.hidden && b.textContent === text; }",
        arg=[BADGE, text], timeout=within_s * 1000)


def test_the_badge_follows_the_cable_and_a_cocked_roll_is_corrected(
    browser: Any, shots: Path, towered: tuple[LiveServer, TableTower],
) -> None:
    server, tower = towered
    host = Screen(browser, TABLET, "tablet", shots)
    game_id = create_with_the_tower(host, server)
    token = host.token(game_id)
    assert api_snapshot(server, game_id, token)["roll_source"] == "tower"
    for action in TO_ROLL:
        post_json(server, f"/api/games/{game_id}/actions", action, token)
    host.wait_version(4)
    badge_says(host, "Dice tower connected")
    host.page.wait_for_selector("#tower >> text=Waiting for Cat's roll, try 1")
    # rolls go only to the game holding the tower (issue 28 item 4): the host claims it
    host.page.wait_for_selector("#tower >> text=The dice tower is free")
    host.tap("[data-do=claim-tower]")
    host.page.wait_for_selector("#tower >> text=The dice tower is held by this game")

    assert tower.virtual is not None
    tower.virtual.unplug(down_s=8.0)  # the cable is pulled: the pty closes
    badge_says(host, "Tower disconnected")
    host.shot("tower-02-disconnected")
    badge_says(host, "Dice tower connected")  # plugged back: no restart needed

    tower.throw([3, 4], "cocked")
    host.page.wait_for_selector("#tower >> text=The tower read 3 + 4")
    host.page.wait_for_selector("#tower >> text=a die is cocked")
    assert api_snapshot(server, game_id, token)["version"] == 4, "nothing applied yet"
    host.shot("tower-03-cocked-roll")
    host.tap("[data-do=correct-roll]")
    host.tap("[data-fix-die='0'][data-face='6']")
    host.tap("[data-fix-die='1'][data-face='5']")
    host.tap("[data-do=enter-fixed]")
    host.wait_version(5)
    snap = api_snapshot(server, game_id, token)
    assert snap["history"][-1]["action"] == {"kind": "roll", "player": "Cat", "dice": [6, 5]}
    host.page.wait_for_function("() => document.querySelector('#tower').dataset.pending === '0'")
    assert host.taps == 6 and not host.errors

    phone = Screen(browser, PHONE, "phone", shots)
    phone.page.goto(f"{server.url}/games/{game_id}")
    phone.wait_version(5)
    badge_says(phone, "Dice tower connected")
    phone.shot("tower-04-watcher")
    assert not phone.errors


def test_a_new_pending_roll_is_pushed_on_the_live_stream_without_polling(
    browser: Any, shots: Path, towered: tuple[LiveServer, TableTower],
) -> None:
    """Issue 24 item 10: the tower's card shows a roll as soon as the tower reads it, from a
    ``devices`` event of the game's live stream, with no GET /api/tower after the page loaded
    (its fallback poll comes only every 20 s)."""
    server, tower = towered
    created = post_json(server, "/api/games", {"game": "sushi-express", "players": PLAYERS,
                                               "options": {}, "roll_source": "tower"})
    game_id, token = created["id"], created["host_token"]
    for action in TO_ROLL:
        post_json(server, f"/api/games/{game_id}/actions", action, token)
    post_json(server, f"/api/games/{game_id}/devices/tower/claim", {}, token)
    host = Screen(browser, TABLET, "tablet", shots)
    host.open_as_host(server, game_id, token)
    host.wait_version(4)
    host.page.wait_for_selector("#tower >> text=Waiting for Cat's roll, try 1")
    host.page.wait_for_selector("#tower >> text=The dice tower is held by this game")
    asked: list[str] = []
    host.page.on("request", lambda r: asked.append(r.url) if "/api/tower" in r.url else None)

    tower.throw([3, 4], "cocked")
    host.page.wait_for_selector("#tower >> text=The tower read 3 + 4", timeout=30_000)
    host.page.wait_for_function("() => document.querySelector('#tower').dataset.pending === '1'")
    assert asked == [], f"the card polled: {asked}"
    assert not host.errors
