"""A double tap on "Start the game" makes one game (issue 24 item 4, issue 28 item 9).

Both taps send ``POST /api/games`` with the same ``Idempotency-Key`` (one intent, one key:
``api()`` in ``web/static/common.js``); the companion applies it once and answers the second
with the first answer. Screenshot: ``test-output/screenshots/double-tap-start-tablet.png``.

The test holds both requests at the network until both were sent: a fast first answer could
otherwise move the page on before the second tap lands (a race, not what is tested here).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.web.browser_support import Screen, fill_players
from tests.web.web_support import PLAYERS, LiveServer

pytestmark = pytest.mark.browser
TABLET = {"width": 1180, "height": 820}


def test_a_double_tap_on_start_the_game_creates_one_game(
    browser: Any, live_server: LiveServer, shots: Path
) -> None:
    host = Screen(browser, TABLET, "tablet", shots)
    page = host.page
    posts: list[dict[str, str]] = []
    held: list[Any] = []

    def hold(route: Any) -> None:
        if route.request.method != "POST":
            route.continue_()
            return
        posts.append(route.request.headers)
        held.append(route)

    page.route("**/api/games", hold)
    page.goto(f"{live_server.url}/")
    page.wait_for_selector("#no-games")
    page.click("button.tab[data-tab=new]")
    fill_players(page, PLAYERS)
    page.locator("text=Start the game").dblclick()
    for _ in range(300):  # both taps are sent at once; wait up to 15 s for them to arrive
        if len(held) >= 2:
            break
        page.wait_for_timeout(50)
    for route in held:
        route.continue_()
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
