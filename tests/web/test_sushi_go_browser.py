"""Sushi Go! through the UI in Debian's Chromium, on phones.

* A game is set up with the new-game form: 3 players and the sushi battle are refused by the
  engine, whose reason the page shows; 2 players with the mochi dessert, turn by turn, are
  accepted. Three turns are tapped in on the phone (chopsticks, a nigiri landing on a wasabi, the
  mochi dice rolled and tapped in) while a tablet watches live; the rest of the round comes
  through the API. Both screens then show the round's points on the scoreboard, equal to the
  engine's.
* Scoring mode with mochi: a 10-card tableau with a nigiri on a wasabi and the die's face takes
  at most 13 taps; the die is asked only when the player took a mochi card.
* Strawberry pudding in scoring mode: the entry asks how many times each player took the lead
  and who holds the token; a holder the engine refuses shows its reason.
* Dummy player: the player controlling the Dummy names its card too.
* Sushi golf: the final ranking puts the lowest total first.

Screenshots of every main screen go to ``test-output/screenshots/sg-*.png``.
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

PLAYERS = [{"name": "Ann", "colour": "red"}, {"name": "Ben", "colour": "blue"}]


def reveal(player: str, card: str, second: str = "", dummy: str = "") -> dict[str, Any]:
    return {"kind": "reveal", "player": player, "card": card, "second": second, "dummy_card": dummy}


def roll(player: str, value: int) -> dict[str, Any]:
    return {"kind": "mochi_roll", "player": player, "value": value}


def tableau(player: str, *cards: str, **rest: Any) -> dict[str, Any]:
    body: dict[str, Any] = {"kind": "enter_tableau", "player": player, "cards": list(cards),
                            "on_wasabi": [], "lead_takes": 0, "holds_lead": False, "mochi_die": 0}
    body.update(rest)
    return body


#: The first three turns, tapped in on the phone: Ann's chopsticks, Ben's mochi (his die shows
#: 4); Ann's chopsticks take a wasabi and a salmon nigiri (it lands on the wasabi); both take a
#: mochi (Ann's die shows 6, Ben's 2).
TAPPED = [
    reveal("Ann", "chopsticks"), reveal("Ben", "mochi"), roll("Ben", 4),
    reveal("Ann", "wasabi", "salmon_nigiri"), reveal("Ben", "futomaki_3"),
    reveal("Ann", "mochi"), reveal("Ben", "mochi"), roll("Ann", 6), roll("Ben", 2),
]
#: Turns 4 to 10, posted through the API.
POSTED = [
    action
    for ann, ben in zip(
        ["tempura", "tempura", "sashimi", "sashimi", "sashimi", "gyoza", "futomaki_2"],
        ["egg_nigiri", "gyoza", "gyoza", "squid_nigiri", "tempura", "futomaki_1", "chopsticks"],
        strict=True,
    )
    for action in (reveal("Ann", ann), reveal("Ben", ben))
]


def engine_state(names: list[str], options: dict[str, Any], actions: list[dict[str, Any]]) -> Any:
    engine = find_game("sushi-go")
    state = engine.setup([PlayerSpec(n) for n in names], options)
    for action in actions:
        state, _ = engine.apply(state, engine.actions.from_json(action))
    return state


def engine_view(names: list[str], options: dict[str, Any], actions: list[dict[str, Any]]) -> Any:
    view: dict[str, Any] = find_game("sushi-go").view(engine_state(names, options, actions), None)
    return view


def shot(screen: Screen, label: str) -> None:
    """A screenshot (every control at least 44 px), and nothing wider than the screen."""
    screen.shot(label)
    wide = screen.page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert wide <= 0, f"{label} on the {screen.name} scrolls sideways by {wide} px"


def create_with_the_form(phone: Screen, server: LiveServer) -> int:
    """3 players and the sushi battle first (refused by the engine), then 2 with mochi."""
    page = phone.page
    page.goto(f"{server.url}/#new")
    page.wait_for_selector("#title option[value=sushi-go]", state="attached")
    page.select_option("#title", "sushi-go")
    page.wait_for_selector("[data-option=dessert][data-value=mochi]")
    for i, name in enumerate(["Ann", "Ben", "Cat"]):
        page.locator(".player-row input").nth(i).fill(name)
    assert page.locator("[data-rule=must_have_futomaki]").count() == 0  # a 2-player rule
    assert page.locator("#start-field").is_hidden()  # hands pass in seat order
    page.click("[data-option=dessert][data-value=mochi]")
    page.click("[data-option=variant][data-value=sushi_battle]")
    assert "2 players only, not 3" in page.locator(
        "[data-option=variant][data-value=sushi_battle]").inner_text()
    assert page.locator("#start-field").is_visible()  # who takes first in the battle
    page.click("[data-option=mode][data-value=turns]")
    shot(phone, "sg-01-setup")
    page.click("text=Start the game")  # the engine refuses and says why
    page.wait_for_selector("#banner:not([hidden])")
    assert "the sushi battle variant is for 2 players, not 3" in (phone.banner() or "")
    shot(phone, "sg-02-setup-refused")
    page.locator(".player-row button[aria-label^=Remove]").last.click()
    page.click("[data-option=variant][data-value=none]")
    assert page.locator("[data-rule=must_have_futomaki]").is_visible()
    assert page.locator("[data-option=dessert][data-value=mochi][aria-pressed=true]").count() == 1
    page.click("text=Start the game")
    page.wait_for_url("**/games/*")
    page.wait_for_selector("[data-join-code]")
    return int(page.url.rsplit("/", 1)[1])


def tap_reveal(screen: Screen, action: dict[str, Any]) -> None:
    panel = "#panel"
    who = f"{panel} [data-player={action['player']}]"
    if screen.page.locator(f"{who}[aria-pressed=true]").count() == 0:
        screen.tap(who)
    if action["second"]:
        screen.tap(f"{panel} [data-do=chopsticks]")
    screen.tap(f"{panel} [data-pick='{action['card']}']")
    if action["second"]:
        screen.tap(f"{panel} [data-pick='{action['second']}']")
    if action["dummy_card"]:
        screen.tap(f"{panel} [data-pick='{action['dummy_card']}']")
    screen.tap(f"{panel} [data-do=reveal]")


def tap_roll(screen: Screen, action: dict[str, Any]) -> None:
    screen.tap(f"#panel [data-mochi-for={action['player']}] [data-face='{action['value']}']")


def test_a_mochi_round_turn_by_turn_on_a_phone_with_a_second_screen_watching(
    browser: Any, live_server: LiveServer, shots: Path
) -> None:
    phone = Screen(browser, PHONE, "phone", shots)
    game_id = create_with_the_form(phone, live_server)
    token = phone.token(game_id)
    view = api_snapshot(live_server, game_id, token)["view"]
    assert (view["dessert"], view["variant"], view["mode"]) == ("mochi", "none", "turns")
    start = phone.page.locator("[data-round-start]").inner_text()
    assert "Deal 10 cards" in start and "Every mochi die starts on 1" in start

    watcher = Screen(browser, TABLET, "watching-tablet", shots)
    watcher.page.goto(f"{live_server.url}/games/{game_id}")
    watcher.wait_version(0)
    assert watcher.page.locator("[data-do=reveal]").count() == 0  # watching: no entry

    for version, action in enumerate(TAPPED, start=1):
        if action["kind"] == "mochi_roll":
            phone.page.wait_for_selector("body[data-phase=mochi]")
            if version == 3:
                assert "Ben" in phone.page.locator("#turn").inner_text()
                shot(phone, "sg-03-mochi-dice")
            tap_roll(phone, action)
        else:
            if version == 4:
                phone.tap("#panel [data-player=Ann]")
                phone.tap("#panel [data-do=chopsticks]")
                phone.tap("#panel [data-pick=wasabi]")
                second = phone.page.locator("#panel [data-slot=second][aria-pressed=true]")
                assert second.count() == 1
                phone.tap("#panel [data-pick=salmon_nigiri]")
                shot(phone, "sg-04-turn-reveal-chopsticks")
                phone.tap("#panel [data-do=reveal]")
            else:
                tap_reveal(phone, action)
        phone.wait_version(version)
        watcher.wait_version(version)

    # The tablet follows live: Ann's salmon sits on her wasabi, every die shows its last roll.
    expected = engine_view(["Ann", "Ben"], {"dessert": "mochi", "mode": "turns"}, TAPPED)
    live_ann = watcher.page.locator("[data-live=Ann]")
    assert "Salmon Nigiri on wasabi" in live_ann.inner_text()
    for name, die, lines in (("Ann", 6, expected["live"][0]), ("Ben", 2, expected["live"][1])):
        row = watcher.page.locator(f"[data-live={name}]")
        assert row.locator("[data-live-die]").get_attribute("data-live-die") == str(die)
        points = row.locator("[data-live-points]").get_attribute("data-live-points")
        assert points == str(sum(line["points"] for line in lines)), name
    assert watcher.page.locator("[data-mochi-dice]").get_attribute("data-mochi-dice") == "6,2"
    watcher.page.locator("[data-live=Ann] summary").click()
    shot(watcher, "sg-05-live-breakdown")

    for action in POSTED:
        post_json(live_server, f"/api/games/{game_id}/actions", action, token)
    last = len(TAPPED) + len(POSTED)
    phone.wait_version(last)
    watcher.wait_version(last)
    expected = engine_view(["Ann", "Ben"], {"dessert": "mochi", "mode": "turns"}, TAPPED + POSTED)
    points = [p["round_points"][0] for p in expected["players"]]
    assert expected["round"] == 2
    for screen in (phone, watcher):
        board = screen.page.locator("[data-scoreboard]")
        for name, value in zip(["Ann", "Ben"], points, strict=True):
            row = board.locator(f"tr[data-player={name}]")
            assert row.locator("[data-round='1']").inner_text() == str(value), (screen.name, name)
            assert row.locator("[data-total]").inner_text() == str(value), (screen.name, name)
            assert "die" in row.locator("[data-desserts]").inner_text()
    assert "R2" in phone.page.locator("[data-round-start]").inner_text()
    history = phone.page.locator("#history").inner_text()
    assert "Ann revealed Wasabi + Salmon Nigiri (chopsticks)" in history
    assert "Ben's mochi die rolled 4" in history
    shot(phone, "sg-06-scoreboard")
    shot(watcher, "sg-06-scoreboard")
    assert phone.errors == [] and watcher.errors == []


def test_a_mochi_tableau_takes_at_most_13_taps_and_asks_the_die_only_after_a_mochi(
    browser: Any, live_server: LiveServer, shots: Path
) -> None:
    created = post_json(live_server, "/api/games", {
        "game": "sushi-go", "players": PLAYERS, "options": {"dessert": "mochi"}})
    game_id, token = created["id"], created["host_token"]
    phone = Screen(browser, PHONE, "phone", shots)
    phone.open_as_host(live_server, game_id, token)
    page = phone.page
    ann = ["tempura", "tempura", "sashimi", "sashimi", "sashimi", "futomaki_2", "mochi", "gyoza"]
    start = phone.taps
    for card in ann:
        phone.tap(f"#panel [data-add='{card}']")
    phone.tap("#panel [data-add='salmon_nigiri@wasabi']")  # one tap: the nigiri and its wasabi
    assert page.locator("[data-card-count]").get_attribute("data-card-count") == "10"
    send = page.locator("#panel [data-do=enter-tableau]")
    assert send.is_disabled() and "mochi die" in send.inner_text()  # a mochi: the die is asked
    phone.tap("#panel [data-mochi-die='5']")
    shot(phone, "sg-07-tableau-entry-mochi")
    phone.tap("#panel [data-do=enter-tableau]")
    phone.wait_version(1)
    taps = phone.taps - start
    assert taps <= 13, f"a 10-card tableau took {taps} taps"
    print(f"\n10-card Sushi Go! tableau with a mochi die: {taps} taps")

    # Ben took no mochi card: his die stays on 1 and nothing is asked.
    assert page.locator("#panel [data-player=Ben][aria-pressed=true]").count() == 1
    ben = ["egg_nigiri", "squid_nigiri", "futomaki_3", "futomaki_1", "gyoza", "gyoza", "tempura",
           "chopsticks", "sashimi"]
    for card in ben:
        phone.tap(f"#panel [data-add='{card}']")
    phone.tap("#panel [data-add=wasabi]")  # an empty wasabi
    assert "Still 1" in page.locator("[data-mochi-question]").inner_text()
    assert page.locator("[data-mochi-die]").count() == 0
    phone.tap("#panel [data-do=enter-tableau]")
    phone.wait_version(2)

    view = api_snapshot(live_server, game_id, token)["view"]
    entered = engine_view(["Ann", "Ben"], {"dessert": "mochi"}, [
        tableau("Ann", *ann, "wasabi", on_wasabi=["salmon_nigiri"], mochi_die=5),
        tableau("Ben", *ben, "wasabi")])
    assert view["round"] == 2 and view["mochi"]["dice"] == [5, 1]
    assert [p["round_points"] for p in view["players"]] == [
        p["round_points"] for p in entered["players"]]
    board = page.locator("[data-scoreboard]")
    assert board.locator("tr[data-player=Ann] [data-desserts]").inner_text() == "\u2013 (die 5)"
    assert page.locator("[data-mochi-dice]").get_attribute("data-mochi-dice") == "5,1"
    shot(phone, "sg-08-scoreboard-mochi")
    assert phone.errors == []


def test_the_lead_token_in_scoring_mode_asks_the_takes_and_who_holds_it(
    browser: Any, live_server: LiveServer, shots: Path
) -> None:
    players = [*PLAYERS, {"name": "Cat", "colour": "green"}]
    created = post_json(live_server, "/api/games", {"game": "sushi-go", "players": players})
    game_id, token = created["id"], created["host_token"]
    phone = Screen(browser, PHONE, "phone", shots)
    phone.open_as_host(live_server, game_id, token)
    page = phone.page
    assert "Nobody holds it yet" in page.locator("[data-lead-holder]").inner_text()
    # Ann played a 2 (took the lead), Ben a 3 (took it), Ann a 4 (took it back): Ann 2, Ben 1.
    ann = ["strawberry_pudding_2", "strawberry_pudding_4", "tempura", "tempura", "sashimi",
           "sashimi", "sashimi", "futomaki_2", "gyoza"]
    for card in ann:
        phone.tap(f"#panel [data-add='{card}']")
    lead = page.locator("#panel [data-lead]")
    assert lead.locator("[data-lead-takes]").count() == 3  # never, 1x, 2x: one per pudding
    phone.tap("#panel [data-lead-takes='2']")
    phone.tap("#panel [data-holds-lead]")
    shot(phone, "sg-09-lead-token-entry")
    phone.tap("#panel [data-do=enter-tableau]")
    phone.wait_version(1)
    cat = tableau("Cat", "egg_nigiri", "salmon_nigiri", "futomaki_3", "futomaki_3", "gyoza",
                  "gyoza", "gyoza", "chopsticks", "tempura")
    post_json(live_server, f"/api/games/{game_id}/actions", cat, token)
    phone.wait_version(2)

    # Ben is entered last, wrongly marked as holding the token too: the engine refuses.
    ben = ["strawberry_pudding_3", "futomaki_1", "squid_nigiri", "sashimi", "tempura", "wasabi",
           "futomaki_2", "gyoza", "gyoza"]
    if page.locator("#panel [data-player=Ben][aria-pressed=true]").count() == 0:
        phone.tap("#panel [data-player=Ben]")
    for card in ben:
        phone.tap(f"#panel [data-add='{card}']")
    phone.tap("#panel [data-lead-takes='1']")
    phone.tap("#panel [data-holds-lead]")
    phone.tap("#panel [data-do=enter-tableau]")
    refusal = page.locator("[data-refusal]")
    refusal.wait_for()
    assert "Ann and Ben cannot both hold the lead token" in refusal.inner_text()
    shot(phone, "sg-10-lead-token-refused")
    phone.tap("#panel [data-holds-lead]")
    phone.tap("#panel [data-do=enter-tableau]")
    phone.wait_version(3)

    view = api_snapshot(live_server, game_id, token)["view"]
    assert view["round"] == 2 and view["lead"]["holder"] == "Ann"
    holder = page.locator("[data-lead-holder]")
    assert holder.get_attribute("data-lead-holder") == "Ann"
    assert "Ann holds it" in holder.inner_text()
    expected = engine_view(["Ann", "Ben", "Cat"], {}, [
        tableau("Ann", *ann, lead_takes=2, holds_lead=True), cat,
        tableau("Ben", *ben, lead_takes=1)])
    assert [p["round_points"] for p in view["players"]] == [
        p["round_points"] for p in expected["players"]]
    board = page.locator("[data-scoreboard]")
    for p in expected["players"]:
        row = board.locator(f"tr[data-player={p['name']}]")
        assert row.locator("[data-round='1']").inner_text() == str(p["round_points"][0])
    shot(phone, "sg-11-lead-token-holder")
    assert phone.errors == []


def test_the_player_controlling_the_dummy_names_its_card(
    browser: Any, live_server: LiveServer, shots: Path
) -> None:
    created = post_json(live_server, "/api/games", {
        "game": "sushi-go", "players": PLAYERS,
        "options": {"variant": "dummy_player", "mode": "turns"}})
    game_id, token = created["id"], created["host_token"]
    phone = Screen(browser, PHONE, "phone", shots)
    phone.open_as_host(live_server, game_id, token)
    assert "Ann controls the Dummy first" in phone.page.locator("[data-round-start]").inner_text()
    tap_reveal(phone, reveal("Ann", "tempura", dummy="squid_nigiri"))
    phone.wait_version(1)
    tap_reveal(phone, reveal("Ben", "sashimi"))
    phone.wait_version(2)
    view = api_snapshot(live_server, game_id, token)["view"]
    assert [c["card"] for c in view["dummy"]["table"]] == ["squid_nigiri"]
    assert view["mover"] == "Ben" and view["turn"] == 2
    assert phone.page.locator("#panel [data-slot=dummy]").count() == 0  # Ann's turn is over
    phone.tap("#panel [data-player=Ben]")
    assert phone.page.locator("#panel [data-slot=dummy]").count() == 1  # Ben controls it now
    assert "Squid Nigiri" in phone.page.locator("[data-live=Dummy]").inner_text()
    shot(phone, "sg-12-dummy-player")
    assert phone.errors == []


def test_sushi_golf_ranks_the_lowest_total_first(
    browser: Any, live_server: LiveServer, shots: Path
) -> None:
    names = ["Ann", "Ben", "Cat"]
    options = {"variant": "sushi_golf", "dessert": "mochi"}
    created = post_json(live_server, "/api/games", {
        "game": "sushi-go", "players": [{"name": n} for n in names], "options": options})
    game_id, token = created["id"], created["host_token"]
    engine = find_game("sushi-go")
    state = engine.setup([PlayerSpec(n) for n in names], options)
    rng = random.Random(3)
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
    assert sheet["lowest_wins"] is True
    totals = [r["total"] for r in sheet["ranking"]]
    assert totals == sorted(totals)
    rows = ranking.locator("tbody tr")
    assert rows.count() == len(names)
    for i, expected in enumerate(sheet["ranking"]):
        row = rows.nth(i)
        assert row.get_attribute("data-player") == expected["name"]
        assert row.locator("[data-total]").inner_text() == str(expected["total"])
    assert "lowest total wins" in phone.page.locator("#panel [data-golf]").inner_text()
    assert "lowest total wins" in phone.page.locator("#turn").inner_text()
    assert phone.page.locator("#panel [data-final-player]").count() == len(names)
    shot(phone, "sg-13-final-golf")
    assert phone.errors == []
