"""The hub's PostgreSQL store: a psycopg 3 connection pool, yoyo migrations, and the queries.

Contract:

* ``dsn`` is a ``postgresql://user@host:port/dbname`` URL. :func:`migrate` applies the SQL
  files of ``companion/hub/migrations`` (yoyo, under its lock: two hubs starting at once apply
  each migration once); :class:`HubStore` runs no DDL itself.
* One push is ONE transaction (:meth:`HubStore.ingest`): the game headers, the entries and the
  table's ``last_push`` commit together or not at all, and the caller acknowledges only after
  the commit. Entries are keyed ``(table, game, seq)`` and inserted ``ON CONFLICT DO NOTHING``:
  an event sent twice is stored once. A header replaces the stored one only when its ``seq`` is
  at least the stored one's (the table's sequence orders them, never its clock).
* Times that mean "when" on the hub (``updated``, ``finished_at``, ``received``) are the hub's
  clock (PostgreSQL's ``now()``); a table's own time stamps are kept as text and only shown.
* Thread-safe: every call borrows a pooled connection for its own transaction.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

import psycopg
from psycopg.types.json import Jsonb
from psycopg_pool import ConnectionPool

from companion.games.base import JSON
from companion.hub.codes import digest, new_pairing_code, new_token, normalise_code
from companion.hub.wire import Push

MIGRATIONS = Path(__file__).with_name("migrations")
#: Seconds a pairing code stays valid.
PAIRING_TTL = 15 * 60


def yoyo_url(dsn: str) -> str:
    """The DSN as yoyo names the psycopg 3 backend (``postgresql+psycopg://``)."""
    scheme, sep, rest = dsn.partition("://")
    if not sep or scheme not in ("postgresql", "postgres", "postgresql+psycopg"):
        raise ValueError(f"the hub's database must be a postgresql:// URL, not {dsn!r}")
    return f"postgresql+psycopg://{rest}"


def migrate(dsn: str) -> int:
    """Bring the database at ``dsn`` to the newest schema; how many migrations were applied."""
    from yoyo import get_backend, read_migrations  # lazily: only the hub needs it

    backend = get_backend(yoyo_url(dsn))
    try:
        migrations = read_migrations(str(MIGRATIONS))
        with backend.lock():
            pending = backend.to_apply(migrations)
            backend.apply_migrations(pending)
        return len(pending)
    finally:
        backend.connection.close()


class BadPairingCode(Exception):
    """The pairing code is unknown, used or expired."""


@dataclass(frozen=True)
class Ingested:
    """What one push did: entries newly stored, entries already there, finished games."""

    stored: int
    duplicates: int
    finished: list[int]


def psycopg_dsn(dsn: str) -> str:
    """``dsn`` as psycopg takes it (a yoyo-style scheme is accepted too)."""
    return dsn.replace("postgresql+psycopg://", "postgresql://", 1)


class HubStore:
    """The hub's tables over a pool of ``min_size``..``max_size`` connections to ``dsn``."""

    def __init__(self, dsn: str, min_size: int = 2, max_size: int = 10) -> None:
        self.pool = ConnectionPool(psycopg_dsn(dsn), min_size=min_size, max_size=max_size,
                                   open=False, name="hub")
        self.pool.open(wait=True, timeout=30.0)

    def close(self) -> None:
        self.pool.close()

    @contextmanager
    def _tx(self) -> Iterator[psycopg.Connection[Any]]:
        """A pooled connection inside one transaction (committed on a clean exit)."""
        with self.pool.connection() as conn:
            yield conn

    # -- pairing ----------------------------------------------------------------------------

    def new_pairing_code(self, ttl: float = PAIRING_TTL) -> str:
        """A fresh single-use code, valid ``ttl`` seconds (only its digest is stored)."""
        code = new_pairing_code()
        with self._tx() as conn:
            conn.execute("DELETE FROM pairing_codes WHERE expires < now() AND used_by IS NULL")
            conn.execute("INSERT INTO pairing_codes (code_hash, expires)"
                         " VALUES (%s, now() + make_interval(secs => %s))",
                         (digest(code, "code"), ttl))
        return code

    def pair(self, code: str, name: str) -> tuple[int, str]:
        """Use ``code`` to pair a table called ``name``: its id and its token (shown once).
        :class:`BadPairingCode` when the code is unknown, used or expired."""
        token = new_token()
        with self._tx() as conn:
            row = conn.execute(
                "SELECT code_hash FROM pairing_codes WHERE code_hash = %s AND used_by IS NULL"
                " AND expires >= now() FOR UPDATE", (digest(normalise_code(code), "code"),),
            ).fetchone()
            if row is None:
                raise BadPairingCode("that pairing code is unknown, used or expired")
            inserted = conn.execute(
                "INSERT INTO hub_tables (name, token_hash) VALUES (%s, %s) RETURNING id",
                (name, digest(token, "token"))).fetchone()
            assert inserted is not None
            table_id = int(inserted[0])
            conn.execute("UPDATE pairing_codes SET used_by = %s WHERE code_hash = %s",
                         (table_id, row[0]))
        return table_id, token

    def table_for(self, token: str) -> int | None:
        """The paired table whose token is ``token``; ``None`` for any other."""
        with self._tx() as conn:
            row = conn.execute("SELECT id FROM hub_tables WHERE token_hash = %s",
                               (digest(token, "token"),)).fetchone()
        return None if row is None else int(row[0])

    # -- pushes -----------------------------------------------------------------------------

    def ingest(self, table_id: int, push: Push) -> Ingested:
        """Store ``push`` from table ``table_id`` in one transaction (module docstring)."""
        entries = [e for e in push.events if e.kind == "entry"]
        finished = sorted({e.game for e in push.events if e.kind == "finished"})
        with self._tx() as conn:
            for header in push.headers.values():
                conn.execute(_UPSERT_GAME, {
                    "t": table_id, "g": header.game, "title": header.title,
                    "players": Jsonb(header.players), "options": Jsonb(header.options),
                    "created": header.created, "status": header.status,
                    "round": header.round, "seq": header.seq})
            stored = 0
            if entries:
                cursor = conn.execute(_INSERT_ENTRIES, (
                    table_id, [e.game for e in entries], [e.seq for e in entries],
                    [e.type for e in entries],
                    [json.dumps(e.payload, separators=(",", ":")) for e in entries],
                    [e.author for e in entries], [e.time for e in entries]))
                stored = max(cursor.rowcount, 0)
            conn.execute("UPDATE hub_tables SET last_push = now() WHERE id = %s", (table_id,))
        return Ingested(stored, len(entries) - stored, finished)

    # -- reading ----------------------------------------------------------------------------

    def entries(self, table_id: int, game_no: int, after: int = 0,
                ) -> list[tuple[int, str, JSON]]:
        """``(seq, type, payload)`` of a game's entries after ``after``, in sequence order."""
        with self._tx() as conn:
            rows = conn.execute("SELECT seq, type, payload FROM hub_entries WHERE table_id = %s"
                                " AND game_no = %s AND seq > %s ORDER BY seq",
                                (table_id, game_no, after)).fetchall()
        return [(int(s), str(t), p) for s, t, p in rows]

    def entries_after(self, since: dict[tuple[int, int], int],
                      ) -> dict[tuple[int, int], list[tuple[int, str, JSON]]]:
        """For each ``(table, game)`` in ``since``, its entries after the ``seq`` given, in
        order (one query for every game a wall screen shows)."""
        if not since:
            return {}
        keys = list(since)
        found: dict[tuple[int, int], list[tuple[int, str, JSON]]] = {k: [] for k in keys}
        with self._tx() as conn:
            rows = conn.execute(
                "SELECT e.table_id, e.game_no, e.seq, e.type, e.payload FROM hub_entries e"
                " JOIN unnest(%s::bigint[], %s::bigint[], %s::bigint[]) AS k(t, g, s)"
                " ON e.table_id = k.t AND e.game_no = k.g AND e.seq > k.s"
                " ORDER BY e.table_id, e.game_no, e.seq",
                ([k[0] for k in keys], [k[1] for k in keys], [since[k] for k in keys]),
            ).fetchall()
        for table_id, game_no, seq, kind, payload in rows:
            found[(int(table_id), int(game_no))].append((int(seq), str(kind), payload))
        return found

    def entry_keys(self, table_id: int) -> list[tuple[int, int]]:
        """Every ``(game, seq)`` stored for a table (for checks and tests)."""
        with self._tx() as conn:
            rows = conn.execute("SELECT game_no, seq FROM hub_entries WHERE table_id = %s"
                                " ORDER BY game_no, seq", (table_id,)).fetchall()
        return [(int(g), int(s)) for g, s in rows]

    def game(self, table_id: int, game_no: int) -> JSON | None:
        """A game's header as stored (``None`` when the hub has none)."""
        with self._tx() as conn:
            cursor = conn.execute(f"SELECT {_GAME_COLUMNS} FROM hub_games g JOIN hub_tables t"
                                  " ON t.id = g.table_id WHERE g.table_id = %s AND g.game_no = %s",
                                  (table_id, game_no))
            row = cursor.fetchone()
        return None if row is None else _game_json(row)

    def live_games(self) -> list[JSON]:
        """Every paired table's current game: the one it changed last (hub clock)."""
        with self._tx() as conn:
            rows = conn.execute(
                f"SELECT DISTINCT ON (g.table_id) {_GAME_COLUMNS} FROM hub_games g"
                " JOIN hub_tables t ON t.id = g.table_id"
                " ORDER BY g.table_id, g.updated DESC, g.game_no DESC").fetchall()
        return [_game_json(row) for row in rows]

    def unranked_finished(self) -> list[tuple[int, int]]:
        """Finished games whose ranking the hub has not worked out yet."""
        with self._tx() as conn:
            rows = conn.execute("SELECT table_id, game_no FROM hub_games WHERE status = 'over'"
                                " AND ranking IS NULL").fetchall()
        return [(int(t), int(g)) for t, g in rows]

    def set_ranking(self, table_id: int, game_no: int, seq: int, ranking: list[JSON]) -> None:
        """Keep a finished game's ranking, worked out from its log up to ``seq`` (ignored when
        the game changed since: its header's ``seq`` is no longer ``seq``)."""
        with self._tx() as conn:
            conn.execute("UPDATE hub_games SET ranking = %s WHERE table_id = %s AND game_no = %s"
                         " AND header_seq = %s AND status = 'over'",
                         (Jsonb(ranking), table_id, game_no, seq))

    def finished(self, limit: int = 100, game: tuple[int, int] | None = None) -> list[JSON]:
        """The finished (and ranked) games of every table, the one finished last first: the
        stored header, and the table's own stamps of its first and last entries (``game``:
        only that ``(table, game)``)."""
        only = "" if game is None else " AND g.table_id = %s AND g.game_no = %s"
        with self._tx() as conn:
            rows = conn.execute(
                f"SELECT {_GAME_COLUMNS},"
                " (SELECT min(table_time) FROM hub_entries e WHERE e.table_id = g.table_id"
                "  AND e.game_no = g.game_no),"
                " (SELECT max(table_time) FROM hub_entries e WHERE e.table_id = g.table_id"
                "  AND e.game_no = g.game_no)"
                " FROM hub_games g JOIN hub_tables t ON t.id = g.table_id"
                " WHERE g.status = 'over' AND g.ranking IS NOT NULL" + only +
                " ORDER BY g.finished_at DESC, g.table_id, g.game_no LIMIT %s",
                (*(game or ()), limit)).fetchall()
        return [_game_json(row[:-2]) | {"first_entry": row[-2], "last_entry": row[-1]}
                for row in rows]

    def standings(self, since: datetime) -> list[JSON]:
        """Every player of the games finished (hub clock) since ``since``, best first:
        ``{"name", "games", "wins", "points", "best"}`` (players are matched by name)."""
        with self._tx() as conn:
            rows = conn.execute(_STANDINGS, (since,)).fetchall()
        return [{"name": n, "games": int(g), "wins": int(w), "points": int(p), "best": int(b)}
                for n, g, w, p, b in rows]


_UPSERT_GAME = """
INSERT INTO hub_games (table_id, game_no, title, players, options, created, status, round,
                       header_seq, finished_at)
VALUES (%(t)s, %(g)s, %(title)s, %(players)s, %(options)s, %(created)s, %(status)s, %(round)s,
        %(seq)s, CASE WHEN %(status)s = 'over' THEN now() END)
ON CONFLICT (table_id, game_no) DO UPDATE SET
    title = EXCLUDED.title, players = EXCLUDED.players, options = EXCLUDED.options,
    created = EXCLUDED.created, status = EXCLUDED.status, round = EXCLUDED.round,
    header_seq = EXCLUDED.header_seq, updated = now(),
    finished_at = CASE WHEN EXCLUDED.status = 'over'
                       THEN COALESCE(hub_games.finished_at, now()) END,
    ranking = CASE WHEN EXCLUDED.status = 'over' AND EXCLUDED.header_seq = hub_games.header_seq
                   THEN hub_games.ranking END
WHERE EXCLUDED.header_seq >= hub_games.header_seq
"""

_INSERT_ENTRIES = """
INSERT INTO hub_entries (table_id, game_no, seq, type, payload, author, table_time)
SELECT %s, g, s, t, p::jsonb, a, tt
FROM unnest(%s::bigint[], %s::bigint[], %s::text[], %s::text[], %s::text[], %s::text[])
     AS u(g, s, t, p, a, tt)
ON CONFLICT (table_id, game_no, seq) DO NOTHING
"""

_GAME_COLUMNS = ("g.table_id, t.name, g.game_no, g.title, g.players, g.options, g.created,"
                 " g.status, g.round, g.header_seq, g.updated, g.finished_at, g.ranking")

_STANDINGS = """
SELECT r->>'name' AS name, count(*), count(*) FILTER (WHERE (r->>'rank')::int = 1),
       sum((r->>'total')::int), max((r->>'total')::int)
FROM hub_games g, jsonb_array_elements(g.ranking) AS r
WHERE g.finished_at >= %s AND g.ranking IS NOT NULL
GROUP BY r->>'name'
ORDER BY 3 DESC, 4 DESC, 1
"""


def _game_json(row: tuple[Any, ...]) -> JSON:
    table_id, name, game_no, title, players, options, created, status, rnd, seq, updated, \
        finished_at, ranking = row
    return {"table": int(table_id), "table_name": name, "game": int(game_no), "title": title,
            "players": players, "options": options, "created": created, "status": status,
            "round": rnd, "seq": int(seq), "updated": updated.isoformat(),
            "finished_at": None if finished_at is None else finished_at.isoformat(),
            "ranking": ranking}
