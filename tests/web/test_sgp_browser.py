"""Sushi Go Party! through the UI in Debian's Chromium, on phones.

* A 4-player game is created on a phone with the menu picker: the preset tiles, then an à la
  carte menu whose fault (a 4th appetizer) the builder explains and the server refuses; then a
  round of 4 tableaux is entered on the phone while a tablet watches. Both show the
  round's totals on the scoreboard, equal to the engine's. A tableau the engine refuses shows
  its reason on the phone.
* A 10-card tableau takes at most 15 taps (choosing the player and sending included).
* Turn by turn: reveals with a spoon's ask, then the spoon's giver and a take-out box's flip.
* At game end the scoreboard ranks everyone, with every player's breakdown.

Screenshots of every main screen go to ``test-output/screenshots/sgp-*.png``.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from companion.games import find_game
from companion.games.base import PlayerSpec
from tests.web.browser_support import PHONE, TABLET, Screen, api_snapshot, post_json
from tests.web.web_support import LiveServer

pytestmark = pytest.mark.browser

NAMES = ["Ann", "Ben", "Cat", "Dan"]
#: The à la carte menu built in the picker (it starts from My First Meal).
CARTE = {
    "roll": "uramaki",
    "appetizers": ["tempura", "sashimi", "onigiri"],
    "specials": ["wasabi", "special_order"],
    "dessert": "fruit",
}


def tableau(player: str, *cards: str, **rest: Any) -> dict[str, Any]:
    body: dict[str, Any] = {
        "kind": "enter_tableau", "player": player, "cards": list(cards), "on_wasabi": [],
        "special_orders": [], "special_orders_on_wasabi": [], "flipped": [],
        "uramaki_places": [],
    }
    body.update(rest)
    return body


#: A round of the à la carte menu for 4 players (9 cards dealt): Ben reached 10 uramaki icons
#: during the round (place 1; those uramaki were discarded), Cat has the most left (9).
ROUND_1 = [
    tableau("Ann", "tempura", "tempura", "sashimi", "sashimi", "sashimi", "wasabi",
            "onigiri_circle", "fruit_watermelon_orange", on_wasabi=["squid_nigiri"]),
    tableau("Ben", "uramaki_3", "egg_nigiri", "salmon_nigiri", "onigiri_triangle",
            "onigiri_square", "fruit_pineapple_pineapple", special_orders=["onigiri_square"],
            uramaki_places=[1]),
    tableau("Cat", "uramaki_4", "uramaki_5", "sashimi", "sashimi", "sashimi", "wasabi",
            "salmon_nigiri", "tempura", "fruit_watermelon_watermelon"),
    tableau("Dan", "tempura", "tempura", "tempura", "egg_nigiri", "wasabi", "onigiri_circle",
            "uramaki_3", on_wasabi=["salmon_nigiri"], special_orders=["tempura"]),
]


def engine_round_points(menu: Any, actions: list[dict[str, Any]]) -> list[int]:
    """The engine's points for a round entered from ``actions``."""
    engine = find_game("sushi-go-party")
    state = engine.setup([PlayerSpec(n) for n in NAMES], {"menu": menu})
    for action in actions:
        state, _ = engine.apply(state, engine.actions.from_json(action))
    return [p["round_points"][0] for p in engine.view(state, None)["players"]]


def enter(screen: Screen, action: dict[str, Any], send: bool = True) -> int:
    """Enter ``action``'s tableau by tapping, then send it; returns the taps it took.

    A nigiri on a wasabi is one tap for the pair, so the wasabi under it is not tapped."""
    start = screen.taps
    panel = "#panel"
    who = f"{panel} [data-player='{action['player']}']"
    if screen.page.locator(f"{who}[aria-pressed=true]").count() == 0:
        screen.tap(who)
    under = len(action["on_wasabi"]) + len(action["special_orders_on_wasabi"])
    for card in action["cards"]:
        if card == "wasabi" and under:
            under -= 1
            continue
        screen.tap(f"{panel} [data-add='{card}']")
    for card in action["on_wasabi"]:
        screen.tap(f"{panel} [data-add='{card}@wasabi']")
    on = list(action["special_orders_on_wasabi"])
    for copies in action["special_orders"]:
        sits = copies in on
        if sits:
            on.remove(copies)
        screen.tap(f"{panel} [data-add=special_order]")
        screen.tap(f"{panel} [data-order-targets] [data-copies='{copies}']"
                   f"[data-on-wasabi='{str(sits).lower()}']")
    if action["flipped"]:
        screen.tap(f"{panel} [data-face=down]")
        for card in action["flipped"]:
            screen.tap(f"{panel} [data-add='{card}']")
    for place in action["uramaki_places"]:
        screen.tap(f"{panel} [data-place='{place}']")
    count = (len(action["cards"]) + len(action["on_wasabi"]) + len(action["special_orders"])
             + len(action["flipped"]))
    assert screen.page.locator("[data-card-count]").get_attribute("data-card-count") == str(count)
    if send:
        screen.tap(f"{panel} [data-do=enter-tableau]")
    return screen.taps - start


def version_of(screen: Screen) -> int:
    return int(screen.page.evaluate("Number(document.body.dataset.version)"))


def entered_tableau(view: dict[str, Any], name: str) -> dict[str, Any]:
    player = next(p for p in view["players"] if p["name"] == name)
    found: dict[str, Any] = player["tableau"]
    return found


def same_cards(entered: dict[str, Any], action: dict[str, Any]) -> bool:
    orders = sorted(so["copies"] for so in entered["special_orders"])
    return (sorted(entered["cards"]) == sorted(action["cards"])
            and sorted(entered["on_wasabi"]) == sorted(action["on_wasabi"])
            and orders == sorted(action["special_orders"])
            and sorted(entered["flipped"]) == sorted(action["flipped"])
            and sorted(entered["uramaki_places"]) == sorted(action["uramaki_places"]))


def create_with_the_menu_picker(phone: Screen, server: LiveServer) -> int:
    """Two players first (the picker explains what is not for 2), then the 4 of the game."""
    page = phone.page
    page.goto(f"{server.url}/#new")
    page.wait_for_selector("#title option", state="attached")
    page.select_option("#title", "sushi-go-party")
    page.wait_for_selector("[data-menu=my_first_meal]")
    while page.locator(".player-row").count() > 2:
        page.locator(".player-row button[aria-label^=Remove]").last.click()
    assert "Spoon is played only with 3 to 8 players, not 2" in page.locator(
        "[data-menu=master_menu]").inner_text()
    page.click("[data-menu=points_platter]")
    page.click("[data-menu=my_first_meal]")
    assert page.locator("#start-field").is_hidden()
    phone.shot("sgp-01-menu-picker")

    page.click("[data-menu-tab=carte]")
    for choice in ("uramaki", "miso_soup", "onigiri", "tea", "special_order", "fruit", "edamame"):
        page.click(f"[data-type={choice}]")
    errors = page.locator("[data-menu-errors]")
    assert "A menu has 3 appetizers, not 4" in errors.inner_text()
    assert "Edamame is played only with 3 to 8 players, not 2" in errors.inner_text()
    phone.shot("sgp-02-a-la-carte-error")
    while page.locator(".player-row").count() < len(NAMES):
        page.click("#add-player")
    for i, name in enumerate(NAMES):
        page.locator(".player-row input").nth(i).fill(name)
    assert "Edamame" not in errors.inner_text()
    page.click("text=Start the game")  # sent anyway: the server refuses and says why
    page.wait_for_selector("#banner:not([hidden])")
    assert "A menu has 3 appetizers, not 4" in (phone.banner() or "")
    page.click("[data-type=edamame]")
    assert page.locator("[data-menu-ok]").is_visible()
    page.click("[data-option=mode][data-value=scoring]")
    page.click("text=Start the game")
    page.wait_for_url("**/games/*")
    page.wait_for_selector("[data-join-code]")
    return int(page.url.rsplit("/", 1)[1])


def test_a_round_of_tableaux_on_a_phone_with_a_second_screen_watching(
    browser: Any, live_server: LiveServer, shots: Path
) -> None:
    phone = Screen(browser, PHONE, "phone", shots)
    game_id = create_with_the_menu_picker(phone, live_server)
    token = phone.token(game_id)
    view = api_snapshot(live_server, game_id, token)["view"]
    assert view["menu"]["roll"] == "uramaki" and view["menu"]["dessert"] == "fruit"
    assert sorted(view["menu"]["appetizers"]) == sorted(CARTE["appetizers"])
    start = phone.page.locator("[data-round-start]")
    assert "Deal 9 cards" in start.inner_text() and "5 Fruit cards" in start.inner_text()
    assert phone.page.locator("[data-schedule]").get_attribute("data-schedule") == "5/3/2"

    watcher = Screen(browser, TABLET, "watching-tablet", shots)
    watcher.page.goto(f"{live_server.url}/games/{game_id}")
    watcher.wait_version(0)
    assert watcher.page.locator("[data-round-start]").is_visible()  # deal and desserts for all
    assert watcher.page.locator("[data-do=enter-tableau]").count() == 0  # watching: no entry

    for number, action in enumerate(ROUND_1[:3], start=1):
        if number == 3:  # a wrong tap taken back with its minus
            phone.tap("#panel [data-add=uramaki_4]")
            phone.tap("#panel [data-remove=uramaki_4]")
        enter(phone, action)
        phone.wait_version(number)
        watcher.wait_version(number)
        if number == 2:
            phone.shot("sgp-03-tableau-entry")
            watcher.page.locator("[data-live=Ann] summary").click()
            watcher.shot("sgp-04-live-breakdown")
    entered = api_snapshot(live_server, game_id, token)["view"]
    for done in ROUND_1[:3]:
        assert same_cards(entered_tableau(entered, done["player"]), done), done["player"]

    # Dan's first try has a third Onigiri (circle) for a Tempura: the tableaux so far are checked
    # together as each arrives, the engine refuses naming both players, and the phone says why.
    dan = ROUND_1[3]
    enter(phone, {**dan, "cards": [*dan["cards"][1:], "onigiri_circle"]}, send=False)
    assert "holds 2" in phone.page.locator("[data-warning]").inner_text()  # the phone warns
    phone.tap("#panel [data-do=enter-tableau]")  # the engine decides
    refusal = phone.page.locator("[data-refusal]")
    refusal.wait_for()
    assert "Onigiri (circle)" in refusal.inner_text() and "holds 2" in refusal.inner_text()
    assert "Ann 1, Dan 2" in refusal.inner_text()
    assert phone.page.locator("[data-warning]").count() == 0
    phone.shot("sgp-05-refused-tableau")
    phone.tap("#panel [data-remove=onigiri_circle]")
    phone.tap("#panel [data-add=tempura]")
    phone.tap("#panel [data-do=enter-tableau]")
    phone.wait_version(4)
    watcher.wait_version(4)

    expected = engine_round_points(CARTE, ROUND_1)
    for screen in (phone, watcher):
        board = screen.page.locator("[data-scoreboard]")
        board.wait_for()
        for name, points in zip(NAMES, expected, strict=True):
            row = board.locator(f"tr[data-player={name}]")
            assert row.locator("[data-round='1']").inner_text() == str(points), (screen.name, name)
            assert row.locator("[data-total]").inner_text() == str(points), (screen.name, name)
    view = api_snapshot(live_server, game_id, token)["view"]
    assert [p["round_points"] for p in view["players"]] == [[p] for p in expected]
    assert view["round"] == 2
    assert "R2" in phone.page.locator("[data-round-start]").inner_text()
    assert "3 Fruit cards" in phone.page.locator("[data-round-start]").inner_text()
    assert phone.page.locator("[data-refusal]").count() == 0
    phone.shot("sgp-06-scoreboard")
    watcher.shot("sgp-06-scoreboard")
    assert phone.errors == [] and watcher.errors == []


def test_a_ten_card_tableau_takes_at_most_15_taps(
    browser: Any, live_server: LiveServer, shots: Path
) -> None:
    players = [{"name": "Ann", "colour": "red"}, {"name": "Ben", "colour": "blue"}]
    created = post_json(live_server, "/api/games", {
        "game": "sushi-go-party", "players": players, "options": {"menu": "dinner_for_two"}})
    phone = Screen(browser, PHONE, "phone", shots)
    phone.open_as_host(live_server, created["id"], created["host_token"])
    ten = tableau("Ann", "uramaki_4", "uramaki_3", "onigiri_circle", "onigiri_square",
                  "onigiri_triangle", "tofu", "tofu", "miso_soup", "fruit_watermelon_orange",
                  special_orders=["onigiri_circle"])
    taps = enter(phone, ten)
    phone.wait_version(1)
    assert taps <= 15, f"a 10-card tableau took {taps} taps"
    view = api_snapshot(live_server, created["id"], created["host_token"])["view"]
    assert same_cards(entered_tableau(view, "Ann"), ten)
    # The panel moved on to Ben by itself.
    assert phone.page.locator("#panel [data-player=Ben][aria-pressed=true]").count() == 1
    print(f"\n10-card tableau: {taps} taps")
    assert phone.errors == []


def test_turn_by_turn_reveals_a_spoon_and_a_take_out_box(
    browser: Any, live_server: LiveServer, shots: Path
) -> None:
    created = post_json(live_server, "/api/games", {
        "game": "sushi-go-party", "players": [{"name": n} for n in NAMES],
        "options": {"menu": "master_menu", "mode": "turns"}})
    game_id, token = created["id"], created["host_token"]
    phone = Screen(browser, PHONE, "phone", shots)
    phone.open_as_host(live_server, game_id, token)
    version = 0

    def reveal(player: str, card: str, *, ask: str = "") -> None:
        nonlocal version
        if phone.page.locator(f"#panel [data-player={player}][aria-pressed=true]").count() == 0:
            phone.tap(f"#panel [data-player={player}]")
        phone.tap(f"#panel [data-pick='{card}']")
        if ask:
            phone.tap("#panel [data-do=spoon]")
            phone.tap(f"#panel [data-ask-type={ask}]")
            phone.shot("sgp-07-turn-reveal-spoon")
        phone.tap("#panel [data-do=reveal]")
        version += 1
        phone.wait_version(version)

    assert "Deal 9 cards" in phone.page.locator("[data-round-start]").inner_text()
    for player, card in zip(NAMES, ["spoon_4", "temaki", "tofu", "takeout_box_10"], strict=True):
        reveal(player, card)
    reveal("Ann", "sashimi", ask="temaki")
    for player, card in zip(NAMES[1:], ["takeout_box_11", "tofu", "onigiri_circle"], strict=True):
        reveal(player, card)

    # The spoon resolves first (corner 4): Ben gave a temaki.
    phone.page.wait_for_selector("body[data-phase=spoon]")
    phone.tap("#panel [data-giver=Ben]")
    phone.shot("sgp-08-turn-spoon")
    phone.tap("#panel [data-do=spoon-give]")
    version += 1
    phone.wait_version(version)
    # Then Ben's take-out box (corner 11) flips his temaki from turn 1.
    phone.page.wait_for_selector("body[data-phase=takeout]")
    phone.tap("#panel [data-flip-table] [data-card=temaki]")
    phone.shot("sgp-09-turn-take-out")
    phone.tap("#panel [data-do=flip]")
    version += 1
    phone.wait_version(version)

    view = api_snapshot(live_server, game_id, token)["view"]
    assert (view["phase"], view["turn"]) == ("reveal", 3)
    ann, ben = view["players"][0], view["players"][1]
    assert [c["scores_as"] for c in ann["table"]] == ["sashimi", "temaki"]
    assert [(c["card"], c["flipped"]) for c in ben["table"]] == [("temaki", True)]
    live = phone.page.locator("[data-live=Ben]")
    assert "Face down" in live.inner_text()
    phone.shot("sgp-10-turn-table")
    assert phone.errors == []


def test_the_final_score_ranks_everyone_with_each_breakdown(
    browser: Any, live_server: LiveServer, shots: Path
) -> None:
    created = post_json(live_server, "/api/games", {
        "game": "sushi-go-party", "players": [{"name": n} for n in NAMES],
        "options": {"menu": "sushi_go"}})
    game_id, token = created["id"], created["host_token"]
    engine = find_game("sushi-go-party")
    state = engine.setup([PlayerSpec(n) for n in NAMES], {"menu": "sushi_go"})
    rng = random.Random(7)
    while not engine.is_over(state):
        action = engine.chance_action(state, rng)
        assert action is not None
        state, _ = engine.apply(state, action)
        post_json(live_server, f"/api/games/{game_id}/actions", action.to_json(), token)
    phone = Screen(browser, PHONE, "phone", shots)
    phone.open_as_host(live_server, game_id, token)
    ranking = phone.page.locator("[data-ranking]")
    ranking.wait_for()
    sheet = engine.score(state).to_json()
    rows = ranking.locator("tbody tr")
    assert rows.count() == len(NAMES)
    for i, expected in enumerate(sheet["ranking"]):
        row = rows.nth(i)
        assert row.get_attribute("data-player") == expected["name"]
        assert row.locator("[data-total]").inner_text() == str(expected["total"])
    assert phone.page.locator("#panel [data-final-player]").count() == len(NAMES)
    phone.shot("sgp-11-final-score")
    assert phone.errors == []
