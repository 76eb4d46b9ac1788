"""A whole Sushi Express game played through the UI in Debian's Chromium, on two screens at once.

The host's tablet (1024x768) creates the game on the home page; Ben's phone (390x844) joins with
the join code and claims his seat. Every action is a tap on one of the two screens; after each,
both screens must show the new version through their live streams. The engine, fed the same
actions, is the test's brain: it draws fair table inputs (cards turned up, dice) and checks the
screens offer what the rules allow. Ben's private records of drawn cards never reach the host.

Screenshots of every main screen go to ``test-output/screenshots/`` (git-ignored).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from companion.games import find_game
from companion.games.base import Message, PlayerSpec
from tests.web import browser_support
from tests.web.browser_support import (
    PHONE,
    TABLET,
    Screen,
    api_snapshot,
    need_chromium,
    post_json,
)
from tests.web.web_support import PLAYERS, LiveServer

pytestmark = pytest.mark.browser
BEN = 1


class Table:
    """The game as the engine sees it, kept in step with Ben's history (his view holds every
    action: the public ones and his own private records)."""

    def __init__(self) -> None:
        self.engine = find_game("sushi-express")
        self.state = self.engine.setup([PlayerSpec.from_json(p) for p in PLAYERS], {})
        self.applied = 0
        self.rng = random.Random(2024)

    def catch_up(self, history: list[dict[str, Any]]) -> None:
        for entry in history[self.applied:]:
            action = self.engine.actions.from_json(entry["action"])
            self.state, _ = self.engine.apply(self.state, action)
        self.applied = len(history)

    def table_input(self) -> Message | None:
        return self.engine.chance_action(self.state, self.rng)


def create_game_on_the_tablet(host: Screen, server: LiveServer) -> int:
    page = host.page
    page.goto(f"{server.url}/")
    page.wait_for_selector("#no-games")  # the list has loaded (and is empty)
    host.shot("01-home")
    page.click("button.tab[data-tab=new]")
    rows = page.locator(".player-row input")
    for i, player in enumerate(PLAYERS):
        rows.nth(i).fill(player["name"])
        page.locator(".player-row").nth(i).locator(f"[aria-label={player['colour']}]").click()
    page.locator("[data-option=stack_lowest]").first.click()
    host.shot("02-new-game")
    page.click("text=Start the game")
    page.wait_for_url("**/games/*")
    page.wait_for_selector("[data-join-code]")
    return int(page.url.rsplit("/", 1)[1])


def join_on_the_phone(phone: Screen, server: LiveServer, game_id: int, code: str) -> None:
    page = phone.page
    page.goto(f"{server.url}/")
    page.wait_for_selector(f"[data-game='{game_id}']")
    page.click("button.tab[data-tab=join]")
    page.select_option("#join-id", str(game_id))
    page.fill("#join-code", code.lower())
    phone.shot("03-join")
    page.click("#join-game button[type=submit]")
    page.wait_for_selector("[data-seat='1']")
    phone.shot("04-claim-seat")
    page.click("[data-seat='1']")
    page.wait_for_url(f"**/games/{game_id}")
    page.wait_for_selector("#whoami .dot")
    assert "Ben" in page.locator("#whoami").inner_text()


class Game:
    """Plays the game: each step is one tap (or a few for dice and cards) on one screen."""

    def __init__(self, server: LiveServer, game_id: int, host: Screen, phone: Screen) -> None:
        self.server, self.id, self.host, self.phone = server, game_id, host, phone
        self.host_token, self.ben_token = host.token(game_id), phone.token(game_id)
        self.table = Table()
        self.version = 0
        self.seen: set[str] = set()
        self.recorded: list[str] = []

    def snapshots(self) -> tuple[dict[str, Any], dict[str, Any]]:
        host = api_snapshot(self.server, self.id, self.host_token)
        ben = api_snapshot(self.server, self.id, self.ben_token)
        self.table.catch_up(ben["history"])
        self.version = host["version"]
        return host, ben

    def screen_for(self, player: str | None) -> Screen:
        return self.phone if player == PLAYERS[BEN]["name"] else self.host

    def first(self, label: str, *screens: Screen) -> None:
        """A screenshot the first time a screen shows ``label``."""
        if label in self.seen:
            return
        self.seen.add(label)
        for screen in screens:
            screen.shot(label)

    def done(self, screen: Screen) -> None:
        """Both screens show the next version (the other one through its live stream)."""
        expected = self.version + 1
        try:
            self.host.wait_version(expected)
            self.phone.wait_version(expected)
        except Exception as exc:
            banner = screen.banner()
            raise AssertionError(f"version {expected} not shown; banner: {banner}") from exc

    def play_table_input(self, action: Message, view: dict[str, Any]) -> None:
        data = action.to_json()
        if data["kind"] == "reveal_customers":
            screen = self.host
            for card in data["cards"]:
                screen.tap(f"[data-palette] [data-card={card}]")
            screen.tap("[data-do=reveal]")
            return
        screen = self.screen_for(data["player"])  # Ben enters his own dice on his phone
        for die, face in enumerate(data["dice"]):
            screen.tap(f"[data-die='{die}'][data-face='{face}']")
        self.first("07-dice-entry", screen)
        screen.tap("[data-do=roll]")

    def play_decision(self, legal: list[dict[str, Any]], view: dict[str, Any]) -> None:
        kinds = {a["kind"] for a in legal}
        if "guess" in kinds:
            plain = [a for a in legal if a["kind"] == "guess" and not a["same_guess"]]
            choice = self.table.rng.choice(plain)
            screen = self.screen_for(choice["player"])
            if screen is self.phone:
                self.first("06-guess-board", self.phone, self.host)
            screen.tap(f"#board [data-number='{choice['number']}']")
        elif "take_customer" in kinds:
            take = next(a for a in legal if a["kind"] == "take_customer")
            self.first("08-take-customer", self.screen_for(take["player"]))
            self.screen_for(take["player"]).tap(f"#panel [data-card={take['card']}]")
        elif "move" in kinds:
            mover = next(a for a in legal if a["kind"] == "move")["player"]
            screen = self.screen_for(mover)
            self.first("08-ring-move", screen, self.host if screen is self.phone else self.phone)
            screen.tap("[data-do=move]")
        elif "deliver" in kinds:
            player = next(a for a in legal if a["kind"] == "deliver")["player"]
            screen = self.screen_for(player)
            self.first("09-delivery", screen)
            can_discard = any(a["kind"] == "deliver" and not a["keep"] for a in legal)
            screen.tap("[data-do=discard]" if can_discard else "[data-do=keep]")
        elif "give_up" in kinds:
            screen = self.screen_for(next(a for a in legal if a["kind"] == "give_up")["player"])
            if "re_roll" in kinds:
                self.first("07-re-roll-or-give-up", screen)
            screen.tap("[data-do=give-up]")
        elif "declare_tips" in kinds:
            tips = next(a for a in legal if a["kind"] == "declare_tips")
            self.first("10-tips", self.screen_for(tips["player"]))
            self.screen_for(tips["player"]).tap(
                f"[data-player={tips['player']}] [data-tips='{tips['tips']}']")
        else:
            raise AssertionError(f"no way to go on from {sorted(kinds)}")

    def record_bens_draws(self, ben: dict[str, Any]) -> bool:
        """Ben records a drawn card on his phone (a private action); True if he did."""
        records = [a for a in ben["view"]["legal"] if a["kind"] == "record_draw"]
        if not records:
            return False
        card = self.table.rng.choice(records)["card"]
        self.phone.tap(f"#draw [data-record={card}]")
        self.recorded.append(card)
        self.done(self.phone)
        host_text = self.host.page.locator("main").inner_text()
        assert " drew " not in host_text, "Ben's private record reached the host's screen"
        assert self.host.page.locator("#hand").is_hidden()
        return True

    def step(self) -> bool:
        """One action; False once the game is over."""
        host, ben = self.snapshots()
        view = host["view"]
        if view["phase"] == "over":
            return False
        if self.record_bens_draws(ben):
            return True
        action = self.table.table_input()
        if action is not None:
            self.play_table_input(action, view)
        else:
            self.play_decision(view["legal"], view)
        self.done(self.host)
        return True


@pytest.mark.slow
def test_a_game_on_a_tablet_and_a_phone(
    browser: Any, live_server: LiveServer, shots: Path
) -> None:
    host = Screen(browser, TABLET, "tablet", shots)
    phone = Screen(browser, PHONE, "phone", shots)
    game_id = create_game_on_the_tablet(host, live_server)
    code = host.page.locator("[data-join-code]").inner_text()
    host.page.wait_for_selector(".qr svg")
    join_on_the_phone(phone, live_server, game_id, code)
    host.shot("05-reveal")
    phone.shot("05-reveal")

    game = Game(live_server, game_id, host, phone)
    for _ in range(600):
        if not game.step():
            break
    else:
        raise AssertionError("the game did not end in 600 actions")

    for screen in (host, phone):
        screen.wait_version(game.version)
        screen.page.wait_for_selector("[data-ranking]")
        screen.shot("11-final-score")
    ranking = host.page.locator("[data-ranking] tr")
    assert ranking.count() == 3
    assert game.recorded, "Ben never drew an action card to record"
    # Ben's hand shows on his phone only; the host never sees a record or a hand.
    assert phone.page.locator("#hand").is_visible()
    assert host.page.locator("#hand").is_hidden()
    assert " drew " not in host.page.locator("#history").inner_text()
    assert " drew " in phone.page.locator("#history").inner_text()
    host.page.goto(f"{live_server.url}/")
    host.page.wait_for_selector("[data-game]")
    host.shot("12-home-after")
    assert host.errors == [] and phone.errors == []


def test_the_host_undoes_corrects_and_sees_refusals(
    browser: Any, live_server: LiveServer, shots: Path
) -> None:
    created = post_json(live_server, "/api/games", {"game": "sushi-express", "players": PLAYERS})
    game_id, token = created["id"], created["host_token"]
    host = Screen(browser, PHONE, "phone", shots)
    host.page.goto(f"{live_server.url}/")
    host.page.evaluate(
        "([id, token]) => localStorage.setItem(`companion.game.${id}`,"
        " JSON.stringify({token, role: 'host', seat: null}))", [game_id, token])
    host.page.goto(f"{live_server.url}/games/{game_id}")
    host.wait_version(0)

    # Three Rose cards: the deck has two, so the engine refuses and says why, in the banner.
    for _ in range(3):
        host.tap("[data-palette] [data-card=rose]")
    host.tap("[data-do=reveal]")
    host.page.wait_for_selector("#banner:not([hidden])")
    assert "rose" in host.banner().lower()  # type: ignore[union-attr]
    host.shot("13-refusal-banner")
    for _ in range(3):
        host.tap("[data-picked] [data-card=rose]")
    for card in ("rose", "tip", "violet"):
        host.tap(f"[data-palette] [data-card={card}]")
    host.tap("[data-do=reveal]")
    host.wait_version(1)
    # the new version may arrive on the live stream before the post's answer, which hides it
    host.page.wait_for_selector("#banner", state="hidden")

    host.tap("#board [data-number='7']")  # Ann
    host.wait_version(2)
    host.tap("#board [data-number='8']")  # Ben
    host.wait_version(3)
    host.tap("[data-do=undo]")
    host.wait_version(4)
    assert host.page.locator("#history li").count() == 2
    host.tap("[data-do=redo]")
    host.wait_version(5)
    assert host.page.locator("#history li").count() == 3

    # Ann really guessed 8: Ben's plain guess of 8 no longer holds and is set aside.
    host.tap("[data-correct='1']")
    sheet = host.page.locator("#sheet")
    host.tap("#sheet [data-fix-stepper=number] [data-step='1']")  # 7 -> 8 (issue 24 item 6)
    host.page.wait_for_function(
        "() => document.querySelector('#sheet [data-recheck]')?.innerText.includes('no longer')")
    host.tap("[data-do=save-correction]")
    sheet.locator("[data-conflicts]").wait_for()
    assert "Ben" in sheet.locator("[data-conflicts]").inner_text()
    host.shot("14-correction")
    host.page.click("#sheet >> text=Close")
    assert host.page.locator("#host [data-conflicts]").is_visible()
    assert host.errors == []


def test_without_chromium_ci_fails_and_a_desk_skips(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(browser_support, "CHROMIUM", Path("/nonexistent/chromium"))
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="chromium"):
        need_chromium()
    monkeypatch.delenv("CI")
    with pytest.raises(pytest.skip.Exception, match="chromium"):
        need_chromium()
