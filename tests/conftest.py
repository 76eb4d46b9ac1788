"""Fixtures every test folder shares: a real :class:`Session` over a SQLite log on disk."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

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
