"""Sushi Roll through the UI in Debian's Chromium, on phones.

* A game is set up with the new-game form: 2 players, turn by turn, Ben dealt the red-bordered
  belt. On the host's phone both belts are rolled by tapping their faces; Ben (red belt) plays
  first: a Menu token re-rolls two dice (their new faces tapped in), a Chopsticks token swaps a
  die with Ann's belt, then Ben takes a die with one tap; Ann takes a wasabi. After the belts
  pass (rolled through the API), Ann plays first and her squid lands on her wasabi. A tablet
  watches live;
  the rest of the round comes through the API, and both screens show the round's points on the
  scoreboard, equal to the engine's.
* Scoring mode: a tray with a nigiri on a wasabi is tapped in; a tray the engine refuses shows
  its reason.

Screenshots of every main screen go to ``test-output/screenshots/sr-*.png``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.games import find_game
from companion.games.base import PlayerSpec
from tests.web.browser_support import PHONE, TABLET, Screen, api_snapshot, post_json
from tests.web.web_support import LiveServer

pytestmark = pytest.mark.browser

NAMES = ["Ann", "Ben"]
OPTIONS = {"mode": "turns", "start_player": 1}
ANN_BELT = ["special:wasabi", "maki:maki_3", "appetizer:tempura", "appetizer:tempura",
            "appetizer:dumpling", "nigiri:egg", "dessert:dessert_2", "special:menu_1"]
BEN_BELT = ["nigiri:squid", "maki:maki_1", "appetizer:sashimi", "appetizer:dumpling",
            "appetizer:dumpling", "special:chopsticks_1", "dessert:dessert_3", "maki:maki_2"]


def roll(player: str, dice: list[str]) -> dict[str, Any]:
    return {"kind": "roll", "player": player, "dice": dice}


#: The first turn, tapped in on the phone.
TAPPED: list[dict[str, Any]] = [
    roll("Ann", ANN_BELT),
    roll("Ben", BEN_BELT),
    {"kind": "use_menu", "player": "Ben", "dice": ["appetizer:dumpling", "maki:maki_1"]},
    roll("Ben", ["appetizer:tempura", "maki:maki_3"]),
    {"kind": "use_chopsticks", "player": "Ben", "give": "appetizer:sashimi", "other": "Ann",
     "take": "appetizer:tempura"},
    {"kind": "pick", "player": "Ben", "die": "maki:maki_3"},
    {"kind": "pick", "player": "Ann", "die": "special:wasabi"},
]


def engine_state(actions: list[dict[str, Any]], options: dict[str, Any] = OPTIONS) -> Any:
    engine = find_game("sushi-roll")
    state = engine.setup([PlayerSpec(n) for n in NAMES], options)
    for action in actions:
        state, _ = engine.apply(state, engine.actions.from_json(action))
    return state


def engine_view(actions: list[dict[str, Any]], options: dict[str, Any] = OPTIONS) -> Any:
    view: dict[str, Any] = find_game("sushi-roll").view(engine_state(actions, options), None)
    return view


def next_table_action(actions: list[dict[str, Any]]) -> dict[str, Any]:
    """What the table does next: belts roll the faces they show, a player takes their belt's
    first die."""
    state = engine_state(actions)
    if state.phase.value == "roll":
        seat = state.to_roll()[0]
        return roll(state.names[seat], list(state.seats[seat].belt))
    seat = state.current
    return {"kind": "pick", "player": state.names[seat], "die": state.seats[seat].belt[0]}


def shot(screen: Screen, label: str) -> None:
    """A screenshot (every control at least 44 px), and nothing wider than the screen."""
    screen.shot(label)
    wide = screen.page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert wide <= 0, f"{label} on the {screen.name} scrolls sideways by {wide} px"


def create_with_the_form(phone: Screen, server: LiveServer) -> int:
    page = phone.page
    page.goto(f"{server.url}/#new")
    page.wait_for_selector("#title option[value=sushi-roll]", state="attached")
    page.select_option("#title", "sushi-roll")
    page.wait_for_selector("[data-option=mode][data-value=scoring]")
    for i, name in enumerate(NAMES):
        page.locator(".player-row input").nth(i).fill(name)
    while page.locator(".player-row").count() > 2:
        page.locator(".player-row button[aria-label^=Remove]").last.click()
    page.click("[data-option=mode][data-value=turns]")
    page.locator("#start-player button", has_text="Ben").click()
    shot(phone, "sr-01-setup")
    page.click("text=Start the game")
    page.wait_for_url("**/games/*")
    page.wait_for_selector("[data-join-code]")
    return int(page.url.rsplit("/", 1)[1])


def tap_roll(screen: Screen, player: str, dice: list[str], send: bool = True) -> None:
    if screen.page.locator(f"#panel [data-roll-for={player}][aria-pressed=true]").count() == 0:
        screen.tap(f"#panel [data-roll-for={player}]")
    for die in dice:
        screen.tap(f"#panel [data-pick='{die}']")
    if send:
        screen.tap("#panel [data-do=roll]")


def test_one_round_turn_by_turn_on_a_phone_with_a_tablet_watching(
    browser: Any, live_server: LiveServer, shots: Path
) -> None:
    phone = Screen(browser, PHONE, "phone", shots)
    game_id = create_with_the_form(phone, live_server)
    token = phone.token(game_id)
    page = phone.page
    view = api_snapshot(live_server, game_id, token)["view"]
    assert (view["mode"], view["red"], view["turns"]) == ("turns", "Ben", 8)
    assert "roll the belts" in page.locator("#turn").inner_text()

    watcher = Screen(browser, TABLET, "watching-tablet", shots)
    watcher.page.goto(f"{live_server.url}/games/{game_id}")
    watcher.wait_version(0)
    assert watcher.page.locator("[data-do=roll]").count() == 0  # watching: no entry

    # The rolls: every face tapped; the send button counts the dice.
    tap_roll(phone, "Ann", ANN_BELT[:7], send=False)
    assert page.locator("#panel [data-do=roll]").is_disabled()
    phone.tap("#panel [data-chosen-die='dessert:dessert_2']")  # taken back, then again
    phone.tap(f"#panel [data-pick='{ANN_BELT[6]}']")
    phone.tap(f"#panel [data-pick='{ANN_BELT[7]}']")
    shot(phone, "sr-02-roll-entry")
    phone.tap("#panel [data-do=roll]")
    phone.wait_version(1)
    assert page.locator("#panel [data-roll-for=Ben][aria-pressed=true]").count() == 1
    tap_roll(phone, "Ben", BEN_BELT)
    phone.wait_version(2)

    # Ben holds the red belt: he plays first. A Menu token re-rolls two dice.
    assert "Ben's turn" in page.locator("#turn").inner_text()
    assert page.locator("[data-player-card=Ben] [data-red-belt]").count() == 1
    phone.tap("#panel [data-mode=menu]")
    phone.tap("#panel [data-belt-die='appetizer:dumpling']")
    phone.tap("#panel [data-belt-die='maki:maki_1']")
    shot(phone, "sr-03-menu-token")
    phone.tap("#panel [data-do=use-menu]")
    phone.wait_version(3)
    page.wait_for_selector("body[data-phase=reroll]")
    for die in TAPPED[3]["dice"]:
        phone.tap(f"#panel [data-pick='{die}']")
    shot(phone, "sr-04-reroll-entry")
    phone.tap("#panel [data-do=reroll]")
    phone.wait_version(4)

    # A Chopsticks token swaps Ben's sashimi with one of Ann's tempura, then Ben takes a maki.
    phone.tap("#panel [data-mode=chopsticks]")
    phone.tap("#panel [data-belt-die='appetizer:sashimi']")
    phone.tap("#panel [data-other-belt=Ann] [data-take-die='appetizer:tempura']")
    shot(phone, "sr-05-chopsticks")
    phone.tap("#panel [data-do=use-chopsticks]")
    phone.wait_version(5)
    ben_tokens = page.locator("#live-score [data-tokens=Ben]")
    assert ben_tokens.locator("[data-menu]").get_attribute("data-menu") == "2"
    assert ben_tokens.locator("[data-chopsticks]").get_attribute("data-chopsticks") == "1"
    phone.tap("#panel [data-belt-die='maki:maki_3']")  # one tap takes it
    phone.wait_version(6)
    assert "Ann's turn" in page.locator("#turn").inner_text()
    phone.tap("#panel [data-belt-die='special:wasabi']")  # one tap takes it
    phone.wait_version(7)
    watcher.wait_version(7)

    # The belts passed: they are rolled again (through the API); Ann holds the red belt now.
    actions = list(TAPPED)
    for _ in range(2):
        action = next_table_action(actions)
        post_json(live_server, f"/api/games/{game_id}/actions", action, token)
        actions.append(action)
    phone.wait_version(9)
    assert "Ann's turn" in page.locator("#turn").inner_text()
    assert page.locator("[data-player-card=Ann] [data-red-belt]").count() == 1
    phone.tap("#panel [data-belt-die='nigiri:squid']")  # one tap takes it
    phone.wait_version(10)
    actions.append({"kind": "pick", "player": "Ann", "die": "nigiri:squid"})
    watcher.wait_version(10)
    on_wasabi = watcher.page.locator("[data-tray-of=Ann] .sr-die.on-wasabi")
    assert on_wasabi.get_attribute("data-tray-die") == "nigiri:squid"
    expected = engine_view(actions)
    for i, name in enumerate(NAMES):
        points = watcher.page.locator(f"[data-player-card={name}] [data-live-points]")
        assert points.get_attribute("data-live-points") == str(
            sum(line["points"] for line in expected["live"][i])), name
    watcher.page.locator("[data-player-card=Ann] summary").click()
    shot(phone, "sr-06-turn-2")
    shot(watcher, "sr-07-live-breakdown")

    # The rest of the round through the API.
    while engine_state(actions).round == 1:
        action = next_table_action(actions)
        post_json(live_server, f"/api/games/{game_id}/actions", action, token)
        actions.append(action)
    phone.wait_version(len(actions))
    watcher.wait_version(len(actions))
    expected = engine_view(actions)
    assert expected["round"] == 2 and expected["red"] == "Ann"  # 7 passes: the first changes
    for screen in (phone, watcher):
        board = screen.page.locator("[data-scoreboard]")
        for p in expected["players"]:
            row = board.locator(f"tr[data-player={p['name']}]")
            assert row.locator("[data-round='1']").inner_text() == str(p["round_points"][0])
            assert row.locator("[data-total]").inner_text() == str(p["round_points"][0])
    history = page.locator("#history").inner_text()
    assert "Ben used a Menu token to re-roll" in history
    assert "Ann took a Nigiri die showing Squid" in history
    shot(phone, "sr-08-scoreboard")
    shot(watcher, "sr-08-scoreboard")
    assert phone.errors == [] and watcher.errors == []


def test_a_tray_in_scoring_mode_with_a_nigiri_on_a_wasabi_and_a_refusal(
    browser: Any, live_server: LiveServer, shots: Path
) -> None:
    players = [{"name": "Ann", "colour": "red"}, {"name": "Ben", "colour": "blue"}]
    created = post_json(live_server, "/api/games", {
        "game": "sushi-roll", "players": players, "options": {"mode": "scoring"}})
    game_id, token = created["id"], created["host_token"]
    phone = Screen(browser, PHONE, "phone", shots)
    phone.open_as_host(live_server, game_id, token)
    page = phone.page
    tray = ["appetizer:tempura"] * 4 + ["appetizer:sashimi"] * 2 + ["special:wasabi"]
    for die in tray:
        phone.tap(f"#panel [data-pick='{die}']")
    page.locator("#panel .sr-on-wasabi summary").click()
    phone.tap("#panel .sr-on-wasabi [data-pick='nigiri:squid']")
    phone.tap("#panel [data-stepper=desserts] [aria-label$='one more']")  # 0
    phone.tap("#panel [data-stepper=desserts] [aria-label$='one more']")  # 1 dessert: wrong
    phone.tap("#panel [data-stepper=menu] [aria-label$='one more']")
    shot(phone, "sr-09-tray-entry")
    phone.tap("#panel [data-do=enter-tray]")
    refusal = page.locator("[data-refusal]")
    refusal.wait_for()
    assert "Ann: 1 dessert in tokens, but Ann had 0" in refusal.inner_text()
    shot(phone, "sr-10-tray-refused")
    phone.tap("#panel [data-stepper=desserts] [aria-label$='one fewer']")
    phone.tap("#panel [data-stepper=desserts] [aria-label$='one fewer']")  # back to "as shown"
    phone.tap("#panel [data-do=enter-tray]")
    phone.wait_version(1)
    view = api_snapshot(live_server, game_id, token)["view"]
    entry = view["players"][0]["entry"]
    assert entry["on_wasabi"] == ["nigiri:squid"] and entry["menu"] == 1
    assert view["live"][0] and sum(x["points"] for x in view["live"][0]) == 17 + 9
    assert page.locator("#panel [data-entry-for=Ben][aria-pressed=true]").count() == 1
    shot(phone, "sr-11-tray-entered")
    assert phone.errors == []
