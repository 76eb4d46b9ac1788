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
