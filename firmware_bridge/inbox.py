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
    UNIQUE (device_id, boot_id, seq)
)
"""


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
            self._db.execute(SCHEMA)

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
                    " settled_ms, received) VALUES (?, ?, ?, ?, ?, ?, ?)",
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

    def claim(self, roll_id: int, game: int) -> bool:
        """Give roll ``roll_id`` to ``game``; ``False`` when it is unknown or already taken."""
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            cursor = self._db.execute(
                "UPDATE tower_rolls SET game = ? WHERE id = ? AND game IS NULL", (game, roll_id))
            self._db.execute("COMMIT")
        return cursor.rowcount == 1

    def count(self) -> int:
        with self._lock:
            (n,) = self._db.execute("SELECT COUNT(*) FROM tower_rolls").fetchone()
        return int(n)


def _stored(row: tuple[Any, ...]) -> StoredRoll:
    pk, device, boot, seq, dice, quality, settled, received, game = row
    roll = TowerRoll(device, int(boot), int(seq), tuple(json.loads(dice)), quality, int(settled))
    return StoredRoll(int(pk), roll, received, game)
