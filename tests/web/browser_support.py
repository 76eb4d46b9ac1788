"""Helpers of the browser tests (the fixtures ``browser`` and ``shots`` are in conftest.py):
Debian's Chromium through Playwright, one :class:`Screen` per device, API calls over HTTP.

Screenshots go to ``test-output/screenshots/`` (git-ignored); every screenshot also checks that
each visible control is at least 44 px in both directions.
"""

from __future__ import annotations

import json
import os
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from tests.web.web_support import LiveServer

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run",
]
PHONE = {"width": 390, "height": 844}
TABLET = {"width": 1024, "height": 768}
SHOTS = Path(__file__).resolve().parents[2] / "test-output" / "screenshots"
STEP_MS = 15000
MIN_TARGET_PX = 44
#: Visible buttons, links styled as controls and inputs smaller than the minimum in either
#: direction (a text input may be wider than tall; its height still counts).
SMALL_TARGETS_JS = """min => [...document.querySelectorAll(
    'button, [role=button], input:not([type=hidden]), select, a.button')]
  .filter(el => el.offsetParent !== null)
  .map(el => [el, el.getBoundingClientRect()])
  .filter(([el, r]) => r.height < min - 0.5 || r.width < min - 0.5)
  .map(([el, r]) => {
    const text = el.innerText || el.value || el.getAttribute('aria-label') || '';
    return `${el.tagName.toLowerCase()} "${text.trim().slice(0, 20)}" `
      + `${Math.round(r.width)}x${Math.round(r.height)}`;
  })
"""


def missing(message: str) -> None:
    """A tool the browser tests need is missing: a failure in CI (``CI`` set), else a skip
    that says what to install."""
    if os.environ.get("CI"):
        pytest.fail(message)
    pytest.skip(message)


def need_chromium() -> None:
    if not CHROMIUM.exists():
        missing(f"{CHROMIUM} is missing: install Debian's chromium package to run browser tests")


def need_playwright() -> Any:
    """Playwright's ``sync_playwright``, or a skip (a failure in CI) when it is not installed."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        missing("Playwright for Python is missing: `bin/setup-env test` installs it")
    return sync_playwright


class Screen:
    """One device: a browser context with its own localStorage, and its page."""

    def __init__(self, browser: Any, viewport: dict[str, int], name: str, shots: Path) -> None:
        self.context = browser.new_context(viewport=viewport)
        self.page = self.context.new_page()
        self.page.set_default_timeout(STEP_MS)
        self.name = name
        self.shots = shots
        self.errors: list[str] = []
        self.taps = 0  # every tap() counts, for the "few taps" checks
        self.page.on("pageerror", lambda exc: self.errors.append(str(exc)))

    def shot(self, label: str) -> None:
        """Save a full-page screenshot, after checking every control on it can be tapped."""
        self.page.evaluate("window.scrollTo(0, 0)")  # sticky bars sit where the page scrolled
        self.page.screenshot(path=str(self.shots / f"{label}-{self.name}.png"), full_page=True)
        small = self.page.evaluate(SMALL_TARGETS_JS, MIN_TARGET_PX)
        assert not small, f"{label} on the {self.name}: touch targets under 44 px: {small}"

    def tap(self, selector: str) -> None:
        self.page.locator(selector).first.click()
        self.taps += 1

    def open_as_host(self, server: LiveServer, game_id: int, token: str) -> None:
        """Open game ``game_id`` as its host (the token stored as the home page would)."""
        self.page.goto(f"{server.url}/")
        self.page.evaluate(
            "([id, token]) => localStorage.setItem(`companion.game.${id}`,"
            " JSON.stringify({token, role: 'host', seat: null}))", [game_id, token])
        self.page.goto(f"{server.url}/games/{game_id}")
        self.wait_version(0)

    def wait_version(self, version: int) -> None:
        self.page.wait_for_function(
            "v => Number(document.body.dataset.version) >= v", arg=version, timeout=STEP_MS
        )

    def banner(self) -> str | None:
        banner = self.page.locator("#banner")
        return banner.inner_text() if banner.is_visible() else None

    def token(self, game_id: int) -> str:
        stored = self.page.evaluate(f"localStorage.getItem('companion.game.{game_id}')")
        token: str = json.loads(stored)["token"]
        return token


def open_as(screen: Screen, server: LiveServer, game_id: int, token: str, role: str,
            seat: int | None) -> None:
    """Open game ``game_id`` on ``screen`` with the credential ``token`` of ``role`` (``host``
    or ``seat``) at ``seat``, stored as the home page would."""
    screen.page.goto(f"{server.url}/")
    screen.page.evaluate(
        "([id, cred]) => localStorage.setItem(`companion.game.${id}`, JSON.stringify(cred))",
        [game_id, {"token": token, "role": role, "seat": seat}])
    screen.page.goto(f"{server.url}/games/{game_id}")
    screen.wait_version(0)


def in_french(screen: Screen, server: LiveServer) -> None:
    """Make ``screen`` a French device: the home page opened, French chosen in its storage and
    its language cookie (open the game after)."""
    screen.page.goto(f"{server.url}/")
    screen.page.evaluate("localStorage.setItem('companion.lang', 'fr')")
    screen.context.add_cookies([{"name": "companion_lang", "value": "fr", "url": server.url}])


def card_shot(screen: Screen, selector: str, path: Path) -> None:
    """A picture of one card as it lies on the page (not under the sticky top bar)."""
    screen.page.evaluate("window.scrollTo(0, 0)")
    box = screen.page.locator(selector).bounding_box()
    assert box is not None
    screen.page.screenshot(path=str(path), full_page=True, clip=box)


def api_snapshot(server: LiveServer, game_id: int, token: str) -> dict[str, Any]:
    request = urllib.request.Request(f"{server.url}/api/games/{game_id}",
                                     headers={"X-Companion-Token": token})
    with urllib.request.urlopen(request, timeout=10) as answer:
        data: dict[str, Any] = json.load(answer)
        return data


def post_json(server: LiveServer, path: str, body: Any, token: str | None = None) -> Any:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["X-Companion-Token"] = token
    request = urllib.request.Request(f"{server.url}{path}", data=json.dumps(body).encode(),
                                     headers=headers, method="POST")
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.load(answer)


def party_game(server: LiveServer) -> Any:
    """A new Sushi Go Party! game (the My First Meal menu) for Ann and Ben, as ``POST
    /api/games`` answers it (``id``, ``host_token``, ``join_code``, ...)."""
    return post_json(server, "/api/games", {
        "game": "sushi-go-party", "players": [{"name": "Ann"}, {"name": "Ben"}],
        "options": {"menu": "my_first_meal"}})


def join(server: LiveServer, created: Any, seat: int) -> str:
    """The token of ``seat`` in the game ``created`` (as ``POST /api/games`` answered it)."""
    token: str = post_json(server, f"/api/games/{created['id']}/join",
                           {"code": created["join_code"], "seat": seat})["token"]
    return token


def icon_dice_game(server: LiveServer) -> tuple[int, str]:
    """A new Sushi Roll game turn by turn for Ann and Ben (Ben starts) whose dice the camera
    reads: its id and its host's token."""
    created = post_json(server, "/api/games", {
        "game": "sushi-roll", "players": [{"name": "Ann"}, {"name": "Ben"}],
        "options": {"mode": "turns", "start_player": 1}, "roll_source": "camera"})
    return created["id"], created["host_token"]


def fill_players(page: Any, players: list[dict[str, str]]) -> None:
    """Type each player's name and pick their colour on the new-game form, and wait until
    the form shows them all: the rows are drawn again when the known players arrive
    (players.js), and a name typed into a row as it was being replaced was once lost on a
    busy machine (the test then waited in vain for the game page)."""
    rows = page.locator(".player-row input")
    for _ in range(3):
        for i, player in enumerate(players):
            if rows.nth(i).input_value() != player["name"]:
                rows.nth(i).fill(player["name"])
            page.locator(".player-row").nth(i).locator(f"[aria-label={player['colour']}]").click()
        shown = [rows.nth(i).input_value() for i in range(len(players))]
        if shown == [player["name"] for player in players]:
            return
    raise AssertionError(f"the new-game form shows {shown}, not the names typed")
