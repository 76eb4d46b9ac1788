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
"""

from __future__ import annotations

import json
import sqlite3
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.hub.wire import Event, Header, Push

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
            headers = {g: h for g in games if (h := self._header(g)) is not None}
        events = []
        for _id, game, seq, kind, type_, payload, author, time in rows:
            if game not in headers or (kind == "entry" and type_ is None):
                continue  # gone from the log (a restored backup): nothing to push
            if kind == "finished":
                events.append(Event("finished", game, seq))
            else:
                events.append(Event("entry", game, seq, type_, json.loads(payload), author, time))
        return [int(r[0]) for r in rows], Push(headers, events)

    def _header(self, game: int) -> Header | None:
        row = self._db.execute(
            "SELECT game, players, options, created, status, round,"
            " (SELECT COALESCE(MAX(seq), 0) FROM entries WHERE entries.game = games.id)"
            " FROM games WHERE id = ?", (game,)).fetchone()
        if row is None:
            return None
        title, players, options, created, status, rnd, version = row
        return Header(game, title, json.loads(players), json.loads(options), created, status,
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
