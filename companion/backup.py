"""Backups of a data directory while games run, and putting one back (issue 27 item A.4).

**What a backup holds** (one ``companion-backup-<UTC time>.tar.gz``):

* ``companion.sqlite3``: a consistent copy of the game log taken with SQLite's online backup
  API (:meth:`sqlite3.Connection.backup`, all pages in one step on a connection of its own).
  The service's writer is never blocked (the log is in WAL mode, so a reader does not stop a
  writer); the copy is the log as of one commit: every game, seat and idempotency answer as
  they were at that moment, never half an action. The copy passes ``PRAGMA quick_check``
  before it is packed.
* what a restore on a new Pi needs to read the table again: the camera's calibration
  (``zones.json``), the enrolled card sets (``card_sets/``), the card set chosen per title
  (``scan_sets.json``) and Sushi Roll's icon dice faces (``icon_dice/``), copied as files.
* ``backup.json``: what it is (format, version, time, the log's schema version, the games, the
  files).

Left out on purpose: ``owner.json`` (the owner PIN's hash: a backup may be downloaded to a
tablet and must not carry a credential; a restored Pi keeps its own PIN), ``holds.json``
(which game holds the tower or camera right now: it belongs to the running service), the
``service.lock`` file, SQLite's ``-wal``/``-shm`` files (folded into the copy) and the files
earlier repairs and restores set aside.

**Restore** (:func:`restore`) refuses while a companion service runs on the data directory:
``companion serve`` holds an exclusive lock on ``DATA_DIR/service.lock`` (:func:`service_lock`)
for as long as it runs, and the restore takes the same lock (so a service cannot start halfway
through a restore either). The backup is read and checked first (its manifest, SQLite's
``quick_check``, a schema this companion knows) and nothing is touched when it fails. Then:

1. the current log is made one self-contained file (its WAL folded in,
   ``journal_mode=DELETE``) and kept aside under a second name,
   ``companion.sqlite3.before-restore-<UTC time>`` (a hard link, so the current file is never
   missing);
2. the restored log replaces ``companion.sqlite3`` with one ``os.replace`` (atomic: a power
   cut leaves the old log or the new one, and the old one is kept aside either way);
3. a log paired with a café's hub starts a new epoch of its link before it is put in place
   (:func:`companion.hub.outbox.begin_epoch`, ``docs/HUB.md``): its unfinished and future games
   reach the hub under game numbers the hub has not seen, so they never collide with what the
   table pushed after the backup was taken;
4. each other file or folder of the backup replaces its namesake, the old one renamed
   ``<name>.before-restore-<UTC time>``.

Nothing is deleted.
"""

from __future__ import annotations

import io
import json
import os
import shutil
import sqlite3
import tarfile
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from companion.durable import fsync_folder
from companion.games.base import JSON, UnreadableInput
from companion.hub.outbox import begin_epoch

DB_FILE = "companion.sqlite3"
MANIFEST = "backup.json"
FORMAT = "sushi-companion-backup"
VERSION = 1
LOCK_FILE = "service.lock"
#: Files and folders of the data directory a backup carries besides the log.
EXTRAS = ("zones.json", "scan_sets.json", "card_sets", "icon_dice")
ASIDE = "before-restore"


class ServiceRunning(RuntimeError):
    """A companion service holds the data directory (:func:`service_lock`)."""


@dataclass(frozen=True)
class Backup:
    """A backup written by :func:`write_backup`: where, and what it holds."""

    path: Path
    manifest: JSON


@dataclass(frozen=True)
class Restored:
    """What :func:`restore` did: the manifest put back and the paths kept aside."""

    manifest: JSON
    kept: list[Path]


def _stamp(now: datetime | None = None) -> str:
    return (now or datetime.now(UTC)).strftime("%Y%m%dT%H%M%SZ")


# -- the service's lock ---------------------------------------------------------------------


@contextmanager
def service_lock(data_dir: Path, what: str = "start another one on it") -> Iterator[None]:
    """Hold the data directory's exclusive lock while the block runs; :class:`ServiceRunning`
    at once when another process (or another holder in this one) has it. The OS drops the
    lock when the process ends, however it ends."""
    import fcntl

    path = Path(data_dir) / LOCK_FILE
    path.parent.mkdir(parents=True, exist_ok=True)
    handle = open(path, "a+b")  # noqa: SIM115 - held for the whole block
    try:
        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise ServiceRunning(
                f"a companion service runs on {data_dir}: stop it first (sudo systemctl stop "
                f"sushi-companion) to {what}") from None
        try:
            yield
        finally:
            fcntl.flock(handle.fileno(), fcntl.LOCK_UN)
    finally:
        handle.close()


# -- taking a backup --------------------------------------------------------------------------


def copy_log(source: Path, target: Path) -> JSON:
    """A consistent copy of the game log ``source`` at ``target`` (SQLite's online backup
    API, one step); ``{"schema", "games", "entries"}`` of the copy. :class:`UnreadableInput`
    when there is no log or the copy fails its check."""
    if not source.is_file():
        raise UnreadableInput(f"there is no game log at {source} (see --data-dir)")
    src = sqlite3.connect(str(source), timeout=10.0)
    try:
        dst = sqlite3.connect(str(target))
        try:
            src.backup(dst)  # pages=-1: every page in one step, one read transaction
            (check,) = dst.execute("PRAGMA quick_check").fetchone()
            if check != "ok":
                raise UnreadableInput(f"the copy of {source} fails SQLite's check: {check}")
            return _log_facts(dst)
        finally:
            dst.close()
    finally:
        src.close()


def _log_facts(db: sqlite3.Connection) -> JSON:
    (schema,) = db.execute("PRAGMA user_version").fetchone()
    tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    if "games" not in tables or "entries" not in tables:
        return {"schema": schema, "games": 0, "entries": 0}
    (games,) = db.execute("SELECT COUNT(*) FROM games").fetchone()
    (entries,) = db.execute("SELECT COUNT(*) FROM entries").fetchone()
    return {"schema": schema, "games": games, "entries": entries}


def write_backup(data_dir: Path, target_dir: Path, now: datetime | None = None) -> Backup:
    """Write ``target_dir/companion-backup-<UTC time>.tar.gz`` from ``data_dir`` (module
    docstring); safe while the service runs. The archive appears whole or not at all (written
    under a temporary name, flushed, then renamed)."""
    data_dir, target_dir = Path(data_dir), Path(target_dir)
    target_dir.mkdir(parents=True, exist_ok=True)
    stamp = _stamp(now)
    name = f"companion-backup-{stamp}.tar.gz"
    path = target_dir / name
    number = 1
    while path.exists():
        number += 1
        name = f"companion-backup-{stamp}-{number}.tar.gz"
        path = target_dir / name
    with tempfile.TemporaryDirectory(prefix=".backup-", dir=target_dir) as work:
        copy = Path(work) / DB_FILE
        facts = copy_log(data_dir / DB_FILE, copy)
        extras = [e for e in EXTRAS if (data_dir / e).exists()]
        manifest: JSON = {"format": FORMAT, "version": VERSION,
                          "created": (now or datetime.now(UTC)).isoformat(timespec="seconds"),
                          "log": {"file": DB_FILE, **facts}, "files": extras}
        temp = Path(work) / name
        with tarfile.open(temp, "w:gz", compresslevel=6) as tar:
            data = json.dumps(manifest, indent=2).encode("utf-8")
            info = tarfile.TarInfo(MANIFEST)
            info.size, info.mtime = len(data), int(datetime.now(UTC).timestamp())
            tar.addfile(info, io.BytesIO(data))
            tar.add(copy, arcname=DB_FILE)
            for extra in extras:
                tar.add(data_dir / extra, arcname=extra)
        with open(temp, "rb") as handle:
            os.fsync(handle.fileno())
        os.replace(temp, path)
    fsync_folder(target_dir)
    return Backup(path, manifest)


# -- putting one back -------------------------------------------------------------------------


def read_backup(source: Path, into: Path) -> JSON:
    """Unpack (or copy) the backup ``source`` (a ``.tar.gz`` from :func:`write_backup`, or a
    folder holding its unpacked files) into the empty folder ``into`` and check it; its
    manifest. :class:`UnreadableInput` naming what is wrong."""
    source = Path(source)
    if source.is_dir():
        shutil.copytree(source, into, dirs_exist_ok=True)
    elif source.is_file():
        try:
            with tarfile.open(source, "r:*") as tar:
                tar.extractall(into, filter="data")  # no absolute paths, links or devices
        except (tarfile.TarError, OSError, EOFError) as exc:
            raise UnreadableInput(f"{source} is not a companion backup: {exc}") from None
    else:
        raise UnreadableInput(f"there is no backup at {source}")
    try:
        manifest = json.loads((into / MANIFEST).read_text("utf-8"))
    except (OSError, ValueError):
        raise UnreadableInput(f"{source} is not a companion backup (no {MANIFEST})") from None
    if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
        raise UnreadableInput(f"{source} is not a companion backup ({MANIFEST} says otherwise)")
    if manifest.get("version") != VERSION:
        raise UnreadableInput(f"{source} is a backup of format version "
                              f"{manifest.get('version')!r}; this companion reads {VERSION}")
    _check_log(into / DB_FILE, source)
    return manifest


def _check_log(path: Path, source: Path) -> None:
    from companion.session.log import SCHEMA_VERSION

    if not path.is_file():
        raise UnreadableInput(f"{source} holds no game log ({DB_FILE})")
    try:
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            (check,) = db.execute("PRAGMA quick_check").fetchone()
            (schema,) = db.execute("PRAGMA user_version").fetchone()
        finally:
            db.close()
    except sqlite3.DatabaseError as exc:
        raise UnreadableInput(f"the game log in {source} cannot be read: {exc}") from None
    if check != "ok":
        raise UnreadableInput(f"the game log in {source} is damaged: {check}")
    if schema > SCHEMA_VERSION:
        raise UnreadableInput(f"the game log in {source} was written by a newer companion "
                              f"(schema {schema}, this one knows up to {SCHEMA_VERSION})")


def restore(source: Path, data_dir: Path, now: datetime | None = None) -> Restored:
    """Put the backup ``source`` back into ``data_dir`` (module docstring): checked first,
    refused with :class:`ServiceRunning` while a service runs there, the old log and files
    kept aside. :class:`UnreadableInput` when the backup cannot be used (nothing changed)."""
    data_dir = Path(data_dir)
    data_dir.mkdir(parents=True, exist_ok=True)
    stamp = _stamp(now)
    with service_lock(data_dir, "restore a backup"), \
            tempfile.TemporaryDirectory(prefix=".restore-", dir=data_dir) as work:
        unpacked = Path(work)
        manifest = read_backup(source, unpacked)
        new_db = unpacked / DB_FILE
        begin_epoch(new_db)  # a paired log: its games from here on are new to the hub
        kept: list[Path] = []
        db = data_dir / DB_FILE
        if db.exists():
            kept.append(_keep_log_aside(db, stamp))
        with open(new_db, "rb") as handle:
            os.fsync(handle.fileno())
        os.replace(new_db, db)  # atomic: the old log (kept aside) or the restored one
        fsync_folder(data_dir)
        files = manifest.get("files")
        for name in files if isinstance(files, list) else []:
            if name not in EXTRAS or not (unpacked / name).exists():
                continue
            current = data_dir / name
            if current.exists():
                aside = _free_name(data_dir / f"{name}.{ASIDE}-{stamp}")
                current.rename(aside)
                kept.append(aside)
            (unpacked / name).rename(current)
        fsync_folder(data_dir)
    return Restored(manifest, kept)


def _free_name(path: Path) -> Path:
    number, candidate = 1, path
    while candidate.exists():
        number += 1
        candidate = path.with_name(f"{path.name}-{number}")
    return candidate


def _keep_log_aside(db: Path, stamp: str) -> Path:
    """Fold the log's WAL into its main file (it is then whole on its own), and give it a
    second name; that name. The log stays where it is until it is replaced."""
    connection = sqlite3.connect(str(db), timeout=10.0)
    try:
        connection.execute("PRAGMA journal_mode=DELETE")  # checkpoints, removes -wal/-shm
    finally:
        connection.close()
    aside = _free_name(db.with_name(f"{db.name}.{ASIDE}-{stamp}"))
    try:
        os.link(db, aside)
    except OSError:  # a file system without hard links: a durable copy instead
        shutil.copy2(db, aside)
        with open(aside, "rb") as handle:
            os.fsync(handle.fileno())
    for suffix in ("-wal", "-shm"):  # never let a stale WAL meet the restored file
        Path(f"{db}{suffix}").unlink(missing_ok=True)
    fsync_folder(db.parent)
    return aside
