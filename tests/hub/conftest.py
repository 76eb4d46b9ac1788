"""Fixtures of the hub's tests: a real PostgreSQL cluster (``tests/hub/postgres.py``).

Outside CI a machine without PostgreSQL skips the hub's tests with the reason; in CI (``CI``
set) a missing PostgreSQL fails them loudly.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from tests.hub.live import LiveHub
from tests.hub.postgres import Cluster, missing_reason


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[Cluster]:
    reason = missing_reason()
    if reason is not None:
        if os.environ.get("CI"):
            pytest.fail(f"CI needs PostgreSQL for the hub tests: {reason}")
        pytest.skip(reason)
    cluster = Cluster.start()
    try:
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture
def hub_dsn(pg_cluster: Cluster) -> str:
    """A fresh, empty database on the session's cluster, migrated to the hub's schema."""
    from companion.hub.store import migrate

    dsn = pg_cluster.new_database()
    migrate(dsn)
    return dsn


@pytest.fixture
def hub(hub_dsn: str) -> Iterator[LiveHub]:
    """A hub server over a fresh database (:class:`~tests.hub.live.LiveHub`), closed after."""
    live = LiveHub(hub_dsn)
    yield live
    live.close()
