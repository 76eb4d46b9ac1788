"""An in-process hub on a real PostgreSQL, served over real HTTP on loopback (waitress, the
hub's own server) for the tests that need no hub process."""

from __future__ import annotations

import threading

from companion.hub.server import create_hub_app
from companion.hub.store import HubStore
from web.serving import Server


class LiveHub:
    def __init__(self, dsn: str) -> None:
        self.store = HubStore(dsn)
        self.app = create_hub_app(self.store)
        self.server = Server(self.app, "127.0.0.1", 0, threads=8)
        self.url = f"http://127.0.0.1:{self.server.port}"
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.app.extensions["hub"].changes.release()
        self.server.stop()
        self.thread.join(timeout=30)
        self.store.close()
