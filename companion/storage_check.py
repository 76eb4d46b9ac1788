"""The game log's health at start-up, and what the owner can do about a bad one.

``companion serve`` calls :func:`check_log` before it opens the log. The check only READS the
file (SQLite in read-only mode, so the file stays byte for byte as it was):

* no file: a fresh log will be created (fine);
* an empty file (0 bytes): fine, but :attr:`LogCheck.note` says the service starts with no games
  (``/health`` and the start-up output show it: an empty file where games were expected means
  they were lost before this start, e.g. restored from a bad copy);
* a file that is not a SQLite database, is truncated, or fails SQLite's ``PRAGMA quick_check``
  (a damaged page): :attr:`LogCheck.problem` says what is wrong. ``serve`` then starts in SAFE
  MODE (``web/safe_mode.py``): every page and ``/health`` explain it, nothing is written, and the
  file is left alone. It never starts a fresh log by itself, since a player's games may still be
  recoverable from the bad file.

``companion repair`` (:func:`set_aside`) is the owner's step out of safe mode: it renames the bad
file (and its ``-wal``/``-shm`` companions) to ``companion.sqlite3.bad-<UTC time>`` in the same
directory, never deleting anything; the next start creates a fresh log. It refuses to move a file
that checks out fine.

A full disk is recognised by :func:`is_storage_full` on SQLite's error; the web layer answers
such a write ``507 storage_full`` with :data:`STORAGE_FULL_REASON` (``web/errors.py``).
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from companion.i18n import ntmsg, tmsg

#: The first 16 bytes of every SQLite 3 database file.
SQLITE_HEADER = b"SQLite format 3\x00"
#: What a player sees when a write fails because the disk is full.
STORAGE_FULL_REASON = tmsg(
    "the Pi's storage is full: this change was not saved; free some space on the SD card "
    "(nothing already saved is lost) and try again"
)
#: Suffixes of SQLite's companion files in WAL mode, moved together with the log.
COMPANION_SUFFIXES = ("-wal", "-shm")


def is_storage_full(exc: BaseException) -> bool:
    """Whether ``exc`` is SQLite (or the OS) saying there is no space left."""
    if isinstance(exc, sqlite3.OperationalError):
        text = str(exc).lower()
        return "disk is full" in text or "database or disk is full" in text
    if isinstance(exc, OSError):
        return exc.errno == 28  # ENOSPC
    return False


@dataclass(frozen=True)
class LogCheck:
    """What :func:`check_log` found: ``problem`` (safe mode) or ``note`` (say so), else fine."""

    path: Path
    problem: str | None = None
    note: str | None = None

    @property
    def ok(self) -> bool:
        return self.problem is None


def repair_command(data_dir: Path) -> str:
    """The exact command that sets the bad log aside."""
    return f"companion --data-dir {data_dir} repair"


def check_log(path: Path) -> LogCheck:
    """Check the log file at ``path`` without changing it (see the module's text)."""
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        return LogCheck(path)
    except OSError as exc:
        return LogCheck(path, problem=_unreadable(path, exc))
    if size == 0:
        return LogCheck(path, note=tmsg("the game log {path} was an empty file (0 bytes): the "
                                        "companion started with no games", path=str(path)))
    try:
        with open(path, "rb") as handle:
            header = handle.read(len(SQLITE_HEADER))
    except OSError as exc:
        return LogCheck(path, problem=_unreadable(path, exc))
    if header != SQLITE_HEADER:
        return LogCheck(path, problem=ntmsg(
            "the game log {path} is not a SQLite database ({n} byte of something else)",
            "the game log {path} is not a SQLite database ({n} bytes of something else)",
            size, path=str(path)))
    try:
        db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
        try:
            rows = db.execute("PRAGMA quick_check").fetchall()
        finally:
            db.close()
    except sqlite3.DatabaseError as exc:
        return LogCheck(path, problem=tmsg("the game log {path} is damaged or truncated: {error}",
                                           path=str(path), error=str(exc)))
    found = [str(row[0]) for row in rows]
    if found != ["ok"]:
        first = " ".join(" ".join(found).split())[:300]
        return LogCheck(path, problem=tmsg(
            "the game log {path} is damaged (SQLite quick_check: {found})", path=str(path),
            found=first))
    return LogCheck(path)


def _unreadable(path: Path, exc: OSError) -> str:
    """Why the log cannot be read; the OS's own words (English) a parameter."""
    return tmsg("the game log {path} cannot be read: {error}", path=str(path),
                error=str(exc.strerror or exc))


def set_aside(path: Path, now: datetime | None = None) -> list[Path]:
    """Rename the log at ``path`` and its ``-wal``/``-shm`` files to ``<name>.bad-<time>...``;
    the new paths. Nothing is deleted; an existing name is never overwritten."""
    stamp = (now or datetime.now(UTC)).strftime("%Y%m%dT%H%M%SZ")
    base = path.with_name(f"{path.name}.bad-{stamp}")
    number = 1
    while any(Path(f"{base}{s}").exists() for s in ("", *COMPANION_SUFFIXES)):
        number += 1
        base = path.with_name(f"{path.name}.bad-{stamp}-{number}")
    moved = []
    for suffix in ("", *COMPANION_SUFFIXES):
        source = Path(f"{path}{suffix}")
        if source.exists():
            target = Path(f"{base}{suffix}")
            source.rename(target)
            moved.append(target)
    return moved
