"""``companion hub serve``'s refusals: no database, not a PostgreSQL URL, a database that
cannot be reached (one line each, exit status 2). The running command is driven by the fault
tests (``test_faults.py``)."""

from __future__ import annotations

import io
import socket

import pytest

from companion.cli import main
from companion.hub.service import serve_hub


def test_the_hub_needs_a_postgresql_url(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("COMPANION_HUB_DB", raising=False)
    err = io.StringIO()
    assert main(["hub", "serve"], out=io.StringIO(), err=err) == 2
    assert "COMPANION_HUB_DB" in err.getvalue()
    err = io.StringIO()
    assert main(["hub", "serve", "--db", "mysql://cafe"], out=io.StringIO(), err=err) == 2
    assert "postgresql://" in err.getvalue()


def test_a_database_that_does_not_answer_is_one_line() -> None:
    with socket.socket() as closed:
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]
    out = io.StringIO()
    assert serve_hub(f"postgresql://cafe@127.0.0.1:{port}/hub", port=0, out=out) == 2
    assert out.getvalue().startswith("hub: the database cannot be used: ")
    assert len(out.getvalue().splitlines()) == 1
