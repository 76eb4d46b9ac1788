"""Storage faults (issue 28 item 11): a bad game log starts SAFE MODE instead of crash-looping,
the bad file is kept byte for byte, an empty file is noted, quick_check finds a damaged page, a
write on a full disk answers 507 with "the Pi's storage is full", and ``companion repair`` sets
a bad file aside without deleting it."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from companion.session.log import GameLog
from companion.session.session import Session
from companion.storage_check import check_log
from tests.web.web_support import PLAYERS as WEB_PLAYERS
from tests.web.web_support import create_game, make_app

PLAYERS = [{"name": "Ann"}, {"name": "Ben"}]


def good_log(path: Path, games: int = 3) -> bytes:
    log = GameLog(path)
    for _ in range(games):
        log.create_game("sushi-express", {}, PLAYERS)
    log.close()
    return path.read_bytes()


def damaged_page(path: Path) -> bytes:
    """A sound log, then the cell pointers of page 3 (``sqlite_sequence``'s root) overwritten:
    the header is fine, SQLite opens it, ``quick_check`` finds the damage."""
    data = bytearray(good_log(path))
    offset = 4096 * 2
    data[offset + 8:offset + 40] = b"\xff" * 32
    path.write_bytes(bytes(data))
    return bytes(data)


@contextmanager
def serving(data_dir: Path) -> Iterator[tuple[subprocess.Popen[str], int, list[str]]]:
    """``companion serve`` on a free loopback port; yields (process, port, start-up lines)."""
    cmd = [sys.executable, "-m", "companion", "--data-dir", str(data_dir), "serve",
           "--host", "127.0.0.1", "--port", "0", "--tower", "off", "--camera", "off",
           "--gpio", "off"]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        assert proc.stdout is not None
        lines: list[str] = []
        port = 0
        deadline = time.monotonic() + 60
        while not port and time.monotonic() < deadline:
            line = proc.stdout.readline()
            if not line:
                break
            lines.append(line)
            if line.startswith("companion: open http://127.0.0.1:"):
                port = int(line.split("127.0.0.1:")[1].split("/")[0])
        assert port, f"no address printed (exit {proc.poll()}): {lines}"
        yield proc, port, lines
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def fetch(port: int, path: str, body: Any = None) -> tuple[int, str]:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=data,
                                     headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, answer.read().decode()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode()


def make_truncated(path: Path) -> bytes:
    data = good_log(path, games=40)
    path.write_bytes(data[:len(data) // 2])
    return data[:len(data) // 2]


def make_foreign(path: Path) -> bytes:
    data = b"this is a shopping list, not a game log\n" * 50
    path.write_bytes(data)
    return data


@pytest.mark.parametrize(("make", "says"), [
    (make_truncated, "damaged or truncated"),
    (make_foreign, "not a SQLite database"),
    (damaged_page, "quick_check"),
], ids=["truncated", "not-sqlite", "damaged-page"])
def test_a_bad_log_starts_safe_mode_and_keeps_the_file(
    tmp_path: Path, make: Any, says: str,
) -> None:
    db = tmp_path / "companion.sqlite3"
    original = make(db)
    with serving(tmp_path) as (proc, port, lines):
        assert any("SAFE MODE" in line and says in line for line in lines), lines
        status, text = fetch(port, "/health")
        assert status == 503
        report = json.loads(text)
        assert report["safe_mode"] is True and report["storage_ok"] is False
        assert says in report["reason"]
        assert f"companion --data-dir {tmp_path} repair" in report["remedy"]
        status, page = fetch(port, "/")
        assert status == 503 and "Safe mode" in page and "repair" in page
        status, text = fetch(port, "/api/games", {"game": "sushi-express",
                                                  "players": PLAYERS, "options": {}})
        assert status == 503 and json.loads(text)["error"] == "safe_mode"
        time.sleep(0.3)
        assert proc.poll() is None, "it keeps running (no exit 3 for systemd to loop on)"
    assert proc.returncode == 0
    assert db.read_bytes() == original, "the bad file is kept byte for byte"


def test_an_empty_log_file_starts_empty_and_says_so(tmp_path: Path) -> None:
    (tmp_path / "companion.sqlite3").write_bytes(b"")
    with serving(tmp_path) as (proc, port, lines):
        assert any("NOTE" in line and "empty file (0 bytes)" in line for line in lines), lines
        status, text = fetch(port, "/health")
        assert status == 200
        storage = next(d for d in json.loads(text)["devices"] if d["name"] == "storage")
        assert "0 bytes" in storage["facts"]["note"] and "0 bytes" in storage["detail"]
        assert proc.poll() is None


def test_quick_check_reports_a_damaged_page_and_passes_a_sound_log(tmp_path: Path) -> None:
    assert check_log(tmp_path / "absent.sqlite3").ok
    good_log(tmp_path / "good.sqlite3")
    assert check_log(tmp_path / "good.sqlite3").ok
    damaged_page(tmp_path / "bad.sqlite3")
    check = check_log(tmp_path / "bad.sqlite3")
    assert check.problem is not None and "quick_check" in check.problem


def test_a_write_on_a_full_disk_answers_507_and_works_again_when_space_returns(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    log = GameLog(tmp_path / "companion.sqlite3")
    session = Session(log)
    try:
        client = make_app(session, TESTING=True).test_client()
        real = GameLog.create_game

        def full(*args: Any, **kwargs: Any) -> Any:
            raise sqlite3.OperationalError("database or disk is full")

        monkeypatch.setattr(GameLog, "create_game", full)
        body = {"game": "sushi-express", "players": WEB_PLAYERS, "options": {}}
        answer = client.post("/api/games", json=body)
        assert answer.status_code == 507
        assert answer.get_json()["error"] == "storage_full"
        assert "the Pi's storage is full" in answer.get_json()["reason"]
        monkeypatch.setattr(GameLog, "create_game", real)
        create_game(client)
        assert len(log.games()) == 1, "the refused write stored nothing"
    finally:
        session.close()
        log.close()


def test_repair_sets_a_bad_log_aside_and_refuses_a_sound_one(tmp_path: Path) -> None:
    from companion.cli import main

    db = tmp_path / "companion.sqlite3"
    good_log(db)
    assert main(["--data-dir", str(tmp_path), "repair"]) == 2
    assert db.exists()
    original = make_foreign(db)
    assert main(["--data-dir", str(tmp_path), "repair"]) == 0
    assert not db.exists()
    kept = [p for p in tmp_path.glob("companion.sqlite3.bad-*") if p.name[-4:] not in
            ("-wal", "-shm")]
    assert len(kept) == 1 and kept[0].read_bytes() == original
