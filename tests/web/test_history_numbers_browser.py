"""Issue 24 item 14b in Debian's Chromium: the host's History card numbers the entries it shows
1, 2, 3, ... with no gap, also when a player recorded a drawn action card on their phone (an
entry private to that phone) and after an undo; the phone that recorded it numbers its own
list the same way.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.web.browser_support import PHONE, Screen, api_snapshot, post_json
from tests.web.web_support import PLAYERS, LiveServer

pytestmark = pytest.mark.browser

TABLET = {"width": 1180, "height": 820}


def shown_numbers(screen: Screen) -> list[int]:
    return [int(t) for t in screen.page.locator("#history .history .idx").all_inner_texts()]


def open_seat(screen: Screen, server: LiveServer, game_id: int, token: str, seat: int) -> None:
    screen.page.goto(f"{server.url}/")
    screen.page.evaluate(
        "([id, token, seat]) => localStorage.setItem(`companion.game.${id}`,"
        " JSON.stringify({token, role: 'seat', seat}))", [game_id, token, seat])
    screen.page.goto(f"{server.url}/games/{game_id}")


def test_history_numbers_have_no_gap_after_a_private_record_and_an_undo(
    browser: Any, shots: Path, live_server: LiveServer,
) -> None:
    created = post_json(live_server, "/api/games", {"game": "sushi-express", "players": PLAYERS})
    game_id, token, code = created["id"], created["host_token"], created["join_code"]
    act = f"/api/games/{game_id}/actions"
    post_json(live_server, act, {"kind": "reveal_customers", "cards": ["rose", "tip", "violet"]},
              token)
    for name, number in (("Ann", 10), ("Ben", 11), ("Cat", 12)):
        post_json(live_server, act, {"kind": "guess", "player": name, "number": number}, token)
    for _ in range(2):  # Cat misses twice and draws an action card face down
        post_json(live_server, act, {"kind": "roll", "player": "Cat", "dice": [1, 1]}, token)
    cat = post_json(live_server, f"/api/games/{game_id}/join", {"code": code, "seat": 2})
    phone = Screen(browser, PHONE, "phone", shots)
    open_seat(phone, live_server, game_id, cat["token"], 2)
    phone.tap("[data-record=same_guess]")  # private to Cat's phone
    post_json(live_server, act, {"kind": "roll", "player": "Ben", "dice": [1, 1]}, token)
    version = api_snapshot(live_server, game_id, token)["version"]

    host = Screen(browser, TABLET, "tablet", shots)
    host.open_as_host(live_server, game_id, token)
    host.wait_version(version)
    assert shown_numbers(host) == [7, 6, 5, 4, 3, 2, 1]  # Cat's record is not the host's to see
    host.tap("[data-do=undo]")  # Ben's roll
    host.wait_version(version + 1)
    host.page.wait_for_function("() => document.querySelectorAll('#history .idx').length === 6")
    assert shown_numbers(host) == [6, 5, 4, 3, 2, 1]
    assert "6 entries" in host.page.locator("#history h2").inner_text()
    post_json(live_server, act, {"kind": "roll", "player": "Ben", "dice": [5, 6]}, token)
    host.wait_version(version + 2)
    host.page.wait_for_function("() => document.querySelectorAll('#history .idx').length === 7")
    assert shown_numbers(host) == [7, 6, 5, 4, 3, 2, 1]
    host.page.locator("#history").scroll_into_view_if_needed()
    host.shot("history-14b-host")
    host.tap("#history [data-correct]")
    assert host.page.locator("#sheet h2").inner_text().startswith("Correct entry 7")
    host.page.locator("#sheet button", has_text="Close").click()

    phone.wait_version(version + 2)
    phone.page.wait_for_function("() => document.querySelectorAll('#history .idx').length === 8")
    assert shown_numbers(phone) == [8, 7, 6, 5, 4, 3, 2, 1]  # Cat sees her own record
    phone.shot("history-14b-phone")
    assert host.errors == [] and phone.errors == []
