"""Fixtures every test folder shares: a real :class:`Session` over a SQLite log on disk, and
Debian's Chromium for the browser tests of ``tests/web`` and ``tests/hub``."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.session.log import GameLog
from companion.session.session import Session


@pytest.fixture
def session(tmp_path: Path) -> Iterator[Session]:
    """A session over ``companion.sqlite3`` in the test's own folder, closed after it."""
    log = GameLog(tmp_path / "companion.sqlite3")
    session = Session(log)
    yield session
    session.close()
    log.close()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The tests marked ``slow`` run first, in the files' order otherwise (the same in every
    worker): with pytest-xdist's worksteal, a long test begun last keeps one core busy alone
    at the end of the run (the dice tower soak takes about 90 s)."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)


class _Chromium:
    """One Chromium per test process (per pytest-xdist worker), launched at its first use and
    again if it has gone (a test that crashed it fails alone)."""

    def __init__(self, playwright: Any) -> None:
        self.playwright = playwright
        self.browser: Any = None

    def get(self) -> Any:
        from tests.web import browser_support

        if self.browser is None or not self.browser.is_connected():
            self.browser = self.playwright.chromium.launch(
                executable_path=str(browser_support.CHROMIUM),
                args=browser_support.CHROMIUM_ARGS)
        return self.browser


@pytest.fixture(scope="session")
def chromium() -> Iterator[_Chromium]:
    """Playwright and Debian's Chromium for the whole test process (skipped on a desk without
    either, a failure in CI; ``tests/web/browser_support.py``). Launching both for each test
    cost about a second a test on two cores; each test still gets its own browser contexts
    (``browser``), so no cookie, storage or page outlives it. Playwright's sync API keeps an
    asyncio loop running on this thread while it lives: no test may use asyncio (none does)."""
    from tests.web import browser_support  # Playwright is imported here only

    sync_playwright = browser_support.need_playwright()
    browser_support.need_chromium()
    with sync_playwright() as playwright:
        shared = _Chromium(playwright)
        yield shared
        if shared.browser is not None and shared.browser.is_connected():
            shared.browser.close()


@pytest.fixture
def browser(chromium: _Chromium) -> Iterator[Any]:
    """The process's Chromium (``chromium``); every context and page the test opened in it is
    closed after the test, so each test starts with none."""
    browser = chromium.get()
    yield browser
    if browser.is_connected():
        for context in list(browser.contexts):
            context.close()
