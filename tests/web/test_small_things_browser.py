"""Issue 24 items 13 and 14 in Debian's Chromium on a phone (390x844): enrollment's "Skip this
card" walks forward through the whole menu; the dice header says which try is being entered;
the history keeps its numbers after an undo; the join code field's placeholder is plainly an
example; a wrong join code is refused before the seats are offered.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.scans import ScanDesk
from companion.session.session import Session
from tests.web.browser_support import PHONE, Screen, api_snapshot, party_game, post_json
from tests.web.web_support import PLAYERS, LiveServer, make_app, serving

pytestmark = pytest.mark.browser


@pytest.fixture
def enrolling(session: Session, tmp_path: Path) -> Iterator[LiveServer]:
    desk = ScanDesk(session, tmp_path)
    with serving(make_app(session, scans=desk), session) as server:
        yield server


def open_as_host(screen: Screen, server: LiveServer, game_id: int, token: str,
                 path: str = "") -> None:
    screen.page.goto(f"{server.url}/")
    screen.page.evaluate(
        "([id, token]) => localStorage.setItem(`companion.game.${id}`,"
        " JSON.stringify({token, role: 'host', seat: null}))", [game_id, token])
    screen.page.goto(f"{server.url}/games/{game_id}{path}")


def test_skip_this_card_walks_forward_through_every_card_of_the_menu(
    browser: Any, shots: Path, enrolling: LiveServer,
) -> None:
    server = enrolling
    created = party_game(server)
    phone = Screen(browser, PHONE, "phone", shots)
    open_as_host(phone, server, created["id"], created["host_token"], "/enroll")
    page = phone.page
    current = page.locator("[data-enroll-current]")
    current.wait_for()
    menu = [el.get_attribute("data-enroll-card")
            for el in page.locator("[data-enroll-card]").all()]
    assert len(menu) >= 8
    seen = [current.get_attribute("data-enroll-current")]
    phone.shot("small-13-enroll-first")
    for _ in range(len(menu) - 1):
        phone.tap("[data-do=enroll-skip]")
        page.wait_for_function(
            "was => document.querySelector('[data-enroll-current]')?.dataset.enrollCurrent"
            " !== was", arg=seen[-1])
        seen.append(current.get_attribute("data-enroll-current"))
    assert seen == menu, f"skipping visited {seen}, the menu is {menu}"
    phone.tap("[data-do=enroll-skip]")  # past the last card: back to the first
    page.wait_for_function(
        "first => document.querySelector('[data-enroll-current]')?.dataset.enrollCurrent"
        " === first", arg=menu[0])
    phone.shot("small-13-enroll-after-skips")
    assert phone.errors == []


def test_the_join_code_is_checked_before_the_seats_and_its_placeholder_is_no_code(
    browser: Any, shots: Path, live_server: LiveServer,
) -> None:
    created = post_json(live_server, "/api/games", {"game": "sushi-express", "players": PLAYERS})
    game_id, code = created["id"], created["join_code"]
    phone = Screen(browser, PHONE, "phone", shots)
    page = phone.page
    page.goto(f"{live_server.url}/#join")
    placeholder = page.locator("#join-code").get_attribute("placeholder") or ""
    assert "code" in placeholder.lower() and not placeholder.isupper()
    phone.shot("small-14e-join-placeholder")
    wrong = "22222222" if code != "22222222" else "33333333"
    page.goto(f"{live_server.url}/games/{game_id}/join?code={wrong}")
    page.locator("[data-code-refused]").wait_for()
    assert "does not open this game" in (phone.banner() or "")
    assert page.locator("[data-seat]").count() == 0
    phone.shot("small-14f-wrong-code")
    page.fill("#code", code)
    page.locator("#code").press("Enter")
    page.locator("[data-seat='1']").wait_for()
    phone.shot("small-14f-right-code")
    assert api_snapshot(live_server, game_id, created["host_token"])["claimed_seats"] == []
    assert phone.errors == []


def test_the_dice_header_says_try_2_after_a_missed_first_try(
    browser: Any, shots: Path, live_server: LiveServer,
) -> None:
    created = post_json(live_server, "/api/games", {"game": "sushi-express", "players": PLAYERS})
    game_id, token = created["id"], created["host_token"]
    act = f"/api/games/{game_id}/actions"
    post_json(live_server, act, {"kind": "reveal_customers", "cards": ["rose", "tip", "violet"]},
              token)
    for name, number in (("Ann", 10), ("Ben", 11), ("Cat", 12)):
        post_json(live_server, act, {"kind": "guess", "player": name, "number": number}, token)
    view = api_snapshot(live_server, game_id, token)["view"]
    roller = PLAYERS[view["roll"]["roller"]]["name"]
    post_json(live_server, act, {"kind": "roll", "player": roller, "dice": [1, 1]}, token)
    roll = api_snapshot(live_server, game_id, token)["view"]["roll"]
    assert roll["try"] == 1 and roll["awaiting"] == "reroll_or_next", roll
    phone = Screen(browser, PHONE, "phone", shots)
    open_as_host(phone, live_server, game_id, token)
    aside = phone.page.locator("[data-try]")
    aside.wait_for()
    assert aside.inner_text() == "try 2 of 2"
    assert "Try 1: 2: short of" in phone.page.locator(".verdict-fail").inner_text()
    phone.shot("small-14a-try-2")
    assert phone.errors == []
