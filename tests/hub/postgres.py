"""A throw-away PostgreSQL cluster for the hub's tests (real PostgreSQL, never a fake).

PostgreSQL refuses to run as root, so when the tests run as root the cluster's folder belongs
to an unprivileged user (``postgres`` when it exists, else ``companion-pg``, created with
``useradd``) and ``initdb``/``pg_ctl`` run as that user through ``runuser``. The server listens
on 127.0.0.1 on a free port with ``fsync=off`` (the tests kill hubs, never PostgreSQL) and is
stopped, and its folder removed, at the end.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

_USERS = ("postgres", "companion-pg")


def find_bin(name: str) -> str | None:
    """``name`` (initdb, pg_ctl) on PATH or in Debian's /usr/lib/postgresql/*/bin."""
    found = shutil.which(name)
    if found:
        return found
    candidates = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    return candidates[-1] if candidates else None


def missing_reason() -> str | None:
    """Why no cluster can be started here (``None``: one can)."""
    for name in ("initdb", "pg_ctl"):
        if find_bin(name) is None:
            return (f"PostgreSQL's {name} was not found (on PATH or /usr/lib/postgresql/*/bin): "
                    "install Debian's postgresql to run the hub tests")
    if os.geteuid() == 0 and shutil.which("runuser") is None:
        return "running as root without runuser: PostgreSQL cannot be started as another user"
    return None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _user() -> str | None:
    """The unprivileged user to run PostgreSQL as (``None``: run as ourselves, not root)."""
    if os.geteuid() != 0:
        return None
    for name in _USERS:
        try:
            pwd.getpwnam(name)
            return name
        except KeyError:
            continue
    subprocess.run(["useradd", "--system", "--no-create-home", _USERS[1]], check=True)
    return _USERS[1]


@dataclass
class Cluster:
    """A running throw-away cluster: :meth:`dsn` of a fresh database, :meth:`stop`."""

    folder: Path
    port: int
    user: str | None
    superuser: str = "hubtest"
    _count: int = 0

    def _run(self, *argv: str) -> None:
        prefix = ["runuser", "-u", self.user, "--"] if self.user else []
        subprocess.run([*prefix, *argv], check=True, stdout=subprocess.DEVNULL,
                       stderr=subprocess.PIPE, timeout=60)

    @classmethod
    def start(cls) -> Cluster:
        user = _user()
        folder = Path(tempfile.mkdtemp(prefix="hub-pg-"))
        if user:
            uid = pwd.getpwnam(user).pw_uid
            os.chown(folder, uid, -1)
        cluster = cls(folder, _free_port(), user)
        data = folder / "data"
        cluster._run(find_bin("initdb") or "initdb", "-D", str(data), "-A", "trust",
                     "-U", cluster.superuser, "--no-sync", "-E", "UTF8")
        options = (f"-p {cluster.port} -c listen_addresses=127.0.0.1 -k {folder} -c fsync=off"
                   " -c synchronous_commit=off -c full_page_writes=off -c max_connections=300")
        cluster._run(find_bin("pg_ctl") or "pg_ctl", "-D", str(data), "-l",
                     str(folder / "log"), "-o", options, "-w", "-t", "60", "start")
        return cluster

    def base_dsn(self, db: str = "postgres") -> str:
        return f"postgresql://{self.superuser}@127.0.0.1:{self.port}/{db}"

    def new_database(self) -> str:
        """A fresh, empty database's DSN."""
        import psycopg

        self._count += 1
        name = f"hub_{os.getpid()}_{self._count}"
        with psycopg.connect(self.base_dsn(), autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.base_dsn(name)

    def stop(self) -> None:
        try:
            self._run(find_bin("pg_ctl") or "pg_ctl", "-D", str(self.folder / "data"),
                      "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)
