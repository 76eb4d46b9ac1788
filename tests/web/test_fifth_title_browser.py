"""A fifth title in Debian's Chromium (issue 25): a throw-away title package
(``tests/fifth_title.py``) and its one screen module, ``zz5-game.js``, in a copy of the pages'
folder: the new-game form offers it, and the game page draws it with the module /api/titles
names, with no page edited."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from companion.games.base import PlayerSpec
from tests.fifth_title import GAME_SCRIPT, ID, SCREENS, fifth_title
from tests.web.browser_support import PHONE, Screen
from tests.web.web_support import LiveServer

__all__ = ["fifth_title"]  # the fixture, used by name

pytestmark = pytest.mark.browser
STATIC = Path(__file__).resolve().parents[2] / "web" / "static"


def test_the_pages_find_a_fifth_titles_screen(
    fifth_title: Path, browser: Any, live_server: LiveServer, shots: Path, tmp_path: Path
) -> None:
    static = tmp_path / "static"
    shutil.copytree(STATIC, static)
    (static / f"{SCREENS}-game.js").write_text(GAME_SCRIPT, encoding="utf-8")
    live_server.server.app.static_folder = str(static)  # type: ignore[attr-defined]
    screen = Screen(browser, PHONE, "fifth", shots)
    page = screen.page
    page.goto(f"{live_server.url}/#new")
    page.wait_for_selector(f"#title option[value='{ID}']", state="attached")
    assert page.locator(f"#title option[value='{ID}']").inner_text() == "Fifth Title"

    created = live_server.session.create_game(
        ID, [PlayerSpec("Ann", "red"), PlayerSpec("Ben", "blue")], {})
    page.goto(f"{live_server.url}/games/{created.game_pk}")
    page.wait_for_function("document.getElementById('round').textContent.includes('zz5')")
    assert page.locator("#game-title").inner_text() == f"Fifth title, game {created.game_pk}"
    assert page.locator("body").get_attribute("data-title") == ID
    screen.shot("fifth-01-game")
