"""The durable roll inbox: every roll the tower reports, committed before it is acknowledged.

It lives in the session's SQLite file (``Settings.db_path``, the game log's file) in a table of
its own, ``tower_rolls``, through its own connection (WAL, ``synchronous=FULL``, like
``companion/session/log.py``). It never touches the game log's tables or ``user_version``.

Contract:

* :meth:`RollInbox.record` is ONE transaction (``BEGIN IMMEDIATE`` ... ``COMMIT``) and returns
  only after the commit, so the caller may acknowledge the roll to the tower when it returns.
  Every roll is recorded, whether or not a game waits for one.
* The key ``(device_id, boot_id, seq)`` is UNIQUE: a roll the tower sends again (its ack was
  lost, or it rebooted before it could drop the roll) is not stored twice; ``record`` then
  returns the stored row with ``new=False``, and the caller acknowledges it again.
* Rolls are later offered to the game whose roll source is the tower: :meth:`unclaimed` lists
  the rolls no game took yet and :meth:`claim` marks one as taken (once).
* **A roll is taken in the same commit as the game's action** (issue 28 item 7). The inbox
  and the game log share one SQLite file, so an ``ok`` roll that a game applies is claimed by
  :meth:`RollInbox.claim_on`, run on the game log's connection inside the very transaction that
  appends the action (``GameLog.append(..., with_commit=...)``, on the session's single writer
  thread). A crash leaves either both (the roll applied and claimed) or neither (the roll
  unclaimed, the game still waiting), never a claimed roll whose action is missing. The other
  design, a claim committed first and released at start-up when its action is not in the log,
  needs the claim to name a log position and a start-up check of the log; one transaction
  needs neither.
* ``routed`` says the roll was offered to the games and the offer finished (applied, pending,
  taken, or no game waited: :meth:`mark_routed`). A roll still unrouted at start-up (the
  service died between committing it and finishing its offer) is offered again, oldest first
  (:meth:`unrouted`); the claim in the action's transaction keeps that from applying it twice.
  Rows stored before this column existed count as routed (they are never offered again).
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

SCHEMA = """
CREATE TABLE IF NOT EXISTS tower_rolls (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    device_id TEXT NOT NULL,
    boot_id INTEGER NOT NULL,
    seq INTEGER NOT NULL,
    dice TEXT NOT NULL,
    quality TEXT NOT NULL,
    settled_ms INTEGER NOT NULL,
    received TEXT NOT NULL,
    game INTEGER,
    routed INTEGER NOT NULL DEFAULT 0,
    UNIQUE (device_id, boot_id, seq)
)
"""
#: Brings a ``tower_rolls`` table from before ``routed`` up to date: its rows were offered by
#: the companion that stored them, so they count as routed.
ADD_ROUTED = "ALTER TABLE tower_rolls ADD COLUMN routed INTEGER NOT NULL DEFAULT 1"


@dataclass(frozen=True)
class TowerRoll:
    """A roll as the tower reported it (before it is stored)."""

    device_id: str
    boot_id: int
    seq: int
    values: tuple[int, ...]
    quality: str
    settled_ms: int

    @property
    def key(self) -> tuple[str, int, int]:
        return (self.device_id, self.boot_id, self.seq)


@dataclass(frozen=True)
class StoredRoll:
    """One row of ``tower_rolls``: ``id`` orders rolls as they were committed."""

    id: int
    roll: TowerRoll
    received: str
    game: int | None

    def to_json(self) -> dict[str, Any]:
        r = self.roll
        return {"id": self.id, "device_id": r.device_id, "boot_id": r.boot_id, "seq": r.seq,
                "values": list(r.values), "quality": r.quality, "received": self.received,
                "game": self.game}


class RollInbox:
    """The ``tower_rolls`` table of the SQLite file at ``path`` (created when missing)."""

    def __init__(self, path: str | Path, clock: Callable[[], float] = time.time) -> None:
        self.path = Path(path)
        self._clock = clock
        self._lock = threading.Lock()
        self._db = sqlite3.connect(str(self.path), isolation_level=None,
                                   check_same_thread=False, timeout=10.0)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                self._db.execute(SCHEMA)
                columns = {row[1] for row in self._db.execute("PRAGMA table_info(tower_rolls)")}
                if "routed" not in columns:
                    self._db.execute(ADD_ROUTED)
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def pragma(self, name: str) -> Any:
        if not name.isidentifier():
            raise ValueError(f"not a pragma name: {name!r}")
        with self._lock:
            return self._db.execute(f"PRAGMA {name}").fetchone()[0]

    def record(self, roll: TowerRoll) -> tuple[StoredRoll, bool]:
        """Store ``roll`` durably; ``(row, True)`` when new, ``(row, False)`` for a duplicate.

        Raises ``sqlite3.Error`` when it cannot commit (then nothing is stored and the roll
        must not be acknowledged).
        """
        received = datetime.fromtimestamp(self._clock(), UTC).isoformat(timespec="milliseconds")
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                cursor = self._db.execute(
                    "INSERT OR IGNORE INTO tower_rolls (device_id, boot_id, seq, dice, quality,"
                    " settled_ms, received, routed) VALUES (?, ?, ?, ?, ?, ?, ?, 0)",
                    (roll.device_id, roll.boot_id, roll.seq, json.dumps(list(roll.values)),
                     roll.quality, roll.settled_ms, received),
                )
                new = cursor.rowcount == 1
                row = self._db.execute(
                    "SELECT id, received, game FROM tower_rolls"
                    " WHERE device_id = ? AND boot_id = ? AND seq = ?", roll.key,
                ).fetchone()
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")
        stored = roll if new else self._get(int(row[0])).roll
        return StoredRoll(int(row[0]), stored, row[1], row[2]), new

    def _get(self, roll_id: int) -> StoredRoll:
        with self._lock:
            row = self._db.execute(
                "SELECT id, device_id, boot_id, seq, dice, quality, settled_ms, received, game"
                " FROM tower_rolls WHERE id = ?", (roll_id,)).fetchone()
        return _stored(row)

    def rolls(self, after: int = 0, limit: int = 1000) -> list[StoredRoll]:
        """Rolls with ``id > after`` in commit order."""
        with self._lock:
            rows = self._db.execute(
                "SELECT id, device_id, boot_id, seq, dice, quality, settled_ms, received, game"
                " FROM tower_rolls WHERE id > ? ORDER BY id LIMIT ?", (after, limit)).fetchall()
        return [_stored(row) for row in rows]

    def unclaimed(self) -> list[StoredRoll]:
        """Rolls no game has taken yet, oldest first."""
        with self._lock:
            rows = self._db.execute(
                "SELECT id, device_id, boot_id, seq, dice, quality, settled_ms, received, game"
                " FROM tower_rolls WHERE game IS NULL ORDER BY id").fetchall()
        return [_stored(row) for row in rows]

    def unrouted(self) -> list[StoredRoll]:
        """Unclaimed rolls whose offer to the games never finished, oldest first (offered
        again at start-up)."""
        with self._lock:
            rows = self._db.execute(
                "SELECT id, device_id, boot_id, seq, dice, quality, settled_ms, received, game"
                " FROM tower_rolls WHERE game IS NULL AND routed = 0 ORDER BY id").fetchall()
        return [_stored(row) for row in rows]

    def claim(self, roll_id: int, game: int) -> bool:
        """Give roll ``roll_id`` to ``game`` in a commit of its own (a roll a game holds for a
        person, not an action: see :meth:`claim_on` for that); ``False`` when it is unknown or
        already taken."""
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                taken = self.claim_on(self._db, roll_id, game)
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")
        return taken

    @staticmethod
    def claim_on(db: sqlite3.Connection, roll_id: int, game: int) -> bool:
        """Give roll ``roll_id`` to ``game`` within the transaction open on ``db`` (another
        connection to this file: the game log's, while it appends the action the roll became,
        so both commit or neither does); ``False`` when it is unknown or already taken."""
        cursor = db.execute(
            "UPDATE tower_rolls SET game = ?, routed = 1 WHERE id = ? AND game IS NULL",
            (game, roll_id))
        return cursor.rowcount == 1

    def mark_routed(self, roll_id: int) -> None:
        """Record that roll ``roll_id``'s offer to the games finished (it is not offered
        again at start-up)."""
        with self._lock:
            self._db.execute("UPDATE tower_rolls SET routed = 1 WHERE id = ?", (roll_id,))

    def count(self) -> int:
        with self._lock:
            (n,) = self._db.execute("SELECT COUNT(*) FROM tower_rolls").fetchone()
        return int(n)


def _stored(row: tuple[Any, ...]) -> StoredRoll:
    pk, device, boot, seq, dice, quality, settled, received, game = row
    roll = TowerRoll(device, int(boot), int(seq), tuple(json.loads(dice)), quality, int(settled))
    return StoredRoll(int(pk), roll, received, game)
