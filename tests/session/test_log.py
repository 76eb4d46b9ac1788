"""The durable game log: SQLite in WAL mode with synchronous=FULL, one transaction per change."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from companion.session.errors import NotFound
from companion.session.log import (
    JOIN_ALPHABET,
    SCHEMA_VERSION,
    GameLog,
    LogError,
    NewEntry,
    hash_token,
    new_join_code,
)

PLAYERS = [{"name": "Ann", "colour": "red"}, {"name": "Ben", "colour": "blue"}]


def add(n: int) -> NewEntry:
    return NewEntry("act", {"action": {"kind": "add", "player": "Ann", "amount": n}}, "host")


def test_the_log_runs_in_wal_mode_with_full_synchronous_commits(log: GameLog) -> None:
    assert log.pragma("journal_mode") == "wal"
    assert log.pragma("synchronous") == 2  # FULL
    assert log.pragma("foreign_keys") == 1


def test_the_schema_version_is_recorded_in_user_version(log: GameLog) -> None:
    assert log.pragma("user_version") == SCHEMA_VERSION


def test_a_log_written_by_a_newer_companion_is_refused(db_path: Path) -> None:
    GameLog(db_path).close()
    with sqlite3.connect(db_path) as db:
        db.execute(f"PRAGMA user_version={SCHEMA_VERSION + 1}")
    with pytest.raises(LogError, match="newer companion"):
        GameLog(db_path)


def test_appended_entries_are_on_disk_for_a_second_connection_at_once(
    log: GameLog, db_path: Path
) -> None:
    row, _token = log.create_game("tally", {"target": 10}, PLAYERS)
    stored = log.append(row.id, add(2), status="playing", round=1)
    assert stored.seq == 1
    with sqlite3.connect(db_path) as other:
        rows = other.execute("SELECT seq, type, author FROM entries WHERE game = ?",
                             (row.id,)).fetchall()
    assert rows == [(1, "act", "host")]


def test_entries_survive_closing_and_reopening_the_file(db_path: Path) -> None:
    log = GameLog(db_path)
    row, _token = log.create_game("tally", {"target": 10}, PLAYERS)
    for n in (1, 2, 3):
        log.append(row.id, add(n), status="playing", round=1)
    log.close()
    reopened = GameLog(db_path)
    entries = reopened.entries(row.id)
    assert [e.seq for e in entries] == [1, 2, 3]
    assert [e.payload["action"]["amount"] for e in entries] == [1, 2, 3]
    assert reopened.version(row.id) == 3
    reopened.close()


def test_a_failed_append_leaves_the_log_as_it_was(log: GameLog) -> None:
    row, _token = log.create_game("tally", {"target": 10}, PLAYERS)
    log.append(row.id, add(1), status="playing", round=1)
    with pytest.raises(Exception, match="unknown log entry type"):
        log.append(row.id, NewEntry("bogus", {}, "host"), status="over", round=9)
    assert log.version(row.id) == 1
    assert log.game(row.id).status == "playing"


def test_append_updates_the_games_status_and_round_in_the_same_transaction(
    log: GameLog,
) -> None:
    row, _token = log.create_game("tally", {"target": 10}, PLAYERS)
    log.append(row.id, add(3), status="over", round=4)
    again = log.game(row.id)
    assert (again.status, again.round) == ("over", 4)
    assert again.updated >= row.updated


def test_tokens_are_stored_only_as_their_sha256(log: GameLog, db_path: Path) -> None:
    row, host = log.create_game("tally", {}, PLAYERS)
    seat = log.add_seat_token(row.id, 1)
    with sqlite3.connect(db_path) as other:
        dump = "\n".join(other.iterdump())
    assert host not in dump and seat not in dump
    assert hash_token(host) in dump and hash_token(seat) in dump


def test_tokens_identify_host_seat_or_watcher(log: GameLog) -> None:
    row, host = log.create_game("tally", {}, PLAYERS)
    seat = log.add_seat_token(row.id, 1)
    assert log.role_of(row.id, host) == ("host", None)
    assert log.role_of(row.id, seat) == ("seat", 1)
    assert log.role_of(row.id, "not-a-token") == ("watcher", None)
    assert log.role_of(row.id, None) == ("watcher", None)


def test_a_token_of_one_game_means_nothing_in_another(log: GameLog) -> None:
    _first, host = log.create_game("tally", {}, PLAYERS)
    second, _other = log.create_game("tally", {}, PLAYERS)
    assert log.role_of(second.id, host) == ("watcher", None)


def test_a_new_host_token_replaces_the_old_one(log: GameLog) -> None:
    row, old = log.create_game("tally", {}, PLAYERS)
    new = log.new_host_token(row.id)
    assert log.role_of(row.id, new) == ("host", None)
    assert log.role_of(row.id, old) == ("watcher", None)


def test_join_codes_are_six_unambiguous_characters() -> None:
    codes = {new_join_code() for _ in range(200)}
    assert len(codes) > 190
    for code in codes:
        assert len(code) == 6
        assert set(code) <= set(JOIN_ALPHABET)
    assert not set("01OIL") & set(JOIN_ALPHABET)


def test_many_games_are_listed_newest_first(log: GameLog) -> None:
    ids = [log.create_game("tally", {}, PLAYERS)[0].id for _ in range(5)]
    assert [g.id for g in log.games()] == ids[::-1]
    assert log.games()[0].to_json().keys() == {
        "id", "game", "players", "status", "created", "updated", "round", "roll_source"}


def test_an_unknown_game_is_not_found(log: GameLog) -> None:
    with pytest.raises(NotFound):
        log.game(42)
    with pytest.raises(NotFound):
        log.role_of(42, None)


def test_an_import_stores_the_game_and_its_entries_in_one_transaction(log: GameLog) -> None:
    row, _token = log.create_game("tally", {}, PLAYERS, entries=[add(1), add(2)],
                                  final={"totals": [3, 0]})
    assert [e.seq for e in log.entries(row.id)] == [1, 2]
    assert log.game(row.id).final == {"totals": [3, 0]}
    with pytest.raises(Exception, match="unknown log entry type"):
        log.create_game("tally", {}, PLAYERS, entries=[add(1), NewEntry("x", {}, "host")])
    assert len(log.games()) == 1


CHILD = """
import os, sys
from companion.session.log import GameLog, NewEntry
log = GameLog(sys.argv[1])
row, _token = log.create_game("tally", {"target": 10}, [{"name": "Ann"}, {"name": "Ben"}])
for n in range(1, 31):
    entry = NewEntry("act", {"action": {"kind": "bonus", "value": 1}}, "host")
    log.append(row.id, entry, status="playing", round=1)
    print(n, flush=True)  # acknowledged only after the commit returned
os.kill(os.getpid(), 9)  # no close, no checkpoint, no clean exit
"""


def test_every_acknowledged_entry_survives_a_killed_process(db_path: Path) -> None:
    done = subprocess.run([sys.executable, "-c", CHILD, str(db_path)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == -9
    acknowledged = int(done.stdout.split()[-1])
    assert acknowledged == 30
    assert Path(f"{db_path}-wal").exists()  # the changes are still only in the WAL
    log = GameLog(db_path)
    try:
        assert log.version(1) == acknowledged
    finally:
        log.close()
