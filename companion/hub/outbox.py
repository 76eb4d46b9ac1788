"""The table's outbox: what it still has to push to the café's hub, in its own SQLite log.

Contract:

* ``hub_link`` (one row: the hub's URL, this table's id and token there, its name) and
  ``hub_outbox`` (``id`` in commit order, ``game``, ``seq``, ``kind``: ``entry`` or ``finished``)
  are tables of the game log's file. Pairing (:meth:`Outbox.pair_with`) writes the link, queues
  every entry and finished game already in the log, and creates two triggers, all in one
  transaction. From then on SQLite itself adds an outbox row inside the transaction of every
  change: ``AFTER INSERT ON entries`` (every accepted action, undo, redo and correction) and
  ``AFTER UPDATE OF status ON games`` to ``over`` (a finished game). The log's code is not
  touched and an action's commit does one more small insert; an unpaired table has neither
  triggers nor rows.
* The pusher (:mod:`companion.hub.pusher`) reads a batch (:meth:`Outbox.batch`), sends it, and
  deletes its rows once the hub acknowledged them (:meth:`Outbox.ack`). Its connection writes
  with ``synchronous=NORMAL``: an acknowledgement lost in a power cut is only pushed again, and
  the hub stores each key once. Rows are never deleted before the hub's answer.
* A restored log (``companion restore``, :func:`begin_epoch`) starts a new **epoch** of the
  link: its games that were not over when the backup was taken, and every game created after
  the restore, go to the hub under the game number ``epoch * EPOCH_SPAN + game``
  (:func:`companion.hub.wire.hub_game`), a game the hub has never seen. The table numbers games
  again from where the backup stood, and entries of those games after the backup may also have
  reached the hub before the restore (the lost timeline): keyed as before, the new ones would
  be taken as duplicates of the old. Games over at the backup keep their epoch (the same
  entries, idempotent). Their game ids stay the table's own; only the hub's key changes.
"""

from __future__ import annotations

import json
import sqlite3
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.hub.wire import Event, Header, Push, hub_game

_TABLES = """
CREATE TABLE IF NOT EXISTS hub_link (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    url TEXT NOT NULL,
    table_id INTEGER NOT NULL,
    token TEXT NOT NULL,
    name TEXT NOT NULL,
    paired TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS hub_outbox (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game INTEGER NOT NULL,
    seq INTEGER NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('entry', 'finished'))
);
CREATE TABLE IF NOT EXISTS hub_epochs (
    game INTEGER PRIMARY KEY,
    epoch INTEGER NOT NULL
)
"""

_TRIGGERS = (
    """CREATE TRIGGER IF NOT EXISTS hub_outbox_entry AFTER INSERT ON entries
    BEGIN
        INSERT INTO hub_outbox (game, seq, kind) VALUES (NEW.game, NEW.seq, 'entry');
    END""",
    """CREATE TRIGGER IF NOT EXISTS hub_outbox_finished AFTER UPDATE OF status ON games
    WHEN NEW.status = 'over' AND OLD.status != 'over'
    BEGIN
        INSERT INTO hub_outbox (game, seq, kind) VALUES (
            NEW.id, (SELECT COALESCE(MAX(seq), 0) FROM entries WHERE game = NEW.id),
            'finished');
    END""",
)

_BACKFILL = """
INSERT INTO hub_outbox (game, seq, kind)
SELECT game, seq, 'entry' FROM entries
UNION ALL
SELECT id, (SELECT COALESCE(MAX(seq), 0) FROM entries WHERE game = games.id), 'finished'
FROM games WHERE status = 'over'
ORDER BY 1, 2, 3
"""


@dataclass(frozen=True)
class Link:
    """Where this table pushes, and as whom."""

    url: str
    table_id: int
    token: str
    name: str
    paired: str

    def to_json(self) -> dict[str, Any]:
        """What the owner's status shows (never the token)."""
        return {"url": self.url, "table": self.table_id, "name": self.name,
                "paired": self.paired}


class Outbox:
    """The outbox of the game log at ``db_path`` (module docstring); thread-safe."""

    def __init__(self, db_path: str | Path) -> None:
        self._lock = threading.Lock()
        self._db = sqlite3.connect(str(db_path), isolation_level=None, check_same_thread=False,
                                   timeout=30.0)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        with self._lock:
            self._db.executescript(_TABLES)
            _add_epoch_column(self._db)

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def link(self) -> Link | None:
        """The hub this table is paired with (``None``: not paired)."""
        with self._lock:
            row = self._db.execute(
                "SELECT url, table_id, token, name, paired FROM hub_link WHERE id = 1"
            ).fetchone()
        return None if row is None else Link(str(row[0]), int(row[1]), str(row[2]),
                                             str(row[3]), str(row[4]))

    def pair_with(self, link: Link) -> int:
        """Keep ``link``, queue everything in the log for that hub (what was queued for an
        earlier hub is dropped: the new one gets it all), and create the triggers; one
        transaction. How many rows were queued."""
        with self._lock:
            db = self._db
            db.execute("BEGIN IMMEDIATE")
            try:
                db.execute("INSERT OR REPLACE INTO hub_link (id, url, table_id, token, name,"
                           " paired) VALUES (1, ?, ?, ?, ?, ?)",
                           (link.url, link.table_id, link.token, link.name, link.paired))
                db.execute("DELETE FROM hub_outbox")
                db.execute("DELETE FROM hub_epochs")  # a new table on the hub: no old keys
                queued = db.execute(_BACKFILL).rowcount
                for statement in _TRIGGERS:
                    db.execute(statement)
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise
        return int(queued)

    def unpair(self) -> int:
        """Forget the hub: the link, the triggers and every row still waiting (one
        transaction; the log itself is untouched). How many rows were dropped."""
        with self._lock:
            db = self._db
            db.execute("BEGIN IMMEDIATE")
            try:
                db.execute("DROP TRIGGER IF EXISTS hub_outbox_entry")
                db.execute("DROP TRIGGER IF EXISTS hub_outbox_finished")
                db.execute("DELETE FROM hub_link")
                db.execute("DELETE FROM hub_epochs")
                dropped = db.execute("DELETE FROM hub_outbox").rowcount
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise
        return int(dropped)

    def pending(self) -> int:
        """Rows not yet acknowledged by the hub."""
        with self._lock:
            return int(self._db.execute("SELECT COUNT(*) FROM hub_outbox").fetchone()[0])

    def batch(self, limit: int) -> tuple[list[int], Push] | None:
        """The oldest ``limit`` rows as a push (``None``: nothing waits). Every game named has
        its header as the log holds it now (with the game's version as its ``seq``)."""
        with self._lock:
            rows = self._db.execute(
                "SELECT o.id, o.game, o.seq, o.kind, e.type, e.payload, e.author, e.time"
                " FROM hub_outbox o LEFT JOIN entries e ON e.game = o.game AND e.seq = o.seq"
                " AND o.kind = 'entry' ORDER BY o.id LIMIT ?", (limit,)).fetchall()
            if not rows:
                return None
            games = sorted({int(r[1]) for r in rows})
            wire = self._hub_games(games)
            headers = {g: h for g in games if (h := self._header(g, wire[g])) is not None}
        events = []
        for _id, game, seq, kind, type_, payload, author, time in rows:
            if game not in headers or (kind == "entry" and type_ is None):
                continue  # gone from the log (a restored backup): nothing to push
            if kind == "finished":
                events.append(Event("finished", wire[game], seq))
            else:
                events.append(Event("entry", wire[game], seq, type_, json.loads(payload),
                                    author, time))
        return [int(r[0]) for r in rows], Push({h.game: h for h in headers.values()}, events)

    def _hub_games(self, games: list[int]) -> dict[int, int]:
        """The hub's game number of each of ``games`` (:func:`begin_epoch`)."""
        row = self._db.execute("SELECT epoch FROM hub_link WHERE id = 1").fetchone()
        current = int(row[0]) if row is not None else 0
        fixed = dict(self._db.execute(
            f"SELECT game, epoch FROM hub_epochs WHERE game IN ({','.join('?' * len(games))})",
            games).fetchall())
        return {g: hub_game(int(fixed.get(g, current)), g) for g in games}

    def _header(self, game: int, wire: int) -> Header | None:
        row = self._db.execute(
            "SELECT game, players, options, created, status, round,"
            " (SELECT COALESCE(MAX(seq), 0) FROM entries WHERE entries.game = games.id)"
            " FROM games WHERE id = ?", (game,)).fetchone()
        if row is None:
            return None
        title, players, options, created, status, rnd, version = row
        return Header(wire, title, json.loads(players), json.loads(options), created, status,
                      rnd, int(version))

    def ack(self, ids: list[int]) -> None:
        """The hub stored the rows ``ids``: forget them."""
        if not ids:
            return
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                self._db.executemany("DELETE FROM hub_outbox WHERE id = ?",
                                     [(i,) for i in ids])
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise


def _add_epoch_column(db: sqlite3.Connection) -> None:
    columns = {row[1] for row in db.execute("PRAGMA table_info(hub_link)")}
    if "epoch" not in columns:
        db.execute("ALTER TABLE hub_link ADD COLUMN epoch INTEGER NOT NULL DEFAULT 0")


def begin_epoch(db_path: str | Path) -> int | None:
    """Start a new epoch of the hub link in the log at ``db_path`` (a restored backup, before it
    is put in place; module docstring): the games not over keep the new epoch, the others
    their own, games created from now on take the new one, and the outbox holds every entry of
    the games that moved (and what it held for the others). The new epoch, or ``None`` when
    the log is not paired (nothing to do). One transaction."""
    db = sqlite3.connect(str(db_path), isolation_level=None, timeout=30.0)
    try:
        known = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        if "hub_link" not in known:
            return None
        db.executescript(_TABLES)
        _add_epoch_column(db)
        db.execute("BEGIN IMMEDIATE")
        try:
            row = db.execute("SELECT epoch FROM hub_link WHERE id = 1").fetchone()
            if row is None:
                db.execute("ROLLBACK")
                return None
            old, new = int(row[0]), int(row[0]) + 1
            db.execute("INSERT OR IGNORE INTO hub_epochs (game, epoch)"
                       " SELECT id, ? FROM games", (old,))
            db.execute("UPDATE hub_epochs SET epoch = ? WHERE game IN"
                       " (SELECT id FROM games WHERE status != 'over')", (new,))
            db.execute("DELETE FROM hub_outbox WHERE game IN"
                       " (SELECT id FROM games WHERE status != 'over')")
            db.execute("INSERT INTO hub_outbox (game, seq, kind) SELECT game, seq, 'entry'"
                       " FROM entries WHERE game IN (SELECT id FROM games WHERE status != 'over')"
                       " ORDER BY game, seq")
            db.execute("UPDATE hub_link SET epoch = ? WHERE id = 1", (new,))
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise
        return new
    finally:
        db.close()
