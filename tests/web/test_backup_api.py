"""The tablet's "Back up now" (issue 27 item A.4): POST /api/owner/backup is for the owner only
and downloads a backup that restores to the same games."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from companion.backup import DB_FILE, restore
from companion.owner import Owner
from companion.session.log import GameLog
from companion.session.session import Session
from tests.played_games import play
from tests.web.web_support import make_app

PIN = "246810"


@pytest.fixture
def table(tmp_path: Path) -> Iterator[tuple[FlaskClient, Session]]:
    data = tmp_path / "table"
    data.mkdir()
    log = GameLog(data / DB_FILE)
    session = Session(log)
    app = make_app(session, owner=Owner.in_memory(PIN))
    yield app.test_client(), session
    session.close()
    log.close()


def test_only_the_owner_may_take_a_backup(table: tuple[FlaskClient, Session]) -> None:
    client, session = table
    play(session, "sushi-go", seed=1, stop=5)
    answer = client.post("/api/owner/backup", json={})
    assert answer.status_code == 403
    assert "owner" in answer.get_json()["reason"]
    answer = client.post("/api/owner/backup", json={}, headers={"X-Companion-Owner": "made-up"})
    assert answer.status_code == 403


def test_the_owner_downloads_a_backup_that_restores(
    table: tuple[FlaskClient, Session], tmp_path: Path
) -> None:
    client, session = table
    game = play(session, "sushi-go", seed=1)
    token = client.post("/api/owner/session", json={"pin": PIN}).get_json()["owner_token"]
    answer = client.post("/api/owner/backup", json={}, headers={"X-Companion-Owner": token})
    assert answer.status_code == 200
    assert answer.mimetype == "application/gzip"
    assert "companion-backup-" in answer.headers["Content-Disposition"]
    assert answer.headers["X-Backup-Games"] == "1"
    file = tmp_path / "download.tar.gz"
    file.write_bytes(answer.get_data())
    answer.close()
    restore(file, tmp_path / "new")
    restored = GameLog(tmp_path / "new" / DB_FILE)
    assert restored.entries(game) == session.log.entries(game)
    restored.close()
    leftovers = [p.name for p in (tmp_path / "table").iterdir() if p.name.startswith(".backup")]
    assert leftovers == []
