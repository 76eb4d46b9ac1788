"""The café hub's game page in Debian's Chromium (issue 25): it runs the table's own page script
(``history.js``, ``replay.js``) over the hub's API, which has no ``/api/titles``; the replay
finds each title's game module from the board's answer (``screens``) and draws the board."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.session.past import PastGames
from tests.hub.live import LiveHub
from tests.hub.procs import http
from tests.hub.test_cafe_history import table_summaries, two_tables
from tests.web.browser_support import PHONE, Screen
from tests.web.conftest import shots

__all__ = ["shots", "two_tables"]  # the fixtures, used by name (``browser``: tests/conftest.py)

pytestmark = pytest.mark.browser


def test_the_cafes_replay_draws_each_titles_board(
    hub: LiveHub, two_tables: list[PastGames], browser: Any, shots: Path
) -> None:
    games = {g["game"]: g["id"] for g in http("GET", f"{hub.url}/api/history")[1]["games"]}
    assert {s["game"] for s in table_summaries(two_tables)} == set(games)
    screen = Screen(browser, PHONE, "cafe-replay", shots)
    page = screen.page
    for title, game_id in games.items():
        page.goto(f"{hub.url}/history/{game_id}")
        page.wait_for_selector("#replay[data-replay-step]")
        # the title's round card: drawn by its <screens>-game.js, found without /api/titles
        card = page.locator("[data-replay='round-info']")
        card.wait_for(state="visible")
        assert {"sushi-go": "Sushi Go!", "sushi-go-party": "My First Meal"}[title] in (
            card.inner_text())
    screen.shot("cafe-replay-01")
