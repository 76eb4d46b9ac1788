"""Sushi Roll in few taps (issue 24 item 7), in Debian's Chromium.

* One round turn by turn for 3 players, played on the host's phone as a family would: every tap
  counted. The round's first rolls are tapped face by face (the dice come from the bag), then
  each player takes a die with one tap; later turns skip the rolls: the red belt's holder taps
  the face of the die taken. At most 60 taps for the round (it took 147 before: every belt
  tapped face by face every turn, and a tap to confirm each pick); the round's points are the
  engine's for the same dice.
* The new-game form gives Sushi Roll "Trays at round end" by default, and offers the camera as
  where the dice come from (never the dice tower, which cannot read icon dice).

Screenshots: ``test-output/screenshots/sr-quick-*.png`` and ``sr-new-game-*.png``, on a phone
(390x844) and a tablet (1180x820).
"""

from __future__ import annotations

import json
import random
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.games import find_game
from companion.games.base import PlayerSpec
from companion.games.sushi_roll.dice import KIND_FACES, DieKind, is_unread
from companion.games.sushi_roll.legal import chance_action
from companion.session.session import Session
from tests.web.browser_support import PHONE, Screen, api_snapshot, post_json
from tests.web.icon_dice_support import filmed_hook
from tests.web.web_support import LiveServer, make_app, serving, test_owner

pytestmark = pytest.mark.browser

NAMES = ["Ann", "Ben", "Cat"]
TABLET = {"width": 1180, "height": 820}
MAX_TAPS = 60


def api_get(server: LiveServer, path: str) -> Any:
    with urllib.request.urlopen(f"{server.url}{path}", timeout=10) as answer:
        return json.load(answer)


def shot(screen: Screen, label: str) -> None:
    screen.shot(label)
    wide = screen.page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert wide <= 0, f"{label} on the {screen.name} scrolls sideways by {wide} px"


def face_taken(belt: tuple[str, ...], rng: random.Random) -> str:
    """The die a player takes: one of the belt, its face rolled anew when it was not entered."""
    die = rng.choice(belt)
    if not is_unread(die):
        return die
    kind = DieKind(die.split(":")[0])
    return f"{kind.value}:{rng.choice(KIND_FACES[kind])}"


def test_a_round_turn_by_turn_for_3_players_takes_at_most_60_taps(
    browser: Any, live_server: LiveServer, shots: Path
) -> None:
    colours = ["red", "blue", "green"]
    players = [{"name": n, "colour": c} for n, c in zip(NAMES, colours, strict=True)]
    created = post_json(live_server, "/api/games", {
        "game": "sushi-roll", "players": players, "options": {"mode": "turns"}})
    game_id, token = created["id"], created["host_token"]
    phone = Screen(browser, PHONE, "phone", shots)
    phone.open_as_host(live_server, game_id, token)
    tablet = Screen(browser, TABLET, "tablet", shots)
    tablet.open_as_host(live_server, game_id, token)
    page = phone.page

    engine = find_game("sushi-roll")
    state = engine.setup([PlayerSpec(n) for n in NAMES], {"mode": "turns"})
    rng = random.Random(24)
    version = 0
    shown: set[str] = set()
    while state.round == 1:
        if state.phase.value == "roll" and state.turn == 1:
            # the dice from the bag: each face tapped, then the belt sent (the next comes next)
            action = chance_action(state, rng)
            assert action is not None
            name = action.player  # type: ignore[attr-defined]
            assert page.locator(f"#panel [data-roll-for={name}][aria-pressed=true]").count() == 1
            for die in action.dice:  # type: ignore[attr-defined]
                phone.tap(f"#panel [data-pick='{die}']")
            phone.tap("#panel [data-do=roll]")
        else:
            seat = state.current if state.phase.value == "pick" else state.red
            belt = state.seats[seat].belt
            if state.phase.value == "roll":
                belt = tuple(f"{r.split(':')[0]}:?" for r in belt)  # rolled anew: faces unseen
                assert "every belt is rolled again" in page.locator("[data-quick]").inner_text()
                if "turn-2" not in shown:
                    shown.add("turn-2")
                    tablet.wait_version(version)
                    shot(phone, "sr-quick-02-later-turn")
                    shot(tablet, "sr-quick-02-later-turn")
            elif "turn-1" not in shown:
                shown.add("turn-1")
                tablet.wait_version(version)
                shot(phone, "sr-quick-01-first-pick")
                shot(tablet, "sr-quick-01-first-pick")
            die = face_taken(belt, rng)
            name = state.names[seat]
            assert name in page.locator("#turn").inner_text()
            phone.tap(f"#panel [data-take='{die}']")
            action = engine.actions.from_json({"kind": "pick", "player": name, "die": die})
        state, _ = engine.apply(state, action)
        version += 1
        phone.wait_version(version)
        assert phone.banner() is None

    print(f"one round, 3 players, turn by turn: {phone.taps} taps")
    assert phone.taps <= MAX_TAPS, f"a round took {phone.taps} taps"
    view = api_snapshot(live_server, game_id, token)["view"]
    assert view["round"] == 2
    expected = engine.view(state, None)
    assert [p["round_points"] for p in view["players"]] == [
        p["round_points"] for p in expected["players"]]
    tablet.wait_version(version)
    shot(tablet, "sr-quick-03-round-scored")
    assert phone.errors == [] and tablet.errors == []


@pytest.fixture
def filmed_server(session: Session, tmp_path: Path) -> Iterator[LiveServer]:
    """A live server whose icon-dice camera runs (a stand-in reader)."""
    hook, _ = filmed_hook(session, tmp_path)
    with serving(make_app(session, icon=hook, owner=test_owner()), session) as server:
        yield server


def test_without_a_camera_the_form_shows_the_camera_choice_greyed_out(
    browser: Any, live_server: LiveServer, shots: Path
) -> None:
    screen = Screen(browser, PHONE, "phone", shots)
    page = screen.page
    page.goto(f"{live_server.url}/#new")
    page.wait_for_selector("#title option[value=sushi-roll]", state="attached")
    page.select_option("#title", "sushi-roll")
    page.wait_for_selector("[data-roll-source=camera]")
    assert page.locator("[data-roll-source=camera]").is_disabled()
    assert page.locator("[data-roll-source=tap][aria-pressed=true]").count() == 1
    assert screen.errors == []


def test_the_new_game_form_gives_sushi_roll_trays_at_round_end_and_offers_the_camera(
    browser: Any, filmed_server: LiveServer, shots: Path
) -> None:
    live_server = filmed_server
    for viewport, name in ((PHONE, "phone"), (TABLET, "tablet")):
        screen = Screen(browser, viewport, name, shots)
        page = screen.page
        page.goto(f"{live_server.url}/#new")
        page.wait_for_selector("#title option[value=sushi-roll]", state="attached")
        page.select_option("#title", "sushi-roll")
        page.wait_for_selector("[data-option=mode][data-value=scoring][aria-pressed=true]")
        scoring = page.locator("[data-option=mode][data-value=scoring]")
        assert "Trays at round end" in scoring.inner_text()
        assert "Turn by turn" in page.locator("[data-option=mode][data-value=turns]").inner_text()
        field = page.locator("#roll-source-field")
        assert field.is_visible()
        assert page.locator("[data-roll-source=tap][aria-pressed=true]").count() == 1
        page.wait_for_selector("[data-roll-source=camera]:not([disabled])")
        assert page.locator("[data-roll-source=tower]").count() == 0  # it cannot read icon dice
        screen.tap("[data-roll-source=camera]")
        assert "camera" in page.locator("#roll-source-note").inner_text().lower()
        shot(screen, "sr-new-game")
        if name == "tablet":
            for i, player in enumerate(NAMES):
                page.locator(".player-row input").nth(i).fill(player)
            page.click("text=Start the game")
            page.wait_for_url("**/games/*")
            game_id = int(page.url.rsplit("/", 1)[1])
            snap = api_snapshot(live_server, game_id, screen.token(game_id))
            assert snap["view"]["mode"] == "scoring" and snap["roll_source"] == "camera"
            # the camera is this game's at once (it was free)
            held = api_get(live_server, "/api/devices")["camera"]
            assert held and held["id"] == game_id
        assert screen.errors == []
