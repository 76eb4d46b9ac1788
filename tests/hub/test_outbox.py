"""The table's outbox (SQLite triggers in the game log's file): nothing before pairing, every
logged entry and finished game after it, in the transaction of the change."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from companion.hub.outbox import Link, Outbox
from companion.session.log import GameLog, NewEntry
from companion.session.session import Session
from tests.played_games import play

LINK = Link("http://hub.test:8090", 7, "secret", "Table 7", "2026-01-01T00:00:00+00:00")


def played_log(path: Path, stop: int | None = None) -> tuple[GameLog, int]:
    log = GameLog(path)
    session = Session(log)
    game = play(session, "sushi-go", 1, stop=stop)
    session.close()
    return log, game


def test_an_unpaired_table_queues_nothing(tmp_path: Path) -> None:
    log, game = played_log(tmp_path / "log.sqlite3")
    outbox = Outbox(log.path)
    log.append(game, NewEntry("undo", {}, "host"), "playing", None)
    assert outbox.link() is None and outbox.pending() == 0
    assert outbox.batch(10) is None


def test_pairing_queues_every_entry_and_finished_game_already_logged(tmp_path: Path) -> None:
    log, game = played_log(tmp_path / "log.sqlite3")
    outbox = Outbox(log.path)
    queued = outbox.pair_with(LINK)
    assert queued == log.version(game) + 1  # every entry, and the game's end
    batch = outbox.batch(500)
    assert batch is not None
    ids, push = batch
    assert [e.seq for e in push.events if e.kind == "entry"] == list(
        range(1, log.version(game) + 1))
    assert [e.kind for e in push.events][-1] == "finished"
    assert push.headers[game].status == "over" and push.headers[game].seq == log.version(game)
    outbox.ack(ids)
    assert outbox.pending() == 0 and outbox.link() == LINK


def test_an_entry_and_its_outbox_row_commit_together(tmp_path: Path) -> None:
    log, game = played_log(tmp_path / "log.sqlite3", stop=3)
    outbox = Outbox(log.path)
    outbox.pair_with(LINK)
    queued = outbox.batch(500)
    assert queued is not None
    outbox.ack(queued[0])

    def fail(db: sqlite3.Connection) -> None:
        raise RuntimeError("power cut")

    with pytest.raises(RuntimeError):
        log.append(game, NewEntry("undo", {}, "host"), "playing", 1, with_commit=fail)
    assert outbox.pending() == 0
    log.append(game, NewEntry("undo", {}, "host"), "playing", 1)
    batch = outbox.batch(10)
    assert batch is not None
    assert [(e.kind, e.seq, e.type) for e in batch[1].events] == [("entry", 4, "undo")]
