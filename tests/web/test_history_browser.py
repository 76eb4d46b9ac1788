"""The history page (issue 27 item A.1) in Debian's Chromium, on a phone (390x844) and a tablet
(1180x820): the home page links to it, it lists the finished and abandoned games newest first
with their winner and scores, filters by title, opens one game with its points per round and
every player's lines, and steps through its moves.

Screenshots: ``test-output/screenshots/history-*.png``.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from companion.session.past import ABANDONED_AFTER, PastGames
from tests.played_games import play
from tests.web.browser_support import PHONE, Screen
from tests.web.web_support import LiveServer
from web.history import PAST_KEY

pytestmark = pytest.mark.browser
WIDE = {"width": 1180, "height": 820}


def test_the_history_lists_past_games_and_opens_one(
    browser: Any, live_server: LiveServer, shots: Path
) -> None:
    session = live_server.session
    express = play(session, "sushi-express", seed=3, stop=40)  # left unfinished
    party = play(session, "sushi-go-party", seed=2)
    sushi_go = play(session, "sushi-go", seed=1)
    later = time.time() + ABANDONED_AFTER + 60  # the Sushi Express game was left overnight
    live_server.server.app.extensions[PAST_KEY] = PastGames(session.log,  # type: ignore[attr-defined]
                                                            clock=lambda: later)
    for viewport, name in ((PHONE, "phone"), (WIDE, "tablet")):
        screen = Screen(browser, viewport, name, shots)
        screen.page.goto(f"{live_server.url}/")
        screen.tap("a[href='/history']")
        screen.page.wait_for_selector("#past-list [data-game]")
        ids = screen.page.locator("#past-list [data-game]").evaluate_all(
            "links => links.map((a) => Number(a.dataset.game))")
        assert ids == [sushi_go, party, express]
        first = screen.page.locator(f"[data-game='{sushi_go}']").inner_text()
        assert "Sushi Go!" in first and ("won" in first or "Shared win" in first)
        assert "Not finished" in screen.page.locator(f"[data-game='{express}']").inner_text()
        screen.shot("history-01-list")

        screen.tap("[data-title='sushi-go-party']")
        assert screen.page.locator("#past-list [data-game]").count() == 1
        screen.tap(f"[data-game='{party}']")
        screen.page.wait_for_url(f"**/history/{party}")
        screen.page.wait_for_selector("[data-rounds] tbody tr")
        head = screen.page.locator("[data-rounds] thead").inner_text()
        assert "Round" in head and "3" in head and "Total" in head
        assert screen.page.locator("[data-rounds] tbody tr").count() == 4
        last = screen.page.locator("[data-step]").get_attribute("data-step")
        screen.tap("[data-lines] summary")
        screen.shot("history-02-game")

        screen.tap("[data-do='step-back']")
        screen.page.wait_for_selector(f"[data-step='{int(last or 0) - 1}']")
        assert screen.page.locator("[data-step-text]").inner_text()
        screen.shot("history-03-step")

        screen.page.goto(f"{live_server.url}/history/{express}")
        screen.page.wait_for_selector("[data-rounds] tbody tr")
        assert "Not finished" in screen.page.locator("#ranking h2").inner_text()
        screen.shot("history-04-abandoned")
        assert screen.errors == []
        screen.context.close()
