"""Imports (issue 28 item 10): a record file is stored in one transaction, and a record
imported before is not stored again (``GameLog.create_games``, ``Session.import_records``)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from companion.games.base import JSON, UnreadableInput
from companion.session.log import GameLog, NewEntry, NewGame, hash_token
from companion.session.records import record_fingerprint
from companion.session.session import HOST, Act, Created, Session

PLAYERS: list[JSON] = [{"name": "Ann"}, {"name": "Ben"}]


def tally(fingerprint: str | None, *entries: NewEntry) -> NewGame:
    return NewGame("tally", {"target": 10}, PLAYERS, entries, fingerprint=fingerprint)


def add(n: int) -> NewEntry:
    return NewEntry("act", {"action": {"kind": "add", "player": "Ann", "amount": n}}, "import")


def count_games(db_path: Path) -> int:
    with sqlite3.connect(db_path) as other:
        (n,) = other.execute("SELECT COUNT(*) FROM games").fetchone()
    other.close()
    return int(n)


# -- the log ----------------------------------------------------------------------------------


def test_create_games_stores_every_game_or_none(log: GameLog, db_path: Path) -> None:
    broken = NewEntry("bogus", {}, "import")  # the log refuses it while storing the 2nd game
    with pytest.raises(UnreadableInput, match="bogus"):
        log.create_games([tally("a", add(1)), tally("b", add(2), broken)])
    assert log.games() == [] and count_games(db_path) == 0
    assert log.imported_as("a") is None
    # The connection is usable again, and the ids the rolled back games took are free.
    stored = log.create_games([tally("a", add(1)), tally("b", add(2))])
    assert [s.row.id for s in stored] == [1, 2] and count_games(db_path) == 2
    assert [e.seq for e in log.entries(2)] == [1]


def test_a_fingerprint_imported_before_is_not_stored_again(log: GameLog) -> None:
    first = log.create_games([tally("a", add(1)), tally("a", add(1)), tally(None)])
    assert [(s.row.id, s.already_imported) for s in first] == [(1, False), (1, True), (2, False)]
    host_token = first[0].host_token
    assert host_token is not None and first[1].host_token is None
    again = log.create_games([tally("b"), tally("a", add(1))])
    assert [(s.row.id, s.already_imported) for s in again] == [(3, False), (1, True)]
    assert len(log.games()) == 3 and log.imported_as("a") == 1 and log.imported_as("b") == 3
    assert log.role_of(1, host_token) == ("host", None)  # a re-run leaves the token alone


def test_a_log_without_the_imports_table_gets_it_when_opened(db_path: Path) -> None:
    GameLog(db_path).close()
    with sqlite3.connect(db_path) as db:  # a file as a companion before imports left it
        db.execute("DROP TABLE imports")
    db.close()
    log = GameLog(db_path)
    try:
        (stored,) = log.create_games([tally("a")])
        assert log.imported_as("a") == stored.row.id
    finally:
        log.close()


def test_the_token_of_a_stored_game_is_the_committed_one(log: GameLog, db_path: Path) -> None:
    (stored,) = log.create_games([tally("a")])
    assert stored.host_token is not None
    with sqlite3.connect(db_path) as other:
        (digest,) = other.execute("SELECT host_token_hash FROM games WHERE id = ?",
                                  (stored.row.id,)).fetchone()
    other.close()
    assert digest == hash_token(stored.host_token)


# -- the session ------------------------------------------------------------------------------


def test_import_records_stores_a_bundle_once(
    session: Session, created: Created, db_path: Path
) -> None:
    record = session.export_record(created.game_pk)
    other = {**record, "meta": {"note": "another table"}}
    results = session.import_records([record, other, record])
    assert [(r.game_pk, r.already_imported) for r in results] == [(2, False), (3, False),
                                                                   (2, True)]
    token = results[0].host_token
    assert token is not None and session.authenticate(2, token) == HOST
    assert [r.host_token for r in session.import_records([other, record])] == [None, None]
    assert session.import_record(record) == 2 and count_games(db_path) == 3


def test_import_records_stores_nothing_when_a_record_fails_while_stored(
    session: Session, created: Created, db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    session.submit(created.game_pk, HOST, Act({"kind": "add", "player": "Ann", "amount": 1}))
    record = session.export_record(created.game_pk)  # a game with an action to store
    real_insert = GameLog._insert_entry

    def failing(db: sqlite3.Connection, game_pk: int, seq: int, entry: NewEntry,
                now: str) -> None:
        if game_pk == 3:
            raise OSError("disk pulled out")
        real_insert(db, game_pk, seq, entry, now)

    monkeypatch.setattr(GameLog, "_insert_entry", staticmethod(failing))
    with pytest.raises(OSError, match="disk pulled out"):
        session.import_records([record, {**record, "meta": {"note": "second"}}])
    assert count_games(db_path) == 1
    monkeypatch.undo()
    assert session.log.imported_as(record_fingerprint(record)) is None
    assert [r.game_pk for r in session.import_records([record])] == [2]

