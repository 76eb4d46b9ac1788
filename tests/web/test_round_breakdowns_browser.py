"""Issue 24 item 9 in Debian's Chromium: every scored round's breakdown stays one tap away
after the round's last tableau (Sushi Go Party!, Sushi Go!, Sushi Roll), on the scoreboard and
in the next round's start callout; a player's phone opens their own breakdown (first in the
list), the host's screen every player's; at game end a phone opens its player's final
breakdown as well as the winner's.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.web.browser_support import PHONE, Screen, api_snapshot, post_json
from tests.web.test_sgp_browser import CARTE, NAMES, ROUND_1
from tests.web.web_support import LiveServer

pytestmark = pytest.mark.browser

TABLET = {"width": 1180, "height": 820}
COLOURS = ["red", "yellow", "green", "blue"]
SUSHI_ROLL_GAME = Path(__file__).resolve().parents[1] / "data" / "sushi-roll-scoring.json"


def open_seat(screen: Screen, server: LiveServer, game_id: int, code: str, seat: int) -> None:
    token = post_json(server, f"/api/games/{game_id}/join", {"code": code, "seat": seat})["token"]
    screen.page.goto(f"{server.url}/")
    screen.page.evaluate(
        "([id, token, seat]) => localStorage.setItem(`companion.game.${id}`,"
        " JSON.stringify({token, role: 'seat', seat}))", [game_id, token, seat])
    screen.page.goto(f"{server.url}/games/{game_id}")


def lines_total(block: Any) -> int:
    return sum(int(t) for t in block.locator(".breakdown .pts").all_inner_texts())


def check_round(screen: Screen, where: str, r: int, view: dict[str, Any]) -> None:
    """Round ``r``'s breakdown under ``where``: every player's lines add up to their points."""
    box = screen.page.locator(f"{where} [data-round-breakdown='{r}']").first
    if box.get_attribute("open") is None:
        box.locator("> summary").click()
    for p in view["players"]:
        block = box.locator(f"[data-round-player='{p['name']}']")
        if block.get_attribute("open") is None:
            block.locator("> summary").click()
        assert lines_total(block) == p["round_points"][r - 1], p["name"]


def test_party_round_breakdown_stays_after_the_last_tableau(
    browser: Any, shots: Path, live_server: LiveServer,
) -> None:
    created = post_json(live_server, "/api/games", {
        "game": "sushi-go-party",
        "players": [{"name": n, "colour": c} for n, c in zip(NAMES, COLOURS, strict=True)],
        "options": {"menu": CARTE}})
    game_id, token, code = created["id"], created["host_token"], created["join_code"]
    for action in ROUND_1:
        post_json(live_server, f"/api/games/{game_id}/actions", action, token)
    view = api_snapshot(live_server, game_id, token)["view"]
    assert view["round"] == 2 and all(p["round_points"] for p in view["players"])

    host = Screen(browser, TABLET, "tablet", shots)
    host.open_as_host(live_server, game_id, token)
    page = host.page
    board = page.locator("#scoreboard [data-round-breakdown='1']")
    board.wait_for()
    assert board.get_attribute("open") is not None  # just scored: open until round 2 starts
    for p in view["players"]:  # the host sees every player's lines
        assert board.locator(f"[data-round-player='{p['name']}']").get_attribute("open") is not None
    check_round(host, "#scoreboard", 1, view)
    callout = page.locator("[data-round-start] [data-round-breakdown='1']")
    assert "Round 1 scored: Ann" in callout.locator("summary").first.inner_text()
    host.shot("rounds-9-party-host")

    phone = Screen(browser, PHONE, "phone", shots)
    open_seat(phone, live_server, game_id, code, 2)  # Cat
    mine = phone.page.locator("#scoreboard [data-round-breakdown='1'] [data-round-player]")
    mine.first.wait_for()
    assert mine.first.get_attribute("data-round-player") == "Cat"
    assert mine.first.get_attribute("open") is not None
    assert mine.nth(1).get_attribute("open") is None  # the others: one tap further
    assert lines_total(mine.first) == view["players"][2]["round_points"][0]
    # the callout at the top: one tap opens the round, Cat's own lines first
    phone.tap("[data-round-start] [data-round-breakdown='1'] > summary")
    first = phone.page.locator("[data-round-start] [data-round-player]").first
    assert first.get_attribute("data-round-player") == "Cat"
    assert first.get_attribute("open") is not None
    phone.shot("rounds-9-party-phone")

    # the first tableau of round 2: the breakdown stays, closed, one tap away
    post_json(live_server, f"/api/games/{game_id}/actions", ROUND_1[0], token)
    host.wait_version(len(ROUND_1) + 1)
    box = page.locator("#scoreboard [data-round-breakdown='1']")
    assert box.count() == 1
    check_round(host, "#scoreboard", 1, view)
    assert host.errors == [] and phone.errors == []


def test_sushi_go_round_breakdown_on_the_scoreboard(
    browser: Any, shots: Path, live_server: LiveServer,
) -> None:
    players = [{"name": "Ann", "colour": "red"}, {"name": "Ben", "colour": "blue"}]
    created = post_json(live_server, "/api/games", {
        "game": "sushi-go", "players": players, "options": {"mode": "scoring"}})
    game_id, token = created["id"], created["host_token"]
    blank = {"on_wasabi": [], "lead_takes": 0, "holds_lead": False, "mochi_die": 0}
    for player, cards, on_wasabi in (
        ("Ann", ["tempura", "tempura", "sashimi", "sashimi", "sashimi", "futomaki_2", "gyoza",
                 "gyoza", "wasabi"], ["squid_nigiri"]),
        ("Ben", ["egg_nigiri", "salmon_nigiri", "futomaki_3", "futomaki_3", "gyoza", "gyoza",
                 "gyoza", "chopsticks", "tempura", "tempura"], []),
    ):
        post_json(live_server, f"/api/games/{game_id}/actions", {
            **blank, "kind": "enter_tableau", "player": player, "cards": cards,
            "on_wasabi": on_wasabi}, token)
    view = api_snapshot(live_server, game_id, token)["view"]
    assert [p["round_points"] for p in view["players"]] == [[30], [20]]
    host = Screen(browser, PHONE, "phone", shots)
    host.open_as_host(live_server, game_id, token)
    host.page.locator("#scoreboard [data-round-breakdown='1']").wait_for()
    check_round(host, "#scoreboard", 1, view)
    text = host.page.locator("#scoreboard [data-round-player='Ann']").inner_text()
    assert "Squid Nigiri on wasabi" in text and "round 1:" not in text
    host.page.locator("#scoreboard").scroll_into_view_if_needed()
    host.shot("rounds-9-sushi-go-host")
    assert host.errors == []


def test_sushi_roll_final_score_opens_the_players_own_breakdown(
    browser: Any, shots: Path, live_server: LiveServer,
) -> None:
    record = json.loads(SUSHI_ROLL_GAME.read_text())
    created = post_json(live_server, "/api/games", {
        "game": "sushi-roll", "players": record["players"], "options": record["options"]})
    game_id, token, code = created["id"], created["host_token"], created["join_code"]
    for action in record["actions"][:6]:
        post_json(live_server, f"/api/games/{game_id}/actions", action, token)
    view = api_snapshot(live_server, game_id, token)["view"]
    tablet = Screen(browser, TABLET, "tablet", shots)
    tablet.open_as_host(live_server, game_id, token)
    tablet.page.locator("#scoreboard [data-round-breakdown='2']").wait_for()
    for r in (1, 2):
        check_round(tablet, "#scoreboard", r, view)
    tablet.shot("rounds-9-roll-host-round-3")
    for action in record["actions"][6:]:
        post_json(live_server, f"/api/games/{game_id}/actions", action, token)
    view = api_snapshot(live_server, game_id, token)["view"]
    assert view["over"]
    winner = view["score"]["ranking"][0]["name"]
    last = view["score"]["ranking"][-1]["name"]
    seat = next(i for i, p in enumerate(view["players"]) if p["name"] == last)
    phone = Screen(browser, PHONE, "phone", shots)
    open_seat(phone, live_server, game_id, code, seat)
    page = phone.page
    page.locator("[data-final-player]").first.wait_for()
    opened = [el.get_attribute("data-final-player")
              for el in page.locator("[data-final-player][open]").all()]
    assert sorted(opened) == sorted({winner, last}), opened
    for r in (1, 2, 3):
        check_round(phone, "#panel", r, view)
    phone.shot("rounds-9-roll-final-phone")
    assert phone.errors == [] and tablet.errors == []
