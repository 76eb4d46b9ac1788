"""Replay, players and hand-off (issue 27 items A.1-A.3) in Debian's Chromium, on a phone
(390x844) and a tablet (1180x820): a past game's replay draws the board as it was after each
move with the live game's own cards (Sushi Express: the guess board, the ring, the players;
Sushi Go Party!: the scoreboard), the finished game links to BG Stats and to its CSV, the players
page shows a player's statistics, and the new-game form seats a known player with a tap.

Screenshots: ``test-output/screenshots/replay-*.png``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

from tests.played_games import play
from tests.web.browser_support import PHONE, Screen
from tests.web.web_support import LiveServer

pytestmark = pytest.mark.browser
WIDE = {"width": 1180, "height": 820}


def _board_text(screen: Screen, step: int) -> str:
    screen.page.wait_for_selector(f"#replay[data-replay-step='{step}']")
    text: str = screen.page.locator("#replay").inner_text()
    return text


def test_replay_board_statistics_and_hand_off(
    browser: Any, live_server: LiveServer, shots: Path
) -> None:
    session = live_server.session
    express = play(session, "sushi-express", seed=3)
    party = play(session, "sushi-go-party", seed=2)
    for viewport, name in ((PHONE, "phone"), (WIDE, "tablet")):
        screen = Screen(browser, viewport, name, shots)
        page = screen.page
        page.goto(f"{live_server.url}/history/{express}")
        last = int(page.locator("[data-step]").first.get_attribute("data-step") or 0)
        final = _board_text(screen, last)
        assert "Ann" in final and "Ben" in final
        assert page.locator("[data-replay='players']").is_visible()
        assert page.locator("[data-replay='ring']").is_visible()
        page.locator(".step-range").fill("12")
        early = _board_text(screen, 12)
        assert early != final
        assert "Round 1" in page.locator("[data-replay-round]").inner_text()
        assert page.locator("#replay .btn.primary, #replay input").count() == 0  # read-only
        page.locator(".step-range").fill("0")  # the set-up: every van on Sushi Express
        setup = _board_text(screen, 0)
        assert "Set-up" in page.locator("[data-step]").first.inner_text()
        assert setup not in (early, final) and "tile 0" in setup
        screen.shot("replay-01-express-step")

        link = page.locator("#bgstats-link")
        link.wait_for(state="visible")
        url = urlsplit(link.get_attribute("href") or "")
        assert url.netloc == "app.bgstatsapp.com"
        play_data = json.loads(parse_qs(url.query)["data"][0])
        assert play_data["game"]["name"] == "Sushi Express"
        assert len(play_data["players"]) == len(session.log.game(express).players)
        assert page.locator("[data-link='csv']").get_attribute("href") == \
            f"/api/history/{express}/export.csv"

        page.goto(f"{live_server.url}/history/{party}")
        page.wait_for_selector("#replay[data-replay-step]")
        screen.tap("[data-do='step-back']")
        board = _board_text(screen, int(page.locator("[data-step]").first.get_attribute(
            "data-step") or 0))
        assert "Ann" in board and page.locator("[data-replay='scoreboard']").is_visible()
        screen.shot("replay-02-party")

        page.goto(f"{live_server.url}/history")
        screen.tap("[data-link='players']")
        page.wait_for_url("**/players")
        screen.tap("[data-player='Ann']")
        page.wait_for_selector("#stats[data-for='Ann'] [data-stats='sushi-express']")
        express_stats = page.locator("[data-stats='sushi-express']").inner_text()
        assert "Average customers" in express_stats and "Games" in express_stats
        assert "My First Meal" in page.locator("[data-stats='sushi-go-party']").inner_text()
        screen.shot("replay-03-stats")

        page.goto(f"{live_server.url}/#new")
        page.wait_for_selector("[data-known='Ann']")
        screen.tap("[data-known='Ben']")
        names = page.locator(".player-row input").evaluate_all("els => els.map((e) => e.value)")
        assert names[0] == "Ben"
        first_row = page.locator(".player-row").first
        assert first_row.locator("[aria-checked='true']").get_attribute("aria-label") == "blue"
        assert page.locator("[data-known='Ben']").count() == 0
        screen.shot("replay-04-new-game-picker")
        assert screen.errors == []
        screen.context.close()
