"""A double tap on "Start the game" makes one game (issue 24 item 4, issue 28 item 9).

Both taps send ``POST /api/games`` with the same ``Idempotency-Key`` (one intent, one key:
``api()`` in ``web/static/common.js``); the companion applies it once and answers the second
with the first answer. Screenshot: ``test-output/screenshots/double-tap-start-tablet.png``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.web.browser_support import Screen
from tests.web.web_support import PLAYERS, LiveServer

pytestmark = pytest.mark.browser
TABLET = {"width": 1180, "height": 820}


def test_a_double_tap_on_start_the_game_creates_one_game(
    browser: Any, live_server: LiveServer, shots: Path
) -> None:
    host = Screen(browser, TABLET, "tablet", shots)
    page = host.page
    posts: list[dict[str, str]] = []
    page.on("request", lambda r: posts.append(r.headers)
            if r.method == "POST" and r.url.endswith("/api/games") else None)
    page.goto(f"{live_server.url}/")
    page.wait_for_selector("#no-games")
    page.click("button.tab[data-tab=new]")
    rows = page.locator(".player-row input")
    for i, player in enumerate(PLAYERS):
        rows.nth(i).fill(player["name"])
        page.locator(".player-row").nth(i).locator(f"[aria-label={player['colour']}]").click()
    page.locator("text=Start the game").dblclick()
    page.wait_for_url("**/games/*")
    page.wait_for_selector("[data-join-code]")
    host.shot("double-tap-start")

    assert len(posts) == 2, posts  # both taps reached the network...
    keys = {p.get("idempotency-key") for p in posts}
    assert len(keys) == 1 and None not in keys, keys  # ...as one intent
    games = live_server.session.list_games()
    assert len(games) == 1, games  # ...and made one game
    assert page.url.endswith(f"/games/{games[0]['id']}")
    assert not host.errors
