"""The durable game log: one SQLite file (WAL, ``synchronous=FULL``) holding every game.

Contract:

* Every accepted change is ONE transaction (``BEGIN IMMEDIATE`` ... ``COMMIT``) and the call
  returns only after the commit, i.e. after SQLite fsynced the write-ahead log. Callers tell
  nobody about a change before the call returned, so an acknowledged change survives a pulled
  plug. A failed call leaves the file as it was (the transaction is rolled back).
* Tables (``docs/INTERNALS.md``): ``games`` (id, game, options, players, created, updated,
  status, join code, host token hash, round, final, roll source, host code), ``seats`` (game,
  seat, token hash) and ``entries`` (game, seq, type, payload JSON, author, time). ``seq``
  counts 1, 2, 3, ... per game; the last ``seq`` is the game's *version*. ``idempotency`` keeps
  the answer to each ``Idempotency-Key`` (:meth:`GameLog.store_answer`), written in the same
  transaction as the change it answers, and pruned after :data:`IDEMPOTENCY_TTL` when the file
  is opened.
* Tokens are never stored, only their SHA-256; a token is 32 random bytes (``secrets``) in
  URL-safe base64. Join codes are 6 characters from an alphabet without look-alikes (no 0/O,
  1/I/L). A host code (:func:`new_host_code`) is 8 such characters, kept in clear like the
  join code: the host screen, the Pi's status panel and ``companion serve`` show it, and whoever
  types it takes the host role (:meth:`GameLog.hand_over_host`).
* The schema version is SQLite's ``user_version``; :data:`MIGRATIONS` upgrades an older file
  when it is opened, and a file from a newer companion is refused.
* Thread-safety: one connection guarded by a lock, so any thread may call any method; the
  session's writer thread is the only one that writes.
* Imports (``companion import``, docs/RECORD_FORMAT.md): :meth:`GameLog.create_games` stores a
  whole record file in one transaction, and the ``imports`` table (record fingerprint -> game)
  keeps a record from being stored twice. The table only adds to the file, so it is created
  when missing (:data:`IMPORTS_TABLE`) rather than through a schema version: an older
  companion opening the file ignores it.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from companion.games.base import JSON, UnreadableInput
from companion.i18n import msg
from companion.session.errors import NotFound

#: Characters of a join code: upper-case letters and digits without 0/O, 1/I/L (easy to read
#: aloud and to type on a phone).
JOIN_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
JOIN_CODE_LENGTH = 6
#: A host code is longer than a join code (never mistaken for one) and shown as ``ABCD-EFGH``.
HOST_CODE_LENGTH = 8

#: Entry types the log accepts (the history fold gives them meaning).
ENTRY_TYPES = ("act", "undo", "redo", "correct")

#: ``user_version`` -> the SQL that brings a file of that version to the next one.
MIGRATIONS: dict[int, str] = {
    0: f"""
    CREATE TABLE games (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        game TEXT NOT NULL,
        options TEXT NOT NULL,
        players TEXT NOT NULL,
        created TEXT NOT NULL,
        updated TEXT NOT NULL,
        status TEXT NOT NULL,
        join_code TEXT NOT NULL,
        host_token_hash TEXT NOT NULL,
        round INTEGER,
        final TEXT
    );
    CREATE TABLE seats (
        game INTEGER NOT NULL REFERENCES games(id),
        seat INTEGER NOT NULL,
        token_hash TEXT NOT NULL,
        created TEXT NOT NULL,
        PRIMARY KEY (game, token_hash)
    ) WITHOUT ROWID;
    CREATE TABLE entries (
        game INTEGER NOT NULL REFERENCES games(id),
        seq INTEGER NOT NULL,
        type TEXT NOT NULL CHECK (type IN ({", ".join(repr(t) for t in ENTRY_TYPES)})),
        payload TEXT NOT NULL,
        author TEXT NOT NULL,
        time TEXT NOT NULL,
        PRIMARY KEY (game, seq)
    ) WITHOUT ROWID;
    """,
    # Where a game's dice come from (``companion/table/dice_input.py``): tapped on a screen, the
    # dice tower or the camera. Games stored before it existed were all tapped.
    1: "ALTER TABLE games ADD COLUMN roll_source TEXT NOT NULL DEFAULT 'tap'",
    # The answers to ``Idempotency-Key`` requests (docs/INTERNALS.md): the key and its scope
    # are kept only hashed, the answer sealed with the key (it may hold a host token).
    2: """
    CREATE TABLE idempotency (
        key_hash TEXT PRIMARY KEY,
        fingerprint TEXT NOT NULL,
        status INTEGER NOT NULL,
        body BLOB NOT NULL,
        created REAL NOT NULL
    ) WITHOUT ROWID;
    CREATE INDEX idempotency_created ON idempotency (created)
    """,
    # The host code (issue 24 item 5): whoever types it takes the host role. Games stored before
    # it existed get a random one (SQLite's random() draws from the OS's entropy source).
    3: f"""
    ALTER TABLE games ADD COLUMN host_code TEXT NOT NULL DEFAULT '';
    UPDATE games SET host_code = {" || ".join(
        f"substr('{JOIN_ALPHABET}', 1 + (random() & 2147483647) % {len(JOIN_ALPHABET)}, 1)"
        for _ in range(HOST_CODE_LENGTH))}
    """,
}
SCHEMA_VERSION = max(MIGRATIONS) + 1
#: Seconds an ``Idempotency-Key``'s answer is kept: older ones are pruned when a log is opened
#: (a retry comes within seconds or minutes; a day covers a Pi switched off overnight).
IDEMPOTENCY_TTL = 24 * 3600.0
_GAME_COLUMNS = (
    "id, game, options, players, created, updated, status, join_code, round, final, roll_source,"
    " host_code"
)


def new_token() -> str:
    """A fresh credential (256 random bits, URL-safe text)."""
    return secrets.token_urlsafe(32)


def hash_token(token: str) -> str:
    """What the log stores for ``token``: its SHA-256 in hex."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def new_join_code() -> str:
    """A fresh join code: :data:`JOIN_CODE_LENGTH` characters of :data:`JOIN_ALPHABET`."""
    return "".join(secrets.choice(JOIN_ALPHABET) for _ in range(JOIN_CODE_LENGTH))


def new_host_code() -> str:
    """A fresh host code: :data:`HOST_CODE_LENGTH` characters of :data:`JOIN_ALPHABET`."""
    return "".join(secrets.choice(JOIN_ALPHABET) for _ in range(HOST_CODE_LENGTH))


def normalise_join_code(code: str) -> str:
    """A typed join code as stored: spaces and dashes dropped, upper case."""
    return "".join(c for c in code.upper() if c not in " -")


def _now(clock: Callable[[], float]) -> str:
    return datetime.fromtimestamp(clock(), UTC).isoformat(timespec="milliseconds")


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


@dataclass(frozen=True)
class GameRow:
    """One row of ``games`` (tokens are not here, only what may be shown)."""

    id: int
    game: str
    options: JSON
    players: list[JSON]
    created: str
    updated: str
    status: str
    join_code: str
    round: int | None
    final: JSON | None
    roll_source: str = "tap"
    #: Shown to the host and on the Pi itself only; never in :meth:`to_json`.
    host_code: str = ""

    def to_json(self) -> JSON:
        """The ``/api/games`` list item."""
        return {
            "id": self.id,
            "game": self.game,
            "players": self.players,
            "status": self.status,
            "created": self.created,
            "updated": self.updated,
            "round": self.round,
            "roll_source": self.roll_source,
        }


@dataclass(frozen=True)
class StoredAnswer:
    """The answer given to the first request with an ``Idempotency-Key``: the fingerprint of
    that request (method, path, body) and the HTTP status and JSON body it was answered."""

    fingerprint: str
    status: int
    body: JSON


def _key_hash(scope: str, key: str) -> str:
    return hashlib.sha256(f"idempotency\0{scope}\0{key}".encode()).hexdigest()


def _sealed(scope: str, key: str, data: bytes) -> bytes:
    """``data`` XOR a keystream drawn from ``key`` (the same call opens it again): a stored
    answer holding a host token is readable only by whoever knows the key."""
    seed = f"answer\0{scope}\0{key}".encode()
    stream = b"".join(
        hashlib.sha256(seed + i.to_bytes(4, "big")).digest() for i in range(len(data) // 32 + 1)
    )
    return bytes(a ^ b for a, b in zip(data, stream, strict=False))


@dataclass(frozen=True)
class StoredEntry:
    """One row of ``entries``: ``payload`` is the decoded JSON object."""

    seq: int
    type: str
    payload: JSON
    author: str
    time: str


@dataclass(frozen=True)
class NewEntry:
    """An entry to append: type, payload JSON and author (``host``, ``seat:2``, ``import``)."""

    type: str
    payload: JSON
    author: str


#: The records games were imported from: a record's fingerprint
#: (:func:`companion.session.records.record_fingerprint`) names the game it became, so the same
#: record is never stored twice. Games stored before the table existed have no row.
IMPORTS_TABLE = """
CREATE TABLE IF NOT EXISTS imports (
    fingerprint TEXT PRIMARY KEY,
    game INTEGER NOT NULL REFERENCES games(id),
    time TEXT NOT NULL
) WITHOUT ROWID
"""


@dataclass(frozen=True)
class NewGame:
    """A game to store with :meth:`GameLog.create_games` (the arguments of
    :meth:`GameLog.create_game`). ``fingerprint``, when given, names the record the game is
    imported from: at most one game is stored per fingerprint."""

    game: str
    options: JSON
    players: Sequence[JSON]
    entries: Sequence[NewEntry] = ()
    status: str = "playing"
    round: int | None = None
    final: JSON | None = None
    roll_source: str = "tap"
    fingerprint: str | None = None


@dataclass(frozen=True)
class StoredGame:
    """What :meth:`GameLog.create_games` did with one :class:`NewGame`: the new game's row and
    host token (shown once, stored only hashed), or ``host_token=None`` when the fingerprint
    had been imported before and ``row`` is that earlier game (nothing was written for it)."""

    row: GameRow
    host_token: str | None

    @property
    def already_imported(self) -> bool:
        """Whether the record had been imported before (no new game, no token)."""
        return self.host_token is None


class LogError(RuntimeError):
    """The file cannot be used (a newer schema, not a companion log)."""


class GameLog:
    """The SQLite game log at ``path`` (created with its schema when missing).

    ``clock`` gives the wall-clock time stamps of rows (seconds since the epoch); it never
    influences the game.
    """

    def __init__(self, path: str | Path, clock: Callable[[], float] = time.time) -> None:
        self.path = Path(path)
        self._clock = clock
        self._last_stamp_ms = 0
        self._lock = threading.RLock()
        self._in_transaction = False  # a _transaction is open (the lock's holder opened it)
        self._db = sqlite3.connect(
            str(self.path), isolation_level=None, check_same_thread=False, timeout=10.0
        )
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._migrate()
        self._db.execute(IMPORTS_TABLE)
        self.prune_answers()

    # -- plumbing ---------------------------------------------------------------------------

    def _stamp(self) -> str:
        """Now, in milliseconds, and later than any stamp this log gave before: two writes in
        one millisecond still come out in order (the game changed last is the one on the
        table, :func:`companion.devices.buttons.table_game`)."""
        with self._lock:
            ms = max(int(self._clock() * 1000), self._last_stamp_ms + 1)
            self._last_stamp_ms = ms
        return datetime.fromtimestamp(ms / 1000, UTC).isoformat(timespec="milliseconds")

    def close(self) -> None:
        """Close the connection (idempotent)."""
        with self._lock:
            self._db.close()

    def pragma(self, name: str) -> Any:
        """The value of ``PRAGMA name`` on this connection (for checks and tests)."""
        if not name.isidentifier():
            raise ValueError(f"not a pragma name: {name!r}")
        with self._lock:
            return self._db.execute(f"PRAGMA {name}").fetchone()[0]

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        """``BEGIN IMMEDIATE`` ... ``COMMIT`` (durable on return), rolled back on any error.

        Inside another ``_transaction`` of this thread it joins that one: the outermost one
        commits or rolls back everything (:meth:`create_games`)."""
        with self._lock:
            if self._in_transaction:
                yield self._db
                return
            self._db.execute("BEGIN IMMEDIATE")
            self._in_transaction = True
            try:
                yield self._db
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            finally:
                self._in_transaction = False
            self._db.execute("COMMIT")

    def _migrate(self) -> None:
        version = self.pragma("user_version")
        if version > SCHEMA_VERSION:
            raise LogError(
                f"{self.path} was written by a newer companion (schema {version}, "
                f"this one knows up to {SCHEMA_VERSION})"
            )
        while version < SCHEMA_VERSION:
            with self._transaction() as db:
                for statement in MIGRATIONS[version].split(";"):
                    if statement.strip():
                        db.execute(statement)
                version += 1
                db.execute(f"PRAGMA user_version={version}")

    # -- games ------------------------------------------------------------------------------

    def create_game(
        self,
        game: str,
        options: JSON,
        players: Sequence[JSON],
        entries: Sequence[NewEntry] = (),
        status: str = "playing",
        round: int | None = None,
        final: JSON | None = None,
        roll_source: str = "tap",
        with_commit: Callable[[sqlite3.Connection, int, str, str], None] | None = None,
    ) -> tuple[GameRow, str]:
        """Store a new game (and its first ``entries``, for an import) in one transaction.

        Returns the row and the host token (shown once, stored only hashed).
        ``with_commit(db, game_pk, host_token, join_code)``, when given, runs inside that
        transaction after the game is written and commits with it or not at all (the session
        stores the answer to an ``Idempotency-Key`` there).
        """
        join_code = new_join_code()
        token = new_token()
        now = self._stamp()
        with self._transaction() as db:
            cursor = db.execute(
                "INSERT INTO games (game, options, players, created, updated, status, join_code,"
                " host_token_hash, round, final, roll_source, host_code)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (game, _dumps(options), _dumps(list(players)), now, now, status,
                 join_code, hash_token(token), round,
                 None if final is None else _dumps(final), roll_source, new_host_code()),
            )
            game_pk = cursor.lastrowid
            assert game_pk is not None
            for seq, entry in enumerate(entries, start=1):
                self._insert_entry(db, game_pk, seq, entry, now)
            if with_commit is not None:
                with_commit(db, game_pk, token, join_code)
        return self.game(game_pk), token

    def create_games(self, games: Sequence[NewGame]) -> list[StoredGame]:
        """Store ``games`` (an import: one record or a bundle) in ONE transaction, in order.

        All or nothing: an error, or the process killed, before the commit leaves the file as
        it was: no game of the batch exists and no host token was handed out. A game whose
        ``fingerprint`` is already in ``imports`` (an earlier import, or an earlier game of
        this batch) is not stored again; its :class:`StoredGame` names the earlier game and
        has no token. Returns one :class:`StoredGame` per game, in order, after the commit.
        """
        done = []
        with self._transaction() as db:
            for new in games:
                earlier = self._imported_as(db, new.fingerprint)
                if earlier is not None:
                    done.append(StoredGame(self.game(earlier), None))
                    continue
                row, token = self.create_game(
                    new.game, new.options, new.players, new.entries, new.status, new.round,
                    new.final, new.roll_source,
                )
                if new.fingerprint is not None:
                    db.execute("INSERT INTO imports (fingerprint, game, time) VALUES (?, ?, ?)",
                               (new.fingerprint, row.id, row.created))
                done.append(StoredGame(row, token))
        return done

    def imported_as(self, fingerprint: str) -> int | None:
        """The game imported from the record with ``fingerprint``; ``None`` when none was."""
        with self._lock:
            return self._imported_as(self._db, fingerprint)

    @staticmethod
    def _imported_as(db: sqlite3.Connection, fingerprint: str | None) -> int | None:
        if fingerprint is None:
            return None
        row = db.execute(
            "SELECT game FROM imports WHERE fingerprint = ?", (fingerprint,)
        ).fetchone()
        return None if row is None else int(row[0])

    def game(self, game_pk: int) -> GameRow:
        """The row of game ``game_pk``; :class:`NotFound` when there is none."""
        with self._lock:
            row = self._db.execute(
                f"SELECT {_GAME_COLUMNS} FROM games WHERE id = ?", (game_pk,)
            ).fetchone()
        if row is None:
            raise NotFound(msg("there is no game {id}", id=game_pk))
        return _game_row(row)

    def games(self) -> list[GameRow]:
        """Every stored game, newest first."""
        with self._lock:
            rows = self._db.execute(
                f"SELECT {_GAME_COLUMNS} FROM games ORDER BY id DESC"
            ).fetchall()
        return [_game_row(row) for row in rows]

    def set_roll_source(self, game_pk: int, roll_source: str) -> GameRow:
        """Store where game ``game_pk``'s dice come from (the caller checked the value);
        the updated row. :class:`NotFound` when there is no such game."""
        with self._transaction() as db:
            cursor = db.execute(
                "UPDATE games SET roll_source = ? WHERE id = ?", (roll_source, game_pk)
            )
            if cursor.rowcount != 1:
                raise NotFound(msg("there is no game {id}", id=game_pk))
        return self.game(game_pk)

    # -- credentials ------------------------------------------------------------------------

    def role_of(self, game_pk: int, token: str | None) -> tuple[str, int | None]:
        """``("host", None)``, ``("seat", n)`` or ``("watcher", None)`` for ``token``.

        :class:`NotFound` when the game does not exist.
        """
        with self._lock:
            row = self._db.execute(
                "SELECT host_token_hash FROM games WHERE id = ?", (game_pk,)
            ).fetchone()
            if row is None:
                raise NotFound(msg("there is no game {id}", id=game_pk))
            if not token:
                return "watcher", None
            digest = hash_token(token)
            if hmac.compare_digest(digest, row[0]):
                return "host", None
            seat = self._db.execute(
                "SELECT seat FROM seats WHERE game = ? AND token_hash = ?", (game_pk, digest)
            ).fetchone()
        return ("seat", int(seat[0])) if seat else ("watcher", None)

    def claimed_seats(self, game_pk: int) -> frozenset[int]:
        """The seats of ``game_pk`` that hold at least one credential."""
        with self._lock:
            rows = self._db.execute(
                "SELECT DISTINCT seat FROM seats WHERE game = ?", (game_pk,)
            ).fetchall()
        return frozenset(int(row[0]) for row in rows)

    def release_seat(self, game_pk: int, seat: int) -> int:
        """Drop every credential of ``seat`` (they stop working); how many there were."""
        with self._transaction() as db:
            cursor = db.execute(
                "DELETE FROM seats WHERE game = ? AND seat = ?", (game_pk, seat)
            )
        return cursor.rowcount

    def add_seat_token(self, game_pk: int, seat: int) -> str:
        """A new credential for ``seat`` (earlier ones of that seat stay valid: the session
        refuses a second claim of a claimed seat, see ``Session.claim_seat``)."""
        token = new_token()
        with self._transaction() as db:
            db.execute(
                "INSERT INTO seats (game, seat, token_hash, created) VALUES (?, ?, ?, ?)",
                (game_pk, seat, hash_token(token), _now(self._clock)),
            )
        return token

    def new_host_token(self, game_pk: int) -> str:
        """Replace the host credential of ``game_pk`` (the old one stops working)."""
        token = new_token()
        with self._transaction() as db:
            cursor = db.execute(
                "UPDATE games SET host_token_hash = ? WHERE id = ?", (hash_token(token), game_pk)
            )
            if cursor.rowcount != 1:
                raise NotFound(msg("there is no game {id}", id=game_pk))
        return token

    def hand_over_host(
        self,
        game_pk: int,
        with_commit: Callable[[sqlite3.Connection, str, str], None] | None = None,
    ) -> tuple[str, str]:
        """Give the host role to a new device: a new host token and a new host code, in one
        transaction (the old token and the old code stop working). Returns ``(token, code)``.
        ``with_commit(db, token, code)`` runs inside that transaction (the session stores the
        answer to an ``Idempotency-Key`` there). :class:`NotFound` when there is no game."""
        token, code = new_token(), new_host_code()
        with self._transaction() as db:
            cursor = db.execute(
                "UPDATE games SET host_token_hash = ?, host_code = ? WHERE id = ?",
                (hash_token(token), code, game_pk),
            )
            if cursor.rowcount != 1:
                raise NotFound(msg("there is no game {id}", id=game_pk))
            if with_commit is not None:
                with_commit(db, token, code)
        return token, code

    # -- entries ----------------------------------------------------------------------------

    def append(
        self,
        game_pk: int,
        entry: NewEntry,
        status: str,
        round: int | None,
        with_commit: Callable[[sqlite3.Connection], None] | None = None,
    ) -> StoredEntry:
        """Append ``entry`` to game ``game_pk`` and update its status, durably, in one
        transaction. Returns the stored entry (its ``seq`` is the game's new version).

        ``with_commit(db)``, when given, runs inside that transaction after the entry is
        written, and commits with it or not at all (it raises to roll everything back). A table
        device uses it to mark its roll as taken in the same commit as the action the roll
        became (``firmware_bridge.inbox.RollInbox.claim_on``, the ``tower_rolls`` table of
        this file): no crash can keep one without the other."""
        now = self._stamp()
        with self._transaction() as db:
            (last,) = db.execute(
                "SELECT COALESCE(MAX(seq), 0) FROM entries WHERE game = ?", (game_pk,)
            ).fetchone()
            self._insert_entry(db, game_pk, last + 1, entry, now)
            cursor = db.execute(
                "UPDATE games SET updated = ?, status = ?, round = ? WHERE id = ?",
                (now, status, round, game_pk),
            )
            if cursor.rowcount != 1:
                raise NotFound(msg("there is no game {id}", id=game_pk))
            if with_commit is not None:
                with_commit(db)
        return StoredEntry(last + 1, entry.type, entry.payload, entry.author, now)

    def entries(self, game_pk: int) -> list[StoredEntry]:
        """Every entry of game ``game_pk`` in order."""
        with self._lock:
            rows = self._db.execute(
                "SELECT seq, type, payload, author, time FROM entries WHERE game = ?"
                " ORDER BY seq",
                (game_pk,),
            ).fetchall()
        return [StoredEntry(seq, kind, json.loads(p), who, t) for seq, kind, p, who, t in rows]

    def version(self, game_pk: int) -> int:
        """The ``seq`` of the game's last entry (0 before the first)."""
        with self._lock:
            (last,) = self._db.execute(
                "SELECT COALESCE(MAX(seq), 0) FROM entries WHERE game = ?", (game_pk,)
            ).fetchone()
        return int(last)

    # -- idempotency keys -------------------------------------------------------------------

    def answer_for(self, scope: str, key: str) -> StoredAnswer | None:
        """The stored answer to ``key`` sent within ``scope`` (``None``: never answered)."""
        with self._lock:
            row = self._db.execute(
                "SELECT fingerprint, status, body FROM idempotency WHERE key_hash = ?",
                (_key_hash(scope, key),),
            ).fetchone()
        if row is None:
            return None
        fingerprint, status, sealed = row
        body = json.loads(_sealed(scope, key, bytes(sealed)).decode("utf-8"))
        return StoredAnswer(fingerprint, int(status), body)

    def store_answer(
        self,
        db: sqlite3.Connection,
        scope: str,
        key: str,
        answer: StoredAnswer,
    ) -> None:
        """Keep ``answer`` for ``key`` within ``scope``; ``db`` is the connection of the
        transaction that writes the change answered (a ``with_commit`` step), so the key and
        the change commit together. A key already stored raises (the transaction rolls back)."""
        data = _dumps(answer.body).encode("utf-8")
        db.execute(
            "INSERT INTO idempotency (key_hash, fingerprint, status, body, created)"
            " VALUES (?, ?, ?, ?, ?)",
            (_key_hash(scope, key), answer.fingerprint, answer.status,
             _sealed(scope, key, data), self._clock()),
        )

    def prune_answers(self, max_age: float = IDEMPOTENCY_TTL) -> int:
        """Forget the answers older than ``max_age`` seconds; how many were dropped (a log
        with none to drop is not written)."""
        cutoff = self._clock() - max_age
        with self._lock:
            old = self._db.execute(
                "SELECT 1 FROM idempotency WHERE created < ? LIMIT 1", (cutoff,)
            ).fetchone()
        if old is None:
            return 0
        with self._transaction() as db:
            cursor = db.execute("DELETE FROM idempotency WHERE created < ?", (cutoff,))
        return int(cursor.rowcount)

    @staticmethod
    def _insert_entry(
        db: sqlite3.Connection, game_pk: int, seq: int, entry: NewEntry, now: str
    ) -> None:
        if entry.type not in ENTRY_TYPES:
            raise UnreadableInput(f"unknown log entry type {entry.type!r}")
        db.execute(
            "INSERT INTO entries (game, seq, type, payload, author, time)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            (game_pk, seq, entry.type, _dumps(entry.payload), entry.author, now),
        )


def _game_row(row: tuple[Any, ...]) -> GameRow:
    pk, game, options, players, created, updated, status, code, rnd, final, source, host = row
    return GameRow(
        id=int(pk),
        game=game,
        options=json.loads(options),
        players=json.loads(players),
        created=created,
        updated=updated,
        status=status,
        join_code=code,
        round=rnd,
        final=None if final is None else json.loads(final),
        roll_source=source,
        host_code=host,
    )
