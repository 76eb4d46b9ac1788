"""Running the hub: migrate, open the pool, serve until SIGINT/SIGTERM (``companion hub serve``).

The database comes from ``--db`` or ``COMPANION_HUB_DB`` (a ``postgresql://`` URL); the HTTP
server is the table's own (waitress, ``web/serving.py``). Start-up lines: where it listens and a
first pairing code (a new one any time at ``/pairing`` from the hub itself).
"""

from __future__ import annotations

import faulthandler
import os
import signal
import sys
from types import FrameType
from typing import TextIO

from psycopg_pool import PoolTimeout

from companion.hub.codes import show_code
from companion.hub.server import create_hub_app
from companion.hub.store import PAIRING_TTL, HubStore, migrate, yoyo_url

DEFAULT_PORT = 8090
DB_ENV = "COMPANION_HUB_DB"
#: Worker threads: pushes are short; each wall screen's long poll holds one.
HUB_THREADS = 32


def database_url(given: str | None) -> str:
    """``given``, else ``$COMPANION_HUB_DB``; ValueError when neither is set."""
    dsn = given or os.environ.get(DB_ENV, "")
    if not dsn:
        raise ValueError(f"the hub needs its PostgreSQL database: --db URL or ${DB_ENV} "
                         "(postgresql://user@host:port/dbname)")
    yoyo_url(dsn)  # a postgresql:// URL, or ValueError
    return dsn


def serve_hub(dsn: str, host: str = "0.0.0.0", port: int = DEFAULT_PORT,
              out: TextIO = sys.stdout) -> int:
    """Serve the hub until SIGINT or SIGTERM; returns the exit status (2: the database
    cannot be reached or used, said in one line)."""
    import psycopg

    from web.serving import Server  # lazily: it loads waitress and the web package

    try:
        applied = migrate(dsn)
        store = HubStore(dsn, max_size=HUB_THREADS // 2)
    except (psycopg.Error, PoolTimeout) as exc:
        print(f"hub: the database cannot be used: {str(exc).strip().splitlines()[0]}",
              file=out)
        return 2
    try:
        app = create_hub_app(store)
        server = Server(app, host, port, threads=HUB_THREADS)
    except BaseException:
        store.close()
        raise

    def stop(signum: int, frame: FrameType | None) -> None:
        server.stop()

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    faulthandler.register(signal.SIGUSR1)  # kill -USR1: every thread's stack on stderr
    local = f"http://127.0.0.1:{server.port}/"
    print(f"hub: database ready ({applied} migrations applied)", file=out)
    print(f"hub: listening on {host}:{server.port}; wall screen at {local} "
          f"(or this machine's address)", file=out)
    print(f"hub: pairing code {show_code(store.new_pairing_code())} (valid "
          f"{PAIRING_TTL // 60} minutes; a new one at {local}pairing on this machine)", file=out)
    out.flush()
    try:
        server.run(before_stop=app.extensions["hub"].changes.release)  # end the long polls
    finally:
        store.close()
        print("hub: stopped", file=out)
    return 0
